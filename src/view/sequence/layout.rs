//! Laying out the events of the window: a [`Builder`] walks them in log order, gives each its
//! slot on the time axis and hands it to one `on_<kind>` method, which adds its mark or opens
//! or closes a bar or band. What is still open at the step is closed at the current time,
//! from the window or (when it began earlier) from the team state.

use super::marks::{
    ArrowMark, BandMark, BarMark, BarStatus, CursorMark, LaneMark, Marks, RefusalMark, SeqLayout,
    TickMark,
};
use super::text;
use super::{GUTTER, HEAD_H, LANE_W};
use crate::engine::{Event, EventKind, Lang, MessageRecord, RequestId, SortedMap, TeamState};
use crate::view::narration::narrate;

/// Events laid out at most (the most recent ones up to the step).
pub const WINDOW_EVENTS: usize = 200;

/// Where the first event may sit.
const TOP: f64 = HEAD_H + 18.0;
/// Gap before a new time value, plus this per elapsed time unit (at most `MAX_UNITS`).
const TIME_GAP: f64 = 8.0;
const TIME_UNIT: f64 = 7.0;
const MAX_UNITS: u64 = 5;
/// Smallest drawn height of a bar or a band.
const MIN_SPAN: f64 = 6.0;

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
    let mut builder = Builder::new(state, lang, step);
    for event in &events[start..step] {
        builder.add(event);
    }
    builder.finish(start)
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

/// The room one event takes: its top, height and middle, and whether it is the current one.
#[derive(Clone, Copy)]
struct Slot {
    top: f64,
    height: f64,
    current: bool,
}

impl Slot {
    fn mid(&self) -> f64 {
        self.top + self.height / 2.0
    }
}

/// A model call whose reply is not laid out yet.
struct OpenBar {
    member: String,
    y0: f64,
    t0: u64,
    clipped_top: bool,
    current: bool,
}

/// A lock hold or a lock wait that has not ended yet.
struct OpenBand {
    y0: f64,
    t0: Option<u64>,
    clipped_top: bool,
}

impl OpenBand {
    fn at(y0: f64, t0: u64) -> OpenBand {
        OpenBand {
            y0,
            t0: Some(t0),
            clipped_top: false,
        }
    }

    /// Began before the window: drawn from the window's top.
    const CLIPPED: OpenBand = OpenBand {
        y0: TOP,
        t0: None,
        clipped_top: true,
    };
}

/// The layout under construction.
struct Builder<'a> {
    state: &'a TeamState,
    lang: Lang,
    step: usize,
    marks: Marks,
    open_bars: SortedMap<RequestId, OpenBar>,
    open_locks: SortedMap<String, OpenBand>,
    /// Who waits, since when, and for which holder.
    open_waits: SortedMap<String, (OpenBand, String)>,
    y: f64,
    last_time: Option<u64>,
}

