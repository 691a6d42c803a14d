//! The queryable team state after N events, and the one reducer that changes it.
//!
//! **Invariant:** [`TeamState::evolve`] is the only code that mutates a state, and it is a pure
//! function of (state, event): it makes no decisions. [`Team`](super::team::Team) decides what
//! happens and emits events; the timeline replays the same events through the same reducer.
//! That is why "state after event N" is exact for every N, mid-command included.

use super::config::{TeamConfig, Toggles};
use super::mailbox::find_message;
use super::mailbox::{MessageId, MessageRecord, Position, Receipt};
use super::members::Members;
use super::model::{ModelReply, RequestId, ToolSpec};
use super::persist::PVec;
use super::prompt_cache::{PromptCache, RosterEntries};
use super::protocol::{ProtocolRequest, Tracker};
use super::request::ModelRequest;
use super::roster::{MemberState, MemberStatus};
use super::sorted_map::SortedMap;
use super::tool_table::{self, MemberKind, ToolName};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

named_enum! {
    /// What became of a sent model request.
    pub enum RequestStatus {
        /// Sent; waiting for the driver's reply or failure.
        InFlight = "in_flight",
        /// The reply was stored in the member's history.
        Replied = "replied",
        /// The request failed, or its reply was refused.
        Failed = "failed",
        /// The page reloaded while the request was in flight; its reply will be refused.
        Abandoned = "abandoned",
    }
}

/// A sent model request and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SentRequest {
    /// Exactly what was sent (M3: it never changes afterwards).
    pub request: ModelRequest,
    /// In flight, replied, failed or abandoned.
    pub status: RequestStatus,
    /// Logical time of the reply or failure.
    pub finished_at: Option<u64>,
    /// The reply, once replied.
    pub reply: Option<ModelReply>,
    /// What went wrong, once failed.
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
    /// T1: every member record, by name (a lookup by name costs the same at any team size).
    pub(crate) members: Members,
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
    pub(crate) files: SortedMap<String, String>,
    /// M8: the first receipt per sender and idempotency key.
    pub(crate) idempotency: Arc<SortedMap<String, SortedMap<String, Receipt>>>,
    /// T6: who holds the host's lock (briefly in every round; for the whole round in
    /// hold-lock mode).
    pub(crate) lock_holder: Option<String>,
    /// T6: members waiting for the lock (hold-lock mode only), first come first served.
    pub(crate) lock_waiters: Vec<String>,
    /// L4: the team was disbanded; nothing more happens to it.
    pub(crate) disbanded: bool,
    /// Events applied so far (the next event's `seq`).
    pub(crate) event_count: usize,
    /// Logical time of the last event.
    pub(crate) now: u64,
    /// K1, K2: the tool lists, built once per state.
    pub(crate) lead_tools: Arc<Vec<ToolSpec>>,
    /// K2: the teammates' tool list.
    pub(crate) teammate_tools: Arc<Vec<ToolSpec>>,
    /// K1, K2: the lists of configured members offered fewer tools than their kind has.
    pub(crate) member_tools: Arc<SortedMap<String, OwnTools>>,
    /// P4: the roster as the system prompts list it, built once per roster (derived, never
    /// stored; see [`prompt_cache`](super::prompt_cache)).
    #[serde(skip)]
    pub(crate) roster_entries: PromptCache<RosterEntries>,
}

/// K1, K2: a member's own tool list: the names it may call and the specs it is offered.
type OwnTools = (Vec<ToolName>, Arc<Vec<ToolSpec>>);

impl TeamState {
    /// M8: the first receipt of `from`'s send with idempotency `key`, if there was one.
    pub fn receipt_for_key(&self, from: &str, key: &str) -> Option<&Receipt> {
        self.idempotency.get(from).and_then(|keys| keys.get(key))
    }

