//! Lesson 4 (seed 002): spawn, write, review, report, disband (K1, K2, L1, L4, M1, D3).

use crate::support;

use agent_team_playground::engine::*;
use support::*;

const ID: &str = "l4-coder-and-reviewer";

#[test]
fn k1_k2_each_role_has_its_explicit_tool_list() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let lead_tools = end.member_requests("lead")[0].request.tool_names();
    assert_eq!(
        lead_tools,
        [
            "spawn_teammate",
            "list_teammates",
            "send_message",
            "read_inbox",
            "broadcast",
            "shutdown_request",
            "shutdown_response",
            "plan_approval"
        ]
    );
    let alice_tools = end.member_requests("alice")[0].request.tool_names();
    assert_eq!(
        alice_tools,
        [
            "read_file",
            "write_file",
            "send_message",
            "read_inbox",
            "shutdown_response",
            "plan_approval"
        ]
    );
    assert_eq!(
        end.files().get("add.py").map(String::as_str),
        Some("def add(a, b):\n    return a + b\n")
    );
}

#[test]
fn l1_spawn_goes_offline_to_idle_then_working_and_back_to_idle() {
    let timeline = play(ID);
    let transitions: Vec<(MemberStatus, MemberStatus)> =
        events_of(&timeline, "status_changed", "alice")
            .into_iter()
            .map(|e| match &e.kind {
                EventKind::StatusChanged { from, to, .. } => (*from, *to),
                _ => unreachable!(),
            })
            .collect();
    use MemberStatus::*;
    assert_eq!(
        transitions,
        [
            (Offline, Idle),
            (Idle, Working),
            (Working, Idle),
            (Idle, Offline)
        ]
    );
}

#[test]
fn d3_m1_a_forged_sender_is_ignored_and_the_host_binds_the_sender() {
    let timeline = play(ID);
    let refused = refusals(&timeline);
    assert!(refused
        .iter()
        .any(|(code, why)| *code == RefusalCode::SenderIgnored && why.contains("bob")));
    let end = timeline.final_state();
    let report = end
        .messages()
        .iter()
        .find(|r| r.body.contains("Approved by bob"))
        .unwrap();
    assert_eq!(report.from, "alice");
}

#[test]
fn l4_disband_reports_every_unread_record() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let report = end.disband_report().unwrap();
    let unread: Vec<(&str, &str)> = report
        .iter()
        .map(|r| (r.from.as_str(), r.to.as_str()))
        .collect();
    assert_eq!(unread, [("bob", "alice")]);
    assert_eq!(
        end.message_position(report[0].id),
        Some(Position::Undelivered)
    );
    assert!(end
        .members()
        .values()
        .all(|m| m.status() == MemberStatus::Offline));
    // Nothing can happen to a disbanded team.
    let mut team = Team::from_state(end.clone());
    let events = team.apply(Input::StartRound {
        member: "alice".into(),
        prompt: None,
    });
    assert!(
        matches!(&events[0].kind, EventKind::Refused { refusal } if refusal.code == RefusalCode::TeamDisbanded)
    );
}
