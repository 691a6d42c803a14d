//! The key steps of each lesson: the few moments that carry its point, so a learner can jump
//! between them ("next key step", the marks on the scrubber) instead of stepping through a
//! hundred bookkeeping events.
//!
//! A key step is named by what happens, not by its number: an event kind and a piece of the
//! event's English summary (the same matching a caption rule uses), resolved against the run
//! on screen. So the marks survive edits of the lesson files, and on a forked branch they sit
//! where the moment happens there, or are absent when it no longer happens.
//!
//! The moments are authored per lesson. Each lesson's list holds its payoff (lesson 1: m4 in
//! a request for the first time, so in all three places) and ends on its conclusion, the event
//! of its last authored caption (`tests/it/key_steps.rs` checks that on every lesson's run).

use super::catalog::FREE_PLAY_ID;
use crate::engine::{Caption, Lang, Timeline};

/// One key moment of a lesson, as a predicate on events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyMoment {
    /// The event kind (`EventKind::name`).
    pub event: &'static str,
    /// Text the event's summary contains.
    pub contains: &'static str,
    /// Which of the matching events (0-based). Counted from the start, never from the end: a
    /// fork that ends the run early must not pull a later moment onto an earlier event.
    pub nth: usize,
    /// A short label, in Chinese and English.
    pub zh: &'static str,
    pub en: &'static str,
}

const fn moment(
    event: &'static str,
    contains: &'static str,
    nth: usize,
    zh: &'static str,
    en: &'static str,
) -> KeyMoment {
    KeyMoment {
        event,
        contains,
        nth,
        zh,
        en,
    }
}

#[rustfmt::skip]
const L1: &[KeyMoment] = &[
    moment("model_replied", "lead got reply to r1", 0, "lead 分派工作", "The lead hands out the work"),
    moment("round_started", "reviewer started delivery 1/", 0, "两个成员同时工作", "Both members work at once"),
    moment("message_queued", "message m3 ->", 0, "reader 向 lead 汇报", "reader reports to the lead"),
    moment("message_queued", "message m4 ->", 0, "reviewer 的追问只是排队", "reviewer's follow-up is only queued"),
    moment("candidate_prepared", "reader prepared a candidate", 3, "下一次交付读到 m4", "The next delivery reads m4"),
    moment("model_requested", "reader sent request", 3, "m4 第一次进入请求：三个位置都有它", "m4 in a request for the first time: in all three places"),
    moment("candidate_prepared", "notifies m3, m5", 0, "lead 收齐两份汇报", "The lead takes in both reports"),
    moment("round_finished", "lead finished the round", 1, "lead 的最终回答", "The lead's final answer"),
];

#[rustfmt::skip]
const L2: &[KeyMoment] = &[
    moment("fault_armed", "", 0, "准备一次故障", "A fault is armed"),
    moment("candidate_discarded", "lost none", 0, "候选被丢弃，消息还在", "Candidate discarded, the message stays"),
    moment("history_committed", "notifies m1", 0, "重读并提交 m1", "m1 read again and committed"),
    moment("toggles_changed", "drain_on_read=true", 0, "切到读后即删", "Drain on read switched on"),
    moment("inbox_drained", "m2", 0, "读取就删掉了 m2", "Reading deletes m2"),
    moment("candidate_discarded", "lost m2", 0, "m2 丢了", "m2 is lost"),
    moment("round_finished", "reader finished the round", 1, "reader 以为没有新消息", "reader believes no message came"),
];

#[rustfmt::skip]
const L3: &[KeyMoment] = &[
    moment("lock_acquired", "reader acquired", 0, "锁只包住检查并设置", "The lock covers only check-and-set"),
    moment("refused", "member_busy", 0, "忙碌的成员拒绝第二轮", "A busy member refuses a second round"),
    moment("toggles_changed", "hold_lock_during_model_call=true", 0, "对照：模型调用期间持锁", "Contrast: lock held during the model call"),
    moment("lock_waiting", "reviewer waits", 0, "reviewer 排队等锁", "reviewer queues for the lock"),
    moment("lock_acquired", "reviewer acquired", 1, "大锁的代价：reviewer 等到 reader 整轮结束", "The cost of a large lock: reviewer waits out reader's whole round"),
    moment("lock_released", "reviewer released", 1, "两人先后完成：结论", "One after the other: the conclusion"),
];

#[rustfmt::skip]
const L4: &[KeyMoment] = &[
    moment("member_spawned", "alice", 0, "召入 alice", "alice is spawned"),
    moment("file_written", "alice wrote", 0, "alice 写虚拟文件", "alice writes a virtual file"),
    moment("refused", "sender_ignored", 0, "伪造的发送者被忽略", "A forged sender is ignored"),
    moment("message_queued", "bob queued message", 0, "bob 交回审查", "bob reports the review"),
    moment("message_queued", "broadcast", 0, "广播收尾", "The wrap-up broadcast"),
    moment("team_disbanded", "", 0, "解散并列出未读", "Disband lists unread mail"),
];

