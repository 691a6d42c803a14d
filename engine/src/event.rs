//! The event log: everything that happened, in past tense, as data. The UI is a view of "the
//! state after event N", so every state change is an event, and so is every refusal (with an
//! English reason the learner sees). Each event has a breakpoint category and a generic caption
//! in Chinese and English; lessons override captions at the steps that matter.

use super::config::{MemberConfig, Toggles};
use super::history::Candidate;
use super::mailbox::{MessageId, MessageRecord, Receipt};
use super::model::{ModelReply, ModelRequest, RequestId};
use super::protocol::{ProtocolRequest, ProtocolStatus};
use super::roster::{MemberStatus, RoundOutcome};
use super::state::RosterSnapshot;
use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    Zh,
    En,
}

/// A text in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caption {
    pub zh: String,
    pub en: String,
}

impl Caption {
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Self {
        Caption {
            zh: zh.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}

/// Breakpoint kinds of the UI.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Store,
    Prepare,
    Commit,
    Discard,
    Request,
    Reply,
    Lock,
    Protocol,
    Refusal,
    Lifecycle,
    Other,
}

impl Category {
    pub const ALL: [Category; 11] = [
        Category::Store,
        Category::Prepare,
        Category::Commit,
        Category::Discard,
        Category::Request,
        Category::Reply,
        Category::Lock,
        Category::Protocol,
        Category::Refusal,
        Category::Lifecycle,
        Category::Other,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Store => "store",
            Category::Prepare => "prepare",
            Category::Commit => "commit",
            Category::Discard => "discard",
            Category::Request => "request",
            Category::Reply => "reply",
            Category::Lock => "lock",
            Category::Protocol => "protocol",
            Category::Refusal => "refusal",
            Category::Lifecycle => "lifecycle",
            Category::Other => "other",
        }
    }
}

/// Faults a lesson (or the learner) can inject.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Fault {
    /// The next prepared candidate of the member is discarded before it is committed (the
    /// "crash between read and commit" of seed 000).
    FailBeforeCommit,
}

/// Why something was refused: a stable code plus an English reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub code: RefusalCode,
    pub reason: String,
    /// The tool call this refusal answers, if any.
    #[serde(default)]
    pub tool: Option<String>,
    #[serde(default)]
    pub call_id: Option<String>,
}

impl Refusal {
    pub fn new(code: RefusalCode, reason: impl Into<String>) -> Self {
        Refusal {
            code,
            reason: reason.into(),
            tool: None,
            call_id: None,
        }
    }
}

macro_rules! refusal_codes {
    ($($variant:ident => $name:literal, $zh:literal;)*) => {
        /// Stable refusal codes (snake_case in JSON and transcripts).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum RefusalCode { $($variant,)* }

        impl RefusalCode {
            pub fn as_str(self) -> &'static str {
                match self { $(RefusalCode::$variant => $name,)* }
            }
            /// A short Chinese phrase for the generic caption.
            pub fn zh(self) -> &'static str {
                match self { $(RefusalCode::$variant => $zh,)* }
            }
        }
    };
}

