//! Lesson 3, "Lock scope" (seed 000): the same two investigations run twice. By default the
//! first run takes the lock only to check and set occupancy and releases it before any model
//! call, so reader and reviewer work in parallel (a second start for a busy member is
//! refused); the second run holds the lock during the model call, so the two members run one
//! after the other. The learner's "hold the lock" toggle plays both runs in one mode; every
//! caption that states a mode or its consequence is attached only where that mode was in force.
//! (T5, T6)

use super::builder::{
    self, cap, cap_with, checkpoint, deliver, host_send, lock_of, next_line, now, quiet, status_of,
    Script,
};
use super::catalog::LessonInfo;
use super::checkpoint::Checkpoint;
use super::definition::{moment, KeyMoment, LessonDef};
use super::language::tr;
use super::lesson::{CaptionRule, Lesson};
use super::toggle_choice::ToggleChoice;
use crate::engine::{Caption, Input, Lang, MemberConfig, TeamConfig, Toggles};
use serde_json::json;

pub const ID: &str = "l3-lock-scope";

/// Lesson 3 as one definition: its catalog entry, how it is built, its checkpoints, its key
/// moments and whether it offers the contrast toggles (`registry.rs` lists it).
pub const LESSON: LessonDef = LessonDef {
    info: LessonInfo {
        id: ID,
        title: Caption::fixed("锁的范围", "Lock scope"),
        summary: Caption::fixed(
            "只在检查并设置占用时持锁，成员才能并行；把模型调用也锁住就会排队。",
            "Lock only the check-and-set and members run in parallel; lock the model call and they queue.",
        ),
        rules: &["T5", "T6"],
    },
    build: lesson,
    checkpoints,
    challenges: super::challenges::l3,
    key_moments: KEY_MOMENTS,
    offers_toggles: true,
    first_step: Caption::fixed(
        "你会看到两个成员在小锁下同时工作，而在模型调用期间持锁时，只能一个接一个排队。",
        "You will see two members work at once under a small lock, then queue one behind the other when the lock is held during the model call.",
    ),
};

/// The moments that carry the lesson's point (`key_steps.rs` places them on the run).
#[rustfmt::skip]
const KEY_MOMENTS: &[KeyMoment] = &[
    moment("lock_acquired", "reader acquired", 0, "锁只包住检查并设置", "The lock covers only check-and-set"),
    moment("refused", "member_busy", 0, "忙碌的成员拒绝第二轮", "A busy member refuses a second round"),
    moment("toggles_changed", "hold_lock_during_model_call=true", 0, "对照：模型调用期间持锁", "Contrast: lock held during the model call"),
    moment("lock_waiting", "reviewer waits", 0, "reviewer 排队等锁", "reviewer queues for the lock"),
    moment("lock_acquired", "reviewer acquired", 1, "大锁的代价：reviewer 等到 reader 整轮结束", "The cost of a large lock: reviewer waits out reader's whole round"),
    moment("lock_released", "reviewer released", 1, "两人先后完成：结论", "One after the other: the conclusion"),
];

