//! What keeping the learner's work shows on the page ([`Keep`]: the continue offer, the
//! notices, the editor's draft, what was last stored) and the two writes of the shared
//! session a click makes or every store ends with: [`write_shared`] and [`bring_back`]
//! ("bring back the scenario you had"). The rules are `keep::visits`; when to store is
//! `session.rs`.

use leptos::prelude::*;

use std::sync::Arc;

use crate::engine::Caption;
use crate::keep::session::{KeptScenario, StoredSession};
use crate::keep::visits::{self, NotKept, SHARED_KEY};
use crate::lessons::{PlayOptions, FREE_PLAY_ID};
use crate::on_screen::{OnScreen, Source};
use crate::scenario::Scenario;
use crate::ui::browser::storage::{read_in, write_in, Area};
use crate::ui::state::context::Playground;

/// What keeping the learner's work shows and shares: the continue offer, the notices (storage
/// said once, a replaced scenario with its "bring back"), and the editor's draft.
#[derive(Clone, Copy)]
pub struct Keep {
    /// A stored session a returning learner may continue (one click, never forced).
    pub offer: RwSignal<Option<StoredSession>>,
    /// Storage failing (said once), or a kept scenario replaced (with [`Keep::previous`]).
    pub notice: RwSignal<Option<Caption>>,
    /// The scenario and draft just replaced, while the notice offers to bring them back.
    pub previous: RwSignal<Option<KeptScenario>>,
    /// The editor's draft when it differs from free play's scenario on screen.
    pub draft: RwSignal<Option<Scenario>>,
    /// Free play's scenario as last written to storage (None: none, or the write failed).
    pub stored_scenario: RwSignal<Option<Scenario>>,
    /// Bumped to mount the editor afresh (from the stored draft) when a kept one comes back.
    pub editor_generation: RwSignal<u64>,
    /// The stored session the editor's draft comes from (`visits::draft_for`).
    pub(super) stored_draft: StoredValue<Option<StoredSession>>,
    /// The scenario and draft this page last kept (`visits::merge_shared`'s `own`).
    pub(super) own: StoredValue<Option<KeptScenario>>,
    /// Free play was put back to its default scenario (the editor's reset).
    pub(super) default_chosen: StoredValue<bool>,
    pub(super) said: StoredValue<Vec<&'static str>>,
    pub(super) tab: StoredValue<String>,
}

impl Keep {
    /// The page's keep state, if the page keeps its work (not in a test mount without it).
    pub fn get() -> Option<Keep> {
        use_context::<Keep>()
    }

    /// Says `notice` once per page, under `key`.
    pub(super) fn say_once(&self, key: &'static str, notice: Caption) {
        let new = self.said.try_update_value(|said| {
            let new = !said.contains(&key);
            said.push(key);
            new
        });
        if new == Some(true) {
            // This notice takes the banner's place: its "bring back" button is not this one's.
            self.previous.set(None);
            self.notice.set(Some(notice));
        }
    }

    /// Says a storage failure once (full and unavailable alike: one notice).
    pub(super) fn not_kept(&self, why: NotKept) {
        self.say_once("storage", why.notice());
    }

    /// The draft the editor starts from over `scenario` (the one on screen): the stored one
    /// when it was typed over that scenario ([`visits::draft_for`]).
    pub fn draft_over(&self, scenario: Option<&Scenario>) -> Option<Scenario> {
        self.stored_draft.with_value(|stored| {
            stored
                .as_ref()
                .and_then(|s| visits::draft_for(s, scenario).cloned())
        })
    }

    pub(super) fn remember_draft(&self, session: &StoredSession) {
        self.stored_draft.set_value(Some(session.clone()));
    }

    /// What is put on screen next (a link, a file) deliberately replaces the kept scenario:
    /// the one kept now goes aside with a notice, never silently.
    pub fn replacing(&self) {
        self.own.set_value(None);
        self.default_chosen.set_value(false);
    }

    /// Free play back to its default scenario: stored as such (the kept one goes aside).
    pub fn choose_default(&self) {
        self.own.set_value(None);
        self.default_chosen.set_value(true);
    }

    /// Whether free play's scenario on screen (`on_screen`) is the one stored in this browser
    /// by the last write (which succeeded).
    pub fn keeps(&self, on_screen: Option<&Scenario>) -> bool {
        self.stored_scenario
            .with(|stored| on_screen.is_some() && stored.as_ref() == on_screen)
    }
}

/// Writes the shared session; what it keeps of free play's scenario is what the share dialog
/// may say is kept (nothing, when the write failed).
pub(super) fn write_shared(keep: Keep, session: &StoredSession) {
    let written = serde_json::to_string(session)
        .map_err(|_| NotKept::Unavailable)
        .and_then(|text| write_in(Area::Local, SHARED_KEY, &text));
    match written {
        Ok(()) => keep.stored_scenario.set(session.scenario.clone()),
        Err(why) => {
            keep.stored_scenario.set(None);
            keep.not_kept(why);
        }
    }
}

/// "Bring back the scenario you had" (the learner's click on the replaced notice): the
/// scenario and draft kept aside come back on screen and in storage, and the ones they replace
/// are kept aside in turn (`visits::bring_back`).
pub fn bring_back(pg: Playground) {
    let Some(keep) = Keep::get() else {
        return;
    };
    let Some(previous) = keep.previous.get_untracked() else {
        return;
    };
    keep.previous.set(None);
    keep.notice.set(None);
    let lang = pg.lang.get_untracked();
    let stored = read_in(Area::Local, SHARED_KEY)
        .ok()
        .flatten()
        .and_then(|text| StoredSession::read(&text, lang).ok());
    let swapped = stored.as_ref().and_then(visits::bring_back);
    if let Some(swapped) = &swapped {
        write_shared(keep, swapped);
    }
    // Storage that cannot be read still brings the draft back to the editor.
    let mut session = swapped.or(stored).unwrap_or_else(|| StoredSession {
        lesson: FREE_PLAY_ID.into(),
        options: PlayOptions::default(),
        earlier: Vec::new(),
        step: 0,
        level: pg.level.get_untracked(),
        scenario: None,
        draft: None,
        tab: None,
        previous: None,
        free_play_default: false,
        score: Default::default(),
    });
    session.scenario = previous.scenario.clone();
    session.draft = previous.draft.clone();
    keep.own.set_value(Some(previous.clone()));
    keep.default_chosen.set_value(false);
    keep.remember_draft(&session);
    let options = PlayOptions {
        lang,
        ..PlayOptions::default()
    };
    let source = Source::free_play(previous.scenario.map(Arc::new));
    pg.show(OnScreen::new(source, options), None, Vec::new());
    // The editor starts again from the draft brought back.
    keep.editor_generation.update(|g| *g += 1);
}
