//! Lesson 1, "Two investigators, one follow-up" (seed 000): reader and reviewer investigate in
//! parallel; reviewer's message is queued while reader's request is in flight and does not
//! change it; reader's next delivery prepares it into a candidate, commits it, and answers from
//! its old history without reading main.py again; the lead takes both reports in and says the
//! program was read, not run. (T1-T5, M1-M4, D1-D3)

use super::builder::{
    self, after, cap, cap_with, checkpoint, deliver, deliver_task, in_request, next_line, now,
    where_is, Script,
};
use super::catalog::LessonInfo;
use super::checkpoint::Checkpoint;
use super::definition::{moment, KeyMoment, LessonDef};
use super::language::tr;
use super::lesson::{CaptionRule, Lesson};
use crate::engine::{Caption, Lang, MemberConfig, TeamConfig};
use serde_json::json;

pub const ID: &str = "l1-two-investigators";

/// Lesson 1 as one definition: its catalog entry, how it is built, its checkpoints, its key
/// moments and whether it offers the contrast toggles (`registry.rs` lists it).
pub const LESSON: LessonDef = LessonDef {
    info: LessonInfo {
        id: ID,
        title: Caption::fixed("两个调查者，一次追问", "Two investigators, one follow-up"),
        summary: Caption::fixed(
            "reader 与 reviewer 并行调查；排队的消息不等于模型看见了它。",
            "Reader and reviewer work in parallel; a queued message is not a seen message.",
        ),
        rules: &[
            "T1", "T2", "T3", "T4", "T5", "M1", "M2", "M3", "M4", "D1", "D2", "D3", "K3",
        ],
    },
    build: lesson,
    checkpoints,
    challenges: super::challenges::l1,
    key_moments: KEY_MOMENTS,
    offers_toggles: false,
    first_step: Caption::fixed(
        "你会跟着一条消息 m4 走过三个位置：reader 的收件箱、它的历史候选、一次模型请求；只有到了最后一处，模型才真正看见它。",
        "You will follow one message, m4, through three places: reader's inbox, its history candidate and a model request; only in the last does a model see it.",
    ),
};

/// The moments that carry the lesson's point (`key_steps.rs` places them on the run).
#[rustfmt::skip]
const KEY_MOMENTS: &[KeyMoment] = &[
    moment("model_replied", "lead got reply to r1", 0, "lead 分派工作", "The lead hands out the work"),
    moment("round_started", "reviewer started delivery 1/", 0, "两个成员同时工作", "Both members work at once"),
    moment("message_queued", "message m3 ->", 0, "reader 向 lead 汇报", "reader reports to the lead"),
    moment("message_queued", "message m4 ->", 0, "reviewer 的追问只是排队", "reviewer's follow-up is only queued"),
    moment("candidate_prepared", "reader prepared a candidate", 3, "下一次交付读到 m4", "The next delivery reads m4"),
    moment("model_requested", "reader sent request", 3, "m4 第一次进入请求：三个位置都有它", "m4 in a request for the first time: in all three places"),
    moment("candidate_prepared", "notifies m3, m5", 0, "lead 收齐两份汇报", "The lead takes in both reports"),
    moment("round_finished", "lead finished the round", 1, "lead 的最终回答", "The lead's final answer"),
];

const TASK_ZH: &str =
    "main.py 打印什么？和 expected.txt 里的预期一致吗？先别运行程序，只做一次只读调查。";
const TASK_EN: &str = "What does main.py print, and does it match the expectation in expected.txt? Do not run the program: this is a read-only investigation.";

/// The lead's final summary: what was read, never "ran it" (D2).
const SUMMARY_ZH: &str = "main.py 的源码是 print(6 * 7)，expected.txt 写的是 42。两份都读过了，它们一致：6 * 7 等于 42。程序没有运行（团队里没有人有运行代码的工具），所以这是源码所写的内容，不是观察到的输出。";
const SUMMARY_EN: &str = "main.py's source is print(6 * 7), and expected.txt says 42. Reading both, they agree: 6 * 7 is 42. The program was not run (no one on this team has a tool that runs code), so this is what the source says, not an observed output.";

pub fn team() -> TeamConfig {
    TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
        MemberConfig::teammate("reviewer", "reviewer"),
    ])
    .with_file("main.py", "print(6 * 7)")
    .with_file("expected.txt", "42")
}

