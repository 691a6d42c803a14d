//! The learner's session (lesson, branches, step) survives a page reload, free play's scenario
//! and the editor's draft survive a fresh visit, and the explicit "restart the host here"
//! action that shows L3.
//!
//! The team itself is a function of (lesson, branches, step), so storing those stores the
//! roster and every history exactly. Choice: a reload of the page gives back what the learner
//! had in this tab (the same lesson, the branch on screen, the earlier branches to switch back
//! to, the step), never a restart of the team; each tab keeps its own in session storage, so
//! two tabs never overwrite each other's branches, and the newest session of any tab is shared
//! in local storage with the scenario (`keep::visits`: what is kept, how tabs merge, what is
//! offered). A fresh visit is offered to continue, never moved. The restart-and-recall
//! behaviour (L3, lesson 8) is an action of its own ([`restart_host`], from the fork panel):
//! it forks a branch with a `Reload` intervention at the current step, so every member shows
//! as offline (the engine's `RosterRestored`) until the learner recalls it explicitly
//! ([`recall`], the button on an offline member's card). Nothing restarts by itself.

use leptos::prelude::*;

use std::sync::Arc;

use crate::engine::EventKind;
use crate::keep::boot::BootPlan;
use crate::keep::session::StoredSession;
use crate::keep::visits::{self, SHARED_KEY, TAB_ID_KEY, TAB_KEY};
use crate::lessons::{Branches, Intervention, PlayError, FREE_PLAY_ID};
use crate::on_screen::OnScreen;
use crate::ui::browser::storage::{read_in, write_in, Area};
use crate::ui::state::checkpoints::Checkpoints;
use crate::ui::state::context::Playground;
use crate::ui::state::kept::write_shared;
pub use crate::ui::state::kept::{bring_back, Keep};
use crate::view::fork_form;

/// Reads a stored session from `area`: a storage that cannot be used is said once; a session
/// that cannot be read is an error for the banner (its text stays in place: nothing the learner
/// had is overwritten until they act).
fn load(
    keep: Keep,
    area: Area,
    key: &str,
    lang: crate::engine::Lang,
) -> Result<Option<StoredSession>, String> {
    match read_in(area, key) {
        Ok(Some(text)) => StoredSession::read(&text, lang).map(Some),
        Ok(None) => Ok(None),
        Err(why) => {
            keep.not_kept(why);
            Ok(None)
        }
    }
}

/// This tab's id (kept in session storage, so a reload is the same tab).
fn tab_id() -> String {
    if let Ok(Some(id)) = read_in(Area::Session, TAB_ID_KEY) {
        return id;
    }
    let id = format!("{:x}", (js_sys::Math::random() * 1e15) as u64);
    let _ = write_in(Area::Session, TAB_ID_KEY, &id);
    id
}

/// Whether this page load is a reload of the same page (Navigation Timing's `type`), the only
/// case in which this tab's session comes back by itself; a fresh visit or a new tab is offered
/// the shared one instead.
pub fn page_was_reloaded() -> bool {
    let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
        return false;
    };
    let entries = performance.get_entries_by_type("navigation");
    let entry = entries.get(0);
    js_sys::Reflect::get(&entry, &wasm_bindgen::JsValue::from_str("type"))
        .ok()
        .and_then(|t| t.as_string())
        .is_some_and(|t| t == "reload")
}

