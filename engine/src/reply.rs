//! L1, L2, M7: a model's answer or failure. A reply is checked before anything is stored (empty,
//! too many tool calls, history full), appended to the history, and its tool calls run in order;
//! a failure is retried within the retry budget (which does not consume logical requests) or
//! fails the round.

use super::caption::tr;
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
                tr(
                    self.lang(),
                    format!("从来没有发出过模型请求 {request_id}"),
                    format!("no model request {request_id} was ever sent"),
                ),
            );
            return None;
        };
        let member = sent.request.member.clone();
        if sent.status != RequestStatus::InFlight {
            let lang = self.lang();
            let status = match sent.status {
                RequestStatus::Replied => tr(lang, "已经有了回复", "was already answered"),
                RequestStatus::Failed => tr(lang, "已经失败", "already failed"),
                RequestStatus::Abandoned => tr(
                    lang,
                    "在页面重新加载时被放弃",
                    "was abandoned when the page reloaded",
                ),
                RequestStatus::InFlight => tr(lang, "仍在进行中", "is in flight"),
            };
            self.refuse(
                Some(&member),
                RefusalCode::StaleReply,
                tr(
                    lang,
                    format!("请求 {request_id} {status}；这个结果被忽略"),
                    format!("request {request_id} {status}; this outcome is ignored"),
                ),
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
        let lang = self.lang();
        let max_entries = self.state.config.limits.history_entries;
        let invalid = self.invalid_reply(&name, &reply);
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
            if self.history_len(&name) + 1 > max_entries {
                // M7: every call left in the reply is refused on its own, none dropped unseen.
                for left in &calls[index..] {
                    let (id, tool) = (&left.id, &left.name);
                    let mut refusal = Refusal::new(
                        RefusalCode::HistoryFull,
                        tr(
                            lang,
                            format!(
                                "{name} 的历史已满（{max_entries} 条）；调用 '{id}'（{tool}）没有执行，它的结果也存不下"
                            ),
                            format!(
                                "{name}'s history is full ({max_entries} entries); call '{id}' ({tool}) was not run and its result cannot be stored"
                            ),
                        ),
                    );
                    refusal.tool = Some(left.name.clone());
                    refusal.call_id = Some(left.id.clone());
                    self.emit(Some(&name), EventKind::Refused { refusal });
                }
                let why = tr(
                    lang,
                    format!("历史达到 {max_entries} 条的上限"),
                    format!("history limit of {max_entries} entries reached"),
                );
                self.fail_round(&name, why);
                return;
            }
            if seen.contains(&call.id) {
                let id = &call.id;
                let mut refusal = Refusal::new(
                    RefusalCode::DuplicateCallId,
                    tr(
                        lang,
                        format!("工具调用编号 '{id}' 在一条回复里出现了两次；第二个调用没有执行"),
                        format!(
                            "tool call id '{id}' appears twice in one reply; the second call was not run"
                        ),
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

    /// M7: why a reply cannot be stored as it is (empty, too many tool calls, or a full
    /// history), or None when it can.
    fn invalid_reply(&self, name: &str, reply: &ModelReply) -> Option<(RefusalCode, String)> {
        let limits = &self.state.config.limits;
        let lang = self.lang();
        let (calls, max_calls, max_entries) = (
            reply.tool_calls.len(),
            limits.tool_calls_per_reply,
            limits.history_entries,
        );
        if reply.text.trim().is_empty() && reply.tool_calls.is_empty() {
            Some((
                RefusalCode::EmptyReply,
                tr(
                    lang,
                    "回复既没有文字，也没有工具调用",
                    "the reply has neither text nor tool calls",
                )
                .to_string(),
            ))
        } else if calls > max_calls {
            Some((
                RefusalCode::TooManyToolCalls,
                tr(
                    lang,
                    format!("回复有 {calls} 个工具调用，上限是 {max_calls}"),
                    format!("the reply has {calls} tool calls, the limit is {max_calls}"),
                ),
            ))
        } else if self.history_len(name) + 1 > max_entries {
            Some((
                RefusalCode::HistoryFull,
                tr(
                    lang,
                    format!("{name} 的历史已满（{max_entries} 条）；这条回复存不下"),
                    format!(
                        "{name}'s history is full ({max_entries} entries); the reply cannot be stored"
                    ),
                ),
            ))
        } else {
            None
        }
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
            let lang = self.lang();
            let why = match retryable {
                true => tr(lang, "重试预算已用完", "the retry budget is spent"),
                false => tr(lang, "不可重试", "not retryable"),
            };
            let report = tr(
                lang,
                format!("模型请求 {request_id} 失败（{why}）：{error}"),
                format!("model request {request_id} failed ({why}): {error}"),
            );
            self.fail_round(&name, report);
        }
    }
}
