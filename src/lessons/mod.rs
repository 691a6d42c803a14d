//! The built-in lessons as data, the scripted model, and the deterministic driver that plays a
//! lesson into a [`Timeline`], and the learner's branches of a lesson ([`Branches`]).
//! [`play_id`] is the one place an id the page opens (a lesson or the generated stress
//! lesson, [`stress`]) becomes a timeline.
//!
//! A lesson is data ([`Lesson`]): the roster and files ([`TeamConfig`]), stage directions for
//! the host ([`Direction`]: deliver work, send as the lead, inject a fault, reload...), a
//! scripted model ([`ScriptedModel`]: a table keyed by (member, request index) with a logical
//! latency), and teaching captions in Chinese and English attached to the events that carry the
//! lesson ([`CaptionRule`]). [`play`] runs it; the same lesson and options always give the same
//! timeline.
//!
//! A lesson is built for a language ([`lesson`] takes a [`Lang`], and so do [`PlayOptions`]):
//! the scripted model's words (message bodies, replies, the lead's summary) and the prose files
//! are in that language, while technical names (tools, members, files, JSON keys, ids) stay as
//! they are. The captions carry the teaching in both languages either way.

pub mod branches;
pub mod catalog;
pub mod key_steps;
pub mod language;
pub mod playable;
pub mod stress;

mod builder;
mod driver;
pub mod facts;
mod l1_two_investigators;
mod l2_drain_on_read;
mod l3_lock_scope;
mod l4_coder_reviewer;
mod l5_shutdown;
mod l6_plan_approval;
mod l7_limits;
mod l8_restart;
pub mod narration;
mod options;
pub mod recording;
mod replay;
pub mod run;
mod scenario_play;
mod script;
pub mod toggle_choice;
mod transcript;

pub use branches::Branches;
pub use catalog::{catalog, find, LessonInfo};
pub use driver::{
    divergence, play, play_branch, play_lesson, play_lesson_branch, resolve_captions, LessonSource,
};
pub use options::{Intervention, PlayError, PlayOptions};
pub use playable::{play_id, play_id_branch, Playable};
pub use replay::ReplayError;
pub use scenario_play::{play_scenario, play_scenario_branch};
pub use script::{Answer, ScriptOutcome, ScriptedModel, ScriptedReply};
pub use toggle_choice::ToggleChoice;
pub use transcript::{event_line, transcript};

use crate::engine::{Caption, Input, Lang, TeamConfig, Toggles};
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
    /// again, and moves on once no delivery started.
    DeliverUnread,
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
}

/// Id of the free-play entry.
pub const FREE_PLAY_ID: &str = "free-play";

/// The eight built-in lessons built for `lang`, in catalog order.
pub fn lessons(lang: Lang) -> Vec<Lesson> {
    BUILDERS.iter().map(|build| build(lang)).collect()
}

/// Each built-in lesson's builder, in catalog order.
const BUILDERS: [fn(Lang) -> Lesson; 8] = [
    l1_two_investigators::lesson,
    l2_drain_on_read::lesson,
    l3_lock_scope::lesson,
    l4_coder_reviewer::lesson,
    l5_shutdown::lesson,
    l6_plan_approval::lesson,
    l7_limits::lesson,
    l8_restart::lesson,
];

/// Free play: lesson 1's data, marked editable. Lesson 1's captions tell its story under the
/// default modes, so in free play they hold only there: with a contrast toggle on, the
/// narration (which reads the mode in force) speaks instead.
pub fn free_play(lang: Lang) -> Lesson {
    let mut lesson = l1_two_investigators::lesson(lang);
    builder::set_meta(&mut lesson, FREE_PLAY_ID);
    lesson.editable = true;
    let default_modes = ToggleChoice {
        drain_on_read: Some(false),
        hold_lock_during_model_call: Some(false),
    };
    lesson.captions = std::mem::take(&mut lesson.captions)
        .into_iter()
        .map(|rule| rule.when(default_modes))
        .collect();
    lesson
}

/// A built-in lesson (or free play) by id, built for `lang`.
pub fn lesson(id: &str, lang: Lang) -> Option<Lesson> {
    if id == FREE_PLAY_ID {
        return Some(free_play(lang));
    }
    // Only the requested lesson is built: building all eight on page load cost startup time.
    catalog::catalog()
        .iter()
        .position(|info| info.id == id)
        .and_then(|i| BUILDERS.get(i))
        .map(|build| build(lang))
        .filter(|lesson| lesson.id == id)
}

/// The event index a caption rule points at, if any; `modes[i]` are the modes in force at
/// `events[i]` (see [`toggle_choice::modes_in_force`]).
fn resolve_rule(
    rule: &CaptionRule,
    events: &[crate::engine::Event],
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
