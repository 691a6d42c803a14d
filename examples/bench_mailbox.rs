//! Mailbox throughput by team size: 10,000 messages at 5, 50 and 200 members (the lead and
//! the rest teammates), each sent, prepared into a candidate, committed, and carried into a
//! model request (with the scripted reply that ends the round). Prints messages per second at
//! each size and the ratio of the time per message at 200 members to that at 5 (a request's
//! cost should not depend on the roster).
//!
//! Then the 50-member team again after a warm-up that leaves every history 10x longer (a
//! preparation should cost the new mail, not the history), and, in the same run, the seed's
//! host design on the same 50-member workload: `scripts/seed_host.py`, the Python host seed 000
//! describes (JSONL inbox, history copied per preparation, dedup by scanning the history),
//! run by `python3`, with the ratio of the two. At 5 members the seed's design would take
//! hours (each teammate's inbox and history grow to 2,500 records, and every preparation scans
//! every record against the whole history), so it runs at 50 only.
//!
//! The team's `max_members` is set to the size benchmarked: the engine takes any limit a
//! config gives (the teaching default stays 8, and a scenario's own cap is unchanged).
//!
//! Figures are printed, never asserted. Run: `cargo run --release --example bench_mailbox`.
//! Env: `BENCH_REPEAT` (default 3: each figure is the best of that many runs, so a busy machine
//! does not decide it, the seed's too), `BENCH_SEED=0` skips the seed, `BENCH_LONG=0` stops
//! after the sizes, `BENCH_SIZES=50` (a comma list) times only those sizes.

use agent_team_playground::engine::*;
use std::process::Command;
use std::time::Instant;

const MESSAGES: usize = 10_000;
const SIZES: [usize; 3] = [5, 50, 200];
/// The size the seed is compared at (the goal: >= 100x the seed's design).
const SEED_SIZE: usize = 50;

fn team(members: usize) -> Team {
    let mut roster = vec![MemberConfig::lead()];
    for i in 1..members {
        roster.push(MemberConfig::teammate(&teammate(i), "worker"));
    }
    let mut config = TeamConfig::new(roster);
    config.limits = Limits {
        inbox_records: usize::MAX,
        history_entries: usize::MAX,
        delivery_budget: u32::MAX,
        max_members: members,
        ..Limits::default()
    };
    Team::new(config).expect("valid config")
}

fn teammate(i: usize) -> String {
    format!("t{i:02}")
}

/// Sends `messages` messages round-robin from the lead; after each batch of one message per
/// teammate, every teammate of the batch prepares, commits, sends its request and gets a final
/// reply. Returns the number of events.
fn run(team: &mut Team, messages: usize) -> usize {
    let members = team.state().members().len();
    let teammates: Vec<String> = (1..members).map(teammate).collect();
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

/// A clock for the figures: the time this thread spent on a CPU (Linux's
/// `/proc/thread-self/schedstat`), so that other work on a busy machine does not count; the
/// wall clock where that file is missing. The seed's host uses the same kind of clock
/// (`time.thread_time()`).
struct Clock {
    cpu: bool,
}

impl Clock {
    fn new() -> Clock {
        Clock {
            cpu: thread_cpu_ns().is_some(),
        }
    }

    fn name(&self) -> &'static str {
        if self.cpu {
            "CPU time"
        } else {
            "wall time"
        }
    }

    /// Seconds `f` took on this clock, with what it returned.
    fn time<T>(&self, f: impl FnOnce() -> T) -> (f64, T) {
        let (wall, cpu) = (Instant::now(), thread_cpu_ns());
        let out = f();
        let secs = match (self.cpu, cpu, thread_cpu_ns()) {
            (true, Some(a), Some(b)) => b.saturating_sub(a) as f64 * 1e-9,
            _ => wall.elapsed().as_secs_f64(),
        };
        (secs, out)
    }
}

