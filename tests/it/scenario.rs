//! Scenarios: the format's validation (every problem, both languages), the JSON round trip,
//! built-in lessons opened as scenarios, and the default delivery policy.

use agent_team_playground::engine::{EventKind, Lang, MemberKind};
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::on_screen::{OnScreen, OnScreenError, Source};
use agent_team_playground::scenario::{parse, Scenario, ScenarioErrors};
use serde_json::{json, Value};

/// `scenario` played in free play with `options` (the run on screen).
fn play_scenario(
    scenario: &Scenario,
    options: &PlayOptions,
) -> Result<agent_team_playground::engine::Timeline, OnScreenError> {
    let source = Source::Scenario(std::sync::Arc::new(scenario.clone()));
    OnScreen::new(source, options.clone())
        .play()
        .map(|played| played.timeline)
}

/// A small valid scenario: a lead and two teammates with authored replies.
fn three_members() -> Value {
    json!({
        "version": 1,
        "title": "Three",
        "members": [
            {"name": "lead", "role": "lead", "kind": "lead"},
            {"name": "ann", "role": "reader", "kind": "teammate"},
            {"name": "bob", "role": "checker", "kind": "teammate", "tools": ["read_file", "send_message"]}
        ],
        "files": {"notes.txt": "hello"},
        "task": "Read notes.txt and report.",
        "replies": [
            {"member": "lead", "order": 1, "tool_calls": [
                {"name": "send_message", "arguments": {"to": "ann", "body": "Read notes.txt."}},
                {"name": "send_message", "arguments": {"to": "bob", "body": "Check ann's work."}}
            ]},
            {"member": "lead", "order": 2, "text": "Split."},
            {"member": "ann", "order": 1, "tool_calls": [{"name": "read_file", "arguments": {"path": "notes.txt"}}]},
            {"member": "ann", "order": 2, "tool_calls": [{"name": "send_message", "arguments": {"to": "lead", "body": "It says hello."}}]},
            {"member": "ann", "order": 3, "text": "Reported."},
            {"member": "bob", "order": 1, "latency": 3, "tool_calls": [{"name": "send_message", "arguments": {"to": "lead", "body": "Checked."}}]},
            {"member": "bob", "order": 2, "text": "Done."},
            {"member": "lead", "order": 3, "text": "notes.txt says hello; checked."}
        ]
    })
}

fn errors_of(value: Value) -> ScenarioErrors {
    match parse(&value.to_string()) {
        Ok(_) => panic!("expected problems in {value}"),
        Err(errors) => errors,
    }
}

/// Asserts one problem's English text contains `en` and its Chinese text `zh`.
fn has(errors: &ScenarioErrors, en: &str, zh: &str) {
    assert!(
        errors
            .problems
            .iter()
            .any(|p| p.en.contains(en) && p.zh.contains(zh)),
        "no problem with '{en}' / '{zh}' in {errors:?}"
    );
}

#[test]
fn a_valid_scenario_parses() {
    let scenario = parse(&three_members().to_string()).expect("valid");
    assert_eq!(scenario.members.len(), 3);
    assert_eq!(scenario.members[2].tools.as_ref().map(Vec::len), Some(2));
}

