//! The member detail's model: for the member selected on a card, at the current step, its
//! committed history, its current candidate (the entries the candidate adds are marked "new in
//! candidate"), and the requests it has sent so far ([`request`]): one is selected and shown
//! exactly as sent, with what is new since the member's previous request marked.
//!
//! Long histories and long requests are bounded: the last [`WINDOW`] entries are shown, and
//! the learner asks for more, so a seek stays cheap however long the log is.

use crate::engine::text::counted;
use crate::engine::{EntryRole, HistoryEntry, Lang, MemberState, Position, TeamState, ToolCall};
use crate::view::tr;

pub mod json;
pub mod request;
pub mod step_changes;

pub use request::{RequestPicks, RequestView};

/// Entries shown per list before "show earlier" is needed: about one screenful.
pub const WINDOW: usize = 12;

/// Why an entry is marked new (with text, not only colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewMark {
    /// M4: the candidate adds it to the committed history.
    InCandidate,
    /// The request carries it and the member's previous request did not.
    SincePreviousRequest,
}

impl NewMark {
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            NewMark::InCandidate => tr(lang, "候选新增", "new in candidate"),
            NewMark::SincePreviousRequest => {
                tr(lang, "自上次请求新增", "new since previous request")
            }
        }
    }
}

/// One history entry as a row of the detail.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryRow {
    /// Position in the history (or in the request's message list).
    pub index: usize,
    pub role: EntryRole,
    pub text: String,
    /// Message ids of the inbox records this entry carries.
    pub notifies: Vec<String>,
    /// Assistant entries: `name(arguments)` of each tool call.
    pub calls: Vec<String>,
    /// Tool entries: which tool ran.
    pub tool: Option<String>,
    pub is_error: bool,
    pub new: Option<NewMark>,
}

impl EntryRow {
    pub fn of(index: usize, entry: &HistoryEntry, new: Option<NewMark>) -> EntryRow {
        EntryRow {
            index,
            role: entry.role,
            text: entry.text.clone(),
            notifies: entry.notifies.iter().map(|id| id.to_string()).collect(),
            calls: entry.tool_calls.iter().map(call_text).collect(),
            tool: entry.tool_name.clone(),
            is_error: entry.is_error,
            new,
        }
    }

    /// The role as it is written in requests (`data-role`).
    pub fn role_name(&self) -> &'static str {
        match self.role {
            EntryRole::User => "user",
            EntryRole::Assistant => "assistant",
            EntryRole::Tool => "tool",
        }
    }

    pub fn role_label(&self, lang: Lang) -> &'static str {
        match self.role {
            EntryRole::User => tr(lang, "用户", "user"),
            EntryRole::Assistant => tr(lang, "助手", "assistant"),
            EntryRole::Tool => tr(lang, "工具", "tool"),
        }
    }
}

/// A tool call as one line: `name(arguments as compact JSON)`. History entries and replies
/// show their calls the same way.
pub fn call_text(call: &ToolCall) -> String {
    format!("{}({})", call.name, call.arguments)
}

/// A bounded list of rows: the last ones, and how many earlier ones are not shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows {
    pub rows: Vec<EntryRow>,
    pub hidden: usize,
    pub total: usize,
}

/// "N earlier entries are not shown", when some are not.
pub fn hidden_text(hidden: usize, lang: Lang) -> Option<String> {
    (hidden > 0).then(|| match lang {
        Lang::Zh => format!("还有 {hidden} 条更早的条目未显示。"),
        Lang::En => match hidden {
            1 => "1 earlier entry is not shown.".to_string(),
            n => format!("{n} earlier entries are not shown."),
        },
    })
}

/// The member's committed history: the last `limit` entries (at least a [`WINDOW`]).
pub fn history_rows(member: &MemberState, limit: usize) -> Rows {
    let total = member.history().len();
    let first = total.saturating_sub(limit.max(WINDOW));
    let rows = member
        .history()
        .iter_from(first)
        .enumerate()
        .map(|(i, entry)| EntryRow::of(first + i, entry, None))
        .collect();
    Rows {
        rows,
        hidden: first,
        total,
    }
}

pub fn history_heading(total: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("已提交的历史（{total} 条）"),
        Lang::En => format!("Committed history ({})", counted(total, "entry", "entries")),
    }
}

