//! The roster part of the editor: each member's name (a rename updates every reference),
//! role, kind, delivery budget and tools; add and remove members.

use leptos::prelude::*;

use super::{Editor, FieldProblems};
use crate::engine::tool_table::{tools_for, ToolName};
use crate::engine::MemberKind;
use crate::scenario::edit::{Edit, Field};
use crate::view::tr;

#[component]
pub(super) fn MembersEditor(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let count = editor.memo(|d| d.members.len());
    let add = move |_| {
        editor.apply(Edit::AddMember, Field::Roster);
        // The new member's name field, focused and selected: ready to type its real name.
        let i = count.get_untracked().saturating_sub(1);
        request_animation_frame(move || {
            let id = format!("editor-member-name-{i}");
            if let Some(el) = document().get_element_by_id(&id) {
                if let Some(input) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlInputElement>(&el)
                {
                    let _ = input.focus();
                    // Selected, so typing replaces the generated name.
                    input.select();
                }
            }
        });
    };
    view! {
        <fieldset class="editor-part editor-members">
            <legend>{move || tr(lang.get(), "成员", "Members")}</legend>
            <FieldProblems editor=editor field=Field::Roster />
            <ol class="editor-rows">
                <For each=move || 0..count.get() key=|i| *i children=move |i| view! { <MemberRow editor=editor i=i /> } />
            </ol>
            <button type="button" data-testid="editor-add-member" on:click=add>
                {move || tr(lang.get(), "添加成员", "Add a member")}
            </button>
        </fieldset>
    }
}

#[component]
fn MemberRow(editor: Editor, i: usize) -> impl IntoView {
    let lang = editor.pg.lang;
    let name = editor.memo(move |d| d.members.get(i).map(|m| m.name.clone()).unwrap_or_default());
    let role = editor.memo(move |d| d.members.get(i).map(|m| m.role.clone()).unwrap_or_default());
    let kind = editor.memo(move |d| d.members.get(i).map_or(MemberKind::Teammate, |m| m.kind));
    let deliveries = editor.memo(move |d| d.members.get(i).and_then(|m| m.deliveries));
    let field = Field::Member(i);
    let f = field.clone();
    let on_name = move |ev| {
        let name = event_target_value(&ev).trim().to_string();
        editor.apply(Edit::RenameMember { index: i, name }, f.clone());
    };
    let f = field.clone();
    let on_role = move |ev| {
        editor.apply(
            Edit::SetRole {
                index: i,
                role: event_target_value(&ev),
            },
            f.clone(),
        )
    };
    let f = field.clone();
    let on_kind = move |ev| {
        let kind = if event_target_value(&ev) == "lead" {
            MemberKind::Lead
        } else {
            MemberKind::Teammate
        };
        editor.apply(Edit::SetKind { index: i, kind }, f.clone());
    };
    let f = field.clone();
    let on_deliveries = move |ev| {
        let text = event_target_value(&ev);
        let deliveries = text.trim().parse::<u32>().ok();
        editor.apply(
            Edit::SetDeliveries {
                index: i,
                deliveries,
            },
            f.clone(),
        );
    };
    let remove_label = move || match lang.get() {
        crate::engine::Lang::Zh => format!("删除成员 {}", name.get()),
        crate::engine::Lang::En => format!("Remove the member {}", name.get()),
    };
    view! {
        <li class="editor-row" data-testid=format!("editor-member-{i}")>
            <label>
                <span>{move || tr(lang.get(), "名字", "Name")}</span>
                <input type="text" id=format!("editor-member-name-{i}") data-testid=format!("editor-member-name-{i}")
                    autocomplete="off" spellcheck="false" maxlength="24"
                    prop:value=move || name.get() on:change=on_name />
            </label>
            <label>
                <span>{move || tr(lang.get(), "角色", "Role")}</span>
                <input type="text" data-testid=format!("editor-member-role-{i}") prop:value=move || role.get() on:change=on_role />
            </label>
            <label>
                <span>{move || tr(lang.get(), "类型", "Kind")}</span>
                <select data-testid=format!("editor-member-kind-{i}") prop:value=move || match kind.get() { MemberKind::Lead => "lead", MemberKind::Teammate => "teammate" } on:change=on_kind>
                    <option value="lead">"lead"</option>
                    <option value="teammate">{move || tr(lang.get(), "teammate（队友）", "teammate")}</option>
                </select>
            </label>
            <label>
                <span>{move || tr(lang.get(), "投递预算（空着用默认值）", "Delivery budget (empty: the default)")}</span>
                <input type="number" min="1" max="20" data-testid=format!("editor-member-deliveries-{i}")
                    prop:value=move || deliveries.get().map(|n| n.to_string()).unwrap_or_default() on:change=on_deliveries />
            </label>
            <MemberTools editor=editor i=i kind=kind />
            <button type="button" data-testid=format!("editor-remove-member-{i}") aria-label=remove_label
                on:click=move |_| editor.apply(Edit::RemoveMember { index: i }, Field::Roster)>
                {move || tr(lang.get(), "删除", "Remove")}
            </button>
            <FieldProblems editor=editor field=Field::Member(i) />
        </li>
    }
}

/// A member's tools: "every tool of its kind", or a box per tool the kind is offered.
#[component]
fn MemberTools(editor: Editor, i: usize, kind: Memo<MemberKind>) -> impl IntoView {
    let lang = editor.pg.lang;
    let tools = editor.memo(move |d| d.members.get(i).and_then(|m| m.tools.clone()));
    let allow_write = editor.memo(|d| d.allow_write);
    let field = Field::Member(i);
    let f = field.clone();
    let on_all = move |ev| {
        if event_target_checked(&ev) {
            editor.apply(Edit::AllTools { index: i }, f.clone());
        } else {
            // An explicit list of every tool of the kind: unticking one is then possible.
            let all = tools_for(kind.get_untracked(), allow_write.get_untracked());
            if let Some(first) = all.first() {
                editor.apply(
                    Edit::SetTool {
                        index: i,
                        tool: *first,
                        on: true,
                    },
                    f.clone(),
                );
            }
        }
    };
    let tool_boxes = move || {
        let offered = tools_for(kind.get(), true);
        offered
            .into_iter()
            .map(|tool: ToolName| {
                let f = field.clone();
                let checked = move || {
                    tools.with(|t| match t {
                        None => tools_for(kind.get(), allow_write.get()).contains(&tool),
                        Some(list) => list.iter().any(|n| n == tool.as_str()),
                    })
                };
                let testid = format!("editor-member-tool-{i}-{}", tool.as_str());
                view! {
                    <label class="editor-tool">
                        <input type="checkbox" data-testid=testid
                            prop:checked=checked
                            disabled=move || tools.with(Option::is_none)
                            on:change=move |ev| editor.apply(Edit::SetTool { index: i, tool, on: event_target_checked(&ev) }, f.clone()) />
                        <code>{tool.as_str()}</code>
                    </label>
                }
            })
            .collect_view()
    };
    view! {
        <fieldset class="editor-tools">
            <legend>{move || tr(lang.get(), "工具", "Tools")}</legend>
            <label class="editor-tool">
                <input type="checkbox" data-testid=format!("editor-member-all-tools-{i}")
                    prop:checked=move || tools.with(Option::is_none) on:change=on_all />
                {move || tr(lang.get(), "这一类的全部工具", "Every tool of its kind")}
            </label>
            {tool_boxes}
        </fieldset>
    }
}
