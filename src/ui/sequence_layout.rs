//! The sequence diagram's layout: turns the events up to a step into positioned marks (lanes,
//! message arrows, model-call bars, lock bands, lock waits, refusal glyphs, time ticks and the
//! current-event cursor). Pure data, no DOM, so it is tested directly; `sequence.rs` draws it.
//!
//! The vertical axis is logical time (`Event::time`). The mapping is monotone: each new time
//! value starts after a gap that grows with the elapsed time, and inside one time value the
//! events that draw something get their own thin slot, in log order. Two intervals of logical
//! time therefore overlap on screen exactly when they overlap in the log, which is the point
//! of lesson 1 (reader and reviewer work at once) and lesson 3 (the wide lock serialises them).
//!
//! Only a bounded window is laid out: the last [`WINDOW_EVENTS`] events up to the step. Bars,
//! lock bands and waits that began before the window start at its top (`clipped_top`); those
//! still open at the step are taken from the team state, so a 100,000-event log costs the same
//! as a short one.
//!
//! Only what the scroll box shows is drawn: [`SeqLayout::visible`] keeps the marks that touch a
//! [`Viewport`] (what is in view plus a margin), and [`follow`] says where the box scrolls so
//! the current event stays in view. Both are computed here, without reading the DOM, so a step
//! never waits on a layout read.

use crate::engine::{
    Event, EventKind, Lang, MessageId, MessageKind, RefusalCode, RequestId, SortedMap, TeamState,
};
use crate::lessons::narration::narrate;

/// Events laid out at most (the most recent ones up to the step).
pub const WINDOW_EVENTS: usize = 200;

/// Width of the time gutter on the left.
pub const GUTTER: f64 = 46.0;
/// Horizontal distance between two lifelines.
pub const LANE_W: f64 = 108.0;
/// Height of the lane headers.
pub const HEAD_H: f64 = 44.0;
/// Where the first event may sit.
const TOP: f64 = HEAD_H + 18.0;
/// Gap before a new time value, plus this per elapsed time unit (at most `MAX_UNITS`).
const TIME_GAP: f64 = 8.0;
const TIME_UNIT: f64 = 7.0;
const MAX_UNITS: u64 = 5;
/// Smallest drawn height of a bar or a band.
const MIN_SPAN: f64 = 6.0;
/// Height of the diagram's scroll box (its lane headers stay pinned at its top).
pub const VIEW_H: f64 = 544.0;
/// Drawn beyond the visible part, so a small scroll shows marks that are already there.
pub const MARGIN_Y: f64 = VIEW_H / 4.0;
pub const MARGIN_X: f64 = LANE_W / 2.0;

/// The part of the diagram's content to draw (content coordinates, margins included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

impl Viewport {
    /// Everything (no culling).
    pub const ALL: Viewport = Viewport {
        x0: f64::NEG_INFINITY,
        x1: f64::INFINITY,
        y0: f64::NEG_INFINITY,
        y1: f64::INFINITY,
    };

    /// What a box scrolled to (`left`, `top`) and `width` wide shows, plus the margins.
    pub fn around(left: f64, top: f64, width: f64) -> Viewport {
        Viewport {
            x0: left - MARGIN_X,
            x1: left + width + MARGIN_X,
            y0: top - MARGIN_Y,
            y1: top + VIEW_H + MARGIN_Y,
        }
    }

    fn xs(&self, a: f64, b: f64) -> bool {
        a.min(b) <= self.x1 && a.max(b) >= self.x0
    }

    fn ys(&self, a: f64, b: f64) -> bool {
        a.min(b) <= self.y1 && a.max(b) >= self.y0
    }
}

