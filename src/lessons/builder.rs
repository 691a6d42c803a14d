//! Small helpers that keep the lesson files readable as data tables.

use super::checkpoint::{Ask, Checkpoint};
use super::lesson::{Action, CaptionRule, Direction, Lesson, Wait};
use super::script::{ScriptOutcome, ScriptedModel, ScriptedReply};
use super::toggle_choice::ToggleChoice;
use crate::engine::{Caption, Input, ModelReply, ToolCall};
use serde_json::Value;

/// Builds a scripted model member by member; request indices count up automatically.
#[derive(Default)]
pub struct Script {
    model: ScriptedModel,
}

impl Script {
    pub fn new() -> Self {
        Script::default()
    }

    fn next_index(&self, member: &str) -> u32 {
        self.model
            .replies
            .iter()
            .filter(|r| r.member == member)
            .count() as u32
    }

    /// The next request of `member` gets tool calls (ids `member-index-k`) and optional text.
    pub fn calls(self, member: &str, latency: u64, text: &str, calls: Vec<(&str, Value)>) -> Self {
        let index = self.next_index(member);
        let calls = calls
            .into_iter()
            .enumerate()
            .map(|(k, (name, args))| ToolCall::new(format!("{member}-{index}-{k}"), name, args))
            .collect();
        self.push(
            member,
            index,
            latency,
            ScriptOutcome::Reply {
                reply: ModelReply::tools(text, calls),
            },
        )
    }

    /// The next request of `member` gets a final answer.
    pub fn answer(self, member: &str, latency: u64, text: &str) -> Self {
        let index = self.next_index(member);
        self.push(
            member,
            index,
            latency,
            ScriptOutcome::Reply {
                reply: ModelReply::text(text),
            },
        )
    }

    /// The next request of `member` gets a final answer that depends on whether the request
    /// carries the notification of `message`: `seen` if it does, `unseen` if not.
    pub fn answer_if_seen(
        self,
        member: &str,
        latency: u64,
        message: &str,
        seen: &str,
        unseen: &str,
    ) -> Self {
        let index = self.next_index(member);
        self.push(
            member,
            index,
            latency,
            ScriptOutcome::ReplyIfSeen {
                message: message.to_string(),
                seen: ModelReply::text(seen),
                unseen: ModelReply::text(unseen),
            },
        )
    }

    /// The next request of `member` fails.
    pub fn fail(self, member: &str, latency: u64, error: &str, retryable: bool) -> Self {
        let index = self.next_index(member);
        self.push(
            member,
            index,
            latency,
            ScriptOutcome::Fail {
                error: error.to_string(),
                retryable,
            },
        )
    }

    fn push(
        mut self,
        member: &str,
        request_index: u32,
        latency: u64,
        outcome: ScriptOutcome,
    ) -> Self {
        self.model.replies.push(ScriptedReply {
            member: member.to_string(),
            request_index,
            latency,
            outcome,
        });
        self
    }

    pub fn build(self) -> ScriptedModel {
        self.model
    }
}

pub fn now(input: Input) -> Direction {
    Direction {
        wait: Wait::Now,
        action: Action::Input { input },
    }
}

pub fn after(members: &[&str], input: Input) -> Direction {
    Direction {
        wait: Wait::Idle(members.iter().map(|m| m.to_string()).collect()),
        action: Action::Input { input },
    }
}

pub fn quiet(input: Input) -> Direction {
    Direction {
        wait: Wait::Quiet,
        action: Action::Input { input },
    }
}

pub fn deliver(member: &str) -> Input {
    Input::StartRound {
        member: member.to_string(),
        prompt: None,
    }
}

pub fn deliver_task(member: &str, task: &str) -> Input {
    Input::StartRound {
        member: member.to_string(),
        prompt: Some(task.to_string()),
    }
}

pub fn host_send(from: &str, to: &str, body: &str) -> Input {
    Input::HostSend {
        from: from.to_string(),
        to: to.to_string(),
        body: body.to_string(),
        idempotency_key: None,
    }
}

