//! The page: header (language toggle, lesson picker), error banner, the stage (transport,
//! contrast switches, caption, cards, lanes), and beside it (below it on a phone) the side
//! panel with everything else and a jump list. Owns the keyboard shortcuts and the language toggle.
//! In an embed (`embed=1`) the page chrome (header, tagline, summary, live panel) is left out
//! and the page is exactly the frame's height: the stage stays in view and the side panel's
//! parts are tabs (`panels::embed_tabs`), with the language toggle beside them and the lesson
//! picker in the first; `hide=` leaves out more parts.

use leptos::prelude::*;

use crate::keep::boot::{BootPlan, LinkArrival};
use crate::lessons::catalog;
use crate::link::view_state::default_lesson;
use crate::link::Part;
use crate::ui::browser::i18n::{remember_lang, tr, Lang, LangText};
use crate::ui::browser::when_idle;
use crate::ui::code_part::CodePart;
use crate::ui::features::{editor, embed, header_buttons, keep_banner, scorm};
use crate::ui::later_parts::{LaterParts, Shown};
use crate::ui::panels::caption::CaptionBar;
use crate::ui::panels::code_tab::{code_shown, CodeOpen, CodeTab};
use crate::ui::panels::embed_tabs::{EmbedTabs, TabBar, PANEL_ID};
use crate::ui::panels::lanes::MessageLanes;
use crate::ui::panels::members::{Budgets, MemberCards};
use crate::ui::panels::result;
use crate::ui::panels::reveal::{Reveal, RevealButton};
use crate::ui::panels::side_nav::{go_to, SideNav};
use crate::ui::panels::toggles::{ModeToggles, RunSummary};
use crate::ui::panels::transport::Transport;
use crate::ui::state::context::Playground;
use crate::ui::state::reveal::shown_attr;
use crate::ui::state::{generated_log, link, scenario_src, session};

/// The page: header, banners, the stage (transport, caption, cards, lanes), and the side panel.
#[component]
pub fn App() -> impl IntoView {
    // The page state, built in the open: the link the page was opened with (read first, for
    // its language), the view state, the link's state on it, the stored session (a bad link's
    // default view is not stored, so the session the learner had stays), a `src=` scenario
    // fetched (until it arrives the default lesson is on screen and is not stored either),
    // then what keeps the page in step with the outside: the address bar, the embed API.
    let address = link::read_address_link();
    let pg = Playground::provide(address.lang, default_lesson());
    crate::ui::state::checkpoints::Checkpoints::provide(pg);
    crate::ui::state::challenges::Challenges::provide(pg);
    let comparison = crate::ui::state::compare::Comparison::provide(pg);
    crate::ui::state::reveal::Reveal::provide(pg.embed.get_untracked().embed);
    let opened = link::open_address_link(pg, address);
    // A fresh visit (no link) or a link that could not be read is offered the stored session
    // (`keep::boot`).
    let arrival = LinkArrival {
        opened: opened.applied,
        step: opened.link_step,
        src: opened.src.is_some(),
    };
    let plan = BootPlan::of(arrival, pg.embed.get_untracked().embed);
    let session_error = session::restore_and_track(pg, plan);
    pg.error.set(opened.message.or(session_error));
    if let Some(src) = opened.src {
        scenario_src::open(pg, src, opened.link_step);
    }
    keep_in_step_with_the_outside(pg);
    let lang = pg.lang;
    // The embed flags are the link's as the page opened; a later `load` does not change them.
    let flags = pg.embed.get_untracked();
    let embedded = flags.embed;
    if embedded {
        EmbedTabs::provide(pg);
    }
    CodeOpen::provide();

    // The document language follows the choice so screen readers pronounce captions right.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });

    // The side panel's later parts (ui/later_parts.rs: detail, diagram, protocols, files, fork,
    // options, live panel, editor, export) are asked for right after the first paint (their
    // module is fetched then), so the caption, cards and lanes show without waiting for them.
    let below_fold = RwSignal::new(false);
    when_idle::after_first_paint(move || below_fold.set(true));

    let strings = move || lang.get().strings();
    let run_error = move || pg.run.with(|run| run.as_ref().err().cloned());
    let banner = move || pg.error.get().or_else(run_error);

    view! {
        <div class="app" class:embedded=embedded tabindex="-1">
            {(!embedded).then(|| view! { <AppHeader /> })}
            // Everything below the header is in the main landmark, so a screen reader's
            // landmark list reaches all of it (axe: region).
            <main class="layout">
            // In an embed the heading is in the main landmark too (axe: region).
            {embedded.then(|| view! { <EmbedHeading /> })}
            <Show when=move || banner().is_some()>
                <div class="error-banner" role="alert" data-testid="error-banner">
                    <span>{move || banner().unwrap_or_default()}</span>
                    <button type="button" on:click=move |_| pg.error.set(None)>
                        {move || strings().dismiss}
                    </button>
                </div>
            </Show>
            <keep_banner::KeepBanners />
            <scorm::ScormNote />
            <RestartBanner />
            <div class="stage-column" data-testid="stage-column"
                on:click=crate::ui::panels::next_choices::subject_clicked>
                // The stage: what a learner needs at a step, on one screen. The transport comes
                // first, so a caption that wraps differently never moves the step controls; the
                // caption shows whole (nothing inside it scrolls or is pushed down by controls).
                <div class="stage" data-testid="stage">
                    <Transport />
                    <crate::ui::features::fork::BranchBanner />
                    <StageToolbar />
                    <CaptionBar />
                    <crate::ui::panels::checkpoint::CheckpointQuestion />
                    <crate::ui::panels::end_card::EndCardView />
                </div>
                // Issue 48: opened from the toolbar, below the sticky stage, above the cards.
                <crate::ui::panels::next_choices_module::StageChoices />
                <CardsAndLanes comparison />
            </div>
            // In an embed: the tabs of the side panel's parts, and the language toggle.
            {embedded.then(|| view! {
                <div class="embed-tabs" data-testid="embed-tabs"><TabBar /><LangToggle /></div>
            })}
            // The rest, beside the stage on a wide screen (it scrolls on its own) and below it on
            // a phone, with a jump list to each part.
            <SidePanel below_fold />
            </main>
        </div>
    }
}