refusal_codes! {
    UnknownMember => "unknown_member", "没有这个成员";
    UnknownRecipient => "unknown_recipient", "收件人不存在";
    SelfSend => "self_send", "不能给自己发消息";
    EmptyBody => "empty_body", "正文为空";
    BodyTooLong => "body_too_long", "正文超过长度上限";
    InboxFull => "inbox_full", "收件箱已满";
    HistoryFull => "history_full", "历史已达上限";
    MemberBusy => "member_busy", "成员正忙";
    MemberOffline => "member_offline", "成员离线，需要先召回";
    MemberNotIdle => "member_not_idle", "成员已停止或失败，不会自动重启";
    MemberShutDown => "member_shut_down", "成员已关机";
    DeliveryBudgetSpent => "delivery_budget_spent", "交付次数已用完";
    UnknownTool => "unknown_tool", "没有这个工具";
    ToolNotAllowed => "tool_not_allowed", "该角色不能使用这个工具";
    MalformedArguments => "malformed_arguments", "参数格式错误";
    MissingArgument => "missing_argument", "缺少参数";
    WrongArgumentType => "wrong_argument_type", "参数类型错误";
    UnknownArgument => "unknown_argument", "多余的参数";
    InvalidArgument => "invalid_argument", "参数不合法";
    SenderIgnored => "sender_ignored", "发送者由宿主绑定，伪造字段被忽略";
    UnknownRequest => "unknown_request", "没有这个请求编号";
    AlreadyDecided => "already_decided", "该请求已经有结论";
    NotYourRequest => "not_your_request", "该请求不归你回答";
    WrongRequestKind => "wrong_request_kind", "请求类型不符";
    NoSuchFile => "no_such_file", "文件不存在";
    InvalidPath => "invalid_path", "路径不合法";
    FileTooLarge => "file_too_large", "文件超过长度上限";
    InvalidName => "invalid_name", "名字不合法";
    AlreadyExists => "already_exists", "同名成员已存在";
    TeamFull => "team_full", "团队人数已达上限";
    DuplicateCallId => "duplicate_call_id", "工具调用编号重复";
    EmptyReply => "empty_reply", "模型回复为空";
    TooManyToolCalls => "too_many_tool_calls", "一次回复的工具调用过多";
    StaleReply => "stale_reply", "这个请求已经有结果";
    TeamDisbanded => "team_disbanded", "团队已解散";
    MembersBusy => "members_busy", "还有成员在工作";
    NotRecallable => "not_recallable", "该成员无需召回";
    ClockBackwards => "clock_backwards", "逻辑时钟不能倒退";
    InvalidSnapshot => "invalid_snapshot", "存档无效";
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Position in the log (0-based).
    pub seq: usize,
    /// Logical time.
    pub time: u64,
    /// The member on whose behalf this happened (None: the host or the learner).
    pub actor: Option<String>,
    pub kind: EventKind,
}

/// What happened. Past tense; each variant carries what the state needs to replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// M1: a record was appended to the recipient's inbox; the receipt says `queued`.
    MessageQueued {
        record: MessageRecord,
    },
    /// M8: a send repeated an idempotency key; nothing new was stored.
    ResendIgnored {
        from: String,
        idempotency_key: String,
        receipt: Receipt,
    },
    /// M6 (drain mode): the records were removed from the inbox view by a read.
    InboxDrained {
        member: String,
        message_ids: Vec<MessageId>,
    },
    /// M4: a candidate (history + new notifications) was prepared.
    CandidatePrepared {
        member: String,
        candidate: Candidate,
    },
    /// M5: the candidate was thrown away. `lost` lists drained records that are now gone.
    CandidateDiscarded {
        member: String,
        reason: String,
        message_ids: Vec<MessageId>,
        lost: Vec<MessageId>,
    },
    /// M3: the member's loop committed its candidate to the history.
    HistoryCommitted {
        member: String,
        message_ids: Vec<MessageId>,
        entries: usize,
        history_len: usize,
    },
    /// A model request was sent, built from the committed history.
    ModelRequested {
        request: ModelRequest,
    },
    /// L2: a retry will follow (own budget; logical requests are not consumed).
    RetryScheduled {
        member: String,
        retries_used: u32,
        retry_budget: u32,
        reason: String,
    },
    /// A reply arrived and its assistant entry was appended to the history.
    ModelReplied {
        member: String,
        request_id: RequestId,
        reply: ModelReply,
    },
    /// A request failed.
    ModelFailed {
        member: String,
        request_id: RequestId,
        error: String,
        retryable: bool,
    },
    /// A tool call ran (or was refused); its result was appended to the history.
    ToolExecuted {
        member: String,
        call_id: String,
        tool: String,
        arguments: Value,
        result: String,
        is_error: bool,
        notifies: Vec<MessageId>,
    },
    FileWritten {
        member: String,
        path: String,
        content: String,
    },
    /// T6: the lock was taken (to check-and-set occupancy, or for the whole round).
    LockAcquired {
        member: String,
    },
    LockReleased {
        member: String,
    },
    /// T6 (hold-lock mode): the member waits for the lock held by `holder`.
    LockWaiting {
        member: String,
        holder: String,
        prompt: Option<String>,
    },
    ProtocolOpened {
        request: ProtocolRequest,
    },
    ProtocolDecided {
        request_id: String,
        status: ProtocolStatus,
        by: String,
        note: String,
    },
    /// P2: the member will exit after its current tool round.
    ShouldExitSet {
        member: String,
        request_id: String,
    },
    MemberSpawned {
        config: MemberConfig,
    },
    /// T5: occupancy was set; a delivery started.
    RoundStarted {
        member: String,
        delivery: u32,
        delivery_budget: u32,
        prompt: Option<String>,
    },
    RoundFinished {
        member: String,
        outcome: RoundOutcome,
        final_text: Option<String>,
    },
    StatusChanged {
        member: String,
        from: MemberStatus,
        to: MemberStatus,
    },
    /// L3: an offline member was recalled with its history.
    MemberRecalled {
        member: String,
        history_len: usize,
    },
    /// L3: the roster was restored from storage; every member is offline.
    RosterRestored {
        snapshot: Box<RosterSnapshot>,
    },
    /// L4: the team was disbanded; these records were never read.
    TeamDisbanded {
        undelivered: Vec<MessageRecord>,
    },
    FaultArmed {
        member: String,
        fault: Fault,
    },
    FaultStruck {
        member: String,
        fault: Fault,
    },
    TogglesChanged {
        toggles: Toggles,
    },
    Refused {
        refusal: Refusal,
    },
}

