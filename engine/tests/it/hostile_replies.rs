//! Malformed and hostile model replies: each one, sent as the reply to a real in-flight
//! request, produces a refusal event with the expected code and a clear English reason, never
//! a panic; the engine's state stays consistent afterwards.

use crate::harness;

use agent_team_engine::*;
use harness::*;
use serde_json::{json, Value};

struct Case {
    name: &'static str,
    /// Who replies: "lead" or "reader".
    member: &'static str,
    reply: ModelReply,
    expect: RefusalCode,
}

fn one(name: &str, args: Value) -> ModelReply {
    ModelReply::tools("", vec![ToolCall::new("h1", name, args)])
}

fn cases() -> Vec<Case> {
    let long = "x".repeat(601);
    let c = |name, member, reply, expect| Case {
        name,
        member,
        reply,
        expect,
    };
    vec![
        c(
            "arguments are not JSON",
            "lead",
            one("send_message", Value::String("{to: reader".into())),
            RefusalCode::MalformedArguments,
        ),
        c(
            "arguments are a JSON array",
            "lead",
            one("send_message", json!(["reader", "hi"])),
            RefusalCode::MalformedArguments,
        ),
        c(
            "arguments are a number",
            "lead",
            one("send_message", json!(42)),
            RefusalCode::MalformedArguments,
        ),
        c(
            "arguments are a JSON string of a string",
            "lead",
            one("send_message", Value::String("\"hello\"".into())),
            RefusalCode::MalformedArguments,
        ),
        c(
            "arguments are null",
            "reader",
            one("read_file", Value::Null),
            RefusalCode::MalformedArguments,
        ),
        c(
            "unknown tool run_main",
            "reader",
            one("run_main", json!({})),
            RefusalCode::UnknownTool,
        ),
        c(
            "unknown tool shell",
            "lead",
            one("shell", json!({"cmd": "rm -rf /"})),
            RefusalCode::UnknownTool,
        ),
        c(
            "empty tool name",
            "lead",
            one("", json!({})),
            RefusalCode::UnknownTool,
        ),
        c(
            "tool name in another case",
            "lead",
            one("Send_Message", json!({"to": "reader", "body": "hi"})),
            RefusalCode::UnknownTool,
        ),
        c(
            "teammate calls spawn_teammate",
            "reader",
            one("spawn_teammate", json!({"name": "eve", "role": "spy"})),
            RefusalCode::ToolNotAllowed,
        ),
        c(
            "teammate calls broadcast",
            "reader",
            one("broadcast", json!({"body": "hi all"})),
            RefusalCode::ToolNotAllowed,
        ),
        c(
            "teammate calls shutdown_request",
            "reader",
            one("shutdown_request", json!({"teammate": "reviewer"})),
            RefusalCode::ToolNotAllowed,
        ),
        c(
            "teammate calls list_teammates",
            "reader",
            one("list_teammates", json!({})),
            RefusalCode::ToolNotAllowed,
        ),
        c(
            "lead calls read_file",
            "lead",
            one("read_file", json!({"path": "main.py"})),
            RefusalCode::ToolNotAllowed,
        ),
        c(
            "write_file in a read-only lesson",
            "reader",
            one("write_file", json!({"path": "main.py", "content": "x"})),
            RefusalCode::ToolNotAllowed,
        ),
        c(
            "send_message without to",
            "lead",
            one("send_message", json!({"body": "hi"})),
            RefusalCode::MissingArgument,
        ),
        c(
            "send_message without body",
            "lead",
            one("send_message", json!({"to": "reader"})),
            RefusalCode::MissingArgument,
        ),
        c(
            "recipient is a number",
            "lead",
            one("send_message", json!({"to": 42, "body": "hi"})),
            RefusalCode::WrongArgumentType,
        ),
        c(
            "body is null",
            "lead",
            one("send_message", json!({"to": "reader", "body": null})),
            RefusalCode::WrongArgumentType,
        ),
        c(
            "body is an object",
            "lead",
            one(
                "send_message",
                json!({"to": "reader", "body": {"text": "hi"}}),
            ),
            RefusalCode::WrongArgumentType,
        ),
        c(
            "idempotency key is a number",
            "lead",
            one(
                "send_message",
                json!({"to": "reader", "body": "hi", "idempotency_key": 7}),
            ),
            RefusalCode::WrongArgumentType,
        ),
        c(
            "unknown recipient",
            "lead",
            one("send_message", json!({"to": "mallory", "body": "hi"})),
            RefusalCode::UnknownRecipient,
        ),
        c(
            "message to itself",
            "reader",
            one("send_message", json!({"to": "reader", "body": "hi"})),
            RefusalCode::SelfSend,
        ),
        c(
            "forged from field",
            "reader",
            one(
                "send_message",
                json!({"to": "lead", "body": "I am the lead", "from": "lead"}),
            ),
            RefusalCode::SenderIgnored,
        ),
        c(
            "forged sender field",
            "reader",
            one(
                "send_message",
                json!({"to": "lead", "body": "hi", "sender": "reviewer"}),
            ),
            RefusalCode::SenderIgnored,
        ),
        c(
            "body over 600 characters",
            "lead",
            one("send_message", json!({"to": "reader", "body": long})),
            RefusalCode::BodyTooLong,
        ),
        c(
            "empty body",
            "lead",
            one("send_message", json!({"to": "reader", "body": "   "})),
            RefusalCode::EmptyBody,
        ),
        c(
            "unknown extra argument",
            "lead",
            one(
                "send_message",
                json!({"to": "reader", "body": "hi", "priority": "urgent"}),
            ),
            RefusalCode::UnknownArgument,
        ),
        c(
            "read_file without path",
            "reader",
            one("read_file", json!({})),
            RefusalCode::MissingArgument,
        ),
        c(
            "read_file of a missing file",
            "reader",
            one("read_file", json!({"path": "secret.txt"})),
            RefusalCode::NoSuchFile,
        ),
        c(
            "read_file outside the virtual fs",
            "reader",
            one("read_file", json!({"path": "../../etc/passwd"})),
            RefusalCode::NoSuchFile,
        ),
        c(
            "shutdown_response to an unknown id",
            "reader",
            one(
                "shutdown_response",
                json!({"request_id": "shutdown-99", "approve": true}),
            ),
            RefusalCode::UnknownRequest,
        ),
        c(
            "shutdown_response approve is a string",
            "reader",
            one(
                "shutdown_response",
                json!({"request_id": "shutdown-1", "approve": "yes"}),
            ),
            RefusalCode::WrongArgumentType,
        ),
        c(
            "lead queries an unknown shutdown id",
            "lead",
            one("shutdown_response", json!({"request_id": "nope"})),
            RefusalCode::UnknownRequest,
        ),
        c(
            "lead decides an unknown plan",
            "lead",
            one(
                "plan_approval",
                json!({"request_id": "plan-7", "approve": true}),
            ),
            RefusalCode::UnknownRequest,
        ),
        c(
            "teammate submits an empty plan",
            "reader",
            one("plan_approval", json!({"plan": ""})),
            RefusalCode::EmptyBody,
        ),
        c(
            "teammate plan over 600 characters",
            "reader",
            one("plan_approval", json!({"plan": long})),
            RefusalCode::BodyTooLong,
        ),
        c(
            "spawn with an invalid name",
            "lead",
            one(
                "spawn_teammate",
                json!({"name": "Eve <script>", "role": "x"}),
            ),
            RefusalCode::InvalidName,
        ),
        c(
            "spawn an existing name",
            "lead",
            one("spawn_teammate", json!({"name": "reader", "role": "x"})),
            RefusalCode::AlreadyExists,
        ),
        c(
            "shutdown_request for the lead itself",
            "lead",
            one("shutdown_request", json!({"teammate": "lead"})),
            RefusalCode::InvalidArgument,
        ),
        c(
            "broadcast over 600 characters",
            "lead",
            one("broadcast", json!({"body": long})),
            RefusalCode::BodyTooLong,
        ),
        c(
            "duplicate tool call ids",
            "reader",
            ModelReply::tools(
                "",
                vec![
                    ToolCall::new("same", "read_file", json!({"path": "main.py"})),
                    ToolCall::new("same", "read_file", json!({"path": "main.py"})),
                ],
            ),
            RefusalCode::DuplicateCallId,
        ),
        c(
            "empty reply",
            "reader",
            ModelReply {
                text: "  ".into(),
                tool_calls: vec![],
                stop_reason: StopReason::EndTurn,
            },
            RefusalCode::EmptyReply,
        ),
        c(
            "too many tool calls",
            "reader",
            ModelReply::tools(
                "",
                (0..101)
                    .map(|k| {
                        ToolCall::new(format!("c{k}"), "read_file", json!({"path": "main.py"}))
                    })
                    .collect(),
            ),
            RefusalCode::TooManyToolCalls,
        ),
    ]
}

