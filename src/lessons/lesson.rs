//! A lesson as data: the roster and files ([`TeamConfig`]), stage directions for the host
//! ([`Direction`]: when it may run, [`Wait`], and what the host does, [`Action`]), the scripted
//! model ([`ScriptedModel`]), and the teaching captions attached to the events that carry the
//! lesson ([`CaptionRule`], placed by [`resolve_rule`]), and the checkpoints that ask the learner
//! to predict a step before showing it ([`Checkpoint`]).

use super::challenge::Challenge;
use super::checkpoint::Checkpoint;
use super::script::ScriptedModel;
use super::toggle_choice::ToggleChoice;
use crate::engine::{Caption, Event, Input, Lang, TeamConfig, Toggles};
use serde::{Deserialize, Serialize};

/// When a direction may run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "wait", content = "members", rename_all = "snake_case")]
pub enum Wait {
    /// Right after the previous direction.
    Now,
    /// After these members' rounds have ended (pending model replies are delivered meanwhile).
    Idle(Vec<String>),
    /// After every member is idle and no reply is pending.
    Quiet,
}

/// What the host does at a direction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    Input {
        input: Input,
    },
    /// L3: a page reload: the driver stores the roster and restores it (all offline).
    Reload,
    /// A scenario's default delivery policy (with [`Wait::Quiet`]): deliver to each member
    /// that has unread mail, in roster order; the run repeats it whenever the team is quiet
    /// again, and moves on once no delivery started. Each of `struck` (member, delivery
    /// number from 1) arms the engine's fault between read and commit just before that
    /// delivery starts: in drain mode the mail it reads is lost.
    DeliverUnread {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        struck: Vec<(String, u32)>,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Direction {
    pub wait: Wait,
    pub action: Action,
}

/// Attaches a teaching caption to the `nth` (0-based) event of kind `event` (snake_case name,
/// see `EventKind::name`) whose actor is `member`, whose summary contains `contains` and that
/// happened under the modes `when` asks for (a caption that states a mode or its consequence
/// must be true under the learner's setting).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaptionRule {
    pub event: String,
    pub member: Option<String>,
    pub contains: Option<String>,
    pub nth: usize,
    pub caption: Caption,
    #[serde(default, skip_serializing_if = "ToggleChoice::is_empty")]
    pub when: ToggleChoice,
    /// Count `nth` from the last matching event (a closing caption, wherever the run ends).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_end: bool,
}

impl CaptionRule {
    /// The rule, counting `nth` back from the last matching event.
    pub fn from_end(mut self) -> CaptionRule {
        self.from_end = true;
        self
    }

    /// The rule, counting only events that happened under `modes`.
    pub fn when(mut self, modes: ToggleChoice) -> CaptionRule {
        self.when = modes;
        self
    }
}

/// The token the driver puts in front of a caption that tells the original run's story (on a
/// branch, a caption on an event after the run left the original); the view renders it as
/// "(original run)" (`view::facts`).
pub const ORIGINAL: &str = "{original}";

/// A whole lesson, as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Lesson {
    /// Stable id (the catalog's id for a built-in lesson).
    pub id: String,
    pub title: Caption,
    pub summary: Caption,
    /// SPEC rule ids the lesson makes visible.
    pub rules: Vec<String>,
    /// Free play: the learner may edit members, files and task.
    pub editable: bool,
    pub config: TeamConfig,
    /// The task as the user states it (shown at step 0 with the intro).
    pub task: Caption,
    pub intro: Caption,
    pub directions: Vec<Direction>,
    pub script: ScriptedModel,
    pub captions: Vec<CaptionRule>,
    /// Predict-then-see questions (issue 26), each answered from the state at its step.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<Checkpoint>,
    /// Goals the learner meets by picking the host's next inputs (issue 48).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<Challenge>,
}

impl Lesson {
    /// The same lesson with its team speaking `lang`: the host words every text it writes for
    /// a model (notifications, tool results, refusals) in the language the lesson is built
    /// in, so the scripted model, a live model and the learner read the same.
    pub fn spoken_in(mut self, lang: Lang) -> Lesson {
        self.config.lang = lang;
        self
    }
}

/// The event index a caption rule points at, if any; `modes[i]` are the modes in force at
/// `events[i]` (see [`modes_in_force`](super::toggle_choice::modes_in_force)).
pub(super) fn resolve_rule(
    rule: &CaptionRule,
    events: &[Event],
    modes: &[Toggles],
) -> Option<usize> {
    let mut matching = events
        .iter()
        .zip(modes)
        .filter(|(e, modes)| e.kind.name() == rule.event && rule.when.matches(**modes))
        .map(|(e, _)| e)
        .filter(|e| rule.member.is_none() || e.actor == rule.member)
        .filter(|e| {
            rule.contains
                .as_ref()
                .is_none_or(|c| e.summary().contains(c.as_str()))
        });
    let found = if rule.from_end {
        matching.collect::<Vec<_>>().into_iter().rev().nth(rule.nth)
    } else {
        matching.nth(rule.nth)
    };
    found.map(|e| e.seq)
}
