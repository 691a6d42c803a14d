//! The comparison on the stage (issue 49): two runs' lanes, side by side on a laptop and one at
//! a time on a phone (an A/B switch), moved by the stage's one transport: run A is the run on
//! screen at the transport's step, run B is shown at the aligned step (`view::compare`'s rows,
//! by story step, every event at the event level). Above them the summary sentence in the
//! learner's language and where the runs part (the scrubber marks it too,
//! `compare_mark.rs`); each message whose place differs at this row is marked on both sides.
//! Below them the lesson's questions about the difference (`compare_questions.rs`), and folded
//! the totals and the members whose history or requests differ.
//!
//! It is a view of two runs, never new state: it reads the run on screen, the other run
//! (`ui::state::compare`) and the level, and computes the diff in a memo.

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::{Lang, MessageId, Timeline};
use crate::on_screen::versus::{parting_reasons, Reason};
use crate::ui::browser::i18n::tr;
use crate::ui::panels::compare_lanes::side_lanes;
use crate::ui::panels::compare_questions::compare_questions_view;
use crate::ui::panels::transport::drive;
use crate::ui::state::compare::Comparison;
use crate::ui::state::context::Playground;
use crate::view::compare::summary::{label, parting_words, sentence, Which};
use crate::view::compare::{level_beats, RunDiff, Side};
use crate::view::lanes::Placement;
use crate::view::playhead::Command;

/// The two runs and their diff, compared by identity (a new diff is a new value).
#[derive(Clone)]
struct Diffed {
    a: Arc<Timeline>,
    b: Arc<Timeline>,
    diff: Arc<RunDiff>,
}

impl PartialEq for Diffed {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.diff, &other.diff)
    }
}

/// The comparison's body (the split module's view).
pub fn compare_body() -> AnyView {
    view! { <CompareView /> }.into_any()
}

/// A phone's switch button: the run's letter, its step and its label ("A · 9: with the
/// append-only inbox").
fn switch_words(which: Which, reasons: &[Reason], step: usize, lang: Lang) -> String {
    let letter = if which == Which::A { "A" } else { "B" };
    let label = label(reasons, which, lang);
    match lang {
        Lang::Zh => format!("{letter} · 第 {step} 步：{label}"),
        Lang::En => format!("{letter} · step {step}: {label}"),
    }
}

/// Why the runs part (empty when they do not). Tracked.
fn reasons_of(diffed: Memo<Option<Diffed>>) -> Vec<Reason> {
    diffed.with(|d| {
        d.as_ref()
            .and_then(|d| d.diff.parting.as_ref())
            .map(|p| p.reasons.clone())
            .unwrap_or_default()
    })
}

fn diff_memo(pg: Playground, cmp: Comparison) -> Memo<Option<Diffed>> {
    Memo::new(move |_| {
        let versus = cmp.versus.get()?;
        let a = pg.timeline()?;
        let b = cmp.other_timeline()?;
        let on_screen = pg.on_screen()?;
        let level = pg.level.get();
        let id = on_screen.lesson_id().to_string();
        let level = if on_screen.lesson().is_some() {
            level
        } else {
            crate::view::story::Level::Event
        };
        let (sa, sb) = (level_beats(&id, &a, level), level_beats(&id, &b, level));
        let reasons = parting_reasons(&on_screen, &on_screen.beside(&versus));
        let diff = RunDiff::of(
            Side {
                timeline: &a,
                stops: sa.as_deref(),
            },
            Side {
                timeline: &b,
                stops: sb.as_deref(),
            },
            reasons,
        );
        Some(Diffed {
            a,
            b,
            diff: Arc::new(diff),
        })
    })
}

/// The ids (in each run) of the messages whose places differ at the row.
fn differing_memo(
    diffed: Memo<Option<Diffed>>,
    row: Memo<usize>,
) -> Memo<(Vec<MessageId>, Vec<MessageId>)> {
    Memo::new(move |_| {
        let row = row.get();
        diffed.with(|d| {
            let mut ids: (Vec<MessageId>, Vec<MessageId>) = Default::default();
            for m in d.iter().flat_map(|d| d.diff.differing_at(row)) {
                ids.0.extend(m.ids.0);
                ids.1.extend(m.ids.1);
            }
            ids
        })
    })
}

