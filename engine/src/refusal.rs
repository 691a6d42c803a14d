//! Refusals: an input or a tool call the host will not carry out, with a stable code and a
//! reason the learner reads. A refusal changes nothing but the log (it is an event too).

use serde::{Deserialize, Serialize};

named_enum! {
    /// Faults a lesson (or the learner) can inject.
    pub enum Fault {
        /// The next prepared candidate of the member is discarded before it is committed (the
        /// "crash between read and commit" of seed 000).
        FailBeforeCommit = "fail_before_commit",
    }
}

/// Why something was refused: a stable code plus a reason in the team's language
/// ([`TeamConfig::lang`](super::config::TeamConfig::lang)).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    /// What kind of refusal (stable, for tests, captions and transcripts).
    pub code: RefusalCode,
    /// The reason the learner (and, for a tool call, the model) reads, in the team's language.
    pub reason: String,
    /// The tool call this refusal answers, if any.
    #[serde(default)]
    pub tool: Option<String>,
    /// The id of the tool call this refusal answers, if any.
    #[serde(default)]
    pub call_id: Option<String>,
}

impl Refusal {
    /// A refusal with this code and reason, not tied to a tool call.
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
    ($($(#[$doc:meta])* $variant:ident => $name:literal, $zh:literal;)*) => {
        /// Stable refusal codes (snake_case in JSON and transcripts).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        pub enum RefusalCode { $($(#[$doc])* $variant,)* }

        impl RefusalCode {
            /// The stable snake_case name (the one in JSON and transcripts).
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
    /// A command or tool names nobody on the roster.
    UnknownMember => "unknown_member", "没有这个成员";
    /// M1: a send (or shutdown request) names a recipient not on the roster, or a broadcast
    /// has nobody to go to (M9).
    UnknownRecipient => "unknown_recipient", "收件人不存在";
    /// M1: a member sends a message to itself.
    SelfSend => "self_send", "不能给自己发消息";
    /// M1: a message, broadcast or plan with an empty body.
    EmptyBody => "empty_body", "正文为空";
    /// M7: a body, plan or task over the character limit; nothing is cut.
    BodyTooLong => "body_too_long", "正文超过长度上限";
    /// M7: the recipient's inbox holds the maximum number of records.
    InboxFull => "inbox_full", "收件箱已满";
    /// M7: the history would pass its entry limit.
    HistoryFull => "history_full", "历史已达上限";
    /// T5: the member is already working or waiting for the lock; no second round.
    MemberBusy => "member_busy", "成员正忙";
    /// L3: the member is offline and must be recalled first.
    MemberOffline => "member_offline", "成员离线，需要先召回";
    /// L1: the member stopped or failed; nothing restarts by itself.
    MemberNotIdle => "member_not_idle", "成员已停止或失败，不会自动重启";
    /// P2: the member exited after an approved shutdown.
    MemberShutDown => "member_shut_down", "成员已关机";
    /// L2: the member has used all its deliveries; it stays as it is.
    DeliveryBudgetSpent => "delivery_budget_spent", "交付次数已用完";
    /// K1, K2: no tool has this name.
    UnknownTool => "unknown_tool", "没有这个工具";
    /// K1, K2: the tool exists but is not in this role's list (or writing is off).
    ToolNotAllowed => "tool_not_allowed", "该角色不能使用这个工具";
    /// The arguments are not a JSON object (or a string that parses to one).
    MalformedArguments => "malformed_arguments", "参数格式错误";
    /// A required argument is absent.
    MissingArgument => "missing_argument", "缺少参数";
    /// An argument has the wrong JSON type.
    WrongArgumentType => "wrong_argument_type", "参数类型错误";
    /// An argument the tool does not take.
    UnknownArgument => "unknown_argument", "多余的参数";
    /// An argument of the right type with a value the host will not use (a bad idempotency
    /// key, a shutdown request for the lead).
    InvalidArgument => "invalid_argument", "参数不合法";
    /// M1, D3: a `from` or `sender` argument was dropped; the host binds the sender.
    SenderIgnored => "sender_ignored", "发送者由宿主绑定，伪造字段被忽略";
    /// P5: no protocol request (or model request) has this id.
    UnknownRequest => "unknown_request", "没有这个请求编号";
    /// P5: the protocol request already left `pending`.
    AlreadyDecided => "already_decided", "该请求已经有结论";
    /// P5: the request is addressed to another member.
    NotYourRequest => "not_your_request", "该请求不归你回答";
    /// P5: the id names a request of the other protocol.
    WrongRequestKind => "wrong_request_kind", "请求类型不符";
    /// K3: no such file in the lesson's virtual file system.
    NoSuchFile => "no_such_file", "文件不存在";
    /// K3: not a short relative path of letters, digits, `.`, `_`, `-` and `/` without `..`.
    InvalidPath => "invalid_path", "路径不合法";
    /// K3: a file's content over the character limit; nothing is written.
    FileTooLarge => "file_too_large", "文件超过长度上限";
    /// T1: a member name (or a spawned member's role) that is not allowed.
    InvalidName => "invalid_name", "名字不合法";
    /// T1: a member with this name is already on the roster.
    AlreadyExists => "already_exists", "同名成员已存在";
    /// T1: the roster holds the maximum number of members.
    TeamFull => "team_full", "团队人数已达上限";
    /// One reply uses the same tool call id twice; the second call is not run.
    DuplicateCallId => "duplicate_call_id", "工具调用编号重复";
    /// A model reply with neither text nor tool calls.
    EmptyReply => "empty_reply", "模型回复为空";
    /// A model reply with more tool calls than the limit; refused as a whole.
    TooManyToolCalls => "too_many_tool_calls", "一次回复的工具调用过多";
    /// An outcome for a model request that is no longer in flight (answered, failed,
    /// abandoned at a restart).
    StaleReply => "stale_reply", "这个请求已经有结果";
    /// L4: the team was disbanded; only a tick or a restore is accepted.
    TeamDisbanded => "team_disbanded", "团队已解散";
    /// T5: a member is working, so modes cannot change and the team cannot be disbanded.
    MembersBusy => "members_busy", "还有成员在工作";
    /// L3: only an offline, stopped, failed or shut-down member can be recalled.
    NotRecallable => "not_recallable", "该成员无需召回";
    /// The logical clock only moves forward.
    ClockBackwards => "clock_backwards", "逻辑时钟不能倒退";
    /// L3: a stored roster of another version, or with an invalid config.
    InvalidSnapshot => "invalid_snapshot", "存档无效";
}
