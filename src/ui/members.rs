//! The member cards: one per roster member, with role, status, occupancy, budgets and the lock.
//! A card is a button: clicking it shows that member in the detail panel.
//!
//! A large team (more than [`STRIP_ABOVE`] members) sits in one scrolling row and only the
//! cards in view (plus one on each side) are rendered, so a step updates a handful of cards,
//! not fifty.

use leptos::prelude::*;

use super::context::Playground;
use super::i18n::{tr, Lang, LangExt};
use super::in_view::{in_view, outside, settle, window_width};
use crate::engine::{MemberState, MemberStatus, TeamState};

/// Above this many members the cards become a scrolling row that renders only what is in view.
pub const STRIP_ABOVE: usize = 12;
/// Width of one card in the row, gap included (px): the row's gap is 12px.
const CARD_STEP: usize = 220;
const CARD_STYLE: &str = "flex: 0 0 208px";

fn status_label(status: MemberStatus, lang: Lang) -> &'static str {
    match status {
        MemberStatus::Offline => tr(lang, "离线", "offline"),
        MemberStatus::Idle => tr(lang, "空闲", "idle"),
        MemberStatus::Working => tr(lang, "工作中", "working"),
        MemberStatus::Stopped => tr(lang, "已停止（额度用尽）", "stopped (budget spent)"),
        MemberStatus::Failed => tr(lang, "失败", "failed"),
        MemberStatus::Shutdown => tr(lang, "已关机", "shutdown"),
    }
}

/// What one card shows, computed from the state so the card itself stays a plain view.
#[derive(Clone, PartialEq)]
struct CardData {
    name: String,
    role: String,
    status: MemberStatus,
    busy: bool,
    deliveries_used: u32,
    delivery_budget: u32,
    requests_used: Option<u32>,
    request_budget: u32,
    retries_used: Option<u32>,
    retry_budget: u32,
    holds_lock: bool,
    waits_for_lock: bool,
    inbox: usize,
    /// Inbox records not in the member's history yet (queued or in a candidate): kept in the
    /// inbox is not the same as seen.
    not_in_history: usize,
    history: usize,
}

fn card_data(state: &TeamState, member: &MemberState) -> CardData {
    let limits = &state.config().limits;
    CardData {
        name: member.name().to_string(),
        role: member.role().to_string(),
        status: member.status(),
        busy: member.round().is_some(),
        deliveries_used: member.deliveries_used(),
        delivery_budget: member.delivery_budget(),
        requests_used: member.round().map(|r| r.requests_used),
        request_budget: limits.request_budget,
        retries_used: member.round().map(|r| r.retries_used),
        retry_budget: limits.retry_budget,
        holds_lock: state.holds_lock(member.name()),
        waits_for_lock: state.lock_waiters().iter().any(|w| w == member.name()),
        inbox: state.inbox_count(member.name()),
        not_in_history: state.not_in_history_count(member.name()),
        history: member.history().len(),
    }
}

