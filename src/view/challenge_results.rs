//! The learner's results at a lesson's challenges (issue 48): per challenge id, whether it was
//! met, the fewest choices the learner met it with, and whether the hint or the solution was
//! opened. Kept beside the checkpoint scores (local storage, `ui/state/challenge.rs`), read by
//! the course report as rows of their own.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// One challenge's result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChallengeTry {
    /// The goal was met on some branch.
    pub met: bool,
    /// The fewest choices it was met with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices: Option<usize>,
    pub hint_seen: bool,
    pub solution_seen: bool,
}

/// One lesson's challenge results, by challenge id.
pub type ChallengeResults = BTreeMap<String, ChallengeTry>;

/// `results` after the goal `id` was met with `choices` choices: met stays met, and the fewest
/// choices is kept. True when it changed (a course is told).
pub fn record_met(results: &mut ChallengeResults, id: &str, choices: usize) -> bool {
    let entry = results.entry(id.to_string()).or_default();
    let before = *entry;
    entry.met = true;
    entry.choices = Some(entry.choices.map_or(choices, |best| best.min(choices)));
    *entry != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_goal_met_again_with_more_choices_keeps_the_fewest_and_says_nothing_changed() {
        let mut results = ChallengeResults::new();
        assert!(record_met(&mut results, "c", 3));
        assert!(record_met(&mut results, "c", 1));
        assert!(!record_met(&mut results, "c", 2));
        assert_eq!(results["c"].choices, Some(1));
        assert!(results["c"].met);
    }
}
