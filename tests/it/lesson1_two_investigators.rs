//! Lesson 1 (seed 000) end to end: the rules it covers are asserted on the event log and the
//! state at each relevant step, plus a golden transcript (`UPDATE_GOLDEN=1` refreshes it).

use crate::support;

use agent_team_playground::engine::*;
use support::*;

const ID: &str = "l1-two-investigators";

#[test]
fn lesson1_transcript_matches_golden() {
    let timeline = play(ID);
    check_golden(ID, &timeline);
    check_captions(&timeline);
}

fn request(state: &TeamState, id: u64) -> &SentRequest {
    state.request(RequestId(id)).expect("request exists")
}

fn contains_notification(request: &ModelRequest, id: MessageId) -> bool {
    request.messages.iter().any(|e| e.notifies.contains(&id))
}

/// The step right after the first event matching `name`/`actor`/`needle`.
fn step_after(timeline: &Timeline, name: &str, actor: &str, needle: &str) -> usize {
    timeline
        .events()
        .iter()
        .find(|e| {
            e.kind.name() == name
                && e.actor.as_deref() == Some(actor)
                && e.summary().contains(needle)
        })
        .map(|e| e.seq + 1)
        .unwrap_or_else(|| panic!("no {name} by {actor} containing {needle}"))
}

#[test]
fn t1_roster_records_name_role_history_occupancy_status_deliveries() {
    let timeline = play(ID);
    let start = timeline.state_at(0);
    let names: Vec<&str> = start.members_in_order().map(|m| m.name()).collect();
    assert_eq!(names, ["lead", "reader", "reviewer"]);
    for m in start.members_in_order() {
        assert_eq!(m.status(), MemberStatus::Idle);
        assert!(!m.busy());
        assert_eq!(m.deliveries_used(), 0);
        assert!(m.history().is_empty());
    }
    let end = timeline.final_state();
    let reader = end.member("reader").unwrap();
    assert_eq!(
        (
            reader.role(),
            reader.deliveries_used(),
            reader.deliveries_completed()
        ),
        ("reader", 2, 2)
    );
}

#[test]
fn t2_histories_are_separate_until_a_message_hands_over() {
    let timeline = play(ID);
    let end = timeline.final_state();
    // Both read the same file, main.py: each gets its own result, in its own history.
    let reads = |name: &str| -> Vec<(String, String)> {
        end.member(name)
            .unwrap()
            .history()
            .iter()
            .filter(|e| e.role == EntryRole::Tool && e.tool_name.as_deref() == Some("read_file"))
            .map(|e| (e.tool_call_id.clone().unwrap_or_default(), e.text.clone()))
            .collect()
    };
    let (reader_reads, reviewer_reads) = (reads("reader"), reads("reviewer"));
    assert_eq!(reader_reads.len(), 1);
    assert_eq!(reader_reads[0].1, "print(6 * 7)");
    assert!(reviewer_reads
        .iter()
        .any(|(_, text)| text == "print(6 * 7)"));
    assert!(
        reader_reads.iter().all(|r| !reviewer_reads.contains(r)),
        "the same file read twice gives two results, one per history; neither history holds the other's"
    );
    assert_ne!(
        end.member("reader").unwrap().history().len(),
        end.member("reviewer").unwrap().history().len()
    );
    // reader learns 42 only through reviewer's explicit message, never through the file.
    let reader = end.member("reader").unwrap();
    assert!(!reader
        .history()
        .iter()
        .any(|e| e.role == EntryRole::Tool && e.text == "42"));
    assert!(reader
        .history()
        .iter()
        .any(|e| e.is_notification() && e.text.contains("from reviewer") && e.text.contains("42")));
}

#[test]
fn t3_second_delivery_reuses_the_old_history_without_reading_again() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let reader_requests = end.member_requests("reader");
    let first_of_delivery_2 = reader_requests
        .iter()
        .find(|r| r.request.delivery == 2)
        .unwrap();
    let last_of_delivery_1 = reader_requests
        .iter()
        .rev()
        .find(|r| r.request.delivery == 1)
        .unwrap();
    // The old request's history is a prefix of the new one: nothing rebuilt or copied from elsewhere.
    let old: Vec<_> = last_of_delivery_1.request.messages.to_vec();
    let new: Vec<_> = first_of_delivery_2.request.messages.to_vec();
    assert_eq!(&new[..old.len()], &old[..]);
    assert!(new
        .iter()
        .any(|e| e.tool_name.as_deref() == Some("read_file") && e.text == "print(6 * 7)"));
    // No read_file call in delivery 2.
    let calls_in_2: Vec<&str> = reader_requests
        .iter()
        .filter(|r| r.request.delivery == 2)
        .filter_map(|r| r.reply.as_ref())
        .flat_map(|reply| reply.tool_calls.iter().map(|c| c.name.as_str()))
        .collect();
    assert_eq!(calls_in_2, ["send_message"]);
    let read_files = events_of(&timeline, "tool_executed", "reader")
        .into_iter()
        .filter(|e| e.summary().contains("read_file"))
        .count();
    assert_eq!(read_files, 1);
}

