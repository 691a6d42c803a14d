//! The hand-written play-options decoder (`lessons::options_json`) reads exactly what the
//! derived `Serialize` writes, agrees with the derived `Deserialize` on it, and refuses bad
//! input with an error that names the path of the value at fault.

use agent_team_playground::engine::{Fault, ModelReply, StopReason, Toggles, ToolCall};
use agent_team_playground::lessons::{
    self, play_options_from_json, play_options_from_value, Intervention, PlayOptions, ScriptOutcome,
};
use serde_json::{json, Value};

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
    for toggles in toggles {
        all.push(PlayOptions {
            toggles,
            interventions: Vec::new(),
        });
        all.push(PlayOptions {
            toggles,
            interventions: varied_interventions(),
        });
    }
    for intervention in varied_interventions() {
        all.push(PlayOptions {
            toggles: Toggles::default(),
            interventions: vec![intervention],
        });
    }
    // Every scripted outcome of every built-in lesson, as a replaced reply.
    let scripted: Vec<Intervention> = lessons::lessons()
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
    });
    all
}

#[test]
fn serialized_options_decode_back_to_equal_options() {
    for options in varied_options() {
        let value = serde_json::to_value(&options).expect("options serialize");
        assert_eq!(
            play_options_from_value(&value),
            Ok(options.clone()),
            "{value}"
        );
        let text = serde_json::to_string(&options).expect("options serialize");
        assert_eq!(play_options_from_json(&text), Ok(options), "{text}");
    }
}

#[test]
fn decoder_agrees_with_derived_deserialize_on_serialized_options() {
    for options in varied_options() {
        let value = serde_json::to_value(&options).expect("options serialize");
        let derived: PlayOptions =
            serde_json::from_value(value.clone()).expect("derived Deserialize reads it");
        assert_eq!(play_options_from_value(&value), Ok(derived), "{value}");
    }
}

#[test]
fn default_fields_may_be_left_out_as_with_derived_deserialize() {
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
            },
        ),
        (
            json!({"interventions": [{"type": "replace_reply", "at": 1, "member": "reader",
                "request_index": 0, "outcome": {"outcome": "reply",
                "reply": {"stop_reason": "end_turn"}}}]}),
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
            },
        ),
    ];
    for (value, expected) in cases {
        let derived: PlayOptions = serde_json::from_value(value.clone()).expect("derived reads it");
        assert_eq!(derived, expected, "{value}");
        assert_eq!(play_options_from_value(&value), Ok(expected), "{value}");
    }
}

#[test]
fn unknown_fields_are_ignored_as_with_derived_deserialize() {
    let value = json!({
        "version": 2,
        "toggles": {"drain_on_read": true, "future_toggle": true},
        "interventions": [
            {"type": "reload", "at": 5, "note": "ignored"},
            {"type": "inject_fault", "at": 1, "member": "reader", "fault": "fail_before_commit",
             "extra": [1, 2]},
        ],
    });
    let derived: PlayOptions = serde_json::from_value(value.clone()).expect("derived reads it");
    assert_eq!(play_options_from_value(&value), Ok(derived));
}

/// Each case: the JSON, and the path the error must start with.
fn bad_inputs() -> Vec<(Value, &'static str)> {
    let reload = |at: Value| json!({"interventions": [{"type": "reload", "at": at}]});
    let reply = |reply: Value| {
        json!({"interventions": [{"type": "replace_reply", "at": 0, "member": "reader",
            "request_index": 0, "outcome": {"outcome": "reply", "reply": reply}}]})
    };
    vec![
        // Not an object.
        (json!(true), "top level: expected an object, found true"),
        (json!("options"), "top level: expected an object, found a string"),
        (Value::Null, "top level: expected an object, found null"),
        // Wrong types.
        (json!({"toggles": 1}), "toggles: expected an object"),
        (json!({"toggles": null}), "toggles: expected an object, found null"),
        (
            json!({"toggles": {"drain_on_read": "yes"}}),
            "toggles.drain_on_read: expected true or false, found a string",
        ),
        (json!({"interventions": {}}), "interventions: expected an array"),
        (json!({"interventions": [7]}), "interventions[0]: expected an object"),
        (
            json!({"interventions": [
                {"type": "reload", "at": 0},
                {"type": "recall", "at": 1, "member": "reader"},
                {"type": "recall", "at": 2, "member": 3},
            ]}),
            "interventions[2].member: expected a string, found the number 3",
        ),
        // Missing fields.
        (json!({"interventions": [{"type": "reload"}]}), "interventions[0].at: missing"),
        (json!({"interventions": [{"at": 1}]}), "interventions[0].type: missing"),
        (
            json!({"interventions": [{"type": "lead_sends", "at": 1, "to": "coder"}]}),
            "interventions[0].body: missing",
        ),
        (
            json!({"interventions": [{"type": "replace_reply", "at": 0, "member": "reader",
                "request_index": 0}]}),
            "interventions[0].outcome: missing",
        ),
        (reply(json!({"text": "hi"})), "interventions[0].outcome.reply.stop_reason: missing"),
        (
            reply(json!({"stop_reason": "tool_use", "tool_calls": [{"id": "c1", "name": "x"}]})),
            "interventions[0].outcome.reply.tool_calls[0].arguments: missing",
        ),
        // Unknown tags and variants.
        (
            json!({"interventions": [{"type": "explode", "at": 1}]}),
            "interventions[0].type: unknown value 'explode', expected one of: replace_reply, inject_fault, lead_sends, reload, recall",
        ),
        (json!({"interventions": [{"type": true, "at": 1}]}), "interventions[0].type: expected a string"),
        (
            json!({"interventions": [{"type": "ReplaceReply", "at": 1}]}),
            "interventions[0].type: unknown value 'ReplaceReply'",
        ),
        (
            json!({"interventions": [{"type": "inject_fault", "at": 1, "member": "reader",
                "fault": "explode"}]}),
            "interventions[0].fault: unknown value 'explode', expected one of: fail_before_commit",
        ),
        (
            json!({"interventions": [{"type": "replace_reply", "at": 0, "member": "reader",
                "request_index": 0, "outcome": {"outcome": "timeout"}}]}),
            "interventions[0].outcome.outcome: unknown value 'timeout', expected one of: reply, fail",
        ),
        (
            reply(json!({"stop_reason": "stop"})),
            "interventions[0].outcome.reply.stop_reason: unknown value 'stop'",
        ),
        (
            json!({"interventions": [{"type": "replace_reply", "at": 0, "member": "reader",
                "request_index": 0, "outcome": {"outcome": "fail", "error": "x", "retryable": 1}}]}),
            "interventions[0].outcome.retryable: expected true or false, found the number 1",
        ),
        (
            reply(json!({"stop_reason": "end_turn", "tool_calls": [{"id": 1, "name": "x",
                "arguments": {}}]})),
            "interventions[0].outcome.reply.tool_calls[0].id: expected a string",
        ),
        // Integers: negative, fractional, too large.
        (
            reload(json!(-1)),
            "interventions[0].at: expected a non-negative integer, found the number -1",
        ),
        (
            reload(json!(1.5)),
            "interventions[0].at: expected a non-negative integer, found the number 1.5",
        ),
        (reload(json!(2.0)), "interventions[0].at: expected a non-negative integer"),
        (reload(json!("3")), "interventions[0].at: expected a non-negative integer, found a string"),
        (
            json!({"interventions": [{"type": "replace_reply", "at": 0, "member": "reader",
                "request_index": 4_294_967_296_u64, "outcome": {"outcome": "fail", "error": "x",
                "retryable": false}}]}),
            "interventions[0].request_index: the number 4294967296 is too large",
        ),
        (
            json!({"interventions": [{"type": "replace_reply", "at": 0, "member": "reader",
                "request_index": -2, "outcome": {"outcome": "fail", "error": "x",
                "retryable": false}}]}),
            "interventions[0].request_index: expected a non-negative integer, found the number -2",
        ),
    ]
}

