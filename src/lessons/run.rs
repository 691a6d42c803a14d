//! One run of a lesson as a step machine, whatever answers its model requests: the lesson's
//! directions in order, each once its wait holds; the learner's interventions at their
//! anchors; and the requests the run waits on. The scripted driver (`driver.rs`) answers from
//! the lesson's script in logical time; a live run answers from a real provider as its calls
//! complete. A real provider is just another source of replies.
//!
//! A scenario's directions are the default delivery policy ([`Action::DeliverUnread`]): the
//! direction stays current, delivering to each member with unread mail whenever the team is
//! quiet, until a pass starts nothing, so a live run of a scenario follows it too.
//!
//! The run keeps every answer it took in, in order: handing them to a new run of the same
//! lesson and options gives the same timeline (the engine is deterministic), which is how a
//! live run is recorded and replayed offline.

use std::collections::BTreeSet;

use super::lesson::{resolve_rule, Action, Lesson, Wait, ORIGINAL};
use super::options::{Intervention, PlayError, PlayOptions};
use super::recording::{RecordedAnswer, Recording};
use super::script::Answer;
use super::toggle_choice::modes_in_force;
use super::toggle_choice::ToggleChoice;
use crate::engine::{
    Caption, EventKind, Fault, Input, ModelRequest, Recorder, RequestId, Team, Timeline,
};

/// Upper bound on inputs in one run; lessons use a few hundred.
pub const MAX_INPUTS: usize = 20_000;

/// The most fork edits one run takes: far more than a learner makes by hand, and what a link,
/// an import or a stored session may carry (each refuses more with a message of its own; a run
/// asked for more is [`PlayError::TooManyEdits`]).
pub const MAX_INTERVENTIONS: usize = 100;

/// A lesson being played.
pub struct Run {
    recorder: Recorder,
    lesson: Lesson,
    interventions: Vec<Intervention>,
    /// Indices of `interventions` by anchor (then index), and how many of them are due.
    by_anchor: Vec<usize>,
    anchored: usize,
    /// Due and not yet applied, lowest index first (the order they are applied in).
    due: BTreeSet<usize>,
    /// The modes the learner fixed for the whole lesson.
    learner: ToggleChoice,
    next_direction: usize,
    /// Requests sent and not answered yet, in the order they were sent.
    awaiting: Vec<ModelRequest>,
    /// Requests sent since the last [`Run::take_sent`], with the index of their event.
    sent: Vec<(ModelRequest, usize)>,
    /// How many inputs were applied (bounded by [`MAX_INPUTS`]).
    inputs: usize,
    /// The options the run was started with, and the answers it took in: its recording.
    options: PlayOptions,
    answers: Vec<RecordedAnswer>,
    /// Members the delivery policy started once and the engine refused: never asked again.
    policy_skips: Vec<String>,
}

impl Run {
    /// Starts `lesson` with `options`; nothing is applied until [`Run::advance`].
    pub fn new(lesson: &Lesson, options: &PlayOptions) -> Result<Run, PlayError> {
        if options.interventions.len() > MAX_INTERVENTIONS {
            return Err(PlayError::TooManyEdits(MAX_INTERVENTIONS));
        }
        let mut by_anchor: Vec<usize> = (0..options.interventions.len()).collect();
        by_anchor.sort_by_key(|&i| (options.interventions[i].at(), i));
        let mut recorder = Recorder::new(team_for(lesson, options)?);
        recorder.set_intro(lesson.intro.clone());
        let mut run = Run {
            recorder,
            lesson: lesson.clone(),
            interventions: options.interventions.clone(),
            by_anchor,
            anchored: 0,
            due: BTreeSet::new(),
            learner: options.learner_toggles,
            next_direction: 0,
            awaiting: Vec::new(),
            sent: Vec::new(),
            inputs: 0,
            options: options.clone(),
            answers: Vec::new(),
            policy_skips: Vec::new(),
        };
        run.interventions();
        Ok(run)
    }

    /// Applies the directions whose waits hold, in order, and stops at the first that must
    /// wait for a reply. A wait for members to be idle also ends when nothing is awaited, as
    /// nothing could make them idle then.
    pub fn advance(&mut self) -> Result<(), PlayError> {
        while let Some(direction) = self.lesson.directions.get(self.next_direction) {
            let ready = match &direction.wait {
                Wait::Now => true,
                Wait::Idle(members) => {
                    self.awaiting.is_empty() || !members.iter().any(|m| self.occupied(m))
                }
                Wait::Quiet => self.awaiting.is_empty(),
            };
            if !ready {
                break;
            }
            let action = direction.action.clone();
            self.next_direction += 1;
            match action {
                Action::Input { input } => {
                    if let Some(input) = self.with_learner_toggles(input) {
                        self.apply(input);
                    }
                }
                Action::Reload => self.reload(),
                Action::DeliverUnread { struck } => {
                    if self.deliver_unread(&struck) {
                        // The policy holds again the next time the team is quiet.
                        self.next_direction -= 1;
                    }
                }
            }
            self.check_bound()?;
        }
        Ok(())
    }

