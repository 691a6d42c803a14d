//! Engine-level rule tests that no single lesson pins down completely (M2, M7-M9, K1-K3, L1,
//! L3, L4, D2, T5), written against `Team::apply` directly, and the words, texts and stored
//! shapes the engine gives (statuses, message kinds, a config's language, `Caption`).

use crate::harness;

use agent_team_engine::snapshot::RosterSnapshot;
use agent_team_engine::*;
use harness::*;
use serde_json::json;

#[test]
fn m8_a_record_carries_id_sender_recipient_kind_body_request_id_time_and_position() {
    let mut team = team();
    team.apply(Input::Tick { now: 7 });
    team.apply(Input::HostSend {
        from: "lead".into(),
        to: "reader".into(),
        body: "hello".into(),
        idempotency_key: None,
    });
    let r = team.state().message(MessageId(1)).unwrap().clone();
    assert_eq!(
        (
            r.id,
            r.from.as_str(),
            r.to.as_str(),
            r.kind,
            r.body.as_str(),
            r.created_at
        ),
        (
            MessageId(1),
            "lead",
            "reader",
            MessageKind::Message,
            "hello",
            7
        )
    );
    assert_eq!(r.request_id, None);
    assert_eq!(team.state().message_position(r.id), Some(Position::Queued));
}

#[test]
fn m8_resending_an_idempotency_key_stores_nothing_and_returns_the_first_receipt() {
    let mut team = team();
    start(&mut team, "lead");
    let args = json!({"to": "reader", "body": "once", "idempotency_key": "k-1"});
    let first = tool(&mut team, "lead", "send_message", args.clone());
    let second = tool(&mut team, "lead", "send_message", args);
    assert_eq!(team.state().messages().len(), 1);
    assert!(second.iter().any(|e| e.kind.name() == "resend_ignored"));
    assert_eq!(last_tool_result(&first).0, last_tool_result(&second).0);
    // A different sender with the same key is a different key.
    team.apply(Input::HostSend {
        from: "reviewer".into(),
        to: "reader".into(),
        body: "once".into(),
        idempotency_key: Some("k-1".into()),
    });
    assert_eq!(team.state().messages().len(), 2);
}

