//! A live run's schedule with a fake clock and a fake provider that answers from the lesson's
//! script: the concurrency limit, parallel members (T5), the pause a 429 puts on the whole
//! team, backoff before a retry, no retry for what cannot clear, usage totals, and a key that
//! never reaches the engine's log.

use agent_team_playground::engine::{EventKind, Lang, ModelRequest, StopReason};
use agent_team_playground::lessons::run::Run;
use agent_team_playground::lessons::{lesson, Answer, PlayOptions, ScriptedModel};
use agent_team_playground::providers::errors::{ErrorKind, ProviderError};
use agent_team_playground::providers::live::{CallResult, Jitter, LiveSchedule};
use agent_team_playground::providers::retry::RetryPolicy;
use agent_team_playground::providers::{Decoded, Usage};

const SECRET: &str = "sk-live-0123456789";

/// Answers the lead's first call, then answers calls until two are out at once (its
/// teammates'); returns those calls and the time.
fn two_calls_out(s: &mut LiveSchedule, script: &ScriptedModel) -> (Vec<ModelRequest>, u64) {
    let lead = s.due(0).remove(0).request;
    s.finished(lead.id, answer(script, &lead), 10, 0.5)
        .expect("applies");
    let mut now = 10;
    let mut out: Vec<ModelRequest> = s.due(now).into_iter().map(|d| d.request).collect();
    while out.len() < 2 {
        let r = out.pop().expect("a call is out");
        now += 10;
        s.finished(r.id, answer(script, &r), now, 0.5)
            .expect("applies");
        out = s.due(now).into_iter().map(|d| d.request).collect();
    }
    (out, now)
}

fn schedule(limit: usize) -> (LiveSchedule, ScriptedModel) {
    schedule_on("http://127.0.0.1:1/v1", limit)
}

fn schedule_on(base_url: &str, limit: usize) -> (LiveSchedule, ScriptedModel) {
    let l1 = lesson("l1-two-investigators", Lang::En).expect("lesson 1");
    let run = Run::new(&l1, &PlayOptions::default()).expect("starts");
    let s = LiveSchedule::start(
        run,
        RetryPolicy::default(),
        limit,
        Lang::En,
        base_url,
        SECRET,
    )
    .expect("schedules");
    (s, l1.script)
}

fn answer(script: &ScriptedModel, request: &ModelRequest) -> CallResult {
    let outcome = script
        .lookup(&request.member, request.member_index)
        .map(|r| r.outcome.clone())
        .unwrap_or_else(|| ScriptedModel::fallback().1);
    match outcome.answer(request) {
        Answer::Reply(reply) => CallResult::Answered(Decoded {
            stop: if reply.stop_reason == StopReason::ToolUse {
                "tool_use".into()
            } else {
                "end_turn".into()
            },
            reply,
            usage: Usage {
                input_tokens: 100,
                output_tokens: 10,
                unreported: 0,
            },
        }),
        Answer::Fail { error, .. } => CallResult::Failed {
            error: ProviderError::new(ErrorKind::Server, error),
            tool_call_streamed: false,
        },
    }
}

/// Runs to the end answering each call 10 ms after it went out; returns the most calls that
/// were out at once.
fn run_to_end(s: &mut LiveSchedule, script: &ScriptedModel) -> usize {
    let mut now = 0;
    let mut out: Vec<(u64, agent_team_playground::engine::ModelRequest)> = Vec::new();
    let mut most = 0;
    for _ in 0..10_000 {
        for d in s.due(now) {
            out.push((now + 10, d.request));
        }
        most = most.max(out.len());
        if out.is_empty() {
            match s.next_wake(now) {
                Some(wait) => {
                    now += wait;
                    continue;
                }
                None => break,
            }
        }
        out.sort_by_key(|(at, r)| (*at, r.id));
        let (at, request) = out.remove(0);
        now = now.max(at);
        let result = answer(script, &request);
        s.finished(request.id, result, now, 0.5).expect("applies");
    }
    most
}

