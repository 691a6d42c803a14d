//! The deterministic driver: answers a lesson's [`Run`] from the scripted model in logical
//! time, and returns the recorded [`Timeline`].
//!
//! It is a tiny discrete-event simulation. Pending model outcomes sit in an agenda ordered by
//! (due time, scheduling order); the run applies each direction once its wait holds, and the
//! agenda delivers the next outcome whenever the run waits. Nothing here reads a clock or a
//! random source, so the same lesson and options always give the same timeline.
//!
//! Forks (the UI's "change what happens next"): an [`Intervention`] is anchored at an event
//! index `at`. It takes effect at the first input boundary where the log has at least `at`
//! events, so the first `at` events are exactly those of the unforked run. A `ReplaceReply`
//! applies to the matching request only if that request was sent at or after `at`.
//! Interventions due at the same boundary take effect in the order they are listed.
//!
//! A `Reload` intervention does exactly what the lesson action [`Action::Reload`](super::lesson::Action::Reload) does (L3):
//! the driver stores the roster snapshot and restores it, so every member comes back offline
//! with its history and every in-flight request is abandoned. Outcomes already on the agenda
//! for those requests still arrive in logical time and the engine refuses them as stale, as a
//! late reply after a real reload would be. A `Recall` intervention feeds the engine's
//! `Input::Recall`; unknown or not-recallable members are refused by the engine as usual. So
//! the state after a reload or a recall stays a pure function of (lesson, options, step).

use super::lesson::{resolve_rule, Lesson};
use super::options::{Intervention, PlayError, PlayOptions};
use super::run::{place_captions_marked, Run};
use super::script::{Answer, ScriptOutcome, ScriptedModel};
use super::toggle_choice::modes_in_force;
use crate::engine::{MessageId, ModelRequest, RequestId, Timeline};

/// The scripted model's answers waiting to be delivered, each due at a logical time.
#[derive(Default)]
struct Agenda {
    pending: Vec<Pending>,
    order: u64,
}

struct Pending {
    due: u64,
    order: u64,
    request_id: RequestId,
    answer: Answer,
}

/// Plays a lesson to its end on the scripted model: a [`Run`] whose requests are answered
/// from the lesson's script (or the learner's replacement) after their logical latency; with
/// where the run left the original run ([`divergence`], None when it did not). The original
/// is the lesson in the same language and modes without the learner's interventions: on a
/// branch, a caption on an event after that point tells the original's story and is marked
/// as such (its facts still come from the branch's state, see `facts`). The one driver entry:
/// `lessons::play` (by id) and `scenario::on_screen` (the run on screen) play through it.
pub fn play_lesson(
    lesson: &Lesson,
    options: &PlayOptions,
) -> Result<(Timeline, Option<usize>), PlayError> {
    let mut timeline = scripted_run(lesson, options)?;
    let diverged = if options.interventions.is_empty() {
        None
    } else {
        let original = PlayOptions {
            interventions: Vec::new(),
            ..options.clone()
        };
        divergence(&scripted_run(lesson, &original)?, &timeline)
    };
    place_captions_marked(lesson, &mut timeline, diverged);
    Ok((timeline, diverged))
}

/// The run answered from the script, without captions and without looking for where it left
/// the original: what a check that plays many branches of one lesson needs.
pub fn play_scripted(lesson: &Lesson, options: &PlayOptions) -> Result<Timeline, PlayError> {
    scripted_run(lesson, options)
}

/// The run answered from the script, without captions.
fn scripted_run(lesson: &Lesson, options: &PlayOptions) -> Result<Timeline, PlayError> {
    let mut run = Run::new(lesson, options)?;
    let mut agenda = Agenda::default();
    let mut firsts = AnswersFirst::of(options);
    loop {
        run.advance()?;
        for (request, seq) in run.take_sent() {
            let state = run.timeline().final_state();
            let sender_of = |id| state.message(id).map(|m| m.from.clone());
            agenda.schedule(&lesson.script, options, &request, seq, &sender_of);
        }
        let first = firsts.take_due(&run, &agenda);
        let Some(next) = agenda.pop_first(first) else {
            break;
        };
        run.answer(next.request_id, next.answer, next.due)?;
    }
    Ok(run.finish_uncaptioned())
}