#[test]
fn each_validation_problem_has_its_message_in_both_languages() {
    let mut v = three_members();
    v["members"][2]["tools"] = json!(["read_file", "fly", "spawn_teammate", "write_file"]);
    let members = v["members"].as_array_mut().unwrap();
    members.push(json!({"name": "Ann Smith", "role": "reader", "kind": "teammate"}));
    members.push(json!({"name": "bob", "role": "x", "kind": "lead"}));
    v["limits"] = json!({"inbox_records": 0, "retry_budget": 11});
    v["files"] = json!({"../etc/passwd": "x", "big.txt": "a".repeat(4001)});
    v["replies"]
        .as_array_mut()
        .unwrap()
        .push(json!({"member": "zed", "order": 1, "text": "?"}));
    v["task"] = json!("t".repeat(4001));
    let errors = errors_of(v);
    has(
        &errors,
        "'Ann Smith' is not a valid member name",
        "不是有效的成员名",
    );
    has(
        &errors,
        "there is no tool named 'fly'",
        "没有名为 'fly' 的工具",
    );
    has(
        &errors,
        "a teammate cannot have the tool 'spawn_teammate'",
        "不能有工具 'spawn_teammate'",
    );
    has(
        &errors,
        "cannot have the tool 'write_file' (it needs \"allow_write\": true)",
        "allow_write",
    );
    has(
        &errors,
        "the member name 'bob' is used twice",
        "成员名 'bob' 用了两次",
    );
    has(&errors, "exactly one lead", "恰好一个 lead");
    has(
        &errors,
        "limits.inbox_records is 0, outside the allowed range 1 to 64",
        "limits.inbox_records 是 0",
    );
    has(
        &errors,
        "limits.retry_budget is 11, outside the allowed range 0 to 10",
        "limits.retry_budget 是 11",
    );
    has(
        &errors,
        "'../etc/passwd' is not a valid path",
        "不是有效的路径",
    );
    has(
        &errors,
        "the file 'big.txt' is too large: 4001 characters; the limit is 4000",
        "文件 'big.txt' 太大",
    );
    has(
        &errors,
        "replies[8] is for 'zed', who is not a member (not on the roster",
        "不存在的成员 'zed'",
    );
    has(&errors, "task is too long: 4001 characters", "task 太长");
    assert_eq!(errors.problems.len(), 12, "{errors:?}");
    let en = errors.message(Lang::En);
    assert!(en.starts_with("This scenario has 12 problems: "), "{en}");
    assert!(errors
        .message(Lang::Zh)
        .starts_with("这个场景有 12 个问题："));
}

#[test]
fn too_many_members_and_a_member_limit_are_refused() {
    let mut v = three_members();
    v["limits"] = json!({"max_members": 2});
    has(
        &errors_of(v),
        "too many members: 3; the limit is 2",
        "成员太多",
    );
    let mut v = three_members();
    let extra: Vec<Value> = (0..16)
        .map(|i| json!({"name": format!("m{i}"), "role": "r", "kind": "teammate"}))
        .collect();
    v["members"].as_array_mut().unwrap().extend(extra);
    v["limits"] = json!({"max_members": 16});
    has(
        &errors_of(v),
        "too many members: 19; the limit is 16",
        "成员太多",
    );
}

#[test]
fn the_version_is_checked_first() {
    // A version newer than this page is named as a newer playground's file.
    let mut v = three_members();
    v["version"] = json!(3);
    v["members"] = json!("nobody");
    let errors = errors_of(v);
    assert_eq!(errors.problems.len(), 1, "{errors:?}");
    has(
        &errors,
        "this scenario is version 3, written by a newer playground; this page reads versions 1 to 2 only. Open it in the newer playground.",
        "这个场景是版本 3，由更新的练习场写成",
    );
    let mut v = three_members();
    v["version"] = json!(0);
    v["members"] = json!("nobody");
    let errors = errors_of(v);
    assert_eq!(errors.problems.len(), 1, "{errors:?}");
    has(
        &errors,
        "unknown version 0: this playground reads \"version\": 1 to 2",
        "不认识的版本 0",
    );
    let mut v = three_members();
    v.as_object_mut().unwrap().remove("version");
    has(&errors_of(v), "\"version\" is missing", "缺少 \"version\"");
}

#[test]
fn every_type_error_is_reported_with_its_field_path() {
    let mut v = three_members();
    v["members"][1]["kind"] = json!("boss");
    v["members"][2]["deliveries"] = json!("three");
    v["replies"][0]["latency"] = json!(-1);
    v["allow_write"] = json!("yes");
    v["colour"] = json!("red");
    v["limits"] = json!({"inbox": 3});
    let errors = errors_of(v);
    has(
        &errors,
        "members[1].kind has a wrong type or value: unknown variant `boss`",
        "members[1].kind 不对",
    );
    has(
        &errors,
        "members[2].deliveries has a wrong type or value: invalid type: string",
        "members[2].deliveries 不对",
    );
    has(
        &errors,
        "replies[0].latency has a wrong type or value",
        "replies[0].latency",
    );
    has(
        &errors,
        "allow_write has a wrong type or value",
        "allow_write 不对",
    );
    has(
        &errors,
        "unknown field \"colour\"",
        "不认识的字段 \"colour\"",
    );
    has(
        &errors,
        "limits.inbox has a wrong type or value: unknown field `inbox`",
        "limits.inbox 不对",
    );
    assert_eq!(errors.problems.len(), 6, "{errors:?}");
}

