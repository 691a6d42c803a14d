//! Lesson 5, "Shutdown handshake" (seed 003): the lead asks alice to shut down while she is
//! writing; she rejects with a reason; once the file is complete the lead asks again and she
//! approves, finishes her tool round, and exits with status `shutdown`. A duplicate approval and
//! a response to an unknown id are refused and leave the tracker unchanged. (P1, P2, P4, P5)

use super::builder::{
    self, after, cap, cap_with, checkpoint, deliver, deliver_task, next_line, now, protocol_of,
    status_of, Script,
};
use super::catalog::LessonInfo;
use super::checkpoint::Checkpoint;
use super::definition::{moment, KeyMoment, LessonDef};
use super::language::tr;
use super::lesson::{CaptionRule, Lesson};
use crate::engine::{Caption, Lang, MemberConfig, TeamConfig};
use serde_json::json;

pub const ID: &str = "l5-shutdown-handshake";

/// Lesson 5 as one definition: its catalog entry, how it is built, its checkpoints, its key
/// moments and whether it offers the contrast toggles (`registry.rs` lists it).
pub const LESSON: LessonDef = LessonDef {
    info: LessonInfo {
        id: ID,
        title: Caption::fixed("关机握手", "Shutdown handshake"),
        summary: Caption::fixed(
            "写文件时拒绝，写完后同意，状态变为 shutdown；重复与未知的回应被拒绝。",
            "Reject while writing, approve after, status shutdown; duplicate and unknown responses are refused.",
        ),
        rules: &["P1", "P2", "P4", "P5"],
    },
    build: lesson,
    checkpoints,
    challenges: super::challenges::l5,
    key_moments: KEY_MOMENTS,
    offers_toggles: false,
    first_step: Caption::fixed(
        "你会看到 lead 两次请求 alice 关机：她写文件时被拒绝，写完后被批准。",
        "You will see the lead ask alice to shut down twice: rejected while she writes a file, approved once she is done.",
    ),
};

/// The moments that carry the lesson's point (`key_steps.rs` places them on the run).
#[rustfmt::skip]
const KEY_MOMENTS: &[KeyMoment] = &[
    moment("protocol_opened", "shutdown-1", 0, "lead 请求关机（shutdown-1）", "The lead asks for shutdown (shutdown-1)"),
    moment("protocol_decided", "shutdown-1 rejected", 0, "写文件时拒绝", "Rejected while writing"),
    moment("tool_executed", "lead shutdown_response", 0, "lead 查询追踪器", "The lead queries the tracker"),
    moment("protocol_decided", "shutdown-2 approved", 0, "写完后同意（shutdown-2）", "Approved after writing (shutdown-2)"),
    moment("refused", "already_decided", 0, "重复回应被拒绝", "A duplicate response is refused"),
    moment("refused", "unknown_request", 0, "未知请求被拒绝", "An unknown request is refused"),
    moment("round_finished", "alice exited", 0, "alice 退出", "alice exits"),
    moment("refused", "member_shut_down", 0, "已关机的成员不再接活", "A shut-down member takes no more work"),
];

const TASK_ZH: &str = "让 alice 写 report.md（先摘要后细节）；写完后让她优雅关机。";
const TASK_EN: &str = "Have alice write report.md (a summary, then details). When it is complete, shut her down gracefully.";

