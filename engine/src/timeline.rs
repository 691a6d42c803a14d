//! The timeline: an append-only event log plus checkpoints, so that the state after any event
//! index is cheap to obtain (the UI scrubs).
//!
//! A checkpoint is a full [`TeamState`] kept every [`CHECKPOINT_INTERVAL`] events. Thanks to
//! the shared containers of [`persist`](super::persist), a checkpoint shares the histories,
//! messages and requests of the state before it instead of copying them. `state_at(i)` clones the
//! nearest checkpoint at or before `i` and replays at most `CHECKPOINT_INTERVAL - 1` events
//! through the same reducer the team used.

use super::caption::Caption;
use super::event::{Event, EventKind};
use super::sorted_map::SortedMap;
use super::state::TeamState;
use super::team::{Input, Team};

/// Events between two checkpoints.
pub const CHECKPOINT_INTERVAL: usize = 64;

/// The log of one recorded team: its initial state, every event in order, checkpoints for
/// seeking, and the lesson's captions laid over the events.
#[derive(Clone, Debug)]
pub struct Timeline {
    initial: TeamState,
    events: Vec<Event>,
    /// `checkpoints[k]` is the state after `(k + 1) * CHECKPOINT_INTERVAL` events.
    checkpoints: Vec<TeamState>,
    tip: TeamState,
    /// Lesson captions by event index (they override the generic caption of that event). A
    /// `SortedMap`, not a `BTreeMap`: the browser build pays code size for every map type.
    captions: SortedMap<usize, Caption>,
    intro: Option<Caption>,
    /// The log's lengths at which its driver took its next input (ascending, each once):
    /// where a learner's change anchored at a step takes effect ([`Timeline::boundary_from`]).
    boundaries: Vec<usize>,
}

impl Timeline {
    /// An empty log starting at `initial`. Engine-only: a timeline is made by a [`Recorder`].
    pub(crate) fn new(initial: TeamState) -> Timeline {
        Timeline {
            tip: initial.clone(),
            initial,
            events: Vec::new(),
            checkpoints: Vec::new(),
            captions: SortedMap::new(),
            intro: None,
            boundaries: Vec::new(),
        }
    }

    /// Appends one event (as emitted by the team that started from `initial`).
    pub(crate) fn push(&mut self, event: Event) {
        self.tip.evolve(&event);
        self.events.push(event);
        if self.events.len().is_multiple_of(CHECKPOINT_INTERVAL) {
            self.checkpoints.push(self.tip.clone());
        }
    }

    /// The first `len` events of this timeline, with their captions: a prefix of a log the
    /// engine made is itself such a log.
    pub fn prefix(&self, len: usize) -> Timeline {
        if len >= self.events.len() {
            return self.clone();
        }
        let mut prefix = Timeline::new(self.initial.clone());
        for event in &self.events[..len] {
            prefix.push(event.clone());
        }
        prefix.intro = self.intro.clone();
        prefix.boundaries = self.boundaries_before(len);
        prefix.captions = self
            .captions
            .iter()
            .filter(|(seq, _)| **seq < len)
            .map(|(step, caption)| (*step, caption.clone()))
            .collect();
        prefix
    }

