//! The engine's invariants as one executable check, run after every [`Team::apply`] in debug
//! builds (so every native test, property test and lesson exercises it) and called by the
//! property tests. A violation is a bug in the engine, never bad input: inputs are refused
//! with events, they cannot break these.
//!
//! [`Team::apply`]: crate::Team::apply

use super::event::{Event, EventKind};
use super::mailbox::{MessageRecord, Position};
use super::model::RequestId;
use super::protocol::ProtocolStatus;
use super::roster::MemberState;
use super::state::TeamState;

/// Checks that `cur`, the state after `events` were applied to `prev`, keeps every invariant.
/// Per-member checks look only at the members the events touched, so a step costs what it
/// changed, not the whole team.
pub fn check(prev: &TeamState, cur: &TeamState, events: &[Event]) -> Result<(), String> {
    append_only(prev, cur)?;
    let everyone = events.iter().any(|e| {
        matches!(
            e.kind,
            EventKind::RosterRestored { .. } | EventKind::TeamDisbanded { .. }
        )
    });
    for member in cur.members().values() {
        if everyone || touched(member.name(), events) {
            member_invariants(cur, member)?;
        }
    }
    one_round_at_a_time(prev, events)?;
    decisions_are_final(prev, cur, events)?;
    refusals_say_why(events)
}

/// Did these events act for `name` or store a record for it?
fn touched(name: &str, events: &[Event]) -> bool {
    events.iter().any(|e| {
        e.actor.as_deref() == Some(name)
            || matches!(&e.kind, EventKind::MessageQueued { record } if record.to == name)
    })
}

/// M1: no inbox record ever disappears or changes what it says.
fn append_only(prev: &TeamState, cur: &TeamState) -> Result<(), String> {
    if cur.messages().len() < prev.messages().len() {
        return Err("a message record disappeared".into());
    }
    let same = |a: &MessageRecord, b: &MessageRecord| {
        (a.id, &a.from, &a.to, a.kind, &a.body) == (b.id, &b.from, &b.to, b.kind, &b.body)
    };
    match prev
        .messages()
        .iter()
        .zip(cur.messages().iter())
        .find(|(a, b)| !same(a, b))
    {
        Some((a, _)) => Err(format!("message record {} changed", a.id)),
        None => Ok(()),
    }
}

/// Every per-member check, for one member.
fn member_invariants(cur: &TeamState, member: &MemberState) -> Result<(), String> {
    records_are_where_they_say(cur, member)?;
    requests_only_grow(cur, member)?;
    within_limits(cur, member)
}

/// M2, M4, M5: every record addressed to the member is committed exactly once, still waiting
/// (no copy), lost (drain mode), or reported unread at disband; no notification twice.
fn records_are_where_they_say(cur: &TeamState, member: &MemberState) -> Result<(), String> {
    let name = member.name();
    for id in member.inbox().iter() {
        let Some(record) = cur.message(*id) else {
            return Err(format!("{name}'s inbox names {id}, which does not exist"));
        };
        let copies = member
            .history()
            .iter()
            .filter(|e| e.notifies.contains(id))
            .count();
        let expected_copies = match cur.message_position(*id) {
            Some(Position::Committed | Position::InRequest(_)) => 1,
            Some(Position::Lost) if record.drained => 0,
            Some(Position::Undelivered) if cur.disbanded() => 0,
            Some(Position::Queued | Position::InCandidate) => 0,
            other => return Err(format!("{id} is at an impossible position {other:?}")),
        };
        if copies != expected_copies {
            return Err(format!("{id} is in {name}'s history {copies} times"));
        }
    }
    let plain = member
        .inbox()
        .iter()
        .filter_map(|id| cur.message(*id))
        .filter(|r| r.notified_at.is_none() && !r.drained && !r.undelivered)
        .count();
    if cur.not_in_history_count(name) != plain {
        return Err(format!("{name}'s 'not in history yet' count is wrong"));
    }
    let mut texts: Vec<&str> = member
        .history()
        .iter()
        .filter(|e| e.is_notification())
        .map(|e| e.text.as_str())
        .collect();
    let all = texts.len();
    texts.sort_unstable();
    texts.dedup();
    if texts.len() != all {
        return Err(format!("{name}'s history holds a notification twice"));
    }
    Ok(())
}

