//! The roster: member records, their status machine (L1), occupancy (T5) and the per-round
//! counters behind the budgets (L2).
//!
//! A member record is what persists (T3, T4): name, role, its own history, status and how
//! many deliveries it has used. A round ("delivery") is only the carrier of one piece of work;
//! it lives in `Lifecycle::Working` and disappears when the round ends.

use super::caption::{tr, Lang};
use super::history::{Candidate, HistoryEntry};
use super::mailbox::MessageId;
use super::model::RequestId;
use super::persist::PVec;
use super::prompt_cache::PromptCache;
use super::refusal::Fault;
use super::tool_table::MemberKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Arc;

named_enum! {
    /// L1: `offline -> idle -> working -> idle | stopped | failed | shutdown`. Nothing restarts by
    /// itself: stopped, failed, shut-down and offline members take no delivery until recalled.
    pub enum MemberStatus {
        /// Registered but not running (after a restart, L3, or a disband); needs a recall.
        Offline = "offline",
        /// Ready for a delivery.
        Idle = "idle",
        /// Occupied by a round (T5).
        Working = "working",
        /// A delivery spent its request budget without a final answer (L2).
        Stopped = "stopped",
        /// A round ended in an error, reported to the lead.
        Failed = "failed",
        /// Exited after an approved shutdown (P2).
        Shutdown = "shutdown",
    }
}

impl MemberStatus {
    /// The status in the learner's (and the team's) language: the code in English, a word in
    /// Chinese.
    pub fn word(self, lang: Lang) -> &'static str {
        match self {
            MemberStatus::Offline => tr(lang, "离线", "offline"),
            MemberStatus::Idle => tr(lang, "空闲", "idle"),
            MemberStatus::Working => tr(lang, "工作中", "working"),
            MemberStatus::Stopped => tr(lang, "已停止", "stopped"),
            MemberStatus::Failed => tr(lang, "失败", "failed"),
            MemberStatus::Shutdown => tr(lang, "已关机", "shutdown"),
        }
    }
}

/// How a round ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "outcome", content = "detail")]
pub enum RoundOutcome {
    /// A final answer: back to idle.
    Answered,
    /// The request budget of the delivery was spent without a final answer.
    Stopped(String),
    /// An error; the member reports it to the lead.
    Failed(String),
    /// An approved shutdown: the member finished its tool round and exited.
    Shutdown,
}

impl RoundOutcome {
    /// L1: the status the member rests in after a round with this outcome.
    pub fn status(&self) -> MemberStatus {
        match self {
            RoundOutcome::Answered => MemberStatus::Idle,
            RoundOutcome::Stopped(_) => MemberStatus::Stopped,
            RoundOutcome::Failed(_) => MemberStatus::Failed,
            RoundOutcome::Shutdown => MemberStatus::Shutdown,
        }
    }
}

/// The counters of the current delivery.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundState {
    /// Which delivery this is (1-based).
    pub delivery: u32,
    /// Logical model requests sent in this delivery (L2: at most the request budget).
    pub requests_used: u32,
    /// Retries used in this delivery (own budget, L2).
    pub retries_used: u32,
    /// The request waiting for a reply, if any.
    pub in_flight: Option<RequestId>,
    /// P2: set by an approved shutdown; the loop exits after the current tool round.
    pub should_exit: bool,
    /// The task text of this delivery until it is committed to the history.
    pub pending_prompt: Option<String>,
}

/// L1 and T5 in one value: where a member is in its life, carrying what only that stage has.
/// A round exists exactly while the member is working, and a member waits for the lock only
/// while idle, so status, occupancy and the round can never disagree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Lifecycle {
    /// Registered but not running: spawned, or back from a restart (L3). Needs a recall.
    Offline,
    /// Ready for a delivery.
    Idle,
    /// Idle, asked to start a round while another member held the lock (hold-lock mode, T6);
    /// keeps the delivery's prompt until the lock is free.
    WaitingForLock {
        /// The task text the delivery carried.
        prompt: Option<String>,
    },
    /// Occupied by one round (T5).
    Working(RoundState),
    /// A delivery spent its request budget without a final answer (L2).
    Stopped,
    /// A round ended in an error; the member reported it to the lead (L1).
    Failed,
    /// Exited after an approved shutdown (P2).
    Shutdown,
}

