//! Key steps (`lessons::key_steps`): every lesson marks its key moments, each found on the
//! lesson's own run at the event it names, in range and in order; on a forked branch the marks
//! before the fork point stay where they were and the rest stay in range. Also the collapse of
//! repeated identical tool calls (`view::repeats`).

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::key_steps::{
    key_steps, moments, next_key_step, previous_key_step,
};
use agent_team_playground::lessons::{self, Branches, Intervention, PlayOptions};
use agent_team_playground::view::repeats::{group_calls, repeat_run};

fn play(id: &str, options: &PlayOptions) -> agent_team_playground::engine::Timeline {
    lessons::play(id, options).unwrap_or_else(|e| panic!("{id} plays: {e}"))
}

#[test]
fn every_lesson_has_key_steps_and_each_moment_happens_on_its_run() {
    for info in lessons::catalog() {
        let timeline = play(info.id, &PlayOptions::default());
        let steps = key_steps(info.id, &timeline);
        assert!(steps.len() >= 4, "{}: {} key steps", info.id, steps.len());
        assert_eq!(
            steps.len(),
            moments(info.id).len(),
            "{}: every key moment happens on the lesson's own run, each at its own step",
            info.id
        );
        for (k, window) in steps.windows(2).enumerate() {
            assert!(window[0].step < window[1].step, "{}: order at {k}", info.id);
        }
        for key in &steps {
            assert!(
                (1..=timeline.len()).contains(&key.step),
                "{}: step {}",
                info.id,
                key.step
            );
            assert!(!key.label(Lang::En).is_empty() && !key.label(Lang::Zh).is_empty());
            let event = &timeline.events()[key.step - 1];
            let named = moments(info.id)
                .iter()
                .any(|m| m.event == event.kind.name() && event.summary().contains(m.contains));
            assert!(
                named,
                "{}: step {} shows {:?}",
                info.id,
                key.step,
                event.summary()
            );
        }
    }
}

#[test]
fn key_moments_mark_what_the_lessons_teach() {
    let shown = |id: &str| {
        let timeline = play(id, &PlayOptions::default());
        key_steps(id, &timeline)
            .iter()
            .map(|k| timeline.events()[k.step - 1].summary())
            .collect::<Vec<_>>()
    };
    let l5 = shown("l5-shutdown-handshake");
    assert!(
        l5.iter().any(|s| s.contains("shutdown-1 rejected")),
        "{l5:?}"
    );
    assert!(
        l5.iter().any(|s| s.contains("shutdown-2 approved")),
        "{l5:?}"
    );
    let l7 = shown("l7-limits-and-budgets");
    assert!(l7.iter().any(|s| s.contains("history_full")), "{l7:?}");
    let l8 = shown("l8-restart-and-recall");
    assert!(l8[0].contains("roster restored"), "{l8:?}");
}

#[test]
fn next_and_previous_visit_exactly_the_key_steps() {
    let id = "l6-plan-approval";
    let timeline = play(id, &PlayOptions::default());
    let steps = key_steps(id, &timeline);
    let mut visited = Vec::new();
    let mut at = 0;
    while let Some(next) = next_key_step(&steps, at) {
        visited.push(next);
        at = next;
    }
    let expected: Vec<usize> = steps.iter().map(|k| k.step).collect();
    assert_eq!(visited, expected);
    let mut back = Vec::new();
    at = timeline.len();
    while let Some(previous) = previous_key_step(&steps, at) {
        back.push(previous);
        at = previous;
    }
    back.reverse();
    assert_eq!(back, expected);
    assert_eq!(previous_key_step(&steps, expected[0]), None);
    assert_eq!(next_key_step(&steps, *expected.last().unwrap()), None);
}

#[test]
fn a_fork_keeps_the_key_steps_before_it_and_the_rest_in_range() {
    for info in lessons::catalog() {
        let original = play(info.id, &PlayOptions::default());
        let before = key_steps(info.id, &original);
        let at = before[before.len() / 2].step;
        for intervention in [
            Intervention::Reload { at },
            Intervention::LeadSends {
                at,
                to: original.final_state().order()[1].clone(),
                body: "Stop and tell me what you have.".into(),
            },
        ] {
            let mut branches = Branches::default();
            branches
                .fork(intervention)
                .expect("a branch takes the edit");
            let forked = play(info.id, branches.current());
            let after = key_steps(info.id, &forked);
            let kept = |steps: &[agent_team_playground::lessons::key_steps::KeyStep]| {
                steps
                    .iter()
                    .filter(|k| k.step <= at)
                    .cloned()
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                kept(&after),
                kept(&before),
                "{}: marks before the fork",
                info.id
            );
            for (k, window) in after.windows(2).enumerate() {
                assert!(window[0].step < window[1].step, "{}: order at {k}", info.id);
            }
            assert!(after.iter().all(|k| (1..=forked.len()).contains(&k.step)));
        }
    }
}

