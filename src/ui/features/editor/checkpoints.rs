//! The checkpoints part of the editor (issue 26 part 2): the scenario's predict-then-see
//! questions, each with its id, the rule it illustrates, the moment it asks at (an event kind,
//! optionally of one member, containing a text, the nth such event), the question in both
//! languages and what it asks about (a kind with its parameters). Each change is a
//! `scenario::edit_checkpoint::CheckpointEdit`; problems show beside the row like every other
//! field's, and, once the draft plays, the row says the step it asks before, or the note the
//! placement gives when it does not ask on this run.

use leptos::prelude::*;

use super::list_part::ListPart;
use super::{Editor, FieldProblems};
use crate::engine::Lang;
use crate::lessons::checkpoint::{Ask, EVENT_NAMES, RULE_IDS};
use crate::scenario::edit::{Edit, Field};
use crate::scenario::edit_checkpoint::{ask_kind, CheckpointEdit, CheckpointPart, ASK_KINDS};
use crate::ui::state::checkpoints::Checkpoints;
use crate::view::event_names::event_label;
use crate::view::tr;

/// What a kind of question asks, as the editor's select shows it.
fn kind_label(kind: &str, lang: Lang) -> &'static str {
    let (zh, en) = match kind {
        "where_is_message" => ("消息现在在哪里", "Where a message is now"),
        "in_request" => (
            "消息在不在某个已发出的请求里",
            "Whether a message is in a sent request",
        ),
        "lock_during_model_call" => (
            "模型调用期间成员是否持有锁",
            "Whether a member holds the lock during its model call",
        ),
        "member_status" => ("成员现在的状态", "A member's status now"),
        "history_loaded" => (
            "成员的历史是否已载入",
            "Whether a member's history is loaded",
        ),
        "inbox_holds" => (
            "成员收件箱里有几条记录",
            "How many records a member's inbox holds",
        ),
        "protocol_status" => ("协议请求的状态", "A protocol request's status"),
        "next_line" => (
            "宿主代码接下来运行哪一行",
            "Which line of the host's code runs next",
        ),
        _ => ("消息是谁发的", "Who sent a message"),
    };
    tr(lang, zh, en)
}

/// The message, request and member `ask` names ("" where it names none).
fn subjects(ask: &Ask) -> (String, String, String) {
    match ask {
        Ask::WhereIsMessage { message } | Ask::SenderOf { message } => {
            (message.clone(), String::new(), String::new())
        }
        Ask::InRequest { message, request } => (message.clone(), request.clone(), String::new()),
        Ask::ProtocolStatus { request } => (String::new(), request.clone(), String::new()),
        Ask::LockDuringModelCall { member }
        | Ask::MemberStatus { member }
        | Ask::HistoryLoaded { member }
        | Ask::InboxHolds { member, .. } => (String::new(), String::new(), member.clone()),
        Ask::NextLine { .. } => (String::new(), String::new(), String::new()),
    }
}

/// `values` as `<option>`s, with `current` added when it is not among them (a typed value
/// the format refuses stays shown, its problem beside it).
fn options(values: Vec<String>, current: String) -> impl IntoView {
    let mut values = values;
    if !values.contains(&current) {
        values.push(current);
    }
    values
        .into_iter()
        .map(|v| {
            let label = v.clone();
            view! { <option value=v>{label}</option> }
        })
        .collect_view()
}

#[component]
pub(super) fn CheckpointsEditor(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let count = editor.memo(|d| d.checkpoints.len());
    let names = editor.memo(|d| d.members.iter().map(|m| m.name.clone()).collect::<Vec<_>>());
    let add = move |_| {
        editor.apply(
            Edit::Checkpoint(CheckpointEdit::Add),
            Field::Checkpoint(count.get_untracked()),
        )
    };
    view! {
        <ListPart name="checkpoints" lang=lang count=count
            title=|lang, n| match lang {
                Lang::Zh => format!("检查点（{n} 个）"),
                Lang::En => format!("Checkpoints ({n})"),
            }
            hint=(
                "先预测，再看：在选定的时刻先问学习者一个问题，答对才显示那一步。正确答案由那一步的状态算出，不用写。时刻是某类事件（可以只算某个成员的、摘要里含某段文字的），第 N 个（从 0 数）。",
                "Predict, then see: at a chosen moment the learner is asked first, and the step shows once answered right. The right answer is computed from the state at that step, never written. The moment is an event kind (only one member's, or only those whose summary contains a text, if you like), the Nth one (from 0).",
            )
            row=move |i| view! { <CheckpointRow editor=editor i=i names=names /> }>
            <button type="button" data-testid="editor-add-checkpoint" on:click=add>
                {move || tr(lang.get(), "添加检查点", "Add a checkpoint")}
            </button>
        </ListPart>
    }
}

