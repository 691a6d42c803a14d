//! The learner's answers to a lesson's checkpoints (issue 26): per checkpoint id, how many
//! tries it took and whether the first was right; the score (answered and first-try right, of
//! the total), the feedback a try gets and the end card's lists: not right at the first try,
//! and skipped (never tried: passed with checkpoints off, or jumped over). Stored with the session
//! (`keep::session`), so it is serde and keyed by the checkpoints' stable ids.

use std::collections::BTreeMap;

use crate::engine::{Caption, Lang};
use crate::lessons::checkpoint::{CheckpointPlacement, Placed};
use serde::{Deserialize, Serialize};

/// The tries at one checkpoint.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tries {
    /// Choices picked until the right one (the right one included).
    pub attempts: u32,
    /// The first pick was right.
    pub first_try: bool,
    /// The right choice was picked (the step was shown).
    pub answered: bool,
}

/// One lesson's answers, by checkpoint id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Score {
    pub tries: BTreeMap<String, Tries>,
}

/// What a try gets back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    pub right: bool,
    /// The picked choice's explanation, after a "right" or "not this one" line.
    pub text: Caption,
}

impl Score {
    /// Nothing answered yet (a stored session leaves it out).
    pub fn is_empty(&self) -> bool {
        self.tries.is_empty()
    }

    /// Takes in `other`'s tries (another copy of the same lesson's answers: the stored
    /// session's, beside this browser's scores): per checkpoint, the copy that went further
    /// (answered right, then more attempts) wins, so neither copy's answers are lost. Tries only
    /// ever grow, so the further copy is the newer one.
    pub fn merge(&mut self, other: &Score) {
        for (id, theirs) in &other.tries {
            let mine = self.tries.entry(id.clone()).or_default();
            if (theirs.answered, theirs.attempts) > (mine.answered, mine.attempts) {
                *mine = *theirs;
            }
        }
    }

    /// Whether `id` was answered right (its step may show).
    pub fn answered(&self, id: &str) -> bool {
        self.tries.get(id).is_some_and(|t| t.answered)
    }

    /// Records picking `choice` at `checkpoint` and says what it meant. A try after the right
    /// answer changes nothing (the score counts the first round of tries only).
    pub fn answer(&mut self, checkpoint: &Placed, choice: usize) -> Option<Feedback> {
        let picked = checkpoint.choices.get(choice)?;
        let right = checkpoint.is_right(choice);
        let tries = self.tries.entry(checkpoint.id.clone()).or_default();
        if !tries.answered {
            tries.attempts += 1;
            tries.first_try = tries.attempts == 1 && right;
            tries.answered = right;
        }
        let (zh, en) = if right {
            ("答对了。", "Right.")
        } else {
            ("不是这个，再试一次。", "Not this one; try again.")
        };
        Some(Feedback {
            right,
            text: Caption::new(
                format!("{zh}{}", picked.explain.zh),
                format!("{en} {}", picked.explain.en),
            ),
        })
    }

    /// First-try right and total, over the checkpoints that ask on this run.
    pub fn tally(&self, placement: &CheckpointPlacement) -> (usize, usize) {
        let right = placement
            .placed
            .iter()
            .filter(|p| self.tries.get(&p.id).is_some_and(|t| t.first_try))
            .count();
        (right, placement.placed.len())
    }

    /// The checkpoints on this run not answered right at the first try (skipped ones
    /// included), in step order.
    pub fn missed<'p>(&self, placement: &'p CheckpointPlacement) -> Vec<&'p Placed> {
        placement
            .placed
            .iter()
            .filter(|p| !self.tries.get(&p.id).is_some_and(|t| t.first_try))
            .collect()
    }

    /// Issue 46: the checkpoints on this run tried and not right at the first try, in step
    /// order (the end card links to each one's step to revisit).
    pub fn not_right<'p>(&self, placement: &'p CheckpointPlacement) -> Vec<&'p Placed> {
        placement
            .placed
            .iter()
            .filter(|p| {
                self.tries
                    .get(&p.id)
                    .is_some_and(|t| t.attempts > 0 && !t.first_try)
            })
            .collect()
    }

    /// Issue 46: the checkpoints on this run never tried: passed with checkpoints switched
    /// off, or jumped over. "Skipped", never "not right": no answer was wrong.
    pub fn skipped<'p>(&self, placement: &'p CheckpointPlacement) -> Vec<&'p Placed> {
        placement
            .placed
            .iter()
            .filter(|p| self.tries.get(&p.id).is_none_or(|t| t.attempts == 0))
            .collect()
    }

    /// How many checkpoints on this run were answered right (at any try).
    pub fn answered_count(&self, placement: &CheckpointPlacement) -> usize {
        placement
            .placed
            .iter()
            .filter(|p| self.answered(&p.id))
            .count()
    }

    /// Whether any checkpoint on this run was tried (before that the score says nothing).
    pub fn any_tried(&self, placement: &CheckpointPlacement) -> bool {
        placement
            .placed
            .iter()
            .any(|p| self.tries.get(&p.id).is_some_and(|t| t.attempts > 0))
    }

    /// The score as a learner reads it: "2 of 3 answered, 1 right at the first try".
    pub fn words(&self, placement: &CheckpointPlacement, lang: Lang) -> String {
        let (right, total) = self.tally(placement);
        let answered = self.answered_count(placement);
        match lang {
            Lang::Zh => {
                format!("检查点：{total} 题中已回答 {answered} 题，第一次就答对 {right} 题")
            }
            Lang::En => format!(
                "Checkpoints: {answered} of {total} answered, {right} right at the first try"
            ),
        }
    }
}
