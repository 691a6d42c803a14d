//! The playhead: where the learner is on the run on screen (the step) and whether it plays,
//! and every command that moves it: the transport's buttons, scrubber and keys, the key steps,
//! run and pause, the timer's tick, and an embedding page's `step`, `back`, `goto`, `run` and
//! `pause`. Pure: a command and the [`Track`] (the run's events, its key steps, the line
//! breakpoints) give the [`PlayheadChange`] to write; the transport (`ui/panels/transport.rs`), the embed API
//! (`ui/features/embed.rs`) and `Playground::pause` (`ui/state/context.rs`, a pause before the run on screen
//! is replaced) only write it.
//!
//! The rules: a step is always within `0..=last` (a move past either end stops there); the
//! transport's one-step, first and last buttons (and their keys) move without pausing, so a run
//! goes on from the new step; a jump (the scrubber, a key step, the embed API's `step`, `back`
//! and `goto`) pauses; run at the end restarts from step 0; a tick moves one step and stops at
//! the end and on an event a line with a breakpoint produced.
//!
//! One step is one move at the track's [`Level`] (`view::story`): to the next or previous
//! event, story stop or key step (step 0 and the last step end every level, so a step not on a
//! stop moves to the next stop, and a key level past its last key step goes to the end). The
//! transport's one-step buttons and the timer's tick move by the level; a tick still stops on
//! a breakpoint's event between two stops. The scrubber, `goto` and the embed API's v1 `step`
//! and `back` count events, whatever the level.
//!
//! Checkpoints (issues 26 and 46): a forward move of the learner's (the one-step button and its
//! keys at every level, the last-step button, the next key step, the scrubber and the key
//! marks, the timer's tick while a run plays) that would pass or land on a step whose
//! checkpoint is not answered stops just before it, paused, and asks ([`Playhead::asks`]); the
//! step shows after the right answer. A move back never asks, and neither do the commands a
//! link or a course page gives (`goto`, the embed API's `step` and `back`, "go to the first
//! failure"): they name a step on purpose.

use crate::engine::Event;
use crate::lessons::key_steps::{next_key_step, previous_key_step, KeyStep};
use crate::view::story::{targets, Level, Targets};

/// The step on screen and whether the run plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playhead {
    /// 0 is the initial state, `last` the state after the last event.
    pub step: usize,
    /// The timer advances the step while this is on.
    pub playing: bool,
}

/// What the playhead moves on: the run's events (`last` is their count), the lesson's key
/// steps on that run, and which categories of event stop a run.
#[derive(Clone, Copy)]
pub struct Track<'a> {
    /// The run on screen's events (none when the run failed).
    pub events: &'a [Event],
    /// The key steps, in step order.
    pub key_steps: &'a [KeyStep],
    /// Whether the event at this index stops a run: it came from a line with a breakpoint
    /// (`view::host_code::LineBreaks::stops_at`).
    pub breaks_at: &'a dyn Fn(usize) -> bool,
    /// How far one step goes.
    pub level: Level,
    /// The story's stops (`view::story`), in step order; walked at [`Level::Story`].
    pub stops: &'a [usize],
}

impl Track<'_> {
    /// The last step: the state after every event.
    pub fn last(&self) -> usize {
        self.events.len()
    }

    /// The steps one move at the track's level can land on.
    fn targets<'k>(&'k self, keys: &'k [usize]) -> Targets<'k> {
        targets(self.level, self.last(), self.stops, keys)
    }

    /// The key steps' steps.
    fn keys(&self) -> Vec<usize> {
        self.key_steps.iter().map(|k| k.step).collect()
    }

    /// The step one move forward from `step` at the track's level.
    pub fn next(&self, step: usize) -> usize {
        let keys = self.keys();
        self.targets(&keys).next(step)
    }

    /// The step one move back from `step` at the track's level.
    pub fn previous(&self, step: usize) -> usize {
        let keys = self.keys();
        self.targets(&keys).previous(step)
    }

    /// The first step in `from + 1 ..= to` whose event is a breakpoint's.
    fn first_break(&self, from: usize, to: usize) -> Option<usize> {
        (from + 1..=to).find(|s| self.breaks_at(*s))
    }

    /// Whether the event that leads to `step` (1 and up) is a breakpoint's.
    fn breaks_at(&self, step: usize) -> bool {
        step.checked_sub(1)
            .filter(|index| *index < self.events.len())
            .is_some_and(|index| (self.breaks_at)(index))
    }
}

