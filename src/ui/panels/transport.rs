//! Transport: first, back, forward, last, previous/next key step, run/pause, speed, the
//! "step N / M" counter (always events), the level one step goes by (key moments, story, every
//! event: [`LevelSwitch`]), the scrubber with the key steps' marks and the breakpoint ticks; below
//! it (`TransportOptions`) the breakpoint toggles and the keyboard shortcuts' help. Playing is
//! a timer that advances the step; it stops at the end and at a breakpoint. What each button,
//! key and tick does is the native playhead's (`view::playhead`); [`drive`] writes it.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::Category;
use crate::host_code::At;
use crate::lessons::key_steps::{next_key_step, previous_key_step};
use crate::ui::browser::i18n::{tr, Lang, LangText};
use crate::ui::panels::reveal::RevealButton;
use crate::ui::state::context::Playground;
use crate::ui::state::reveal::shown_attr;
use crate::view::caption::category_label;
use crate::view::playhead::{Command, Playhead, Track};
use crate::view::story::Level;

/// The categories a learner can break on, in display order: every category but the two that
/// carry no lesson (lifecycle bookkeeping and "other").
fn breakpoint_kinds() -> impl Iterator<Item = Category> {
    Category::ALL
        .iter()
        .copied()
        .filter(|c| !matches!(c, Category::Lifecycle | Category::Other))
}

/// Playback speeds with the text the control shows and submits (written out, so no float
/// formatting or parsing code is needed).
const SPEEDS: [(f64, &str); 5] = [
    (0.25, "0.25"),
    (0.5, "0.5"),
    (1.0, "1"),
    (2.0, "2"),
    (4.0, "4"),
];

/// The control's value for a speed (the nearest listed one).
fn speed_value(speed: f64) -> &'static str {
    SPEEDS
        .iter()
        .min_by(|a, b| (a.0 - speed).abs().total_cmp(&(b.0 - speed).abs()))
        .map_or("1", |s| s.1)
}
/// Time per step at 1x.
const BASE_STEP_MS: f64 = 900.0;
/// Ticks drawn on the scrubber at most; more would be a solid bar anyway.
const MAX_TICKS: usize = 400;

/// Carries out one playhead command on the view state (`view::playhead` decides, this writes):
/// the transport's buttons, keys and timer, and the embed API's commands.
pub fn drive(pg: Playground, command: Command) {
    let here = Playhead {
        step: pg.step.get_untracked(),
        playing: pg.playing.get_untracked(),
    };
    let timeline = pg.timeline_untracked();
    let level = pg.level.get_untracked();
    // The stops only where they are walked: a tick of a long log need not copy them.
    let stops = match level {
        Level::Story => pg.story.with_untracked(|story| story.steps()),
        _ => Vec::new(),
    };
    let change = pg.key_steps.with_untracked(|key_steps| {
        let breakpoints = pg.breakpoints.get_untracked();
        let events = timeline.as_deref().map_or(&[][..], |t| t.events());
        let lead = timeline
            .as_deref()
            .map_or("", |t| t.initial_state().lead_name());
        // A run stops at an event a line with a breakpoint produced (issue 47).
        let breaks_at = |index| {
            breakpoints.stops_at(&At {
                events,
                index,
                lead,
            })
        };
        let track = Track {
            events,
            key_steps,
            breaks_at: &breaks_at,
            level,
            stops: &stops,
        };
        here.change(command, &track)
    });
    // Issue 26: a forward move onto an unanswered checkpoint asks first.
    let change =
        crate::ui::state::checkpoints::Checkpoints::get().intercept(pg, command, here, change);
    if let Some(step) = change.step {
        pg.set_step(step);
    }
    if let Some(playing) = change.playing {
        pg.playing.set(playing);
    }
}

/// Stops playing (before a change of the run: a fork, a toggle, a recall).
pub fn pause(pg: Playground) {
    drive(pg, Command::Pause);
}

