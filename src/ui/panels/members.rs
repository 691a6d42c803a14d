//! The member cards on the page: one per roster member, bound to the card model
//! (`view::card`). A card is a button: clicking it shows that member in the detail panel,
//! scrolled into view with focus on it, or in an embed its tab opened (`side_nav::reveal_detail`).
//!
//! The members the step is about (`view::subject::step_members`: the event's actor, the
//! member it names, a stored message's recipient) are marked on their cards, "this step".
//!
//! A large team (more than `view::card::STRIP_ABOVE` members) sits in one scrolling row and
//! only the cards in view (plus one on each side) are rendered, so a step updates a handful of
//! cards, not fifty.

use leptos::prelude::*;

use crate::engine::MemberStatus;
use crate::link::Part;
use crate::ui::browser::i18n::{tr, Lang, LangText};
use crate::ui::browser::viewport::{track_scroll, window_width};
use crate::ui::panels::embed_tabs::EmbedTabs;
use crate::ui::panels::side_nav::reveal_detail;
use crate::ui::state::context::Playground;
use crate::view::card::{budgets_line, cards_in, is_strip, member_count, role_word, Card};
use crate::view::subject::step_members;
use crate::view::window::{in_view, outside};

/// Width of one card in the row, gap included (px): the row's gap is 12px.
const CARD_STEP: usize = 220;
const CARD_STYLE: &str = "flex: 0 0 208px";

/// Whether a click on a card was on its recall button (which does not open the detail).
fn from_recall(ev: &web_sys::MouseEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest(".recall").ok().flatten())
        .is_some()
}

/// One card, bound to `live`, the card model of its member at the current step.
fn card_view(
    pg: Playground,
    name: String,
    live: Memo<Option<Card>>,
    strip: Memo<bool>,
) -> impl IntoView {
    let lang = pg.lang;
    // In an embed the detail is a tab.
    let tabs = EmbedTabs::get();
    // A line of the card in the learner's language, read without copying the card.
    let text = move |f: fn(&Card, Lang) -> String| {
        move || live.with(|c| c.as_ref().map(|c| f(c, lang.get())).unwrap_or_default())
    };
    let flag = move |f: fn(&Card) -> bool| move || live.with(|c| c.as_ref().is_some_and(f));
    let selected = {
        let name = name.clone();
        Memo::new(move |_| pg.selected.get().as_deref() == Some(name.as_str()))
    };
    let status = move || {
        live.with(|c| c.as_ref().map_or(MemberStatus::Offline, |c| c.status))
            .as_str()
    };
    let select_name = name.clone();
    let recall_name = StoredValue::new(name.clone());
    let label_name = name.clone();
    view! {
        <article class="member-card" data-testid="member-card"
            style=move || strip.get().then_some(CARD_STYLE)
            data-member=name
            data-status=status
            data-busy=move || flag(|c| c.busy)().to_string()
            data-inbox=move || live.with(|c| c.as_ref().map(|c| c.inbox.to_string()))
            data-deliveries=move || live.with(|c| c.as_ref().map(|c| format!("{}/{}", c.deliveries_used, c.delivery_budget)))
            class:selected=selected
            class:subject=flag(|c| c.subject)
            on:click=move |ev| {
                pg.selected.set(Some(select_name.clone()));
                // The detail opens where the learner looks, unless the click was a recall.
                if !from_recall(&ev) && !pg.embed.with_untracked(|f| f.hides(Part::Request)) {
                    reveal_detail(tabs);
                }
            }>
            <span class="member-head">
                <button type="button" class="member-name"
                    aria-pressed=move || selected.get().to_string()
                    title=move || tr(lang.get(), "查看此成员的历史与请求", "Show this member's history and requests")>
                    {label_name}
                </button>
                <span class="member-role">{text(|c, lang| role_word(&c.role, lang))}</span>
                // "this step", written by the stylesheet when the card is the step's subject.
                <span class="card-mark" data-testid="card-mark"></span>
            </span>
            <span class=move || format!("status status-{}", status())>
                {text(|c, lang| c.status_text(lang).to_string())}
            </span>
            <span class="member-line">{text(|c, lang| c.busy_line(lang).to_string())}</span>
            <span class="member-line">{text(Card::deliveries_line)}</span>
            <span class="member-line">{text(Card::requests_line)}</span>
            <span class="member-line">{text(Card::inbox_line)}</span>
            <Show when=flag(|c| c.holds_lock)>
                <span class="lock-held" data-testid="lock-held">
                    {move || tr(lang.get(), "🔒 持有宿主锁", "🔒 holds the host lock")}
                </span>
            </Show>
            <Show when=flag(|c| c.waits_for_lock)>
                <span class="lock-wait">
                    {move || tr(lang.get(), "⏳ 等待宿主锁", "⏳ waiting for the lock")}
                </span>
            </Show>
            <Show when=flag(|c| c.recallable)>
                <button type="button" class="recall" data-testid="recall"
                    on:click=move |_| crate::ui::state::session::recall(pg, recall_name.get_value())>
                    {move || tr(lang.get(), "召回（恢复其历史）", "Recall (restore its history)")}
                </button>
            </Show>
        </article>
    }
}

