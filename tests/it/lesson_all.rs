//! Every built-in lesson (and free play) plays to its end on the scripted model, matches its
//! golden transcript (`UPDATE_GOLDEN=1` refreshes them), captions every step in both languages,
//! and every caption rule of every lesson points at an event.

use crate::support;

use agent_team_playground::engine::*;
use agent_team_playground::lessons::{self, PlayOptions};

#[test]
fn every_lesson_plays_to_the_end_and_matches_its_golden_transcript() {
    for info in lessons::catalog() {
        let timeline = support::play(info.id);
        support::check_golden(info.id, &timeline);
        support::check_captions(&timeline);
        let end = timeline.final_state();
        assert!(
            !end.any_busy(),
            "{}: a member is still busy at the end",
            info.id
        );
        assert!(
            end.requests()
                .iter()
                .all(|r| r.status != RequestStatus::InFlight),
            "{}: a request is still in flight",
            info.id
        );
    }
}

#[test]
fn catalog_and_lessons_agree() {
    let built: Vec<String> = lessons::lessons(Lang::En)
        .into_iter()
        .map(|l| l.id)
        .collect();
    let listed: Vec<&str> = lessons::catalog()
        .iter()
        .map(|i| i.id)
        .filter(|id| *id != lessons::FREE_PLAY_ID)
        .collect();
    assert_eq!(built, listed);
    assert!(
        lessons::lesson(lessons::FREE_PLAY_ID, Lang::En)
            .unwrap()
            .editable
    );
    assert!(matches!(
        lessons::play("no-such-lesson", &PlayOptions::default()),
        Err(lessons::PlayError::UnknownLesson(_))
    ));
}

#[test]
fn same_lesson_and_options_give_the_same_timeline() {
    for info in lessons::catalog() {
        let a = lessons::play(info.id, &PlayOptions::default()).unwrap();
        let b = lessons::play(info.id, &PlayOptions::default()).unwrap();
        assert_eq!(a.events(), b.events(), "{}", info.id);
    }
}

#[test]
fn a_lesson_survives_a_json_round_trip_as_an_inline_definition() {
    let lesson = lessons::lesson("l5-shutdown-handshake", Lang::En).unwrap();
    let json = serde_json::to_string(&lesson).unwrap();
    let back: lessons::Lesson = serde_json::from_str(&json).unwrap();
    let (a, _) = lessons::play_lesson(&back, &PlayOptions::default()).unwrap();
    let b = lessons::play("l5-shutdown-handshake", &PlayOptions::default()).unwrap();
    assert_eq!(a.events(), b.events());
}
