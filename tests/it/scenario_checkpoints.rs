//! Scenarios carry checkpoints (issue 26): an optional version 2 field, read with every type
//! error at its path, validated like every other field with each problem in both languages,
//! played with the answer computed from the scenario's own run (a toggle that changes the
//! state changes it); a scenario without checkpoints is written and read as before.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::checkpoint::place;
use agent_team_playground::lessons::PlayOptions;
use agent_team_playground::on_screen::{OnScreen, Source};
use agent_team_playground::scenario::{parse, Scenario, NEWEST_VERSION, VERSION};
use serde_json::{json, Value};
use std::sync::Arc;

/// ana tells ben a date; ben's first delivery is struck between read and commit; a checkpoint
/// asks where ana's message (m2) is right after ben's candidate is discarded.
fn with_checkpoint(drain: bool) -> Value {
    json!({
        "version": 2,
        "members": [
            {"name": "lead", "role": "lead", "kind": "lead"},
            {"name": "ana", "role": "planner", "kind": "teammate"},
            {"name": "ben", "role": "announcer", "kind": "teammate"}
        ],
        "task": "Announce the launch date.",
        "toggles": {"drain_on_read": drain},
        "replies": [
            {"member": "lead", "order": 1, "tool_calls": [
                {"name": "send_message", "arguments": {"to": "ana", "body": "Tell ben the launch date."}}]},
            {"member": "lead", "order": 2, "text": "ana will tell ben."},
            {"member": "ana", "order": 1, "tool_calls": [
                {"name": "send_message", "arguments": {"to": "ben", "body": "The launch is on May 3."}}]},
            {"member": "ana", "order": 2, "text": "Told ben."},
            {"member": "ben", "order": 1, "text": "Noted."}
        ],
        "faults": [{"member": "ben", "delivery": 1}],
        "checkpoints": [{
            "id": "where-is-m2",
            "rule": "M6",
            "event": "candidate_discarded",
            "member": "ben",
            "question": {"zh": "ben 的候选被丢弃了。m2 现在在哪里？", "en": "ben's candidate was discarded. Where is m2 now?"},
            "ask": {"kind": "where_is_message", "message": "m2"}
        }]
    })
}

fn scenario(value: &Value) -> Scenario {
    parse(&value.to_string()).unwrap_or_else(|e| panic!("parses: {}", e.message(Lang::En)))
}

fn answer(scenario: Scenario) -> String {
    let source = Source::free_play(Some(Arc::new(scenario)));
    let on_screen = OnScreen::new(source, PlayOptions::default());
    let lesson = on_screen.lesson().expect("a lesson");
    let played = on_screen.play().expect("plays");
    let placement = place(&lesson.checkpoints, &played.timeline);
    let placed = placement.by_id("where-is-m2").expect("asks");
    placed.choices[placed.answer].key.clone()
}

#[test]
fn m6_a_scenarios_checkpoint_is_answered_from_its_own_run_and_drain_changes_it() {
    assert_eq!(answer(scenario(&with_checkpoint(true))), "lost");
    assert_eq!(answer(scenario(&with_checkpoint(false))), "queued");
}

#[test]
fn checkpoints_are_version_2_and_a_scenario_without_them_stays_as_it_was() {
    let read = scenario(&with_checkpoint(true));
    assert_eq!(read.needed_version(), NEWEST_VERSION);
    let back = parse(&read.to_json()).expect("reads its own JSON");
    assert_eq!(back, read);
    let mut v1 = with_checkpoint(true);
    v1["version"] = json!(1);
    v1.as_object_mut().expect("object").remove("faults");
    let errors = parse(&v1.to_string()).expect_err("version 1 has no checkpoints");
    assert!(
        errors.message(Lang::En).contains("checkpoints"),
        "{}",
        errors.message(Lang::En)
    );
    assert!(errors.message(Lang::Zh).contains("检查点"));
    v1.as_object_mut().expect("object").remove("checkpoints");
    let old = parse(&v1.to_string()).expect("an old scenario still opens");
    assert!(old.checkpoints.is_empty());
    assert_eq!(old.needed_version(), VERSION);
    assert!(
        !old.to_json().contains("checkpoints"),
        "an empty list is left out"
    );
}

#[test]
fn a_checkpoints_type_error_is_reported_at_its_path() {
    let mut value = with_checkpoint(true);
    value["checkpoints"][0]["ask"] = json!({"kind": "guess_the_weather"});
    value["checkpoints"][0]["extra"] = json!(1);
    let errors = parse(&value.to_string()).expect_err("refused");
    let en = errors.message(Lang::En);
    assert!(en.contains("checkpoints[0]"), "{en}");
}