#[test]
fn non_json_non_object_and_oversized_texts_are_refused() {
    has(
        &parse("<html>").unwrap_err(),
        "this is not JSON (line 1, column 1)",
        "这不是 JSON",
    );
    has(
        &parse("[1, 2]").unwrap_err(),
        "must be a JSON object",
        "必须是一个 JSON 对象",
    );
    let mut v = three_members();
    v["files"] = json!({"a.txt": "x".repeat(200_001)});
    has(
        &parse(&v.to_string()).unwrap_err(),
        "the scenario is too large",
        "场景太大",
    );
}

#[test]
fn every_built_in_lesson_opens_as_a_valid_scenario_that_plays_to_its_end() {
    for lang in [Lang::En, Lang::Zh] {
        for lesson in lessons::lessons(lang) {
            let scenario = Scenario::from_lesson(&lesson);
            scenario
                .validate()
                .unwrap_or_else(|e| panic!("{}: {}", lesson.id, e.message(Lang::En)));
            assert_eq!(
                parse(&scenario.to_json()).as_ref(),
                Ok(&scenario),
                "{}",
                lesson.id
            );
            let options = PlayOptions {
                lang,
                ..PlayOptions::default()
            };
            let timeline =
                play_scenario(&scenario, &options).unwrap_or_else(|e| panic!("{}: {e}", lesson.id));
            assert!(
                timeline.len() > 3,
                "{} played {} events",
                lesson.id,
                timeline.len()
            );
            assert!(
                !timeline.final_state().any_busy(),
                "{} ended with work in flight",
                lesson.id
            );
        }
    }
}

#[test]
fn the_default_free_play_scenario_is_lesson_1s_team_in_the_language() {
    let en = Scenario::default_free_play(Lang::En);
    let zh = Scenario::default_free_play(Lang::Zh);
    let names: Vec<&str> = en.members.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(names, ["lead", "reader", "reviewer"]);
    assert_eq!(en.members[0].kind, MemberKind::Lead);
    assert!(
        en.task.contains("main.py") && zh.task.contains("先别运行"),
        "{} / {}",
        en.task,
        zh.task
    );
    assert_ne!(en.title, zh.title);
}

#[test]
fn the_default_policy_delivers_the_task_then_each_members_mail_until_nobody_has_any() {
    let scenario = parse(&three_members().to_string()).expect("valid");
    let timeline = play_scenario(&scenario, &PlayOptions::default()).expect("plays");
    let starts: Vec<String> = timeline
        .events()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::RoundStarted { .. }))
        .filter_map(|e| e.actor.clone())
        .collect();
    // The lead first (the task); when quiet, ann and bob in roster order; then the lead reads
    // their reports.
    assert_eq!(starts, ["lead", "ann", "bob", "lead"], "{starts:?}");
    let state = timeline.final_state();
    for member in ["lead", "ann", "bob"] {
        assert!(
            state.inbox_of(member).iter().all(|r| !state.is_unread(r)),
            "{member} still has unread mail"
        );
    }
    let last_answer = timeline.events().iter().rev().find_map(|e| match &e.kind {
        EventKind::ModelReplied { reply, .. } if e.actor.as_deref() == Some("lead") => {
            Some(reply.text.clone())
        }
        _ => None,
    });
    assert_eq!(
        last_answer.as_deref(),
        Some("notes.txt says hello; checked.")
    );
}

/// The tools offered in each request `member` sent in `timeline`.
fn offered(timeline: &agent_team_playground::engine::Timeline, member: &str) -> Vec<Vec<String>> {
    timeline
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ModelRequested { request } if request.member == member => {
                Some(request.tools.iter().map(|t| t.name.clone()).collect())
            }
            _ => None,
        })
        .collect()
}

#[test]
fn a_scenario_members_tools_limit_what_its_requests_offer() {
    let scenario = parse(&three_members().to_string()).expect("valid");
    let timeline = play_scenario(&scenario, &PlayOptions::default()).expect("plays");
    let bob = offered(&timeline, "bob");
    assert!(!bob.is_empty());
    assert!(
        bob.iter()
            .all(|tools| tools == &["read_file", "send_message"]),
        "{bob:?}"
    );
    let ann = offered(&timeline, "ann");
    assert!(ann.iter().all(|tools| tools.len() == 5), "{ann:?}");
}

