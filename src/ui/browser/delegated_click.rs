//! What a delegated event landed on: one handler on a container (the diagram's lane headers,
//! the detail's request list) finds the item a click or key press was meant for, instead of a
//! handler per item that would be detached and attached again on every step.

use wasm_bindgen::JsCast;

/// The `attr` of the nearest element at or above the event's target that matches `selector`.
pub fn closest_attr(
    target: Option<web_sys::EventTarget>,
    selector: &str,
    attr: &str,
) -> Option<String> {
    let el: web_sys::Element = target?.dyn_into().ok()?;
    el.closest(selector).ok().flatten()?.get_attribute(attr)
}
