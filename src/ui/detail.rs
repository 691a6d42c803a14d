//! Member detail: for the member selected on a card, at the current step, its committed
//! history, its current candidate (the entries the candidate adds are marked "new in
//! candidate"), and the requests it has sent so far. One request is selected and shown exactly
//! as sent, as a provider-neutral view (system prompt, messages, tool names) and as raw JSON,
//! with what is new since the member's previous request marked, plus its status and reply.
//!
//! Long histories and long requests render a bounded window (the last [`WINDOW`] entries, with
//! a "show earlier" button), so a seek stays cheap however long the log is.

use leptos::prelude::*;
use serde_json::Value;

use super::context::Playground;
use super::i18n::{tr, Lang};
use crate::engine::{
    EntryRole, HistoryEntry, MemberState, PVec, RequestId, RequestStatus, StopReason, TeamState,
};

/// Entries rendered per list before "show earlier" is needed: about one screenful.
const WINDOW: usize = 12;

/// One history entry as the detail shows it.
#[derive(Clone, Debug, PartialEq)]
struct EntryView {
    /// Position in the history (or in the request's message list).
    index: usize,
    role: EntryRole,
    text: String,
    /// Message ids of the inbox records this entry carries.
    notifies: Vec<String>,
    /// Assistant entries: `name(arguments)` of each tool call.
    calls: Vec<String>,
    /// Tool entries: which tool ran.
    tool: Option<String>,
    is_error: bool,
}

impl EntryView {
    fn of(index: usize, entry: &HistoryEntry) -> EntryView {
        EntryView {
            index,
            role: entry.role,
            text: entry.text.clone(),
            notifies: entry.notifies.iter().map(|id| id.to_string()).collect(),
            calls: entry
                .tool_calls
                .iter()
                .map(|call| format!("{}({})", call.name, call.arguments))
                .collect(),
            tool: entry.tool_name.clone(),
            is_error: entry.is_error,
        }
    }
}

fn role_name(role: EntryRole) -> &'static str {
    match role {
        EntryRole::User => "user",
        EntryRole::Assistant => "assistant",
        EntryRole::Tool => "tool",
    }
}

fn role_label(role: EntryRole, lang: Lang) -> &'static str {
    match role {
        EntryRole::User => tr(lang, "用户", "user"),
        EntryRole::Assistant => tr(lang, "助手", "assistant"),
        EntryRole::Tool => tr(lang, "工具", "tool"),
    }
}

/// One entry as a list item. `new_label` marks (with text, not only colour) an entry that is
/// new compared with what came before.
fn entry_item(entry: EntryView, new_label: Option<&'static str>, lang: Lang) -> impl IntoView {
    let class = if new_label.is_some() {
        "entry entry-new"
    } else {
        "entry"
    };
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
        let calls = entry
            .calls
            .into_iter()
            .map(|call| view! { <li><code>{call}</code></li> })
            .collect_view();
        view! {
            <div class="entry-calls">
                <span>{tr(lang, "工具调用：", "tool calls:")}</span>
                <ul>{calls}</ul>
            </div>
        }
    });
    let text = (!entry.text.is_empty()).then(|| view! { <p class="entry-text">{entry.text}</p> });
    view! {
        <li class=class data-role=role_name(entry.role) data-index=entry.index.to_string() data-new=new_label.is_some().to_string()>
            <div class="entry-head">
                <span class="entry-index">{format!("#{}", entry.index)}</span>
                <span class="entry-role">{role_label(entry.role, lang)}</span>
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

/// The "+N earlier" line with its button; `limit` grows by a window per click.
fn earlier_button(hidden: usize, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
    (hidden > 0).then(|| {
        view! {
            <li class="entry-earlier">
                <span>
                    {match lang {
                        Lang::Zh => format!("还有 {hidden} 条更早的条目未显示。"),
                        Lang::En => format!("{hidden} earlier entries are not shown."),
                    }}
                </span>
                " "
                <button type="button" class="show-earlier" on:click=move |_| limit.update(|l| *l += WINDOW)>
                    {tr(lang, "显示更早的", "Show earlier")}
                </button>
            </li>
        }
    })
}

/// Index of the first entry of `current` that is not in `previous` (histories only grow, so
/// this is normally `previous.len()`; comparing also catches a history that was replaced).
fn new_from<'a, T: PartialEq + 'a>(
    previous: impl Iterator<Item = &'a T>,
    current: impl Iterator<Item = &'a T>,
) -> usize {
    previous
        .zip(current)
        .take_while(|(before, now)| before == now)
        .count()
}

fn status_name(status: RequestStatus) -> &'static str {
    match status {
        RequestStatus::InFlight => "in_flight",
        RequestStatus::Replied => "replied",
        RequestStatus::Failed => "failed",
        RequestStatus::Abandoned => "abandoned",
    }
}

