//! P1-P5: the protocol tools. The lead asks a teammate to shut down, a teammate submits a plan;
//! the other side decides, once, by request id. An unknown, misaddressed or already-decided id is
//! refused and leaves the tracker unchanged.

use super::protocol::next_id;

use super::event::EventKind;
use super::mailbox::MessageKind;
use super::protocol::ProtocolKind;
use super::protocol::ProtocolRequest;
use super::protocol::ProtocolStatus;
use super::protocol::Tracker;
use super::refusal::Refusal;
use super::refusal::RefusalCode;
use super::tool_args::refuse;
use super::tool_table::MemberKind;

use super::team::Team;

impl Team {
    /// P2 (lead's `shutdown_request`): opens a pending shutdown request (P1) for a teammate and
    /// sends it through the mailbox with its request id. Only teammates can be asked; the send
    /// is checked first, so a refused send opens no request.
    pub(crate) fn shutdown_request(
        &mut self,
        lead: &str,
        teammate: &str,
    ) -> Result<String, Refusal> {
        let Some(target) = self.state.members.get(teammate) else {
            return Err(refuse(
                RefusalCode::UnknownRecipient,
                format!("there is no member named '{teammate}'"),
            ));
        };
        if target.kind != MemberKind::Teammate {
            return Err(refuse(
                RefusalCode::InvalidArgument,
                format!("'{teammate}' is not a teammate; only teammates can be asked to shut down"),
            ));
        }
        let id = next_id(&self.state.protocol, ProtocolKind::Shutdown);
        let note = "Please shut down gracefully.";
        self.check_send(lead, teammate, MessageKind::ShutdownRequest, note)?;
        self.emit(
            Some(lead),
            EventKind::ProtocolOpened {
                request: ProtocolRequest {
                    id: id.clone(),
                    kind: ProtocolKind::Shutdown,
                    from: lead.to_string(),
                    to: teammate.to_string(),
                    status: ProtocolStatus::Pending,
                    body: note.to_string(),
                    response: None,
                    opened_at: self.now,
                    decided_at: None,
                },
            },
        );
        let receipt = self.send(
            lead,
            teammate,
            MessageKind::ShutdownRequest,
            note,
            Some(id.clone()),
            None,
        )?;
        Ok(format!(
            "shutdown request {id} is pending; message {} queued for {teammate}",
            receipt.message_id
        ))
    }

    /// P1, P4 (lead's `shutdown_response`): the tracker is queryable at any time; answers the
    /// request's addressee, status and reason. An unknown id or one of the other protocol is
    /// refused (P5).
    pub(crate) fn query_request(&self, id: &str, kind: ProtocolKind) -> Result<String, Refusal> {
        match self.state.protocol.get(id) {
            Some(r) if r.kind == kind => Ok(format!(
                "{id} to {}: {}{}",
                r.to,
                r.status.as_str(),
                r.response
                    .as_ref()
                    .filter(|s| !s.is_empty())
                    .map(|s| format!(" (reason: {s})"))
                    .unwrap_or_default()
            )),
            Some(r) => Err(refuse(
                RefusalCode::WrongRequestKind,
                format!(
                    "'{id}' is a {} request, not a {} request",
                    r.kind.as_str(),
                    kind.as_str()
                ),
            )),
            None => Err(refuse(
                RefusalCode::UnknownRequest,
                format!("there is no {} request with id '{id}'", kind.as_str()),
            )),
        }
    }

