//! Checkpoints: "predict, then see" questions inside a lesson (issue 26). A checkpoint is lesson
//! data: a stable id, the rule it illustrates, the moment it asks at (an event predicate, placed
//! on the run on screen like a caption rule or a key moment), a question in both languages and
//! what it asks about ([`Ask`], a kind with parameters).
//!
//! The right answer is never written down: [`place`] computes it from the engine's state at the
//! checkpoint's step, through the same `TeamState` queries the captions' facts and the lanes
//! read (`message_position`, `holds_lock`, `status`, ...). So a fork that changes the state
//! changes the answer, and a checkpoint whose moment no longer happens, or whose subject (a
//! message, a member, a request) is not there at its step, is dropped with a note the UI can
//! show. The choices and their explanations come with the kind (`checkpoint_words.rs`): each
//! explanation says what that choice would mean, so it reads true whichever choice is right.

pub use super::checkpoint_words::Choice;
use super::checkpoint_words::{self as words, Words};
use crate::engine::{Caption, MemberStatus, ProtocolStatus, TeamState, Timeline};
use crate::host_code::{place_at, At, Variant};
use serde::{Deserialize, Serialize};

impl Ask {
    /// What it asks about: a message, a member or a request id.
    pub fn subject(&self) -> &str {
        match self {
            Ask::WhereIsMessage { message }
            | Ask::InRequest { message, .. }
            | Ask::SenderOf { message } => message,
            Ask::LockDuringModelCall { member }
            | Ask::MemberStatus { member }
            | Ask::HistoryLoaded { member }
            | Ask::InboxHolds { member, .. } => member,
            Ask::ProtocolStatus { request } => request,
            Ask::NextLine { .. } => "",
        }
    }
}

/// The rule ids a checkpoint may name (docs/RULES.md).
pub const RULE_IDS: &[&str] = &[
    "T1", "T2", "T3", "T4", "T5", "T6", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "L1",
    "L2", "L3", "L4", "P1", "P2", "P3", "P4", "P5", "D1", "D2", "D3", "K1", "K2", "K3",
];

/// The event kinds a checkpoint may ask at (`EventKind::name`): every kind.
pub const EVENT_NAMES: &[&str] = &crate::engine::event::EVENT_NAMES;

/// One checkpoint, as a lesson or a scenario writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// Stable id: the score and a course page (issue 26 part 4) know a checkpoint by it.
    pub id: String,
    /// The rule id it illustrates (`M2`, `T6`, ...).
    pub rule: String,
    /// The event kind it asks at (`EventKind::name`).
    pub event: String,
    /// Only events of this actor count (any actor when None).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    /// Only events whose English summary contains this count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contains: Option<String>,
    /// Which of the matching events (0-based, counted from the start).
    #[serde(default)]
    pub nth: usize,
    /// The question, in both languages.
    pub question: Caption,
    /// What it asks about; the choices and the answer follow from it.
    pub ask: Ask,
}

/// What a checkpoint asks about: a kind with its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ask {
    /// M2: where is `message` now (queued, in the candidate, committed, in a request, lost,
    /// reported undelivered)?
    WhereIsMessage { message: String },
    /// M3: is `message` in the sent request `request`?
    InRequest { message: String, request: String },
    /// T6: does `member` hold the host's lock now (during its model call)?
    LockDuringModelCall { member: String },
    /// L1, P2: what is `member`'s status now?
    MemberStatus { member: String },
    /// L3: is `member`'s history loaded, or only stored?
    HistoryLoaded { member: String },
    /// M7: how many records does `member`'s inbox count now, among `counts`?
    InboxHolds { member: String, counts: Vec<usize> },
    /// P1, P5: what does the tracker say about `request` (an unknown id included)?
    ProtocolStatus { request: String },
    /// D3: who is the sender of `message`, among the roster?
    SenderOf { message: String },
    /// Issue 47: which line of the host's code runs next, among `lines` (places of
    /// `host_code::source`, such as `store.append`)? The answer is the line behind the event
    /// the checkpoint asks at, so a fork or a contrast mode that changes that event changes it.
    NextLine { lines: Vec<String> },
}

/// A checkpoint placed on a run: its step, its choices and the answer computed there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub id: String,
    pub rule: String,
    /// The step it asks before showing (event index + 1).
    pub step: usize,
    pub question: Caption,
    pub choices: Vec<Choice>,
    /// The index of the right choice, computed from the state at `step`.
    pub answer: usize,
}

impl Placed {
    /// Whether choice `index` is the right one.
    pub fn is_right(&self, index: usize) -> bool {
        index == self.answer
    }
}

/// A checkpoint that does not ask on this run, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dropped {
    pub id: String,
    pub note: Caption,
}

/// A lesson's checkpoints on one run: those that ask, in step order, and those dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckpointPlacement {
    pub placed: Vec<Placed>,
    pub dropped: Vec<Dropped>,
}

impl CheckpointPlacement {
    /// The checkpoint that asks at `step`, if any.
    pub fn at(&self, step: usize) -> Option<&Placed> {
        self.placed.iter().find(|p| p.step == step)
    }

    /// The checkpoint with this id, if it asks on this run.
    pub fn by_id(&self, id: &str) -> Option<&Placed> {
        self.placed.iter().find(|p| p.id == id)
    }
}

