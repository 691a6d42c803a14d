//! Putting the sequence diagram's markup on the page: the marks are written as one escaped
//! markup string ([`crate::markup::Pen`], by `view::sequence::draw`) and parsed by the browser
//! in one `innerHTML` assignment per redraw.

use web_sys::Element;

pub use crate::markup::{Node, Pen};
pub use crate::view::sequence::draw::px;

/// Replaces the children of `parent` with what `pen` wrote.
pub fn paint(parent: &Element, pen: Pen) {
    parent.set_inner_html(&pen.finish());
}

/// The first element under `root` matching `selector`, as an `Element`.
pub fn find(root: &Element, selector: &str) -> Option<Element> {
    root.query_selector(selector).ok().flatten()
}
