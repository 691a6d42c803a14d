//! The reducer: how one event changes a [`TeamState`]. It is a pure function of (state, event)
//! and makes no decisions: the team decides and emits events, and the timeline replays the same
//! events through this same code, so "the state after event N" is exact for every N.

use std::sync::Arc;

use super::event::{Event, EventKind};
use super::history::HistoryEntry;
use super::mailbox::{find_message, MessageId, MessageRecord, Receipt};
use super::model::{ModelReply, RequestId};
use super::prompt_cache::PromptCache;
use super::roster::{Lifecycle, MemberState, MemberStatus, RoundOutcome, RoundState};
use super::snapshot::RosterSnapshot;
use super::sorted_map::SortedMap;
use super::state::{RequestStatus, SentRequest, TeamState};

impl TeamState {
    /// Applies one event. See the module invariant. Each part of the reducer handles the events
    /// of one concept; this match routes every kind, so a new kind must be routed here.
    pub(crate) fn evolve(&mut self, event: &Event) {
        use EventKind::*;
        self.event_count += 1;
        self.now = event.time;
        match &event.kind {
            MessageQueued { .. }
            | ResendIgnored { .. }
            | ReportCut { .. }
            | Refused { .. }
            | InboxDrained { .. }
            | CandidatePrepared { .. }
            | CandidateDiscarded { .. }
            | HistoryCommitted { .. } => self.evolve_mail_and_history(event),
            ModelRequested { .. }
            | RetryScheduled { .. }
            | ModelReplied { .. }
            | ModelFailed { .. }
            | ToolExecuted { .. }
            | FileWritten { .. } => self.evolve_model_and_tools(event),
            LockAcquired { .. }
            | LockReleased { .. }
            | LockWaiting { .. }
            | ProtocolOpened { .. }
            | ProtocolDecided { .. }
            | ShouldExitSet { .. } => self.evolve_lock_and_protocol(event),
            MemberSpawned { .. }
            | RoundStarted { .. }
            | RoundFinished { .. }
            | StatusChanged { .. }
            | MemberRecalled { .. }
            | RosterRestored { .. }
            | TeamDisbanded { .. }
            | FaultArmed { .. }
            | FaultStruck { .. }
            | TogglesChanged { .. } => self.evolve_roster(event),
        }
    }

    /// M1, M4-M6: records stored, candidates prepared, discarded and committed.
    fn evolve_mail_and_history(&mut self, event: &Event) {
        match &event.kind {
            EventKind::MessageQueued { record } => {
                self.messages.push(Arc::clone(record));
                if let Some(m) = self.members.get_mut(&record.to) {
                    m.inbox.push(record.id);
                }
                if let Some(key) = &record.idempotency_key {
                    let receipt = Receipt {
                        message_id: record.id,
                        to: record.to.clone(),
                        state: super::mailbox::ReceiptState::Queued,
                    };
                    let receipts = Arc::make_mut(&mut self.idempotency);
                    receipts.or_insert_with(record.from.clone(), SortedMap::new);
                    if let Some(keys) = receipts.get_mut(&record.from) {
                        keys.insert(key.clone(), receipt);
                    }
                }
            }
            EventKind::ResendIgnored { .. }
            | EventKind::ReportCut { .. }
            | EventKind::Refused { .. } => {}
            EventKind::InboxDrained {
                member,
                message_ids,
            } => {
                for id in message_ids {
                    self.mark_drained(*id);
                }
                self.advance_scan(member);
            }
            EventKind::CandidatePrepared { member, candidate } => {
                if let Some(m) = self.members.get_mut(member) {
                    m.candidate = Some(candidate.clone());
                }
            }
            EventKind::CandidateDiscarded { member, .. } => {
                if let Some(m) = self.members.get_mut(member) {
                    m.candidate = None;
                }
            }
            EventKind::HistoryCommitted { member, .. } => {
                let Some(candidate) = self
                    .members
                    .get_mut(member)
                    .and_then(|m| m.candidate.take())
                else {
                    return;
                };
                for entry in candidate.entries {
                    self.append_entry(member, entry);
                }
                if let Some(round) = self.round_of(member) {
                    round.pending_prompt = None;
                }
                self.advance_scan(member);
            }
            // Routed to another part by `evolve`.
            _ => {}
        }
    }

