//! The transcript line of every event kind, and what the state says after each input: one run
//! through the engine that makes each of the 30 kinds at least once, its `seq. summary` lines and,
//! after each input, a line of the state's queries (every member's status, budgets, history,
//! candidate and inbox; every record's position, every request's and protocol request's status,
//! the lock, the disband report), compared with `engine/tests/golden/every_kind.txt` (refreshed
//! with `UPDATE_GOLDEN=1`). The lessons' transcripts and the playground's lanes and cards are
//! made of these, so a kind that lost its line or its effect on the state shows here.

use crate::harness::*;
use agent_team_engine::event::EVENT_NAMES;
use agent_team_engine::*;
use serde_json::json;
use std::collections::BTreeSet;

fn fail(team: &mut Team, member: &str, error: &str, retryable: bool) -> Vec<Event> {
    let id = in_flight(team, member);
    team.apply(Input::ModelFailed {
        request_id: id,
        error: error.into(),
        retryable,
    })
}

fn tick(team: &mut Team, now: u64) -> Vec<Event> {
    team.apply(Input::Tick { now })
}

fn toggles(team: &mut Team, drain_on_read: bool, hold_lock_during_model_call: bool) -> Vec<Event> {
    team.apply(Input::SetToggles {
        toggles: Toggles {
            drain_on_read,
            hold_lock_during_model_call,
        },
    })
}