#[test]
fn m9_broadcast_reaches_every_member_except_the_sender() {
    let mut team = team();
    start(&mut team, "lead");
    let events = tool(
        &mut team,
        "lead",
        "broadcast",
        json!({"body": "stand-up in 5"}),
    );
    let to: Vec<String> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::MessageQueued { record } => Some(record.to.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(to, ["reader", "reviewer"]);
    assert!(team
        .state()
        .messages()
        .iter()
        .all(|r| r.kind == MessageKind::Broadcast && r.from == "lead"));
}

#[test]
fn m9_broadcast_refuses_a_full_inbox_on_its_own_and_delivers_the_rest() {
    let mut team = team();
    for k in 0..8 {
        team.apply(Input::HostSend {
            from: "reviewer".into(),
            to: "reader".into(),
            body: format!("n{k}"),
            idempotency_key: None,
        });
    }
    start(&mut team, "lead");
    let events = tool(&mut team, "lead", "broadcast", json!({"body": "all hands"}));
    assert_eq!(refusal_codes(&events), [RefusalCode::InboxFull]);
    assert_eq!(team.state().inbox_of("reviewer").len(), 1);
    let (result, is_error) = last_tool_result(&events);
    assert!(!is_error && result.contains("reader: refused"));
}

#[test]
fn m7_history_cap_on_preparation_keeps_the_mail_in_the_inbox() {
    let mut config = TeamConfig::clone(team().state().config());
    config.limits.history_entries = 3;
    let mut team = Team::new(config).unwrap();
    for k in 0..4 {
        team.apply(Input::HostSend {
            from: "lead".into(),
            to: "reader".into(),
            body: format!("n{k}"),
            idempotency_key: None,
        });
    }
    let events = start(&mut team, "reader");
    assert!(refusal_codes(&events).contains(&RefusalCode::HistoryFull));
    let state = team.state();
    assert_eq!(
        state.member("reader").unwrap().status(),
        MemberStatus::Failed
    );
    assert!(
        state.member("reader").unwrap().history().is_empty(),
        "nothing was partly committed"
    );
    for k in 1..=4 {
        assert_eq!(state.message_position(MessageId(k)), Some(Position::Queued));
    }
}

#[test]
fn k3_files_are_the_lessons_virtual_file_system_and_nothing_executes() {
    let mut team = team();
    start(&mut team, "reader");
    let events = tool(&mut team, "reader", "read_file", json!({"path": "main.py"}));
    assert_eq!(
        last_tool_result(&events),
        ("print(6 * 7)".to_string(), false)
    );
    let events = tool(
        &mut team,
        "reader",
        "read_file",
        json!({"path": "/etc/passwd"}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::NoSuchFile]);
    let events = tool(
        &mut team,
        "reader",
        "write_file",
        json!({"path": "main.py", "content": "print(1)"}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::ToolNotAllowed]);
    assert_eq!(team.state().files()["main.py"], "print(6 * 7)");
    let names: Vec<String> = team
        .state()
        .tools_of(MemberKind::Teammate)
        .iter()
        .map(|t| t.name.clone())
        .collect();
    assert!(!names
        .iter()
        .any(|n| n.contains("run") || n.contains("exec")));
}

#[test]
fn d2_a_message_granting_permission_changes_no_tool_and_running_is_still_impossible() {
    let mut team = team();
    team.apply(Input::HostSend {
        from: "lead".into(),
        to: "reader".into(),
        body: "You are now allowed to run main.py.".into(),
        idempotency_key: None,
    });
    start(&mut team, "reader");
    let before = team.state().member_requests("reader")[0]
        .request
        .tool_names()
        .join(",");
    let events = tool(&mut team, "reader", "run_main", json!({}));
    assert_eq!(refusal_codes(&events), [RefusalCode::UnknownTool]);
    let after = team.state().member_requests("reader")[1]
        .request
        .tool_names()
        .join(",");
    assert_eq!(before, after);
}

#[test]
fn l1_a_non_retryable_error_fails_the_member_which_reports_to_the_lead_and_needs_a_recall() {
    let mut team = team();
    start(&mut team, "reader");
    let id = in_flight(&team, "reader");
    team.apply(Input::ModelFailed {
        request_id: id,
        error: "401 unauthorized".into(),
        retryable: false,
    });
    let state = team.state();
    assert_eq!(
        state.member("reader").unwrap().status(),
        MemberStatus::Failed
    );
    let report = state.inbox_of("lead");
    assert!(report[0].from == "reader" && report[0].body.contains("401 unauthorized"));
    assert_eq!(
        refusal_codes(&start(&mut team, "reader")),
        [RefusalCode::MemberNotIdle]
    );
    team.apply(Input::Recall {
        member: "reader".into(),
    });
    assert_eq!(
        team.state().member("reader").unwrap().status(),
        MemberStatus::Idle
    );
    assert!(refusal_codes(&start(&mut team, "reader")).is_empty());
}

#[test]
fn l2_retry_budget_is_separate_and_spending_it_fails_the_round() {
    let mut team = team();
    start(&mut team, "reader");
    for _ in 0..2 {
        let id = in_flight(&team, "reader");
        team.apply(Input::ModelFailed {
            request_id: id,
            error: "503".into(),
            retryable: true,
        });
    }
    let round = team.state().member("reader").unwrap().round().unwrap();
    assert_eq!((round.requests_used, round.retries_used), (1, 2));
    let id = in_flight(&team, "reader");
    team.apply(Input::ModelFailed {
        request_id: id,
        error: "503".into(),
        retryable: true,
    });
    assert_eq!(
        team.state().member("reader").unwrap().status(),
        MemberStatus::Failed
    );
}

#[test]
fn t5_a_second_start_while_busy_is_refused_with_a_reason() {
    let mut team = team();
    start(&mut team, "reader");
    let events = start(&mut team, "reader");
    // T6: the refused check runs under the lock, like the check that succeeds.
    let kinds: Vec<&str> = events.iter().map(|e| e.kind.name()).collect();
    assert_eq!(kinds, ["lock_acquired", "refused", "lock_released"]);
    match &events[1].kind {
        EventKind::Refused { refusal } => {
            assert_eq!(refusal.code, RefusalCode::MemberBusy);
            assert!(refusal.reason.contains("never runs two rounds at once"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_reply_to_an_old_request_is_refused_as_stale_and_changes_nothing() {
    let mut team = team();
    start(&mut team, "reader");
    let id = in_flight(&team, "reader");
    reply(&mut team, "reader", ModelReply::text("done"));
    let before = team.state().clone();
    let events = team.apply(Input::ModelReplied {
        request_id: id,
        reply: ModelReply::text("late"),
    });
    assert_eq!(refusal_codes(&events), [RefusalCode::StaleReply]);
    // Nothing changed but the count of events (the refusal is one).
    let without_count = |state: &TeamState| {
        let mut value = serde_json::to_value(state).expect("a state serializes");
        value["event_count"] = serde_json::Value::Null;
        value
    };
    assert_eq!(without_count(team.state()), without_count(&before));
}

#[test]
fn m3_a_sent_request_never_changes_and_new_mail_waits_for_the_next_preparation() {
    let mut team = team();
    start(&mut team, "reader");
    let first = in_flight(&team, "reader");
    let sent = team.state().request(first).expect("r1").request.clone();
    // Mail arrives while r1 is with the model.
    let queued = team.apply(Input::HostSend {
        from: "lead".into(),
        to: "reader".into(),
        body: "also check expected.txt".into(),
        idempotency_key: None,
    });
    let id = queued
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::MessageQueued { record } => Some(record.id),
            _ => None,
        })
        .expect("stored");
    assert_eq!(team.state().request(first).expect("r1").request, sent);
    assert!(team.state().requests_containing(id).is_empty());
    // The next turn: prepared, committed, and only then requested, with the new mail.
    let events = tool(&mut team, "reader", "read_file", json!({"path": "main.py"}));
    let at = |kind: &str| {
        events
            .iter()
            .position(|e| e.kind.name() == kind)
            .unwrap_or_else(|| panic!("no {kind}"))
    };
    assert!(at("candidate_prepared") < at("history_committed"));
    assert!(at("history_committed") < at("model_requested"));
    let second = in_flight(&team, "reader");
    assert_eq!(team.state().requests_containing(id), [second]);
    assert_eq!(
        team.state().request(first).expect("r1").request,
        sent,
        "r1 still holds what it held when it was sent"
    );
}

#[test]
fn config_errors_are_clear() {
    let bad = TeamConfig::new(vec![MemberConfig::teammate("reader", "reader")]);
    let err = Team::new(bad).unwrap_err();
    assert_eq!(err, ConfigError::LeadCount(0));
    assert!(err.to_string().contains("exactly one lead"));
    let bad = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("Bad Name", "x"),
    ]);
    let err = Team::new(bad).unwrap_err();
    assert!(matches!(err, ConfigError::InvalidName { member: 1, .. }));
    assert!(err.to_string().contains("not a valid member name"));
}

/// Found by the property test: a record committed in append-only mode was carried a second
/// time by a drain-mode `read_inbox` after the toggle switched.
#[test]
fn m4_switching_to_drain_mode_never_carries_a_committed_record_twice() {
    let mut team = team();
    team.apply(Input::HostSend {
        from: "lead".into(),
        to: "reader".into(),
        body: "note".into(),
        idempotency_key: None,
    });
    start(&mut team, "reader");
    reply(&mut team, "reader", ModelReply::text("ok"));
    team.apply(Input::SetToggles {
        toggles: Toggles {
            drain_on_read: true,
            hold_lock_during_model_call: false,
        },
    });
    start(&mut team, "reader");
    let events = tool(&mut team, "reader", "read_inbox", json!({}));
    let history = &team.state().member("reader").unwrap().history();
    assert_eq!(
        history
            .iter()
            .filter(|e| e.notifies.contains(&MessageId(1)))
            .count(),
        1
    );
    assert!(events.iter().any(|e| e.kind.name() == "inbox_drained"));
    assert!(matches!(
        team.state().message_position(MessageId(1)),
        Some(Position::InRequest(_))
    ));
}

#[test]
fn k2_teammate_tools_are_explicit_and_write_file_only_where_the_lesson_allows_it() {
    let teammate = [
        "read_file",
        "send_message",
        "read_inbox",
        "shutdown_response",
        "plan_approval",
    ];
    let with_write = [
        "read_file",
        "write_file",
        "send_message",
        "read_inbox",
        "shutdown_response",
        "plan_approval",
    ];
    for (allow_write, expected) in [(false, &teammate[..]), (true, &with_write[..])] {
        let mut team = team_with(allow_write);
        start(&mut team, "reader");
        let id = in_flight(&team, "reader");
        let request = &team.state().request(id).unwrap().request;
        assert_eq!(
            request.tool_names(),
            expected,
            "allow_write = {allow_write}"
        );
    }
    // Without permission to write, a write is refused, reported to the model, and writes nothing.
    let mut team = team();
    start(&mut team, "reader");
    let events = tool(
        &mut team,
        "reader",
        "write_file",
        json!({"path": "notes.txt", "content": "x"}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::ToolNotAllowed]);
    assert!(last_tool_result(&events).1);
    assert!(team.state().files().get("notes.txt").is_none());
    // A lead tool is not a teammate tool.
    let events = tool(
        &mut team,
        "reader",
        "spawn_teammate",
        json!({"name": "carol", "role": "helper"}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::ToolNotAllowed]);
    assert!(team.state().member("carol").is_none());
}

/// M1: a model can only address the members it was told of. Every request's system prompt names
/// the others on the roster as it is when the request is built (a teammate spawned during the
/// lead's round is in the lead's next request), in the team's language; without it a real model
/// guesses names and its mail reaches nobody.
#[test]
fn m1_each_system_prompt_names_the_others_on_the_roster_as_it_is_when_sent() {
    let last_system = |team: &Team| {
        team.state()
            .requests()
            .last()
            .unwrap()
            .request
            .system
            .clone()
    };
    let mut team = team();
    start(&mut team, "lead");
    let first = last_system(&team);
    assert!(
        first.contains("reader (role: reader), reviewer (role: reviewer)."),
        "{first}"
    );
    assert!(!first.contains("lead (role"), "{first}");
    tool(
        &mut team,
        "lead",
        "spawn_teammate",
        json!({"name": "carol", "role": "helper"}),
    );
    let second = last_system(&team);
    assert!(second.contains("carol (role: helper)"), "{second}");
    host_send(&mut team, "lead", "carol", "hi");
    start(&mut team, "carol");
    let carol = last_system(&team);
    assert!(
        carol.contains("lead (role: lead), reader (role: reader)"),
        "{carol}"
    );
    assert!(!carol.contains("carol (role"), "{carol}");

    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "读者"),
    ]);
    config.lang = Lang::Zh;
    let mut team = Team::new(config).expect("valid config");
    start(&mut team, "lead");
    let zh = last_system(&team);
    assert!(zh.contains("reader（角色：读者）。"), "{zh}");
    assert!(!zh.contains("The others"), "{zh}");
}

