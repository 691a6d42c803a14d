//! The engine's invariant check (`invariants::check_scoped`) tested as a checker: a check that
//! never fails proves nothing, so each invariant is shown a state or a step that breaks it and
//! must say which, in both scopes where both read it, and a sound step at the limit must pass.
//! Broken states are made the only way outside code can: a real state's JSON, edited, read back
//! (a `TeamState` is plain data); broken steps are real events put in an order the engine never
//! makes.

use crate::harness::*;
use agent_team_engine::invariants::{self, check_scoped, Scope};
use agent_team_engine::*;
use serde_json::{json, Value};

const BOTH: [Scope; 2] = [Scope::Touched, Scope::Everything];

/// An edit of a state's JSON.
type Edit = Box<dyn Fn(&mut Value)>;

fn to_json(state: &TeamState) -> Value {
    serde_json::to_value(state).expect("a state serializes")
}

/// `state` with `edit` applied to its JSON.
fn edited(state: &TeamState, edit: impl FnOnce(&mut Value)) -> TeamState {
    let mut value = to_json(state);
    edit(&mut value);
    serde_json::from_value(value).expect("the edited state reads back")
}

#[track_caller]
fn broken(prev: &TeamState, cur: &TeamState, events: &[Event], scope: Scope) -> String {
    match check_scoped(prev, cur, events, scope) {
        Err(why) => why,
        Ok(()) => panic!("{scope:?}: the check passed a broken step"),
    }
}

#[track_caller]
fn sound(prev: &TeamState, cur: &TeamState, events: &[Event], scope: Scope) {
    if let Err(why) = check_scoped(prev, cur, events, scope) {
        panic!("{scope:?}: the check refused a sound step: {why}");
    }
}

/// A message to the reader, then the reader's round starting (its candidate committed, a
/// request in flight): the state before the start, after it, and the start's events.
fn reader_starts() -> (TeamState, TeamState, Vec<Event>) {
    let mut team = team();
    host_send(&mut team, "lead", "reader", "hello");
    let before = team.state().clone();
    let events = start(&mut team, "reader");
    (before, team.state().clone(), events)
}

/// The reader's second request (after a tool call): two requests, the second larger.
fn reader_second_request() -> (TeamState, TeamState, Vec<Event>) {
    let mut team = team();
    host_send(&mut team, "lead", "reader", "hello");
    start(&mut team, "reader");
    let before = team.state().clone();
    let events = tool(&mut team, "reader", "read_file", json!({"path": "main.py"}));
    (before, team.state().clone(), events)
}

fn of_kind<'a>(events: &'a [Event], name: &str) -> &'a Event {
    events
        .iter()
        .find(|e| e.kind.name() == name)
        .unwrap_or_else(|| panic!("no {name} event"))
}

#[test]
fn m1_a_record_that_disappears_or_changes_is_reported_in_both_scopes() {
    let (before, after, events) = reader_starts();
    let empty = team().state().clone();
    for scope in BOTH {
        sound(&before, &after, &events, scope);
        assert_eq!(
            broken(&after, &empty, &[], scope),
            "a message record disappeared"
        );
    }
    // What every apply runs in debug builds is the touched scope.
    assert_eq!(
        invariants::check(&after, &empty, &[]),
        Err("a message record disappeared".into())
    );
    assert_eq!(invariants::check(&before, &after, &events), Ok(()));
    let forged = edited(&after, |s| s["messages"][0]["body"] = json!("forged"));
    assert_eq!(
        broken(&after, &forged, &[], Scope::Everything),
        "message record m1 changed"
    );
    // The touched scope reads the records the step names: here the start names m1.
    assert_eq!(
        broken(&after, &forged, &events, Scope::Touched),
        "message record m1 changed"
    );
    // A step that names no record reads none (what keeps a step's check as cheap as the step).
    sound(&after, &forged, &[], Scope::Touched);
    // Each of the other fields a record says is checked too.
    for (field, value) in [
        ("from", json!("reviewer")),
        ("to", json!("lead")),
        ("kind", json!("shutdown_request")),
        ("id", json!(7)),
    ] {
        let forged = edited(&after, |s| s["messages"][0][field] = value);
        assert_eq!(
            check_scoped(&after, &forged, &[], Scope::Everything),
            Err("message record m1 changed".to_string()),
            "{field}"
        );
    }
}

