//! The Leptos view (wasm only). It reads state from the engine's timeline and never mutates
//! team state itself.

pub mod app;
pub mod i18n;
pub mod lanes;
pub mod members;
pub mod transport;

pub use app::App;

/// Mounts the playground on the page body; called by `main` in the browser.
pub fn start() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
