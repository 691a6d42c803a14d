//! The run on screen, as one native value: what plays ([`Source`]: a built-in lesson, the
//! generated stress log, or free play's scenario), the play options, a live run's recording
//! when that is on screen, and the step. [`OnScreen::play`] is the one way it becomes a
//! timeline. Links (`link::view_state`), exports (`export`), the stored session
//! (`keep::session`), the embed API and the live panel convert to and from it.
//!
//! "A scenario plays only in free play" is the type here: [`Source::Scenario`] is free play
//! with a scenario, and [`Source::lesson_id`] says `free-play` for it; no other source can
//! hold one.

use std::sync::Arc;

use crate::engine::{Lang, Timeline};
use crate::lessons::recording::Recording;
use crate::lessons::{
    self, play_lesson, stress, Branches, Lesson, PlayError, PlayOptions, Playable, ReplayError,
    FREE_PLAY_ID,
};
use crate::scenario::Scenario;

/// What plays.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A built-in lesson by its catalog id (free play's own lesson too: lesson 1's team).
    Lesson(String),
    /// The generated stress log: the id as written (`stress-<n>`) and its events (capped at
    /// [`stress::MAX_EVENTS`]).
    Stress { id: String, events: usize },
    /// Free play with a scenario (the editor's, a link's, a file's).
    Scenario(Arc<Scenario>),
}

/// Why an id and a scenario name nothing that plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SourceError {
    /// The id names no lesson and no stress log.
    Unknown(String),
    /// A scenario with a lesson other than free play (this id).
    NotFreePlay(String),
}

impl Source {
    /// What `id` names, with `scenario` for free play; a scenario with any other id is
    /// [`SourceError::NotFreePlay`] (a link or a file that says so is refused).
    pub fn read(id: &str, scenario: Option<Arc<Scenario>>) -> Result<Source, SourceError> {
        let playable = Playable::parse(id).ok_or_else(|| SourceError::Unknown(id.to_string()))?;
        match (playable, scenario) {
            (Playable::Lesson(id), Some(scenario)) if id == FREE_PLAY_ID => {
                Ok(Source::Scenario(scenario))
            }
            (_, Some(_)) => Err(SourceError::NotFreePlay(id.to_string())),
            (Playable::Lesson(id), None) => Ok(Source::Lesson(id)),
            (Playable::Stress(events), None) => Ok(Source::Stress {
                id: id.to_string(),
                events,
            }),
        }
    }

    /// What the page shows for lesson `id` while it keeps free play's `scenario`: the scenario
    /// only when `id` is free play (the page keeps the editor's scenario while another lesson
    /// is open). None when `id` names nothing.
    pub fn on_page(id: &str, scenario: Option<Arc<Scenario>>) -> Option<Source> {
        let scenario = scenario.filter(|_| id == FREE_PLAY_ID);
        Source::read(id, scenario).ok()
    }

    /// The id a link, a file, the session and the picker name it by (`free-play` for a
    /// scenario).
    pub fn lesson_id(&self) -> &str {
        match self {
            Source::Lesson(id) | Source::Stress { id, .. } => id,
            Source::Scenario(_) => FREE_PLAY_ID,
        }
    }

    /// Free play, with its built-in lesson or a scenario.
    pub fn free_play(scenario: Option<Arc<Scenario>>) -> Source {
        match scenario {
            Some(scenario) => Source::Scenario(scenario),
            None => Source::Lesson(FREE_PLAY_ID.to_string()),
        }
    }

    /// Whether this is free play (its built-in lesson or a scenario): the one source the
    /// editor edits and a scenario can replace.
    pub fn is_free_play(&self) -> bool {
        match self {
            Source::Scenario(_) => true,
            Source::Lesson(id) => id == FREE_PLAY_ID,
            Source::Stress { .. } => false,
        }
    }

    /// Free play's scenario, if this is one.
    pub fn scenario(&self) -> Option<&Arc<Scenario>> {
        match self {
            Source::Scenario(scenario) => Some(scenario),
            _ => None,
        }
    }

    /// The lesson that plays it, built for `lang` (a scenario's lesson is the same in either);
    /// None for the stress log, which is generated, not a lesson.
    pub fn lesson(&self, lang: Lang) -> Option<Lesson> {
        match self {
            Source::Lesson(id) => lessons::lesson(id, lang),
            Source::Stress { .. } => None,
            Source::Scenario(scenario) => Some(scenario.to_lesson().spoken_in(lang)),
        }
    }
}