/// `event` (a kind that names records) made to name `id` alone.
fn naming(event: &Event, id: MessageId) -> Event {
    let mut event = event.clone();
    match &mut event.kind {
        EventKind::MessageQueued { record } => std::sync::Arc::make_mut(record).id = id,
        EventKind::InboxDrained { message_ids, .. }
        | EventKind::CandidateDiscarded { message_ids, .. }
        | EventKind::HistoryCommitted { message_ids, .. } => *message_ids = vec![id],
        EventKind::CandidatePrepared { candidate, .. } => candidate.message_ids = vec![id],
        EventKind::ToolExecuted { notifies, .. } => *notifies = vec![id],
        other => unreachable!("{} names no record", other.name()),
    }
    event
}

/// Every kind of event that names a record makes the touched scope read it: one real event of
/// each kind, made to name m2 (the record whose text is then forged).
#[test]
fn m1_every_event_that_names_a_record_has_it_read_in_the_touched_scope() {
    let (log, _) = crate::engine_transcript::run();
    let target = MessageId(2);
    let kinds = [
        "message_queued",
        "inbox_drained",
        "candidate_discarded",
        "history_committed",
        "candidate_prepared",
        "tool_executed",
    ];
    let mut team = team();
    host_send(&mut team, "lead", "reader", "one");
    host_send(&mut team, "lead", "reviewer", "two");
    let state = team.state().clone();
    let forged = edited(&state, |s| s["messages"][1]["body"] = json!("forged"));
    for kind in kinds {
        let event = naming(of_kind(&log, kind), target);
        assert_eq!(
            check_scoped(
                &state,
                &forged,
                std::slice::from_ref(&event),
                Scope::Touched
            ),
            Err("message record m2 changed".to_string()),
            "{kind}"
        );
        // Naming another record reads that one, not m2.
        let other = naming(of_kind(&log, kind), MessageId(1));
        assert_eq!(
            check_scoped(&state, &forged, &[other], Scope::Touched),
            Ok(()),
            "{kind}"
        );
    }
}

#[test]
fn m4_a_history_that_notifies_a_record_twice_is_reported() {
    let (before, after, events) = reader_starts();
    let twice = edited(&after, |s| {
        let entry = s["members"]["reader"]["history"][0].clone();
        s["members"]["reader"]["history"]
            .as_array_mut()
            .expect("a history")
            .push(entry);
    });
    assert_eq!(
        broken(&before, &twice, &events, Scope::Touched),
        "reader's history notifies a record twice (M4)"
    );
    assert_eq!(
        broken(&before, &twice, &events, Scope::Everything),
        "reader's history notifies a record twice"
    );
    // A record the step finds already committed must not be notified again.
    let committed_before = edited(&before, |s| s["messages"][0]["notified_at"] = json!(0));
    assert_eq!(
        broken(&committed_before, &after, &events, Scope::Touched),
        "reader's history notifies a record twice (M4)"
    );
    // The same notification text twice (a second copy that names another record).
    let same_text = edited(&after, |s| {
        let mut entry = s["members"]["reader"]["history"][0].clone();
        entry["notifies"] = json!([99]);
        s["members"]["reader"]["history"]
            .as_array_mut()
            .expect("a history")
            .push(entry);
    });
    assert_eq!(
        broken(&before, &same_text, &[], Scope::Everything),
        "reader's history holds a notification twice"
    );
}