/// The member cards and the lanes, or in their place a comparison of two runs (issue 49).
#[component]
fn CardsAndLanes(comparison: crate::ui::state::compare::Comparison) -> impl IntoView {
    view! {
        <Show when=move || !comparison.is_open()
            fallback=|| view! { <crate::ui::panels::compare_module::CompareStage /> }>
            <MemberCards />
            <MessageLanes />
        </Show>
    }
}

/// What keeps the page in step with the outside: the generated log's entry, the address bar,
/// the embed API, Open edX and SCORM.
fn keep_in_step_with_the_outside(pg: Playground) {
    generated_log::remember(pg);
    link::keep_address_current(pg);
    embed::install(pg);
    crate::ui::features::edx::install(pg);
    scorm::install(pg);
}

/// The banner of the learner's restart of the host on the branch on screen (L3), if any.
#[component]
fn RestartBanner() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let restarted_at = move || {
        pg.options.with(|o| {
            o.interventions.iter().find_map(|iv| match iv {
                crate::lessons::Intervention::Reload { at } => Some(*at),
                _ => None,
            })
        })
    };
    view! {
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
    }
}

/// The side panel: everything but the stage, beside it on a wide screen (it scrolls on its own)
/// and below it on a phone, with a jump list to each part. Its later parts load once
/// `below_fold` is set, after the first paint (`LaterParts`, a second wasm module).
#[component]
fn SidePanel(below_fold: RwSignal<bool>) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    // The embed flags are the link's as the page opened; a later `load` does not change them.
    let flags = pg.embed.get_untracked();
    let embedded = flags.embed;
    // In an embed the panel is the tabs' panel, showing the chosen part.
    let tabs = EmbedTabs::get();
    let tab = move || tabs.map(|t| t.current());
    let open = move || tabs.map(|t| t.is_open().to_string());
    let (show_diagram, show_request) = (!flags.hides(Part::Diagram), !flags.hides(Part::Request));
    let show_code = code_shown(pg);
    let summary = move || {
        let id = pg.lesson_id.get();
        crate::lessons::find(&id)
            .map(|lesson| lang.get().lesson_summary(lesson))
            .unwrap_or_default()
    };
    view! {
    <div class="side-panel" data-testid="side-panel" id=embedded.then_some(PANEL_ID)
        role=embedded.then_some("tabpanel") tabindex=embedded.then_some("0")
        aria-labelledby=move || tab().map(|key| format!("embed-tab-{key}"))
        data-tab=tab data-open=open>
        {(!embedded).then(|| view! {
            <RevealButton part="panel" then=&["[data-testid=side-panel] nav a, [data-testid=side-panel] nav button"] />
            <Reveal part="panel"><SideNav /></Reveal>
        })}
        // The host's code (issue 47), first in the side column: beside the lanes on a wide
        // screen, a sheet on a phone, a tab in an embed; its module comes after the first paint,
        // its stand-in (as high as the pane) is there from the start.
        {show_code.then(|| view! { <CodePart load=below_fold /> })}
        <section class="run-summary" id="side-summary" aria-labelledby="run-summary-heading">
            <h2 id="run-summary-heading">{move || tr(lang.get(), "本课与本次运行", "This lesson and this run")}</h2>
            {embedded.then(|| view! { <LessonPicker /> })}
            {(!embedded).then(|| view! { <p class="lesson-summary">{summary} <editor::OpenInEditor /></p> })}
            <Budgets />
            <RunSummary />
        </section>
        <result::ResultPanelView />
        <Show when=move || below_fold.get()>
            <LaterParts shown=Shown { request: show_request, diagram: show_diagram, live: !embedded } />
        </Show>
    </div>
    }
}

