//! A built-in lesson as one definition ([`LessonDef`]): its catalog entry (id, titles,
//! summaries, the rules it shows), how it is built for a language, its checkpoints, its key
//! moments, whether it offers the learner's contrast toggles and what its first step says the
//! learner will see. Each lesson file exports one
//! (`LESSON`), `registry.rs` lists them, and the catalog, the lookup by id, the key steps and
//! the toggles the page offers are all read from that one list.

use super::catalog::LessonInfo;
use super::challenge::Challenge;
use super::checkpoint::Checkpoint;
use super::lesson::Lesson;
use crate::engine::{Caption, Lang};

/// One key moment of a lesson, as a predicate on events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyMoment {
    /// The event kind (`EventKind::name`).
    pub event: &'static str,
    /// Text the event's summary contains.
    pub contains: &'static str,
    /// Which of the matching events (0-based). Counted from the start, never from the end: a
    /// fork that ends the run early must not pull a later moment onto an earlier event.
    pub nth: usize,
    /// A short label, in Chinese and English.
    pub zh: &'static str,
    pub en: &'static str,
}

/// A key moment: the `nth` event of kind `event` whose summary contains `contains`.
pub const fn moment(
    event: &'static str,
    contains: &'static str,
    nth: usize,
    zh: &'static str,
    en: &'static str,
) -> KeyMoment {
    KeyMoment {
        event,
        contains,
        nth,
        zh,
        en,
    }
}

/// A built-in lesson, whole.
#[derive(Clone, Copy, Debug)]
pub struct LessonDef {
    /// The picker's entry; its id is the lesson's id everywhere.
    pub info: LessonInfo,
    /// Builds what plays (team, task, directions, script, captions) for a language.
    pub build: fn(Lang) -> Lesson,
    /// The predict-then-see questions it asks.
    pub checkpoints: fn() -> Vec<Checkpoint>,
    /// The goals it sets beside the stage (issue 48).
    pub challenges: fn() -> Vec<Challenge>,
    /// The moments that carry its point (the scrubber's marks, "next key step").
    pub key_moments: &'static [KeyMoment],
    /// Whether the page offers the contrast toggles (M6 drain on read, T6 the lock) with it.
    pub offers_toggles: bool,
    /// Issue 46: what the learner will see, said on the first step after the intro, before the
    /// one control to press ([`PRESS`]).
    pub first_step: Caption<&'static str>,
}

/// The one control to press, said last on every lesson's first step (issue 46).
pub const PRESS: Caption<&'static str> = Caption::fixed(
    "按 ▶（键盘上按 →）走第一步。",
    "Press ▶ (or → on the keyboard) to take the first step.",
);

impl LessonDef {
    /// The lesson built for `lang`, with the catalog's texts and its checkpoints.
    pub fn lesson(&self, lang: Lang) -> Lesson {
        let mut lesson = (self.build)(lang);
        lesson.id = self.info.id.to_string();
        lesson.title = self.info.title.into();
        lesson.summary = self.info.summary.into();
        lesson.rules = self.info.rules.iter().map(|r| r.to_string()).collect();
        lesson.checkpoints = (self.checkpoints)();
        lesson.challenges = (self.challenges)();
        let (see, press) = (self.first_step, PRESS);
        lesson.intro = Caption::new(
            format!("{}{}{}", lesson.intro.zh, see.zh, press.zh),
            format!("{} {} {}", lesson.intro.en, see.en, press.en),
        );
        lesson.spoken_in(lang)
    }
}
