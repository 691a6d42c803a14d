//! The browser's side of windowing (`view::window` decides which items are in view): the
//! window's width and a scroll box's offset as signals. The DOM is read only in scroll and
//! resize handlers, never while a step renders.

use leptos::prelude::*;

use crate::view::window::moved_enough;

/// Records a box's scroll offset `now` in `offset` when it has moved far enough to show other
/// items of `item` px each (a smaller move shows the same items, so nothing re-renders).
pub fn track_scroll(offset: RwSignal<f64>, now: f64, item: f64) {
    if moved_enough(offset.get_untracked(), now, item) {
        offset.set(now);
    }
}

/// The window's inner width, an upper bound of any box's visible width, as a signal: read once
/// and again on each resize. Reading `innerWidth` lays the page out when the DOM has changed,
/// so it is never read while a step is being rendered.
pub fn window_width() -> ReadSignal<f64> {
    let read = || {
        web_sys::window()
            .and_then(|w| w.inner_width().ok())
            .and_then(|w| w.as_f64())
            .unwrap_or(1280.0)
    };
    let width = RwSignal::new(read());
    let resize = window_event_listener(leptos::ev::resize, move |_| width.set(read()));
    on_cleanup(move || resize.remove());
    width.read_only()
}

/// Moves keyboard focus to `el` without scrolling anything: inside a course page's frame a
/// focus that scrolls would move the course page around the frame.
pub fn focus_in_place(el: &web_sys::HtmlElement) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = el.focus_with_options(&options);
}
