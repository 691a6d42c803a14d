//! L3: what survives a restart of the host: the roster as browser storage keeps it.

use super::roster::Lifecycle;
use super::state::{RequestStatus, TeamState};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// L3: what survives a page reload (browser storage). Choice: the whole record of the team
/// (histories, inboxes, tracker, files, the request log) with every transient part cleared:
/// members offline, no round, no candidate, no lock, in-flight requests abandoned. Every
/// history is stored, not loaded: a recall loads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RosterSnapshot {
    /// The storage format's version; a snapshot of another version is refused.
    pub version: u32,
    /// The team with every transient part cleared (see the type docs).
    pub state: TeamState,
}

impl RosterSnapshot {
    /// The version this engine writes and reads. Bumped whenever the stored shape changes.
    pub const VERSION: u32 = 2;

    /// L3: the snapshot of `state`: members offline with their histories stored, not loaded;
    /// no round, candidate, fault or lock; in-flight requests marked abandoned (their replies
    /// will be refused).
    pub fn of(state: &TeamState) -> RosterSnapshot {
        let mut state = state.clone();
        for member in state.members.values_mut() {
            member.lifecycle = Lifecycle::Offline;
            member.history_loaded = false;
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

    /// The JSON kept in browser storage (an empty string if it cannot be serialized).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a stored snapshot; an unreadable text or another version is an error that says why.
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
