//! The key steps of each lesson: the few moments that carry its point, so a learner can jump
//! between them ("next key step", the marks on the scrubber) instead of stepping through a
//! hundred bookkeeping events.
//!
//! A key step is named by what happens, not by its number: an event kind and a piece of the
//! event's English summary (the same matching a caption rule uses), resolved against the run
//! on screen. So the marks survive edits of the lesson files, and on a forked branch they sit
//! where the moment happens there, or are absent when it no longer happens.
//!
//! The moments are authored per lesson, in its definition (`definition.rs`). Each list holds its payoff (lesson 1: m4 in
//! a request for the first time, so in all three places) and ends on its conclusion, the event
//! of its last authored caption (`tests/it/key_steps.rs` checks that on every lesson's run).

use super::definition::KeyMoment;
use super::registry::definition;
use crate::engine::{Caption, Lang, Timeline};

/// The key moments of a lesson, from its definition (free play's are lesson 1's); none for an
/// unknown id or the generated stress lesson.
pub fn moments(lesson_id: &str) -> &'static [KeyMoment] {
    definition(lesson_id).map_or(&[], |def| def.key_moments)
}

/// A key moment placed on a run: the step that shows it (event index + 1) and its label.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyStep {
    pub step: usize,
    pub label: Caption,
}

impl KeyStep {
    /// The label in `lang`.
    pub fn label(&self, lang: Lang) -> &str {
        self.label.get(lang)
    }
}

/// The event index `moment` points at in `timeline`, if the moment happens there.
fn resolve(moment: &KeyMoment, timeline: &Timeline) -> Option<usize> {
    timeline
        .events()
        .iter()
        .filter(|e| e.kind.name() == moment.event && e.summary().contains(moment.contains))
        .nth(moment.nth)
        .map(|e| e.seq)
}

/// The key steps of `lesson_id` on `timeline`, in step order, each step once. A moment that
/// does not happen on this run (a fork changed the story) has no step.
pub fn key_steps(lesson_id: &str, timeline: &Timeline) -> Vec<KeyStep> {
    let mut steps: Vec<KeyStep> = moments(lesson_id)
        .iter()
        .filter_map(|m| {
            resolve(m, timeline).map(|seq| KeyStep {
                step: seq + 1,
                label: Caption::new(m.zh, m.en),
            })
        })
        .collect();
    steps.sort_by_key(|k| k.step);
    steps.dedup_by_key(|k| k.step);
    steps
}

/// The first key step after `step`, if any.
pub fn next_key_step(steps: &[KeyStep], step: usize) -> Option<usize> {
    steps.iter().map(|k| k.step).find(|s| *s > step)
}

/// The last key step before `step`, if any.
pub fn previous_key_step(steps: &[KeyStep], step: usize) -> Option<usize> {
    steps.iter().rev().map(|k| k.step).find(|s| *s < step)
}