fn lesson(lang: Lang) -> Lesson {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead().with_deliveries(4),
        MemberConfig::teammate("alice", "coder").with_deliveries(3),
    ]);
    config.allow_write = true;
    let part1 = tr(
        lang,
        "# 报告\n\n摘要：构建通过。\n",
        "# Report\n\nSummary: the build is green.\n",
    );
    let full = tr(
        lang,
        "# 报告\n\n摘要：构建通过。\n\n细节：12 个模块，0 个警告。\n",
        "# Report\n\nSummary: the build is green.\n\nDetails: 12 modules, 0 warnings.\n",
    );
    let script = Script::new()
        .calls("lead", 1, "", vec![("send_message", json!({"to": "alice", "body": tr(lang, "分两部分写 report.md：先写摘要，再写细节。", "Write report.md in two parts: first the summary, then the details.")}))])
        .answer("lead", 1, tr(lang, "alice 正在写 report.md。", "alice is writing report.md."))
        .calls("alice", 2, tr(lang, "先写摘要。", "Writing the summary first."), vec![("write_file", json!({"path": "report.md", "content": part1}))])
        .calls(
            "alice",
            1,
            tr(lang, "收到关机请求，但细节还没写。", "A shutdown request arrived, but the details are not written yet."),
            vec![
                ("shutdown_response", json!({"request_id": "shutdown-1", "approve": false, "reason": tr(lang, "我正在写 report.md，细节部分还没写。", "I am in the middle of writing report.md; the details part is not written yet.")})),
                ("write_file", json!({"path": "report.md", "content": full})),
            ],
        )
        .calls("alice", 1, "", vec![("send_message", json!({"to": "lead", "body": tr(lang, "report.md 写完了（摘要和细节都有）。", "report.md is complete (summary and details).")}))])
        .answer("alice", 1, tr(lang, "report.md 写完了。", "report.md is complete."))
        .calls("lead", 1, tr(lang, "计划有变：我想让 alice 停下。", "Plans changed: I want alice to stop."), vec![("shutdown_request", json!({"teammate": "alice"}))])
        .answer("lead", 1, tr(lang, "我请 alice 关机（shutdown-1），等她回应。", "I asked alice to shut down (shutdown-1); waiting for her answer."))
        .calls(
            "lead",
            1,
            "",
            vec![("shutdown_response", json!({"request_id": "shutdown-1"})), ("shutdown_request", json!({"teammate": "alice"}))],
        )
        .answer("lead", 1, tr(lang, "alice 写文件时拒绝了 shutdown-1；现在 report.md 写完了，我再请求一次（shutdown-2）。", "alice refused shutdown-1 while writing; report.md is complete now, so I asked again (shutdown-2)."))
        .calls(
            "alice",
            1,
            tr(lang, "report.md 写完了，我可以停下了。", "report.md is complete, so I can stop."),
            vec![
                ("shutdown_response", json!({"request_id": "shutdown-2", "approve": true, "reason": tr(lang, "report.md 已经写完。", "report.md is complete.")})),
                ("shutdown_response", json!({"request_id": "shutdown-2", "approve": true})),
                ("shutdown_response", json!({"request_id": "shutdown-9", "approve": true})),
            ],
        )
        .calls("lead", 1, "", vec![("shutdown_response", json!({"request_id": "shutdown-2"}))])
        .answer("lead", 1, tr(lang, "alice 同意了 shutdown-2，以已关机状态退出。report.md 已经写完。", "alice approved shutdown-2 and exited with status shutdown. report.md is complete."))
        .build();
    let directions = vec![
        now(deliver_task("lead", tr(lang, TASK_ZH, TASK_EN))),
        after(&["lead"], deliver("alice")),
        now(deliver("lead")),
        after(&["alice", "lead"], deliver("lead")),
        after(&["lead"], deliver("alice")),
        after(&["alice"], deliver("alice")),
        now(deliver("lead")),
    ];
    let task = Caption::new(TASK_ZH, TASK_EN);
    let intro = Caption::new(
        "队友一旦派出去，lead 怎么让它停下？直接杀线程不行，需要握手：lead 说“请关机”，队友说“好的我收尾一下”或者“不行我正在写文件”。请求和回应靠同一个 request_id 对上号，共用“待定（pending）→ 批准（approved）| 拒绝（rejected）”的状态机。",
        "Once a teammate is working, how does the lead make it stop? Not by killing it: by a handshake. The lead says \"please shut down\"; the teammate says \"fine, let me wrap up\" or \"not now, I am writing a file\". Request and response match by request_id and share one state machine: pending -> approved | rejected.",
    );
    builder::lesson(config, task, intro).played_as(script, directions, captions())
}

