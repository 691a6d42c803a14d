//! The member detail's requests column: the pick list of the requests the selected member
//! has sent, and the chosen one exactly as sent (status, the provider-neutral body, the raw
//! JSON with the new messages marked, the reply as it streams in, and the reply or error).
//! What is shown is the view model's (`view::detail::request`); this file binds it and the
//! learner's pick.

use leptos::prelude::*;

use crate::engine::{MemberState, TeamState};
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::panels::detail_entries::{code_items, earlier_button, entry_items};
use crate::ui::state::context::Playground;
use crate::view::detail::json::JsonLine;
use crate::view::detail::request::{chosen, status_label, status_name, Outcome};
use crate::view::detail::{NewMark, RequestPicks, RequestView, WINDOW};

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
                <p class="reply-stop">{match lang {
                    // The field keeps its API name; Chinese says what it is first (issue 46).
                    Lang::Zh => format!("停止原因（stop_reason）：{stop_reason}"),
                    Lang::En => format!("stop_reason: {stop_reason}"),
                }}</p>
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
            {wire_view(id, lang)}
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

/// The provider's own HTTP body, as this page's live run sent it for this request.
fn wire_view(id: crate::engine::RequestId, lang: Lang) -> impl IntoView {
    let pg = Playground::get();
    let sent = move || pg.wire.with(|w| w.iter().find(|b| b.id == id).cloned());
    move || {
        sent().map(|wire| {
            view! {
                <details class="request-wire" data-testid="request-wire">
                    <summary>{tr(lang, "实际发出的 HTTP 请求体", "The HTTP body as sent")}" ("{wire.url}")"</summary>
                    <pre class="raw-json" tabindex="0" role="region"
                        aria-label=tr(lang, "实际发出的 HTTP 请求体", "The HTTP body as sent")>{wire.body}</pre>
                </details>
            }
        })
    }
}

/// The request index (`data-index`) of the pick button a click landed in, if any.
fn picked_index(target: Option<web_sys::EventTarget>) -> Option<usize> {
    crate::ui::browser::delegated_click::closest_attr(
        target,
        ".request-pick[data-index]",
        "data-index",
    )?
    .parse()
    .ok()
}

/// What the requests column shows: the pick list and the chosen request (None when the
/// member has sent none).
pub(super) type Requests = Option<(RequestPicks, Option<RequestView>)>;

pub(super) fn requests_model(
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
pub(super) fn requests_view(
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
