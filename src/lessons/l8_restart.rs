//! Lesson 8, "Restart and recall" (seed 002): the roster survives a page reload, but the runs do
//! not, so every member comes back offline. Delivering to an offline member is refused; an
//! explicit recall restores its history, and reader answers from what it read before the
//! reload. (L3)

use super::builder::{
    self, after, cap, cap_with, checkpoint, deliver, host_send, loaded_of, now, status_of,
    where_is, Script,
};
use super::catalog::LessonInfo;
use super::checkpoint::Checkpoint;
use super::definition::{moment, KeyMoment, LessonDef};
use super::language::tr;
use super::lesson::{Action, Direction, Lesson, Wait};
use crate::engine::{Caption, Input, Lang, MemberConfig, TeamConfig};
use serde_json::json;

pub const ID: &str = "l8-restart-and-recall";

/// Lesson 8 as one definition: its catalog entry, how it is built, its checkpoints, its key
/// moments and whether it offers the contrast toggles (`registry.rs` lists it).
pub const LESSON: LessonDef = LessonDef {
    info: LessonInfo {
        id: ID,
        title: Caption::fixed("重启与召回", "Restart and recall"),
        summary: Caption::fixed(
            "重新加载后成员都离线，必须显式召回才能恢复历史。",
            "After a reload every member is offline until explicitly recalled with its history.",
        ),
        rules: &["L3"],
    },
    build: lesson,
    checkpoints,
    challenges: super::challenges::l8,
    key_moments: KEY_MOMENTS,
    offers_toggles: false,
    first_step: Caption::fixed(
        "你会看到宿主重启、每个成员以离线状态回来，再逐个带着历史被显式召回。",
        "You will see the host restart, every member come back offline, and each one recalled explicitly with its history.",
    ),
};

/// The moments that carry the lesson's point (`key_steps.rs` places them on the run).
#[rustfmt::skip]
const KEY_MOMENTS: &[KeyMoment] = &[
    moment("roster_restored", "", 0, "重启：全部离线", "Restart: everyone offline"),
    moment("refused", "member_offline", 0, "离线成员拒绝工作", "An offline member refuses work"),
    moment("member_recalled", "reader recalled", 0, "显式召回 reader", "reader recalled explicitly"),
    moment("model_requested", "reader sent request r4", 0, "用恢复的历史发请求", "A request built on the restored history"),
    moment("member_recalled", "lead recalled", 0, "召回 lead", "The lead is recalled"),
];

