//! The deterministic driver: feeds a lesson's directions and the scripted model's replies into
//! a [`Team`] in logical time, and records every event in a [`Timeline`].
//!
//! It is a tiny discrete-event simulation. Pending model outcomes sit in an agenda ordered by
//! (due time, scheduling order); a direction that waits for members to be idle first delivers
//! the pending outcomes it needs. Nothing here reads a clock or a random source, so the same
//! lesson and options always give the same timeline.
//!
//! Forks (the UI's "change what happens next"): an [`Intervention`] is anchored at an event
//! index `at`. It takes effect at the first input boundary where the log has at least `at`
//! events, so the first `at` events are exactly those of the unforked run. A `ReplaceReply`
//! applies to the matching request only if that request was sent at or after `at`.
//! Interventions due at the same boundary take effect in the order they are listed.
//!
//! A `Reload` intervention does exactly what the lesson action [`Action::Reload`] does (L3):
//! the driver stores the roster snapshot and restores it, so every member comes back offline
//! with its history and every in-flight request is abandoned. Outcomes already on the agenda
//! for those requests still arrive in logical time and the engine refuses them as stale, as a
//! late reply after a real reload would be. A `Recall` intervention feeds the engine's
//! `Input::Recall`; unknown or not-recallable members are refused by the engine as usual. So
//! the state after a reload or a recall stays a pure function of (lesson, options, step).

use super::{facts, resolve_rule, Action, Lesson, ScriptOutcome, ScriptedModel, Wait};
use crate::engine::{
    Caption, EventKind, Fault, Input, ModelRequest, Recorder, RequestId, Team, Timeline, Toggles,
};
use serde::{Deserialize, Serialize};

/// A learner's change to a run, anchored at an event index. Stored (the session, links) as
/// JSON in serde's default, externally tagged form: `{"lead_sends": {"at": 3, ...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Intervention {
    ReplaceReply {
        at: usize,
        member: String,
        request_index: u32,
        outcome: ScriptOutcome,
    },
    InjectFault {
        at: usize,
        member: String,
        fault: Fault,
    },
    LeadSends {
        at: usize,
        to: String,
        body: String,
    },
    /// L3: a page reload, exactly as the lesson action [`Action::Reload`].
    Reload {
        at: usize,
    },
    /// L3: an explicit recall of `member` (the engine's `Input::Recall`).
    Recall {
        at: usize,
        member: String,
    },
}

impl Intervention {
    pub fn at(&self) -> usize {
        match self {
            Intervention::ReplaceReply { at, .. }
            | Intervention::InjectFault { at, .. }
            | Intervention::LeadSends { at, .. }
            | Intervention::Reload { at }
            | Intervention::Recall { at, .. } => *at,
        }
    }
}

