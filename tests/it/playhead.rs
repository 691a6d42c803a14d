//! The playhead (`view::playhead`): every command the transport and the embed API give, on
//! lesson 1's run, with its edges (both ends, no key step left, a breakpoint, an empty run).

use agent_team_playground::engine::{Caption, Category, Timeline};
use agent_team_playground::lessons::key_steps::KeyStep;
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::view::playhead::{Change, Command, Playhead, Track};

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

fn never(_: Category) -> bool {
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
        breaks_on: &never,
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
                Change {
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
            Change {
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
            Change::default()
        );
        assert_eq!(
            at(3, true).change(Command::PreviousKey, track),
            Change::default()
        );
        assert_eq!(at(0, true).after(Command::PreviousKey, track), at(0, true));
    });
}

#[test]
fn playhead_run_plays_from_here_and_at_the_end_restarts() {
    on_lesson_1(|track, last| {
        assert_eq!(
            at(4, false).change(Command::Run, track),
            Change {
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
            Change {
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
    let breaks_on = move |c: Category| c == category;
    let track = Track {
        events: run.events(),
        key_steps: &[],
        breaks_on: &breaks_on,
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
        breaks_on: &never,
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
