//! The playground's view state: one signal of the run on screen (`on_screen::screen::Screen`:
//! the source, the play options, a live run's recording and the step, with the earlier
//! branches and free play's kept scenario), the memos that read its parts, and the one memo
//! that makes the run on screen: the live run when there is one, else the source played with
//! the options (`on_screen::OnScreen::play`).
//!
//! Everything on screen is a function of (source, play options, step). Each part is a memo of
//! the one signal, and a memo notifies only when its part changed. The step is the slice that
//! moves many times a second: a move of the step alone writes the signal without notifying it
//! and notifies the step memo's own trigger, so it wakes the step's readers and nothing keyed
//! on the run (the run, its key steps, its story) is computed or even checked again (a change
//! of anything else notifies both). The live timeline of a live run stays a signal of its own (`live`), as do the
//! playhead's `playing` and the rest of the page's view state. Components get this
//! `Playground` from context; it holds only `Copy` handles, so passing it around costs
//! nothing. [`Playground::on_screen`] reads the run on screen as one value; `show.rs` has every
//! writer of it.
//!
//! **Invariant:** the UI never mutates team state. To change what happens, a component changes
//! the branches (a fork, a recall) or the options; the driver replays the lesson
//! deterministically.

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::{Event, Lang, TeamState, Timeline};
use crate::host_code::LineBreaks;
use crate::lessons::key_steps::KeyStep;
use crate::lessons::{self, Branches, Lesson, PlayOptions};
use crate::on_screen::screen::{same_but_step, same_source, Screen};
use crate::on_screen::{OnScreen, Source};
use crate::scenario::Scenario;
use crate::view::story::{story_of, Level, Story};

/// A played timeline, and the index of its first event that differs from the lesson's original
/// run (None on the original). Compared by identity: a new play is a new timeline.
#[derive(Clone, Debug)]
pub struct PlayedRun {
    pub timeline: Arc<Timeline>,
    pub diverged: Option<usize>,
}

impl PlayedRun {
    /// A run that left no original (a live run, a replay).
    pub fn of(timeline: Timeline) -> PlayedRun {
        PlayedRun {
            timeline: Arc::new(timeline),
            diverged: None,
        }
    }
}

impl PartialEq for PlayedRun {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.timeline, &other.timeline)
    }
}

/// A live run on a real model (or its recording replayed), with the source it runs: the run
/// on screen instead of the scripted one while that source is on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveRun {
    pub source: Source,
    pub run: PlayedRun,
}

/// The team state after `step` events of the current run, and one event earlier (None at
/// step 0) so views can say what just changed; both come from one seek.
#[derive(Clone, Debug)]
pub struct StepState {
    pub step: usize,
    pub state: Arc<TeamState>,
    pub before: Option<Arc<TeamState>>,
}

impl PartialEq for StepState {
    fn eq(&self, other: &Self) -> bool {
        self.step == other.step && Arc::ptr_eq(&self.state, &other.state)
    }
}

/// A played run and what it was played for: the source (the lesson id, free play's
/// scenario) and the options.
#[derive(Clone, Debug)]
pub struct Seed {
    pub source: Source,
    pub options: PlayOptions,
    pub run: PlayedRun,
}

/// A live call's reply while it streams in.
#[derive(Clone, Debug, PartialEq)]
pub struct StreamingReply {
    pub id: crate::engine::RequestId,
    pub member: String,
    /// What arrived so far: text, and each tool call as `[name]` and its arguments.
    pub text: String,
}

/// One request's HTTP call as a live run sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct WireBody {
    pub id: crate::engine::RequestId,
    /// The endpoint.
    pub url: String,
    /// The JSON body, pretty-printed.
    pub body: String,
}