/// Issue 46: the page's keys work from load, wherever focus is (the body included): the page
/// is the playground. Fields, radios and buttons keep their own keys ([`on_key`]).
pub fn install_keys(pg: Playground) {
    thread_local! {
        static INSTALLED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    // Once per page, however often the transport is drawn: a second listener would step twice.
    if INSTALLED.with(|i| i.replace(true)) {
        return;
    }
    std::mem::forget(window_event_listener(leptos::ev::keydown, move |ev| {
        on_key(pg, ev)
    }));
}

/// Keyboard shortcuts, from anywhere on the page (issue 46: from load, focus on the body
/// included), except in a field where the keys mean something else or a key another handler
/// took.
pub fn on_key(pg: Playground, ev: web_sys::KeyboardEvent) {
    if ev.ctrl_key() || ev.meta_key() || ev.alt_key() || ev.default_prevented() {
        return;
    }
    let target = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| el.tag_name())
        .unwrap_or_default();
    if matches!(target.as_str(), "INPUT" | "TEXTAREA" | "SELECT") {
        return;
    }
    let key = ev.key();
    // Space on a focused button (a member card, a breakpoint toggle) or a details summary (the
    // editor's parts) activates it,
    // as a keyboard user expects; it runs or pauses only from elsewhere.
    if matches!(key.as_str(), " " | "Spacebar") && matches!(target.as_str(), "BUTTON" | "SUMMARY") {
        return;
    }
    let command = match key.as_str() {
        "ArrowLeft" => Command::Backward,
        "ArrowRight" => Command::Forward,
        "Home" => Command::First,
        "End" => Command::Last,
        "]" | "PageDown" => Command::NextKey,
        "[" | "PageUp" => Command::PreviousKey,
        " " | "Spacebar" => Command::Toggle,
        _ => return,
    };
    drive(pg, command);
    ev.prevent_default();
}

