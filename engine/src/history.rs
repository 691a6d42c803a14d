//! Histories and candidates (M3, M4, M5).
//!
//! A member's committed history only grows. Preparing the next request builds a *candidate*:
//! conceptually "a copy of the history plus a notification for each inbox record not yet in
//! it". Choice: the copy is represented as an overlay (`base_len` + the appended entries), so a
//! preparation costs time proportional to the new mail, not to the history. Committing appends
//! the overlay; discarding drops it, and because the inbox deleted nothing, the next preparation
//! finds the same records again.
//!
//! Dedup (M4) compares full notification texts, through a per-member set of the notification
//! texts already committed, plus a cursor past the inbox records already done with (see
//! `prepare.rs`).

use super::caption::Lang;
use super::mailbox::{notification_text, MessageId, MessageRecord};
use super::model::{ModelReply, ToolCall};
use serde::{Deserialize, Serialize};

named_enum! {
    /// Who a history entry speaks for, as a chat model API names it.
    pub enum EntryRole {
        /// Input to the model: a task the host delivers, or an inbox notification (M4).
        User = "user",
        /// The model's own reply (text and tool calls).
        Assistant = "assistant",
        /// The result of one tool call.
        Tool = "tool",
    }
}

/// One history entry. Flat on purpose: the UI shows role, text and what it notifies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HistoryEntry {
    /// Who the entry speaks for.
    pub role: EntryRole,
    /// The text the model reads: the task, notification, reply text or tool result.
    pub text: String,
    /// Message ids this entry carries: one for an inbox notification; in drain mode a
    /// `read_inbox` tool result carries the records it drained.
    #[serde(default)]
    pub notifies: Vec<MessageId>,
    /// Assistant entries: the tool calls of the reply.
    #[serde(default)]
    pub tool_calls: Vec<ToolCall>,
    /// Tool entries: which call this result answers, and which tool ran.
    #[serde(default)]
    pub tool_call_id: Option<String>,
    /// Tool entries: the name of the tool that ran.
    #[serde(default)]
    pub tool_name: Option<String>,
    /// Tool entries: the call was refused or failed, and the text says why.
    #[serde(default)]
    pub is_error: bool,
}

impl HistoryEntry {
    /// A task the host delivers (the user's request to the lead).
    pub fn user(text: &str) -> Self {
        HistoryEntry {
            role: EntryRole::User,
            text: text.to_string(),
            notifies: Vec::new(),
            tool_calls: Vec::new(),
            tool_call_id: None,
            tool_name: None,
            is_error: false,
        }
    }

    /// M4: the plain-text notification for one inbox record, in the team's language.
    pub fn notification(record: &MessageRecord, lang: Lang) -> Self {
        let mut entry = HistoryEntry::user(&notification_text(record, lang));
        entry.notifies = vec![record.id];
        entry
    }

    /// The model's reply as it is stored: its text and its tool calls.
    pub fn assistant(reply: &ModelReply) -> Self {
        HistoryEntry {
            role: EntryRole::Assistant,
            text: reply.text.clone(),
            notifies: Vec::new(),
            tool_calls: reply.tool_calls.clone(),
            tool_call_id: None,
            tool_name: None,
            is_error: false,
        }
    }

    /// The result of tool call `call_id` of `tool`; `notifies` lists the records it carries
    /// (drain mode's `read_inbox`).
    pub fn tool_result(
        call_id: &str,
        tool: &str,
        text: &str,
        is_error: bool,
        notifies: Vec<MessageId>,
    ) -> Self {
        HistoryEntry {
            role: EntryRole::Tool,
            text: text.to_string(),
            notifies,
            tool_calls: Vec::new(),
            tool_call_id: Some(call_id.to_string()),
            tool_name: Some(tool.to_string()),
            is_error,
        }
    }

    /// True for an inbox notification (the entries dedup looks at).
    pub fn is_notification(&self) -> bool {
        self.role == EntryRole::User && !self.notifies.is_empty()
    }
}

/// M4: a prepared candidate: the committed history (first `base_len` entries, not copied) plus
/// `entries`. `message_ids` lists the inbox records the entries notify.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// Length of the committed history the candidate extends (its entries are not copied).
    pub base_len: usize,
    /// The new entries: the delivery's task, if any, then one notification per new record.
    pub entries: Vec<HistoryEntry>,
    /// The inbox records the new notifications carry, in inbox order.
    pub message_ids: Vec<MessageId>,
}
