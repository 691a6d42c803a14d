//! A minimal Leptos page (one heading), built exactly like the playground (release profile,
//! wasm-opt -Oz, same Trunk) from www/minimal.html. It exists only as the baseline of the
//! load-time figure printed by tests/e2e/perf.spec.ts (run by scripts/perf.sh): the playground's
//! time to its first rendered lesson is compared with this page's time to its heading.

#[cfg(target_arch = "wasm32")]
fn main() {
    use leptos::prelude::*;
    leptos::mount::mount_to_body(
        || view! { <h1 data-testid="minimal-heading">"Minimal Leptos page"</h1> },
    );
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("minimal_page is a browser baseline for scripts/perf.sh; build it with Trunk.");
}
