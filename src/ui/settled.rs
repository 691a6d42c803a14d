//! Writes that only need the value the page settles on (the address bar's link, the stored
//! session): while the step keeps changing (scrubbing, running) they are held back and done
//! once, [`SETTLE`] after the last change, and at once when the page is being left, so a reload
//! right after a step still finds the step stored.

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
    let flush = move || {
        if let Some(value) = pending.try_update_value(Option::take).flatten() {
            write.with_value(|write| write(value));
        }
    };
    // `pagehide` fires on reload, close and navigation alike (and before a page is frozen).
    let on_hide = window_event_listener(leptos::ev::pagehide, move |_| flush());
    on_cleanup(move || on_hide.remove());
    move |value: T| {
        let scheduled = pending.with_value(Option::is_some);
        pending.set_value(Some(value));
        if !scheduled {
            set_timeout(flush, SETTLE);
        }
    }
}