#[test]
fn t5_members_call_their_models_in_parallel_up_to_the_concurrency_limit() {
    let (mut one, script) = schedule(1);
    assert_eq!(run_to_end(&mut one, &script), 1);
    assert!(one.is_done());
    let (mut three, script) = schedule(3);
    assert!(
        run_to_end(&mut three, &script) >= 2,
        "reader and reviewer were out together"
    );
    assert!(three.is_done());
    let calls = three.run().timeline().final_state().requests().len() as u64;
    assert_eq!(
        three.total_usage(),
        Usage {
            input_tokens: 100 * calls,
            output_tokens: 10 * calls,
            unreported: 0,
        }
    );
    assert!(three.usage().contains_key("reader") && three.usage().contains_key("lead"));
}

#[test]
fn a_429_pauses_the_whole_team_then_the_retry_goes_after_the_server_wait() {
    let (mut s, script) = schedule(1);
    // Answer until one call is out and another member's request waits behind it.
    let mut now = 0;
    let out = loop {
        let d = s.due(now).remove(0).request;
        if s.queued() > 0 {
            break d;
        }
        now += 10;
        s.finished(d.id, answer(&script, &d), now, 0.0)
            .expect("applies");
    };
    let mut limited = ProviderError::new(ErrorKind::RateLimited, "slow down");
    limited.retry_after_ms = Some(300);
    s.finished(
        out.id,
        CallResult::Failed {
            error: limited,
            tool_call_streamed: false,
        },
        1_000,
        0.0,
    )
    .expect("applies");
    assert!(
        s.queued() >= 2,
        "the other member's request and the retry wait"
    );
    assert!(
        s.due(1_100).is_empty(),
        "the whole team waits, not only the member that was limited"
    );
    assert_eq!(s.next_wake(1_100), Some(200));
    let next = s.due(1_300).remove(0).request;
    assert!(next.member != out.member || next.attempt == 1);
    let events = s.run().timeline().events();
    assert!(
        events
            .iter()
            .any(|e| matches!(&e.kind, EventKind::ModelFailed { .. })),
        "the failed attempt is an event"
    );
}

#[test]
fn a_server_error_backs_off_with_jitter_and_a_bad_key_is_not_retried() {
    let (mut s, _) = schedule(4);
    let first = s.due(0).remove(0).request;
    let error = ProviderError::new(ErrorKind::Server, "oops");
    s.finished(
        first.id,
        CallResult::Failed {
            error,
            tool_call_streamed: false,
        },
        1_000,
        0.0,
    )
    .expect("applies");
    assert!(s.due(1_499).is_empty());
    let retry = s.due(1_500).remove(0).request;
    assert_eq!(retry.attempt, 1);
    let bad_key = ProviderError::new(ErrorKind::BadKey, format!("invalid x-api-key {SECRET}"));
    s.finished(
        retry.id,
        CallResult::Failed {
            error: bad_key,
            tool_call_streamed: false,
        },
        2_000,
        0.0,
    )
    .expect("applies");
    let later = s.due(100_000);
    assert!(
        !later
            .iter()
            .any(|d| d.request.member == retry.member && d.request.attempt > retry.attempt),
        "no retry after 401"
    );
    let log = format!("{:?}", s.run().timeline().events());
    assert!(!log.contains(SECRET), "the key never reaches the log");
    assert!(log.contains("[key]"));
}

#[test]
fn a_stream_that_handed_on_a_tool_call_is_failed_not_retried() {
    let (mut s, _) = schedule(4);
    let first = s.due(0).remove(0).request;
    let cut = ProviderError::new(ErrorKind::Truncated, "cut");
    s.finished(
        first.id,
        CallResult::Failed {
            error: cut,
            tool_call_streamed: true,
        },
        10,
        0.0,
    )
    .expect("applies");
    let later = s.due(1_000_000);
    assert!(
        !later
            .iter()
            .any(|d| d.request.member == first.member && d.request.attempt > 0),
        "a retry could run the streamed tool call twice"
    );
}

#[test]
fn jitter_is_deterministic_for_a_seed_and_in_range() {
    let a: Vec<f64> = (0..100)
        .scan(Jitter::new(7), |j, _| Some(j.sample()))
        .collect();
    let b: Vec<f64> = (0..100)
        .scan(Jitter::new(7), |j, _| Some(j.sample()))
        .collect();
    assert_eq!(a, b);
    assert!(a.iter().all(|x| (0.0..1.0).contains(x)));
    assert_ne!(a[0], a[1]);
}