/// Every kind, in an order a lesson could take.
pub(crate) fn run() -> (Vec<Event>, String) {
    let mut team = team_with(true);
    let mut log = Vec::new();
    let mut out = String::new();
    let mut written = 0;
    // Sends: stored, then a resend with the same key stores nothing.
    for _ in 0..2 {
        log.extend(team.apply(Input::HostSend {
            from: "lead".into(),
            to: "reader".into(),
            body: "read main.py".into(),
            idempotency_key: Some("k1".into()),
        }));
        record(&mut out, &mut written, &log, &team);
    }
    log.extend(tick(&mut team, 10));
    record(&mut out, &mut written, &log, &team);
    // The clock: the same time again is fine, a tick back is refused.
    log.extend(tick(&mut team, 10));
    record(&mut out, &mut written, &log, &team);
    log.extend(tick(&mut team, 9));
    record(&mut out, &mut written, &log, &team);
    // A round with a tool, a file written and a final text.
    log.extend(start(&mut team, "reader"));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(
        &mut team,
        "reader",
        "read_file",
        json!({"path": "main.py"}),
    ));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(
        &mut team,
        "reader",
        "write_file",
        json!({"path": "notes.txt", "content": "42"}),
    ));
    record(&mut out, &mut written, &log, &team);
    log.extend(reply(&mut team, "reader", ModelReply::text("it prints 42")));
    record(&mut out, &mut written, &log, &team);
    log.extend(tick(&mut team, 20));
    record(&mut out, &mut written, &log, &team);
    // The lead spawns a teammate and asks the reviewer to shut down; a bad tool is refused.
    log.extend(team.apply(Input::StartRound {
        member: "lead".into(),
        prompt: Some("check the answer".into()),
    }));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(
        &mut team,
        "lead",
        "spawn_teammate",
        json!({"name": "tester", "role": "tester"}),
    ));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(&mut team, "lead", "no_such_tool", json!({})));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(
        &mut team,
        "lead",
        "shutdown_request",
        json!({"teammate": "reviewer"}),
    ));
    record(&mut out, &mut written, &log, &team);
    log.extend(reply(&mut team, "lead", ModelReply::text("asked")));
    record(&mut out, &mut written, &log, &team);
    log.extend(start(&mut team, "reviewer"));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(
        &mut team,
        "reviewer",
        "send_message",
        json!({"to": "lead", "body": "the answer is 42"}),
    ));
    record(&mut out, &mut written, &log, &team);
    let request_id = team
        .state()
        .protocol_requests()
        .find(|r| r.to == "reviewer")
        .map(|r| r.id.clone())
        .expect("the shutdown request");
    log.extend(tool(
        &mut team,
        "reviewer",
        "shutdown_response",
        json!({"request_id": request_id, "approve": true, "reason": "done"}),
    ));
    record(&mut out, &mut written, &log, &team);
    log.extend(tick(&mut team, 30));
    record(&mut out, &mut written, &log, &team);
    // Drain mode: a read takes the inbox; a retry, then a failure whose report is cut.
    log.extend(toggles(&mut team, true, false));
    record(&mut out, &mut written, &log, &team);
    log.extend(host_send(&mut team, "lead", "tester", "run the tests"));
    record(&mut out, &mut written, &log, &team);
    log.extend(start(&mut team, "tester"));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(&mut team, "tester", "read_inbox", json!({})));
    record(&mut out, &mut written, &log, &team);
    log.extend(fail(&mut team, "tester", "503", true));
    record(&mut out, &mut written, &log, &team);
    log.extend(fail(&mut team, "tester", &"x".repeat(700), false));
    record(&mut out, &mut written, &log, &team);
    // Append-only again, the lock held across the model call: a second member waits.
    log.extend(toggles(&mut team, false, true));
    record(&mut out, &mut written, &log, &team);
    log.extend(host_send(&mut team, "lead", "reader", "again"));
    record(&mut out, &mut written, &log, &team);
    log.extend(start(&mut team, "reader"));
    record(&mut out, &mut written, &log, &team);
    log.extend(host_send(&mut team, "lead", "tester", "again"));
    record(&mut out, &mut written, &log, &team);
    log.extend(team.apply(Input::Recall {
        member: "tester".into(),
    }));
    record(&mut out, &mut written, &log, &team);
    log.extend(start(&mut team, "tester"));
    record(&mut out, &mut written, &log, &team);
    log.extend(reply(&mut team, "reader", ModelReply::text("done again")));
    record(&mut out, &mut written, &log, &team);
    log.extend(tool(&mut team, "tester", "read_file", json!({"path": 5})));
    record(&mut out, &mut written, &log, &team);
    log.extend(reply(&mut team, "tester", ModelReply::text("tested")));
    record(&mut out, &mut written, &log, &team);
    // A fault between read and commit: append-only keeps the records (M5), drain mode loses
    // them (M6).
    log.extend(tick(&mut team, 40));
    record(&mut out, &mut written, &log, &team);
    log.extend(team.apply(Input::Recall {
        member: "reviewer".into(),
    }));
    record(&mut out, &mut written, &log, &team);
    for (member, drain) in [("reviewer", false), ("lead", true)] {
        log.extend(toggles(&mut team, drain, false));
        record(&mut out, &mut written, &log, &team);
        log.extend(team.apply(Input::InjectFault {
            member: member.into(),
            fault: Fault::FailBeforeCommit,
        }));
        record(&mut out, &mut written, &log, &team);
        log.extend(host_send(&mut team, "reader", member, "third"));
        record(&mut out, &mut written, &log, &team);
        log.extend(start(&mut team, member));
        record(&mut out, &mut written, &log, &team);
        log.extend(reply(&mut team, member, ModelReply::text("ok")));
        record(&mut out, &mut written, &log, &team);
    }
    // A restart from the roster, a disband with unread mail.
    log.extend(tick(&mut team, 50));
    record(&mut out, &mut written, &log, &team);
    let snapshot = team.roster_snapshot();
    log.extend(team.apply(Input::Restore {
        snapshot: Box::new(snapshot),
    }));
    record(&mut out, &mut written, &log, &team);
    log.extend(host_send(&mut team, "lead", "tester", "never read"));
    record(&mut out, &mut written, &log, &team);
    log.extend(team.apply(Input::Disband));
    record(&mut out, &mut written, &log, &team);
    (log, out)
}

/// The summaries of the events the last input made (those after the `written` already
/// written), then the state's line.
fn record(out: &mut String, written: &mut usize, log: &[Event], team: &Team) {
    for event in &log[*written..] {
        out.push_str(&format!("{}. {}\n", event.seq, event.summary()));
    }
    *written = log.len();
    out.push_str(&format!(
        "   state: clock {} | {}\n",
        team.now(),
        state_line(team.state())
    ));
}