/// A caption on the `nth` event of kind `event` by `member` (any member if empty).
pub fn cap(event: &str, member: &str, nth: usize, zh: &str, en: &str) -> CaptionRule {
    CaptionRule {
        event: event.to_string(),
        member: (!member.is_empty()).then(|| member.to_string()),
        contains: None,
        nth,
        caption: Caption::new(zh, en),
        when: ToggleChoice::default(),
        from_end: false,
    }
}

/// Like [`cap`], but only events whose summary contains `contains` count.
pub fn cap_with(
    event: &str,
    member: &str,
    contains: &str,
    nth: usize,
    zh: &str,
    en: &str,
) -> CaptionRule {
    CaptionRule {
        contains: Some(contains.to_string()),
        ..cap(event, member, nth, zh, en)
    }
}

impl Lesson {
    /// The lesson with what plays it: the scripted replies, the directions and the captions.
    pub fn played_as(
        mut self,
        script: ScriptedModel,
        directions: Vec<Direction>,
        captions: Vec<CaptionRule>,
    ) -> Lesson {
        self.script = script;
        self.directions = directions;
        self.captions = captions;
        self
    }
}

/// A checkpoint `id` on `rule`, asking `question` before the step of the `nth` event of kind
/// `event` by `member` (any if empty) whose summary contains `contains` (any if empty).
pub fn checkpoint(
    (id, rule): (&str, &str),
    (event, member, contains, nth): (&str, &str, &str, usize),
    ask: Ask,
    zh: &str,
    en: &str,
) -> Checkpoint {
    Checkpoint {
        id: id.to_string(),
        rule: rule.to_string(),
        event: event.to_string(),
        member: (!member.is_empty()).then(|| member.to_string()),
        contains: (!contains.is_empty()).then(|| contains.to_string()),
        nth,
        question: Caption::new(zh, en),
        ask,
    }
}

/// M2: where is `message`?
pub fn where_is(message: &str) -> Ask {
    Ask::WhereIsMessage {
        message: message.to_string(),
    }
}

/// M3: is `message` in the sent request `request`?
pub fn in_request(message: &str, request: &str) -> Ask {
    Ask::InRequest {
        message: message.to_string(),
        request: request.to_string(),
    }
}

/// T6: does `member` hold the lock?
pub fn lock_of(member: &str) -> Ask {
    Ask::LockDuringModelCall {
        member: member.to_string(),
    }
}

/// L1: `member`'s status.
pub fn status_of(member: &str) -> Ask {
    Ask::MemberStatus {
        member: member.to_string(),
    }
}

/// L3: is `member`'s history loaded?
pub fn loaded_of(member: &str) -> Ask {
    Ask::HistoryLoaded {
        member: member.to_string(),
    }
}

/// M7: how many records `member`'s inbox counts, among `counts`.
pub fn inbox_holds(member: &str, counts: &[usize]) -> Ask {
    Ask::InboxHolds {
        member: member.to_string(),
        counts: counts.to_vec(),
    }
}

/// P1, P5: the tracker's status of `request`.
pub fn protocol_of(request: &str) -> Ask {
    Ask::ProtocolStatus {
        request: request.to_string(),
    }
}

/// Issue 47: which line of the host's code runs next, among `lines` (places).
pub fn next_line(lines: &[&str]) -> Ask {
    Ask::NextLine {
        lines: lines.iter().map(|l| l.to_string()).collect(),
    }
}

/// D3: who sent `message`.
pub fn sender_of(message: &str) -> Ask {
    Ask::SenderOf {
        message: message.to_string(),
    }
}

/// A lesson shell with its team, task and introduction; the lesson file fills what plays, and
/// its definition (`definition.rs`) the catalog's texts and the checkpoints.
pub fn lesson(config: crate::engine::TeamConfig, task: Caption, intro: Caption) -> Lesson {
    Lesson {
        id: String::new(),
        title: Caption::new("", ""),
        summary: Caption::new("", ""),
        rules: Vec::new(),
        editable: false,
        config,
        task,
        intro,
        directions: Vec::new(),
        script: ScriptedModel::default(),
        captions: Vec::new(),
        checkpoints: Vec::new(),
        challenges: Vec::new(),
    }
}