#[component]
pub fn Transport() -> impl IntoView {
    let pg = Playground::get();
    // The page's keys work from load, wherever focus is (issue 46); the one transport installs them.
    install_keys(pg);
    let lang = pg.lang;
    let strings = move || lang.get().strings();

    // The only timer: while playing, one timeout per step. Cleaning up on re-run means a
    // pause, a seek or a speed change never leaves a stray timer behind.
    Effect::new(move |_| {
        if !pg.playing.get() {
            return;
        }
        let _ = pg.step.get();
        let delay = (BASE_STEP_MS / pg.speed.get()).max(30.0) as u64;
        let handle = set_timeout_with_handle(
            move || drive(pg, Command::Tick),
            Duration::from_millis(delay),
        );
        on_cleanup(move || {
            if let Ok(handle) = handle {
                handle.clear();
            }
        });
    });

    let last = move || pg.last_step();
    let step = move || pg.step.get();
    let at_start = move || step() == 0;
    let at_end = move || step() >= last();
    let counter = move || match lang.get() {
        Lang::Zh => format!("第 {} / {} 步", step(), last()),
        Lang::En => format!("step {} / {}", step(), last()),
    };
    let no_key_forward = move || pg.key_steps.with(|k| next_key_step(k, step()).is_none());
    let more = shown_attr("controls");
    let no_key_back = move || {
        pg.key_steps
            .with(|k| previous_key_step(k, step()).is_none())
    };
    view! {
        <section class="transport" aria-label=move || strings().transport>
            <div class="buttons">
                <button type="button" data-testid="step-first" disabled=at_start data-reveal="controls" data-shown=more
                    aria-label=move || strings().first title=move || strings().first
                    on:click=move |_| drive(pg, Command::First)>"|◀"</button>
                <button type="button" data-testid="step-back" disabled=at_start
                    aria-label=move || strings().back title=move || strings().back
                    on:click=move |_| drive(pg, Command::Backward)>"◀"</button>
                <button type="button" data-testid="step-forward" disabled=at_end
                    aria-label=move || strings().forward title=move || strings().forward
                    on:click=move |_| drive(pg, Command::Forward)>"▶"</button>
                <button type="button" data-testid="step-last" disabled=at_end data-reveal="controls" data-shown=more
                    aria-label=move || strings().last title=move || strings().last
                    on:click=move |_| drive(pg, Command::Last)>"▶|"</button>
                <button type="button" class="key-jump" data-testid="key-back" disabled=no_key_back data-reveal="controls" data-shown=more
                    aria-label=move || tr(lang.get(), "上一个关键步（[ 键）", "previous key step ([ key)")
                    title=move || tr(lang.get(), "上一个关键步（[ 键）", "previous key step ([ key)")
                    on:click=move |_| drive(pg, Command::PreviousKey)>{move || tr(lang.get(), "◆◀ 关键步", "◆◀ key step")}</button>
                <button type="button" class="key-jump" data-testid="key-forward" disabled=no_key_forward data-reveal="controls" data-shown=more
                    aria-label=move || tr(lang.get(), "下一个关键步（] 键）", "next key step (] key)")
                    title=move || tr(lang.get(), "下一个关键步（] 键）", "next key step (] key)")
                    on:click=move |_| drive(pg, Command::NextKey)>{move || tr(lang.get(), "关键步 ▶◆", "key step ▶◆")}</button>
                <button type="button" data-testid="run" disabled=move || pg.playing.get() data-reveal="controls" data-shown=more
                    on:click=move |_| drive(pg, Command::Toggle)>{move || strings().run}</button>
                <button type="button" data-testid="pause" disabled=move || !pg.playing.get() data-reveal="controls" data-shown=more
                    on:click=move |_| drive(pg, Command::Pause)>{move || strings().pause}</button>
                <label class="speed" data-reveal="controls" data-shown=more>
                    {move || strings().speed}
                    <select data-testid="speed"
                        prop:value=move || speed_value(pg.speed.get())
                        on:change=move |ev| {
                            let value = event_target_value(&ev);
                            if let Some((speed, _)) = SPEEDS.iter().find(|s| s.1 == value) {
                                pg.speed.set(*speed);
                            }
                        }>
                        {SPEEDS.iter().map(|(_, text)| view! { <option value=*text>{format!("{text}x")}</option> }).collect_view()}
                    </select>
                </label>
                <span class="step-counter" data-testid="step-counter">{counter}</span>
                // Issue 46: on a first visit the rest of the transport is one tap away.
                <RevealButton part="controls" then=&["[data-testid=step-forward]"] />
                <LevelSwitch />
            </div>
            <Scrubber />
        </section>
    }
}

/// The level one step of the transport goes by: a radio group (native radios, so arrow keys
/// move between them), story by default.
#[component]
fn LevelSwitch() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    view! {
        <div class="level-switch" role="radiogroup" data-testid="level-switch"
            aria-labelledby="level-switch-label"
            data-reveal="controls" data-shown=shown_attr("controls")>
            <span id="level-switch-label" class="level-label">{move || tr(lang.get(), "步进：", "Step by:")}</span>
            {Level::ALL.iter().copied().map(|level| view! {
                <label class="level-option">
                    <input type="radio" name="step-level" value=level.as_str()
                        data-testid=format!("level-{}", level.as_str())
                        prop:checked=move || pg.level.get() == level
                        on:change=move |_| pg.level.set(level) />
                    {move || level.label(lang.get())}
                </label>
            }).collect_view()}
        </div>
    }
}

