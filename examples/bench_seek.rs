//! Seek: build a 100,000-event log with `lessons::stress::generate`, then time `state_at` at
//! 1,000 pseudo-random indices drawn from a fixed-seed LCG (no randomness, same indices on
//! every run). Target: under 1 ms per seek natively, so wasm stays within a 16 ms frame. On a
//! shared machine the maximum is sensitive to preemption; the median and p99 are the figures
//! to compare.
//!
//! Run: `cargo run --release --example bench_seek`

use std::time::Instant;

const EVENTS: usize = 100_000;
const SEEKS: usize = 1_000;

fn main() {
    let start = Instant::now();
    let timeline = agent_team_playground::lessons::stress::generate(EVENTS);
    let built = start.elapsed().as_secs_f64();
    let state = timeline.final_state();
    println!(
        "built {} events in {:.3} s ({} members, {} messages, {} model requests)",
        timeline.len(),
        built,
        state.members().len(),
        state.messages().len(),
        state.requests().len()
    );
    // The very first seek pays for cold caches and fresh pages; report it on its own.
    let t = Instant::now();
    let first = timeline.state_at(timeline.len() / 2);
    println!(
        "first (cold) seek: {:.1} us",
        t.elapsed().as_secs_f64() * 1e6
    );
    drop(first);
    let mut seed: u64 = 42;
    let mut times = Vec::with_capacity(SEEKS);
    let mut checksum = 0usize;
    for _ in 0..SEEKS {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let index = (seed >> 33) as usize % (timeline.len() + 1);
        let t = Instant::now();
        let state = timeline.state_at(index);
        times.push(t.elapsed().as_secs_f64() * 1e6);
        checksum += state.event_count();
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "state_at over {SEEKS} LCG indices: mean {:.1} us, p50 {:.1} us, p99 {:.1} us, max {:.1} us (checksum {checksum})",
        mean,
        times[SEEKS / 2],
        times[SEEKS * 99 / 100],
        times[SEEKS - 1]
    );
}