fn status_label(status: RequestStatus, lang: Lang) -> &'static str {
    match status {
        RequestStatus::InFlight => tr(lang, "⏳ 进行中（尚无回复）", "⏳ in flight (no reply yet)"),
        RequestStatus::Replied => tr(lang, "✓ 已回复", "✓ replied"),
        RequestStatus::Failed => tr(lang, "✗ 失败", "✗ failed"),
        RequestStatus::Abandoned => tr(
            lang,
            "⊘ 已放弃（页面重新加载）",
            "⊘ abandoned (page reloaded)",
        ),
    }
}

fn stop_reason_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::EndTurn => "end_turn",
        StopReason::ToolUse => "tool_use",
        StopReason::MaxTokens => "max_tokens",
    }
}

/// One line of the raw JSON; `new` marks a message that is new since the previous request.
#[derive(Clone, Debug, PartialEq)]
struct JsonLine {
    text: String,
    new: bool,
    /// A note standing for messages left out of the window (not part of the JSON).
    gap: bool,
}

fn compact(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The request body as JSON text: one line per top-level field and per array element, so each
/// message is a line that can be marked. `body` holds only the shown messages, the window
/// that starts at message `first_shown` (a gap line says how many are left out); messages from
/// `new_from` on are marked new.
fn json_lines(body: &Value, new_from: usize, first_shown: usize, lang: Lang) -> Vec<JsonLine> {
    let line = |text: String| JsonLine {
        text,
        new: false,
        gap: false,
    };
    let Value::Object(fields) = body else {
        return vec![line(compact(body))];
    };
    let mut lines = vec![line("{".to_string())];
    let count = fields.len();
    for (n, (key, value)) in fields.iter().enumerate() {
        let comma = if n + 1 < count { "," } else { "" };
        let key_text = compact(&Value::String(key.clone()));
        match value {
            Value::Array(items) if !items.is_empty() => {
                lines.push(line(format!("  {key_text}: [")));
                let is_messages = key == "messages";
                // The messages array holds only the shown window, which starts at `first_shown`.
                let offset = if is_messages { first_shown } else { 0 };
                let skip = offset;
                if skip > 0 {
                    lines.push(JsonLine {
                        text: match lang {
                            Lang::Zh => format!("    …（前 {skip} 条消息未显示）"),
                            Lang::En => format!("    … ({skip} earlier messages not shown)"),
                        },
                        new: false,
                        gap: true,
                    });
                }
                for (i, item) in items.iter().enumerate() {
                    let item_comma = if i + 1 < items.len() { "," } else { "" };
                    lines.push(JsonLine {
                        text: format!("    {}{item_comma}", compact(item)),
                        new: is_messages && offset + i >= new_from,
                        gap: false,
                    });
                }
                lines.push(line(format!("  ]{comma}")));
            }
            other => lines.push(line(format!("  {key_text}: {}{comma}", compact(other)))),
        }
    }
    lines.push(line("}".to_string()));
    lines
}

/// Everything the request view shows, taken out of the state once per render.
#[derive(Clone, Debug, PartialEq)]
struct RequestData {
    id: String,
    member_index: u32,
    delivery: u32,
    logical: u32,
    attempt: u32,
    sent_at: u64,
    system: String,
    messages: Vec<EntryView>,
    total_messages: usize,
    tools: Vec<String>,
    new_from: usize,
    previous: Option<String>,
    status: RequestStatus,
    finished_at: Option<u64>,
    reply_text: Option<String>,
    reply_calls: Vec<String>,
    stop_reason: Option<&'static str>,
    error: Option<String>,
    json: Vec<JsonLine>,
}

fn request_data(
    state: &TeamState,
    ids: &PVec<RequestId>,
    index: usize,
    limit: usize,
    lang: Lang,
) -> Option<RequestData> {
    let sent = state.request(*ids.get(index)?)?;
    let request = &sent.request;
    let previous = index
        .checked_sub(1)
        .and_then(|i| ids.get(i))
        .and_then(|id| state.request(*id));
    let new_from = previous
        .map(|p| new_from(p.request.messages.iter(), request.messages.iter()))
        .unwrap_or(0);
    let total = request.messages.len();
    let first_shown = total.saturating_sub(limit);
    let messages = request
        .messages
        .iter_from(first_shown)
        .enumerate()
        .map(|(i, entry)| EntryView::of(first_shown + i, entry))
        .collect();
    // The raw JSON of the shown window: the same request with only the shown messages, so a
    // long history costs a window, not the whole history, per render.
    let mut window = request.clone();
    window.messages = request.messages.iter_from(first_shown).cloned().collect();
    let json = json_lines(&window.to_json(), new_from, first_shown, lang);
    Some(RequestData {
        id: request.id.to_string(),
        member_index: request.member_index,
        delivery: request.delivery,
        logical: request.logical,
        attempt: request.attempt,
        sent_at: request.sent_at,
        system: request.system.clone(),
        messages,
        total_messages: total,
        tools: request
            .tool_names()
            .into_iter()
            .map(str::to_string)
            .collect(),
        new_from,
        previous: previous.map(|p| p.request.id.to_string()),
        status: sent.status,
        finished_at: sent.finished_at,
        reply_text: sent.reply.as_ref().map(|r| r.text.clone()),
        reply_calls: sent
            .reply
            .as_ref()
            .map(|r| {
                r.tool_calls
                    .iter()
                    .map(|c| format!("{}({})", c.name, compact(&c.arguments)))
                    .collect()
            })
            .unwrap_or_default(),
        stop_reason: sent.reply.as_ref().map(|r| stop_reason_name(r.stop_reason)),
        error: sent.error.clone(),
        json,
    })
}

fn request_view(data: RequestData, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
    let new_label = tr(lang, "自上次请求新增", "new since previous request");
    let new_count = data.total_messages.saturating_sub(data.new_from);
    let new_summary = match (&data.previous, lang) {
        (None, Lang::Zh) => "这是该成员的第一个请求：全部内容都是新的。".to_string(),
        (None, Lang::En) => {
            "This is the member's first request: everything in it is new.".to_string()
        }
        (Some(previous), Lang::Zh) => {
            format!("与该成员上一个请求 {previous} 相比，新增 {new_count} 条消息（带 ★ 标记）。")
        }
        (Some(previous), Lang::En) => format!(
            "Compared with this member's previous request {previous}: {new_count} new message(s), marked ★."
        ),
    };
    let meta = match lang {
        Lang::Zh => format!(
            "{}：该成员的第 {} 个请求（序号 {}），第 {} 次交付，逻辑请求 {}，尝试 {}，发送于时刻 {}",
            data.id,
            data.member_index + 1,
            data.member_index,
            data.delivery,
            data.logical,
            data.attempt,
            data.sent_at
        ),
        Lang::En => format!(
            "{}: request #{} of this member, delivery {}, logical request {}, attempt {}, sent at t={}",
            data.id, data.member_index, data.delivery, data.logical, data.attempt, data.sent_at
        ),
    };
    let hidden = data.total_messages - data.messages.len();
    let new_from = data.new_from;
    let messages = data
        .messages
        .into_iter()
        .map(|entry| {
            let label = (entry.index >= new_from).then_some(new_label);
            entry_item(entry, label, lang)
        })
        .collect_view();
    let tools = data
        .tools
        .into_iter()
        .map(|name| view! { <li><code>{name}</code></li> })
        .collect_view();
    // Runs of plain lines become one element each; a marked line (new, or the gap) is its own.
    let mut runs: Vec<JsonLine> = Vec::new();
    for line in data.json {
        match runs.last_mut() {
            Some(run) if !run.new && !run.gap && !line.new && !line.gap => {
                run.text.push('\n');
                run.text.push_str(&line.text);
            }
            _ => runs.push(line),
        }
    }
    let json = runs
        .into_iter()
        .map(|line| {
            let class = if line.gap {
                "json-line json-gap"
            } else if line.new {
                "json-line json-new"
            } else {
                "json-line"
            };
            let marker = line.new.then(
                || view! { <span class="json-new-label">{format!("  ★ {new_label}")}</span> },
            );
            view! { <span class=class data-new=line.new.to_string()>{line.text}{marker}"\n"</span> }
        })
        .collect_view();
    let finished = data.finished_at.map(|at| match lang {
        Lang::Zh => format!("（结束于时刻 {at}）"),
        Lang::En => format!(" (finished at t={at})"),
    });
    let reply = match (data.reply_text, data.error) {
        (Some(text), _) => {
            let calls = data
                .reply_calls
                .into_iter()
                .map(|call| view! { <li><code>{call}</code></li> })
                .collect_view();
            view! {
                <div class="reply" data-testid="request-reply">
                    <h4>{tr(lang, "回复", "Reply")}</h4>
                    {(!text.is_empty()).then(|| view! { <p class="reply-text">{text}</p> })}
                    <ul class="reply-calls">{calls}</ul>
                    <p class="reply-stop">
                        {format!("stop_reason: {}", data.stop_reason.unwrap_or_default())}
                    </p>
                </div>
            }
            .into_any()
        }
        (None, Some(error)) => view! {
            <div class="reply reply-error" data-testid="request-reply">
                <h4>{tr(lang, "错误", "Error")}</h4>
                <p>{error}</p>
            </div>
        }
        .into_any(),
        (None, None) => view! {
            <div class="reply reply-waiting" data-testid="request-reply">
                <p>{tr(lang, "还没有回复：模型仍在处理这个请求。", "No reply yet: the model is still working on this request.")}</p>
            </div>
        }
        .into_any(),
    };
    view! {
        <div class="request-view" data-testid="request-view" data-request-id=data.id.clone()
            data-status=status_name(data.status) data-new-from=data.new_from.to_string()>
            <p class="request-meta">{meta}</p>
            <p class="request-status" data-status=status_name(data.status)>
                <strong>{tr(lang, "状态：", "Status: ")}</strong>
                {status_label(data.status, lang)}
                {finished}
            </p>
            <p class="request-new-summary">{new_summary}</p>
            <div class="request-neutral">
                <h4>{tr(lang, "请求内容（与提供商无关的视图）", "Request body (provider-neutral view)")}</h4>
                <details class="request-system">
                    <summary>{tr(lang, "系统提示词", "System prompt")}</summary>
                    <pre>{data.system}</pre>
                </details>
                <h5>{match lang {
                    Lang::Zh => format!("消息（{} 条）", data.total_messages),
                    Lang::En => format!("Messages ({})", data.total_messages),
                }}</h5>
                <ol class="entries request-messages">
                    {earlier_button(hidden, limit, lang)}
                    {messages}
                </ol>
                <h5>{tr(lang, "工具", "Tools")}</h5>
                <ul class="request-tools">{tools}</ul>
            </div>
            <details class="request-raw" open=true>
                <summary>{tr(lang, "原始 JSON", "Raw JSON")}</summary>
                <pre class="raw-json" data-testid="request-json">{json}</pre>
            </details>
            {reply}
        </div>
    }
}

/// The member's history section: the last `limit` committed entries.
fn history_view(member: &MemberState, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
    let total = member.history().len();
    let first = total.saturating_sub(limit.get_untracked().max(WINDOW));
    let entries = member
        .history()
        .iter_from(first)
        .enumerate()
        .map(|(i, entry)| entry_item(EntryView::of(first + i, entry), None, lang))
        .collect_view();
    view! {
        <div class="detail-history" data-testid="detail-history">
            <h3>{match lang {
                Lang::Zh => format!("已提交的历史（{total} 条）"),
                Lang::En => format!("Committed history ({total} entries)"),
            }}</h3>
            {(total == 0).then(|| view! {
                <p class="empty">{tr(lang, "历史还是空的：模型还没有看到任何东西。", "The history is empty: no model has seen anything yet.")}</p>
            })}
            <ol class="entries">
                {earlier_button(first, limit, lang)}
                {entries}
            </ol>
        </div>
    }
}

/// The member's current candidate: the committed base plus the entries it adds (marked).
fn candidate_view(member: &MemberState, lang: Lang) -> impl IntoView {
    let Some(candidate) = member.candidate() else {
        return view! {
            <div class="detail-candidate" data-testid="detail-candidate" data-present="false">
                <h3>{tr(lang, "候选", "Candidate")}</h3>
                <p class="empty">{tr(lang, "现在没有正在准备的候选。", "No candidate is being prepared right now.")}</p>
            </div>
        }
        .into_any();
    };
    let new_label = tr(lang, "候选新增", "new in candidate");
    let ids: Vec<String> = candidate
        .message_ids
        .iter()
        .map(|id| id.to_string())
        .collect();
    let explain = match lang {
        Lang::Zh => format!(
            "候选 = 已提交历史的前 {} 条（见上）+ 下面 {} 条新增条目。提交之后它们才进入历史，下一个请求才会带上它们。",
            candidate.base_len,
            candidate.entries.len()
        ),
        Lang::En => format!(
            "Candidate = the first {} committed entries (above) + the {} new entries below. Only after the commit are they in the history, and only then does the next request carry them.",
            candidate.base_len,
            candidate.entries.len()
        ),
    };
    let carries = (!ids.is_empty()).then(|| {
        view! {
            <p class="candidate-ids">
                {format!("{} {}", tr(lang, "带来的消息：", "Messages it carries:"), ids.join(", "))}
            </p>
        }
    });
    let entries = candidate
        .entries
        .iter()
        .enumerate()
        .take(WINDOW)
        .map(|(i, entry)| {
            entry_item(
                EntryView::of(candidate.base_len + i, entry),
                Some(new_label),
                lang,
            )
        })
        .collect_view();
    let more = candidate.entries.len().saturating_sub(WINDOW);
    view! {
        <div class="detail-candidate" data-testid="detail-candidate" data-present="true">
            <h3>{tr(lang, "当前候选（尚未提交）", "Current candidate (not committed yet)")}</h3>
            <p>{explain}</p>
            {carries}
            {candidate.entries.is_empty().then(|| view! {
                <p class="empty">{tr(lang, "这个候选没有新增任何条目。", "This candidate adds nothing new.")}</p>
            })}
            <ol class="entries">{entries}</ol>
            {(more > 0).then(|| view! {
                <p class="empty">{match lang {
                    Lang::Zh => format!("另有 {more} 条新增条目未显示。"),
                    Lang::En => format!("{more} more new entries are not shown."),
                }}</p>
            })}
        </div>
    }
    .into_any()
}

/// The request index (`data-index`) of the pick button a click landed in, if any.
fn picked_index(target: Option<web_sys::EventTarget>) -> Option<usize> {
    super::target::closest_attr(target, ".request-pick[data-index]", "data-index")?
        .parse()
        .ok()
}

#[component]
pub fn MemberDetail() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let history_limit = RwSignal::new(WINDOW);
    let request_limit = RwSignal::new(WINDOW);
    // Request buttons shown (the latest ones).
    let button_limit = RwSignal::new(WINDOW);
    let button_limit_signal = button_limit;
    // The request the learner picked, as (member, index among its requests). When the member
    // changes, or nothing was picked, the member's latest request is shown.
    let picked: RwSignal<Option<(String, usize)>> = RwSignal::new(None);

    // Runs `f` on the selected member at the current step; None when nothing is selected or
    // the member does not exist at this step.
    let with_member = move |f: &dyn Fn(&TeamState, &MemberState) -> AnyView| -> Option<AnyView> {
        let name = pg.selected.get()?;
        pg.state.with(|state| {
            let state = &state.as_ref()?.state;
            let member = state.member(&name)?;
            Some(f(state, member))
        })
    };

    let heading = move || {
        let lang = lang.get();
        match pg.selected.get() {
            Some(name) => format!("{}{name}", tr(lang, "成员详情：", "Member detail: ")),
            None => tr(lang, "成员详情", "Member detail").to_string(),
        }
    };

    let header = move || {
        let lang = lang.get();
        match pg.selected.get() {
            None => Some(
                view! {
                    <p class="detail-hint">
                        {tr(lang, "点击上面的一张成员卡片，查看它的历史、候选和发出的请求。", "Click a member card above to see its history, candidate and the requests it sent.")}
                    </p>
                }
                .into_any(),
            ),
            Some(name) => with_member(&|state, member| {
                let step = state.event_count();
                let line = match lang {
                    Lang::Zh => format!(
                        "角色 {}，状态 {}，第 {step} 步时已发出 {} 个请求",
                        member.role(),
                        member.status().as_str(),
                        member.requests().len()
                    ),
                    Lang::En => format!(
                        "role {}, status {}, {} request(s) sent by step {step}",
                        member.role(),
                        member.status().as_str(),
                        member.requests().len()
                    ),
                };
                view! { <p class="detail-meta" data-member=member.name().to_string()>{line}</p> }.into_any()
            })
            .or_else(|| {
                Some(
                    view! {
                        <p class="detail-hint">
                            {match lang {
                                Lang::Zh => format!("这一步还没有名为 {name} 的成员。"),
                                Lang::En => format!("There is no member named {name} at this step."),
                            }}
                        </p>
                    }
                    .into_any(),
                )
            }),
        }
    };

    let history = move || {
        let lang = lang.get();
        history_limit.track();
        with_member(&|_, member| history_view(member, history_limit, lang).into_any())
    };
    let candidate = move || {
        let lang = lang.get();
        with_member(&|_, member| candidate_view(member, lang).into_any())
    };
    let requests = move || {
        let lang = lang.get();
        let limit = request_limit.get();
        let button_limit = button_limit.get();
        let picked_now = picked.get();
        with_member(&|state, member| {
            let ids = &member.requests();
            let total = ids.len();
            if total == 0 {
                return view! {
                    <div class="detail-requests">
                        <h3>{tr(lang, "发出的请求", "Requests sent")}</h3>
                        <p class="empty">{tr(lang, "到这一步为止，这个成员还没有发出请求。", "This member has sent no request up to this step.")}</p>
                    </div>
                }
                .into_any();
            }
            let chosen = match &picked_now {
                Some((name, index)) if *name == member.name() && *index < total => *index,
                _ => total - 1,
            };
            // A bounded window of buttons: the latest ones, plus the chosen one if older.
            let first = total.saturating_sub(button_limit);
            let shown = (chosen < first)
                .then_some(chosen)
                .into_iter()
                .chain(first..total);
            // One click handler on the list (below) reads `data-index`: a handler per button
            // would be detached and attached again on every step.
            let button = |i: usize| {
                let sent = ids.get(i).and_then(|id| state.request(*id))?;
                let label = format!("{} · {}", sent.request.id, status_label(sent.status, lang));
                Some(view! {
                    <li>
                        <button type="button" class="request-pick" aria-pressed=(i == chosen).to_string()
                            data-request-id=sent.request.id.to_string()
                            data-index=i.to_string()
                            data-status=status_name(sent.status)>
                            {label}
                        </button>
                    </li>
                })
            };
            let member_name = member.name().to_string();
            let pick = move |ev: leptos::ev::MouseEvent| {
                if let Some(i) = picked_index(ev.target()) {
                    picked.set(Some((member_name.clone(), i)));
                }
            };
            let buttons = shown.filter_map(button).collect_view();
            let earlier = (first > 0).then(|| {
                view! {
                    <li>
                        <button type="button" class="show-earlier" on:click=move |_| button_limit_signal.update(|l| *l += WINDOW)>
                            {match lang {
                                Lang::Zh => format!("显示更早的请求（还有 {first} 个）"),
                                Lang::En => format!("Show earlier requests ({first} more)"),
                            }}
                        </button>
                    </li>
                }
            });
            let view = request_data(state, ids, chosen, limit, lang)
                .map(|data| request_view(data, request_limit, lang));
            view! {
                <div class="detail-requests">
                    <h3>{match lang {
                        Lang::Zh => format!("发出的请求（{total} 个）"),
                        Lang::En => format!("Requests sent ({total})"),
                    }}</h3>
                    <ul class="request-list" aria-label=tr(lang, "选择一个请求", "Pick a request") on:click=pick>
                        {earlier}
                        {buttons}
                    </ul>
                    {view}
                </div>
            }
            .into_any()
        })
    };

    view! {
        <section class="member-detail" data-testid="member-detail" aria-labelledby="member-detail-heading">
            <h2 id="member-detail-heading">{heading}</h2>
            {header}
            <div class="detail-columns">
                <div class="detail-column">
                    {history}
                    {candidate}
                </div>
                <div class="detail-column">{requests}</div>
            </div>
        </section>
    }
}
