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
    fn strings(self) -> Strings;
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

    fn strings(self) -> Strings {
        strings_in(self)
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

/// Every fixed string of the interface in `lang`, each written once with both its texts.
fn strings_in(lang: Lang) -> Strings {
    Strings {
        app_name: tr(lang, "智能体团队演练场", "Agent Team Playground"),
        tagline: tr(lang, "一步一步看 lead 和队友如何协作（Agent Team Playground）。", "Watch a lead and its teammates work, one step at a time."),
        switch_language: tr(lang, "English", "中文"),
        lesson: tr(lang, "课程", "Lesson"),
        members: tr(lang, "成员", "Members"),
        no_members: tr(lang, "还没有成员。", "No members yet."),
        messages: tr(lang, "每条消息在哪里", "Where each message is"),
        lane_queued: tr(lang, "收件箱：存着的每条，取用与否", "Inbox: stored, taken in or not"),
        lane_queued_hint: tr(lang, "收件箱什么也不删：被取用过的记录仍在这里（虚线）", "the inbox deletes nothing: a record taken in stays here (dotted)"),
        lane_candidate: tr(lang, "在候选或历史中", "In candidate or history"),
        lane_candidate_hint: tr(lang, "在宿主正在准备的候选里，或在历史里；发出之后仍留在历史里", "in the candidate the host is preparing, or in the history, where it stays after it is sent"),
        lane_request: tr(lang, "在请求中", "In request"),
        lane_request_hint: tr(lang, "在真正发给模型的请求里", "inside a request actually sent to a model"),
        lane_empty: tr(lang, "空", "empty"),
        transport: tr(lang, "播放控制", "Transport"),
        first: tr(lang, "第一步", "First step"),
        back: tr(lang, "后退一步", "Step back"),
        forward: tr(lang, "前进一步", "Step forward"),
        last: tr(lang, "最后一步", "Last step"),
        run: tr(lang, "运行", "Run"),
        pause: tr(lang, "暂停", "Pause"),
        speed: tr(lang, "速度", "Speed"),
        step: tr(lang, "步", "step"),
        caption: tr(lang, "刚刚发生了什么", "What just happened"),
        dismiss: tr(lang, "关闭", "Dismiss"),
    }
}
