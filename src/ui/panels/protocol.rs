//! The protocol tracker on the page: a table of every protocol request id at the current step
//! (shutdown and plan approval, P1-P5), bound to the view model (`view::protocol`). An
//! empty-state text says when there are none yet.

use leptos::prelude::*;

use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::state::context::Playground;
use crate::view::protocol::{Row, Tracked};

fn row_view(row: Row, lang: Lang) -> impl IntoView {
    let (parties, times) = (row.parties(lang), row.times(lang));
    let (kind, status) = (row.kind_label(lang), row.status_label(lang));
    let (body_label, response_label) = (row.body_label(lang), row.response_label(lang));
    let Row(request) = row;
    let response = request.response.map(|text| {
        view! {
            <p class="protocol-response">
                <strong>{format!("{response_label}: ")}</strong>
                {text}
            </p>
        }
    });
    let id = request.id.clone();
    view! {
        <tr class="protocol-row" data-testid="protocol-row" data-request-id=id
            data-kind=request.kind.as_str() data-status=request.status.as_str()>
            <td><code>{request.id}</code></td>
            <td>{kind}</td>
            <td>{parties}</td>
            <td class=format!("protocol-status status-{}", request.status.as_str())>
                {status}
                <span class="protocol-times">{times}</span>
            </td>
            <td class="protocol-text">
                <p class="protocol-body">
                    <strong>{format!("{body_label}: ")}</strong>
                    {request.body}
                </p>
                {response}
            </td>
        </tr>
    }
}

#[component]
pub fn ProtocolTracker() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let tracked = Memo::new(move |_| {
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| Tracked::of(&s.state))
                .unwrap_or_default()
        })
    });

    let body = move || {
        let lang = lang.get();
        let (rows, skipped) = tracked.with(|t| (t.rows.clone(), t.skipped_text(lang)));
        if rows.is_empty() {
            return view! {
                <p class="empty" data-testid="protocol-empty">
                    {tr(lang, "到这一步还没有协议请求（关闭请求或计划审批）。", "No protocol requests (shutdown or plan approval) up to this step.")}
                </p>
            }
            .into_any();
        }
        let rows = rows
            .into_iter()
            .map(|row| row_view(row, lang))
            .collect_view();
        view! {
            {skipped.map(|text| view! { <p class="empty">{text}</p> })}
            <div class="protocol-scroll">
                <table class="protocol-table">
                    <thead>
                        <tr>
                            <th scope="col">{tr(lang, "请求 id", "Request id")}</th>
                            <th scope="col">{tr(lang, "类型", "Kind")}</th>
                            <th scope="col">{tr(lang, "双方", "Parties")}</th>
                            <th scope="col">{tr(lang, "状态", "Status")}</th>
                            <th scope="col">{tr(lang, "计划 / 说明 / 理由 / 反馈", "Plan / note / reason / feedback")}</th>
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
            </div>
        }
        .into_any()
    };

    view! {
        <section class="protocol-tracker" data-testid="protocol-tracker" aria-labelledby="protocol-heading">
            <h2 id="protocol-heading">{move || tr(lang.get(), "协议跟踪", "Protocol tracker")}</h2>
            <p class="protocol-hint">
                {move || tr(lang.get(), "每个请求只能从“待定”变为“已批准”或“已拒绝”一次；回复按请求 id 对应。", "Each request leaves pending exactly once, to approved or rejected; responses are matched by request id.")}
            </p>
            {body}
        </section>
    }
}