/// Narrow handles to the view state; `Copy`, so closures capture it freely.
#[derive(Clone, Copy)]
pub struct Playground {
    /// The run on screen and what the page keeps beside it: the one source of truth of the
    /// source, the options (language, toggles, the current branch), the recording on screen,
    /// the step and the earlier branches. Read through the memos below; written only through
    /// `Playground`'s methods (`show.rs`).
    pub(in crate::ui::state) screen: RwSignal<Screen>,
    /// Notified when the step moved. A move of the step alone writes `screen` without notifying
    /// it, so it wakes only the step's readers: every memo of the other parts, and everything
    /// that reads them (a text in the page's language, the run, its story), is not even asked
    /// whether it changed.
    pub(in crate::ui::state) step_moved: Trigger,
    /// The run on screen without its step (which stays 0 here): what a link compresses and
    /// what the run is played from. Compared without the step and by identity of a scenario
    /// and a recording, so a step change does not notify it.
    shown: Memo<OnScreen>,
    /// What plays: a built-in lesson, the stress log or free play's scenario.
    pub source: Memo<Source>,
    /// The id `lessons::Playable` reads (`free-play` for a scenario): a lesson from
    /// `lessons::catalog()`, or the generated stress lesson.
    pub lesson_id: Memo<String>,
    /// The page's language, the options' language: the lesson is built in it.
    pub lang: Memo<Lang>,
    /// Free play's scenario (the editor's, or one a `src=` link loaded), kept while another
    /// lesson is open: while free play is open, the run on screen is this scenario under the
    /// default delivery policy. None is free play's built-in lesson (lesson 1's team and
    /// story). Set it with [`Playground::set_scenario`], which also clamps the step.
    pub scenario: Memo<Option<Arc<Scenario>>>,
    /// What the lesson is played with: the current branch's options (fork interventions), in
    /// the learner's language, with the learner's toggles. A language switch or a flip
    /// replays the lesson and the step stays where it was.
    pub options: Memo<PlayOptions>,
    /// The branches the learner forked away from, to switch back to (oldest first).
    pub earlier: Memo<Vec<PlayOptions>>,
    /// Result of playing (lesson, options): the timeline, or a clear error for the banner.
    pub run: Memo<Result<PlayedRun, String>>,
    /// A live run on a real model (or its recording replayed), with its source: while that
    /// source is on screen, it is the run on screen instead of the scripted one. The
    /// timeline grows here while the run is in flight; once it ended, its recording is on
    /// screen too.
    pub live: RwSignal<Option<LiveRun>>,
    /// The replies of a live run's calls in flight, as they stream in (text and tool calls);
    /// the live panel lists them and the request view shows each under its request.
    pub streams: RwSignal<Vec<StreamingReply>>,
    /// What went over the wire for each request of this page's live run: the provider's own
    /// HTTP body as sent (never a key: keys travel in headers). The request view shows it
    /// beside the provider-neutral view.
    pub wire: RwSignal<Vec<WireBody>>,
    /// Current step: 0 is the initial state, `len` is the state after the last event.
    pub step: Memo<usize>,
    /// State after `step` events (None when the run failed).
    pub state: Memo<Option<StepState>>,
    /// The lesson's key steps on the current run (`lessons::key_steps`), in step order.
    pub key_steps: Memo<Vec<KeyStep>>,
    /// The level the transport steps at (key moments, story, every event); links and the
    /// stored session keep it.
    pub level: RwSignal<Level>,
    /// The story level of the current run (`view::story`): its stops and folded captions.
    pub story: Memo<Story>,
    /// Member shown in the detail panel.
    pub selected: RwSignal<Option<String>>,
    /// The lines of the host's code that stop `run` (issue 47; a kind's toggle sets all of
    /// its lines).
    pub breakpoints: RwSignal<LineBreaks>,
    pub playing: RwSignal<bool>,
    /// Playback speed factor (0.25 to 4).
    pub speed: RwSignal<f64>,
    /// A message for the error banner (bad input, failed play); None hides the banner.
    pub error: RwSignal<Option<String>>,
    /// The link's embed flags (`embed=1`, `hide=`, `origin=`), set once when the page opens;
    /// every link the page writes carries them on (`ui::state::link`).
    pub embed: RwSignal<crate::link::EmbedFlags>,
    /// A run already played for exactly what is about to be on screen (an opened link's check
    /// played it): the `run` memo takes it once instead of playing the same run again.
    pub seed: StoredValue<Option<Seed>>,
    /// A `src=` scenario is being fetched (`ui::state::scenario_src`): until it opened or failed, the
    /// lesson on screen is not yet the one the link asks for.
    pub src_pending: RwSignal<bool>,
}