#[test]
fn a_refused_stream_is_made_again_whole_at_once_and_only_for_that_member() {
    let (mut s, script) = schedule(4);
    let first = s.due(0).remove(0).request;
    assert!(
        s.streams(&first.member),
        "calls stream until a server refuses"
    );
    let refused = ProviderError::new(
        ErrorKind::StreamingRefused,
        "the streamed answer closed before its first event",
    );
    s.finished(
        first.id,
        CallResult::Failed {
            error: refused.clone(),
            tool_call_streamed: false,
        },
        1_000,
        0.5,
    )
    .expect("applies");
    assert!(
        !s.streams(&first.member),
        "this member's answers now come whole"
    );
    assert_eq!(
        s.whole_answers(),
        std::slice::from_ref(&first.member),
        "said once, for that member"
    );
    let retry = s.due(1_000);
    let retry = retry
        .iter()
        .find(|d| d.request.member == first.member)
        .expect("the same call goes again at once, with no backoff")
        .request
        .clone();
    assert_eq!(retry.attempt, 1);
    // A second refusal for the same member is not a second notice.
    s.finished(
        retry.id,
        CallResult::Failed {
            error: refused,
            tool_call_streamed: false,
        },
        1_010,
        0.5,
    )
    .expect("applies");
    assert_eq!(s.whole_answers().len(), 1);
    run_to_end(&mut s, &script);
    assert!(s.is_done());
}

#[test]
fn a_runs_tally_counts_every_call_once_and_its_summary_says_it_in_both_languages() {
    let (mut s, script) = schedule(2);
    // The first call fails once (retried), then everything is answered; one answer is cut.
    let first = s.due(0).remove(0).request;
    s.finished(
        first.id,
        CallResult::Failed {
            error: ProviderError::new(ErrorKind::Server, "oops"),
            tool_call_streamed: false,
        },
        10,
        0.0,
    )
    .expect("applies");
    run_to_end(&mut s, &script);
    let tally = s.tally();
    let events = s.run().timeline().events();
    let replies = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ModelReplied { .. }))
        .count() as u32;
    assert_eq!(tally.answered, replies);
    assert_eq!(tally.retried, 1);
    assert_eq!(tally.given_up, 0);
    assert_eq!(tally.calls, tally.answered + tally.retried + tally.given_up);
    assert_eq!(tally.cut, 0);
    let en = tally.summary(Lang::En);
    assert!(
        en.starts_with(&format!(
            "{} calls: {} answered",
            tally.calls, tally.answered
        )),
        "{en}"
    );
    assert!(en.contains("1 failed and retried"), "{en}");
    let zh = tally.summary(Lang::Zh);
    assert!(
        zh.contains(&format!("共 {} 次调用", tally.calls)) && zh.contains("1 次失败后重试"),
        "{zh}"
    );
}

#[test]
fn an_answer_cut_at_the_length_cap_is_counted_as_cut() {
    let (mut s, script) = schedule(1);
    let first = s.due(0).remove(0).request;
    let CallResult::Answered(mut decoded) = answer(&script, &first) else {
        panic!("the script answers lesson 1's first call");
    };
    decoded.reply.stop_reason = StopReason::MaxTokens;
    decoded.stop = "length".into();
    s.finished(first.id, CallResult::Answered(decoded), 10, 0.0)
        .expect("applies");
    assert_eq!((s.tally().answered, s.tally().cut), (1, 1));
}

#[test]
fn a_cut_answer_is_narrated_as_cut_not_as_a_final_answer_in_both_languages() {
    use agent_team_playground::engine::{Event, ModelReply};
    use agent_team_playground::view::narration::narrate;
    let (mut s, _) = schedule(1);
    let first = s.due(0).remove(0).request;
    let replied = |stop_reason| Event {
        seq: 0,
        time: 0,
        actor: Some(first.member.clone()),
        kind: EventKind::ModelReplied {
            member: first.member.clone(),
            request_id: first.id,
            reply: ModelReply {
                text: "The plan is to".into(),
                tool_calls: Vec::new(),
                stop_reason,
            },
        },
    };
    let cut = replied(StopReason::MaxTokens);
    assert!(narrate(&cut, Lang::En).contains("reply-length cap"));
    assert!(!narrate(&cut, Lang::En).contains("with a final answer"));
    assert!(narrate(&cut, Lang::Zh).contains("截断"));
    assert!(narrate(&replied(StopReason::EndTurn), Lang::En).contains("with a final answer"));
}

