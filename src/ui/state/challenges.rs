//! The challenges' page state (issue 48): which challenge of the lesson is shown beside the
//! stage, the learner's results per lesson (local storage, beside the checkpoint scores), the
//! last goal met (the embed API tells the course page), and whether the hint and the solution
//! are open. Whether a goal is met is native (`Challenge::met` on the run on screen); this only
//! keeps what the learner did.

use std::cell::Cell;
use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::course::challenge_report::ReportedChallenge;
use crate::lessons::Challenge;
use crate::ui::browser::storage;
use crate::ui::state::context::Playground;
use crate::view::challenge_results::{record_met, ChallengeResults};

/// Local storage: lesson id to its challenge results, as JSON.
const RESULTS_KEY: &str = "atp.challenge-results";
/// Local storage: "open" once the learner opened the challenge and the list of next choices
/// (on a first visit they are one tap away; once opened they stay open).
const OPEN_KEY: &str = "atp.next-choices";

thread_local! {
    static CURRENT: Cell<Option<Challenges>> = const { Cell::new(None) };
}

/// What the solution button shows: nothing, the confirm, or the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    Hidden,
    Confirming,
    Shown,
}

/// Handles to the challenges' state; `Copy`, from [`Challenges::get`].
#[derive(Clone, Copy)]
pub struct Challenges {
    /// The id of the challenge shown (None: the lesson's first).
    pub chosen: RwSignal<Option<String>>,
    /// Lesson id to its results.
    pub results: RwSignal<BTreeMap<String, ChallengeResults>>,
    /// The last goal met: lesson id and challenge id (the embed API posts it).
    pub last_met: RwSignal<Option<(String, String)>>,
    pub hint_open: RwSignal<bool>,
    pub solution: RwSignal<Reveal>,
    /// The lesson's challenges (its scenario's in free play).
    pub list: Memo<Vec<Challenge>>,
    /// The challenge shown.
    pub shown: Memo<Option<Challenge>>,
    /// The challenge and the list of next choices are open on the stage.
    pub open: RwSignal<bool>,
    /// Where the run on screen meets the shown challenge's goal (the step) and the choices it
    /// took; None when it does not.
    pub met: Memo<Option<(usize, usize)>>,
}

impl Challenges {
    /// Creates the state and keeps it for [`Challenges::get`].
    pub fn provide(pg: Playground) -> Challenges {
        let results = storage::read(RESULTS_KEY)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        let list = Memo::new(move |_| {
            pg.lesson_on_screen()
                .map(|lesson| lesson.challenges)
                .unwrap_or_default()
        });
        let chosen = RwSignal::new(None::<String>);
        let shown = Memo::new(move |_| {
            let chosen = chosen.get();
            list.with(|list| {
                chosen
                    .and_then(|id| list.iter().find(|c| c.id == id).cloned())
                    .or_else(|| list.first().cloned())
            })
        });
        let met = Memo::new(move |_| {
            let challenge = shown.get()?;
            let choices = pg.options.with(|o| challenge.choices_used(o));
            pg.run.with(|run| {
                let run = run.as_ref().ok()?;
                challenge.met(&run.timeline).map(|step| (step, choices))
            })
        });
        let challenges = Challenges {
            chosen,
            results: RwSignal::new(results),
            last_met: RwSignal::new(None),
            hint_open: RwSignal::new(false),
            solution: RwSignal::new(Reveal::Hidden),
            list,
            shown,
            met,
            open: RwSignal::new(storage::read(OPEN_KEY).as_deref() == Some("open")),
        };
        // A goal met on a branch of choices is the learner's result (storage, a course).
        Effect::new(move |_| {
            let (Some((_, choices)), Some(challenge)) = (met.get(), shown.get()) else {
                return;
            };
            if choices > 0 {
                let lesson = pg.lesson_id.get_untracked();
                untrack(|| challenges.met_with(&lesson, &challenge.id, choices));
            }
        });
        CURRENT.with(|current| current.set(Some(challenges)));
        challenges
    }

    /// The page's challenges state, once [`Challenges::provide`] ran.
    pub fn get() -> Option<Challenges> {
        CURRENT.with(Cell::get)
    }

    /// Opens or closes the challenge and the list, remembered for later visits.
    pub fn set_open(&self, open: bool) {
        self.open.set(open);
        storage::write(OPEN_KEY, if open { "open" } else { "closed" });
    }

    /// Records that `challenge` of `lesson` was met with `choices` choices; a course is told
    /// when that changed the result.
    pub fn met_with(&self, lesson: &str, challenge: &str, choices: usize) {
        let mut changed = false;
        self.results.update(|all| {
            changed = record_met(
                all.entry(lesson.to_string()).or_default(),
                challenge,
                choices,
            );
        });
        if changed {
            self.store();
            self.last_met
                .set(Some((lesson.to_string(), challenge.to_string())));
        }
    }

    /// Notes that the hint or the solution of `challenge` was opened.
    pub fn seen(&self, lesson: &str, challenge: &str, solution: bool) {
        self.results.update(|all| {
            let entry = all
                .entry(lesson.to_string())
                .or_default()
                .entry(challenge.to_string())
                .or_default();
            if solution {
                entry.solution_seen = true;
            } else {
                entry.hint_seen = true;
            }
        });
        self.store();
    }

    /// The lesson's rows for the course report. Untracked.
    pub fn rows_untracked(&self, lesson: &str) -> Vec<ReportedChallenge> {
        let results = self
            .results
            .with_untracked(|all| all.get(lesson).cloned().unwrap_or_default());
        self.list
            .with_untracked(|list| ReportedChallenge::rows(list, &results))
    }

    fn store(&self) {
        let text = self
            .results
            .with_untracked(|all| serde_json::to_string(all).unwrap_or_default());
        storage::write(RESULTS_KEY, &text);
    }
}
