//! What the log shows is what happened (issue 12): the occupancy check inside the lock (T6), a
//! stored history shown as stored until a recall loads it (L3), no silent cut or drop (M7), an
//! unread record reported at disband (L4), and the full-text dedup that catches a duplicate
//! when the scan cursor lags (M4).

use crate::harness::*;
use agent_team_engine::*;

fn kinds(events: &[Event]) -> Vec<&'static str> {
    events.iter().map(|e| e.kind.name()).collect()
}

fn refusal_reasons(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Refused { refusal } => Some(refusal.reason.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn t6_a_refused_start_takes_and_releases_the_lock_around_the_check() {
    let mut team = team();
    // Busy: a second start while the first round runs.
    start(&mut team, "reader");
    let busy = start(&mut team, "reader");
    assert_eq!(kinds(&busy), ["lock_acquired", "refused", "lock_released"]);
    assert_eq!(refusal_codes(&busy), [RefusalCode::MemberBusy]);
    assert_eq!(
        team.state().lock_holder(),
        None,
        "the refusal released the lock"
    );
    // Budget spent: both deliveries used, the third is refused under the lock too.
    reply(&mut team, "reader", ModelReply::text("done"));
    start(&mut team, "reader");
    reply(&mut team, "reader", ModelReply::text("done again"));
    let spent = start(&mut team, "reader");
    assert_eq!(kinds(&spent), ["lock_acquired", "refused", "lock_released"]);
    assert_eq!(refusal_codes(&spent), [RefusalCode::DeliveryBudgetSpent]);
    // A start that succeeds sets occupancy between the same two lock events.
    let ok = start(&mut team, "reviewer");
    let acquired = ok.iter().position(|e| e.kind.name() == "lock_acquired");
    let started = ok.iter().position(|e| e.kind.name() == "round_started");
    let released = ok.iter().position(|e| e.kind.name() == "lock_released");
    assert!(
        acquired < started && started < released && acquired.is_some(),
        "{:?}",
        kinds(&ok)
    );
}

#[test]
fn t6_in_hold_lock_mode_a_waiter_is_checked_when_it_gets_the_lock() {
    let mut team = team();
    team.apply(Input::SetToggles {
        toggles: Toggles {
            drain_on_read: false,
            hold_lock_during_model_call: true,
        },
    });
    start(&mut team, "reader");
    assert_eq!(team.state().lock_holder(), Some("reader"));
    let waits = team.apply(Input::StartRound {
        member: "reviewer".into(),
        prompt: Some("read expected.txt".into()),
    });
    assert_eq!(kinds(&waits), ["lock_waiting"]);
    // Asking again while waiting is refused at once: it already queues for the lock.
    let again = start(&mut team, "reviewer");
    assert_eq!(refusal_codes(&again), [RefusalCode::MemberBusy]);
    assert!(
        refusal_reasons(&again)[0].ends_with("; it does not queue for the lock reader holds"),
        "{:?}",
        refusal_reasons(&again)
    );
    // The holder asking again is refused under its own lock.
    let holder = start(&mut team, "reader");
    assert_eq!(refusal_codes(&holder), [RefusalCode::MemberBusy]);
    assert!(
        refusal_reasons(&holder)[0].ends_with("(it holds the lock for that round)"),
        "{:?}",
        refusal_reasons(&holder)
    );
    let done = reply(&mut team, "reader", ModelReply::text("done"));
    let names = kinds(&done);
    let released = names.iter().position(|k| *k == "lock_released");
    let taken = names.iter().rposition(|k| *k == "lock_acquired");
    let started = names.iter().rposition(|k| *k == "round_started");
    assert!(
        released < taken && taken < started && released.is_some(),
        "{names:?}"
    );
    assert_eq!(team.state().lock_holder(), Some("reviewer"));
    // The woken round carries the task the waiter asked with.
    let task = done.iter().find_map(|e| match &e.kind {
        EventKind::RoundStarted { member, prompt, .. } if member == "reviewer" => prompt.clone(),
        _ => None,
    });
    assert_eq!(task.as_deref(), Some("read expected.txt"));
}

#[test]
fn m7_a_failure_report_over_the_body_limit_is_cut_with_a_marker_and_an_event() {
    let mut team = team();
    start(&mut team, "reader");
    let limit = team.state().config().limits.body_chars;
    let error = "e".repeat(limit * 2);
    let events = team.apply(Input::ModelFailed {
        request_id: in_flight(&team, "reader"),
        error: error.clone(),
        retryable: false,
    });
    let (total, cut) = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ReportCut {
                member,
                to,
                total,
                cut,
            } if member == "reader" && to == "lead" => Some((*total, *cut)),
            _ => None,
        })
        .expect("the cut is an event");
    let report = team
        .state()
        .inbox_of("lead")
        .into_iter()
        .find(|r| r.from == "reader")
        .expect("the report reached the lead")
        .body
        .clone();
    assert_eq!(report.chars().count(), limit, "the report fills the limit");
    assert!(report.starts_with("error: "));
    assert!(report.ends_with(&format!(" [... {cut} more characters cut]")));
    // What was kept plus what was cut is the whole report.
    let marker = format!(" [... {cut} more characters cut]").chars().count();
    assert_eq!(limit - marker + cut, total);
    let full = format!("error: model request r1 failed (not retryable): {error}");
    assert_eq!(total, full.chars().count());
    assert!(full.starts_with(&report[..report.len() - marker]));
}

