//! Agent Team Playground: a browser playground that teaches how a team of LLM agents works.
//!
//! Module map (see ARCHITECTURE.md for the invariants). The modules stand in floors, and a
//! floor imports only floors below it: engine <- host_code <- lessons <- scenario <- view <-
//! share, export <- providers <- ui (ARCHITECTURE.md, "Floors").
//! - [`engine`]: the sans-IO team host (roster, mailbox, histories, protocols, budgets). It
//!   knows nothing about the browser and is tested natively.
//! - [`host_code`]: the host as a short Python program, each line naming the events it stands
//!   for: the line behind each step, line breakpoints, "which line runs next?" (issue 47).
//! - [`lessons`]: the built-in lessons as data, the scripted model and the deterministic
//!   driver that plays a lesson into a timeline.
//! - [`scenario`]: scenarios, free play made real: the versioned format, its validation and
//!   the lesson that plays one.
//! - [`export`]: a run exported as versioned JSON or a Markdown transcript, and imported back.
//! - [`share`]: what a link carries and its parser.
//! - [`markup`]: the escaped markup writer the sequence diagram draws its marks with.
//! - [`view`]: the view model: everything on screen that is computed from the team state
//!   (diagram layout, lane placement, cards, the member detail, windowing, narration and
//!   caption facts), native and tested
//!   with plain `cargo test`.
//! - `ui` (wasm only): the Leptos components that bind the view model to the page.

/// The engine is its own crate (`engine/`), so nothing outside it can reach team state
/// except through its public API; `crate::engine` names it here.
pub use agent_team_engine as engine;
pub mod export;
pub mod host_code;
pub mod lessons;
pub mod markup;
pub mod providers;
pub mod scenario;
pub mod share;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod ui;
