//! The result panel on the page, under the transport: this step's whole tool result or file,
//! the lead's latest final answer, and the teammates' answers folded below, as `view::result`
//! models them. A caption quotes a long result cut at a word; the whole text is here.

use leptos::prelude::*;

use crate::engine::Lang;
use crate::ui::state::context::Playground;
use crate::view::result::{
    answer_label, empty_text, heading, learner_replies, original_note, others_label, step_label,
    FinalAnswer, ResultPanel,
};

fn answer_view(a: FinalAnswer, lang: Lang) -> impl IntoView {
    let label = answer_label(&a.member, lang);
    view! {
        <div class="result-answer" data-testid="result-answer" data-member=a.member
            data-original=a.original.to_string()>
            <h2>{label}</h2>
            {a.original.then(|| view! {
                <p class="original-run" data-testid="original-run">{original_note(lang)}</p>
            })}
            <p class="result-text" tabindex="0">{a.text}</p>
        </div>
    }
}

#[component]
pub fn ResultPanelView() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let panel = Memo::new(move |_| {
        let step = pg.step.get();
        let learners = pg.options.with(learner_replies);
        pg.state.with(|state| {
            let state = state.as_ref()?;
            pg.run.with(|run| {
                let run = run.as_ref().ok()?;
                let events = &run.timeline.events()[..step.min(run.timeline.len())];
                Some(ResultPanel::of(
                    events,
                    &state.state,
                    run.diverged,
                    &learners,
                ))
            })
        })
    });
    let body = move || {
        let lang = lang.get();
        let panel = panel.get().unwrap_or_default();
        if panel.is_empty() {
            return view! { <p class="empty">{empty_text(lang)}</p> }.into_any();
        }
        let step_result = panel.step_result.map(|r| {
            let label = step_label(&r, lang);
            view! {
                <div class="result-step" data-testid="result-step" data-member=r.member.clone()
                    class:error=r.is_error>
                    <h2>{label}</h2>
                    <pre class="result-text" tabindex="0">{r.text}</pre>
                </div>
            }
        });
        // The lead's answer leads; the teammates' are folded below it.
        let lead = pg.state.with(|s| {
            s.as_ref()
                .map(|s| s.state.lead_name().to_string())
                .unwrap_or_default()
        });
        let mut rest: Vec<FinalAnswer> = Vec::new();
        let mut first = None;
        for a in panel.answers {
            if a.member == lead && first.is_none() {
                first = Some(a);
            } else {
                rest.push(a);
            }
        }
        let others = (!rest.is_empty()).then(|| {
            let label = others_label(rest.len(), lang);
            view! {
                <details class="result-others">
                    <summary>{label}</summary>
                    {rest.into_iter().map(|a| answer_view(a, lang)).collect_view()}
                </details>
            }
        });
        view! { {step_result}{first.map(|a| answer_view(a, lang))}{others} }.into_any()
    };
    view! {
        <details class="result-panel" data-testid="result-panel" open=true>
            <summary>{move || heading(lang.get())}</summary>
            <crate::ui::panels::checkpoint::CheckpointScore />
            <crate::ui::panels::challenge::ChallengeScore />
            {body}
        </details>
    }
}