#[rustfmt::skip]
const L5: &[KeyMoment] = &[
    moment("protocol_opened", "shutdown-1", 0, "lead 请求关机（shutdown-1）", "The lead asks for shutdown (shutdown-1)"),
    moment("protocol_decided", "shutdown-1 rejected", 0, "写文件时拒绝", "Rejected while writing"),
    moment("tool_executed", "lead shutdown_response", 0, "lead 查询追踪器", "The lead queries the tracker"),
    moment("protocol_decided", "shutdown-2 approved", 0, "写完后同意（shutdown-2）", "Approved after writing (shutdown-2)"),
    moment("refused", "already_decided", 0, "重复回应被拒绝", "A duplicate response is refused"),
    moment("refused", "unknown_request", 0, "未知请求被拒绝", "An unknown request is refused"),
    moment("round_finished", "alice exited", 0, "alice 退出", "alice exits"),
    moment("refused", "member_shut_down", 0, "已关机的成员不再接活", "A shut-down member takes no more work"),
];

#[rustfmt::skip]
const L6: &[KeyMoment] = &[
    moment("protocol_opened", "plan-1", 0, "alice 提交计划 plan-1", "alice submits plan-1"),
    moment("protocol_decided", "plan-1 rejected", 0, "lead 带反馈拒绝", "The lead rejects with feedback"),
    moment("protocol_opened", "plan-2", 0, "修改后的计划 plan-2", "The revised plan-2"),
    moment("protocol_decided", "plan-2 approved", 0, "lead 批准", "The lead approves"),
    moment("file_written", "alice wrote", 0, "批准后才动手写", "alice writes only after approval"),
];

#[rustfmt::skip]
const L7: &[KeyMoment] = &[
    moment("refused", "inbox_full", 0, "收件箱满", "Inbox full"),
    moment("refused", "body_too_long", 0, "正文太长", "Body too long"),
    moment("resend_ignored", "", 0, "幂等键：重发不多存", "Idempotency key: a resend stores nothing"),
    moment("retry_scheduled", "reader retries", 0, "重试有独立预算", "Retries have their own budget"),
    moment("refused", "history_full", 0, "历史满了", "History full"),
    moment("refused", "delivery_budget_spent", 0, "交付次数用完", "Deliveries spent"),
    moment("round_finished", "scout stopped", 0, "请求次数用完：已停止", "Requests spent: stopped"),
    moment("refused", "member_not_idle", 0, "没有什么会自己重启", "Nothing restarts by itself"),
];

#[rustfmt::skip]
const L8: &[KeyMoment] = &[
    moment("roster_restored", "", 0, "重启：全部离线", "Restart: everyone offline"),
    moment("refused", "member_offline", 0, "离线成员拒绝工作", "An offline member refuses work"),
    moment("member_recalled", "reader recalled", 0, "显式召回 reader", "reader recalled explicitly"),
    moment("model_requested", "reader sent request r4", 0, "用恢复的历史发请求", "A request built on the restored history"),
    moment("member_recalled", "lead recalled", 0, "召回 lead", "The lead is recalled"),
];

/// The key moments of a lesson (free play is lesson 1's data); none for an unknown id or the
/// generated stress lesson.
pub fn moments(lesson_id: &str) -> &'static [KeyMoment] {
    match lesson_id {
        "l1-two-investigators" | FREE_PLAY_ID => L1,
        "l2-drain-loses-mail" => L2,
        "l3-lock-scope" => L3,
        "l4-coder-and-reviewer" => L4,
        "l5-shutdown-handshake" => L5,
        "l6-plan-approval" => L6,
        "l7-limits-and-budgets" => L7,
        "l8-restart-and-recall" => L8,
        _ => &[],
    }
}

/// A key moment placed on a run: the step that shows it (event index + 1) and its label.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyStep {
    pub step: usize,
    pub label: Caption,
}

impl KeyStep {
    /// The label in `lang`.
    pub fn label(&self, lang: Lang) -> &str {
        self.label.get(lang)
    }
}

/// The event index `moment` points at in `timeline`, if the moment happens there.
fn resolve(moment: &KeyMoment, timeline: &Timeline) -> Option<usize> {
    timeline
        .events()
        .iter()
        .filter(|e| e.kind.name() == moment.event && e.summary().contains(moment.contains))
        .nth(moment.nth)
        .map(|e| e.seq)
}

/// The key steps of `lesson_id` on `timeline`, in step order, each step once. A moment that
/// does not happen on this run (a fork changed the story) has no step.
pub fn key_steps(lesson_id: &str, timeline: &Timeline) -> Vec<KeyStep> {
    let mut steps: Vec<KeyStep> = moments(lesson_id)
        .iter()
        .filter_map(|m| {
            resolve(m, timeline).map(|seq| KeyStep {
                step: seq + 1,
                label: Caption::new(m.zh, m.en),
            })
        })
        .collect();
    steps.sort_by_key(|k| k.step);
    steps.dedup_by_key(|k| k.step);
    steps
}

/// The first key step after `step`, if any.
pub fn next_key_step(steps: &[KeyStep], step: usize) -> Option<usize> {
    steps.iter().map(|k| k.step).find(|s| *s > step)
}

/// The last key step before `step`, if any.
pub fn previous_key_step(steps: &[KeyStep], step: usize) -> Option<usize> {
    steps.iter().rev().map(|k| k.step).find(|s| *s < step)
}