fn state_line(s: &TeamState) -> String {
    let mut parts = Vec::new();
    for m in s.members_in_order() {
        let round = m.round().map_or(String::new(), |_| {
            format!(
                " req{} retry{}",
                m.requests_used_this_delivery(),
                m.retries_used_this_delivery()
            )
        });
        parts.push(format!(
            "{} {} d{}/{} done{} h{}{}{} inbox{}/{} unseen{}{}{}{}{} scan{}{}",
            m.name(),
            m.status().as_str(),
            m.deliveries_used(),
            m.delivery_budget(),
            m.deliveries_completed(),
            m.history().len(),
            if m.history_loaded() { "" } else { "(stored)" },
            m.stored_history_len()
                .map_or(String::new(), |n| format!("/{n}")),
            s.inbox_count(m.name()),
            m.inbox().len(),
            s.not_in_history_count(m.name()),
            m.candidate().map_or(String::new(), |c| format!(
                " cand{}+{}",
                c.base_len,
                c.entries.len()
            )),
            m.in_flight()
                .map_or(String::new(), |r| format!(" flying {r}")),
            if m.waiting_for_lock() { " waits" } else { "" },
            if m.armed_fault().is_some() {
                " fault"
            } else {
                ""
            },
            m.scan_from(),
            round,
        ));
    }
    let positions: Vec<String> = s
        .messages()
        .iter()
        .map(|r| {
            let position = s.message_position(r.id).map_or("?", |p| p.name());
            let unread = if s.is_unread(r) { "*" } else { "" };
            let requests: Vec<String> = s
                .requests_containing(r.id)
                .iter()
                .map(|q| q.to_string())
                .collect();
            format!("{}:{position}{unread}[{}]", r.id, requests.join(","))
        })
        .collect();
    let requests: Vec<String> = s
        .requests()
        .iter()
        .map(|r| {
            format!(
                "{}:{}{}",
                r.request.id,
                r.status.as_str(),
                r.finished_at.map_or(String::new(), |t| format!("@{t}"))
            )
        })
        .collect();
    let protocol: Vec<String> = s
        .protocol_requests()
        .map(|r| format!("{}:{}", r.id, r.status.as_str()))
        .collect();
    let disband = s.disband_report().map(|records| {
        records
            .iter()
            .map(|r| r.id.to_string())
            .collect::<Vec<_>>()
            .join(",")
    });
    let toggles = s.toggles();
    format!(
        "{} | mail {} | requests {} | protocol {} | lock {} waiters [{}] busy {} files {} | order {} | drain {} hold {} | events {} now {}{}",
        parts.join("; "),
        positions.join(" "),
        requests.join(" "),
        protocol.join(" "),
        s.lock_holder().unwrap_or("-"),
        s.lock_waiters().join(","),
        s.any_busy(),
        s.files().len(),
        s.order().join(","),
        toggles.drain_on_read,
        toggles.hold_lock_during_model_call,
        s.event_count(),
        s.now(),
        disband.map_or(String::new(), |d| format!(" | disbanded, unread [{d}]")),
    )
}

#[test]
fn every_event_kind_has_its_transcript_line_and_events_are_numbered_in_order() {
    let (log, got) = run();
    let kinds: BTreeSet<&str> = log.iter().map(|e| e.kind.name()).collect();
    let missing: Vec<&str> = EVENT_NAMES
        .iter()
        .copied()
        .filter(|k| !kinds.contains(k))
        .collect();
    assert!(missing.is_empty(), "kinds the run never made: {missing:?}");
    let unlisted: Vec<&str> = kinds
        .iter()
        .copied()
        .filter(|k| !EVENT_NAMES.contains(k))
        .collect();
    assert!(
        unlisted.is_empty(),
        "kinds missing from EVENT_NAMES: {unlisted:?}"
    );
    for (i, event) in log.iter().enumerate() {
        assert_eq!(event.seq, i, "event {i} is numbered {}", event.seq);
    }
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/every_kind.txt");
    if std::env::var("UPDATE_GOLDEN").is_ok() {
        std::fs::write(path, &got).expect("write the golden file");
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        got == want,
        "the transcript differs from {path} (UPDATE_GOLDEN=1 refreshes it):\n{got}"
    );
}