fn lesson(lang: Lang) -> Lesson {
    let script = Script::new()
        // lead, delivery 1: split the work.
        .calls(
            "lead",
            1,
            tr(lang, "分工：reader 查 main.py，reviewer 查 expected.txt。", "Split: reader takes main.py, reviewer takes expected.txt."),
            vec![
                ("send_message", json!({"to": "reader", "body": tr(lang, "请读 main.py，告诉我它打印什么。只读：不要运行它。", "Please read main.py and report to me what it prints. Read only: do not run it.")})),
                ("send_message", json!({"to": "reviewer", "body": tr(lang, "请读 expected.txt，找出预期输出。也告诉 reader，让 reader 拿它和 main.py 对照。", "Please read expected.txt and find the expected output. Tell reader too, so reader can compare it with main.py.")})),
            ],
        )
        .answer("lead", 1, tr(lang, "分工完成：reader 查 main.py，reviewer 查 expected.txt。他们的报告到齐后我再汇总。", "Work is split: reader has main.py, reviewer has expected.txt. I will summarize when their reports are in."))
        // reader, delivery 1.
        .calls("reader", 1, "", vec![("read_file", json!({"path": "main.py"}))])
        .calls(
            "reader",
            1,
            "",
            vec![("send_message", json!({"to": "lead", "body": tr(lang, "main.py 的内容是 print(6 * 7)。我读了它，没有运行。", "main.py contains print(6 * 7). I read it; I did not run it.")}))],
        )
        .answer("reader", 4, tr(lang, "我已把 main.py 的源码报告给 lead。", "I reported the source of main.py to lead."))
        // reviewer, delivery 1 (slower start).
        // T2: reviewer reads main.py too, the same file as reader; the two results land in two
        // different histories.
        .calls(
            "reviewer",
            2,
            "",
            vec![
                ("read_file", json!({"path": "expected.txt"})),
                ("read_file", json!({"path": "main.py"})),
            ],
        )
        .calls(
            "reviewer",
            1,
            "",
            vec![("send_message", json!({"to": "reader", "body": tr(lang, "expected.txt 说预期输出是 42。请拿它和 main.py 对照。", "expected.txt says the expected output is 42. Please compare it with main.py.")}))],
        )
        .answer("reviewer", 1, tr(lang, "我把预期值 42 发给了 reader。", "I sent the expected value, 42, to reader."))
        // reader, delivery 2: answers from its old history, no read_file.
        .calls(
            "reader",
            2,
            tr(lang, "我之前已经读过 main.py：它打印 6 * 7。", "I already read main.py earlier: it prints 6 * 7."),
            vec![(
                "send_message",
                json!({"to": "lead", "body": tr(lang, "补充：reviewer 说 expected.txt 里是 42。按我之前读到的，main.py 打印 6 * 7，也就是 42，所以两者一致。什么都没有运行。", "Supplement: reviewer says expected.txt holds 42. From my earlier reading, main.py prints 6 * 7, which is 42, so they agree. Nothing was run.")}),
            )],
        )
        .answer("reader", 1, tr(lang, "我把补充报告发给了 lead。", "I sent the supplementary report to lead."))
        // lead, delivery 2: both reports, then the summary.
        .answer("lead", 2, tr(lang, SUMMARY_ZH, SUMMARY_EN))
        .build();

    let directions = vec![
        now(deliver_task("lead", tr(lang, TASK_ZH, TASK_EN))),
        after(&["lead"], deliver("reader")),
        now(deliver("reviewer")),
        after(&["reader", "reviewer"], deliver("reader")),
        after(&["reader"], deliver("lead")),
    ];

    let task = Caption::new(TASK_ZH, TASK_EN);
    let intro = Caption::new(
        "两个调查者能不能分头去查，又不挤在同一段对话里？用户想知道 main.py 写了什么、和 expected.txt 的预期是否一致，而且不运行程序。现在还什么都没发生：宿主登记了三个成员 lead、reader、reviewer，每个成员保存角色、历史、是否占用、状态与已交付次数。",
        "Can two investigators split a job without sharing one conversation? The user wants to know what main.py says and whether it matches expected.txt, without running it. Nothing has happened yet: the host has registered three members, lead, reader and reviewer; each record holds a role, a history, occupancy, a status and the deliveries used.",
    );
    builder::lesson(team(), task, intro).played_as(script, directions, captions())
}

/// The lesson's captions: which event each explains, in both languages.
fn captions() -> Vec<CaptionRule> {
    let mut captions = captions_up_to_the_reports();
    captions.extend(captions_after_the_reports());
    captions
}

