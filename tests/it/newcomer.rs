//! Issue 46, a newcomer's lesson, natively: a contrast toggle's third state ("as the lesson
//! does") gives back the lesson's own run, steps and captions exactly; every lesson's first
//! step names what will be seen and the control to press; lesson 1's first story stop
//! introduces its words and its last step gathers the three places; the end card.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::checkpoint::place;
use agent_team_playground::lessons::key_steps::key_steps;
use agent_team_playground::lessons::{self, PlayOptions, ToggleChoice};
use agent_team_playground::on_screen::screen::Screen;
use agent_team_playground::view::caption::step_caption;
use agent_team_playground::view::checkpoints::Score;
use agent_team_playground::view::end_card::{next_lesson, EndCard};
use agent_team_playground::view::story::story_of;
use agent_team_playground::view::transcript::transcript;

/// The run on screen as text: every event and every caption.
fn shown(screen: &Screen) -> String {
    let played = screen.on_screen().play().expect("plays");
    transcript("run", &played.timeline)
}

#[test]
fn m6_t6_i46_as_the_lesson_does_gives_back_the_lessons_own_run_steps_and_captions() {
    for (id, set, unset) in [
        (
            "l2-drain-loses-mail",
            (|c: &mut ToggleChoice, v| c.drain_on_read = Some(v)) as fn(&mut ToggleChoice, bool),
            (|c: &mut ToggleChoice| c.drain_on_read = None) as fn(&mut ToggleChoice),
        ),
        (
            "l3-lock-scope",
            |c: &mut ToggleChoice, v| c.hold_lock_during_model_call = Some(v),
            |c: &mut ToggleChoice| c.hold_lock_during_model_call = None,
        ),
    ] {
        for lang in [Lang::En, Lang::Zh] {
            let mut screen = Screen::new(Screen::source_of(id), lang);
            screen.open(id);
            let own = shown(&screen);
            // On, then off: a run of the learner's, not the lesson's (lesson 2 switches drain
            // on for its second fault; off keeps it off).
            screen.change_toggles(|c| set(c, true));
            let on = shown(&screen);
            assert_ne!(on, own, "{id}: on changes the run");
            screen.change_toggles(|c| set(c, false));
            let off = shown(&screen);
            assert_ne!(off, own, "{id}: off fixed is not the lesson's own run");
            // As the lesson does: the same events, steps and captions as the lesson opened.
            screen.change_toggles(unset);
            assert!(screen.options().learner_toggles.is_empty());
            assert_eq!(
                shown(&screen),
                own,
                "{id} {lang:?}: the lesson comes back exactly"
            );
        }
    }
}

#[test]
fn i46_every_lessons_first_step_names_what_will_be_seen_and_the_control_to_press() {
    for info in lessons::catalog() {
        if info.id == lessons::FREE_PLAY_ID {
            continue;
        }
        for lang in [Lang::En, Lang::Zh] {
            let timeline = lessons::play(
                info.id,
                &PlayOptions {
                    lang,
                    ..PlayOptions::default()
                },
            )
            .expect("plays");
            let first = step_caption(&timeline, 0, lang);
            let (see, press) = match lang {
                Lang::En => ("You will ", "Press ▶"),
                Lang::Zh => ("你会", "按 ▶"),
            };
            assert!(first.contains(see), "{} {lang:?}: {first}", info.id);
            assert!(first.ends_with(match lang {
                Lang::En => "to take the first step.",
                Lang::Zh => "走第一步。",
            }));
            assert!(first.contains(press), "{} {lang:?}: {first}", info.id);
        }
    }
}