    /// M3, L2: requests, replies, retries, failures and tool results.
    fn evolve_model_and_tools(&mut self, event: &Event) {
        match &event.kind {
            EventKind::ModelRequested { request } => {
                self.requests.push(Arc::new(SentRequest {
                    request: request.clone(),
                    status: RequestStatus::InFlight,
                    finished_at: None,
                    reply: None,
                    error: None,
                }));
                if let Some(m) = self.members.get_mut(&request.member) {
                    m.requests.push(request.id);
                    if let Some(round) = m.round_mut() {
                        if request.attempt == 0 {
                            round.requests_used += 1;
                        }
                        round.in_flight = Some(request.id);
                    }
                }
            }
            EventKind::RetryScheduled { member, .. } => {
                if let Some(round) = self.round_of(member) {
                    round.retries_used += 1;
                }
            }
            EventKind::ModelReplied {
                member,
                request_id,
                reply,
            } => {
                self.finish_request(
                    *request_id,
                    RequestStatus::Replied,
                    Some(reply.clone()),
                    None,
                    event.time,
                );
                if let Some(round) = self.round_of(member) {
                    round.in_flight = None;
                }
                self.append_entry(member, HistoryEntry::assistant(reply));
            }
            EventKind::ModelFailed {
                member,
                request_id,
                error,
                ..
            } => {
                self.finish_request(
                    *request_id,
                    RequestStatus::Failed,
                    None,
                    Some(error.clone()),
                    event.time,
                );
                if let Some(round) = self.round_of(member) {
                    round.in_flight = None;
                }
            }
            EventKind::ToolExecuted {
                member,
                call_id,
                tool,
                result,
                is_error,
                notifies,
                ..
            } => {
                self.append_entry(
                    member,
                    HistoryEntry::tool_result(call_id, tool, result, *is_error, notifies.clone()),
                );
                self.advance_scan(member);
            }
            EventKind::FileWritten { path, content, .. } => {
                self.files.insert(path.clone(), content.clone());
            }
            // Routed to another part by `evolve`.
            _ => {}
        }
    }

    /// T6, P1-P3: the host's lock and the protocol tracker.
    fn evolve_lock_and_protocol(&mut self, event: &Event) {
        match &event.kind {
            EventKind::LockAcquired { member } => {
                self.lock_holder = Some(member.clone());
                self.lock_waiters.retain(|w| w != member);
                if let Some(m) = self.members.get_mut(member) {
                    if m.waiting_for_lock() {
                        m.lifecycle = Lifecycle::Idle;
                    }
                }
            }
            // Only the holder's release frees the lock; any other release changes nothing.
            EventKind::LockReleased { member } if self.lock_holder.as_ref() == Some(member) => {
                self.lock_holder = None;
            }
            EventKind::LockWaiting { member, prompt, .. } => {
                self.lock_waiters.push(member.clone());
                if let Some(m) = self.members.get_mut(member) {
                    m.lifecycle = Lifecycle::WaitingForLock {
                        prompt: prompt.clone(),
                    };
                }
            }
            EventKind::ProtocolOpened { request } => {
                self.protocol.insert(request.id.clone(), request.clone());
            }
            EventKind::ProtocolDecided {
                request_id,
                status,
                note,
                ..
            } => {
                if let Some(r) = self.protocol.get_mut(request_id) {
                    r.status = *status;
                    r.response = Some(note.clone());
                    r.decided_at = Some(event.time);
                }
            }
            EventKind::ShouldExitSet { member, .. } => {
                if let Some(round) = self.round_of(member) {
                    round.should_exit = true;
                }
            }
            // Routed to another part by `evolve`.
            _ => {}
        }
    }