impl Lifecycle {
    /// The resting stage a status names (`Working` needs a round, so it maps to `Idle`).
    pub fn resting(status: MemberStatus) -> Lifecycle {
        match status {
            MemberStatus::Offline => Lifecycle::Offline,
            MemberStatus::Idle | MemberStatus::Working => Lifecycle::Idle,
            MemberStatus::Stopped => Lifecycle::Stopped,
            MemberStatus::Failed => Lifecycle::Failed,
            MemberStatus::Shutdown => Lifecycle::Shutdown,
        }
    }

    /// The status shown on the member's card.
    pub fn status(&self) -> MemberStatus {
        match self {
            Lifecycle::Offline => MemberStatus::Offline,
            Lifecycle::Idle | Lifecycle::WaitingForLock { .. } => MemberStatus::Idle,
            Lifecycle::Working(_) => MemberStatus::Working,
            Lifecycle::Stopped => MemberStatus::Stopped,
            Lifecycle::Failed => MemberStatus::Failed,
            Lifecycle::Shutdown => MemberStatus::Shutdown,
        }
    }
}

/// One member record: what persists between deliveries (T3, T4) plus its lifecycle.
/// Fields are private to the engine; the getters lend them out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemberState {
    pub(crate) name: String,
    pub(crate) role: String,
    pub(crate) kind: MemberKind,
    pub(crate) lifecycle: Lifecycle,
    /// L2: deliveries this member accepts.
    pub(crate) delivery_budget: u32,
    /// Deliveries accepted so far (counts toward the budget).
    pub(crate) deliveries_used: u32,
    /// Deliveries that ended with a final answer (or an approved shutdown).
    pub(crate) deliveries_completed: u32,
    /// The committed history: only grows (T3).
    pub(crate) history: PVec<Arc<HistoryEntry>>,
    /// L3: false from a restore until the recall: the history is then stored (it came back
    /// from browser storage) but not loaded, and only a recall loads it. Nothing can use it
    /// meanwhile, because an offline member takes no delivery.
    #[serde(default = "loaded")]
    pub(crate) history_loaded: bool,
    /// The prepared, not yet committed candidate (M4).
    pub(crate) candidate: Option<Candidate>,
    /// Ids of the records addressed to this member, in arrival order (never shrinks).
    pub(crate) inbox: PVec<MessageId>,
    /// Inbox positions before this one are done with (committed or drained): the dedup scan
    /// starts here.
    pub(crate) scan_from: usize,
    /// M4: the notifications already committed to `history`, as (hash of the full text,
    /// history index). A lookup hashes the candidate text and then compares the full text of
    /// the entries with that hash, so dedup is by full text; small pairs instead of the strings
    /// keep checkpoints cheap to copy. An ordered set, so a commit inserts in O(log n) and
    /// preparing stays proportional to the new mail however long the history is.
    pub(crate) notified_index: Arc<BTreeSet<(u64, usize)>>,
    /// Every model request this member sent, in order.
    pub(crate) requests: PVec<RequestId>,
    /// An injected fault that strikes at the next preparation.
    pub(crate) armed_fault: Option<Fault>,
    /// P4: the system prompt of its requests, built once per roster (derived, never stored).
    #[serde(skip)]
    pub(crate) system: PromptCache<Arc<str>>,
}

impl MemberState {
    /// A fresh record resting in `status`: no deliveries, empty history, empty inbox.
    pub(crate) fn new(
        name: &str,
        role: &str,
        kind: MemberKind,
        delivery_budget: u32,
        status: MemberStatus,
    ) -> Self {
        MemberState {
            name: name.to_string(),
            role: role.to_string(),
            kind,
            lifecycle: Lifecycle::resting(status),
            delivery_budget,
            deliveries_used: 0,
            deliveries_completed: 0,
            history: PVec::new(),
            history_loaded: true,
            candidate: None,
            inbox: PVec::new(),
            scan_from: 0,
            notified_index: Arc::default(),
            requests: PVec::new(),
            armed_fault: None,
            system: PromptCache::default(),
        }
    }