#[test]
fn m2_i46_lesson_1_introduces_its_words_first_and_ends_by_gathering_the_three_places() {
    let id = "l1-two-investigators";
    for lang in [Lang::En, Lang::Zh] {
        let timeline = lessons::play(
            id,
            &PlayOptions {
                lang,
                ..PlayOptions::default()
            },
        )
        .expect("plays");
        let keys = key_steps(id, &timeline);
        let story = story_of(&timeline, &keys);
        // The first story stop after step 0 shows an authored caption (not a folded cycle)
        // that defines the words the folded captions use later.
        let first = story.stops.first().expect("a stop");
        assert!(first.fold.is_none(), "the first stop is not a folded cycle");
        let text = step_caption(&timeline, first.step, lang);
        let words: &[&str] = match lang {
            Lang::En => &["lock", "round", "candidate", "committed", "request r1"],
            Lang::Zh => &["锁", "轮", "候选", "提交", "r1"],
        };
        for word in words {
            assert!(text.contains(word), "{lang:?}: '{word}' in {text}");
        }
        // The last key step (the last step) gathers the three places with m4 in them.
        let last = keys.last().expect("key steps").step;
        assert_eq!(last, timeline.len());
        let end = step_caption(&timeline, last, lang);
        let places: &[&str] = match lang {
            Lang::En => &["m4", "inbox", "candidate", "request r9", "three places"],
            Lang::Zh => &["m4", "收件箱", "候选", "请求 r9", "三个位置"],
        };
        for place in places {
            assert!(end.contains(place), "{lang:?}: '{place}' in {end}");
        }
        assert!(
            !end.contains("permission") && !end.contains("许可"),
            "no new idea at the end"
        );
    }
}

#[test]
fn i46_the_end_card_gives_the_score_what_to_revisit_and_the_next_lesson() {
    let id = "l1-two-investigators";
    let timeline = lessons::play(id, &PlayOptions::default()).expect("plays");
    let lesson = lessons::lesson(id, Lang::En).expect("lesson 1");
    let placement = place(&lesson.checkpoints, &timeline);
    let mut score = Score::default();
    let first = &placement.placed[0];
    let wrong = (0..first.choices.len())
        .find(|i| !first.is_right(*i))
        .expect("a wrong choice");
    score.answer(first, wrong);
    score.answer(first, first.answer);
    let card = EndCard::of(id, &score, &placement, Lang::En);
    assert_eq!(card.heading, "End of the lesson.");
    let total = placement.placed.len();
    assert_eq!(
        card.score.as_deref(),
        Some(format!("1 of {total} answered, 0 right first time").as_str())
    );
    assert_eq!(card.not_right.len(), 1);
    assert_eq!(card.not_right[0].step, first.step);
    assert_eq!(
        card.skipped.len(),
        total - 1,
        "never tried: skipped, not wrong"
    );
    assert_eq!(
        card.next.map(|(id, _)| id),
        Some("l2-drain-loses-mail"),
        "the next lesson in the picker's order"
    );
    let zh = EndCard::of(id, &score, &placement, Lang::Zh);
    assert_eq!(zh.heading, "本课结束。");
    assert!(zh.next.is_some_and(|(_, title)| title == "读后即删会丢信"));
    // After the last lesson comes free play; after free play, nothing.
    assert_eq!(
        next_lesson("l8-restart-and-recall").map(|l| l.id),
        Some(lessons::FREE_PLAY_ID)
    );
    assert!(next_lesson(lessons::FREE_PLAY_ID).is_none());
}

#[test]
fn i46_a_first_visits_browser_keeps_parts_one_tap_away_until_opened_and_an_earlier_user_sees_all() {
    use agent_team_playground::view::first_screen::{opened_parts, reveal_label, with_part};
    // Nothing kept: a first visit, nothing opened.
    assert_eq!(opened_parts(None, false), Some(Default::default()));
    // A browser that used the playground before (other keys, no list): everything shows.
    assert_eq!(opened_parts(None, true), None);
    // The list, once kept (even empty), decides: parts opened stay open.
    let opened = opened_parts(Some(""), true).expect("a first visit's browser");
    assert!(opened.is_empty());
    let stored = with_part(&opened, "controls");
    assert_eq!(stored, "controls");
    let opened = opened_parts(Some(&stored), true).expect("still one");
    assert!(opened.contains("controls") && !opened.contains("panel"));
    assert_eq!(with_part(&opened, "panel"), "controls panel");
    assert_eq!(with_part(&opened, "controls"), "controls", "opened once");
    for lang in [Lang::En, Lang::Zh] {
        for part in ["controls", "panel", "code"] {
            assert!(reveal_label(part, lang).ends_with('›'));
        }
    }
}
