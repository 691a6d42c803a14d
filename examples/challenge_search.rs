//! Finds the fewest choices that meet each built-in challenge (issue 48): from the challenge's
//! start, every branch of one choice of the list of next choices (`lessons::next_choices`) at
//! every step, then of two, and prints the first that meets the goal, as the JSON a branch
//! carries. Run it in release: `cargo run --release --example challenge_search`; the solutions
//! in `src/lessons/challenges.rs` are what it printed.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::{
    self, next_choices, play_scripted, Challenge, Intervention, Lesson, PlayOptions,
};

/// The first branch, of at most `depth` more choices after `options`, whose run meets `goal`.
fn search(
    lesson: &Lesson,
    goal: &Challenge,
    options: &PlayOptions,
    depth: usize,
) -> Option<Vec<Intervention>> {
    let run = play_scripted(lesson, options).ok()?;
    if goal.met(&run).is_some() {
        return Some(options.interventions.clone());
    }
    if depth == 0 {
        return None;
    }
    let from = options
        .interventions
        .last()
        .map_or(goal.start, |iv| iv.at());
    let mut branches = Vec::new();
    let mut step = from;
    while step <= run.len() {
        let list = next_choices(lesson, &run, step, options.lang);
        for choice in list.choices {
            let mut next = options.clone();
            next.interventions.push(choice.intervention);
            branches.push(next);
        }
        step = list.takes_effect + 1;
    }
    for next in &branches {
        if let Some(found) = search(lesson, goal, next, 0) {
            return Some(found);
        }
    }
    if depth < 2 {
        return None;
    }
    branches
        .iter()
        .find_map(|next| search(lesson, goal, next, depth - 1))
}

fn main() {
    for def in lessons::definitions() {
        let lesson = def.lesson(Lang::En);
        for goal in &lesson.challenges {
            let start = goal.start_options(Lang::En);
            let base = play_scripted(&lesson, &start).expect("plays");
            println!(
                "{} {}: met without choices: {:?}",
                lesson.id,
                goal.id,
                goal.met(&base)
            );
            match search(&lesson, goal, &start, 2) {
                Some(found) => println!(
                    "  fewest: {} choices: {}",
                    found.len(),
                    serde_json::to_string(&found).unwrap_or_default()
                ),
                None => println!("  none within two choices"),
            }
        }
    }
}
