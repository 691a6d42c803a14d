//! The playhead (`view::playhead`): every command the transport and the embed API give, on
//! lesson 1's run, with its edges (both ends, no key step left, a breakpoint, an empty run).

use agent_team_playground::engine::{Caption, Category, Timeline};
use agent_team_playground::lessons::key_steps::{key_steps, KeyStep};
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::view::playhead::{Command, Playhead, PlayheadChange, Track};
use agent_team_playground::view::story::{story_of, Level};

fn lesson_1() -> Timeline {
    lessons::play("l1-two-investigators", &PlayOptions::default()).expect("lesson 1 plays")
}

fn keys(steps: &[usize]) -> Vec<KeyStep> {
    steps
        .iter()
        .map(|&step| KeyStep {
            step,
            label: Caption::new("关键", "key"),
        })
        .collect()
}

fn never(_: usize) -> bool {
    false
}

fn at(step: usize, playing: bool) -> Playhead {
    Playhead { step, playing }
}

/// Runs `f` with a track on lesson 1 (key steps at 3 and 7, no breakpoint) and its last step.
fn on_lesson_1(f: impl FnOnce(&Track, usize)) {
    let run = lesson_1();
    let key_steps = keys(&[3, 7]);
    let track = Track {
        events: run.events(),
        key_steps: &key_steps,
        breaks_at: &never,
        level: Level::Event,
        stops: &[],
    };
    assert!(track.last() > 10, "lesson 1 is long enough");
    f(&track, track.last());
}

#[test]
fn playhead_transport_moves_stay_on_the_run_and_keep_a_run_going() {
    on_lesson_1(|track, last| {
        for playing in [false, true] {
            let here = at(5, playing);
            assert_eq!(here.after(Command::First, track), at(0, playing));
            assert_eq!(here.after(Command::Backward, track), at(4, playing));
            assert_eq!(here.after(Command::Forward, track), at(6, playing));
            assert_eq!(here.after(Command::Last, track), at(last, playing));
            // At the ends a move stays there, and still writes the step.
            assert_eq!(
                at(0, playing).change(Command::Backward, track),
                PlayheadChange {
                    step: Some(0),
                    playing: None
                }
            );
            assert_eq!(
                at(last, playing).after(Command::Forward, track),
                at(last, playing)
            );
        }
    });
}

#[test]
fn playhead_step_back_and_goto_pause_and_goto_clamps() {
    on_lesson_1(|track, last| {
        let playing = at(5, true);
        assert_eq!(playing.after(Command::Step, track), at(6, false));
        assert_eq!(playing.after(Command::Back, track), at(4, false));
        assert_eq!(playing.after(Command::Goto(2), track), at(2, false));
        assert_eq!(at(last, true).after(Command::Step, track), at(last, false));
        assert_eq!(at(0, true).after(Command::Back, track), at(0, false));
        // Goto clamps to the run.
        assert_eq!(
            at(0, false).after(Command::Goto(last + 1000), track),
            at(last, false)
        );
        assert_eq!(
            at(0, false).after(Command::Goto(usize::MAX), track),
            at(last, false)
        );
        // A pause is written even when nothing plays (an embedding page hears the state).
        assert_eq!(
            at(3, false).change(Command::Step, track),
            PlayheadChange {
                step: Some(4),
                playing: Some(false)
            }
        );
    });
}

#[test]
fn playhead_key_steps_jump_and_pause_and_do_nothing_past_the_last() {
    on_lesson_1(|track, _| {
        assert_eq!(at(0, true).after(Command::NextKey, track), at(3, false));
        assert_eq!(at(3, false).after(Command::NextKey, track), at(7, false));
        assert_eq!(at(5, true).after(Command::PreviousKey, track), at(3, false));
        assert_eq!(
            at(8, false).after(Command::PreviousKey, track),
            at(7, false)
        );
        // No key step that way: nothing is written, and a run goes on.
        assert_eq!(
            at(7, true).change(Command::NextKey, track),
            PlayheadChange::default()
        );
        assert_eq!(
            at(3, true).change(Command::PreviousKey, track),
            PlayheadChange::default()
        );
        assert_eq!(at(0, true).after(Command::PreviousKey, track), at(0, true));
    });
}