/// M2, M3: a member's requests never carry fewer messages than its earlier ones (the history
/// only grows), which `requests_containing`'s binary search relies on; and that search agrees
/// with the plain definition.
fn requests_only_grow(cur: &TeamState, member: &MemberState) -> Result<(), String> {
    let name = member.name();
    let sent = cur.member_requests(name);
    if sent
        .windows(2)
        .any(|w| w[0].request.messages.len() > w[1].request.messages.len())
    {
        return Err(format!("{name}'s requests shrink"));
    }
    for id in member.inbox().iter() {
        let plain: Vec<RequestId> = match cur.message(*id).and_then(|r| r.notified_at) {
            None => Vec::new(),
            Some(at) => sent
                .iter()
                .filter(|r| r.request.messages.len() > at)
                .map(|r| r.request.id)
                .collect(),
        };
        if cur.requests_containing(*id) != plain {
            return Err(format!("the requests holding {id} are miscounted"));
        }
    }
    Ok(())
}

/// L2, M7, T5: budgets and limits hold, and a candidate exists only inside a round.
fn within_limits(cur: &TeamState, member: &MemberState) -> Result<(), String> {
    let name = member.name();
    let limits = &cur.config().limits;
    if member.deliveries_used() > member.delivery_budget() {
        return Err(format!("{name} passed its delivery budget"));
    }
    if member.history().len() > limits.history_entries {
        return Err(format!("{name}'s history passed its limit"));
    }
    match member.round() {
        Some(round)
            if round.requests_used > limits.request_budget
                || round.retries_used > limits.retry_budget =>
        {
            Err(format!("{name} passed a request or retry budget"))
        }
        None if member.candidate().is_some() => {
            Err(format!("{name} holds a candidate outside a round"))
        }
        _ => Ok(()),
    }
}

/// T5: a busy member never starts a second round.
fn one_round_at_a_time(prev: &TeamState, events: &[Event]) -> Result<(), String> {
    let mut busy: Vec<&str> = prev
        .members()
        .values()
        .filter(|m| m.busy())
        .map(MemberState::name)
        .collect();
    for event in events {
        match &event.kind {
            EventKind::RoundStarted { member, .. } => {
                if busy.contains(&member.as_str()) {
                    return Err(format!("{member} started a second round"));
                }
                busy.push(member);
            }
            EventKind::RoundFinished { member, .. } => busy.retain(|m| m != member),
            EventKind::RosterRestored { .. } => busy.clear(),
            _ => {}
        }
    }
    Ok(())
}

/// P1, P5: a request id leaves `pending` at most once, and a decision never changes.
fn decisions_are_final(prev: &TeamState, cur: &TeamState, events: &[Event]) -> Result<(), String> {
    let mut decided: Vec<&str> = Vec::new();
    for event in events {
        if let EventKind::ProtocolDecided { request_id, .. } = &event.kind {
            let was_decided = prev
                .protocol()
                .get(request_id)
                .is_some_and(|p| p.status != ProtocolStatus::Pending);
            if was_decided || decided.contains(&request_id.as_str()) {
                return Err(format!("{request_id} was decided twice"));
            }
            decided.push(request_id);
        }
    }
    for (id, before) in prev.protocol() {
        let restored = events
            .iter()
            .any(|e| matches!(e.kind, EventKind::RosterRestored { .. }));
        if before.status != ProtocolStatus::Pending && !restored {
            let now = cur.protocol().get(id).map(|p| p.status);
            if now != Some(before.status) {
                return Err(format!("the decision on {id} changed"));
            }
        }
    }
    Ok(())
}

/// Refusals are events a learner reads: each says why.
fn refusals_say_why(events: &[Event]) -> Result<(), String> {
    for event in events {
        if let EventKind::Refused { refusal } = &event.kind {
            if refusal.reason.chars().count() <= 10 {
                return Err(format!("refusal {:?} does not say why", refusal.code));
            }
        }
    }
    Ok(())
}
