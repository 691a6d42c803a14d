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
        #[serde(with = "fault_format")]
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
    /// Issue 48, "answer this request first": once the log reaches `at`, `member`'s request
    /// `request_index` (0-based, as `ReplaceReply`'s) is answered before any other request in
    /// flight, taking the earliest answer's place in logical time; with `outcome`, that is its
    /// answer (a failure, a protocol decision) instead of the script's. Replies in flight are
    /// reordered, nothing else: a request never sent or already answered is left alone.
    AnswerFirst {
        at: usize,
        member: String,
        request_index: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        outcome: Option<ScriptOutcome>,
    },
    /// Issue 48: deliver work to `member` (the engine's `Input::StartRound`, T5) at `at`.
    Deliver {
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
            | Intervention::Recall { at, .. }
            | Intervention::AnswerFirst { at, .. }
            | Intervention::Deliver { at, .. } => *at,
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
    #[serde(default, with = "modes_format")]
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

/// The contrast modes as every format (a link, an export, the stored session, Open edX's state,
/// a recording) writes them: a type of the formats' own, so the engine's [`Toggles`] never go
/// into a format raw and a change of the engine's type cannot change a released format unseen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
// Named as the engine's type in serde's messages, so a stored session's error reads the same.
#[serde(default, rename = "Toggles", expecting = "struct Toggles")]
struct Modes {
    drain_on_read: bool,
    hold_lock_during_model_call: bool,
}

/// [`Toggles`] written and read as [`Modes`].
mod modes_format {
    use super::{Modes, Toggles};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(toggles: &Toggles, out: S) -> Result<S::Ok, S::Error> {
        Modes {
            drain_on_read: toggles.drain_on_read,
            hold_lock_during_model_call: toggles.hold_lock_during_model_call,
        }
        .serialize(out)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Toggles, D::Error> {
        let modes = Modes::deserialize(input)?;
        Ok(Toggles {
            drain_on_read: modes.drain_on_read,
            hold_lock_during_model_call: modes.hold_lock_during_model_call,
        })
    }
}

/// A fault the learner injects, as the formats name it: the formats' own type beside the
/// engine's [`Fault`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum FaultName {
    #[serde(rename = "fail_before_commit")]
    FailBeforeCommit,
}

/// [`Fault`] written and read as [`FaultName`].
mod fault_format {
    use super::{Fault, FaultName};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(fault: &Fault, out: S) -> Result<S::Ok, S::Error> {
        match fault {
            Fault::FailBeforeCommit => FaultName::FailBeforeCommit,
        }
        .serialize(out)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(input: D) -> Result<Fault, D::Error> {
        Ok(match FaultName::deserialize(input)? {
            FaultName::FailBeforeCommit => Fault::FailBeforeCommit,
        })
    }
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