#[test]
fn m7_when_the_history_fills_mid_reply_each_call_left_is_refused_on_its_own() {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
    ])
    .with_file("main.py", "print(6 * 7)");
    config.limits.history_entries = 4;
    let mut team = Team::new(config).expect("valid config");
    team.apply(Input::StartRound {
        member: "reader".into(),
        prompt: Some("read main.py".into()),
    });
    // History: the task (1) and the reply (2); room for two results, five calls.
    let calls: Vec<ToolCall> = (0..5)
        .map(|k| {
            ToolCall::new(
                format!("c{k}"),
                "read_file",
                serde_json::json!({"path": "main.py"}),
            )
        })
        .collect();
    let events = reply(&mut team, "reader", ModelReply::tools("", calls));
    let ran: Vec<&str> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ToolExecuted { call_id, .. } => Some(call_id.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(ran, ["c0", "c1"]);
    let refused: Vec<(&str, &str)> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Refused { refusal } if refusal.code == RefusalCode::HistoryFull => Some((
                refusal.call_id.as_deref().unwrap_or(""),
                refusal.tool.as_deref().unwrap_or(""),
            )),
            _ => None,
        })
        .collect();
    assert_eq!(
        refused,
        [
            ("c2", "read_file"),
            ("c3", "read_file"),
            ("c4", "read_file")
        ]
    );
    assert_eq!(
        team.state().member("reader").map(|m| m.status()),
        Some(MemberStatus::Failed)
    );
}

#[test]
fn l4_a_record_committed_but_never_sent_in_a_request_is_reported_unread() {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
    ]);
    config.limits.request_budget = 1;
    config.toggles = Toggles {
        drain_on_read: true,
        hold_lock_during_model_call: false,
    };
    let mut team = Team::new(config).expect("valid config");
    start(&mut team, "reader");
    host_send(&mut team, "lead", "reader", "one more thing");
    // The drain-mode read puts m1 in reader's history; the request budget (1) then ends the
    // round before any request carries it.
    tool(&mut team, "reader", "read_inbox", serde_json::json!({}));
    let id = MessageId(1);
    let record = team.state().message(id).expect("m1").clone();
    assert!(record.notified_at.is_some(), "m1 is in reader's history");
    assert_eq!(team.state().message_position(id), Some(Position::Committed));
    assert_eq!(
        team.state().member("reader").map(|m| m.status()),
        Some(MemberStatus::Stopped)
    );
    assert!(team.state().is_unread(&record));
    team.apply(Input::Disband);
    let report: Vec<MessageId> = team
        .state()
        .disband_report()
        .expect("disbanded")
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(report, [id], "no model saw m1: it is reported");
    assert_eq!(
        team.state().message_position(id),
        Some(Position::Undelivered)
    );
}

#[test]
fn l4_a_record_a_request_carried_is_not_reported() {
    let mut team = team();
    host_send(&mut team, "lead", "reader", "read main.py");
    start(&mut team, "reader");
    reply(&mut team, "reader", ModelReply::text("done"));
    let carried = team.state().message(MessageId(1)).expect("m1").clone();
    assert!(!team.state().is_unread(&carried));
    team.apply(Input::Disband);
    assert_eq!(team.state().disband_report().map(|r| r.len()), Some(0));
}

/// Sets `scan_from` of `member` to 0 in a stored roster's JSON, as a hand edit would.
fn rewind_scan_cursor(json: &str, member: &str) -> String {
    fn walk(value: &mut serde_json::Value, member: &str, done: &mut bool) {
        match value {
            serde_json::Value::Object(map) => {
                if map.get("name").and_then(|n| n.as_str()) == Some(member)
                    && map.contains_key("scan_from")
                {
                    map.insert("scan_from".into(), serde_json::json!(0));
                    *done = true;
                }
                for v in map.values_mut() {
                    walk(v, member, done);
                }
            }
            serde_json::Value::Array(items) => {
                for v in items {
                    walk(v, member, done);
                }
            }
            _ => {}
        }
    }
    let mut value: serde_json::Value = serde_json::from_str(json).expect("stored roster is JSON");
    let mut done = false;
    walk(&mut value, member, &mut done);
    assert!(done, "{member}'s record has a scan cursor");
    value.to_string()
}

