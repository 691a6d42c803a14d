//! The address bar: reading the link the page was opened with (the whole view state, see
//! `link::view_state`; [`read_address_link`], then [`open_address_link`], both called by
//! `app.rs` as it builds the page state), keeping the address bar a link to what is on screen (`replaceState`,
//! never a history entry per step, so an embedding page's history never grows; only a lesson
//! picked on a top-level page is a new entry, [`pick_lesson`]), following
//! `hashchange` (back/forward, an edited address), and the two calls other parts use:
//! [`current_link`] (the share and embed dialogs) and [`open_link`] (an embedding page's
//! `load`). A bad link changes nothing and says why, in the page's language.

use std::sync::Arc;

use leptos::prelude::*;

use crate::host_code::LineBreaks;
use crate::link::view_state::{self, Extra, Opened, ViewState};
use crate::link::{link_lang, parse_fragment, EmbedFlags, Problem};
use crate::ui::browser::i18n::{initial_lang, Lang};
use crate::ui::state::compare::Comparison;
use crate::ui::state::context::{PlayedRun, Playground, Seed};

/// Replaces the address bar's link (no new history entry).
fn write_address(fragment: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(fragment));
    }
}

/// Whether the page is inside a frame (an embed link, or any parent window): there the address
/// is only ever replaced, so the embedding page's history never grows.
fn in_frame(pg: Playground) -> bool {
    let w = window();
    let top_level = matches!(w.top(), Ok(Some(top)) if top == w);
    pg.embed.with_untracked(|f| f.embed) || !top_level
}

/// A lesson chosen in the picker: it opens, and on a top-level page the new lesson's link is a
/// new history entry, so Back returns to the lesson before (`hashchange` opens it); in a frame
/// the address is only replaced, as for every other change.
pub fn pick_lesson(pg: Playground, id: String) {
    pg.open_lesson(id);
    if in_frame(pg) {
        return;
    }
    let fragment = untrack(|| current_fragment(pg));
    if let Ok(history) = window().history() {
        let _ = history.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&fragment));
    }
}

fn read_address() -> String {
    window().location().hash().unwrap_or_default()
}

/// The `x=` of what is on screen, kept in a memo so a step change does not compress the
/// scenario again.
#[derive(Clone, Copy)]
struct CurrentX(Memo<Option<String>>);

/// What is on screen beyond the readable parts (`Extra::of` the run on screen, with the
/// breakpoints). Tracked.
fn current_extra(pg: Playground) -> Extra {
    // Whole kinds as kinds (what older links hold), other lines by name (issue 47).
    let (breakpoints, lines) = pg.breakpoints.with(|b| b.to_parts());
    // Issue 49: a comparison on screen is in the link too.
    let versus = Comparison::get().and_then(|c| c.versus.get());
    let mut extra = match pg.on_screen() {
        Some(on_screen) => Extra::of(&on_screen, breakpoints).with_compare(versus.as_ref()),
        None => Extra {
            breakpoints,
            ..Extra::default()
        },
    };
    extra.lines = lines;
    extra
}

/// [`current_extra`] compressed; a recorded run that would make the link too long is left out
/// (the share dialog says so and points to export).
fn encode_current(pg: Playground) -> Option<String> {
    current_extra(pg).encode_for_link().x
}

/// Whether the recorded run on screen was left out of the link (too long for one).
pub fn recording_left_out(pg: Playground) -> bool {
    untrack(|| current_extra(pg).encode_for_link().recording_left_out)
}

/// The fragment of what is on screen, with the page's embed flags. Tracked.
pub fn current_fragment(pg: Playground) -> String {
    let x = match use_context::<CurrentX>() {
        Some(CurrentX(memo)) => memo.get(),
        None => encode_current(pg),
    };
    let state = ViewState {
        lesson: pg.lesson_id.get(),
        step: pg.step.get(),
        lang: pg.lang.get(),
        level: pg.level.get(),
        embed: pg.embed.get(),
        src: None,
        challenge: None,
        extra: Extra::default(),
    };
    view_state::fragment(&state, x.as_deref())
}