/// Where the scroll box's top goes so that content y `target` is in view: unchanged when it
/// already is (below the pinned headers, above the bottom edge), else centred on it; clamped
/// to the content as the browser clamps it.
pub fn follow(top: f64, target: f64, content_h: f64) -> f64 {
    let max_top = (content_h - VIEW_H).max(0.0);
    // `max` then `min`, not `clamp`: clamp's NaN check formats floats, which would bring a
    // float formatter into the wasm.
    let top = top.max(0.0).min(max_top);
    if target < top + HEAD_H + 8.0 || target > top + VIEW_H - 24.0 {
        (target - VIEW_H / 2.0).max(0.0).min(max_top)
    } else {
        top
    }
}

/// One lifeline.
#[derive(Clone, Debug, PartialEq)]
pub struct LaneMark {
    pub name: String,
    pub role: String,
    pub x: f64,
    pub title: String,
}

/// A message: sender -> recipient at the time it was stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ArrowMark {
    pub seq: usize,
    pub id: MessageId,
    pub kind: MessageKind,
    pub from: String,
    pub to: String,
    pub x1: f64,
    pub x2: f64,
    pub y: f64,
    pub time: u64,
    pub label: String,
    pub title: String,
    pub current: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarStatus {
    Replied,
    Failed,
    /// No reply yet at the step: drawn open, reaching the current time.
    InFlight,
    /// The page reloaded while it was in flight.
    Abandoned,
}

impl BarStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BarStatus::Replied => "replied",
            BarStatus::Failed => "failed",
            BarStatus::InFlight => "in_flight",
            BarStatus::Abandoned => "abandoned",
        }
    }
}

/// A model call on the member's lifeline, from request sent to reply.
#[derive(Clone, Debug, PartialEq)]
pub struct BarMark {
    pub request: RequestId,
    pub member: String,
    pub x: f64,
    pub y0: f64,
    pub y1: f64,
    pub t0: u64,
    /// Logical time of the reply (None while in flight).
    pub t1: Option<u64>,
    pub status: BarStatus,
    /// The request was sent before the window: the bar starts at the window's top.
    pub clipped_top: bool,
    pub label: String,
    pub title: String,
    pub current: bool,
}

/// T6: the lock held by a member (`wait == false`), or a member waiting for it (`wait == true`).
#[derive(Clone, Debug, PartialEq)]
pub struct BandMark {
    pub member: String,
    pub x: f64,
    pub y0: f64,
    pub y1: f64,
    pub t0: Option<u64>,
    pub t1: Option<u64>,
    pub wait: bool,
    /// Still held (or still waiting) at the step.
    pub open: bool,
    pub clipped_top: bool,
    pub title: String,
}

/// A refusal, on the lifeline of the member it concerns (the gutter for the host).
#[derive(Clone, Debug, PartialEq)]
pub struct RefusalMark {
    pub seq: usize,
    pub code: RefusalCode,
    pub x: f64,
    pub y: f64,
    pub title: String,
    pub current: bool,
}

/// A horizontal tick where a new logical time begins.
#[derive(Clone, Debug, PartialEq)]
pub struct TickMark {
    pub time: u64,
    pub y: f64,
    pub title: String,
}

/// The event of the current step.
#[derive(Clone, Debug, PartialEq)]
pub struct CursorMark {
    pub seq: usize,
    pub y: f64,
    /// The actor's lifeline, if it has one.
    pub x: Option<f64>,
    pub title: String,
}

/// Everything the diagram draws at one step.
#[derive(Clone, Debug, PartialEq)]
pub struct SeqLayout {
    pub lanes: Vec<LaneMark>,
    pub arrows: Vec<ArrowMark>,
    pub bars: Vec<BarMark>,
    pub bands: Vec<BandMark>,
    pub refusals: Vec<RefusalMark>,
    pub ticks: Vec<TickMark>,
    pub cursor: Option<CursorMark>,
    /// Events before the window that are not drawn.
    pub hidden_before: usize,
    /// The step the layout is for (events `0..step` happened).
    pub step: usize,
    /// Logical time at the step.
    pub now: u64,
    pub width: f64,
    pub height: f64,
    /// y of the current time (where open bars end).
    pub now_y: f64,
}

