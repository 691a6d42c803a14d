//! The story level: the steps a learner walks by default, between the key moments (a handful)
//! and every event (a hundred, most of them bookkeeping). Every delivery repeats the same cycle
//! (lock, start, prepare, commit, request; reply, tool calls, prepare, commit, request), so a
//! routine cycle of one member folds into one stop at its last event, with a caption that says
//! what the cycle did ("reader's round 2: took in m4, committed, sent r9").
//!
//! The rule, decided on the events of lessons 1, 3 and 6 so that no point a caption makes is
//! skipped:
//! - a step stays its own stop when its event has an authored caption, is a key step, or is
//!   not routine: everything but the cycle's own kinds (lock taken or released, round started,
//!   candidate prepared, history committed, request sent, reply, a tool call that did not fail,
//!   a round that ended with an answer) is a point in itself: a message queued (sends are the
//!   story), a refusal, a failure, a fault, a protocol event, a lock wait, a file written...;
//! - routine events fold into the next stop; a cycle ends (a stop) at a request sent, at a
//!   round's end (after the lock a hold-lock round releases with it), where the next event is
//!   another member's (members interleave), and at the last event.
//!
//! A stop is an event step (event index + 1), like every step a link or the scrubber names.
//! The last step is always a stop and never folded: it shows its own caption, the recap of the
//! lesson's point.

use crate::engine::{Caption, Event, EventKind, Lang, RoundOutcome, Timeline};
use crate::lessons::key_steps::KeyStep;
use crate::view::tr;

pub use crate::on_screen::page_view::Level;

/// What one event of a folded cycle did, as the folded caption says it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Deed {
    /// Lock taken, round started, lock released: the start under the lock.
    Started,
    /// A reply arrived to this request.
    Answered(String),
    /// A tool call ran (its name).
    Ran(String),
    /// The lock was released after the round (a hold-lock round, T6).
    Released,
    /// A candidate was prepared (and not yet committed in this cycle).
    Prepared,
    /// The candidate was committed; the messages whose notifications it carried.
    Committed(Vec<String>),
    /// A request was sent (its id).
    Sent(String),
    /// The round ended with an answer.
    Finished,
}

/// A routine cycle folded into one stop: whose, which round, and what it did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fold {
    /// The member whose cycle it is.
    pub member: String,
    /// Its delivery (round) number, when the run shows where it started.
    pub round: Option<u32>,
    /// The first step folded into the stop.
    pub from: usize,
    deeds: Vec<Deed>,
}

impl Fold {
    /// The message ids the cycle took into the history (committed notifications).
    pub fn taken_in(&self) -> Vec<String> {
        self.deeds
            .iter()
            .flat_map(|d| match d {
                Deed::Committed(ids) => ids.clone(),
                _ => Vec::new(),
            })
            .collect()
    }

    /// The requests the cycle sent.
    pub fn sent(&self) -> Vec<String> {
        self.deeds
            .iter()
            .filter_map(|d| match d {
                Deed::Sent(id) => Some(id.clone()),
                _ => None,
            })
            .collect()
    }

    /// The folded caption, in both languages.
    pub fn caption(&self) -> Caption {
        Caption::new(self.caption_in(Lang::Zh), self.caption_in(Lang::En))
    }

    /// The folded caption in `lang`: "reader's round 2: took in m4, committed, sent r9".
    pub fn caption_in(&self, lang: Lang) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut ran: Vec<&str> = Vec::new();
        for (i, deed) in self.deeds.iter().enumerate() {
            // A final answer and the round's end are said together.
            if let (Deed::Answered(id), Some(Deed::Finished)) = (deed, self.deeds.get(i + 1)) {
                parts.push(match lang {
                    Lang::Zh => format!("收到 {id} 的最终回答"),
                    Lang::En => format!("got {id}'s final answer"),
                });
                continue;
            }
            // Consecutive tool calls are said once ("ran read_file, read_file").
            if let Deed::Ran(tool) = deed {
                ran.push(tool);
                continue;
            }
            if !ran.is_empty() {
                parts.push(ran_words(&ran, lang));
                ran.clear();
            }
            parts.push(deed_words(deed, lang));
        }
        if !ran.is_empty() {
            parts.push(ran_words(&ran, lang));
        }
        let member = &self.member;
        match (lang, self.round) {
            (Lang::Zh, Some(n)) => format!("{member} 第 {n} 轮：{}。", parts.join("，")),
            (Lang::Zh, None) => format!("{member}：{}。", parts.join("，")),
            (Lang::En, Some(n)) => format!("{member}'s round {n}: {}.", parts.join(", ")),
            (Lang::En, None) => format!("{member}: {}.", parts.join(", ")),
        }
    }
}