#[test]
fn m2_a_record_not_where_its_position_says_is_reported() {
    let (before, after, events) = reader_starts();
    // Committed at an entry that does not hold it.
    let elsewhere = edited(&after, |s| s["messages"][0]["notified_at"] = json!(5));
    assert_eq!(
        broken(&before, &elsewhere, &events, Scope::Touched),
        "m1 is not where its position says (M2)"
    );
    // Committed, yet no history entry holds it.
    let missing = edited(&after, |s| {
        s["members"]["reader"]["history"][0]["notifies"] = json!([])
    });
    assert_eq!(
        broken(&before, &missing, &[], Scope::Everything),
        "m1 is in reader's history 0 times"
    );
    // Undelivered before any disband: no position can say that.
    let undelivered = edited(&before, |s| s["messages"][0]["undelivered"] = json!(true));
    let queued = events_of_send();
    assert!(broken(&before, &undelivered, &[], Scope::Everything)
        .starts_with("m1 is at an impossible position"));
    // In the touched scope the records are read where the step changed a history.
    let undelivered_after = edited(&after, |s| {
        s["messages"][0]["undelivered"] = json!(true);
        s["messages"][0]["notified_at"] = json!(null);
    });
    assert_eq!(
        broken(&before, &undelivered_after, &events, Scope::Touched),
        "m1 is not where its position says (M2)"
    );
    // An inbox that names a record that does not exist.
    let ghost = edited(&after, |s| {
        s["members"]["reader"]["inbox"] = json!([1, 99]);
    });
    assert_eq!(
        broken(&before, &ghost, &[], Scope::Everything),
        "reader's inbox names m99, which does not exist"
    );
    let mut names_ghost = queued[0].clone();
    if let EventKind::MessageQueued { record } = &mut names_ghost.kind {
        std::sync::Arc::make_mut(record).id = MessageId(99);
    }
    let mut step = events.clone();
    step.push(names_ghost);
    assert_eq!(
        broken(&before, &ghost, &step, Scope::Touched),
        "reader's inbox names m99, which does not exist"
    );
    // The "not in history yet" count must agree with the records.
    let skipped = edited(&before, |s| s["members"]["reader"]["scan_from"] = json!(1));
    assert_eq!(
        broken(&before, &skipped, &[], Scope::Everything),
        "reader's 'not in history yet' count is wrong"
    );
}

/// The events of the first send of `reader_starts` (m1 queued for the reader).
fn events_of_send() -> Vec<Event> {
    let mut team = team();
    host_send(&mut team, "lead", "reader", "hello")
}

/// Lost (drain mode) and undelivered (disband) records are where they say.
#[test]
fn m6_l4_lost_and_undelivered_records_are_where_they_say_in_every_scope() {
    let mut team = team();
    team.apply(Input::SetToggles {
        toggles: Toggles {
            drain_on_read: true,
            hold_lock_during_model_call: false,
        },
    });
    host_send(&mut team, "lead", "reader", "lost");
    team.apply(Input::InjectFault {
        member: "reader".into(),
        fault: Fault::FailBeforeCommit,
    });
    let before = team.state().clone();
    let events = start(&mut team, "reader");
    let lost = team.state().clone();
    assert_eq!(lost.message_position(MessageId(1)), Some(Position::Lost));
    for scope in BOTH {
        sound(&before, &lost, &events, scope);
    }
    host_send(&mut team, "lead", "reviewer", "never read");
    reply(&mut team, "reader", ModelReply::text("done"));
    let before = team.state().clone();
    let events = team.apply(Input::Disband);
    for scope in BOTH {
        sound(&before, team.state(), &events, scope);
    }
    // Undelivered and committed: the entry that holds it must hold it.
    let (start_before, after, start_events) = reader_starts();
    let mut disbanded = team_from(&after);
    let late = host_send(&mut disbanded, "lead", "reader", "late");
    reply(&mut disbanded, "reader", ModelReply::text("done"));
    let answered = disbanded.state().clone();
    let disband = disbanded.apply(Input::Disband);
    let gone = disbanded.state().clone();
    assert_eq!(
        gone.message_position(MessageId(1)).map(|p| p.name()),
        Some("in_request")
    );
    // A record never committed and reported at the disband is where it says, read by a step
    // that names it.
    assert_eq!(
        gone.message_position(MessageId(2)),
        Some(Position::Undelivered)
    );
    let mut step = start_events.clone();
    step.extend(late);
    sound(&start_before, &gone, &step, Scope::Touched);
    let moved = edited(&gone, |s| {
        s["messages"][0]["undelivered"] = json!(true);
        s["requests"] = json!([]);
        s["members"]["reader"]["requests"] = json!([]);
    });
    assert!(moved.disbanded());
    sound(&answered, &moved, &disband, Scope::Touched);
    // A step that changed the reader's history reads where its undelivered records are (a
    // disband reads everything itself, so the start's events stand in for a later step).
    sound(&start_before, &moved, &start_events, Scope::Touched);
    let misplaced = edited(&moved, |s| s["messages"][0]["notified_at"] = json!(3));
    assert_eq!(
        broken(&start_before, &misplaced, &start_events, Scope::Touched),
        "m1 is not where its position says (M2)"
    );
}

