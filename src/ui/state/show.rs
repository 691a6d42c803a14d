//! Changing the run on screen: the playhead's pause before it is replaced, and the writers
//! that replace it ([`Playground::show`], the one a link, an imported file, the stored session
//! and a recording's replay all open through; opening a lesson or a scenario). Readers are in
//! `context.rs` ([`Playground::on_screen`]).

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::Timeline;
use crate::lessons::{Branches, PlayOptions, ToggleChoice};
use crate::scenario::on_screen::{OnScreen, Source};
use crate::scenario::Scenario;
use crate::ui::state::context::{PlayedRun, Playground};
use crate::view::playhead::{Command, Playhead, Track};
use crate::view::story::Level;

impl Playground {
    /// Stops playing, before the run on screen is replaced: the playhead's `Pause`, written
    /// here. A pause needs no track, so this reads neither the run nor its key steps (no memo
    /// is computed early while the run is being replaced); `transport::pause` is the same
    /// command on the run's track, for a change made on the run on screen.
    pub fn pause(&self) {
        let here = Playhead {
            step: self.step.get_untracked(),
            playing: self.playing.get_untracked(),
        };
        let change = here.change(
            Command::Pause,
            &Track {
                events: &[],
                key_steps: &[],
                breaks_on: &|_| false,
                level: Level::Event,
                stops: &[],
            },
        );
        if let Some(step) = change.step {
            self.step.set(step);
        }
        if let Some(playing) = change.playing {
            self.playing.set(playing);
        }
    }

    /// Puts a whole run on screen: its lesson, language, scenario, branch and toggles, the live
    /// run and the step, with `earlier` branches to switch back to. The one writer of the run
    /// on screen: a link, an imported file, the stored session and a live run's offline replay
    /// all open through it, so they cannot drift; [`Playground::on_screen`] is the one reader.
    /// `replayed` is the recording's offline replay: with the recording, the live run on
    /// screen. Without both, no live run is on screen (an earlier one of the same lesson is not
    /// shown with the new inputs).
    pub fn show(&self, on_screen: OnScreen, replayed: Option<Timeline>, earlier: Vec<PlayOptions>) {
        let OnScreen {
            source,
            options,
            recording,
            step,
        } = on_screen;
        let lesson = source.lesson_id().to_string();
        self.pause();
        self.lang.set(options.lang);
        self.open_lesson(lesson.clone());
        // The branch before the scenario: setting the scenario clamps the step, which plays the
        // run, and it should be this branch's run, not the default one's. The branch holds no
        // language: the page's is the one in force.
        self.toggles.set(options.learner_toggles);
        let current = PlayOptions {
            lang: PlayOptions::default().lang,
            ..options
        };
        self.branches.set(Branches::restored(current, earlier));
        if source.is_free_play() {
            self.set_scenario(source.scenario().cloned());
        }
        match recording.zip(replayed) {
            Some((recording, timeline)) => {
                self.recording.set(Some(recording));
                self.live
                    .set(Some((lesson, PlayedRun(Arc::new(timeline), None))));
            }
            None => self.live.set(None),
        }
        self.go_to(step);
    }

    /// Opens free play with `scenario` at `step`, on a fresh branch (no edit, no toggle
    /// flipped), in the page's language: what the editor's "open in the editor" and a `src=`
    /// link do.
    pub fn open_scenario(&self, scenario: Arc<Scenario>, step: usize) {
        let options = PlayOptions {
            lang: self.lang.get_untracked(),
            ..PlayOptions::default()
        };
        let on_screen = OnScreen {
            step,
            ..OnScreen::new(Source::free_play(Some(scenario)), options)
        };
        self.show(on_screen, None, Vec::new());
    }

    /// Puts `scenario` on screen for free play (None: free play's built-in lesson): a live run
    /// of free play no longer matches it and is dropped, and the step is clamped to the new
    /// run.
    pub fn set_scenario(&self, scenario: Option<Arc<Scenario>>) {
        self.pause();
        let free_play_live = self.live.with_untracked(|l| {
            l.as_ref()
                .and_then(|(id, _)| Source::on_page(id, None))
                .is_some_and(|source| source.is_free_play())
        });
        if free_play_live {
            self.live.set(None);
        }
        self.scenario.set(scenario);
        self.go_to(self.step.get_untracked());
    }

    /// Switches lesson: step 0, no fork, no toggle flipped, no selection.
    pub fn open_lesson(&self, id: String) {
        self.pause();
        self.branches.set(Branches::default());
        self.toggles.set(ToggleChoice::default());
        self.selected.set(None);
        self.step.set(0);
        self.lesson_id.set(id);
    }
}
