//! The checkpoints' page state (issue 26): whether they ask (the switch, remembered in local
//! storage like the language), the learner's scores per lesson (kept in this browser's local
//! storage by lesson id and checkpoint id, and in the stored session as its `score`: both are
//! read, a resumed session's merged in by [`Checkpoints::adopt`]), the checkpoint being asked and
//! the last answer's feedback. The lesson's checkpoints are placed on the run on screen
//! (`lessons::checkpoint::place`); which move asks is the native playhead's
//! (`Playhead::asks`), applied by [`Checkpoints::intercept`] from the transport's `drive`.

use std::cell::Cell;
use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::course::report::CourseReport;
use crate::lessons::checkpoint::{place, CheckpointPlacement};
use crate::ui::browser::storage;
use crate::ui::state::context::Playground;
use crate::view::checkpoints::{Feedback, Score, Tries};
use crate::view::playhead::{Command, Playhead, PlayheadChange};

/// Local storage: "off" when the learner turned checkpoints off.
const SWITCH_KEY: &str = "atp.checkpoints";
/// Local storage: the scores, lesson id to [`Score`], as JSON.
const SCORES_KEY: &str = "atp.checkpoint-scores";

thread_local! {
    static CURRENT: Cell<Option<Checkpoints>> = const { Cell::new(None) };
}

/// Handles to the checkpoints' state; `Copy`, from [`Checkpoints::get`].
#[derive(Clone, Copy)]
pub struct Checkpoints {
    /// Checkpoints ask (the switch).
    pub enabled: RwSignal<bool>,
    /// Lesson id to the learner's tries there.
    pub scores: RwSignal<BTreeMap<String, Score>>,
    /// The step of the checkpoint being asked (the screen shows the step before it).
    pub asking: RwSignal<Option<usize>>,
    /// The last try's checkpoint id and feedback.
    pub feedback: RwSignal<Option<(String, Feedback)>>,
    /// Issue 46: how many times a forward move was tried while the question waited (▶ again):
    /// the question shows that it is what holds the step, and takes focus again.
    pub nudged: RwSignal<u32>,
    /// The lesson's checkpoints on the run on screen.
    pub placement: Memo<CheckpointPlacement>,
    /// The lesson's checkpoints on its own run (`OnScreen::own`): what a course is told the
    /// score is over (SCORM, Open edX), whichever branch the learner explores.
    pub own_placement: Memo<CheckpointPlacement>,
    /// The last checkpoint answered right: lesson id, checkpoint id and its tries (the embed
    /// API reports it to the course page).
    pub right: RwSignal<Option<(String, String, Tries)>>,
    /// A run the embed API started: its ticks never ask.
    quiet: StoredValue<bool>,
}

impl Checkpoints {
    /// Creates the state and provides it as context.
    pub fn provide(pg: Playground) -> Checkpoints {
        let enabled = storage::read(SWITCH_KEY).is_none_or(|v| v != "off");
        let scores = storage::read(SCORES_KEY)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let placement = Memo::new(move |_| {
            let lesson = pg.lesson_on_screen();
            pg.run.with(|run| match (lesson, run) {
                (Some(lesson), Ok(run)) => place(&lesson.checkpoints, &run.timeline),
                _ => CheckpointPlacement::default(),
            })
        });
        let own_placement = Memo::new(move |_| {
            let Some(on_screen) = pg.on_screen() else {
                return CheckpointPlacement::default();
            };
            if on_screen.is_own() {
                return placement.get();
            }
            let own = on_screen.own();
            match (own.lesson(), own.play()) {
                (Some(lesson), Ok(played)) => place(&lesson.checkpoints, &played.timeline),
                _ => CheckpointPlacement::default(),
            }
        });
        let checkpoints = Checkpoints {
            enabled: RwSignal::new(enabled),
            scores: RwSignal::new(scores),
            asking: RwSignal::new(None),
            feedback: RwSignal::new(None),
            nudged: RwSignal::new(0),
            placement,
            own_placement,
            right: RwSignal::new(None),
            quiet: StoredValue::new(false),
        };
        // A question belongs to its step: any other move of the playhead closes it.
        Effect::new(move |_| {
            let step = pg.step.get();
            let asked = checkpoints.asking.get_untracked();
            if asked.is_some_and(|at| at != step + 1) {
                checkpoints.asking.set(None);
            }
            // The explanation of a right answer stays with its step.
            let stale = checkpoints.feedback.with_untracked(|f| {
                f.as_ref().is_some_and(|(id, _)| {
                    let at = placement.with_untracked(|p| p.by_id(id).map(|c| c.step));
                    at != Some(step) && at != Some(step + 1)
                })
            });
            if stale {
                checkpoints.feedback.set(None);
            }
        });
        CURRENT.with(|current| current.set(Some(checkpoints)));
        checkpoints
    }

    /// The one course report (`course::report`) every course reads: this lesson's tries over
    /// the checkpoints of its own run (`OnScreen::own`), whichever branch is on screen.
    /// Untracked.
    pub fn report_untracked(&self, pg: Playground) -> CourseReport {
        let tries = self.score_untracked(pg);
        let lesson = pg.lesson_id.get_untracked();
        let challenges = crate::ui::state::challenges::Challenges::get()
            .map(|ch| ch.rows_untracked(&lesson))
            .unwrap_or_default();
        self.own_placement
            .with_untracked(|placement| CourseReport::of(&lesson, &tries, placement))
            .with_challenges(challenges)
    }

