//! The stored session's format (`ui::state::session` keeps it in browser storage): the lesson id, the
//! branch on screen (its toggles in `learner_toggles`), the earlier branches to switch back
//! to, and the step. Written and read back with serde's derived `Serialize` and
//! `Deserialize`; sessions stored before `earlier` or `level` existed still read (at the
//! default level, the story). It converts to and
//! from the run on screen ([`OnScreen`]): the session holds no language (the page's is the one
//! in force). Free play's scenario and the editor's draft (valid or not) are kept beside it,
//! optional fields a session stored before them reads without; where each session is stored
//! and how tabs share them is `keep.rs`. The lesson's checkpoint results (`score`, issue 26
//! part 3) are a field too, optional in the same way: a session is the learner's whole place
//! in a lesson, so a reload, a continued visit and a SCORM LMS's `cmi.suspend_data`
//! (`course::scorm`) bring the score back with the step.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::Lang;
use crate::lessons::{PlayOptions, FREE_PLAY_ID};
use crate::on_screen::{admit, Arrival, Carrier, OnScreen, PageView, Refusal};
use crate::scenario::Scenario;
use crate::view::checkpoints::Score;
use crate::view::story::Level;

/// A stored session. `options` is the branch on screen; `earlier` (absent in sessions stored
/// before branches were kept) the branches to switch back to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredSession {
    pub lesson: String,
    pub options: PlayOptions,
    #[serde(default)]
    pub earlier: Vec<PlayOptions>,
    pub step: usize,
    /// The level the learner steps at.
    #[serde(default)]
    pub level: Level,
    /// Free play's scenario (the last valid one, which plays), kept for the next visit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    /// The editor's draft when it differs from `scenario` (what was typed, valid or not).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<Scenario>,
    /// The tab that wrote its scenario and draft (`keep::merge_shared` tells tabs apart by it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab: Option<String>,
    /// The scenario and draft the kept ones replaced (a link, a file, a reset, another tab),
    /// kept aside to bring back (`keep::bring_back`): work is never silently lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<KeptScenario>,
    /// Free play was put back to its default scenario: this session's "no scenario" replaces
    /// the kept one (`keep::merge_shared`) instead of keeping it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub free_play_default: bool,
    /// The lesson's checkpoint results (ids answered, first try right or not, attempts);
    /// absent in sessions stored before it and when nothing was answered.
    #[serde(default, skip_serializing_if = "Score::is_empty")]
    pub score: Score,
}

/// Free play's scenario and the editor's draft as kept (both None: free play's default).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KeptScenario {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draft: Option<Scenario>,
}

impl KeptScenario {
    /// Nothing kept: free play's default.
    pub fn is_empty(&self) -> bool {
        self.scenario.is_none() && self.draft.is_none()
    }
}

impl StoredSession {
    /// Reads a stored session's text; a session that cannot be read, or holds a branch of more
    /// edits than a run takes (no page writes one), is an error for the banner in `lang`.
    pub fn read(text: &str, lang: Lang) -> Result<StoredSession, String> {
        let session = serde_json::from_str::<StoredSession>(text).map_err(|e| match lang {
            Lang::Zh => format!(
                "这个浏览器里保存的会话无法读取（第 {} 行第 {} 列），没有恢复",
                e.line(),
                e.column()
            ),
            Lang::En => format!(
                "the session stored in this browser cannot be read ({e}); it was not restored"
            ),
        })?;
        // A stored scenario that no longer passes the checks (a page with stricter ones) is
        // not played: it stays as the editor's draft, to be fixed there, never dropped.
        let mut session = session;
        if session
            .scenario
            .as_ref()
            .is_some_and(|s| s.validate().is_err())
        {
            let invalid = session.scenario.take();
            session.draft = session.draft.or(invalid);
        }
        // The door. A session of a lesson that no longer exists is no error: the page opens
        // its default lesson instead (`on_screen` is None); a refusal of what it carries is.
        if let Err(refusals) = admit(session.arrival(session.scenario.clone())) {
            let refused: Vec<Refusal> = refusals
                .into_iter()
                .filter(|r| !matches!(r, Refusal::NoLesson(_)))
                .collect();
            if let Some(first) = refused.first() {
                return Err(first.problem(&Carrier::SESSION).get(lang).to_string());
            }
        }
        Ok(session)
    }

    /// The session of `on_screen` with the `earlier` branches, at `level` (the branch stored
    /// without its language, as the page's branches hold none).
    pub fn of(on_screen: &OnScreen, earlier: Vec<PlayOptions>, level: Level) -> StoredSession {
        StoredSession {
            lesson: on_screen.lesson_id().to_string(),
            options: PlayOptions {
                lang: PlayOptions::default().lang,
                ..on_screen.options.clone()
            },
            earlier,
            step: on_screen.step,
            level,
            scenario: on_screen.source.scenario().map(|s| (**s).clone()),
            draft: None,
            tab: None,
            previous: None,
            free_play_default: false,
            score: Score::default(),
        }
    }

    /// Its free-play scenario and draft.
    pub fn kept(&self) -> KeptScenario {
        KeptScenario {
            scenario: self.scenario.clone(),
            draft: self.draft.clone(),
        }
    }

    /// What it carries of the run, for the door, with free play's `scenario` (a session
    /// stores it beside the run, and the page may keep another).
    fn arrival(&self, scenario: Option<Scenario>) -> Arrival {
        Arrival {
            lesson: self.lesson.clone(),
            scenario: scenario.filter(|_| self.lesson == FREE_PLAY_ID),
            options: self.options.clone(),
            earlier: self.earlier.clone(),
            recording: None,
            step: self.step,
        }
    }

    /// The run on screen it brings back through the door, in the page's `lang`, with free
    /// play's `scenario` when the page has one (a session stores none); never a live run.
    /// None when the door refuses it (its lesson id names nothing).
    pub fn on_screen(&self, lang: Lang, scenario: Option<Arc<Scenario>>) -> Option<OnScreen> {
        let mut arrival = self.arrival(scenario.map(|s| (*s).clone()));
        arrival.options.lang = lang;
        arrival.earlier.clear();
        admit(arrival).ok().map(|admitted| admitted.on_screen)
    }

    /// What it carries of how the page shows the run: the level.
    pub fn page_view(&self) -> PageView {
        PageView {
            level: Some(self.level),
            breakpoints: Vec::new(),
            compare: None,
        }
    }
}
