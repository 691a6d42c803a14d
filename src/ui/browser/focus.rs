//! Moving focus where the learner's next key press belongs (issue 46: the keyboard path): a
//! checkpoint's first choice when it asks, ▶ again after the right answer, the end card when
//! the last step has no ▶ left. Done after the next frame, so the element the change renders
//! is there; nothing is focused that is not rendered, enabled and in the page.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Focuses the first element matching one of `selectors` (tried in order) that is enabled,
/// after the next animation frame.
pub fn focus_soon(selectors: &'static [&'static str]) {
    focus_soon_where(selectors, false);
}

/// As [`focus_soon`]; `in_place` scrolls nothing (in an embed's short frame, scrolling to the
/// element would take the caption above it out of view).
pub fn focus_soon_where(selectors: &'static [&'static str], in_place: bool) {
    request_animation_frame(move || {
        for selector in selectors {
            if focus_now(selector, in_place) {
                return;
            }
        }
    });
}

/// Focuses the first element matching `selector` if it is enabled; whether it did.
fn focus_now(selector: &str, in_place: bool) -> bool {
    let Some(el) = document()
        .query_selector(selector)
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    else {
        return false;
    };
    if el.has_attribute("disabled") {
        return false;
    }
    if in_place {
        crate::ui::browser::viewport::focus_in_place(&el);
        return true;
    }
    el.focus().is_ok()
}

/// Whether focus is nowhere a key press means something: on the page's body, or on nothing.
pub fn focus_is_lost() -> bool {
    match document().active_element() {
        None => true,
        Some(el) => {
            el.tag_name() == "BODY"
                || el.has_attribute("disabled")
                || el.closest(".app").ok().flatten().is_none()
        }
    }
}