impl<'a> Builder<'a> {
    fn new(state: &'a TeamState, lang: Lang, step: usize) -> Builder<'a> {
        let lanes = state
            .members_in_order()
            .enumerate()
            .map(|(i, m)| LaneMark {
                name: m.name().to_string(),
                role: m.role().to_string(),
                x: GUTTER + LANE_W * (i as f64) + LANE_W / 2.0,
                title: text::lane_title(m.name(), m.role(), lang),
            })
            .collect();
        Builder {
            state,
            lang,
            step,
            marks: Marks {
                lanes,
                ..Marks::default()
            },
            open_bars: SortedMap::new(),
            open_locks: SortedMap::new(),
            open_waits: SortedMap::new(),
            y: TOP,
            last_time: None,
        }
    }

    /// The lifeline of `name`; a name without one (the host, a member not yet on the roster)
    /// sits in the gutter. A few dozen lanes at most: a linear search is as quick as a hash
    /// map here, and smaller.
    fn x_of(&self, name: &str) -> f64 {
        self.marks.lane_x(name).unwrap_or(GUTTER - 10.0)
    }

    /// Lays out one event: a tick if it starts a new time, its own mark, the cursor if it is
    /// the current event.
    fn add(&mut self, event: &Event) {
        self.tick(event.time);
        let slot = Slot {
            top: self.y,
            height: slot_height(&event.kind),
            current: Some(event.seq) == self.step.checked_sub(1),
        };
        match &event.kind {
            EventKind::MessageQueued { record } => self.on_message_queued(event, record, slot),
            EventKind::ModelRequested { request } => {
                self.on_model_requested(request.id, &request.member, event.time, slot)
            }
            EventKind::ModelReplied {
                member, request_id, ..
            } => self.on_model_done(*request_id, member, BarStatus::Replied, event.time, slot),
            EventKind::ModelFailed {
                member, request_id, ..
            } => self.on_model_done(*request_id, member, BarStatus::Failed, event.time, slot),
            EventKind::RosterRestored { .. } => self.on_roster_restored(event.time, slot),
            EventKind::LockAcquired { member } => self.on_lock_acquired(member, event.time, slot),
            EventKind::LockReleased { member } => self.on_lock_released(member, event.time, slot),
            EventKind::LockWaiting { member, holder, .. } => {
                self.on_lock_waiting(member, holder, event.time, slot)
            }
            EventKind::Refused { refusal } => {
                let mark = RefusalMark {
                    seq: event.seq,
                    code: refusal.code,
                    x: event
                        .actor
                        .as_deref()
                        .map_or(GUTTER - 10.0, |a| self.x_of(a)),
                    y: slot.mid(),
                    title: narrate(event, self.lang),
                    current: slot.current,
                };
                self.marks.refusals.push(mark);
            }
            _ => {}
        }
        if slot.current {
            self.marks.cursor = Some(CursorMark {
                seq: event.seq,
                y: if slot.height > 0.0 {
                    slot.mid()
                } else {
                    slot.top
                },
                x: event.actor.as_deref().and_then(|a| self.marks.lane_x(a)),
                title: text::cursor_title(self.step, event, self.lang),
            });
        }
        self.y += slot.height;
    }

    /// A new logical time starts after a gap that grows with the time elapsed.
    fn tick(&mut self, time: u64) {
        let gap = match self.last_time {
            None => 0.0,
            Some(t) if t != time => {
                TIME_GAP + TIME_UNIT * time.saturating_sub(t).min(MAX_UNITS) as f64
            }
            Some(_) => return,
        };
        self.y += gap;
        self.marks.ticks.push(TickMark {
            time,
            y: self.y,
            title: text::tick_title(time, self.lang),
        });
        self.y += 4.0;
        self.last_time = Some(time);
    }

    /// M1: a stored message is an arrow from sender to recipient.
    fn on_message_queued(&mut self, event: &Event, record: &MessageRecord, slot: Slot) {
        let arrow = ArrowMark {
            seq: event.seq,
            id: record.id,
            kind: record.kind,
            from: record.from.clone(),
            to: record.to.clone(),
            x1: self.x_of(&record.from),
            x2: self.x_of(&record.to),
            y: slot.top + slot.height - 5.0,
            time: event.time,
            label: text::arrow_label(record, self.lang),
            title: text::arrow_title(record, event.time, self.lang),
            current: slot.current,
        };
        self.marks.arrows.push(arrow);
    }

    /// A model call opens a bar on the member's lifeline.
    fn on_model_requested(&mut self, id: RequestId, member: &str, time: u64, slot: Slot) {
        let open = OpenBar {
            member: member.to_string(),
            y0: slot.top + 3.0,
            t0: time,
            clipped_top: false,
            current: slot.current,
        };
        self.open_bars.insert(id, open);
    }

    /// A reply or a failure closes the call's bar (one opened before the window starts at
    /// its top).
    fn on_model_done(
        &mut self,
        id: RequestId,
        member: &str,
        status: BarStatus,
        time: u64,
        slot: Slot,
    ) {
        let open = self.open_bars.remove(&id).unwrap_or_else(|| OpenBar {
            member: member.to_string(),
            y0: TOP,
            t0: self.state.request(id).map_or(time, |r| r.request.sent_at),
            clipped_top: true,
            current: false,
        });
        self.close_bar(id, open, slot.mid(), Some(time), status, slot.current);
    }

    /// L3: the reload abandons what was in flight and drops the lock and its queue.
    fn on_roster_restored(&mut self, time: u64, slot: Slot) {
        let y = slot.mid();
        for (id, open) in self.open_bars.take() {
            self.close_bar(id, open, y, Some(time), BarStatus::Abandoned, slot.current);
        }
        for (member, open) in self.open_locks.take() {
            self.close_band(&member, open, y, Some(time), None);
        }
        for (member, (open, holder)) in self.open_waits.take() {
            self.close_band(&member, open, y, Some(time), Some(&holder));
        }
    }

    /// T6: taking the lock ends the member's wait for it and opens its hold.
    fn on_lock_acquired(&mut self, member: &str, time: u64, slot: Slot) {
        if let Some((open, holder)) = self.open_waits.remove(member) {
            self.close_band(member, open, slot.top, Some(time), Some(&holder));
        }
        self.open_locks
            .insert(member.to_string(), OpenBand::at(slot.top + 2.0, time));
    }

    fn on_lock_released(&mut self, member: &str, time: u64, slot: Slot) {
        let open = self.open_locks.remove(member).unwrap_or(OpenBand::CLIPPED);
        self.close_band(member, open, slot.mid(), Some(time), None);
    }

    fn on_lock_waiting(&mut self, member: &str, holder: &str, time: u64, slot: Slot) {
        let open = OpenBand::at(slot.top + 2.0, time);
        self.open_waits
            .insert(member.to_string(), (open, holder.to_string()));
    }

    fn close_bar(
        &mut self,
        id: RequestId,
        open: OpenBar,
        y1: f64,
        t1: Option<u64>,
        status: BarStatus,
        current_end: bool,
    ) {
        let (label, title) = text::bar_texts(
            id,
            &open.member,
            (open.t0, open.clipped_top),
            t1,
            status,
            self.lang,
        );
        let bar = BarMark {
            request: id,
            x: self.x_of(&open.member),
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
        };
        self.marks.bars.push(bar);
    }

    /// Closes a hold (`waits_for` None) or a wait for the lock held by `waits_for`.
    fn close_band(
        &mut self,
        member: &str,
        open: OpenBand,
        y1: f64,
        t1: Option<u64>,
        waits_for: Option<&str>,
    ) {
        let band = BandMark {
            member: member.to_string(),
            x: self.x_of(member),
            y0: open.y0,
            y1: y1.max(open.y0 + MIN_SPAN),
            t0: open.t0,
            t1,
            wait: waits_for.is_some(),
            open: t1.is_none(),
            clipped_top: open.clipped_top,
            title: text::band_title(member, open.t0, t1, waits_for, self.lang),
        };
        self.marks.bands.push(band);
    }

    /// Closes at `now_y` what is still open at the step: from the window, or (if it began
    /// earlier) from the state.
    fn close_open(&mut self, now_y: f64) {
        let state = self.state;
        for member in state.members_in_order() {
            if let Some(id) = member.in_flight() {
                let t0 = state.request(id).map_or(state.now(), |r| r.request.sent_at);
                self.open_bars.or_insert_with(id, || OpenBar {
                    member: member.name().to_string(),
                    y0: TOP,
                    t0,
                    clipped_top: true,
                    current: false,
                });
            }
        }
        for (id, open) in self.open_bars.take() {
            self.close_bar(id, open, now_y, None, BarStatus::InFlight, false);
        }
        if let Some(holder) = state.lock_holder() {
            self.open_locks
                .or_insert_with(holder.to_string(), || OpenBand::CLIPPED);
        }
        for (member, open) in self.open_locks.take() {
            self.close_band(&member, open, now_y, None, None);
        }
        let holder = state.lock_holder().unwrap_or_default().to_string();
        for waiter in state.lock_waiters() {
            self.open_waits
                .or_insert_with(waiter.clone(), || (OpenBand::CLIPPED, holder.clone()));
        }
        for (member, (open, holder)) in self.open_waits.take() {
            self.close_band(&member, open, now_y, None, Some(&holder));
        }
    }

    fn finish(mut self, hidden_before: usize) -> SeqLayout {
        let now_y = self.y + 12.0;
        self.close_open(now_y);
        // Draw order: lock bands under waits under bars (a stable partition, not a sort: the
        // sort code would cost the wasm more).
        let (mut bands, waits): (Vec<BandMark>, Vec<BandMark>) =
            std::mem::take(&mut self.marks.bands)
                .into_iter()
                .partition(|b| !b.wait);
        bands.extend(waits);
        self.marks.bands = bands;
        // Room on the right for the labels of the last lifeline.
        let width = GUTTER + LANE_W * self.marks.lanes.len().max(1) as f64 + 64.0;
        SeqLayout {
            marks: self.marks,
            hidden_before,
            step: self.step,
            now: self.state.now(),
            width,
            height: now_y + 18.0,
            now_y,
        }
    }
}
