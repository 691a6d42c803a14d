//! Writes done when the page is idle, for things that only need the latest value (the address
//! bar's link, the stored session): while the step keeps changing (scrubbing, running) they
//! are held back and done once, [`IDLE`] after the last change, and at once when the page is
//! being left, so a reload right after a step still finds the step stored. Running at the
//! highest speed still writes each step: its steps are further apart than [`IDLE`]. Also owns
//! [`after_first_paint`], for work the first frame need not wait for.

use std::time::Duration;

use leptos::prelude::*;

/// How long a value must stay put before it is written.
pub const IDLE: Duration = Duration::from_millis(200);

/// Runs `f` right after the next paint: the frame callback runs before that paint, the zero
/// timeout after it. Work that the first view does not show (panels below the fold, the
/// address bar's first link) waits here so the lesson appears without it.
pub fn after_first_paint(f: impl FnOnce() + 'static) {
    request_animation_frame(move || set_timeout(f, Duration::ZERO));
}

/// How long a framed page waits for its first paint before it goes on without it.
const PAINT_OR: Duration = Duration::from_millis(300);

/// Runs `f` once: right after the next paint, or after [`PAINT_OR`] if no paint comes first. A
/// browser paints no frame for a cross-origin frame below the fold of its course page until it
/// is scrolled into view, so work that a host page waits for (the embed API's `ready`, the
/// frame's height) must not wait for that paint.
pub fn after_first_paint_or_soon(f: impl FnOnce() + 'static) {
    let once = std::rc::Rc::new(std::cell::Cell::new(Some(f)));
    let run = move || {
        if let Some(f) = once.take() {
            f();
        }
    };
    let by_timer = run.clone();
    after_first_paint(run);
    set_timeout(by_timer, PAINT_OR);
}

/// Returns a function that hands `write` the latest value it was given: the first value right
/// after the first paint, later ones once the values stop coming for [`IDLE`] (and any
/// pending one when the page is hidden or unloaded).
pub fn write_when_idle<T: Send + Sync + 'static>(
    write: impl Fn(T) + Send + Sync + 'static,
) -> impl Fn(T) + Copy + 'static {
    let pending = StoredValue::new(None::<T>);
    let write = StoredValue::new(write);
    // Each value starts a timer; only the timer of the latest value writes, so a scrub that
    // never pauses for IDLE writes nothing until it stops (writing every IDLE instead made
    // every seek slower: `replaceState` is slow).
    let generation = StoredValue::new(0u64);
    let flush = move || {
        if let Some(value) = pending.try_update_value(Option::take).flatten() {
            write.with_value(|write| write(value));
        }
    };
    // `pagehide` fires on reload, close and navigation alike (and before a page is frozen).
    let on_hide = window_event_listener(leptos::ev::pagehide, move |_| flush());
    on_cleanup(move || on_hide.remove());
    move |value: T| {
        pending.set_value(Some(value));
        let Some(this) = generation.try_update_value(|g| {
            *g += 1;
            *g
        }) else {
            return;
        };
        // The page as opened (the first value) is written right after its first paint, not
        // IDLE later; not before that paint either: under the CPU profiler the first
        // `replaceState` of a fresh page delayed the first lesson.
        if this == 1 {
            after_first_paint(flush);
            return;
        }
        set_timeout(
            move || {
                if generation.try_get_value() == Some(this) {
                    flush();
                }
            },
            IDLE,
        );
    }
}
