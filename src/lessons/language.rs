//! What each of the learner's two languages says: its code in links and storage, the
//! interface's fixed strings, and the lessons' titles and summaries. Pure, so it is tested
//! natively; choosing the default language and remembering the choice is the browser's part
//! (`ui::browser::i18n`).

use super::catalog::LessonInfo;
pub use crate::engine::{tr, Lang};

/// The texts of a language, on the engine's language type.
pub trait LangText: Sized {
    /// The value kept in storage and in links (`zh`, `en`).
    fn code(self) -> &'static str;
    /// The language of a code, if it is one.
    fn from_code(code: &str) -> Option<Self>;
    /// The language the toggle switches to.
    fn other(self) -> Self;
    /// The interface's fixed strings.
    fn strings(self) -> &'static Strings;
    fn lesson_title(self, lesson: &LessonInfo) -> &'static str;
    fn lesson_summary(self, lesson: &LessonInfo) -> &'static str;
}

impl LangText for Lang {
    fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    fn from_code(code: &str) -> Option<Lang> {
        match code {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    fn strings(self) -> &'static Strings {
        match self {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }

    fn lesson_title(self, lesson: &LessonInfo) -> &'static str {
        tr(self, lesson.title.zh, lesson.title.en)
    }

    fn lesson_summary(self, lesson: &LessonInfo) -> &'static str {
        tr(self, lesson.summary.zh, lesson.summary.en)
    }
}

/// Every fixed string of the interface, once per language.
pub struct Strings {
    pub app_name: &'static str,
    pub tagline: &'static str,
    /// Label of the toggle: names the language it switches *to*.
    pub switch_language: &'static str,
    pub lesson: &'static str,
    pub members: &'static str,
    pub no_members: &'static str,
    pub messages: &'static str,
    pub lane_queued: &'static str,
    pub lane_queued_hint: &'static str,
    pub lane_candidate: &'static str,
    pub lane_candidate_hint: &'static str,
    pub lane_request: &'static str,
    pub lane_request_hint: &'static str,
    pub lane_empty: &'static str,
    pub transport: &'static str,
    pub first: &'static str,
    pub back: &'static str,
    pub forward: &'static str,
    pub last: &'static str,
    pub run: &'static str,
    pub pause: &'static str,
    pub speed: &'static str,
    pub step: &'static str,
    pub caption: &'static str,
    pub dismiss: &'static str,
}

const EN: Strings = Strings {
    app_name: "Agent Team Playground",
    tagline: "Watch a lead and its teammates work, one step at a time.",
    switch_language: "中文",
    lesson: "Lesson",
    members: "Members",
    no_members: "No members yet.",
    messages: "Where each message is",
    lane_queued: "Queued: in the inbox",
    lane_queued_hint:
        "every stored record; the inbox deletes nothing, so a record taken in stays here (dotted)",
    lane_candidate: "In candidate or history",
    lane_candidate_hint:
        "in the candidate the host is preparing, or in the history, where it stays after it is sent",
    lane_request: "In request",
    lane_request_hint: "inside a request actually sent to a model",
    lane_empty: "empty",
    transport: "Transport",
    first: "First step",
    back: "Step back",
    forward: "Step forward",
    last: "Last step",
    run: "Run",
    pause: "Pause",
    speed: "Speed",
    step: "step",
    caption: "What just happened",
    dismiss: "Dismiss",
};

const ZH: Strings = Strings {
    app_name: "Agent Team Playground",
    tagline: "智能体团队演练场：一步一步看 lead 和队友如何协作。",
    switch_language: "English",
    lesson: "课程",
    members: "成员",
    no_members: "还没有成员。",
    messages: "每条消息在哪里",
    lane_queued: "已排队：在收件箱里",
    lane_queued_hint: "存进来的每条记录；收件箱什么也不删，被取用过的记录仍在这里（虚线）",
    lane_candidate: "在候选或历史中",
    lane_candidate_hint: "在宿主正在准备的候选里，或在历史里；发出之后仍留在历史里",
    lane_request: "在请求中",
    lane_request_hint: "在真正发给模型的请求里",
    lane_empty: "空",
    transport: "播放控制",
    first: "第一步",
    back: "后退一步",
    forward: "前进一步",
    last: "最后一步",
    run: "运行",
    pause: "暂停",
    speed: "速度",
    step: "步",
    caption: "刚刚发生了什么",
    dismiss: "关闭",
};