/// Where checkpoint `id` asks on the run on screen, or why it does not: shown once the draft
/// plays (it is then the run on screen).
fn placement_note(editor: Editor, id: &str, lang: Lang) -> Option<String> {
    if editor.problems.with(|p| !p.is_empty()) {
        return None;
    }
    Checkpoints::get().placement.with(|p| {
        if let Some(placed) = p.by_id(id) {
            return Some(match lang {
                Lang::Zh => format!("在第 {} 步之前提问。", placed.step),
                Lang::En => format!("Asks before step {}.", placed.step),
            });
        }
        p.dropped
            .iter()
            .find(|d| d.id == id)
            .map(|d| d.note.get(lang).to_string())
    })
}

#[component]
fn CheckpointRow(editor: Editor, i: usize, names: Memo<Vec<String>>) -> impl IntoView {
    let lang = editor.pg.lang;
    let read = move |f: fn(&crate::lessons::Checkpoint) -> String| {
        editor.memo(move |d| d.checkpoints.get(i).map(f).unwrap_or_default())
    };
    let id = read(|c| c.id.clone());
    let rule = read(|c| c.rule.clone());
    let event = read(|c| c.event.clone());
    let member = read(|c| c.member.clone().unwrap_or_default());
    let contains = read(|c| c.contains.clone().unwrap_or_default());
    let nth = read(|c| c.nth.to_string());
    let zh = read(|c| c.question.zh.clone());
    let en = read(|c| c.question.en.clone());
    let set = move |part: CheckpointPart| {
        editor.apply(
            Edit::Checkpoint(CheckpointEdit::Set { index: i, part }),
            Field::Checkpoint(i),
        )
    };
    let typed = move |make: fn(String) -> CheckpointPart| {
        move |ev: leptos::ev::Event| set(make(event_target_value(&ev)))
    };
    let on_nth = move |ev: leptos::ev::Event| {
        let n = event_target_value(&ev).trim().parse::<usize>().unwrap_or(0);
        set(CheckpointPart::Nth(n));
    };
    let on_question = move |lang: Lang| {
        move |ev: leptos::ev::Event| {
            let text = event_target_value(&ev);
            set(CheckpointPart::Question { lang, text })
        }
    };
    let note = move || placement_note(editor, &id.get(), lang.get());
    let t = move |zh: &'static str, en: &'static str| move || tr(lang.get(), zh, en);
    let tid = move |name: &str| format!("editor-checkpoint-{name}-{i}");
    view! {
        <li class="editor-row editor-checkpoint" data-testid=format!("editor-checkpoint-{i}")>
            <label>
                <span>{t("编号（id）", "Id")}</span>
                <input type="text" data-testid=tid("id") prop:value=move || id.get() on:change=typed(CheckpointPart::Id) />
            </label>
            <label>
                <span>{t("规则", "Rule")}</span>
                <select data-testid=tid("rule") prop:value=move || rule.get() on:change=typed(CheckpointPart::Rule)>
                    {move || options(RULE_IDS.iter().map(|r| r.to_string()).collect(), rule.get())}
                </select>
            </label>
            <label>
                <span>{t("在哪类事件之后提问", "Asks after the event kind")}</span>
                <select data-testid=tid("event") prop:value=move || event.get() on:change=typed(CheckpointPart::Event)>
                    {move || {
                        let lang = lang.get();
                        let current = event.get();
                        let extra = (!EVENT_NAMES.contains(&current.as_str())).then(|| current.clone());
                        EVENT_NAMES.iter().map(|e| e.to_string()).chain(extra).map(|e| {
                            let label = event_label(&e, lang).map(str::to_string).unwrap_or_else(|| e.clone());
                            view! { <option value=e>{label}</option> }
                        }).collect_view()
                    }}
                </select>
            </label>
            <label>
                <span>{t("只算这个成员的事件", "Only this member's events")}</span>
                <select data-testid=tid("member") prop:value=move || member.get() on:change=typed(CheckpointPart::Member)>
                    <option value="">{t("任何成员", "Any member")}</option>
                    {move || {
                        let current = member.get();
                        let list = names.get();
                        let extra = (!current.is_empty() && !list.contains(&current)).then_some(current);
                        list.into_iter().chain(extra).map(|n| { let label = n.clone(); view! { <option value=n>{label}</option> } }).collect_view()
                    }}
                </select>
            </label>
            <label>
                <span>{t("摘要里含（可不填）", "Summary contains (optional)")}</span>
                <input type="text" data-testid=tid("contains") prop:value=move || contains.get() on:change=typed(CheckpointPart::Contains) />
            </label>
            <label>
                <span>{t("第几个（从 0 数）", "Which one (from 0)")}</span>
                <input type="number" min="0" data-testid=tid("nth") prop:value=move || nth.get() on:change=on_nth />
            </label>
            <label class="editor-wide">
                <span>{t("问题（中文）", "Question (Chinese)")}</span>
                <input type="text" lang="zh" data-testid=tid("question-zh") prop:value=move || zh.get() on:change=on_question(Lang::Zh) />
            </label>
            <label class="editor-wide">
                <span>{t("问题（英文）", "Question (English)")}</span>
                <input type="text" lang="en" data-testid=tid("question-en") prop:value=move || en.get() on:change=on_question(Lang::En) />
            </label>
            <AskFields editor=editor i=i names=names />
            <button type="button" data-testid=format!("editor-remove-checkpoint-{i}")
                on:click=move |_| editor.apply(Edit::Checkpoint(CheckpointEdit::Remove { index: i }), Field::Checkpoint(i))>
                {t("删除", "Remove")}
            </button>
            <FieldProblems editor=editor field=Field::Checkpoint(i) />
            {move || note().map(|text| view! { <p class="editor-hint" data-testid=tid("placement")>{text}</p> })}
        </li>
    }
}

