//! The native view model: everything the page shows that is computed rather than bound. Each
//! module turns the team state at a step (and the state one step earlier, where a view says
//! what just changed) into plain data and text in the learner's language; the Leptos
//! components in `ui/` only bind it to the DOM. No web crate is used here, so all of it is
//! tested with plain `cargo test`.
//!
//! - [`sequence`]: the sequence diagram's layout (lanes, arrows, bars, bands, refusals,
//!   ticks, the cursor), what of it is in view, and its legend.
//! - [`journey`]: where a message was at each step its place changed.
//! - [`lanes`]: which message chip sits in which lane, and what moved at this step.
//! - [`host_code`]: the host as Python code, the line behind each step, the watch of its
//!   variables and breakpoints on lines (issue 47).
//! - [`subject`]: the messages a step is about (what its event touched, what its caption
//!   names), and [`lane_lead`]: each lane's order, the subject's chips first and marked.
//! - [`narration`]: what each event means to a learner, in both languages.
//! - [`facts`]: the facts a caption states (`{busy:reader}` and the like), rendered from the
//!   state at the step it is shown, and the "(original run)" marker of a branch's captions.
//! - [`caption`]: the caption of a step, its event line and the contrast modes.
//! - [`card`]: what a member card shows.
//! - [`first_screen`]: a first visit's first screen: which parts are one tap away.
//! - [`end_card`]: what the stage shows at a lesson's end: the score, the checkpoints to
//!   revisit, the next lesson.
//! - [`fork_form`]: the fork form's checks (a draft to an intervention, or a problem in both
//!   languages) and how a change and a branch are described.
//! - [`compare`]: two runs side by side (a toggle's two settings, a fork and its base): the
//!   rows aligned by story step, where they part and why, each message's places and each
//!   member's history in both, the totals, and the summary sentence.
//! - [`contrast`]: the learner's contrast toggles and what the run shows under them.
//! - [`detail`]: the member detail's history rows, candidate, request picks and the request
//!   view with its "new since the previous request" marks.
//! - [`playhead`]: the step on screen and whether it plays, moved by the transport's and the
//!   embed API's commands and the timer's tick (breakpoints, key steps, both ends).
//! - [`protocol`]: the protocol tracker's rows.
//! - [`story`]: the story level (routine cycles folded into one stop with a caption saying
//!   what the cycle did) and the levels a learner steps at (key moments, story, every event).
//! - [`repeats`]: runs of identical tool calls, collapsed in captions and lists.
//! - [`result`]: the result panel (final answers, the step's whole tool result).
//! - [`rules`]: the rules the playground teaches, told short in both languages (a checkpoint's rule).
//! - [`window`]: which items of a long scrolling list are in view.
//! - [`transcript`]: a timeline as text, one line per event with its caption (the golden
//!   files, the export's event log).

pub mod caption;
pub mod card;
pub mod challenge_results;
pub mod checkpoints;
pub mod compare;
pub mod contrast;
pub mod detail;
pub mod end_card;
pub mod event_names;
pub mod facts;
pub mod first_screen;
pub mod first_view;
pub mod fork_form;
pub mod host_code;
pub mod journey;
pub mod lane_lead;
pub mod lanes;
pub mod narration;
mod narration_work;
pub mod playhead;
pub mod protocol;
pub mod repeats;
pub mod result;
pub mod rules;
pub mod sequence;
pub mod story;
pub mod subject;
pub mod transcript;
pub mod window;

/// Picks the string of the learner's language (one helper for the view model and the UI).
pub use crate::lessons::language::tr;
