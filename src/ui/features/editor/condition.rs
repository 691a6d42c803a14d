//! A scripted reply's condition in the editor: the messages its request must hold or must
//! not hold (by id, `m2`, or by sender), the alternative used otherwise, and which requests
//! of the run this reply answered (from the authoring check).

use leptos::prelude::*;

use super::Editor;
use crate::scenario::check::AnsweredBy;
use crate::scenario::edit::{Edit, Field};
use crate::scenario::edit_authoring::AuthoringEdit;
use crate::view::tr;

#[component]
pub(super) fn ReplyCondition(editor: Editor, i: usize) -> impl IntoView {
    let lang = editor.pg.lang;
    let holds = editor.memo(move |d| {
        d.replies
            .get(i)
            .map(|r| r.holds.join(", "))
            .unwrap_or_default()
    });
    let lacks = editor.memo(move |d| {
        d.replies
            .get(i)
            .map(|r| r.lacks.join(", "))
            .unwrap_or_default()
    });
    let other = editor.memo(move |d| {
        d.replies
            .get(i)
            .and_then(|r| r.otherwise.as_ref())
            .map(|o| o.text.clone())
            .unwrap_or_default()
    });
    let other_calls = editor.memo(move |d| {
        d.replies
            .get(i)
            .and_then(|r| r.otherwise.as_ref())
            .filter(|o| !o.tool_calls.is_empty())
            .and_then(|o| serde_json::to_string(&o.tool_calls).ok())
            .unwrap_or_default()
    });
    let edit = move |e: AuthoringEdit| editor.apply(Edit::Authoring(e), Field::Reply(i));
    // Which requests this reply answered in the run, and how.
    let ran = move || {
        let lang = lang.get();
        editor.report.with(|report| {
            let Some(report) = report else {
                return tr(
                    lang,
                    "（场景有问题时不检查）",
                    "(not checked while the scenario has problems)",
                )
                .to_string();
            };
            let rows: Vec<String> = report
                .answered
                .iter()
                .filter_map(|a| match a.by {
                    AnsweredBy::Reply(r) if r == i => Some(a.request.clone()),
                    AnsweredBy::Otherwise(r) if r == i => Some(match lang {
                        crate::engine::Lang::Zh => format!("{}（否则）", a.request),
                        crate::engine::Lang::En => format!("{} (otherwise)", a.request),
                    }),
                    _ => None,
                })
                .collect();
            if rows.is_empty() {
                tr(lang, "这次运行里没有运行", "did not run in this run").to_string()
            } else {
                rows.join(", ")
            }
        })
    };
    view! {
        <label>
            <span>{move || tr(lang.get(), "请求里必须有（编号或发送者）", "Request must hold (id or sender)")}</span>
            <input type="text" placeholder="m2, ana" data-testid=format!("editor-reply-holds-{i}") prop:value=move || holds.get()
                on:change=move |ev| edit(AuthoringEdit::SetReplyHolds { index: i, names: event_target_value(&ev) }) />
        </label>
        <label>
            <span>{move || tr(lang.get(), "请求里不能有", "Request must not hold")}</span>
            <input type="text" data-testid=format!("editor-reply-lacks-{i}") prop:value=move || lacks.get()
                on:change=move |ev| edit(AuthoringEdit::SetReplyLacks { index: i, names: event_target_value(&ev) }) />
        </label>
        <label class="editor-wide">
            <span>{move || tr(lang.get(), "否则回复的文字（条件不成立时）", "Otherwise, reply text (when the condition does not hold)")}</span>
            <textarea rows="2" data-testid=format!("editor-reply-otherwise-{i}") prop:value=move || other.get()
                on:change=move |ev| edit(AuthoringEdit::SetReplyOtherwise { index: i, text: event_target_value(&ev) })></textarea>
        </label>
        <label class="editor-wide">
            <span>{move || tr(lang.get(), "否则回复的工具调用（JSON）", "Otherwise, tool calls (JSON)")}</span>
            <textarea rows="1" spellcheck="false" data-testid=format!("editor-reply-otherwise-calls-{i}") prop:value=move || other_calls.get()
                on:change=move |ev| edit(AuthoringEdit::SetReplyOtherwiseCalls { index: i, json: event_target_value(&ev) })></textarea>
        </label>
        <p class="editor-ran" data-testid=format!("editor-reply-ran-{i}")>
            {move || tr(lang.get(), "回答了：", "Answered: ")}{ran}
        </p>
    }
}
