//! Lesson 6, "Plan approval" (seed 003): the teammate submits a plan before major work (the
//! teammate side creates the request id); the lead rejects it with feedback; the teammate
//! revises and resubmits; the lead approves; the teammate proceeds. (P1, P3)

use super::builder::{
    self, after, cap, cap_with, checkpoint, deliver, deliver_task, now, protocol_of, where_is,
    Script,
};
use super::catalog::LessonInfo;
use super::checkpoint::Checkpoint;
use super::definition::{moment, KeyMoment, LessonDef};
use super::language::tr;
use super::lesson::{CaptionRule, Lesson};
use crate::engine::{Caption, Lang, MemberConfig, TeamConfig};
use serde_json::json;

pub const ID: &str = "l6-plan-approval";

/// Lesson 6 as one definition: its catalog entry, how it is built, its checkpoints, its key
/// moments and whether it offers the contrast toggles (`registry.rs` lists it).
pub const LESSON: LessonDef = LessonDef {
    info: LessonInfo {
        id: ID,
        title: Caption::fixed("计划审批", "Plan approval"),
        summary: Caption::fixed(
            "驳回并给出反馈，修改后再提交，批准后才动手。",
            "Reject with feedback, revise and resubmit, approve, then proceed.",
        ),
        rules: &["P1", "P3"],
    },
    build: lesson,
    checkpoints,
    challenges: super::challenges::l6,
    key_moments: KEY_MOMENTS,
    offers_toggles: false,
    first_step: Caption::fixed(
        "你会看到 alice 的计划带着反馈被拒绝、修改后被批准，然后她才动手写文件。",
        "You will see alice's plan rejected with feedback, revised and approved, and only then the file written.",
    ),
};

/// The moments that carry the lesson's point (`key_steps.rs` places them on the run).
#[rustfmt::skip]
const KEY_MOMENTS: &[KeyMoment] = &[
    moment("protocol_opened", "plan-1", 0, "alice 提交计划 plan-1", "alice submits plan-1"),
    moment("protocol_decided", "plan-1 rejected", 0, "lead 带反馈拒绝", "The lead rejects with feedback"),
    moment("protocol_opened", "plan-2", 0, "修改后的计划 plan-2", "The revised plan-2"),
    moment("protocol_decided", "plan-2 approved", 0, "lead 批准", "The lead approves"),
    moment("file_written", "alice wrote", 0, "批准后才动手写", "alice writes only after approval"),
];

const TASK_ZH: &str = "auth.py 用 md5 存密码。让 alice 把它改得更安全，但必须先让计划获批。";
const TASK_EN: &str = "auth.py stores md5 password hashes. Have alice make it safer, but only after her plan is approved.";

fn lesson(lang: Lang) -> Lesson {
    let mut config =
        TeamConfig::new(vec![MemberConfig::lead().with_deliveries(4), MemberConfig::teammate("alice", "coder").with_deliveries(3)])
            .with_file("auth.py", "import hashlib\n\ndef check(password, stored):\n    return hashlib.md5(password.encode()).hexdigest() == stored\n");
    config.allow_write = true;
    let script = Script::new()
        .calls(
            "lead",
            1,
            "",
            vec![("send_message", json!({"to": "alice", "body": tr(lang, "auth.py 用 md5 处理密码。把它改得更安全。改动之前，先用 plan_approval 提交计划。", "auth.py uses md5 for passwords. Make it safer. Submit a plan with plan_approval before you change anything.")}))],
        )
        .answer("lead", 1, tr(lang, "alice 会先提交计划。", "alice will submit a plan first."))
        .calls("alice", 1, "", vec![("read_file", json!({"path": "auth.py"}))])
        .calls("alice", 1, "", vec![("plan_approval", json!({"plan": tr(lang, "从头重写 auth.py：新的用户数据库、新的登录接口，再加上 bcrypt。", "Rewrite auth.py from scratch: a new user database, a new login API, and bcrypt.")}))])
        .answer("alice", 1, tr(lang, "计划 plan-1 已提交，我等审批结果。", "Plan plan-1 submitted; I will wait for the decision."))
        .calls(
            "lead",
            1,
            tr(lang, "改动太大。", "Too big a change."),
            vec![(
                "plan_approval",
                json!({"request_id": "plan-1", "approve": false, "feedback": tr(lang, "范围太大：保留接口 check(password, stored)，只把 md5 换成加盐的 sha256。", "Too big: keep the API check(password, stored) and only replace md5 with a salted sha256.")}),
            )],
        )
        .answer("lead", 1, tr(lang, "已驳回 plan-1 并附上反馈。", "Rejected plan-1 with feedback."))
        .calls(
            "alice",
            1,
            tr(lang, "按要求修改。", "Revising as asked."),
            vec![("plan_approval", json!({"plan": tr(lang, "保留 check(password, stored)。把 md5 换成加盐的 sha256（盐和哈希存在一起）。不做其他改动。", "Keep check(password, stored). Replace md5 with salted sha256 (salt stored with the hash). No other changes.")}))],
        )
        .answer("alice", 1, tr(lang, "修改后的计划 plan-2 已提交。", "Revised plan plan-2 submitted."))
        .calls("lead", 1, "", vec![("plan_approval", json!({"request_id": "plan-2", "approve": true, "feedback": tr(lang, "批准：开始吧。", "Approved: go ahead.")}))])
        .answer("lead", 1, tr(lang, "已批准 plan-2。", "Approved plan-2."))
        .calls(
            "alice",
            1,
            tr(lang, "已获批，现在动手修改。", "Approved; now I make the change."),
            vec![(
                "write_file",
                json!({"path": "auth.py", "content": "import hashlib\n\ndef check(password, stored):\n    salt, digest = stored.split('$')\n    return hashlib.sha256((salt + password).encode()).hexdigest() == digest\n"}),
            )],
        )
        .calls("alice", 1, "", vec![("send_message", json!({"to": "lead", "body": tr(lang, "auth.py 现在用加盐的 sha256；check(password, stored) 没变。什么都没有运行。", "auth.py now uses salted sha256; check(password, stored) is unchanged. Nothing was run.")}))])
        .answer("alice", 1, tr(lang, "按计划完成。", "Done as planned."))
        .answer("lead", 1, tr(lang, "plan-2 获批后，alice 把 auth.py 里的 md5 换成了加盐的 sha256；接口没变。什么都没有运行。", "alice replaced md5 with salted sha256 in auth.py after plan-2 was approved; the API is unchanged. Nothing was run."))
        .build();
    let directions = vec![
        now(deliver_task("lead", tr(lang, TASK_ZH, TASK_EN))),
        after(&["lead"], deliver("alice")),
        after(&["alice"], deliver("lead")),
        after(&["lead"], deliver("alice")),
        after(&["alice"], deliver("lead")),
        after(&["lead"], deliver("alice")),
        after(&["alice"], deliver("lead")),
    ];
    let task = Caption::new(TASK_ZH, TASK_EN);
    let intro = Caption::new(
        "lead 说“重构认证模块”，队友立刻开干？高风险变更应该先过审：队友先提交计划，lead 批准了再做。一方发带唯一编号的请求，另一方引用同一编号回应。",
        "The lead says \"refactor the auth module\" and the teammate dives in? High-risk changes should be reviewed first: the teammate submits a plan, and works only after the lead approves. One side sends a request with a unique id; the other answers with the same id.",
    );
    builder::lesson(config, task, intro).played_as(script, directions, captions())
}

