//! The play options as JSON (the stored session; next, share links): serde's derived
//! `Serialize` writes them in the default, externally tagged form (`{"reload": {"at": 5}}`),
//! the derived `Deserialize` reads exactly that back, leaves out what is `#[serde(default)]`,
//! ignores unknown fields, and refuses bad input and text that is not JSON with an error that
//! says what is wrong.

use agent_team_playground::engine::{Fault, Lang, ModelReply, StopReason, Toggles, ToolCall};
use agent_team_playground::lessons::{
    self, Intervention, PlayOptions, ScriptOutcome, ToggleChoice,
};
use serde_json::{json, Value};

/// Decodes as the browser does: from text.
fn decode(text: &str) -> Result<PlayOptions, String> {
    serde_json::from_str(text).map_err(|e| e.to_string())
}

fn decode_value(value: &Value) -> Result<PlayOptions, String> {
    decode(&value.to_string())
}

fn reply_with(stop_reason: StopReason) -> ScriptOutcome {
    ScriptOutcome::Reply {
        reply: ModelReply {
            text: format!("stopping with {stop_reason:?}"),
            tool_calls: Vec::new(),
            stop_reason,
        },
    }
}

/// Every intervention variant, both outcomes, every stop reason and fault, text-only and
/// tool-calling replies with nested JSON arguments, Unicode and empty strings.
fn varied_interventions() -> Vec<Intervention> {
    let nested = json!({
        "path": "notes/a.md",
        "content": "line 1\nline 2 \u{2014} \"quoted\" 中文",
        "options": {"append": false, "depth": [1, 2, {"deep": null}], "ratio": 0.25, "neg": -3},
    });
    let mut all = vec![
        Intervention::ReplaceReply {
            at: 0,
            member: "reader".into(),
            request_index: 0,
            outcome: ScriptOutcome::Reply {
                reply: ModelReply::text("Done."),
            },
        },
        Intervention::ReplaceReply {
            at: 12,
            member: "writer".into(),
            request_index: u32::MAX,
            outcome: ScriptOutcome::Reply {
                reply: ModelReply::tools(
                    "",
                    vec![
                        ToolCall::new("call-1", "write_file", nested),
                        ToolCall::new("call-2", "read_inbox", json!({})),
                        ToolCall::new("call-3", "odd", json!("a string argument")),
                        ToolCall::new("", "null_args", Value::Null),
                    ],
                ),
            },
        },
        Intervention::ReplaceReply {
            at: 3,
            member: "reader".into(),
            request_index: 2,
            outcome: ScriptOutcome::Fail {
                error: "429 too many requests".into(),
                retryable: true,
            },
        },
        Intervention::ReplaceReply {
            at: 4,
            member: "reader".into(),
            request_index: 3,
            outcome: ScriptOutcome::Fail {
                error: String::new(),
                retryable: false,
            },
        },
        Intervention::InjectFault {
            at: 7,
            member: "reviewer".into(),
            fault: Fault::FailBeforeCommit,
        },
        Intervention::LeadSends {
            at: 9,
            to: "coder".into(),
            body: "Please stop — 请停下.".into(),
        },
        Intervention::Reload { at: usize::MAX },
        Intervention::Recall {
            at: 20,
            member: "reader".into(),
        },
        Intervention::AnswerFirst {
            at: 45,
            member: "reader".into(),
            request_index: 2,
            outcome: None,
        },
        Intervention::AnswerFirst {
            at: 46,
            member: "reviewer".into(),
            request_index: 1,
            outcome: Some(ScriptOutcome::Fail {
                error: "503".into(),
                retryable: true,
            }),
        },
        Intervention::Deliver {
            at: 21,
            member: "lead".into(),
        },
    ];
    for (i, stop_reason) in [
        StopReason::EndTurn,
        StopReason::ToolUse,
        StopReason::MaxTokens,
    ]
    .into_iter()
    .enumerate()
    {
        all.push(Intervention::ReplaceReply {
            at: 30 + i,
            member: "lead".into(),
            request_index: i as u32,
            outcome: reply_with(stop_reason),
        });
    }
    all
}

