//! The branches a learner has in one lesson: the play options of the branch on screen and the
//! earlier branches it can switch back to. Every change of what happens (a fork from the fork
//! panel, a recall from a member's card) starts a new branch here; the old one stays in the
//! list. The UI holds one [`Branches`] and binds what it says; it never edits options itself.
//!
//! A fork at step `at` keeps the current branch's changes that are in effect by then and adds
//! the new one; changes anchored later belong to the old branch. The first `at` events of the
//! new run are those of the old one (see the driver), so the view stays at its step.

use super::options::{Intervention, PlayError, PlayOptions};
use super::run::MAX_INTERVENTIONS;

/// The current branch and the earlier ones.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Branches {
    current: PlayOptions,
    /// Branches the learner left, oldest first; never holds a copy of `current`.
    earlier: Vec<PlayOptions>,
}

impl Branches {
    /// One branch, with these options, and nothing to switch back to.
    pub fn new(current: PlayOptions) -> Branches {
        Branches {
            current,
            earlier: Vec::new(),
        }
    }

    /// Branches as a stored session kept them: `current` on screen, `earlier` to switch back
    /// to. A copy of `current` among the earlier ones, or a repeated one, is dropped, so the
    /// list keeps its invariant whatever was stored.
    pub fn restored(current: PlayOptions, earlier: Vec<PlayOptions>) -> Branches {
        let mut kept: Vec<PlayOptions> = Vec::new();
        for options in earlier {
            if options != current && !kept.contains(&options) {
                kept.push(options);
            }
        }
        Branches {
            current,
            earlier: kept,
        }
    }

    /// The options the lesson is played with.
    pub fn current(&self) -> &PlayOptions {
        &self.current
    }

    /// The branches the learner can switch back to, oldest first.
    pub fn earlier(&self) -> &[PlayOptions] {
        &self.earlier
    }

    /// The options a fork at step `at` starts from: the current branch's changes in effect by
    /// then.
    pub fn base_at(&self, at: usize) -> PlayOptions {
        let mut base = self.current.clone();
        base.interventions.retain(|iv| iv.at() <= at);
        base
    }

    /// Forks at the intervention's step: a new current branch made of [`Self::base_at`] and
    /// `intervention`; the old branch joins the earlier ones. A branch holds at most
    /// [`MAX_INTERVENTIONS`] edits: one more is refused and nothing changes.
    pub fn fork(&mut self, intervention: Intervention) -> Result<(), PlayError> {
        let mut next = self.base_at(intervention.at());
        next.interventions.push(intervention);
        self.start(next)
    }

    /// A new current branch with every change of the current one, later ones included, plus
    /// `intervention` (a recall keeps what the learner changed after its step); the old branch
    /// joins the earlier ones.
    pub fn extend(&mut self, intervention: Intervention) -> Result<(), PlayError> {
        let mut next = self.current.clone();
        next.interventions.push(intervention);
        self.start(next)
    }

    /// Makes earlier branch `index` current; the current one takes its place in the list.
    /// Returns false (and changes nothing) if there is no such branch.
    pub fn switch_to(&mut self, index: usize) -> bool {
        match self.earlier.get_mut(index) {
            Some(slot) => {
                std::mem::swap(slot, &mut self.current);
                true
            }
            None => false,
        }
    }

    /// A new current branch with exactly `options` (a challenge's start, issue 48); the old
    /// branch joins the earlier ones.
    pub fn begin(&mut self, options: PlayOptions) -> Result<(), PlayError> {
        self.start(options)
    }

    fn start(&mut self, next: PlayOptions) -> Result<(), PlayError> {
        if next.interventions.len() > MAX_INTERVENTIONS {
            return Err(PlayError::TooManyEdits(MAX_INTERVENTIONS));
        }
        let old = std::mem::replace(&mut self.current, next);
        if !self.earlier.contains(&old) {
            self.earlier.push(old);
        }
        let current = &self.current;
        self.earlier.retain(|b| b != current);
        Ok(())
    }
}