    /// Hands in the outcome of request `id` at logical time `now` (never earlier than the
    /// team's clock). An answer to a request no longer awaited is still applied: the engine
    /// refuses it as stale, as it would a late reply after a reload.
    pub fn answer(&mut self, id: RequestId, answer: Answer, now: u64) -> Result<(), PlayError> {
        self.awaiting.retain(|r| r.id != id);
        self.answers.push(RecordedAnswer {
            request: id,
            answer: answer.clone(),
            at: now,
        });
        let now = now.max(self.recorder.team().now());
        self.apply(Input::Tick { now });
        let input = match answer {
            Answer::Reply(reply) => Input::ModelReplied {
                request_id: id,
                reply,
            },
            Answer::Fail { error, retryable } => Input::ModelFailed {
                request_id: id,
                error,
                retryable,
            },
        };
        self.apply(input);
        self.check_bound()
    }

    /// The requests sent since the last call, each with the index of its event.
    pub fn take_sent(&mut self) -> Vec<(ModelRequest, usize)> {
        std::mem::take(&mut self.sent)
    }

    /// The requests the run is waiting on, in the order they were sent.
    pub fn awaiting(&self) -> &[ModelRequest] {
        &self.awaiting
    }

    /// Every direction applied and no reply awaited.
    pub fn is_finished(&self) -> bool {
        self.next_direction >= self.lesson.directions.len() && self.awaiting.is_empty()
    }

    /// The log so far.
    pub fn timeline(&self) -> &Timeline {
        self.recorder.timeline()
    }

    /// The log with the lesson's captions placed on the events they explain (a scripted run:
    /// the captions tell the script's story).
    pub fn finish(self) -> Timeline {
        let mut timeline = self.recorder.finish();
        place_captions(&self.lesson, &mut timeline);
        timeline
    }

    /// The log without the lesson's captions (a live run: the script's story need not hold;
    /// each event is still narrated).
    pub fn finish_uncaptioned(self) -> Timeline {
        self.recorder.finish()
    }

    /// The recording of this run so far: replaying it gives the same log.
    pub fn recording(&self) -> Recording {
        Recording {
            version: Recording::VERSION,
            lesson: self.lesson.id.clone(),
            options: self.options.clone(),
            answers: self.answers.clone(),
            stopped_at: None,
        }
    }

    fn check_bound(&self) -> Result<(), PlayError> {
        if self.inputs > MAX_INPUTS {
            Err(PlayError::TooLong(MAX_INPUTS))
        } else {
            Ok(())
        }
    }

    fn occupied(&self, member: &str) -> bool {
        self.recorder
            .state()
            .member(member)
            .is_some_and(|m| m.busy() || m.waiting_for_lock())
    }

    /// A lesson's input with the learner's modes put in: a `SetToggles` keeps only the modes
    /// the learner left to the lesson, and is dropped when it would change nothing.
    fn with_learner_toggles(&self, input: Input) -> Option<Input> {
        match input {
            Input::SetToggles { toggles } => {
                let toggles = self.learner.apply(toggles);
                (toggles != self.recorder.state().toggles())
                    .then_some(Input::SetToggles { toggles })
            }
            other => Some(other),
        }
    }

    /// Applies `input`, then the fork edits it made due.
    fn apply(&mut self, input: Input) {
        self.apply_one(input);
        self.interventions();
    }

    /// Applies `input` alone: never an intervention, so nothing here re-enters itself.
    fn apply_one(&mut self, input: Input) {
        self.inputs += 1;
        let sent: Vec<(ModelRequest, usize)> = self
            .recorder
            .apply(input)
            .iter()
            .filter_map(|event| match &event.kind {
                EventKind::ModelRequested { request } => Some((request.clone(), event.seq)),
                _ => None,
            })
            .collect();
        for (request, _) in &sent {
            self.awaiting.push(request.clone());
        }
        self.sent.extend(sent);
    }