/// What moves the playhead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// To step 0 (the |◀ button, Home); a run goes on from there.
    First,
    /// One step back at the track's level (the ◀ button, ←); a run goes on from there.
    Backward,
    /// One step forward at the track's level (the ▶ button, →); a run goes on from there.
    Forward,
    /// To the last step (the ▶| button, End).
    Last,
    /// One event forward and pause (the embed API's `step`, which counts events).
    Step,
    /// One event back and pause (the embed API's `back`).
    Back,
    /// To a step, clamped to the run, and pause (the embed API's `goto`, a named step): never
    /// asks.
    Goto(usize),
    /// The learner's own jump to a step (the scrubber, a key step's mark): as `Goto`, but a
    /// jump forward asks at the first unanswered checkpoint it passes.
    Scrub(usize),
    /// To the next key step and pause (key step ▶◆, `]`); nothing when there is none.
    NextKey,
    /// To the previous key step and pause (◆◀ key step, `[`); nothing when there is none.
    PreviousKey,
    /// Play from this step, from step 0 when at the end (the run button, `run`).
    Run,
    /// Stop playing (the pause button, `pause`).
    Pause,
    /// Pause when playing, else run (Space).
    Toggle,
    /// The timer: one step forward at the track's level; stop at the end or on a breakpoint.
    Tick,
}

impl Command {
    /// Whether the command is one of the learner's moves that stop before an unanswered
    /// checkpoint when they go forward (issue 46): every level's one step, the last step, the
    /// next key step, the scrubber and a run's tick. The rest name a step or go back.
    pub fn asks(self) -> bool {
        matches!(
            self,
            Command::Forward | Command::Tick | Command::Last | Command::NextKey | Command::Scrub(_)
        )
    }
}

/// What a command writes: a new step, a new playing flag, either or both or neither. A value
/// is written even when it equals the old one (a `step` at the end still reports the state).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayheadChange {
    pub step: Option<usize>,
    pub playing: Option<bool>,
}

impl PlayheadChange {
    fn moves_to(step: usize) -> PlayheadChange {
        PlayheadChange {
            step: Some(step),
            playing: None,
        }
    }

    fn pauses_at(step: usize) -> PlayheadChange {
        PlayheadChange {
            step: Some(step),
            playing: Some(false),
        }
    }

    fn pauses() -> PlayheadChange {
        PlayheadChange {
            step: None,
            playing: Some(false),
        }
    }
}

impl Playhead {
    /// What `command` writes, from here on `track`.
    pub fn change(self, command: Command, track: &Track) -> PlayheadChange {
        let last = track.last();
        let clamp = |step: usize| step.min(last);
        let step = self.step;
        match command {
            Command::First => PlayheadChange::moves_to(0),
            Command::Backward => PlayheadChange::moves_to(clamp(track.previous(step))),
            Command::Forward => PlayheadChange::moves_to(clamp(track.next(step))),
            Command::Last => PlayheadChange::moves_to(last),
            Command::Step => PlayheadChange::pauses_at(clamp(step + 1)),
            Command::Back => PlayheadChange::pauses_at(clamp(step.saturating_sub(1))),
            Command::Goto(target) | Command::Scrub(target) => {
                PlayheadChange::pauses_at(clamp(target))
            }
            Command::NextKey => next_key_step(track.key_steps, step)
                .map_or_else(PlayheadChange::default, |key| {
                    PlayheadChange::pauses_at(clamp(key))
                }),
            Command::PreviousKey => previous_key_step(track.key_steps, step)
                .map_or_else(PlayheadChange::default, |key| {
                    PlayheadChange::pauses_at(clamp(key))
                }),
            Command::Run => PlayheadChange {
                step: (step >= last).then_some(0),
                playing: Some(true),
            },
            Command::Pause => PlayheadChange::pauses(),
            Command::Toggle if self.playing => PlayheadChange::pauses(),
            Command::Toggle => self.change(Command::Run, track),
            Command::Tick => {
                if step >= last {
                    return PlayheadChange::pauses();
                }
                let next = track.next(step);
                match track.first_break(step, next) {
                    Some(at) => PlayheadChange::pauses_at(at),
                    None if next >= last => PlayheadChange::pauses_at(last),
                    None => PlayheadChange::moves_to(next),
                }
            }
        }
    }

    /// Issue 26: the checkpoint step that `command`, writing `change`, must ask at first (the
    /// first of `unanswered` it would pass or land on, when it is a forward move of the
    /// learner's, [`Command::asks`]), and what to write instead: the step just before it,
    /// paused, so the checkpoint's step stays hidden.
    pub fn asks(
        self,
        command: Command,
        change: PlayheadChange,
        unanswered: &[usize],
    ) -> Option<(usize, PlayheadChange)> {
        if !command.asks() {
            return None;
        }
        let to = change.step?;
        let at = unanswered
            .iter()
            .copied()
            .filter(|s| *s > self.step && *s <= to)
            .min()?;
        Some((at, PlayheadChange::pauses_at(at - 1)))
    }

    /// The playhead after `change`.
    pub fn with(self, change: PlayheadChange) -> Playhead {
        Playhead {
            step: change.step.unwrap_or(self.step),
            playing: change.playing.unwrap_or(self.playing),
        }
    }

    /// The playhead after `command` on `track`.
    pub fn after(self, command: Command, track: &Track) -> Playhead {
        self.with(self.change(command, track))
    }
}
