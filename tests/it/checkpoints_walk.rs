//! Issue 46: no move of the learner's skips a checkpoint. Over every lesson of the catalog, in
//! both languages, at every level (key moments, story, every event), a learner who walks to the
//! end with one kind of forward move (the one-step button, the last-step button, the next key
//! step, the scrubber dragged to the end, a run's ticks) never sees the step of a checkpoint
//! they have not answered, and is asked every checkpoint that move passes, in step order. Jumps
//! a link or a course page makes (`goto`, the embed API's `step`) and moves back never ask.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::catalog;
use agent_team_playground::lessons::checkpoint::place;
use agent_team_playground::lessons::key_steps::key_steps;
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::view::checkpoints::Score;
use agent_team_playground::view::playhead::{Command, Playhead, Track};
use agent_team_playground::view::story::{story_of, Level};

/// What a walk saw: the checkpoint steps asked, in order, and where it ended.
struct Walk {
    asked: Vec<usize>,
    end: usize,
}

/// Walks `track` from step 0 with `command` (a run: `Run`, then ticks) as the page does: a
/// move that asks stops before the checkpoint, the learner answers it right and its step shows
/// (`Checkpoints::choose`, a `go_to`). Panics the moment a step of an unanswered checkpoint is
/// on screen.
fn walk(track: &Track, command: Command, checkpoint_steps: &[usize], what: &str) -> Walk {
    let mut unanswered: Vec<usize> = checkpoint_steps.to_vec();
    let mut asked = Vec::new();
    let mut head = Playhead::default();
    if command == Command::Tick {
        head = head.after(Command::Run, track);
    }
    for _ in 0..(track.last() * 4 + 20) {
        let change = head.change(command, track);
        let change = match head.asks(command, change, &unanswered) {
            Some((at, instead)) => {
                assert_eq!(instead.step, Some(at - 1), "{what}: stops just before {at}");
                asked.push(at);
                unanswered.retain(|s| *s != at);
                // The right answer shows the step (a jump: it never asks), and a run goes on.
                head = head.after(Command::Goto(at), track);
                if command == Command::Tick {
                    head = head.after(Command::Run, track);
                }
                continue;
            }
            None => change,
        };
        let before = head.step;
        head = head.with(change);
        if let Some(hidden) = unanswered.iter().find(|s| **s <= head.step) {
            panic!(
                "{what}: {command:?} from {before} shows step {} past the unanswered checkpoint at {hidden}",
                head.step
            );
        }
        let stuck = head.step == before && (command != Command::Tick || !head.playing);
        if head.step >= track.last() || stuck {
            break;
        }
    }
    Walk {
        asked,
        end: head.step,
    }
}

#[test]
fn m2_i46_no_forward_move_at_any_level_skips_a_checkpoint_in_any_lesson() {
    let mut walked = 0;
    for lang in [Lang::En, Lang::Zh] {
        let options = PlayOptions {
            lang,
            ..PlayOptions::default()
        };
        for info in catalog() {
            let id = info.id;
            let timeline = lessons::play(id, &options).unwrap_or_else(|e| panic!("{id}: {e}"));
            let Some(lesson) = lessons::lesson(id, lang) else {
                continue;
            };
            let placement = place(&lesson.checkpoints, &timeline);
            let steps: Vec<usize> = placement.placed.iter().map(|p| p.step).collect();
            let keys = key_steps(id, &timeline);
            let stops = story_of(&timeline, &keys).steps();
            let never = |_: usize| false;
            for level in Level::ALL.iter().copied() {
                let track = Track {
                    events: timeline.events(),
                    key_steps: &keys,
                    breaks_at: &never,
                    level,
                    stops: &stops,
                };
                let last = track.last();
                for command in [
                    Command::Forward,
                    Command::Last,
                    Command::Scrub(last),
                    Command::Tick,
                ] {
                    let what = format!("{id} {lang:?} {level:?} {command:?}");
                    let seen = walk(&track, command, &steps, &what);
                    assert_eq!(seen.end, last, "{what}: reaches the end");
                    assert_eq!(seen.asked, steps, "{what}: asks every checkpoint in order");
                    walked += 1;
                }
                // The next key step goes as far as the last key step, asking what it passes.
                let what = format!("{id} {lang:?} {level:?} NextKey");
                let seen = walk(&track, Command::NextKey, &steps, &what);
                let passed: Vec<usize> = steps.iter().copied().filter(|s| *s <= seen.end).collect();
                assert_eq!(seen.asked, passed, "{what}: asks what it passes");
                if let Some(last_key) = keys.last() {
                    assert!(
                        seen.end >= last_key.step,
                        "{what}: reaches the last key step"
                    );
                }
            }
        }
    }
    assert!(walked > 100, "the walks ran: {walked}");
}

