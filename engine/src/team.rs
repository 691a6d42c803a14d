//! [`Team`]: the host of the team. [`Team::apply`] is the only entry point that changes
//! anything: an [`Input`] goes in, the events it caused come out (and are already applied to
//! [`Team::state`]).
//!
//! Sans-IO (after quinn-proto): no clock, no network, no randomness. When a member needs a model
//! the team emits `ModelRequested` carrying the exact request and waits; the driver answers
//! later with [`Input::ModelReplied`] or [`Input::ModelFailed`]. Logical time comes in through
//! [`Input::Tick`]. Several members can wait for replies at once (T5).
//!
//! The member loop, one delivery ("round"):
//! 1. `StartRound`: take the lock, check-and-set occupancy, release the lock (T5, T6).
//! 2. Prepare a candidate from the history and the inbox, commit it, then build the request
//!    from the committed history (M3, M4).
//! 3. On a reply: append it; run its tool calls; if there were tool calls go back to 2, else
//!    the round ends (idle, or shutdown if a shutdown was approved: P2).
//! 4. Budgets (L2) end the round as `stopped`; errors end it as `failed` with a report to
//!    the lead (L1).

pub use super::config::ConfigError;
use super::config::{MemberKind, TeamConfig, Toggles};
use super::event::{Event, EventKind};
use super::history::{collect_new_mail, Candidate};
use super::mailbox::{MessageId, MessageKind, MessageRecord, Receipt, ReceiptState};
use super::model::{ModelReply, ModelRequest, RequestId};
use super::refusal::{Fault, Refusal, RefusalCode};
use super::roster::{Lifecycle, MemberStatus, RoundOutcome};
use super::state::{RequestStatus, RosterSnapshot, TeamState};
use super::text::char_len;
use super::tools::system_prompt;
use serde::{Deserialize, Serialize};

/// Everything that can happen to a team from outside.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Input {
    /// Advance the logical clock (never backwards).
    Tick { now: u64 },
    /// Deliver work to a member: start one round. `prompt` is the task text (the user's
    /// request for the lead); a teammate usually gets its task as an inbox message instead.
    StartRound {
        member: String,
        prompt: Option<String>,
    },
    /// The learner (or the lesson) sends a message as `from`, through the host. The host is
    /// trusted to name the sender here; a model never is.
    HostSend {
        from: String,
        to: String,
        body: String,
        idempotency_key: Option<String>,
    },
    /// A model answered request `request_id`.
    ModelReplied {
        request_id: RequestId,
        reply: ModelReply,
    },
    /// A model request failed (network, 429, 5xx...).
    ModelFailed {
        request_id: RequestId,
        error: String,
        retryable: bool,
    },
    /// Arm a fault for a member (M5, M6).
    InjectFault { member: String, fault: Fault },
    /// Switch contrast modes; only between rounds.
    SetToggles { toggles: Toggles },
    /// L3: bring an offline (or stopped, failed, shut-down) member back to idle with its history.
    Recall { member: String },
    /// L4: close the team and report unread mail.
    Disband,
    /// L3: replace the team by a stored roster; every member comes back offline.
    Restore { snapshot: Box<RosterSnapshot> },
}

/// The team host. See the module docs.
#[derive(Clone, Debug)]
pub struct Team {
    pub(super) state: TeamState,
    pub(super) now: u64,
    out: Vec<Event>,
}

impl Team {
    pub fn new(config: TeamConfig) -> Result<Team, ConfigError> {
        config.validate()?;
        Ok(Team::from_state(TeamState::new(config)))
    }

    /// Continue from a state (for example a timeline's final state).
    pub fn from_state(state: TeamState) -> Team {
        Team {
            now: state.now,
            state,
            out: Vec::new(),
        }
    }