/// The run on screen: what plays, how, the live run's recording and the step.
#[derive(Clone, Debug, PartialEq)]
pub struct OnScreen {
    pub source: Source,
    /// The branch on screen: the learner's language, toggles and fork edits.
    pub options: PlayOptions,
    /// The recording of the live run on screen (replayed offline); None when the scripted run
    /// is on screen. A recording is always of this source's lesson id.
    pub recording: Option<Arc<Recording>>,
    pub step: usize,
}

/// What [`OnScreen::play`] gives.
#[derive(Clone, Debug)]
pub struct Played {
    pub timeline: Timeline,
    /// The index of the first event where a branch left its original run (None on the
    /// original, and for a replayed recording or the stress log).
    pub diverged: Option<usize>,
    /// Whether `timeline` is the recording's replay (the live run on screen) rather than the
    /// scripted run.
    pub replayed: bool,
}

/// Why the run on screen does not play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnScreenError {
    /// A recording of something that is no lesson (the stress log).
    NoLesson(String),
    /// The scripted run does not play.
    Play(PlayError),
    /// The recording does not replay.
    Replay(ReplayError),
}

impl std::fmt::Display for OnScreenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OnScreenError::NoLesson(id) => write!(f, "there is no lesson '{id}'"),
            OnScreenError::Play(e) => write!(f, "{e}"),
            OnScreenError::Replay(e) => write!(f, "{e}"),
        }
    }
}

impl OnScreen {
    /// `source` at step 0 with `options`, no live run.
    pub fn new(source: Source, options: PlayOptions) -> OnScreen {
        OnScreen {
            source,
            options,
            recording: None,
            step: 0,
        }
    }

    /// The lesson's own run: the same source and language, without the learner's fork edits,
    /// contrast switches or live recording. A course is told the score over its checkpoints,
    /// whichever branch the learner explores.
    pub fn own(&self) -> OnScreen {
        OnScreen::new(
            self.source.clone(),
            PlayOptions {
                lang: self.options.lang,
                ..PlayOptions::default()
            },
        )
    }

    /// Whether it is the lesson's own run ([`OnScreen::own`]).
    pub fn is_own(&self) -> bool {
        self.recording.is_none() && self.options == self.own().options
    }

    /// The lesson id it is named by (see [`Source::lesson_id`]).
    pub fn lesson_id(&self) -> &str {
        self.source.lesson_id()
    }

    /// The lesson on screen in the page's language (None for the stress log).
    pub fn lesson(&self) -> Option<Lesson> {
        self.source.lesson(self.options.lang)
    }

    /// How many requests `member` sends in the run a fork at `at` would branch from (this
    /// run's changes up to `at`, in its language with its toggles), or None if that run does
    /// not play. `current_run` is this run's timeline: when no change is anchored after `at`
    /// it is that run, and nothing is replayed. Free play's scenario counts its own members.
    pub fn requests_sent_in_base(
        &self,
        at: usize,
        member: &str,
        current_run: Option<&Timeline>,
    ) -> Option<usize> {
        let base = Branches::new(self.options.clone()).base_at(at);
        let count = |run: &Timeline| {
            run.final_state()
                .member(member)
                .map_or(0, |m| m.requests().len())
        };
        match current_run {
            Some(run) if base == self.options => Some(count(run)),
            _ => {
                let base = OnScreen {
                    options: base,
                    recording: None,
                    ..self.clone()
                };
                base.play().ok().map(|played| count(&played.timeline))
            }
        }
    }