/// The stage's one row of controls under the transport: the learner's contrast switches (in
/// the lessons that offer them) and the way to the breakpoints and the keys.
#[component]
fn StageToolbar() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let tabs = EmbedTabs::get();
    view! {
        <div class="stage-toolbar">
            <ModeToggles />
            <Reveal part="controls">
                <Show when=move || crate::view::contrast::offers_toggles(&pg.lesson_id.get())>
                    <crate::ui::panels::compare_open::CompareOtherSetting />
                </Show>
                <crate::ui::panels::checkpoint::CheckpointSwitch />
            </Reveal>
            <crate::ui::panels::next_choices::StageChoicesButton />
            <CodeTab />
            <button type="button" class="to-options" data-testid="to-options"
                data-reveal="controls" data-shown=shown_attr("controls")
                on:click=move |_| go_to(tabs, "#side-options")>
                {move || tr(lang.get(), "断点与按键 ›", "Breakpoints, keys ›")}
            </button>
        </div>
    }
}

/// The title, the lesson picker and the language toggle.
#[component]
fn AppHeader() -> impl IntoView {
    let pg = Playground::get();
    // Share and Embed: one open at a time.
    crate::ui::features::header_dialog::HeaderDialog::provide();
    let strings = move || pg.lang.get().strings();
    view! {
        <header class="app-header">
            <div class="brand">
                <h1>{move || strings().app_name}</h1>
                <p class="tagline">{move || strings().tagline}</p>
            </div>
            <div class="header-controls">
                <LessonPicker />
                <Reveal part="controls">
                    <header_buttons::ShareButton />
                    <header_buttons::EmbedButton />
                </Reveal>
                <LangToggle />
            </div>
        </header>
    }
}

/// An embed's heading, for screen readers only (the course page shows its own). The lesson
/// picker is in the first tab, the language toggle beside the tabs.
#[component]
fn EmbedHeading() -> impl IntoView {
    let pg = Playground::get();
    let heading = move || {
        let lang = pg.lang.get();
        let lesson = crate::lessons::find(&pg.lesson_id.get())
            .map(|l| lang.lesson_title(l))
            .unwrap_or_default();
        format!("{}: {lesson}", lang.strings().app_name)
    };
    view! {
        <h1 class="visually-hidden">{heading}</h1>
    }
}

/// The lesson picker (left out with `hide=picker`).
#[component]
fn LessonPicker() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let strings = move || lang.get().strings();
    if pg.embed.with_untracked(|f| f.hides(Part::Picker)) {
        return ().into_any();
    }
    view! {
        <label class="lesson-picker">
            <span>{move || strings().lesson}</span>
            <select
                data-testid="lesson-select"
                prop:value=move || pg.lesson_id.get()
                on:change=move |ev| link::pick_lesson(pg, event_target_value(&ev))
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
    }
    .into_any()
}

/// The language toggle: it says the other language, and remembers the choice.
#[component]
fn LangToggle() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let strings = move || lang.get().strings();
    let toggle_language = move |_| {
        let next = lang.get_untracked().other();
        remember_lang(next);
        pg.set_lang(next);
    };
    view! {
        <button
            type="button"
            class="lang-toggle"
            data-testid="lang-toggle"
            aria-label=move || strings().switch_language
            lang=move || lang.get().other().code()
            on:click=toggle_language
        >
            {move || strings().switch_language}
        </button>
    }
}