/// The learner's "answer this request first" changes not yet applied (issue 48): each moves
/// its request to the front of the agenda once, when the log has reached its anchor and the
/// request is awaited, in the order the changes were made.
struct AnswersFirst<'a> {
    pending: Vec<(usize, &'a str, u32, Option<&'a ScriptOutcome>)>,
}

/// The request to answer next instead of the agenda's earliest, with its answer when the
/// learner chose one.
struct First {
    request_id: RequestId,
    answer: Option<Answer>,
}

impl<'a> AnswersFirst<'a> {
    fn of(options: &'a PlayOptions) -> AnswersFirst<'a> {
        let pending = options
            .interventions
            .iter()
            .filter_map(|iv| match iv {
                Intervention::AnswerFirst {
                    at,
                    member,
                    request_index,
                    outcome,
                } => Some((*at, member.as_str(), *request_index, outcome.as_ref())),
                _ => None,
            })
            .collect();
        AnswersFirst { pending }
    }

    fn take_due(&mut self, run: &Run, agenda: &Agenda) -> Option<First> {
        let len = run.timeline().len();
        let position = self.pending.iter().position(|(at, member, index, _)| {
            *at <= len
                && run.awaiting().iter().any(|r| {
                    r.member == *member
                        && r.member_index == *index
                        && agenda.pending.iter().any(|p| p.request_id == r.id)
                })
        })?;
        let (_, member, index, outcome) = self.pending.remove(position);
        let request = run
            .awaiting()
            .iter()
            .find(|r| r.member == member && r.member_index == index)?;
        let state = run.timeline().final_state();
        let sender_of = |id| state.message(id).map(|m| m.from.clone());
        Some(First {
            request_id: request.id,
            answer: outcome.map(|o| o.clone().answer_with(request, &sender_of)),
        })
    }
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
    let modes = modes_in_force(timeline.initial_state().toggles(), timeline.events());
    lesson
        .captions
        .iter()
        .enumerate()
        .filter(|(_, rule)| resolve_rule(rule, timeline.events(), &modes).is_none())
        .map(|(i, _)| i)
        .collect()
}

impl Agenda {
    fn schedule(
        &mut self,
        script: &ScriptedModel,
        options: &PlayOptions,
        request: &ModelRequest,
        seq: usize,
        sender_of: &dyn Fn(MessageId) -> Option<String>,
    ) {
        let replaced = options.interventions.iter().find_map(|iv| match iv {
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
        let (latency, outcome) = match script.lookup(&request.member, request.member_index) {
            Some(scripted) => (
                scripted.latency,
                replaced.unwrap_or_else(|| scripted.outcome.clone()),
            ),
            None => {
                let (latency, fallback) = ScriptedModel::fallback_in(options.lang);
                (latency, replaced.unwrap_or(fallback))
            }
        };
        self.order += 1;
        self.pending.push(Pending {
            due: request.sent_at + latency.max(1),
            order: self.order,
            request_id: request.id,
            answer: outcome.answer_with(request, sender_of),
        });
    }

    /// The earliest pending outcome (ties in scheduling order), if any; or `first`'s, which
    /// takes the earliest one's place in logical time (and the learner's answer, if any).
    fn pop_first(&mut self, first: Option<First>) -> Option<Pending> {
        let earliest = (0..self.pending.len())
            .min_by_key(|&i| (self.pending[i].due, self.pending[i].order))?;
        let Some(first) = first else {
            return Some(self.pending.swap_remove(earliest));
        };
        let due = self.pending[earliest].due;
        let index = self
            .pending
            .iter()
            .position(|p| p.request_id == first.request_id)
            .unwrap_or(earliest);
        let mut next = self.pending.swap_remove(index);
        next.due = next.due.min(due);
        if let Some(answer) = first.answer {
            next.answer = answer;
        }
        Some(next)
    }
}
