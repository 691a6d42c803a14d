//! Entry point: mounts the Leptos app in the browser. Natively there is nothing to run.

#[cfg(target_arch = "wasm32")]
fn main() {
    agent_team_playground::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("agent-team-playground runs in the browser: use `trunk serve` (see README.md).");
}
