//! The list of built-in lessons as the picker shows it: a stable id, titles and one-line
//! summaries in Chinese and English, and the SPEC rule ids each lesson teaches. The last entry
//! is free play ([`FREE_PLAY_ID`]).

use crate::engine::Caption;
use serde::Serialize;

/// Id of the free-play entry.
pub const FREE_PLAY_ID: &str = "free-play";

/// One entry of the lesson picker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LessonInfo {
    /// Stable id used in links and tests; never renamed once shipped.
    pub id: &'static str,
    /// The title the picker shows.
    pub title: Caption<&'static str>,
    /// One line on what the lesson shows.
    pub summary: Caption<&'static str>,
    /// SPEC.md rule ids this lesson makes visible.
    pub rules: &'static [&'static str],
}

const CATALOG: &[LessonInfo] = &[
    LessonInfo {
        id: "l1-two-investigators",
        title: Caption::fixed("两个调查者，一次追问", "Two investigators, one follow-up"),
        summary: Caption::fixed(
            "reader 与 reviewer 并行调查；排队的消息不等于模型看见了它。",
            "Reader and reviewer work in parallel; a queued message is not a seen message.",
        ),
        rules: &["T1", "T2", "T3", "T4", "T5", "M1", "M2", "M3", "M4", "D1", "D2", "D3", "K3"],
    },
    LessonInfo {
        id: "l2-drain-loses-mail",
        title: Caption::fixed("读后即删会丢信", "Deleting on read loses mail"),
        summary: Caption::fixed(
            "同一故障下，追加日志保住消息，读后即删把它弄丢。",
            "The same fault: the append-only log keeps the message, drain-on-read loses it.",
        ),
        rules: &["M5", "M6"],
    },
    LessonInfo {
        id: "l3-lock-scope",
        title: Caption::fixed("锁的范围", "Lock scope"),
        summary: Caption::fixed(
            "只在检查并设置占用时持锁，成员才能并行；把模型调用也锁住就会排队。",
            "Lock only the check-and-set and members run in parallel; lock the model call and they queue.",
        ),
        rules: &["T5", "T6"],
    },
    LessonInfo {
        id: "l4-coder-and-reviewer",
        title: Caption::fixed("编码者与审查者", "Coder and reviewer"),
        summary: Caption::fixed(
            "召入 alice 与 bob，写文件、审查、汇报，广播收尾，解散时列出未读消息。",
            "Spawn alice and bob, write, review, report, broadcast a wrap-up, and list unread mail at disband.",
        ),
        rules: &["K1", "K2", "K3", "L1", "L4", "M1", "M9", "D2", "D3"],
    },
    LessonInfo {
        id: "l5-shutdown-handshake",
        title: Caption::fixed("关机握手", "Shutdown handshake"),
        summary: Caption::fixed(
            "写文件时拒绝，写完后同意，状态变为 shutdown；重复与未知的回应被拒绝。",
            "Reject while writing, approve after, status shutdown; duplicate and unknown responses are refused.",
        ),
        rules: &["P1", "P2", "P4", "P5"],
    },
    LessonInfo {
        id: "l6-plan-approval",
        title: Caption::fixed("计划审批", "Plan approval"),
        summary: Caption::fixed(
            "驳回并给出反馈，修改后再提交，批准后才动手。",
            "Reject with feedback, revise and resubmit, approve, then proceed.",
        ),
        rules: &["P1", "P3"],
    },
    LessonInfo {
        id: "l7-limits-and-budgets",
        title: Caption::fixed("限额与预算", "Limits and budgets"),
        summary: Caption::fixed(
            "收件箱满、正文超长、同键重发不多存、历史超限、交付次数用尽、失败请求消耗重试预算。",
            "Full inbox, oversized body, a resend that stores nothing, history cap, delivery quota, and a retry budget.",
        ),
        rules: &["M7", "M8", "L1", "L2"],
    },
    LessonInfo {
        id: "l8-restart-and-recall",
        title: Caption::fixed("重启与召回", "Restart and recall"),
        summary: Caption::fixed(
            "重新加载后成员都离线，必须显式召回才能恢复历史。",
            "After a reload every member is offline until explicitly recalled with its history.",
        ),
        rules: &["L3"],
    },
    LessonInfo {
        id: FREE_PLAY_ID,
        title: Caption::fixed("自由练习", "Free play"),
        summary: Caption::fixed(
            "编辑成员、文件与任务，也可以接入真实模型。",
            "Edit members, files and the task, and run on a real model.",
        ),
        rules: &[],
    },
];

/// The built-in lessons in picker order; the first is the default lesson.
pub fn catalog() -> &'static [LessonInfo] {
    CATALOG
}

/// Looks a lesson up by its stable id.
pub fn find(id: &str) -> Option<&'static LessonInfo> {
    CATALOG.iter().find(|lesson| lesson.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalog_has_eight_lessons_and_free_play_with_unique_ids() {
        let ids: std::collections::BTreeSet<_> = catalog().iter().map(|l| l.id).collect();
        assert_eq!(ids.len(), 9);
        assert_eq!(catalog()[0].id, "l1-two-investigators");
        assert_eq!(find("free-play").map(|l| l.title.en), Some("Free play"));
        assert!(find("no-such-lesson").is_none());
    }
}