#[test]
fn a_stop_keeps_the_log_before_the_first_request_no_server_saw_and_its_recording_replays_to_it() {
    let (mut s, script) = schedule(1);
    // Answer calls one at a time until a request waits in the queue behind the one out.
    let mut now = 0;
    let out = loop {
        let due = s.due(now);
        let request = due.into_iter().next().expect("a call goes out").request;
        if s.queued() > 0 {
            break request;
        }
        now += 10;
        let result = answer(&script, &request);
        s.finished(request.id, result, now, 0.5).expect("applies");
    };
    let before = s.run().timeline().len();
    let kept = s.stop();
    assert!(
        kept < before,
        "a queued request's event is left out ({kept} of {before})"
    );
    let timeline = s.timeline();
    assert_eq!(timeline.len(), kept);
    let sent: Vec<_> = timeline
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ModelRequested { request } => Some(request.id),
            _ => None,
        })
        .collect();
    assert!(
        sent.contains(&out.id),
        "the call in flight was sent: it stays"
    );
    assert_eq!(s.queued(), 0);
    assert!(s.due(1_000_000).is_empty(), "nothing goes out after a stop");
    // The aborted call comes back: it is not taken in.
    s.finished(
        out.id,
        CallResult::Failed {
            error: ProviderError::new(ErrorKind::Aborted, ""),
            tool_call_streamed: false,
        },
        now + 5,
        0.5,
    )
    .expect("ignored");
    assert_eq!(s.timeline().len(), kept);
    assert!(s.is_done());
    let recording = s.recording();
    assert_eq!(recording.stopped_at, Some(kept));
    let l1 = lesson("l1-two-investigators", Lang::En).expect("lesson 1");
    let replayed = recording.replay(&l1).expect("replays");
    assert_eq!(
        replayed.events(),
        s.timeline().events(),
        "the replay ends where the stop did"
    );
    assert_eq!(s.tally().cancelled, 1, "the call out when the run stopped");
    assert!(s
        .tally()
        .summary(Lang::En)
        .ends_with("1 cancelled by the stop."));
    // A recording made before stops existed (no field) reads and replays whole.
    let json = serde_json::to_value(s.run().recording()).expect("serializes");
    assert!(json.get("stopped_at").is_none());
    let old: agent_team_playground::lessons::recording::Recording =
        serde_json::from_value(json).expect("an old recording reads");
    assert_eq!(old.stopped_at, None);
    assert_eq!(
        old.replay(&l1).expect("replays").len(),
        before,
        "an old recording replays whole"
    );
}

#[test]
fn a_stream_cut_while_another_call_went_out_is_sent_again_one_call_at_a_time_and_the_engine_sees_one_answer(
) {
    let (mut s, script) = schedule(4);
    // The lead's first call, answered; then its teammates' calls go out together.
    let (mut out, mut now) = two_calls_out(&mut s, &script);
    let first = out.remove(0);
    let failures = |s: &LiveSchedule| {
        s.run()
            .timeline()
            .events()
            .iter()
            .filter(|e| matches!(e.kind, EventKind::ModelFailed { .. }))
            .count()
    };
    let cut = ProviderError::new(ErrorKind::Truncated, "the stream broke");
    // Part of a tool call had streamed in: the engine never saw it, so it is sent again too.
    s.finished(
        first.id,
        CallResult::Failed {
            error: cut.clone(),
            tool_call_streamed: true,
        },
        now + 5,
        0.0,
    )
    .expect("applies");
    assert_eq!((s.limit(), s.lowered_from()), (1, Some(4)));
    assert_eq!(
        failures(&s),
        0,
        "the engine sent the request once; the cut is the transport's"
    );
    assert!(
        s.due(now + 5).is_empty(),
        "one call at a time: the other is still out"
    );
    for r in out {
        now += 10;
        s.finished(r.id, answer(&script, &r), now, 0.5)
            .expect("applies");
    }
    let again = s.due(now).remove(0).request;
    assert_eq!(
        (again.id, again.attempt),
        (first.id, first.attempt),
        "the same request, again"
    );
    // Alone on the server, a cut is a cut: the engine hears of it and the budget is spent.
    s.finished(
        again.id,
        CallResult::Failed {
            error: cut,
            tool_call_streamed: false,
        },
        now + 5,
        0.0,
    )
    .expect("applies");
    assert_eq!(failures(&s), 1);
    run_to_end(&mut s, &script);
    assert!(s.is_done());
    assert!(s.tally().retried >= 2);
}

