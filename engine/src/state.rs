//! The queryable team state after N events, and the one reducer that changes it.
//!
//! **Invariant:** [`TeamState::evolve`] is the only code that mutates a state, and it is a pure
//! function of (state, event): it makes no decisions. [`Team`](super::team::Team) decides what
//! happens and emits events; the timeline replays the same events through the same reducer.
//! That is why "state after event N" is exact for every N, mid-command included.

use super::config::{MemberKind, TeamConfig, Toggles};
use super::event::{Event, EventKind};
use super::history::{message, HistoryEntry};
use super::mailbox::{MessageId, MessageRecord, Position, Receipt};
use super::model::{ModelReply, ModelRequest, RequestId, ToolSpec};
use super::persist::PVec;
use super::protocol::{ProtocolRequest, Tracker};
use super::roster::{Lifecycle, MemberState, MemberStatus, RoundOutcome, RoundState};
use super::sorted_map::ByName;
use super::tools;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RequestStatus {
    InFlight,
    Replied,
    Failed,
    /// The page reloaded while the request was in flight; its reply will be refused.
    Abandoned,
}

/// A sent model request and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SentRequest {
    pub request: ModelRequest,
    pub status: RequestStatus,
    pub finished_at: Option<u64>,
    pub reply: Option<ModelReply>,
    pub error: Option<String>,
}

/// The whole team after some prefix of the event log. Fields are private to the engine: the
/// getters lend them out, and only [`TeamState::evolve`] changes them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeamState {
    /// In an `Arc`: the config never changes after the start, so checkpoints share it.
    pub(crate) config: Arc<TeamConfig>,
    /// Current contrast modes (a lesson may switch them between acts).
    pub(crate) toggles: Toggles,
    pub(crate) members: ByName<MemberState>,
    /// Roster order for display: the configured members, then spawned ones.
    pub(crate) order: Vec<String>,
    /// The lead's name.
    pub(crate) lead: String,
    /// Every message record ever stored (M1: append-only; `m1` is at index 0).
    pub(crate) messages: PVec<Arc<MessageRecord>>,
    /// Every model request ever sent (`r1` is at index 0).
    pub(crate) requests: PVec<Arc<SentRequest>>,
    /// P1: the protocol tracker.
    pub(crate) protocol: Tracker,
    /// K3: the virtual file system.
    pub(crate) files: ByName<String>,
    /// M8: the first receipt per sender and idempotency key.
    pub(crate) idempotency: Arc<ByName<ByName<Receipt>>>,
    /// T6: who holds the host's lock, and who waits for it (hold-lock mode only).
    pub(crate) lock_holder: Option<String>,
    /// Members waiting for the lock, first come first served.
    pub(crate) lock_waiters: Vec<String>,
    /// L4: the team was disbanded; nothing more happens to it.
    pub(crate) disbanded: bool,
    /// Events applied so far (the next event's `seq`).
    pub(crate) event_count: usize,
    /// Logical time of the last event.
    pub(crate) now: u64,
    /// K1, K2: the tool lists, built once per state.
    pub(crate) lead_tools: Arc<Vec<ToolSpec>>,
    pub(crate) teammate_tools: Arc<Vec<ToolSpec>>,
}

/// L3: what survives a page reload (browser storage). Choice: the whole record of the team
/// (histories, inboxes, tracker, files, the request log) with every transient part cleared:
/// members offline, no round, no candidate, no lock, in-flight requests abandoned.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RosterSnapshot {
    pub version: u32,
    pub state: TeamState,
}

impl RosterSnapshot {
    pub const VERSION: u32 = 1;

