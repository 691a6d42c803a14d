//! Lesson 2, "Deleting on read loses mail" (seed 000's question "why not delete the letter
//! while reading it?", and the drain inbox of seeds 002/003): the same fault strikes between
//! read and commit twice. By default the first fault meets an append-only inbox (the discarded
//! candidate sends the message back to the inbox and the retry finds it) and the second meets
//! drain on read (the read already deleted it, so the retry finds nothing and the message is
//! lost). The learner's "drain on read" toggle plays both faults in one mode; every caption
//! that states a mode or its consequence is attached only where that mode was in force, and
//! reader's replies answer from what its requests held. (M5, M6)

use super::builder::{
    self, after, cap, cap_with, checkpoint, deliver, host_send, in_request, now, quiet, where_is,
    Script,
};
use super::catalog::LessonInfo;
use super::checkpoint::Checkpoint;
use super::definition::{moment, KeyMoment, LessonDef};
use super::language::tr;
use super::lesson::{CaptionRule, Lesson};
use super::toggle_choice::ToggleChoice;
use crate::engine::{Caption, Fault, Input, Lang, MemberConfig, TeamConfig, Toggles};

pub const ID: &str = "l2-drain-loses-mail";

/// Lesson 2 as one definition: its catalog entry, how it is built, its checkpoints, its key
/// moments and whether it offers the contrast toggles (`registry.rs` lists it).
pub const LESSON: LessonDef = LessonDef {
    info: LessonInfo {
        id: ID,
        title: Caption::fixed("读后即删会丢信", "Deleting on read loses mail"),
        summary: Caption::fixed(
            "同一故障下，追加日志保住消息，读后即删把它弄丢。",
            "The same fault: the append-only log keeps the message, drain-on-read loses it.",
        ),
        rules: &["M5", "M6"],
    },
    build: lesson,
    checkpoints,
    challenges: super::challenges::l2,
    key_moments: KEY_MOMENTS,
    offers_toggles: true,
    first_step: Caption::fixed(
        "你会看到哪种设计保住消息：追加式收件箱保住了它，读后即删把它弄丢了。",
        "You will see which design keeps the message: the append-only inbox keeps it, drain-on-read loses it.",
    ),
};

/// The moments that carry the lesson's point (`key_steps.rs` places them on the run).
#[rustfmt::skip]
const KEY_MOMENTS: &[KeyMoment] = &[
    moment("fault_armed", "", 0, "准备一次故障", "A fault is armed"),
    moment("candidate_discarded", "lost none", 0, "候选被丢弃，消息还在", "Candidate discarded, the message stays"),
    moment("history_committed", "notifies m1", 0, "重读并提交 m1", "m1 read again and committed"),
    moment("toggles_changed", "drain_on_read=true", 0, "切到读后即删", "Drain on read switched on"),
    moment("inbox_drained", "m2", 0, "读取就删掉了 m2", "Reading deletes m2"),
    moment("candidate_discarded", "lost m2", 0, "m2 丢了", "m2 is lost"),
    moment("round_finished", "reader finished the round", 1, "reader 以为没有新消息", "reader believes no message came"),
];