fn ran_words(tools: &[&str], lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("调用 {}", tools.join("、")),
        Lang::En => format!("ran {}", tools.join(", ")),
    }
}

fn deed_words(deed: &Deed, lang: Lang) -> String {
    match (deed, lang) {
        (Deed::Started, _) => tr(lang, "在锁内开始", "started under the lock").to_string(),
        (Deed::Answered(id), Lang::Zh) => format!("收到 {id} 的回复"),
        (Deed::Answered(id), Lang::En) => format!("got {id}'s reply"),
        (Deed::Ran(tool), _) => ran_words(&[tool], lang),
        (Deed::Released, _) => tr(lang, "释放锁", "released the lock").to_string(),
        (Deed::Prepared, _) => tr(lang, "准备候选", "prepared a candidate").to_string(),
        (Deed::Committed(ids), _) if ids.is_empty() => tr(lang, "提交", "committed").to_string(),
        (Deed::Committed(ids), Lang::Zh) => format!("读入 {}，提交", ids.join("、")),
        (Deed::Committed(ids), Lang::En) => format!("took in {}, committed", ids.join(", ")),
        (Deed::Sent(id), Lang::Zh) => format!("发出 {id}"),
        (Deed::Sent(id), Lang::En) => format!("sent {id}"),
        (Deed::Finished, _) => tr(lang, "结束本轮", "ended the round").to_string(),
    }
}

/// What a routine event did; None for an event that is a point in itself (never folded).
fn routine(event: &Event) -> Option<Option<Deed>> {
    Some(match &event.kind {
        // Taking the lock is said with the start it surrounds; so is a release right after
        // the start (the story loop drops that one).
        EventKind::LockAcquired { .. } => None,
        EventKind::LockReleased { .. } => Some(Deed::Released),
        EventKind::RoundStarted { .. } => Some(Deed::Started),
        EventKind::CandidatePrepared { .. } => Some(Deed::Prepared),
        EventKind::HistoryCommitted { message_ids, .. } => Some(Deed::Committed(
            message_ids.iter().map(ToString::to_string).collect(),
        )),
        EventKind::ModelRequested { request } => Some(Deed::Sent(request.id.to_string())),
        EventKind::ModelReplied { request_id, .. } => Some(Deed::Answered(request_id.to_string())),
        EventKind::ToolExecuted {
            tool,
            is_error: false,
            notifies,
            ..
        } if notifies.is_empty() => Some(Deed::Ran(tool.clone())),
        EventKind::RoundFinished {
            outcome: RoundOutcome::Answered,
            ..
        } => Some(Deed::Finished),
        _ => return None,
    })
}

/// One stop of the story: its step, and the cycle folded into it (None when the stop shows
/// its own event: a point in itself, or a routine event alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    pub step: usize,
    pub fold: Option<Fold>,
}

/// The story level of a run: its stops, in step order, the last one at the last step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Story {
    pub stops: Vec<Stop>,
}

impl Story {
    /// The stops' steps, in order.
    pub fn steps(&self) -> Vec<usize> {
        self.stops.iter().map(|s| s.step).collect()
    }

    /// The stop at `step`, if `step` is one.
    pub fn stop_at(&self, step: usize) -> Option<&Stop> {
        self.stops
            .binary_search_by_key(&step, |s| s.step)
            .ok()
            .and_then(|i| self.stops.get(i))
    }

    /// The folded caption shown at `step`, if a cycle folded into it.
    pub fn fold_at(&self, step: usize) -> Option<&Fold> {
        self.stop_at(step).and_then(|s| s.fold.as_ref())
    }
}