#[cfg(not(target_arch = "wasm32"))]
mod round_trip {
    use agent_team_playground::engine::tool_table::tools_for;
    use agent_team_playground::engine::{MemberKind, SortedMap};
    use agent_team_playground::scenario::{
        parse, Scenario, ScenarioFailure, ScenarioLimits, ScenarioMember, ScenarioReply,
        ScenarioToggles, ScenarioToolCall, VERSION,
    };
    use proptest::prelude::*;
    use serde_json::json;

    fn member(i: usize, lead: bool) -> impl Strategy<Value = ScenarioMember> {
        let kind = if lead {
            MemberKind::Lead
        } else {
            MemberKind::Teammate
        };
        let all = tools_for(kind, false);
        (
            "[a-z][a-z0-9_-]{0,8}",
            "[a-zA-Z][a-zA-Z 中文]{0,12}",
            proptest::option::of(proptest::sample::subsequence(all.clone(), 0..=all.len())),
            proptest::option::of(1u32..=20),
        )
            .prop_map(move |(name, role, tools, deliveries)| ScenarioMember {
                // The index keeps names unique.
                name: format!("{name}{i}"),
                role,
                kind,
                tools: tools.map(|t| t.iter().map(|t| t.as_str().to_string()).collect()),
                deliveries,
            })
    }

    fn reply(members: Vec<String>) -> impl Strategy<Value = ScenarioReply> {
        (
            proptest::sample::select(members),
            prop_oneof![Just(1u64), Just(2), Just(1000), 1u64..=1000],
            "\\PC{0,40}",
            proptest::collection::vec(("[a-z_]{1,12}", "\\PC{0,20}"), 0..3),
            proptest::option::of(("\\PC{1,20}", any::<bool>())),
        )
            .prop_map(|(member, latency, text, calls, fail)| {
                let tool_calls = calls
                    .into_iter()
                    .map(|(name, body)| ScenarioToolCall {
                        name,
                        arguments: json!({"to": "lead", "body": body, "n": 3}),
                    })
                    .collect();
                match fail {
                    Some((error, retryable)) => ScenarioReply {
                        member,
                        order: 1,
                        latency,
                        text: String::new(),
                        tool_calls: Vec::new(),
                        fail: Some(ScenarioFailure { error, retryable }),
                        holds: Vec::new(),
                        lacks: Vec::new(),
                        otherwise: None,
                    },
                    None => ScenarioReply {
                        member,
                        order: 1,
                        latency,
                        text,
                        tool_calls,
                        fail: None,
                        holds: Vec::new(),
                        lacks: Vec::new(),
                        otherwise: None,
                    },
                }
            })
    }