impl SeqLayout {
    /// Number of drawn marks (lanes included), to check that the drawing stays bounded.
    pub fn mark_count(&self) -> usize {
        self.lanes.len()
            + self.arrows.len()
            + self.bars.len()
            + self.bands.len()
            + self.refusals.len()
            + self.ticks.len()
            + usize::from(self.cursor.is_some())
    }

    pub fn lane_x(&self, name: &str) -> Option<f64> {
        self.lanes.iter().find(|l| l.name == name).map(|l| l.x)
    }

    /// Where the view keeps its eye: the current event, or the current time at step 0.
    pub fn focus_y(&self) -> f64 {
        self.cursor.as_ref().map_or(self.now_y, |c| c.y)
    }

    /// The marks that touch `v` (lanes by their lifeline; ticks, the cursor and the "now" line
    /// span the width, so only their y counts). Everything else is the same layout.
    pub fn visible(&self, v: Viewport) -> SeqLayout {
        SeqLayout {
            lanes: keep(&self.lanes, |l| {
                v.xs(l.x - LANE_W / 2.0, l.x + LANE_W / 2.0)
            }),
            arrows: keep(&self.arrows, |a| {
                v.ys(a.y - 12.0, a.y + 4.0) && v.xs(a.x1, a.x2)
            }),
            bars: keep(&self.bars, |b| {
                v.ys(b.y0, b.y1 + 12.0) && v.xs(b.x - 8.0, b.x + 80.0)
            }),
            bands: keep(&self.bands, |b| {
                v.ys(b.y0, b.y1) && v.xs(b.x - 40.0, b.x + 12.0)
            }),
            refusals: keep(&self.refusals, |r| {
                v.ys(r.y - 8.0, r.y + 8.0) && v.xs(r.x - 8.0, r.x + 8.0)
            }),
            ticks: keep(&self.ticks, |t| v.ys(t.y - 8.0, t.y + 8.0)),
            cursor: self.cursor.clone().filter(|c| v.ys(c.y - 8.0, c.y + 8.0)),
            ..self.clone_frame()
        }
    }

    /// The layout without its marks.
    fn clone_frame(&self) -> SeqLayout {
        SeqLayout {
            lanes: Vec::new(),
            arrows: Vec::new(),
            bars: Vec::new(),
            bands: Vec::new(),
            refusals: Vec::new(),
            ticks: Vec::new(),
            cursor: None,
            hidden_before: self.hidden_before,
            step: self.step,
            now: self.now,
            width: self.width,
            height: self.height,
            now_y: self.now_y,
        }
    }

    /// The request bars of one member, in order.
    pub fn bars_of<'a>(&'a self, member: &'a str) -> impl Iterator<Item = &'a BarMark> + 'a {
        self.bars.iter().filter(move |b| b.member == member)
    }
}

fn keep<T: Clone>(items: &[T], show: impl Fn(&T) -> bool) -> Vec<T> {
    items.iter().filter(|item| show(item)).cloned().collect()
}

fn tr(lang: Lang, zh: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// The kind of a message in the learner's language (short, for arrow labels).
pub fn kind_label(kind: MessageKind, lang: Lang) -> &'static str {
    match kind {
        MessageKind::Message => tr(lang, "消息", "message"),
        MessageKind::Broadcast => tr(lang, "广播", "broadcast"),
        MessageKind::ShutdownRequest => tr(lang, "关机请求", "shutdown request"),
        MessageKind::ShutdownResponse => tr(lang, "关机答复", "shutdown response"),
        MessageKind::PlanApproval => tr(lang, "计划审批", "plan approval"),
        MessageKind::PlanApprovalResponse => tr(lang, "审批结果", "plan decision"),
    }
}

