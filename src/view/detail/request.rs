//! The requests a member has sent: the pick list (a bounded window of the latest, plus the
//! chosen one) and the chosen request as sent: its meta data, its messages with those new
//! since the member's previous request marked, its tools, its raw JSON and its reply.

use super::json::{self, JsonLine};
use super::{call_text, EntryRow, NewMark, Rows};
use crate::engine::{Lang, MemberState, ModelRequest, RequestStatus, StopReason, TeamState};
use crate::view::tr;

/// The request shown: the one picked (its index among the member's requests) while it
/// exists, else the latest. None when the member has sent none.
pub fn chosen(total: usize, picked: Option<usize>) -> Option<usize> {
    match picked {
        Some(index) if index < total => Some(index),
        _ => total.checked_sub(1),
    }
}

/// One pick button.
#[derive(Clone, Debug, PartialEq)]
pub struct Pick {
    /// Index among the member's requests.
    pub index: usize,
    pub id: String,
    pub status: RequestStatus,
    pub chosen: bool,
}

impl Pick {
    pub fn label(&self, lang: Lang) -> String {
        format!("{} · {}", self.id, status_label(self.status, lang))
    }
}

/// The pick buttons: the latest `limit` requests, plus the chosen one when it is older.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestPicks {
    pub picks: Vec<Pick>,
    /// Requests older than the latest `limit`.
    pub earlier: usize,
    pub total: usize,
}

impl RequestPicks {
    pub fn of(state: &TeamState, member: &MemberState, chosen: usize, limit: usize) -> Self {
        let ids = &member.requests();
        let total = ids.len();
        let first = total.saturating_sub(limit);
        let shown = (chosen < first)
            .then_some(chosen)
            .into_iter()
            .chain(first..total);
        let picks = shown
            .filter_map(|index| {
                let sent = state.request(*ids.get(index)?)?;
                Some(Pick {
                    index,
                    id: sent.request.id.to_string(),
                    status: sent.status,
                    chosen: index == chosen,
                })
            })
            .collect();
        RequestPicks {
            picks,
            earlier: first,
            total,
        }
    }

    pub fn heading(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("发出的请求（{} 个）", self.total),
            Lang::En => format!("Requests sent ({})", self.total),
        }
    }

    /// The "show earlier" button's text, when some are not shown.
    pub fn earlier_text(&self, lang: Lang) -> Option<String> {
        let n = self.earlier;
        (n > 0).then(|| match lang {
            Lang::Zh => format!("显示更早的请求（还有 {n} 个）"),
            Lang::En => format!("Show earlier requests ({n} more)"),
        })
    }
}

/// The status as a stable name (`data-status`).
pub fn status_name(status: RequestStatus) -> &'static str {
    match status {
        RequestStatus::InFlight => "in_flight",
        RequestStatus::Replied => "replied",
        RequestStatus::Failed => "failed",
        RequestStatus::Abandoned => "abandoned",
    }
}

pub fn status_label(status: RequestStatus, lang: Lang) -> &'static str {
    match status {
        RequestStatus::InFlight => tr(lang, "⏳ 进行中（尚无回复）", "⏳ in flight (no reply yet)"),
        RequestStatus::Replied => tr(lang, "✓ 已回复", "✓ replied"),
        RequestStatus::Failed => tr(lang, "✗ 失败", "✗ failed"),
        RequestStatus::Abandoned => {
            tr(lang, "⊘ 已放弃（宿主重启）", "⊘ abandoned (host restarted)")
        }
    }
}

fn stop_reason_name(reason: StopReason) -> &'static str {
    match reason {
        StopReason::EndTurn => "end_turn",
        StopReason::ToolUse => "tool_use",
        StopReason::MaxTokens => "max_tokens",
    }
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

/// How the model answered (or did not).
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    Reply {
        text: String,
        calls: Vec<String>,
        stop_reason: &'static str,
    },
    Error(String),
    Waiting,
}