/// The run on screen: the live run when one is on screen for the lesson, else the source
/// played with the options (a seeded run taken once). It reads neither the step nor anything
/// that moves with it.
fn run_memo(
    source: Memo<Source>,
    options: Memo<PlayOptions>,
    live: RwSignal<Option<LiveRun>>,
    seed: StoredValue<Option<Seed>>,
) -> Memo<Result<PlayedRun, String>> {
    Memo::new(move |_| {
        let source = source.get();
        if let Some(run) = live.with(|l| {
            l.as_ref()
                .filter(|live| same_source(&live.source, &source))
                .map(|live| live.run.clone())
        }) {
            return Ok(run);
        }
        let on_screen = OnScreen::new(source, options.get());
        let seeded = seed
            .try_update_value(|slot| {
                slot.take_if(|s| s.source == on_screen.source && s.options == on_screen.options)
            })
            .flatten();
        if let Some(seeded) = seeded {
            return Ok(seeded.run);
        }
        on_screen
            .play()
            .map(|played| PlayedRun {
                timeline: Arc::new(played.timeline),
                diverged: played.diverged,
            })
            .map_err(|error| error.to_string())
    })
}

/// The state at the step (clamped to the run) and one event earlier, from one seek.
fn state_memo(step: Memo<usize>, run: Memo<Result<PlayedRun, String>>) -> Memo<Option<StepState>> {
    Memo::new(move |_| {
        let step = step.get();
        run.with(|run| {
            run.as_ref().ok().map(|run| {
                let step = step.min(run.timeline.len());
                let (state, before) = run.timeline.state_with_previous(step);
                StepState {
                    step,
                    state: Arc::new(state),
                    before: before.map(Arc::new),
                }
            })
        })
    })
}

impl Playground {
    /// Creates the view state and provides it as context.
    pub fn provide(lang: Lang, lesson_id: String) -> Playground {
        let screen = RwSignal::new(Screen::new(Screen::source_of(&lesson_id), lang));
        let shown = Memo::new_with_compare(
            move |_| {
                screen.with(|s| OnScreen {
                    step: 0,
                    ..s.on_screen().clone()
                })
            },
            |old, new| !matches!((old, new), (Some(a), Some(b)) if same_but_step(a, b)),
        );
        let source = Memo::new_with_compare(
            move |_| shown.with(|s| s.source.clone()),
            |old, new| !matches!((old, new), (Some(a), Some(b)) if same_source(a, b)),
        );
        let options = Memo::new(move |_| shown.with(|s| s.options.clone()));
        let lesson_id = Memo::new(move |_| source.with(|s| s.lesson_id().to_string()));
        let lang = Memo::new(move |_| options.with(|o| o.lang));
        let scenario = Memo::new_with_compare(
            move |_| screen.with(|s| s.free_play_scenario().cloned()),
            |old, new| match (old, new) {
                (Some(Some(a)), Some(Some(b))) => !Arc::ptr_eq(a, b),
                (Some(None), Some(None)) => false,
                _ => true,
            },
        );
        let earlier = Memo::new(move |_| screen.with(|s| s.earlier().to_vec()));
        let step_moved = Trigger::new();
        let step = Memo::new(move |_| {
            step_moved.track();
            screen.with_untracked(Screen::step)
        });
        let live: RwSignal<Option<LiveRun>> = RwSignal::new(None);
        let seed: StoredValue<Option<Seed>> = StoredValue::new(None);
        let run = run_memo(source, options, live, seed);
        let state = state_memo(step, run);
        let key_steps = Memo::new(move |_| {
            // A scenario's story is its own: lesson 1's key moments need not happen in it.
            if source.with(|s| s.scenario().is_some()) {
                return Vec::new();
            }
            let id = lesson_id.get();
            run.with(|run| {
                run.as_ref()
                    .map(|run| lessons::key_steps::key_steps(&id, &run.timeline))
                    .unwrap_or_default()
            })
        });
        let story = Memo::new(move |_| {
            key_steps.with(|keys| {
                run.with(|run| {
                    run.as_ref()
                        .map(|run| story_of(&run.timeline, keys))
                        .unwrap_or_default()
                })
            })
        });
        let playground = Playground {
            screen,
            step_moved,
            shown,
            source,
            lesson_id,
            lang,
            scenario,
            options,
            earlier,
            run,
            live,
            streams: RwSignal::new(Vec::new()),
            wire: RwSignal::new(Vec::new()),
            step,
            state,
            key_steps,
            level: RwSignal::new(Level::default()),
            story,
            selected: RwSignal::new(None),
            breakpoints: RwSignal::new(LineBreaks::default()),
            playing: RwSignal::new(false),
            speed: RwSignal::new(1.0),
            error: RwSignal::new(None),
            embed: RwSignal::new(Default::default()),
            seed,
            src_pending: RwSignal::new(false),
        };
        provide_context(playground);
        playground
    }

