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

use crate::engine::{Caption, Lang};
use crate::lessons::PlayOptions;

use super::embed_results::LessonScore;
use crate::keep::session::StoredSession;

/// `cmi.suspend_data` is a CMIString4096 in SCORM 1.2.
pub const SUSPEND_DATA_LIMIT: usize = 4096;

/// The mastery rule: the lesson is passed when at least this share of its checkpoints was
/// answered right at the first try (2 of 3, 3 of 5, 4 of 6 pass), else failed. The page
/// decides it, at completion only: the package names no `adlcp:masteryscore`, because an LMS
/// that has one judges `passed`/`failed` from the score at every `LMSFinish` (scorm-again
/// does), which would fail a learner who leaves halfway through and means to come back.
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
pub enum Suspended {
    /// All of it (the lesson, its branches, step, level and score).
    Whole,
    /// Past the limit, the earlier branches to switch back to were left out.
    WithoutEarlier,
    /// Still past it (a branch of many long edits), the branch on screen was left out too: a
    /// resume opens the lesson as written, at its start, with the score.
    ScoreOnly,
}

/// `cmi.suspend_data` for `session`: its JSON without what belongs to this browser only (free
/// play's scenario and draft, the tab, what was kept aside), cut down as [`Suspended`] says until
/// it fits [`SUSPEND_DATA_LIMIT`]; None when not even the score fits (a lesson of hundreds
/// of checkpoints: no built-in lesson comes near): then nothing is written and the LMS keeps
/// the last session that fitted.
pub fn suspend_data(session: &StoredSession) -> Option<(String, Suspended)> {
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
        (whole, Suspended::Whole),
        (without_earlier, Suspended::WithoutEarlier),
        (score_only, Suspended::ScoreOnly),
    ]
    .into_iter()
    .find_map(|(session, kept)| {
        let text = serde_json::to_string(&session).ok()?;
        // The LMS counts UTF-16 units (a JavaScript string's length), not characters.
        (text.encode_utf16().count() <= SUSPEND_DATA_LIMIT).then_some((text, kept))
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

/// The LMS's answer to a call meant success: SCORM 1.2 answers the strings "true"/"false"
/// (some LMSs a boolean, which the page reads as its string).
pub fn lms_true(reply: Option<&str>) -> bool {
    reply.is_some_and(|r| r.trim() == "true")
}

/// What the page says about the LMS, in both languages, once, without stopping the lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// `scorm=1` but no LMS API in the parent frames or the opener.
    NoApi,
    /// `LMSInitialize` answered false; the LMS's error code.
    Refused(String),
    /// `cmi.suspend_data` could not be read (the reason, in the page's language).
    Unreadable(String),
    /// The session was cut to fit `cmi.suspend_data`.
    Cut(Suspended),
    /// The LMS refused the session (`LMSSetValue` of `cmi.suspend_data` answered false).
    NotKept,
}

impl Note {
    /// The note's text.
    pub fn text(&self) -> Caption {
        match self {
            Note::NoApi => Caption::new(
                "没有找到学习管理系统（LMS）的 SCORM 接口：这一课照常可用，但得分和进度不会报告给课程，下次打开也不会从这里继续。",
                "No SCORM API of a learning management system (LMS) was found: the lesson works as usual, but its score and progress are not reported to the course, and the next launch does not resume here.",
            ),
            Note::Refused(code) => Caption::new(
                format!("课程的学习管理系统没有开始 SCORM 会话（LMSInitialize 返回 false，错误码 {code}）：这一课照常可用，但得分和进度不会报告给课程。"),
                format!("The course's LMS did not start the SCORM session (LMSInitialize answered false, error code {code}): the lesson works as usual, but its score and progress are not reported to the course."),
            ),
            Note::Unreadable(why) => Caption::new(
                format!("学习管理系统保存的进度无法读取，这一课从头开始：{why}"),
                format!("The progress the LMS kept cannot be read, so the lesson starts afresh: {why}"),
            ),
            Note::Cut(Suspended::ScoreOnly) => Caption::new(
                "你在这一课的分支太长，学习管理系统存不下（SCORM 1.2 最多 4096 个字符）：下次打开时这一课从头开始，得分保留。",
                "Your branch of this lesson is too long for the LMS to keep (SCORM 1.2 keeps 4096 characters): the next launch opens the lesson at its start, with your score.",
            ),
            Note::NotKept => Caption::new(
                "学习管理系统没有收下这次的进度：下次打开时会从它上一次收下的地方继续。",
                "The LMS did not take this progress: the next launch resumes from the last progress it took.",
            ),
            Note::Cut(_) => Caption::new(
                "你之前的分支太长，学习管理系统存不下（SCORM 1.2 最多 4096 个字符）：下次打开时只保留当前分支、步骤和得分。",
                "Your earlier branches are too long for the LMS to keep (SCORM 1.2 keeps 4096 characters): the next launch keeps the branch on screen, its step and your score only.",
            ),
        }
    }
}
