//! The request tracker shared by the shutdown and plan-approval protocols (P1-P5).
//!
//! Both protocols are the same state machine, `pending -> approved | rejected`, correlated by a
//! request id. Choice: ids are deterministic counters per kind (`shutdown-1`, `plan-1`, ...)
//! instead of the seeds' random uuid prefixes, so a replay gives identical ids. The mailbox
//! carries the messages; the tracker records the state and can be queried at any time.

use super::sorted_map::SortedMap;
use serde::{Deserialize, Serialize};

crate::named_enum! {
    pub enum ProtocolKind {
        /// Lead asks a teammate to stop (P2).
        Shutdown = "shutdown",
        /// Teammate asks the lead to approve a plan (P3).
        Plan = "plan",
    }
}

crate::named_enum! {
    pub enum ProtocolStatus {
        Pending = "pending",
        Approved = "approved",
        Rejected = "rejected",
    }
}

/// One tracked request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProtocolRequest {
    pub id: String,
    pub kind: ProtocolKind,
    /// Who opened it (lead for shutdown, the teammate for a plan).
    pub from: String,
    /// Who must decide it (the teammate for shutdown, the lead for a plan).
    pub to: String,
    pub status: ProtocolStatus,
    /// The plan text, or the shutdown request's note.
    pub body: String,
    /// The reason (shutdown) or feedback (plan) given with the decision.
    pub response: Option<String>,
    pub opened_at: u64,
    pub decided_at: Option<u64>,
}

pub type Tracker = SortedMap<String, ProtocolRequest>;

/// The next id for `kind`: counts the tracker's requests of that kind.
pub fn next_id(tracker: &Tracker, kind: ProtocolKind) -> String {
    let n = tracker.values().filter(|r| r.kind == kind).count() + 1;
    format!("{}-{n}", kind.as_str())
}
