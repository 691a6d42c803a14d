//! What the host could take next (issue 48): every input that is enabled in a state, as data.
//!
//! Spectacle's and TLA+'s "enabled actions": a state decides which inputs make sense now, and
//! this is the one place that says so. The playground turns each into a learner's choice
//! (`lessons::next_choices`, with the script's replies and a label in both languages) and the
//! bounded model check (`tests/model_check.rs`) enumerates its inputs from the same list, so
//! what a learner may pick and what the checker explores cannot drift apart.
//!
//! "Enabled" means the host takes it without refusing it for being out of place: a reply only
//! to a request in flight, a delivery only to a member that is free and may work, a recall
//! only of a member that is out. A send is always offered, because a refused send (a full
//! inbox, M7) is itself something a learner should be able to cause.

use super::model::RequestId;
use super::protocol::{ProtocolKind, ProtocolStatus};
use super::roster::MemberStatus;
use super::state::TeamState;

/// One input the host could take next. `member` is always the member it concerns, `request`
/// the request in flight it answers.
#[allow(missing_docs)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NextInput {
    /// `member`'s model answers its request in flight (a reply).
    Answer { member: String, request: RequestId },
    /// `member`'s request in flight fails (a failed call).
    Fail { member: String, request: RequestId },
    /// `member`'s model decides the pending protocol request `protocol` (of `kind`) addressed
    /// to it, in the reply to its request in flight: approve or refuse a shutdown (P2), a plan
    /// (P3).
    Decide {
        member: String,
        request: RequestId,
        protocol: String,
        kind: ProtocolKind,
        approve: bool,
    },
    /// Deliver work to `member`: start its next round (T5).
    Start { member: String },
    /// The host stores a message from `from` to `to` (M1).
    Send { from: String, to: String },
    /// Arm a fault for `member`: its next delivery fails between read and commit (M5, M6).
    Fault { member: String },
    /// The host restarts from its roster snapshot (L3).
    Restart,
    /// Bring `member` back with its history (L3).
    Recall { member: String },
}

/// Every input enabled in `state`, in a fixed order: per member in roster order its answers,
/// failures and decisions, then deliveries, sends from the lead, faults, recalls, and the
/// restart last. A disbanded team takes only a restart.
pub fn next_inputs(state: &TeamState) -> Vec<NextInput> {
    let mut out = Vec::new();
    if state.disbanded() {
        out.push(NextInput::Restart);
        return out;
    }
    for member in state.members_in_order() {
        let Some(request) = member.in_flight() else {
            continue;
        };
        let name = member.name().to_string();
        out.push(NextInput::Answer {
            member: name.clone(),
            request,
        });
        out.push(NextInput::Fail {
            member: name.clone(),
            request,
        });
        for pending in state
            .protocol_requests()
            .filter(|p| p.to == name && p.status == ProtocolStatus::Pending)
        {
            for approve in [true, false] {
                out.push(NextInput::Decide {
                    member: name.clone(),
                    request,
                    protocol: pending.id.clone(),
                    kind: pending.kind,
                    approve,
                });
            }
        }
    }
    for member in state.members_in_order() {
        let free = !member.busy() && !member.waiting_for_lock();
        let may_work = member.status() == MemberStatus::Idle;
        if free && may_work && member.deliveries_used() < member.delivery_budget() {
            out.push(NextInput::Start {
                member: member.name().to_string(),
            });
        }
    }
    let lead = state.lead_name().to_string();
    for member in state.members_in_order().filter(|m| m.name() != lead) {
        out.push(NextInput::Send {
            from: lead.clone(),
            to: member.name().to_string(),
        });
    }
    for member in state.members_in_order() {
        if member.armed_fault().is_none() && member.status() != MemberStatus::Shutdown {
            out.push(NextInput::Fault {
                member: member.name().to_string(),
            });
        }
    }
    for member in state.members_in_order() {
        if recallable(member.status()) {
            out.push(NextInput::Recall {
                member: member.name().to_string(),
            });
        }
    }
    out.push(NextInput::Restart);
    out
}

/// L3: the statuses a recall brings back (the engine refuses any other).
fn recallable(status: MemberStatus) -> bool {
    matches!(
        status,
        MemberStatus::Offline
            | MemberStatus::Stopped
            | MemberStatus::Failed
            | MemberStatus::Shutdown
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{MemberConfig, TeamConfig};
    use crate::team::{Input, Team};

    fn team() -> Team {
        let config = TeamConfig::new(vec![
            MemberConfig::lead(),
            MemberConfig::teammate("a", "worker"),
        ]);
        Team::new(config).expect("valid config")
    }

    #[test]
    fn t5_a_fresh_team_offers_deliveries_sends_faults_and_a_restart_but_no_answer() {
        let inputs = next_inputs(team().state());
        assert!(inputs.contains(&NextInput::Start { member: "a".into() }));
        assert!(inputs.contains(&NextInput::Send {
            from: "lead".into(),
            to: "a".into()
        }));
        assert!(inputs.contains(&NextInput::Restart));
        assert!(!inputs
            .iter()
            .any(|i| matches!(i, NextInput::Answer { .. } | NextInput::Recall { .. })));
    }

    #[test]
    fn t5_a_member_in_flight_is_answered_or_failed_never_started_again() {
        let mut team = team();
        team.apply(Input::StartRound {
            member: "lead".into(),
            prompt: Some("task".into()),
        });
        let inputs = next_inputs(team.state());
        let request = team.state().member("lead").and_then(|m| m.in_flight());
        let request = request.expect("the lead's request is in flight");
        assert!(inputs.contains(&NextInput::Answer {
            member: "lead".into(),
            request
        }));
        assert!(inputs.contains(&NextInput::Fail {
            member: "lead".into(),
            request
        }));
        assert!(!inputs.contains(&NextInput::Start {
            member: "lead".into()
        }));
    }

    #[test]
    fn l3_after_a_restart_every_member_is_offered_a_recall_and_no_delivery() {
        let mut team = team();
        let snapshot = Box::new(team.roster_snapshot());
        team.apply(Input::Restore { snapshot });
        let inputs = next_inputs(team.state());
        for name in ["lead", "a"] {
            assert!(inputs.contains(&NextInput::Recall {
                member: name.into()
            }));
            assert!(!inputs.contains(&NextInput::Start {
                member: name.into()
            }));
        }
    }
}