    /// Plays it: the recording replayed (in the recording's own language and options) when
    /// there is one, else the scripted run with the options. A scenario that fails validation
    /// is [`PlayError::InvalidConfig`], never a panic.
    pub fn play(&self) -> Result<Played, OnScreenError> {
        if let Some(recording) = &self.recording {
            let lesson = self
                .source
                .lesson(recording.options.lang)
                .ok_or_else(|| OnScreenError::NoLesson(self.lesson_id().to_string()))?;
            let timeline = recording.replay(&lesson).map_err(OnScreenError::Replay)?;
            return Ok(Played {
                timeline,
                diverged: None,
                replayed: true,
            });
        }
        let options = &self.options;
        let lesson = match &self.source {
            Source::Stress { events, .. } => {
                return Ok(Played {
                    timeline: stress::generate(*events),
                    diverged: None,
                    replayed: false,
                })
            }
            Source::Scenario(scenario) => {
                scenario.validate().map_err(|e| {
                    OnScreenError::Play(PlayError::InvalidConfig(e.message(options.lang)))
                })?;
                scenario.to_lesson().spoken_in(options.lang)
            }
            Source::Lesson(id) => lessons::lesson(id, options.lang)
                .ok_or_else(|| OnScreenError::Play(PlayError::UnknownLesson(id.clone())))?,
        };
        let (timeline, diverged) = play_lesson(&lesson, options).map_err(OnScreenError::Play)?;
        Ok(Played {
            timeline,
            diverged,
            replayed: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::Intervention;

    fn scenario() -> Arc<Scenario> {
        Arc::new(
            crate::scenario::parse(
                r#"{"version":1,"members":[{"name":"lead","role":"lead","kind":"lead"}],"task":"t"}"#,
            )
            .expect("parses"),
        )
    }

    #[test]
    fn the_own_run_drops_the_learners_branch_and_keeps_source_and_language() {
        let mut options = PlayOptions {
            lang: Lang::Zh,
            ..PlayOptions::default()
        };
        let plain = OnScreen::new(
            Source::Lesson("l2-drain-loses-mail".into()),
            options.clone(),
        );
        assert!(plain.is_own());
        options.interventions.push(Intervention::Reload { at: 3 });
        options.learner_toggles.drain_on_read = Some(false);
        let forked = OnScreen {
            step: 9,
            ..OnScreen::new(plain.source.clone(), options)
        };
        assert!(!forked.is_own());
        let own = forked.own();
        assert!(own.is_own());
        assert_eq!((own.source, own.options.lang), (plain.source, Lang::Zh));
        assert_eq!(own.options, plain.options);
    }

    #[test]
    fn a_scenario_is_free_play_and_nothing_else() {
        let source = Source::read(FREE_PLAY_ID, Some(scenario())).expect("free play");
        assert_eq!(source.lesson_id(), FREE_PLAY_ID);
        assert!(source.scenario().is_some());
        assert_eq!(
            Source::read("l1-two-investigators", Some(scenario())),
            Err(SourceError::NotFreePlay("l1-two-investigators".into()))
        );
        assert_eq!(
            Source::on_page("l1-two-investigators", Some(scenario())),
            Some(Source::Lesson("l1-two-investigators".into()))
        );
        assert_eq!(
            Source::read("nope", None),
            Err(SourceError::Unknown("nope".into()))
        );
    }

    #[test]
    fn free_play_is_its_lesson_or_a_scenario_and_no_other_source() {
        let with = Source::free_play(Some(scenario()));
        let without = Source::free_play(None);
        assert_eq!(
            with,
            Source::read(FREE_PLAY_ID, Some(scenario())).expect("reads")
        );
        assert_eq!(without, Source::read(FREE_PLAY_ID, None).expect("reads"));
        assert!(with.is_free_play() && without.is_free_play());
        assert_eq!(without.lesson_id(), FREE_PLAY_ID);
        for id in ["l1-two-investigators", "stress-100"] {
            let other = Source::read(id, None).expect("reads");
            assert!(!other.is_free_play(), "{id}");
        }
    }

    #[test]
    fn a_stress_id_keeps_its_spelling() {
        let source = Source::read("stress-0700", None).expect("stress");
        assert_eq!(source.lesson_id(), "stress-0700");
        let played = OnScreen::new(source, PlayOptions::default())
            .play()
            .expect("plays");
        assert_eq!(played.timeline.len(), stress::generate(700).len());
    }

    #[test]
    fn play_is_the_lessons_run_with_where_a_branch_left_it() {
        let id = "l1-two-investigators";
        let on_screen = OnScreen::new(Source::Lesson(id.into()), PlayOptions::default());
        let played = on_screen.play().expect("plays");
        let by_id = lessons::play(id, &PlayOptions::default()).expect("plays");
        assert_eq!(played.timeline.events(), by_id.events());
        assert_eq!((played.diverged, played.replayed), (None, false));
    }
}
