//! The built-in lessons' challenges (issue 48), one function per lesson, each lesson's
//! definition (`LESSON.challenges`) naming its own. Each solution is the fewest choices
//! `cargo run --release --example challenge_search` found (it plays every branch of one and of
//! two choices from the challenge's start); `tests/it/challenges.rs` plays them.

use super::challenge::{Challenge, EventMatch};
use super::options::Intervention;
use super::toggle_choice::ToggleChoice;
use crate::engine::Caption;

fn on(event: &str, member: Option<&str>, contains: &str) -> EventMatch {
    EventMatch::new(event, member, Some(contains))
}

fn challenge(id: &str, goal: (&str, &str), hint: (&str, &str)) -> Challenge {
    Challenge {
        id: id.to_string(),
        goal: Caption::new(goal.0, goal.1),
        start: 0,
        modes: ToggleChoice::default(),
        holds: Vec::new(),
        never: Vec::new(),
        hint: Caption::new(hint.0, hint.1),
        solution: Vec::new(),
    }
}

pub fn l1() -> Vec<Challenge> {
    let mut c = challenge(
        "l1-finding-in-first-delivery",
        (
            "让 reader 的请求在第一轮投递里就带上 reviewer 的发现（m4），不需要第二轮投递。",
            "Make reader's request carry reviewer's finding (m4) without a second delivery.",
        ),
        (
            "reader 每次发请求之前都会重新准备候选（重试也是）：如果那时 m4 已经入队，它就会被带上。看看哪些请求还在进行中。",
            "reader prepares a new candidate before every request it sends, a retry too: if m4 is queued by then, it is carried. Look at which requests are in flight.",
        ),
    );
    c.start = 28;
    c.holds = vec![on("candidate_prepared", Some("reader"), "notifies m4")];
    c.never = vec![on("round_started", Some("reader"), "delivery 2")];
    c.solution = solution(
        r#"[{"answer_first":{"at":40,"member":"reader","request_index":2,"outcome":{"fail":{"error":"503 Service Unavailable (the learner's choice)","retryable":true}}}}]"#,
    );
    vec![c]
}

pub fn l2() -> Vec<Challenge> {
    let mut c = challenge(
        "l2-lose-two",
        (
            "读时删除开着的时候，让 reader 一次丢掉两条消息：m2 和另一条。",
            "With drain-on-read on, make reader lose two messages at once: m2 and one more.",
        ),
        (
            "故障在读取和提交之间发生时，读到的所有邮件都会丢。在 reader 的第二轮开始之前，它的收件箱里还能多放一条吗？",
            "A fault between read and commit loses every record that was read. Can reader's inbox hold one more before its second delivery starts?",
        ),
    );
    c.start = 14;
    c.holds = vec![on("candidate_discarded", Some("reader"), "lost m2, m3")];
    c.solution = solution(
        r#"[{"lead_sends":{"at":14,"to":"reader","body":"A note from the lead: please check your inbox."}}]"#,
    );
    vec![c]
}