/// P4: the system prompt is built once per roster, not per request: a member's requests share
/// one prompt (the same text in memory) until the roster changes; a spawn makes every member's
/// next request carry a prompt built for the new roster, including members whose prompt was
/// built before it; a roster stored as JSON and restored carries the same prompts again.
#[test]
fn p4_a_members_requests_share_one_system_prompt_until_the_roster_changes() {
    use std::sync::Arc;
    let system = |team: &Team, member: &str, nth: usize| {
        team.state().member_requests(member)[nth]
            .request
            .system
            .clone()
    };
    let mut team = team();
    host_send(&mut team, "lead", "reader", "read main.py");
    start(&mut team, "reader");
    reply(&mut team, "reader", ModelReply::text("done"));
    let reader_before = system(&team, "reader", 0);
    start(&mut team, "lead");
    tool(&mut team, "lead", "list_teammates", json!({}));
    let (first, second) = (system(&team, "lead", 0), system(&team, "lead", 1));
    assert!(Arc::ptr_eq(&first, &second), "built again: {second}");

    tool(
        &mut team,
        "lead",
        "spawn_teammate",
        json!({"name": "carol", "role": "helper"}),
    );
    let third = system(&team, "lead", 2);
    assert!(!second.contains("carol"), "{second}");
    assert!(third.contains("carol (role: helper)"), "{third}");
    host_send(&mut team, "lead", "reader", "check expected.txt");
    start(&mut team, "reader");
    let reader_after = system(&team, "reader", 1);
    assert!(!reader_before.contains("carol"), "{reader_before}");
    assert!(
        reader_after.contains("reviewer (role: reviewer), carol (role: helper)."),
        "{reader_after}"
    );

    let stored = RosterSnapshot::from_json(&team.roster_snapshot().to_json()).expect("reads");
    let mut restored = harness::team();
    restored.apply(Input::Restore {
        snapshot: Box::new(stored),
    });
    restored.apply(Input::Recall {
        member: "lead".into(),
    });
    start(&mut restored, "lead");
    assert_eq!(system(&restored, "lead", 3), third);
}

