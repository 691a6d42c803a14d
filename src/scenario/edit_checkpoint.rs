//! The editor's operations on a scenario's checkpoints (issue 26 part 2): add one, remove one,
//! and change one part of one ([`CheckpointEdit`]). Like every other edit, each is made or
//! refused with a reason in both languages; what a made edit leaves wrong (an unknown rule, a
//! question missing a language) is `checkpoint_check.rs`'s to say beside the field. A refusal
//! is only for what cannot be written into the format at all: an unknown kind of question, a
//! parameter the kind has not, counts that are not numbers.

use super::errors::Problem;
use super::format::Scenario;
use super::fresh_name::first_free;
use crate::engine::{Caption, Lang};
use crate::lessons::checkpoint::{Ask, Checkpoint};

/// The kinds of [`Ask`] by their format name, in the order the editor lists them.
pub const ASK_KINDS: &[&str] = &[
    "where_is_message",
    "in_request",
    "lock_during_model_call",
    "member_status",
    "history_loaded",
    "inbox_holds",
    "protocol_status",
    "sender_of",
    "next_line",
];

/// The format name of `ask`'s kind (one of [`ASK_KINDS`]).
pub fn ask_kind(ask: &Ask) -> &'static str {
    match ask {
        Ask::WhereIsMessage { .. } => "where_is_message",
        Ask::InRequest { .. } => "in_request",
        Ask::LockDuringModelCall { .. } => "lock_during_model_call",
        Ask::MemberStatus { .. } => "member_status",
        Ask::HistoryLoaded { .. } => "history_loaded",
        Ask::InboxHolds { .. } => "inbox_holds",
        Ask::ProtocolStatus { .. } => "protocol_status",
        Ask::SenderOf { .. } => "sender_of",
        Ask::NextLine { .. } => "next_line",
    }
}

/// One part of one checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckpointPart {
    Id(String),
    Rule(String),
    /// The event kind it asks at.
    Event(String),
    /// Only this actor's events; empty: any actor.
    Member(String),
    /// Only events whose summary contains this; empty: any.
    Contains(String),
    /// Which matching event, 0-based.
    Nth(usize),
    Question {
        lang: Lang,
        text: String,
    },
    /// The kind of question, by its format name; the subject is kept where the new kind asks
    /// about the same sort of thing.
    AskKind(String),
    AskMessage(String),
    AskRequest(String),
    AskMember(String),
    /// The counts as typed: numbers split at commas or spaces.
    AskCounts(String),
    /// The lines of "which line runs next?" as typed: place names split at commas or spaces.
    AskLines(String),
}

/// One change to the scenario's checkpoints.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckpointEdit {
    /// Adds a checkpoint that asks where the first message is once it is queued, with the
    /// first free id `check-<N>`: valid and placed on free play's run as it is.
    Add,
    Remove {
        index: usize,
    },
    Set {
        index: usize,
        part: CheckpointPart,
    },
}

impl Scenario {
    /// Makes `edit` on the checkpoints, or says why not.
    pub(super) fn apply_checkpoint(&mut self, edit: &CheckpointEdit) -> Result<(), Problem> {
        match edit {
            CheckpointEdit::Add => {
                let id = first_free("check-", |id| self.checkpoints.iter().any(|c| c.id == id));
                self.checkpoints.push(Checkpoint {
                    id,
                    rule: "M2".into(),
                    event: "message_queued".into(),
                    member: None,
                    contains: None,
                    nth: 0,
                    question: Caption::new("这条消息现在在哪里？", "Where is this message now?"),
                    ask: Ask::WhereIsMessage {
                        message: "m1".into(),
                    },
                });
            }
            CheckpointEdit::Remove { index } => {
                checkpoint_mut(self, *index)?;
                self.checkpoints.remove(*index);
            }
            CheckpointEdit::Set { index, part } => set_part(checkpoint_mut(self, *index)?, part)?,
        }
        Ok(())
    }

    /// A member renamed from `old` to `new`: the checkpoints naming it follow.
    pub(super) fn rename_in_checkpoints(&mut self, old: &str, new: &str) {
        for checkpoint in &mut self.checkpoints {
            if checkpoint.member.as_deref() == Some(old) {
                checkpoint.member = Some(new.to_string());
            }
            if let Some(member) = ask_member_mut(&mut checkpoint.ask) {
                if member == old {
                    *member = new.to_string();
                }
            }
        }
    }
}

