//! The engine's invariants as one executable check, run after every [`Team::apply`] in native
//! debug builds (so every native test, property test and lesson exercises it) and called by the
//! property tests, which read the whole state after every step. A violation is a bug in the engine, never bad input: inputs are refused
//! with events, they cannot break these.
//!
//! [`Team::apply`]: crate::Team::apply

use super::event::{Event, EventKind};
use super::mailbox::{MessageId, MessageRecord, Position};
use super::model::RequestId;
use super::protocol::ProtocolStatus;
use super::roster::{MemberState, MemberStatus};
use super::state::TeamState;
use std::sync::Arc;

/// How much of the state a check reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// The members and records the step's events name: what runs after every apply, so a step
    /// costs what it changed, not the whole team.
    Touched,
    /// Every member and every record (the property tests).
    Everything,
}

/// Checks that `cur`, the state after `events` were applied to `prev`, keeps every invariant,
/// reading what the events touched ([`Scope::Touched`]).
pub fn check(prev: &TeamState, cur: &TeamState, events: &[Event]) -> Result<(), String> {
    check_scoped(prev, cur, events, Scope::Touched)
}

/// [`check`], reading as much of the state as `scope` says.
pub fn check_scoped(
    prev: &TeamState,
    cur: &TeamState,
    events: &[Event],
    scope: Scope,
) -> Result<(), String> {
    let everyone = scope == Scope::Everything
        || events.iter().any(|e| {
            matches!(
                e.kind,
                EventKind::RosterRestored { .. } | EventKind::TeamDisbanded { .. }
            )
        });
    let named = if everyone {
        None
    } else {
        Some(named_records(events))
    };
    append_only(prev, cur, named.as_deref())?;
    for member in cur.members().values() {
        if everyone || history_changed(member.name(), events) {
            member_invariants(prev, cur, member, named.as_deref())?;
        } else if touched(member.name(), events) {
            within_limits(cur, member)?;
        }
    }
    one_round_at_a_time(prev, events)?;
    occupancy_is_set_under_the_lock(prev, events)?;
    decisions_are_final(prev, cur, events, scope == Scope::Everything)?;
    refusals_say_why(events)
}

