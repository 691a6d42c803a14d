//! The mailbox's records: append-only inbox records, receipts, the three observable positions
//! of a message, and the notification text a history holds (M1, M2, M8). The checks a send must
//! pass (unknown recipient, empty or oversized body, full inbox, an idempotency key already used:
//! M1, M7, M8) and the storing itself live in the decider, `send.rs`; `broadcast` (M9) sends
//! through the same path from `tool_calls.rs`.
//!
//! A record is never removed from the team's message log. In the default (append-only) mode an
//! inbox is the list of records addressed to a member; in drain mode (M6) a record that was read
//! is marked `drained` and no longer counts as being in the inbox, which is exactly how the
//! simpler tutorial design loses mail.

use super::caption::{tr, Lang};
use super::persist::PVec;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A message id, shown as `m1`, `m2`, ... in creation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MessageId(pub u64);

impl fmt::Display for MessageId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "m{}", self.0)
    }
}

named_enum! {
    /// M8: what kind of record this is.
    pub enum MessageKind {
        /// A plain message from `send_message` or a host send (M1).
        Message = "message",
        /// One recipient's copy of a broadcast (M9).
        Broadcast = "broadcast",
        /// The lead asks a teammate to shut down (P2).
        ShutdownRequest = "shutdown_request",
        /// The teammate's approve or reject, with its reason (P2).
        ShutdownResponse = "shutdown_response",
        /// A teammate submits a plan to the lead (P3).
        PlanApproval = "plan_approval",
        /// The lead's approve or reject, with its feedback (P3).
        PlanApprovalResponse = "plan_approval_response",
    }
}

impl MessageKind {
    /// The kind in words: its code in English, a Chinese name in Chinese.
    pub fn word(self, lang: Lang) -> &'static str {
        use MessageKind::*;
        match self {
            Message => tr(lang, "消息", "message"),
            Broadcast => tr(lang, "广播", "broadcast"),
            ShutdownRequest => tr(lang, "关机请求", "shutdown_request"),
            ShutdownResponse => tr(lang, "关机答复", "shutdown_response"),
            PlanApproval => tr(lang, "计划审批请求", "plan_approval"),
            PlanApprovalResponse => tr(lang, "计划审批结果", "plan_approval_response"),
        }
    }
}

/// M8: one inbox record. The observable position is not stored here; ask
/// [`TeamState::message_position`](super::state::TeamState::message_position).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MessageRecord {
    /// M8: the record's id (`m1`, `m2`, ... in the order records were stored).
    pub id: MessageId,
    /// Bound by the host to the member whose tool call (or the host command) sent it (M1, D3).
    pub from: String,
    /// The recipient: the member whose inbox holds the record.
    pub to: String,
    /// M8: a plain message, a broadcast, or one of the protocol messages (P2, P3).
    pub kind: MessageKind,
    /// The text. A body over the limit is refused, never cut (M7).
    pub body: String,
    /// The protocol request this record belongs to (P1).
    pub request_id: Option<String>,
    /// Logical time of the send.
    pub created_at: u64,
    /// M8: the key the sender gave; a later send with the same key stores nothing new.
    pub idempotency_key: Option<String>,
    /// Drain mode only: the record was read and removed from the inbox view.
    pub drained: bool,
    /// Index of the entry in the recipient's committed history that carries this record, once
    /// committed. Requests whose history is longer than this index include it.
    pub notified_at: Option<usize>,
    /// Reported as unread when the team was disbanded (L4).
    pub undelivered: bool,
}

/// M1: what a send returns. `queued` proves storage only; there are no read receipts (M2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Receipt {
    /// The stored record.
    pub message_id: MessageId,
    /// The recipient whose inbox holds it.
    pub to: String,
    /// Always `queued`: the receipt proves storage, nothing more.
    pub state: ReceiptState,
}

named_enum! {
    /// M1, M2: what a receipt can say. Only `queued` exists: there are no read receipts.
    pub enum ReceiptState {
        /// The record is in the recipient's inbox; nothing says a model has seen it.
        Queued = "queued",
    }
}

/// M2: where a message is, as far as the recipient's model is concerned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "position", content = "requests")]
pub enum Position {
    /// Stored in the inbox and nowhere else: the model knows nothing of it.
    Queued,
    /// In the recipient's prepared candidate, not yet committed.
    InCandidate,
    /// Committed to the recipient's history, not yet part of any sent request.
    Committed,
    /// Included in these sent model requests (ids in send order).
    InRequest(Vec<super::model::RequestId>),
    /// Drain mode: removed from the inbox by a read and never committed.
    Lost,
    /// Reported as unread when the team was disbanded: no request carried it (it may be in a
    /// history that was never sent).
    Undelivered,
}

impl Position {
    /// A stable short name (used by the UI lanes and in transcripts).
    pub fn name(&self) -> &'static str {
        match self {
            Position::Queued => "queued",
            Position::InCandidate => "in_candidate",
            Position::Committed => "committed",
            Position::InRequest(_) => "in_request",
            Position::Lost => "lost",
            Position::Undelivered => "undelivered",
        }
    }
}

/// M4: the plain-text notification a record becomes in a history, in the team's language.
/// A protocol message names its kind's code and its `request_id` in both, so a model answers
/// it with the right tool and id.
///
/// Choice: the text carries the message id, so two records with the same body stay two
/// notifications; dedup still compares the whole text, as the seed does.
pub fn notification_text(record: &MessageRecord, lang: Lang) -> String {
    let (id, from, body) = (record.id, &record.from, &record.body);
    let code = record.kind.as_str();
    match (lang, &record.request_id) {
        (Lang::En, Some(request)) => {
            format!("[inbox {id}] {code} from {from} (request_id {request}): {body}")
        }
        (Lang::En, None) => format!("[inbox {id}] {code} from {from}: {body}"),
        (Lang::Zh, Some(request)) => format!(
            "[收件箱 {id}] 来自 {from} 的{}（{code}，request_id {request}）：{body}",
            record.kind.word(lang)
        ),
        (Lang::Zh, None) => format!(
            "[收件箱 {id}] 来自 {from} 的{}：{body}",
            record.kind.word(lang)
        ),
    }
}

/// Message ids as a learner reads them: `m1, m3`, or `none`.
pub fn id_list(list: &[MessageId]) -> String {
    id_list_in(list, Lang::En)
}

/// [`id_list`] in `lang`: `m1, m3`, or `none` (无).
pub fn id_list_in(list: &[MessageId], lang: Lang) -> String {
    if list.is_empty() {
        return tr(lang, "无", "none").to_string();
    }
    list.iter()
        .map(MessageId::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Message ids are dense (`m1` is at index 0), so a lookup is O(chunk).
pub fn find_message(messages: &PVec<Arc<MessageRecord>>, id: MessageId) -> Option<&MessageRecord> {
    let index = usize::try_from(id.0).ok()?.checked_sub(1)?;
    messages.get(index).map(|shared| &**shared)
}
