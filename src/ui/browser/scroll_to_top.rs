//! Bringing a part of the page to the top of its scroll box (a jump of the side panel's list,
//! the member detail, "Export instead") and keeping it there while the parts around it first
//! show. The side panel's parts out of view are laid out only once they come into view
//! (`content-visibility` in the stylesheet), a frame after they do, so a part near the target
//! never shown before may turn out shorter or taller than the height it stood in with and move
//! the target. Until the learner scrolls, clicks or types (or another part is brought), each
//! frame in which the target moved brings it back; this stops after three frames in a row in
//! which nothing moved (or twelve).

use std::cell::Cell;

use leptos::prelude::*;

thread_local! {
    /// Counts the learner's inputs (wheel, pointer, key, touch) and the parts brought into view:
    /// a change stops the re-aligning (the learner moved on, or a newer part was brought).
    static INPUTS: Cell<u32> = const { Cell::new(0) };
    /// Whether the listeners that count them are on the page (they stay, once there).
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

/// Whether `el` is its own scroll box (the side panel beside the stage on a wide screen; on a
/// phone the page scrolls instead).
pub fn scrolls_itself(el: &web_sys::Element) -> bool {
    window()
        .get_computed_style(el)
        .ok()
        .flatten()
        .and_then(|style| style.get_property_value("overflow-y").ok())
        .is_some_and(|overflow| overflow == "auto" || overflow == "scroll")
}

/// Brings `el` to the top of its scroll box and keeps it there (see the file's comment).
pub fn scroll_to_top(el: &web_sys::Element) {
    count_inputs();
    align(el);
    let inputs = bump();
    settle(
        el.clone(),
        el.get_bounding_client_rect().top(),
        inputs,
        0,
        12,
    );
}

/// `scrollIntoView`, then, inside the side panel, below its jump list: a phone's list wraps
/// and can be taller than the parts' scroll margin.
fn align(el: &web_sys::Element) {
    el.scroll_into_view_with_bool(true);
    let Some(panel) = el.closest(".side-panel").ok().flatten() else {
        return;
    };
    let Some(nav) = panel
        .query_selector("[data-testid=side-nav]")
        .ok()
        .flatten()
    else {
        return;
    };
    let covered =
        nav.get_bounding_client_rect().bottom() + 8.0 - el.get_bounding_client_rect().top();
    if covered <= 0.0 {
        return;
    }
    // The side panel is its own scroll box beside the stage on a wide screen; on a phone the
    // page scrolls.
    let scrolls = scrolls_itself(&panel);
    if scrolls {
        panel.set_scroll_top(panel.scroll_top() - covered.ceil() as i32);
    } else {
        window().scroll_by_with_x_and_y(0.0, -covered.ceil());
    }
}

fn settle(el: web_sys::Element, landed: f64, inputs: u32, still: u32, frames: u32) {
    if frames == 0 || still == 3 {
        return;
    }
    request_animation_frame(move || {
        if INPUTS.get() != inputs {
            return;
        }
        if (el.get_bounding_client_rect().top() - landed).abs() < 1.0 {
            settle(el, landed, inputs, still + 1, frames - 1);
            return;
        }
        align(&el);
        let landed = el.get_bounding_client_rect().top();
        settle(el, landed, inputs, 0, frames - 1);
    });
}

fn count_inputs() {
    if COUNTING.replace(true) {
        return;
    }
    // For the page's life: one listener each.
    std::mem::forget(window_event_listener(leptos::ev::wheel, |_| {
        bump();
    }));
    std::mem::forget(window_event_listener(leptos::ev::pointerdown, |_| {
        bump();
    }));
    std::mem::forget(window_event_listener(leptos::ev::keydown, |_| {
        bump();
    }));
    std::mem::forget(window_event_listener(leptos::ev::touchstart, |_| {
        bump();
    }));
}

fn bump() -> u32 {
    let next = INPUTS.get().wrapping_add(1);
    INPUTS.set(next);
    next
}