/// Carries out the boot plan (`keep::boot`): restores this tab's stored session for the
/// lesson the page is opening on a reload, offers a stored one to continue, and starts
/// watching the view state to store it again (not the view as opened, with `hold_first`).
/// Returns an error text for the banner, if any.
pub fn restore_and_track(pg: Playground, plan: BootPlan) -> Option<String> {
    let BootPlan {
        restore,
        restore_step: link_step,
        hold_first,
        offer,
    } = plan;
    let keep = Keep {
        offer: RwSignal::new(None),
        notice: RwSignal::new(None),
        previous: RwSignal::new(None),
        draft: RwSignal::new(None),
        stored_scenario: RwSignal::new(None),
        editor_generation: RwSignal::new(0),
        stored_draft: StoredValue::new(None),
        own: StoredValue::new(None),
        default_chosen: StoredValue::new(false),
        said: StoredValue::new(Vec::new()),
        tab: StoredValue::new(tab_id()),
    };
    provide_context(keep);
    let lang = pg.lang.get_untracked();
    let mut error = None;
    let mut read = |area, key| {
        load(keep, area, key, lang).unwrap_or_else(|e| {
            error = error.take().or(Some(e));
            None
        })
    };
    let own = read(Area::Session, TAB_KEY);
    let shared = read(Area::Local, SHARED_KEY);
    // A page stored before tabs kept their own has only the shared session to reload from.
    let mine = own.clone().or_else(|| shared.clone());
    if restore && page_was_reloaded() {
        if let Some(session) = mine.clone().filter(|s| {
            s.lesson == pg.lesson_id.get_untracked() && link_step.is_none_or(|step| step == s.step)
        }) {
            keep.remember_draft(&session);
            resume(pg, session, false);
        }
    }
    // Free play's kept scenario is the one free play opens next, unless a link named free play.
    if pg.lesson_id.get_untracked() != FREE_PLAY_ID && pg.scenario.get_untracked().is_none() {
        if let Some(kept) = shared.as_ref().and_then(|s| s.scenario.clone()) {
            pg.set_scenario(Some(Arc::new(kept)));
            if let Some(shared) = &shared {
                keep.remember_draft(shared);
            }
        }
    }
    if offer {
        let here = (pg.lesson_id.get_untracked(), pg.step.get_untracked());
        let offered = own
            .or(shared)
            .and_then(|s| visits::continue_offer(&s, &here.0, here.1));
        keep.offer.set(offered);
    }
    track(pg, keep, hold_first);
    error
}

/// Stores the view state when the page is idle (and when the page is left), not on every step
/// of a scrub: this tab's own session, and the shared one merged (`visits::merge_shared`).
fn track(pg: Playground, keep: Keep, hold_first: bool) {
    let store = crate::ui::browser::when_idle::write_when_idle(move |session: StoredSession| {
        let Ok(text) = serde_json::to_string(&session) else {
            return;
        };
        if let Err(why) = write_in(Area::Session, TAB_KEY, &text) {
            keep.not_kept(why);
        }
        let lang = pg.lang.get_untracked();
        let stored = read_in(Area::Local, SHARED_KEY)
            .ok()
            .flatten()
            .and_then(|text| StoredSession::read(&text, lang).ok());
        let speaks = !session.kept().is_empty() || session.free_play_default;
        let mine = session.kept();
        let merged = visits::merge_shared(stored.as_ref(), session, keep.own.get_value().as_ref());
        if speaks {
            keep.own.set_value(Some(mine));
        }
        if merged.replaced {
            keep.previous.set(merged.session.previous.clone());
            keep.notice.set(Some(visits::replaced_notice()));
        }
        write_shared(keep, &merged.session);
    });
    let opened = (pg.lesson_id.get_untracked(), pg.step.get_untracked());
    Effect::new(move |first: Option<()>| {
        // The run on screen (its toggles are part of it: they come back with the session), the
        // step tracked here (`on_screen` reads it untracked), the earlier branches, the draft.
        let step = pg.step.get();
        let earlier = pg.earlier.get();
        let draft = keep.draft.get();
        // The lesson's checkpoint results go with the session (a wrong try stores it too).
        let score = Checkpoints::get().score(pg);
        let Some(on_screen) = pg.on_screen() else {
            return;
        };
        let in_free_play = on_screen.source.is_free_play();
        let mut session =
            StoredSession::of(&OnScreen { step, ..on_screen }, earlier, pg.level.get());
        session.draft = draft.filter(|_| in_free_play);
        session.free_play_default =
            in_free_play && session.kept().is_empty() && keep.default_chosen.get_value();
        session.tab = Some(keep.tab.get_value());
        session.score = score;
        // While an offer waits, nothing is stored: a visit that only looks (or switches the
        // language) does not replace what it offers. Taken, declined, or passed by (the learner
        // moved on: another lesson, step or branch), storing resumes.
        let moved = (session.lesson.as_str(), session.step) != (opened.0.as_str(), opened.1)
            || !session.earlier.is_empty();
        let mut offer_waits = keep.offer.with_untracked(Option::is_some);
        if offer_waits && moved {
            keep.offer.set(None);
            offer_waits = false;
        }
        if (first.is_some() || !hold_first) && !offer_waits {
            store(session);
        }
    });
}

