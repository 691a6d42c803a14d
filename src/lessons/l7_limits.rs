//! Lesson 7, "Limits and budgets" (seed 000's limits of a small teaching session): a full inbox
//! (8 records), an oversized body (over 600 characters), a send repeated with the same
//! idempotency key that stores nothing new, a failing request paid from the retry budget, a
//! delivery that spends its 4 requests without an answer (stopped), a history that reaches 80
//! entries (failed, reported to the lead), and a third delivery refused by the delivery quota.
//! Every limit gives a clear error; nothing is truncated or dropped. (M7, M8, L1, L2)

use super::builder::{
    self, after, cap, cap_with, checkpoint, deliver, deliver_task, inbox_holds, now, status_of,
    Script,
};
use super::catalog::LessonInfo;
use super::checkpoint::Checkpoint;
use super::definition::{moment, KeyMoment, LessonDef};
use super::language::tr;
use super::lesson::{CaptionRule, Lesson};
use crate::engine::{Caption, Lang, MemberConfig, TeamConfig};
use serde_json::{json, Value};

pub const ID: &str = "l7-limits-and-budgets";

/// Lesson 7 as one definition: its catalog entry, how it is built, its checkpoints, its key
/// moments and whether it offers the contrast toggles (`registry.rs` lists it).
pub const LESSON: LessonDef = LessonDef {
    info: LessonInfo {
        id: ID,
        title: Caption::fixed("限额与预算", "Limits and budgets"),
        summary: Caption::fixed(
            "收件箱满、正文超长、同键重发不多存、历史超限、交付次数用尽、失败请求消耗重试预算。",
            "Full inbox, oversized body, a resend that stores nothing, history cap, delivery quota, and a retry budget.",
        ),
        rules: &["M7", "M8", "L1", "L2"],
    },
    build: lesson,
    checkpoints,
    challenges: super::challenges::l7,
    key_moments: KEY_MOMENTS,
    offers_toggles: false,
    first_step: Caption::fixed(
        "你会看到各个限额依次被触到（收件箱满、正文太长、重发、重试、历史满、次数用完），以及每一次给出的清楚错误。",
        "You will see each limit reached in turn (a full inbox, a long body, a resend, retries, a full history, spent budgets) and the clear error each gives.",
    ),
};

/// The moments that carry the lesson's point (`key_steps.rs` places them on the run).
#[rustfmt::skip]
const KEY_MOMENTS: &[KeyMoment] = &[
    moment("refused", "inbox_full", 0, "收件箱满", "Inbox full"),
    moment("refused", "body_too_long", 0, "正文太长", "Body too long"),
    moment("resend_ignored", "", 0, "幂等键：重发不多存", "Idempotency key: a resend stores nothing"),
    moment("retry_scheduled", "reader retries", 0, "重试有独立预算", "Retries have their own budget"),
    moment("refused", "history_full", 0, "历史满了", "History full"),
    moment("refused", "delivery_budget_spent", 0, "交付次数用完", "Deliveries spent"),
    moment("round_finished", "scout stopped", 0, "请求次数用完：已停止", "Requests spent: stopped"),
    moment("refused", "member_not_idle", 0, "没有什么会自己重启", "Nothing restarts by itself"),
];

const TASK_ZH: &str =
    "给 reader 八条短笔记，让 scout 在 notes.txt 里找暗号，让 archivist 把每个文件都抄进笔记。";
const TASK_EN: &str = "Give reader eight short notes, ask scout to find a secret word in notes.txt, and ask archivist to copy every file into its notes.";

