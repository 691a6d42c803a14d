//! The driver's L3 fork interventions: `Reload` and `Recall` (so the UI can express a page
//! reload and an explicit recall as forks, and the state after them stays a pure function of
//! (lesson, options, step)).

use crate::support;

use agent_team_playground::engine::*;
use agent_team_playground::lessons::{self, Intervention, PlayOptions};
use agent_team_playground::view::transcript::transcript;
use support::*;

const L1: &str = "l1-two-investigators";
const L8: &str = "l8-restart-and-recall";

fn play_with(id: &str, interventions: Vec<Intervention>) -> Timeline {
    let options = PlayOptions {
        interventions,
        ..PlayOptions::default()
    };
    lessons::play(id, &options).expect("forked lesson plays")
}

/// One past the event where `member` sends its first model request in the unforked run: at
/// that boundary the request is in flight.
fn while_in_flight(timeline: &Timeline, member: &str) -> usize {
    events_of(timeline, "model_requested", member)[0].seq + 1
}

fn first_seq(timeline: &Timeline, name: &str, actor: &str) -> usize {
    events_of(timeline, name, actor)
        .first()
        .unwrap_or_else(|| panic!("no {name} event by '{actor}'"))
        .seq
}

#[test]
fn l3_reload_intervention_sets_every_member_offline_and_keeps_histories() {
    let base = play(L1);
    let at = while_in_flight(&base, "reader");
    let forked = play_with(L1, vec![Intervention::Reload { at }]);
    assert_eq!(
        &forked.events()[..at],
        &base.events()[..at],
        "the first `at` events are those of the unforked run"
    );
    let restored = first_seq(&forked, "roster_restored", "");
    assert!(restored >= at);
    let before = forked.state_at(restored);
    let after = forked.state_at(restored + 1);
    assert_eq!(after.members().len(), before.members().len());
    for (name, member) in after.members() {
        assert_eq!(member.status(), MemberStatus::Offline, "{name} is offline");
        assert_eq!(
            member.history(),
            before.member(name).expect("same roster").history(),
            "{name}'s history survived"
        );
    }
    // The reader's request was in flight: the reload abandons it, and its late outcome is
    // refused as stale.
    let in_flight: Vec<RequestId> = before
        .requests()
        .iter()
        .filter(|r| r.status == RequestStatus::InFlight)
        .map(|r| r.request.id)
        .collect();
    assert!(
        !in_flight.is_empty(),
        "a request was in flight at the reload"
    );
    for id in &in_flight {
        assert_eq!(
            after.request(*id).expect("request kept").status,
            RequestStatus::Abandoned
        );
    }
    assert!(refusals(&forked)
        .iter()
        .any(|(c, _)| *c == RefusalCode::StaleReply));
    // Nobody comes back by itself: deliveries are refused and everyone stays offline.
    assert!(refusals(&forked)
        .iter()
        .any(|(c, _)| *c == RefusalCode::MemberOffline));
    assert!(forked
        .final_state()
        .members()
        .values()
        .all(|m| m.status() == MemberStatus::Offline));
    assert!(events_of(&forked, "member_recalled", "").is_empty());
}

#[test]
fn l3_reload_intervention_does_what_the_lesson_reload_does() {
    // Lesson 8 reloads at a quiet point; a Reload intervention at the same point produces the
    // same restored roster (a second reload of an all-offline roster changes nothing but the
    // log).
    let base = play(L8);
    let restored = first_seq(&base, "roster_restored", "");
    let forked = play_with(L8, vec![Intervention::Reload { at: restored + 1 }]);
    assert_eq!(&forked.events()[..=restored], &base.events()[..=restored]);
    let second = events_of(&forked, "roster_restored", "")[1].seq;
    assert_eq!(second, restored + 1, "the intervention reloads right away");
    let once = base.state_at(restored + 1);
    let twice = forked.state_at(second + 1);
    assert_eq!(once.members(), twice.members());
    assert_eq!(once.requests(), twice.requests());
}

#[test]
fn l3_recall_intervention_restores_history() {
    let base = play(L1);
    let at = while_in_flight(&base, "reader");
    let forked = play_with(
        L1,
        vec![
            Intervention::Reload { at },
            Intervention::Recall {
                at,
                member: "reader".to_string(),
            },
        ],
    );
    assert_eq!(&forked.events()[..at], &base.events()[..at]);
    let restored = first_seq(&forked, "roster_restored", "");
    let recalled = first_seq(&forked, "member_recalled", "");
    assert_eq!(recalled, restored + 1, "listed order at the same boundary");
    let before_reload = forked.state_at(restored);
    let reader_history = &before_reload.member("reader").expect("reader").history();
    assert!(!reader_history.is_empty());
    assert!(matches!(
        &forked.events()[recalled].kind,
        EventKind::MemberRecalled { member, history_len, .. }
            if member == "reader" && *history_len == reader_history.len()
    ));
    let after_recall = forked.state_at(recalled + 2);
    let reader = after_recall.member("reader").expect("reader");
    assert_eq!(reader.status(), MemberStatus::Idle);
    assert_eq!(
        &reader.history(),
        reader_history,
        "the same history is back"
    );
    for other in ["lead", "reviewer"] {
        assert_eq!(
            after_recall.member(other).expect("member").status(),
            MemberStatus::Offline,
            "{other} is not recalled behind your back"
        );
    }
    // The recalled reader works again from its restored history: its next request carries
    // the main.py source it read before the reload without reading it again.
    let end = forked.final_state();
    let reader_end = end.member("reader").expect("reader");
    assert!(reader_end.history().len() >= reader_history.len());
}