/// The scrubber, with the key steps' marks above it (buttons that jump there) and the
/// breakpoint ticks below it.
#[component]
fn Scrubber() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let last = move || pg.last_step();
    let step = move || pg.step.get();
    // Key steps' marks, positioned as the ticks are (thousandths of a percent).
    let marks = move || {
        let total = last().max(1);
        let lang = lang.get();
        pg.key_steps.with(|keys| {
            keys.iter()
                .map(|k| (k.step * 100_000 / total, k.step, k.label(lang).to_string()))
                .collect::<Vec<_>>()
        })
    };
    let ticks = move || {
        let Some(timeline) = pg.timeline() else {
            return Vec::new();
        };
        let total = timeline.len().max(1);
        let (events, lead) = (timeline.events(), timeline.initial_state().lead_name());
        pg.breakpoints.with(|lines| {
            if lines.is_empty() {
                return Vec::new();
            }
            events
                .iter()
                .filter(|event| {
                    lines.stops_at(&At {
                        events,
                        index: event.seq,
                        lead,
                    })
                })
                .take(MAX_TICKS)
                // Position in thousandths of a percent, written without float formatting.
                .map(|event| ((event.seq + 1) * 100_000 / total, event.seq + 1))
                .collect::<Vec<_>>()
        })
    };

    view! {
        <div class="scrubber-wrap" data-reveal="controls" data-shown=shown_attr("controls")>
            <input type="range" data-testid="scrubber" min="0"
                aria-label=move || tr(lang.get(), "时间轴", "timeline")
                prop:max=move || last().to_string()
                prop:value=move || step().to_string()
                on:input=move |ev| {
                    if let Ok(value) = event_target_value(&ev).parse::<usize>() {
                        drive(pg, Command::Scrub(value));
                    }
                } />
            <div class="ticks" aria-hidden="true">
                {move || ticks().into_iter().map(|(left, at)| view! {
                    <span class="tick" style=format!("left:{}.{:03}%", left / 1000, left % 1000) title=format!("{at}")></span>
                }).collect_view()}
            </div>
            <div class="key-marks" data-testid="key-marks">
                {move || marks().into_iter().map(|(left, at, label)| view! {
                    <button type="button" class="key-mark" data-testid="key-mark" data-step=at
                        class:current=move || step() == at
                        style=format!("left:{}.{:03}%", left / 1000, left % 1000)
                        title=format!("{at}: {label}") aria-label=format!("{at}: {label}")
                        on:click=move |_| drive(pg, Command::Scrub(at))>
                    </button>
                }).collect_view()}
            </div>
            // Issue 49: where the two runs of a comparison part.
            <crate::ui::panels::compare_mark::PartingMark go=Callback::new(move |at| drive(pg, Command::Goto(at))) />
        </div>
    }
}

/// Below the transport, outside the part that stays on screen: the breakpoint toggles and the
/// keyboard shortcuts.
#[component]
pub fn TransportOptions() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    view! {
        <div class="transport-options">
            <fieldset class="breakpoints">
                <legend>{move || tr(lang.get(), "断点（运行到这类事件时暂停；在宿主代码里就是这些行）", "Breakpoints (run stops at these events: their lines in the host's code)")}</legend>
                {breakpoint_kinds().map(|kind| {
                    // A kind is the lines that stand for its events (issue 47).
                    let on = move || pg.breakpoints.with(|b| b.has_category(kind));
                    view! {
                        <button type="button" class="breakpoint" data-testid="breakpoint-toggle"
                            data-kind=kind.as_str()
                            aria-pressed=move || on().to_string()
                            on:click=move |_| pg.breakpoints.update(|b| {
                                let set = !b.has_category(kind);
                                b.set_category(kind, set);
                            })>
                            {move || if on() { "● " } else { "○ " }}
                            {move || category_label(kind, lang.get())}
                        </button>
                    }
                }).collect_view()}
            </fieldset>
            <p class="shortcuts" data-testid="shortcuts">
                {move || tr(lang.get(),
                    "键盘：← → 按所选层级（关键步、故事、每个事件）上一步/下一步 · Home/End 第一步/最后一步 · [ ] 或 PageUp/PageDown 上一个/下一个关键步 · 空格 运行/暂停。滑块上方的 ◆ 标出本课的关键步；滑块总是按事件移动。",
                    "Keys: ← → step back/forward at the chosen level (key moments, story, every event) · Home/End first/last step · [ ] or PageUp/PageDown previous/next key step · Space run/pause. The ◆ marks above the scrubber are the lesson's key steps; the scrubber always moves by events.")}
            </p>
        </div>
    }
}
