//! L1, L2, M7: a model's answer or failure. A reply is checked before anything is stored (empty,
//! too many tool calls, history full), appended to the history, and its tool calls run in order;
//! a failure is retried within the retry budget (which does not consume logical requests) or
//! fails the round.

use super::event::EventKind;
use super::model::ModelReply;
use super::model::RequestId;
use super::refusal::Refusal;
use super::refusal::RefusalCode;
use super::roster::RoundOutcome;
use super::state::RequestStatus;
use super::team::Team;

impl Team {
    /// The request must exist and be in flight; returns its member. An outcome for an unknown
    /// request, or for one already answered, failed or abandoned at a restart (L3), is refused
    /// and ignored, so a late or duplicated driver answer can never change a history twice.
    pub(crate) fn in_flight_member(&mut self, request_id: RequestId) -> Option<String> {
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

    /// A model's answer to a request in flight. M7: the reply is checked before anything is
    /// stored: an empty reply, too many tool calls or a full history is refused, recorded as a
    /// failed request, and fails the round (L1) rather than being cut. Otherwise the reply is
    /// appended; no tool calls means a final answer (idle, or `shutdown` after an approved
    /// shutdown: P2); else each call runs in order (a repeated call id is refused; when the
    /// history fills, each call left is refused with its own event and the round fails) and
    /// the loop takes its next turn.
    pub(crate) fn on_model_replied(&mut self, request_id: RequestId, reply: ModelReply) {
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
        // A handful of calls per reply: a vector is enough, and the browser build carries no
        // set type for it.
        let mut seen: Vec<String> = Vec::new();
        for (index, call) in calls.iter().enumerate() {
            if self.history_len(&name) + 1 > limits.history_entries {
                // M7: every call left in the reply is refused on its own, none dropped unseen.
                for left in &calls[index..] {
                    let mut refusal = Refusal::new(
                        RefusalCode::HistoryFull,
                        format!(
                            "{name}'s history is full ({} entries); call '{}' ({}) was not run and its result cannot be stored",
                            limits.history_entries, left.id, left.name
                        ),
                    );
                    refusal.tool = Some(left.name.clone());
                    refusal.call_id = Some(left.id.clone());
                    self.emit(Some(&name), EventKind::Refused { refusal });
                }
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

    /// Length of `name`'s committed history (0 for an unknown name); the M7 checks use it.
    pub(crate) fn history_len(&self, name: &str) -> usize {
        self.state.members.get(name).map_or(0, |m| m.history.len())
    }

    /// L2, L1: a request failed. A retryable failure is sent again as a new attempt of the same
    /// logical request while the retry budget lasts (retries do not consume logical requests);
    /// otherwise the round fails and the member reports the error to the lead.
    pub(crate) fn on_model_failed(&mut self, request_id: RequestId, error: &str, retryable: bool) {
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
}