impl EventKind {
    /// The variant name in snake_case (used by caption matchers and transcripts).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::MessageQueued { .. } => "message_queued",
            EventKind::ResendIgnored { .. } => "resend_ignored",
            EventKind::InboxDrained { .. } => "inbox_drained",
            EventKind::CandidatePrepared { .. } => "candidate_prepared",
            EventKind::CandidateDiscarded { .. } => "candidate_discarded",
            EventKind::HistoryCommitted { .. } => "history_committed",
            EventKind::ModelRequested { .. } => "model_requested",
            EventKind::RetryScheduled { .. } => "retry_scheduled",
            EventKind::ModelReplied { .. } => "model_replied",
            EventKind::ModelFailed { .. } => "model_failed",
            EventKind::ToolExecuted { .. } => "tool_executed",
            EventKind::FileWritten { .. } => "file_written",
            EventKind::LockAcquired { .. } => "lock_acquired",
            EventKind::LockReleased { .. } => "lock_released",
            EventKind::LockWaiting { .. } => "lock_waiting",
            EventKind::ProtocolOpened { .. } => "protocol_opened",
            EventKind::ProtocolDecided { .. } => "protocol_decided",
            EventKind::ShouldExitSet { .. } => "should_exit_set",
            EventKind::MemberSpawned { .. } => "member_spawned",
            EventKind::RoundStarted { .. } => "round_started",
            EventKind::RoundFinished { .. } => "round_finished",
            EventKind::StatusChanged { .. } => "status_changed",
            EventKind::MemberRecalled { .. } => "member_recalled",
            EventKind::RosterRestored { .. } => "roster_restored",
            EventKind::TeamDisbanded { .. } => "team_disbanded",
            EventKind::FaultArmed { .. } => "fault_armed",
            EventKind::FaultStruck { .. } => "fault_struck",
            EventKind::TogglesChanged { .. } => "toggles_changed",
            EventKind::Refused { .. } => "refused",
        }
    }

    pub fn category(&self) -> Category {
        use EventKind::*;
        match self {
            MessageQueued { .. } | ResendIgnored { .. } => Category::Store,
            InboxDrained { .. } | CandidatePrepared { .. } => Category::Prepare,
            HistoryCommitted { .. } => Category::Commit,
            CandidateDiscarded { .. } => Category::Discard,
            ModelRequested { .. } | RetryScheduled { .. } => Category::Request,
            ModelReplied { .. } | ModelFailed { .. } => Category::Reply,
            LockAcquired { .. } | LockReleased { .. } | LockWaiting { .. } => Category::Lock,
            ProtocolOpened { .. } | ProtocolDecided { .. } | ShouldExitSet { .. } => {
                Category::Protocol
            }
            Refused { .. } => Category::Refusal,
            MemberSpawned { .. }
            | RoundStarted { .. }
            | RoundFinished { .. }
            | StatusChanged { .. }
            | MemberRecalled { .. }
            | RosterRestored { .. }
            | TeamDisbanded { .. } => Category::Lifecycle,
            ToolExecuted { .. }
            | FileWritten { .. }
            | FaultArmed { .. }
            | FaultStruck { .. }
            | TogglesChanged { .. } => Category::Other,
        }
    }
}