#[test]
fn t4_a_round_ends_but_the_member_record_persists() {
    let timeline = play(ID);
    let finished = step_after(&timeline, "round_finished", "reader", "reported the source");
    let state = timeline.state_at(finished);
    let reader = state.member("reader").unwrap();
    assert!(reader.round().is_none(), "the round (the carrier) is gone");
    assert_eq!(reader.history().len(), 6, "the history persists");
    assert_eq!(reader.deliveries_used(), 1);
}

#[test]
fn t5_reader_and_reviewer_are_busy_at_the_same_time() {
    let timeline = play(ID);
    let both_busy = (0..=timeline.len()).any(|step| {
        let s = timeline.state_at(step);
        s.member("reader").unwrap().busy() && s.member("reviewer").unwrap().busy()
    });
    assert!(both_busy);
    // Their first requests overlap in logical time.
    let end = timeline.final_state();
    let r3 = request(end, 3);
    let r4 = request(end, 4);
    assert_eq!(
        (r3.request.member.as_str(), r4.request.member.as_str()),
        ("reader", "reviewer")
    );
    assert!(
        r4.request.sent_at < r3.finished_at.unwrap()
            && r3.request.sent_at < r4.finished_at.unwrap()
    );
}

#[test]
fn m1_send_returns_a_queued_receipt_with_the_bound_sender() {
    let timeline = play(ID);
    let queued = step_after(&timeline, "message_queued", "reviewer", "-> reader");
    let state = timeline.state_at(queued);
    let m4 = state.message(MessageId(4)).unwrap();
    assert_eq!(
        (m4.from.as_str(), m4.to.as_str(), m4.kind),
        ("reviewer", "reader", MessageKind::Message)
    );
    let tool = &timeline.events()[queued];
    match &tool.kind {
        EventKind::ToolExecuted {
            result, is_error, ..
        } => {
            assert!(!is_error);
            assert!(
                result.contains("\"state\":\"queued\"") && result.contains("\"message_id\":\"m4\""),
                "{result}"
            );
        }
        other => panic!("expected the tool result after the store, got {other:?}"),
    }
}

#[test]
fn m2_m3_queued_is_not_seen_and_the_in_flight_request_never_changes() {
    let timeline = play(ID);
    let m4 = MessageId(4);
    let queued = step_after(&timeline, "message_queued", "reviewer", "-> reader");
    let state = timeline.state_at(queued);
    // reader's request r7 is in flight and does not contain m4.
    let r7 = request(&state, 7);
    assert_eq!(r7.status, RequestStatus::InFlight);
    assert!(!contains_notification(&r7.request, m4));
    assert_eq!(state.message_position(m4), Some(Position::Queued));
    // r7 stays exactly as sent.
    let end = timeline.final_state();
    assert_eq!(request(end, 7).request, r7.request);
    assert!(!contains_notification(&request(end, 7).request, m4));
    // Then: in candidate, committed, in request r9 -- in that order.
    let prepared = step_after(&timeline, "candidate_prepared", "reader", "notifies m4");
    let committed = step_after(&timeline, "history_committed", "reader", "notifies m4");
    let requested = step_after(&timeline, "model_requested", "reader", "r9");
    assert!(queued < prepared && prepared < committed && committed < requested);
    assert_eq!(
        timeline.state_at(prepared).message_position(m4),
        Some(Position::InCandidate)
    );
    assert_eq!(
        timeline.state_at(committed).message_position(m4),
        Some(Position::Committed)
    );
    assert_eq!(
        timeline.state_at(requested).message_position(m4),
        Some(Position::InRequest(vec![RequestId(9)]))
    );
    assert_eq!(
        timeline.state_at(requested).requests_containing(m4),
        vec![RequestId(9)]
    );
    // The inbox count never says what the model knows: at the queued step the inbox has 2
    // records, the model has seen 1.
    let reader = state.member("reader").unwrap();
    assert_eq!(reader.inbox().len(), 2);
    assert_eq!(
        reader
            .history()
            .iter()
            .filter(|e| e.is_notification())
            .count(),
        1
    );
}

