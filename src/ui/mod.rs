//! The Leptos view (wasm only). It reads state from the engine's timeline and never mutates
//! team state itself; see `state/context.rs` for the view state every component shares.
//!
//! Laid out by what each file is: `browser/` (services over browser APIs), `state/` (page
//! state: the view state, the link, the stored session), `panels/` (what shows the run on
//! screen), `features/` (what starts something: fork, live, editor, export, dialogs, embed).
//! `app.rs` builds the page state in the open and lays the parts out.

pub mod app;
pub mod browser;
pub mod code_part;
pub mod features;
pub mod later_parts;
pub mod panels;
pub mod state;

pub use app::App;

/// Mounts the playground on the page body; called by `main` in the browser.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
