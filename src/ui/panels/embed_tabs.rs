//! The side panel's parts, and in an embed (`embed=1`) the tabs they become. An embed is
//! exactly its frame's height: the stage (transport, caption, lanes, cards) stays in view, and
//! everything else is a tab whose part shows in one region that scrolls on its own (below the
//! stage in a narrow frame, where it opens and closes; beside it in a wide one, always open).
//! This file owns which tab is chosen and whether the region is open, the tab bar (an ARIA
//! tablist: arrows, Home and End move between tabs and open them) and the attributes the side
//! panel carries as the tab panel; the stylesheet shows the chosen part by `data-tab`.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::link::Part;
use crate::ui::browser::i18n::tr;
use crate::ui::state::context::Playground;

/// The side panel's parts, in its order: (tab key, selector, zh, en). The stylesheet's
/// `.side-panel[data-tab=<key>]` rules name the same selectors.
pub const PARTS: [(&str, &str, &str, &str); 12] = [
    ("summary", "#side-summary", "本课", "This lesson"),
    ("code", "[data-testid=code-pane]", "代码", "Code"),
    ("result", "[data-testid=result-panel]", "结果", "Results"),
    (
        "detail",
        "[data-testid=member-detail]",
        "成员详情",
        "Member detail",
    ),
    ("diagram", ".sequence", "时序图", "Diagram"),
    (
        "protocols",
        "[data-testid=protocol-tracker]",
        "协议",
        "Protocols",
    ),
    ("files", "[data-testid=files-panel]", "文件", "Files"),
    ("fork", "[data-testid=fork]", "分叉", "Fork"),
    (
        "options",
        "#side-options",
        "断点与按键",
        "Breakpoints, keys",
    ),
    ("live", "[data-testid=live-panel]", "真实模型", "Real model"),
    ("editor", "[data-testid=editor]", "编辑器", "Editor"),
    ("export", "[data-testid=export-panel]", "导出", "Export"),
];

/// The tab panel's id, which every tab controls.
pub const PANEL_ID: &str = "embed-tab-panel";

/// From this frame width on, the region sits beside the stage and is always open (the
/// stylesheet's `min-width: 900px` block).
const WIDE: &str = "(min-width: 900px)";

fn wide() -> bool {
    window()
        .match_media(WIDE)
        .ok()
        .flatten()
        .is_some_and(|list| list.matches())
}

/// Whether the part `key` is on the embedded page: no real model in an embed, and `hide=`
/// leaves out the detail, the diagram and the editor (which shows in free play only). Tracked.
fn available(pg: Playground, key: &str) -> bool {
    let hides = |part| pg.embed.with(|flags| flags.hides(part));
    match key {
        "live" => false,
        "detail" => !hides(Part::Request),
        "diagram" => !hides(Part::Diagram),
        "editor" => pg.in_free_play() && !hides(Part::Editor),
        "code" => !hides(Part::Code),
        _ => true,
    }
}

fn tab_id(key: &str) -> String {
    format!("embed-tab-{key}")
}

/// The embed's tab state (in context only with `embed=1`).
#[derive(Clone, Copy)]
pub struct EmbedTabs {
    pg: Playground,
    /// The chosen tab's key.
    selected: RwSignal<&'static str>,
    /// Whether the region shows it (a narrow frame starts with the stage alone).
    open: RwSignal<bool>,
}

impl EmbedTabs {
    /// Puts the tab state in context: the first tab chosen, open in a wide frame.
    pub fn provide(pg: Playground) -> EmbedTabs {
        let tabs = EmbedTabs {
            pg,
            selected: RwSignal::new(PARTS[0].0),
            open: RwSignal::new(wide()),
        };
        provide_context(tabs);
        tabs
    }

    /// The tab state, in an embed.
    pub fn get() -> Option<EmbedTabs> {
        use_context::<EmbedTabs>()
    }

