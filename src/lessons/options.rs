//! The options of one run and why a run cannot be played: what the driver (`driver.rs`), a
//! run (`run.rs`) and a recording (`recording.rs`) share, below all of them.
//!
//! An [`Intervention`] is the learner's change to a run (the UI's "change what happens
//! next"), anchored at an event index; the driver's module doc says when each takes effect.

use super::script::ScriptOutcome;
use super::toggle_choice::ToggleChoice;
use crate::engine::{Fault, Lang, Toggles};
use serde::{Deserialize, Serialize};

/// A learner's change to a run, anchored at an event index. Stored (the session, links) as
/// JSON in serde's default, externally tagged form: `{"lead_sends": {"at": 3, ...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Intervention {
    ReplaceReply {
        at: usize,
        member: String,
        request_index: u32,
        outcome: ScriptOutcome,
    },
    InjectFault {
        at: usize,
        member: String,
        fault: Fault,
    },
    LeadSends {
        at: usize,
        to: String,
        body: String,
    },
    /// L3: a page reload, exactly as the lesson action [`Action::Reload`](super::lesson::Action::Reload).
    Reload {
        at: usize,
    },
    /// L3: an explicit recall of `member` (the engine's `Input::Recall`).
    Recall {
        at: usize,
        member: String,
    },
}

impl Intervention {
    pub fn at(&self) -> usize {
        match self {
            Intervention::ReplaceReply { at, .. }
            | Intervention::InjectFault { at, .. }
            | Intervention::LeadSends { at, .. }
            | Intervention::Reload { at }
            | Intervention::Recall { at, .. } => *at,
        }
    }
}

/// Options of one run. A toggle set in `toggles` is on from the start (it ORs with the
/// lesson's); a mode fixed in `learner_toggles` holds for the whole run: the team starts with
/// it and the lesson's own `SetToggles` inputs become defaults for the modes not fixed (an
/// input that would then change nothing is not applied, so no event claims a switch).
/// `lang` is the language a built-in lesson is built for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayOptions {
    #[serde(default)]
    pub toggles: Toggles,
    #[serde(default)]
    pub interventions: Vec<Intervention>,
    #[serde(default, skip_serializing_if = "ToggleChoice::is_empty")]
    pub learner_toggles: ToggleChoice,
    #[serde(default = "english", skip_serializing_if = "is_english")]
    pub lang: Lang,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            toggles: Toggles::default(),
            interventions: Vec::new(),
            learner_toggles: ToggleChoice::default(),
            lang: Lang::En,
        }
    }
}

fn english() -> Lang {
    Lang::En
}

fn is_english(lang: &Lang) -> bool {
    *lang == Lang::En
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayError {
    UnknownLesson(String),
    InvalidConfig(String),
    /// The run did not settle within the input bound (a runaway script).
    TooLong(usize),
    /// More fork edits than a run takes ([`super::run::MAX_INTERVENTIONS`]).
    TooManyEdits(usize),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::UnknownLesson(id) => write!(f, "there is no lesson with id '{id}'"),
            PlayError::InvalidConfig(why) => write!(f, "the lesson's team is not valid: {why}"),
            PlayError::TooLong(n) => write!(f, "the run did not finish within {n} inputs"),
            PlayError::TooManyEdits(n) => {
                write!(f, "the run has more than {n} fork edits, the most it takes")
            }
        }
    }
}

impl std::error::Error for PlayError {}
