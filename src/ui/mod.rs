//! The Leptos view (wasm only). It reads state from the engine's timeline and never mutates
//! team state itself; see `context.rs` for the view state every component shares.

pub mod app;
pub mod caption;
pub mod clipboard;
pub mod context;
pub mod delegated_click;
pub mod detail;
pub mod detail_entries;
pub mod detail_request;
pub mod editor;
pub mod embed;
pub mod embed_dialog;
pub mod export_panel;
pub mod files;
pub mod fork;
pub mod fork_draft;
pub mod generated_log;
pub mod i18n;
pub mod lanes;
pub mod link;
pub mod live;
pub mod live_run;
pub mod live_settings;
pub mod members;
pub mod protocol;
pub mod result;
pub mod scenario_src;
pub mod sequence;
pub mod session;
pub mod share_dialog;
pub mod storage;
pub mod svg;
pub mod toggles;
pub mod transport;
pub mod viewport;
pub mod when_idle;

pub use app::App;

/// Mounts the playground on the page body; called by `main` in the browser.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
