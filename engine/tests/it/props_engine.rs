//! Property tests (stateright/turmoil style): random sequences of sends, broadcasts, deliveries,
//! valid and malformed model replies, failures, injected faults, shutdown and plan requests,
//! recalls, reloads and disbands over 2 to 6 members. After every step the invariants of the
//! SPEC hold; at the end, replaying the same inputs gives the same events, and the timeline's
//! `state_at` agrees with the live state.
//!
//! Cases: 1,000 by default, of 1 to 59 inputs. Set the environment variables `PROPTEST_CASES`
//! and `PROPTEST_MAX_INPUTS` to run more and longer ones, e.g.
//! `PROPTEST_CASES=10000 cargo test --release -p agent-team-engine --test it props_engine`; `scripts/long-props.sh`
//! runs a million cases of up to 500 inputs.

use agent_team_engine::*;
use proptest::prelude::*;
use serde_json::{json, Value};

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000)
}

/// One past the longest input sequence drawn: up to `PROPTEST_MAX_INPUTS` inputs (59 unless set).
fn max_inputs() -> usize {
    std::env::var("PROPTEST_MAX_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(59)
        + 1
}

#[derive(Clone, Debug)]
enum Op {
    HostSend {
        from: usize,
        to: usize,
        body: u8,
    },
    Start {
        member: usize,
    },
    Reply {
        pick: usize,
        kind: u8,
        a: usize,
        b: bool,
    },
    Fail {
        pick: usize,
        retryable: bool,
    },
    /// Answer a pending protocol request whose decider has a request in flight (if any).
    Decide {
        pick: usize,
        approve: bool,
        twice: bool,
    },
    Fault {
        member: usize,
    },
    Recall {
        member: usize,
    },
    Tick,
    Toggles {
        drain: bool,
        hold: bool,
    },
    Reload,
    Disband,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (0..6usize, 0..6usize, 0..4u8).prop_map(|(from, to, body)| Op::HostSend { from, to, body }),
        5 => (0..6usize).prop_map(|member| Op::Start { member }),
        10 => (0..6usize, 0..14u8, 0..8usize, any::<bool>()).prop_map(|(pick, kind, a, b)| Op::Reply { pick, kind, a, b }),
        2 => (0..6usize, any::<bool>()).prop_map(|(pick, retryable)| Op::Fail { pick, retryable }),
        3 => (0..6usize, any::<bool>(), prop::bool::weighted(0.2)).prop_map(|(pick, approve, twice)| Op::Decide { pick, approve, twice }),
        1 => (0..6usize).prop_map(|member| Op::Fault { member }),
        2 => (0..6usize).prop_map(|member| Op::Recall { member }),
        1 => Just(Op::Tick),
        1 => (any::<bool>(), any::<bool>()).prop_map(|(drain, hold)| Op::Toggles { drain, hold }),
        1 => prop::bool::weighted(0.1).prop_map(|r| if r { Op::Reload } else { Op::Tick }),
        1 => prop::bool::weighted(0.15).prop_map(|d| if d { Op::Disband } else { Op::Tick }),
    ]
}

fn make_team(n: usize) -> Team {
    let mut members = vec![MemberConfig::lead()];
    for i in 1..n {
        members.push(MemberConfig::teammate(&format!("m{i}"), "worker"));
    }
    let mut config = TeamConfig::new(members).with_file("a.txt", "alpha");
    config.allow_write = true;
    config.limits.history_entries = 30;
    config.limits.delivery_budget = 3;
    Team::new(config).unwrap()
}

fn names(team: &Team) -> Vec<String> {
    team.state().order().to_vec()
}

fn body(kind: u8) -> String {
    match kind {
        0 => "hello".to_string(),
        1 => "same text".to_string(),
        2 => "x".repeat(601),
        _ => String::new(),
    }
}

