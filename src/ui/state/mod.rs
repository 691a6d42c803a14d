//! Page state: the view state every component shares (`context.rs`, with the run on screen),
//! the address bar's link, the stored session, a link's `src=` scenario and the
//! `wasmBindings` hook that opens a generated log. Components read and change the page only
//! through these.

pub mod challenges;
pub mod checkpoints;
pub mod compare;
pub mod context;
pub mod generated_log;
pub mod kept;
pub mod link;
pub mod reveal;
pub mod scenario_src;
pub mod session;
pub mod show;
