//! The minimal page of `minimal_page.rs` with the whole playground linked in but never run: a
//! branch the optimizer cannot remove keeps every function of the app in the wasm. Its load
//! time minus the minimal page's is what the module's size costs (download, validation,
//! instantiation); the playground's time minus this page's is what running it costs. Built and
//! measured by scripts/perf.sh unless `PERF_SIZE_BASELINE=0`; perf.spec.ts also writes the
//! first-view floor page (`floor.html`) beside it.

#[cfg(target_arch = "wasm32")]
fn main() {
    use leptos::prelude::*;
    // Never true in a browser; `black_box` hides that from the optimizer.
    if std::hint::black_box(web_sys::window().is_none()) {
        agent_team_playground::ui::start();
    }
    leptos::mount::mount_to_body(
        || view! { <h1 data-testid="minimal-heading">"Minimal Leptos page"</h1> },
    );
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "minimal_page_full_size is a browser baseline for scripts/perf.sh; build it with Trunk."
    );
}
