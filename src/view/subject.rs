//! The step's subject: the messages a step is about, so the lanes can lead with them and the
//! cards and the member detail can mark what the step changed.
//!
//! Two sources, as the learner meets them: what the step's event touches (a record stored, a
//! notification taken in, committed, carried by a request for the first time, drained, lost,
//! reported undelivered, a resend answered with the first send's receipt), and the message
//! ids the caption names (in its prose or in a `{pos:m3}` fact).
//! A caption may name a message that has no chip at the step (one still to come, or one a
//! branch never sent): such an id is *mentioned only*, with the reason, never silently
//! dropped. `tests/it/subject.rs` holds every caption of every lesson to that.

use crate::engine::{Event, EventKind, MessageId, Position, TeamState};
use crate::view::facts::{CaptionPart, Fact};

/// What the step's event did to a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    /// M1: its record was stored in the recipient's inbox.
    Stored,
    /// M8: a resend with the same idempotency key was answered with this record's receipt.
    Resent,
    /// M4: its notification was copied into a candidate (or read into a history, drain mode).
    TakenIn,
    /// M6: a read took its record out of the inbox (drain-on-read).
    Drained,
    /// M5: the candidate holding it was discarded.
    Discarded,
    /// M5: its notification was committed to the history.
    Committed,
    /// M3: a request carried it for the first time.
    Sent,
    /// M6: drained and discarded: it exists nowhere any more.
    Lost,
    /// L4: reported unread at disband.
    Undelivered,
}

/// Why a message the caption names has no chip to lead with at this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MentionedOnly {
    /// No record with this id is stored at this step (it comes later, or this run never
    /// stores it).
    NotStored,
}

/// The messages a step is about.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Subject {
    /// Touched by the step's event, in id order, each with what the event did.
    pub touched: Vec<(MessageId, Touch)>,
    /// Named by the caption and stored, not touched by the event, in id order.
    pub named: Vec<MessageId>,
    /// Named by the caption with no record to show, in id order, each with the reason.
    pub mentioned_only: Vec<(MessageId, MentionedOnly)>,
}

impl Subject {
    /// The subject of a step: `event` is the step's event (None at step 0), `state` the state
    /// after it, `before` the state before it, `caption` the caption on screen.
    pub fn of(
        event: Option<&Event>,
        state: &TeamState,
        before: Option<&TeamState>,
        caption: &[CaptionPart],
    ) -> Subject {
        let mut subject = Subject::default();
        for (id, touch) in event.map(|e| touched_by(e, before)).unwrap_or_default() {
            if let Err(at) = subject.touched.binary_search_by_key(&id, |(t, _)| *t) {
                subject.touched.insert(at, (id, touch));
            }
        }
        for id in named_in(caption) {
            if subject.is_touched(id) {
                continue;
            }
            if state.message(id).is_some() {
                subject.named.push(id);
            } else {
                subject.mentioned_only.push((id, MentionedOnly::NotStored));
            }
        }
        subject
    }

    /// The messages the lanes lead with: touched or named, in id order.
    pub fn ids(&self) -> Vec<MessageId> {
        let mut ids: Vec<MessageId> = self.touched.iter().map(|(id, _)| *id).collect();
        for id in &self.named {
            insert_sorted(&mut ids, *id);
        }
        ids
    }

    /// The step's event touched this message.
    pub fn is_touched(&self, id: MessageId) -> bool {
        self.touched.iter().any(|(t, _)| *t == id)
    }

    /// The step is about this message (touched or named with a record to show).
    pub fn contains(&self, id: MessageId) -> bool {
        self.is_touched(id) || self.named.contains(&id)
    }
}

/// The members a step is about (their cards are marked): the event's actor, the member it
/// names, and for a stored message its recipient, whose inbox grew.
pub fn step_members(event: &Event) -> Vec<String> {
    let mut names: Vec<String> = event.actor.iter().cloned().collect();
    // Every other event that names a member is that member's own doing (its actor).
    let named = match &event.kind {
        EventKind::MessageQueued { record } => Some(&record.to),
        EventKind::FaultArmed { member, .. } | EventKind::MemberRecalled { member, .. } => {
            Some(member)
        }
        EventKind::MemberSpawned { config } => Some(&config.name),
        _ => None,
    };
    if let Some(name) = named.filter(|n| !names.contains(n)) {
        names.push(name.clone());
    }
    names
}