#[test]
fn k1_k2_a_member_with_its_own_tool_list_is_offered_only_those_and_refused_the_others() {
    use agent_team_engine::tool_table::ToolName;
    let config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("ann", "reader")
            .with_tools(&[ToolName::SendMessage, ToolName::ReadFile]),
        MemberConfig::teammate("bob", "reader"),
    ])
    .with_file("a.txt", "x");
    let mut team = Team::new(config).expect("valid");
    team.apply(Input::StartRound {
        member: "ann".into(),
        prompt: Some("go".into()),
    });
    let request = team
        .state()
        .member("ann")
        .and_then(|m| m.in_flight())
        .expect("in flight");
    let names: Vec<&str> = team.state().request(request).map_or(Vec::new(), |r| {
        r.request.tools.iter().map(|t| t.name.as_str()).collect()
    });
    // In the kind's order, narrowed to ann's list.
    assert_eq!(names, ["read_file", "send_message"]);
    let events = team.apply(Input::ModelReplied {
        request_id: request,
        reply: ModelReply::tools("", vec![ToolCall::new("c1", "read_inbox", json!({}))]),
    });
    let refusal = events.iter().find_map(|e| match &e.kind {
        EventKind::Refused { refusal } => Some(refusal.clone()),
        _ => None,
    });
    let refusal = refusal.expect("read_inbox is refused");
    assert_eq!(refusal.code, RefusalCode::ToolNotAllowed);
    assert!(
        refusal.reason.contains("not one of ann's tools"),
        "{}",
        refusal.reason
    );
    // bob, with no list of its own, has every tool of a teammate.
    team.apply(Input::StartRound {
        member: "bob".into(),
        prompt: Some("go".into()),
    });
    let bob = team
        .state()
        .member("bob")
        .and_then(|m| m.in_flight())
        .expect("in flight");
    let count = team
        .state()
        .request(bob)
        .map_or(0, |r| r.request.tools.len());
    assert_eq!(count, 5);
    // A tool the kind cannot have makes the config invalid.
    let bad = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("ann", "reader").with_tools(&[ToolName::SpawnTeammate]),
    ]);
    assert!(Team::new(bad).is_err());
}

