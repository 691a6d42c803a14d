//! Lesson 5 (seed 003): shutdown handshake (P1, P2, P4, P5).

use crate::support;

use agent_team_playground::engine::*;
use support::*;

const ID: &str = "l5-shutdown-handshake";

#[test]
fn p1_one_state_machine_correlated_by_request_id() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let statuses: Vec<(&str, ProtocolStatus)> = end
        .protocol_requests()
        .map(|r| (r.id.as_str(), r.status))
        .collect();
    assert_eq!(
        statuses,
        [
            ("shutdown-1", ProtocolStatus::Rejected),
            ("shutdown-2", ProtocolStatus::Approved)
        ]
    );
    // Every shutdown message carries the request id it belongs to.
    for r in end.messages().iter().filter(|r| {
        matches!(
            r.kind,
            MessageKind::ShutdownRequest | MessageKind::ShutdownResponse
        )
    }) {
        assert!(r
            .request_id
            .as_deref()
            .is_some_and(|id| id.starts_with("shutdown-")));
    }
    // Queryable at any step: at the step after shutdown-1 opened, it is pending.
    let opened = events_of(&timeline, "protocol_opened", "lead")[0].seq;
    assert_eq!(
        timeline.state_at(opened + 1).protocol()["shutdown-1"].status,
        ProtocolStatus::Pending
    );
}

#[test]
fn p2_reject_while_writing_then_approve_finish_the_tool_round_and_exit_as_shutdown() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let rejected = &end.protocol()["shutdown-1"];
    assert!(rejected
        .response
        .as_deref()
        .unwrap()
        .contains("middle of writing"));
    // The lead saw the reason (as a notification in its history).
    assert!(end
        .member("lead")
        .unwrap()
        .history()
        .iter()
        .any(|e| e.is_notification() && e.text.contains("middle of writing")));
    // Approve: should_exit set, the rest of the tool round still ran, then exit as shutdown.
    let exit = events_of(&timeline, "should_exit_set", "alice")[0].seq;
    let finished = events_of(&timeline, "round_finished", "alice")[1].seq;
    let tools_after: usize = timeline.events()[exit..finished]
        .iter()
        .filter(|e| e.kind.name() == "tool_executed")
        .count();
    assert_eq!(
        tools_after, 3,
        "the approving call and the two other calls of the same round all got results"
    );
    assert!(
        !timeline.events()[exit..finished]
            .iter()
            .any(|e| e.kind.name() == "model_requested"),
        "no new request after approval"
    );
    assert_eq!(
        end.member("alice").unwrap().status(),
        MemberStatus::Shutdown
    );
    assert!(refusals(&timeline)
        .iter()
        .any(|(c, _)| *c == RefusalCode::MemberShutDown));
}

#[test]
fn p4_same_tool_name_means_query_for_the_lead_and_answer_for_a_teammate() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let spec = |member: &str| {
        end.member_requests(member)[0]
            .request
            .tools
            .iter()
            .find(|t| t.name == "shutdown_response")
            .cloned()
            .unwrap()
    };
    assert!(spec("lead").description.starts_with("Query"));
    assert!(spec("alice").description.starts_with("Answer"));
    assert_eq!(
        spec("lead").parameters["required"],
        serde_json::json!(["request_id"])
    );
    assert_eq!(
        spec("alice").parameters["required"],
        serde_json::json!(["request_id", "approve"])
    );
    assert!(end.member_requests("alice")[0]
        .request
        .system
        .contains("answer every shutdown_request with shutdown_response"));
    assert!(end.member_requests("alice")[0]
        .request
        .system
        .contains("submit a plan with plan_approval before major work"));
    let lead_query = events_of(&timeline, "tool_executed", "lead")
        .into_iter()
        .find(|e| e.summary().contains("shutdown_response"))
        .unwrap();
    assert!(lead_query.summary().contains("rejected"));
}

#[test]
fn p5_duplicate_and_unknown_responses_are_refused_and_leave_the_tracker_unchanged() {
    let timeline = play(ID);
    for (code, needle) in [
        (RefusalCode::AlreadyDecided, "shutdown-2"),
        (RefusalCode::UnknownRequest, "shutdown-9"),
    ] {
        let event = timeline
            .events()
            .iter()
            .find(|e| matches!(&e.kind, EventKind::Refused { refusal } if refusal.code == code && refusal.reason.contains(needle)))
            .unwrap_or_else(|| panic!("no {code:?} refusal"));
        assert_eq!(
            timeline.state_at(event.seq).protocol(),
            timeline.state_at(event.seq + 1).protocol()
        );
    }
    let decided = timeline
        .events()
        .iter()
        .filter(|e| e.kind.name() == "protocol_decided")
        .count();
    assert_eq!(decided, 2);
}
