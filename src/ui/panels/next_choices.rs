//! What can happen next (issue 48), one click from the stage: a button that opens the list of
//! the host's next inputs at this step (`lessons::next_choices`, native), each choice a button
//! that forks the run there (`Branches::fork`: the base branch is kept, the learner can switch
//! back) and moves to the first step the choice changed, so the lanes and caption show it. A
//! click on a member's card or a message's chip narrows the list to the choices that concern it
//! (`subject_clicked`, bound once on the stage column): an open list shows them at once, a
//! closed one offers them on its button ("What can happen to reader next?"), one tap away, so a
//! card's own click (its detail) is never covered. On a first visit the list is one tap away;
//! once opened it stays open on later visits (local storage).

use std::cell::Cell;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::lessons::{divergence, next_choices, script_gaps, NextChoice};
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::state::challenges::Challenges;
use crate::ui::state::context::Playground;

thread_local! {
    static CURRENT: Cell<Option<ChoicesUi>> = const { Cell::new(None) };
}

/// The list's page state.
#[derive(Clone, Copy)]
struct ChoicesUi {
    /// The challenges' state's `open` (remembered there).
    open: RwSignal<bool>,
    /// A member name or message id the list is narrowed to (a card or chip was clicked).
    subject: RwSignal<Option<String>>,
    /// What the last choice did, and the step it was said at: shown while that step is.
    notice: RwSignal<Option<(usize, String)>>,
}

/// A click on the stage column: on a member's card or a message's chip (not on one of their
/// own controls), opens the list at the choices that concern it.
pub fn subject_clicked(ev: web_sys::MouseEvent) {
    let Some(ui) = CURRENT.with(Cell::get) else {
        return;
    };
    let Some(target) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    let control = target
        .closest("button, a, input, select, label")
        .ok()
        .flatten();
    if control.is_some_and(|c| c.get_attribute("data-testid").as_deref() != Some("chip-open")) {
        return;
    }
    let Some(holder) = target
        .closest("[data-member], [data-message-id]")
        .ok()
        .flatten()
    else {
        return;
    };
    let subject = holder
        .get_attribute("data-member")
        .or_else(|| holder.get_attribute("data-message-id"));
    ui.subject.set(subject);
    if ui.open.get_untracked() {
        if let Some(list) = document().get_element_by_id("next-choices") {
            list.scroll_into_view();
        }
    }
}

fn set_open(ui: ChoicesUi, open: bool) {
    match Challenges::get() {
        Some(ch) => ch.set_open(open),
        None => ui.open.set(open),
    }
}

/// Forks the run with `choice` at this step and shows the first step it changed.
fn choose(pg: Playground, ui: ChoicesUi, choice: &NextChoice) {
    let lang = pg.lang.get_untracked();
    crate::ui::panels::transport::pause(pg);
    let before = pg.timeline_untracked();
    let forked = pg
        .change_branch(|branches| branches.fork(choice.intervention.clone()))
        .unwrap_or(Ok(()));
    if forked.is_err() {
        let problem = crate::view::fork_form::too_many_edits();
        let step = pg.step.get_untracked();
        ui.notice.set(Some((step, problem.get(lang).to_string())));
        return;
    }
    let after = pg.timeline_untracked();
    let step = pg.step.get_untracked();
    let changed = match (&before, &after) {
        (Some(before), Some(after)) => divergence(before, after).map(|at| at + 1),
        _ => None,
    };
    let shown = changed.unwrap_or(step);
    pg.go_to(shown);
    let mut notice = match lang {
        Lang::Zh => format!(
            "已在新分支上继续：{}。原来的分支保留在分支列表里。",
            choice.label.zh
        ),
        Lang::En => format!(
            "Continuing on a new branch: {}. The branch before is kept in the branch list.",
            choice.label.en
        ),
    };
    let gap = match (pg.lesson_on_screen_untracked(), &after) {
        (Some(lesson), Some(after)) => {
            let options = pg.options.get_untracked();
            script_gaps(&lesson, &options, after)
                .into_iter()
                .find(|gap| gap.seq >= step)
        }
        _ => None,
    };
    if let Some(gap) = gap {
        notice.push(' ');
        notice.push_str(gap.note().get(lang));
    }
    ui.notice.set(Some((pg.step.get_untracked(), notice)));
}

/// The page's list state, made by the first part that asks for it.
fn ui() -> ChoicesUi {
    if let Some(ui) = CURRENT.with(Cell::get) {
        return ui;
    }
    let ui = ChoicesUi {
        open: Challenges::get().map_or_else(|| RwSignal::new(false), |ch| ch.open),
        subject: RwSignal::new(None),
        notice: RwSignal::new(None),
    };
    CURRENT.with(|current| current.set(Some(ui)));
    ui
}