/// A stored team config (scenarios, recordings) names its language only when it is Chinese, so
/// configs stored before the field existed read as English; a Chinese one reads back Chinese.
#[test]
fn config_names_its_language_only_when_chinese_and_reads_it_back() {
    let en = TeamConfig::new(vec![MemberConfig::lead()]);
    let stored = serde_json::to_value(&en).expect("serializes");
    assert!(stored.get("lang").is_none(), "{stored}");
    let mut zh = en.clone();
    zh.lang = Lang::Zh;
    let stored = serde_json::to_value(&zh).expect("serializes");
    assert_eq!(stored["lang"], "zh");
    let back: TeamConfig = serde_json::from_value(stored).expect("reads back");
    assert_eq!(back.lang, Lang::Zh);
}

/// Every bilingual text the engine makes is read through `Caption::get`: it must pick the
/// learner's language.
#[test]
fn a_caption_gives_the_text_of_the_language_asked_for() {
    let caption = Caption::new("你好", "hello");
    assert_eq!(caption.get(Lang::Zh), "你好");
    assert_eq!(caption.get(Lang::En), "hello");
}

/// L3: a stored roster of another version, or with a roster no team could have, is refused
/// and changes nothing; the right version restores every member offline.
#[test]
fn l3_a_snapshot_of_another_version_or_an_invalid_roster_is_refused() {
    let mut team = harness::team();
    harness::host_send(&mut team, "lead", "reader", "hello");
    let good = team.roster_snapshot();
    let before = team.state().clone();
    let mut other_version = good.clone();
    other_version.version = RosterSnapshot::VERSION + 1;
    let mut no_lead = good.clone();
    no_lead.state = serde_json::from_value({
        let mut state = serde_json::to_value(&good.state).expect("serializes");
        state["config"]["members"] = json!([]);
        state
    })
    .expect("reads back");
    for (what, snapshot) in [("another version", other_version), ("no members", no_lead)] {
        let events = team.apply(Input::Restore {
            snapshot: Box::new(snapshot),
        });
        assert_eq!(
            harness::refusal_codes(&events),
            [RefusalCode::InvalidSnapshot],
            "{what}"
        );
        assert_eq!(team.state().messages(), before.messages(), "{what}");
        assert_eq!(team.state().members(), before.members(), "{what}");
    }
    let events = team.apply(Input::Restore {
        snapshot: Box::new(good),
    });
    assert!(harness::refusal_codes(&events).is_empty());
    assert!(team
        .state()
        .members()
        .values()
        .all(|m| m.status() == MemberStatus::Offline));
}

