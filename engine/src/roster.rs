//! The roster: member records, their status machine (L1), occupancy (T5) and the per-round
//! counters behind the budgets (L2).
//!
//! A member record is what persists (T3, T4): name, role, its own history, status and how
//! many deliveries it has used. A round ("delivery") is only the carrier of one piece of work;
//! it lives in `round` and disappears when the round ends.

use super::config::MemberKind;
use super::history::{Candidate, HistoryEntry};
use super::mailbox::MessageId;
use super::model::RequestId;
use super::persist::{PVec, Shared};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// L1: `offline -> idle -> working -> idle | stopped | failed | shutdown`. Nothing restarts by
/// itself: stopped, failed, shut-down and offline members take no delivery until recalled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MemberStatus {
    Offline,
    Idle,
    Working,
    Stopped,
    Failed,
    Shutdown,
}

impl MemberStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            MemberStatus::Offline => "offline",
            MemberStatus::Idle => "idle",
            MemberStatus::Working => "working",
            MemberStatus::Stopped => "stopped",
            MemberStatus::Failed => "failed",
            MemberStatus::Shutdown => "shutdown",
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
    pub in_flight: Option<RequestId>,
    /// P2: set by an approved shutdown; the loop exits after the current tool round.
    pub should_exit: bool,
    /// The task text of this delivery until it is committed to the history.
    pub pending_prompt: Option<String>,
}

/// One member record plus its transient round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemberState {
    pub name: String,
    pub role: String,
    pub kind: MemberKind,
    pub status: MemberStatus,
    /// L2: deliveries this member accepts.
    pub delivery_budget: u32,
    /// Deliveries accepted so far (counts toward the budget).
    pub deliveries_used: u32,
    /// Deliveries that ended with a final answer (or an approved shutdown).
    pub deliveries_completed: u32,
    /// The committed history: only grows (T3).
    pub history: PVec<Shared<HistoryEntry>>,
    /// The prepared, not yet committed candidate (M4).
    pub candidate: Option<Candidate>,
    /// Ids of the records addressed to this member, in arrival order (never shrinks).
    pub inbox: PVec<MessageId>,
    /// Inbox positions before this one are settled (committed or drained): the dedup scan
    /// starts here.
    pub scan_from: usize,
    /// M4: the notifications already committed to `history`, as (hash of the full text,
    /// history index). A lookup hashes the candidate text and then compares the full text of
    /// the entries with that hash, so dedup is by full text; storing small pairs instead of the
    /// strings keeps checkpoints cheap to copy. An ordered set, not a sorted vector (which
    /// would be smaller in the wasm): a commit inserts in O(log n), so preparing and committing
    /// stays proportional to the new mail however long the history is.
    pub notified_index: Shared<BTreeSet<(u64, usize)>>,
    /// Every model request this member sent, in order.
    pub requests: PVec<RequestId>,
    pub round: Option<RoundState>,
    /// Waiting for the lock to start a round (hold-lock mode), with the delivery's prompt.
    pub waiting: Option<Option<String>>,
    /// An injected fault that strikes at the next preparation.
    pub armed_fault: Option<super::event::Fault>,
}

impl MemberState {
    pub fn new(
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
            status,
            delivery_budget,
            deliveries_used: 0,
            deliveries_completed: 0,
            history: PVec::new(),
            candidate: None,
            inbox: PVec::new(),
            scan_from: 0,
            notified_index: Shared::default(),
            requests: PVec::new(),
            round: None,
            waiting: None,
            armed_fault: None,
        }
    }

    /// T5: occupied by a round.
    pub fn busy(&self) -> bool {
        self.round.is_some()
    }

    pub fn waiting_for_lock(&self) -> bool {
        self.waiting.is_some()
    }

    pub fn requests_used_this_delivery(&self) -> u32 {
        self.round.as_ref().map_or(0, |r| r.requests_used)
    }

    pub fn retries_used_this_delivery(&self) -> u32 {
        self.round.as_ref().map_or(0, |r| r.retries_used)
    }

    /// M4: is a notification with exactly this text already in the committed history?
    pub fn has_notification(&self, text: &str) -> bool {
        let hash = text_hash(text);
        self.notified_index
            .range((hash, 0)..=(hash, usize::MAX))
            .any(|(_, index)| self.history.get(*index).is_some_and(|e| e.text == text))
    }

    pub fn in_flight(&self) -> Option<RequestId> {
        self.round.as_ref().and_then(|r| r.in_flight)
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