#[test]
fn bad_inputs_are_refused_with_the_path_of_the_value_at_fault() {
    for (value, message) in bad_inputs() {
        match play_options_from_value(&value) {
            Ok(options) => panic!("{value} was accepted as {options:?}"),
            Err(e) => assert!(
                e.starts_with(message),
                "{value}: got '{e}', want '{message}...'"
            ),
        }
    }
}

#[test]
fn derived_deserialize_refuses_the_same_bad_inputs() {
    for (value, _) in bad_inputs() {
        let derived = serde_json::from_value::<PlayOptions>(value.clone());
        assert!(derived.is_err(), "derived Deserialize accepted {value}");
    }
}

/// The derived `Deserialize` also reads a struct written as an array of its fields, an
/// internally tagged enum as `[tag, fields...]` and a unit variant as `{"name": null}`.
/// `Serialize` never writes these, so the decoder refuses them.
#[test]
fn forms_serialize_never_writes_are_refused_though_derived_deserialize_reads_them() {
    let with_reply = |reply: Value| {
        json!({"interventions": [{"type": "replace_reply", "at": 0, "member": "reader",
            "request_index": 0, "outcome": {"outcome": "reply", "reply": reply}}]})
    };
    let cases = [
        (json!([]), "top level: expected an object, found an array"),
        (
            json!({"toggles": [true, false]}),
            "toggles: expected an object, found an array",
        ),
        (
            json!({"interventions": [["reload", 1]]}),
            "interventions[0]: expected an object, found an array",
        ),
        (
            json!({"interventions": [{"type": "inject_fault", "at": 1, "member": "reader",
                "fault": {"fail_before_commit": null}}]}),
            "interventions[0].fault: expected a string, found an object",
        ),
        (
            with_reply(json!(["hi", [], "end_turn"])),
            "interventions[0].outcome.reply: expected an object, found an array",
        ),
        (
            with_reply(json!({"stop_reason": {"end_turn": null}})),
            "interventions[0].outcome.reply.stop_reason: expected a string, found an object",
        ),
    ];
    for (value, message) in cases {
        assert!(
            serde_json::from_value::<PlayOptions>(value.clone()).is_ok(),
            "derived Deserialize no longer reads {value}"
        );
        assert_eq!(play_options_from_value(&value), Err(message.to_string()));
    }
}

/// A known difference: once the text is a `serde_json::Value`, a repeated key has kept its
/// last value, while the derived `Deserialize` refuses a duplicate field.
#[test]
fn a_repeated_key_keeps_its_last_value_though_derived_deserialize_refuses_it() {
    let text = r#"{"interventions": [{"type": "reload", "at": 1, "at": 2}]}"#;
    assert!(serde_json::from_str::<PlayOptions>(text).is_err());
    assert_eq!(
        play_options_from_json(text),
        Ok(PlayOptions {
            toggles: Toggles::default(),
            interventions: vec![Intervention::Reload { at: 2 }],
        })
    );
}

#[test]
fn text_that_is_not_json_is_refused() {
    let e = play_options_from_json("{\"toggles\": ").expect_err("truncated JSON");
    assert!(e.starts_with("not valid JSON: "), "{e}");
    let e = play_options_from_json("[1]").expect_err("an array");
    assert!(e.starts_with("top level: expected an object"), "{e}");
}