/// Everything the request view shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RequestView {
    /// The request as sent, its messages cut to the shown window.
    pub request: ModelRequest,
    /// The shown window of its messages; those new since the previous request are marked.
    pub messages: Rows,
    /// Messages from this index on are new since the member's previous request.
    pub new_from: usize,
    pub previous: Option<String>,
    pub status: RequestStatus,
    pub finished_at: Option<u64>,
    pub outcome: Outcome,
    /// The raw JSON of the shown window, plain lines joined into runs.
    pub json: Vec<JsonLine>,
}

impl RequestView {
    /// Request `index` of `member` with its last `limit` messages shown.
    pub fn of(
        state: &TeamState,
        member: &MemberState,
        index: usize,
        limit: usize,
        lang: Lang,
    ) -> Option<RequestView> {
        let ids = &member.requests();
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
        let rows = request
            .messages
            .iter_from(first_shown)
            .enumerate()
            .map(|(i, entry)| {
                let index = first_shown + i;
                let new = (index >= new_from).then_some(NewMark::SincePreviousRequest);
                EntryRow::of(index, entry, new)
            })
            .collect();
        // The shown window: the same request with only the shown messages, so a long history
        // costs a window, not the whole history, per render.
        let mut window = request.clone();
        window.messages = request.messages.iter_from(first_shown).cloned().collect();
        let json = json::runs(json::lines(&window.to_json(), new_from, first_shown, lang));
        let outcome = match (&sent.reply, &sent.error) {
            (Some(reply), _) => Outcome::Reply {
                text: reply.text.clone(),
                calls: reply.tool_calls.iter().map(call_text).collect(),
                stop_reason: stop_reason_name(reply.stop_reason),
            },
            (None, Some(error)) => Outcome::Error(error.clone()),
            (None, None) => Outcome::Waiting,
        };
        Some(RequestView {
            request: window,
            messages: Rows {
                rows,
                hidden: first_shown,
                total,
            },
            new_from,
            previous: previous.map(|p| p.request.id.to_string()),
            status: sent.status,
            finished_at: sent.finished_at,
            outcome,
            json,
        })
    }

    /// Which request this is: its index, delivery, logical request, attempt and send time.
    pub fn meta(&self, lang: Lang) -> String {
        let r = &self.request;
        let (id, delivery, logical, attempt, at) =
            (r.id, r.delivery, r.logical, r.attempt, r.sent_at);
        match lang {
            Lang::Zh => format!(
                "{id}：该成员的第 {} 个请求，第 {delivery} 次交付，逻辑请求 {logical}，尝试 {attempt}，发送于时刻 {at}",
                r.member_index + 1,
            ),
            Lang::En => format!(
                "{id}: request {} of this member, delivery {delivery}, logical request {logical}, attempt {attempt}, sent at t={at}",
                r.member_index + 1
            ),
        }
    }

    /// How many messages are new since the member's previous request.
    pub fn new_count(&self) -> usize {
        self.messages.total.saturating_sub(self.new_from)
    }

    pub fn new_summary(&self, lang: Lang) -> String {
        let new_count = self.new_count();
        match (&self.previous, lang) {
            (None, Lang::Zh) => "这是该成员的第一个请求：全部内容都是新的。".to_string(),
            (None, Lang::En) => {
                "This is the member's first request: everything in it is new.".to_string()
            }
            (Some(previous), Lang::Zh) => format!(
                "与该成员上一个请求 {previous} 相比，新增 {new_count} 条消息（带 ★ 标记）。"
            ),
            (Some(previous), Lang::En) => format!(
                "Compared with this member's previous request {previous}: {new_count} new message(s), marked ★."
            ),
        }
    }

    pub fn finished_text(&self, lang: Lang) -> Option<String> {
        self.finished_at.map(|at| match lang {
            Lang::Zh => format!("（结束于时刻 {at}）"),
            Lang::En => format!(" (finished at t={at})"),
        })
    }

    pub fn messages_heading(&self, lang: Lang) -> String {
        match lang {
            Lang::Zh => format!("消息（{} 条）", self.messages.total),
            Lang::En => format!("Messages ({})", self.messages.total),
        }
    }
}