/// The lesson's budgets ("deliveries x/N" on a card and the rest), stated once in the side
/// panel's summary of the lesson, off the stage.
#[component]
pub fn Budgets() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    view! {
        <p class="budgets" data-testid="budgets">
            {move || {
                let lang = lang.get();
                pg.state.with(|s| s.as_ref().map(|s| budgets_line(&s.state, lang)).unwrap_or_default())
            }}
        </p>
    }
}

#[component]
pub fn MemberCards() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let count = Memo::new(move |_| {
        pg.state
            .with(|state| state.as_ref().map_or(0, |s| member_count(&s.state)))
    });
    let strip = Memo::new(move |_| is_strip(count.get()));
    // The row's scroll offset, read in its scroll handler (never during a step).
    let left = RwSignal::new(0.0f64);
    let grid = NodeRef::<leptos::html::Div>::new();
    let on_scroll = move |_| {
        if let Some(el) = grid.get_untracked() {
            track_scroll(left, f64::from(el.scroll_left()), CARD_STEP as f64);
        }
    };
    let window_w = window_width();
    let range = Memo::new(move |_| {
        let count = count.get();
        if strip.get() {
            in_view(count, left.get(), CARD_STEP as f64, window_w.get())
        } else {
            0..count
        }
    });
    // Only the cards in view are computed, so a step costs the cards a learner sees; the
    // members the step is about are marked.
    let cards = Memo::new(move |_| {
        let range = range.get();
        let about = pg
            .current_event()
            .map(|e| step_members(&e))
            .unwrap_or_default();
        pg.state.with(|state| {
            let mut cards = state
                .as_ref()
                .map(|s| cards_in(&s.state, range))
                .unwrap_or_default();
            for card in &mut cards {
                card.subject = about.contains(&card.name);
            }
            cards
        })
    });
    let spacer = move |before: bool| {
        move || {
            let n = outside(&range.get(), count.get(), before);
            (strip.get() && n > 0).then(|| {
                view! { <span class="member-spacer" aria-hidden="true" style=format!("flex: 0 0 {}px", n * CARD_STEP)></span> }
            })
        }
    };
    view! {
        <section class="members" aria-labelledby="members-heading">
            <h2 id="members-heading">{move || lang.get().strings().members}</h2>
            <div class="member-grid" class:strip=strip node_ref=grid on:scroll=on_scroll
                style=move || strip.get().then_some("display: flex; overflow-x: auto; gap: 12px")>
                {spacer(true)}
                <For each=move || cards.get() key=|card| card.name.clone() children=move |card| {
                    let name = card.name.clone();
                    let live = Memo::new(move |_| {
                        cards.with(|cards| cards.iter().find(|c| c.name == name).cloned())
                    });
                    card_view(pg, card.name, live, strip)
                } />
                {spacer(false)}
            </div>
        </section>
    }
}