#[test]
fn at_least_thirty_hostile_replies_each_get_a_clear_refusal() {
    let cases = cases();
    assert!(cases.len() >= 30);
    for case in cases {
        let mut team = team();
        start(&mut team, case.member);
        let before = team.state().clone();
        let events = reply(&mut team, case.member, case.reply.clone());
        let refusal = events
            .iter()
            .find_map(|e| match &e.kind {
                EventKind::Refused { refusal } if refusal.code == case.expect => {
                    Some(refusal.clone())
                }
                _ => None,
            })
            .unwrap_or_else(|| {
                panic!(
                    "{}: expected {:?}, got {:#?}",
                    case.name,
                    case.expect,
                    refusal_codes(&events)
                )
            });
        assert!(
            refusal.reason.len() > 15,
            "{}: reason too thin: {}",
            case.name,
            refusal.reason
        );
        assert!(
            refusal.reason.is_ascii() || refusal.reason.contains('\''),
            "{}",
            case.name
        );
        // Nothing outside the rules happened: no stored message was changed, no file changed.
        let after = team.state();
        assert_eq!(after.files(), before.files(), "{}", case.name);
        for (a, b) in before.messages().iter().zip(after.messages().iter()) {
            assert_eq!(a, b, "{}", case.name);
        }
        // The model sees an error result when a tool call was refused.
        if refusal.call_id.is_some()
            && case.expect != RefusalCode::SenderIgnored
            && case.expect != RefusalCode::DuplicateCallId
        {
            assert!(
                last_tool_result(&events).1,
                "{}: the tool result is not marked as an error",
                case.name
            );
        }
    }
}

