//! The learner's session (lesson, branches, step) survives a page reload, and the explicit
//! "restart the host here" action that shows L3.
//!
//! The team itself is a function of (lesson, branches, step), so storing those stores the
//! roster and every history exactly. Choice: a reload of the page gives back what the learner
//! had (the same lesson, the branch on screen, the earlier branches to switch back to, the
//! step), never a restart of the team. The restart-and-recall behaviour (L3, lesson 8) is an
//! action of its own ([`restart_host`], from the fork panel): it forks a branch with a `Reload`
//! intervention at the current step, so every member shows as offline (the engine's
//! `RosterRestored`) until the learner recalls it explicitly ([`recall`], the button on an
//! offline member's card). Nothing restarts by itself.

use leptos::prelude::*;

use crate::engine::EventKind;
use crate::engine::Lang;
use crate::lessons::{Branches, Intervention, PlayError};
use crate::scenario::on_screen::OnScreen;
use crate::share::session::StoredSession;
use crate::ui::state::context::Playground;
use crate::view::fork_form;

const STORAGE_KEY: &str = "atp.session";

/// The stored session, if any (`share::session`, where it is read and checked). A session
/// that cannot be read is an error for the banner; the stored text is left in place (nothing
/// the learner had is overwritten until they act).
fn load(lang: Lang) -> Result<Option<StoredSession>, String> {
    let Some(text) = crate::ui::browser::storage::read(STORAGE_KEY) else {
        return Ok(None);
    };
    StoredSession::read(&text, lang).map(Some)
}

/// Whether this page load is a reload of the same page (Navigation Timing's `type`), the only
/// case in which a stored session comes back; a fresh visit or a new tab starts clean.
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

/// Restores a stored session for `lesson` (the lesson the page is opening) and starts watching
/// the view state to store it again. With `hold_first` (a refused link opened the default
/// lesson), the view as opened is not stored: the stored session stays until the learner acts.
/// Returns an error text for the banner, if any.
pub fn restore_and_track(
    pg: Playground,
    restore: bool,
    link_step: Option<usize>,
    hold_first: bool,
) -> Option<String> {
    let mut error = None;
    if restore && page_was_reloaded() {
        match load(pg.lang.get_untracked()) {
            Ok(Some(session))
                if session.lesson == pg.lesson_id.get_untracked()
                    && link_step.is_none_or(|step| step == session.step) =>
            {
                resume(pg, session);
            }
            Ok(_) => {}
            Err(e) => error = Some(e),
        }
    }
    // Stored when the page is idle (and when the page is left), not on every step of a scrub.
    let store = crate::ui::browser::when_idle::write_when_idle(|session: StoredSession| {
        if let Ok(text) = serde_json::to_string(&session) {
            crate::ui::browser::storage::write(STORAGE_KEY, &text);
        }
    });
    Effect::new(move |first: Option<()>| {
        // The run on screen (its toggles are part of it: they come back with the session), the
        // step tracked here (`on_screen` reads it untracked), and the earlier branches.
        let step = pg.step.get();
        let earlier = pg.branches.with(|b| b.earlier().to_vec());
        let Some(on_screen) = pg.on_screen() else {
            return;
        };
        let session = StoredSession::of(&OnScreen { step, ..on_screen }, earlier, pg.level.get());
        if first.is_some() || !hold_first {
            store(session);
        }
    });
    error
}

/// Brings a stored session back as it was: the same branches, toggles and step, in the page's
/// language, with free play's scenario if one is on screen (a session stores none).
fn resume(pg: Playground, session: StoredSession) {
    let lang = pg.lang.get_untracked();
    let scenario = pg.scenario.get_untracked();
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
    let made = pg.branches.try_update(change).unwrap_or(Ok(()));
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