/// The messages `event` touched; `before` is the state before it.
fn touched_by(event: &Event, before: Option<&TeamState>) -> Vec<(MessageId, Touch)> {
    let all = |ids: &[MessageId], touch: Touch| -> Vec<(MessageId, Touch)> {
        ids.iter().map(|id| (*id, touch)).collect()
    };
    match &event.kind {
        EventKind::MessageQueued { record } => vec![(record.id, Touch::Stored)],
        EventKind::ResendIgnored { receipt, .. } => vec![(receipt.message_id, Touch::Resent)],
        EventKind::InboxDrained { message_ids, .. } => all(message_ids, Touch::Drained),
        EventKind::CandidatePrepared { candidate, .. } => {
            all(&candidate.message_ids, Touch::TakenIn)
        }
        EventKind::ToolExecuted { notifies, .. } => all(notifies, Touch::TakenIn),
        EventKind::CandidateDiscarded {
            message_ids, lost, ..
        } => {
            let mut ids: Vec<(MessageId, Touch)> = all(lost, Touch::Lost);
            ids.extend(
                message_ids
                    .iter()
                    .filter(|id| !lost.contains(id))
                    .map(|id| (*id, Touch::Discarded)),
            );
            ids
        }
        EventKind::HistoryCommitted { message_ids, .. } => all(message_ids, Touch::Committed),
        EventKind::ModelRequested { request } => request
            .messages
            .iter()
            .flat_map(|entry| entry.notifies.iter().copied())
            .filter(|id| !in_a_request(before, *id))
            .map(|id| (id, Touch::Sent))
            .collect(),
        EventKind::TeamDisbanded { undelivered } => undelivered
            .iter()
            .map(|r| (r.id, Touch::Undelivered))
            .collect(),
        _ => Vec::new(),
    }
}

/// A request carried the message before this step.
fn in_a_request(before: Option<&TeamState>, id: MessageId) -> bool {
    before
        .and_then(|b| b.message_position(id))
        .is_some_and(|p| matches!(p, Position::InRequest(_)))
}

/// The message ids a caption names, in id order: `m<digits>` standing alone in its prose
/// (not inside a word, so `r1` or `shutdown-1` are not ids) and the subjects of its `{pos:}`
/// facts.
pub fn named_in(caption: &[CaptionPart]) -> Vec<MessageId> {
    let mut ids = Vec::new();
    for part in caption {
        match part {
            CaptionPart::Text(text) => ids_in_text(text)
                .into_iter()
                .for_each(|id| insert_sorted(&mut ids, id)),
            CaptionPart::Fact {
                fact: Fact::Position(id),
                ..
            } => ids_in_text(id)
                .into_iter()
                .for_each(|id| insert_sorted(&mut ids, id)),
            _ => {}
        }
    }
    ids
}

/// Puts `id` in `ids`, kept in order and without repeats.
fn insert_sorted(ids: &mut Vec<MessageId>, id: MessageId) {
    if let Err(at) = ids.binary_search(&id) {
        ids.insert(at, id);
    }
}

/// `m<digits>` tokens in `text`, each bounded by a character that is not an ASCII letter,
/// digit, `_` or `-` (Chinese prose puts an id right beside its characters: "读到m4"; the
/// bytes of a non-ASCII character are never ASCII).
pub fn ids_in_text(text: &str) -> Vec<MessageId> {
    let bytes = text.as_bytes();
    let joins =
        |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'-');
    let mut ids = Vec::new();
    for (i, _) in text.match_indices('m') {
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = i + 1 + digits;
        if digits == 0
            || joins(i.checked_sub(1).and_then(|j| bytes.get(j)))
            || joins(bytes.get(end))
        {
            continue;
        }
        if let Ok(n) = text[i + 1..end].parse::<u64>() {
            ids.push(MessageId(n));
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m2_ids_in_text_finds_ids_in_english_and_chinese_prose_but_not_inside_words() {
        let ids = |t: &str| ids_in_text(t).into_iter().map(|m| m.0).collect::<Vec<_>>();
        assert_eq!(ids("m4 is queued; m1, m2 (and m10)."), [4, 1, 2, 10]);
        assert_eq!(ids("下一次交付读到m4，m5还在排队"), [4, 5]);
        assert_eq!(ids("r1 shutdown-1 m4x am4 m-1 sum3 m_2"), Vec::<u64>::new());
        assert_eq!(ids("m4's"), [4]);
    }
}