    /// The member's name, unique in the roster.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The role text the lesson or the lead gave it.
    pub fn role(&self) -> &str {
        &self.role
    }

    /// Lead or teammate: decides the tool list (K1, K2).
    pub fn kind(&self) -> MemberKind {
        self.kind
    }

    /// Where the member is in its life (L1), with the round while it works.
    pub fn lifecycle(&self) -> &Lifecycle {
        &self.lifecycle
    }

    /// L1: the status its card shows.
    pub fn status(&self) -> MemberStatus {
        self.lifecycle.status()
    }

    /// The current round, while the member works.
    pub fn round(&self) -> Option<&RoundState> {
        match &self.lifecycle {
            Lifecycle::Working(round) => Some(round),
            _ => None,
        }
    }

    /// The current round, for the reducer to update its counters.
    pub(crate) fn round_mut(&mut self) -> Option<&mut RoundState> {
        match &mut self.lifecycle {
            Lifecycle::Working(round) => Some(round),
            _ => None,
        }
    }

    /// L2: how many deliveries it accepts.
    pub fn delivery_budget(&self) -> u32 {
        self.delivery_budget
    }

    /// L2: deliveries accepted so far.
    pub fn deliveries_used(&self) -> u32 {
        self.deliveries_used
    }

    /// T1: deliveries that ended with a final answer or an approved shutdown.
    pub fn deliveries_completed(&self) -> u32 {
        self.deliveries_completed
    }

    /// T3: the committed history, oldest first.
    pub fn history(&self) -> &PVec<Arc<HistoryEntry>> {
        &self.history
    }

    /// L3: is the history loaded (false after a restore, until a recall loads it)?
    pub fn history_loaded(&self) -> bool {
        self.history_loaded
    }

    /// L3: how many entries are stored and not loaded yet (after a restore, until the recall);
    /// None when the history is loaded.
    pub fn stored_history_len(&self) -> Option<usize> {
        (!self.history_loaded).then(|| self.history.len())
    }

    /// M4: the candidate being prepared, if any.
    pub fn candidate(&self) -> Option<&Candidate> {
        self.candidate.as_ref()
    }

    /// The ids of every record addressed to this member, in arrival order.
    pub fn inbox(&self) -> &PVec<MessageId> {
        &self.inbox
    }

    /// Every model request this member sent, in order.
    pub fn requests(&self) -> &PVec<RequestId> {
        &self.requests
    }

    /// The fault armed for its next preparation (M5, M6).
    pub fn armed_fault(&self) -> Option<Fault> {
        self.armed_fault
    }

    /// Inbox positions before this one are done with (committed or drained).
    pub fn scan_from(&self) -> usize {
        self.scan_from
    }

    /// T5: occupied by a round.
    pub fn busy(&self) -> bool {
        matches!(self.lifecycle, Lifecycle::Working(_))
    }

    /// T6: waiting for the lock to start a round (hold-lock mode).
    pub fn waiting_for_lock(&self) -> bool {
        matches!(self.lifecycle, Lifecycle::WaitingForLock { .. })
    }

    /// L2: logical requests used in the current delivery.
    pub fn requests_used_this_delivery(&self) -> u32 {
        self.round().map_or(0, |r| r.requests_used)
    }

    /// L2: retries used in the current delivery.
    pub fn retries_used_this_delivery(&self) -> u32 {
        self.round().map_or(0, |r| r.retries_used)
    }

    /// M4: is a notification with exactly this text already in the committed history?
    pub fn has_notification(&self, text: &str) -> bool {
        let hash = text_hash(text);
        self.notified_index
            .range((hash, 0)..=(hash, usize::MAX))
            .any(|(_, index)| self.history.get(*index).is_some_and(|e| e.text == text))
    }

    /// The request waiting for a reply, if any.
    pub fn in_flight(&self) -> Option<RequestId> {
        self.round().and_then(|r| r.in_flight)
    }
}

/// FNV-1a, 64 bit: deterministic on every platform (std's hasher is randomly seeded).
pub fn text_hash(text: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.as_bytes() {
        hash ^= u64::from(*byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// A stored member record written before `history_loaded` existed had its history loaded.
fn loaded() -> bool {
    true
}
