//! Protocol tracker: a table of every protocol request id at the current step (shutdown and
//! plan approval, P1-P5) with its kind, parties, status (pending / approved / rejected, as
//! text and icon, not colour only) and the plan or note, and the reason or feedback given with
//! the decision. An empty-state text says when there are none yet.

use leptos::prelude::*;

use super::context::Playground;
use super::i18n::{tr, Lang};
use crate::engine::{ProtocolKind, ProtocolRequest, ProtocolStatus};

/// Rows rendered at most (the newest, about a screenful); lessons have a handful.
const MAX_ROWS: usize = 20;

#[derive(Clone, Debug, PartialEq)]
struct Row {
    id: String,
    kind: ProtocolKind,
    from: String,
    to: String,
    status: ProtocolStatus,
    body: String,
    response: Option<String>,
    opened_at: u64,
    decided_at: Option<u64>,
}

impl Row {
    fn of(request: &ProtocolRequest) -> Row {
        Row {
            id: request.id.clone(),
            kind: request.kind,
            from: request.from.clone(),
            to: request.to.clone(),
            status: request.status,
            body: request.body.clone(),
            response: request.response.clone(),
            opened_at: request.opened_at,
            decided_at: request.decided_at,
        }
    }
}

fn kind_label(kind: ProtocolKind, lang: Lang) -> &'static str {
    match kind {
        ProtocolKind::Shutdown => tr(lang, "关闭请求", "shutdown"),
        ProtocolKind::Plan => tr(lang, "计划审批", "plan approval"),
    }
}

fn status_label(status: ProtocolStatus, lang: Lang) -> &'static str {
    match status {
        ProtocolStatus::Pending => tr(lang, "⏳ 待定", "⏳ pending"),
        ProtocolStatus::Approved => tr(lang, "✓ 已批准", "✓ approved"),
        ProtocolStatus::Rejected => tr(lang, "✗ 已拒绝", "✗ rejected"),
    }
}

/// What the opening text is called for this kind.
fn body_label(kind: ProtocolKind, lang: Lang) -> &'static str {
    match kind {
        ProtocolKind::Shutdown => tr(lang, "说明", "note"),
        ProtocolKind::Plan => tr(lang, "计划", "plan"),
    }
}

/// What the decision's text is called for this kind.
fn response_label(kind: ProtocolKind, lang: Lang) -> &'static str {
    match kind {
        ProtocolKind::Shutdown => tr(lang, "理由", "reason"),
        ProtocolKind::Plan => tr(lang, "反馈", "feedback"),
    }
}

fn row_view(row: Row, lang: Lang) -> impl IntoView {
    let parties = match lang {
        Lang::Zh => format!("{} → {}（由 {} 决定）", row.from, row.to, row.to),
        Lang::En => format!("{} → {} (decided by {})", row.from, row.to, row.to),
    };
    let times = match (row.decided_at, lang) {
        (Some(at), Lang::Zh) => format!("发起于时刻 {}，决定于时刻 {at}", row.opened_at),
        (Some(at), Lang::En) => format!("opened at t={}, decided at t={at}", row.opened_at),
        (None, Lang::Zh) => format!("发起于时刻 {}", row.opened_at),
        (None, Lang::En) => format!("opened at t={}", row.opened_at),
    };
    let response = row.response.map(|text| {
        view! {
            <p class="protocol-response">
                <strong>{format!("{}: ", response_label(row.kind, lang))}</strong>
                {text}
            </p>
        }
    });
    let id = row.id.clone();
    view! {
        <tr class="protocol-row" data-testid="protocol-row" data-request-id=id
            data-kind=row.kind.as_str() data-status=row.status.as_str()>
            <td><code>{row.id}</code></td>
            <td>{kind_label(row.kind, lang)}</td>
            <td>{parties}</td>
            <td class=format!("protocol-status status-{}", row.status.as_str())>
                {status_label(row.status, lang)}
                <span class="protocol-times">{times}</span>
            </td>
            <td class="protocol-text">
                <p class="protocol-body">
                    <strong>{format!("{}: ", body_label(row.kind, lang))}</strong>
                    {row.body}
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
    let rows = Memo::new(move |_| {
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| {
                    // Tracker ids sort as text ("plan-10" before "plan-2"); show them in the
                    // order they were opened instead (ties by id, the tracker's order). An
                    // insertion into the sorted rows, not a sort: a handful of rows, and no
                    // sort code in the wasm.
                    let mut rows: Vec<Row> = Vec::new();
                    for row in s.state.protocol_requests().map(Row::of) {
                        let at = rows.partition_point(|r| r.opened_at <= row.opened_at);
                        rows.insert(at, row);
                    }
                    rows
                })
                .unwrap_or_default()
        })
    });

    let body = move || {
        let lang = lang.get();
        let all = rows.get();
        if all.is_empty() {
            return view! {
                <p class="empty" data-testid="protocol-empty">
                    {tr(lang, "到这一步还没有协议请求（关闭请求或计划审批）。", "No protocol requests (shutdown or plan approval) up to this step.")}
                </p>
            }
            .into_any();
        }
        let skipped = all.len().saturating_sub(MAX_ROWS);
        let rows = all
            .into_iter()
            .skip(skipped)
            .map(|row| row_view(row, lang))
            .collect_view();
        view! {
            {(skipped > 0).then(|| view! {
                <p class="empty">{match lang {
                    Lang::Zh => format!("另有 {skipped} 个更早的请求未显示。"),
                    Lang::En => format!("{skipped} earlier requests are not shown."),
                }}</p>
            })}
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
