//! Two runs side by side, as one native value ([`RunDiff`]): where they part and why, each
//! message's places in each run at each aligned step and where they differ, per member the
//! history and requests that differ, and the totals (requests, retries, refusals, lost
//! messages, steps, logical time). A comparison is a view of two runs on screen, never new
//! state: both runs are functions of (source, options, step) (`on_screen::versus`), and this
//! is a function of the two timelines.
//!
//! - `align.rs`: the rows, run A's step beside run B's, aligned by story step (falling back
//!   to events);
//! - `members.rs`: per member, the history and requests that differ, and the lock waits;
//! - `questions.rs`: a lesson's questions about the difference, answered from the diff;
//! - `summary.rs`: the sentence that says what the difference is, in the learner's language,
//!   and each run's label.

pub mod align;
pub mod members;
pub mod questions;
pub mod summary;

use crate::engine::{EventKind, MessageId, Position, TeamState, Timeline};
use crate::lessons::key_steps::key_steps;
use crate::on_screen::versus::{parting_reasons, Reason};
use crate::on_screen::{Level, OnScreen, OnScreenError, Played};
use crate::view::story::story_of;

pub use align::Row;
pub use members::{MemberDiff, Wait};

/// One run of a comparison, as the diff reads it.
#[derive(Clone, Copy)]
pub struct Side<'a> {
    pub timeline: &'a Timeline,
    /// The story level's stops (sorted steps); None aligns every event.
    pub stops: Option<&'a [usize]>,
}

/// Where a message is in one run at one step, as a comparison tells it apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Not sent (yet, or ever) in this run.
    Absent,
    /// In the inbox only: stored, no model knows of it.
    Stored,
    /// In a candidate or a history: taken in, not yet in a request.
    TakenIn,
    /// In a request a model was sent.
    InRequest,
    /// Drained by a read and never committed (M6).
    Lost,
    /// Reported unread at disband (L4).
    Undelivered,
}

impl Place {
    fn of(position: Option<Position>) -> Place {
        match position {
            None => Place::Absent,
            Some(Position::Queued) => Place::Stored,
            Some(Position::InCandidate | Position::Committed) => Place::TakenIn,
            Some(Position::InRequest(_)) => Place::InRequest,
            Some(Position::Lost) => Place::Lost,
            Some(Position::Undelivered) => Place::Undelivered,
        }
    }

    /// A stable name (`data-place` in the comparison, the export's column).
    pub fn name(self) -> &'static str {
        match self {
            Place::Absent => "absent",
            Place::Stored => "stored",
            Place::TakenIn => "taken-in",
            Place::InRequest => "in-request",
            Place::Lost => "lost",
            Place::Undelivered => "undelivered",
        }
    }

    /// Whether a model has been sent the message.
    pub fn reached_a_model(self) -> bool {
        self == Place::InRequest
    }
}

/// One message in both runs: its places at every row. A message is the same in both runs when
/// it has the same sender, recipient and body (the n-th such one): a fork that sends one more
/// message shifts the ids of the later ones, so ids alone would pair different messages.
#[derive(Clone, Debug, PartialEq)]
pub struct MessageDiff {
    /// Its id in run A and in run B (None: the run never sent it).
    pub ids: (Option<MessageId>, Option<MessageId>),
    pub from: String,
    pub to: String,
    /// Its place in run A and in run B at each row (indexed like [`RunDiff::rows`]).
    pub places: Vec<(Place, Place)>,
}

impl MessageDiff {
    /// Its name: the id ("m2"), or both when they differ ("m2 | m3", run A's first).
    pub fn name(&self) -> String {
        match self.ids {
            (Some(a), Some(b)) if a != b => format!("{a} | {b}"),
            (Some(id), _) | (None, Some(id)) => id.to_string(),
            (None, None) => String::new(),
        }
    }

    /// Its id in run `a` (true) or run B.
    pub fn id_in(&self, a: bool) -> Option<MessageId> {
        if a {
            self.ids.0
        } else {
            self.ids.1
        }
    }

    /// Whether it is message `id` of either run.
    pub fn is(&self, id: &str) -> bool {
        [self.ids.0, self.ids.1]
            .into_iter()
            .flatten()
            .any(|m| m.to_string() == id)
    }

    /// Whether its places differ at row `row`.
    pub fn differs_at(&self, row: usize) -> bool {
        self.places.get(row).is_some_and(|(a, b)| a != b)
    }

    /// Its places at the last row.
    pub fn last(&self) -> (Place, Place) {
        self.places
            .last()
            .copied()
            .unwrap_or((Place::Absent, Place::Absent))
    }

    /// The first row where its places differ.
    pub fn first_difference(&self) -> Option<usize> {
        self.places.iter().position(|(a, b)| a != b)
    }
}

