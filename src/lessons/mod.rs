//! The built-in lessons as data, the scripted model, and the deterministic driver that plays a
//! lesson into a [`Timeline`](crate::engine::Timeline), and the learner's branches of a lesson ([`Branches`]).
//! [`play`] is the one place an id alone (a lesson or the generated stress
//! lesson, [`stress`]) becomes a timeline.
//!
//! A lesson is data ([`Lesson`]): the roster and files ([`TeamConfig`](crate::engine::TeamConfig)), stage directions for
//! the host ([`Direction`]: deliver work, send as the lead, inject a fault, reload...), a
//! scripted model ([`ScriptedModel`]: a table keyed by (member, request index) with a logical
//! latency), and teaching captions in Chinese and English attached to the events that carry the
//! lesson ([`CaptionRule`]). [`play`] runs it; the same lesson and options always give the same
//! timeline.
//!
//! A lesson is built for a language ([`lesson`] takes a [`Lang`](crate::engine::Lang), and so do [`PlayOptions`]):
//! the scripted model's words (message bodies, replies, the lead's summary) and the prose files
//! are in that language, while technical names (tools, members, files, JSON keys, ids) stay as
//! they are. The captions carry the teaching in both languages either way.
//!
//! This file only names the files and re-exports what the floors above use; a file inside
//! imports another by its own path (`super::options::PlayOptions`), and imports only files
//! below it (ARCHITECTURE.md lists them bottom up). Narration and caption facts are
//! presentation and live in `view/`.

pub mod branches;
pub mod catalog;
pub mod challenge;
mod challenges;
pub mod checkpoint;
mod checkpoint_words;
pub mod compare_questions;
pub mod key_steps;
pub mod language;
pub mod next_choices;
pub mod playable;
pub mod stress;

mod builder;
pub mod definition;
mod driver;
mod l1_two_investigators;
mod l2_drain_on_read;
mod l3_lock_scope;
mod l4_coder_reviewer;
mod l5_shutdown;
mod l6_plan_approval;
mod l7_limits;
mod l8_restart;
mod lesson;
mod options;
pub mod recording;
pub mod registry;
mod replay;
pub mod run;
mod script;
pub mod script_gaps;
pub mod toggle_choice;

pub use branches::Branches;
pub use catalog::{LessonInfo, FREE_PLAY_ID};
pub use challenge::{Challenge, EventMatch};
pub use checkpoint::{Ask, Checkpoint};
pub use definition::{KeyMoment, LessonDef};
pub use driver::{divergence, play_lesson, play_scripted, resolve_captions};
pub use lesson::{Action, CaptionRule, Direction, Lesson, Wait, ORIGINAL};
pub use next_choices::{next_choices, ChoiceKind, NextChoice, NextChoices};
pub use options::{Intervention, PlayError, PlayOptions};
pub use playable::{play, Playable};
pub use registry::{
    catalog, definition, definitions, find, free_play, lesson, lessons, offers_toggles, LESSONS,
};
pub use replay::ReplayError;
pub use script::{carried, condition_holds, Answer, ScriptOutcome, ScriptedModel, ScriptedReply};
pub use script_gaps::{script_gaps, ScriptGap};
pub use toggle_choice::ToggleChoice;