/// Turns an op into an input, given the current state (so replies go to real requests).
fn to_input(team: &Team, op: &Op) -> Input {
    let names = names(team);
    let name = |i: usize| names[i % names.len()].clone();
    match op {
        Op::HostSend { from, to, body: b } => Input::HostSend {
            from: name(*from),
            to: name(*to),
            body: body(*b),
            idempotency_key: None,
        },
        Op::Start { member } => Input::StartRound {
            member: name(*member),
            prompt: if member % 2 == 0 {
                Some("task".into())
            } else {
                None
            },
        },
        Op::Reply { pick, kind, a, b } => {
            let waiting: Vec<(String, RequestId)> = team
                .state()
                .members_in_order()
                .filter_map(|m| m.in_flight().map(|id| (m.name().to_string(), id)))
                .collect();
            let Some((member, request_id)) = waiting.get(pick % waiting.len().max(1)).cloned()
            else {
                return Input::ModelReplied {
                    request_id: RequestId(*pick as u64 + 1),
                    reply: ModelReply::text("stray"),
                };
            };
            let target = name(*a);
            // Mostly a pending request addressed to this member (so decisions happen), sometimes
            // any id (already decided, someone else's, or unknown).
            let mine: Vec<String> = team
                .state()
                .protocol_requests()
                .filter(|r| r.to == member && r.status == ProtocolStatus::Pending)
                .map(|r| r.id.clone())
                .collect();
            let protocol_id = if *a < 5 && !mine.is_empty() {
                mine[*a % mine.len()].clone()
            } else {
                team.state()
                    .protocol()
                    .keys()
                    .nth(*a)
                    .cloned()
                    .unwrap_or_else(|| "shutdown-99".into())
            };
            let calls = |name: &str, args: Value| {
                ModelReply::tools("", vec![ToolCall::new("c0", name, args)])
            };
            let reply = match kind {
                0 => ModelReply::text("final"),
                1 => calls(
                    "send_message",
                    json!({"to": target, "body": if *b { "hi" } else { "same text" }}),
                ),
                2 => calls("broadcast", json!({"body": "all"})),
                3 => calls(
                    "read_file",
                    json!({"path": if *b { "a.txt" } else { "b.txt" }}),
                ),
                4 => calls(
                    "shutdown_request",
                    json!({"teammate": if *b { target } else { name(1 + a % (names.len() - 1)) }}),
                ),
                // 5 and 7: decide a protocol request the way this member's role does it.
                5 | 7 if member == "lead" => calls(
                    "plan_approval",
                    json!({"request_id": protocol_id, "approve": *b, "feedback": "f"}),
                ),
                5 | 7 => calls(
                    "shutdown_response",
                    json!({"request_id": protocol_id, "approve": *b, "reason": "r"}),
                ),
                6 if member == "lead" => {
                    calls("shutdown_response", json!({"request_id": protocol_id}))
                }
                6 => calls("plan_approval", json!({"plan": "do it"})),
                8 => calls("send_message", Value::String("{not json".into())),
                9 => calls("no_such_tool", json!({})),
                10 => calls("read_inbox", json!({})),
                11 => ModelReply {
                    text: String::new(),
                    tool_calls: vec![],
                    stop_reason: StopReason::EndTurn,
                },
                12 => calls(
                    "spawn_teammate",
                    json!({"name": format!("s{a}"), "role": "helper"}),
                ),
                _ => ModelReply::tools(
                    "",
                    vec![
                        ToolCall::new(
                            "d",
                            "write_file",
                            json!({"path": "out.txt", "content": "x"}),
                        ),
                        ToolCall::new(
                            "d",
                            "send_message",
                            json!({"to": target, "body": "dup id", "from": "lead"}),
                        ),
                    ],
                ),
            };
            Input::ModelReplied { request_id, reply }
        }
        Op::Fail { pick, retryable } => {
            let waiting: Vec<RequestId> = team
                .state()
                .members_in_order()
                .filter_map(|m| m.in_flight())
                .collect();
            let request_id = waiting
                .get(pick % waiting.len().max(1))
                .copied()
                .unwrap_or(RequestId(999));
            Input::ModelFailed {
                request_id,
                error: "503".into(),
                retryable: *retryable,
            }
        }
        Op::Decide {
            pick,
            approve,
            twice,
        } => {
            let open: Vec<(String, String, ProtocolKind, RequestId)> = team
                .state()
                .protocol_requests()
                .filter(|r| r.status == ProtocolStatus::Pending)
                .filter_map(|r| {
                    team.state()
                        .member(&r.to)
                        .and_then(|m| m.in_flight())
                        .map(|id| (r.id.clone(), r.to.clone(), r.kind, id))
                })
                .collect();
            let Some((id, _decider, kind, request_id)) =
                open.get(pick % open.len().max(1)).cloned()
            else {
                return Input::Tick {
                    now: team.now() + 1,
                };
            };
            let (tool, args) = match kind {
                ProtocolKind::Shutdown => (
                    "shutdown_response",
                    json!({"request_id": id, "approve": *approve, "reason": "r"}),
                ),
                ProtocolKind::Plan => (
                    "plan_approval",
                    json!({"request_id": id, "approve": *approve, "feedback": "f"}),
                ),
            };
            let mut calls = vec![ToolCall::new("d1", tool, args.clone())];
            if *twice {
                calls.push(ToolCall::new("d2", tool, args));
            }
            Input::ModelReplied {
                request_id,
                reply: ModelReply::tools("", calls),
            }
        }
        Op::Fault { member } => Input::InjectFault {
            member: name(*member),
            fault: Fault::FailBeforeCommit,
        },
        Op::Recall { member } => Input::Recall {
            member: name(*member),
        },
        Op::Tick => Input::Tick {
            now: team.now() + 1,
        },
        Op::Toggles { drain, hold } => Input::SetToggles {
            toggles: Toggles {
                drain_on_read: *drain,
                hold_lock_during_model_call: *hold,
            },
        },
        Op::Reload => Input::Restore {
            snapshot: Box::new(team.roster_snapshot()),
        },
        Op::Disband => Input::Disband,
    }
}

fn run(n: usize, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut recorder = Recorder::new(make_team(n));
    let mut inputs = Vec::new();
    for op in ops {
        let input = to_input(recorder.team(), op);
        inputs.push(input.clone());
        let prev = recorder.state().clone();
        let events = recorder.apply(input).to_vec();
        // Team::apply already panics on a broken invariant in debug builds; checking here too
        // keeps the property meaningful in a release test run.
        if let Err(broken) = invariants::check_scoped(
            &prev,
            recorder.state(),
            &events,
            invariants::Scope::Everything,
        ) {
            return Err(TestCaseError::fail(broken));
        }
    }
    let team = recorder.team().clone();
    let timeline = recorder.finish();
    // Replaying the same inputs gives the same events.
    let mut again = make_team(n);
    let replayed: Vec<Event> = inputs.into_iter().flat_map(|i| again.apply(i)).collect();
    prop_assert_eq!(replayed.as_slice(), timeline.events());
    // The reducer agrees with the live state, and seeking agrees with a replay.
    prop_assert_eq!(timeline.final_state(), team.state());
    let mid = timeline.len() / 2;
    let replayed = timeline.prefix(mid);
    prop_assert_eq!(&timeline.state_at(mid), replayed.final_state());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_after_every_step(n in 2usize..=6, ops in prop::collection::vec(op(), 1..max_inputs())) {
        run(n, &ops)?;
    }
}