#[test]
fn playhead_run_plays_from_here_and_at_the_end_restarts() {
    on_lesson_1(|track, last| {
        assert_eq!(
            at(4, false).change(Command::Run, track),
            PlayheadChange {
                step: None,
                playing: Some(true)
            }
        );
        assert_eq!(at(last, false).after(Command::Run, track), at(0, true));
        assert_eq!(at(4, true).after(Command::Run, track), at(4, true));
        assert_eq!(at(4, true).after(Command::Pause, track), at(4, false));
        assert_eq!(at(4, false).after(Command::Pause, track), at(4, false));
        // Space: pause when playing, else run (restarting at the end).
        assert_eq!(at(4, true).after(Command::Toggle, track), at(4, false));
        assert_eq!(at(4, false).after(Command::Toggle, track), at(4, true));
        assert_eq!(at(last, false).after(Command::Toggle, track), at(0, true));
    });
}

#[test]
fn playhead_a_tick_moves_one_step_and_stops_at_the_end() {
    on_lesson_1(|track, last| {
        assert_eq!(at(4, true).after(Command::Tick, track), at(5, true));
        assert_eq!(
            at(last - 1, true).after(Command::Tick, track),
            at(last, false)
        );
        assert_eq!(
            at(last, true).change(Command::Tick, track),
            PlayheadChange {
                step: None,
                playing: Some(false)
            }
        );
        // Playing from 0 without breakpoints reaches the end and stops there.
        let mut head = at(0, false).after(Command::Run, track);
        let mut ticks = 0;
        while head.playing {
            head = head.after(Command::Tick, track);
            ticks += 1;
        }
        assert_eq!((head, ticks), (at(last, false), last));
    });
}

#[test]
fn playhead_a_breakpoint_stops_a_run_on_its_event() {
    let run = lesson_1();
    let category = run.events()[5].kind.category();
    let first = run
        .events()
        .iter()
        .position(|event| event.kind.category() == category)
        .expect("the event is there");
    let events = run.events();
    let breaks_at = move |i: usize| events[i].kind.category() == category;
    let track = Track {
        events: run.events(),
        key_steps: &[],
        breaks_at: &breaks_at,
        level: Level::Event,
        stops: &[],
    };
    let mut head = at(0, false).after(Command::Run, &track);
    while head.playing {
        head = head.after(Command::Tick, &track);
    }
    // Stopped on the step of the first event of that category.
    assert_eq!(head, at(first + 1, false));
    // Running again goes on past it to the next one of that category (or the end).
    let next = run.events()[first + 1..]
        .iter()
        .position(|event| event.kind.category() == category)
        .map_or(track.last(), |offset| first + 2 + offset);
    head = head.after(Command::Run, &track);
    while head.playing {
        head = head.after(Command::Tick, &track);
    }
    assert_eq!(head, at(next, false));
}

#[test]
fn playhead_on_an_empty_run_every_command_stays_at_0() {
    let track = Track {
        events: &[],
        key_steps: &[],
        breaks_at: &never,
        level: Level::Event,
        stops: &[],
    };
    let commands = [
        Command::First,
        Command::Backward,
        Command::Forward,
        Command::Last,
        Command::Step,
        Command::Back,
        Command::Goto(9),
        Command::NextKey,
        Command::PreviousKey,
        Command::Pause,
        Command::Tick,
    ];
    for command in commands {
        assert_eq!(at(0, false).after(command, &track).step, 0, "{command:?}");
    }
    // Run starts, and the first tick stops it at once.
    let head = at(0, false).after(Command::Run, &track);
    assert_eq!(head, at(0, true));
    assert_eq!(head.after(Command::Tick, &track), at(0, false));
}

/// Runs `f` with a track on lesson 1 at `level`, with its own key steps and story stops.
fn on_lesson_1_at(level: Level, f: impl FnOnce(&Track, &[usize], &[usize])) {
    let run = lesson_1();
    let key_steps = key_steps("l1-two-investigators", &run);
    let stops = story_of(&run, &key_steps).steps();
    let keys: Vec<usize> = key_steps.iter().map(|k| k.step).collect();
    let track = Track {
        events: run.events(),
        key_steps: &key_steps,
        breaks_at: &never,
        level,
        stops: &stops,
    };
    f(&track, &stops, &keys);
}