/// A whole link (this page's address without its fragment, then [`current_fragment`]) to what
/// is on screen. Untracked: called from dialogs and commands.
pub fn current_link(pg: Playground) -> String {
    base_address() + &untrack(|| current_fragment(pg))
}

/// This page's address without its fragment.
pub fn base_address() -> String {
    let location = window().location();
    format!(
        "{}{}{}",
        location.origin().unwrap_or_default(),
        location.pathname().unwrap_or_default(),
        location.search().unwrap_or_default()
    )
}

/// Puts an opened link's state on screen ([`Playground::show`]) with its breakpoints. The page's embed
/// flags stay.
fn apply(pg: Playground, opened: Opened) {
    let Opened { state, played, .. } = opened;
    if let (Some(id), Some(ch)) = (
        &state.challenge,
        crate::ui::state::challenges::Challenges::get(),
    ) {
        ch.chosen.set(Some(id.clone()));
        ch.set_open(true);
    }
    let (played, replayed) = match played {
        Some(played) if played.replayed => (None, Some(played.timeline)),
        played => (played, None),
    };
    if let (Some(played), Ok(on_screen)) = (played, state.on_screen()) {
        // What the page will play: the link's source, its edits and toggles, in its language.
        let seed = Seed {
            source: on_screen.source,
            options: on_screen.options,
            run: PlayedRun {
                timeline: Arc::new(played.timeline),
                diverged: played.diverged,
            },
        };
        pg.seed.set_value(Some(seed));
    }
    // An older link's kinds open as the lines of those kinds.
    pg.breakpoints.set(LineBreaks::from_parts(
        &state.extra.breakpoints,
        &state.extra.lines,
    ));
    pg.level.set(state.level);
    // A link's scenario replaces the kept one deliberately: the kept one goes aside.
    if state.extra.scenario.is_some() {
        if let Some(keep) = crate::ui::state::session::Keep::get() {
            keep.replacing();
        }
    }
    if let Ok(on_screen) = state.on_screen() {
        pg.show(on_screen, replayed, Vec::new());
    }
    // A link opens its comparison, or none (an old link has none).
    if let Some(comparison) = Comparison::get() {
        match state.page_view().compare {
            Some(versus) => comparison.open_for(state.lesson.clone(), versus),
            None => comparison.close(),
        }
    }
    // Taken by the step's clamp in `Playground::show` if it fit; a seed that did not is not kept.
    pg.seed.set_value(None);
}