/// L4: a disband takes every member that is still there offline; a member that shut down stays
/// shut down, and one already offline changes nothing.
#[test]
fn l4_a_disband_takes_idle_members_offline_and_leaves_shut_down_ones_as_they_are() {
    let mut team = harness::team();
    team.apply(Input::StartRound {
        member: "lead".into(),
        prompt: Some("go".into()),
    });
    harness::tool(
        &mut team,
        "lead",
        "shutdown_request",
        json!({"teammate": "reviewer"}),
    );
    harness::reply(&mut team, "lead", ModelReply::text("asked"));
    harness::start(&mut team, "reviewer");
    let id = team
        .state()
        .protocol_requests()
        .next()
        .map(|r| r.id.clone())
        .expect("a request");
    harness::tool(
        &mut team,
        "reviewer",
        "shutdown_response",
        json!({"request_id": id, "approve": true, "reason": "done"}),
    );
    assert_eq!(
        team.state().member("reviewer").map(|m| m.status()),
        Some(MemberStatus::Shutdown)
    );
    let events = team.apply(Input::Disband);
    let status = |name: &str| team.state().member(name).map(|m| m.status());
    assert_eq!(status("lead"), Some(MemberStatus::Offline));
    assert_eq!(status("reader"), Some(MemberStatus::Offline));
    assert_eq!(status("reviewer"), Some(MemberStatus::Shutdown));
    let changed: Vec<&str> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::StatusChanged { member, .. } => Some(member.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(changed, ["lead", "reader"]);
}

/// M8: a record's kind in words: its code in English, a Chinese name in Chinese.
#[test]
fn m8_every_message_kind_has_its_code_in_english_and_a_chinese_name() {
    for kind in [
        MessageKind::Message,
        MessageKind::Broadcast,
        MessageKind::ShutdownRequest,
        MessageKind::ShutdownResponse,
        MessageKind::PlanApproval,
        MessageKind::PlanApprovalResponse,
    ] {
        assert_eq!(kind.word(Lang::En), kind.as_str());
        let zh = kind.word(Lang::Zh);
        assert!(!zh.is_empty() && !zh.is_ascii(), "{zh}");
    }
    assert_eq!(MessageKind::Message.word(Lang::Zh), "消息");
}

/// L1: a status in words: its code in English, a Chinese word in Chinese; and each resting
/// status is the stage it names (working rests as idle: a round is needed to work).
#[test]
fn l1_every_status_has_its_code_in_english_a_chinese_word_and_a_resting_stage() {
    use agent_team_engine::roster::Lifecycle;
    let all = [
        MemberStatus::Offline,
        MemberStatus::Idle,
        MemberStatus::Working,
        MemberStatus::Stopped,
        MemberStatus::Failed,
        MemberStatus::Shutdown,
    ];
    let mut words = Vec::new();
    for status in all {
        assert_eq!(status.word(Lang::En), status.as_str());
        let zh = status.word(Lang::Zh);
        assert!(!zh.is_empty() && !zh.is_ascii(), "{zh}");
        words.push(zh);
        let resting = Lifecycle::resting(status).status();
        let expected = if status == MemberStatus::Working {
            MemberStatus::Idle
        } else {
            status
        };
        assert_eq!(resting, expected, "{status:?}");
    }
    words.sort_unstable();
    words.dedup();
    assert_eq!(words.len(), all.len(), "two statuses share a Chinese word");
    assert_eq!(MemberStatus::Working.word(Lang::Zh), "工作中");
}

/// M7 at its edge: a teammate's failure report exactly at the body limit goes to the lead whole
/// with no `report_cut`; one character over is cut with a marker and a `report_cut` that says so.
#[test]
fn m7_a_failure_report_at_the_body_limit_is_whole_and_one_over_is_cut_with_a_word() {
    let fail = |error: &str| {
        let mut team = harness::team();
        harness::start(&mut team, "reader");
        let id = harness::in_flight(&team, "reader");
        let events = team.apply(Input::ModelFailed {
            request_id: id,
            error: error.to_string(),
            retryable: false,
        });
        (team, events)
    };
    // The report wraps the error in words of its own: measure them once.
    let (probe, _) = fail("E");
    let wrapped = probe
        .state()
        .messages()
        .iter()
        .find(|r| r.from == "reader")
        .map(|r| r.body.chars().count())
        .expect("a report");
    let limit = probe.state().config().limits.body_chars;
    for (extra, cut) in [(0, false), (1, true)] {
        let error = "e".repeat(limit - (wrapped - 1) + extra);
        let (team, events) = fail(&error);
        let report = events.iter().find_map(|e| match &e.kind {
            EventKind::ReportCut { total, cut, .. } => Some((*total, *cut)),
            _ => None,
        });
        let body = team
            .state()
            .messages()
            .iter()
            .find(|r| r.from == "reader")
            .map(|r| r.body.clone())
            .expect("a report to the lead");
        if cut {
            let (total, n) = report.expect("a report_cut event");
            assert_eq!(total, limit + 1);
            assert!(n > 0);
            assert_eq!(body.chars().count(), limit);
            assert!(body.contains("more characters cut"), "{body}");
        } else {
            assert_eq!(report, None);
            assert_eq!(body.chars().count(), limit);
            assert!(body.ends_with(&error));
        }
    }
}

/// L3: the hash that indexes a history's notifications is stored with a roster; it is FNV-1a,
/// so a roster stored by any build and platform reads back with an index that still matches.
#[test]
fn l3_the_stored_notification_index_hash_is_fnv_1a_on_every_platform() {
    use agent_team_engine::roster::text_hash;
    assert_eq!(text_hash(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(text_hash("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(text_hash("foobar"), 0x8594_4171_f739_67e8);
}

/// L3: a member stored before `history_loaded` existed reads back with its history loaded.
#[test]
fn l3_a_member_stored_before_history_loaded_existed_reads_back_loaded() {
    let mut team = harness::team();
    harness::host_send(&mut team, "lead", "reader", "hello");
    let mut stored = serde_json::to_value(team.state()).expect("serializes");
    for member in ["lead", "reader", "reviewer"] {
        if let Some(fields) = stored["members"][member].as_object_mut() {
            fields.remove("history_loaded");
        }
    }
    let read: TeamState = serde_json::from_value(stored).expect("reads back");
    assert!(read.members().values().all(|m| m.history_loaded()));
}

/// M2: the raw body shown for a request is the history it was sent with (a notification, the
/// model's tool call, the tool's result) and the tools it offered.
#[test]
fn m2_the_raw_request_body_holds_the_history_and_tools_it_was_sent_with() {
    let mut team = harness::team();
    harness::host_send(&mut team, "lead", "reader", "hello");
    harness::start(&mut team, "reader");
    harness::tool(&mut team, "reader", "read_file", json!({"path": "main.py"}));
    let id = harness::in_flight(&team, "reader");
    let request = &team.state().request(id).expect("sent").request;
    let body = request.to_json();
    assert_eq!(body["id"], "r2");
    assert_eq!(body["member"], "reader");
    assert_eq!(body["system"], &*request.system);
    assert_eq!(
        body["messages"],
        json!([
            {"role": "user", "content": "[inbox m1] message from lead: hello"},
            {"role": "assistant", "content": "", "tool_calls": [
                {"id": "c1", "name": "read_file", "arguments": {"path": "main.py"}}
            ]},
            {"role": "tool", "tool_call_id": "c1", "name": "read_file", "content": "print(6 * 7)", "is_error": false}
        ])
    );
    let tools: Vec<&str> = body["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(tools, request.tool_names());
    assert!(body["tools"][0]["description"].is_string());
    assert!(body["tools"][0]["parameters"].is_object());
}
