//! The request tracker shared by the shutdown and plan-approval protocols (P1-P5).
//!
//! Both protocols are the same state machine, `pending -> approved | rejected`, correlated by a
//! request id. Choice: ids are deterministic counters per kind (`shutdown-1`, `plan-1`, ...)
//! instead of the seeds' random uuid prefixes, so a replay gives identical ids. The mailbox
//! carries the messages; the tracker records the state and can be queried at any time.

use super::refusal::{Refusal, RefusalCode};
use super::sorted_map::ByName;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProtocolKind {
    /// Lead asks a teammate to stop (P2).
    Shutdown,
    /// Teammate asks the lead to approve a plan (P3).
    Plan,
}

impl ProtocolKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProtocolKind::Shutdown => "shutdown",
            ProtocolKind::Plan => "plan",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProtocolStatus {
    Pending,
    Approved,
    Rejected,
}

impl ProtocolStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ProtocolStatus::Pending => "pending",
            ProtocolStatus::Approved => "approved",
            ProtocolStatus::Rejected => "rejected",
        }
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

pub type Tracker = ByName<ProtocolRequest>;

/// The next id for `kind`: counts the tracker's requests of that kind.
pub fn next_id(tracker: &Tracker, kind: ProtocolKind) -> String {
    let n = tracker.values().filter(|r| r.kind == kind).count() + 1;
    format!("{}-{n}", kind.as_str())
}

/// P5: may `decider` decide request `id` of `kind` now? Leaves the tracker untouched.
pub fn check_decidable<'a>(
    tracker: &'a Tracker,
    id: &str,
    kind: ProtocolKind,
    decider: &str,
) -> Result<&'a ProtocolRequest, Refusal> {
    let Some(request) = tracker.get(id) else {
        let known: Vec<&str> = tracker
            .values()
            .filter(|r| r.kind == kind)
            .map(|r| r.id.as_str())
            .collect();
        return Err(Refusal::new(
            RefusalCode::UnknownRequest,
            format!(
                "there is no {} request with id '{id}' (known: {})",
                kind.as_str(),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ),
        ));
    };
    if request.kind != kind {
        return Err(Refusal::new(
            RefusalCode::WrongRequestKind,
            format!(
                "'{id}' is a {} request, not a {} request",
                request.kind.as_str(),
                kind.as_str()
            ),
        ));
    }
    if request.to != decider {
        return Err(Refusal::new(
            RefusalCode::NotYourRequest,
            format!(
                "'{id}' is addressed to {}, so only {} can answer it",
                request.to, request.to
            ),
        ));
    }
    if request.status != ProtocolStatus::Pending {
        return Err(Refusal::new(
            RefusalCode::AlreadyDecided,
            format!(
                "'{id}' was already {}; a request leaves pending only once",
                request.status.as_str()
            ),
        ));
    }
    Ok(request)
}