fn team_from(state: &TeamState) -> Team {
    Team::from_state(state.clone())
}

#[test]
fn m3_requests_that_shrink_are_reported_in_both_scopes() {
    let (before, after, events) = reader_second_request();
    for scope in BOTH {
        sound(&before, &after, &events, scope);
    }
    let shrunk = edited(&after, |s| {
        let messages = s["requests"][1]["request"]["messages"]
            .as_array_mut()
            .expect("messages");
        messages.truncate(0);
    });
    assert_eq!(
        broken(&before, &shrunk, &events, Scope::Touched),
        "reader's requests shrink (M3)"
    );
    assert_eq!(
        broken(&before, &shrunk, &events, Scope::Everything),
        "reader's requests shrink"
    );
}

#[test]
fn l2_m7_t5_budgets_limits_and_candidates_are_checked_at_their_edges() {
    let (before, after, events) = reader_starts();
    let cases: Vec<(&str, Edit, &str)> = vec![
        (
            "deliveries past the budget",
            Box::new(|s| s["members"]["reader"]["deliveries_used"] = json!(3)),
            "reader passed its delivery budget",
        ),
        (
            "a history past its limit",
            Box::new(|s| s["config"]["limits"]["history_entries"] = json!(0)),
            "reader's history passed its limit",
        ),
        (
            "working without its stored history",
            Box::new(|s| s["members"]["reader"]["history_loaded"] = json!(false)),
            "reader left offline without loading its stored history (L3)",
        ),
        (
            "requests past the budget",
            Box::new(|s| s["members"]["reader"]["lifecycle"]["requests_used"] = json!(99)),
            "reader passed a request or retry budget",
        ),
        (
            "retries past the budget",
            Box::new(|s| s["members"]["reader"]["lifecycle"]["retries_used"] = json!(99)),
            "reader passed a request or retry budget",
        ),
        (
            "a candidate outside a round",
            Box::new(|s| {
                s["members"]["reader"]["lifecycle"] = json!({"status": "idle"});
                s["members"]["reader"]["candidate"] =
                    json!({"base_len": 1, "entries": [], "message_ids": []});
            }),
            "reader holds a candidate outside a round",
        ),
    ];
    for (what, edit, why) in cases {
        let cur = edited(&after, edit);
        for scope in BOTH {
            assert_eq!(broken(&before, &cur, &events, scope), why, "{what}");
        }
    }
    // At the limits themselves every check passes.
    let at_limits = edited(&after, |s| {
        let reader = &mut s["members"]["reader"];
        reader["deliveries_used"] = json!(2);
        let budget = s["config"]["limits"]["request_budget"].clone();
        let retries = s["config"]["limits"]["retry_budget"].clone();
        let history = s["members"]["reader"]["history"]
            .as_array()
            .map_or(0, |h| h.len());
        s["members"]["reader"]["lifecycle"]["requests_used"] = budget;
        s["members"]["reader"]["lifecycle"]["retries_used"] = retries;
        s["config"]["limits"]["history_entries"] = json!(history);
    });
    for scope in BOTH {
        sound(&before, &at_limits, &events, scope);
    }
    // An offline member may hold its history stored, not loaded (L3).
    let stored = edited(&before, |s| {
        s["members"]["reviewer"]["history_loaded"] = json!(false);
        s["members"]["reviewer"]["lifecycle"] = json!({"status": "offline"});
    });
    sound(&before, &stored, &[], Scope::Everything);
}

