//! The scripted replies part of the editor: for each (member, request number) the text of
//! the reply and its tool calls (as JSON), its latency; add and remove replies. A request no
//! reply is written for gets the scripted model's fallback, which ends the round.

use leptos::prelude::*;

use super::condition::ReplyCondition;
use super::list_part::ListPart;
use super::{Editor, FieldProblems};
use crate::engine::Lang;
use crate::scenario::edit::{Edit, Field};
use crate::view::tr;

#[component]
pub(super) fn RepliesEditor(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let count = editor.memo(|d| d.replies.len());
    let names = editor.memo(|d| d.members.iter().map(|m| m.name.clone()).collect::<Vec<_>>());
    let new_member = RwSignal::new(String::new());
    let add = move |_| {
        let chosen = new_member.get_untracked();
        let member = if chosen.is_empty() {
            names.with_untracked(|n| n.first().cloned().unwrap_or_default())
        } else {
            chosen
        };
        editor.apply(
            Edit::AddReply { member },
            Field::Reply(count.get_untracked()),
        );
    };
    view! {
        <ListPart name="replies" lang=lang count=count
            title=|lang, n| match lang {
                Lang::Zh => format!("脚本回复（{n} 条）"),
                Lang::En => format!("Scripted replies ({n})"),
            }
            hint=(
                "每条回复答一个成员的第几个请求（从 1 数，重试也算）。工具调用写成 JSON 数组，例如 [{\"name\": \"send_message\", \"arguments\": {\"to\": \"reader\", \"body\": \"...\"}}]。回复可以取决于请求里有什么：写下必须有或不能有的消息（编号如 m2，或发送者的名字），再写条件不成立时的“否则”回复，这样没收到 m2 的成员就不会说起它。",
                "Each reply answers one member's request number N (from 1; retries count). Write the tool calls as a JSON array, e.g. [{\"name\": \"send_message\", \"arguments\": {\"to\": \"reader\", \"body\": \"...\"}}]. A reply can depend on what its request holds: name the messages it must or must not hold (an id like m2, or a sender's name) and write the otherwise reply, so a member who never received m2 does not speak of it.",
            )
            row=move |i| view! { <ReplyRow editor=editor i=i names=names /> }>
            <label>
                <span>{move || tr(lang.get(), "给谁的回复", "Reply for")}</span>
                <select data-testid="editor-new-reply-member" on:change=move |ev| new_member.set(event_target_value(&ev))>
                    {move || names.get().into_iter().map(|n| { let label = n.clone(); view! { <option value=n>{label}</option> } }).collect_view()}
                </select>
            </label>
            <button type="button" data-testid="editor-add-reply" on:click=add>
                {move || tr(lang.get(), "添加回复", "Add a reply")}
            </button>
        </ListPart>
    }
}

#[component]
fn ReplyRow(editor: Editor, i: usize, names: Memo<Vec<String>>) -> impl IntoView {
    let lang = editor.pg.lang;
    let member = editor.memo(move |d| {
        d.replies
            .get(i)
            .map(|r| r.member.clone())
            .unwrap_or_default()
    });
    let order = editor.memo(move |d| d.replies.get(i).map_or(1, |r| r.order));
    let latency = editor.memo(move |d| d.replies.get(i).map_or(1, |r| r.latency));
    let text = editor.memo(move |d| d.replies.get(i).map(|r| r.text.clone()).unwrap_or_default());
    let calls = editor.memo(move |d| {
        d.replies
            .get(i)
            .filter(|r| !r.tool_calls.is_empty())
            .and_then(|r| serde_json::to_string(&r.tool_calls).ok())
            .unwrap_or_default()
    });
    let field = Field::Reply(i);
    let f = field.clone();
    let on_member = move |ev| {
        editor.apply(
            Edit::SetReplyMember {
                index: i,
                member: event_target_value(&ev),
            },
            f.clone(),
        )
    };
    let f = field.clone();
    let on_order = move |ev| {
        let order = event_target_value(&ev).trim().parse::<u32>().unwrap_or(0);
        editor.apply(Edit::SetReplyOrder { index: i, order }, f.clone());
    };
    let f = field.clone();
    let on_latency = move |ev| {
        let latency = event_target_value(&ev).trim().parse::<u64>().unwrap_or(0);
        editor.apply(Edit::SetReplyLatency { index: i, latency }, f.clone());
    };
    let f = field.clone();
    let on_text = move |ev| {
        editor.apply(
            Edit::SetReplyText {
                index: i,
                text: event_target_value(&ev),
            },
            f.clone(),
        )
    };
    let f = field.clone();
    let on_calls = move |ev| {
        editor.apply(
            Edit::SetReplyToolCalls {
                index: i,
                json: event_target_value(&ev),
            },
            f.clone(),
        )
    };
    view! {
        <li class="editor-row" data-testid=format!("editor-reply-{i}")>
            <label>
                <span>{move || tr(lang.get(), "成员", "Member")}</span>
                <select data-testid=format!("editor-reply-member-{i}") prop:value=move || member.get() on:change=on_member>
                    {move || {
                        let mut list = names.get();
                        let current = member.get();
                        // A reply for a spawned member (or one removed) keeps its name listed.
                        if !list.contains(&current) {
                            list.push(current);
                        }
                        list.into_iter().map(|n| { let label = n.clone(); view! { <option value=n>{label}</option> } }).collect_view()
                    }}
                </select>
            </label>
            <label>
                <span>{move || tr(lang.get(), "第几个请求", "Request number")}</span>
                <input type="number" min="1" data-testid=format!("editor-reply-order-{i}") prop:value=move || order.get().to_string() on:change=on_order />
            </label>
            <label>
                <span>{move || tr(lang.get(), "延迟", "Latency")}</span>
                <input type="number" min="1" data-testid=format!("editor-reply-latency-{i}") prop:value=move || latency.get().to_string() on:change=on_latency />
            </label>
            <label class="editor-wide">
                <span>{move || tr(lang.get(), "回复文字", "Reply text")}</span>
                <textarea rows="2" data-testid=format!("editor-reply-text-{i}") prop:value=move || text.get() on:change=on_text></textarea>
            </label>
            <label class="editor-wide">
                <span>{move || tr(lang.get(), "工具调用（JSON）", "Tool calls (JSON)")}</span>
                <textarea rows="2" spellcheck="false" data-testid=format!("editor-reply-calls-{i}") prop:value=move || calls.get() on:change=on_calls></textarea>
            </label>
            <ReplyCondition editor=editor i=i />
            <button type="button" data-testid=format!("editor-remove-reply-{i}")
                on:click=move |_| editor.apply(Edit::RemoveReply { index: i }, Field::Reply(i))>
                {move || tr(lang.get(), "删除", "Remove")}
            </button>
            <FieldProblems editor=editor field=field />
        </li>
    }
}