#[component]
fn CompareView() -> impl IntoView {
    let pg = Playground::get();
    let Some(cmp) = Comparison::get() else {
        return ().into_any();
    };
    let lang = pg.lang;
    let diffed = diff_memo(pg, cmp);
    let row = Memo::new(move |_| {
        let step = pg.step.get();
        diffed.with(|d| d.as_ref().map_or(0, |d| d.diff.row_of_a(step)))
    });
    let step_b = Memo::new(move |_| {
        let row = row.get();
        diffed.with(|d| {
            d.as_ref()
                .and_then(|d| d.diff.rows.get(row))
                .map_or(0, |r| r.b)
        })
    });
    let reasons = move || reasons_of(diffed);
    let summary = move || {
        let lang = lang.get();
        diffed.with(|d| {
            d.as_ref()
                .map(|d| sentence(&d.diff, &d.a, &d.b, lang))
                .unwrap_or_default()
        })
    };
    let parting = move || {
        diffed.with(|d| {
            d.as_ref()
                .and_then(|d| d.diff.parting.as_ref().map(|p| p.step))
        })
    };
    let parting_text = move || {
        let lang = lang.get();
        diffed.with(|d| {
            d.as_ref()
                .map(|d| parting_words(&d.diff, lang))
                .unwrap_or_default()
        })
    };
    let differing = differing_memo(diffed, row);
    let other_error = move || {
        cmp.other
            .with(|o| o.as_ref().and_then(|r| r.as_ref().err().cloned()))
    };
    let showing_b = cmp.showing_b;
    let side = move |which: Which| side_view(pg, which, diffed, step_b, differing, showing_b);
    view! {
        <section class="compare" data-testid="compare" aria-labelledby="compare-heading"
            data-parting=move || parting().map(|p| p.to_string())>
            <div class="compare-head">
                <h2 id="compare-heading">{move || tr(lang.get(), "对比两次运行", "Two runs compared")}</h2>
                <button type="button" class="compare-go" data-testid="compare-go-parting"
                    disabled=move || parting().is_none()
                    on:click=move |_| { if let Some(p) = parting() { drive(pg, Command::Goto(p)); } }>
                    {parting_text}{move || parting().map(|_| tr(lang.get(), "（跳到那里）", " (go there)"))}
                </button>
                <button type="button" class="compare-close" data-testid="compare-close"
                    aria-label=move || tr(lang.get(), "关闭对比", "Close the comparison")
                    on:click=move |_| cmp.close()>
                    <span aria-hidden="true">"✕"</span>
                    <span class="compare-close-word">{move || tr(lang.get(), " 关闭", " Close")}</span>
                </button>
            </div>
            <p class="compare-summary" data-testid="compare-summary" aria-live="polite">{summary}</p>
            <Show when=move || other_error().is_some()>
                <p class="compare-error" role="alert">{move || other_error().unwrap_or_default()}</p>
            </Show>
            <div class="compare-switch" role="group" aria-label=move || tr(lang.get(), "显示哪一次运行", "Which run to show")>
                <button type="button" data-testid="compare-show-a" aria-pressed=move || (!showing_b.get()).to_string()
                    on:click=move |_| showing_b.set(false)>{move || switch_words(Which::A, &reasons(), pg.step.get(), lang.get())}</button>
                <button type="button" data-testid="compare-show-b" aria-pressed=move || showing_b.get().to_string()
                    on:click=move |_| showing_b.set(true)>{move || switch_words(Which::B, &reasons(), step_b.get(), lang.get())}</button>
            </div>
            <div class="compare-sides">
                {side(Which::A)}
                {side(Which::B)}
            </div>
            {move || diffed.get().map(|d| {
                let id = pg.lesson_id.get();
                view! {
                    {compare_questions_view(&id, d.diff.clone())}
                    <CompareDetails diff=d.diff reasons=reasons() />
                }
            })}
        </section>
    }
    .into_any()
}

