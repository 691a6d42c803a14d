//! Windowing for long lists of fixed-size items (a large team's row of cards, a long lane of
//! chips): which items a scroll box shows, and a scroll offset that changes only when the box
//! has moved far enough to show other items. The DOM is read only in scroll and resize
//! handlers, never while a step renders.

use std::ops::Range;

use leptos::prelude::*;

/// The items, each `item` px long (gap included), that a box scrolled to `offset` and
/// `viewport` px long shows, plus one on each side.
pub fn in_view(count: usize, offset: f64, item: f64, viewport: f64) -> Range<usize> {
    let first = ((offset / item).floor().max(0.0) as usize).saturating_sub(1);
    let last = (((offset + viewport) / item).ceil().max(0.0) as usize + 1).min(count);
    first.min(last)..last
}

/// How many of `count` items lie before (`before`) or after the shown `range`: the size of
/// the spacer that keeps the box's scroll length.
pub fn outside(range: &Range<usize>, count: usize, before: bool) -> usize {
    if before {
        range.start
    } else {
        count.saturating_sub(range.end)
    }
}

/// Records a box's scroll offset `now` in `offset` when it has moved by half an item or more
/// (a smaller move shows the same items, so nothing re-renders).
pub fn settle(offset: RwSignal<f64>, now: f64, item: f64) {
    if (now - offset.get_untracked()).abs() >= item / 2.0 {
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