/// Continues the offered session (the learner's click): its lesson, branches, toggles and
/// step, with its scenario and draft.
pub fn continue_offered(pg: Playground) {
    let Some(keep) = Keep::get() else {
        return;
    };
    let Some(session) = keep.offer.get_untracked() else {
        return;
    };
    keep.offer.set(None);
    pg.error.set(None);
    keep.remember_draft(&session);
    resume(pg, session, true);
}

/// Brings a stored session back as it was: the same branches, toggles and step, in the page's
/// language, with a free-play scenario: on a reload the link's (the page's) first, as the link
/// names it; when continuing, the session's own first.
fn resume(pg: Playground, session: StoredSession, own_scenario_first: bool) {
    Checkpoints::get().adopt(&session.lesson, &session.score, false);
    show_session(pg, session, own_scenario_first);
}

/// A SCORM LMS's stored session (`cmi.suspend_data`): its lesson, branches and step, and its
/// score in place of this browser's (`Checkpoints::adopt`); None (a first launch) starts the
/// lesson's score afresh.
pub fn resume_from_lms(pg: Playground, session: Option<StoredSession>) {
    let lesson = session
        .as_ref()
        .map_or_else(|| pg.lesson_id.get_untracked(), |s| s.lesson.clone());
    let score = session
        .as_ref()
        .map(|s| s.score.clone())
        .unwrap_or_default();
    Checkpoints::get().adopt(&lesson, &score, true);
    if let Some(session) = session {
        show_session(pg, session, true);
    }
}

/// Shows a stored session's run (see [`resume`]).
fn show_session(pg: Playground, session: StoredSession, own_scenario_first: bool) {
    let lang = pg.lang.get_untracked();
    let stored = session.scenario.clone().map(Arc::new);
    let on_page = pg.scenario.get_untracked();
    let scenario = match own_scenario_first {
        true => stored.or(on_page),
        false => on_page.or(stored),
    };
    pg.level.set(session.level);
    if let Some(on_screen) = session.on_screen(lang, scenario) {
        pg.show(on_screen, None, session.earlier);
    }
}

/// L3, as an explicit action: the host restarts at the current step on a new branch (a
/// `Reload` intervention, `Branches::fork`); the view opens right after the roster was
/// restored, every member offline with its history.
pub fn restart_host(pg: Playground) {
    let at = pg
        .state
        .with_untracked(|s| s.as_ref().map(|s| s.step))
        .unwrap_or(0);
    pg.pause();
    if !new_branch(pg, |branches| branches.fork(Intervention::Reload { at })) {
        return;
    }
    let restored = pg.timeline_untracked().and_then(|timeline| {
        timeline
            .events()
            .iter()
            .skip(at)
            .find(|event| matches!(event.kind, EventKind::RosterRestored { .. }))
            .map(|event| event.seq + 1)
    });
    pg.go_to(restored.unwrap_or(at));
}

/// Starts a new branch with `change`; a branch that already holds the most edits a run takes
/// refuses it, and the banner says so. True when the branch was made.
fn new_branch(pg: Playground, change: impl FnOnce(&mut Branches) -> Result<(), PlayError>) -> bool {
    let made = pg.change_branch(change).unwrap_or(Ok(()));
    if made.is_err() {
        let message = fork_form::too_many_edits()
            .get(pg.lang.get_untracked())
            .to_string();
        pg.error.set(Some(message));
    }
    made.is_ok()
}

/// L3: recall an offline member explicitly, from the current step, on a new branch
/// (`Branches::extend`); the view moves to the step right after the recall.
pub fn recall(pg: Playground, member: String) {
    let at = pg.step.get_untracked();
    let recall = Intervention::Recall {
        at,
        member: member.clone(),
    };
    if !new_branch(pg, |branches| branches.extend(recall)) {
        return;
    }
    // The recall is one event that makes the member idle (or a refusal): land on the step
    // right after it, so the card already shows what the caption says.
    let recalled = pg.timeline_untracked().and_then(|timeline| {
        timeline
            .events()
            .iter()
            .skip(at)
            .find(|event| {
                matches!(&event.kind, EventKind::MemberRecalled { member: m, .. } if *m == member)
                    || event.kind.category() == crate::engine::Category::Refusal
            })
            .map(|event| event.seq + 1)
    });
    pg.go_to(recalled.unwrap_or(at));
}
