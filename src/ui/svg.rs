//! Building SVG with plain DOM calls, for the sequence diagram's marks. A step redraws up to a
//! few hundred marks of eight shapes; as typed Leptos views those shapes cost ~39 KB gzip of
//! wasm (each attribute list is its own monomorphized type), as DOM calls a few KB, and they
//! build faster too. Text only ever goes in as text nodes (`set_text_content`), never markup.
//! Coordinates are written as whole pixels, so no float formatting code is needed.

use web_sys::{Document, Element};

const NS: &str = "http://www.w3.org/2000/svg";

/// Appends SVG elements under one parent.
#[derive(Clone)]
pub struct Pen {
    doc: Document,
}

impl Pen {
    /// A pen for the page's document (None outside a browser window).
    pub fn new() -> Option<Pen> {
        let doc = web_sys::window()?.document()?;
        Some(Pen { doc })
    }

    /// Appends `<tag attrs…>` to `parent`.
    pub fn add(&self, parent: &Element, tag: &str, attrs: &[(&str, &str)]) -> Option<Element> {
        let el = self.doc.create_element_ns(Some(NS), tag).ok()?;
        for (name, value) in attrs {
            el.set_attribute(name, value).ok()?;
        }
        parent.append_child(&el).ok()?;
        Some(el)
    }

    /// Appends `<tag attrs…>text</tag>`; the text is a text node.
    pub fn text(
        &self,
        parent: &Element,
        tag: &str,
        attrs: &[(&str, &str)],
        text: &str,
    ) -> Option<Element> {
        let el = self.add(parent, tag, attrs)?;
        el.set_text_content(Some(text));
        Some(el)
    }

    /// Appends a text node to `parent`.
    pub fn append_text(&self, parent: &Element, text: &str) {
        let _ = parent.append_child(&self.doc.create_text_node(text));
    }

    /// Appends a `<g attrs…>` whose first child is `<title>title</title>` (its tooltip and
    /// accessible name).
    pub fn group(&self, parent: &Element, attrs: &[(&str, &str)], title: &str) -> Option<Element> {
        let g = self.add(parent, "g", attrs)?;
        self.text(&g, "title", &[], title)?;
        Some(g)
    }
}

/// Removes every child of `parent`.
pub fn clear(parent: &Element) {
    parent.set_text_content(None);
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
