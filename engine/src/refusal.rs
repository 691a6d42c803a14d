//! Refusals: an input or a tool call the host will not carry out, with a stable code and a
//! reason the learner reads. A refusal changes nothing but the log (it is an event too).

use serde::{Deserialize, Serialize};

crate::named_enum! {
    /// Faults a lesson (or the learner) can inject.
    pub enum Fault {
        /// The next prepared candidate of the member is discarded before it is committed (the
        /// "crash between read and commit" of seed 000).
        FailBeforeCommit = "fail_before_commit",
    }
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