    /// T1, L1, L3, L4: members, rounds, statuses, restores, disbanding, faults, modes.
    fn evolve_roster(&mut self, event: &Event) {
        match &event.kind {
            EventKind::MemberSpawned { config } => {
                let budget = config
                    .delivery_budget
                    .unwrap_or(self.config.limits.delivery_budget);
                self.members.insert(
                    config.name.clone(),
                    MemberState::new(
                        &config.name,
                        &config.role,
                        config.kind,
                        budget,
                        MemberStatus::Offline,
                    ),
                );
                self.order.push(config.name.clone());
                // P4: every prompt names the others, so the roster's entries and every
                // member's prompt are built again (at the next request) with the newcomer.
                self.roster_entries = PromptCache::default();
                for m in self.members.values_mut() {
                    m.system = PromptCache::default();
                }
            }
            EventKind::RoundStarted {
                member,
                delivery,
                prompt,
                ..
            } => {
                if let Some(m) = self.members.get_mut(member) {
                    m.deliveries_used = *delivery;
                    m.lifecycle = Lifecycle::Working(RoundState {
                        delivery: *delivery,
                        requests_used: 0,
                        retries_used: 0,
                        in_flight: None,
                        should_exit: false,
                        pending_prompt: prompt.clone(),
                    });
                }
            }
            EventKind::RoundFinished {
                member, outcome, ..
            } => {
                if let Some(m) = self.members.get_mut(member) {
                    m.lifecycle = Lifecycle::resting(outcome.status());
                    m.candidate = None;
                    if matches!(outcome, RoundOutcome::Answered | RoundOutcome::Shutdown) {
                        m.deliveries_completed += 1;
                    }
                }
            }
            EventKind::StatusChanged { member, to, .. } => {
                // Spawn and disband rest the member in the named status; a round's start and
                // end move the lifecycle with their own events, so a working member is left as
                // it is.
                if let Some(m) = self.members.get_mut(member) {
                    if !m.busy() && *to != MemberStatus::Working {
                        m.lifecycle = Lifecycle::resting(*to);
                    }
                }
            }
            EventKind::MemberRecalled { member, .. } => {
                if let Some(m) = self.members.get_mut(member) {
                    m.lifecycle = Lifecycle::Idle;
                    m.history_loaded = true;
                }
            }
            EventKind::RosterRestored { snapshot } => {
                let count = self.event_count;
                *self = RosterSnapshot::of(&snapshot.state).state;
                self.event_count = count;
                self.now = event.time;
            }
            EventKind::TeamDisbanded { undelivered } => {
                for record in undelivered {
                    if let Some(r) = self.message_mut(record.id) {
                        r.undelivered = true;
                    }
                }
                self.disbanded = true;
            }
            EventKind::FaultArmed { member, fault } => {
                if let Some(m) = self.members.get_mut(member) {
                    m.armed_fault = Some(*fault);
                }
            }
            EventKind::FaultStruck { member, .. } => {
                if let Some(m) = self.members.get_mut(member) {
                    m.armed_fault = None;
                }
            }
            EventKind::TogglesChanged { toggles } => {
                self.toggles = *toggles;
            }
            // Routed to another part by `evolve`.
            _ => {}
        }
    }

    /// The current round of `member`, if it is working.
    fn round_of(&mut self, member: &str) -> Option<&mut RoundState> {
        self.members
            .get_mut(member)
            .and_then(MemberState::round_mut)
    }

    /// The record with this id (ids are dense: `m1` is at index 0), copied on write.
    fn message_mut(&mut self, id: MessageId) -> Option<&mut MessageRecord> {
        let index = usize::try_from(id.0).ok()?.checked_sub(1)?;
        self.messages.get_mut(index).map(Arc::make_mut)
    }

    /// M6: the record left the inbox view by a read.
    fn mark_drained(&mut self, id: MessageId) {
        if let Some(r) = self.message_mut(id) {
            r.drained = true;
        }
    }

    /// Records what became of a sent request (replied or failed) and when.
    fn finish_request(
        &mut self,
        id: RequestId,
        status: RequestStatus,
        reply: Option<ModelReply>,
        error: Option<String>,
        at: u64,
    ) {
        let Some(index) = usize::try_from(id.0).ok().and_then(|i| i.checked_sub(1)) else {
            return;
        };
        if let Some(sent) = self.requests.get_mut(index).map(Arc::make_mut) {
            sent.status = status;
            sent.finished_at = Some(at);
            sent.reply = reply;
            sent.error = error;
        }
    }

    /// Appends one entry to a history and keeps the dedup index and the records' positions.
    fn append_entry(&mut self, member: &str, entry: HistoryEntry) {
        let Some(m) = self.members.get_mut(member) else {
            return;
        };
        let index = m.history.len();
        if entry.is_notification() {
            Arc::make_mut(&mut m.notified_index)
                .insert((super::roster::text_hash(&entry.text), index));
        }
        let notifies = entry.notifies.clone();
        m.history.push(Arc::new(entry));
        for id in notifies {
            if let Some(r) = self.message_mut(id) {
                if r.notified_at.is_none() {
                    r.notified_at = Some(index);
                }
            }
        }
    }

    /// Moves the member's dedup cursor past the inbox records that are settled.
    fn advance_scan(&mut self, member: &str) {
        let Some(m) = self.members.get(member) else {
            return;
        };
        let mut cursor = m.scan_from;
        while let Some(id) = m.inbox.get(cursor) {
            match find_message(&self.messages, *id) {
                Some(r) if r.notified_at.is_some() || r.drained => cursor += 1,
                _ => break,
            }
        }
        if let Some(m) = self.members.get_mut(member) {
            m.scan_from = cursor;
        }
    }
}