fn varied_options() -> Vec<PlayOptions> {
    let toggles = [
        Toggles::default(),
        Toggles {
            drain_on_read: true,
            hold_lock_during_model_call: false,
        },
        Toggles {
            drain_on_read: false,
            hold_lock_during_model_call: true,
        },
        Toggles {
            drain_on_read: true,
            hold_lock_during_model_call: true,
        },
    ];
    let mut all = vec![PlayOptions::default()];
    // The learner's toggles and the lesson's language (written only when not the default).
    all.push(PlayOptions {
        learner_toggles: ToggleChoice::drain(true),
        lang: Lang::Zh,
        ..PlayOptions::default()
    });
    all.push(PlayOptions {
        learner_toggles: ToggleChoice::hold_lock(false),
        ..PlayOptions::default()
    });
    for toggles in toggles {
        all.push(PlayOptions {
            toggles,
            interventions: Vec::new(),
            ..PlayOptions::default()
        });
        all.push(PlayOptions {
            toggles,
            interventions: varied_interventions(),
            ..PlayOptions::default()
        });
    }
    for intervention in varied_interventions() {
        all.push(PlayOptions {
            toggles: Toggles::default(),
            interventions: vec![intervention],
            ..PlayOptions::default()
        });
    }
    // Every scripted outcome of every built-in lesson, as a replaced reply.
    let scripted: Vec<Intervention> = lessons::lessons(Lang::En)
        .into_iter()
        .flat_map(|lesson| lesson.script.replies)
        .map(|r| Intervention::ReplaceReply {
            at: r.latency as usize,
            member: r.member,
            request_index: r.request_index,
            outcome: r.outcome,
        })
        .collect();
    assert!(scripted.len() > 20, "the lessons script many replies");
    all.push(PlayOptions {
        toggles: Toggles::default(),
        interventions: scripted,
        ..PlayOptions::default()
    });
    all
}

#[test]
fn serialized_options_decode_back_to_equal_options() {
    for options in varied_options() {
        let text = serde_json::to_string(&options).expect("options serialize");
        assert_eq!(decode(&text), Ok(options), "{text}");
    }
}

#[test]
fn options_are_written_externally_tagged() {
    let options = PlayOptions {
        toggles: Toggles::default(),
        interventions: vec![
            Intervention::Reload { at: 5 },
            Intervention::ReplaceReply {
                at: 1,
                member: "reader".into(),
                request_index: 0,
                outcome: ScriptOutcome::Fail {
                    error: "503".into(),
                    retryable: true,
                },
            },
        ],
        ..PlayOptions::default()
    };
    assert_eq!(
        serde_json::to_value(&options).expect("options serialize"),
        json!({
            "toggles": {"drain_on_read": false, "hold_lock_during_model_call": false},
            "interventions": [
                {"reload": {"at": 5}},
                {"replace_reply": {"at": 1, "member": "reader", "request_index": 0,
                    "outcome": {"fail": {"error": "503", "retryable": true}}}},
            ],
        })
    );
}

#[test]
fn default_fields_may_be_left_out() {
    let cases = [
        (json!({}), PlayOptions::default()),
        (
            json!({"toggles": {"drain_on_read": true}}),
            PlayOptions {
                toggles: Toggles {
                    drain_on_read: true,
                    hold_lock_during_model_call: false,
                },
                interventions: Vec::new(),
                ..PlayOptions::default()
            },
        ),
        (
            json!({"interventions": [{"replace_reply": {"at": 1, "member": "reader",
                "request_index": 0, "outcome": {"reply": {
                "reply": {"stop_reason": "end_turn"}}}}}]}),
            PlayOptions {
                toggles: Toggles::default(),
                interventions: vec![Intervention::ReplaceReply {
                    at: 1,
                    member: "reader".into(),
                    request_index: 0,
                    outcome: ScriptOutcome::Reply {
                        reply: ModelReply::text(""),
                    },
                }],
                ..PlayOptions::default()
            },
        ),
    ];
    for (value, expected) in cases {
        assert_eq!(decode_value(&value), Ok(expected), "{value}");
    }
}

#[test]
fn unknown_fields_are_ignored() {
    let value = json!({
        "version": 2,
        "toggles": {"drain_on_read": true, "future_toggle": true},
        "interventions": [
            {"reload": {"at": 5, "note": "ignored"}},
            {"inject_fault": {"at": 1, "member": "reader", "fault": "fail_before_commit",
             "extra": [1, 2]}},
        ],
    });
    assert_eq!(
        decode_value(&value),
        Ok(PlayOptions {
            toggles: Toggles {
                drain_on_read: true,
                hold_lock_during_model_call: false,
            },
            interventions: vec![
                Intervention::Reload { at: 5 },
                Intervention::InjectFault {
                    at: 1,
                    member: "reader".into(),
                    fault: Fault::FailBeforeCommit,
                },
            ],
            ..PlayOptions::default()
        })
    );
}

