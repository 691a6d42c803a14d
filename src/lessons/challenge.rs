//! Challenges (issue 48): a goal beside the stage that asks the learner to cause (or prevent)
//! what a lesson warns about, by picking the host's next inputs (`next_choices`), as
//! LearnGitBranching sets a goal beside your state with a hint, a solution behind a confirm and
//! your move count against the best.
//!
//! A challenge is lesson data (a scenario may carry its own): a stable id, the goal in both
//! languages, where it starts (a step of the lesson's own run, and the contrast modes it fixes),
//! the goal as the same event predicates checkpoints ask at (the event kind, the actor, text
//! the English summary contains), a hint, and the fewest known choices that meet it (the
//! solution, fork edits as any branch carries them). [`Challenge::met`] checks a run natively:
//! each `holds` predicate matches an event, in order, and no `never` predicate matches an
//! event before the last of them. A test plays every built-in solution and the lesson's own
//! run: the solution meets the goal, the run without choices does not.

use super::options::{Intervention, PlayOptions};
use super::toggle_choice::ToggleChoice;
use crate::engine::{Caption, Event, Timeline};
use serde::{Deserialize, Serialize};

/// One event predicate, as a checkpoint's moment is written: the kind (`EventKind::name`),
/// optionally the actor and text the English summary contains.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventMatch {
    pub event: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contains: Option<String>,
}

impl EventMatch {
    /// An event of kind `event`, by `member` if given, whose summary contains `contains`.
    pub fn new(event: &str, member: Option<&str>, contains: Option<&str>) -> EventMatch {
        EventMatch {
            event: event.to_string(),
            member: member.map(str::to_string),
            contains: contains.map(str::to_string),
        }
    }

    /// Whether `event` matches.
    pub fn matches(&self, event: &Event) -> bool {
        event.kind.name() == self.event
            && self
                .member
                .as_ref()
                .is_none_or(|m| event.actor.as_deref() == Some(m.as_str()))
            && self
                .contains
                .as_ref()
                .is_none_or(|text| event.summary().contains(text.as_str()))
    }
}

/// One challenge, as a lesson or a scenario writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    /// Stable id: the results and a course know a challenge by it.
    pub id: String,
    /// The goal, in both languages.
    pub goal: Caption,
    /// The step of the lesson's own run it starts at (a challenge link opens there).
    #[serde(default)]
    pub start: usize,
    /// The contrast modes it fixes for the whole run (none: the lesson's own).
    #[serde(default, skip_serializing_if = "ToggleChoice::is_empty")]
    pub modes: ToggleChoice,
    /// Events that must happen, in this order.
    pub holds: Vec<EventMatch>,
    /// Events that must not happen before the last of `holds`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub never: Vec<EventMatch>,
    pub hint: Caption,
    /// The fewest known choices that meet it, as fork edits.
    pub solution: Vec<Intervention>,
}

impl Challenge {
    /// The step at which `run` meets the goal (the last `holds` event's step), if it does.
    pub fn met(&self, run: &Timeline) -> Option<usize> {
        let events = run.events();
        let mut from = 0;
        let mut last = None;
        for wanted in &self.holds {
            let found = events[from..].iter().position(|e| wanted.matches(e))? + from;
            last = Some(found);
            from = found + 1;
        }
        let last = last?;
        let broken = events[..last]
            .iter()
            .any(|e| self.never.iter().any(|n| n.matches(e)));
        (!broken).then_some(last + 1)
    }

    /// The options a try starts from in `lang`: the lesson's own run with the modes it fixes.
    pub fn start_options(&self, lang: crate::engine::Lang) -> PlayOptions {
        PlayOptions {
            learner_toggles: self.modes,
            lang,
            ..PlayOptions::default()
        }
    }

    /// The options the solution plays with.
    pub fn solved_options(&self, lang: crate::engine::Lang) -> PlayOptions {
        PlayOptions {
            interventions: self.solution.clone(),
            ..self.start_options(lang)
        }
    }

    /// How many choices a branch made since the challenge's start: its fork edits.
    pub fn choices_used(&self, options: &PlayOptions) -> usize {
        options.interventions.len()
    }

    /// The fewest known.
    pub fn fewest(&self) -> usize {
        self.solution.len()
    }
}