/// What one run came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub requests: usize,
    pub retries: usize,
    pub refusals: usize,
    /// Messages drained and never committed (M6).
    pub lost: usize,
    /// Messages reported unread at disband (L4).
    pub undelivered: usize,
    pub steps: usize,
    /// The logical clock at the end.
    pub time: u64,
}

impl Totals {
    fn of(timeline: &Timeline) -> Totals {
        let state = timeline.final_state();
        let count = |p: Position| {
            state
                .messages()
                .iter()
                .filter(|r| state.message_position(r.id).as_ref() == Some(&p))
                .count()
        };
        let events = timeline.events();
        Totals {
            requests: state.requests().len(),
            retries: events
                .iter()
                .filter(|e| matches!(e.kind, EventKind::RetryScheduled { .. }))
                .count(),
            refusals: events
                .iter()
                .filter(|e| crate::engine::timeline::is_refusal(e))
                .count(),
            lost: count(Position::Lost),
            undelivered: count(Position::Undelivered),
            steps: events.len(),
            time: state.now(),
        }
    }
}

/// Where the runs part: the first event that differs, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Parting {
    /// The step (event index + 1) of the first event that differs; the steps before it are
    /// the same in both runs.
    pub step: usize,
    /// The first row that shows it.
    pub row: usize,
    /// The choices or toggles that differ between the runs.
    pub reasons: Vec<Reason>,
}

/// Two runs compared.
#[derive(Clone, Debug, PartialEq)]
pub struct RunDiff {
    /// The aligned steps, from (0, 0) to both runs' last steps.
    pub rows: Vec<Row>,
    /// Where the runs part (None: the same events).
    pub parting: Option<Parting>,
    /// Every message of either run, by id, with its places at each row.
    pub messages: Vec<MessageDiff>,
    /// Every member of either run.
    pub members: Vec<MemberDiff>,
    /// Run A's and run B's totals.
    pub totals: (Totals, Totals),
    /// Whether the rows are the story's stops (false: every event).
    pub by_story: bool,
}

/// The first event index where the runs differ (the shorter run's length when one is the
/// other's beginning), None when they are the same.
pub fn first_difference(a: &Timeline, b: &Timeline) -> Option<usize> {
    let (ea, eb) = (a.events(), b.events());
    ea.iter()
        .zip(eb)
        .position(|(x, y)| x != y)
        .or_else(|| (ea.len() != eb.len()).then(|| ea.len().min(eb.len())))
}

impl RunDiff {
    /// Runs `a` and `b` compared; `reasons` is why they part (`on_screen::versus`).
    pub fn of(a: Side<'_>, b: Side<'_>, reasons: Vec<Reason>) -> RunDiff {
        let parting_index = first_difference(a.timeline, b.timeline);
        let parting_step = parting_index.map(|p| p + 1);
        let (ea, eb) = (a.timeline.events(), b.timeline.events());
        let by_story = a.stops.is_some() && b.stops.is_some();
        let (sa, sb) = if by_story {
            (a.stops, b.stops)
        } else {
            (None, None)
        };
        let (mut ba, mut bb) = (
            align::beats(sa, ea.len(), parting_step),
            align::beats(sb, eb.len(), parting_step),
        );
        // Before the parting the runs are the same events: a stop either run makes there is
        // a stop of both (a story stop can depend on the event after it, which differs).
        align::share_before(&mut ba, &mut bb, parting_step.unwrap_or(usize::MAX));
        let rows = align::align((ea, eb), (&ba, &bb), parting_step.unwrap_or(usize::MAX));
        let parting = parting_step.map(|step| Parting {
            step,
            row: rows
                .iter()
                .position(|r| r.a >= step || r.b >= step)
                .unwrap_or(rows.len().saturating_sub(1)),
            reasons,
        });
        // One walk over the rows: each run's state at each row is replayed once, for the
        // messages' places and the members' histories both.
        let mut messages = message_list(a.timeline, b.timeline, rows.len());
        let mut members = members::list(a.timeline, b.timeline);
        let mut at_a = Walker::new(a.timeline);
        let mut at_b = Walker::new(b.timeline);
        for (index, row) in rows.iter().enumerate() {
            let (sa, sb) = (at_a.at(row.a), at_b.at(row.b));
            for message in &mut messages {
                let place = |state: &TeamState, id: Option<MessageId>| {
                    Place::of(id.and_then(|id| state.message_position(id)))
                };
                message
                    .places
                    .push((place(sa, message.ids.0), place(sb, message.ids.1)));
            }
            members::observe(&mut members, index, sa, sb);
        }
        RunDiff {
            rows,
            parting,
            messages,
            members,
            totals: (Totals::of(a.timeline), Totals::of(b.timeline)),
            by_story,
        }
    }

