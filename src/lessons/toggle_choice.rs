//! The learner's choice of contrast modes (drain on read, M6; hold the lock during the model
//! call, T6), and the same shape as a caption's condition: a caption that states a mode or
//! its consequence is attached only where that mode was in force.

use crate::engine::{Event, EventKind, Toggles};
use serde::{Deserialize, Serialize};

/// For each contrast mode: `Some(value)` fixes it, `None` leaves it as the lesson sets it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ToggleChoice {
    /// M6: a read also deletes what it read from the inbox.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drain_on_read: Option<bool>,
    /// T6: the lock is held for the whole round, model calls included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hold_lock_during_model_call: Option<bool>,
}

impl ToggleChoice {
    /// Only drain on read fixed to `on`.
    pub fn drain(on: bool) -> ToggleChoice {
        ToggleChoice {
            drain_on_read: Some(on),
            ..ToggleChoice::default()
        }
    }

    /// Only hold-the-lock fixed to `on`.
    pub fn hold_lock(on: bool) -> ToggleChoice {
        ToggleChoice {
            hold_lock_during_model_call: Some(on),
            ..ToggleChoice::default()
        }
    }

    /// Nothing is fixed.
    pub fn is_empty(&self) -> bool {
        *self == ToggleChoice::default()
    }

    /// `toggles` with the fixed modes put in.
    pub fn apply(&self, toggles: Toggles) -> Toggles {
        Toggles {
            drain_on_read: self.drain_on_read.unwrap_or(toggles.drain_on_read),
            hold_lock_during_model_call: self
                .hold_lock_during_model_call
                .unwrap_or(toggles.hold_lock_during_model_call),
        }
    }

    /// Whether `toggles` agree with every fixed mode.
    pub fn matches(&self, toggles: Toggles) -> bool {
        self.apply(toggles) == toggles
    }
}

/// The modes in force at each event of a log that started with `initial`: an event that
/// switches modes is itself under the new ones.
pub fn modes_in_force(initial: Toggles, events: &[Event]) -> Vec<Toggles> {
    let mut now = initial;
    events
        .iter()
        .map(|event| {
            if let EventKind::TogglesChanged { toggles } = &event.kind {
                now = *toggles;
            }
            now
        })
        .collect()
}