/// The lesson's captions: which event each explains, in both languages.
fn captions() -> Vec<CaptionRule> {
    vec![
        cap(
            "protocol_opened",
            "lead",
            0,
            "lead 获得了新信息，想让正在干活的 alice 停下。直接杀线程不行：她可能写了一半文件。所以 lead 发 shutdown_request，带一个唯一的 request_id（shutdown-1），追踪器记为{protocol:shutdown-1}。alice 此刻{busy:alice}。",
            "The lead has new information and wants alice, who is working, to stop. Killing her outright is wrong: she may be halfway through a file. So the lead sends shutdown_request with a unique request_id, shutdown-1; the tracker records it as {protocol:shutdown-1}. alice is {busy:alice}.",
        ),
        cap_with(
            "candidate_prepared",
            "alice",
            "notifies m",
            1,
            "alice 在同一轮的下一次准备里接到了关机请求：新消息只会在准备下一次请求时进入历史。",
            "alice receives the shutdown request at the next preparation of the same round: new mail only enters the history when the next request is prepared.",
        ),
        cap_with(
            "protocol_decided",
            "alice",
            "rejected",
            0,
            "alice 拒绝：“我正在写 report.md，细节部分还没写。” 她引用同一个 request_id 回应，追踪器里 shutdown-1 变为{protocol:shutdown-1}，lead 会看到理由。",
            "alice rejects: \"I am in the middle of writing report.md.\" She answers with the same request_id; the tracker now says shutdown-1 is {protocol:shutdown-1}, and the lead will see the reason.",
        ),
        cap_with(
            "tool_executed",
            "lead",
            "shutdown_response",
            0,
            "同名工具，不同角色不同含义：在 lead 手里，shutdown_response 是查询追踪器；在队友手里，它是回应请求。",
            "Same tool name, different meaning per role: for the lead, shutdown_response queries the tracker; for a teammate, it answers a request.",
        ),
        cap_with(
            "protocol_decided",
            "alice",
            "approved",
            0,
            "文件写完了，lead 再发一次请求（shutdown-2），这次 alice 同意：shutdown-2 {protocol:shutdown-2}，shutdown-1 仍是{protocol:shutdown-1}。",
            "With the file complete, the lead asks again (shutdown-2), and this time alice approves: shutdown-2 is {protocol:shutdown-2}, shutdown-1 is still {protocol:shutdown-1}.",
        ),
        cap(
            "should_exit_set",
            "alice",
            0,
            "同意之后不是立刻 break：先标记 should_exit，把这一轮工具执行完、结果写回历史，下一轮循环开头才退出。",
            "Approving does not break out at once: alice sets should_exit, finishes this tool round and writes its results back, and exits at the top of the next loop turn.",
        ),
        cap_with(
            "refused",
            "alice",
            "already_decided",
            0,
            "她的模型又回应了一次 shutdown-2：被拒绝，一个请求只能离开待定（pending）一次，追踪器不变（shutdown-2 仍是{protocol:shutdown-2}）。",
            "Her model answers shutdown-2 a second time: refused. A request leaves pending only once; the tracker is unchanged (shutdown-2 is still {protocol:shutdown-2}).",
        ),
        cap_with(
            "refused",
            "alice",
            "shutdown-9",
            0,
            "再回应一个不存在的 shutdown-9：同样被拒绝，给出清楚的原因，追踪器不变。",
            "And a response to shutdown-9, which does not exist: refused with a clear reason; the tracker is unchanged.",
        ),
        cap(
            "round_finished",
            "alice",
            1,
            "alice 退出，状态转为已关机而不是空闲（此刻：{status:alice}）：区分“正常完成”和“被请求关机”。",
            "alice exits, and her status becomes shutdown, not idle (now: {status:alice}): \"finished normally\" and \"shut down on request\" stay distinguishable.",
        ),
        cap_with(
            "refused",
            "alice",
            "member_shut_down",
            0,
            "再给 alice 交付工作：被拒绝，她的状态仍是{status:alice}。没有什么会自己重启。",
            "Delivering more work to alice is refused; her status is still {status:alice}. Nothing restarts by itself.",
        ),
    ]
}

/// The lesson's checkpoints (issue 26): what a learner predicts before the step shows it; the
/// right answers are computed from the state (`lessons::checkpoint`).
fn checkpoints() -> Vec<Checkpoint> {
    vec![
        checkpoint(
            ("l5-refused-keeps-working", "P2"),
            ("protocol_decided", "alice", "shutdown-1 rejected", 0),
            status_of("alice"),
            "alice 正在写 report.md，拒绝了 shutdown-1。她现在是什么状态？",
            "alice is writing report.md and rejects shutdown-1. What is her status now?",
        ),
        checkpoint(
            ("l5-duplicate", "P5"),
            ("refused", "alice", "already_decided", 0),
            protocol_of("shutdown-2"),
            "alice 又对 shutdown-2 回应了一次，被拒绝了。追踪器里 shutdown-2 现在是什么状态？",
            "alice answers shutdown-2 a second time and is refused. What does the tracker say about shutdown-2 now?",
        ),
        checkpoint(
            ("l5-stale-id", "P5"),
            ("refused", "alice", "unknown_request", 0),
            protocol_of("shutdown-9"),
            "alice 回应了一个叫 shutdown-9 的请求。追踪器里 shutdown-9 是什么状态？",
            "alice answers a request named shutdown-9. What does the tracker say about shutdown-9?",
        ),
        checkpoint(
            ("l5-after-exit", "P2"),
            ("refused", "alice", "member_shut_down", 0),
            status_of("alice"),
            "lead 还想给 alice 派活，被拒绝了。alice 现在是什么状态？",
            "The lead tries to give alice more work and is refused. What is alice's status now?",
        ),
        checkpoint(
            ("l5-next-line", "P2"),
            ("should_exit_set", "alice", "", 0),
            next_line(&["decide.status", "shutdown.exit", "loop.exit", "loop.answered"]),
            "alice 批准了 shutdown-2，回应已为 lead 存好。宿主代码接下来运行哪一行？",
            "alice approved shutdown-2 and the response is stored for the lead. Which line of the host's code runs next?",
        ),
    ]
}