/// At most `max` characters on one line, with an ellipsis when cut.
fn short(text: &str, max: usize) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if line.chars().count() <= max {
        line
    } else {
        let cut: String = line.chars().take(max).collect();
        format!("{cut}…")
    }
}

/// How much vertical room an event takes in its time slot (0: it draws nothing of its own).
fn slot_height(kind: &EventKind) -> f64 {
    match kind {
        EventKind::MessageQueued { .. } => 20.0,
        EventKind::ModelRequested { .. } => 16.0,
        EventKind::ModelReplied { .. } | EventKind::ModelFailed { .. } => 8.0,
        EventKind::LockAcquired { .. } => 10.0,
        EventKind::LockReleased { .. } => 6.0,
        EventKind::LockWaiting { .. } => 14.0,
        EventKind::Refused { .. } => 18.0,
        EventKind::RosterRestored { .. } => 10.0,
        _ => 0.0,
    }
}

struct OpenBar {
    member: String,
    y0: f64,
    t0: u64,
    clipped_top: bool,
    current: bool,
}

struct OpenBand {
    y0: f64,
    t0: Option<u64>,
    clipped_top: bool,
}

/// Lays out the last [`WINDOW_EVENTS`] events before `step`. `state` must be the team state
/// after `step` events (it supplies the roster order and what is still open at the step).
pub fn layout(events: &[Event], step: usize, state: &TeamState, lang: Lang) -> SeqLayout {
    layout_window(events, step, state, lang, WINDOW_EVENTS)
}

