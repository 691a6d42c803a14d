//! Lesson 6 (seed 003): plan approval (P1, P3).

use crate::support;

use agent_team_playground::engine::*;
use support::*;

const ID: &str = "l6-plan-approval";

#[test]
fn p3_teammate_submits_lead_rejects_with_feedback_teammate_revises_lead_approves_teammate_proceeds()
{
    let timeline = play(ID);
    let end = timeline.final_state();
    let plan1 = &end.protocol()["plan-1"];
    let plan2 = &end.protocol()["plan-2"];
    assert_eq!(
        (plan1.from.as_str(), plan1.to.as_str(), plan1.status),
        ("alice", "lead", ProtocolStatus::Rejected)
    );
    assert!(plan1.response.as_deref().unwrap().contains("keep the API"));
    assert_eq!(plan2.status, ProtocolStatus::Approved);
    assert!(plan2.body.contains("Keep check(password, stored)"));
    // The teammate side created the id: it was opened by alice's tool call.
    let opened = events_of(&timeline, "protocol_opened", "alice");
    assert_eq!(opened.len(), 2);
    // The feedback reached alice's history before she revised.
    let revise = opened[1].seq;
    let alice = timeline.state_at(revise).member("alice").cloned().unwrap();
    assert!(alice.history().iter().any(|e| e.is_notification()
        && e.text.contains("plan_approval_response")
        && e.text.contains("keep the API")));
    // No write before the approval; the write after it.
    let approved_at = timeline
        .events()
        .iter()
        .find(|e| {
            matches!(
                &e.kind,
                EventKind::ProtocolDecided {
                    status: ProtocolStatus::Approved,
                    ..
                }
            )
        })
        .unwrap()
        .seq;
    let writes: Vec<usize> = events_of(&timeline, "file_written", "alice")
        .into_iter()
        .map(|e| e.seq)
        .collect();
    assert_eq!(writes.len(), 1);
    assert!(writes[0] > approved_at);
    assert!(end.files()["auth.py"].contains("sha256"));
}

#[test]
fn p1_plan_and_shutdown_share_pending_approved_rejected() {
    use std::collections::BTreeSet;
    // Plans (this lesson) and shutdowns (lesson 5) go through the same tracker: each request
    // opens pending, is decided once by the same event, and both kinds reach both decisions.
    let mut seen: Vec<(ProtocolKind, BTreeSet<&str>)> = Vec::new();
    let timelines = [play(ID), play("l5-shutdown-handshake")];
    for timeline in &timelines {
        let end = timeline.final_state();
        for event in timeline.events() {
            match &event.kind {
                EventKind::ProtocolOpened { request } => {
                    assert_eq!(request.status, ProtocolStatus::Pending);
                    assert_eq!(
                        timeline.state_at(event.seq + 1).protocol()[&request.id].status,
                        ProtocolStatus::Pending
                    );
                }
                EventKind::ProtocolDecided {
                    request_id, status, ..
                } => {
                    let before = timeline.state_at(event.seq).protocol()[request_id].status;
                    assert_eq!(before, ProtocolStatus::Pending, "{request_id} decided once");
                    assert_eq!(end.protocol()[request_id].status, *status, "and for good");
                    let kind = end.protocol()[request_id].kind;
                    match seen.iter_mut().find(|(k, _)| *k == kind) {
                        Some((_, statuses)) => {
                            statuses.insert(status.as_str());
                        }
                        None => seen.push((kind, BTreeSet::from([status.as_str()]))),
                    }
                }
                _ => {}
            }
        }
    }
    let both = BTreeSet::from(["approved", "rejected"]);
    assert_eq!(
        seen,
        [
            (ProtocolKind::Plan, both.clone()),
            (ProtocolKind::Shutdown, both)
        ]
    );
}