fn lesson(lang: Lang) -> Lesson {
    let config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
    ])
    .with_file("main.py", "print(6 * 7)")
    .with_file("expected.txt", "42");
    let fault = |member: &str| Input::InjectFault {
        member: member.to_string(),
        fault: Fault::FailBeforeCommit,
    };
    let directions =
        vec![
        now(host_send(
            "lead",
            "reader",
            tr(lang,
                "expected.txt 里写的是 42。和 main.py 对照时请记住这一点。",
                "expected.txt says 42. Please keep that in mind when you compare it with main.py.",
            ),
        )),
        now(fault("reader")),
        now(deliver("reader")),
        // The lesson's default for the second fault; the learner's toggle overrides it.
        quiet(Input::SetToggles {
            toggles: Toggles {
                drain_on_read: true,
                hold_lock_during_model_call: false,
            },
        }),
        now(host_send(
            "lead",
            "reader",
            tr(lang,
                "还有一件事：检查一下 main.py 除此之外什么也不打印。",
                "One more thing: check that main.py prints nothing else.",
            ),
        )),
        now(fault("reader")),
        after(&["reader"], deliver("reader")),
    ];
    let script = Script::new()
        .answer_if_seen(
            "reader",
            2,
            "m1",
            tr(
                lang,
                "记下了：预期值是 42。",
                "Noted: the expected value is 42.",
            ),
            tr(
                lang,
                "我没有新消息，所以没有什么要记下的。",
                "I have no new messages, so there is nothing to note.",
            ),
        )
        .answer_if_seen(
            "reader",
            2,
            "m2",
            tr(
                lang,
                "查过了：main.py 只有 print(6 * 7)，除此之外什么也不打印。",
                "Checked: main.py holds only print(6 * 7), so it prints nothing else.",
            ),
            tr(
                lang,
                "我没有新消息，所以没有什么要再检查的。",
                "I have no new messages, so there is nothing more to check.",
            ),
        )
        .build();
    let task = Caption::new(
        "同一个故障发生两次。默认第一次遇到追加日志的收件箱，第二次遇到读取即清空；用上方的“读取即清空”开关，可以让两次都在同一种设计下发生。",
        "The same fault strikes twice. By default the first meets an append-only inbox and the second drain on read; the \"drain on read\" toggle above plays both under one design.",
    );
    let intro = Caption::new(
        "读邮箱时，为什么不顺手把信删了？想象宿主读完消息先清空邮箱，随后准备模型输入时出错：消息既没进入提交的历史，也不在邮箱里了。我们让同一个故障发生两次，比较两种设计。",
        "Why not delete the letter while reading it? Imagine the host reads and clears the inbox, then fails while preparing the model input: the message is neither in a committed history nor in the inbox. We let the same fault strike twice and compare the two designs.",
    );
    builder::lesson(config, task, intro).played_as(script, directions, captions())
}

