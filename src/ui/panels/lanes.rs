//! The message lanes on the page: Queued, In candidate or history, In request and the smaller Lost box,
//! each a list of chips as placed by the view model (`view::lanes`). A message shows in every
//! lane that holds it (a copy, not a move); each chip says which places it is in, and what
//! changed in its lane at this step.
//!
//! Each lane leads with the step's subject (`view::subject`, `view::lane_lead`): the chips of
//! the messages the step's event touched or its caption names come first, drawn in full and
//! marked; the others follow in message order as compact rows (id, sender -> recipient, place
//! dots) that open on a tap, so the message a caption talks about is in view on a phone and a
//! laptop without scrolling.
//!
//! A lane with more than [`VIRTUAL_ABOVE`] chips becomes a scroll box of fixed-height compact
//! rows (the subject's first, still marked) and renders only the rows in view (plus a margin),
//! so a long log costs a few rows per lane, not a hundred. Such a row is never drawn in full,
//! so it is built without the parts a compact chip hides (kind, body, place, change): a seek
//! on a long log replaces most rows in view, and each row's elements are its cost.

use leptos::either::Either;
use leptos::html;
use leptos::prelude::*;

use crate::engine::MessageId;
use crate::ui::browser::i18n::{tr, Lang, LangText};
use crate::ui::browser::viewport::track_scroll;
use crate::ui::state::context::Playground;
use crate::view::caption::step_caption_parts;
use crate::view::facts::CaptionPart;
use crate::view::journey::journey;
use crate::view::lane_lead::{lane_order, LaneItem, Lead};
use crate::view::lanes::{copy_note, lost_label, position_text, Lane, Placement};
use crate::view::story::Level;
use crate::view::subject::Subject;
use crate::view::window::{in_view, outside};

/// Above this many chips a lane scrolls and renders only the rows in view.
const VIRTUAL_ABOVE: usize = 12;
/// One compact row in a scrolling lane, gap included (px); `.chips.virtual` in style.css matches.
const ROW_STEP: usize = 32;
/// Visible height of a scrolling lane (px): six rows. Each row in view is drawn, styled and
/// painted at every seek of a long log; ten rows (320 px) cost ~5 ms a seek more than the six
/// full chips the lane showed before it led with the subject (docs/SEEK.md, stop 57), and the
/// subject's rows come first, so a shorter box still shows them.
const LANE_VIEW_H: usize = 192;

/// The lane's heading and hint (the heading's tooltip).
fn label(lane: Lane, lang: Lang) -> (&'static str, &'static str) {
    let s = lang.strings();
    match lane {
        Lane::Queued => (s.lane_queued, s.lane_queued_hint),
        Lane::Candidate => (s.lane_candidate, s.lane_candidate_hint),
        Lane::Request => (s.lane_request, s.lane_request_hint),
        Lane::Lost => lost_label(lang),
    }
}

/// The lanes' placement at the step (chips say where they were one step earlier) and the
/// step's subject, from the step's event and the caption on screen (the folded caption at a
/// story stop that folded a cycle): one memo, so a step computes both once.
fn step_placement(pg: Playground) -> Memo<(Placement, Subject)> {
    Memo::new(move |_| {
        let (lang, step) = (pg.lang.get(), pg.step.get());
        let folded = (pg.level.get() == Level::Story)
            .then(|| {
                pg.story
                    .with(|s| s.fold_at(step).map(|f| f.caption_in(lang)))
            })
            .flatten();
        pg.state
            .with(|state| {
                let state = state.as_ref()?;
                let before = state.before.as_deref();
                let placement = Placement::of(&state.state, before);
                pg.run.with(|run| {
                    let timeline = &run.as_ref().ok()?.timeline;
                    let mut parts = step_caption_parts(timeline, &state.state, step, lang);
                    parts.extend(folded.map(CaptionPart::Text));
                    let event = step.checked_sub(1).and_then(|i| timeline.events().get(i));
                    let subject = Subject::of(event, &state.state, before, &parts);
                    Some((placement, subject))
                })
            })
            .unwrap_or_default()
    })
}

