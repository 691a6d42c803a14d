//! The member detail on the page: for the member selected on a card, at the current step, its
//! committed history, its current candidate and the requests it has sent, one of them shown
//! exactly as sent. What is shown (rows, marks, texts) is the view model's (`view::detail`);
//! this file binds it to the page and keeps the learner's picks ("show earlier", the request
//! picked).

use leptos::prelude::*;

use super::context::Playground;
use super::i18n::{tr, Lang};
use crate::engine::{MemberState, TeamState};
use crate::view::detail::json::JsonLine;
use crate::view::detail::request::{chosen, status_label, status_name, Outcome};
use crate::view::detail::{
    heading, hidden_text, history_heading, history_rows, in_history_not_sent,
    in_history_not_sent_text, member_line, no_member_text, CandidateView, EntryRow, NewMark,
    RequestPicks, RequestView, Rows, WINDOW,
};
use crate::view::repeats::{group_calls, runs_by, same_entry, MIN_RUN};

/// A list of lines of code (tool calls, tool names), one `<li><code>` each.
/// Tool calls as list items; a run of identical calls is one expandable group
/// (`view::repeats`), its calls inside, so a reply that reads one file eighty times is one line.
fn code_items(items: Vec<String>, lang: Lang) -> impl IntoView {
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
fn entry_item(entry: EntryRow, lang: Lang) -> impl IntoView {
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
fn entry_items(rows: Vec<EntryRow>, lang: Lang) -> impl IntoView {
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
fn earlier_button(hidden: usize, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
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

/// The raw JSON: runs of plain lines, and each new message (or the gap) on its own, marked.
fn json_view(lines: Vec<JsonLine>, lang: Lang) -> impl IntoView {
    let new_label = NewMark::SincePreviousRequest.label(lang);
    lines
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
        .collect_view()
}

fn reply_view(outcome: Outcome, lang: Lang) -> AnyView {
    match outcome {
        Outcome::Reply {
            text,
            calls,
            stop_reason,
        } => view! {
            <div class="reply" data-testid="request-reply">
                <h4>{tr(lang, "回复", "Reply")}</h4>
                {(!text.is_empty()).then(|| view! { <p class="reply-text">{text}</p> })}
                <ul class="reply-calls">{code_items(calls, lang)}</ul>
                <p class="reply-stop">{format!("stop_reason: {stop_reason}")}</p>
            </div>
        }
        .into_any(),
        Outcome::Error(error) => view! {
            <div class="reply reply-error" data-testid="request-reply">
                <h4>{tr(lang, "错误", "Error")}</h4>
                <p>{error}</p>
            </div>
        }
        .into_any(),
        Outcome::Waiting => view! {
            <div class="reply reply-waiting" data-testid="request-reply">
                <p>{tr(lang, "还没有回复：模型仍在处理这个请求。", "No reply yet: the model is still working on this request.")}</p>
            </div>
        }
        .into_any(),
    }
}

fn request_view(data: RequestView, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
    // A live call's reply as it streams in, until the reply itself is in the log.
    let pg = Playground::get();
    let id = data.request.id;
    let streamed = move || {
        pg.streams
            .with(|s| s.iter().find(|c| c.id == id).map(|c| c.text.clone()))
    };
    let (meta, new_summary) = (data.meta(lang), data.new_summary(lang));
    let (finished, messages_heading) = (data.finished_text(lang), data.messages_heading(lang));
    let status = status_name(data.status);
    let tools = data
        .request
        .tool_names()
        .into_iter()
        .map(str::to_string)
        .collect();
    view! {
        <div class="request-view" data-testid="request-view" data-request-id=data.request.id.to_string()
            data-status=status data-new-from=data.new_from.to_string()>
            <p class="request-meta">{meta}</p>
            <p class="request-status" data-status=status>
                <strong>{tr(lang, "状态：", "Status: ")}</strong>
                {status_label(data.status, lang)}
                {finished}
            </p>
            <p class="request-new-summary">{new_summary}</p>
            <div class="request-neutral">
                <h4>{tr(lang, "请求内容（与提供商无关的视图）", "Request body (provider-neutral view)")}</h4>
                <details class="request-system">
                    <summary>{tr(lang, "系统提示词", "System prompt")}</summary>
                    <pre>{data.request.system.clone()}</pre>
                </details>
                <h5>{messages_heading}</h5>
                <ol class="entries request-messages">
                    {earlier_button(data.messages.hidden, limit, lang)}
                    {entry_items(data.messages.rows, lang)}
                </ol>
                <h5>{tr(lang, "工具", "Tools")}</h5>
                <ul class="request-tools">{code_items(tools, lang)}</ul>
            </div>
            <details class="request-raw" open=true>
                <summary>{tr(lang, "原始 JSON", "Raw JSON")}</summary>
                // It scrolls, so it takes keyboard focus to be scrolled without a mouse (axe:
                // scrollable-region-focusable); the label names it for the focus.
                <pre class="raw-json" data-testid="request-json" tabindex="0"
                    role="region" aria-label=tr(lang, "原始 JSON", "Raw JSON")>{json_view(data.json, lang)}</pre>
            </details>
            <Show when=move || streamed().is_some()>
                <div class="request-streaming" data-testid="request-streaming">
                    <h5>{tr(lang, "回复正在流入", "The reply, as it streams in")}</h5>
                    <pre tabindex="0">{move || streamed().unwrap_or_default()}</pre>
                </div>
            </Show>
            {reply_view(data.outcome, lang)}
        </div>
    }
}

/// The member's history section: the last committed entries.
fn history_view(rows: Rows, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
    view! {
        <div class="detail-history" data-testid="detail-history">
            <h3>{history_heading(rows.total, lang)}</h3>
            {(rows.total == 0).then(|| view! {
                <p class="empty">{tr(lang, "历史还是空的：模型还没有看到任何东西。", "The history is empty: no model has seen anything yet.")}</p>
            })}
            <ol class="entries">
                {earlier_button(rows.hidden, limit, lang)}
                {entry_items(rows.rows, lang)}
            </ol>
        </div>
    }
}

/// The member's current candidate: the committed base plus the entries it adds (marked).
fn candidate_view(
    (candidate, in_history): (Option<CandidateView>, Vec<String>),
    lang: Lang,
) -> impl IntoView {
    // M2: "in history, not yet sent", named as the chips name it.
    let in_history = in_history_not_sent_text(&in_history, lang).map(|text| {
        view! { <p class="candidate-ids" data-testid="detail-in-history">{text}</p> }
    });
    let Some(candidate) = candidate else {
        return view! {
            <div class="detail-candidate" data-testid="detail-candidate" data-present="false">
                <h3>{tr(lang, "候选", "Candidate")}</h3>
                <p class="empty">{tr(lang, "现在没有正在准备的候选。", "No candidate is being prepared right now.")}</p>
                {in_history}
            </div>
        }
        .into_any();
    };
    let (explain, carries, more) = (
        candidate.explain(lang),
        candidate.carries_text(lang),
        candidate.more_text(lang),
    );
    view! {
        <div class="detail-candidate" data-testid="detail-candidate" data-present="true">
            <h3>{tr(lang, "当前候选（尚未提交）", "Current candidate (not committed yet)")}</h3>
            <p>{explain}</p>
            {carries.map(|text| view! { <p class="candidate-ids">{text}</p> })}
            {(candidate.added == 0).then(|| view! {
                <p class="empty">{tr(lang, "这个候选没有新增任何条目。", "This candidate adds nothing new.")}</p>
            })}
            <ol class="entries">{entry_items(candidate.rows, lang)}</ol>
            {more.map(|text| view! { <p class="empty">{text}</p> })}
            {in_history}
        </div>
    }
    .into_any()
}

/// The request index (`data-index`) of the pick button a click landed in, if any.
fn picked_index(target: Option<web_sys::EventTarget>) -> Option<usize> {
    super::delegated_click::closest_attr(target, ".request-pick[data-index]", "data-index")?
        .parse()
        .ok()
}

/// What the requests column shows: the pick list and the chosen request (None when the
/// member has sent none).
type Requests = Option<(RequestPicks, Option<RequestView>)>;

fn requests_model(
    state: &TeamState,
    member: &MemberState,
    picked: Option<usize>,
    (request_limit, button_limit): (usize, usize),
    lang: Lang,
) -> Requests {
    let chosen = chosen(member.requests().len(), picked)?;
    let picks = RequestPicks::of(state, member, chosen, button_limit);
    let view = RequestView::of(state, member, chosen, request_limit, lang);
    Some((picks, view))
}

/// The member's requests: the pick list and the chosen request. `picked` is the learner's
/// pick as (member, index); `limits` are (messages shown, pick buttons shown).
fn requests_view(
    member: String,
    requests: Requests,
    picked: RwSignal<Option<(String, usize)>>,
    (request_limit, button_limit): (RwSignal<usize>, RwSignal<usize>),
    lang: Lang,
) -> AnyView {
    let Some((picks, view)) = requests else {
        return view! {
            <div class="detail-requests">
                <h3>{tr(lang, "发出的请求", "Requests sent")}</h3>
                <p class="empty">{tr(lang, "到这一步为止，这个成员还没有发出请求。", "This member has sent no request up to this step.")}</p>
            </div>
        }
        .into_any();
    };
    // One click handler on the list reads `data-index`: a handler per button would be
    // detached and attached again on every step.
    let pick = move |ev: leptos::ev::MouseEvent| {
        if let Some(i) = picked_index(ev.target()) {
            picked.set(Some((member.clone(), i)));
        }
    };
    let earlier = picks.earlier_text(lang).map(|text| {
        view! {
            <li>
                <button type="button" class="show-earlier" on:click=move |_| button_limit.update(|l| *l += WINDOW)>
                    {text}
                </button>
            </li>
        }
    });
    let heading = picks.heading(lang);
    let buttons = picks
        .picks
        .into_iter()
        .map(|p| {
            view! {
                <li>
                    <button type="button" class="request-pick" aria-pressed=p.chosen.to_string()
                        data-request-id=p.id.clone()
                        data-index=p.index.to_string()
                        data-status=status_name(p.status)>
                        {p.label(lang)}
                    </button>
                </li>
            }
        })
        .collect_view();
    let view = view.map(|data| request_view(data, request_limit, lang));
    view! {
        <div class="detail-requests">
            <h3>{heading}</h3>
            <ul class="request-list" aria-label=tr(lang, "选择一个请求", "Pick a request") on:click=pick>
                {earlier}
                {buttons}
            </ul>
            {view}
        </div>
    }
    .into_any()
}

/// `f` of the selected member at the current step; None when nothing is selected or the
/// member does not exist at this step.
fn of_selected<T>(pg: Playground, f: impl Fn(&TeamState, &MemberState) -> T) -> Option<T> {
    let name = pg.selected.get()?;
    pg.state.with(|state| {
        let state = &state.as_ref()?.state;
        Some(f(state, state.member(&name)?))
    })
}

#[component]
pub fn MemberDetail() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let history_limit = RwSignal::new(WINDOW);
    let request_limit = RwSignal::new(WINDOW);
    // Request buttons shown (the latest ones).
    let button_limit = RwSignal::new(WINDOW);
    // The request the learner picked, as (member, index among its requests). When the member
    // changes, or nothing was picked, the member's latest request is shown.
    let picked: RwSignal<Option<(String, usize)>> = RwSignal::new(None);

    // The view model of each part, as memos: a step re-renders only the parts that changed.
    let line = Memo::new(move |_| {
        let lang = lang.get();
        of_selected(pg, |state, member| {
            (
                member.name().to_string(),
                member_line(member, state.event_count(), lang),
            )
        })
    });
    let history = Memo::new(move |_| {
        let limit = history_limit.get();
        of_selected(pg, |_, member| history_rows(member, limit))
    });
    let candidate = Memo::new(move |_| {
        of_selected(pg, |state, member| {
            (
                CandidateView::of(member),
                in_history_not_sent(state, member.name()),
            )
        })
    });
    let requests = Memo::new(move |_| {
        let lang = lang.get();
        let limits = (request_limit.get(), button_limit.get());
        let picked = picked.get();
        of_selected(pg, |state, member| {
            let here = picked
                .as_ref()
                .filter(|(name, _)| *name == member.name())
                .map(|(_, index)| *index);
            (
                member.name().to_string(),
                requests_model(state, member, here, limits, lang),
            )
        })
    });

    let heading = move || heading(pg.selected.get().as_deref(), lang.get());
    let header = move || {
        let lang = lang.get();
        let Some(name) = pg.selected.get() else {
            return view! {
                <p class="detail-hint">
                    {tr(lang, "点击上面的一张成员卡片，查看它的历史、候选和发出的请求。", "Click a member card above to see its history, candidate and the requests it sent.")}
                </p>
            }
            .into_any();
        };
        match line.get() {
            Some((member, line)) => {
                view! { <p class="detail-meta" data-member=member>{line}</p> }.into_any()
            }
            None => view! { <p class="detail-hint">{no_member_text(&name, lang)}</p> }.into_any(),
        }
    };
    let history = move || {
        let lang = lang.get();
        history
            .get()
            .map(|rows| history_view(rows, history_limit, lang))
    };
    let candidate = move || {
        let lang = lang.get();
        candidate.get().map(|c| candidate_view(c, lang))
    };
    let requests = move || {
        let lang = lang.get();
        requests.get().map(|(member, model)| {
            requests_view(member, model, picked, (request_limit, button_limit), lang)
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