/// The story of `timeline`, keeping every authored caption's step and every key step.
pub fn story_of(timeline: &Timeline, key_steps: &[KeyStep]) -> Story {
    let keys: Vec<usize> = key_steps.iter().map(|k| k.step).collect();
    story(
        timeline.events(),
        &|step| timeline.lesson_caption(step).is_some(),
        &keys,
    )
}

/// Whether a routine cycle ends at `index`: a request sent, a round's end (unless its member
/// releases a held lock next), another member's event next, or the last event.
fn ends_cycle(events: &[Event], index: usize) -> bool {
    let Some(next) = events.get(index + 1) else {
        return true;
    };
    let event = &events[index];
    if next.actor != event.actor {
        return true;
    }
    match event.kind {
        EventKind::ModelRequested { .. } => true,
        EventKind::RoundFinished { .. } => !matches!(next.kind, EventKind::LockReleased { .. }),
        _ => false,
    }
}

/// The story of `events`: `authored(step)` says whether the step has an authored caption,
/// `key_steps` are the key steps (in any order).
pub fn story(events: &[Event], authored: &dyn Fn(usize) -> bool, key_steps: &[usize]) -> Story {
    let mut stops = Vec::new();
    // The delivery each member is in, as the run shows it.
    let mut rounds: Vec<(String, u32)> = Vec::new();
    let mut folded: Vec<Deed> = Vec::new();
    let mut from = 1;
    for (index, event) in events.iter().enumerate() {
        let step = index + 1;
        if let EventKind::RoundStarted {
            member, delivery, ..
        } = &event.kind
        {
            rounds.retain(|(m, _)| m != member);
            rounds.push((member.clone(), *delivery));
        }
        let deed = routine(event);
        let point = authored(step) || key_steps.contains(&step) || deed.is_none();
        if let Some(Some(deed)) = deed {
            // A commit says what its preparation did, so the preparation is not said twice.
            if matches!(deed, Deed::Committed(_)) && folded.last() == Some(&Deed::Prepared) {
                folded.pop();
            }
            if !(deed == Deed::Released && folded.last() == Some(&Deed::Started)) {
                folded.push(deed);
            }
        }
        if !point && !ends_cycle(events, index) {
            continue;
        }
        // The last step shows its own caption: the lesson's recap (`view::caption`).
        let alone = step == from || step == events.len();
        let fold = (!point && !alone && !folded.is_empty()).then(|| {
            let member = event.actor.clone().unwrap_or_default();
            Fold {
                round: rounds.iter().find(|(m, _)| *m == member).map(|(_, n)| *n),
                member,
                from,
                deeds: std::mem::take(&mut folded),
            }
        });
        folded.clear();
        stops.push(Stop { step, fold });
        from = step + 1;
    }
    Story { stops }
}

/// The steps a level walks, besides step 0 and the last step: every step, the story's stops,
/// or the key steps.
pub fn targets<'a>(
    level: Level,
    last: usize,
    stops: &'a [usize],
    key_steps: &'a [usize],
) -> Targets<'a> {
    match level {
        Level::Event => Targets::Every(last),
        Level::Story => Targets::Some(stops, last),
        Level::Key => Targets::Some(key_steps, last),
    }
}

/// The steps one move at a level can land on: step 0, the listed steps, the last step.
#[derive(Clone, Copy, Debug)]
pub enum Targets<'a> {
    /// Every step up to the last.
    Every(usize),
    /// These steps (in order), and 0 and the last.
    Some(&'a [usize], usize),
}

impl Targets<'_> {
    /// The first target after `step` (the last step when none is listed after it).
    pub fn next(self, step: usize) -> usize {
        match self {
            Targets::Every(last) => (step + 1).min(last),
            Targets::Some(steps, last) => steps
                .iter()
                .copied()
                .find(|s| *s > step && *s <= last)
                .unwrap_or(last),
        }
    }

    /// The last target before `step` (step 0 when none is listed before it).
    pub fn previous(self, step: usize) -> usize {
        match self {
            Targets::Every(last) => step.saturating_sub(1).min(last),
            Targets::Some(steps, last) => steps
                .iter()
                .rev()
                .copied()
                .find(|s| *s < step && *s <= last)
                .unwrap_or(0),
        }
    }
}
