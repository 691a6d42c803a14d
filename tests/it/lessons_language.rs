//! What each language says (`lessons::language`): codes round-trip, the toggle alternates,
//! and every string and lesson title is the one of the asked language.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::catalog;
use agent_team_playground::lessons::language::{tr, LangText};

#[test]
fn codes_round_trip_and_unknown_codes_are_none() {
    for lang in [Lang::Zh, Lang::En] {
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
    assert_eq!(Lang::Zh.code(), "zh");
    assert_eq!(Lang::En.code(), "en");
    for bad in ["", "ZH", "fr", "zh-CN"] {
        assert_eq!(Lang::from_code(bad), None, "{bad:?}");
    }
}

#[test]
fn the_toggle_switches_to_the_other_language_and_back() {
    assert_eq!(Lang::Zh.other(), Lang::En);
    assert_eq!(Lang::En.other(), Lang::Zh);
    // Its label names the language it switches to.
    assert_eq!(Lang::En.strings().switch_language, "中文");
    assert_eq!(Lang::Zh.strings().switch_language, "English");
}

#[test]
fn strings_and_lesson_titles_are_those_of_the_asked_language() {
    assert_eq!(tr(Lang::Zh, "中", "en"), "中");
    assert_eq!(tr(Lang::En, "中", "en"), "en");
    assert_eq!(Lang::En.strings().lesson, "Lesson");
    assert_eq!(Lang::Zh.strings().lesson, "课程");
    for lesson in catalog() {
        assert_eq!(Lang::Zh.lesson_title(lesson), lesson.title.zh);
        assert_eq!(Lang::En.lesson_title(lesson), lesson.title.en);
        assert_eq!(Lang::Zh.lesson_summary(lesson), lesson.summary.zh);
        assert_eq!(Lang::En.lesson_summary(lesson), lesson.summary.en);
        assert_ne!(lesson.title.zh, lesson.title.en, "{}", lesson.id);
    }
}
