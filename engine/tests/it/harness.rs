//! A small harness for engine tests: a team of lead + reader + reviewer over lesson 1's files,
//! with helpers to start rounds and answer in-flight requests.
#![allow(dead_code)]

use agent_team_engine::*;
use serde_json::Value;

pub fn team_with(allow_write: bool) -> Team {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
        MemberConfig::teammate("reviewer", "reviewer"),
    ])
    .with_file("main.py", "print(6 * 7)")
    .with_file("expected.txt", "42");
    config.allow_write = allow_write;
    Team::new(config).expect("valid config")
}

pub fn team() -> Team {
    team_with(false)
}

pub fn in_flight(team: &Team, member: &str) -> RequestId {
    team.state()
        .member(member)
        .and_then(|m| m.in_flight())
        .unwrap_or_else(|| panic!("{member} has no request in flight"))
}

/// The host stores `body` for `to`, sent as `from` (no idempotency key).
pub fn host_send(team: &mut Team, from: &str, to: &str, body: &str) -> Vec<Event> {
    team.apply(Input::HostSend {
        from: from.into(),
        to: to.into(),
        body: body.into(),
        idempotency_key: None,
    })
}

pub fn start(team: &mut Team, member: &str) -> Vec<Event> {
    team.apply(Input::StartRound {
        member: member.into(),
        prompt: None,
    })
}

pub fn reply(team: &mut Team, member: &str, reply: ModelReply) -> Vec<Event> {
    let id = in_flight(team, member);
    team.apply(Input::ModelReplied {
        request_id: id,
        reply,
    })
}

/// Replies to `member`'s in-flight request with one tool call.
pub fn tool(team: &mut Team, member: &str, name: &str, args: Value) -> Vec<Event> {
    reply(
        team,
        member,
        ModelReply::tools("", vec![ToolCall::new("c1", name, args)]),
    )
}

pub fn refusal_codes(events: &[Event]) -> Vec<RefusalCode> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Refused { refusal } => Some(refusal.code),
            _ => None,
        })
        .collect()
}

pub fn last_tool_result(events: &[Event]) -> (String, bool) {
    events
        .iter()
        .rev()
        .find_map(|e| match &e.kind {
            EventKind::ToolExecuted {
                result, is_error, ..
            } => Some((result.clone(), *is_error)),
            _ => None,
        })
        .expect("a tool result")
}