/// [`layout`] with an explicit window size (in events).
pub fn layout_window(
    events: &[Event],
    step: usize,
    state: &TeamState,
    lang: Lang,
    window: usize,
) -> SeqLayout {
    let step = step.min(events.len());
    let start = step.saturating_sub(window.max(1));
    let shown = &events[start..step];
    let current_seq = step.checked_sub(1);

    let lanes: Vec<LaneMark> = state
        .members_in_order()
        .enumerate()
        .map(|(i, m)| LaneMark {
            name: m.name().to_string(),
            role: m.role().to_string(),
            x: GUTTER + LANE_W * (i as f64) + LANE_W / 2.0,
            title: match lang {
                Lang::Zh => format!("{}（{}）：点击在详情里查看", m.name(), m.role()),
                Lang::En => format!(
                    "{} ({}): click to show in the detail panel",
                    m.name(),
                    m.role()
                ),
            },
        })
        .collect();
    // A few dozen lanes at most: a linear search is as quick as a hash map here, and smaller.
    let lane_x = |name: &str| lanes.iter().find(|l| l.name == name).map(|l| l.x);
    // A name without a lifeline (the host, a member not yet on the roster) sits in the gutter.
    let x_of = |name: &str| lane_x(name).unwrap_or(GUTTER - 10.0);

    let mut arrows = Vec::new();
    let mut bars = Vec::new();
    let mut bands = Vec::new();
    let mut refusals = Vec::new();
    let mut ticks = Vec::new();
    let mut cursor = None;

    let mut open_bars: SortedMap<RequestId, OpenBar> = SortedMap::new();
    let mut open_locks: SortedMap<String, OpenBand> = SortedMap::new();
    let mut open_waits: SortedMap<String, (OpenBand, String)> = SortedMap::new();

    let mut y = TOP;
    let mut last_time: Option<u64> = None;

    for event in shown {
        let gap = match last_time {
            None => Some(0.0),
            Some(t) if event.time != t => {
                let units = event.time.saturating_sub(t).min(MAX_UNITS);
                Some(TIME_GAP + TIME_UNIT * units as f64)
            }
            Some(_) => None,
        };
        if let Some(gap) = gap {
            y += gap;
            ticks.push(TickMark {
                time: event.time,
                y,
                title: match lang {
                    Lang::Zh => format!("逻辑时间 {}", event.time),
                    Lang::En => format!("logical time {}", event.time),
                },
            });
            y += 4.0;
            last_time = Some(event.time);
        }
        let h = slot_height(&event.kind);
        let mid = y + h / 2.0;
        let is_current = Some(event.seq) == current_seq;
        match &event.kind {
            EventKind::MessageQueued { record } => {
                let label = format!("{} · {}", record.id, kind_label(record.kind, lang));
                let body = short(&record.body, 80);
                let title = match lang {
                    Lang::Zh => format!(
                        "{}：{} 发给 {} 的{}，t={} 存入 {} 的收件箱（回执 queued：已保存，不等于已读）。正文：{}",
                        record.id,
                        record.from,
                        record.to,
                        kind_label(record.kind, lang),
                        event.time,
                        record.to,
                        body
                    ),
                    Lang::En => format!(
                        "{}: {} from {} to {}, stored in {}'s inbox at t={} (receipt queued: stored, not seen). Body: {}",
                        record.id,
                        kind_label(record.kind, lang),
                        record.from,
                        record.to,
                        record.to,
                        event.time,
                        body
                    ),
                };
                arrows.push(ArrowMark {
                    seq: event.seq,
                    id: record.id,
                    kind: record.kind,
                    from: record.from.clone(),
                    to: record.to.clone(),
                    x1: x_of(&record.from),
                    x2: x_of(&record.to),
                    y: y + h - 5.0,
                    time: event.time,
                    label,
                    title,
                    current: is_current,
                });
            }
            EventKind::ModelRequested { request } => {
                open_bars.insert(
                    request.id,
                    OpenBar {
                        member: request.member.clone(),
                        y0: y + 3.0,
                        t0: event.time,
                        clipped_top: false,
                        current: is_current,
                    },
                );
            }
            EventKind::ModelReplied {
                member, request_id, ..
            }
            | EventKind::ModelFailed {
                member, request_id, ..
            } => {
                let status = if matches!(event.kind, EventKind::ModelReplied { .. }) {
                    BarStatus::Replied
                } else {
                    BarStatus::Failed
                };
                let open = open_bars.remove(request_id).unwrap_or_else(|| OpenBar {
                    member: member.clone(),
                    y0: TOP,
                    t0: state
                        .request(*request_id)
                        .map_or(event.time, |r| r.request.sent_at),
                    clipped_top: true,
                    current: false,
                });
                bars.push(close_bar(
                    *request_id,
                    open,
                    mid,
                    Some(event.time),
                    status,
                    is_current,
                    &x_of,
                    lang,
                ));
            }
            EventKind::RosterRestored { .. } => {
                // L3: the reload abandons what was in flight and drops the lock and its queue.
                for (id, open) in open_bars.take() {
                    bars.push(close_bar(
                        id,
                        open,
                        mid,
                        Some(event.time),
                        BarStatus::Abandoned,
                        is_current,
                        &x_of,
                        lang,
                    ));
                }
                for (member, open) in open_locks.take() {
                    bands.push(close_band(
                        &member,
                        open,
                        mid,
                        Some(event.time),
                        false,
                        None,
                        &x_of,
                        lang,
                    ));
                }
                for (member, (open, holder)) in open_waits.take() {
                    bands.push(close_band(
                        &member,
                        open,
                        mid,
                        Some(event.time),
                        true,
                        Some(&holder),
                        &x_of,
                        lang,
                    ));
                }
            }
            EventKind::LockAcquired { member } => {
                if let Some((open, holder)) = open_waits.remove(member) {
                    bands.push(close_band(
                        member,
                        open,
                        y,
                        Some(event.time),
                        true,
                        Some(&holder),
                        &x_of,
                        lang,
                    ));
                }
                open_locks.insert(
                    member.clone(),
                    OpenBand {
                        y0: y + 2.0,
                        t0: Some(event.time),
                        clipped_top: false,
                    },
                );
            }
            EventKind::LockReleased { member } => {
                let open = open_locks.remove(member).unwrap_or(OpenBand {
                    y0: TOP,
                    t0: None,
                    clipped_top: true,
                });
                bands.push(close_band(
                    member,
                    open,
                    mid,
                    Some(event.time),
                    false,
                    None,
                    &x_of,
                    lang,
                ));
            }
            EventKind::LockWaiting { member, holder, .. } => {
                open_waits.insert(
                    member.clone(),
                    (
                        OpenBand {
                            y0: y + 2.0,
                            t0: Some(event.time),
                            clipped_top: false,
                        },
                        holder.clone(),
                    ),
                );
            }
            EventKind::Refused { refusal } => {
                let x = event.actor.as_deref().map_or(GUTTER - 10.0, &x_of);
                refusals.push(RefusalMark {
                    seq: event.seq,
                    code: refusal.code,
                    x,
                    y: mid,
                    title: narrate(event, lang),
                    current: is_current,
                });
            }
            _ => {}
        }
        if is_current {
            cursor = Some(CursorMark {
                seq: event.seq,
                y: if h > 0.0 { mid } else { y },
                x: event.actor.as_deref().and_then(lane_x),
                title: match lang {
                    Lang::Zh => format!(
                        "当前这一步（第 {} 步，t={}）：{}",
                        step,
                        event.time,
                        narrate(event, lang)
                    ),
                    Lang::En => format!(
                        "Current step ({}, t={}): {}",
                        step,
                        event.time,
                        narrate(event, lang)
                    ),
                },
            });
        }
        y += h;
    }

    let now_y = y + 12.0;
    let now = state.now();

    // What is still open at the step: from the window, or (if it began earlier) from the state.
    for member in state.members_in_order() {
        if let Some(id) = member.in_flight() {
            let t0 = state.request(id).map_or(now, |r| r.request.sent_at);
            open_bars.or_insert_with(id, || OpenBar {
                member: member.name().to_string(),
                y0: TOP,
                t0,
                clipped_top: true,
                current: false,
            });
        }
    }
    for (id, open) in open_bars.take() {
        bars.push(close_bar(
            id,
            open,
            now_y,
            None,
            BarStatus::InFlight,
            false,
            &x_of,
            lang,
        ));
    }
    if let Some(holder) = state.lock_holder() {
        open_locks.or_insert_with(holder.to_string(), || OpenBand {
            y0: TOP,
            t0: None,
            clipped_top: true,
        });
    }
    for (member, open) in open_locks.take() {
        bands.push(close_band(
            &member, open, now_y, None, false, None, &x_of, lang,
        ));
    }
    for waiter in state.lock_waiters() {
        let holder = state.lock_holder().unwrap_or_default().to_string();
        open_waits.or_insert_with(waiter.clone(), || {
            (
                OpenBand {
                    y0: TOP,
                    t0: None,
                    clipped_top: true,
                },
                holder,
            )
        });
    }
    for (member, (open, holder)) in open_waits.take() {
        bands.push(close_band(
            &member,
            open,
            now_y,
            None,
            true,
            Some(&holder),
            &x_of,
            lang,
        ));
    }
    // Draw order: lock bands under waits under bars (a stable partition, not a sort: the sort
    // code would cost the wasm more).
    let (mut bands, waits): (Vec<BandMark>, Vec<BandMark>) =
        bands.into_iter().partition(|b| !b.wait);
    bands.extend(waits);

    // Room on the right for the labels of the last lifeline.
    let width = GUTTER + LANE_W * lanes.len().max(1) as f64 + 64.0;
    SeqLayout {
        lanes,
        arrows,
        bars,
        bands,
        refusals,
        ticks,
        cursor,
        hidden_before: start,
        step,
        now,
        width,
        height: now_y + 18.0,
        now_y,
    }
}

