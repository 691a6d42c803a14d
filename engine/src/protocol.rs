//! The request tracker shared by the shutdown and plan-approval protocols (P1-P5).
//!
//! Both protocols are the same state machine, `pending -> approved | rejected`, correlated by a
//! request id. Choice: ids are deterministic counters per kind (`shutdown-1`, `plan-1`, ...)
//! instead of the seeds' random uuid prefixes, so a replay gives identical ids. The mailbox
//! carries the messages; the tracker records the state and can be queried at any time.

use super::sorted_map::SortedMap;
use serde::{Deserialize, Serialize};

named_enum! {
    /// P1: the two request/response protocols; they share one state machine.
    pub enum ProtocolKind {
        /// Lead asks a teammate to stop (P2).
        Shutdown = "shutdown",
        /// Teammate asks the lead to approve a plan (P3).
        Plan = "plan",
    }
}

named_enum! {
    /// P1: `pending -> approved | rejected`; a request leaves `pending` at most once (P5).
    pub enum ProtocolStatus {
        /// Opened, not yet decided.
        Pending = "pending",
        /// The addressee said yes (a shutdown proceeds, a plan may be carried out).
        Approved = "approved",
        /// The addressee said no, with a reason or feedback.
        Rejected = "rejected",
    }
}

/// One tracked request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProtocolRequest {
    /// P1: the correlating id, `shutdown-N` or `plan-N`.
    pub id: String,
    /// Shutdown or plan.
    pub kind: ProtocolKind,
    /// Who opened it (lead for shutdown, the teammate for a plan).
    pub from: String,
    /// Who must decide it (the teammate for shutdown, the lead for a plan).
    pub to: String,
    /// Where it is in `pending -> approved | rejected`.
    pub status: ProtocolStatus,
    /// The plan text, or the shutdown request's note.
    pub body: String,
    /// The reason (shutdown) or feedback (plan) given with the decision.
    pub response: Option<String>,
    /// Logical time it was opened.
    pub opened_at: u64,
    /// Logical time it was decided, once it was.
    pub decided_at: Option<u64>,
}

/// P1: the tracker, every protocol request by id; queryable at any time.
pub type Tracker = SortedMap<String, ProtocolRequest>;

/// The next id for `kind`: counts the tracker's requests of that kind.
pub fn next_id(tracker: &Tracker, kind: ProtocolKind) -> String {
    let n = tracker.values().filter(|r| r.kind == kind).count() + 1;
    format!("{}-{n}", kind.as_str())
}
