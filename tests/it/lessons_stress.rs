//! The generated stress lesson (`lessons::stress`) and the one resolver of playable ids
//! (`lessons::play`): a lesson id plays the lesson, `stress-<n>` the stress log of `n`
//! events (capped), anything else is refused.

use agent_team_playground::engine::{EventKind, Fault};
use agent_team_playground::lessons::{self, play, stress, Intervention, PlayOptions, Playable};

const L1: &str = "l1-two-investigators";

#[test]
fn stress_log_has_the_requested_length_and_no_refusal() {
    let timeline = stress::generate(3_000);
    assert_eq!(timeline.len(), 3_000);
    assert!(timeline.final_state().messages().len() > 100);
    assert!(timeline
        .events()
        .iter()
        .all(|e| !matches!(e.kind, EventKind::Refused { .. })));
}

#[test]
fn stress_log_is_deterministic_and_a_longer_log_starts_with_a_shorter_one() {
    let short = stress::generate(1_500);
    let long = stress::generate(3_000);
    assert_eq!(short.events(), stress::generate(1_500).events());
    assert_eq!(short.events(), &long.events()[..1_500]);
}

/// The finite delivery budget never binds, even in the longest log an id can ask for, so the
/// log is the one an unlimited budget gives. A round takes at least `min_events` events (read
/// off a generated log), so the longest log has at most `MAX_EVENTS / min_events` rounds;
/// counting the deliveries those rounds give each member bounds what any member uses, without
/// playing 200,000 events in a debug build.
#[test]
fn stress_delivery_budget_is_finite_and_never_reached() {
    let timeline = stress::generate(3_000);
    let state = timeline.final_state();
    assert!(state
        .members()
        .values()
        .all(|m| m.delivery_budget() == stress::DELIVERY_BUDGET));
    assert!(timeline
        .events()
        .iter()
        .all(|e| !matches!(e.kind, EventKind::Refused { .. })));
    let rounds = timeline
        .events()
        .iter()
        .filter(|e| {
            matches!(e.kind, EventKind::MessageQueued { .. }) && e.actor.as_deref() == Some("lead")
        })
        .count();
    let min_events = timeline.len() / rounds.max(1);
    assert!(min_events >= 8, "{min_events} events per round");
    let max_rounds = stress::MAX_EVENTS / min_events + 1;
    let mut per_worker = [0u32; 50];
    for worker in stress::workers().take(max_rounds) {
        per_worker[worker as usize] += 1;
    }
    let busiest = per_worker.iter().copied().max().unwrap_or(0);
    let lead = (max_rounds / 49) as u32 + 1;
    assert!(busiest > 0);
    assert!(
        busiest.max(lead) < stress::DELIVERY_BUDGET,
        "a member may need {} of {} deliveries",
        busiest.max(lead),
        stress::DELIVERY_BUDGET
    );
}

#[test]
fn playable_ids_are_lessons_and_stress_sizes_capped_at_the_maximum() {
    assert_eq!(Playable::parse(L1), Some(Playable::Lesson(L1.to_string())));
    assert_eq!(
        Playable::parse("free-play"),
        Some(Playable::Lesson("free-play".to_string()))
    );
    assert_eq!(Playable::parse("stress-12"), Some(Playable::Stress(12)));
    assert_eq!(
        Playable::parse("stress-99999999"),
        Some(Playable::Stress(stress::MAX_EVENTS))
    );
    for bad in [
        "",
        "nope",
        "stress-",
        "stress-x",
        "stress--3",
        "stress-1.5",
        "L1-two-investigators",
    ] {
        assert_eq!(Playable::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn play_id_plays_a_lesson_with_its_options_and_refuses_unknown_ids() {
    let options = PlayOptions {
        interventions: vec![Intervention::InjectFault {
            at: 5,
            member: "reader".into(),
            fault: Fault::FailBeforeCommit,
        }],
        ..PlayOptions::default()
    };
    let lesson = lessons::lesson(L1, options.lang).expect("a lesson");
    let (direct, _) = lessons::play_lesson(&lesson, &options).expect("lesson plays");
    let resolved = play(L1, &options).expect("id plays");
    assert_eq!(resolved.events(), direct.events());
    assert_ne!(
        resolved.events(),
        play(L1, &PlayOptions::default())
            .expect("id plays")
            .events(),
        "the options reach the lesson"
    );
    let stress = play("stress-700", &PlayOptions::default()).expect("stress plays");
    assert_eq!(stress.events(), stress::generate(700).events());
    for bad in ["nope", "stress-x"] {
        assert_eq!(
            play(bad, &PlayOptions::default()).map(|t| t.len()),
            Err(lessons::PlayError::UnknownLesson(bad.to_string()))
        );
    }
}