    fn scenario() -> impl Strategy<Value = Scenario> {
        (0usize..6)
            .prop_flat_map(|teammates| {
                let members: Vec<_> = (0..=teammates).map(|i| member(i, i == 0)).collect();
                (
                    members,
                    "\\PC{0,30}",
                    proptest::collection::vec(
                        ("[a-z]{1,8}(/[a-z]{1,5})?\\.txt", "\\PC{0,60}"),
                        0..4,
                    ),
                    "\\PC{1,80}",
                    (any::<bool>(), any::<bool>(), any::<bool>()),
                    (
                        proptest::option::of(1u64..=64),
                        proptest::option::of(0u64..=10),
                        proptest::option::of(8u64..=16),
                    ),
                )
            })
            .prop_flat_map(|(members, title, files, task, flags, limits)| {
                let names: Vec<String> = members.iter().map(|m| m.name.clone()).collect();
                let replies = proptest::collection::vec(reply(names), 0..8);
                (Just((members, title, files, task, flags, limits)), replies)
            })
            .prop_map(
                |((members, title, files, task, flags, limits), mut replies)| {
                    // One reply per (member, order): number each member's replies 1, 2, ...
                    for i in 0..replies.len() {
                        let before = replies[..i]
                            .iter()
                            .filter(|r| r.member == replies[i].member)
                            .count();
                        replies[i].order = before as u32 + 1;
                    }
                    Scenario {
                        version: VERSION,
                        title,
                        members,
                        files: files.into_iter().collect::<SortedMap<_, _>>(),
                        task,
                        toggles: ScenarioToggles {
                            drain_on_read: flags.0,
                            hold_lock_during_model_call: flags.1,
                        },
                        limits: ScenarioLimits {
                            inbox_records: limits.0,
                            retry_budget: limits.1,
                            max_members: limits.2,
                            ..ScenarioLimits::default()
                        },
                        allow_write: flags.2,
                        replies,
                        faults: Vec::new(),
                        checkpoints: Vec::new(),
                        challenges: Vec::new(),
                    }
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn a_valid_scenario_survives_json_unchanged(scenario in scenario()) {
            prop_assert_eq!(scenario.validate(), Ok(()));
            prop_assert_eq!(parse(&scenario.to_json()), Ok(scenario));
        }
    }
}

#[test]
fn a_request_with_no_authored_reply_gets_a_final_answer_saying_so_in_the_language() {
    let mut v = three_members();
    v["replies"] = json!([]);
    let scenario = parse(&v.to_string()).expect("valid");
    for (lang, words) in [
        (Lang::En, "no reply written"),
        (Lang::Zh, "没有为这个请求写好的回复"),
    ] {
        let options = PlayOptions {
            lang,
            ..PlayOptions::default()
        };
        let timeline = play_scenario(&scenario, &options).expect("plays");
        let answers: Vec<String> = timeline
            .events()
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::ModelReplied { reply, .. } => Some(reply.text.clone()),
                _ => None,
            })
            .collect();
        // Only the lead had work (the task); its one request ends the round, and no one has mail.
        assert_eq!(answers.len(), 1, "{answers:?}");
        assert!(answers[0].contains(words), "{answers:?}");
        assert!(!timeline.final_state().any_busy());
    }
}

#[test]
fn a_scenario_run_answered_newest_first_as_a_live_run_would_ends_and_its_recording_replays() {
    use agent_team_playground::lessons::run::Run;
    use agent_team_playground::lessons::ScriptedModel;
    let lesson = parse(&three_members().to_string())
        .expect("valid")
        .to_lesson();
    let mut run = Run::new(&lesson, &PlayOptions::default()).expect("starts");
    let mut now = 0;
    loop {
        run.advance().expect("advances");
        run.take_sent();
        let Some(request) = run.awaiting().last().cloned() else {
            break;
        };
        let outcome = lesson
            .script
            .lookup(&request.member, request.member_index)
            .map_or_else(|| ScriptedModel::fallback().1, |s| s.outcome.clone())
            .answer(&request);
        now += 10;
        run.answer(request.id, outcome, now).expect("answers");
    }
    assert!(run.is_finished());
    let recording = run.recording();
    let log = run.finish_uncaptioned();
    let state = log.final_state();
    assert!(["lead", "ann", "bob"]
        .iter()
        .all(|m| state.inbox_of(m).iter().all(|r| !state.is_unread(r))));
    let replayed = recording.replay(&lesson).expect("replays");
    assert_eq!(replayed.events(), log.events());
}

