//! The comparison's budget (issue 49): the diff of two runs of lesson 7 (its own run against a
//! fork that sends reader one more message early), computed natively, target under 50 ms.
//! Printed, never asserted: the median and the slowest of 20 diffs (the two runs played once
//! beforehand, as the page plays them once), and the play of both runs apart, at the story
//! level and at the event level (every event a row).
//!
//! Run: `cargo run --release --example bench_compare`

use std::time::Instant;

use agent_team_playground::lessons::{Intervention, PlayOptions};
use agent_team_playground::on_screen::versus::{parting_reasons, Versus};
use agent_team_playground::on_screen::{Level, OnScreen, Source};
use agent_team_playground::view::compare::{level_beats, RunDiff, Side};

const ROUNDS: usize = 20;
const LESSON: &str = "l7-limits-and-budgets";

fn median_and_max(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[times.len() / 2], times[times.len() - 1])
}

fn main() {
    let base = OnScreen::new(Source::Lesson(LESSON.into()), PlayOptions::default());
    let mut fork = PlayOptions::default();
    fork.interventions.push(Intervention::LeadSends {
        at: 4,
        to: "reader".into(),
        body: "One more thing before you start.".into(),
    });
    let other = base.beside(&Versus::branch(&base.options, &fork));
    let t = Instant::now();
    let (Ok(a), Ok(b)) = (base.play(), other.play()) else {
        println!("lesson 7 does not play");
        return;
    };
    let played = t.elapsed().as_secs_f64() * 1e3;
    println!(
        "lesson 7: {} and {} events, both played in {played:.2} ms",
        a.timeline.len(),
        b.timeline.len()
    );
    for level in [Level::Story, Level::Event] {
        let sa = level_beats(LESSON, &a.timeline, level);
        let sb = level_beats(LESSON, &b.timeline, level);
        let mut times = Vec::with_capacity(ROUNDS);
        let mut rows = 0;
        for _ in 0..ROUNDS {
            let t = Instant::now();
            let diff = RunDiff::of(
                Side {
                    timeline: &a.timeline,
                    stops: sa.as_deref(),
                },
                Side {
                    timeline: &b.timeline,
                    stops: sb.as_deref(),
                },
                parting_reasons(&base, &other),
            );
            times.push(t.elapsed().as_secs_f64() * 1e3);
            rows = diff.rows.len();
        }
        let (median, max) = median_and_max(times);
        println!(
            "diff of two runs of lesson 7 at the {} level ({rows} rows): median {median:.2} ms, slowest {max:.2} ms (budget 50 ms)",
            level.as_str()
        );
    }
}