fn lesson(lang: Lang) -> Lesson {
    let config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
        MemberConfig::teammate("reviewer", "reviewer"),
    ])
    .with_file("main.py", "print(6 * 7)");
    let recall = |m: &str| Input::Recall {
        member: m.to_string(),
    };
    let directions = vec![
        now(host_send(
            "lead",
            "reader",
            tr(
                lang,
                "读 main.py，告诉我它打印什么。不要运行它。",
                "Read main.py and tell me what it prints. Do not run it.",
            ),
        )),
        now(deliver("reader")),
        Direction {
            wait: Wait::Quiet,
            action: Action::Reload,
        },
        now(deliver("reader")),
        now(recall("reader")),
        now(host_send(
            "lead",
            "reader",
            tr(
                lang,
                "重新加载之后再问一句：main.py 还会打印别的吗？",
                "After the reload: does main.py print anything else?",
            ),
        )),
        now(deliver("reader")),
        after(&["reader"], recall("lead")),
        now(deliver("lead")),
    ];
    let script = Script::new()
        .calls("reader", 1, "", vec![("read_file", json!({"path": "main.py"}))])
        .calls("reader", 1, "", vec![("send_message", json!({"to": "lead", "body": tr(lang, "main.py 的内容是 print(6 * 7)。我没有运行它。", "main.py contains print(6 * 7). I did not run it.")}))])
        .answer("reader", 1, tr(lang, "已向 lead 汇报。", "Reported to lead."))
        .calls(
            "reader",
            2,
            tr(lang, "我的历史里还有重新加载之前 read_file 的结果。", "My history still holds the read_file result from before the reload."),
            vec![("send_message", json!({"to": "lead", "body": tr(lang, "不会：main.py 里只有 print(6 * 7)，这是我在重新加载之前读到的。我没有再读一遍。", "No: main.py holds only print(6 * 7), as I read before the reload. I did not read it again.")}))],
        )
        .answer("reader", 1, tr(lang, "根据我的历史作答。", "Answered from my history."))
        .answer("lead", 2, tr(lang, "reader 在重新加载之前读了 main.py：里面只有 print(6 * 7)。重新加载之后，reader 根据恢复的历史作答。什么都没有运行。", "reader read main.py before the reload: it holds only print(6 * 7). After the reload reader answered from its restored history. Nothing was run."))
        .build();
    let captions = vec![
        cap(
            "roster_restored",
            "",
            0,
            "页面重新加载。原先的运行已经不复存在，花名册从浏览器存储恢复，每个成员都标为离线：lead {status:lead}，reader {status:reader}，reviewer {status:reviewer}。各自的历史已存储、尚未载入，卡片上写着“未载入”。",
            "The page reloads. The old runs are gone; the roster comes back from browser storage and every member is marked offline: lead is {status:lead}, reader {status:reader}, reviewer {status:reviewer}. Each history is stored, not loaded: the cards say so.",
        ),
        cap_with(
            "refused",
            "reader",
            "member_offline",
            0,
            "直接给 reader 交付工作：被拒绝，reader 仍是{status:reader}。离线的成员不会自己回来。",
            "Delivering to reader right away is refused, and reader is still {status:reader}: an offline member does not come back by itself.",
        ),
        cap(
            "member_recalled",
            "",
            0,
            "显式召回 reader：它存储的历史这才载入，状态回到空闲（此刻：{status:reader}）。召回的是同一个成员记录，不是新建一个。",
            "reader is recalled explicitly: only now is its stored history loaded, and it is idle again (now: {status:reader}). It is the same member record, not a new one.",
        ),
        cap(
            "model_requested",
            "reader",
            3,
            "这次请求里仍有重载前 read_file 的结果，reader 不必重新读取 main.py。",
            "This request still holds the read_file result from before the reload, so reader need not read main.py again.",
        ),
        cap(
            "member_recalled",
            "",
            1,
            "lead 也需要召回，才能接收交付（此刻：{status:lead}）。重启不会偷偷把谁拉回来：reviewer 没被召回，仍是{status:reviewer}。",
            "The lead must be recalled too before it can take a delivery (now: {status:lead}). A restart brings nobody back behind your back: reviewer was not recalled and is still {status:reviewer}.",
        ),
    ];
    let task = Caption::new("reader 先读 main.py 并报告；页面重新加载后，召回 reader 继续追问。", "reader reads main.py and reports; after a page reload, reader is recalled and asked a follow-up.");
    let intro = Caption::new(
        "重启时原先的运行线程不复存在，因此需要把旧成员标为离线并显式召回。持续存在的是成员记录与上下文，不是某条一直等着的线程。",
        "After a restart the old runs no longer exist, so old members are marked offline and must be recalled explicitly. What persists is the member record and its context, not a thread that kept waiting.",
    );
    builder::lesson(config, task, intro).played_as(script, directions, captions)
}

/// The lesson's checkpoints (issue 26): what a learner predicts before the step shows it; the
/// right answers are computed from the state (`lessons::checkpoint`).
fn checkpoints() -> Vec<Checkpoint> {
    vec![
        checkpoint(
            ("l8-offline", "L3"),
            ("roster_restored", "", "", 0),
            status_of("reader"),
            "宿主重启了，花名册从存储里恢复。reader 现在是什么状态？",
            "The host restarts and restores the roster from storage. What is reader's status now?",
        ),
        checkpoint(
            ("l8-stored", "L3"),
            ("refused", "reader", "member_offline", 0),
            loaded_of("reader"),
            "给 reader 派活被拒绝了。reader 之前的历史现在怎样？",
            "Work for reader is refused. What about reader's earlier history now?",
        ),
        checkpoint(
            ("l8-recalled", "L3"),
            ("member_recalled", "", "reader recalled", 0),
            loaded_of("reader"),
            "宿主显式召回了 reader。它的历史现在怎样？",
            "The host recalls reader explicitly. What about its history now?",
        ),
        checkpoint(
            ("l8-in-request", "L3"),
            ("model_requested", "reader", "", 3),
            where_is("m3"),
            "召回后 reader 发出了新请求。lead 在重启后发的 m3 现在在哪里？",
            "After the recall reader sends a new request. Where is m3, which the lead sent after the restart?",
        ),
    ]
}