fn lesson(lang: Lang) -> Lesson {
    let config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
        MemberConfig::teammate("reviewer", "reviewer"),
    ])
    .with_file("main.py", "print(6 * 7)")
    .with_file("expected.txt", "42");
    let act = |n: u32| {
        vec![
            now(host_send(
                "lead",
                "reader",
                &tr(
                    lang,
                    format!("第 {n} 轮：读 main.py，报告它打印什么。"),
                    format!("Round {n}: read main.py and report what it prints."),
                ),
            )),
            now(host_send(
                "lead",
                "reviewer",
                &tr(
                    lang,
                    format!("第 {n} 轮：读 expected.txt，报告预期输出。"),
                    format!("Round {n}: read expected.txt and report the expected output."),
                ),
            )),
            now(deliver("reader")),
            now(deliver("reviewer")),
        ]
    };
    let mut directions = act(1);
    directions.push(now(deliver("reader")));
    // The lesson's default for the second run; the learner's toggle overrides it.
    directions.push(quiet(Input::SetToggles {
        toggles: Toggles {
            drain_on_read: false,
            hold_lock_during_model_call: true,
        },
    }));
    directions.extend(act(2));

    let mut script = Script::new();
    for member in ["reader", "reviewer"] {
        let file = if member == "reader" {
            "main.py"
        } else {
            "expected.txt"
        };
        let found = if member == "reader" {
            tr(
                lang,
                "main.py 的内容是 print(6 * 7)。",
                "main.py contains print(6 * 7).",
            )
        } else {
            tr(lang, "expected.txt 写的是 42。", "expected.txt says 42.")
        };
        for _ in 0..2 {
            script = script
                .calls(member, 2, "", vec![("read_file", json!({"path": file}))])
                .calls(
                    member,
                    2,
                    "",
                    vec![("send_message", json!({"to": "lead", "body": found}))],
                )
                .answer(member, 2, tr(lang, "已向 lead 汇报。", "Reported to lead."));
        }
    }
    let task = Caption::new(
        "同样的两段调查跑两遍。默认第一遍只锁“检查并设置占用”，第二遍把模型调用也锁住；用上方的“模型调用期间持锁”开关，可以让两遍都用同一种锁。",
        "The same two investigations run twice. By default the first run locks only the check-and-set and the second locks the model call too; the \"hold the lock during the model call\" toggle above plays both runs with one lock.",
    );
    let intro = Caption::new(
        "两人能同时工作，也得知道锁该锁多大。宿主用同一把锁检查并设置占用，随后释放锁，让各自的智能体循环工作。如果把模型调用也包在锁里，就会让所有成员排成一队。",
        "Two members can work at once, as long as the lock stays small. The host checks and sets occupancy under one lock, then releases it and lets each agent loop work. Wrap the model call in the lock as well, and every member queues behind the others.",
    );
    builder::lesson(config, task, intro).played_as(script.build(), directions, captions())
}