/// One chip: a subject's in full and marked, another's as a compact row that opens (shows in
/// full, and its body and journey below the lanes; on a phone, where a chip stays a token, the
/// stylesheet puts that detail above the lanes) on a tap.
///
/// As a `row` of a scrolling lane it is a fixed-height compact row that is never drawn in full:
/// it keeps the mark, id, sender -> recipient, request id, place dots and its places in words
/// for a screen reader, and is built without the parts a compact chip hides (kind, body, place,
/// change), since a seek on a long log replaces most rows in view and each element is a cost.
fn chip_view(
    item: LaneItem,
    lang: Memo<Lang>,
    opened: RwSignal<Option<MessageId>>,
    row: bool,
) -> impl IntoView {
    let LaneItem {
        chip: c,
        lead,
        pinned,
    } = item;
    let changed = c.change.is_some();
    let record_id = c.record_id;
    let message_kind = c.message_kind;
    let is_open = move || opened.get() == Some(record_id);
    // A subject beyond the few drawn in full is a compact row too, still marked.
    let compact = move || row || (!pinned && !is_open());
    let texts = c.clone();
    let change_text = move || texts.change_text(lang.get());
    let place = c.clone();
    let marks = c.places.clone();
    // The front chip (the message's furthest place) keeps the `message-chip` test id; the
    // places that keep it are `message-kept` chips, drawn without the body.
    let front = c.front();
    let places = if row {
        Either::Left(move || marks.marks_text(lang.get()))
    } else {
        Either::Right(move || {
            marks
                .marks(lang.get())
                .into_iter()
                .map(|(name, word, held)| {
                    view! {
                        <span class="place" class:held=held data-place=name>
                            {if held { "✓ " } else { "○ " }}{word}
                        </span>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <li class="message-chip" class:committed=c.committed() class:moved=changed
            class:kept=!front class:taken-in=c.taken_in() class:sent-entry=c.sent_from_history()
            class:subject={lead != Lead::Other} class:compact=compact
            data-testid=if front { "message-chip" } else { "message-kept" }
            data-subject=lead.name()
            data-message-id=c.id.clone()
            data-from=c.from.clone()
            data-to=c.to.clone()
            data-kind=c.kind
            data-position=c.position.name()
            data-place=c.place()
            data-places=c.places.names().join(" ")
            data-request-id=c.request_id.clone()>
            // "this step" or "in the caption" (`Lead::mark`) on a subject, written by the
            // stylesheet in the page's language from the chip's `data-subject`. This span and
            // the dots below are built, not written in the macro: there an element with nothing
            // dynamic becomes a clone of an HTML template, which cost ~2 ms a seek on the long
            // log's rows (docs/SEEK.md), where `createElement` costs next to nothing.
            {html::span().class("chip-mark").attr("data-testid", "chip-mark")}
            <button type="button" class="chip-head" data-testid="chip-open"
                aria-expanded=move || is_open().to_string()
                title=move || tr(lang.get(), "查看全文和它走过的位置", "Show the full body and its journey")
                on:click=move |_| opened.update(|o| {
                    *o = if *o == Some(record_id) { None } else { Some(record_id) };
                })>
                <strong>{c.id.clone()}</strong>" "
                {format!("{} → {}", c.from, c.to)}
                {(!row).then(|| view! {
                    " "<span class="chip-kind">{move || message_kind.word(lang.get())}</span>
                })}
                {c.request_id.clone().map(|id| view! {
                    " "<span class="chip-request" data-testid="chip-request-id">{id}</span>
                })}
                // Three place dots drawn by the stylesheet from the chip's `data-places`.
                {html::span().class("chip-dots").attr("aria-hidden", "true").child(html::i())}
            </button>
            {(front && !row).then(|| view! { <span class="chip-body">{c.body.clone()}</span> })}
            {(!row).then(|| view! { <span class="chip-pos">{move || place.place_text(lang.get())}</span> })}
            <span class="chip-places" data-testid="chip-places">{places}</span>
            {(changed && !row).then(|| view! { <span class="chip-moved">{change_text}</span> })}
        </li>
    }
}

/// A chip as its lane draws it: a row of a scrolling lane or a chip of a short one. The key
/// tells the two apart, so a lane that starts or stops scrolling builds its chips anew.
#[derive(Clone)]
struct Drawn {
    item: LaneItem,
    row: bool,
}

impl Drawn {
    fn key(&self) -> String {
        format!("{}:{}", self.item.key(), self.row)
    }
}

/// One lane: its title and count, its chips in the lead's order (the subject's first, in full
/// and marked; the others compact rows), a scroll box of fixed-height rows when there are many.
fn lane_view(
    lane: Lane,
    placement: Memo<(Placement, Subject)>,
    lang: Memo<Lang>,
    opened: RwSignal<Option<MessageId>>,
) -> impl IntoView {
    let order = Memo::new(move |_| placement.with(|(p, s)| lane_order(p, lane, s)));
    let count = Memo::new(move |_| order.with(Vec::len));
    let virtual_list = Memo::new(move |_| count.get() > VIRTUAL_ABOVE);
    // The scroll offset, read only in the scroll handler.
    let top = RwSignal::new(0.0f64);
    let list = NodeRef::<leptos::html::Ul>::new();
    let on_scroll = move |_| {
        if let Some(el) = list.get_untracked() {
            track_scroll(top, f64::from(el.scroll_top()), ROW_STEP as f64);
        }
    };
    let range = Memo::new(move |_| {
        let n = count.get();
        if virtual_list.get() {
            in_view(n, top.get(), ROW_STEP as f64, LANE_VIEW_H as f64)
        } else {
            0..n
        }
    });
    let spacer = move |before: bool| {
        move || {
            let n = outside(&range.get(), count.get(), before);
            (virtual_list.get() && n > 0).then(|| {
                view! { <li class="chip-spacer" aria-hidden="true" style=format!("height: {}px", n * ROW_STEP)></li> }
            })
        }
    };
    view! {
        <div class=move || format!("lane lane-{}", lane.name()) data-testid=lane.name()>
            // The title says what the lane holds; the hint is its tooltip.
            <h3 title=move || label(lane, lang.get()).1>{move || label(lane, lang.get()).0}" "<span class="lane-count">{move || format!("({})", count.get())}</span></h3>
            <ul class="chips" class:virtual=virtual_list node_ref=list on:scroll=on_scroll
                style=move || virtual_list.get().then(|| format!("max-height: {LANE_VIEW_H}px; overflow-y: auto"))>
                {spacer(true)}
                // Keyed by everything a chip shows, so a step re-creates only the chips that
                // changed: on a long log most of them stay in the DOM untouched.
                <For
                    each=move || {
                        let (range, row) = (range.get(), virtual_list.get());
                        let shown = order.with(|o| o.get(range).unwrap_or_default().to_vec());
                        placement.with(|(p, _)| {
                            let chips = p.chips(lane);
                            shown.iter().filter_map(|slot| Some(Drawn { item: slot.item(chips)?, row })).collect::<Vec<_>>()
                        })
                    }
                    key=Drawn::key
                    children=move |d: Drawn| chip_view(d.item, lang, opened, d.row)
                />
                {spacer(false)}
                {move || (count.get() == 0).then(|| view! {
                    <li class="empty">{move || lang.get().strings().lane_empty}</li>
                })}
            </ul>
        </div>
    }
}

#[component]
pub fn MessageLanes() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let placement = step_placement(pg);
    // The chip the learner opened (drawn in full; its body and journey show below the lanes).
    let opened = RwSignal::new(None::<MessageId>);
    let lane = move |lane: Lane| lane_view(lane, placement, lang, opened);
    let overflow = Memo::new(move |_| placement.with(|(p, _)| p.overflow_note(lang.get())));
    view! {
        <section class="lanes" aria-labelledby="lanes-heading">
            <h2 id="lanes-heading">{move || lang.get().strings().messages}</h2>
            // How to read the lanes, folded: the stage keeps the lanes' headers in view under a
            // long caption, and a learner opens this once.
            <details class="lanes-help">
                <summary>{move || tr(lang.get(), "怎么读这三条道", "How to read these lanes")}</summary>
                <p class="lanes-note">
                    {move || tr(lang.get(),
                        "发送回执 “queued” 只证明消息存进了收件箱；没有已读回执。消息要先进入候选、被提交，再随下一次请求发出，模型才看得见。",
                        "The send receipt “queued” proves only that the inbox stored it; there are no read receipts. A model sees a message only after it enters a candidate, is committed, and goes out with the next request.")}
                </p>
                <p class="lanes-note lanes-copy" data-testid="lanes-copy-note">{move || copy_note(lang.get())}</p>
            </details>
            <Show when=move || overflow.with(Option::is_some)>
                <p class="lanes-note">{move || overflow.get().unwrap_or_default()}</p>
            </Show>
            <div class="lane-row">
                {lane(Lane::Queued)}
                {lane(Lane::Candidate)}
                {lane(Lane::Request)}
            </div>
            {lane(Lane::Lost)}
            <ChipDetail opened=opened />
        </section>
    }
}

/// The opened chip: its full body, its protocol request, and its journey (where it was from
/// which step on). A message not stored yet at this step shows nothing.
#[component]
fn ChipDetail(opened: RwSignal<Option<MessageId>>) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let record = Memo::new(move |_| {
        let id = opened.get()?;
        pg.state
            .with(|s| s.as_ref().and_then(|s| s.state.message(id).cloned()))
    });
    let stops = Memo::new(move |_| {
        let id = opened.get()?;
        let timeline = pg.timeline()?;
        Some(journey(&timeline, id))
    });
    let journey_items = move || {
        let (lang, step) = (lang.get(), pg.step.get());
        stops
            .get()
            .unwrap_or_default()
            .into_iter()
            .map(|stop| {
                let label = match lang {
                    Lang::Zh => format!("第 {} 步起：{}", stop.step, position_text(&stop.position, lang)),
                    Lang::En => format!("from step {}: {}", stop.step, position_text(&stop.position, lang)),
                };
                let at = stop.step;
                view! {
                    <li class:future={at > step} data-step=at>
                        <button type="button" class="journey-step" on:click=move |_| pg.go_to(at)>{label}</button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <Show when=move || record.with(Option::is_some)>
            {move || record.get().map(|r| view! {
                <div class="chip-detail" data-testid="chip-detail" data-message-id=r.id.to_string()>
                    <h3>
                        {format!("{} · {} → {} · ", r.id, r.from, r.to)}
                        {move || r.kind.word(lang.get())}
                        {r.request_id.clone().map(|id| view! { " · "<span class="chip-request">{id}</span> })}
                        " "
                        <button type="button" class="chip-close" on:click=move |_| opened.set(None)>
                            {move || tr(lang.get(), "关闭", "Close")}
                        </button>
                    </h3>
                    <p class="chip-full-body" data-testid="chip-full-body">{r.body.clone()}</p>
                    <h4>{move || tr(lang.get(), "它走过的位置（点一步跳过去；灰色的是之后的步）", "Its journey (click a step to go there; grey ones are later steps)")}</h4>
                    <ol class="chip-journey" data-testid="chip-journey">{journey_items}</ol>
                </div>
            })}
        </Show>
    }
}
