//! The timeline the UI scrubs, checked against the engine itself: every seek (through the
//! checkpoints) equals the team's own state at that point and a replay from the start; the
//! state one step earlier, prefixes and truncation keep the log the engine made; lesson
//! captions stay on their steps.

use agent_team_engine::timeline::{is_refusal, CHECKPOINT_INTERVAL};
use agent_team_engine::*;

/// A recorded team long enough for several checkpoints, and the team's own state after each
/// input with the number of events recorded by then.
fn recorded() -> (Timeline, Vec<(usize, TeamState)>) {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("a", "worker").with_deliveries(1_000),
        MemberConfig::teammate("b", "worker").with_deliveries(1_000),
    ]);
    config.limits.history_entries = 10_000;
    config.limits.inbox_records = 100;
    let mut recorder = Recorder::new(Team::new(config).expect("a valid team"));
    let mut live = Vec::new();
    for round in 0..30 {
        let member = if round % 2 == 0 { "a" } else { "b" };
        let inputs = vec![
            Input::HostSend {
                from: "lead".into(),
                to: member.into(),
                body: format!("task {round}"),
                idempotency_key: None,
            },
            Input::StartRound {
                member: member.into(),
                prompt: None,
            },
        ];
        for input in inputs {
            recorder.apply(input);
            live.push((recorder.timeline().len(), recorder.state().clone()));
        }
        let request_id = recorder
            .state()
            .member(member)
            .and_then(|m| m.in_flight())
            .expect("a request in flight");
        recorder.apply(Input::ModelReplied {
            request_id,
            reply: ModelReply::text(format!("done {round}")),
        });
        live.push((recorder.timeline().len(), recorder.state().clone()));
    }
    // A refusal, so the log holds one.
    recorder.apply(Input::Recall { member: "x".into() });
    live.push((recorder.timeline().len(), recorder.state().clone()));
    (recorder.finish(), live)
}

#[test]
fn every_seek_equals_the_teams_own_state_and_a_replay_from_the_start() {
    let (timeline, live) = recorded();
    assert!(
        timeline.len() > 4 * CHECKPOINT_INTERVAL,
        "{}",
        timeline.len()
    );
    for (len, state) in &live {
        assert_eq!(&timeline.state_at(*len), state, "after {len} events");
    }
    assert_eq!(timeline.final_state(), &live.last().expect("inputs").1);
    for index in 0..=timeline.len() {
        let replayed = timeline.prefix(index);
        assert_eq!(replayed.len(), index);
        assert_eq!(
            &timeline.state_at(index),
            replayed.final_state(),
            "step {index}"
        );
        let (state, previous) = timeline.state_with_previous(index);
        assert_eq!(state, timeline.state_at(index), "step {index}");
        assert_eq!(
            previous,
            index.checked_sub(1).map(|i| timeline.state_at(i)),
            "step {index}"
        );
    }
    let end = timeline.len();
    assert_eq!(timeline.state_at(end + 5), *timeline.final_state());
    assert_eq!(
        timeline.state_with_previous(end + 5).0,
        *timeline.final_state()
    );
    assert_eq!(timeline.state_at(0), *timeline.initial_state());
    assert_eq!(
        timeline.state_with_previous(0),
        (timeline.state_at(0), None)
    );
    assert!(!timeline.is_empty());
    assert!(timeline.prefix(0).is_empty());
    assert_eq!(timeline.prefix(end + 3).len(), end);
}

#[test]
fn truncation_keeps_the_log_the_engine_had_made_at_that_point() {
    let (timeline, _) = recorded();
    let c = CHECKPOINT_INTERVAL;
    for len in [0, 1, c - 1, c, c + 1, 2 * c, 3 * c + 5, timeline.len() - 1] {
        let mut cut = timeline.clone();
        cut.truncate(len);
        assert_eq!(cut.len(), len);
        assert_eq!(cut.events(), &timeline.events()[..len]);
        assert_eq!(cut.final_state(), &timeline.state_at(len), "cut at {len}");
        for index in [0, len / 2, len.saturating_sub(1), len, len + 10] {
            assert_eq!(
                cut.state_at(index),
                timeline.state_at(index.min(len)),
                "cut at {len}, step {index}"
            );
        }
    }
    let mut whole = timeline.clone();
    whole.truncate(timeline.len() + 1);
    assert_eq!(whole.len(), timeline.len());
    assert_eq!(whole.final_state(), timeline.final_state());
}

