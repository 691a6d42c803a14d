//! The one way to open a generated stress log longer than a link may name
//! (`lessons::stress::MAX_LINKED_EVENTS`): `window.wasmBindings.open_generated_log(n)`, which
//! the perf test calls to scrub a 100,000-event log. A link, a stored session or an embedding
//! page in another origin cannot reach it; a script of the page's own origin already controls
//! the page, so it gains nothing it did not have.

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::ui::state::context::Playground;

thread_local! {
    static PAGE: Cell<Option<Playground>> = const { Cell::new(None) };
}

/// Remembers the page's view state for [`open_generated_log`].
pub fn remember(pg: Playground) {
    PAGE.with(|page| page.set(Some(pg)));
}

/// Opens the generated stress log of `events` events (capped at `lessons::stress::MAX_EVENTS`)
/// at step 0. False when the page is not up yet.
#[wasm_bindgen]
pub fn open_generated_log(events: usize) -> bool {
    let Some(pg) = PAGE.with(Cell::get) else {
        return false;
    };
    pg.error.set(None);
    pg.open_lesson(format!("stress-{events}"));
    true
}