#[test]
fn playhead_story_level_steps_from_stop_to_stop_and_a_step_between_moves_to_the_next_stop() {
    on_lesson_1_at(Level::Story, |track, stops, _| {
        let last = track.last();
        assert!(stops.len() < last);
        // Forward from 0 visits exactly the stops, in order, and stays at the end.
        let mut head = at(0, false);
        let mut visited = Vec::new();
        while head.step < last {
            head = head.after(Command::Forward, track);
            visited.push(head.step);
        }
        assert_eq!(visited, stops);
        assert_eq!(head.after(Command::Forward, track), at(last, false));
        // Back from the end visits them in reverse, then step 0, and stays there.
        let mut back = Vec::new();
        while head.step > 0 {
            head = head.after(Command::Backward, track);
            back.push(head.step);
        }
        let mut expected: Vec<usize> = stops[..stops.len() - 1].iter().rev().copied().collect();
        expected.push(0);
        assert_eq!(back, expected);
        assert_eq!(at(0, true).after(Command::Backward, track), at(0, true));
        // A step that is not a stop moves to the next stop, or back to the one before.
        let (a, b) = stops
            .windows(2)
            .map(|w| (w[0], w[1]))
            .find(|(a, b)| b - a > 2)
            .expect("lesson 1 folds a cycle");
        assert_eq!(at(a + 1, true).after(Command::Forward, track), at(b, true));
        assert_eq!(
            at(a + 1, false).after(Command::Backward, track),
            at(a, false)
        );
        // Jumps, the ends and the embed API's v1 step and back still count events.
        assert_eq!(at(a, false).after(Command::Step, track), at(a + 1, false));
        assert_eq!(at(b, false).after(Command::Back, track), at(b - 1, false));
        assert_eq!(
            at(a, true).after(Command::Goto(a + 1), track),
            at(a + 1, false)
        );
        assert_eq!(at(a, true).after(Command::Last, track), at(last, true));
        assert_eq!(at(a, true).after(Command::First, track), at(0, true));
    });
}

#[test]
fn playhead_story_level_run_ticks_from_stop_to_stop_and_stops_at_the_end() {
    on_lesson_1_at(Level::Story, |track, stops, _| {
        let mut head = at(0, false).after(Command::Run, track);
        let mut visited = Vec::new();
        while head.playing {
            head = head.after(Command::Tick, track);
            visited.push(head.step);
        }
        assert_eq!(visited, stops);
        assert_eq!(head, at(track.last(), false));
        // A tick at the end only pauses.
        assert_eq!(
            at(track.last(), true).change(Command::Tick, track),
            PlayheadChange {
                step: None,
                playing: Some(false)
            }
        );
    });
}

#[test]
fn playhead_story_level_run_still_stops_on_a_breakpoint_between_two_stops() {
    let run = lesson_1();
    let key_steps = key_steps("l1-two-investigators", &run);
    let stops = story_of(&run, &key_steps).steps();
    // The first commit folded into a stop: a breakpoint on commits stops there, not at the stop.
    let commit = run
        .events()
        .iter()
        .find(|e| e.kind.category() == Category::Commit && !stops.contains(&(e.seq + 1)))
        .expect("a folded commit")
        .seq
        + 1;
    let events = run.events();
    let breaks_at = |i: usize| events[i].kind.category() == Category::Commit;
    let track = Track {
        events: run.events(),
        key_steps: &key_steps,
        breaks_at: &breaks_at,
        level: Level::Story,
        stops: &stops,
    };
    let mut head = at(0, false).after(Command::Run, &track);
    while head.playing {
        head = head.after(Command::Tick, &track);
    }
    assert_eq!(head, at(commit, false));
}

#[test]
fn playhead_key_level_steps_between_key_steps_then_to_either_end() {
    on_lesson_1_at(Level::Key, |track, _, keys| {
        let last = track.last();
        let mut head = at(0, false);
        let mut visited = Vec::new();
        while head.step < last {
            head = head.after(Command::Forward, track);
            visited.push(head.step);
        }
        let mut expected = keys.to_vec();
        if expected.last() != Some(&last) {
            expected.push(last);
        }
        assert_eq!(visited, expected);
        assert_eq!(
            at(keys[0], false).after(Command::Backward, track),
            at(0, false)
        );
        assert_eq!(
            at(keys[0] + 1, false).after(Command::Backward, track),
            at(keys[0], false)
        );
        assert_eq!(
            at(keys[0] + 1, false).after(Command::Forward, track),
            at(keys[1], false)
        );
        let mut head = at(0, false).after(Command::Run, track);
        let mut ticks = Vec::new();
        while head.playing {
            head = head.after(Command::Tick, track);
            ticks.push(head.step);
        }
        assert_eq!(ticks, expected);
    });
}

#[test]
fn playhead_event_level_moves_one_event_as_before() {
    on_lesson_1_at(Level::Event, |track, _, _| {
        for step in 0..track.last() {
            assert_eq!(
                at(step, false).after(Command::Forward, track),
                at(step + 1, false)
            );
            assert_eq!(
                at(step + 1, true).after(Command::Backward, track),
                at(step, true)
            );
        }
    });
}