    /// The playground from context; every component below `App` has one.
    pub fn get() -> Playground {
        expect_context::<Playground>()
    }

    /// Number of events in the current run (the last step), 0 if the run failed.
    pub fn last_step(&self) -> usize {
        self.run
            .with(|run| run.as_ref().map(|run| run.timeline.len()).unwrap_or(0))
    }

    /// The timeline of the current run, if it played.
    pub fn timeline(&self) -> Option<Arc<Timeline>> {
        self.run
            .with(|run| run.as_ref().ok().map(|run| run.timeline.clone()))
    }

    /// `timeline` for event handlers and timers (no reactive tracking).
    pub fn timeline_untracked(&self) -> Option<Arc<Timeline>> {
        self.run
            .with_untracked(|run| run.as_ref().ok().map(|run| run.timeline.clone()))
    }

    /// The event that led to the current step (None at step 0).
    pub fn current_event(&self) -> Option<Event> {
        let step = self.step.get();
        let timeline = self.timeline()?;
        step.checked_sub(1)
            .and_then(|index| timeline.events().get(index).cloned())
    }

    /// `last_step` for event handlers and timers (no reactive tracking).
    pub fn last_step_untracked(&self) -> usize {
        self.run
            .with_untracked(|run| run.as_ref().map(|run| run.timeline.len()).unwrap_or(0))
    }

    /// The lesson on screen: the built-in lesson (in the page's language), or, in free play
    /// with a scenario, the lesson that plays it. The live panel and export read this instead
    /// of `lessons::lesson`. Tracked.
    pub fn lesson_on_screen(&self) -> Option<Lesson> {
        let lang = self.lang.get();
        self.source.with(|source| source.lesson(lang))
    }

    /// The run on screen as one value: what plays (free play's scenario only in free play),
    /// the options, the live run's recording while it is on screen, and the step. Tracked,
    /// except the step (links compress the rest, and the step changes many times a second):
    /// it is read untracked. None when the lesson id names nothing.
    pub fn on_screen(&self) -> Option<OnScreen> {
        let shown = self.shown.get();
        if let Source::Lesson(id) = &shown.source {
            lessons::find(id)?;
        }
        Some(OnScreen {
            step: self.step.get_untracked(),
            ..shown
        })
    }

    /// The run on screen as it is now, step included, for event handlers (no reactive
    /// tracking).
    pub fn on_screen_untracked(&self) -> OnScreen {
        self.screen
            .with_untracked(|screen| screen.on_screen().clone())
    }

    /// The branches as `lessons::Branches` sees them (the current one and the earlier ones),
    /// for event handlers (no reactive tracking).
    pub fn branches_untracked(&self) -> Branches {
        self.screen.with_untracked(Screen::branches)
    }

    /// Whether free play is on screen (with or without a scenario). Tracked.
    pub fn in_free_play(&self) -> bool {
        self.source.with(Source::is_free_play)
    }

    /// [`Playground::in_free_play`] for event handlers (no reactive tracking).
    pub fn in_free_play_untracked(&self) -> bool {
        self.source.with_untracked(Source::is_free_play)
    }

    /// [`Playground::lesson_on_screen`] for event handlers (no reactive tracking).
    pub fn lesson_on_screen_untracked(&self) -> Option<Lesson> {
        untrack(|| self.lesson_on_screen())
    }
}
