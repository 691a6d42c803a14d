//! Lesson 7: limits and budgets (M7, M8's safe resend, L2, L1's stopped and failed).

use crate::support;

use agent_team_playground::engine::*;
use support::*;

const ID: &str = "l7-limits-and-budgets";

fn codes(timeline: &Timeline) -> Vec<RefusalCode> {
    refusals(timeline).into_iter().map(|(c, _)| c).collect()
}

#[test]
fn m7_full_inbox_and_oversized_body_give_an_error_result_and_an_event() {
    let timeline = play(ID);
    let codes = codes(&timeline);
    assert!(codes.contains(&RefusalCode::InboxFull));
    assert!(codes.contains(&RefusalCode::BodyTooLong));
    let end = timeline.final_state();
    assert_eq!(end.member("reader").unwrap().inbox().len(), 8);
    // The lead's model sees the errors as tool results marked as errors.
    let errors: Vec<&str> = end
        .member("lead")
        .unwrap()
        .history()
        .iter()
        .filter(|e| e.role == EntryRole::Tool && e.is_error)
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(errors.len(), 2);
    assert!(errors[0].starts_with("inbox_full") && errors[1].starts_with("body_too_long"));
    // Nothing was cut: no stored body is longer than 600 characters.
    assert!(end.messages().iter().all(|r| r.body.chars().count() <= 600));
}

#[test]
fn m7_history_cap_fails_the_round_and_reports_to_the_lead() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let archivist = end.member("archivist").unwrap();
    assert_eq!(archivist.history().len(), 80);
    assert_eq!(archivist.status(), MemberStatus::Failed);
    assert!(end
        .messages()
        .iter()
        .any(|r| r.from == "archivist" && r.to == "lead" && r.body.contains("history limit")));
}

#[test]
fn l2_request_budget_stops_a_delivery_and_retries_do_not_consume_logical_requests() {
    let timeline = play(ID);
    let end = timeline.final_state();
    assert_eq!(end.member("scout").unwrap().status(), MemberStatus::Stopped);
    assert_eq!(end.member_requests("scout").len(), 4);
    // reader's failed request and its retry share logical request 1.
    let reader: Vec<(u32, u32, u32)> = end
        .member_requests("reader")
        .iter()
        .map(|r| (r.request.delivery, r.request.logical, r.request.attempt))
        .collect();
    assert_eq!(reader, [(1, 1, 0), (1, 1, 1), (2, 1, 0)]);
    let retry = events_of(&timeline, "retry_scheduled", "reader")[0].seq;
    let state = timeline.state_at(retry + 1);
    let round = state.member("reader").unwrap().round().unwrap();
    assert_eq!((round.requests_used, round.retries_used), (1, 1));
}

#[test]
fn l2_a_third_delivery_is_refused_and_the_member_stays_as_it_is() {
    let timeline = play(ID);
    let refusal = timeline
        .events()
        .iter()
        .find(|e| matches!(&e.kind, EventKind::Refused { refusal } if refusal.code == RefusalCode::DeliveryBudgetSpent))
        .unwrap();
    assert_eq!(refusal.actor.as_deref(), Some("reader"));
    let before = timeline.state_at(refusal.seq);
    let after = timeline.state_at(refusal.seq + 1);
    assert_eq!(before.member("reader"), after.member("reader"));
    assert_eq!(after.member("reader").unwrap().status(), MemberStatus::Idle);
    assert_eq!(after.member("reader").unwrap().deliveries_used(), 2);
}

#[test]
fn l1_stopped_and_failed_members_do_not_restart_by_themselves() {
    let timeline = play(ID);
    assert!(codes(&timeline).contains(&RefusalCode::MemberNotIdle));
    let end = timeline.final_state();
    assert_eq!(end.member("scout").unwrap().status(), MemberStatus::Stopped);
    assert_eq!(
        end.member("archivist").unwrap().status(),
        MemberStatus::Failed
    );
}

#[test]
fn m8_a_resend_with_the_same_key_stores_nothing_and_gets_the_first_receipt_back() {
    let timeline = play(ID);
    let ignored = events_of(&timeline, "resend_ignored", "lead");
    assert_eq!(ignored.len(), 1);
    let EventKind::ResendIgnored {
        idempotency_key,
        receipt,
        ..
    } = &ignored[0].kind
    else {
        unreachable!()
    };
    assert_eq!(idempotency_key, "scout-task");
    assert_eq!(receipt.message_id, MessageId(9));
    // Nothing was stored at the resend, and scout holds the task once.
    let before = timeline.state_at(ignored[0].seq);
    let after = timeline.state_at(ignored[0].seq + 1);
    assert_eq!(before.messages().len(), after.messages().len());
    let end = timeline.final_state();
    let tasks = end
        .inbox_of("scout")
        .iter()
        .filter(|r| r.body == "Find the secret word in notes.txt.")
        .count();
    assert_eq!(tasks, 1);
    // Both sends got the same receipt in the lead's history.
    let receipts: Vec<&str> = end
        .member("lead")
        .unwrap()
        .history()
        .iter()
        .filter(|e| e.role == EntryRole::Tool && e.text.contains("\"to\":\"scout\""))
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(receipts.len(), 2);
    assert_eq!(receipts[0], receipts[1]);
    assert!(receipts[0].contains("\"message_id\":\"m9\""));
}
