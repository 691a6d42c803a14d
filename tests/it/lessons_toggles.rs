//! The contrast modes are the learner's toggles (M6, T6): a mode the learner fixes holds for
//! the whole lesson, the lesson's own switch becomes a default, and the difference shows: in
//! lesson 2 a message is lost iff drain on read is on, in lesson 3 the members are serialized
//! iff the lock is held during the model call. The captions follow the mode.

use crate::support::{events_of, round_spans, unmatched_captions};
use agent_team_playground::engine::{Lang, Position, Timeline};
use agent_team_playground::lessons::{self, PlayOptions, ToggleChoice};

fn play_with(id: &str, learner_toggles: ToggleChoice) -> Timeline {
    let options = PlayOptions {
        learner_toggles,
        ..PlayOptions::default()
    };
    lessons::play(id, &options).expect("lesson plays")
}

fn lost(timeline: &Timeline) -> usize {
    let state = timeline.final_state();
    state
        .messages()
        .iter()
        .filter(|r| state.message_position(r.id) == Some(Position::Lost))
        .count()
}

fn captions_en(timeline: &Timeline) -> Vec<String> {
    timeline
        .captioned_events()
        .map(|(_, c)| c.get(Lang::En).to_string())
        .collect()
}

const L2: &str = "l2-drain-loses-mail";
const L3: &str = "l3-lock-scope";

#[test]
fn m6_lesson_2_loses_a_message_iff_the_learner_turns_drain_on() {
    let on = play_with(L2, ToggleChoice::drain(true));
    let off = play_with(L2, ToggleChoice::drain(false));
    // Drain on from the start: both faults lose their message.
    assert_eq!(lost(&on), 2);
    assert_eq!(lost(&off), 0, "append-only: nothing is lost");
    // The learner's mode holds: the lesson's own switch is not applied either way.
    assert!(events_of(&on, "toggles_changed", "").is_empty());
    assert!(events_of(&off, "toggles_changed", "").is_empty());
    assert!(events_of(&off, "inbox_drained", "").is_empty());
    // Captions follow the mode: the loss is told only where it happened.
    let told_lost = |t: &Timeline| {
        captions_en(t)
            .iter()
            .any(|c| c.contains("the handover is lost"))
    };
    assert!(told_lost(&on) && !told_lost(&off));
    assert!(captions_en(&off)
        .iter()
        .any(|c| c.contains("nothing is lost")));
    assert!(!captions_en(&on)
        .iter()
        .any(|c| c.contains("nothing is lost")));
    // reader answers from what its requests held.
    let replies: Vec<String> = events_of(&off, "round_finished", "reader")
        .iter()
        .map(|e| e.summary())
        .collect();
    assert!(
        replies.iter().all(|r| !r.contains("no new messages")),
        "{replies:?}"
    );
    let replies: Vec<String> = events_of(&on, "round_finished", "reader")
        .iter()
        .map(|e| e.summary())
        .collect();
    assert!(
        replies.iter().all(|r| r.contains("no new messages")),
        "{replies:?}"
    );
}

#[test]
fn m6_without_the_learners_toggle_lesson_2_switches_drain_on_for_its_second_fault() {
    let timeline = play_with(L2, ToggleChoice::default());
    assert_eq!(events_of(&timeline, "toggles_changed", "").len(), 1);
    assert_eq!(lost(&timeline), 1);
}

/// Whether any round of reader overlaps a round of reviewer in logical time.
fn rounds_overlap(timeline: &Timeline) -> bool {
    let spans = |member: &str| round_spans(timeline, member);
    let (reader, reviewer) = (spans("reader"), spans("reviewer"));
    assert_eq!(
        (reader.len(), reviewer.len()),
        (2, 2),
        "both members ran twice"
    );
    reader
        .iter()
        .any(|a| reviewer.iter().any(|b| a.0 < b.1 && b.0 < a.1))
}

#[test]
fn t6_lesson_3_serializes_members_iff_the_learner_holds_the_lock_during_the_model_call() {
    let held = play_with(L3, ToggleChoice::hold_lock(true));
    let small = play_with(L3, ToggleChoice::hold_lock(false));
    assert!(
        !rounds_overlap(&held),
        "held lock: one member after the other"
    );
    assert_eq!(events_of(&held, "lock_waiting", "reviewer").len(), 2);
    assert!(rounds_overlap(&small), "small lock: members overlap");
    assert!(events_of(&small, "lock_waiting", "").is_empty());
    // Captions follow the mode.
    let queued = |t: &Timeline| captions_en(t).iter().any(|c| c.contains("has to queue"));
    assert!(queued(&held) && !queued(&small));
    let released_at_once = |t: &Timeline| {
        captions_en(t)
            .iter()
            .any(|c| c.contains("released at once"))
    };
    assert!(released_at_once(&small) && !released_at_once(&held));
}

#[test]
fn t6_without_the_learners_toggle_lesson_3_overlaps_first_and_serializes_after_its_switch() {
    let timeline = play_with(L3, ToggleChoice::default());
    assert!(rounds_overlap(&timeline));
    assert_eq!(events_of(&timeline, "lock_waiting", "reviewer").len(), 1);
}

#[test]
fn every_caption_of_lessons_2_and_3_lands_under_the_default_or_its_own_mode() {
    for id in [L2, L3] {
        let lesson = lessons::lesson(id, Lang::En).unwrap();
        let timeline = play_with(id, ToggleChoice::default());
        assert_eq!(
            unmatched_captions(&lesson, &timeline),
            Vec::<usize>::new(),
            "{id}"
        );
    }
}

#[test]
fn free_play_keeps_lesson_1s_captions_only_under_the_default_modes() {
    let id = lessons::FREE_PLAY_ID;
    let default = play_with(id, ToggleChoice::default());
    assert!(captions_en(&default)
        .iter()
        .any(|c| c.contains("Nothing is deleted from the inbox")));
    let drain = play_with(id, ToggleChoice::drain(true));
    assert!(captions_en(&drain).is_empty());
    // The generic caption of a preparation says what the read did under drain on read.
    let prepared = events_of(&drain, "candidate_prepared", "reader")
        .into_iter()
        .find(|e| e.summary().contains("notifies m"))
        .expect("reader takes in mail");
    let text =
        agent_team_playground::view::narration::caption_at(&drain, prepared.seq + 1, Lang::En);
    assert!(text.contains("Drain on read is on"), "{text}");
    let held = play_with(id, ToggleChoice::hold_lock(true));
    assert!(!captions_en(&held)
        .iter()
        .any(|c| c.contains("both occupied")));
}