    pub fn state(&self) -> &TeamState {
        &self.state
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    /// L3: what to put in browser storage.
    pub fn roster_snapshot(&self) -> RosterSnapshot {
        RosterSnapshot::of(&self.state)
    }

    /// The only mutator. Never panics on anything a model or learner can send.
    pub fn apply(&mut self, input: Input) -> Vec<Event> {
        #[cfg(debug_assertions)]
        let before = self.state.clone();
        self.handle(input);
        let events = std::mem::take(&mut self.out);
        #[cfg(debug_assertions)]
        if let Err(broken) = super::invariants::check(&before, &self.state, &events) {
            panic!("engine invariant broken: {broken}");
        }
        events
    }

    pub(super) fn emit(&mut self, actor: Option<&str>, kind: EventKind) {
        let event = Event {
            seq: self.state.event_count,
            time: self.now,
            actor: actor.map(str::to_string),
            kind,
        };
        self.state.evolve(&event);
        self.out.push(event);
    }

    fn refuse(&mut self, actor: Option<&str>, code: RefusalCode, reason: String) {
        self.emit(
            actor,
            EventKind::Refused {
                refusal: Refusal::new(code, reason),
            },
        );
    }

    pub(super) fn member_kind(&self, name: &str) -> MemberKind {
        self.state
            .members
            .get(name)
            .map_or(MemberKind::Teammate, |m| m.kind)
    }

    pub(super) fn set_status(&mut self, name: &str, to: MemberStatus) {
        let Some(from) = self.state.members.get(name).map(|m| m.status()) else {
            return;
        };
        if from != to {
            self.emit(
                Some(name),
                EventKind::StatusChanged {
                    member: name.to_string(),
                    from,
                    to,
                },
            );
        }
    }

    /// A round's start and end change the lifecycle themselves (`RoundStarted`,
    /// `RoundFinished`); this event names the change for the log and the captions.
    fn narrate_status(&mut self, name: &str, from: MemberStatus, to: MemberStatus) {
        self.emit(
            Some(name),
            EventKind::StatusChanged {
                member: name.to_string(),
                from,
                to,
            },
        );
    }

    fn handle(&mut self, input: Input) {
        if let Input::Tick { now } = input {
            if now < self.now {
                self.refuse(
                    None,
                    RefusalCode::ClockBackwards,
                    format!("the clock is at {}, it cannot go back to {now}", self.now),
                );
            } else {
                self.now = now;
            }
            return;
        }
        if self.state.disbanded && !matches!(input, Input::Restore { .. }) {
            self.refuse(
                None,
                RefusalCode::TeamDisbanded,
                "the team was disbanded; nothing more can happen to it".to_string(),
            );
            return;
        }
        match input {
            Input::Tick { .. } => {}
            Input::StartRound { member, prompt } => self.start_round(&member, prompt),
            Input::HostSend {
                from,
                to,
                body,
                idempotency_key,
            } => {
                if !self.state.members.contains_key(&from) {
                    self.refuse(
                        None,
                        RefusalCode::UnknownMember,
                        format!("there is no member named '{from}' to send as"),
                    );
                    return;
                }
                if let Err(refusal) = self.send(
                    &from,
                    &to,
                    MessageKind::Message,
                    &body,
                    None,
                    idempotency_key,
                ) {
                    self.emit(Some(&from), EventKind::Refused { refusal });
                }
            }
            Input::ModelReplied { request_id, reply } => self.on_reply(request_id, reply),
            Input::ModelFailed {
                request_id,
                error,
                retryable,
            } => self.on_failure(request_id, &error, retryable),
            Input::InjectFault { member, fault } => {
                if self.state.members.contains_key(&member) {
                    self.emit(None, EventKind::FaultArmed { member, fault });
                } else {
                    self.refuse_unknown_member(&member);
                }
            }
            Input::SetToggles { toggles } => {
                if self.state.any_busy() {
                    self.refuse(
                        None,
                        RefusalCode::MembersBusy,
                        "modes can only change between rounds, and a member is working".to_string(),
                    );
                } else {
                    self.emit(None, EventKind::TogglesChanged { toggles });
                }
            }
            Input::Recall { member } => self.recall(&member),
            Input::Disband => self.disband(),
            Input::Restore { snapshot } => {
                if snapshot.version != RosterSnapshot::VERSION {
                    self.refuse(
                        None,
                        RefusalCode::InvalidSnapshot,
                        format!(
                            "snapshot version {} is not {}",
                            snapshot.version,
                            RosterSnapshot::VERSION
                        ),
                    );
                } else if let Err(e) = snapshot.state.config.validate() {
                    self.refuse(
                        None,
                        RefusalCode::InvalidSnapshot,
                        format!("the stored roster is not valid: {e}"),
                    );
                } else {
                    self.emit(None, EventKind::RosterRestored { snapshot });
                }
            }
        }
    }

    // ----- mailbox -----

    /// M1/M7: may `from` store this record for `to`? Checks only; stores nothing.
    pub(super) fn check_send(
        &self,
        from: &str,
        to: &str,
        kind: MessageKind,
        body: &str,
    ) -> Result<(), Refusal> {
        let limits = &self.state.config.limits;
        if !self.state.members.contains_key(to) {
            let names: Vec<&str> = self.state.order.iter().map(String::as_str).collect();
            return Err(Refusal::new(
                RefusalCode::UnknownRecipient,
                format!(
                    "there is no member named '{to}' (members: {})",
                    names.join(", ")
                ),
            ));
        }
        if to == from {
            return Err(Refusal::new(
                RefusalCode::SelfSend,
                format!("{from} cannot send a message to itself"),
            ));
        }
        if matches!(
            kind,
            MessageKind::Message | MessageKind::Broadcast | MessageKind::PlanApproval
        ) && body.trim().is_empty()
        {
            return Err(Refusal::new(
                RefusalCode::EmptyBody,
                "the body is empty; nothing was stored".to_string(),
            ));
        }
        let len = char_len(body);
        if len > limits.body_chars {
            return Err(Refusal::new(
                RefusalCode::BodyTooLong,
                format!(
                    "the body has {len} characters, the limit is {}; nothing was stored or cut",
                    limits.body_chars
                ),
            ));
        }
        let count = self.state.inbox_count(to);
        if count >= limits.inbox_records {
            return Err(Refusal::new(
                RefusalCode::InboxFull,
                format!("{to}'s inbox already holds {count} records, the limit is {}; nothing was stored", limits.inbox_records),
            ));
        }
        Ok(())
    }

    /// M1/M8: store one record (sender bound by the caller, which is the host) and return the
    /// receipt. With an idempotency key already used by `from`, stores nothing and returns the
    /// first receipt. Refusals are returned, not emitted: the caller decides how to report.
    pub(super) fn send(
        &mut self,
        from: &str,
        to: &str,
        kind: MessageKind,
        body: &str,
        request_id: Option<String>,
        idempotency_key: Option<String>,
    ) -> Result<Receipt, Refusal> {
        if let Some(key) = &idempotency_key {
            if key.is_empty() || char_len(key) > 64 {
                return Err(Refusal::new(
                    RefusalCode::InvalidArgument,
                    "an idempotency key must have 1 to 64 characters".to_string(),
                ));
            }
            if let Some(first) = self.state.receipt_for_key(from, key).cloned() {
                self.emit(
                    Some(from),
                    EventKind::ResendIgnored {
                        from: from.to_string(),
                        idempotency_key: key.clone(),
                        receipt: first.clone(),
                    },
                );
                return Ok(first);
            }
        }
        self.check_send(from, to, kind, body)?;
        let id = MessageId(self.state.messages.len() as u64 + 1);
        let record = MessageRecord {
            id,
            from: from.to_string(),
            to: to.to_string(),
            kind,
            body: body.to_string(),
            request_id,
            created_at: self.now,
            idempotency_key,
            drained: false,
            notified_at: None,
            undelivered: false,
        };
        self.emit(Some(from), EventKind::MessageQueued { record });
        Ok(Receipt {
            message_id: id,
            to: to.to_string(),
            state: ReceiptState::Queued,
        })
    }

    // ----- lifecycle -----

    /// The one refusal for a command or tool that names nobody on the roster.
    fn refuse_unknown_member(&mut self, name: &str) {
        self.refuse(
            None,
            RefusalCode::UnknownMember,
            format!("there is no member named '{name}'"),
        );
    }

    fn start_round(&mut self, name: &str, prompt: Option<String>) {
        let Some(member) = self.state.members.get(name) else {
            self.refuse_unknown_member(name);
            return;
        };
        let refusal = match member.status() {
            MemberStatus::Offline => Some((RefusalCode::MemberOffline, format!("{name} is offline: recall it before delivering work"))),
            MemberStatus::Stopped | MemberStatus::Failed => Some((
                RefusalCode::MemberNotIdle,
                format!("{name} is {}; nothing restarts by itself: recall it first", member.status().as_str()),
            )),
            MemberStatus::Shutdown => Some((RefusalCode::MemberShutDown, format!("{name} has shut down; recall it to use it again"))),
            MemberStatus::Working => Some((
                RefusalCode::MemberBusy,
                format!(
                    "{name} is already working on delivery {}; one member never runs two rounds at once",
                    member.round().map_or(0, |r| r.delivery)
                ),
            )),
            MemberStatus::Idle if member.busy() => Some((RefusalCode::MemberBusy, format!("{name} is occupied"))),
            MemberStatus::Idle if member.waiting_for_lock() => {
                Some((RefusalCode::MemberBusy, format!("{name} is already waiting for the lock to start a round")))
            }
            MemberStatus::Idle if member.deliveries_used >= member.delivery_budget => Some((
                RefusalCode::DeliveryBudgetSpent,
                format!(
                    "{name} has used {} of {} deliveries; the delivery is refused and {name} stays as it is",
                    member.deliveries_used, member.delivery_budget
                ),
            )),
            MemberStatus::Idle => None,
        };
        if let Some((code, reason)) = refusal {
            self.refuse(Some(name), code, reason);
            return;
        }
        if let Some(p) = &prompt {
            let limit = self.state.config.limits.body_chars;
            if char_len(p) > limit {
                self.refuse(
                    Some(name),
                    RefusalCode::BodyTooLong,
                    format!(
                        "the task has {} characters, the limit is {limit}",
                        char_len(p)
                    ),
                );
                return;
            }
        }
        if self.state.toggles.hold_lock_during_model_call {
            if let Some(holder) = self.state.lock_holder.clone() {
                self.emit(
                    Some(name),
                    EventKind::LockWaiting {
                        member: name.to_string(),
                        holder,
                        prompt,
                    },
                );
                return;
            }
        }
        self.begin_round(name, prompt);
    }

    /// T5/T6: check-and-set occupancy under the lock; release it before any model call unless
    /// the hold-lock toggle is on.
    fn begin_round(&mut self, name: &str, prompt: Option<String>) {
        let Some(member) = self.state.members.get(name) else {
            return;
        };
        let delivery = member.deliveries_used + 1;
        let delivery_budget = member.delivery_budget;
        self.emit(
            Some(name),
            EventKind::LockAcquired {
                member: name.to_string(),
            },
        );
        self.emit(
            Some(name),
            EventKind::RoundStarted {
                member: name.to_string(),
                delivery,
                delivery_budget,
                prompt,
            },
        );
        self.narrate_status(name, MemberStatus::Idle, MemberStatus::Working);
        if !self.state.toggles.hold_lock_during_model_call {
            self.emit(
                Some(name),
                EventKind::LockReleased {
                    member: name.to_string(),
                },
            );
        }
        self.advance(name);
    }

    /// One turn of the member loop: exit, stop, or prepare-commit-request.
    fn advance(&mut self, name: &str) {
        let Some(round) = self
            .state
            .members
            .get(name)
            .and_then(|m| m.round().cloned())
        else {
            return;
        };
        if round.should_exit {
            self.finish(name, RoundOutcome::Shutdown, None);
            return;
        }
        let budget = self.state.config.limits.request_budget;
        if round.requests_used >= budget {
            self.finish(
                name,
                RoundOutcome::Stopped(format!(
                    "used {} of {budget} requests in this delivery without a final answer",
                    round.requests_used
                )),
                None,
            );
            return;
        }
        if self.prepare_and_commit(name) {
            self.send_request(name, 0);
        }
    }

    /// M3-M6: prepare a candidate, survive an injected fault by preparing again (retry budget),
    /// then commit. Returns false when the round ended instead.
    fn prepare_and_commit(&mut self, name: &str) -> bool {
        loop {
            let Some(member) = self.state.members.get(name) else {
                return false;
            };
            let prompt = member.round().and_then(|r| r.pending_prompt.clone());
            let (entries, message_ids) =
                collect_new_mail(member, &self.state.messages, prompt.as_deref());
            let base_len = member.history.len();
            let fault = member.armed_fault;
            let candidate = Candidate {
                base_len,
                entries,
                message_ids: message_ids.clone(),
            };
            let new_entries = candidate.entries.len();
            self.emit(
                Some(name),
                EventKind::CandidatePrepared {
                    member: name.to_string(),
                    candidate,
                },
            );
            let drain = self.state.toggles.drain_on_read;
            if drain && !message_ids.is_empty() {
                self.emit(
                    Some(name),
                    EventKind::InboxDrained {
                        member: name.to_string(),
                        message_ids: message_ids.clone(),
                    },
                );
            }
            if let Some(fault) = fault {
                self.emit(
                    Some(name),
                    EventKind::FaultStruck {
                        member: name.to_string(),
                        fault,
                    },
                );
                let lost = if drain {
                    message_ids.clone()
                } else {
                    Vec::new()
                };
                self.emit(
                    Some(name),
                    EventKind::CandidateDiscarded {
                        member: name.to_string(),
                        reason: "a fault struck between read and commit".to_string(),
                        message_ids,
                        lost,
                    },
                );
                if !self.use_retry(name, "prepare again after the discarded candidate") {
                    self.fail_round(
                        name,
                        "preparation failed and the retry budget is spent".to_string(),
                    );
                    return false;
                }
                continue;
            }
            let cap = self.state.config.limits.history_entries;
            if base_len + new_entries > cap {
                self.refuse(
                    Some(name),
                    RefusalCode::HistoryFull,
                    format!(
                        "{name}'s history has {base_len} entries; adding {new_entries} would pass the limit of {cap}; the mail stays in the inbox"
                    ),
                );
                self.emit(
                    Some(name),
                    EventKind::CandidateDiscarded {
                        member: name.to_string(),
                        reason: "history limit".to_string(),
                        message_ids: message_ids.clone(),
                        lost: if drain { message_ids } else { Vec::new() },
                    },
                );
                self.fail_round(name, format!("history limit of {cap} entries reached"));
                return false;
            }
            let history_len = base_len + new_entries;
            self.emit(
                Some(name),
                EventKind::HistoryCommitted {
                    member: name.to_string(),
                    message_ids,
                    entries: new_entries,
                    history_len,
                },
            );
            return true;
        }
    }

    /// Spends one retry if the budget allows (emits `RetryScheduled`).
    fn use_retry(&mut self, name: &str, reason: &str) -> bool {
        let Some(round) = self.state.members.get(name).and_then(|m| m.round()) else {
            return false;
        };
        let budget = self.state.config.limits.retry_budget;
        if round.retries_used >= budget {
            return false;
        }
        self.emit(
            Some(name),
            EventKind::RetryScheduled {
                member: name.to_string(),
                retries_used: round.retries_used + 1,
                retry_budget: budget,
                reason: reason.to_string(),
            },
        );
        true
    }

    /// Builds the request from the committed history (M3) and emits it.
    fn send_request(&mut self, name: &str, attempt: u32) {
        let Some(member) = self.state.members.get(name) else {
            return;
        };
        let Some(round) = member.round() else {
            return;
        };
        let logical = if attempt == 0 {
            round.requests_used + 1
        } else {
            round.requests_used
        };
        let request = ModelRequest {
            id: RequestId(self.state.requests.len() as u64 + 1),
            member: name.to_string(),
            member_index: member.requests.len() as u32,
            delivery: round.delivery,
            logical,
            attempt,
            sent_at: self.now,
            system: system_prompt(name, &member.role, member.kind, self.state.lead_name()),
            messages: member.history.clone(),
            tools: self.state.tools_of(member.kind),
        };
        self.emit(Some(name), EventKind::ModelRequested { request });
    }

    /// The request must exist and be in flight; returns its member.
    fn in_flight_member(&mut self, request_id: RequestId) -> Option<String> {
        let Some(sent) = self.state.request(request_id) else {
            self.refuse(
                None,
                RefusalCode::UnknownRequest,
                format!("no model request {request_id} was ever sent"),
            );
            return None;
        };
        let member = sent.request.member.clone();
        if sent.status != RequestStatus::InFlight {
            let status = match sent.status {
                RequestStatus::Replied => "was already answered",
                RequestStatus::Failed => "already failed",
                RequestStatus::Abandoned => "was abandoned when the page reloaded",
                RequestStatus::InFlight => "is in flight",
            };
            self.refuse(
                Some(&member),
                RefusalCode::StaleReply,
                format!("request {request_id} {status}; this outcome is ignored"),
            );
            return None;
        }
        Some(member)
    }

    fn on_reply(&mut self, request_id: RequestId, reply: ModelReply) {
        let Some(name) = self.in_flight_member(request_id) else {
            return;
        };
        let limits = self.state.config.limits.clone();
        let invalid = if reply.text.trim().is_empty() && reply.tool_calls.is_empty() {
            Some((
                RefusalCode::EmptyReply,
                "the reply has neither text nor tool calls".to_string(),
            ))
        } else if reply.tool_calls.len() > limits.tool_calls_per_reply {
            Some((
                RefusalCode::TooManyToolCalls,
                format!(
                    "the reply has {} tool calls, the limit is {}",
                    reply.tool_calls.len(),
                    limits.tool_calls_per_reply
                ),
            ))
        } else if self.history_len(&name) + 1 > limits.history_entries {
            Some((
                RefusalCode::HistoryFull,
                format!(
                    "{name}'s history is full ({} entries); the reply cannot be stored",
                    limits.history_entries
                ),
            ))
        } else {
            None
        };
        if let Some((code, reason)) = invalid {
            self.refuse(Some(&name), code, reason.clone());
            self.emit(
                Some(&name),
                EventKind::ModelFailed {
                    member: name.clone(),
                    request_id,
                    error: reason.clone(),
                    retryable: false,
                },
            );
            self.fail_round(&name, reason);
            return;
        }
        let calls = reply.tool_calls.clone();
        let final_text = reply.text.clone();
        self.emit(
            Some(&name),
            EventKind::ModelReplied {
                member: name.clone(),
                request_id,
                reply,
            },
        );
        if calls.is_empty() {
            let exit = self
                .state
                .members
                .get(&name)
                .and_then(|m| m.round())
                .is_some_and(|r| r.should_exit);
            let outcome = if exit {
                RoundOutcome::Shutdown
            } else {
                RoundOutcome::Answered
            };
            self.finish(&name, outcome, Some(final_text));
            return;
        }
        // A handful of calls per reply: a vector is enough (and adds no set type to the wasm).
        let mut seen: Vec<String> = Vec::new();
        for call in &calls {
            if self.history_len(&name) + 1 > limits.history_entries {
                self.refuse(
                    Some(&name),
                    RefusalCode::HistoryFull,
                    format!(
                        "{name}'s history is full ({} entries); the result of call '{}' cannot be stored",
                        limits.history_entries, call.id
                    ),
                );
                self.fail_round(
                    &name,
                    format!(
                        "history limit of {} entries reached",
                        limits.history_entries
                    ),
                );
                return;
            }
            if seen.contains(&call.id) {
                let mut refusal = Refusal::new(
                    RefusalCode::DuplicateCallId,
                    format!(
                        "tool call id '{}' appears twice in one reply; the second call was not run",
                        call.id
                    ),
                );
                refusal.tool = Some(call.name.clone());
                refusal.call_id = Some(call.id.clone());
                self.emit(Some(&name), EventKind::Refused { refusal });
                continue;
            }
            seen.push(call.id.clone());
            self.execute_tool(&name, call);
        }
        self.advance(&name);
    }

    fn history_len(&self, name: &str) -> usize {
        self.state.members.get(name).map_or(0, |m| m.history.len())
    }

    fn on_failure(&mut self, request_id: RequestId, error: &str, retryable: bool) {
        let Some(name) = self.in_flight_member(request_id) else {
            return;
        };
        let error = if error.trim().is_empty() {
            "unknown error"
        } else {
            error
        };
        self.emit(
            Some(&name),
            EventKind::ModelFailed {
                member: name.clone(),
                request_id,
                error: error.to_string(),
                retryable,
            },
        );
        if retryable && self.use_retry(&name, &format!("request {request_id} failed: {error}")) {
            let attempt = self
                .state
                .request(request_id)
                .map_or(1, |r| r.request.attempt + 1);
            self.send_request(&name, attempt);
        } else {
            let why = if retryable {
                "the retry budget is spent"
            } else {
                "not retryable"
            };
            self.fail_round(
                &name,
                format!("model request {request_id} failed ({why}): {error}"),
            );
        }
    }

    /// Ends the round: status, lock, and the next member waiting for the lock.
    fn finish(&mut self, name: &str, outcome: RoundOutcome, final_text: Option<String>) {
        let status = outcome.status();
        self.emit(
            Some(name),
            EventKind::RoundFinished {
                member: name.to_string(),
                outcome,
                final_text,
            },
        );
        self.narrate_status(name, MemberStatus::Working, status);
        if self.state.holds_lock(name) {
            self.emit(
                Some(name),
                EventKind::LockReleased {
                    member: name.to_string(),
                },
            );
        }
        self.wake_waiter();
    }

    /// L1: failed, and the member reports the error to the lead.
    fn fail_round(&mut self, name: &str, error: String) {
        self.finish(name, RoundOutcome::Failed(error.clone()), None);
        let lead = self.state.lead_name().to_string();
        if lead != name {
            let body: String = format!("error: {error}")
                .chars()
                .take(self.state.config.limits.body_chars)
                .collect();
            if let Err(refusal) = self.send(name, &lead, MessageKind::Message, &body, None, None) {
                self.emit(Some(name), EventKind::Refused { refusal });
            }
        }
    }

    fn wake_waiter(&mut self) {
        if self.state.lock_holder.is_some() {
            return;
        }
        let Some(next) = self.state.lock_waiters.first().cloned() else {
            return;
        };
        let prompt = self
            .state
            .members
            .get(&next)
            .and_then(|m| match m.lifecycle() {
                Lifecycle::WaitingForLock { prompt } => prompt.clone(),
                _ => None,
            });
        self.begin_round(&next, prompt);
    }

    fn recall(&mut self, name: &str) {
        let Some(member) = self.state.members.get(name) else {
            self.refuse_unknown_member(name);
            return;
        };
        match member.status() {
            MemberStatus::Offline | MemberStatus::Stopped | MemberStatus::Failed | MemberStatus::Shutdown => {
                let history_len = member.history.len();
                self.emit(None, EventKind::MemberRecalled { member: name.to_string(), history_len });
                self.set_status(name, MemberStatus::Idle);
            }
            status => self.refuse(
                None,
                RefusalCode::NotRecallable,
                format!("{name} is {}; only an offline, stopped, failed or shut-down member can be recalled", status.as_str()),
            ),
        }
    }

    fn disband(&mut self) {
        if self.state.any_busy() {
            let busy: Vec<&str> = self
                .state
                .members_in_order()
                .filter(|m| m.busy() || m.waiting_for_lock())
                .map(|m| m.name.as_str())
                .collect();
            let reason = format!(
                "{} still working; let the rounds finish before disbanding",
                busy.join(", ")
            );
            self.refuse(None, RefusalCode::MembersBusy, reason);
            return;
        }
        let names: Vec<String> = self.state.order.clone();
        for name in &names {
            let status = self.state.members.get(name).map(|m| m.status());
            if !matches!(
                status,
                Some(MemberStatus::Offline) | Some(MemberStatus::Shutdown) | None
            ) {
                self.set_status(name, MemberStatus::Offline);
            }
        }
        let undelivered: Vec<MessageRecord> = self
            .state
            .messages
            .iter()
            .filter(|r| r.notified_at.is_none() && !r.drained)
            .map(|r| MessageRecord::clone(r))
            .collect();
        self.emit(None, EventKind::TeamDisbanded { undelivered });
    }
}