fn set_part(c: &mut Checkpoint, part: &CheckpointPart) -> Result<(), Problem> {
    let optional = |text: &str| (!text.is_empty()).then(|| text.to_string());
    match part {
        CheckpointPart::Id(id) => c.id = id.trim().to_string(),
        CheckpointPart::Rule(rule) => c.rule = rule.clone(),
        CheckpointPart::Event(event) => c.event = event.clone(),
        CheckpointPart::Member(member) => c.member = optional(member.trim()),
        CheckpointPart::Contains(text) => c.contains = optional(text),
        CheckpointPart::Nth(nth) => c.nth = *nth,
        CheckpointPart::Question { lang, text } => match lang {
            Lang::Zh => c.question.zh = text.clone(),
            Lang::En => c.question.en = text.clone(),
        },
        CheckpointPart::AskKind(kind) => c.ask = ask_of_kind(kind, &c.ask)?,
        CheckpointPart::AskMessage(message) => match &mut c.ask {
            Ask::WhereIsMessage { message: m }
            | Ask::InRequest { message: m, .. }
            | Ask::SenderOf { message: m } => *m = message.trim().to_string(),
            _ => return Err(no_parameter("消息", "a message")),
        },
        CheckpointPart::AskRequest(request) => match &mut c.ask {
            Ask::InRequest { request: r, .. } | Ask::ProtocolStatus { request: r } => {
                *r = request.trim().to_string()
            }
            _ => return Err(no_parameter("请求", "a request")),
        },
        CheckpointPart::AskMember(member) => match ask_member_mut(&mut c.ask) {
            Some(m) => *m = member.trim().to_string(),
            None => return Err(no_parameter("成员", "a member")),
        },
        CheckpointPart::AskCounts(typed) => {
            let counts = counts_of(typed)?;
            match &mut c.ask {
                Ask::InboxHolds { counts: old, .. } => *old = counts,
                _ => return Err(no_parameter("数目", "counts")),
            }
        }
        CheckpointPart::AskLines(typed) => match &mut c.ask {
            Ask::NextLine { lines } => {
                *lines = typed
                    .split(|c: char| c == ',' || c == '，' || c.is_whitespace())
                    .filter(|l| !l.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            _ => return Err(no_parameter("代码行", "lines")),
        },
    }
    Ok(())
}

/// The member `ask` asks about, when it asks about a member.
fn ask_member_mut(ask: &mut Ask) -> Option<&mut String> {
    match ask {
        Ask::LockDuringModelCall { member }
        | Ask::MemberStatus { member }
        | Ask::HistoryLoaded { member }
        | Ask::InboxHolds { member, .. } => Some(member),
        _ => None,
    }
}

/// A question of `kind`, keeping `old`'s message, member or request where it has one.
fn ask_of_kind(kind: &str, old: &Ask) -> Result<Ask, Problem> {
    let mut old = old.clone();
    let member = ask_member_mut(&mut old).cloned().unwrap_or_default();
    let (message, request) = match &old {
        Ask::WhereIsMessage { message } | Ask::SenderOf { message } => {
            (message.clone(), String::new())
        }
        Ask::InRequest { message, request } => (message.clone(), request.clone()),
        Ask::ProtocolStatus { request } => (String::new(), request.clone()),
        _ => (String::new(), String::new()),
    };
    let or = |kept: String, default: &str| {
        if kept.is_empty() {
            default.to_string()
        } else {
            kept
        }
    };
    let message = or(message, "m1");
    let member = or(member, "lead");
    Ok(match kind {
        "where_is_message" => Ask::WhereIsMessage { message },
        "in_request" => Ask::InRequest {
            message,
            request: or(request, "r1"),
        },
        "lock_during_model_call" => Ask::LockDuringModelCall { member },
        "member_status" => Ask::MemberStatus { member },
        "history_loaded" => Ask::HistoryLoaded { member },
        "inbox_holds" => Ask::InboxHolds {
            member,
            counts: vec![0, 1, 2],
        },
        "protocol_status" => Ask::ProtocolStatus {
            request: or(request, "shutdown-1"),
        },
        "sender_of" => Ask::SenderOf { message },
        "next_line" => Ask::NextLine {
            lines: [
                "store.append",
                "prepare.candidate",
                "commit.history",
                "loop.request",
            ]
            .map(String::from)
            .to_vec(),
        },
        _ => {
            return Err(Problem::new(
                format!("没有 '{kind}' 这种问题（可用的：{}）", ASK_KINDS.join(", ")),
                format!(
                    "there is no kind of question named '{kind}' (the kinds are: {})",
                    ASK_KINDS.join(", ")
                ),
            ))
        }
    })
}

/// `0, 1, 2` or `0 1 2` as numbers; anything else is refused with what was not a number.
fn counts_of(typed: &str) -> Result<Vec<usize>, Problem> {
    typed
        .split(|c: char| c == ',' || c == '，' || c.is_whitespace())
        .filter(|n| !n.is_empty())
        .map(|n| {
            n.parse::<usize>().map_err(|_| {
                Problem::new(
                    format!("'{n}' 不是非负整数：数目要写成用逗号隔开的数字，如 0, 1, 2"),
                    format!("'{n}' is not a whole number: write the counts as numbers separated by commas, such as 0, 1, 2"),
                )
            })
        })
        .collect()
}

fn no_parameter(zh: &str, en: &str) -> Problem {
    Problem::new(
        format!("这种问题不问{zh}：先选一种问{zh}的问题"),
        format!("this kind of question does not ask about {en}: pick a kind that does first"),
    )
}

fn checkpoint_mut(s: &mut Scenario, index: usize) -> Result<&mut Checkpoint, Problem> {
    s.checkpoints.get_mut(index).ok_or_else(|| {
        Problem::new(
            format!("没有第 {} 个检查点", index + 1),
            format!("there is no checkpoint number {}", index + 1),
        )
    })
}
