//! Lesson 8: restart and recall (L3).

use crate::support;

use agent_team_playground::engine::*;
use support::*;

const ID: &str = "l8-restart-and-recall";

#[test]
fn l3_after_reload_every_member_is_offline_until_recalled_with_its_history() {
    let timeline = play(ID);
    let restored = events_of(&timeline, "roster_restored", "")[0].seq;
    let before = timeline.state_at(restored);
    let after = timeline.state_at(restored + 1);
    assert!(after
        .members()
        .values()
        .all(|m| m.status() == MemberStatus::Offline));
    for (name, member) in after.members() {
        assert_eq!(
            member.history(),
            before.member(name).unwrap().history(),
            "{name}'s history survived"
        );
        // Stored, not loaded: only a recall loads it.
        assert!(!member.history_loaded(), "{name}'s history is loaded");
        assert_eq!(member.stored_history_len(), Some(member.history().len()));
    }
    assert!(refusals(&timeline)
        .iter()
        .any(|(c, _)| *c == RefusalCode::MemberOffline));
    let recalled = events_of(&timeline, "member_recalled", "")[0];
    assert!(
        matches!(&recalled.kind, EventKind::MemberRecalled { member, loaded: Some(6), history_len: 6, .. } if member == "reader")
    );
    let loaded = timeline.state_at(recalled.seq + 1);
    assert!(loaded.member("reader").unwrap().history_loaded());
    assert!(!loaded.member("reviewer").unwrap().history_loaded());
    // reader answers from the restored history: no read_file after the reload.
    let reads_after = timeline.events()[restored..]
        .iter()
        .filter(|e| e.summary().contains("read_file("))
        .count();
    assert_eq!(reads_after, 0);
    let end = timeline.final_state();
    let last = end.member_requests("reader").into_iter().last().unwrap();
    assert!(last
        .request
        .messages
        .iter()
        .any(|e| e.text == "print(6 * 7)"));
    assert_eq!(
        end.member("reviewer").unwrap().status(),
        MemberStatus::Offline,
        "nobody is recalled behind your back"
    );
}

#[test]
fn l3_the_roster_snapshot_survives_json_as_browser_storage_would_keep_it() {
    let timeline = play(ID);
    let team = Team::from_state(timeline.final_state().clone());
    let json = team.roster_snapshot().to_json();
    let back = RosterSnapshot::from_json(&json).unwrap();
    assert_eq!(back, team.roster_snapshot());
    let mut fresh = Team::new(TeamConfig::clone(back.state.config())).unwrap();
    let events = fresh.apply(Input::Restore {
        snapshot: Box::new(back),
    });
    assert_eq!(events.len(), 1);
    assert!(fresh
        .state()
        .members()
        .values()
        .all(|m| m.status() == MemberStatus::Offline));
    assert_eq!(fresh.state().member("reader").unwrap().history().len(), 10);
    assert!(RosterSnapshot::from_json("{\"version\": 99}").is_err());
}
