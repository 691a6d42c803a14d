//! The export format itself: [`RunExport`] (README.md, "Export format (version 1)"), its name
//! and version, and how the run on screen becomes one and back.

use crate::engine::Timeline;
use crate::lessons::recording::Recording;
use crate::lessons::PlayOptions;
use crate::on_screen::{admit, Arrival, OnScreen, Refusal};
use crate::scenario::Scenario;
use crate::view::transcript::event_line;
use serde::{Deserialize, Serialize};

/// The format name every export carries, so an import knows what it reads.
pub const FORMAT: &str = "agent-team-playground-run";
/// The one version this build writes and reads.
pub const VERSION: u32 = 1;
/// The largest file an import reads, in bytes (a scenario's 200,000 plus a recording and the
/// event log).
pub const MAX_IMPORT_BYTES: usize = 2_000_000;

/// A run as exported (README.md, "Export format (version 1)").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunExport {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The lesson id (`free-play` for a scenario).
    pub lesson: String,
    /// The scenario free play played, inline; absent for a built-in lesson (its id names it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    /// The inputs: language, contrast modes, the learner's interventions (forks).
    pub options: PlayOptions,
    /// The step on screen.
    pub step: usize,
    /// A live run's recording (its answers; never a key), which replays offline.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recording: Option<Recording>,
    /// The event log, one transcript line per event (`#seq t=time [category] summary`); an
    /// import checks its replay yields the same lines.
    pub events: Vec<String>,
}

impl RunExport {
    /// The export of the run on screen: its lesson id, free play's scenario if one is on
    /// screen, the play options, the step, the recording when the run on screen is a live one,
    /// and the event log of `timeline` (the run `on_screen` plays).
    pub fn new(on_screen: &OnScreen, timeline: &Timeline) -> RunExport {
        RunExport {
            format: FORMAT.to_string(),
            version: VERSION,
            lesson: on_screen.lesson_id().to_string(),
            scenario: on_screen.source.scenario().map(|s| (**s).clone()),
            options: on_screen.options.clone(),
            step: on_screen.step.min(timeline.len()),
            recording: on_screen.recording.as_ref().map(|r| (**r).clone()),
            events: timeline.events().iter().map(event_line).collect(),
        }
    }

    /// What the export carries of the run, for the door ([`admit`]).
    pub fn arrival(&self) -> Arrival {
        Arrival {
            lesson: self.lesson.clone(),
            scenario: self.scenario.clone(),
            options: self.options.clone(),
            earlier: Vec::new(),
            recording: self.recording.clone(),
            step: self.step,
        }
    }

    /// The run on screen this export names, through the door (`import::import` plays it and
    /// compares its event log).
    pub fn on_screen(&self) -> Result<OnScreen, Vec<Refusal>> {
        admit(self.arrival()).map(|admitted| admitted.on_screen)
    }

    /// Pretty JSON, the form `import::import` reads back.
    pub fn to_json(&self) -> String {
        // Plain data with string keys: serializing cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}
