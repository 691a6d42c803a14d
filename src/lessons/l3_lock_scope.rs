//! Lesson 3, "Lock scope" (seed 000): the host takes the lock only to check and set occupancy,
//! then releases it before any model call, so reader and reviewer work in parallel; a second
//! start for a busy member is refused. Act 2 holds the lock during the model call: the two
//! members now run one after the other. (T5, T6)

use super::builder::{self, cap, cap_with, deliver, host_send, now, quiet, Script};
use super::{CaptionRule, Lesson};
use crate::engine::{Caption, Input, MemberConfig, TeamConfig, Toggles};
use serde_json::json;

pub const ID: &str = "l3-lock-scope";

pub fn lesson() -> Lesson {
    let config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
        MemberConfig::teammate("reviewer", "reviewer"),
    ])
    .with_file("main.py", "print(6 * 7)")
    .with_file("expected.txt", "42");
    let act = |n: &str| {
        vec![
            now(host_send(
                "lead",
                "reader",
                &format!("Round {n}: read main.py and report what it prints."),
            )),
            now(host_send(
                "lead",
                "reviewer",
                &format!("Round {n}: read expected.txt and report the expected output."),
            )),
            now(deliver("reader")),
            now(deliver("reviewer")),
        ]
    };
    let mut directions = act("1");
    directions.push(now(deliver("reader")));
    directions.push(quiet(Input::SetToggles {
        toggles: Toggles {
            drain_on_read: false,
            hold_lock_during_model_call: true,
        },
    }));
    directions.extend(act("2"));

    let mut script = Script::new();
    for member in ["reader", "reviewer"] {
        let file = if member == "reader" {
            "main.py"
        } else {
            "expected.txt"
        };
        let found = if member == "reader" {
            "main.py contains print(6 * 7)."
        } else {
            "expected.txt says 42."
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
                .answer(member, 2, "Reported to lead.");
        }
    }
    let task = Caption::new("同样的两段调查，先只锁“检查并设置占用”，再把模型调用也锁住。", "The same two investigations, first locking only the check-and-set, then locking the model call too.");
    let intro = Caption::new(
        "两人能同时工作，也得知道锁该锁多大。宿主用同一把锁检查并设置占用，随后释放锁，让各自的 Agent 循环工作。如果把模型调用也包在锁里，就会让所有成员排成一队。",
        "Two members can work at once, as long as the lock stays small. The host checks and sets occupancy under one lock, then releases it and lets each agent loop work. Wrap the model call in the lock as well, and every member queues behind the others.",
    );
    builder::lesson(ID, config, task, intro).played_as(script.build(), directions, captions())
}

/// The lesson's captions: which event each explains, in both languages.
fn captions() -> Vec<CaptionRule> {
    vec![
        cap(
            "lock_acquired",
            "reader",
            0,
            "宿主拿锁，只做一件事：检查 reader 是否空闲，并把它设为占用。",
            "The host takes the lock for one job only: check that reader is free and mark it occupied.",
        ),
        cap(
            "lock_released",
            "reader",
            0,
            "检查并设置完成，立刻释放锁，然后才让 reader 的 Agent 循环去调用模型。",
            "Check-and-set done, the lock is released at once, and only then does reader's agent loop call its model.",
        ),
        cap(
            "lock_acquired",
            "reviewer",
            0,
            "reviewer 不用等：锁是空的。两人都被占用，请求在逻辑时间上重叠。不同成员可以同时占用。",
            "reviewer does not wait: the lock is free. Both members are occupied and their requests overlap in logical time. Different members may be busy at once.",
        ),
        cap_with(
            "refused",
            "reader",
            "already working",
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
            "lock_waiting",
            "reviewer",
            0,
            "reviewer 想开始，可锁被 reader 拿着——reader 正拿着锁等模型回复。reviewer 只能排队。",
            "reviewer wants to start, but reader holds the lock while it waits for its model. reviewer has to queue.",
        ),
        cap(
            "lock_acquired",
            "reviewer",
            1,
            "reader 整轮结束才释放锁，reviewer 这时才能开始。原本并行的两段工作排成了一队，总时间接近翻倍：这就是锁范围过大的代价。",
            "Only when reader's whole round ends is the lock released, and reviewer can start. Two pieces of work that ran in parallel now run one after the other, taking about twice as long: the cost of a lock held too wide.",
        ),
    ]
}
