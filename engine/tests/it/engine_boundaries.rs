//! Every limit and length check of the engine at its boundaries: 0, the limit, the limit + 1
//! (and the all-refused edge of a broadcast). Written to kill the mutants a whole-engine run of
//! `scripts/mutants.sh --engine` found surviving: a test here fails if the check it names moves
//! by one, flips `||` to `&&`, or loses a branch.

use crate::harness;

use agent_team_engine::*;
use harness::*;
use serde_json::json;

/// The harness's team with budgets roomy enough for many tool calls in one round.
fn roomy(allow_write: bool) -> Team {
    let mut config = TeamConfig::clone(team_with(allow_write).state().config());
    config.limits.request_budget = 100;
    Team::new(config).unwrap()
}

fn keyed_send(team: &mut Team, body: &str, key: &str) -> Vec<Event> {
    team.apply(Input::HostSend {
        from: "lead".into(),
        to: "reader".into(),
        body: body.into(),
        idempotency_key: Some(key.into()),
    })
}

#[test]
fn m8_an_idempotency_key_of_0_or_65_characters_is_refused_and_1_or_64_are_taken() {
    let mut team = team();
    // 0 characters: refused, nothing stored.
    let events = keyed_send(&mut team, "a", "");
    assert_eq!(refusal_codes(&events), [RefusalCode::InvalidArgument]);
    assert_eq!(team.state().messages().len(), 0);
    // 65 characters (multi-byte: the limit counts characters, not bytes): refused.
    let events = keyed_send(&mut team, "a", &"é".repeat(65));
    assert_eq!(refusal_codes(&events), [RefusalCode::InvalidArgument]);
    assert_eq!(team.state().messages().len(), 0);
    // 64 characters (128 bytes): taken, and a resend with it stores nothing new.
    let key64 = "é".repeat(64);
    let events = keyed_send(&mut team, "a", &key64);
    assert_eq!(refusal_codes(&events), []);
    assert_eq!(team.state().messages().len(), 1);
    let events = keyed_send(&mut team, "a", &key64);
    assert!(events.iter().any(|e| e.kind.name() == "resend_ignored"));
    assert_eq!(team.state().messages().len(), 1);
    // 1 character: taken.
    let events = keyed_send(&mut team, "b", "k");
    assert_eq!(refusal_codes(&events), []);
    assert_eq!(team.state().messages().len(), 2);
}

#[test]
fn m8_a_key_of_65_characters_is_refused_even_when_the_body_is_valid_and_new() {
    // `||` -> `&&` in the key check: an over-long non-empty key would pass. Checked with
    // ASCII too, where bytes and characters agree.
    let mut team = team();
    let events = keyed_send(&mut team, "fresh", &"k".repeat(65));
    assert_eq!(refusal_codes(&events), [RefusalCode::InvalidArgument]);
    let events = keyed_send(&mut team, "fresh", &"k".repeat(66));
    assert_eq!(refusal_codes(&events), [RefusalCode::InvalidArgument]);
    assert_eq!(team.state().messages().len(), 0);
}

fn spawn(team: &mut Team, name: &str, role: &str) -> (Vec<Event>, (String, bool)) {
    let events = tool(
        team,
        "lead",
        "spawn_teammate",
        json!({"name": name, "role": role}),
    );
    let result = last_tool_result(&events);
    (events, result)
}

#[test]
fn t1_a_spawned_role_of_0_or_41_characters_is_refused_and_1_or_40_are_taken() {
    let mut team = roomy(false);
    start(&mut team, "lead");
    for role in ["", "   ", &"r".repeat(41), &"角".repeat(41)] {
        let (events, (_, is_error)) = spawn(&mut team, "extra", role);
        assert!(is_error, "role of {} chars", role.chars().count());
        assert_eq!(refusal_codes(&events), [RefusalCode::InvalidName]);
        assert!(team.state().member("extra").is_none());
    }
    // Surrounding blanks are trimmed before counting: 40 characters inside blanks are taken.
    let (events, (_, is_error)) = spawn(&mut team, "extra", &format!(" {} ", "角".repeat(40)));
    assert!(!is_error, "{events:?}");
    assert_eq!(
        team.state().member("extra").unwrap().role(),
        "角".repeat(40)
    );
    let (_, (_, is_error)) = spawn(&mut team, "tiny", "r");
    assert!(!is_error);
    assert_eq!(
        team.state().member("tiny").unwrap().status(),
        MemberStatus::Idle
    );
}

#[test]
fn t1_a_spawn_fills_the_roster_to_its_limit_and_not_one_more() {
    let mut config = TeamConfig::clone(team().state().config());
    config.limits.max_members = 4;
    let mut team = Team::new(config).unwrap();
    start(&mut team, "lead");
    let (_, (_, is_error)) = spawn(&mut team, "fourth", "helper");
    assert!(!is_error);
    assert_eq!(team.state().members().len(), 4);
    let (events, (_, is_error)) = spawn(&mut team, "fifth", "helper");
    assert!(is_error);
    assert_eq!(refusal_codes(&events), [RefusalCode::TeamFull]);
    assert_eq!(team.state().members().len(), 4);
}

