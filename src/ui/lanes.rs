//! The three message lanes: Queued (in an inbox, in no candidate), In candidate (in the
//! history the host is preparing; committed ones are marked), In request (inside a request
//! actually sent to a model). A fourth, smaller box holds messages lost by drain-on-read or
//! reported undelivered at disband. Chips move between lanes as the step changes; a chip whose
//! place changed at this step says where it came from, so a discarded candidate visibly sends
//! its message back to Queued.
//!
//! A lane with more than [`VIRTUAL_ABOVE`] chips becomes a scroll box of fixed-height chips
//! and renders only the chips in view (plus a margin), so a long log costs a few chips per
//! lane, not a hundred.

use leptos::prelude::*;

use super::context::Playground;
use super::i18n::{tr, Lang, LangExt};
use super::in_view::{in_view, outside, settle};
use crate::engine::{MessageRecord, Position, TeamState};

/// Above this many chips a lane scrolls and renders only the chips in view.
const VIRTUAL_ABOVE: usize = 12;
/// One chip in a scrolling lane, gap included (px); `.chips.virtual` in style.css matches.
const CHIP_STEP: usize = 100;
/// Visible height of a scrolling lane (px).
const LANE_VIEW_H: usize = 500;
/// Records placed in lanes at most: the newest ones. Placing a record costs a position query,
/// and a generated 100,000-event log has tens of thousands of records; a lesson has a handful.
const MAX_RECORDS: usize = 120;
const BODY_PREVIEW_CHARS: usize = 72;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Lane {
    Queued,
    Candidate,
    Request,
    Lost,
}

impl Lane {
    fn of(position: &Position) -> Lane {
        match position {
            Position::Queued => Lane::Queued,
            Position::InCandidate | Position::Committed => Lane::Candidate,
            Position::InRequest(_) => Lane::Request,
            Position::Lost | Position::Undelivered => Lane::Lost,
        }
    }

    fn test_id(self) -> &'static str {
        match self {
            Lane::Queued => "lane-queued",
            Lane::Candidate => "lane-candidate",
            Lane::Request => "lane-request",
            Lane::Lost => "lane-lost",
        }
    }

    fn label(self, lang: Lang) -> (&'static str, &'static str) {
        let s = lang.strings();
        match self {
            Lane::Queued => (s.lane_queued, s.lane_queued_hint),
            Lane::Candidate => (s.lane_candidate, s.lane_candidate_hint),
            Lane::Request => (s.lane_request, s.lane_request_hint),
            Lane::Lost => (
                tr(lang, "丢失 / 未送达", "Lost / undelivered"),
                tr(
                    lang,
                    "读后即删时丢掉的信，或解散时报告的未读信",
                    "dropped by drain-on-read, or reported unread at disband",
                ),
            ),
        }
    }
}

#[derive(Clone, PartialEq, Debug)]
struct Chip {
    id: String,
    from: String,
    to: String,
    kind: &'static str,
    body: String,
    position: Position,
    /// Where it was one step earlier, when that differs.
    moved_from: Option<Position>,
}

