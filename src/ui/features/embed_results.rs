//! Inside an iframe: posts the learner's checkpoint results to the course page (issue 26
//! part 4): `checkpoint` when one is answered right, `completed` when the lesson is done
//! (`course::embed_results::Completion` decides when), each with its xAPI statement under
//! `xapi=1` (the host clock gives the timestamp). The messages are built natively; this only
//! reads the page's state and posts. `features/embed.rs` installs it and calls
//! [`Results::reopen`] on the commands that open the lesson again.

use std::rc::Rc;

use leptos::prelude::*;

use crate::course::embed_api::Snapshot;
use crate::course::embed_results::{self, AnsweredCheckpoint, Completion, LessonScore, Xapi};
use crate::engine::Caption;
use crate::ui::state::checkpoints::Checkpoints;
use crate::ui::state::context::Playground;

/// The results' state: when `completed` went out in this opening of the lesson.
#[derive(Clone, Copy)]
pub struct Results {
    /// The lesson id of the opening, and its completion.
    completion: StoredValue<(String, Completion)>,
}

impl Default for Results {
    fn default() -> Results {
        Results {
            completion: StoredValue::new((String::new(), Completion::default())),
        }
    }
}

impl Results {
    /// The lesson was opened again (`reset`, `load`): it may complete again.
    pub fn reopen(&self) {
        self.completion.update_value(|(_, c)| c.reopen());
    }
}

/// The lesson's score now, from the one course report (untracked: a wrong try leaves it as it
/// was, a right one moves the step, and the step's `state` carries it).
pub fn score_untracked(pg: Playground) -> LessonScore {
    Checkpoints::get().report_untracked(pg).score
}

/// The statements' context, with `xapi=1`: the frame's address, the language, the host
/// clock's time.
fn xapi(pg: Playground) -> Option<Xapi> {
    if !pg.embed.with_untracked(|flags| flags.xapi) {
        return None;
    }
    let href = web_sys::window()?.location().href().ok()?;
    let now = js_sys::Date::new_0().to_iso_string().as_string();
    Some(Xapi::of_page(&href, pg.lang.get_untracked(), now))
}

/// A built-in lesson's texts may go out; free play's may be the learner's own.
fn texts_allowed(pg: Playground) -> bool {
    !pg.in_free_play_untracked()
}

/// The lesson's title, when it may go out.
fn title(pg: Playground) -> Option<Caption> {
    texts_allowed(pg)
        .then(|| pg.lesson_on_screen_untracked().map(|lesson| lesson.title))
        .flatten()
}

impl Results {
    /// Starts the two reports; `post` sends a message to the course page once the playground is
    /// up (`up`).
    pub fn install(
        self,
        pg: Playground,
        post: Rc<dyn Fn(&str)>,
        up: impl Fn() -> bool + Clone + 'static,
    ) {
        let cp = Checkpoints::get();
        let results = self;

        let post_checkpoint = post.clone();
        let up_checkpoint = up.clone();
        Effect::new(move |_| {
            let Some((lesson, id, tries)) = cp.right.get() else {
                return;
            };
            untrack(|| {
                let placed = cp.placement.with(|p| p.by_id(&id).cloned());
                let Some(placed) = placed.filter(|_| up_checkpoint()) else {
                    return;
                };
                let answered = AnsweredCheckpoint {
                    lesson: &lesson,
                    checkpoint: &placed,
                    tries,
                    texts: texts_allowed(pg),
                };
                post_checkpoint(&embed_results::checkpoint(&answered, xapi(pg).as_ref()));
            });
        });

        // Issue 48: a goal met goes out as a `challenge` event (a row of its own).
        if let Some(ch) = crate::ui::state::challenges::Challenges::get() {
            let post_challenge = post.clone();
            let up_challenge = up.clone();
            Effect::new(move |_| {
                let Some((lesson, id)) = ch.last_met.get() else {
                    return;
                };
                untrack(|| {
                    let row = ch.rows_untracked(&lesson).into_iter().find(|r| r.id == id);
                    let Some(row) = row.filter(|_| up_challenge()) else {
                        return;
                    };
                    let goal = ch.list.with(|list| {
                        list.iter()
                            .find(|c| c.id == id)
                            .map(|c| c.goal.clone())
                            .filter(|_| texts_allowed(pg))
                    });
                    let message = crate::course::challenge_report::challenge_message(
                        &lesson,
                        &row,
                        goal.as_ref(),
                        xapi(pg).as_ref(),
                    );
                    post_challenge(&message);
                });
            });
        }

        Effect::new(move |_| {
            let (step, lesson) = (pg.step.get(), pg.lesson_id.get());
            untrack(|| {
                let last = pg.last_step_untracked();
                let report = cp.report_untracked(pg);
                let (met, result) = (report.all_answered(), report.score);
                let mut now = false;
                results.completion.update_value(|(opened, completion)| {
                    if *opened != lesson {
                        *opened = lesson.clone();
                        completion.reopen();
                    }
                    now = completion.at(step, last, met);
                });
                if now && up() {
                    let message = embed_results::completed(
                        &lesson,
                        title(pg).as_ref(),
                        result,
                        xapi(pg).as_ref(),
                    );
                    post(&message);
                }
            });
        });
    }
}

/// The comparison on screen as `state` reports it (issue 49). Tracked.
fn compare_report() -> Option<crate::course::embed_api::CompareReport> {
    let comparison = crate::ui::state::compare::Comparison::get()?;
    let versus = comparison.versus.get()?;
    Some(crate::course::embed_api::CompareReport {
        other: crate::link::view_state::LinkedVersus::of(&versus),
        parting: comparison.parting.get(),
        other_total: comparison.other_timeline().map_or(0, |t| t.len()),
    })
}

/// What `state` and a `getState` reply report at the current step, with the lesson's score
/// (None while the run failed). Tracked, but for the score.
pub fn snapshot(pg: Playground) -> Option<Snapshot> {
    let (lang, playing, lesson) = (pg.lang.get(), pg.playing.get(), pg.lesson_id.get());
    pg.state.with(|state| {
        let state = state.as_ref()?;
        pg.run.with(|run| {
            let run = run.as_ref().ok()?;
            let mut snapshot = Snapshot::of(
                &lesson,
                &run.timeline,
                &state.state,
                state.before.as_deref(),
                state.step,
                lang,
                playing,
            );
            // The caption on screen: at the story level, a folded cycle's own caption.
            if pg.level.get() == crate::view::story::Level::Story {
                let step = state.step;
                if let Some(folded) = pg
                    .story
                    .with(|story| story.fold_at(step).map(|fold| fold.caption_in(lang)))
                {
                    snapshot.caption = folded;
                }
            }
            let report = Checkpoints::get().report_untracked(pg);
            snapshot.score = report.score;
            snapshot.challenges = report.challenges;
            snapshot.compare = compare_report();
            Some(snapshot)
        })
    })
}