    /// The page's checkpoints state. Kept in a thread local rather than the reactive context:
    /// the transport's timer and the embed API call `drive` outside any component.
    pub fn get() -> Checkpoints {
        // Invariant: `App` provides it before any component or handler runs.
        CURRENT
            .with(Cell::get)
            .expect("Checkpoints::provide ran when the page was built")
    }

    /// The score key: the lesson id, or the free-play scenario's title.
    fn lesson_key(pg: Playground) -> String {
        pg.lesson_id.get_untracked()
    }

    /// This lesson's score. Tracked.
    pub fn score(&self, pg: Playground) -> Score {
        let id = pg.lesson_id.get();
        self.scores
            .with(|s| s.get(&id).cloned())
            .unwrap_or_default()
    }

    /// Takes in a stored session's score for `lesson`: merged with this browser's
    /// (`Score::merge`, a reload or a continued visit), or in place of it (`replace`: a SCORM
    /// LMS's `cmi.suspend_data` is the learner's record there, whoever used this browser
    /// before). Kept in `SCORES_KEY` as every answer is.
    pub fn adopt(&self, lesson: &str, score: &Score, replace: bool) {
        self.scores.update(|scores| {
            let kept = scores.entry(lesson.to_string()).or_default();
            match replace {
                true => *kept = score.clone(),
                false => kept.merge(score),
            }
        });
        self.store_scores();
    }

    fn store_scores(&self) {
        if let Ok(json) = self.scores.with_untracked(serde_json::to_string) {
            storage::write(SCORES_KEY, &json);
        }
    }

    /// Turns checkpoints on or off, remembered.
    pub fn set_enabled(&self, on: bool) {
        self.enabled.set(on);
        if !on {
            self.asking.set(None);
        }
        storage::write(SWITCH_KEY, if on { "on" } else { "off" });
    }

    /// Marks the embed API's `run` (true) or the learner's own (false).
    pub fn set_quiet(&self, quiet: bool) {
        self.quiet.set_value(quiet);
    }

    /// What `drive` writes for `command`: `change`, or, when the move would pass or land on an
    /// unanswered checkpoint, a pause just before it with the question open.
    pub fn intercept(
        &self,
        pg: Playground,
        command: Command,
        here: Playhead,
        change: PlayheadChange,
    ) -> PlayheadChange {
        if (command.asks() && command != Command::Tick)
            || matches!(command, Command::Run | Command::Toggle)
        {
            self.quiet.set_value(false);
        }
        if !self.enabled.get_untracked() || (command == Command::Tick && self.quiet.get_value()) {
            return change;
        }
        let score = self.score_untracked(pg);
        let unanswered: Vec<usize> = self.placement.with_untracked(|p| {
            p.placed
                .iter()
                .filter(|c| !score.answered(&c.id))
                .map(|c| c.step)
                .collect()
        });
        match here.asks(command, change, &unanswered) {
            Some((at, instead)) => {
                if self.asking.get_untracked() == Some(at) {
                    self.nudged.update(|n| *n += 1);
                } else {
                    self.nudged.set(0);
                    self.feedback.set(None);
                    self.asking.set(Some(at));
                }
                instead
            }
            None => change,
        }
    }

    /// Puts back `lesson`'s tries (Open edX's `setState`, `ui/features/edx.rs`), kept.
    pub fn restore(&self, lesson: &str, tries: Score) {
        self.adopt(lesson, &tries, true);
        self.asking.set(None);
        self.feedback.set(None);
    }

    /// This lesson's score, for event handlers (no reactive tracking).
    pub fn score_untracked(&self, pg: Playground) -> Score {
        let id = Self::lesson_key(pg);
        self.scores
            .with_untracked(|s| s.get(&id).cloned())
            .unwrap_or_default()
    }

    /// The learner picks `choice` at the checkpoint being asked: the feedback, the score kept,
    /// and on the right answer the step shown.
    pub fn choose(&self, pg: Playground, choice: usize) {
        let Some(at) = self.asking.get_untracked() else {
            return;
        };
        let Some(checkpoint) = self.placement.with_untracked(|p| p.at(at).cloned()) else {
            return;
        };
        let id_of_lesson = Self::lesson_key(pg);
        let mut feedback = None;
        self.scores.update(|scores| {
            feedback = scores
                .entry(id_of_lesson.clone())
                .or_default()
                .answer(&checkpoint, choice);
        });
        self.store_scores();
        let Some(feedback) = feedback else { return };
        let right = feedback.right;
        self.feedback.set(Some((checkpoint.id.clone(), feedback)));
        if right {
            let tries = self.scores.with_untracked(|s| {
                s.get(&id_of_lesson)
                    .and_then(|score| score.tries.get(&checkpoint.id).copied())
            });
            if let Some(tries) = tries {
                self.right
                    .set(Some((id_of_lesson, checkpoint.id.clone(), tries)));
            }
            self.asking.set(None);
            pg.go_to(at);
            // The question and its Check button are gone: focus goes back to ▶, or to the end
            // card when this was the last step, never to the page's body.
            crate::ui::browser::focus::focus_soon(&[
                "[data-testid=step-forward]",
                "[data-testid=end-card]",
            ]);
        }
    }
}