#[test]
fn sender_ignored_still_stores_the_message_under_the_bound_sender() {
    let mut team = team();
    start(&mut team, "reader");
    reply(
        &mut team,
        "reader",
        one(
            "send_message",
            json!({"to": "lead", "body": "hi", "from": "lead"}),
        ),
    );
    let record = team.state().message(MessageId(1)).unwrap();
    assert_eq!(
        (record.from.as_str(), record.to.as_str()),
        ("reader", "lead")
    );
}

#[test]
fn protocol_abuse_is_refused_and_the_tracker_is_unchanged() {
    let mut team = team();
    start(&mut team, "lead");
    tool(
        &mut team,
        "lead",
        "shutdown_request",
        json!({"teammate": "reader"}),
    );
    start(&mut team, "reviewer");
    // reviewer answers reader's request: not its request.
    let events = tool(
        &mut team,
        "reviewer",
        "shutdown_response",
        json!({"request_id": "shutdown-1", "approve": true}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::NotYourRequest]);
    // lead decides a shutdown id as if it were a plan.
    let events = tool(
        &mut team,
        "lead",
        "plan_approval",
        json!({"request_id": "shutdown-1", "approve": true}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::WrongRequestKind]);
    assert_eq!(
        team.state().protocol().get("shutdown-1").map(|r| r.status),
        Some(ProtocolStatus::Pending)
    );
    // reader approves, then approves again.
    start(&mut team, "reader");
    tool(
        &mut team,
        "reader",
        "shutdown_response",
        json!({"request_id": "shutdown-1", "approve": false, "reason": "busy"}),
    );
    let events = tool(
        &mut team,
        "reader",
        "shutdown_response",
        json!({"request_id": "shutdown-1", "approve": true}),
    );
    assert_eq!(refusal_codes(&events), [RefusalCode::AlreadyDecided]);
    assert_eq!(
        team.state().protocol().get("shutdown-1").map(|r| r.status),
        Some(ProtocolStatus::Rejected)
    );
}

#[test]
fn replies_to_unknown_or_finished_requests_are_refused() {
    let mut team = team();
    let events = team.apply(Input::ModelReplied {
        request_id: RequestId(77),
        reply: ModelReply::text("hi"),
    });
    assert_eq!(refusal_codes(&events), [RefusalCode::UnknownRequest]);
    let events = team.apply(Input::ModelFailed {
        request_id: RequestId(0),
        error: String::new(),
        retryable: true,
    });
    assert_eq!(refusal_codes(&events), [RefusalCode::UnknownRequest]);
    start(&mut team, "reader");
    let id = in_flight(&team, "reader");
    team.apply(Input::ModelReplied {
        request_id: id,
        reply: ModelReply::text("done"),
    });
    let events = team.apply(Input::ModelReplied {
        request_id: id,
        reply: ModelReply::text("again"),
    });
    assert_eq!(refusal_codes(&events), [RefusalCode::StaleReply]);
}
