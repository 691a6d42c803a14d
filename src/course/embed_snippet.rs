//! The Embed dialog's snippets: an `<iframe>` for any HTML page and the same frame for MDX
//! sites (Docusaurus: JSX attributes), each holding the link of the current state with
//! `embed=1`, and the optional `embed.js` line that sizes the frame from its `resize` messages.
//! Pure text, tested natively; `ui/features/embed_dialog.rs` shows it.

use crate::link::Part;

/// The frame's height in the snippet: the stage (transport, caption, cards, lanes) and its tab
/// bar fit it with no page scroll, and `embed.js` (or a course platform) keeps it about there
/// (`super::frame_height`).
pub const DEFAULT_HEIGHT: u32 = 720;

/// `link` with `embed=1` in its fragment and `hide=` naming exactly `hide` (no other
/// `embed=` or `hide=` value; the rest of the link as it was). A student starts a lesson at its
/// beginning: the step is 0 unless the teacher picked `this_step` (the link's own step).
pub fn embed_link(link: &str, hide: &[Part], this_step: bool) -> String {
    let (base, fragment) = link.split_once('#').unwrap_or((link, ""));
    let mut parts: Vec<String> = fragment
        .split('&')
        .filter(|p| !p.is_empty() && !p.starts_with("embed=") && !p.starts_with("hide="))
        .map(|p| match p.strip_prefix("step=") {
            Some(_) if !this_step => "step=0".to_string(),
            _ => p.to_string(),
        })
        .collect();
    parts.push("embed=1".to_string());
    if !hide.is_empty() {
        let names: Vec<&str> = hide.iter().map(|p| p.as_str()).collect();
        parts.push(format!("hide={}", names.join(",")));
    }
    format!("{base}#{}", parts.join("&"))
}

/// Where `embed.js` is beside the page `link` opens (same folder: any host, any sub-path).
pub fn script_url(link: &str) -> String {
    let page = link.split(['#', '?']).next().unwrap_or(link);
    let folder = page.rfind('/').map_or("", |i| &page[..=i]);
    format!("{folder}embed.js")
}

/// Escapes text for a double-quoted HTML attribute value.
fn attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A JavaScript string literal (JSON's quoting is valid JS and JSX).
fn js_string(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_string())
}

/// The `<iframe>` for an HTML page, showing `link` (an [`embed_link`]), then the `embed.js` line that sizes it. No `sandbox`: the
/// playground needs its scripts and its own origin's storage.
pub fn iframe_html(link: &str, title: &str, height: u32) -> String {
    format!(
        "<iframe src=\"{src}\" title=\"{title}\" style=\"width:100%;height:{height}px;border:0\" height=\"{height}\" loading=\"lazy\" allow=\"clipboard-write\"></iframe>\n<script src=\"{script}\" defer></script>",
        src = attribute(link),
        title = attribute(title),
        script = attribute(&script_url(link)),
    )
}

/// The same frame as JSX for MDX pages (Docusaurus): `style={{...}}`, expression attributes.
/// MDX pages do not run a pasted `<script>`, so the frame keeps its height there.
pub fn iframe_mdx(link: &str, title: &str, height: u32) -> String {
    format!(
        "<iframe\n  src={{{src}}}\n  title={{{title}}}\n  style={{{{ width: '100%', height: {height}, border: 0 }}}}\n  loading=\"lazy\"\n  allow=\"clipboard-write\"\n/>",
        src = js_string(link),
        title = js_string(title),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &str =
        "https://school.example/tools/playground/index.html#lesson=l3-lock-scope&step=12&lang=zh";

    #[test]
    fn the_snippet_starts_at_step_0_unless_the_teacher_picks_this_step() {
        let start = embed_link(LINK, &[], false);
        assert!(start.contains("&step=0&"), "{start}");
        assert!(!start.contains("step=12"), "{start}");
        assert!(embed_link(LINK, &[], true).contains("&step=12&"));
        // Nothing else of the link changes.
        assert_eq!(
            start.replace("step=0", "step=12"),
            embed_link(LINK, &[], true)
        );
    }

    #[test]
    fn the_link_gets_embed_once_and_the_parts_to_hide() {
        assert_eq!(embed_link(LINK, &[], true), format!("{LINK}&embed=1"));
        assert_eq!(
            embed_link(&format!("{LINK}&embed=1&hide=picker"), &[], true),
            format!("{LINK}&embed=1")
        );
        assert_eq!(
            embed_link(
                "https://a.example/#embed=0&lesson=x",
                &[Part::Diagram, Part::Request],
                true
            ),
            "https://a.example/#lesson=x&embed=1&hide=diagram,request"
        );
        assert_eq!(
            embed_link("https://a.example/", &[], true),
            "https://a.example/#embed=1"
        );
        let link = embed_link(LINK, &[Part::Picker], true);
        let parsed =
            crate::link::parse_fragment(link.split_once('#').map(|p| p.1).unwrap_or_default())
                .expect("a valid link");
        assert!(parsed.embed);
        assert_eq!(parsed.step, Some(12));
        assert_eq!(parsed.hide, vec![Part::Picker]);
    }

    #[test]
    fn the_script_sits_beside_the_page() {
        assert_eq!(
            script_url(LINK),
            "https://school.example/tools/playground/embed.js"
        );
        assert_eq!(
            script_url("http://127.0.0.1:8080/#lesson=a"),
            "http://127.0.0.1:8080/embed.js"
        );
        assert_eq!(
            script_url("https://a.example/p/?q=1#x"),
            "https://a.example/p/embed.js"
        );
    }

    #[test]
    fn the_html_snippet_is_a_ready_frame() {
        let link = embed_link(LINK, &[], true);
        let snippet = iframe_html(&link, "Agent Team Playground: \"locks\" <3>", 700);
        let frame = snippet.lines().next().unwrap_or_default();
        assert!(frame.starts_with("<iframe "), "{snippet}");
        assert!(frame.contains(&format!("src=\"{}\"", link.replace('&', "&amp;"))));
        assert!(frame.contains("title=\"Agent Team Playground: &quot;locks&quot; &lt;3&gt;\""));
        assert!(frame.contains("style=\"width:100%;height:700px;border:0\""));
        assert!(frame.contains("height=\"700\""));
        assert!(frame.contains("loading=\"lazy\""));
        assert!(!snippet.contains("sandbox"));
        assert!(snippet.ends_with(
            "<script src=\"https://school.example/tools/playground/embed.js\" defer></script>"
        ));
    }

    #[test]
    fn the_mdx_snippet_is_jsx() {
        let link = embed_link(LINK, &[], true);
        let snippet = iframe_mdx(&link, "a \"title\"", 700);
        assert!(
            snippet.contains(&format!("src={{\"{link}\"}}")),
            "{snippet}"
        );
        assert!(snippet.contains("title={\"a \\\"title\\\"\"}"), "{snippet}");
        assert!(snippet.contains("style={{ width: '100%', height: 700, border: 0 }}"));
        assert!(snippet.contains("loading=\"lazy\""));
        assert!(snippet.trim_end().ends_with("/>"));
        assert!(!snippet.contains("sandbox") && !snippet.contains("<script"));
        // JSX has no `style="..."` string and no HTML entities in expression attributes.
        assert!(!snippet.contains("style=\"") && !snippet.contains("&amp;"));
    }
}