/// One run's side: its label, its step and its lanes, the differing messages marked.
fn side_view(
    pg: Playground,
    which: Which,
    diffed: Memo<Option<Diffed>>,
    step_b: Memo<usize>,
    differing: Memo<(Vec<MessageId>, Vec<MessageId>)>,
    showing_b: RwSignal<bool>,
) -> impl IntoView {
    let lang = pg.lang;
    let reasons = move || reasons_of(diffed);
    let label_text = move || label(&reasons(), which, lang.get());
    let (letter, testid) = match which {
        Which::A => ("A", "compare-side-a"),
        Which::B => ("B", "compare-side-b"),
    };
    let step_line = move || {
        let lang = lang.get();
        let (step, last) = match which {
            Which::A => (pg.step.get(), pg.last_step()),
            Which::B => (
                step_b.get(),
                diffed.with(|d| d.as_ref().map_or(0, |d| d.b.len())),
            ),
        };
        match lang {
            Lang::Zh => format!("第 {step} / {last} 步"),
            Lang::En => format!("step {step} / {last}"),
        }
    };
    let lanes = move || {
        let lang = lang.get();
        let differs = differing.with(|d| match which {
            Which::A => d.0.clone(),
            Which::B => d.1.clone(),
        });
        let placement = match which {
            Which::A => pg.state.with(|s| {
                s.as_ref()
                    .map(|s| Placement::of(&s.state, s.before.as_deref()))
                    .unwrap_or_default()
            }),
            Which::B => {
                let step = step_b.get();
                diffed.with(|d| {
                    d.as_ref()
                        .map(|d| {
                            let (state, before) = d.b.state_with_previous(step.min(d.b.len()));
                            Placement::of(&state, before.as_ref())
                        })
                        .unwrap_or_default()
                })
            }
        };
        side_lanes(&placement, &differs, lang)
    };
    view! {
        <div class="compare-side" data-testid=testid data-side=letter
            class:shown=move || showing_b.get() == (which == Which::B)>
            <h3 class="compare-side-head">
                <span class="compare-letter">{letter}</span>" "
                <span class="compare-label">{label_text}</span>" · "
                <span class="compare-step" data-testid=format!("{testid}-step")>{step_line}</span>
            </h3>
            <div class="compare-lanes">{lanes}</div>
        </div>
    }
}

/// Folded: the totals of both runs and the members whose history or requests differ.
#[component]
fn CompareDetails(
    diff: Arc<RunDiff>,
    reasons: Vec<crate::on_screen::versus::Reason>,
) -> impl IntoView {
    let lang = Playground::get().lang;
    let rows = move || {
        let lang = lang.get();
        let (a, b) = diff.totals;
        let line = |zh: &'static str, en: &'static str, x: String, y: String| {
            let differs = x != y;
            view! {
                <tr class:differs=differs><th scope="row">{tr(lang, zh, en)}</th><td>{x}</td><td>{y}</td></tr>
            }
        };
        let members = diff
            .members
            .iter()
            .filter(|m| m.differs())
            .map(|m| {
                let text = m.line(&m.name, lang);
                view! { <li data-member=m.name.clone()>{text}</li> }
            })
            .collect_view();
        view! {
            <table class="compare-totals" data-testid="compare-totals">
                <thead><tr><th scope="col">{tr(lang, "合计", "Totals")}</th>
                    <th scope="col">{format!("A: {}", label(&reasons, Which::A, lang))}</th>
                    <th scope="col">{format!("B: {}", label(&reasons, Which::B, lang))}</th></tr></thead>
                <tbody>
                    {line("请求", "requests", a.requests.to_string(), b.requests.to_string())}
                    {line("重试", "retries", a.retries.to_string(), b.retries.to_string())}
                    {line("拒绝", "refusals", a.refusals.to_string(), b.refusals.to_string())}
                    {line("丢失的消息", "lost messages", a.lost.to_string(), b.lost.to_string())}
                    {line("未送达的消息", "undelivered messages", a.undelivered.to_string(), b.undelivered.to_string())}
                    {line("步数", "steps", a.steps.to_string(), b.steps.to_string())}
                    {line("逻辑时间", "logical time", a.time.to_string(), b.time.to_string())}
                </tbody>
            </table>
            <ul class="compare-members" data-testid="compare-members">{members}</ul>
        }
    };
    view! {
        <details class="compare-details">
            <summary>{move || tr(lang.get(), "合计和有差别的成员", "Totals and the members that differ")}</summary>
            {rows}
        </details>
    }
}