/// Options of one run. A toggle set here is on from the start (it ORs with the lesson's).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct PlayOptions {
    #[serde(default)]
    pub toggles: Toggles,
    #[serde(default)]
    pub interventions: Vec<Intervention>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayError {
    UnknownLesson(String),
    InvalidConfig(String),
    /// The run did not settle within the input bound (a runaway script).
    TooLong(usize),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::UnknownLesson(id) => write!(f, "there is no lesson with id '{id}'"),
            PlayError::InvalidConfig(why) => write!(f, "the lesson's team is not valid: {why}"),
            PlayError::TooLong(n) => write!(f, "the run did not finish within {n} inputs"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A built-in lesson id, or an inline definition (free play, shared links).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LessonSource {
    Builtin(String),
    Inline(Box<Lesson>),
}

impl From<&str> for LessonSource {
    fn from(id: &str) -> Self {
        LessonSource::Builtin(id.to_string())
    }
}

impl From<Lesson> for LessonSource {
    fn from(lesson: Lesson) -> Self {
        LessonSource::Inline(Box::new(lesson))
    }
}

/// Plays a lesson to its end.
pub fn play(source: impl Into<LessonSource>, options: &PlayOptions) -> Result<Timeline, PlayError> {
    play_branch(source, options).map(|(timeline, _)| timeline)
}

/// Plays a lesson to its end, and says where the run left the lesson's original run (the
/// index of the first event that differs; None when it did not).
pub fn play_branch(
    source: impl Into<LessonSource>,
    options: &PlayOptions,
) -> Result<(Timeline, Option<usize>), PlayError> {
    match source.into() {
        LessonSource::Builtin(id) => {
            let lesson = super::lesson(&id).ok_or(PlayError::UnknownLesson(id))?;
            play_lesson_branch(&lesson, options)
        }
        LessonSource::Inline(lesson) => play_lesson_branch(&lesson, options),
    }
}

/// Upper bound on inputs in one run; lessons use a few hundred.
const MAX_INPUTS: usize = 20_000;

struct Pending {
    due: u64,
    order: u64,
    request_id: RequestId,
    outcome: ScriptOutcome,
}

struct Driver<'a> {
    recorder: Recorder,
    script: &'a ScriptedModel,
    options: &'a PlayOptions,
    applied: Vec<bool>,
    pending: Vec<Pending>,
    order: u64,
    inputs: usize,
}

pub fn play_lesson(lesson: &Lesson, options: &PlayOptions) -> Result<Timeline, PlayError> {
    play_lesson_branch(lesson, options).map(|(timeline, _)| timeline)
}

/// [`play_lesson`], with where the run left the original run ([`divergence`]).
pub fn play_lesson_branch(
    lesson: &Lesson,
    options: &PlayOptions,
) -> Result<(Timeline, Option<usize>), PlayError> {
    let mut config = lesson.config.clone();
    config.toggles.drain_on_read |= options.toggles.drain_on_read;
    config.toggles.hold_lock_during_model_call |= options.toggles.hold_lock_during_model_call;
    let team = Team::new(config).map_err(|e| PlayError::InvalidConfig(e.0))?;
    let mut recorder = Recorder::new(team);
    recorder.set_intro(lesson.intro.clone());
    let mut driver = Driver {
        recorder,
        script: &lesson.script,
        options,
        applied: vec![false; options.interventions.len()],
        pending: Vec::new(),
        order: 0,
        inputs: 0,
    };
    driver.interventions();
    for direction in &lesson.directions {
        match &direction.wait {
            Wait::Now => {}
            Wait::Idle(members) => {
                while members.iter().any(|m| driver.occupied(m)) && driver.deliver_next() {}
            }
            Wait::Quiet => while driver.deliver_next() {},
        }
        match &direction.action {
            Action::Input { input } => driver.apply(input.clone()),
            Action::Reload => driver.reload(),
        }
        if driver.inputs > MAX_INPUTS {
            return Err(PlayError::TooLong(MAX_INPUTS));
        }
    }
    while driver.deliver_next() {
        if driver.inputs > MAX_INPUTS {
            return Err(PlayError::TooLong(MAX_INPUTS));
        }
    }
    let mut timeline = driver.recorder.finish();
    // On a branch, a caption on an event after the point where the branch left the original
    // run tells the original's story: it is marked as such (its facts still come from the
    // branch's state, see `facts`).
    let diverged = if *options == PlayOptions::default() {
        None
    } else {
        divergence(&play_lesson(lesson, &PlayOptions::default())?, &timeline)
    };
    for rule in &lesson.captions {
        if let Some(seq) = resolve_rule(rule, timeline.events()) {
            let caption = match diverged {
                Some(at) if seq >= at => Caption::new(
                    format!("{}{}", facts::ORIGINAL, rule.caption.zh),
                    format!("{}{}", facts::ORIGINAL, rule.caption.en),
                ),
                _ => rule.caption.clone(),
            };
            timeline.set_caption(seq, caption);
        }
    }
    Ok((timeline, diverged))
}

/// The index of the first event where `branch` differs from `original` (None when they are
/// the same run): from there on, the original's story may no longer hold.
pub fn divergence(original: &Timeline, branch: &Timeline) -> Option<usize> {
    let (a, b) = (original.events(), branch.events());
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(at) => Some(at),
        None => (a.len() != b.len()).then(|| a.len().min(b.len())),
    }
}