/// The lesson's captions: which event each explains, in both languages. A caption that
/// states what the lock does counts only events under that mode (`when`).
fn captions() -> Vec<CaptionRule> {
    let small = ToggleChoice::hold_lock(false);
    let wide = ToggleChoice::hold_lock(true);
    vec![
        cap(
            "lock_acquired",
            "reader",
            0,
            "宿主拿锁，只做一件事：检查 reader 是否空闲，并把它设为占用。",
            "The host takes the lock for one job only: check that reader is free and mark it occupied.",
        )
        .when(small),
        cap(
            "lock_released",
            "reader",
            0,
            "检查并设置完成，立刻释放锁，然后才让 reader 的智能体循环去调用模型。",
            "Check-and-set done, the lock is released at once, and only then does reader's agent loop call its model.",
        )
        .when(small),
        cap(
            "lock_acquired",
            "reviewer",
            0,
            "reviewer 不用等：锁是空的，宿主接着就为它检查并设置占用（下一步）。",
            "reviewer does not wait: the lock is free, and the host goes straight on to check and set its occupancy (next step).",
        )
        .when(small),
        cap(
            "round_started",
            "reviewer",
            0,
            "reviewer 也被占用了：此刻 reader 和 reviewer 同时在工作，请求在逻辑时间上重叠。不同成员可以同时占用。",
            "reviewer is occupied too: reader and reviewer now work at the same time, and their requests overlap in logical time. Different members may be busy at once.",
        )
        .when(small),
        cap_with(
            "refused",
            "reader",
            "member_busy",
            0,
            "再给正在工作的 reader 开始一轮：被拒绝。同一个成员不能同时开始两轮，宿主用同一把锁检查并设置占用，所以这件事不会发生。",
            "Starting another round for reader while it works is refused. One member can never run two rounds at once: the host checks and sets occupancy under the same lock.",
        ),
        cap(
            "toggles_changed",
            "",
            0,
            "第二幕：把模型调用也包进锁里。看看时间线会变成什么样。",
            "Act 2: now the model call is inside the lock too. Watch what happens to the timeline.",
        ),
        cap(
            "lock_acquired",
            "reader",
            0,
            "宿主拿锁检查 reader 是否空闲并设为占用；在这种模式下，锁会一直拿到 reader 这一轮结束，模型调用也在锁里。",
            "The host takes the lock to check that reader is free and mark it occupied; in this mode it keeps the lock until reader's round ends, model calls included.",
        )
        .when(wide),
        cap(
            "lock_waiting",
            "reviewer",
            0,
            "reviewer 想开始，可锁被 reader 拿着——reader 正拿着锁等模型回复。reviewer 只能排队。",
            "reviewer wants to start, but reader holds the lock while it waits for its model. reviewer has to queue.",
        ),
        cap(
            "lock_acquired",
            "reviewer",
            0,
            "reader 整轮结束才释放锁，reviewer 这时才能开始。本可以并行的两段工作排成了一队，总时间接近翻倍：这就是锁范围过大的代价。",
            "Only when reader's whole round ends is the lock released, and reviewer can start. Two pieces of work that could run in parallel now run one after the other, taking about twice as long: the cost of a lock held too wide.",
        )
        .when(wide),
        cap(
            "lock_released",
            "reviewer",
            0,
            "reviewer 的一轮也结束了，锁这才释放。模型调用期间持锁，两名成员只能一个接一个地工作；只锁检查并设置占用时，它们的请求是重叠的。",
            "reviewer's round is over too, and only now is the lock released. With the lock held during model calls the two members worked one after the other; with the lock only around check-and-set, their requests overlap.",
        )
        .when(wide)
        .from_end(),
        cap_with(
            "round_finished",
            "reviewer",
            "-> idle",
            0,
            "reviewer 的一轮结束了。锁只包住检查并设置占用，reader 和 reviewer 并排工作：它们的请求在逻辑时间上重叠，谁也没有等谁。",
            "reviewer's round is over. With the lock only around check-and-set, reader and reviewer worked side by side: their requests overlapped in logical time, and neither waited for the other.",
        )
        .when(small)
        .from_end(),
    ]
}

/// The lesson's checkpoints (issue 26): what a learner predicts before the step shows it; the
/// right answers are computed from the state (`lessons::checkpoint`).
fn checkpoints() -> Vec<Checkpoint> {
    vec![
        checkpoint(
            ("l3-small-lock", "T6"),
            ("model_requested", "reader", "", 0),
            lock_of("reader"),
            "reader 发出了第一个模型请求，模型正在思考。此刻 reader 还持有宿主的锁吗？",
            "reader has sent its first model request and the model is thinking. Does reader still hold the host's lock?",
        ),
        checkpoint(
            ("l3-busy", "T5"),
            ("refused", "reader", "member_busy", 0),
            status_of("reader"),
            "宿主想再给 reader 开一轮，被拒绝了。reader 现在是什么状态？",
            "The host tried to start another round for reader and was refused. What is reader's status now?",
        ),
        checkpoint(
            ("l3-second-call", "T6"),
            ("model_requested", "reader", "", 3),
            lock_of("reader"),
            "reader 的第二次交付发出了模型请求。此刻 reader 还持有锁吗？",
            "reader's second delivery has sent a model request. Does reader still hold the lock now?",
        ),
        checkpoint(
            ("l3-next-line", "T6"),
            ("lock_released", "reader", "", 0),
            next_line(&["deliver.unlock", "finish.unlock", "prepare.candidate", "loop.request"]),
            "reader 的这一轮已在锁内设好了占用。接下来 reader 第一次放开宿主的锁：宿主代码运行的是哪一行？",
            "reader's round has set its occupancy under the lock. Next, reader lets go of the host's lock for the first time: which line of the host's code runs?",
        ),
    ]
}