#[test]
fn every_checkpoint_problem_is_explained_in_both_languages() {
    let mut value = with_checkpoint(true);
    let bad = json!({
        "id": "Bad Id",
        "rule": "Z9",
        "event": "nothing_happened",
        "member": "ghost",
        "nth": 5000,
        "question": {"zh": "", "en": "  "},
        "ask": {"kind": "inbox_holds", "member": "nobody", "counts": [3, 3]}
    });
    let twin = value["checkpoints"][0].clone();
    let asks = [
        json!({"kind": "in_request", "message": "x1", "request": "q2"}),
        json!({"kind": "protocol_status", "request": ""}),
        json!({"kind": "member_status", "member": "zed"}),
    ];
    let mut list = vec![twin.clone(), twin, bad];
    for (i, ask) in asks.into_iter().enumerate() {
        let mut c = value["checkpoints"][0].clone();
        c["id"] = json!(format!("extra-{i}"));
        c["ask"] = ask;
        list.push(c);
    }
    value["checkpoints"] = Value::Array(list);
    let errors = parse(&value.to_string()).expect_err("refused");
    let en = errors.message(Lang::En);
    let zh = errors.message(Lang::Zh);
    for needle in [
        "checkpoints[1].id 'where-is-m2' repeats",
        "checkpoints[2].id 'Bad Id' is not valid",
        "checkpoints[2].rule 'Z9' is not a rule id",
        "checkpoints[2].event 'nothing_happened' is not an event kind",
        "checkpoints[2].member 'ghost' is not a member",
        "checkpoints[2].nth is 5000",
        "checkpoints[2].question.zh must have 1 to",
        "checkpoints[2].question.en must have 1 to",
        "checkpoints[2].ask.member 'nobody' is not a member",
        "checkpoints[2].ask.counts must hold 2 to",
        "checkpoints[3].ask.message 'x1' is not a message id",
        "checkpoints[3].ask.request 'q2' is not a request id",
        "checkpoints[4].ask.request must have 1 to",
        "checkpoints[5].ask.member 'zed' is not a member",
    ] {
        assert!(en.contains(needle), "{needle} in {en}");
    }
    assert_eq!(errors.problems.len(), 14, "{en}");
    for problem in &errors.problems {
        let zh = problem.get(Lang::Zh);
        assert!(!zh.contains(" is not") && !zh.contains(" must "), "{zh}");
    }
    assert!(zh.contains("重复") && zh.contains("不是规则编号"));
    let mut many = with_checkpoint(true);
    let one = many["checkpoints"][0].clone();
    many["checkpoints"] = Value::Array(
        (0..21)
            .map(|i| {
                let mut c = one.clone();
                c["id"] = json!(format!("c-{i}"));
                c
            })
            .collect(),
    );
    let errors = parse(&many.to_string()).expect_err("too many");
    assert!(errors
        .message(Lang::En)
        .contains("too many checkpoints: 21"));
}

#[test]
fn the_readme_checkpoint_example_is_valid_in_a_scenario() {
    let example = crate::support::readme_json_example("#### Checkpoints (version 2)");
    let field: Value = serde_json::from_str(&format!("{{{example}}}")).expect("JSON");
    let mut value = with_checkpoint(true);
    value["checkpoints"] = field["checkpoints"].clone();
    assert_eq!(answer(scenario(&value)), "lost");
}

/// Issue 47: "which line runs next?" in a scenario: the answer is the line behind the event it
/// asks at, from the scenario's own run; a line the host's code does not have, or fewer than
/// two lines, is a problem said in both languages.
#[test]
fn a_scenarios_next_line_checkpoint_is_answered_by_the_line_behind_its_event() {
    let mut value = with_checkpoint(false);
    value["checkpoints"][0]["ask"] = json!({
        "kind": "next_line",
        "lines": ["loop.fault", "loop.discard", "commit.history"]
    });
    assert_eq!(answer(scenario(&value)), "loop.discard");
    value["checkpoints"][0]["event"] = json!("fault_struck");
    assert_eq!(answer(scenario(&value)), "loop.fault");
    for (lines, zh, en) in [
        (
            json!(["loop.fault", "no.such.line"]),
            "no.such.line",
            "not a line of the host's code",
        ),
        (json!(["loop.fault"]), "2 到", "must hold 2 to"),
    ] {
        value["checkpoints"][0]["ask"]["lines"] = lines;
        let errors = parse(&value.to_string()).expect_err("refused");
        assert!(
            errors.message(Lang::En).contains(en),
            "{}",
            errors.message(Lang::En)
        );
        assert!(
            errors.message(Lang::Zh).contains(zh),
            "{}",
            errors.message(Lang::Zh)
        );
    }
}
