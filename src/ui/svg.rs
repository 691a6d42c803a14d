//! Putting the sequence diagram's marks on the page. The marks are written as one escaped
//! markup string ([`crate::markup::Pen`]) and parsed by the browser in one `innerHTML`
//! assignment per redraw. Coordinates are written as whole pixels, so no float formatting code
//! is needed.

use web_sys::Element;

pub use crate::markup::{Node, Pen};

/// Replaces the children of `parent` with what `pen` wrote.
pub fn paint(parent: &Element, pen: Pen) {
    parent.set_inner_html(&pen.finish());
}

/// A coordinate as whole pixels.
pub fn px(value: f64) -> String {
    // Saturating float-to-int cast: NaN becomes 0, infinities clamp.
    (value.round() as i64).to_string()
}

/// The first element under `root` matching `selector`, as an `Element`.
pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}