pub fn l3() -> Vec<Challenge> {
    let mut c = challenge(
        "l3-two-waiters",
        (
            "在模型调用期间持锁时，让两个成员排队等同一把锁。",
            "With the lock held over the model call, have two members wait behind one lock.",
        ),
        (
            "reader 持锁调用模型时，reviewer 已经在等了。还有谁有未读邮件、可以被交付工作？",
            "While reader holds the lock over its model call, reviewer already waits. Who else has unread mail and could be given work?",
        ),
    );
    c.start = 46;
    c.holds = vec![
        on("lock_waiting", None, "waits for the lock"),
        on("lock_waiting", None, "waits for the lock"),
    ];
    c.solution = solution(r#"[{"deliver":{"at":46,"member":"lead"}}]"#);
    vec![c]
}

pub fn l4() -> Vec<Challenge> {
    let mut c = challenge(
        "l4-no-dead-letter",
        (
            "在团队解散之前，让 alice 读到 bob 的小建议（m5），它就不会作为未投递的邮件被报告。",
            "Get bob's nit (m5) read by alice before the team disbands, so it is not reported undelivered.",
        ),
        (
            "解散时，没有被任何请求带上的记录都算未读。m5 入队后，谁能让 alice 再工作一轮？",
            "At a disband every record no request carried is unread. After m5 is queued, what would give alice another round?",
        ),
    );
    c.start = 70;
    c.holds = vec![on("history_committed", Some("alice"), "m5")];
    c.never = vec![on("team_disbanded", None, "disbanded")];
    c.solution = solution(r#"[{"deliver":{"at":70,"member":"alice"}}]"#);
    vec![c]
}

pub fn l5() -> Vec<Challenge> {
    let mut c = challenge(
        "l5-approve-mid-write",
        (
            "让 alice 在还在写 report.md 的时候就批准第一个关机请求 shutdown-1。",
            "Get alice to approve the first shutdown request, shutdown-1, while she is still writing report.md.",
        ),
        (
            "协议的回答是模型回复里的一个工具调用。shutdown-1 待决、alice 的请求在进行中时，看看可选项。",
            "A protocol answer is a tool call in a model's reply. Look at the choices while shutdown-1 is pending and alice's request is in flight.",
        ),
    );
    c.holds = vec![on("protocol_decided", Some("alice"), "shutdown-1 approved")];
    c.solution = solution(
        r#"[{"answer_first":{"at":27,"member":"alice","request_index":0,"outcome":{"reply":{"reply":{"text":"","tool_calls":[{"id":"choice-1","name":"shutdown_response","arguments":{"approve":true,"reason":"the learner's choice","request_id":"shutdown-1"}}],"stop_reason":"tool_use"}}}}}]"#,
    );
    vec![c]
}

pub fn l6() -> Vec<Challenge> {
    let mut c = challenge(
        "l6-approve-first-plan",
        (
            "让 lead 原样批准第一个计划 plan-1。",
            "Have the lead approve the first plan, plan-1, as it was submitted.",
        ),
        (
            "plan-1 待决时，lead 的下一个回复可以是批准或拒绝。",
            "While plan-1 is pending, the lead's next reply can approve or refuse it.",
        ),
    );
    c.holds = vec![on("protocol_decided", Some("lead"), "plan-1 approved")];
    c.solution = solution(
        r#"[{"answer_first":{"at":35,"member":"lead","request_index":2,"outcome":{"reply":{"reply":{"text":"","tool_calls":[{"id":"choice-1","name":"plan_approval","arguments":{"approve":true,"feedback":"the learner's choice","request_id":"plan-1"}}],"stop_reason":"tool_use"}}}}}]"#,
    );
    vec![c]
}

pub fn l7() -> Vec<Challenge> {
    let mut c = challenge(
        "l7-spend-the-retries",
        (
            "用光 reader 这一轮的重试预算，让它的这一轮失败。",
            "Spend reader's retry budget for this delivery, so its round fails.",
        ),
        (
            "reader 的第一个请求已经失败过一次（1/2）。每次失败的请求若可重试，就再花一次重试预算。",
            "reader's first request already failed once (1/2). Each retryable failure spends one more retry.",
        ),
    );
    c.start = 38;
    c.holds = vec![on("round_finished", Some("reader"), "-> failed")];
    c.solution = solution(
        r#"[{"inject_fault":{"at":38,"member":"reader","fault":"fail_before_commit"}},{"answer_first":{"at":62,"member":"reader","request_index":1,"outcome":{"fail":{"error":"503 Service Unavailable (the learner's choice)","retryable":true}}}}]"#,
    );
    vec![c]
}

pub fn l8() -> Vec<Challenge> {
    let mut c = challenge(
        "l8-restart-mid-request",
        (
            "在 reader 的请求进行中时重启宿主，然后把 reader 带回来：它的历史在，进行中的那次请求作废。",
            "Restart the host while reader's request is in flight, then bring reader back: its history returns, the request in flight is abandoned.",
        ),
        (
            "重启会把所有进行中的请求作废。reader 第一轮结束之前就重启。",
            "A restart abandons every request in flight. Restart before reader's first round ends.",
        ),
    );
    c.holds = vec![
        on("model_requested", Some("reader"), "sent request"),
        on("roster_restored", None, "roster restored"),
        on("member_recalled", None, "reader recalled"),
    ];
    c.never = vec![on("round_finished", Some("reader"), "finished the round")];
    c.solution = solution(r#"[{"reload":{"at":2}}]"#);
    vec![c]
}

/// A solution as the JSON a branch carries (what `challenge_search` printed); a test plays
/// each one, so a typo here fails it rather than showing an empty solution.
fn solution(json: &str) -> Vec<Intervention> {
    serde_json::from_str(json).unwrap_or_default()
}