/// The member's current candidate: the committed base plus the entries it adds.
#[derive(Clone, Debug, PartialEq)]
pub struct CandidateView {
    /// Committed entries the candidate starts from.
    pub base_len: usize,
    /// The first [`WINDOW`] entries it adds, each marked new.
    pub rows: Vec<EntryRow>,
    pub added: usize,
    /// Ids of the messages its notifications carry.
    pub carries: Vec<String>,
}

impl CandidateView {
    /// None when no candidate is being prepared.
    pub fn of(member: &MemberState) -> Option<CandidateView> {
        let candidate = member.candidate()?;
        let rows = candidate
            .entries
            .iter()
            .enumerate()
            .take(WINDOW)
            .map(|(i, entry)| {
                EntryRow::of(candidate.base_len + i, entry, Some(NewMark::InCandidate))
            })
            .collect();
        Some(CandidateView {
            base_len: candidate.base_len,
            rows,
            added: candidate.entries.len(),
            carries: candidate
                .message_ids
                .iter()
                .map(|id| id.to_string())
                .collect(),
        })
    }

    /// M4: what the candidate is made of, and that only the commit puts it in the history.
    pub fn explain(&self, lang: Lang) -> String {
        let (base, added) = (self.base_len, self.added);
        match lang {
            Lang::Zh => format!(
                "候选 = 已提交历史的前 {base} 条（见上）+ 下面 {added} 条新增条目。提交之后它们才进入历史，下一个请求才会带上它们。"
            ),
            Lang::En => format!(
                "Candidate = the first {} (above) + {} below. Only after the commit are they in the history, and only then does the next request carry them.",
                counted(base, "committed entry", "committed entries"),
                counted(added, "new entry", "new entries")
            ),
        }
    }

    pub fn carries_text(&self, lang: Lang) -> Option<String> {
        (!self.carries.is_empty()).then(|| {
            let ids = self.carries.join(", ");
            format!("{} {ids}", tr(lang, "带来的消息：", "Messages it carries:"))
        })
    }

    /// "N more new entries are not shown", when the candidate adds more than a window.
    pub fn more_text(&self, lang: Lang) -> Option<String> {
        let more = self.added.saturating_sub(self.rows.len());
        (more > 0).then(|| match lang {
            Lang::Zh => format!("另有 {more} 条新增条目未显示。"),
            Lang::En => match more {
                1 => "1 more new entry is not shown.".to_string(),
                n => format!("{n} more new entries are not shown."),
            },
        })
    }
}

/// M2: the member's messages that are in its history but in no sent request yet ("in history,
/// not yet sent", the same name the chips and the lanes use).
pub fn in_history_not_sent(state: &TeamState, member: &str) -> Vec<String> {
    state
        .inbox_of(member)
        .into_iter()
        .filter(|r| state.message_position(r.id) == Some(Position::Committed))
        .map(|r| r.id.to_string())
        .collect()
}

/// The detail's line for [`in_history_not_sent`], when there are such messages.
pub fn in_history_not_sent_text(ids: &[String], lang: Lang) -> Option<String> {
    (!ids.is_empty()).then(|| {
        let ids = ids.join(", ");
        match lang {
            Lang::Zh => format!("已进历史，尚未发出：{ids}（候选已提交，下一个请求才会带上）。"),
            Lang::En => format!(
                "In history, not yet sent: {ids} (the candidate was committed; the next request carries it)."
            ),
        }
    })
}

/// The line under the detail's heading: role, status and requests sent by this step.
pub fn member_line(member: &MemberState, step: usize, lang: Lang) -> String {
    let (role, status, sent) = (
        &member.role(),
        member.status().word(lang),
        member.requests().len(),
    );
    match lang {
        Lang::Zh => format!("角色 {role}，状态 {status}，第 {step} 步时已发出 {sent} 个请求"),
        Lang::En => format!("role {role}, status {status}, {sent} request(s) sent by step {step}"),
    }
}

/// The detail's heading, with the selected member's name.
pub fn heading(selected: Option<&str>, lang: Lang) -> String {
    match selected {
        Some(name) => format!("{}{name}", tr(lang, "成员详情：", "Member detail: ")),
        None => tr(lang, "成员详情", "Member detail").to_string(),
    }
}

/// Said when the selected name is not a member at this step.
pub fn no_member_text(name: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("这一步还没有名为 {name} 的成员。"),
        Lang::En => format!("There is no member named {name} at this step."),
    }
}

#[cfg(test)]
mod tests;
