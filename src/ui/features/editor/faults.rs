//! The faults part of the editor: faults at a chosen moment, each a member's nth request that
//! fails (retryable or not) or its nth delivery struck between read and commit (in drain mode
//! the mail it read is lost). A lost-message scenario is written here in one place.

use leptos::prelude::*;

use super::list_part::ListPart;
use super::{Editor, FieldProblems};
use crate::engine::Lang;
use crate::scenario::edit::{Edit, Field};
use crate::scenario::edit_authoring::{AuthoringEdit, FaultMoment};
use crate::view::tr;

fn moment_of(value: &str) -> FaultMoment {
    if value == "request" {
        FaultMoment::Request
    } else {
        FaultMoment::Delivery
    }
}

#[component]
pub(super) fn FaultsEditor(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let count = editor.memo(|d| d.faults.len());
    let names = editor.memo(|d| d.members.iter().map(|m| m.name.clone()).collect::<Vec<_>>());
    let new_member = RwSignal::new(String::new());
    let new_moment = RwSignal::new(FaultMoment::Delivery);
    let add = move |_| {
        let chosen = new_member.get_untracked();
        let member = if chosen.is_empty() {
            names.with_untracked(|n| n.get(1).or(n.first()).cloned().unwrap_or_default())
        } else {
            chosen
        };
        let moment = new_moment.get_untracked();
        editor.apply(
            Edit::Authoring(AuthoringEdit::AddFault { member, moment }),
            Field::Fault(count.get_untracked()),
        );
    };
    view! {
        <ListPart name="faults" lang=lang count=count
            title=|lang, n| match lang {
                Lang::Zh => format!("故障（{n} 个）"),
                Lang::En => format!("Faults ({n})"),
            }
            hint=(
                "在选定的时刻出故障：某成员的第 N 个请求失败（可重试或不可重试），或它的第 N 次交付在读取和提交之间被打断。读收件箱会清空它时（M6），被打断的那次读取里的邮件就丢了；否则重试会再读到它们（M5）。",
                "A fault at a chosen moment: a member's request N fails (retryable or not), or its delivery N is struck between read and commit. When reading drains the inbox (M6) the mail that read took is lost; otherwise the retry reads it again (M5).",
            )
            row=move |i| view! { <FaultRow editor=editor i=i names=names /> }>
            <label>
                <span>{move || tr(lang.get(), "哪个成员", "Member")}</span>
                <select data-testid="editor-new-fault-member" on:change=move |ev| new_member.set(event_target_value(&ev))>
                    {move || {
                        let list = names.get();
                        // The first teammate is the likely one; the lead is listed too.
                        let default = list.get(1).or(list.first()).cloned().unwrap_or_default();
                        list.into_iter().map(|n| {
                            let selected = n == default;
                            let label = n.clone();
                            view! { <option value=n selected=selected>{label}</option> }
                        }).collect_view()
                    }}
                </select>
            </label>
            <label>
                <span>{move || tr(lang.get(), "什么故障", "Fault")}</span>
                <select data-testid="editor-new-fault-moment" on:change=move |ev| new_moment.set(moment_of(&event_target_value(&ev)))>
                    <option value="delivery" selected=true>{move || tr(lang.get(), "一次交付丢失", "A delivery is lost")}</option>
                    <option value="request">{move || tr(lang.get(), "一个请求失败", "A request fails")}</option>
                </select>
            </label>
            <button type="button" data-testid="editor-add-fault" on:click=add>
                {move || tr(lang.get(), "添加故障", "Add a fault")}
            </button>
        </ListPart>
    }
}

#[component]
fn FaultRow(editor: Editor, i: usize, names: Memo<Vec<String>>) -> impl IntoView {
    let lang = editor.pg.lang;
    let member = editor.memo(move |d| {
        d.faults
            .get(i)
            .map(|f| f.member.clone())
            .unwrap_or_default()
    });
    let is_request = editor.memo(move |d| d.faults.get(i).is_some_and(|f| f.request.is_some()));
    let number = editor.memo(move |d| {
        d.faults
            .get(i)
            .and_then(|f| f.request.or(f.delivery))
            .unwrap_or(1)
    });
    let error = editor.memo(move |d| d.faults.get(i).map(|f| f.error.clone()).unwrap_or_default());
    let retryable = editor.memo(move |d| d.faults.get(i).is_some_and(|f| f.retryable));
    let field = Field::Fault(i);
    let edit = move |e: AuthoringEdit| editor.apply(Edit::Authoring(e), Field::Fault(i));
    let on_member = move |ev| {
        edit(AuthoringEdit::SetFaultMember {
            index: i,
            member: event_target_value(&ev),
        })
    };
    let on_moment = move |ev| {
        edit(AuthoringEdit::SetFaultMoment {
            index: i,
            moment: moment_of(&event_target_value(&ev)),
        })
    };
    let on_number = move |ev| {
        let number = event_target_value(&ev).trim().parse::<u32>().unwrap_or(0);
        edit(AuthoringEdit::SetFaultNumber { index: i, number });
    };
    let on_error = move |ev| {
        edit(AuthoringEdit::SetFaultError {
            index: i,
            error: event_target_value(&ev),
        })
    };
    let on_retry = move |ev| {
        edit(AuthoringEdit::SetFaultRetryable {
            index: i,
            on: event_target_checked(&ev),
        })
    };
    view! {
        <li class="editor-row" data-testid=format!("editor-fault-{i}")>
            <label>
                <span>{move || tr(lang.get(), "成员", "Member")}</span>
                <select data-testid=format!("editor-fault-member-{i}") prop:value=move || member.get() on:change=on_member>
                    {move || {
                        let mut list = names.get();
                        let current = member.get();
                        if !list.contains(&current) {
                            list.push(current);
                        }
                        list.into_iter().map(|n| { let label = n.clone(); view! { <option value=n>{label}</option> } }).collect_view()
                    }}
                </select>
            </label>
            <label>
                <span>{move || tr(lang.get(), "什么故障", "Fault")}</span>
                <select data-testid=format!("editor-fault-moment-{i}")
                    prop:value=move || if is_request.get() { "request" } else { "delivery" } on:change=on_moment>
                    <option value="delivery">{move || tr(lang.get(), "第 N 次交付丢失", "Delivery N is lost")}</option>
                    <option value="request">{move || tr(lang.get(), "第 N 个请求失败", "Request N fails")}</option>
                </select>
            </label>
            <label>
                <span>{move || tr(lang.get(), "N（从 1 数）", "N (from 1)")}</span>
                <input type="number" min="1" data-testid=format!("editor-fault-number-{i}")
                    prop:value=move || number.get().to_string() on:change=on_number />
            </label>
            <Show when=move || is_request.get()>
                <label>
                    <span>{move || tr(lang.get(), "错误", "Error")}</span>
                    <input type="text" data-testid=format!("editor-fault-error-{i}") prop:value=move || error.get() on:change=on_error />
                </label>
                <label class="editor-check">
                    <input type="checkbox" data-testid=format!("editor-fault-retryable-{i}") prop:checked=move || retryable.get() on:change=on_retry />
                    {move || tr(lang.get(), "可以重试（L2）", "Retryable (L2)")}
                </label>
            </Show>
            <button type="button" data-testid=format!("editor-remove-fault-{i}")
                on:click=move |_| editor.apply(Edit::Authoring(AuthoringEdit::RemoveFault { index: i }), Field::Fault(i))>
                {move || tr(lang.get(), "删除", "Remove")}
            </button>
            <FieldProblems editor=editor field=field />
        </li>
    }
}
