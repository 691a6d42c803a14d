//! A message's journey: where it was at each step its place changed (queued, in a candidate,
//! committed, in which requests, lost), from the step it was stored to the end of the run.
//! Shown when the learner opens a chip, beside the full body.

use crate::engine::{EventKind, MessageId, Position, Timeline};

/// Steps looked at, at most: a place changes only at events of the recipient or of the host,
/// and a lesson has a few dozen of them; a generated log could have thousands.
pub const MAX_STEPS_LOOKED_AT: usize = 400;

/// One stop of the journey: from `step` on, the message was at `position`.
#[derive(Clone, Debug, PartialEq)]
pub struct JourneyStop {
    pub step: usize,
    pub position: Position,
}

/// The journey of message `id` on `timeline`, in step order; empty if it was never stored.
pub fn journey(timeline: &Timeline, id: MessageId) -> Vec<JourneyStop> {
    let events = timeline.events();
    let Some((stored, to)) = events.iter().find_map(|e| match &e.kind {
        EventKind::MessageQueued { record } if record.id == id => Some((e.seq, record.to.clone())),
        _ => None,
    }) else {
        return Vec::new();
    };
    let mut stops: Vec<JourneyStop> = Vec::new();
    let candidates = events[stored..]
        .iter()
        .filter(|e| e.seq == stored || e.actor.is_none() || e.actor.as_deref() == Some(to.as_str()))
        .take(MAX_STEPS_LOOKED_AT);
    for event in candidates {
        let step = event.seq + 1;
        let Some(position) = timeline.state_at(step).message_position(id) else {
            continue;
        };
        if stops.last().is_none_or(|last| last.position != position) {
            stops.push(JourneyStop { step, position });
        }
    }
    stops
}
