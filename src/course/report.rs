//! The one course report ([`CourseReport`]): what every course the playground reports to is
//! told about the lesson on screen, computed once from the learner's tries and the lesson's
//! checkpoints as placed on the run the report is over. The embed API's `state` and
//! `completed` (and their xAPI statements), SCORM's score and status, and Open edX's grade and
//! state all read it; none counts on its own.

use super::challenge_report::ReportedChallenge;
use super::embed_results::LessonScore;
use crate::lessons::checkpoint::CheckpointPlacement;
use crate::view::checkpoints::{Score, Tries};

/// One checkpoint as a course sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportedCheckpoint {
    pub id: String,
    /// Right at the first try (what the score counts).
    pub correct: bool,
    /// Answered right at all, at the first try or later.
    pub answered: bool,
}

/// What a course is told about the lesson on screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CourseReport {
    pub lesson: String,
    /// The learner's tries at this lesson's checkpoints (every one, as stored).
    pub tries: Score,
    /// Right at the first try, over the checkpoints placed on the run.
    pub score: LessonScore,
    /// The checkpoints placed on the run, in step order.
    pub checkpoints: Vec<ReportedCheckpoint>,
    /// The lesson's challenges (issue 48), rows of their own beside the score.
    pub challenges: Vec<ReportedChallenge>,
}

impl CourseReport {
    /// The report of `lesson` with `tries`, over the checkpoints of `placement`.
    pub fn of(lesson: &str, tries: &Score, placement: &CheckpointPlacement) -> CourseReport {
        let checkpoints = placement
            .placed
            .iter()
            .map(|placed| {
                let Tries {
                    first_try,
                    answered,
                    ..
                } = tries.tries.get(&placed.id).copied().unwrap_or_default();
                ReportedCheckpoint {
                    id: placed.id.clone(),
                    correct: first_try,
                    answered,
                }
            })
            .collect();
        CourseReport {
            lesson: lesson.to_string(),
            tries: tries.clone(),
            score: LessonScore::of(tries, placement),
            checkpoints,
            challenges: Vec::new(),
        }
    }

    /// The report with the lesson's challenge rows.
    pub fn with_challenges(mut self, challenges: Vec<ReportedChallenge>) -> CourseReport {
        self.challenges = challenges;
        self
    }

    /// Every checkpoint on the run was answered right (at the first try or later): the lesson
    /// may complete.
    pub fn all_answered(&self) -> bool {
        self.checkpoints.iter().all(|c| c.answered)
    }

    /// The learner has tried no checkpoint yet: nothing to report as a score.
    pub fn untried(&self) -> bool {
        self.tries.is_empty()
    }
}