/// The event index `checkpoint` asks at on `timeline`, if its moment happens there.
fn resolve(checkpoint: &Checkpoint, timeline: &Timeline) -> Option<usize> {
    timeline
        .events()
        .iter()
        .filter(|e| e.kind.name() == checkpoint.event)
        .filter(|e| checkpoint.member.is_none() || e.actor == checkpoint.member)
        .filter(|e| {
            checkpoint
                .contains
                .as_ref()
                .is_none_or(|c| e.summary().contains(c.as_str()))
        })
        .nth(checkpoint.nth)
        .map(|e| e.seq)
}

/// Places `checkpoints` on `timeline`: each asks at the step after its event, with its answer
/// computed from the state there. One checkpoint per step (the first listed keeps it).
pub fn place(checkpoints: &[Checkpoint], timeline: &Timeline) -> CheckpointPlacement {
    let mut placement = CheckpointPlacement::default();
    for checkpoint in checkpoints {
        let drop = |note: Caption| Dropped {
            id: checkpoint.id.clone(),
            note,
        };
        let Some(seq) = resolve(checkpoint, timeline) else {
            placement.dropped.push(drop(words::no_moment()));
            continue;
        };
        let step = seq + 1;
        if placement.at(step).is_some() {
            placement.dropped.push(drop(words::same_step()));
            continue;
        }
        let answered = match &checkpoint.ask {
            Ask::NextLine { lines } => next_line(lines, timeline, seq),
            ask => answer(ask, &timeline.state_at(step)),
        };
        match answered {
            Ok((choices, answer)) => placement.placed.push(Placed {
                id: checkpoint.id.clone(),
                rule: checkpoint.rule.clone(),
                step,
                question: checkpoint.question.clone(),
                choices,
                answer,
            }),
            Err(note) => placement.dropped.push(drop(note)),
        }
    }
    placement.placed.sort_by_key(|p| p.step);
    placement
}

/// The choices of `ask` and the index of the right one in `state`, or why it cannot ask there.
pub fn answer(ask: &Ask, state: &TeamState) -> Result<(Vec<Choice>, usize), Caption> {
    let w = Words::new(ask.subject());
    let pick = |choices: Vec<Choice>, key: &str| -> Result<(Vec<Choice>, usize), Caption> {
        let index = choices.iter().position(|c| c.key == key);
        index
            .map(|i| (choices, i))
            .ok_or_else(|| words::not_among(key))
    };
    match ask {
        Ask::WhereIsMessage { message } => {
            let place = find_message(state, message)
                .and_then(|id| state.message_position(id))
                .ok_or_else(|| words::gone(message))?;
            pick(w.positions(), place.name())
        }
        Ask::InRequest { message, request } => {
            let id = find_message(state, message).ok_or_else(|| words::gone(message))?;
            let sent = state
                .requests()
                .iter()
                .find(|r| r.request.id.to_string() == *request)
                .map(|r| r.request.id)
                .ok_or_else(|| words::gone(request))?;
            let carried = state.requests_containing(id).contains(&sent);
            pick(w.yes_no(), if carried { "yes" } else { "no" })
        }
        Ask::LockDuringModelCall { member } => {
            known_member(state, member)?;
            let held = state.holds_lock(member);
            pick(w.lock(), if held { "held" } else { "released" })
        }
        Ask::MemberStatus { member } => {
            let status = known_member(state, member)?.status();
            pick(w.statuses(MemberStatus::ALL), status.as_str())
        }
        Ask::HistoryLoaded { member } => {
            let loaded = known_member(state, member)?.history_loaded();
            pick(w.loaded(), if loaded { "loaded" } else { "stored" })
        }
        Ask::InboxHolds { member, counts } => {
            known_member(state, member)?;
            let count = state.inbox_count(member).to_string();
            pick(w.counts(counts), &count)
        }
        Ask::ProtocolStatus { request } => {
            let status = state
                .protocol_requests()
                .find(|r| r.id == *request)
                .map(|r| r.status);
            let key = status.map_or("unknown", ProtocolStatus::as_str);
            pick(w.protocol(), key)
        }
        Ask::SenderOf { message } => {
            let id = find_message(state, message).ok_or_else(|| words::gone(message))?;
            let from = state
                .message(id)
                .map(|r| r.from.clone())
                .unwrap_or_default();
            pick(w.senders(state.order()), &from)
        }
        // The line behind an event is a question about the run, not a state: `place` asks it.
        Ask::NextLine { .. } => Err(words::no_moment()),
    }
}

/// Issue 47: the choices of "which line runs next?" among `lines`, and the index of the line
/// behind the event at `seq` (its code as shown in the modes in force there).
fn next_line(
    lines: &[String],
    timeline: &Timeline,
    seq: usize,
) -> Result<(Vec<Choice>, usize), Caption> {
    let at = At {
        events: timeline.events(),
        index: seq,
        lead: timeline.initial_state().lead_name(),
    };
    let right = place_at(&at).ok_or_else(words::no_moment)?;
    let variant = Variant::of(timeline.state_at(seq + 1).toggles());
    let choices = lines
        .iter()
        .map(|place| words::line_choice(place, variant).ok_or_else(|| words::gone(place)))
        .collect::<Result<Vec<_>, _>>()?;
    let index = choices.iter().position(|c| c.key == right);
    index
        .map(|i| (choices, i))
        .ok_or_else(|| words::not_among(right))
}

/// The message named `m<N>`, if it is stored in `state`.
fn find_message(state: &TeamState, name: &str) -> Option<crate::engine::MessageId> {
    state
        .messages()
        .iter()
        .find(|r| r.id.to_string() == name)
        .map(|r| r.id)
}

fn known_member<'s>(
    state: &'s TeamState,
    member: &str,
) -> Result<&'s crate::engine::MemberState, Caption> {
    state.member(member).ok_or_else(|| words::gone(member))
}
