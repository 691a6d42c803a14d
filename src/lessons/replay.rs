//! Replaying a [`Recording`]: the recorded answers handed to a new [`Run`] of the same lesson
//! and options, in their order, give the same log (the engine is deterministic).

use super::lesson::Lesson;
use super::options::PlayError;
use super::recording::Recording;
use super::run::{Run, MAX_INPUTS};
use crate::engine::{RequestId, Timeline};

/// Why a recording cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// A recording of another format version.
    Version(u32),
    /// It names another lesson than the one given.
    Lesson(String),
    /// More answers than any run may take.
    TooLong(usize),
    /// An answer for a request the run never sent.
    UnknownRequest(RequestId),
    /// The lesson cannot be played.
    Play(PlayError),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Version(v) => write!(
                f,
                "the recording has format version {v}; this playground reads version {}",
                Recording::VERSION
            ),
            ReplayError::Lesson(id) => write!(f, "the recording is of lesson '{id}'"),
            ReplayError::TooLong(n) => {
                write!(f, "the recording has {n} answers, more than {MAX_INPUTS}")
            }
            ReplayError::UnknownRequest(id) => write!(
                f,
                "the recording answers request {id}, which the replay never sent: it does not belong to this lesson as played"
            ),
            ReplayError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl Recording {
    /// Plays `lesson` again, handing in the recorded answers in their order: the run's log,
    /// without the lesson's scripted captions (a live run tells its own story; each event is
    /// narrated).
    pub fn replay(&self, lesson: &Lesson) -> Result<Timeline, ReplayError> {
        if self.version != Self::VERSION {
            return Err(ReplayError::Version(self.version));
        }
        if self.lesson != lesson.id {
            return Err(ReplayError::Lesson(self.lesson.clone()));
        }
        if self.answers.len() > MAX_INPUTS {
            return Err(ReplayError::TooLong(self.answers.len()));
        }
        let mut run = Run::new(lesson, &self.options).map_err(ReplayError::Play)?;
        run.advance().map_err(ReplayError::Play)?;
        for recorded in &self.answers {
            let sent = run
                .timeline()
                .final_state()
                .requests()
                .iter()
                .any(|r| r.request.id == recorded.request);
            if !sent {
                return Err(ReplayError::UnknownRequest(recorded.request));
            }
            run.answer(recorded.request, recorded.answer.clone(), recorded.at)
                .map_err(ReplayError::Play)?;
            run.advance().map_err(ReplayError::Play)?;
        }
        let mut timeline = run.finish_uncaptioned();
        if let Some(kept) = self.stopped_at {
            timeline.truncate(kept);
        }
        Ok(timeline)
    }
}