fn preview(body: &str) -> String {
    let mut chars = body.chars();
    let head: String = chars.by_ref().take(BODY_PREVIEW_CHARS).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

fn chip(record: &MessageRecord, state: &TeamState, before: Option<&TeamState>) -> Option<Chip> {
    let position = state.message_position(record.id)?;
    let previous = before.and_then(|b| b.message_position(record.id));
    let moved_from = match previous {
        Some(p) if p != position => Some(p),
        _ => None,
    };
    Some(Chip {
        id: record.id.to_string(),
        from: record.from.clone(),
        to: record.to.clone(),
        kind: record.kind.as_str(),
        body: preview(&record.body),
        position,
        moved_from,
    })
}

fn position_text(position: &Position, lang: Lang) -> String {
    match position {
        Position::Queued => tr(lang, "已排队", "queued").to_string(),
        Position::InCandidate => tr(lang, "在候选中", "in candidate").to_string(),
        Position::Committed => tr(
            lang,
            "已提交进历史，尚未发出",
            "committed to history, not sent yet",
        )
        .to_string(),
        Position::InRequest(ids) => {
            // Every later request of the member carries it too; name the first few.
            let shown: Vec<String> = ids.iter().take(3).map(|id| id.to_string()).collect();
            let more = ids.len().saturating_sub(shown.len());
            let tail = match (more, lang) {
                (0, _) => String::new(),
                (n, Lang::Zh) => format!(" 等，另有 {n} 个"),
                (n, Lang::En) => format!(" and {n} more"),
            };
            format!(
                "{} {}{tail}",
                tr(lang, "在请求", "in request"),
                shown.join(", ")
            )
        }
        Position::Lost => tr(lang, "已丢失", "lost").to_string(),
        Position::Undelivered => tr(lang, "未送达", "undelivered").to_string(),
    }
}

fn chip_view(c: Chip, lang: RwSignal<Lang>) -> impl IntoView {
    let committed = matches!(c.position, Position::Committed);
    let moved = c.moved_from.clone().map(|from| {
        let back = matches!(from, Position::InCandidate) && c.position == Position::Queued;
        move || {
            let lang = lang.get();
            if back {
                tr(
                    lang,
                    "↩ 候选被丢弃，退回收件箱",
                    "↩ candidate discarded: back to the inbox",
                )
                .to_string()
            } else {
                format!(
                    "{} {}",
                    tr(lang, "↪ 刚从", "↪ just moved from"),
                    position_text(&from, lang)
                )
            }
        }
    });
    let position = c.position.clone();
    view! {
        <li class="message-chip" class:committed=committed class:moved=c.moved_from.is_some()
            data-testid="message-chip"
            data-message-id=c.id.clone()
            data-from=c.from.clone()
            data-to=c.to.clone()
            data-kind=c.kind
            data-position=c.position.name()>
            <span class="chip-head">
                <strong>{c.id.clone()}</strong>" "
                {format!("{} → {}", c.from, c.to)}" "
                <span class="chip-kind">{c.kind}</span>
            </span>
            <span class="chip-body">{c.body.clone()}</span>
            <span class="chip-pos">{move || position_text(&position, lang.get())}</span>
            {moved.map(|m| view! { <span class="chip-moved">{m}</span> })}
        </li>
    }
}

#[component]
pub fn MessageLanes() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    // Chips say where they were one step earlier (the step state carries that state).
    let chips = Memo::new(move |_| {
        pg.state.with(|state| {
            let Some(current) = state else {
                return Vec::new();
            };
            let messages = &current.state.messages();
            messages
                .iter_from(messages.len().saturating_sub(MAX_RECORDS))
                .filter_map(|record| chip(record, &current.state, current.before.as_deref()))
                .collect::<Vec<_>>()
        })
    });

    let lane_view = move |lane: Lane| {
        let in_lane = Memo::new(move |_| {
            chips.with(|chips| {
                chips
                    .iter()
                    .filter(|c| Lane::of(&c.position) == lane)
                    .cloned()
                    .collect::<Vec<_>>()
            })
        });
        let count = Memo::new(move |_| in_lane.with(Vec::len));
        let virtual_list = Memo::new(move |_| count.get() > VIRTUAL_ABOVE);
        // The scroll offset, read only in the scroll handler.
        let top = RwSignal::new(0.0f64);
        let list = NodeRef::<leptos::html::Ul>::new();
        let on_scroll = move |_| {
            if let Some(el) = list.get_untracked() {
                settle(top, f64::from(el.scroll_top()), CHIP_STEP as f64);
            }
        };
        let range = Memo::new(move |_| {
            let n = count.get();
            if virtual_list.get() {
                in_view(n, top.get(), CHIP_STEP as f64, LANE_VIEW_H as f64)
            } else {
                0..n
            }
        });
        let spacer = move |before: bool| {
            move || {
                let n = outside(&range.get(), count.get(), before);
                (virtual_list.get() && n > 0).then(|| {
                    view! { <li class="chip-spacer" aria-hidden="true" style=format!("height: {}px", n * CHIP_STEP)></li> }
                })
            }
        };
        view! {
            <div class=move || format!("lane lane-{}", lane.test_id()) data-testid=lane.test_id()>
                <h3>{move || lane.label(lang.get()).0}" "<span class="lane-count">{move || format!("({})", count.get())}</span></h3>
                <p class="lane-hint">{move || lane.label(lang.get()).1}</p>
                <ul class="chips" class:virtual=virtual_list node_ref=list on:scroll=on_scroll
                    style=move || virtual_list.get().then(|| format!("max-height: {LANE_VIEW_H}px; overflow-y: auto"))>
                    {spacer(true)}
                    // Keyed by everything a chip shows, so a step re-creates only the chips that
                    // changed: on a long log most of them stay in the DOM untouched.
                    <For
                        each=move || {
                            let range = range.get();
                            in_lane.with(|c| c.get(range).map(<[Chip]>::to_vec).unwrap_or_default())
                        }
                        key=|c| format!("{}:{:?}:{:?}", c.id, c.position, c.moved_from)
                        children=move |c| chip_view(c, lang)
                    />
                    {spacer(false)}
                    {move || (count.get() == 0).then(|| view! {
                        <li class="empty">{move || lang.get().strings().lane_empty}</li>
                    })}
                </ul>
            </div>
        }
    };
    view! {
        <section class="lanes" aria-labelledby="lanes-heading">
            <h2 id="lanes-heading">{move || lang.get().strings().messages}</h2>
            <p class="lanes-note">
                {move || tr(lang.get(),
                    "发送回执 “queued” 只证明消息存进了收件箱；没有已读回执。消息要先进入候选、被提交，再随下一次请求发出，模型才看得见。",
                    "The send receipt “queued” proves only that the inbox stored it; there are no read receipts. A model sees a message only after it enters a candidate, is committed, and goes out with the next request.")}
            </p>
            <Show when=move || pg.state.with(|s| s.as_ref().is_some_and(|s| s.state.messages().len() > MAX_RECORDS))>
                <p class="lanes-note">
                    {move || {
                        let total = pg.state.with(|s| s.as_ref().map(|s| s.state.messages().len()).unwrap_or(0));
                        match lang.get() {
                            Lang::Zh => format!("共 {total} 条消息，这里只摆放最新的 {MAX_RECORDS} 条。"),
                            Lang::En => format!("{total} messages in all; the lanes place the newest {MAX_RECORDS}."),
                        }
                    }}
                </p>
            </Show>
            <div class="lane-row">
                {lane_view(Lane::Queued)}
                {lane_view(Lane::Candidate)}
                {lane_view(Lane::Request)}
            </div>
            {lane_view(Lane::Lost)}
        </section>
    }
}