    pub fn of(state: &TeamState) -> RosterSnapshot {
        let mut state = state.clone();
        for member in state.members.values_mut() {
            member.lifecycle = Lifecycle::Offline;
            member.candidate = None;
            member.armed_fault = None;
        }
        state.lock_holder = None;
        state.lock_waiters.clear();
        let in_flight: Vec<usize> = state
            .requests
            .iter()
            .enumerate()
            .filter(|(_, r)| r.status == RequestStatus::InFlight)
            .map(|(i, _)| i)
            .collect();
        for index in in_flight {
            if let Some(r) = state.requests.get_mut(index) {
                Arc::make_mut(r).status = RequestStatus::Abandoned;
            }
        }
        RosterSnapshot {
            version: Self::VERSION,
            state,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<RosterSnapshot, String> {
        let snapshot: RosterSnapshot = serde_json::from_str(text)
            .map_err(|e| format!("the stored roster cannot be read: {e}"))?;
        if snapshot.version != Self::VERSION {
            return Err(format!(
                "the stored roster has version {}, this playground reads version {}",
                snapshot.version,
                Self::VERSION
            ));
        }
        Ok(snapshot)
    }
}

impl TeamState {
    /// M8: the first receipt of `from`'s send with idempotency `key`, if there was one.
    pub fn receipt_for_key(&self, from: &str, key: &str) -> Option<&Receipt> {
        self.idempotency.get(from).and_then(|keys| keys.get(key))
    }

    /// The state before any event. The configured members are registered by the host and
    /// start idle. The config must be valid ([`TeamConfig::validate`]).
    pub fn new(config: TeamConfig) -> TeamState {
        let mut members = ByName::new();
        let mut order = Vec::new();
        let mut lead = String::new();
        for m in &config.members {
            let budget = m.delivery_budget.unwrap_or(config.limits.delivery_budget);
            members.insert(
                m.name.clone(),
                MemberState::new(&m.name, &m.role, m.kind, budget, MemberStatus::Idle),
            );
            order.push(m.name.clone());
            if m.kind == MemberKind::Lead && lead.is_empty() {
                lead = m.name.clone();
            }
        }
        TeamState {
            toggles: config.toggles,
            files: config.files.clone(),
            lead_tools: Arc::new(tools::specs_for(MemberKind::Lead, config.allow_write)),
            teammate_tools: Arc::new(tools::specs_for(MemberKind::Teammate, config.allow_write)),
            config: Arc::new(config),
            members,
            order,
            lead,
            messages: PVec::new(),
            requests: PVec::new(),
            protocol: Tracker::new(),
            idempotency: Arc::default(),
            lock_holder: None,
            lock_waiters: Vec::new(),
            disbanded: false,
            event_count: 0,
            now: 0,
        }
    }

    // ----- queries (what the UI reads) -----

    /// The configuration the team started from.
    pub fn config(&self) -> &TeamConfig {
        &self.config
    }

    /// The contrast modes in force (M6, T6).
    pub fn toggles(&self) -> Toggles {
        self.toggles
    }

    /// Every member, keyed by name.
    pub fn members(&self) -> &ByName<MemberState> {
        &self.members
    }

    /// Member names in roster order (configured members, then spawned ones).
    pub fn order(&self) -> &[String] {
        &self.order
    }

    /// Every message record ever stored, `m1` first (M1: append-only).
    pub fn messages(&self) -> &PVec<Arc<MessageRecord>> {
        &self.messages
    }

    /// Every model request ever sent, `r1` first.
    pub fn requests(&self) -> &PVec<Arc<SentRequest>> {
        &self.requests
    }

    /// P1: the protocol tracker, by request id.
    pub fn protocol(&self) -> &Tracker {
        &self.protocol
    }

    /// K3: the lesson's virtual files.
    pub fn files(&self) -> &ByName<String> {
        &self.files
    }

    /// T6: who holds the host's lock.
    pub fn lock_holder(&self) -> Option<&str> {
        self.lock_holder.as_deref()
    }

    /// T6: who waits for the lock (hold-lock mode), first come first served.
    pub fn lock_waiters(&self) -> &[String] {
        &self.lock_waiters
    }

    /// L4: whether the team was disbanded.
    pub fn disbanded(&self) -> bool {
        self.disbanded
    }

    /// How many events made this state.
    pub fn event_count(&self) -> usize {
        self.event_count
    }

    /// Logical time of the last event.
    pub fn now(&self) -> u64 {
        self.now
    }

    pub fn member(&self, name: &str) -> Option<&MemberState> {
        self.members.get(name)
    }

    pub fn members_in_order(&self) -> impl Iterator<Item = &MemberState> + '_ {
        self.order.iter().filter_map(|name| self.members.get(name))
    }

    pub fn lead_name(&self) -> &str {
        &self.lead
    }

    pub fn holds_lock(&self, name: &str) -> bool {
        self.lock_holder.as_deref() == Some(name)
    }

    pub fn message(&self, id: MessageId) -> Option<&MessageRecord> {
        message(&self.messages, id)
    }

    pub fn request(&self, id: RequestId) -> Option<&SentRequest> {
        let index = usize::try_from(id.0).ok()?.checked_sub(1)?;
        self.requests.get(index).map(|shared| &**shared)
    }

    /// Every request `name` sent, in order.
    pub fn member_requests(&self, name: &str) -> Vec<&SentRequest> {
        self.members
            .get(name)
            .map(|m| {
                m.requests
                    .iter()
                    .filter_map(|id| self.request(*id))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The records addressed to `name`, in arrival order (drained ones included).
    pub fn inbox_of(&self, name: &str) -> Vec<&MessageRecord> {
        self.members
            .get(name)
            .map(|m| m.inbox.iter().filter_map(|id| self.message(*id)).collect())
            .unwrap_or_default()
    }

    /// The records in `name`'s inbox that no history holds yet and that are still waiting
    /// (neither drained nor reported undelivered): "queued is not seen" as a number. Scans only
    /// past the member's settled prefix (`scan_from`), so it costs the pending mail, not the
    /// whole inbox.
    pub fn not_in_history_count(&self, name: &str) -> usize {
        let Some(member) = self.members.get(name) else {
            return 0;
        };
        member
            .inbox
            .iter_from(member.scan_from)
            .filter_map(|id| self.message(*id))
            .filter(|r| r.notified_at.is_none() && !r.drained && !r.undelivered)
            .count()
    }

    /// M7: the count the inbox limit applies to.
    pub fn inbox_count(&self, name: &str) -> usize {
        let Some(member) = self.members.get(name) else {
            return 0;
        };
        if self.toggles.drain_on_read {
            member
                .inbox
                .iter()
                .filter(|id| self.message(**id).is_some_and(|r| !r.drained))
                .count()
        } else {
            member.inbox.len()
        }
    }

    /// M2: where message `id` is now.
    pub fn message_position(&self, id: MessageId) -> Option<Position> {
        let record = self.message(id)?;
        if record.notified_at.is_some() {
            let requests = self.requests_containing(id);
            return Some(if requests.is_empty() {
                Position::Committed
            } else {
                Position::InRequest(requests)
            });
        }
        let in_candidate = self
            .members
            .get(&record.to)
            .and_then(|m| m.candidate.as_ref())
            .is_some_and(|c| c.message_ids.contains(&id));
        Some(if in_candidate {
            Position::InCandidate
        } else if record.drained {
            Position::Lost
        } else if record.undelivered {
            Position::Undelivered
        } else {
            Position::Queued
        })
    }

    /// M2: the sent requests whose messages include the notification of `id`.
    pub fn requests_containing(&self, id: MessageId) -> Vec<RequestId> {
        let Some(record) = self.message(id) else {
            return Vec::new();
        };
        let Some(at) = record.notified_at else {
            return Vec::new();
        };
        let Some(member) = self.members.get(&record.to) else {
            return Vec::new();
        };
        // A member's history only grows (append-only, never truncated, restored whole), so the
        // message counts of its requests never decrease: the requests holding entry `at` are a
        // suffix, found by binary search. `props_engine` checks that the counts never decrease.
        let ids = &member.requests;
        let holds = |i: usize| {
            ids.get(i)
                .and_then(|id| self.request(*id))
                .is_some_and(|r| r.request.messages.len() > at)
        };
        let (mut lo, mut hi) = (0, ids.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if holds(mid) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        ids.iter_from(lo)
            .filter_map(|id| self.request(*id))
            .map(|r| r.request.id)
            .collect()
    }

    /// L4: the unread records reported at disband, if the team was disbanded.
    pub fn disband_report(&self) -> Option<Vec<&MessageRecord>> {
        self.disbanded.then(|| {
            self.messages
                .iter()
                .filter(|r| r.undelivered)
                .map(|r| &**r)
                .collect()
        })
    }

    pub fn protocol_requests(&self) -> impl Iterator<Item = &ProtocolRequest> + '_ {
        self.protocol.values()
    }

    pub fn tools_of(&self, kind: MemberKind) -> Arc<Vec<ToolSpec>> {
        match kind {
            MemberKind::Lead => self.lead_tools.clone(),
            MemberKind::Teammate => self.teammate_tools.clone(),
        }
    }

    pub fn any_busy(&self) -> bool {
        self.members
            .values()
            .any(|m| m.busy() || m.waiting_for_lock())
    }

    // ----- the reducer -----

    /// Applies one event. See the module invariant.
    pub(crate) fn evolve(&mut self, event: &Event) {
        self.event_count += 1;
        self.now = event.time;
        match &event.kind {
            EventKind::MessageQueued { record } => {
                self.messages.push(Arc::new(record.clone()));
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
                    receipts.or_insert_with(record.from.clone(), ByName::new);
                    if let Some(keys) = receipts.get_mut(&record.from) {
                        keys.insert(key.clone(), receipt);
                    }
                }
            }
            EventKind::ResendIgnored { .. }
            | EventKind::Refused { .. }
            | EventKind::MemberRecalled { .. } => {}
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
                if let Some(round) = self
                    .members
                    .get_mut(member)
                    .and_then(MemberState::round_mut)
                {
                    round.pending_prompt = None;
                }
                self.advance_scan(member);
            }
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
                if let Some(round) = self
                    .members
                    .get_mut(member)
                    .and_then(MemberState::round_mut)
                {
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
                if let Some(round) = self
                    .members
                    .get_mut(member)
                    .and_then(MemberState::round_mut)
                {
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
                if let Some(round) = self
                    .members
                    .get_mut(member)
                    .and_then(MemberState::round_mut)
                {
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
            EventKind::LockAcquired { member } => {
                self.lock_holder = Some(member.clone());
                self.lock_waiters.retain(|w| w != member);
                if let Some(m) = self.members.get_mut(member) {
                    if m.waiting_for_lock() {
                        m.lifecycle = Lifecycle::Idle;
                    }
                }
            }
            EventKind::LockReleased { member } => {
                if self.lock_holder.as_ref() == Some(member) {
                    self.lock_holder = None;
                }
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
                if let Some(round) = self
                    .members
                    .get_mut(member)
                    .and_then(MemberState::round_mut)
                {
                    round.should_exit = true;
                }
            }
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
                // A round's start and end already moved the lifecycle (the round is the
                // working stage); this event only narrates them. Other changes (recall,
                // disband) rest the member in the named status.
                if let Some(m) = self.members.get_mut(member) {
                    if !m.busy() && *to != MemberStatus::Working {
                        m.lifecycle = Lifecycle::resting(*to);
                    }
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
        }
    }

    fn message_mut(&mut self, id: MessageId) -> Option<&mut MessageRecord> {
        let index = usize::try_from(id.0).ok()?.checked_sub(1)?;
        self.messages.get_mut(index).map(Arc::make_mut)
    }

    fn mark_drained(&mut self, id: MessageId) {
        if let Some(r) = self.message_mut(id) {
            r.drained = true;
        }
    }

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
            match message(&self.messages, *id) {
                Some(r) if r.notified_at.is_some() || r.drained => cursor += 1,
                _ => break,
            }
        }
        if let Some(m) = self.members.get_mut(member) {
            m.scan_from = cursor;
        }
    }
}