#[test]
fn an_unknown_lesson_has_no_key_steps() {
    let timeline = play("l1-two-investigators", &PlayOptions::default());
    assert!(key_steps("stress-100", &timeline).is_empty());
    assert_eq!(next_key_step(&[], 0), None);
}

#[test]
fn repeated_identical_tool_calls_form_one_run_and_one_group() {
    let timeline = play("l7-limits-and-budgets", &PlayOptions::default());
    let events = timeline.events();
    let first = events
        .iter()
        .position(|e| e.summary().starts_with("archivist read_file"))
        .expect("archivist reads a file");
    let run = repeat_run(events, first + 5).expect("inside the run of identical reads");
    assert_eq!(run.first, first);
    assert_eq!(run.position, 5);
    assert!(run.count >= 70, "{run:?}");
    assert!(events[run.first..run.first + run.count]
        .iter()
        .all(|e| e.summary() == events[first].summary()));
    let after = &events[run.first + run.count];
    assert_ne!(after.summary(), events[first].summary());
    // A single call is no run.
    let scout = events
        .iter()
        .position(|e| e.summary().starts_with("scout read_file"))
        .expect("scout reads a file");
    assert_eq!(repeat_run(events, scout), None);

    let calls = ["a()", "b()", "b()", "b()", "c()", "b()"];
    let groups = group_calls(&calls);
    let shape: Vec<(&str, usize)> = groups.iter().map(|g| (*g.item, g.count)).collect();
    assert_eq!(shape, vec![("a()", 1), ("b()", 3), ("c()", 1), ("b()", 1)]);
}

#[test]
fn a_reply_that_repeats_one_call_is_captioned_with_the_count() {
    use agent_team_playground::view::caption::step_caption;
    let timeline = play("l7-limits-and-budgets", &PlayOptions::default());
    let reply = timeline
        .events()
        .iter()
        .position(|e| e.summary().starts_with("archivist got reply"))
        .expect("archivist's reply");
    let en = step_caption(&timeline, reply + 1, Lang::En);
    assert!(en.contains("read_file ×"), "{en}");
    assert!(!en.contains("read_file, read_file"), "{en}");
    let zh = step_caption(&timeline, reply + 1, Lang::Zh);
    assert!(
        zh.contains("read_file ×") && !zh.contains("read_file、read_file"),
        "{zh}"
    );
}

#[test]
fn identical_history_entries_form_one_run_and_a_new_one_stands_alone() {
    use agent_team_playground::view::detail::{EntryRow, NewMark};
    use agent_team_playground::view::repeats::{runs_by, same_entry};
    let timeline = play("l7-limits-and-budgets", &PlayOptions::default());
    let state = timeline.final_state();
    let archivist = state.member("archivist").expect("archivist");
    let rows: Vec<EntryRow> = archivist
        .history()
        .iter_from(0)
        .enumerate()
        .map(|(i, entry)| EntryRow::of(i, entry, None))
        .collect();
    let runs = runs_by(&rows, same_entry);
    assert_eq!(runs.iter().map(|r| r.len()).sum::<usize>(), rows.len());
    let longest = runs.iter().max_by_key(|r| r.len()).expect("runs");
    assert!(longest.len() >= 70, "{longest:?}");
    assert!(rows[longest.clone()]
        .iter()
        .all(|r| r.text == rows[longest.start].text));
    // An entry marked new is never folded into a group.
    let mut marked = rows.clone();
    marked[longest.start + 3].new = Some(NewMark::SincePreviousRequest);
    let split = runs_by(&marked, same_entry);
    assert!(split
        .iter()
        .any(|r| *r == ((longest.start + 3)..(longest.start + 4))));
}

#[test]
fn every_lesson_ends_its_key_steps_on_its_last_authored_caption_and_stops_at_its_payoffs() {
    for info in lessons::catalog() {
        let timeline = play(info.id, &PlayOptions::default());
        let steps: Vec<usize> = key_steps(info.id, &timeline)
            .iter()
            .map(|k| k.step)
            .collect();
        let last_caption = timeline
            .captioned_events()
            .map(|(seq, _)| seq + 1)
            .max()
            .expect("a lesson has authored captions");
        assert_eq!(
            steps.last(),
            Some(&last_caption),
            "{}: the conclusion is a key step ({steps:?})",
            info.id
        );
        // Every key step shows an authored caption: a stop has something to say.
        let captioned: Vec<usize> = timeline.captioned_events().map(|(s, _)| s + 1).collect();
        for step in &steps {
            assert!(captioned.contains(step), "{}: key step {step}", info.id);
        }
    }
    let at = |id: &str| {
        key_steps(id, &play(id, &PlayOptions::default()))
            .iter()
            .map(|k| k.step)
            .collect::<Vec<_>>()
    };
    // Lesson 1's payoff: m4 in a request for the first time (in all three places).
    let l1 = at("l1-two-investigators");
    assert!(l1.contains(&61), "{l1:?}");
    // Lesson 3: the cost of a large lock, and the conclusion.
    let l3 = at("l3-lock-scope");
    assert!(l3.contains(&67) && l3.contains(&85), "{l3:?}");
}
