//! The story level (`view::story`): on every lesson's run, every authored caption's step and
//! every key step is a stop, the stops rise strictly and end at the last step, and a folded
//! stop's caption names, in both languages, the messages its cycle took in and the request it
//! sent, as the engine's events say. Also prints each lesson's step count at each level
//! (`cargo test --test it story_counts -- --nocapture`).

use agent_team_playground::engine::{EventKind, Lang, Timeline};
use agent_team_playground::lessons::key_steps::key_steps;
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::view::story::{story_of, Story};

fn played(id: &str, lang: Lang) -> (Timeline, Story, Vec<usize>) {
    let options = PlayOptions {
        lang,
        ..PlayOptions::default()
    };
    let timeline = lessons::play(id, &options).unwrap_or_else(|e| panic!("{id} plays: {e}"));
    let keys = key_steps(id, &timeline);
    let story = story_of(&timeline, &keys);
    (timeline, story, keys.iter().map(|k| k.step).collect())
}

#[test]
fn story_keeps_every_authored_caption_and_key_step_and_ends_at_the_last_step() {
    for info in lessons::catalog() {
        for lang in [Lang::Zh, Lang::En] {
            let (timeline, story, keys) = played(info.id, lang);
            let steps = story.steps();
            assert_eq!(
                steps.last(),
                Some(&timeline.len()),
                "{}: ends at the end",
                info.id
            );
            for pair in steps.windows(2) {
                assert!(pair[0] < pair[1], "{}: stops rise: {pair:?}", info.id);
            }
            assert!(steps.first().is_some_and(|s| *s >= 1), "{}", info.id);
            for (seq, _) in timeline.captioned_events() {
                assert!(
                    steps.contains(&(seq + 1)),
                    "{}: authored caption at step {} is a stop",
                    info.id,
                    seq + 1
                );
            }
            for key in &keys {
                assert!(steps.contains(key), "{}: key step {key} is a stop", info.id);
            }
            assert!(
                steps.len() < timeline.len(),
                "{}: the story is shorter than every event ({} of {})",
                info.id,
                steps.len(),
                timeline.len()
            );
        }
    }
}

#[test]
fn story_keeps_every_send_refusal_failure_fault_and_protocol_event_as_its_own_stop() {
    for info in lessons::catalog() {
        let (timeline, story, _) = played(info.id, Lang::En);
        for event in timeline.events() {
            let point = matches!(
                event.kind,
                EventKind::MessageQueued { .. }
                    | EventKind::Refused { .. }
                    | EventKind::ModelFailed { .. }
                    | EventKind::FaultArmed { .. }
                    | EventKind::FaultStruck { .. }
                    | EventKind::ProtocolOpened { .. }
                    | EventKind::ProtocolDecided { .. }
                    | EventKind::CandidateDiscarded { .. }
                    | EventKind::LockWaiting { .. }
            );
            if point {
                let stop = story.stop_at(event.seq + 1);
                assert!(
                    stop.is_some_and(|s| s.fold.is_none()),
                    "{}: {} is a stop of its own",
                    info.id,
                    event.summary()
                );
            }
        }
    }
}

#[test]
fn story_folded_caption_names_the_messages_taken_in_and_the_request_sent_in_both_languages() {
    let mut folds = 0;
    for info in lessons::catalog() {
        let (timeline, story, _) = played(info.id, Lang::En);
        for stop in &story.stops {
            let Some(fold) = &stop.fold else { continue };
            folds += 1;
            let cycle = &timeline.events()[fold.from - 1..stop.step];
            assert!(cycle.len() >= 2, "{}: a fold folds", info.id);
            let mut taken = Vec::new();
            let mut sent = Vec::new();
            for event in cycle {
                assert_eq!(event.actor.as_deref(), Some(fold.member.as_str()));
                match &event.kind {
                    EventKind::HistoryCommitted { message_ids, .. } => {
                        taken.extend(message_ids.iter().map(ToString::to_string))
                    }
                    EventKind::ModelRequested { request } => sent.push(request.id.to_string()),
                    _ => {}
                }
            }
            assert_eq!(fold.taken_in(), taken, "{}: step {}", info.id, stop.step);
            assert_eq!(fold.sent(), sent, "{}: step {}", info.id, stop.step);
            let caption = fold.caption();
            for lang in [Lang::Zh, Lang::En] {
                let text = caption.get(lang);
                assert!(text.starts_with(fold.member.as_str()), "{text}");
                for id in taken.iter().chain(&sent) {
                    assert!(text.contains(id.as_str()), "{}: {text} names {id}", info.id);
                }
            }
            if let Some(round) = fold.round {
                assert!(
                    caption.en.contains(&format!("round {round}")),
                    "{}",
                    caption.en
                );
                assert!(
                    caption.zh.contains(&format!("第 {round} 轮")),
                    "{}",
                    caption.zh
                );
            }
        }
    }
    assert!(
        folds > 40,
        "the lessons fold their routine cycles ({folds})"
    );
}

#[test]
fn story_lesson_1_folds_readers_first_cycle_into_one_stop() {
    let (timeline, story, _) = played("l1-two-investigators", Lang::En);
    // reader's round 1 starts at #16 (lock) and sends r3 at #21: one stop at step 22.
    let r3 = timeline
        .events()
        .iter()
        .find(|e| e.summary().contains("reader sent request r3"))
        .expect("r3 is sent");
    let fold = story.fold_at(r3.seq + 1).expect("a folded stop");
    assert_eq!(
        fold.caption().en,
        "reader's round 1: started under the lock, took in m1, committed, sent r3."
    );
    assert_eq!(
        fold.caption().zh,
        "reader 第 1 轮：在锁内开始，读入 m1，提交，发出 r3。"
    );
}

#[test]
fn story_counts_each_lessons_steps_at_each_level() {
    println!("lesson: key / story / every event");
    for info in lessons::catalog() {
        let (timeline, story, keys) = played(info.id, Lang::En);
        let folded = story.stops.iter().filter(|s| s.fold.is_some()).count();
        println!(
            "{}: {} / {} / {} ({} folded stops)",
            info.id,
            keys.len(),
            story.stops.len(),
            timeline.len(),
            folded
        );
        // The story sits between the key moments and every event, and folds something.
        assert!(keys.len() < story.stops.len(), "{}", info.id);
        assert!(story.stops.len() < timeline.len(), "{}", info.id);
        assert!(folded > 0, "{}", info.id);
    }
}