    /// The chosen tab, or the first when the chosen part left the page (the editor, when free
    /// play ends). Tracked.
    pub fn current(&self) -> &'static str {
        let key = self.selected.get();
        if available(self.pg, key) {
            key
        } else {
            PARTS[0].0
        }
    }

    /// Whether the region shows the chosen part. Tracked.
    pub fn is_open(&self) -> bool {
        self.open.get()
    }

    /// Chooses the tab of `key` and opens the region.
    pub fn show(&self, key: &'static str) {
        if !self.open.get_untracked() {
            stage_to_top();
        }
        self.selected.set(key);
        self.open.set(true);
        // A part chosen anew starts at its top.
        if let Some(panel) = document().get_element_by_id(PANEL_ID) {
            panel.set_scroll_top(0);
        }
    }

    /// Chooses the tab that holds the part `selector` names; false when no tab does.
    pub fn show_part(&self, selector: &str) -> bool {
        match PARTS.iter().find(|p| p.1 == selector) {
            Some((key, ..)) if untrack(|| available(self.pg, key)) => {
                self.show(key);
                true
            }
            _ => false,
        }
    }

    /// A click on a tab: it opens its part; on the open tab of a narrow frame, it closes the
    /// region (the whole frame is the stage's again).
    fn click(&self, key: &'static str) {
        if self.open.get_untracked() && self.selected.get_untracked() == key && !wide() {
            self.open.set(false);
        } else {
            self.show(key);
        }
    }

    /// The keys of the tabs on the page, in order. Tracked.
    fn keys(&self) -> Vec<&'static str> {
        PARTS
            .iter()
            .map(|p| p.0)
            .filter(|key| available(self.pg, key))
            .collect()
    }

    /// Arrows, Home and End move to a tab and open it (the transport's keys do not see them).
    fn on_key(&self, ev: web_sys::KeyboardEvent) {
        let keys = untrack(|| self.keys());
        let here = untrack(|| self.current());
        let (Some(at), n) = (keys.iter().position(|k| *k == here), keys.len()) else {
            return;
        };
        let to = match ev.key().as_str() {
            "ArrowRight" => (at + 1) % n,
            "ArrowLeft" => (at + n - 1) % n,
            "Home" => 0,
            "End" => n - 1,
            _ => return,
        };
        ev.prevent_default();
        ev.stop_propagation();
        self.show(keys[to]);
        focus_by_id(&tab_id(keys[to]));
    }
}

/// The stage column back at its top: the region that opens takes part of the frame, and what
/// stays in view above it is the transport, the caption and the lanes' headers, not wherever
/// the learner had scrolled to (a member card at the bottom, say).
pub fn stage_to_top() {
    if let Ok(Some(column)) = document().query_selector(".stage-column") {
        column.set_scroll_top(0);
    }
}

fn focus_by_id(id: &str) {
    if let Some(el) = document()
        .get_element_by_id(id)
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
    {
        crate::ui::browser::viewport::focus_in_place(&el);
        reveal_in_strip(el);
    }
}

/// Brings `tab` whole into the tab strip's view, clear of its faded right end (the strip's
/// scroll padding, style.css): focusing in place keeps the frame still, and would leave a tab
/// reached by the arrow keys, or clicked where it was cut, under the fade on a phone. "Nearest"
/// moves nothing that already shows it (the embedded page itself does not scroll). Done a frame
/// later, once an opened tab's close button has narrowed the strip.
fn reveal_in_strip(tab: web_sys::HtmlElement) {
    request_animation_frame(move || {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(web_sys::ScrollLogicalPosition::Nearest);
        options.set_inline(web_sys::ScrollLogicalPosition::Nearest);
        tab.scroll_into_view_with_scroll_into_view_options(&options);
    });
}

/// The tab bar: one tab per part on the page, and, while the region is open in a narrow
/// frame, the button that closes it.
#[component]
pub fn TabBar() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let Some(tabs) = EmbedTabs::get() else {
        return ().into_any();
    };
    let tab = move |(key, _, zh, en): (&'static str, &'static str, &'static str, &'static str)| {
        let selected = move || tabs.current() == key;
        // A part not on the page keeps its tab, hidden (the arrows skip it too).
        view! {
            <button type="button" role="tab" class="embed-tab" id=tab_id(key) data-tab=key
                hidden=move || !available(pg, key)
                aria-controls=PANEL_ID
                aria-selected=move || (selected() && tabs.is_open()).to_string()
                tabindex=move || if selected() { "0" } else { "-1" }
                on:click=move |ev| {
                    tabs.click(key);
                    if let Some(el) = ev.current_target().and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
                        reveal_in_strip(el);
                    }
                }>
                {move || tr(lang.get(), zh, en)}
            </button>
        }
    };
    view! {
        <div role="tablist" class="embed-tablist" data-testid="embed-tablist"
            aria-label=move || tr(lang.get(), "舞台之外的部分", "Beyond the stage")
            on:keydown=move |ev| tabs.on_key(ev)>
            {PARTS.into_iter().map(tab).collect_view()}
        </div>
        <Show when=move || tabs.is_open()>
            <button type="button" class="embed-tab-close" data-testid="embed-tab-close"
                aria-label=move || tr(lang.get(), "收起标签页，只看舞台", "Close the tab: the stage only")
                on:click=move |_| {
                    tabs.open.set(false);
                    focus_by_id(&tab_id(tabs.current()));
                }>
                "×"
            </button>
        </Show>
    }
    .into_any()
}
