//! A first screen for a first visit (issue 46): a newcomer sees the lesson, ▶, the stage and
//! the language; every other control is one tap away in a named *part* ("controls": the rest
//! of the transport, the toolbar's switches, Share and Embed; "panel": the side panel's jump
//! list), and a part once opened stays open in this browser.
//!
//! The rule, shared by the page's first script (`www/index.html`, the static first view) and
//! the page (`ui/state/reveal.rs`): a browser is in first-visit mode when it keeps the opened
//! parts (`atp.shown`, even empty) or keeps nothing of the playground's at all; a browser that
//! used the playground before this existed keeps other `atp.` keys and sees everything. In
//! first-visit mode a part shows when it was opened. A panel opts in with one line: it wraps
//! itself in `ui::panels::reveal::Reveal` with a part name (and a label for its button here).

use std::collections::BTreeSet;

use crate::engine::Lang;
use crate::view::tr;

/// The local storage key of the opened parts, space-separated.
pub const SHOWN_KEY: &str = "atp.shown";

/// The prefix of every key the playground keeps in local storage.
pub const OUR_PREFIX: &str = "atp.";

/// What the browser keeps, read: the parts opened, or None when every part shows (not a
/// first visit's browser).
pub fn opened_parts(shown: Option<&str>, keeps_anything_of_ours: bool) -> Option<BTreeSet<String>> {
    match shown {
        Some(list) => Some(list.split_whitespace().map(str::to_string).collect()),
        None if keeps_anything_of_ours => None,
        None => Some(BTreeSet::new()),
    }
}

/// The stored value after opening `part`.
pub fn with_part(opened: &BTreeSet<String>, part: &str) -> String {
    let mut all = opened.clone();
    all.insert(part.to_string());
    all.into_iter().collect::<Vec<_>>().join(" ")
}

/// The button that opens a part, in the learner's language.
pub fn reveal_label(part: &str, lang: Lang) -> &'static str {
    match part {
        "controls" => tr(lang, "更多控制 ›", "More controls ›"),
        "panel" => tr(lang, "面板的全部部分 ›", "All parts of this panel ›"),
        _ => tr(lang, "显示更多 ›", "Show more ›"),
    }
}

/// The button's accessible description: what opening the part shows.
pub fn reveal_hint(part: &str, lang: Lang) -> &'static str {
    match part {
        "controls" => tr(
            lang,
            "显示第一步、最后一步、关键步、运行、速度、步进层级、时间轴、检查点开关、分享和嵌入；以后一直显示。",
            "Shows first and last step, key steps, run, speed, the step level, the timeline, the checkpoint switch, Share and Embed; they stay from now on.",
        ),
        "panel" => tr(
            lang,
            "显示面板各部分的跳转列表；以后一直显示。",
            "Shows the list of this panel's parts; it stays from now on.",
        ),
        _ => tr(lang, "以后一直显示。", "It stays from now on."),
    }
}
