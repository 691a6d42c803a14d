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
//! Choice: the model's own words (tool arguments, replies) are in English in every language;
//! the captions carry the teaching in both.

pub mod branches;
pub mod catalog;
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
mod script;
mod transcript;

pub use branches::Branches;
pub use catalog::{catalog, find, LessonInfo};
pub use driver::{
    divergence, play, play_branch, play_lesson, play_lesson_branch, resolve_captions, Intervention,
    LessonSource, PlayError, PlayOptions,
};
pub use playable::{play_id, play_id_branch, Playable};
pub use script::{ScriptOutcome, ScriptedModel, ScriptedReply};
pub use transcript::transcript;

use crate::engine::{Caption, Input, TeamConfig};
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
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Direction {
    pub wait: Wait,
    pub action: Action,
}

/// Attaches a teaching caption to the `nth` (0-based) event of kind `event` (snake_case name,
/// see `EventKind::name`) whose actor is `member` and whose summary contains `contains`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaptionRule {
    pub event: String,
    pub member: Option<String>,
    pub contains: Option<String>,
    pub nth: usize,
    pub caption: Caption,
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

/// The eight built-in lessons, in catalog order.
pub fn lessons() -> Vec<Lesson> {
    BUILDERS.iter().map(|build| build()).collect()
}

/// Each built-in lesson's builder, in catalog order.
const BUILDERS: [fn() -> Lesson; 8] = [
    l1_two_investigators::lesson,
    l2_drain_on_read::lesson,
    l3_lock_scope::lesson,
    l4_coder_reviewer::lesson,
    l5_shutdown::lesson,
    l6_plan_approval::lesson,
    l7_limits::lesson,
    l8_restart::lesson,
];

/// Free play: lesson 1's data, marked editable.
pub fn free_play() -> Lesson {
    let mut lesson = l1_two_investigators::lesson();
    builder::set_meta(&mut lesson, FREE_PLAY_ID);
    lesson.editable = true;
    lesson
}

/// A built-in lesson (or free play) by id.
pub fn lesson(id: &str) -> Option<Lesson> {
    if id == FREE_PLAY_ID {
        return Some(free_play());
    }
    // Only the requested lesson is built: building all eight on page load cost startup time.
    catalog::catalog()
        .iter()
        .position(|info| info.id == id)
        .and_then(|i| BUILDERS.get(i))
        .map(|build| build())
        .filter(|lesson| lesson.id == id)
}

/// The event index a caption rule points at, if any.
fn resolve_rule(rule: &CaptionRule, events: &[crate::engine::Event]) -> Option<usize> {
    events
        .iter()
        .filter(|e| e.kind.name() == rule.event)
        .filter(|e| rule.member.is_none() || e.actor == rule.member)
        .filter(|e| {
            rule.contains
                .as_ref()
                .is_none_or(|c| e.summary().contains(c.as_str()))
        })
        .nth(rule.nth)
        .map(|e| e.seq)
}