/// The banner text for a link that was refused.
fn refused(problem: &Problem, lang: Lang, kept: bool) -> String {
    let tail = match (lang, kept) {
        (Lang::Zh, false) => "已改为打开默认课程；你原有的内容没有被改动。",
        (Lang::En, false) => "The default lesson is open instead; nothing you had was changed.",
        (Lang::Zh, true) => "页面保持原样。",
        (Lang::En, true) => "The page stays as it was.",
    };
    match lang {
        Lang::Zh => format!("{}。{tail}", problem.zh),
        Lang::En => format!("{}. {tail}", capitalized(&problem.en)),
    }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Opens `link` (a whole link or just its fragment) on the running page: its whole view
/// state. A bad link changes nothing and says why (in the page's language).
pub fn open_link(pg: Playground, link: &str) -> Result<(), String> {
    let fragment = link.split_once('#').map_or(link, |(_, f)| f);
    let lang = pg.lang.get_untracked();
    let opened = view_state::open(fragment, lang).map_err(|p| refused(&p, lang, true))?;
    let notice = opened.notice.clone();
    let src = opened.state.src.clone();
    let step = opened.state.step;
    apply(pg, opened);
    pg.error
        .set(notice.map(|n| n.get(pg.lang.get_untracked()).to_string()));
    if let Some(src) = src {
        crate::ui::state::scenario_src::open(pg, src, Some(step));
    }
    Ok(())
}

/// The link the page was opened with, read and checked before the page state exists (the
/// state is created in the link's language).
pub struct AddressLink {
    fragment: String,
    opened: Result<Opened, Problem>,
    /// The language the page opens in: the link's, else the learner's default. A refused link
    /// still says which language its reader reads: the banner is in it.
    pub lang: Lang,
}

/// Reads and checks the address bar's link.
pub fn read_address_link() -> AddressLink {
    let fragment = read_address();
    let fallback = initial_lang();
    let opened = view_state::open(&fragment, fallback);
    let lang = match &opened {
        Ok(o) => o.state.lang,
        Err(_) => link_lang(&fragment).unwrap_or(fallback),
    };
    AddressLink {
        fragment,
        opened,
        lang,
    }
}

/// What opening the address link leaves to the page: whether the stored session may be
/// restored, the step the link names, a `src=` scenario to fetch, and a message for the banner.
pub struct LinkOpened {
    /// The link opened (a refused one opened the default lesson): the stored session may
    /// restore, unless the link named a step.
    pub applied: bool,
    pub link_step: Option<usize>,
    pub src: Option<String>,
    /// The link's notice, or why it was refused (then it outranks the session's own message).
    pub message: Option<String>,
}

/// Puts the address link's state on the page (its embed flags first: a frame stays a frame
/// even when the link's other parts are bad) and keeps the current link's `x=` in a memo.
pub fn open_address_link(pg: Playground, link: AddressLink) -> LinkOpened {
    provide_context(CurrentX(Memo::new(move |_| encode_current(pg))));
    match link.opened {
        Ok(opened) => {
            pg.embed.set(opened.state.embed.clone());
            let message = opened.notice.as_ref().map(|n| n.get(link.lang).to_string());
            let src = opened.state.src.clone();
            let link_step = (!link.fragment.is_empty()).then_some(opened.state.step);
            apply(pg, opened);
            LinkOpened {
                applied: true,
                link_step,
                src,
                message,
            }
        }
        Err(problem) => {
            if let Ok(parsed) = parse_fragment(&link.fragment) {
                pg.embed.set(EmbedFlags::from_link(&parsed));
            }
            LinkOpened {
                applied: false,
                link_step: None,
                src: None,
                message: Some(refused(&problem, link.lang, false)),
            }
        }
    }
}

/// Keeps the address bar a link to what is on screen, and follows the address when it changes
/// (back/forward between links, an edited address): the new state opens, a bad one is
/// explained and the page stays as it was. The link is written when the page is idle:
/// scrubbing or running changes the step many times a second, each `replaceState` is costly,
/// and Chromium ignores calls beyond a rate limit, which would leave a stale link behind. The
/// first link (the page as opened) is written right after the first paint.
pub fn keep_address_current(pg: Playground) {
    let write =
        crate::ui::browser::when_idle::write_when_idle(|fragment: String| write_address(&fragment));
    Effect::new(move |_| write(current_fragment(pg)));
    let follow = move || {
        let fragment = read_address();
        if fragment == untrack(|| current_fragment(pg)) {
            return;
        }
        if let Err(message) = open_link(pg, &fragment) {
            pg.error.set(Some(message));
            // The address bar names what is on screen again, not the refused link.
            write_address(&untrack(|| current_fragment(pg)));
        }
    };
    // Back and forward between entries the picker pushed fire `popstate` (and `hashchange`
    // when the fragment differs); the second one finds the page already there.
    // A browser event runs outside the page's owner: following a link runs inside it, so
    // what it reaches through context (the comparison, issue 49; the link's memo) is there.
    let in_owner = move |owner: &Option<Owner>| match owner {
        Some(owner) => owner.with(follow),
        None => follow(),
    };
    let (owner, also) = (Owner::current(), Owner::current());
    let listener = window_event_listener(leptos::ev::hashchange, move |_| in_owner(&owner));
    let popstate = window_event_listener(leptos::ev::popstate, move |_| in_owner(&also));
    on_cleanup(move || {
        listener.remove();
        popstate.remove();
    });
}
