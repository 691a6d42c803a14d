//! The checkpoint on the stage (issue 26): the question asked before its step shows, as a
//! labelled radio group answered with the keyboard or the pointer, the explanation of each
//! try (announced by a status region), and the switch that turns checkpoints on or off. The
//! score and the list of what was missed are in the result panel ([`CheckpointScore`]).

use leptos::prelude::*;

use crate::engine::Lang;
use crate::lessons::checkpoint::Placed;
use crate::ui::browser::i18n::tr;
use crate::ui::state::checkpoints::Checkpoints;
use crate::ui::state::context::Playground;
use crate::view::rules::{rule_by_id, rule_heading};

/// The question being asked, with its choices and the last try's feedback.
#[component]
pub fn CheckpointQuestion() -> impl IntoView {
    let pg = Playground::get();
    let cp = Checkpoints::get();
    let lang = pg.lang;
    let picked = RwSignal::new(None::<usize>);
    let asked = Memo::new(move |_| {
        let at = cp.asking.get()?;
        cp.placement.with(|p| p.at(at).cloned())
    });
    // A right answer leaves the question and shows the step, with its explanation.
    let feedback = move || {
        cp.feedback
            .get()
            .filter(|(id, f)| f.right || asked.with(|a| a.as_ref().is_some_and(|a| a.id == *id)))
    };
    Effect::new(move |_| {
        asked.track();
        picked.set(None);
    });
    // Issue 46: a question that asks, or asks again (▶ pressed while it waits), takes focus on
    // its first choice, so the keyboard answers it right away and a phone scrolls it into view.
    Effect::new(move |_| {
        let _ = cp.nudged.get();
        if asked.with(Option::is_some) {
            crate::ui::browser::focus::focus_soon(&["[data-testid=checkpoint-choice] input"]);
        }
    });
    let check = move || {
        if let Some(i) = picked.get_untracked() {
            cp.choose(pg, i);
        }
    };
    let question = move || {
        let lang = lang.get();
        let checkpoint = asked.get()?;
        let heading = tr(
            lang,
            "检查点：先预测，再看这一步（↑↓ 选择，回车确定）",
            "Checkpoint: predict, then see the step (↑↓ to choose, Enter to check)",
        );
        // The rule it illustrates: its id and title open its text, in the page.
        let rule = rule_by_id(&checkpoint.rule).map(|r| {
            let summary = format!("{} {}", tr(lang, "规则", "Rule"), rule_heading(r.id, lang));
            view! {
                <details class="checkpoint-rule" data-testid="checkpoint-rule" data-rule=r.id>
                    <summary>{summary}</summary>
                    <p>{r.gist.get(lang).to_string()}</p>
                </details>
            }
        });
        Some(view! {
            <p class="checkpoint-heading">{heading}</p>
            {rule}
            <p class="checkpoint-question" id="checkpoint-question">{checkpoint.question.get(lang).to_string()}</p>
            {choice_group(&checkpoint, lang, picked, check)}
            <button type="button" class="checkpoint-check" data-testid="checkpoint-check"
                prop:disabled=move || picked.get().is_none()
                on:click=move |_| check()>
                {tr(lang, "确定", "Check")}
            </button>
            <Nudge />
        })
    };
    // The caption (the page's live region) stays on the step before while a question is open,
    // so the question is announced here; this region is always in the page, since one that
    // appears together with its text is not read by every screen reader.
    let announce = move || {
        let lang = lang.get();
        asked.with(|a| a.as_ref().map(|c| announce_words(c, lang)))
    };
    view! {
        <p class="visually-hidden" role="status" data-testid="checkpoint-announce">{announce}</p>
        <Show when=move || asked.with(Option::is_some) || feedback().is_some()>
            <section class="checkpoint" data-testid="checkpoint"
                aria-label=move || tr(lang.get(), "检查点", "Checkpoint")
                data-asking=move || asked.with(Option::is_some).to_string()>
                {question}
                <p class="checkpoint-feedback" data-testid="checkpoint-feedback" role="status"
                    data-right=move || feedback().map(|(_, f)| f.right.to_string())>
                    {move || feedback().map(|(_, f)| f.text.get(lang.get()).to_string())}
                </p>
            </section>
        </Show>
    }
}

