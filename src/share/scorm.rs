//! SCORM 1.2 (issue 26 part 4): the values the page gives an LMS's run-time API, built and
//! read here, natively; `ui/features/scorm.rs` only finds the API and calls it.
//!
//! - `cmi.core.lesson_status`: `incomplete` from the first launch; at completion (the
//!   playhead moves onto the last step with every checkpoint answered, `embed_results::Completion`)
//!   `passed` or `failed` by the mastery rule ([`MASTERY_PERCENT`] of the checkpoints right at
//!   the first try), `completed` for a lesson without checkpoints. A status the LMS already holds
//!   as final is never set back to `incomplete` by a later launch.
//! - `cmi.core.score.raw/min/max`: the share right at the first try as a percentage, 0 and
//!   100 (LMSs such as Moodle read `raw` as the grade out of 100, so a count of 2 would be
//!   graded 2 %); none for a lesson without checkpoints.
//! - `cmi.suspend_data`: the stored session (`StoredSession`, as JSON: lesson, branches, step,
//!   level and score) within SCORM 1.2's 4096 characters; a session past the limit is cut
//!   ([`suspend_data`] says how), and read back by [`read_suspend_data`].

use crate::engine::Lang;
use crate::lessons::PlayOptions;

use super::embed_results::LessonScore;
use super::session::StoredSession;

/// `cmi.suspend_data` is a CMIString4096 in SCORM 1.2.
pub const SUSPEND_DATA_LIMIT: usize = 4096;

/// The mastery rule: the lesson is passed when at least this share of its checkpoints was
/// answered right at the first try (2 of 3, 3 of 5, 4 of 6 pass), else failed. Also the
/// package's `adlcp:masteryscore`, so an LMS that judges by it agrees.
pub const MASTERY_PERCENT: u32 = 60;

/// `cmi.core.lesson_status` as this page sets it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Incomplete,
    Passed,
    Failed,
    Completed,
}

impl Status {
    /// The vocabulary value.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Incomplete => "incomplete",
            Status::Passed => "passed",
            Status::Failed => "failed",
            Status::Completed => "completed",
        }
    }

    /// The status at completion of a lesson scoring `score`.
    pub fn at_completion(score: LessonScore) -> Status {
        match percent(score) {
            None => Status::Completed,
            Some(p) if p >= MASTERY_PERCENT => Status::Passed,
            Some(_) => Status::Failed,
        }
    }

    /// What a launch sets given the status the LMS holds: `incomplete`, unless the LMS already
    /// holds a final one (`passed`, `failed`, `completed`) from an earlier attempt, which
    /// stays until this launch completes the lesson again.
    pub fn at_launch(held: &str) -> Option<Status> {
        match held.trim() {
            "passed" | "failed" | "completed" => None,
            _ => Some(Status::Incomplete),
        }
    }
}

/// The share right at the first try, rounded down to a whole percent (a rounded-up 59.5 %
/// must not pass a 60 % rule); None without checkpoints.
pub fn percent(score: LessonScore) -> Option<u32> {
    if score.max == 0 {
        return None;
    }
    let p = score.score.min(score.max) * 100 / score.max;
    Some(u32::try_from(p).unwrap_or(100))
}

/// `cmi.core.score.raw`, `.min`, `.max` (element, value) to set; empty without checkpoints.
pub fn score_values(score: LessonScore) -> Vec<(&'static str, String)> {
    let Some(raw) = percent(score) else {
        return Vec::new();
    };
    vec![
        ("cmi.core.score.raw", raw.to_string()),
        ("cmi.core.score.min", "0".into()),
        ("cmi.core.score.max", "100".into()),
    ]
}

/// How much of the session `cmi.suspend_data` keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// All of it (the lesson, its branches, step, level and score).
    Whole,
    /// Past the limit, the earlier branches to switch back to were left out.
    WithoutEarlier,
    /// Still past it (a branch of many long edits), the branch on screen was left out too: a
    /// resume opens the lesson as written, at its start, with the score.
    ScoreOnly,
}

/// `cmi.suspend_data` for `session`: its JSON without what belongs to this browser only (free
/// play's scenario and draft, the tab, what was kept aside), cut down as [`Kept`] says until
/// it fits [`SUSPEND_DATA_LIMIT`]; None when not even the score fits (a lesson of hundreds
/// of checkpoints: no built-in lesson comes near): then nothing is written and the LMS keeps
/// the last session that fitted.
pub fn suspend_data(session: &StoredSession) -> Option<(String, Kept)> {
    let whole = StoredSession {
        scenario: None,
        draft: None,
        tab: None,
        previous: None,
        free_play_default: false,
        ..session.clone()
    };
    let without_earlier = StoredSession {
        earlier: Vec::new(),
        ..whole.clone()
    };
    let score_only = StoredSession {
        options: PlayOptions::default(),
        step: 0,
        ..without_earlier.clone()
    };
    [
        (whole, Kept::Whole),
        (without_earlier, Kept::WithoutEarlier),
        (score_only, Kept::ScoreOnly),
    ]
    .into_iter()
    .find_map(|(session, kept)| {
        let text = serde_json::to_string(&session).ok()?;
        (text.chars().count() <= SUSPEND_DATA_LIMIT).then_some((text, kept))
    })
}

/// The session in `cmi.suspend_data` as the LMS gives it back: None when empty (a first
/// launch), an error in `lang` when it cannot be read (the lesson then opens as the link says).
pub fn read_suspend_data(text: &str, lang: Lang) -> Result<Option<StoredSession>, String> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    StoredSession::read(text, lang).map(Some)
}

/// `cmi.core.exit` when the page is left: always `suspend`, so the LMS keeps
/// `cmi.suspend_data` for the next launch (SCORM 1.2 resumes only a suspended attempt) and a
/// learner who comes back to a finished lesson finds it with its score, not a new attempt.
pub const EXIT: &str = "suspend";