    /// P2/P3: answer a pending request addressed to `decider`. P5: anything else is refused and
    /// leaves the tracker unchanged. The decision is recorded once, then sent to the opener as
    /// a response message; an approved shutdown sets the should-exit flag, so the teammate
    /// finishes this tool round and then exits as `shutdown` (P2).
    pub(crate) fn decide(
        &mut self,
        decider: &str,
        id: &str,
        kind: ProtocolKind,
        approve: bool,
        note: &str,
    ) -> Result<String, Refusal> {
        let request = check_decidable(&self.state.protocol, id, kind, decider)?.clone();
        let reply_kind = match kind {
            ProtocolKind::Shutdown => MessageKind::ShutdownResponse,
            ProtocolKind::Plan => MessageKind::PlanApprovalResponse,
        };
        let verdict = if approve { "approved" } else { "rejected" };
        let body = if note.trim().is_empty() {
            verdict.to_string()
        } else {
            format!("{verdict}: {note}")
        };
        self.check_send(decider, &request.from, reply_kind, &body)?;
        self.emit(
            Some(decider),
            EventKind::ProtocolDecided {
                request_id: id.to_string(),
                status: if approve {
                    ProtocolStatus::Approved
                } else {
                    ProtocolStatus::Rejected
                },
                by: decider.to_string(),
                note: note.to_string(),
            },
        );
        self.send(
            decider,
            &request.from,
            reply_kind,
            &body,
            Some(id.to_string()),
            None,
        )?;
        if approve && kind == ProtocolKind::Shutdown {
            self.emit(
                Some(decider),
                EventKind::ShouldExitSet {
                    member: decider.to_string(),
                    request_id: id.to_string(),
                },
            );
            return Ok(format!(
                "{id} approved: you will finish this tool round, then exit"
            ));
        }
        Ok(format!("{id} {verdict}; {} was told", request.from))
    }

    /// P3 (teammate's `plan_approval`): the teammate side creates the request id, opens a
    /// pending plan request for the lead and sends the plan through the mailbox; the teammate
    /// then waits for the decision before major work.
    pub(crate) fn submit_plan(&mut self, teammate: &str, plan: &str) -> Result<String, Refusal> {
        let lead = self.state.lead_name().to_string();
        let id = next_id(&self.state.protocol, ProtocolKind::Plan);
        self.check_send(teammate, &lead, MessageKind::PlanApproval, plan)?;
        self.emit(
            Some(teammate),
            EventKind::ProtocolOpened {
                request: ProtocolRequest {
                    id: id.clone(),
                    kind: ProtocolKind::Plan,
                    from: teammate.to_string(),
                    to: lead.clone(),
                    status: ProtocolStatus::Pending,
                    body: plan.to_string(),
                    response: None,
                    opened_at: self.now,
                    decided_at: None,
                },
            },
        );
        self.send(
            teammate,
            &lead,
            MessageKind::PlanApproval,
            plan,
            Some(id.clone()),
            None,
        )?;
        Ok(format!(
            "plan {id} submitted and pending; wait for {lead}'s decision before major work"
        ))
    }
}

/// P5: may `decider` decide request `id` of `kind` now? Leaves the tracker untouched.
pub fn check_decidable<'a>(
    tracker: &'a Tracker,
    id: &str,
    kind: ProtocolKind,
    decider: &str,
) -> Result<&'a ProtocolRequest, Refusal> {
    let Some(request) = tracker.get(id) else {
        let known: Vec<&str> = tracker
            .values()
            .filter(|r| r.kind == kind)
            .map(|r| r.id.as_str())
            .collect();
        return Err(Refusal::new(
            RefusalCode::UnknownRequest,
            format!(
                "there is no {} request with id '{id}' (known: {})",
                kind.as_str(),
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ),
        ));
    };
    if request.kind != kind {
        return Err(Refusal::new(
            RefusalCode::WrongRequestKind,
            format!(
                "'{id}' is a {} request, not a {} request",
                request.kind.as_str(),
                kind.as_str()
            ),
        ));
    }
    if request.to != decider {
        return Err(Refusal::new(
            RefusalCode::NotYourRequest,
            format!(
                "'{id}' is addressed to {}, so only {} can answer it",
                request.to, request.to
            ),
        ));
    }
    if request.status != ProtocolStatus::Pending {
        return Err(Refusal::new(
            RefusalCode::AlreadyDecided,
            format!(
                "'{id}' was already {}; a request leaves pending only once",
                request.status.as_str()
            ),
        ));
    }
    Ok(request)
}