/// The lesson's captions: which event each explains, in both languages. A caption that
/// states what a read does counts only events under that mode (`when`).
fn captions() -> Vec<CaptionRule> {
    let append_only = ToggleChoice::drain(false);
    let drain = ToggleChoice::drain(true);
    vec![
        cap(
            "message_queued",
            "lead",
            0,
            "lead 给 reader 留了一条消息 m1：它被追加进 reader 的收件箱，回执是 queued。读取时会不会顺手删掉它，由上方的“读取即清空”开关决定。",
            "The lead leaves reader a message, m1: it is appended to reader's inbox, and the receipt says queued. Whether a read also deletes it is what the \"drain on read\" toggle above decides.",
        ),
        cap(
            "fault_armed",
            "",
            0,
            "我们注入一个故障：reader 下一次准备好候选之后、提交之前会出错。想象宿主在准备模型输入时崩溃了。",
            "We inject a fault: reader's next preparation will fail after the candidate is built and before it is committed. Think of the host crashing while it prepares the model input.",
        ),
        cap(
            "candidate_prepared",
            "reader",
            0,
            "追加日志模式：reader 准备候选，复制历史，追加 m1 的通知。收件箱里的 m1 原封不动。",
            "Append-only mode: reader prepares a candidate: the history is copied and m1's notification is added. m1 stays in the inbox, untouched.",
        )
        .when(append_only),
        cap_with(
            "candidate_discarded",
            "reader",
            "lost none",
            0,
            "故障发生，候选被丢弃。因为读取时什么都没删，m1 回到“排队”位置：什么也没丢。",
            "The fault strikes and the candidate is discarded. Reading deleted nothing, so m1 is simply back in the queue: nothing is lost.",
        )
        .when(append_only),
        cap(
            "candidate_prepared",
            "reader",
            1,
            "重试（用的是重试预算）：下一次准备又找到了同一条 m1。这就是 prepare_inbox 只复制、不删除、不提前确认的原因。",
            "The retry (paid from the retry budget) prepares again and finds the same m1. That is why prepare_inbox only copies: it neither deletes nor acknowledges early.",
        )
        .when(append_only),
        cap(
            "history_committed",
            "reader",
            0,
            "这次原循环提交了候选，m1 进入 reader 的历史。以后再准备时，会用历史中的完整通知文本去重，不会再加一遍。",
            "This time the loop commits the candidate and m1 enters reader's history. Later preparations dedup by the full notification text already in the history, so it is never added twice.",
        )
        .when(append_only),
        cap(
            "toggles_changed",
            "",
            0,
            "第二幕，切换到“读取即清空”：这是视频教程里更简单的设计。从下一次读取起，准备时读到的消息会同时从收件箱删掉；之前读过的 m1 不受影响，仍留在收件箱里。同样的故障再来一次。",
            "Act 2: switch to drain on read, the simpler design of the video tutorial. From the next read on, whatever a preparation reads is also deleted from the inbox; m1, read before, is not touched and stays in the inbox. The same fault strikes again.",
        ),
        cap(
            "inbox_drained",
            "reader",
            0,
            "读取即清空：读取的同时，这条消息被从收件箱删掉了。现在它只存在于这份还没提交的候选里。",
            "Drain on read: the read also deletes the message from the inbox. Now it exists only in this candidate, which is not committed yet.",
        ),
        cap_with(
            "candidate_discarded",
            "reader",
            "lost m",
            0,
            "故障发生，候选被丢弃。这条消息既没进入成功提交的历史，也不在收件箱里了：这次交接丢失了。",
            "The fault strikes and the candidate is discarded. The message never reached a committed history, and it is no longer in the inbox: the handover is lost.",
        ),
        cap_with(
            "candidate_prepared",
            "reader",
            "notifies none",
            0,
            "重试再准备，却找不到任何新消息：它读过的那条已随读取被删除。reader 的模型永远不会知道 lead 说过什么。",
            "The retry prepares again and finds nothing new: the message it read was deleted by the read. reader's model will never learn what the lead said.",
        )
        .when(drain),
        cap(
            "round_finished",
            "reader",
            0,
            "reader 回答“没有新消息”。它没有说谎，只是没收到。追加日志让“保存”和“接入”各自可验证；读后即删把两者绑在一起，一次故障就足以丢信。",
            "reader answers that it has no new messages. It is not lying; it never received one. An append-only log keeps \"stored\" and \"taken in\" separately checkable; draining ties them together, and one fault is enough to lose mail.",
        )
        .when(drain),
        cap(
            "round_finished",
            "reader",
            1,
            "同一个故障发生了两次，reader 两条消息都收到了：追加日志模式下，每次重试都重新找到了消息。打开上方的“读取即清空”，看看消息怎样丢失。",
            "The same fault struck twice and reader still got both messages: with the append-only inbox each retry found the message again. Turn on \"drain on read\" above to see a message lost.",
        )
        .when(append_only),
    ]
}

/// The lesson's checkpoints (issue 26): what a learner predicts before the step shows it; the
/// right answers are computed from the state (`lessons::checkpoint`).
fn checkpoints() -> Vec<Checkpoint> {
    vec![
        checkpoint(
            ("l2-discarded-kept", "M5"),
            ("candidate_discarded", "reader", "", 0),
            where_is("m1"),
            "故障在读取和提交之间打断了 reader，候选被丢弃。m1 现在在哪里？",
            "A fault struck reader between read and commit, and the candidate was discarded. Where is m1 now?",
        ),
        checkpoint(
            ("l2-second-fault", "M6"),
            ("candidate_discarded", "reader", "", 1),
            where_is("m2"),
            "又一次故障，候选又被丢弃了。m2 现在在哪里？",
            "Another fault, another discarded candidate. Where is m2 now?",
        ),
        checkpoint(
            ("l2-never-seen", "M6"),
            ("round_finished", "reader", "", 1),
            in_request("m2", "r2"),
            "reader 的第二轮结束了。m2 在它的请求 r2 里吗？",
            "reader's second round has ended. Is m2 in its request r2?",
        ),
    ]
}