    /// The state before any event. The configured members are registered by the host and
    /// start idle. The config must be valid ([`TeamConfig::validate`]).
    pub fn new(config: TeamConfig) -> TeamState {
        let mut members = Members::default();
        let mut order = Vec::new();
        let mut lead = String::new();
        let mut member_tools = SortedMap::new();
        for m in config.members.iter().filter(|m| m.tools.is_some()) {
            let names = m.offered_tools(config.allow_write);
            let specs = names
                .iter()
                .map(|t| tool_table::spec(m.kind, *t, config.lang))
                .collect();
            member_tools.insert(m.name.clone(), (names, Arc::new(specs)));
        }
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
            lead_tools: Arc::new(tool_table::specs_for(
                MemberKind::Lead,
                config.allow_write,
                config.lang,
            )),
            teammate_tools: Arc::new(tool_table::specs_for(
                MemberKind::Teammate,
                config.allow_write,
                config.lang,
            )),
            member_tools: Arc::new(member_tools),
            roster_entries: PromptCache::default(),
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
    pub fn members(&self) -> &Members {
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
    pub fn files(&self) -> &SortedMap<String, String> {
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

    /// The member named `name`, if it is on the roster.
    pub fn member(&self, name: &str) -> Option<&MemberState> {
        self.members.get(name)
    }

    /// Member records in roster order.
    pub fn members_in_order(&self) -> impl Iterator<Item = &MemberState> + '_ {
        self.order.iter().filter_map(|name| self.members.get(name))
    }

    /// The lead's name (the one member of kind `Lead`).
    pub fn lead_name(&self) -> &str {
        &self.lead
    }

    /// T6: does `name` hold the host's lock?
    pub fn holds_lock(&self, name: &str) -> bool {
        self.lock_holder.as_deref() == Some(name)
    }

    /// M8: the record with this id, if it was stored.
    pub fn message(&self, id: MessageId) -> Option<&MessageRecord> {
        find_message(&self.messages, id)
    }

    /// The sent request with this id, and what became of it.
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
            return Some(if !requests.is_empty() {
                Position::InRequest(requests)
            } else if record.undelivered {
                // L4: committed, never sent, and the team is gone: nobody will read it.
                Position::Undelivered
            } else {
                Position::Committed
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

    /// L4: no model ever saw `record`: either no history holds it (and drain mode did not take
    /// it: a drained record that was never committed is `lost`, M6), or a history holds it but
    /// no request was sent with it (the round ended first, for example on its request budget
    /// right after a drain-mode `read_inbox`).
    pub fn is_unread(&self, record: &MessageRecord) -> bool {
        match record.notified_at {
            None => !record.drained,
            Some(_) => self.requests_containing(record.id).is_empty(),
        }
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

    /// P1: every tracked protocol request, in id order.
    pub fn protocol_requests(&self) -> impl Iterator<Item = &ProtocolRequest> + '_ {
        self.protocol.values()
    }

    /// K1, K2: the tool list of a role (shared, not copied).
    pub fn tools_of(&self, kind: MemberKind) -> Arc<Vec<ToolSpec>> {
        match kind {
            MemberKind::Lead => self.lead_tools.clone(),
            MemberKind::Teammate => self.teammate_tools.clone(),
        }
    }

    /// K1, K2: the tools `member` is offered: its own list when its config narrows it,
    /// otherwise its kind's (shared, not copied).
    pub fn tools_of_member(&self, member: &str) -> Arc<Vec<ToolSpec>> {
        match self.member_tools.get(member) {
            Some((_, specs)) => specs.clone(),
            None => self.tools_of(
                self.members
                    .get(member)
                    .map_or(MemberKind::Teammate, |m| m.kind),
            ),
        }
    }

    /// K1, K2: the names of the tools `member` may call (see [`TeamState::tools_of_member`]).
    pub fn tool_names_of(&self, member: &str) -> Vec<ToolName> {
        match self.member_tools.get(member) {
            Some((names, _)) => names.clone(),
            None => {
                let kind = self
                    .members
                    .get(member)
                    .map_or(MemberKind::Teammate, |m| m.kind);
                tool_table::tools_for(kind, self.config.allow_write)
            }
        }
    }

    /// P4: the system prompt of `member`'s requests, naming the others on the roster as it is
    /// now: built at the member's first request since the roster last changed, then shared
    /// (see [`prompt_cache`](super::prompt_cache)).
    pub fn system_prompt_of(&self, member: &MemberState) -> Arc<str> {
        let prompt = member.system.get_or_build(|| {
            let lang = self.config.lang;
            let entries = self.roster_entries.get_or_build(|| {
                self.members_in_order()
                    .map(|m| {
                        let entry = tool_table::roster_entry(m.name(), m.role(), lang);
                        (m.name().to_string(), entry)
                    })
                    .collect()
            });
            let others = entries
                .iter()
                .filter(|(name, _)| name != member.name())
                .map(|(_, entry)| entry.as_str());
            let (name, role, kind) = (member.name(), member.role(), member.kind());
            Arc::from(tool_table::system_prompt(
                name,
                role,
                kind,
                self.lead_name(),
                others,
                lang,
            ))
        });
        Arc::clone(prompt)
    }

    /// T5, T6: is any member working or waiting for the lock?
    pub fn any_busy(&self) -> bool {
        self.members
            .values()
            .any(|m| m.busy() || m.waiting_for_lock())
    }
}