/// The lesson's captions: which event each explains, in both languages.
fn captions() -> Vec<CaptionRule> {
    vec![
        cap(
            "protocol_opened",
            "alice",
            0,
            "高风险变更先过审：alice 用 plan_approval 提交计划。request_id（plan-1）由队友这一侧生成，不是 lead 生成；追踪器记为{protocol:plan-1}。",
            "High-risk changes are reviewed first: alice submits her plan with plan_approval. The request id (plan-1) is created on the teammate's side, not by the lead; the tracker says {protocol:plan-1}.",
        ),
        cap_with(
            "protocol_decided",
            "lead",
            "rejected",
            0,
            "lead 引用同一个 plan-1 驳回（追踪器：{protocol:plan-1}），并给出反馈：保留接口，只替换哈希。计划审批和关机用的是同一个状态机。",
            "The lead rejects plan-1 by the same id (tracker: {protocol:plan-1}), with feedback: keep the API, replace only the hash. Plan approval and shutdown share one state machine.",
        ),
        cap_with(
            "candidate_prepared",
            "alice",
            "notifies m",
            1,
            "alice 在下一轮读到审批结果和反馈。被驳回不是终点：她按反馈修改方案。",
            "In her next round alice reads the decision and the feedback. A rejection is not the end: she revises her plan.",
        ),
        cap(
            "protocol_opened",
            "alice",
            1,
            "修改后的方案作为新请求 plan-2 提交（{protocol:plan-2}）。plan-1 保持{protocol:plan-1}不变：每个编号只离开待定（pending）一次。",
            "The revised plan goes in as a new request, plan-2 ({protocol:plan-2}). plan-1 stays {protocol:plan-1}: each id leaves pending only once.",
        ),
        cap_with(
            "protocol_decided",
            "lead",
            "approved",
            0,
            "lead 批准 plan-2（追踪器：{protocol:plan-2}）。",
            "The lead approves plan-2 (tracker: {protocol:plan-2}).",
        ),
        cap(
            "file_written",
            "alice",
            0,
            "批准之后 alice 才动手修改 auth.py，范围正是获批的计划。",
            "Only after the approval does alice change auth.py, within exactly the approved plan.",
        ),
    ]
}

/// The lesson's checkpoints (issue 26): what a learner predicts before the step shows it; the
/// right answers are computed from the state (`lessons::checkpoint`).
fn checkpoints() -> Vec<Checkpoint> {
    vec![
        checkpoint(
            ("l6-feedback-queued", "P3"),
            ("message_queued", "lead", "plan-1", 0),
            where_is("m3"),
            "lead 带着反馈拒绝了 plan-1，反馈作为 m3 发给 alice，而 alice 此刻空闲。m3 在哪里？",
            "The lead rejects plan-1 with feedback, sent to alice as m3; alice is idle. Where is m3?",
        ),
        checkpoint(
            ("l6-old-plan", "P1"),
            ("protocol_opened", "alice", "plan-2", 0),
            protocol_of("plan-1"),
            "alice 提交了修改后的 plan-2。旧的 plan-1 在追踪器里是什么状态？",
            "alice submits the revised plan-2. What does the tracker say about the old plan-1?",
        ),
        checkpoint(
            ("l6-write-after-approval", "P3"),
            ("file_written", "alice", "", 0),
            protocol_of("plan-2"),
            "alice 开始写 auth.py 了。这时 plan-2 是什么状态？",
            "alice writes auth.py. What is plan-2's status at this point?",
        ),
    ]
}
