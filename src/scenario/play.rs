//! Playing a [`Scenario`] on the scripted model: its lesson (`Scenario::to_lesson`, the
//! default delivery policy and the authored replies) through the same driver as a built-in
//! lesson, so forks, toggles and live runs work the same way.

use super::Scenario;
use crate::engine::Timeline;
use crate::lessons::{play_lesson_branch, PlayError, PlayOptions};

/// Plays `scenario` to its end with `options`.
pub fn play_scenario(scenario: &Scenario, options: &PlayOptions) -> Result<Timeline, PlayError> {
    play_scenario_branch(scenario, options).map(|(timeline, _)| timeline)
}

/// [`play_scenario`], with where the run left the scenario's original run (None when it did
/// not). A scenario that fails validation is [`PlayError::InvalidConfig`], never a panic.
pub fn play_scenario_branch(
    scenario: &Scenario,
    options: &PlayOptions,
) -> Result<(Timeline, Option<usize>), PlayError> {
    scenario
        .validate()
        .map_err(|e| PlayError::InvalidConfig(e.message(options.lang)))?;
    play_lesson_branch(&scenario.to_lesson(), options)
}