/// The captions up to the two reports: the split, the parallel work, the queued follow-up.
fn captions_up_to_the_reports() -> Vec<CaptionRule> {
    vec![
        // Issue 46: the story level's first stop folds the lead's first cycle; its words (lock,
        // round, candidate, commit, request r1) are introduced here, before the story uses them.
        cap(
            "model_requested",
            "lead",
            0,
            "lead 的第一轮（一次“交付”）：宿主先拿锁，只为检查 lead 空闲并把它标成工作中，随即放锁。然后宿主把任务加进 lead 历史的一份副本，这叫“候选”；候选被“提交”后成为历史，再作为模型请求 r1 发出。每个请求都有编号（r1、r2 等），回复按编号对上。",
            "The lead's first round (a \"delivery\"): the host takes the lock only to check that the lead is idle and mark it working, then releases it. It adds the task to a copy of the lead's history, called a candidate; the candidate is committed, becoming the history, and sent to the model as request r1. Every request has an id (r1, r2, ...), and a reply is matched to it by that id.",
        ),
        cap(
            "model_replied",
            "lead",
            0,
            "lead 把调查拆给两个成员：reader 查 main.py，reviewer 查 expected.txt。每个成员有自己的角色和历史，不把两个调查过程塞进 lead 的同一段对话。",
            "The lead splits the investigation: reader takes main.py, reviewer takes expected.txt. Each member has its own role and history; the two investigations are not crammed into the lead's conversation.",
        ),
        cap(
            "round_started",
            "reviewer",
            0,
            "reviewer 也开工了。此刻 reader {busy:reader}，reviewer {busy:reviewer}：不同成员可以并行，各自调用模型、使用各自的消息历史。",
            "reviewer starts too. reader is {busy:reader} and reviewer is {busy:reviewer}: different members may work in parallel, each calling its own model with its own history.",
        ),
        cap_with(
            "tool_executed",
            "reader",
            "read_file",
            0,
            "reader 真实读取了 main.py：print(6 * 7)。这个工具结果进入的是 reader 自己的历史；reviewer 能读同一个文件，却看不到 reader 的这条结果。共享目录不等于共享理解。",
            "reader really reads main.py: print(6 * 7). The tool result goes into reader's own history; reviewer could read the same file but cannot see this result. A shared directory is not shared understanding.",
        ),
        cap_with(
            "message_queued",
            "reader",
            "-> lead",
            0,
            "reader 先报告自己知道的事：源码记录送进 lead 的收件箱（现有 {inbox:lead}）。它没有运行程序。lead 此刻{status:lead}、{busy:lead}，这条消息 m3 只是{pos:m3}，lead 的模型还没看见。",
            "reader reports what it knows first: the source goes into the lead's inbox, which keeps {inbox:lead}. It did not run the program. The lead is {status:lead} and {busy:lead}, so the message m3 is only {pos:m3}; the lead's model has not seen it.",
        ),
        cap_with(
            "model_requested",
            "reader",
            "logical 3",
            0,
            "reader 发出本轮第三次请求。请注意它的内容：此刻还没有任何来自 reviewer 的消息。",
            "reader sends its third request of this delivery. Note what it contains: nothing from reviewer yet.",
        ),
        cap_with(
            "message_queued",
            "reviewer",
            "-> reader",
            0,
            "reviewer 读到预期 42，用 send_message 发给 reader。宿主写入 reader 的收件箱（现有 {inbox:reader}），返回 queued 回执——到这里只发生了一次保存，m4 {pos:m4}。reader 仍{busy:reader}，它的请求已经发出，输入不会因为收件箱多了一条而改变。",
            "reviewer found 42 and sends it to reader with send_message. The host appends it to reader's inbox, which keeps {inbox:reader}, and returns a queued receipt: so far, only a save, and m4 is {pos:m4}. reader is still {busy:reader}; its request is already in flight, and its input does not change because the inbox grew.",
        ),
        cap(
            "round_finished",
            "reader",
            0,
            "reader 的这一轮结束了。它的回答是 {answer:reader}：只提到源码，没有提到 42，那个在途请求里根本没有 reviewer 的消息。m4 仍然{pos:m4}，没有“已读”，收件箱的数量也不代表模型知道了什么。",
            "reader's round ends. Its answer, {answer:reader}, mentions the source, not 42: the in-flight request never contained reviewer's message. m4 is still {pos:m4}; there is no read receipt, and an inbox count is not what a model knows.",
        ),
        cap(
            "round_started",
            "reader",
            1,
            "宿主给同一个 reader 第二次交付（交付 {deliveries:reader}）。不是重新创建一个调查者：持续存在的是宿主里的成员记录和上下文，线程只是执行某一轮工作的载体。",
            "The host gives the same reader a second delivery (deliveries {deliveries:reader}). No new investigator is created: what persists is the member record and its context in the host; a thread only carries one round of work.",
        ),
    ]
}