/// The stage toolbar's button: one tap opens the challenge and the list (and says when the
/// challenge shown is met, or which member or message the list is narrowed to).
#[component]
pub fn StageChoicesButton() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let ui = ui();
    let met = move || {
        crate::ui::state::challenges::Challenges::get()
            .is_some_and(|ch| ch.met.with(Option::is_some))
    };
    let toggle = move |_| set_open(ui, !ui.open.get_untracked());
    let label = move || {
        let arrow = if ui.open.get() { "▾" } else { "▸" };
        let mark = if met() { " ✓" } else { "" };
        match (ui.subject.get(), lang.get()) {
            (Some(subject), Lang::Zh) => format!("{arrow} 你来选：{subject}{mark}"),
            (Some(subject), Lang::En) => format!("{arrow} You pick: {subject}{mark}"),
            (None, Lang::Zh) => format!("{arrow} 你来选下一步{mark}"),
            (None, Lang::En) => format!("{arrow} You pick next{mark}"),
        }
    };
    view! {
        <button type="button" class="next-choices-open" data-testid="next-choices-open"
            aria-expanded=move || ui.open.get().to_string() aria-controls="next-choices"
            title=move || tr(lang.get(), "接下来可能发生什么，以及本课的挑战", "What can happen next, and the lesson's challenge")
            data-subject=move || ui.subject.get()
            on:click=toggle>
            {label}
        </button>
    }
}

/// Whether the challenge and the list are open (the toolbar's button opens them), for the
/// stage's slot (`next_choices_module::StageChoices`).
pub fn open_state() -> RwSignal<bool> {
    ui().open
}

/// The challenge strip and the list, as the split module draws them.
pub fn choices_body() -> AnyView {
    let pg = Playground::get();
    let lang = pg.lang;
    let ui = ui();
    let live = move || pg.live.with(|live| live.is_some());
    let list = Memo::new(move |_| {
        if !ui.open.get() || live() {
            return None;
        }
        let lesson = pg.lesson_on_screen()?;
        let step = pg.step.get();
        let lang = lang.get();
        pg.run.with(|run| {
            let run = run.as_ref().ok()?;
            Some(next_choices(&lesson, &run.timeline, step, lang))
        })
    });
    view! {
        <crate::ui::panels::challenge::ChallengeStrip />
        <ChoiceList list=list ui=ui />
    }
    .into_any()
}

#[component]
fn ChoiceList(list: Memo<Option<crate::lessons::NextChoices>>, ui: ChoicesUi) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let heading = move || {
        let (step, effect) = list.with(|l| l.as_ref().map_or((0, 0), |l| (l.step, l.takes_effect)));
        match lang.get() {
            Lang::Zh if effect > step => {
                format!("在第 {step} 步，宿主下一次接收输入是在第 {effect} 步之后。选一个：")
            }
            Lang::Zh => format!("在第 {step} 步，宿主接下来可以接收："),
            Lang::En if effect > step => format!(
                "At step {step}; the host takes its next input after step {effect}. Pick one:"
            ),
            Lang::En => format!("At step {step}, the host could take next:"),
        }
    };
    // The last choice's notice belongs to the step it moved to.
    let notice = move || {
        let step = pg.step.get();
        ui.notice
            .get()
            .and_then(|(at, text)| (at == step).then_some(text))
    };
    let items = move || {
        let lang = lang.get();
        let subject = ui.subject.get();
        list.with(|l| {
            let Some(l) = l else {
                return Vec::new();
            };
            l.choices
                .iter()
                .filter(|c| subject.as_ref().is_none_or(|s| c.concerns.contains(s)))
                .map(|choice| {
                    let choice = choice.clone();
                    let label = choice.label.get(lang).to_string();
                    let kind = format!("{:?}", choice.kind).to_lowercase();
                    view! {
                        <li>
                            <button type="button" class="next-choice" data-testid="next-choice"
                                data-kind=kind on:click=move |_| choose(pg, ui, &choice)>
                                {label}
                            </button>
                        </li>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <section class="next-choices" id="next-choices" data-testid="next-choices"
            aria-label=move || tr(lang.get(), "接下来可能发生什么", "What can happen next")>
            <Show when=move || pg.live.with(|l| l.is_some())>
                <p class="next-choices-note">{move || tr(lang.get(),
                    "选择作用于脚本运行；真实模型的运行正在屏幕上。",
                    "Choices fork the scripted run; a live run is on screen.")}</p>
            </Show>
            <Show when=move || notice().is_some()>
                <p class="next-choices-notice" role="status" data-testid="next-choices-notice">
                    {move || notice().unwrap_or_default()}
                </p>
            </Show>
            <p class="next-choices-heading">{heading}</p>
            <Show when=move || ui.subject.with(Option::is_some)>
                <p class="next-choices-subject">
                    {move || match lang.get() {
                        Lang::Zh => format!("只看与 {} 有关的：", ui.subject.get().unwrap_or_default()),
                        Lang::En => format!("Only those about {}:", ui.subject.get().unwrap_or_default()),
                    }}
                    " "
                    <button type="button" class="next-choices-all" data-testid="next-choices-all"
                        on:click=move |_| ui.subject.set(None)>
                        {move || tr(lang.get(), "显示全部", "show all")}
                    </button>
                </p>
            </Show>
            <ul class="next-choice-list">{items}</ul>
        </section>
    }
}