fn lesson(lang: Lang) -> Lesson {
    let config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
        MemberConfig::teammate("scout", "scout"),
        MemberConfig::teammate("archivist", "archivist"),
    ])
    .with_file("main.py", "print(6 * 7)")
    .with_file(
        "notes.txt",
        tr(lang, "这里没有暗号。", "There is no secret word here."),
    );
    let mut lead_calls: Vec<(&str, Value)> = (1..=9)
        .map(|k| {
            (
                "send_message",
                json!({"to": "reader", "body": tr(lang, format!("第 {k} 条笔记（共 9 条）：请记住这一条。"), format!("Note {k} of 9: keep this in mind."))}),
            )
        })
        .collect();
    // Over the 600-character limit in both languages (the limit counts characters).
    let long_body = tr(
        lang,
        format!("以下是完整的背景，逐字照录：{}", "背景说明。".repeat(120)),
        format!(
            "Here is the whole background, word for word: {}",
            "blah ".repeat(112)
        ),
    );
    lead_calls.push(("send_message", json!({"to": "scout", "body": long_body})));
    // Sent twice with one idempotency key, as a sender does when it cannot tell whether the
    // first send arrived: the second stores nothing and gets the first receipt back (M8).
    let scout_task = json!({"to": "scout", "body": tr(lang, "在 notes.txt 里找出暗号。", "Find the secret word in notes.txt."), "idempotency_key": "scout-task"});
    lead_calls.push(("send_message", scout_task.clone()));
    lead_calls.push(("send_message", scout_task));
    lead_calls.push(("send_message", json!({"to": "archivist", "body": tr(lang, "把每个文件都读一遍，想读几遍都行，并做好笔记。", "Read every file, as many times as you like, and keep notes.")})));
    let archivist_calls: Vec<(&str, Value)> = (0..80)
        .map(|_| ("read_file", json!({"path": "main.py"})))
        .collect();
    let script = Script::new()
        .calls("lead", 1, tr(lang, "发送笔记。", "Sending the notes."), lead_calls)
        .answer("lead", 1, tr(lang, "有几条发送被拒绝了，其余的已排队。", "Some sends were refused; the rest are queued."))
        .fail("reader", 1, "529 overloaded: try again later", true)
        .answer("reader", 1, tr(lang, "我收到了第 1 到第 8 条笔记。", "I have the notes 1 to 8."))
        .answer("reader", 1, tr(lang, "和上次相比没有新消息。", "Nothing new since last time."))
        .calls("scout", 1, tr(lang, "还没找到。", "Not found yet."), vec![("read_file", json!({"path": "notes.txt"}))])
        .calls("scout", 1, tr(lang, "还在找。", "Still looking."), vec![("read_file", json!({"path": "notes.txt"}))])
        .calls("scout", 1, tr(lang, "也许我漏看了。", "Maybe I missed it."), vec![("read_file", json!({"path": "notes.txt"}))])
        .calls("scout", 1, tr(lang, "再看一遍。", "One more time."), vec![("read_file", json!({"path": "notes.txt"}))])
        .calls("archivist", 1, tr(lang, "把所有内容抄一遍，再抄一遍。", "Copying everything, again and again."), archivist_calls)
        .answer("lead", 1, tr(lang, "reader 收到了第 1 到 8 条笔记（第 9 条被拒绝：收件箱已满）；发给 scout 的长消息被拒绝（超过 600 字符）；scout 的任务只存了一份（同键重发没有多存）；scout 用完 4 次请求仍没有答案，已停止；archivist 的历史到了 80 条，这一轮失败了。", "reader has notes 1-8 (note 9 was refused: inbox full); the long message to scout was refused (over 600 characters); scout got its task once (the resend with the same key stored nothing); scout stopped after 4 requests without an answer; archivist failed when its history reached 80 entries."))
        .build();
    let directions = vec![
        now(deliver_task("lead", tr(lang, TASK_ZH, TASK_EN))),
        after(&["lead"], deliver("reader")),
        now(deliver("scout")),
        now(deliver("archivist")),
        after(&["reader"], deliver("reader")),
        after(&["reader"], deliver("reader")),
        after(&["scout"], deliver("scout")),
        after(&["archivist", "scout"], deliver("lead")),
    ];
    let task = Caption::new(TASK_ZH, TASK_EN);
    let intro = Caption::new(
        "两人能同时工作，也得知道什么时候停。这是为小型教学会话选择的限额：每个收件箱最多八条，正文最多 600 字符，历史最多 80 条；每位成员最多两次交付，每次交付最多四次逻辑请求，重试另有预算。碰到上限都会给出清楚的错误。",
        "Working in parallel also means knowing when to stop. The limits of this small teaching session: at most eight records per inbox, 600 characters per body, 80 history entries; at most two deliveries per member, four logical requests per delivery, and a separate retry budget. Every limit gives a clear error.",
    );
    builder::lesson(config, task, intro).played_as(script, directions, captions())
}

