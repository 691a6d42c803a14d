//! The one place an id the page can open becomes a timeline: a built-in lesson id (built in
//! the options' language and played with the learner's options) or `stress-<n>`, the
//! generated stress lesson of `n` events (capped at [`stress::MAX_EVENTS`]), which the perf
//! test opens. The UI resolves ids only through here, so no prefix is special-cased anywhere
//! else.

use super::catalog::find;
use super::driver::play_branch;
use super::options::{PlayError, PlayOptions};
use super::stress;
use crate::engine::Timeline;

const STRESS_PREFIX: &str = "stress-";

/// What an id names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Playable {
    /// An entry of the catalog (a lesson or free play).
    Lesson(String),
    /// The generated stress lesson of this many events (already capped).
    Stress(usize),
}

impl Playable {
    /// Reads an id; None if it names nothing the page can play.
    pub fn parse(id: &str) -> Option<Playable> {
        if let Some(n) = id.strip_prefix(STRESS_PREFIX) {
            return n
                .parse::<usize>()
                .ok()
                .map(|n| Playable::Stress(n.min(stress::MAX_EVENTS)));
        }
        find(id).is_some().then(|| Playable::Lesson(id.to_string()))
    }

    /// Plays it. The stress lesson has no script to change, so it ignores the options.
    pub fn play(&self, options: &PlayOptions) -> Result<Timeline, PlayError> {
        self.play_branch(options).map(|(timeline, _)| timeline)
    }

    /// [`Self::play`], with where the run left the original run (see `driver::divergence`).
    pub fn play_branch(
        &self,
        options: &PlayOptions,
    ) -> Result<(Timeline, Option<usize>), PlayError> {
        match self {
            Playable::Lesson(id) => play_branch(id.as_str(), options),
            Playable::Stress(n) => Ok((stress::generate(*n), None)),
        }
    }
}

/// Plays whatever `id` names with `options`; an id that names nothing is
/// [`PlayError::UnknownLesson`].
pub fn play_id(id: &str, options: &PlayOptions) -> Result<Timeline, PlayError> {
    play_id_branch(id, options).map(|(timeline, _)| timeline)
}

/// [`play_id`], with where the run left the lesson's original run (None when it did not).
pub fn play_id_branch(
    id: &str,
    options: &PlayOptions,
) -> Result<(Timeline, Option<usize>), PlayError> {
    Playable::parse(id)
        .ok_or_else(|| PlayError::UnknownLesson(id.to_string()))?
        .play_branch(options)
}
