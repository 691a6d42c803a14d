//! The way from the stage to the rest and back. The stage (transport, caption, cards, lanes)
//! stays where the learner looks; everything else sits in the side panel (beside the stage on
//! a wide screen, below it on a phone), and this file moves between them: the side panel's
//! jump list, opening a member's detail where the learner is looking (scrolled into view, focus
//! on its heading; in an embed, its tab) and the way back to that member's card.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::embed_tabs::{stage_to_top, EmbedTabs, PARTS};
use crate::ui::browser::i18n::tr;
use crate::ui::state::context::Playground;

fn find(selector: &str) -> Option<web_sys::HtmlElement> {
    document()
        .query_selector(selector)
        .ok()
        .flatten()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// Brings the part `selector` names to the top of its scroll box and moves focus to it (a
/// part is made focusable from script only, so it is no tab stop).
pub fn jump(selector: &str) {
    let Some(el) = find(selector) else {
        return;
    };
    el.scroll_into_view_with_bool(true);
    if el.tab_index() < 0 && el.get_attribute("tabindex").is_none() {
        let _ = el.set_attribute("tabindex", "-1");
    }
    let _ = el.focus();
}

/// The part `selector` names: in an embed (`tabs`), its tab opened with focus on the part;
/// otherwise brought into view with [`jump`].
pub fn go_to(tabs: Option<EmbedTabs>, selector: &'static str) {
    let Some(tabs) = tabs else {
        jump(selector);
        return;
    };
    if tabs.show_part(selector) {
        // Once the region shows it; not scrolled into view: that would scroll the course page.
        request_animation_frame(move || {
            if let Some(el) = find(selector) {
                if el.get_attribute("tabindex").is_none() {
                    let _ = el.set_attribute("tabindex", "-1");
                }
                crate::ui::browser::viewport::focus_in_place(&el);
            }
        });
    }
}

/// After a card was clicked: the member detail, in the next frame (once it shows that
/// member), scrolled into view with focus on its heading. In an embed (`tabs`) the detail's
/// tab opens; its region starts at the top, so nothing is scrolled (which would move the course
/// page around the frame).
pub fn reveal_detail(tabs: Option<EmbedTabs>) {
    if let Some(tabs) = tabs {
        // By its part, not its tab's name: with `hide=` the tab may not be on the page.
        tabs.show_part("[data-testid=member-detail]");
    }
    request_animation_frame(move || {
        if tabs.is_some() {
            // The card clicked may be at the bottom of the stage column: the caption first.
            stage_to_top();
        }
        if let Some(detail) = find("[data-testid=member-detail]").filter(|_| tabs.is_none()) {
            detail.scroll_into_view_with_bool(true);
        }
        if let Some(heading) = find("#member-detail-heading") {
            crate::ui::browser::viewport::focus_in_place(&heading);
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
                on:click=move |_| jump("[data-testid=stage]")>
                {move || tr(lang.get(), "↑ 回到舞台", "↑ Back to the stage")}
            </button>
            {PARTS.into_iter().map(|(_, selector, zh, en)| view! {
                <button type="button" class="side-jump" on:click=move |_| jump(selector)>
                    {move || tr(lang.get(), zh, en)}
                </button>
            }).collect_view()}
        </nav>
    }
}