#[test]
fn a_scenario_from_a_url_explains_each_way_it_can_fail_in_both_languages() {
    use agent_team_playground::scenario::source::{check_length, check_url, read_answer, SrcError};
    for ok in [
        "https://course.example/s.json",
        "http://localhost:8000/a.json",
        "scenarios/a.json",
        "/s.json",
    ] {
        assert_eq!(check_url(ok), Ok(()), "{ok}");
    }
    for bad in [
        "javascript:alert(1)",
        "data:application/json,{}",
        "",
        "file:///etc/passwd",
    ] {
        assert_eq!(check_url(bad), Err(SrcError::BadUrl), "{bad}");
    }
    let valid = three_members().to_string();
    assert!(read_answer(200, "OK", &valid).is_ok());
    let cases: Vec<(SrcError, &str, &str)> = vec![
        (
            read_answer(404, "Not Found", "").unwrap_err(),
            "HTTP 404 Not Found",
            "HTTP 404",
        ),
        (
            read_answer(200, "OK", "<!doctype html><p>hi").unwrap_err(),
            "not JSON (it starts: <!doctype html>",
            "不是 JSON",
        ),
        (
            read_answer(200, "OK", &"x".repeat(200_001)).unwrap_err(),
            "too large (200001 bytes)",
            "太大",
        ),
        (
            check_length(Some(5_000_000)).unwrap_err(),
            "too large (5000000 bytes)",
            "太大",
        ),
        (
            read_answer(200, "OK", "{\"version\": 7}").unwrap_err(),
            "version 7, written by a newer playground",
            "版本 7，由更新的练习场写成",
        ),
        (SrcError::Cors, "Access-Control-Allow-Origin", "CORS"),
        (SrcError::Network, "could not be reached", "连不上"),
        (SrcError::Timeout, "did not answer in time", "没有及时回答"),
        (SrcError::BadUrl, "http(s) URL", "相对路径"),
    ];
    for (error, en, zh) in cases {
        let en_text = error.message(Lang::En, "https://x.example/s.json");
        let zh_text = error.message(Lang::Zh, "https://x.example/s.json");
        assert!(
            en_text.contains(en) && en_text.contains("The default lesson stays open"),
            "{en_text}"
        );
        assert!(
            zh_text.contains(zh) && zh_text.contains("默认课程保持打开"),
            "{zh_text}"
        );
    }
    assert_eq!(check_length(Some(200_000)), Ok(()));
}

#[test]
fn the_readme_documents_every_limit_with_its_default_and_range_and_its_example_is_valid() {
    use agent_team_playground::engine::Limits;
    use agent_team_playground::scenario::ranges::LIMITS;
    let section = crate::support::readme_section("## Scenario format (version 1)");
    let defaults = serde_json::to_value(Limits::default()).expect("json");
    for range in &LIMITS {
        let row = format!(
            "| `limits.{}` | integer | {} | {} to {} |",
            range.key, defaults[range.key], range.min, range.max
        );
        assert!(section.contains(&row), "README.md lacks the row {row}");
    }
    let example = crate::support::readme_json_example("## Scenario format (version 1)");
    let scenario = parse(&example).unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
    let timeline = play_scenario(&scenario, &PlayOptions::default()).expect("plays");
    assert!(timeline.events().iter().any(|e| matches!(&e.kind,
        EventKind::ModelReplied { reply, .. } if reply.text == "notes.txt says hello.")));
}

#[test]
fn m7_a_version_1_task_over_the_body_limit_still_opens_plays_refused_and_is_noted() {
    use agent_team_playground::engine::RefusalCode;
    use agent_team_playground::scenario::edit::Field;
    // Valid before the format's version 2 (held to 4,000 characters then): an old link, file
    // or export holding one still opens.
    let mut v = three_members();
    v["task"] = json!("x".repeat(700));
    let s = parse(&v.to_string()).unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
    assert_eq!(s.version, 1);
    // The over-limit task is a note, in both languages.
    let notes = s.notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0]
            .en
            .starts_with("task is too long: 700 characters; the limit is 600"),
        "{}",
        notes[0].en
    );
    assert!(
        notes[0].zh.starts_with("task 太长：700 个字符，上限是 600"),
        "{}",
        notes[0].zh
    );
    // The editor holds what it writes to the engine's limit: shown beside the task.
    let written = s
        .validate_written()
        .expect_err("over the limit in the editor");
    assert_eq!(written.problems, notes);
    assert!(Field::Task.owns(&written.problems[0], &s));
    // It plays as before: the engine refuses the task as one visible step, and no model is
    // asked anything.
    let (timeline, _) =
        lessons::play_lesson(&s.to_lesson(), &PlayOptions::default()).expect("plays");
    let refusals: Vec<_> = timeline
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Refused { refusal } => Some(refusal.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(refusals.len(), 1, "{refusals:?}");
    assert_eq!(refusals[0].code, RefusalCode::BodyTooLong);
    assert!(refusals[0].reason.contains("700"), "{}", refusals[0].reason);
    assert!(!timeline
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::ModelRequested { .. })));
    // Over the format's own limit it is refused, as before.
    v["task"] = json!("x".repeat(4001));
    has(
        &errors_of(v),
        "task is too long: 4001 characters; the limit is 4000",
        "task 太长",
    );
    // Within the limit there is no note.
    let plain = parse(&three_members().to_string()).expect("valid");
    assert!(plain.notes().is_empty());
}
