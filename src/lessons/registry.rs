//! The registry of built-in lessons: one list of their definitions ([`LESSONS`], in the
//! picker's order) and free play's, and everything read from it: the catalog, the lookup of a
//! lesson by id built for a language, each lesson's key moments and whether it offers the
//! contrast toggles. A ninth lesson is its file and one line here.

use super::catalog::{LessonInfo, FREE_PLAY_ID};
use super::definition::LessonDef;
use super::lesson::Lesson;
use super::toggle_choice::ToggleChoice;
use crate::engine::{Caption, Lang};

/// The built-in lessons, in the picker's order; the first is the default lesson. A lesson is
/// its file (`mod` in `mod.rs`) and its line here.
pub const LESSONS: &[&LessonDef] = &[
    &super::l1_two_investigators::LESSON,
    &super::l2_drain_on_read::LESSON,
    &super::l3_lock_scope::LESSON,
    &super::l4_coder_reviewer::LESSON,
    &super::l5_shutdown::LESSON,
    &super::l6_plan_approval::LESSON,
    &super::l7_limits::LESSON,
    &super::l8_restart::LESSON,
];

/// Free play: lesson 1's team and story, editable, without its questions, with lesson 1's key
/// moments and the contrast toggles.
const FREE_PLAY: LessonDef = LessonDef {
    info: LessonInfo {
        id: FREE_PLAY_ID,
        title: Caption::fixed("自由练习", "Free play"),
        summary: Caption::fixed(
            "编辑成员、文件与任务，也可以接入真实模型。",
            "Edit members, files and the task, and run on a real model.",
        ),
        rules: &[],
    },
    build: free_play_build,
    checkpoints: Vec::new,
    challenges: Vec::new,
    key_moments: super::l1_two_investigators::LESSON.key_moments,
    offers_toggles: true,
    // Short: free play's stage also holds the contrast switches.
    first_step: Caption::fixed(
        "这是课程一的运行，由你来改。",
        "This is lesson 1's run, yours to change.",
    ),
};

/// Lesson 1's data, marked editable. Lesson 1's captions tell its story under the default
/// modes, so in free play they hold only there: with a contrast toggle on, the narration
/// (which reads the mode in force) speaks instead. Free play is the learner's own team:
/// lesson 1's questions would ask about a story the learner may have rewritten (a scenario
/// brings its own checkpoints).
fn free_play_build(lang: Lang) -> Lesson {
    let mut lesson = (super::l1_two_investigators::LESSON.build)(lang);
    lesson.editable = true;
    let default_modes = ToggleChoice {
        drain_on_read: Some(false),
        hold_lock_during_model_call: Some(false),
    };
    lesson.captions = std::mem::take(&mut lesson.captions)
        .into_iter()
        .map(|rule| rule.when(default_modes))
        .collect();
    lesson
}

/// Every definition: the built-in lessons, then free play.
pub fn definitions() -> impl Iterator<Item = &'static LessonDef> {
    LESSONS.iter().copied().chain([&FREE_PLAY])
}

/// The definition of lesson `id` (free play's too).
pub fn definition(id: &str) -> Option<&'static LessonDef> {
    definitions().find(|def| def.info.id == id)
}

/// The picker's list, read from the definitions at compile time: each lesson's catalog entry
/// in order, free play last.
const CATALOG: [LessonInfo; LESSONS.len() + 1] = {
    let mut out = [FREE_PLAY.info; LESSONS.len() + 1];
    let mut i = 0;
    while i < LESSONS.len() {
        out[i] = LESSONS[i].info;
        i += 1;
    }
    out
};

/// The picker's list: each lesson's catalog entry in order, free play last.
pub fn catalog() -> &'static [LessonInfo] {
    &CATALOG
}

/// Looks a lesson's entry up by its stable id.
pub fn find(id: &str) -> Option<&'static LessonInfo> {
    definition(id).map(|def| &def.info)
}

/// The eight built-in lessons built for `lang`, in catalog order.
pub fn lessons(lang: Lang) -> Vec<Lesson> {
    LESSONS.iter().map(|def| def.lesson(lang)).collect()
}

/// Free play's lesson, built for `lang`.
pub fn free_play(lang: Lang) -> Lesson {
    FREE_PLAY.lesson(lang)
}

/// A built-in lesson (or free play) by id, built for `lang`. Only the requested lesson is
/// built: building all eight on page load cost startup time.
pub fn lesson(id: &str, lang: Lang) -> Option<Lesson> {
    definition(id).map(|def| def.lesson(lang))
}

/// Whether the page offers the contrast toggles with lesson `id`.
pub fn offers_toggles(id: &str) -> bool {
    definition(id).is_some_and(|def| def.offers_toggles)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_has_every_lesson_and_free_play_last_with_unique_ids() {
        let ids: std::collections::BTreeSet<_> = catalog().iter().map(|l| l.id).collect();
        assert_eq!(ids.len(), LESSONS.len() + 1);
        assert!(LESSONS.len() >= 8);
        assert_eq!(catalog()[0].id, "l1-two-investigators");
        assert_eq!(catalog().last().map(|l| l.id), Some(FREE_PLAY_ID));
        assert_eq!(find("free-play").map(|l| l.title.en), Some("Free play"));
        assert!(find("no-such-lesson").is_none());
    }

    #[test]
    fn each_lesson_is_built_from_its_definition_with_its_id_texts_and_checkpoints() {
        for def in definitions() {
            let lesson = def.lesson(Lang::Zh);
            assert_eq!(lesson.id, def.info.id);
            assert_eq!(lesson.title, Caption::from(def.info.title));
            assert_eq!(lesson.checkpoints, (def.checkpoints)(), "{}", def.info.id);
            assert_eq!(lesson.config.lang, Lang::Zh);
            assert_eq!(lesson.editable, def.info.id == FREE_PLAY_ID);
        }
    }
}