#[test]
fn m4_with_the_scan_cursor_behind_the_full_text_check_still_catches_the_duplicate() {
    let mut team = team();
    host_send(&mut team, "lead", "reader", "read main.py");
    start(&mut team, "reader");
    reply(&mut team, "reader", ModelReply::text("done"));
    let reader = team.state().member("reader").expect("reader");
    assert_eq!(reader.scan_from(), 1, "m1 is settled");
    let notified = reader.history().len();
    // A hand-edited stored roster: the cursor says nothing is settled yet.
    let json = rewind_scan_cursor(&team.roster_snapshot().to_json(), "reader");
    let snapshot = RosterSnapshot::from_json(&json).expect("the edited roster reads");
    assert_eq!(
        snapshot.state.member("reader").map(|m| m.scan_from()),
        Some(0)
    );
    team.apply(Input::Restore {
        snapshot: Box::new(snapshot),
    });
    team.apply(Input::Recall {
        member: "reader".into(),
    });
    let events = start(&mut team, "reader");
    // The scan now reads m1 again; only the full-text check keeps it out of the candidate.
    let prepared = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::CandidatePrepared { candidate, .. } => Some(candidate.clone()),
            _ => None,
        })
        .expect("a candidate");
    assert!(
        prepared.message_ids.is_empty(),
        "{:?}",
        prepared.message_ids
    );
    assert!(prepared.entries.is_empty());
    let reader = team.state().member("reader").expect("reader");
    assert_eq!(reader.history().len(), notified);
    let copies = reader
        .history()
        .iter()
        .filter(|e| e.notifies.contains(&MessageId(1)))
        .count();
    assert_eq!(copies, 1);
}

#[test]
fn m7_a_task_of_exactly_the_body_limit_is_taken_and_one_more_character_is_refused() {
    let mut team = team();
    let limit = team.state().config().limits.body_chars;
    let over = team.apply(Input::StartRound {
        member: "reader".into(),
        prompt: Some("é".repeat(limit + 1)),
    });
    assert_eq!(
        kinds(&over),
        ["refused"],
        "checked before the lock: it reads only the input"
    );
    assert_eq!(refusal_codes(&over), [RefusalCode::BodyTooLong]);
    let exact = team.apply(Input::StartRound {
        member: "reader".into(),
        prompt: Some("é".repeat(limit)),
    });
    assert!(refusal_codes(&exact).is_empty(), "{:?}", kinds(&exact));
    assert!(team.state().member("reader").is_some_and(|m| m.busy()));
}

#[test]
fn l4_a_disband_while_members_work_or_wait_is_refused_and_names_them() {
    let mut team = team();
    team.apply(Input::SetToggles {
        toggles: Toggles {
            drain_on_read: false,
            hold_lock_during_model_call: true,
        },
    });
    start(&mut team, "reader");
    start(&mut team, "reviewer");
    let events = team.apply(Input::Disband);
    assert_eq!(refusal_codes(&events), [RefusalCode::MembersBusy]);
    assert!(
        refusal_reasons(&events)[0].starts_with("reader, reviewer still working"),
        "{:?}",
        refusal_reasons(&events)
    );
    assert!(!team.state().disbanded());
}

#[test]
fn m7_a_reply_fits_up_to_the_last_history_entry_and_not_one_more() {
    let limited = |entries: usize, calls: usize| {
        let mut config = TeamConfig::new(vec![
            MemberConfig::lead(),
            MemberConfig::teammate("reader", "reader"),
        ])
        .with_file("main.py", "print(6 * 7)");
        config.limits.history_entries = entries;
        config.limits.tool_calls_per_reply = calls;
        let mut team = Team::new(config).expect("valid config");
        team.apply(Input::StartRound {
            member: "reader".into(),
            prompt: Some("read main.py".into()),
        });
        team
    };
    // History 1 of 2: the reply takes the last entry.
    let mut team = limited(2, 100);
    let events = reply(&mut team, "reader", ModelReply::text("done"));
    assert!(refusal_codes(&events).is_empty(), "{:?}", kinds(&events));
    assert_eq!(
        team.state().member("reader").map(|m| m.history().len()),
        Some(2)
    );
    // History 1 of 1: no room for the reply at all.
    let mut team = limited(1, 100);
    let events = reply(&mut team, "reader", ModelReply::text("done"));
    assert_eq!(refusal_codes(&events), [RefusalCode::HistoryFull]);
    assert_eq!(
        team.state().member("reader").map(|m| m.history().len()),
        Some(1)
    );
    // Exactly the allowed number of tool calls runs; one more refuses the reply whole.
    let call = |k: usize| {
        ToolCall::new(
            format!("c{k}"),
            "read_file",
            serde_json::json!({"path": "main.py"}),
        )
    };
    let mut team = limited(80, 2);
    let events = reply(
        &mut team,
        "reader",
        ModelReply::tools("", vec![call(0), call(1)]),
    );
    assert!(refusal_codes(&events).is_empty(), "{:?}", kinds(&events));
    let mut team = limited(80, 2);
    let events = reply(
        &mut team,
        "reader",
        ModelReply::tools("", vec![call(0), call(1), call(2)]),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::TooManyToolCalls]);
}