#[test]
fn lesson_captions_stay_on_their_steps_through_prefixes_and_truncation() {
    let intro = Caption::new("开始", "start");
    let mut recorder = Recorder::new(
        Team::new(TeamConfig::new(vec![MemberConfig::lead()])).expect("a valid team"),
    );
    recorder.set_intro(intro.clone());
    assert_eq!(recorder.finish().intro(), Some(&intro));
    let (mut timeline, _) = recorded();
    let fifth = Caption::new("第五", "fifth");
    assert_eq!(timeline.lesson_caption(0), None);
    timeline.set_intro(intro.clone());
    timeline.set_caption(5, fifth.clone());
    assert_eq!(timeline.intro(), Some(&intro));
    assert_eq!(timeline.lesson_caption(0), Some(&intro));
    // The caption of event 5 is shown at step 6, the step after it.
    assert_eq!(timeline.lesson_caption(6), Some(&fifth));
    assert_eq!(timeline.lesson_caption(5), None);
    assert_eq!(timeline.lesson_caption(7), None);
    assert_eq!(
        timeline.captioned_events().collect::<Vec<_>>(),
        [(5, &fifth)]
    );
    for (len, kept) in [(5, false), (6, true)] {
        let prefix = timeline.prefix(len);
        assert_eq!(prefix.intro(), Some(&intro));
        assert_eq!(
            prefix.captioned_events().count(),
            usize::from(kept),
            "{len}"
        );
        let mut cut = timeline.clone();
        cut.truncate(len);
        assert_eq!(cut.captioned_events().count(), usize::from(kept), "{len}");
    }
}

#[test]
fn a_refusal_is_known_as_one() {
    let (timeline, _) = recorded();
    for event in timeline.events() {
        assert_eq!(
            is_refusal(event),
            event.kind.name() == "refused",
            "{}",
            event.summary()
        );
    }
    assert!(!is_refusal(&timeline.events()[0]));
    assert!(is_refusal(timeline.events().last().expect("events")));
}

/// M5 step by step: right after a discarded candidate the records it carried are queued again
/// and no candidate is left, before the retry prepares a new one; what the UI shows at each
/// step is the timeline's state there, so a stale candidate would show a discarded copy.
#[test]
fn m5_right_after_a_discard_the_records_are_queued_and_no_candidate_is_left() {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("a", "worker"),
    ]);
    config.limits.retry_budget = 1;
    let mut recorder = Recorder::new(Team::new(config).expect("a valid team"));
    recorder.apply(Input::HostSend {
        from: "lead".into(),
        to: "a".into(),
        body: "hello".into(),
        idempotency_key: None,
    });
    recorder.apply(Input::InjectFault {
        member: "a".into(),
        fault: Fault::FailBeforeCommit,
    });
    recorder.apply(Input::StartRound {
        member: "a".into(),
        prompt: None,
    });
    let timeline = recorder.finish();
    let discarded = timeline
        .events()
        .iter()
        .position(|e| e.kind.name() == "candidate_discarded")
        .expect("a discard");
    let prepared_before = timeline.state_at(discarded);
    assert!(prepared_before
        .member("a")
        .and_then(|m| m.candidate())
        .is_some());
    assert_eq!(
        prepared_before.message_position(MessageId(1)),
        Some(Position::InCandidate)
    );
    let after = timeline.state_at(discarded + 1);
    assert!(after.member("a").and_then(|m| m.candidate()).is_none());
    assert_eq!(after.message_position(MessageId(1)), Some(Position::Queued));
}
