//! The member detail's entry lists: an entry (a history row, a candidate's row, a request's
//! message) as a list item with its marks, runs of identical entries and of identical tool
//! calls folded into one expandable group (`view::repeats`), and the "show earlier" line.
//! The history, the candidate and the request view (`detail.rs`, `detail_request.rs`) all
//! list their entries with it.

use leptos::prelude::*;

use crate::ui::browser::i18n::{tr, Lang};
use crate::view::detail::{hidden_text, EntryRow, WINDOW};
use crate::view::repeats::{group_calls, runs_by, same_entry, MIN_RUN};

/// A list of lines of code (tool calls, tool names), one `<li><code>` each.
/// Tool calls as list items; a run of identical calls is one expandable group
/// (`view::repeats`), its calls inside, so a reply that reads one file eighty times is one line.
pub(super) fn code_items(items: Vec<String>, lang: Lang) -> impl IntoView {
    group_calls(&items)
        .into_iter()
        .map(|group| {
            let item = group.item.clone();
            if group.count < MIN_RUN {
                let items = vec![item; group.count];
                return items
                    .into_iter()
                    .map(|item| view! { <li><code>{item}</code></li> })
                    .collect_view()
                    .into_any();
            }
            let head = match lang {
                Lang::Zh => format!("{item} ×{}（相同的调用，点开看每一次）", group.count),
                Lang::En => format!(
                    "{item} ×{} (identical calls; open to see each)",
                    group.count
                ),
            };
            let calls = (0..group.count)
                .map(|_| view! { <li><code>{item.clone()}</code></li> })
                .collect_view();
            view! {
                <li class="call-group" data-testid="call-group" data-count=group.count>
                    <details>
                        <summary><span class="call-group-head">{head}</span></summary>
                        <ul>{calls}</ul>
                    </details>
                </li>
            }
            .into_any()
        })
        .collect_view()
}

/// One entry as a list item; an entry marked new says why, in text, not only colour.
pub(super) fn entry_item(entry: EntryRow, lang: Lang) -> impl IntoView {
    let new_label = entry.new.map(|mark| mark.label(lang));
    let class = if new_label.is_some() {
        "entry entry-new"
    } else {
        "entry"
    };
    let (role, role_label) = (entry.role_name(), entry.role_label(lang));
    let notifies = entry
        .notifies
        .into_iter()
        .map(|id| {
            view! {
                <span class="entry-notifies" data-message-id=id.clone()>
                    {format!("✉ {} {id}", tr(lang, "通知", "notifies"))}
                </span>
            }
        })
        .collect_view();
    let tool = entry.tool.map(|tool| {
        view! { <span class="entry-tool">{format!("{}: {tool}", tr(lang, "工具", "tool"))}</span> }
    });
    let error = entry
        .is_error
        .then(|| view! { <span class="entry-error">{tr(lang, "⚠ 错误", "⚠ error")}</span> });
    let calls = (!entry.calls.is_empty()).then(|| {
        view! {
            <div class="entry-calls">
                <span>{tr(lang, "工具调用：", "tool calls:")}</span>
                <ul>{code_items(entry.calls, lang)}</ul>
            </div>
        }
    });
    let text = (!entry.text.is_empty()).then(|| view! { <p class="entry-text">{entry.text}</p> });
    view! {
        <li class=class data-role=role data-index=entry.index.to_string() data-new=new_label.is_some().to_string()>
            <div class="entry-head">
                <span class="entry-index">{format!("#{}", entry.index)}</span>
                <span class="entry-role">{role_label}</span>
                {new_label.map(|label| view! { <span class="new-label">{format!("★ {label}")}</span> })}
                {notifies}
                {tool}
                {error}
            </div>
            {text}
            {calls}
        </li>
    }
}

/// Entries as list items; a run of identical entries (the same tool result again and again)
/// is one expandable group, its entries inside.
pub(super) fn entry_items(rows: Vec<EntryRow>, lang: Lang) -> impl IntoView {
    let runs = runs_by(&rows, same_entry);
    let mut rows = rows.into_iter();
    runs.into_iter()
        .map(|run| {
            let members: Vec<EntryRow> = rows.by_ref().take(run.len()).collect();
            if members.len() < MIN_RUN {
                return members
                    .into_iter()
                    .map(|row| entry_item(row, lang))
                    .collect_view()
                    .into_any();
            }
            let (first, last, count) = (
                members[0].index,
                members[members.len() - 1].index,
                members.len(),
            );
            let what = match &members[0].tool {
                Some(tool) => format!("{} {tool}", members[0].role_label(lang)),
                None => members[0].role_label(lang).to_string(),
            };
            let what = match crate::engine::text::preview(&members[0].text, 40, "…") {
                text if text.is_empty() => what,
                text => format!("{what}: {text}"),
            };
            let head = match lang {
                Lang::Zh => format!(
                    "#{first}–#{last}：{} 条相同的条目（{what}），点开看每一条",
                    members.len()
                ),
                Lang::En => format!(
                    "#{first}–#{last}: {} identical entries ({what}); open to see each",
                    members.len()
                ),
            };
            view! {
                <li class="entry-group" data-testid="entry-group" data-count=count>
                    <details>
                        <summary>{head}</summary>
                        <ol class="entries">
                            {members.into_iter().map(|row| entry_item(row, lang)).collect_view()}
                        </ol>
                    </details>
                </li>
            }
            .into_any()
        })
        .collect_view()
}

/// The "+N earlier" line with its button; `limit` grows by a window per click.
pub(super) fn earlier_button(hidden: usize, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
    hidden_text(hidden, lang).map(|text| {
        view! {
            <li class="entry-earlier">
                <span>{text}</span>
                " "
                <button type="button" class="show-earlier" on:click=move |_| limit.update(|l| *l += WINDOW)>
                    {tr(lang, "显示更早的", "Show earlier")}
                </button>
            </li>
        }
    })
}
