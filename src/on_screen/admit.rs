//! The one door: every reader that brings a run in from outside (a link and so the embed API's
//! `load`, an imported file or recording, the stored session and so SCORM's `suspend_data`,
//! Open edX's state) hands what its format carried to [`admit`] as an [`Arrival`], and gets the
//! run on screen back, or every [`Refusal`] found. A refusal is a reason as a value; it is
//! worded once, in both languages, naming who carried it ([`Carrier`]), by
//! [`Refusal::problem`]. What a format carries beside the run is `page_view.rs`'s.
//!
//! The door checks what a run needs before anything plays: a lesson that exists, a generated
//! log no longer than a link may ask for, no more fork edits than a run takes (counted once,
//! over every branch and the recording), a scenario only in free play and only a valid one, a
//! recording of the same lesson; a comparison's other run ([`admit_versus`]) like a branch.
//! Playing it (a link clamps its step, an export compares its
//! event log) is each reader's own next step.

use std::sync::Arc;

use super::run::{OnScreen, Source};
use super::versus::Versus;
use crate::engine::Lang;
use crate::lessons::recording::Recording;
use crate::lessons::run::MAX_INTERVENTIONS;
use crate::lessons::{stress, PlayOptions, Playable, FREE_PLAY_ID};
use crate::scenario::{too_many_edits, Problem, Scenario, ScenarioErrors};

/// Who brought a run in, as the refusals name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carrier {
    /// "this link", in Chinese and English: the subject of a refusal.
    pub this: (&'static str, &'static str),
    /// "this link's": what it holds.
    pub its: (&'static str, &'static str),
    /// "a link": what may open at most so much.
    pub kind: (&'static str, &'static str),
}

impl Carrier {
    pub const LINK: Carrier = Carrier {
        this: ("这个链接", "this link"),
        its: ("这个链接里的", "this link's"),
        kind: ("链接", "a link"),
    };
    pub const FILE: Carrier = Carrier {
        this: ("这个文件", "this file"),
        its: ("这个文件里的", "this file's"),
        kind: ("导入", "an import"),
    };
    pub const RECORDING: Carrier = Carrier {
        this: ("这个记录", "this recording"),
        its: ("这个记录里的", "this recording's"),
        kind: ("导入", "an import"),
    };
    pub const SESSION: Carrier = Carrier {
        this: (
            "这个浏览器里保存的会话",
            "the session stored in this browser",
        ),
        its: ("这个浏览器里保存的会话里的", "the stored session's"),
        kind: ("保存的会话", "a stored session"),
    };
    pub const EDX: Carrier = Carrier {
        this: ("它", "it"),
        its: ("它的", "its"),
        kind: ("Open edX 的状态", "Open edX's state"),
    };
}

/// What a format carried of a run, before the door.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Arrival {
    pub lesson: String,
    /// Free play's scenario, as the format typed it (not yet validated).
    pub scenario: Option<Scenario>,
    pub options: PlayOptions,
    /// Earlier branches to switch back to (only the stored session keeps them).
    pub earlier: Vec<PlayOptions>,
    pub recording: Option<Recording>,
    pub step: usize,
}

/// Why the door refuses a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The id names no lesson and no generated log.
    NoLesson(String),
    /// A generated log longer than a link or a file may ask for.
    StressTooLong(usize),
    /// More fork edits than a run takes.
    TooManyEdits(usize),
    /// A scenario with a lesson other than free play.
    ScenarioNotFreePlay(String),
    /// A scenario that does not pass its checks.
    ScenarioInvalid(ScenarioErrors),
    /// A recording of another lesson than the run's.
    RecordingOfOther { recording: String, lesson: String },
    /// A comparison of a run that has nothing to compare (the generated log).
    NothingToCompare(String),
}

impl Refusal {
    /// The refusal worded for `carrier`, in both languages.
    pub fn problem(&self, carrier: &Carrier) -> Problem {
        let (this_zh, this_en) = carrier.this;
        let (its_zh, its_en) = carrier.its;
        let (kind_zh, kind_en) = carrier.kind;
        match self {
            Refusal::NoLesson(id) => Problem::new(
                format!("{its_zh}课程 '{id}' 不存在"),
                format!("{this_en} names a lesson that does not exist: '{id}'"),
            ),
            Refusal::StressTooLong(n) => {
                let max = stress::MAX_LINKED_EVENTS;
                Problem::new(
                    format!("{this_zh}要求生成 {n} 个事件的压力日志；{kind_zh}最多只能打开 {max} 个事件"),
                    format!("{this_en} asks for a generated stress log of {n} events; {kind_en} opens at most {max}"),
                )
            }
            Refusal::TooManyEdits(n) => too_many_edits(*n, this_zh, this_en),
            Refusal::ScenarioNotFreePlay(id) => Problem::new(
                format!("{this_zh}带有场景，但课程是 '{id}' 而不是自由练习（{FREE_PLAY_ID}）"),
                format!("{this_en} carries a scenario but names lesson '{id}', not free play ({FREE_PLAY_ID})"),
            ),
            Refusal::ScenarioInvalid(errors) => Problem::new(
                format!("{its_zh}场景无效。{}", errors.message(Lang::Zh)),
                format!("{its_en} scenario is not valid. {}", errors.message(Lang::En)),
            ),
            Refusal::NothingToCompare(id) => Problem::new(
                format!("{this_zh}要求对比 '{id}' 的两次运行，但生成的日志没有可对比的设置"),
                format!("{this_en} asks to compare two runs of '{id}', but a generated log has no other setting to compare"),
            ),
            Refusal::RecordingOfOther { recording, lesson } => Problem::new(
                format!("{its_zh}运行记录属于课程 '{recording}'，不是 '{lesson}'"),
                format!("{its_en} recorded run is of lesson '{recording}', not '{lesson}'"),
            ),
        }
    }
}

