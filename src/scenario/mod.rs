//! Scenarios: free play made real. A scenario is data a teacher writes (or the editor makes):
//! the team's members and their tools, the virtual files, the task for the lead, the contrast
//! toggles, the limits, and the scripted replies. It is versioned JSON (`"version": 1`),
//! documented in README.md ("Scenario format (version 1)"), and [`parse`] checks it with a
//! clear message per problem in both languages ([`ScenarioErrors`]).
//!
//! A scenario has no stage directions of its own: it plays under the default delivery policy
//! (the task goes to the lead; whenever the team is quiet, each member with unread mail gets a
//! delivery, in roster order), see `lessons::run`. It has no captions either: the narration
//! explains each event.
//!
//! - `format.rs`: the format's types ([`Scenario`] and its parts) and [`VERSION`];
//! - `errors.rs`: [`ScenarioErrors`], every problem in both languages;
//! - `read.rs`: [`parse`], JSON text to a checked scenario, reporting type errors with the path
//!   of the field;
//! - `validate.rs`: [`Scenario::validate`] and the allowed ranges ([`ranges`]);
//! - `authoring.rs`: the checks of version 2's fields (faults at a chosen moment,
//!   conditional replies);
//! - `edit.rs`: the editor's operations ([`edit::Edit`]), each refused or made and validated;
//!   `edit_authoring.rs` those on faults and conditional replies, `edit_checkpoint.rs` those
//!   on checkpoints, `edit_challenge.rs` those on challenges (issue 48; `challenge_check.rs`
//!   their problems);
//! - `convert.rs`: a lesson to a scenario and a scenario to the lesson that plays it (the run
//!   on screen, `crate::on_screen`, is the one place a scenario plays);
//! - `check.rs`: the authoring check ([`check::Report`]): which reply answered each request,
//!   replies and faults that never ran, replies naming a message the member never received;
//! - `source.rs`: a scenario fetched from a URL (`src=`), each failure explained.

mod authored_list;
mod authoring;
mod challenge_check;
pub mod check;
mod checkpoint_check;
mod config_words;
mod convert;
pub mod edit;
pub mod edit_authoring;
pub mod edit_challenge;
pub mod edit_checkpoint;
mod errors;
mod format;
mod fresh_name;
pub mod ranges;
mod read;
pub mod source;
mod validate;

pub use authoring::is_message_id;
pub use errors::{too_many_edits, Problem, ScenarioErrors};
pub use format::{
    Scenario, ScenarioAlternative, ScenarioFailure, ScenarioFault, ScenarioLimits, ScenarioMember,
    ScenarioReply, ScenarioToggles, ScenarioToolCall, NEWEST_VERSION, VERSION,
};
pub use read::parse;