    /// Keeps the first `len` events (and the captions up to them) and drops the rest: what is
    /// left is the log the engine had made at that point. Unlike [`Timeline::prefix`] it reuses
    /// the checkpoints instead of replaying.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.events.len() {
            return;
        }
        self.tip = self.state_at(len);
        self.events.truncate(len);
        self.checkpoints.truncate(len / CHECKPOINT_INTERVAL);
        self.boundaries = self.boundaries_before(len);
        self.captions = self
            .captions
            .iter()
            .filter(|(seq, _)| **seq < len)
            .map(|(step, caption)| (*step, caption.clone()))
            .collect();
    }

    /// The boundaries a prefix of `len` events keeps (its own length included when the full log
    /// had one there).
    fn boundaries_before(&self, len: usize) -> Vec<usize> {
        self.boundaries
            .iter()
            .copied()
            .filter(|b| *b <= len)
            .collect()
    }

    /// The first boundary at or after `step` where the driver took its next input: a change
    /// anchored at `step` takes effect there (the log's length when it has no later boundary,
    /// and `step` itself for a log made without marking any).
    pub fn boundary_from(&self, step: usize) -> usize {
        if self.boundaries.is_empty() {
            return step;
        }
        let at = self.boundaries.partition_point(|b| *b < step);
        match self.boundaries.get(at) {
            Some(boundary) => *boundary,
            None => self.events.len().max(step),
        }
    }

    /// Every event, in the order the team emitted them.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Number of events; the steps are `0..=len()`.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// True when nothing happened yet.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The state before the first event (step 0).
    pub fn initial_state(&self) -> &TeamState {
        &self.initial
    }

    /// The state after the last event.
    pub fn final_state(&self) -> &TeamState {
        &self.tip
    }

    /// The state after the first `index` events (0 = the initial state). An index past the
    /// end gives the final state.
    pub fn state_at(&self, index: usize) -> TeamState {
        let index = index.min(self.events.len());
        if index == self.events.len() {
            return self.tip.clone();
        }
        let k = index / CHECKPOINT_INTERVAL;
        let mut state = if k == 0 {
            self.initial.clone()
        } else {
            self.checkpoints[k - 1].clone()
        };
        for event in &self.events[k * CHECKPOINT_INTERVAL..index] {
            state.evolve(event);
        }
        state
    }

    /// The state after `index` events and the state one event earlier (None at 0), for the
    /// price of one seek: a view that shows what just changed needs both on every step.
    pub fn state_with_previous(&self, index: usize) -> (TeamState, Option<TeamState>) {
        let index = index.min(self.events.len());
        let Some(last) = index.checked_sub(1) else {
            return (self.state_at(0), None);
        };
        let previous = self.state_at(last);
        let mut state = previous.clone();
        if let Some(event) = self.events.get(last) {
            state.evolve(event);
        }
        (state, Some(previous))
    }

    /// Sets the lesson caption shown at step 0, before any event.
    pub fn set_intro(&mut self, caption: Caption) {
        self.intro = Some(caption);
    }

    /// The lesson caption of step 0, if any.
    pub fn intro(&self) -> Option<&Caption> {
        self.intro.as_ref()
    }

    /// Attaches a lesson caption to event `seq`.
    pub fn set_caption(&mut self, seq: usize, caption: Caption) {
        self.captions.insert(seq, caption);
    }

    /// The lesson caption of step `step` (the step after event `step - 1`), if the lesson wrote one.
    pub fn lesson_caption(&self, step: usize) -> Option<&Caption> {
        if step == 0 {
            self.intro.as_ref()
        } else {
            self.captions.get(&(step - 1))
        }
    }

    /// Indices of the events that carry a lesson caption.
    pub fn captioned_events(&self) -> impl Iterator<Item = (usize, &Caption)> + '_ {
        self.captions.iter().map(|(k, v)| (*k, v))
    }
}

/// A team and the timeline of everything that happened to it: the one way a timeline is made,
/// so every timeline is exactly what the engine emitted.
#[derive(Clone, Debug)]
pub struct Recorder {
    team: Team,
    timeline: Timeline,
}

impl Recorder {
    /// Starts recording `team` from its current state.
    pub fn new(team: Team) -> Recorder {
        let timeline = Timeline::new(team.state().clone());
        Recorder { team, timeline }
    }

    /// Applies one input to the team and records the events it caused; returns them.
    pub fn apply(&mut self, input: Input) -> &[Event] {
        let events = self.team.apply(input);
        let from = self.timeline.len();
        for event in events {
            self.timeline.push(event);
        }
        &self.timeline.events()[from..]
    }

    /// The team as it is now.
    pub fn team(&self) -> &Team {
        &self.team
    }

    /// The state after everything recorded so far.
    pub fn state(&self) -> &TeamState {
        self.team.state()
    }

    /// The timeline so far.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// Marks the log's current length as a boundary: the driver is about to take its next
    /// input, and a learner's change due by now is applied here.
    pub fn mark_boundary(&mut self) {
        let len = self.timeline.len();
        if self.timeline.boundaries.last() != Some(&len) {
            self.timeline.boundaries.push(len);
        }
    }

    /// Captions are lesson content laid over the log; they never change what happened.
    pub fn set_intro(&mut self, caption: Caption) {
        self.timeline.set_intro(caption);
    }

    /// Stops recording and hands over the timeline.
    pub fn finish(self) -> Timeline {
        self.timeline
    }
}

/// Is this event a refusal? (Handy for tests and the UI.)
pub fn is_refusal(event: &Event) -> bool {
    matches!(event.kind, EventKind::Refused { .. })
}