/// The captions from the reports on: the follow-up read and the lead's summary.
fn captions_after_the_reports() -> Vec<CaptionRule> {
    vec![
        cap(
            "candidate_prepared",
            "reader",
            3,
            "reader 下一次准备请求时接入补充信息：宿主复制历史，把收件箱里尚未出现在历史中的消息写成普通文本通知，加入历史候选：m4 现在{pos:m4}。收件箱里什么也没删（仍有 {inbox:reader}），也没有确认。",
            "On reader's next preparation the follow-up comes in: the host copies the history and adds a plain-text notification for each inbox record not yet in it. This is the history candidate: m4 is now {pos:m4}. Nothing is deleted from the inbox (it keeps {inbox:reader}), nothing is acknowledged.",
        ),
        cap(
            "history_committed",
            "reader",
            3,
            "原循环提交这份候选，通知才真正进入 reader 的历史：m4 {pos:m4}，下一次请求才会带上它。只交接了这一条信息，没有复制 reviewer 的完整对话。",
            "reader's loop commits the candidate; only now is the notification in reader's history: m4 is {pos:m4}, and the next request carries it. Just this one message was handed over, not reviewer's whole conversation.",
        ),
        cap(
            "model_requested",
            "reader",
            3,
            "这次请求由提交后的历史构建：里面既有 reviewer 的通知，也有第一轮 read_file 的结果。三个位置都走到了：收件箱里有记录、历史候选里有通知、实际模型请求里有通知（m4 {pos:m4}）。",
            "This request is built from the committed history: it holds reviewer's notification and the read_file result from the first round. All three positions are now reached: a record in the inbox, a notification in the candidate, a notification in an actual request (m4 is {pos:m4}).",
        ),
        cap_with(
            "message_queued",
            "reader",
            "-> lead",
            1,
            "同一个 reader 沿用上次的源码继续回答：它结合收到的预期发出补充报告，没有再读 main.py，身份和上下文也没有重建。",
            "The same reader answers from the source it read before: it combines it with the expected value and sends a supplementary report, without reading main.py again, and without being rebuilt.",
        ),
        cap(
            "candidate_prepared",
            "lead",
            2,
            "lead 在下一轮接入收件箱（现有 {inbox:lead}）：源码报告 m3（{pos:m3}）和补充报告 m5（{pos:m5}），它们在 lead 空闲时一直等着。它们是给 lead 的信息，不是行动的许可；发送者由宿主绑定。",
            "Next round, the lead takes in its inbox ({inbox:lead}): the source report m3 ({pos:m3}) and the supplement m5 ({pos:m5}), which waited while the lead was idle. They are information for the lead, not permission to act; the host bound their sender.",
        ),
        cap(
            "round_finished",
            "lead",
            1,
            "lead 给用户汇总（全文见结果面板）：源码和预期一致，这是读出来的，程序也没有执行。这一课的要点：m4 依次走过三个位置，只有最后一处让模型看见了它：reader 的收件箱（只是保存，不是已读）、reader 的历史候选（一条通知）、提交后由请求 r9 带给模型（m4 现在{pos:m4}）。",
            "The lead answers the user (whole answer in the result panel): source and expectation agree, from reading; the program was not run. The point: m4 went through three places, and only the last let a model see it: reader's inbox (a save, not a read), reader's history candidate (a notification), then, committed, request r9 to the model (m4 is now {pos:m4}).",
        ),
    ]
}

/// The lesson's checkpoints (issue 26): what a learner predicts before the step shows it; the
/// right answers are computed from the state (`lessons::checkpoint`).
fn checkpoints() -> Vec<Checkpoint> {
    vec![
        checkpoint(
            ("l1-queued-m4", "M2"),
            ("message_queued", "reviewer", "-> reader", 0),
            where_is("m4"),
            "reviewer 刚把预期值发给 reader，拿到的回执写着 queued。此刻 m4 在哪里？",
            "reviewer has just sent the expected value to reader and got a queued receipt. Where is m4 now?",
        ),
        checkpoint(
            ("l1-sent-request", "M3"),
            ("round_finished", "reader", "", 0),
            in_request("m4", "r7"),
            "reader 这一轮结束了。reviewer 的 m4 在 reader 发出的请求 r7 里吗？",
            "reader's round has ended. Is reviewer's m4 in reader's request r7?",
        ),
        checkpoint(
            ("l1-next-request", "M2"),
            ("model_requested", "reader", "", 3),
            where_is("m4"),
            "reader 的第二次交付又往前走了一步。现在 m4 在哪里？",
            "reader's second delivery takes its next step. Where is m4 now?",
        ),
        checkpoint(
            ("l1-lead-candidate", "M4"),
            ("candidate_prepared", "lead", "", 2),
            where_is("m5"),
            "lead 开始第二轮，宿主正在为它准备请求。reader 的补充报告 m5 现在在哪里？",
            "The lead starts its second round and the host prepares its request. Where is reader's supplement m5 now?",
        ),
        checkpoint(
            ("l1-next-line", "M3"),
            ("history_committed", "reader", "", 3),
            next_line(&["store.append", "commit.history", "loop.request", "loop.discard"]),
            "宿主为 reader 的第二次交付准备好了候选，里面有 reviewer 的 m4。宿主代码接下来运行哪一行？",
            "The host has prepared reader's candidate for its second delivery, with reviewer's m4 in it. Which line of the host's code runs next?",
        ),
    ]
}