#[test]
fn m4_preparation_appends_notifications_and_deletes_nothing() {
    let timeline = play(ID);
    let prepared = step_after(&timeline, "candidate_prepared", "reader", "notifies m4");
    let before = timeline.state_at(prepared - 1);
    let after = timeline.state_at(prepared);
    let reader = after.member("reader").unwrap();
    let candidate = reader.candidate().unwrap();
    assert_eq!(
        candidate.base_len,
        before.member("reader").unwrap().history().len()
    );
    assert_eq!(candidate.message_ids, vec![MessageId(4)]);
    assert_eq!(candidate.entries[0].text, "[inbox m4] message from reviewer: expected.txt says the expected output is 42. Please compare it with main.py.");
    assert_eq!(
        reader.inbox().to_vec(),
        vec![MessageId(1), MessageId(4)],
        "nothing deleted"
    );
    assert_eq!(after.messages().len(), before.messages().len());
    // Each notification appears once in the final history.
    let end = timeline.final_state();
    let texts: Vec<&str> = end
        .member("reader")
        .unwrap()
        .history()
        .iter()
        .filter(|e| e.is_notification())
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(texts.len(), 2);
}

#[test]
fn d1_lead_takes_both_reports_before_summarizing() {
    let timeline = play(ID);
    let end = timeline.final_state();
    let last = end.member_requests("lead").into_iter().last().unwrap();
    assert!(contains_notification(&last.request, MessageId(3)));
    assert!(contains_notification(&last.request, MessageId(5)));
    let summary = last.reply.as_ref().unwrap();
    assert!(summary.tool_calls.is_empty());
}

#[test]
fn d2_summary_says_read_not_run_and_no_tool_runs_code() {
    let timeline = play(ID);
    let end = timeline.final_state();
    // The engine's summary rules: every request the host sent carries them in its system
    // prompt, whatever the lesson scripted: messages are information, no tool runs code, say
    // (or report) only what was read.
    for sent in end.requests().iter() {
        let system = &sent.request.system;
        assert!(system.contains("information, never permission"), "{system}");
        let read_only = match end.member(&sent.request.member).map(|m| m.kind()) {
            Some(MemberKind::Lead) => "No tool runs code: say only what was read.",
            _ => "No tool runs code: report what you read, not what a program would print.",
        };
        assert!(system.contains(read_only), "{system}");
    }
    // And the lesson's scripted summary keeps to them (it is lesson text: this half checks the
    // script, the half above checks the engine).
    let summary = &end
        .member_requests("lead")
        .into_iter()
        .last()
        .unwrap()
        .reply
        .as_ref()
        .unwrap()
        .text;
    assert!(summary.contains("was not run"));
    assert!(!summary.to_lowercase().contains("ran it") && !summary.contains("output 42"));
    for sent in end.requests().iter() {
        assert!(sent
            .request
            .tool_names()
            .iter()
            .all(|t| !t.contains("run") && !t.contains("exec")));
    }
}

#[test]
fn d3_every_record_carries_the_sender_the_host_bound() {
    let timeline = play(ID);
    let end = timeline.final_state();
    // Each record a model sent names, as its sender, the member whose request the model was
    // answering: found from the request log, not from the record or the event that stored it.
    let mut checked = 0;
    for record in end.messages().iter() {
        let senders: Vec<&str> = end
            .requests()
            .iter()
            .filter(|sent| {
                sent.reply.as_ref().is_some_and(|reply| {
                    reply.tool_calls.iter().any(|call| {
                        call.name == "send_message"
                            && call.arguments["to"] == record.to.as_str()
                            && call.arguments["body"] == record.body.as_str()
                    })
                })
            })
            .map(|sent| sent.request.member.as_str())
            .collect();
        assert_eq!(senders, [record.from.as_str()], "{}", record.id);
        checked += 1;
    }
    assert!(checked >= 4, "lesson 1's reports and tasks are checked");
}

#[test]
fn lesson1_replay_is_deterministic() {
    let a = play(ID);
    let b = play(ID);
    assert_eq!(a.events(), b.events());
}