/// The touched scope reads the members the step acted for or stored a record for, and only
/// them: what keeps a step's check as cheap as the step.
#[test]
fn l2_the_touched_scope_reads_the_members_a_step_touched_and_no_other() {
    let (before, after, events) = reader_starts();
    let over = |s: &mut Value, member: &str| s["members"][member]["deliveries_used"] = json!(3);
    // The reviewer is not touched by the reader's start.
    let reviewer_over = edited(&after, |s| over(s, "reviewer"));
    sound(&before, &reviewer_over, &events, Scope::Touched);
    assert_eq!(
        broken(&before, &reviewer_over, &events, Scope::Everything),
        "reviewer passed its delivery budget"
    );
    // A record stored for a member touches it: the limits are read, its history is not.
    let queued = events_of_send();
    let empty = team().state().clone();
    let (_, sent, _) = {
        let mut team = team();
        let events = host_send(&mut team, "lead", "reader", "hello");
        ((), team.state().clone(), events)
    };
    let reader_over = edited(&sent, |s| over(s, "reader"));
    assert_eq!(
        broken(&empty, &reader_over, &queued, Scope::Touched),
        "reader passed its delivery budget"
    );
    let reader_twice = edited(&sent, |s| {
        s["members"]["reader"]["history"] = json!([
            {"role": "user", "text": "a", "notifies": [1], "tool_calls": [], "tool_call_id": null, "tool_name": null, "is_error": false},
            {"role": "user", "text": "b", "notifies": [1], "tool_calls": [], "tool_call_id": null, "tool_name": null, "is_error": false}
        ]);
    });
    sound(&empty, &reader_twice, &queued, Scope::Touched);
    // Events for the lead touch the lead, not the reader.
    let lead_events: Vec<Event> = {
        let mut team = team();
        team.apply(Input::StartRound {
            member: "lead".into(),
            prompt: Some("go".into()),
        })
    };
    sound(
        &before,
        &edited(&after, |s| over(s, "reader")),
        &lead_events,
        Scope::Touched,
    );
}

#[test]
fn t5_a_second_round_for_a_busy_member_is_reported() {
    let (log, _) = crate::engine_transcript::run();
    let started = |member: &str| {
        log.iter()
            .find(|e| matches!(&e.kind, EventKind::RoundStarted { member: m, .. } if m == member))
            .cloned()
            .expect("a round start")
    };
    let finished = log
        .iter()
        .find(|e| matches!(&e.kind, EventKind::RoundFinished { member, .. } if member == "reader"))
        .cloned()
        .expect("a round end");
    let restored = of_kind(&log, "roster_restored").clone();
    let acquired = |member: &str| {
        log.iter()
            .find(|e| matches!(&e.kind, EventKind::LockAcquired { member: m } if m == member))
            .cloned()
            .expect("a lock")
    };
    let released = |member: &str| {
        log.iter()
            .find(|e| matches!(&e.kind, EventKind::LockReleased { member: m } if m == member))
            .cloned()
            .expect("a release")
    };
    let idle = team().state().clone();
    let (_, busy, _) = reader_starts();
    let check =
        |prev: &TeamState, events: Vec<Event>| check_scoped(prev, prev, &events, Scope::Touched);
    let twice = vec![acquired("reader"), started("reader"), started("reader")];
    assert_eq!(
        check(&idle, twice),
        Err("reader started a second round".into())
    );
    assert_eq!(
        check(&busy, vec![acquired("reader"), started("reader")]),
        Err("reader started a second round".into())
    );
    // A round that ended, or a restart, frees the member.
    assert_eq!(
        check(
            &idle,
            vec![
                acquired("reader"),
                started("reader"),
                finished.clone(),
                started("reader")
            ]
        ),
        Ok(())
    );
    assert_eq!(
        check(
            &busy,
            vec![restored.clone(), acquired("reader"), started("reader")]
        ),
        Ok(())
    );
    // Another member's round is no second round.
    assert_eq!(
        check(
            &idle,
            vec![
                acquired("reader"),
                started("reader"),
                acquired("lead"),
                started("lead")
            ]
        ),
        Ok(())
    );
    // T6: a round starts only under its member's lock.
    assert_eq!(
        check(&idle, vec![started("reader")]),
        Err("reader's round started outside the lock (T6)".into())
    );
    assert_eq!(
        check(
            &idle,
            vec![acquired("reader"), released("reader"), started("reader")]
        ),
        Err("reader's round started outside the lock (T6)".into())
    );
    assert_eq!(
        check(&idle, vec![acquired("reader"), restored, started("reader")]),
        Err("reader's round started outside the lock (T6)".into())
    );
    // Another member's release does not take the reader's lock.
    assert_eq!(
        check(
            &idle,
            vec![acquired("reader"), released("lead"), started("reader")]
        ),
        Ok(())
    );
}

