//! The address bar: reading the link the page was opened with, keeping the address bar a link
//! to what is on screen (`replaceState`, never a history entry per step), and the two calls
//! other parts use: [`current_link`] (the share and embed dialogs) and [`open_link`] (an
//! embedding page's `load`).

use leptos::prelude::*;

use super::context::Playground;
use super::i18n::{initial_lang, Lang, LangText};
use crate::lessons::catalog;
use crate::share::{parse_fragment, to_fragment, EmbedFlags, LinkState};

/// Replaces the address bar's link (no new history entry).
fn write_address(fragment: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(fragment));
    }
}

/// The link the page was opened with (its fragment).
fn read_address() -> Result<LinkState, String> {
    let fragment = window().location().hash().unwrap_or_default();
    parse_fragment(&fragment)
}

/// The fragment of what is on screen, with the page's embed flags. Tracked.
pub fn current_fragment(pg: Playground) -> String {
    to_fragment(&pg.lesson_id.get(), pg.step.get(), pg.lang.get().code())
        + &pg.embed.with(EmbedFlags::link_suffix)
}

/// A whole link (this page's address without its fragment, then [`current_fragment`]) to what
/// is on screen. Untracked: called from dialogs and commands.
pub fn current_link(pg: Playground) -> String {
    let location = window().location();
    let base = format!(
        "{}{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    );
    base + &untrack(|| current_fragment(pg))
}

/// Opens `link` (a whole link or just its fragment) on the running page: its lesson, step and
/// language. A bad link changes nothing and says why.
pub fn open_link(pg: Playground, link: &str) -> Result<(), String> {
    let fragment = link.split_once('#').map_or(link, |(_, f)| f);
    let state = parse_fragment(fragment)?;
    let lesson = state
        .lesson
        .clone()
        .unwrap_or_else(|| catalog()[0].id.to_string());
    if crate::lessons::Playable::parse(&lesson).is_none() {
        return Err(format!(
            "this link names a lesson that does not exist: '{lesson}'"
        ));
    }
    if let Some(lang) = state.lang.as_deref().and_then(Lang::from_code) {
        pg.lang.set(lang);
    }
    if lesson != pg.lesson_id.get_untracked() {
        pg.open_lesson(lesson);
    }
    pg.go_to(state.step.unwrap_or(0));
    Ok(())
}

/// Opens the view state from the address bar: the link's lesson, step and language, or the
/// default lesson with a clear error for a bad link; then the stored session (L3).
pub fn open_from_address() -> Playground {
    let link = read_address();
    let lang = link
        .as_ref()
        .ok()
        .and_then(|l| l.lang.as_deref())
        .and_then(Lang::from_code)
        .unwrap_or_else(initial_lang);
    let lesson = match &link {
        Ok(l) => l.lesson.clone(),
        Err(_) => None,
    };
    let (lesson, lesson_error) = match lesson {
        Some(id) if crate::lessons::Playable::parse(&id).is_some() => (id, None),
        Some(id) => (
            catalog()[0].id.to_string(),
            Some(format!(
                "this link names a lesson that does not exist: '{id}'. The default lesson is open instead."
            )),
        ),
        None => (catalog()[0].id.to_string(), None),
    };
    let pg = Playground::provide(lang, lesson);
    if let Ok(state) = &link {
        pg.embed.set(EmbedFlags::from_link(state));
    }
    let link_error = link
        .as_ref()
        .err()
        .map(|e| format!("{e}. The default lesson is open instead; nothing you had was changed."));
    let link_step = link.as_ref().ok().and_then(|l| l.step);
    pg.go_to(link_step.unwrap_or(0));
    // Restore only what this same page held before the reload: a link to something else wins.
    let restore = link.is_ok() && lesson_error.is_none();
    let session_error = super::session::restore_and_track(pg, restore, link_step);
    pg.error.set(link_error.or(lesson_error).or(session_error));
    if let Some(src) = link.ok().and_then(|l| l.src) {
        super::scenario_src::open(pg, src, link_step);
    }
    pg
}

/// Keeps the address bar a link to what is on screen. It is written when the page is idle:
/// scrubbing or running changes the step many times a second, each `replaceState` is costly,
/// and Chromium ignores calls beyond a rate limit, which would leave a stale link behind. The
/// first link (the page as opened) is written right after the first paint.
pub fn keep_address_current(pg: Playground) {
    let write = super::when_idle::write_when_idle(|fragment: String| write_address(&fragment));
    Effect::new(move |_| write(current_fragment(pg)));
}
