//! A markup writer for the sequence diagram's SVG marks: elements are appended under a parent
//! handle, as with DOM calls, but written into one string that the browser parses in a single
//! `innerHTML` assignment. A step redraws hundreds of marks; one string crossing from wasm to
//! JS costs far less than thousands of `createElementNS`/`setAttribute` calls, each of which
//! decodes its strings separately.
//!
//! Safety: tag and attribute names are `&'static str` (written in this crate, never data), and
//! every attribute value and text is escaped, so a member name or a label holding `<script>` or
//! `" onload="` stays text. Pure Rust, so it is tested natively.

use std::cell::RefCell;

/// Where an element goes: the root, or an element written earlier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node(usize);

#[derive(Default)]
struct Inner {
    out: String,
    /// The open elements, outermost first: (handle, tag).
    open: Vec<(usize, &'static str)>,
    next: usize,
}

/// Writes elements as markup. Children must be written while their parent is still open: a
/// write under an element closes everything opened after it, and a write under an element that
/// was already closed is refused (returns `None`), never misplaced.
pub struct Pen {
    inner: RefCell<Inner>,
}

impl Default for Pen {
    fn default() -> Self {
        Pen::new()
    }
}

impl Pen {
    pub fn new() -> Pen {
        // Handle 0 is the root, so elements are numbered from 1.
        Pen {
            inner: RefCell::new(Inner {
                next: 1,
                ..Inner::default()
            }),
        }
    }

    /// The handle of the element the markup will be put in.
    pub fn root(&self) -> Node {
        Node(0)
    }

    /// Appends `<tag attrs…>` under `parent`.
    pub fn add(
        &self,
        parent: &Node,
        tag: &'static str,
        attrs: &[(&'static str, &str)],
    ) -> Option<Node> {
        let mut inner = self.inner.borrow_mut();
        inner.close_down_to(*parent)?;
        let id = inner.next;
        inner.next += 1;
        inner.out.push('<');
        inner.out.push_str(tag);
        for (name, value) in attrs {
            inner.out.push(' ');
            inner.out.push_str(name);
            inner.out.push_str("=\"");
            escape_into(&mut inner.out, value);
            inner.out.push('"');
        }
        inner.out.push('>');
        inner.open.push((id, tag));
        Some(Node(id))
    }

    /// Appends `<tag attrs…>text</tag>` under `parent`.
    pub fn text(
        &self,
        parent: &Node,
        tag: &'static str,
        attrs: &[(&'static str, &str)],
        text: &str,
    ) -> Option<Node> {
        let node = self.add(parent, tag, attrs)?;
        self.append_text(&node, text);
        Some(node)
    }

    /// Appends a void element `<tag attrs…>` (an `input`: no content, no end tag) under
    /// `parent`; the static first view (`view::first_view`) writes its form controls with it.
    pub fn void(&self, parent: &Node, tag: &'static str, attrs: &[(&'static str, &str)]) {
        if let Some(node) = self.add(parent, tag, attrs) {
            let mut inner = self.inner.borrow_mut();
            // Closed at once, without an end tag.
            inner.open.retain(|(id, _)| *id != node.0);
        }
    }

    /// Appends text under `parent`.
    pub fn append_text(&self, parent: &Node, text: &str) {
        let mut inner = self.inner.borrow_mut();
        if inner.close_down_to(*parent).is_some() {
            escape_into(&mut inner.out, text);
        }
    }

    /// Appends a `<g attrs…>` whose first child is `<title>title</title>` (its tooltip and
    /// accessible name).
    pub fn group(
        &self,
        parent: &Node,
        attrs: &[(&'static str, &str)],
        title: &str,
    ) -> Option<Node> {
        let g = self.add(parent, "g", attrs)?;
        self.text(&g, "title", &[], title)?;
        Some(g)
    }

    /// The markup, every element closed.
    pub fn finish(self) -> String {
        let mut inner = self.inner.into_inner();
        inner.close_down_to(Node(0));
        inner.out
    }
}

impl Inner {
    /// Closes the elements opened inside `parent`; None when `parent` is no longer open.
    fn close_down_to(&mut self, parent: Node) -> Option<()> {
        if parent.0 != 0 && !self.open.iter().any(|(id, _)| *id == parent.0) {
            return None;
        }
        while let Some(&(id, tag)) = self.open.last() {
            if id == parent.0 {
                break;
            }
            self.out.push_str("</");
            self.out.push_str(tag);
            self.out.push('>');
            self.open.pop();
        }
        Some(())
    }
}

/// Appends `text` with `& < > " '` escaped: safe as element text and as a quoted attribute.
pub fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_writes_close_in_order() {
        let pen = Pen::new();
        let root = pen.root();
        let g = pen.group(&root, &[("class", "a")], "t").unwrap();
        pen.add(&g, "rect", &[("x", "1")]).unwrap();
        pen.text(&g, "text", &[], "hi").unwrap();
        pen.add(&root, "line", &[]).unwrap();
        assert_eq!(
            pen.finish(),
            r#"<g class="a"><title>t</title><rect x="1"></rect><text>hi</text></g><line></line>"#
        );
    }

    #[test]
    fn a_write_under_a_closed_element_is_refused() {
        let pen = Pen::new();
        let root = pen.root();
        let first = pen.add(&root, "g", &[]).unwrap();
        pen.add(&root, "g", &[]).unwrap();
        assert_eq!(pen.add(&first, "rect", &[]), None);
        pen.append_text(&first, "lost");
        assert_eq!(pen.finish(), "<g></g><g></g>");
    }

    #[test]
    fn text_and_attribute_values_are_escaped() {
        let pen = Pen::new();
        let root = pen.root();
        let hostile = r#"<img src=x onerror="alert(1)"> & 'q' <script>x</script>"#;
        pen.text(&root, "text", &[("data-member", hostile)], hostile)
            .unwrap();
        let out = pen.finish();
        assert!(!out.contains("<img"), "{out}");
        assert!(!out.contains("<script"), "{out}");
        assert_eq!(
            out.matches('"').count(),
            2,
            "only the attribute's own quotes: {out}"
        );
        assert!(out.contains("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;q&#39;"));
    }
}