#[allow(clippy::too_many_arguments)]
fn close_bar(
    id: RequestId,
    open: OpenBar,
    y1: f64,
    t1: Option<u64>,
    status: BarStatus,
    current_end: bool,
    x_of: &impl Fn(&str) -> f64,
    lang: Lang,
) -> BarMark {
    let since = if open.clipped_top {
        match lang {
            Lang::Zh => format!("t={} 发出（更早，已不在窗口内）", open.t0),
            Lang::En => format!("sent at t={} (earlier, outside the window)", open.t0),
        }
    } else {
        match lang {
            Lang::Zh => format!("t={} 发出", open.t0),
            Lang::En => format!("sent at t={}", open.t0),
        }
    };
    let end = match (status, t1, lang) {
        (BarStatus::Replied, Some(t), Lang::Zh) => format!("t={t} 收到回复"),
        (BarStatus::Replied, Some(t), Lang::En) => format!("reply at t={t}"),
        (BarStatus::Failed, Some(t), Lang::Zh) => format!("t={t} 失败"),
        (BarStatus::Failed, Some(t), Lang::En) => format!("failed at t={t}"),
        (BarStatus::Abandoned, Some(t), Lang::Zh) => format!("t={t} 页面重新加载，被放弃"),
        (BarStatus::Abandoned, Some(t), Lang::En) => format!("abandoned by the reload at t={t}"),
        (_, _, Lang::Zh) => "进行中：还没有回复".to_string(),
        (_, _, Lang::En) => "in flight: no reply yet".to_string(),
    };
    let title = match lang {
        Lang::Zh => format!("{id}：{} 的模型调用，{since}，{end}", open.member),
        Lang::En => format!("{id}: {}'s model call, {since}, {end}", open.member),
    };
    let label = match status {
        BarStatus::InFlight => format!("{id} {}", tr(lang, "进行中", "in flight")),
        BarStatus::Failed => format!("{id} ✕"),
        BarStatus::Abandoned => format!("{id} {}", tr(lang, "已放弃", "abandoned")),
        BarStatus::Replied => id.to_string(),
    };
    BarMark {
        request: id,
        x: x_of(&open.member),
        y0: open.y0,
        y1: y1.max(open.y0 + MIN_SPAN),
        t0: open.t0,
        t1,
        status,
        clipped_top: open.clipped_top,
        label,
        title,
        current: open.current || current_end,
        member: open.member,
    }
}

