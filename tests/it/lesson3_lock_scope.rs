//! Lesson 3: lock around check-and-set vs lock around the model call (T5, T6).

use crate::support;

use agent_team_playground::engine::*;
use support::*;

const ID: &str = "l3-lock-scope";

#[test]
fn t5_different_members_overlap_and_a_busy_member_is_refused() {
    let timeline = play(ID);
    let reader = round_spans(&timeline, "reader");
    let reviewer = round_spans(&timeline, "reviewer");
    // Act 1: overlapping rounds.
    assert!(reader[0].0 < reviewer[0].1 && reviewer[0].0 < reader[0].1);
    let refused = refusals(&timeline);
    assert!(refused
        .iter()
        .any(|(code, why)| *code == RefusalCode::MemberBusy && why.contains("reader")));
    // The refused start changed nothing: reader kept its first delivery.
    let refusal = timeline
        .events()
        .iter()
        .find(|e| matches!(e.kind, EventKind::Refused { .. }))
        .unwrap();
    let before = timeline.state_at(refusal.seq);
    let after = timeline.state_at(refusal.seq + 1);
    assert_eq!(before.member("reader"), after.member("reader"));
}

#[test]
fn t6_lock_is_released_before_any_model_call() {
    let timeline = play(ID);
    // In act 1, every ModelRequested happens while its member does not hold the lock.
    let toggle = events_of(&timeline, "toggles_changed", "")[0].seq;
    for event in &timeline.events()[..toggle] {
        if let EventKind::ModelRequested { request } = &event.kind {
            assert!(!timeline.state_at(event.seq + 1).holds_lock(&request.member));
        }
    }
}

#[test]
fn t6_holding_the_lock_during_the_model_call_serializes_members() {
    let timeline = play(ID);
    let reader = round_spans(&timeline, "reader");
    let reviewer = round_spans(&timeline, "reviewer");
    // Act 2: reviewer starts only when reader's round ended.
    assert!(reviewer[1].0 >= reader[1].1);
    assert_eq!(events_of(&timeline, "lock_waiting", "reviewer").len(), 1);
    let act1 = reader[0].1.max(reviewer[0].1) - reader[0].0;
    let act2 = reader[1].1.max(reviewer[1].1) - reader[1].0;
    assert_eq!(act2, 2 * act1, "the same work takes twice as long");
}