    /// The default delivery policy: starts a round of each member with unread mail, in roster
    /// order. True when a request is now awaited (the policy is to run again once quiet); a
    /// member whose start sent nothing (the engine refused it, say its budget is spent) is not
    /// asked again, so the run always ends.
    fn deliver_unread(&mut self, struck: &[(String, u32)]) -> bool {
        let state = self.recorder.state();
        let due: Vec<String> = state
            .members_in_order()
            .map(|m| m.name().to_string())
            .filter(|name| !self.policy_skips.contains(name))
            .filter(|name| state.inbox_of(name).iter().any(|r| state.is_unread(r)))
            .collect();
        for member in due {
            let before = self.awaiting.len();
            // Armed only for a delivery that will start, so it strikes that delivery's read.
            let next = self.recorder.state().member(&member).and_then(|m| {
                let free = !m.busy() && !m.waiting_for_lock();
                (free && m.deliveries_used() < m.delivery_budget()).then(|| m.deliveries_used() + 1)
            });
            if struck.iter().any(|(m, n)| *m == member && Some(*n) == next) {
                self.apply_one(Input::InjectFault {
                    member: member.clone(),
                    fault: Fault::FailBeforeCommit,
                });
            }
            self.apply(Input::StartRound {
                member: member.clone(),
                prompt: None,
            });
            if self.awaiting.len() == before {
                self.policy_skips.push(member);
            }
        }
        !self.awaiting.is_empty()
    }

    /// L3: a page reload. The roster snapshot (what browser storage keeps) is restored: every
    /// member offline with its history, every in-flight request abandoned.
    fn reload(&mut self) {
        let input = self.reload_input();
        self.apply(input);
    }

    fn reload_input(&self) -> Input {
        let snapshot = self.recorder.team().roster_snapshot();
        Input::Restore {
            snapshot: Box::new(snapshot),
        }
    }

    /// Applies the fork edits that are due, in one flat pass: an edit that makes another due
    /// (its input grew the log) is picked up by the same loop, never by a nested call, so no
    /// number of edits deepens the stack. Due edits go in the order they were made, as the
    /// learner made them; each is applied once.
    fn interventions(&mut self) {
        self.recorder.mark_boundary();
        while let Some(index) = self.next_due() {
            let lead = self.recorder.state().lead_name().to_string();
            let input = match self.interventions[index].clone() {
                // The source of replies applies it when it answers.
                Intervention::ReplaceReply { .. } | Intervention::AnswerFirst { .. } => continue,
                Intervention::InjectFault { member, fault, .. } => {
                    Input::InjectFault { member, fault }
                }
                Intervention::LeadSends { to, body, .. } => Input::HostSend {
                    from: lead,
                    to,
                    body,
                    idempotency_key: None,
                },
                Intervention::Reload { .. } => self.reload_input(),
                Intervention::Recall { member, .. } => Input::Recall { member },
                Intervention::Deliver { member, .. } => Input::StartRound {
                    member,
                    prompt: None,
                },
            };
            self.apply_one(input);
        }
    }

    /// The lowest-indexed edit whose anchor the log has reached and that was not applied.
    fn next_due(&mut self) -> Option<usize> {
        let len = self.recorder.timeline().len();
        while let Some(&index) = self.by_anchor.get(self.anchored) {
            if self.interventions[index].at() > len {
                break;
            }
            self.due.insert(index);
            self.anchored += 1;
        }
        self.due.pop_first()
    }
}

/// The lesson's team with the options' toggles on from the start (they OR with the lesson's
/// own), then the learner's fixed modes.
fn team_for(lesson: &Lesson, options: &PlayOptions) -> Result<Team, PlayError> {
    let mut config = lesson.config.clone();
    config.toggles.drain_on_read |= options.toggles.drain_on_read;
    config.toggles.hold_lock_during_model_call |= options.toggles.hold_lock_during_model_call;
    config.toggles = options.learner_toggles.apply(config.toggles);
    Team::new(config).map_err(|e| PlayError::InvalidConfig(e.to_string()))
}

/// Places each caption rule of `lesson` on the event it explains, under the modes in force.
pub fn place_captions(lesson: &Lesson, timeline: &mut Timeline) {
    place_captions_marked(lesson, timeline, None);
}

/// [`place_captions`], marking as the original run's story every caption on an event at or
/// after `diverged` (where a branch left the original run).
pub fn place_captions_marked(lesson: &Lesson, timeline: &mut Timeline, diverged: Option<usize>) {
    let modes = modes_in_force(timeline.initial_state().toggles(), timeline.events());
    for rule in &lesson.captions {
        if let Some(seq) = resolve_rule(rule, timeline.events(), &modes) {
            let caption = match diverged {
                Some(at) if seq >= at => Caption::new(
                    format!("{}{}", ORIGINAL, rule.caption.zh),
                    format!("{}{}", ORIGINAL, rule.caption.en),
                ),
                _ => rule.caption.clone(),
            };
            timeline.set_caption(seq, caption);
        }
    }
}