#[component]
pub fn MemberCards() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    // A disbanded team is over: its offline members are not offered for recall.
    let disbanded = move || {
        pg.state
            .with(|s| s.as_ref().is_some_and(|s| s.state.disbanded()))
    };
    let cards = Memo::new(move |_| {
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| {
                    s.state
                        .members_in_order()
                        .map(|m| card_data(&s.state, m))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let strip = Memo::new(move |_| cards.with(|c| c.len() > STRIP_ABOVE));
    // The row's scroll offset, read in its scroll handler (never during a step).
    let left = RwSignal::new(0.0f64);
    let grid = NodeRef::<leptos::html::Div>::new();
    let on_scroll = move |_| {
        if let Some(el) = grid.get_untracked() {
            settle(left, f64::from(el.scroll_left()), CARD_STEP as f64);
        }
    };
    let window_w = window_width();
    let range = Memo::new(move |_| {
        let count = cards.with(Vec::len);
        if strip.get() {
            in_view(count, left.get(), CARD_STEP as f64, window_w.get())
        } else {
            0..count
        }
    });
    let shown = move || {
        let range = range.get();
        cards.with(|c| c.get(range).map(<[CardData]>::to_vec).unwrap_or_default())
    };
    let spacer = move |before: bool| {
        move || {
            let n = outside(&range.get(), cards.with(Vec::len), before);
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
                <For each=shown key=|card| card.name.clone() children=move |card| {
                    let name = card.name.clone();
                    let live = {
                        let name = name.clone();
                        move || cards.with(|cards| cards.iter().find(|c| c.name == name).cloned())
                    };
                    let live = Memo::new(move |_| live());
                    let field = move |f: fn(&CardData) -> String| move || live.get().map(|c| f(&c)).unwrap_or_default();
                    let selected = {
                        let name = name.clone();
                        Memo::new(move |_| pg.selected.get().as_deref() == Some(name.as_str()))
                    };
                    let status = move || live.get().map(|c| c.status).unwrap_or(MemberStatus::Offline);
                    let select_name = name.clone();
                    let recall_name = StoredValue::new(name.clone());
                    let label_name = name.clone();
                    view! {
                        <article class="member-card" data-testid="member-card"
                            style=move || strip.get().then_some(CARD_STYLE)
                            data-member=name
                            data-status=move || status().as_str()
                            data-busy=move || live.get().map(|c| c.busy).unwrap_or(false).to_string()
                            class:selected=selected
                            on:click=move |_| pg.selected.set(Some(select_name.clone()))>
                            <span class="member-head">
                                <button type="button" class="member-name"
                                    aria-pressed=move || selected.get().to_string()
                                    title=move || tr(lang.get(), "查看此成员的历史与请求", "Show this member's history and requests")>
                                    {label_name}
                                </button>
                                <span class="member-role">{field(|c| c.role.clone())}</span>
                            </span>
                            <span class=move || format!("status status-{}", status().as_str())>
                                {move || status_label(status(), lang.get())}
                            </span>
                            <span class="member-line">
                                {move || if live.get().map(|c| c.busy).unwrap_or(false) {
                                    tr(lang.get(), "● 占用中：正在进行一轮", "● busy: a round is running")
                                } else {
                                    tr(lang.get(), "○ 未占用", "○ not busy")
                                }}
                            </span>
                            <span class="member-line">
                                {move || live.get().map(|c| format!(
                                    "{} {}/{}",
                                    tr(lang.get(), "交付", "deliveries"),
                                    c.deliveries_used,
                                    c.delivery_budget
                                )).unwrap_or_default()}
                            </span>
                            <span class="member-line">
                                {move || live.get().map(|c| match c.requests_used {
                                    Some(used) => format!(
                                        "{} {}/{} · {} {}/{}",
                                        tr(lang.get(), "本轮请求", "requests this round"),
                                        used,
                                        c.request_budget,
                                        tr(lang.get(), "重试", "retries"),
                                        c.retries_used.unwrap_or(0),
                                        c.retry_budget
                                    ),
                                    None => format!(
                                        "{} –/{}",
                                        tr(lang.get(), "本轮请求", "requests this round"),
                                        c.request_budget
                                    ),
                                }).unwrap_or_default()}
                            </span>
                            <span class="member-line">
                                {move || live.get().map(|c| match lang.get() {
                                    Lang::Zh => format!(
                                        "收件箱记录 {}（{} 条尚未进入历史）· 历史条目 {}",
                                        c.inbox, c.not_in_history, c.history
                                    ),
                                    Lang::En => format!(
                                        "inbox records {} ({} not in history yet) · history entries {}",
                                        c.inbox, c.not_in_history, c.history
                                    ),
                                }).unwrap_or_default()}
                            </span>
                            <Show when=move || live.get().map(|c| c.holds_lock).unwrap_or(false)>
                                <span class="lock-held" data-testid="lock-held">
                                    {move || tr(lang.get(), "🔒 持有宿主锁", "🔒 holds the host lock")}
                                </span>
                            </Show>
                            <Show when=move || live.get().map(|c| c.waits_for_lock).unwrap_or(false)>
                                <span class="lock-wait">
                                    {move || tr(lang.get(), "⏳ 等待宿主锁", "⏳ waiting for the lock")}
                                </span>
                            </Show>
                            <Show when=move || status() == MemberStatus::Offline && !disbanded()>
                                <button type="button" class="recall" data-testid="recall"
                                    on:click=move |_| super::session::recall(pg, recall_name.get_value())>
                                    {move || tr(lang.get(), "召回（恢复其历史）", "Recall (restore its history)")}
                                </button>
                            </Show>
                        </article>
                    }
                } />
                {spacer(false)}
            </div>
        </section>
    }
}
