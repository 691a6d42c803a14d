//! Mailbox throughput: 50 members (the lead and 49 teammates), 10,000 messages, each sent,
//! prepared into a candidate, committed, and carried into a model request (with the scripted
//! reply that ends the round). Then the same 10,000 messages again after a warm-up that leaves
//! every history 10x longer, to show that a preparation costs time proportional to the new mail,
//! not to the history. For contrast, the seed's dedup (scan the history text for every inbox
//! record) is timed on the same states.
//!
//! Run: `cargo run --release --example bench_mailbox`

use agent_team_playground::engine::mailbox;
use agent_team_playground::engine::*;
use std::time::Instant;

const MEMBERS: usize = 50;
const MESSAGES: usize = 10_000;

fn team() -> Team {
    let mut members = vec![MemberConfig::lead()];
    for i in 1..MEMBERS {
        members.push(MemberConfig::teammate(&format!("t{i:02}"), "worker"));
    }
    let mut config = TeamConfig::new(members);
    config.limits = Limits {
        inbox_records: usize::MAX,
        history_entries: usize::MAX,
        delivery_budget: u32::MAX,
        max_members: MEMBERS,
        ..Limits::default()
    };
    Team::new(config).expect("valid config")
}

/// Sends `messages` messages round-robin; after each batch of one message per teammate, every
/// teammate prepares, commits, sends its request and gets a final reply. Returns events.
fn run(team: &mut Team, messages: usize) -> usize {
    let teammates: Vec<String> = (1..MEMBERS).map(|i| format!("t{i:02}")).collect();
    let mut sent = 0;
    let mut events = 0;
    while sent < messages {
        let batch = teammates.len().min(messages - sent);
        for to in &teammates[..batch] {
            let body = format!("message {sent} for {to}");
            events += team
                .apply(Input::HostSend {
                    from: "lead".into(),
                    to: to.clone(),
                    body,
                    idempotency_key: None,
                })
                .len();
            sent += 1;
        }
        for to in &teammates[..batch] {
            events += team
                .apply(Input::StartRound {
                    member: to.clone(),
                    prompt: None,
                })
                .len();
            let id = team
                .state()
                .member(to)
                .and_then(|m| m.in_flight())
                .expect("request in flight");
            events += team
                .apply(Input::ModelReplied {
                    request_id: id,
                    reply: ModelReply::text("ok"),
                })
                .len();
        }
    }
    events
}

/// The seed's dedup: for each inbox record, scan the whole history for its notification text.
fn naive_prepare_all(state: &TeamState) -> usize {
    let mut found = 0;
    for member in state.members().values() {
        for record in state.inbox_of(member.name()) {
            let text = mailbox::notification_text(record, state.config().lang);
            if !member.history().iter().any(|e| e.text == text) {
                found += 1;
            }
        }
    }
    found
}

/// Best of `REPEAT` timings, so a busy machine does not decide the figure.
const REPEAT: usize = 3;

fn main() {
    let mut base = team();
    let mut secs = f64::MAX;
    let mut events = 0;
    for _ in 0..REPEAT {
        let mut fresh = team();
        let start = Instant::now();
        events = run(&mut fresh, MESSAGES);
        secs = secs.min(start.elapsed().as_secs_f64());
        base = fresh;
    }
    let history = base.state().member("t01").unwrap().history().len();
    println!("base: {MESSAGES} messages, {MEMBERS} members, {events} events in {:.3} s (best of {REPEAT})", secs);
    println!("      {:.0} messages/s (sent + prepared + committed + requested), history per teammate ~{history} entries", MESSAGES as f64 / secs);

    let mut big = team();
    let warm = Instant::now();
    run(&mut big, MESSAGES * 10);
    let warm_secs = warm.elapsed().as_secs_f64();
    let big_history = big.state().member("t01").unwrap().history().len();
    let mut secs_big = f64::MAX;
    let mut events = 0;
    for _ in 0..REPEAT {
        let start = Instant::now();
        events = run(&mut big, MESSAGES);
        secs_big = secs_big.min(start.elapsed().as_secs_f64());
    }
    println!(
        "10x:  warm-up of {} messages took {:.3} s; histories now ~{big_history} entries",
        MESSAGES * 10,
        warm_secs
    );
    println!(
        "      {MESSAGES} more messages: {events} events in {:.3} s (best of {REPEAT}), {:.0} messages/s (time ratio to base {:.2})",
        secs_big,
        MESSAGES as f64 / secs_big,
        secs_big / secs
    );

    // Contrast: one full preparation pass for every member with the seed's scan.
    for (label, team) in [("base", &base), ("10x ", &big)] {
        let start = Instant::now();
        let found = naive_prepare_all(team.state());
        let secs = start.elapsed().as_secs_f64();
        let inbox: usize = team
            .state()
            .members()
            .values()
            .map(|m| m.inbox().len())
            .sum();
        println!(
            "seed-style dedup, {label}: one pass over {inbox} inbox records x history took {:.3} s ({:.1} us per record, {found} new)",
            secs,
            secs * 1e6 / inbox as f64
        );
    }
}