/// Nanoseconds this thread has run on a CPU, if the system says.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Best time of `repeat` runs of `messages` messages on a fresh team of `members`, with the
/// last team (for its history lengths) and its event count.
fn best_of(clock: &Clock, repeat: usize, members: usize, messages: usize) -> (f64, Team, usize) {
    let mut best = (f64::MAX, team(members), 0);
    for _ in 0..repeat {
        let mut fresh = team(members);
        let (secs, events) = clock.time(|| run(&mut fresh, messages));
        best = (best.0.min(secs), fresh, events);
    }
    best
}

/// The seed's host (scripts/seed_host.py) on the same workload: the best of `repeat` timings,
/// or why there is none.
fn seed_secs(members: usize, repeat: usize, cpu: bool) -> Result<f64, String> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/seed_host.py");
    let out = Command::new("python3")
        .args([
            script,
            &members.to_string(),
            &MESSAGES.to_string(),
            &repeat.to_string(),
            if cpu { "cpu" } else { "wall" },
        ])
        .output()
        .map_err(|e| format!("python3 did not run: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| {
            format!(
                "seed_host.py printed no time: {} {}",
                text.trim(),
                String::from_utf8_lossy(&out.stderr).trim()
            )
        })
}

fn main() {
    let repeat: usize = std::env::var("BENCH_REPEAT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    // For profiling one size alone: `BENCH_SIZES=50 BENCH_LONG=0 BENCH_SEED=0`.
    let sizes: Vec<usize> = std::env::var("BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .unwrap_or_else(|| SIZES.to_vec());
    let clock = Clock::new();
    println!("clock: {} (best of {repeat} runs per figure)", clock.name());
    let mut per_message = Vec::new();
    for members in sizes {
        let (secs, team, events) = best_of(&clock, repeat, members, MESSAGES);
        let history = team.state().member("t01").map_or(0, |m| m.history().len());
        println!(
            "engine, {members:>3} members: {MESSAGES} messages, {events} events in {secs:.3} s: {:>7.0} messages/s, {:.2} us per message, history per teammate ~{history} entries",
            MESSAGES as f64 / secs,
            secs * 1e6 / MESSAGES as f64,
        );
        per_message.push((members, secs / MESSAGES as f64));
    }
    if let (Some((small, a)), Some((large, b))) = (per_message.first(), per_message.last()) {
        println!(
            "time per message at {large} members / at {small}: {:.2} (goal: at most 1.3)",
            b / a
        );
    }

    if std::env::var("BENCH_LONG").as_deref() == Ok("0") {
        return;
    }
    // The same 50-member team once its histories are 10x longer.
    let mut big = team(SEED_SIZE);
    let (warm_secs, _) = clock.time(|| run(&mut big, MESSAGES * 10));
    let big_history = big.state().member("t01").map_or(0, |m| m.history().len());
    let mut secs_big = f64::MAX;
    for _ in 0..repeat {
        let (secs, _) = clock.time(|| run(&mut big, MESSAGES));
        secs_big = secs_big.min(secs);
    }
    let base = per_message
        .iter()
        .find(|(m, _)| *m == SEED_SIZE)
        .map_or(f64::NAN, |(_, s)| s * MESSAGES as f64);
    println!(
        "engine, {SEED_SIZE} members, histories 10x longer (~{big_history} entries, warm-up {:.3} s): {:.0} messages/s (time ratio to the fresh team {:.2})",
        warm_secs,
        MESSAGES as f64 / secs_big,
        secs_big / base
    );

    if std::env::var("BENCH_SEED").as_deref() == Ok("0") {
        println!("seed's design: skipped (BENCH_SEED=0)");
        return;
    }
    match seed_secs(SEED_SIZE, repeat, clock.cpu) {
        Ok(seed) => println!(
            "seed's design (scripts/seed_host.py, python3), {SEED_SIZE} members: {MESSAGES} messages in {seed:.3} s: {:.0} messages/s; the engine is {:.1}x it (goal: at least 100x)",
            MESSAGES as f64 / seed,
            seed / base
        ),
        Err(why) => println!("seed's design: no figure ({why})"),
    }
}
