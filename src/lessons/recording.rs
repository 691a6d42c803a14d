//! A recorded run: the lesson it played, the toggles, and every input applied, in order. The
//! engine is deterministic, so applying the inputs again gives the same log: a live run on a
//! real model replays offline, step by step, like any lesson. Model replies are in it (they
//! are the run); a key never is (it is not an input).

use super::driver::PlayError;
use super::run::MAX_INPUTS;
use super::Lesson;
use crate::engine::{Input, Lang, Recorder, Team, Timeline, Toggles};
use serde::{Deserialize, Serialize};

/// What a live run leaves behind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recording {
    /// The format's version; a recording of another version is refused.
    pub version: u32,
    /// The lesson the run played (its team and intro).
    pub lesson: String,
    /// The language the lesson was built in (its intro and files).
    pub lang: Lang,
    /// The modes in force when the run started.
    pub toggles: Toggles,
    /// Every input applied, in order.
    pub inputs: Vec<Input>,
}

/// Why a recording cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// A recording of another format version.
    Version(u32),
    /// It names another lesson than the one given.
    Lesson(String),
    /// More inputs than any run may have.
    TooLong(usize),
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
                write!(f, "the recording has {n} inputs, more than {MAX_INPUTS}")
            }
            ReplayError::Play(e) => write!(f, "{e}"),
        }
    }
}

impl Recording {
    /// The format version this build writes and reads.
    pub const VERSION: u32 = 1;

    /// Applies the recorded inputs to `lesson`'s team again (the lesson built in `lang`): the run's log, without the
    /// lesson's scripted captions (a live run tells its own story; each event is narrated).
    pub fn replay(&self, lesson: &Lesson) -> Result<Timeline, ReplayError> {
        if self.version != Self::VERSION {
            return Err(ReplayError::Version(self.version));
        }
        if self.lesson != lesson.id {
            return Err(ReplayError::Lesson(self.lesson.clone()));
        }
        if self.inputs.len() > MAX_INPUTS {
            return Err(ReplayError::TooLong(self.inputs.len()));
        }
        let mut config = lesson.config.clone();
        config.toggles = self.toggles;
        let team =
            Team::new(config).map_err(|e| ReplayError::Play(PlayError::InvalidConfig(e.0)))?;
        let mut recorder = Recorder::new(team);
        recorder.set_intro(lesson.intro.clone());
        for input in &self.inputs {
            recorder.apply(input.clone());
        }
        Ok(recorder.finish())
    }
}
