//! Timeline over the lessons: `state_at` through checkpoints equals a replay from the start, the
//! stress generator produces the requested number of events, and a status change is one step
//! on which every card agrees with itself. The engine's own timeline tests are in
//! `engine/tests/it/engine_timeline.rs`.

use agent_team_playground::engine::*;
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::view::narration::narrate;

/// The state after `index` events, replayed from the start with no checkpoint.
fn replay(timeline: &Timeline, index: usize) -> TeamState {
    timeline.prefix(index).final_state().clone()
}

#[test]
fn state_at_equals_replay_from_the_start_at_every_step() {
    let timeline = lessons::play("l1-two-investigators", &PlayOptions::default()).unwrap();
    for index in 0..=timeline.len() {
        assert_eq!(
            timeline.state_at(index),
            replay(&timeline, index),
            "step {index}"
        );
    }
    assert_eq!(
        timeline.state_at(timeline.len() + 10),
        *timeline.final_state()
    );
}

#[test]
fn state_with_previous_is_two_seeks_in_one() {
    let lesson = lessons::play("l1-two-investigators", &PlayOptions::default()).unwrap();
    let stress = agent_team_playground::lessons::stress::generate(3_000);
    for (timeline, indices) in [
        (&lesson, (0..=lesson.len() + 2).collect::<Vec<_>>()),
        (&stress, vec![0, 1, 63, 64, 65, 128, 2_999, 3_000, 3_005]),
    ] {
        for index in indices {
            let (state, previous) = timeline.state_with_previous(index);
            assert_eq!(state, timeline.state_at(index), "step {index}");
            let clamped = index.min(timeline.len());
            assert_eq!(
                previous,
                clamped.checked_sub(1).map(|i| timeline.state_at(i)),
                "step {index}"
            );
        }
    }
}

#[test]
fn stress_log_has_the_requested_length_and_seeks_exactly() {
    let timeline = agent_team_playground::lessons::stress::generate(3_000);
    assert_eq!(timeline.len(), 3_000);
    for index in [0, 1, 63, 64, 65, 1_000, 2_047, 2_999, 3_000] {
        assert_eq!(
            timeline.state_at(index),
            replay(&timeline, index),
            "step {index}"
        );
    }
    let state = timeline.final_state();
    assert!(state.messages().len() > 100);
    assert!(timeline
        .events()
        .iter()
        .all(|e| !matches!(e.kind, EventKind::Refused { .. })));
}

#[test]
fn every_event_has_a_category_and_captions_in_both_languages() {
    let timeline = agent_team_playground::lessons::stress::generate(500);
    for event in timeline.events() {
        assert!(Category::ALL.contains(&event.category()));
        assert!(!narrate(event, Lang::Zh).is_empty());
        assert!(!narrate(event, Lang::En).is_empty());
    }
}

#[test]
fn path_a_status_change_is_one_step_and_every_card_agrees_with_itself() {
    use agent_team_playground::lessons::{catalog, play};
    use agent_team_playground::view::card::cards;
    for info in catalog() {
        let timeline = play(info.id, &PlayOptions::default()).expect("the lesson plays");
        for event in timeline.events() {
            // A round's start and end change the status themselves: no separate step says
            // "idle -> working" after the card already shows it (or before).
            if let EventKind::StatusChanged { from, to, .. } = &event.kind {
                assert!(
                    *from != MemberStatus::Working && *to != MemberStatus::Working,
                    "{}: #{} {from:?} -> {to:?}",
                    info.id,
                    event.seq
                );
            }
            if matches!(event.kind, EventKind::RoundStarted { .. }) {
                assert!(narrate(event, Lang::En).contains("idle -> working"));
                assert!(narrate(event, Lang::Zh).contains("空闲 → 工作中"));
            }
        }
        for step in 0..=timeline.len() {
            let state = timeline.state_at(step);
            for card in cards(&state) {
                assert_eq!(
                    card.status == MemberStatus::Working,
                    card.busy,
                    "{} step {step}: {} shows {:?} with busy = {}",
                    info.id,
                    card.name,
                    card.status,
                    card.busy
                );
            }
        }
    }
}
