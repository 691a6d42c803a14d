//! Agent Team Playground: a browser playground that teaches how a team of LLM agents works.
//!
//! Module map (see ARCHITECTURE.md for the invariants). The modules stand in floors, and a
//! floor imports only floors below it (ARCHITECTURE.md, "Floors", kept by a test):
//! engine, markup <- host_code <- lessons <- scenario <- on_screen <- view <- link, keep,
//! export <- course <- providers <- ui.
//! - [`engine`]: the sans-IO team host (roster, mailbox, histories, protocols, budgets). It
//!   knows nothing about the browser and is tested natively.
//! - [`markup`]: the escaped markup writer the sequence diagram draws its marks with.
//! - [`host_code`]: the host as a short Python program, each line naming the events it stands
//!   for: the line behind each step, line breakpoints, "which line runs next?" (issue 47).
//! - [`lessons`]: the built-in lessons as data, the scripted model and the deterministic
//!   driver that plays a lesson into a timeline.
//! - [`scenario`]: scenarios, free play made real: the versioned format, its validation, the
//!   editor's operations and the lesson that plays one.
//! - [`on_screen`]: the run on screen as one value ([`on_screen::OnScreen`]: what plays, its
//!   options, a recording, the step; its one `play`), and what the page keeps of it
//!   ([`on_screen::Screen`]).
//! - [`view`]: the view model: everything on screen that is computed from the team state
//!   (diagram layout, lane placement, cards, the member detail, windowing, narration and
//!   caption facts, the playhead), native and tested with plain `cargo test`.
//! - [`link`]: what a link carries (the fragment's parts, the compressed `x=`) and its reader.
//! - [`keep`]: what the browser keeps between visits (the stored session and its rules).
//! - [`export`]: a run exported as versioned JSON or a Markdown transcript, and imported back.
//! - [`course`]: course reporting: the embed API, checkpoint results and xAPI, SCORM 1.2,
//!   Open edX, the embed snippets and the frame's height.
//! - [`providers`]: real models as a second source of replies (encoders, decoders, retries,
//!   the live run's schedule).
//! - `ui` (wasm only): the Leptos components that bind the view model to the page.

/// The engine is its own crate (`engine/`), so nothing outside it can reach team state
/// except through its public API; `crate::engine` names it here.
pub use agent_team_engine as engine;
pub mod course;
pub mod export;
pub mod host_code;
pub mod keep;
pub mod lessons;
pub mod link;
pub mod markup;
pub mod on_screen;
pub mod providers;
pub mod scenario;
pub mod view;

#[cfg(target_arch = "wasm32")]
pub mod ui;