#[test]
fn m2_i46_a_link_a_course_page_and_a_move_back_never_ask() {
    let timeline =
        lessons::play("l2-drain-loses-mail", &PlayOptions::default()).expect("lesson 2 plays");
    let lesson = lessons::lesson("l2-drain-loses-mail", Lang::En).expect("lesson 2");
    let placement = place(&lesson.checkpoints, &timeline);
    let unanswered: Vec<usize> = placement.placed.iter().map(|p| p.step).collect();
    let keys = key_steps("l2-drain-loses-mail", &timeline);
    let never = |_: usize| false;
    let track = Track {
        events: timeline.events(),
        key_steps: &keys,
        breaks_at: &never,
        level: Level::Story,
        stops: &[],
    };
    let start = Playhead::default();
    let end = Playhead {
        step: track.last(),
        playing: false,
    };
    for (head, command) in [
        (start, Command::Goto(track.last())),
        (start, Command::Step),
        (end, Command::Back),
        (end, Command::Backward),
        (end, Command::PreviousKey),
        (end, Command::First),
        (end, Command::Scrub(0)),
    ] {
        let change = head.change(command, &track);
        assert_eq!(head.asks(command, change, &unanswered), None, "{command:?}");
    }
    // The same scrubber move forward asks.
    let change = start.change(Command::Scrub(track.last()), &track);
    assert!(start
        .asks(Command::Scrub(track.last()), change, &unanswered)
        .is_some());
}

#[test]
fn m2_i46_a_checkpoint_passed_unasked_is_skipped_not_wrong_and_the_score_says_answered() {
    let timeline =
        lessons::play("l1-two-investigators", &PlayOptions::default()).expect("lesson 1 plays");
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).expect("lesson 1");
    let placement = place(&lesson.checkpoints, &timeline);
    let total = placement.placed.len();
    let mut score = Score::default();
    assert!(!score.any_tried(&placement));
    assert_eq!(
        score.skipped(&placement).len(),
        total,
        "nothing tried: all skipped"
    );
    assert!(
        score.not_right(&placement).is_empty(),
        "nothing is wrong yet"
    );
    assert_eq!(
        score.words(&placement, Lang::En),
        format!("Checkpoints: 0 of {total} answered, 0 right at the first try")
    );
    let first = &placement.placed[0];
    let second = &placement.placed[1];
    let wrong = (0..second.choices.len())
        .find(|i| !second.is_right(*i))
        .expect("a wrong choice");
    score.answer(first, first.answer);
    score.answer(second, wrong);
    score.answer(second, second.answer);
    assert!(score.any_tried(&placement));
    let ids = |list: Vec<&agent_team_playground::lessons::checkpoint::Placed>| {
        list.into_iter().map(|p| p.id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(ids(score.not_right(&placement)), vec![second.id.clone()]);
    let skipped = ids(score.skipped(&placement));
    assert_eq!(skipped.len(), total - 2);
    assert!(!skipped.contains(&first.id) && !skipped.contains(&second.id));
    assert_eq!(
        score.words(&placement, Lang::En),
        format!("Checkpoints: 2 of {total} answered, 1 right at the first try")
    );
    assert_eq!(
        score.words(&placement, Lang::Zh),
        format!("检查点：{total} 题中已回答 2 题，第一次就答对 1 题")
    );
}