#[test]
fn t1_a_member_name_has_1_to_24_characters_a_lowercase_letter_first() {
    let mut team = roomy(false);
    start(&mut team, "lead");
    let refused = [
        String::new(),
        "a".repeat(25),
        "1abc".into(),
        "-abc".into(),
        "Abc".into(),
        "ab c".into(),
        "ab.c".into(),
        "aB".into(),
    ];
    for name in &refused {
        let (events, (_, is_error)) = spawn(&mut team, name, "helper");
        assert!(is_error, "{name:?}");
        assert_eq!(
            refusal_codes(&events),
            [RefusalCode::InvalidName],
            "{name:?}"
        );
    }
    for name in ["a".repeat(24), "x".into(), "a-9_z".into()] {
        let (events, (_, is_error)) = spawn(&mut team, &name, "helper");
        assert!(!is_error, "{name:?}: {events:?}");
    }
    assert_eq!(team.state().members().len(), 6);
    // A name already on the roster is refused as such.
    let (events, _) = spawn(&mut team, "reader", "helper");
    assert_eq!(refusal_codes(&events), [RefusalCode::AlreadyExists]);
}

#[test]
fn m9_a_broadcast_nobody_can_take_is_an_error_and_stores_nothing() {
    let mut team = team();
    for to in ["reader", "reviewer"] {
        for k in 0..8 {
            host_send(&mut team, "lead", to, &format!("n{k}"));
        }
    }
    start(&mut team, "lead");
    let events = tool(&mut team, "lead", "broadcast", json!({"body": "all hands"}));
    let (result, is_error) = last_tool_result(&events);
    assert!(is_error, "{result}");
    assert!(
        result.contains("no member could take the broadcast; nothing was stored"),
        "{result}"
    );
    // One refusal per recipient, then the call's own.
    assert_eq!(
        refusal_codes(&events),
        [
            RefusalCode::InboxFull,
            RefusalCode::InboxFull,
            RefusalCode::InboxFull
        ]
    );
    assert_eq!(team.state().messages().len(), 16);
}

#[test]
fn m9_a_broadcast_one_recipient_takes_reports_both_lines_and_is_not_an_error() {
    let mut team = team();
    for k in 0..8 {
        host_send(&mut team, "lead", "reviewer", &format!("n{k}"));
    }
    start(&mut team, "lead");
    let events = tool(&mut team, "lead", "broadcast", json!({"body": "all hands"}));
    let (result, is_error) = last_tool_result(&events);
    assert!(!is_error);
    assert_eq!(
        result,
        "reader: queued as m9\nreviewer: refused (reviewer's inbox already holds 8 records, the limit is 8; nothing was stored)"
    );
}

#[test]
fn m9_a_broadcast_in_a_team_of_one_is_refused() {
    let mut team = Team::new(TeamConfig::new(vec![MemberConfig::lead()])).unwrap();
    start(&mut team, "lead");
    let events = tool(&mut team, "lead", "broadcast", json!({"body": "anyone?"}));
    assert_eq!(refusal_codes(&events), [RefusalCode::UnknownRecipient]);
    assert!(last_tool_result(&events).1);
    assert!(team.state().messages().is_empty());
}

#[test]
fn k3_a_path_has_1_to_64_characters_relative_without_dot_segments() {
    let mut team = roomy(true);
    start(&mut team, "reader");
    let refused = [
        String::new(),
        format!("{}.txt", "p".repeat(61)), // 65 characters
        "/etc/passwd".into(),
        "../up.txt".into(),
        "a/../b.txt".into(),
        "./a.txt".into(),
        "a//b.txt".into(),
        "a/".into(),
        "a b.txt".into(),
        "a?.txt".into(),
        "é.txt".into(),
    ];
    for path in &refused {
        let events = tool(
            &mut team,
            "reader",
            "write_file",
            json!({"path": path, "content": "x"}),
        );
        assert_eq!(
            refusal_codes(&events),
            [RefusalCode::InvalidPath],
            "{path:?}"
        );
        assert!(!team.state().files().contains_key(path.as_str()));
    }
    let taken = [
        format!("{}.txt", "p".repeat(60)), // 64 characters
        "a".into(),
        "dir/sub-dir/b_c.v2.txt".into(),
        "..a".into(),
    ];
    for path in &taken {
        let events = tool(
            &mut team,
            "reader",
            "write_file",
            json!({"path": path, "content": "x"}),
        );
        assert_eq!(refusal_codes(&events), [], "{path:?}");
        assert_eq!(
            team.state().files().get(path.as_str()).map(String::as_str),
            Some("x")
        );
    }
}

#[test]
fn k3_a_written_file_holds_up_to_the_limit_and_not_one_more_character() {
    let mut config = TeamConfig::clone(roomy(true).state().config());
    config.files = SortedMap::new();
    config.limits.file_chars = 5;
    let mut team = Team::new(config).unwrap();
    start(&mut team, "reader");
    let events = tool(
        &mut team,
        "reader",
        "write_file",
        json!({"path": "o.txt", "content": "ééééé"}),
    );
    assert_eq!(refusal_codes(&events), []);
    let events = tool(
        &mut team,
        "reader",
        "write_file",
        json!({"path": "o.txt", "content": "éééééé"}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::FileTooLarge]);
    assert_eq!(
        team.state().files().get("o.txt").map(String::as_str),
        Some("ééééé")
    );
}