fn ids(list: &[MessageId]) -> String {
    if list.is_empty() {
        "none".to_string()
    } else {
        list.iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn short(text: &str, max: usize) -> String {
    let one_line: String = text
        .chars()
        .map(|c| if c == '\n' { ' ' } else { c })
        .collect();
    if one_line.chars().count() <= max {
        one_line
    } else {
        let cut: String = one_line.chars().take(max).collect();
        format!("{cut}...")
    }
}

impl Event {
    pub fn category(&self) -> Category {
        self.kind.category()
    }

    /// One English line for transcripts and logs.
    pub fn summary(&self) -> String {
        use EventKind::*;
        match &self.kind {
            MessageQueued { record } => format!(
                "{} queued {} {} -> {}{}: \"{}\"",
                record.from,
                record.kind.as_str(),
                record.id,
                record.to,
                record.request_id.as_ref().map(|r| format!(" ({r})")).unwrap_or_default(),
                short(&record.body, 80)
            ),
            ResendIgnored { from, idempotency_key, receipt } => format!(
                "{from} resent key '{idempotency_key}': nothing stored, first receipt {} returned",
                receipt.message_id
            ),
            InboxDrained { member, message_ids } => format!("{member}'s inbox drained: {}", ids(message_ids)),
            CandidatePrepared { member, candidate } => format!(
                "{member} prepared a candidate: history {} + {} new entries (notifies {})",
                candidate.base_len,
                candidate.entries.len(),
                ids(&candidate.message_ids)
            ),
            CandidateDiscarded { member, reason, message_ids, lost } => format!(
                "{member}'s candidate discarded ({reason}); notifies {}; lost {}",
                ids(message_ids),
                ids(lost)
            ),
            HistoryCommitted { member, message_ids, entries, history_len } => format!(
                "{member} committed {entries} entries (notifies {}); history now {history_len}",
                ids(message_ids)
            ),
            ModelRequested { request } => format!(
                "{} sent request {} (#{} of {}, delivery {}, logical {}, attempt {}) with {} history entries",
                request.member,
                request.id,
                request.member_index,
                request.member,
                request.delivery,
                request.logical,
                request.attempt,
                request.messages.len()
            ),
            RetryScheduled { member, retries_used, retry_budget, reason } => {
                format!("{member} retries ({retries_used}/{retry_budget}): {reason}")
            }
            ModelReplied { member, request_id, reply } => {
                let calls: Vec<&str> = reply.tool_calls.iter().map(|c| c.name.as_str()).collect();
                if calls.is_empty() {
                    format!("{member} got reply to {request_id}: final \"{}\"", short(&reply.text, 100))
                } else {
                    format!("{member} got reply to {request_id}: calls {}", calls.join(", "))
                }
            }
            ModelFailed { member, request_id, error, retryable } => format!(
                "{member}'s request {request_id} failed ({}): {error}",
                if *retryable { "retryable" } else { "not retryable" }
            ),
            ToolExecuted { member, tool, arguments, result, is_error, .. } => format!(
                "{member} {tool}({}) -> {}{}",
                short(&arguments.to_string(), 60),
                if *is_error { "(error) " } else { "" },
                short(result, 80)
            ),
            FileWritten { member, path, content } => {
                format!("{member} wrote {path} ({} characters)", content.chars().count())
            }
            LockAcquired { member } => format!("{member} acquired the lock"),
            LockReleased { member } => format!("{member} released the lock"),
            LockWaiting { member, holder, .. } => format!("{member} waits for the lock held by {holder}"),
            ProtocolOpened { request } => format!(
                "{} request {} opened by {} for {}: pending",
                request.kind.as_str(),
                request.id,
                request.from,
                request.to
            ),
            ProtocolDecided { request_id, status, by, note } => {
                format!("{request_id} {} by {by}{}", status.as_str(), if note.is_empty() { String::new() } else { format!(": {}", short(note, 80)) })
            }
            ShouldExitSet { member, request_id } => format!("{member} will exit after this tool round ({request_id})"),
            MemberSpawned { config } => format!("{} ({}) joined the roster", config.name, config.role),
            RoundStarted { member, delivery, delivery_budget, .. } => {
                format!("{member} started delivery {delivery}/{delivery_budget} (occupied)")
            }
            RoundFinished { member, outcome, final_text } => match outcome {
                RoundOutcome::Answered => format!(
                    "{member} finished the round: \"{}\"",
                    short(final_text.as_deref().unwrap_or(""), 100)
                ),
                RoundOutcome::Stopped(why) => format!("{member} stopped: {why}"),
                RoundOutcome::Failed(why) => format!("{member} failed: {why}"),
                RoundOutcome::Shutdown => format!("{member} exited after an approved shutdown"),
            },
            StatusChanged { member, from, to } => format!("{member}: {} -> {}", from.as_str(), to.as_str()),
            MemberRecalled { member, history_len } => format!("{member} recalled with {history_len} history entries"),
            RosterRestored { snapshot } => format!(
                "roster restored from storage: {} members, all offline",
                snapshot.state.members.len()
            ),
            TeamDisbanded { undelivered } => format!(
                "team disbanded; unread records: {}",
                if undelivered.is_empty() {
                    "none".to_string()
                } else {
                    undelivered
                        .iter()
                        .map(|r| format!("{} {}->{}", r.id, r.from, r.to))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
            FaultArmed { member, .. } => format!("fault armed: {member}'s next candidate fails before commit"),
            FaultStruck { member, .. } => format!("fault struck {member} between read and commit"),
            TogglesChanged { toggles } => format!(
                "toggles: drain_on_read={}, hold_lock_during_model_call={}",
                toggles.drain_on_read, toggles.hold_lock_during_model_call
            ),
            Refused { refusal } => format!(
                "REFUSED {}{}: {}",
                refusal.code.as_str(),
                refusal.tool.as_ref().map(|t| format!(" ({t})")).unwrap_or_default(),
                refusal.reason
            ),
        }
    }

    /// A generic caption: what just happened, in the learner's language. Lessons override it
    /// at the steps that carry the lesson.
    pub fn caption(&self, lang: Lang) -> String {
        use EventKind::*;
        let zh = lang == Lang::Zh;
        match &self.kind {
            MessageQueued { record } => {
                if zh {
                    format!(
                        "{} 发给 {} 的{} {} 已存入收件箱，回执是 queued：只证明已保存，{} 的模型还没看见。",
                        record.from, record.to, kind_zh(record.kind), record.id, record.to
                    )
                } else {
                    format!(
                        "{}'s {} {} is stored in {}'s inbox. The receipt says queued: stored, not seen by {}'s model.",
                        record.from,
                        record.kind.as_str(),
                        record.id,
                        record.to,
                        record.to
                    )
                }
            }
            ResendIgnored { from, receipt, .. } => {
                if zh {
                    format!("{from} 用同一个幂等键重发：什么也没多存，返回第一次的回执 {}。", receipt.message_id)
                } else {
                    format!("{from} resent with the same idempotency key: nothing new is stored, the first receipt {} comes back.", receipt.message_id)
                }
            }
            InboxDrained { member, message_ids } => {
                if zh {
                    format!("清空模式：读取就把 {} 从 {member} 的收件箱删掉了。现在它们只存在于尚未提交的地方。", ids(message_ids))
                } else {
                    format!("Drain mode: reading removed {} from {member}'s inbox. From now on they exist only in what has not been committed yet.", ids(message_ids))
                }
            }
            CandidatePrepared { member, candidate } => {
                if zh {
                    if candidate.message_ids.is_empty() {
                        format!("{member} 准备下一次请求：复制历史，没有新的通知要追加。")
                    } else {
                        format!("{member} 准备下一次请求：在历史候选里追加 {} 的通知。收件箱里的记录一条也没删。", ids(&candidate.message_ids))
                    }
                } else if candidate.message_ids.is_empty() {
                    format!("{member} prepares its next request: the history is copied, there is no new notification to add.")
                } else {
                    format!("{member} prepares its next request: notifications for {} are added to the history candidate. Nothing is deleted from the inbox.", ids(&candidate.message_ids))
                }
            }
            CandidateDiscarded { member, lost, message_ids, .. } => {
                if zh {
                    if lost.is_empty() {
                        format!("{member} 的候选被丢弃。{} 仍在收件箱里，下一次准备还能读到。", ids(message_ids))
                    } else {
                        format!("{member} 的候选被丢弃，而 {} 已在读取时被删除：这次交接丢失了。", ids(lost))
                    }
                } else if lost.is_empty() {
                    format!("{member}'s candidate is discarded. {} is still in the inbox; the next preparation finds it again.", ids(message_ids))
                } else {
                    format!("{member}'s candidate is discarded, and {} was deleted when it was read: the handover is lost.", ids(lost))
                }
            }
            HistoryCommitted { member, history_len, .. } => {
                if zh {
                    format!("{member} 的循环提交了候选，历史现在有 {history_len} 条。下一次请求才会从这份历史构建。")
                } else {
                    format!("{member}'s loop commits the candidate; the history now has {history_len} entries. Only the next request is built from it.")
                }
            }
            ModelRequested { request } => {
                if zh {
                    format!("{} 发出模型请求 {}（本轮第 {} 次逻辑请求），内容是此刻已提交的 {} 条历史。发出后它不会再变。", request.member, request.id, request.logical, request.messages.len())
                } else {
                    format!("{} sends model request {} (logical request {} of this delivery), built from the {} committed history entries. Once sent, it never changes.", request.member, request.id, request.logical, request.messages.len())
                }
            }
            RetryScheduled { member, retries_used, retry_budget, .. } => {
                if zh {
                    format!("{member} 重试（{retries_used}/{retry_budget}）：重试有自己的预算，不占用逻辑请求次数。")
                } else {
                    format!("{member} retries ({retries_used}/{retry_budget}): retries have their own budget and do not use logical requests.")
                }
            }
            ModelReplied { member, request_id, reply } => {
                let calls: Vec<&str> = reply.tool_calls.iter().map(|c| c.name.as_str()).collect();
                match (zh, calls.is_empty()) {
                    (true, true) => format!("{member} 的模型对 {request_id} 给出最终回答。"),
                    (true, false) => format!("{member} 的模型对 {request_id} 回复，要调用：{}。", calls.join("、")),
                    (false, true) => format!("{member}'s model answers {request_id} with a final answer."),
                    (false, false) => format!("{member}'s model answers {request_id} and calls: {}.", calls.join(", ")),
                }
            }
            ModelFailed { member, request_id, error, .. } => {
                if zh {
                    format!("{member} 的请求 {request_id} 失败：{error}")
                } else {
                    format!("{member}'s request {request_id} failed: {error}")
                }
            }
            ToolExecuted { member, tool, is_error, result, .. } => {
                if zh {
                    if *is_error {
                        format!("{member} 调用 {tool} 出错，错误作为工具结果写回它的历史：{}", short(result, 120))
                    } else {
                        format!("{member} 调用 {tool}，结果写入它自己的历史：{}", short(result, 120))
                    }
                } else if *is_error {
                    format!("{member}'s {tool} call failed; the error goes back into its history as the tool result: {}", short(result, 120))
                } else {
                    format!("{member} called {tool}; the result goes into its own history: {}", short(result, 120))
                }
            }
            FileWritten { member, path, .. } => {
                if zh {
                    format!("{member} 写入了虚拟文件 {path}（没有执行任何东西）。")
                } else {
                    format!("{member} wrote the virtual file {path} (nothing was executed).")
                }
            }
            LockAcquired { member } => {
                if zh {
                    format!("宿主为 {member} 拿到锁，检查并设置占用。")
                } else {
                    format!("The host takes the lock for {member} to check and set occupancy.")
                }
            }
            LockReleased { member } => {
                if zh {
                    format!("{member} 释放了锁，别的成员可以开始了。")
                } else {
                    format!("{member}'s lock is released; other members may start.")
                }
            }
            LockWaiting { member, holder, .. } => {
                if zh {
                    format!("{member} 要开始工作，但锁在 {holder} 手里（它正拿着锁等模型），只能排队。")
                } else {
                    format!("{member} wants to start, but {holder} holds the lock (while waiting for its model), so {member} queues.")
                }
            }
            ProtocolOpened { request } => {
                if zh {
                    format!("{} 发起{}请求 {}，追踪器记为 pending。", request.from, protocol_zh(request.kind), request.id)
                } else {
                    format!("{} opens {} request {}; the tracker records it as pending.", request.from, request.kind.as_str(), request.id)
                }
            }
            ProtocolDecided { request_id, status, by, .. } => {
                if zh {
                    format!("{by} 对 {request_id} 作出答复：{}。这个编号从此离开 pending。", status_zh(*status))
                } else {
                    format!("{by} answers {request_id}: {}. The id leaves pending, once.", status.as_str())
                }
            }
            ShouldExitSet { member, .. } => {
                if zh {
                    format!("{member} 标记 should_exit：不立刻退出，先把这一轮工具执行完、结果写回。")
                } else {
                    format!("{member} sets should_exit: it does not stop mid-way; it finishes this tool round and its results first.")
                }
            }
            MemberSpawned { config } => {
                if zh {
                    format!("{}（{}）加入花名册，带着一份空的、只属于自己的历史。", config.name, config.role)
                } else {
                    format!("{} ({}) joins the roster with an empty history of its own.", config.name, config.role)
                }
            }
            RoundStarted { member, delivery, delivery_budget, .. } => {
                if zh {
                    format!("{member} 被占用，开始第 {delivery}/{delivery_budget} 次交付。")
                } else {
                    format!("{member} is now occupied: delivery {delivery} of {delivery_budget} starts.")
                }
            }
            RoundFinished { member, outcome, .. } => match (zh, outcome) {
                (true, RoundOutcome::Answered) => format!("{member} 给出最终回答，这一轮结束。成员记录和历史都留着。"),
                (true, RoundOutcome::Stopped(_)) => format!("{member} 用完了本轮的请求额度还没给出答案：stopped。"),
                (true, RoundOutcome::Failed(why)) => format!("{member} 出错：{why}。状态 failed，并向 lead 报告。"),
                (true, RoundOutcome::Shutdown) => format!("{member} 收尾完毕，按批准的关机请求退出。"),
                (false, RoundOutcome::Answered) => format!("{member} gives its final answer; the round ends. The member record and its history remain."),
                (false, RoundOutcome::Stopped(_)) => format!("{member} spent this delivery's request budget without a final answer: stopped."),
                (false, RoundOutcome::Failed(why)) => format!("{member} failed: {why}. It reports the error to the lead."),
                (false, RoundOutcome::Shutdown) => format!("{member} finished its tool round and exits, as the approved shutdown asked."),
            },
            StatusChanged { member, from, to } => {
                if zh {
                    format!("{member} 的状态：{} → {}。", from.as_str(), to.as_str())
                } else {
                    format!("{member}'s status: {} -> {}.", from.as_str(), to.as_str())
                }
            }
            MemberRecalled { member, history_len } => {
                if zh {
                    format!("显式召回 {member}：恢复它的 {history_len} 条历史，回到 idle。")
                } else {
                    format!("{member} is recalled explicitly: its {history_len} history entries are restored and it is idle again.")
                }
            }
            RosterRestored { .. } => {
                if zh {
                    "页面重新加载：花名册从浏览器存储恢复，原来的运行已经不在，所有成员都是 offline。".to_string()
                } else {
                    "The page reloaded: the roster comes back from browser storage; the old runs are gone, so every member is offline.".to_string()
                }
            }
            TeamDisbanded { undelivered } => {
                if zh {
                    format!("团队解散。未读记录 {} 条，逐条报告，不会悄悄丢掉。", undelivered.len())
                } else {
                    format!("The team is disbanded. {} unread records are reported one by one, not dropped silently.", undelivered.len())
                }
            }
            FaultArmed { member, .. } => {
                if zh {
                    format!("注入故障：{member} 下一次准备好候选后、提交之前会出错。")
                } else {
                    format!("Fault injected: {member}'s next candidate will fail after it is prepared and before it is committed.")
                }
            }
            FaultStruck { member, .. } => {
                if zh {
                    format!("故障发生在 {member} 读取之后、提交之前。")
                } else {
                    format!("The fault strikes {member} between read and commit.")
                }
            }
            TogglesChanged { toggles } => {
                if zh {
                    format!(
                        "切换模式：读取即清空 = {}，模型调用期间持锁 = {}。",
                        on_off_zh(toggles.drain_on_read),
                        on_off_zh(toggles.hold_lock_during_model_call)
                    )
                } else {
                    format!(
                        "Modes switched: drain on read = {}, hold the lock during model calls = {}.",
                        on_off(toggles.drain_on_read),
                        on_off(toggles.hold_lock_during_model_call)
                    )
                }
            }
            Refused { refusal } => {
                let who = self.actor.as_deref().unwrap_or("host");
                if zh {
                    format!("拒绝（{}）：{}。原因：{}", who, refusal.code.zh(), refusal.reason)
                } else {
                    format!("Refused ({who}): {}", refusal.reason)
                }
            }
        }
    }
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn on_off_zh(b: bool) -> &'static str {
    if b {
        "开"
    } else {
        "关"
    }
}

fn kind_zh(kind: super::mailbox::MessageKind) -> &'static str {
    use super::mailbox::MessageKind::*;
    match kind {
        Message => "消息",
        Broadcast => "广播",
        ShutdownRequest => "关机请求",
        ShutdownResponse => "关机答复",
        PlanApproval => "计划审批请求",
        PlanApprovalResponse => "计划审批结果",
    }
}

fn protocol_zh(kind: super::protocol::ProtocolKind) -> &'static str {
    match kind {
        super::protocol::ProtocolKind::Shutdown => "关机",
        super::protocol::ProtocolKind::Plan => "计划审批",
    }
}

fn status_zh(status: ProtocolStatus) -> &'static str {
    match status {
        ProtocolStatus::Pending => "pending（待定）",
        ProtocolStatus::Approved => "approved（批准）",
        ProtocolStatus::Rejected => "rejected（拒绝）",
    }
}
