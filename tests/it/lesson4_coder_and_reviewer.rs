//! Lesson 4 (seed 002): spawn, write, review, report, broadcast a wrap-up, disband (K1, K2, K3,
//! L1, L4, M1, M9, D3).

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
    // The statuses alice's card shows, step by step, without repeats.
    let mut statuses: Vec<MemberStatus> = Vec::new();
    for step in 0..=timeline.len() {
        let state = timeline.state_at(step);
        if let Some(status) = state.member("alice").map(|m| m.status()) {
            if statuses.last() != Some(&status) {
                statuses.push(status);
            }
        }
    }
    use MemberStatus::*;
    assert_eq!(statuses, [Offline, Idle, Working, Idle, Offline]);
    // Each change is one event: spawn and disband name it, a round's start and end carry it.
    let kinds: Vec<&str> = timeline
        .events()
        .iter()
        .filter(|e| e.actor.as_deref() == Some("alice") || e.kind.name() == "member_spawned")
        .map(|e| e.kind.name())
        .filter(|k| matches!(*k, "status_changed" | "round_started" | "round_finished"))
        .collect();
    assert_eq!(
        kinds,
        [
            "status_changed",
            "round_started",
            "round_finished",
            "status_changed"
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
    // bob's nit to alice, and the two copies of the lead's wrap-up broadcast.
    assert_eq!(
        unread,
        [("bob", "alice"), ("lead", "alice"), ("lead", "bob")]
    );
    assert!(report
        .iter()
        .all(|r| end.message_position(r.id) == Some(Position::Undelivered)));
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

#[test]
fn m9_the_wrap_up_broadcast_reaches_every_teammate_and_not_the_lead() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let copies: Vec<(&str, &str, &str)> = end
        .messages()
        .iter()
        .filter(|r| r.kind == MessageKind::Broadcast)
        .map(|r| (r.from.as_str(), r.to.as_str(), r.body.as_str()))
        .collect();
    let body = "Wrap up: add.py is written and reviewed. The team closes now; thank you both.";
    assert_eq!(copies, [("lead", "alice", body), ("lead", "bob", body)]);
    // The broadcast is its own tool, in the lead's list only (K1, K2).
    let (result, is_error) = last_result_of(&timeline, "broadcast");
    assert!(!is_error, "{result}");
    assert_eq!(result, "alice: queued as m6\nbob: queued as m7");
}

#[test]
fn k3_alice_writes_only_the_virtual_file_system_and_nothing_runs() {
    let timeline = play(ID);
    let (result, is_error) = last_result_of(&timeline, "write_file");
    assert!(!is_error);
    assert!(result.contains("nothing was executed"), "{result}");
    let end = timeline.final_state();
    let paths: Vec<&str> = end.files().keys().map(String::as_str).collect();
    assert_eq!(paths, ["add.py"]);
    // bob's review is a reading of that text: the file's content, nothing it would print.
    let (read, _) = last_result_of(&timeline, "read_file");
    assert_eq!(read, "def add(a, b):\n    return a + b\n");
}

/// The result of the last call of `tool` in the lesson.
fn last_result_of(timeline: &Timeline, tool: &str) -> (String, bool) {
    timeline
        .events()
        .iter()
        .rev()
        .find_map(|e| match &e.kind {
            EventKind::ToolExecuted {
                tool: t,
                result,
                is_error,
                ..
            } if t == tool => Some((result.clone(), *is_error)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no {tool} call in {ID}"))
}