/// The choices as a radio group. Enter on a choice picks and checks it (as a form's Enter
/// would), so the keyboard needs no Tab to Check (issue 46).
fn choice_group(
    checkpoint: &Placed,
    lang: Lang,
    picked: RwSignal<Option<usize>>,
    check: impl Fn() + Copy + 'static,
) -> impl IntoView {
    let choices = checkpoint
        .choices
        .iter()
        .enumerate()
        .map(|(i, choice)| {
            let label = choice.label.get(lang).to_string();
            view! {
                <label class="checkpoint-choice" data-testid="checkpoint-choice" data-key=choice.key.clone()>
                    <input type="radio" name="checkpoint-choice" value=i.to_string()
                        prop:checked=move || picked.get() == Some(i)
                        on:change=move |_| picked.set(Some(i)) />
                    <span>{label}</span>
                </label>
            }
        })
        .collect_view();
    view! {
        <div class="checkpoint-choices" role="radiogroup" aria-labelledby="checkpoint-question"
            data-testid="checkpoint-choices"
            on:keydown=move |ev| {
                if ev.key() != "Enter" {
                    return;
                }
                let focused = ev
                    .target()
                    .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
                    .and_then(|input| input.value().parse::<usize>().ok());
                if let Some(i) = focused.or_else(|| picked.get_untracked()) {
                    ev.prevent_default();
                    picked.set(Some(i));
                    check();
                }
            }>
            {choices}
        </div>
    }
}

/// Issue 46: ▶ pressed while the question waits says so where the learner looks.
#[component]
fn Nudge() -> impl IntoView {
    let pg = Playground::get();
    let cp = Checkpoints::get();
    let nudged = move || cp.nudged.get() != 0;
    view! {
        <Show when=nudged>
            <p class="checkpoint-nudge" data-testid="checkpoint-nudge" role="status">
                {move || tr(pg.lang.get(),
                    "▶ 在这里停住了：先回答这个问题，答对后就显示下一步。",
                    "▶ stops here: answer this question first; the step shows once the answer is right.")}
            </p>
        </Show>
    }
}

/// What the status region says when a question opens.
fn announce_words(c: &Placed, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "检查点（规则 {}）：{} 先选一个答案，再按回车或“确定”。",
            c.rule,
            c.question.get(lang)
        ),
        Lang::En => format!(
            "Checkpoint (rule {}): {} Choose an answer, then press Enter or Check.",
            c.rule,
            c.question.get(lang)
        ),
    }
}

/// The switch: checkpoints on or off (remembered in this browser).
#[component]
pub fn CheckpointSwitch() -> impl IntoView {
    let pg = Playground::get();
    let cp = Checkpoints::get();
    // In an LMS (`scorm=1`) the checkpoints are the lesson's assessment: always on, no switch.
    let scorm = pg.embed.with_untracked(|flags| flags.scorm);
    let has_any = move || !scorm && cp.placement.with(|p| !p.placed.is_empty());
    view! {
        <Show when=has_any>
            <label class="checkpoint-switch">
                <input type="checkbox" data-testid="checkpoint-switch"
                    prop:checked=move || cp.enabled.get()
                    on:change=move |ev| cp.set_enabled(event_target_checked(&ev)) />
                <span>{move || tr(pg.lang.get(), "检查点", "Checkpoints")}</span>
            </label>
        </Show>
    }
}

/// The score in the result panel once a checkpoint was tried (never "0 of 4" before any
/// question), and at the lesson's end the checkpoints to revisit, each with a button to its
/// step (a jump: it never asks): not right at the first try, and skipped (never tried).
#[component]
pub fn CheckpointScore() -> impl IntoView {
    let pg = Playground::get();
    let cp = Checkpoints::get();
    let lang = pg.lang;
    let score = Memo::new(move |_| cp.score(pg));
    let at_end = move || {
        let last = pg.last_step();
        last > 0 && pg.step.get() >= last
    };
    let shown = move || {
        cp.placement
            .with(|p| !p.placed.is_empty() && (at_end() || score.with(|s| s.any_tried(p))))
    };
    let list = move |skipped: bool| {
        let lang = lang.get();
        let score = score.get();
        cp.placement.with(|p| {
            let items = if skipped {
                score.skipped(p)
            } else {
                score.not_right(p)
            };
            items
                .into_iter()
                .map(|c| {
                    let step = c.step;
                    let question = c.question.get(lang).to_string();
                    view! {
                        <li data-testid="checkpoint-missed" data-id=c.id.clone()
                            data-skipped=skipped.to_string()>
                            <button type="button"
                                on:click=move |_| pg.go_to(step)>
                                {crate::view::end_card::step_words(step, lang)}
                            </button>
                            " "{question}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    let has = move |skipped: bool| {
        let score = score.get();
        cp.placement.with(|p| {
            if skipped {
                !score.skipped(p).is_empty()
            } else {
                !score.not_right(p).is_empty()
            }
        })
    };
    view! {
        <Show when=shown>
            <div class="checkpoint-score" data-testid="checkpoint-score">
                <p data-testid="checkpoint-tally">
                    {move || cp.placement.with(|p| score.get().words(p, lang.get()))}
                </p>
                <Show when=move || at_end() && has(false)>
                    <p>{move || crate::view::end_card::not_right_words(lang.get())}</p>
                    <ul class="checkpoint-missed">{move || list(false)}</ul>
                </Show>
                <Show when=move || at_end() && has(true)>
                    <p>{move || crate::view::end_card::skipped_words(lang.get())}</p>
                    <ul class="checkpoint-missed">{move || list(true)}</ul>
                </Show>
            </div>
        </Show>
    }
}
