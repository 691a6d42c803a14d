//! The static first view: each built-in lesson's step 0 (and free play's default) written as
//! HTML in both languages, from the same view models the Leptos components bind (caption,
//! cards, lanes, key steps), with the components' element structure and CSS classes, so the
//! page's stylesheet lays it out where the live page will be. `www/index.html` shows the one a
//! link names before the module arrives; the module then mounts in its place (issue 25, part 2).
//!
//! They are committed in `www/index.html` as `<template>`s (one request for the page and its
//! first view; fetching the one view named came later on every profile measured), so
//! `trunk build` needs no native step; `tests/it/first_view.rs` renders them again and fails
//! when they differ (`UPDATE_GOLDEN=1` rewrites them). Every control is disabled and the whole view is `inert`:
//! nothing on it looks or acts live before the module is.

mod stage;
mod team;

use crate::engine::{Lang, TeamState, Timeline};
use crate::lessons::checkpoint::place;
use crate::lessons::key_steps::{key_steps, KeyStep};
use crate::lessons::language::{tr, LangText};
use crate::lessons::PlayOptions;
use crate::lessons::{catalog, LessonInfo};
use crate::markup::{Node, Pen};
use crate::on_screen::{OnScreen, Source};

/// What the boot bar says while the module loads (as `www/boot.mjs` says it).
pub fn loading_words(lang: Lang) -> &'static str {
    tr(lang, "正在加载演练场", "Loading the playground")
}

/// A lesson's run at step 0, as the page plays it for a link with no other state.
pub struct StepZero {
    pub info: &'static LessonInfo,
    pub lang: Lang,
    pub timeline: Timeline,
    pub state: TeamState,
    pub key_steps: Vec<KeyStep>,
    /// The run places at least one checkpoint, so the toolbar draws the checkpoint switch.
    pub checkpoints: bool,
}

impl StepZero {
    /// Plays `id` as the page's run memo does: the default branch in `lang`, no learner toggles.
    pub fn play(id: &str, lang: Lang) -> Result<StepZero, String> {
        let info = catalog()
            .iter()
            .find(|l| l.id == id)
            .ok_or_else(|| format!("there is no built-in lesson '{id}'"))?;
        let source = Source::on_page(id, None).ok_or_else(|| format!("'{id}' does not play"))?;
        // A scenario's story is its own, so it has no lesson key steps (as on the page).
        let keyed = !matches!(source, Source::Scenario(_));
        let options = PlayOptions {
            lang,
            ..PlayOptions::default()
        };
        let on_screen = OnScreen::new(source, options);
        let played = on_screen.play().map_err(|e| e.to_string())?;
        let timeline = played.timeline;
        // As the page's placement memo: the lesson on screen's checkpoints on its run.
        let checkpoints = on_screen
            .lesson()
            .is_some_and(|lesson| !place(&lesson.checkpoints, &timeline).placed.is_empty());
        let state = timeline.state_at(0);
        let key_steps = match keyed {
            true => key_steps(id, &timeline),
            false => Vec::new(),
        };
        Ok(StepZero {
            info,
            lang,
            timeline,
            state,
            key_steps,
            checkpoints,
        })
    }
}

/// The name of a lesson's first view in a language: `l1-two-investigators.en.html` (its
/// template's id is `fv:` and the name without `.html`).
pub fn file_name(id: &str, lang: Lang) -> String {
    format!("{id}.{}.html", lang.code())
}

/// Every first view the page can show: each catalog entry (free play included) in both
/// languages, as (file name, HTML).
pub fn all() -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for info in catalog() {
        for lang in [Lang::En, Lang::Zh] {
            let zero = StepZero::play(info.id, lang)?;
            out.push((file_name(info.id, lang), render(&zero)));
        }
    }
    Ok(out)
}

/// The views as `<template id="fv:<lesson>.<lang>">` elements, one a line, for `www/index.html`
/// (between its `first-view:start` and `first-view:end` marks), where its script finds them.
pub fn templates(views: &[(String, String)]) -> String {
    let mut out = String::new();
    for (name, html) in views {
        let stem = name.strip_suffix(".html").unwrap_or(name);
        out.push_str(&format!(
            "    <template id=\"fv:{stem}\">{}</template>\n",
            html.trim_end()
        ));
    }
    out
}

