//! The authoring check in the editor: the scenario played as written, which reply answered
//! each request, and what the teacher may not have meant (replies and faults that never ran,
//! replies whose text names a message id their request did not hold, a lost delivery that
//! loses nothing),
//! all from `scenario::check::Report`, in the page's language.

use leptos::prelude::*;

use super::Editor;
use crate::scenario::check::all_clear;
use crate::view::tr;

#[component]
pub(super) fn CheckPanel(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let findings = move || {
        let lang = lang.get();
        editor.report.with(|report| {
            editor.draft.with(|d| {
                report.as_ref().map(|r| {
                    r.findings
                        .iter()
                        .map(|f| f.text(d, lang))
                        .collect::<Vec<_>>()
                })
            })
        })
    };
    let answered = move || {
        let lang = lang.get();
        editor.report.with(|report| {
            report
                .as_ref()
                .map(|r| r.answered.iter().map(|a| a.text(lang)).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    view! {
        <section class="editor-part editor-check-panel" data-testid="editor-check" aria-labelledby="editor-check-heading">
            <h3 id="editor-check-heading">{move || tr(lang.get(), "检查：按写好的场景运行一遍", "Check: the scenario played as written")}</h3>
            {move || match findings() {
                None => view! {
                    <p class="editor-hint" data-testid="editor-check-waiting">{tr(lang.get(),
                        "场景有问题：改好之后再检查。",
                        "The scenario has problems: it is checked once they are fixed.")}</p>
                }.into_any(),
                Some(list) if list.is_empty() => view! {
                    <p class="editor-check-ok" data-testid="editor-check-ok">{all_clear(lang.get())}</p>
                }.into_any(),
                Some(list) => view! {
                    <ul class="editor-findings" data-testid="editor-findings">
                        {list.into_iter().map(|text| view! { <li data-testid="editor-finding">{text}</li> }).collect_view()}
                    </ul>
                }.into_any(),
            }}
            <details class="editor-answered">
                <summary>{move || tr(lang.get(), "哪个回复回答了哪个请求", "Which reply answered each request")}</summary>
                <ol data-testid="editor-answered">
                    {move || answered().into_iter().map(|text| view! { <li data-testid="editor-answered-row">{text}</li> }).collect_view()}
                </ol>
            </details>
        </section>
    }
}