/// The caption rules of `lesson` that match no event of `timeline` (a lesson bug; tests check
/// it is empty for every built-in lesson).
pub fn resolve_captions(lesson: &Lesson, timeline: &Timeline) -> Vec<usize> {
    lesson
        .captions
        .iter()
        .enumerate()
        .filter(|(_, rule)| resolve_rule(rule, timeline.events()).is_none())
        .map(|(i, _)| i)
        .collect()
}

impl Driver<'_> {
    fn occupied(&self, member: &str) -> bool {
        self.recorder
            .state()
            .member(member)
            .is_some_and(|m| m.busy() || m.waiting_for_lock())
    }

    fn apply(&mut self, input: Input) {
        self.inputs += 1;
        let requests: Vec<(ModelRequest, usize)> = self
            .recorder
            .apply(input)
            .iter()
            .filter_map(|event| match &event.kind {
                EventKind::ModelRequested { request } => Some((request.clone(), event.seq)),
                _ => None,
            })
            .collect();
        for (request, seq) in &requests {
            self.schedule(request, *seq);
        }
        self.interventions();
    }

    /// L3: a page reload. The roster snapshot (what browser storage keeps) is restored: every
    /// member offline with its history, every in-flight request abandoned.
    fn reload(&mut self) {
        let snapshot = self.recorder.team().roster_snapshot();
        self.apply(Input::Restore {
            snapshot: Box::new(snapshot),
        });
    }

    fn schedule(&mut self, request: &ModelRequest, seq: usize) {
        let replaced = self.options.interventions.iter().find_map(|iv| match iv {
            Intervention::ReplaceReply {
                at,
                member,
                request_index,
                outcome,
            } if *member == request.member
                && *request_index == request.member_index
                && seq >= *at =>
            {
                Some(outcome.clone())
            }
            _ => None,
        });
        let (latency, outcome) = match self.script.lookup(&request.member, request.member_index) {
            Some(scripted) => (
                scripted.latency,
                replaced.unwrap_or_else(|| scripted.outcome.clone()),
            ),
            None => {
                let (latency, fallback) = ScriptedModel::fallback();
                (latency, replaced.unwrap_or(fallback))
            }
        };
        self.order += 1;
        self.pending.push(Pending {
            due: request.sent_at + latency.max(1),
            order: self.order,
            request_id: request.id,
            outcome,
        });
    }

    /// Delivers the earliest pending model outcome. False when nothing is pending.
    fn deliver_next(&mut self) -> bool {
        let Some(index) =
            (0..self.pending.len()).min_by_key(|&i| (self.pending[i].due, self.pending[i].order))
        else {
            return false;
        };
        let next = self.pending.swap_remove(index);
        let now = next.due.max(self.recorder.team().now());
        self.apply(Input::Tick { now });
        let input = match next.outcome {
            ScriptOutcome::Reply { reply } => Input::ModelReplied {
                request_id: next.request_id,
                reply,
            },
            ScriptOutcome::Fail { error, retryable } => Input::ModelFailed {
                request_id: next.request_id,
                error,
                retryable,
            },
        };
        self.apply(input);
        true
    }

    fn interventions(&mut self) {
        loop {
            let len = self.recorder.timeline().len();
            let Some(index) = (0..self.applied.len())
                .find(|&i| !self.applied[i] && self.options.interventions[i].at() <= len)
            else {
                return;
            };
            self.applied[index] = true;
            let lead = self.recorder.state().lead_name().to_string();
            match &self.options.interventions[index] {
                Intervention::ReplaceReply { .. } => {}
                Intervention::InjectFault { member, fault, .. } => {
                    self.apply(Input::InjectFault {
                        member: member.clone(),
                        fault: *fault,
                    });
                }
                Intervention::LeadSends { to, body, .. } => {
                    self.apply(Input::HostSend {
                        from: lead,
                        to: to.clone(),
                        body: body.clone(),
                        idempotency_key: None,
                    });
                }
                Intervention::Reload { .. } => self.reload(),
                Intervention::Recall { member, .. } => {
                    self.apply(Input::Recall {
                        member: member.clone(),
                    });
                }
            }
        }
    }
}