/// The page at step 0 as one `.app` element, as `ui::app::App` lays it out: header, the stage
/// column (transport, toolbar, caption, cards, lanes) and an empty side panel.
pub fn render(zero: &StepZero) -> String {
    let pen = Pen::new();
    let root = pen.root();
    let lang = zero.lang;
    let Some(app) = pen.add(
        &root,
        "div",
        &[
            ("class", "app"),
            ("id", "first-view"),
            ("inert", ""),
            ("aria-busy", "true"),
            ("data-lesson", zero.info.id),
            ("data-lang", lang.code()),
            ("data-loading", loading_words(lang)),
        ],
    ) else {
        return String::new();
    };
    header(&pen, &app, zero);
    if let Some(main) = pen.add(&app, "main", &[("class", "layout")]) {
        if let Some(column) = pen.add(
            &main,
            "div",
            &[("class", "stage-column"), ("data-testid", "stage-column")],
        ) {
            if let Some(stage) = pen.add(
                &column,
                "div",
                &[("class", "stage"), ("data-testid", "stage")],
            ) {
                stage::transport(&pen, &stage, zero);
                stage::toolbar(&pen, &stage, zero);
                stage::caption_bar(&pen, &stage, zero);
            }
            team::cards(&pen, &column, zero);
            team::lanes(&pen, &column, zero);
        }
        pen.add(
            &main,
            "div",
            &[("class", "side-panel"), ("data-testid", "side-panel")],
        );
    }
    let mut html = pen.finish();
    html.push('\n');
    html
}

/// The header as `AppHeader` draws it: the title and tagline, the lesson picker on this
/// lesson, Share, Embed and the language toggle, all disabled until the module is live.
fn header(pen: &Pen, app: &Node, zero: &StepZero) {
    let lang = zero.lang;
    let s = lang.strings();
    let Some(header) = pen.add(app, "header", &[("class", "app-header")]) else {
        return;
    };
    if let Some(brand) = pen.add(&header, "div", &[("class", "brand")]) {
        pen.text(&brand, "h1", &[], s.app_name);
        pen.text(&brand, "p", &[("class", "tagline")], s.tagline);
    }
    let Some(controls) = pen.add(&header, "div", &[("class", "header-controls")]) else {
        return;
    };
    if let Some(picker) = pen.add(&controls, "label", &[("class", "lesson-picker")]) {
        pen.text(&picker, "span", &[], s.lesson);
        if let Some(select) = pen.add(
            &picker,
            "select",
            &[("data-testid", "lesson-select"), ("disabled", "")],
        ) {
            for lesson in catalog() {
                let title = lang.lesson_title(lesson);
                match lesson.id == zero.info.id {
                    true => pen.text(
                        &select,
                        "option",
                        &[("value", lesson.id), ("selected", "")],
                        title,
                    ),
                    false => pen.text(&select, "option", &[("value", lesson.id)], title),
                };
            }
        }
    }
    // Share and Embed are one tap away on a first visit (`view::first_screen`).
    if let Some(more) = pen.add(
        &controls,
        "div",
        &[("class", "reveal"), ("data-reveal", "controls")],
    ) {
        let button = |class: &'static str, testid: &'static str, text: &str| {
            let attrs = [
                ("type", "button"),
                ("class", class),
                ("data-testid", testid),
                ("aria-expanded", "false"),
                ("disabled", ""),
            ];
            pen.text(&more, "button", &attrs, text);
        };
        button("share-button", "share-button", tr(lang, "分享", "Share"));
        button("embed-button", "embed-button", tr(lang, "嵌入", "Embed"));
    }
    pen.text(
        &controls,
        "button",
        &[
            ("type", "button"),
            ("class", "lang-toggle"),
            ("data-testid", "lang-toggle"),
            ("aria-label", s.switch_language),
            ("lang", lang.other().code()),
            ("disabled", ""),
        ],
        s.switch_language,
    );
}
