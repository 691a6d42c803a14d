//! The one-line English summary of an event, for transcripts (the golden files) and logs. What
//! an event means to a learner, in both languages, is the playground's presentation (its
//! `view::narration`).

use super::mailbox::id_list;
use super::roster::RoundOutcome;
use super::text::{counted, preview};

use super::event::{Event, EventKind};

impl Event {
    /// One English line for transcripts and logs.
    pub fn summary(&self) -> String {
        use EventKind::*;
        match &self.kind {
            MessageQueued { record } => format!(
                "{} queued {} {} -> {}{}: \"{}\"",
                record.from,
                record.kind.as_str(),
                record.id,
                record.to,
                record.request_id.as_ref().map(|r| format!(" ({r})")).unwrap_or_default(),
                preview(&record.body, 80, "...")
            ),
            ResendIgnored { from, idempotency_key, receipt } => format!(
                "{from} resent key '{idempotency_key}': nothing stored, first receipt {} returned",
                receipt.message_id
            ),
            ReportCut { member, to, total, cut } => format!(
                "{member}'s report to {to} cut: {cut} of {total} characters over the body limit, marked in the text"
            ),
            InboxDrained { member, message_ids } => format!("{member}'s inbox drained: {}", id_list(message_ids)),
            CandidatePrepared { member, candidate } => format!(
                "{member} prepared a candidate: history {} + {} (notifies {})",
                candidate.base_len,
                counted(candidate.entries.len(), "new entry", "new entries"),
                id_list(&candidate.message_ids)
            ),
            CandidateDiscarded { member, reason, message_ids, lost } => format!(
                "{member}'s candidate discarded ({reason}); notifies {}; lost {}",
                id_list(message_ids),
                id_list(lost)
            ),
            HistoryCommitted { member, message_ids, entries, history_len } => format!(
                "{member} committed {} (notifies {}); history now {history_len}",
                counted(*entries, "entry", "entries"),
                id_list(message_ids)
            ),
            ModelRequested { request } => format!(
                "{} sent request {} (#{} of {}, delivery {}, logical {}, attempt {}) with {} history {}",
                request.member,
                request.id,
                request.member_index,
                request.member,
                request.delivery,
                request.logical,
                request.attempt,
                request.messages.len(),
                if request.messages.len() == 1 { "entry" } else { "entries" }
            ),
            RetryScheduled { member, retries_used, retry_budget, reason } => {
                format!("{member} retries ({retries_used}/{retry_budget}): {reason}")
            }
            ModelReplied { member, request_id, reply } => {
                let calls: Vec<&str> = reply.tool_calls.iter().map(|c| c.name.as_str()).collect();
                if calls.is_empty() {
                    format!("{member} got reply to {request_id}: final \"{}\"", preview(&reply.text, 100, "..."))
                } else {
                    format!("{member} got reply to {request_id}: calls {}", calls.join(", "))
                }
            }
            ModelFailed { member, request_id, error, retryable } => format!(
                "{member}'s request {request_id} failed ({}): {error}",
                if *retryable { "retryable" } else { "not retryable" }
            ),
            ToolExecuted { member, tool, arguments, result, is_error, .. } => format!(
                "{member} {tool}({}) -> {}{}",
                preview(&arguments.to_string(), 60, "..."),
                if *is_error { "(error) " } else { "" },
                preview(result, 80, "...")
            ),
            FileWritten { member, path, content } => {
                format!("{member} wrote {path} ({})", counted(content.chars().count(), "character", "characters"))
            }
            LockAcquired { member } => format!("{member} acquired the lock"),
            LockReleased { member } => format!("{member} released the lock"),
            LockWaiting { member, holder, .. } => {
                format!("{member} waits for the lock held by {holder}")
            }
            _ => self.summary_of_protocol_and_host(),
        }
    }

    /// The second half of [`Event::summary`]: protocols, the roster and the host.
    fn summary_of_protocol_and_host(&self) -> String {
        use EventKind::*;
        match &self.kind {
            ProtocolOpened { request } => format!(
                "{} request {} opened by {} for {}: pending",
                request.kind.as_str(),
                request.id,
                request.from,
                request.to
            ),
            ProtocolDecided {
                request_id,
                status,
                by,
                note,
            } => {
                format!(
                    "{request_id} {} by {by}{}",
                    status.as_str(),
                    if note.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", preview(note, 80, "..."))
                    }
                )
            }
            ShouldExitSet { member, request_id } => {
                format!("{member} will exit after this tool round ({request_id})")
            }
            MemberSpawned { config } => {
                format!("{} ({}) joined the roster", config.name, config.role)
            }
            RoundStarted {
                member,
                delivery,
                delivery_budget,
                ..
            } => {
                format!("{member} started delivery {delivery}/{delivery_budget} (occupied): idle -> working")
            }
            RoundFinished {
                member,
                outcome,
                final_text,
            } => {
                let what = match outcome {
                    RoundOutcome::Answered => format!(
                        "{member} finished the round: \"{}\"",
                        preview(final_text.as_deref().unwrap_or(""), 100, "...")
                    ),
                    RoundOutcome::Stopped(why) => format!("{member} stopped: {why}"),
                    RoundOutcome::Failed(why) => format!("{member} failed: {why}"),
                    RoundOutcome::Shutdown => {
                        format!("{member} exited after an approved shutdown")
                    }
                };
                format!("{what}; working -> {}", outcome.status().as_str())
            }
            StatusChanged { member, from, to } => {
                format!("{member}: {} -> {}", from.as_str(), to.as_str())
            }
            MemberRecalled {
                member,
                from,
                loaded,
                history_len,
            } => match loaded {
                Some(n) => format!(
                    "{member} recalled: loaded {}: {} -> idle",
                    counted(*n, "stored history entry", "stored history entries"),
                    from.as_str()
                ),
                None => format!(
                    "{member} recalled with its {}: {} -> idle",
                    counted(*history_len, "history entry", "history entries"),
                    from.as_str()
                ),
            },
            RosterRestored { snapshot } => format!(
                "roster restored from storage: {}, all offline, histories stored (not loaded)",
                counted(snapshot.state.members.len(), "member", "members")
            ),
            TeamDisbanded { undelivered } => format!(
                "team disbanded; unread records: {}",
                if undelivered.is_empty() {
                    "none".to_string()
                } else {
                    undelivered
                        .iter()
                        .map(|r| format!("{} {}->{}", r.id, r.from, r.to))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
            FaultArmed { member, .. } => {
                format!("fault armed: {member}'s next candidate fails before commit")
            }
            FaultStruck { member, .. } => format!("fault struck {member} between read and commit"),
            TogglesChanged { toggles } => format!(
                "toggles: drain_on_read={}, hold_lock_during_model_call={}",
                toggles.drain_on_read, toggles.hold_lock_during_model_call
            ),
            Refused { refusal } => format!(
                "REFUSED {}{}: {}",
                refusal.code.as_str(),
                refusal
                    .tool
                    .as_ref()
                    .map(|t| format!(" ({t})"))
                    .unwrap_or_default(),
                refusal.reason
            ),
            // Named by the first half of `summary`.
            _ => self.kind.name().to_string(),
        }
    }
}
