//! The one place an id the page can open becomes a timeline: a built-in lesson id (built in
//! the options' language and played with the learner's options) or `stress-<n>`, the
//! generated stress lesson of `n` events (capped at [`stress::MAX_EVENTS`]), which the perf
//! test opens. Ids are resolved only through here, so no prefix is special-cased anywhere
//! else.

use super::driver::play_lesson;
use super::options::{PlayError, PlayOptions};
use super::registry::find;
use super::registry::lesson;
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
}

/// Plays whatever `id` names with `options` (the stress lesson has no script to change, so it
/// ignores them); an id that names nothing is [`PlayError::UnknownLesson`]. The run on screen
/// (with free play's scenario, a recording, where a branch left the original) is
/// `on_screen::OnScreen::play`; this is the same run by id alone.
pub fn play(id: &str, options: &PlayOptions) -> Result<Timeline, PlayError> {
    match Playable::parse(id).ok_or_else(|| PlayError::UnknownLesson(id.to_string()))? {
        Playable::Lesson(id) => {
            let lesson = lesson(&id, options.lang).ok_or(PlayError::UnknownLesson(id))?;
            play_lesson(&lesson, options).map(|(timeline, _)| timeline)
        }
        Playable::Stress(n) => Ok(stress::generate(n)),
    }
}
