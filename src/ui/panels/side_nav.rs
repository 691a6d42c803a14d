//! The way from the stage to the rest and back. The stage (transport, caption, cards, lanes)
//! stays where the learner looks; everything else sits in the side panel (beside the stage on
//! a wide screen, below it on a phone), and this file moves between them: the side panel's
//! jump list, opening a member's detail where the learner is looking (scrolled into view, focus
//! on its heading; in an embed, its tab) and the way back to that member's card. A jump to a
//! later part (ui/later_parts.rs) before it is on the page waits for it: the loading line or
//! the failure box is brought into view with focus meanwhile, and the jump is carried out once
//! the parts are all mounted, unless the learner has clicked or typed elsewhere since.

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::embed_tabs::{stage_to_top, EmbedTabs, PARTS};
use crate::ui::browser::i18n::tr;
use crate::ui::browser::scroll_to_top::scroll_to_top;
use crate::ui::browser::viewport::focus_in_place;
use crate::ui::state::context::Playground;

const DETAIL: &str = "[data-testid=member-detail]";

thread_local! {
    /// The jump the learner asked for while the later parts were not on the page: (the embed's
    /// tabs, the part). One page, one side panel: the newest jump replaces an older one.
    static WAITING: Cell<Option<(Option<EmbedTabs>, &'static str)>> = const { Cell::new(None) };
    /// The later parts' module is here and its parts are being mounted (one per task).
    static MOUNTING: Cell<bool> = const { Cell::new(false) };
    /// Whether the listener that drops a waiting jump is on the page (it stays, once there).
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

fn find(selector: &str) -> Option<web_sys::HtmlElement> {
    document()
        .query_selector(selector)
        .ok()
        .flatten()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// Makes `el` focusable from script only (a part or a heading is no tab stop).
fn focusable(el: &web_sys::HtmlElement) {
    if el.tab_index() < 0 && el.get_attribute("tabindex").is_none() {
        let _ = el.set_attribute("tabindex", "-1");
    }
}

/// Brings the part `selector` names to the top of its scroll box and moves focus to it; if it
/// is a later part whose module is not here yet, the jump waits for it ([`wait_for`]).
pub fn jump(selector: &'static str) {
    WAITING.set(None);
    let Some(el) = find(selector) else {
        wait_for(None, selector);
        return;
    };
    scroll_to_top(&el);
    focusable(&el);
    let _ = el.focus();
}

/// The part `selector` names: in an embed (`tabs`), its tab opened with focus on the part;
/// otherwise brought into view with [`jump`].
pub fn go_to(tabs: Option<EmbedTabs>, selector: &'static str) {
    let Some(tabs) = tabs else {
        jump(selector);
        return;
    };
    WAITING.set(None);
    if tabs.show_part(selector) {
        // Once the region shows it; not scrolled into view: that would scroll the course page.
        request_animation_frame(move || match find(selector) {
            Some(el) => {
                focusable(&el);
                focus_in_place(&el);
            }
            None => wait_for(Some(tabs), selector),
        });
    }
}

/// A jump to a part not on the page: while the later parts' module is loading or failed, the
/// jump is kept for [`parts_arrived`], and what stands in for the parts is what the learner
/// gets meanwhile (the loading line, or the failure box with focus on its retry), so the click
/// visibly did something. While the parts are being mounted (a few tasks) it is only kept.
/// Otherwise (a part this page does not have) nothing happens.
fn wait_for(tabs: Option<EmbedTabs>, selector: &'static str) {
    let stand_in =
        find("[data-testid=later-failed]").or_else(|| find("[data-testid=later-loading]"));
    let Some(stand_in) = stand_in else {
        if MOUNTING.get() {
            keep(tabs, selector);
        }
        return;
    };
    keep(tabs, selector);
    if tabs.is_none() {
        scroll_to_top(&stand_in);
    }
    let target = find("[data-testid=later-retry]").unwrap_or(stand_in);
    focusable(&target);
    focus_in_place(&target);
}

/// Keeps the jump for [`parts_arrived`], until the learner clicks or types anywhere but on the
/// failure box's retry, or scrolls up or down with a wheel or touchpad outside an embed (a
/// learner who went on stepping or reading elsewhere is not pulled away when the parts come).
fn keep(tabs: Option<EmbedTabs>, selector: &'static str) {
    WAITING.set(Some((tabs, selector)));
    if WATCHING.replace(true) {
        return;
    }
    let drop_unless_retry = |target: Option<web_sys::EventTarget>| {
        let on_retry = target
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-testid=later-retry]").ok().flatten())
            .is_some();
        if !on_retry {
            WAITING.set(None);
        }
    };
    // For the page's life: one listener each, doing nothing while no jump waits.
    std::mem::forget(window_event_listener(leptos::ev::pointerdown, move |ev| {
        drop_unless_retry(ev.target())
    }));
    std::mem::forget(window_event_listener(leptos::ev::keydown, move |ev| {
        drop_unless_retry(ev.target())
    }));
    // A touch scroll starts with a pointerdown; a wheel scroll has none. Not a zoom (Ctrl) nor a
    // sideways scroll; not in an embed, where the part comes in its tab and nothing scrolls.
    std::mem::forget(window_event_listener(leptos::ev::wheel, move |ev| {
        let in_embed = matches!(WAITING.get(), Some((Some(_), _)));
        if !ev.ctrl_key() && ev.delta_y() != 0.0 && !in_embed {
            WAITING.set(None);
        }
    }));
}

/// Called as the later parts' module has arrived, before they mount: a jump asked for meanwhile
/// waits for [`parts_arrived`].
pub fn parts_coming() {
    MOUNTING.set(true);
}

/// Called once the later parts are all mounted (`retried`: they came after the failure box's
/// retry). In the next frame: the jump that waited is carried out ([`keep`] has dropped it if
/// the learner clicked or typed elsewhere since); else after a retry, if focus fell to the page
/// with the retry button, it goes to the heading of the first later part shown, without
/// scrolling (the parts now start where the retry was).
pub fn parts_arrived(retried: bool) {
    MOUNTING.set(false);
    request_animation_frame(move || match WAITING.take() {
        Some((tabs, DETAIL)) => reveal_detail(tabs),
        Some((tabs, selector)) => go_to(tabs, selector),
        None if retried && focus_on_page() => {
            if let Some(heading) = first_later_heading() {
                focusable(&heading);
                focus_in_place(&heading);
            }
        }
        None => {}
    });
}

/// Whether focus is on the page itself (nothing focused).
pub fn focus_on_page() -> bool {
    let body = document().body().map(web_sys::Element::from);
    document()
        .active_element()
        .is_none_or(|el| Some(el) == body)
}

/// The heading of the first later part that shows (in an embed, the chosen tab's); the summary
/// and the result are in the first module, the code pane in a module of its own.
fn first_later_heading() -> Option<web_sys::HtmlElement> {
    PARTS
        .iter()
        .filter(|(key, ..)| !matches!(*key, "summary" | "result" | "code"))
        .filter_map(|(_, selector, ..)| find(selector))
        .find(|part| part.offset_parent().is_some())
        .map(|part| {
            part.query_selector("h2")
                .ok()
                .flatten()
                .and_then(|h| h.dyn_into::<web_sys::HtmlElement>().ok())
                .unwrap_or(part)
        })
}

/// After a card was clicked: the member detail, in the next frame (once it shows that
/// member), scrolled into view with focus on its heading. In an embed (`tabs`) the detail's
/// tab opens; its region starts at the top, so nothing is scrolled (which would move the course
/// page around the frame).
pub fn reveal_detail(tabs: Option<EmbedTabs>) {
    if let Some(tabs) = tabs {
        // By its part, not its tab's name: with `hide=` the tab may not be on the page.
        tabs.show_part(DETAIL);
    }
    request_animation_frame(move || {
        if find(DETAIL).is_none() {
            wait_for(tabs, DETAIL);
            return;
        }
        if tabs.is_some() {
            // The card clicked may be at the bottom of the stage column: the caption first.
            stage_to_top();
        }
        if let Some(detail) = find(DETAIL).filter(|_| tabs.is_none()) {
            scroll_to_top(&detail);
        }
        if let Some(heading) = find("#member-detail-heading") {
            focus_in_place(&heading);
        }
    });
}

/// Back from the member detail to the stage: focus on the card of `name` (a phone scrolls
/// it into view).
pub fn back_to_card(name: &str) {
    let cards = document().query_selector_all("[data-testid=member-card]");
    let Ok(cards) = cards else {
        return;
    };
    for i in 0..cards.length() {
        let Some(card) = cards
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        if card.get_attribute("data-member").as_deref() != Some(name) {
            continue;
        }
        if let Some(button) = card
            .query_selector(".member-name")
            .ok()
            .flatten()
            .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
        {
            button.scroll_into_view_with_bool(false);
            let _ = button.focus();
        }
        return;
    }
}

/// A jump from the list. A built-in lesson has no editor part: its way into the editor is the
/// "Open in the editor" button in the lesson's summary, which the Editor jump brings into view
/// with focus on it.
fn jump_from_list(selector: &'static str) {
    const EDITOR: &str = "[data-testid=editor]";
    let way_in = (selector == EDITOR && find(EDITOR).is_none())
        .then(|| find("[data-testid=open-in-editor]"))
        .flatten();
    match way_in {
        Some(button) => {
            jump("#side-summary");
            focus_in_place(&button);
        }
        None => jump(selector),
    }
}

/// The side panel's jump list, with a way back up to the stage (shown on a phone, where the
/// side panel is below the stage).
#[component]
pub fn SideNav() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    view! {
        <nav class="side-nav" data-testid="side-nav"
            aria-label=move || tr(lang.get(), "舞台之外的部分", "Beyond the stage")>
            <button type="button" class="to-stage" data-testid="to-stage"
                on:click=move |_| jump("[data-testid=stage-column]")>
                {move || tr(lang.get(), "↑ 回到舞台", "↑ Back to the stage")}
            </button>
            {PARTS.into_iter().map(|(key, selector, zh, en)| view! {
                <button type="button" class="side-jump" on:click=move |_| {
                    // On a phone the code is a sheet: the jump opens it (issue 47).
                    if key != "code" || !super::code_tab::open_sheet() {
                        jump_from_list(selector)
                    }
                }>
                    {move || tr(lang.get(), zh, en)}
                </button>
            }).collect_view()}
        </nav>
    }
}