/// The lesson's captions: which event each explains, in both languages.
fn captions() -> Vec<CaptionRule> {
    vec![
        cap_with(
            "refused",
            "lead",
            "inbox_full",
            0,
            "第九条消息被拒绝：reader 的收件箱最多八条，现有 {inbox:reader}。发送方拿到的工具结果标明是错误，日志里也有一条事件；没有任何东西被悄悄丢掉。",
            "The ninth message is refused: reader's inbox holds at most eight records, and it keeps {inbox:reader}. The sender gets a tool result marked as an error, and the log has an event; nothing is dropped silently.",
        ),
        cap_with(
            "refused",
            "lead",
            "body_too_long",
            0,
            "这条正文超过 600 字符，被整条拒绝：不截断、不存半条。长期团队需要归档和压缩，本课先把上限讲清楚。",
            "This body is over 600 characters and is refused as a whole: not truncated, not half stored. Long-lived teams need archiving and compaction; this lesson just makes the limit explicit.",
        ),
        cap(
            "resend_ignored",
            "lead",
            0,
            "lead 的模型用同一个幂等键把任务又发了一次：发送方拿不准第一次是否送达（比如回执在超时中丢了）时就会这样重发。宿主认出这个键，什么也不多存，返回第一次的回执 m9：scout 的收件箱里仍然只有一份任务（收件箱现有 {inbox:scout}）。没有这个键，重发会多存一份，还会多占 scout 八个位置中的一个。",
            "The lead's model sends the task again with the same idempotency key, as a sender does when it cannot tell whether the first send arrived (say its receipt was lost in a timeout). The host recognizes the key, stores nothing new and returns the first receipt, m9: scout's inbox holds the task once (it keeps {inbox:scout}). Without the key, the resend would store a second copy and take one more of scout's eight places.",
        ),
        cap(
            "model_failed",
            "reader",
            0,
            "reader 的请求失败了（529 过载）。",
            "reader's request fails (529 overloaded).",
        ),
        cap(
            "retry_scheduled",
            "reader",
            0,
            "请求恢复有独立的尝试预算：这次重试花的是重试预算，不占本轮四次逻辑请求的额度。",
            "Recovery has its own budget: this retry is paid from the retry budget and does not use one of the four logical requests of the delivery.",
        ),
        cap(
            "round_finished",
            "scout",
            0,
            "scout 用完了本轮四次逻辑请求，还没给出答案：状态转为已停止（此刻：{status:scout}）。它不会自动重启。",
            "scout has spent the four logical requests of its delivery without an answer: its status becomes stopped (now: {status:scout}). It does not restart by itself.",
        ),
        cap_with(
            "refused",
            "archivist",
            "history_full",
            0,
            "archivist 的历史到了 80 条上限，这次工具结果放不进去了。历史满了连错误结果都写不下，所以这一轮以失败结束。",
            "archivist's history reaches the limit of 80 entries and this tool result does not fit. A full history cannot even hold an error result, so the round ends as failed.",
        ),
        cap_with(
            "message_queued",
            "archivist",
            "-> lead",
            0,
            "异常则失败，并且成员把错误报告给 lead。",
            "On an error the member is failed, and it reports the error to the lead.",
        ),
        cap_with(
            "refused",
            "reader",
            "delivery_budget_spent",
            0,
            "第三次交付被拒绝：每个成员最多接两轮，reader 保持原样（{status:reader}，交付 {deliveries:reader}）。两个上限回答不同的问题：“这一轮还能问几次”和“这一位还能接几轮”。",
            "The third delivery is refused: each member accepts at most two, and reader stays as it is ({status:reader}, deliveries {deliveries:reader}). The two limits answer different questions: \"how many more requests in this round\" and \"how many more rounds for this member\".",
        ),
        cap_with(
            "refused",
            "scout",
            "member_not_idle",
            0,
            "给已停止的 scout 交付工作也被拒绝（它此刻{status:scout}）：没有什么会自己重启，需要显式召回。",
            "Delivering to the stopped scout is refused too (it is {status:scout}): nothing restarts by itself; it would have to be recalled explicitly.",
        ),
    ]
}

/// The lesson's checkpoints (issue 26): what a learner predicts before the step shows it; the
/// right answers are computed from the state (`lessons::checkpoint`).
fn checkpoints() -> Vec<Checkpoint> {
    vec![
        checkpoint(
            ("l7-inbox-full", "M7"),
            ("refused", "lead", "inbox_full", 0),
            inbox_holds("reader", &[7, 8, 9]),
            "lead 想把第 9 条笔记发给 reader，被拒绝了。reader 的收件箱现在有几条记录？",
            "The lead tries to send reader a 9th note and is refused. How many records does reader's inbox hold now?",
        ),
        checkpoint(
            ("l7-history-full", "L1"),
            ("round_finished", "archivist", "", 0),
            status_of("archivist"),
            "archivist 的历史满了，这一轮结束。archivist 现在是什么状态？",
            "archivist's history is full and its round ends. What is archivist's status now?",
        ),
        checkpoint(
            ("l7-no-restart", "L1"),
            ("refused", "scout", "member_not_idle", 0),
            status_of("scout"),
            "scout 用完了请求次数，宿主又想给它派活，被拒绝了。scout 现在是什么状态？",
            "scout has spent its requests; the host tries to give it more work and is refused. What is scout's status now?",
        ),
    ]
}