#[test]
fn l3_recall_intervention_brings_back_a_member_the_lesson_leaves_offline() {
    let base = play(L8);
    assert_eq!(
        base.final_state()
            .member("reviewer")
            .expect("reviewer")
            .status(),
        MemberStatus::Offline
    );
    let restored = first_seq(&base, "roster_restored", "");
    let reviewer_history = base
        .state_at(restored)
        .member("reviewer")
        .expect("reviewer")
        .history()
        .clone();
    let forked = play_with(
        L8,
        vec![Intervention::Recall {
            at: restored + 1,
            member: "reviewer".to_string(),
        }],
    );
    assert_eq!(&forked.events()[..=restored], &base.events()[..=restored]);
    let recalled = events_of(&forked, "member_recalled", "");
    assert!(matches!(
        &recalled[0].kind,
        EventKind::MemberRecalled { member, history_len, .. }
            if member == "reviewer" && *history_len == reviewer_history.len()
    ));
    let reviewer_end = forked.final_state().member("reviewer").expect("reviewer");
    assert_eq!(reviewer_end.status(), MemberStatus::Idle);
    assert_eq!(reviewer_end.history(), &reviewer_history);
}

#[test]
fn l3_recall_intervention_refusals_come_from_the_engine() {
    let forked = play_with(
        L8,
        vec![
            Intervention::Recall {
                at: 0,
                member: "ghost".to_string(),
            },
            Intervention::Recall {
                at: 0,
                member: "reader".to_string(),
            },
        ],
    );
    let codes: Vec<RefusalCode> = forked.events()[..2]
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Refused { refusal } => Some(refusal.code),
            _ => None,
        })
        .collect();
    assert_eq!(
        codes,
        vec![RefusalCode::UnknownMember, RefusalCode::NotRecallable]
    );
    // The lesson goes on as before after the two refusals.
    let base = play(L8);
    assert_eq!(forked.len(), base.len() + 2);
    assert_eq!(
        forked.final_state().members().len(),
        base.final_state().members().len()
    );
}

#[test]
fn l3_reload_and_recall_interventions_are_deterministic() {
    let base = play(L1);
    let at = while_in_flight(&base, "reviewer");
    let options = PlayOptions {
        interventions: vec![
            Intervention::Reload { at },
            Intervention::Recall {
                at: at + 3,
                member: "reviewer".to_string(),
            },
            Intervention::Recall {
                at: at + 3,
                member: "lead".to_string(),
            },
            Intervention::Reload { at: at + 8 },
        ],
        ..PlayOptions::default()
    };
    let first = lessons::play(L1, &options).expect("plays");
    let second = lessons::play(L1, &options).expect("plays");
    assert_eq!(first.events(), second.events());
    assert_eq!(first.final_state(), second.final_state());
    assert_eq!(transcript(L1, &first), transcript(L1, &second));
    for step in [at, at + 3, at + 8, first.len()] {
        let step = step.min(first.len());
        assert_eq!(first.state_at(step), second.state_at(step));
    }
    assert_eq!(events_of(&first, "roster_restored", "").len(), 2);
    assert_eq!(events_of(&first, "member_recalled", "").len(), 2);
    // The second reload sends the two recalled members offline again.
    assert!(first
        .final_state()
        .members()
        .values()
        .all(|m| m.status() == MemberStatus::Offline));
}

#[test]
fn reload_and_recall_interventions_serialize_like_the_other_variants() {
    let reload = Intervention::Reload { at: 7 };
    let recall = Intervention::Recall {
        at: 9,
        member: "reader".to_string(),
    };
    let json = serde_json::to_value(&reload).expect("serializes");
    assert_eq!(json, serde_json::json!({"reload": {"at": 7}}));
    let json = serde_json::to_value(&recall).expect("serializes");
    assert_eq!(
        json,
        serde_json::json!({"recall": {"at": 9, "member": "reader"}})
    );
    for iv in [reload, recall] {
        let text = serde_json::to_string(&iv).expect("serializes");
        let back: Intervention = serde_json::from_str(&text).expect("parses");
        assert_eq!(back, iv);
        assert_eq!(back.at(), iv.at());
    }
    let options: PlayOptions =
        serde_json::from_str(r#"{"interventions":[{"reload":{"at":3}}]}"#).expect("parses");
    assert_eq!(options.interventions, vec![Intervention::Reload { at: 3 }]);
    assert!(serde_json::from_str::<Intervention>(r#"{"recall":{"at":3}}"#).is_err());
}
