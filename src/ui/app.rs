//! The page: header (language toggle, lesson picker), error banner, caption and transport,
//! then the areas of the playground. Owns the keyboard shortcuts and the language toggle.

use leptos::prelude::*;

use super::caption::CaptionBar;
use super::context::Playground;
use super::i18n::{initial_lang, remember_lang, Lang, LangText};
use super::lanes::MessageLanes;
use super::members::MemberCards;
use super::transport::{Transport, TransportOptions};
use crate::lessons::catalog;

/// Replaces the address bar's link (no new history entry).
fn write_link(fragment: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(fragment));
    }
}

/// The link the page was opened with (its fragment).
fn read_link() -> Result<crate::share::LinkState, String> {
    let fragment = window().location().hash().unwrap_or_default();
    crate::share::parse_fragment(&fragment)
}

/// "中文" drawn as strokes. As text, these two glyphs were the only CJK characters on the
/// English page, and laying them out made Chromium search the fallback fonts for a CJK face,
/// a visible share of the first layout. The button's `aria-label` still says 中文.
fn chinese_label() -> impl IntoView {
    view! {
        <svg
            class="glyphs"
            viewBox="0 0 32 16"
            width="2em"
            height="1em"
            fill="none"
            stroke="currentColor"
            stroke-width="1.35"
            stroke-linecap="round"
            stroke-linejoin="round"
            aria-hidden="true"
        >
            <path d="M2.5 4.5H13.5V10.5H2.5ZM8 1V15M24 1V3M17.5 4.5H30.5M27.5 5Q25 11 18 14.8M20.5 5Q23 11 30.5 14.8" />
        </svg>
    }
}

/// Opens the view state from the address bar: the link's lesson, step and language, or the
/// default lesson with a clear error for a bad link; then the stored session (L3).
fn open_from_link() -> Playground {
    let link = read_link();
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

/// The page: header, banners, the stage (caption and transport), cards, lanes, and the panels
/// below the fold.
#[component]
pub fn App() -> impl IntoView {
    let pg = open_from_link();
    let lang = pg.lang;

    // The address bar holds a link to what is on screen (lesson, step, language). It is written
    // when the page is idle: scrubbing or running changes the step many times a second, each
    // `replaceState` is costly, and Chromium ignores calls beyond a rate limit, which would
    // leave a stale link behind. The first link (the page as opened) is written right after
    // the first paint.
    let write_link_when_idle =
        super::when_idle::write_when_idle(|fragment: String| write_link(&fragment));
    Effect::new(move |_| {
        write_link_when_idle(crate::share::to_fragment(
            &pg.lesson_id.get(),
            pg.step.get(),
            lang.get().code(),
        ));
    });

    // The document language follows the choice so screen readers pronounce captions right.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });

    // The panels below the fold (diagram, detail, protocols, fork) mount right after the first
    // paint, so the lesson's caption, cards and lanes show without waiting for them.
    let below_fold = RwSignal::new(false);
    super::when_idle::after_first_paint(move || below_fold.set(true));

    let strings = move || lang.get().strings();
    let summary = move || {
        let id = pg.lesson_id.get();
        crate::lessons::find(&id)
            .map(|lesson| lang.get().lesson_summary(lesson))
            .unwrap_or_default()
    };
    let run_error = move || pg.run.with(|run| run.as_ref().err().cloned());
    let banner = move || pg.error.get().or_else(run_error);
    // The learner's restart of the host on the branch on screen (L3), if any.
    let restarted_at = move || {
        pg.options.with(|o| {
            o.interventions.iter().find_map(|iv| match iv {
                crate::lessons::Intervention::Reload { at } => Some(*at),
                _ => None,
            })
        })
    };

    view! {
        <div class="app" tabindex="-1" on:keydown=move |ev| super::transport::on_key(pg, ev)>
            <AppHeader />
            // Everything below the header is in the main landmark, so a screen reader's
            // landmark list reaches all of it (axe: region).
            <main>
            <Show when=move || banner().is_some()>
                <div class="error-banner" role="alert" data-testid="error-banner">
                    <span>{move || banner().unwrap_or_default()}</span>
                    <button type="button" on:click=move |_| pg.error.set(None)>
                        {move || strings().dismiss}
                    </button>
                </div>
            </Show>
            <Show when=move || restarted_at().is_some()>
                <div class="info-banner" role="status" data-testid="restart-banner">
                    {move || {
                        let at = restarted_at().unwrap_or(0);
                        match lang.get() {
                            Lang::Zh => format!("在这个分支上，宿主在第 {at} 步后重启了：花名册和每个成员的历史已从存储中恢复。所有成员都处于离线状态，需要逐个显式召回，不会自动重启。"),
                            Lang::En => format!("On this branch the host restarted after step {at}: the roster and every member's history came back from storage. Every member is offline until you recall it explicitly; nothing restarts by itself."),
                        }
                    }}
                </div>
            </Show>
            <p class="lesson-summary">{summary}</p>
            <div class="playground">
                // The transport comes first and the stage stays on screen (sticky), so the step
                // controls never move when a caption wraps differently.
                <div class="stage" data-testid="stage">
                    <Transport />
                    <CaptionBar />
                </div>
                <TransportOptions />
                <super::result::ResultPanelView />
                <MemberCards />
                <MessageLanes />
                <Show when=move || below_fold.get()>
                    <super::sequence::SequenceDiagram />
                    <super::detail::MemberDetail />
                    <super::protocol::ProtocolTracker />
                    <super::files::FilesPanel />
                    <super::fork::ForkPanel />
                    <super::live::LivePanel />
                </Show>
            </div>
            </main>
        </div>
    }
}

/// The title, the lesson picker and the language toggle.
#[component]
fn AppHeader() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let strings = move || lang.get().strings();
    let toggle_language = move |_| {
        let next = lang.get_untracked().other();
        remember_lang(next);
        lang.set(next);
    };
    view! {
        <header class="app-header">
            <div class="brand">
                <h1>{move || strings().app_name}</h1>
                <p class="tagline">{move || strings().tagline}</p>
            </div>
            <div class="header-controls">
                <label class="lesson-picker">
                    <span>{move || strings().lesson}</span>
                    <select
                        data-testid="lesson-select"
                        prop:value=move || pg.lesson_id.get()
                        on:change=move |ev| pg.open_lesson(event_target_value(&ev))
                    >
                        {move || {
                            let current = lang.get();
                            catalog()
                                .iter()
                                .map(|lesson| {
                                    view! {
                                        <option value=lesson.id>{current.lesson_title(lesson)}</option>
                                    }
                                })
                                .collect_view()
                        }}
                    </select>
                </label>
                <button
                    type="button"
                    class="lang-toggle"
                    data-testid="lang-toggle"
                    aria-label=move || strings().switch_language
                    lang=move || lang.get().other().code()
                    on:click=toggle_language
                >
                    {move || match lang.get() {
                        Lang::En => chinese_label().into_any(),
                        Lang::Zh => strings().switch_language.into_any(),
                    }}
                </button>
            </div>
        </header>
    }
}
