//! The result panel on the page, under the caption: the final answers so far (the lead's
//! first) and the whole tool result or file of this step, as `view::result` models them. A
//! caption quotes a long result cut at a word; the whole text is here.

use leptos::prelude::*;

use super::context::Playground;
use crate::view::result::{
    answer_label, empty_text, heading, original_note, step_label, ResultPanel,
};

#[component]
pub fn ResultPanelView() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let panel = Memo::new(move |_| {
        let step = pg.step.get();
        pg.state.with(|state| {
            let state = state.as_ref()?;
            pg.run.with(|run| {
                let run = run.as_ref().ok()?;
                let events = &run.0.events()[..step.min(run.0.len())];
                Some(ResultPanel::of(events, &state.state, run.1))
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
                    <h3>{label}</h3>
                    <pre class="result-text">{r.text}</pre>
                </div>
            }
        });
        let answers = panel
            .answers
            .into_iter()
            .map(|a| {
                let label = answer_label(&a.member, lang);
                view! {
                    <div class="result-answer" data-testid="result-answer" data-member=a.member
                        data-original=a.original.to_string()>
                        <h3>{label}</h3>
                        {a.original.then(|| view! {
                            <p class="original-run" data-testid="original-run">{original_note(lang)}</p>
                        })}
                        <p class="result-text">{a.text}</p>
                    </div>
                }
            })
            .collect_view();
        view! { {step_result}{answers} }.into_any()
    };
    view! {
        <details class="result-panel" data-testid="result-panel" open=true>
            <summary>{move || heading(lang.get())}</summary>
            {body}
        </details>
    }
}