#[test]
fn a_request_whose_retries_ran_out_is_reported_as_a_spent_budget_not_as_not_retryable() {
    let (mut s, _) = schedule(4);
    let mut now = 0;
    for _ in 0..20 {
        now += 20_000;
        for d in s.due(now) {
            s.finished(
                d.request.id,
                CallResult::Failed {
                    error: ProviderError::new(ErrorKind::Server, "oops"),
                    tool_call_streamed: false,
                },
                now,
                0.0,
            )
            .expect("applies");
        }
    }
    let log = format!("{:?}", s.run().timeline().events());
    assert!(log.contains("the retry budget is spent"), "{log}");
    assert!(!log.contains("not retryable"));
    let tally = s.tally();
    assert!(tally.given_up >= 1 && tally.retried >= 2, "{tally:?}");
    assert_eq!(
        tally.calls,
        tally.retried + tally.given_up,
        "every call failed"
    );
    // A bad key cannot be helped by a retry: that one is "not retryable".
    let (mut s, _) = schedule(4);
    let d = s.due(0).remove(0);
    s.finished(
        d.request.id,
        CallResult::Failed {
            error: ProviderError::new(ErrorKind::BadKey, "no"),
            tool_call_streamed: false,
        },
        1,
        0.0,
    )
    .expect("applies");
    assert!(format!("{:?}", s.run().timeline().events()).contains("not retryable"));
}

#[test]
fn a_failed_lead_is_not_said_to_report_to_the_lead() {
    use agent_team_playground::view::narration::narrate_in;
    let (mut s, _) = schedule(4);
    let d = s.due(0).remove(0);
    assert_eq!(d.request.member, "lead");
    s.finished(
        d.request.id,
        CallResult::Failed {
            error: ProviderError::new(ErrorKind::BadKey, "no"),
            tool_call_streamed: false,
        },
        1,
        0.0,
    )
    .expect("applies");
    let timeline = s.timeline();
    let index = timeline
        .events()
        .iter()
        .position(
            |e| matches!(&e.kind, EventKind::RoundFinished { member, .. } if member == "lead"),
        )
        .expect("the lead's round ends");
    let state = timeline.state_at(index + 1);
    let event = &timeline.events()[index];
    let en = narrate_in(event, &state, Lang::En);
    assert!(
        en.contains("no one to report to") && !en.contains("reports the error to the lead"),
        "{en}"
    );
    let zh = narrate_in(event, &state, Lang::Zh);
    assert!(
        zh.contains("没有人可以报告") && !zh.contains("向 lead 报告"),
        "{zh}"
    );
}

#[test]
fn a_hosted_apis_cut_stream_is_a_failure_the_engine_hears_of_and_the_calls_at_once_stay() {
    let (mut s, script) = schedule_on("https://api.openai.com/v1", 4);
    let (mut out, now) = two_calls_out(&mut s, &script);
    let first = out.remove(0);
    s.finished(
        first.id,
        CallResult::Failed {
            error: ProviderError::new(ErrorKind::Truncated, "the stream broke"),
            tool_call_streamed: false,
        },
        now + 5,
        0.0,
    )
    .expect("applies");
    assert_eq!((s.limit(), s.lowered_from()), (4, None));
    assert!(s
        .run()
        .timeline()
        .events()
        .iter()
        .any(|e| matches!(e.kind, EventKind::ModelFailed { .. })));
}