/// Each case: the JSON, and what the error must say.
fn bad_inputs() -> Vec<(Value, &'static str)> {
    let reload = |at: Value| json!({"interventions": [{"reload": {"at": at}}]});
    let reply = |reply: Value| {
        json!({"interventions": [{"replace_reply": {"at": 0, "member": "reader",
            "request_index": 0, "outcome": {"reply": {"reply": reply}}}}]})
    };
    let fail = |request_index: Value, retryable: Value| {
        json!({"interventions": [{"replace_reply": {"at": 0, "member": "reader",
            "request_index": request_index,
            "outcome": {"fail": {"error": "x", "retryable": retryable}}}}]})
    };
    vec![
        // Not an object.
        (json!(true), "invalid type: boolean `true`, expected struct PlayOptions"),
        (json!("options"), "invalid type: string \"options\", expected struct PlayOptions"),
        (Value::Null, "invalid type: null, expected struct PlayOptions"),
        // Wrong types.
        (json!({"toggles": 1}), "invalid type: integer `1`, expected struct Toggles"),
        (json!({"toggles": null}), "invalid type: null, expected struct Toggles"),
        (
            json!({"toggles": {"drain_on_read": "yes"}}),
            "invalid type: string \"yes\", expected a boolean",
        ),
        (json!({"interventions": {}}), "invalid type: map, expected a sequence"),
        // An enum is a string or an object naming its variant; serde_json points at the number.
        (json!({"interventions": [7]}), "expected value at line 1 column 19"),
        (
            json!({"interventions": [
                {"reload": {"at": 0}},
                {"recall": {"at": 1, "member": "reader"}},
                {"recall": {"at": 2, "member": 3}},
            ]}),
            "invalid type: integer `3`, expected a string",
        ),
        // Missing fields.
        (json!({"interventions": [{"reload": {}}]}), "missing field `at`"),
        (
            json!({"interventions": [{"lead_sends": {"at": 1, "to": "coder"}}]}),
            "missing field `body`",
        ),
        (
            json!({"interventions": [{"replace_reply": {"at": 0, "member": "reader",
                "request_index": 0}}]}),
            "missing field `outcome`",
        ),
        (reply(json!({"text": "hi"})), "missing field `stop_reason`"),
        (
            reply(json!({"stop_reason": "tool_use", "tool_calls": [{"id": "c1", "name": "x"}]})),
            "missing field `arguments`",
        ),
        // Unknown variants, and the former internally tagged form.
        (
            json!({"interventions": [{"explode": {"at": 1}}]}),
            "unknown variant `explode`, expected one of `replace_reply`, `inject_fault`, `lead_sends`, `reload`, `recall`",
        ),
        (
            json!({"interventions": [{"type": "reload", "at": 1}]}),
            "expected one of `replace_reply`, `inject_fault`, `lead_sends`, `reload`, `recall`",
        ),
        (
            json!({"interventions": [{"ReplaceReply": {"at": 1}}]}),
            "unknown variant `ReplaceReply`",
        ),
        (
            json!({"interventions": [{"inject_fault": {"at": 1, "member": "reader",
                "fault": "explode"}}]}),
            "unknown variant `explode`, expected `fail_before_commit`",
        ),
        (
            json!({"interventions": [{"replace_reply": {"at": 0, "member": "reader",
                "request_index": 0, "outcome": {"timeout": {}}}}]}),
            "unknown variant `timeout`, expected one of `reply`, `fail`, `reply_if_seen`",
        ),
        (reply(json!({"stop_reason": "stop"})), "unknown variant `stop`"),
        (fail(json!(0), json!(1)), "invalid type: integer `1`, expected a boolean"),
        (
            reply(json!({"stop_reason": "end_turn", "tool_calls": [{"id": 1, "name": "x",
                "arguments": {}}]})),
            "invalid type: integer `1`, expected a string",
        ),
        // Integers: negative, fractional, too large.
        (reload(json!(-1)), "invalid value: integer `-1`, expected usize"),
        (reload(json!(1.5)), "invalid type: floating point `1.5`, expected usize"),
        (reload(json!(2.0)), "invalid type: floating point `2.0`, expected usize"),
        (reload(json!("3")), "invalid type: string \"3\", expected usize"),
        (
            fail(json!(4_294_967_296_u64), json!(false)),
            "invalid value: integer `4294967296`, expected u32",
        ),
        (fail(json!(-2), json!(false)), "invalid value: integer `-2`, expected u32"),
    ]
}

#[test]
fn bad_inputs_are_refused_with_an_error_that_says_what_is_wrong() {
    let wrong: Vec<String> = bad_inputs()
        .into_iter()
        .filter_map(|(value, message)| match decode_value(&value) {
            Ok(options) => Some(format!("{value} was accepted as {options:?}")),
            Err(e) if e.contains(message) => None,
            Err(e) => Some(format!("{value}: got '{e}', want '{message}'")),
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn a_repeated_field_is_refused() {
    let e = decode(r#"{"interventions": [{"reload": {"at": 1, "at": 2}}]}"#)
        .expect_err("a repeated field");
    assert!(e.contains("duplicate field `at`"), "{e}");
}

#[test]
fn text_that_is_not_json_is_refused() {
    let e = decode("{\"toggles\": ").expect_err("truncated JSON");
    assert!(e.contains("EOF while parsing"), "{e}");
    let e = decode("<options/>").expect_err("not JSON");
    assert!(e.contains("expected value at line 1 column 1"), "{e}");
}