#[test]
fn p1_p5_a_decision_made_twice_or_changed_is_reported() {
    let (log, _) = crate::engine_transcript::run();
    let decided = of_kind(&log, "protocol_decided").clone();
    let restored = of_kind(&log, "roster_restored").clone();
    let mut team = team();
    team.apply(Input::StartRound {
        member: "lead".into(),
        prompt: Some("go".into()),
    });
    tool(
        &mut team,
        "lead",
        "shutdown_request",
        json!({"teammate": "reviewer"}),
    );
    let pending = team.state().clone();
    assert_eq!(
        check_scoped(
            &pending,
            &pending,
            std::slice::from_ref(&decided),
            Scope::Touched
        ),
        Ok(())
    );
    assert_eq!(
        check_scoped(
            &pending,
            &pending,
            &[decided.clone(), decided.clone()],
            Scope::Touched
        ),
        Err("shutdown-1 was decided twice".into())
    );
    let approved = edited(&pending, |s| {
        s["protocol"]["shutdown-1"]["status"] = json!("approved")
    });
    assert_eq!(
        check_scoped(&approved, &approved, &[decided], Scope::Touched),
        Err("shutdown-1 was decided twice".into())
    );
    let rejected = edited(&pending, |s| {
        s["protocol"]["shutdown-1"]["status"] = json!("rejected")
    });
    assert_eq!(
        check_scoped(&approved, &rejected, &[], Scope::Everything),
        Err("the decision on shutdown-1 changed".into())
    );
    // The touched scope leaves reading every earlier decision to the whole-state check.
    assert_eq!(
        check_scoped(&approved, &rejected, &[], Scope::Touched),
        Ok(())
    );
    // A restart replaces the tracker with the stored one.
    assert_eq!(
        check_scoped(&approved, &rejected, &[restored], Scope::Everything),
        Ok(())
    );
    assert_eq!(
        check_scoped(&pending, &approved, &[], Scope::Everything),
        Ok(()),
        "pending -> decided by an event is the touched check's to read"
    );
}

#[test]
fn refusals_that_do_not_say_why_are_reported() {
    let (log, _) = crate::engine_transcript::run();
    let state = team().state().clone();
    let mut refused = of_kind(&log, "refused").clone();
    let set = |event: &mut Event, reason: &str| {
        if let EventKind::Refused { refusal } = &mut event.kind {
            refusal.reason = reason.into();
        }
    };
    set(&mut refused, "0123456789");
    assert!(
        check_scoped(&state, &state, &[refused.clone()], Scope::Touched)
            .is_err_and(|why| why.contains("does not say why"))
    );
    set(&mut refused, "0123456789a");
    assert_eq!(
        check_scoped(&state, &state, &[refused], Scope::Touched),
        Ok(())
    );
}
