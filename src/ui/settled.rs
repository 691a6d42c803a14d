//! Writes that only need the value the page settles on (the address bar's link, the stored
//! session): while the step keeps changing (scrubbing, running) they are held back and done
//! once, [`SETTLE`] after the last change, and at once when the page is being left, so a reload
//! right after a step still finds the step stored. Running at 4x (a step every 225 ms) still
//! writes each step.

use std::time::Duration;

use leptos::prelude::*;

/// How long a value must stay put before it is written.
pub const SETTLE: Duration = Duration::from_millis(200);

/// Returns a function that hands `write` the latest value it was given, once the values stop
/// coming for [`SETTLE`] (or when the page is hidden or unloaded).
pub fn when_settled<T: Send + Sync + 'static>(
    write: impl Fn(T) + Send + Sync + 'static,
) -> impl Fn(T) + Copy + 'static {
    let pending = StoredValue::new(None::<T>);
    let write = StoredValue::new(write);
    // Each value starts a timer; only the timer of the latest value writes, so a scrub that
    // never pauses for SETTLE writes nothing until it stops (writing every SETTLE instead
    // cost 0.24 ms per seek: `replaceState` is slow).
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
        set_timeout(
            move || {
                if generation.try_get_value() == Some(this) {
                    flush();
                }
            },
            SETTLE,
        );
    }
}
