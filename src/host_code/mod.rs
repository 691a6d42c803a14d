//! The host's code as data (issue 47): a short Python host, written from the rules in
//! SPEC.md, beside the engine that does the real thing. Each line that produces events names
//! the event kinds (and, where needed, the conditions) it stands for, so every event of a run
//! maps to the one line behind it: the pane highlights it, a breakpoint on it stops a run, and
//! a checkpoint can ask which line runs next. It imports only the engine (a floor of its own
//! between the engine and the lessons):
//!
//! - `line.rs`: one line as data (code, comment in both languages, the contrast variant it
//!   belongs to, its place);
//! - `claims.rs`: what a line stands for (event kinds and the conditions that tell lines apart);
//! - `places.rs` (`places.txt`): the lines that produce events, with their claims: what the
//!   first module keeps;
//! - `listing.rs` (`www/host-code.txt`): the whole host with its comments, fetched with the
//!   pane (native builds include it), numbered in each variant;
//! - `functions.rs`: the variables the watch shows for each function;
//! - `mapper.rs`: an event to the one place that produced it;
//! - `breakpoints.rs`: breakpoints on lines, and the event-kind breakpoints of older links as
//!   the lines of their kind.
//!
//! The watch (the variables' values at a step) is the view model's: `view::host_code`.
//!
//! **Invariant:** every event of every lesson, scenario fixture and the stress log maps to exactly
//! one place, that place's line is shown in the variant in force at the step, and every line
//! that claims an event is reached somewhere (`tests/it/host_code.rs`).

pub mod breakpoints;
pub mod claims;
pub mod functions;
pub mod line;
pub mod listing;
pub mod mapper;
pub mod places;

pub use breakpoints::LineBreaks;
pub use claims::At;
pub use line::{Line, Variant};
pub use listing::{Listing, Shown};
pub use mapper::{place_at, places_at};
pub use places::{function_of, place_line};