#[test]
fn k3_a_config_refuses_an_invalid_path_and_a_file_over_the_limit() {
    let base = || {
        let mut c = TeamConfig::new(vec![MemberConfig::lead()]);
        c.limits.file_chars = 3;
        c
    };
    assert!(Team::new(base().with_file("ok.txt", "abc")).is_ok());
    assert!(Team::new(base().with_file("ok.txt", "abcd")).is_err());
    assert!(Team::new(base().with_file("../x", "a")).is_err());
    assert!(Team::new(base().with_file("", "a")).is_err());
}

#[test]
fn t1_a_config_has_exactly_one_lead_unique_valid_names_roles_and_at_most_the_member_limit() {
    let lead = MemberConfig::lead;
    let mate = |n: &str| MemberConfig::teammate(n, "worker");
    assert!(Team::new(TeamConfig::new(vec![lead()])).is_ok());
    assert!(
        Team::new(TeamConfig::new(vec![mate("a")])).is_err(),
        "no lead"
    );
    let mut two_leads = mate("b");
    two_leads.kind = MemberKind::Lead;
    assert!(Team::new(TeamConfig::new(vec![lead(), two_leads])).is_err());
    assert!(Team::new(TeamConfig::new(vec![lead(), mate("a"), mate("a")])).is_err());
    assert!(Team::new(TeamConfig::new(vec![lead(), mate("A")])).is_err());
    assert!(Team::new(TeamConfig::new(vec![
        lead(),
        MemberConfig::teammate("a", " ")
    ]))
    .is_err());
    // The member limit: exactly max members is a team, one more is not.
    let roster = |n: usize| {
        let mut m = vec![lead()];
        m.extend((1..n).map(|i| mate(&format!("m{i}"))));
        let mut c = TeamConfig::new(m);
        c.limits.max_members = 3;
        c
    };
    assert!(Team::new(roster(3)).is_ok());
    assert!(Team::new(roster(4)).is_err());
    // A tool its kind cannot have: a teammate's write_file where writing is off.
    let writer = mate("w").with_tools(&[tool_table::ToolName::WriteFile]);
    assert!(Team::new(TeamConfig::new(vec![lead(), writer.clone()])).is_err());
    let mut allowing = TeamConfig::new(vec![lead(), writer]);
    allowing.allow_write = true;
    assert!(Team::new(allowing).is_ok());
}

#[test]
fn m7_a_message_body_of_600_characters_is_stored_and_601_or_blank_are_refused() {
    let mut team = team();
    let events = host_send(&mut team, "lead", "reader", &"é".repeat(600));
    assert_eq!(refusal_codes(&events), []);
    let events = host_send(&mut team, "lead", "reader", &"é".repeat(601));
    assert_eq!(refusal_codes(&events), [RefusalCode::BodyTooLong]);
    let events = host_send(&mut team, "lead", "reader", " \n ");
    assert_eq!(refusal_codes(&events), [RefusalCode::EmptyBody]);
    let events = host_send(&mut team, "lead", "reader", "x");
    assert_eq!(refusal_codes(&events), []);
    assert_eq!(team.state().messages().len(), 2);
}

#[test]
fn m7_an_inbox_takes_its_8th_record_and_refuses_the_9th() {
    let mut team = team();
    for k in 0..8 {
        let events = host_send(&mut team, "lead", "reader", &format!("n{k}"));
        assert_eq!(refusal_codes(&events), [], "record {}", k + 1);
    }
    let events = host_send(&mut team, "lead", "reader", "n8");
    assert_eq!(refusal_codes(&events), [RefusalCode::InboxFull]);
    assert_eq!(team.state().inbox_count("reader"), 8);
    // Another inbox is not full.
    let events = host_send(&mut team, "lead", "reviewer", "n0");
    assert_eq!(refusal_codes(&events), []);
}

#[test]
fn m1_a_member_cannot_send_to_itself_or_to_nobody_and_an_unknown_sender_is_refused() {
    let mut team = team();
    let events = host_send(&mut team, "reader", "reader", "me");
    assert_eq!(refusal_codes(&events), [RefusalCode::SelfSend]);
    let events = host_send(&mut team, "reader", "ghost", "hi");
    assert_eq!(refusal_codes(&events), [RefusalCode::UnknownRecipient]);
    let events = host_send(&mut team, "ghost", "reader", "hi");
    assert_eq!(refusal_codes(&events), [RefusalCode::UnknownMember]);
    assert!(team.state().messages().is_empty());
    // The first stored record is m1, and the next m2 (ids count from one).
    host_send(&mut team, "reader", "reviewer", "a");
    host_send(&mut team, "reader", "reviewer", "b");
    let ids: Vec<MessageId> = team.state().messages().iter().map(|r| r.id).collect();
    assert_eq!(ids, [MessageId(1), MessageId(2)]);
}
