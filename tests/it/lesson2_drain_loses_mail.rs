//! Lesson 2: the same fault between read and commit, append-only vs drain on read (M5, M6).

use crate::support;

use agent_team_playground::engine::*;
use agent_team_playground::lessons::{self, PlayOptions};
use support::*;

const ID: &str = "l2-drain-loses-mail";

#[test]
fn m5_discarded_candidate_is_read_again() {
    let timeline = play(ID);
    let discard = events_of(&timeline, "candidate_discarded", "reader")[0];
    let after_discard = timeline.state_at(discard.seq + 1);
    assert_eq!(
        after_discard.message_position(MessageId(1)),
        Some(Position::Queued)
    );
    assert!(after_discard
        .member("reader")
        .unwrap()
        .candidate()
        .is_none());
    let prepares = events_of(&timeline, "candidate_prepared", "reader");
    match (&prepares[0].kind, &prepares[1].kind) {
        (
            EventKind::CandidatePrepared { candidate: a, .. },
            EventKind::CandidatePrepared { candidate: b, .. },
        ) => {
            assert_eq!(a.message_ids, vec![MessageId(1)]);
            assert_eq!(
                b.message_ids,
                vec![MessageId(1)],
                "the retry finds the same record"
            );
        }
        _ => unreachable!(),
    }
    // Once committed, dedup keeps it from being added twice.
    let end = timeline.final_state();
    let reader = end.member("reader").unwrap();
    assert_eq!(
        reader
            .history()
            .iter()
            .filter(|e| e.notifies.contains(&MessageId(1)))
            .count(),
        1
    );
}

#[test]
fn m6_drain_on_read_loses_the_message_when_a_fault_strikes() {
    let timeline = play(ID);
    let end = timeline.final_state();
    assert_eq!(
        end.message_position(MessageId(1)),
        Some(Position::InRequest(vec![RequestId(1), RequestId(2)]))
    );
    assert_eq!(end.message_position(MessageId(2)), Some(Position::Lost));
    assert!(!end
        .member("reader")
        .unwrap()
        .history()
        .iter()
        .any(|e| e.notifies.contains(&MessageId(2))));
    let lost: Vec<_> = timeline
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::CandidateDiscarded { lost, .. } => Some(lost.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(lost, vec![vec![], vec![MessageId(2)]]);
    // The record itself is still in the log (the engine never removes records); drain mode
    // only took it out of the inbox view.
    assert!(end.message(MessageId(2)).unwrap().drained);
}

#[test]
fn m6_drain_toggle_from_the_start_loses_the_first_message_too() {
    let options = PlayOptions {
        toggles: Toggles {
            drain_on_read: true,
            ..Toggles::default()
        },
        ..PlayOptions::default()
    };
    let timeline = lessons::play(ID, &options).unwrap();
    let end = timeline.final_state();
    assert_eq!(end.message_position(MessageId(1)), Some(Position::Lost));
    assert_eq!(end.message_position(MessageId(2)), Some(Position::Lost));
}

#[test]
fn m5_no_position_ever_skips_back_from_committed() {
    let timeline = play(ID);
    let mut committed = false;
    for step in 0..=timeline.len() {
        let p = timeline.state_at(step).message_position(MessageId(1));
        if matches!(p, Some(Position::Committed) | Some(Position::InRequest(_))) {
            committed = true;
        } else if committed {
            panic!("m1 went back to {p:?} after being committed");
        }
    }
}