/// What checkpoint `i` asks: the kind, and that kind's parameters.
#[component]
fn AskFields(editor: Editor, i: usize, names: Memo<Vec<String>>) -> impl IntoView {
    let lang = editor.pg.lang;
    let read = move |f: fn(&crate::lessons::Checkpoint) -> String| {
        editor.memo(move |d| d.checkpoints.get(i).map(f).unwrap_or_default())
    };
    let kind = read(|c| ask_kind(&c.ask).to_string());
    let message = read(|c| subjects(&c.ask).0);
    let request = read(|c| subjects(&c.ask).1);
    let ask_member = read(|c| subjects(&c.ask).2);
    let counts = read(|c| match &c.ask {
        Ask::InboxHolds { counts, .. } => counts
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        _ => String::new(),
    });
    let lines = read(|c| match &c.ask {
        Ask::NextLine { lines } => lines.join(", "),
        _ => String::new(),
    });
    let set = move |part: CheckpointPart| {
        editor.apply(
            Edit::Checkpoint(CheckpointEdit::Set { index: i, part }),
            Field::Checkpoint(i),
        )
    };
    let typed = move |make: fn(String) -> CheckpointPart| {
        move |ev: leptos::ev::Event| set(make(event_target_value(&ev)))
    };
    let kind_is =
        move |kinds: &'static [&'static str]| move || kinds.contains(&kind.get().as_str());
    let has_message = kind_is(&["where_is_message", "in_request", "sender_of"]);
    let has_request = kind_is(&["in_request", "protocol_status"]);
    let has_member = kind_is(&[
        "lock_during_model_call",
        "member_status",
        "history_loaded",
        "inbox_holds",
    ]);
    let has_counts = kind_is(&["inbox_holds"]);
    let has_lines = kind_is(&["next_line"]);
    let t = move |zh: &'static str, en: &'static str| move || tr(lang.get(), zh, en);
    let tid = move |name: &str| format!("editor-checkpoint-{name}-{i}");
    view! {
            <label class="editor-wide">
                <span>{t("问的是什么", "What it asks")}</span>
                <select data-testid=tid("kind") prop:value=move || kind.get() on:change=typed(CheckpointPart::AskKind)>
                    {move || ASK_KINDS.iter().map(|k| view! { <option value=*k>{kind_label(k, lang.get())}</option> }).collect_view()}
                </select>
            </label>
            <Show when=has_message>
                <label>
                    <span>{t("消息（m1、m2……）", "Message (m1, m2, ...)")}</span>
                    <input type="text" data-testid=tid("message") prop:value=move || message.get() on:change=typed(CheckpointPart::AskMessage) />
                </label>
            </Show>
            <Show when=has_request>
                <label>
                    <span>{t("请求（r1 或 shutdown-1……）", "Request (r1, or shutdown-1, ...)")}</span>
                    <input type="text" data-testid=tid("request") prop:value=move || request.get() on:change=typed(CheckpointPart::AskRequest) />
                </label>
            </Show>
            <Show when=has_member>
                <label>
                    <span>{t("问哪个成员", "About the member")}</span>
                    <select data-testid=tid("ask-member") prop:value=move || ask_member.get() on:change=typed(CheckpointPart::AskMember)>
                        {move || options(names.get(), ask_member.get())}
                    </select>
                </label>
            </Show>
            <Show when=has_counts>
                <label>
                    <span>{t("可选的数目（用逗号隔开）", "Counts to choose from (comma separated)")}</span>
                    <input type="text" data-testid=tid("counts") prop:value=move || counts.get() on:change=typed(CheckpointPart::AskCounts) />
                </label>
            </Show>
            <Show when=has_lines>
                <label>
                    <span>{t("可选的代码行（宿主代码里断点按钮的名字，用逗号隔开）", "Lines to choose from (the names on the host code's breakpoint buttons, comma separated)")}</span>
                    <input type="text" data-testid=tid("lines") prop:value=move || lines.get() on:change=typed(CheckpointPart::AskLines) />
                </label>
            </Show>
    }
}