/// The records the events name: stored, drained, prepared, committed, discarded or notified in
/// this step.
fn named_records(events: &[Event]) -> Vec<MessageId> {
    let mut ids = Vec::new();
    for event in events {
        match &event.kind {
            EventKind::MessageQueued { record } => ids.push(record.id),
            EventKind::InboxDrained { message_ids, .. }
            | EventKind::CandidateDiscarded { message_ids, .. }
            | EventKind::HistoryCommitted { message_ids, .. } => ids.extend(message_ids),
            EventKind::CandidatePrepared { candidate, .. } => ids.extend(&candidate.message_ids),
            EventKind::ToolExecuted { notifies, .. } => ids.extend(notifies),
            // A disband names every unread record, but a step with a disband (or a restore)
            // reads the whole state anyway (`everyone` in `check_scoped`).
            _ => {}
        }
    }
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Did these events change `name`'s history or its requests? Only then can its records'
/// positions or its requests change, so only then are they read again.
fn history_changed(name: &str, events: &[Event]) -> bool {
    events.iter().any(|e| {
        e.actor.as_deref() == Some(name)
            && matches!(
                e.kind,
                EventKind::HistoryCommitted { .. }
                    | EventKind::CandidatePrepared { .. }
                    | EventKind::CandidateDiscarded { .. }
                    | EventKind::InboxDrained { .. }
                    | EventKind::ModelRequested { .. }
                    | EventKind::ModelReplied { .. }
                    | EventKind::ToolExecuted { .. }
            )
    })
}

/// Did these events act for `name` or store a record for it?
fn touched(name: &str, events: &[Event]) -> bool {
    events.iter().any(|e| {
        e.actor.as_deref() == Some(name)
            || matches!(&e.kind, EventKind::MessageQueued { record } if record.to == name)
    })
}

/// M1: no inbox record ever disappears or changes what it says (of the `named` records, or of
/// all when `named` is None).
fn append_only(
    prev: &TeamState,
    cur: &TeamState,
    named: Option<&[MessageId]>,
) -> Result<(), String> {
    if cur.messages().len() < prev.messages().len() {
        return Err("a message record disappeared".into());
    }
    let same = |a: &MessageRecord, b: &MessageRecord| {
        (a.id, &a.from, &a.to, a.kind, &a.body) == (b.id, &b.from, &b.to, b.kind, &b.body)
    };
    let changed = match named {
        Some(ids) => ids.iter().copied().find(
            |id| matches!((prev.message(*id), cur.message(*id)), (Some(a), Some(b)) if !same(a, b)),
        ),
        None => prev
            .messages()
            .iter()
            .zip(cur.messages().iter())
            .find(|(a, b)| !Arc::ptr_eq(a, b) && !same(a, b))
            .map(|(a, _)| a.id),
    };
    match changed {
        Some(id) => Err(format!("message record {id} changed")),
        None => Ok(()),
    }
}

/// Every per-member check, for one member.
fn member_invariants(
    prev: &TeamState,
    cur: &TeamState,
    member: &MemberState,
    named: Option<&[MessageId]>,
) -> Result<(), String> {
    match named {
        Some(named) => step_invariants(prev, cur, member, named)?,
        None => {
            let ids: Vec<MessageId> = member.inbox().iter().copied().collect();
            records_are_where_they_say(cur, member, &ids)?;
            requests_only_grow(cur, member, &ids)?;
        }
    }
    within_limits(cur, member)
}

/// The per-member checks after one step, reading what the step added: the entries appended to
/// the history, the records the events name, the newest request. Everything before was checked
/// by the steps that made it.
fn step_invariants(
    prev: &TeamState,
    cur: &TeamState,
    member: &MemberState,
    named: &[MessageId],
) -> Result<(), String> {
    let name = member.name();
    let before = prev.member(name).map_or(0, |m| m.history().len());
    let mut added: Vec<MessageId> = member
        .history()
        .iter_from(before)
        .flat_map(|e| e.notifies.iter().copied())
        .collect();
    added.sort_unstable();
    if added.windows(2).any(|w| w[0] == w[1])
        || added
            .iter()
            .any(|id| prev.message(*id).is_some_and(|r| r.notified_at.is_some()))
    {
        return Err(format!("{name}'s history notifies a record twice (M4)"));
    }
    for id in member
        .inbox()
        .iter()
        .filter(|id| named.binary_search(id).is_ok())
    {
        let Some(record) = cur.message(*id) else {
            return Err(format!("{name}'s inbox names {id}, which does not exist"));
        };
        let holds = |at: usize| {
            member
                .history()
                .get(at)
                .is_some_and(|e| e.notifies.contains(id))
        };
        let consistent = match (cur.message_position(*id), record.notified_at) {
            (Some(Position::Committed | Position::InRequest(_)), Some(at)) => holds(at),
            (Some(Position::Lost), None) => record.drained,
            (Some(Position::Undelivered), None) => cur.disbanded(),
            (Some(Position::Undelivered), Some(at)) => cur.disbanded() && holds(at),
            (Some(Position::Queued | Position::InCandidate), None) => true,
            _ => false,
        };
        if !consistent {
            return Err(format!("{id} is not where its position says (M2)"));
        }
    }
    let requests = member.requests();
    let size = |i: usize| {
        requests
            .get(i)
            .and_then(|id| cur.request(*id))
            .map(|r| r.request.messages.len())
    };
    if let (Some(last), Some(before_last)) = (
        requests.len().checked_sub(1).and_then(size),
        requests.len().checked_sub(2).and_then(size),
    ) {
        if last < before_last {
            return Err(format!("{name}'s requests shrink (M3)"));
        }
    }
    Ok(())
}

/// M2, M4, M5: every record addressed to the member is committed exactly once, still waiting
/// (no copy), lost (drain mode), or reported unread at disband; no notification twice.
fn records_are_where_they_say(
    cur: &TeamState,
    member: &MemberState,
    ids: &[MessageId],
) -> Result<(), String> {
    let name = member.name();
    let mut notified: Vec<MessageId> = member
        .history()
        .iter()
        .flat_map(|e| e.notifies.iter().copied())
        .collect();
    notified.sort_unstable();
    if notified.windows(2).any(|w| w[0] == w[1]) {
        return Err(format!("{name}'s history notifies a record twice"));
    }
    for id in ids {
        let Some(record) = cur.message(*id) else {
            return Err(format!("{name}'s inbox names {id}, which does not exist"));
        };
        let first = notified.partition_point(|n| n < id);
        let copies = notified[first..].iter().take_while(|n| *n == id).count();
        let expected_copies = match cur.message_position(*id) {
            Some(Position::Committed | Position::InRequest(_)) => 1,
            Some(Position::Lost) if record.drained => 0,
            Some(Position::Undelivered) if cur.disbanded() => {
                usize::from(record.notified_at.is_some())
            }
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
fn requests_only_grow(
    cur: &TeamState,
    member: &MemberState,
    ids: &[MessageId],
) -> Result<(), String> {
    let name = member.name();
    let sent = cur.member_requests(name);
    if sent
        .windows(2)
        .any(|w| w[0].request.messages.len() > w[1].request.messages.len())
    {
        return Err(format!("{name}'s requests shrink"));
    }
    for id in ids {
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
    if !member.history_loaded() && member.status() != MemberStatus::Offline {
        return Err(format!(
            "{name} left offline without loading its stored history (L3)"
        ));
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

/// T6: a round starts only while its member holds the lock: occupancy is set between
/// `lock_acquired` and `lock_released`, never outside them.
fn occupancy_is_set_under_the_lock(prev: &TeamState, events: &[Event]) -> Result<(), String> {
    let mut holder: Option<&str> = prev.lock_holder();
    for event in events {
        match &event.kind {
            EventKind::LockAcquired { member } => holder = Some(member),
            EventKind::LockReleased { member } if holder == Some(member.as_str()) => holder = None,
            EventKind::RosterRestored { .. } => holder = None,
            EventKind::RoundStarted { member, .. } if holder != Some(member.as_str()) => {
                return Err(format!("{member}'s round started outside the lock (T6)"));
            }
            _ => {}
        }
    }
    Ok(())
}

/// P1, P5: a request id leaves `pending` at most once, and a decision never changes.
fn decisions_are_final(
    prev: &TeamState,
    cur: &TeamState,
    events: &[Event],
    everything: bool,
) -> Result<(), String> {
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
    // Only a decision event changes a decision (checked above); reading every earlier decision
    // again is the whole-state check's job.
    if !everything {
        return Ok(());
    }
    let restored = events
        .iter()
        .any(|e| matches!(e.kind, EventKind::RosterRestored { .. }));
    for (id, before) in prev.protocol() {
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
