//! The task part of the editor: the title, the task for the lead, the contrast modes the team
//! starts with (M6, T6), whether teammates may write files (K2) and the limits (M7, L2), each
//! empty for its default.

use leptos::prelude::*;

use super::{Editor, FieldProblems};
use crate::engine::Limits;
use crate::scenario::edit::{Edit, Field, Toggle};
use crate::scenario::ranges::LIMITS;
use crate::view::tr;

#[component]
pub(super) fn TaskEditor(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let title = editor.memo(|d| d.title.clone());
    let task = editor.memo(|d| d.task.clone());
    // M7: the engine's body limit (the scenario's `limits.body_chars`, or the engine's default).
    let task_count = editor.memo(|d| (d.task.chars().count(), d.limits().body_chars));
    let drain = editor.memo(|d| d.toggles.drain_on_read);
    let hold = editor.memo(|d| d.toggles.hold_lock_during_model_call);
    let write = editor.memo(|d| d.allow_write);
    let toggle = move |testid: &'static str,
                       toggle: Toggle,
                       on: Memo<bool>,
                       zh: &'static str,
                       en: &'static str| {
        view! {
            <label class="editor-check">
                <input type="checkbox" data-testid=testid prop:checked=move || on.get()
                    on:change=move |ev| editor.apply(Edit::SetToggle { toggle, on: event_target_checked(&ev) }, Field::Task) />
                {move || tr(lang.get(), zh, en)}
            </label>
        }
    };
    let defaults = Limits::default();
    let limits = LIMITS
        .iter()
        .map(|range| {
            let key = range.key;
            let get = range.get;
            let value = editor.memo(move |d| get(&d.limits));
            let default = default_of(&defaults, key);
            let on_change = move |ev| {
                let text = event_target_value(&ev);
                let value = text.trim().parse::<u64>().ok();
                editor.apply(Edit::SetLimit { key: key.to_string(), value }, Field::Limit(key));
            };
            view! {
                <label class="editor-limit">
                    <code>{key}</code>
                    <input type="number" min=range.min max=range.max data-testid=format!("editor-limit-{key}")
                        placeholder=default prop:value=move || value.get().map(|v| v.to_string()).unwrap_or_default()
                        on:change=on_change />
                    <FieldProblems editor=editor field=Field::Limit(key) />
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="editor-part editor-task">
            <legend>{move || tr(lang.get(), "任务", "Task")}</legend>
            <label>
                <span>{move || tr(lang.get(), "标题", "Title")}</span>
                <input type="text" data-testid="editor-title" prop:value=move || title.get()
                    on:change=move |ev| editor.apply(Edit::SetTitle(event_target_value(&ev)), Field::Title) />
            </label>
            <FieldProblems editor=editor field=Field::Title />
            <label class="editor-wide">
                <span>{move || tr(lang.get(), "交给 lead 的任务", "The task for the lead")}</span>
                <textarea rows="3" data-testid="editor-task" prop:value=move || task.get()
                    on:change=move |ev| editor.apply(Edit::SetTask(event_target_value(&ev)), Field::Task)></textarea>
            </label>
            <p class="editor-hint" data-testid="editor-task-count"
                data-over=move || { let (n, limit) = task_count.get(); (n > limit).to_string() }>
                {move || {
                    let (n, limit) = task_count.get();
                    match lang.get() {
                        crate::engine::Lang::Zh => format!("{n} / {limit} 个字符（引擎的正文上限 limits.body_chars：更长的任务引擎会拒绝）"),
                        crate::engine::Lang::En => format!("{n} / {limit} characters (the engine's body limit, limits.body_chars: it refuses a longer task)"),
                    }
                }}
            </p>
            <FieldProblems editor=editor field=Field::Task />
            {toggle("editor-toggle-drain", Toggle::DrainOnRead, drain, "开始时：读收件箱会清空它（M6）", "At the start: reading the inbox drains it (M6)")}
            {toggle("editor-toggle-hold-lock", Toggle::HoldLockDuringModelCall, hold, "开始时：模型调用期间持有锁（T6）", "At the start: the lock is held during the model call (T6)")}
            <label class="editor-check">
                <input type="checkbox" data-testid="editor-allow-write" prop:checked=move || write.get()
                    on:change=move |ev| editor.apply(Edit::SetAllowWrite(event_target_checked(&ev)), Field::Task) />
                {move || tr(lang.get(), "teammate 可以有 write_file（K2）", "Teammates may have write_file (K2)")}
            </label>
            <details class="editor-limits">
                <summary>{move || tr(lang.get(), "限制（空着用默认值）", "Limits (empty: the default)")}</summary>
                {limits}
            </details>
        </fieldset>
    }
}

/// The default of a limit, shown as the placeholder of its empty field.
fn default_of(limits: &Limits, key: &str) -> String {
    let n: u64 = match key {
        "inbox_records" => limits.inbox_records as u64,
        "body_chars" => limits.body_chars as u64,
        "history_entries" => limits.history_entries as u64,
        "delivery_budget" => limits.delivery_budget.into(),
        "request_budget" => limits.request_budget.into(),
        "retry_budget" => limits.retry_budget.into(),
        "max_members" => limits.max_members as u64,
        "file_chars" => limits.file_chars as u64,
        "tool_calls_per_reply" => limits.tool_calls_per_reply as u64,
        _ => 0,
    };
    n.to_string()
}