#[allow(clippy::too_many_arguments)]
fn close_band(
    member: &str,
    open: OpenBand,
    y1: f64,
    t1: Option<u64>,
    wait: bool,
    holder: Option<&str>,
    x_of: &impl Fn(&str) -> f64,
    lang: Lang,
) -> BandMark {
    let from = match (open.t0, lang) {
        (Some(t), _) => format!("t={t}"),
        (None, Lang::Zh) => "窗口之前".to_string(),
        (None, Lang::En) => "before the window".to_string(),
    };
    let to = match (t1, lang) {
        (Some(t), _) => format!("t={t}"),
        (None, Lang::Zh) => "现在（仍未结束）".to_string(),
        (None, Lang::En) => "now (still ongoing)".to_string(),
    };
    let holder = holder.unwrap_or("");
    let title = match (wait, lang) {
        (false, Lang::Zh) => format!("锁：{member} 持有宿主的锁，从 {from} 到 {to}"),
        (false, Lang::En) => format!("lock: {member} holds the host's lock from {from} to {to}"),
        (true, Lang::Zh) => format!("等锁：{member} 在等 {holder} 手里的锁，从 {from} 到 {to}"),
        (true, Lang::En) => {
            format!("waiting: {member} waits for the lock held by {holder}, from {from} to {to}")
        }
    };
    BandMark {
        member: member.to_string(),
        x: x_of(member),
        y0: open.y0,
        y1: y1.max(open.y0 + MIN_SPAN),
        t0: open.t0,
        t1,
        wait,
        open: t1.is_none(),
        clipped_top: open.clipped_top,
        title,
    }
}
