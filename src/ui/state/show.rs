//! Changing the run on screen: the playhead's pause before it is replaced, and every writer of
//! the one signal that holds it (`on_screen::screen::Screen`): [`Playground::show`], the one a
//! link, an imported file, the stored session and a recording's replay all open through;
//! opening a lesson or a scenario; the language, the toggles, the branch, the recording; the
//! step ([`Playground::go_to`], clamped, and [`Playground::set_step`], the playhead's). Each is
//! one `Screen` method, tested natively. Readers are in `context.rs` (the memos and
//! [`Playground::on_screen`]).

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::{Lang, Timeline};
use crate::lessons::recording::Recording;
use crate::lessons::{Branches, PlayOptions, ToggleChoice};
use crate::on_screen::screen::Screen;
use crate::on_screen::{OnScreen, Source};
use crate::scenario::Scenario;
use crate::ui::state::context::{LiveRun, PlayedRun, Playground};
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
                breaks_at: &|_| false,
                level: Level::Event,
                stops: &[],
            },
        );
        if let Some(step) = change.step {
            self.set_step(step);
        }
        if let Some(playing) = change.playing {
            self.playing.set(playing);
        }
    }

    /// Puts a whole run on screen: its source, language, branch and toggles, the recording and
    /// the step, with `earlier` branches to switch back to. The one writer of a whole run on
    /// screen: a link, an imported file, the stored session and a live run's offline replay
    /// all open through it, so they cannot drift; [`Playground::on_screen`] is the one reader.
    /// `replayed` is the recording's offline replay: with the recording, the live run on
    /// screen. Without both, no live run is on screen (an earlier one of the same lesson is not
    /// shown with the new inputs).
    pub fn show(&self, on_screen: OnScreen, replayed: Option<Timeline>, earlier: Vec<PlayOptions>) {
        self.pause();
        self.selected.set(None);
        let step = on_screen.step;
        let (recording, live) = match on_screen.recording.clone().zip(replayed) {
            Some((recording, timeline)) => (
                Some(recording),
                Some(LiveRun {
                    source: on_screen.source.clone(),
                    run: PlayedRun::of(timeline),
                }),
            ),
            None => (None, None),
        };
        self.live.set(live);
        // Step 0 first, then the step clamped to the run it names (a seeded run is taken).
        let on_screen = OnScreen {
            recording,
            step: 0,
            ..on_screen
        };
        self.change(|s| s.show(on_screen, earlier));
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

    /// Puts `scenario` on screen for free play (None: free play's built-in lesson), or keeps it
    /// for free play while another lesson is open: a live run of free play no longer matches
    /// it and is dropped, and the step is clamped to the run on screen.
    pub fn set_scenario(&self, scenario: Option<Arc<Scenario>>) {
        self.pause();
        let free_play_live = self
            .live
            .with_untracked(|l| l.as_ref().is_some_and(|l| l.source.is_free_play()));
        if free_play_live {
            self.live.set(None);
        }
        self.change(|s| s.set_scenario(scenario));
        // Only free play's run changed; another lesson's need not be played to clamp its step.
        if self.in_free_play_untracked() {
            self.go_to(self.step.get_untracked());
        }
    }

    /// Switches lesson: step 0, no fork, no toggle flipped, no selection. Another lesson's live
    /// run leaves the screen with its recording; the same lesson's (a reset) stays.
    pub fn open_lesson(&self, id: String) {
        self.pause();
        self.selected.set(None);
        if self.lesson_id.get_untracked() != id {
            self.live.set(None);
        }
        self.change(|s| s.open(&id));
    }

    /// Switches the page's language: the run is played in it, the step stays.
    pub fn set_lang(&self, lang: Lang) {
        self.change(|s| s.set_lang(lang));
    }

    /// Changes the learner's toggles; the lesson replays and the step is kept within it.
    pub fn change_toggles(&self, change: impl FnOnce(&mut ToggleChoice)) {
        self.change(|s| s.change_toggles(change));
        self.go_to(self.step.get_untracked());
    }

    /// Changes the branches (a fork, a recall, a switch back; see `Screen::change_branch`):
    /// the new current branch plays (the caller moves the step within it). None when the page
    /// is gone.
    pub fn change_branch<R>(&self, change: impl FnOnce(&mut Branches) -> R) -> Option<R> {
        self.change(|s| s.change_branch(change))
    }

    /// Puts a live run's recording on screen (None: none), when it is of the lesson on screen.
    pub fn set_recording(&self, recording: Option<Arc<Recording>>) {
        self.change(|s| s.set_recording(recording));
    }

    /// Moves to `step`, clamped to the run. Called from event handlers, so it reads untracked.
    pub fn go_to(&self, step: usize) {
        let last = self.last_step_untracked();
        self.move_step(|s| s.go_to(step, last));
    }

    /// Moves to `step` as it is: the playhead's moves, already within the run.
    pub fn set_step(&self, step: usize) {
        self.move_step(|s| s.set_step(step));
    }

    /// Changes the run on screen (anything but a move of the step alone): the memos of its
    /// parts are asked again, the step's too (a change may move it).
    fn change<R>(&self, change: impl FnOnce(&mut Screen) -> R) -> Option<R> {
        let result = self.screen.try_update(change);
        self.step_moved.notify();
        result
    }

    /// Moves the step alone: only the step's readers hear of it (see `Playground::step_moved`).
    fn move_step(&self, move_step: impl FnOnce(&mut Screen) -> bool) {
        if self.screen.try_update_untracked(move_step) == Some(true) {
            self.step_moved.notify();
        }
    }
}