    /// The messages whose places differ at row `row`.
    pub fn differing_at(&self, row: usize) -> impl Iterator<Item = &MessageDiff> + '_ {
        self.messages.iter().filter(move |m| m.differs_at(row))
    }

    /// The message `id` (its text, `m2`).
    pub fn message(&self, id: &str) -> Option<&MessageDiff> {
        self.messages.iter().find(|m| m.is(id))
    }

    /// The member `name`.
    pub fn member(&self, name: &str) -> Option<&MemberDiff> {
        self.members.iter().find(|m| m.name == name)
    }

    /// The row shown for run A's step `step`: the last row at or before it.
    pub fn row_of_a(&self, step: usize) -> usize {
        self.rows.iter().rposition(|r| r.a <= step).unwrap_or(0)
    }
}

/// Two runs on screen played and compared.
#[derive(Clone, Debug)]
pub struct Compared {
    pub a: Played,
    pub b: Played,
    pub diff: RunDiff,
}

/// The beats a level walks on `timeline` of lesson `id`: the story's stops, the key steps, or
/// None (every event).
pub fn level_beats(id: &str, timeline: &Timeline, level: Level) -> Option<Vec<usize>> {
    let keys = key_steps(id, timeline);
    match level {
        Level::Event => None,
        Level::Story => Some(story_of(timeline, &keys).steps()),
        Level::Key => Some(keys.iter().map(|k| k.step).collect()),
    }
}

/// Runs `a` and `b` played and compared at `level` (the story's stops; every event at the
/// event level and for the generated log, which has no lesson).
pub fn compare_runs(a: &OnScreen, b: &OnScreen, level: Level) -> Result<Compared, OnScreenError> {
    let (pa, pb) = (a.play()?, b.play()?);
    let level = if a.lesson().is_some() {
        level
    } else {
        Level::Event
    };
    let sa = level_beats(a.lesson_id(), &pa.timeline, level);
    let sb = level_beats(b.lesson_id(), &pb.timeline, level);
    let diff = RunDiff::of(
        Side {
            timeline: &pa.timeline,
            stops: sa.as_deref(),
        },
        Side {
            timeline: &pb.timeline,
            stops: sb.as_deref(),
        },
        parting_reasons(a, b),
    );
    Ok(Compared { a: pa, b: pb, diff })
}

/// Every message of either run (places not yet filled), paired by sender, recipient, body and
/// occurrence.
fn message_list(a: &Timeline, b: &Timeline, rows: usize) -> Vec<MessageDiff> {
    type Key<'r> = (&'r str, &'r str, &'r str, usize);
    fn keyed(state: &TeamState) -> Vec<(Key<'_>, MessageId)> {
        let mut seen: Vec<Key<'_>> = Vec::new();
        state
            .messages()
            .iter()
            .map(|r| {
                let base = (r.from.as_str(), r.to.as_str(), r.body.as_str(), 0);
                let nth = seen
                    .iter()
                    .filter(|k| (k.0, k.1, k.2) == (base.0, base.1, base.2))
                    .count();
                let key = (base.0, base.1, base.2, nth);
                seen.push(key);
                (key, r.id)
            })
            .collect()
    }
    let (fa, fb) = (a.final_state(), b.final_state());
    let (ka, mut kb) = (keyed(fa), keyed(fb));
    let mut messages: Vec<MessageDiff> = Vec::new();
    for (key, id) in ka {
        let other = kb
            .iter()
            .position(|(k, _)| *k == key)
            .map(|i| kb.remove(i).1);
        messages.push(MessageDiff {
            ids: (Some(id), other),
            from: key.0.to_string(),
            to: key.1.to_string(),
            places: Vec::with_capacity(rows),
        });
    }
    for (key, id) in kb {
        messages.push(MessageDiff {
            ids: (None, Some(id)),
            from: key.0.to_string(),
            to: key.1.to_string(),
            places: Vec::with_capacity(rows),
        });
    }
    messages.sort_by_key(|m| (m.ids.0.or(m.ids.1), m.ids.1));
    messages
}

/// The state of a run at steps asked in order, replayed once per new step.
pub(crate) struct Walker<'a> {
    timeline: &'a Timeline,
    step: usize,
    state: TeamState,
}

impl<'a> Walker<'a> {
    pub(crate) fn new(timeline: &'a Timeline) -> Walker<'a> {
        Walker {
            timeline,
            step: 0,
            state: timeline.initial_state().clone(),
        }
    }

    pub(crate) fn at(&mut self, step: usize) -> &TeamState {
        if step != self.step {
            self.state = self.timeline.state_at(step);
            self.step = step;
        }
        &self.state
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_is_told_by_its_position() {
        assert_eq!(Place::of(None), Place::Absent);
        assert_eq!(Place::of(Some(Position::Committed)), Place::TakenIn);
        assert_eq!(Place::of(Some(Position::InCandidate)), Place::TakenIn);
        assert!(Place::of(Some(Position::InRequest(Vec::new()))).reached_a_model());
        assert!(!Place::of(Some(Position::Lost)).reached_a_model());
    }
}