/// The refusals worded for `carrier`.
pub fn problems(refusals: &[Refusal], carrier: &Carrier) -> Vec<Problem> {
    refusals.iter().map(|r| r.problem(carrier)).collect()
}

/// The first refusal worded for `carrier`: what a reader that says one problem says (a link's
/// banner, Open edX's `setState`). `refusals` is what [`admit`] returned, never empty.
pub fn first(refusals: &[Refusal], carrier: &Carrier) -> Problem {
    match refusals.first() {
        Some(refusal) => refusal.problem(carrier),
        None => Problem::new("", ""),
    }
}

/// A run that passed the door: what goes on screen, and the earlier branches.
#[derive(Clone, Debug, PartialEq)]
pub struct Admitted {
    pub on_screen: OnScreen,
    pub earlier: Vec<PlayOptions>,
}

/// The fork edits rule, counted once: the most edits any one branch (or the recording's run)
/// carries, refused past [`MAX_INTERVENTIONS`]. A reader may ask it early, before it types
/// the rest (a link's thousands of edits once overflowed the stack further on).
pub fn too_many_edits_in(edits_per_branch: impl IntoIterator<Item = usize>) -> Option<Refusal> {
    let edits = edits_per_branch.into_iter().max().unwrap_or(0);
    (edits > MAX_INTERVENTIONS).then_some(Refusal::TooManyEdits(edits))
}

/// A comparison's other run from outside (a link's), checked like a branch of `on_screen`: no
/// more fork edits than a run takes, and a comparison only of a lesson or a scenario (the
/// generated log has no other setting to compare with).
pub fn admit_versus(on_screen: &OnScreen, versus: &Versus) -> Result<(), Vec<Refusal>> {
    let mut refusals: Vec<Refusal> = too_many_edits_in([versus.options.interventions.len()])
        .into_iter()
        .collect();
    if let Source::Stress { id, .. } = &on_screen.source {
        refusals.push(Refusal::NothingToCompare(id.clone()));
    }
    if refusals.is_empty() {
        Ok(())
    } else {
        Err(refusals)
    }
}

/// The one admission of a run from outside: every check a run needs before it plays, each
/// refusal found (in the order above), or the run on screen. Nothing plays here.
pub fn admit(arrival: Arrival) -> Result<Admitted, Vec<Refusal>> {
    let Arrival {
        lesson,
        scenario,
        options,
        earlier,
        recording,
        step,
    } = arrival;
    let mut refusals = Vec::new();
    match Playable::parse(&lesson) {
        None => refusals.push(Refusal::NoLesson(lesson.clone())),
        Some(Playable::Stress(n)) if n > stress::MAX_LINKED_EVENTS => {
            refusals.push(Refusal::StressTooLong(n))
        }
        Some(_) => {}
    }
    let branches = std::iter::once(&options)
        .chain(&earlier)
        .chain(recording.as_ref().map(|r| &r.options))
        .map(|o| o.interventions.len());
    refusals.extend(too_many_edits_in(branches));
    if let Some(scenario) = &scenario {
        if lesson != FREE_PLAY_ID && Playable::parse(&lesson).is_some() {
            refusals.push(Refusal::ScenarioNotFreePlay(lesson.clone()));
        }
        if let Err(errors) = scenario.validate() {
            refusals.push(Refusal::ScenarioInvalid(errors));
        }
    }
    if let Some(recording) = &recording {
        if recording.lesson != lesson {
            refusals.push(Refusal::RecordingOfOther {
                recording: recording.lesson.clone(),
                lesson: lesson.clone(),
            });
        }
    }
    if !refusals.is_empty() {
        return Err(refusals);
    }
    let source = Source::read(&lesson, scenario.map(Arc::new))
        .map_err(|_| vec![Refusal::NoLesson(lesson.clone())])?;
    Ok(Admitted {
        on_screen: OnScreen {
            source,
            options,
            recording: recording.map(Arc::new),
            step,
        },
        earlier,
    })
}
