//! The event log: everything that happened, in past tense, as data. The UI is a view of "the
//! state after event N", so every state change is an event, and so is every refusal (with an
//! English reason the learner sees). Each event has a breakpoint category and a one-line English
//! summary for transcripts; what an event means to a learner, in both languages, is lesson
//! content (`lessons::narration`).

use super::config::{MemberConfig, Toggles};
use super::history::Candidate;
use super::mailbox::{id_list, MessageId, MessageRecord, Receipt};
use super::model::{ModelReply, RequestId};
use super::protocol::{ProtocolRequest, ProtocolStatus};
use super::refusal::{Fault, Refusal};
use super::request::ModelRequest;
use super::roster::{MemberStatus, RoundOutcome};
use super::snapshot::RosterSnapshot;
use super::text::preview;
use serde::{Deserialize, Serialize};
use serde_json::Value;

crate::named_enum! {
    /// Breakpoint kinds of the UI.
    pub enum Category {
        Store = "store",
        Prepare = "prepare",
        Commit = "commit",
        Discard = "discard",
        Request = "request",
        Reply = "reply",
        Lock = "lock",
        Protocol = "protocol",
        Refusal = "refusal",
        Lifecycle = "lifecycle",
        Other = "other",
    }
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Position in the log (0-based).
    pub seq: usize,
    /// Logical time.
    pub time: u64,
    /// The member on whose behalf this happened (None: the host or the learner).
    pub actor: Option<String>,
    pub kind: EventKind,
}

/// What happened. Past tense; each variant carries what the state needs to replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// M1: a record was appended to the recipient's inbox; the receipt says `queued`.
    MessageQueued {
        record: MessageRecord,
    },
    /// M8: a send repeated an idempotency key; nothing new was stored.
    ResendIgnored {
        from: String,
        idempotency_key: String,
        receipt: Receipt,
    },
    /// M6 (drain mode): the records were removed from the inbox view by a read.
    InboxDrained {
        member: String,
        message_ids: Vec<MessageId>,
    },
    /// M4: a candidate (history + new notifications) was prepared.
    CandidatePrepared {
        member: String,
        candidate: Candidate,
    },
    /// M5: the candidate was thrown away. `lost` lists drained records that are now gone.
    CandidateDiscarded {
        member: String,
        reason: String,
        message_ids: Vec<MessageId>,
        lost: Vec<MessageId>,
    },
    /// M3: the member's loop committed its candidate to the history.
    HistoryCommitted {
        member: String,
        message_ids: Vec<MessageId>,
        entries: usize,
        history_len: usize,
    },
    /// A model request was sent, built from the committed history.
    ModelRequested {
        request: ModelRequest,
    },
    /// L2: a retry will follow (own budget; logical requests are not consumed).
    RetryScheduled {
        member: String,
        retries_used: u32,
        retry_budget: u32,
        reason: String,
    },
    /// A reply arrived and its assistant entry was appended to the history.
    ModelReplied {
        member: String,
        request_id: RequestId,
        reply: ModelReply,
    },
    /// A request failed.
    ModelFailed {
        member: String,
        request_id: RequestId,
        error: String,
        retryable: bool,
    },
    /// A tool call ran (or was refused); its result was appended to the history.
    ToolExecuted {
        member: String,
        call_id: String,
        tool: String,
        arguments: Value,
        result: String,
        is_error: bool,
        notifies: Vec<MessageId>,
    },
    FileWritten {
        member: String,
        path: String,
        content: String,
    },
    /// T6: the lock was taken (to check-and-set occupancy, or for the whole round).
    LockAcquired {
        member: String,
    },
    LockReleased {
        member: String,
    },
    /// T6 (hold-lock mode): the member waits for the lock held by `holder`.
    LockWaiting {
        member: String,
        holder: String,
        prompt: Option<String>,
    },
    ProtocolOpened {
        request: ProtocolRequest,
    },
    ProtocolDecided {
        request_id: String,
        status: ProtocolStatus,
        by: String,
        note: String,
    },
    /// P2: the member will exit after its current tool round.
    ShouldExitSet {
        member: String,
        request_id: String,
    },
    MemberSpawned {
        config: MemberConfig,
    },
    /// T5: occupancy was set; a delivery started.
    RoundStarted {
        member: String,
        delivery: u32,
        delivery_budget: u32,
        prompt: Option<String>,
    },
    RoundFinished {
        member: String,
        outcome: RoundOutcome,
        final_text: Option<String>,
    },
    StatusChanged {
        member: String,
        from: MemberStatus,
        to: MemberStatus,
    },
    /// L3: an offline member was recalled with its history.
    MemberRecalled {
        member: String,
        history_len: usize,
    },
    /// L3: the roster was restored from storage; every member is offline.
    RosterRestored {
        snapshot: Box<RosterSnapshot>,
    },
    /// L4: the team was disbanded; these records were never read.
    TeamDisbanded {
        undelivered: Vec<MessageRecord>,
    },
    FaultArmed {
        member: String,
        fault: Fault,
    },
    FaultStruck {
        member: String,
        fault: Fault,
    },
    TogglesChanged {
        toggles: Toggles,
    },
    Refused {
        refusal: Refusal,
    },
}

impl EventKind {
    /// The variant name in snake_case (used by caption matchers and transcripts).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::MessageQueued { .. } => "message_queued",
            EventKind::ResendIgnored { .. } => "resend_ignored",
            EventKind::InboxDrained { .. } => "inbox_drained",
            EventKind::CandidatePrepared { .. } => "candidate_prepared",
            EventKind::CandidateDiscarded { .. } => "candidate_discarded",
            EventKind::HistoryCommitted { .. } => "history_committed",
            EventKind::ModelRequested { .. } => "model_requested",
            EventKind::RetryScheduled { .. } => "retry_scheduled",
            EventKind::ModelReplied { .. } => "model_replied",
            EventKind::ModelFailed { .. } => "model_failed",
            EventKind::ToolExecuted { .. } => "tool_executed",
            EventKind::FileWritten { .. } => "file_written",
            EventKind::LockAcquired { .. } => "lock_acquired",
            EventKind::LockReleased { .. } => "lock_released",
            EventKind::LockWaiting { .. } => "lock_waiting",
            EventKind::ProtocolOpened { .. } => "protocol_opened",
            EventKind::ProtocolDecided { .. } => "protocol_decided",
            EventKind::ShouldExitSet { .. } => "should_exit_set",
            EventKind::MemberSpawned { .. } => "member_spawned",
            EventKind::RoundStarted { .. } => "round_started",
            EventKind::RoundFinished { .. } => "round_finished",
            EventKind::StatusChanged { .. } => "status_changed",
            EventKind::MemberRecalled { .. } => "member_recalled",
            EventKind::RosterRestored { .. } => "roster_restored",
            EventKind::TeamDisbanded { .. } => "team_disbanded",
            EventKind::FaultArmed { .. } => "fault_armed",
            EventKind::FaultStruck { .. } => "fault_struck",
            EventKind::TogglesChanged { .. } => "toggles_changed",
            EventKind::Refused { .. } => "refused",
        }
    }

    pub fn category(&self) -> Category {
        use EventKind::*;
        match self {
            MessageQueued { .. } | ResendIgnored { .. } => Category::Store,
            InboxDrained { .. } | CandidatePrepared { .. } => Category::Prepare,
            HistoryCommitted { .. } => Category::Commit,
            CandidateDiscarded { .. } => Category::Discard,
            ModelRequested { .. } | RetryScheduled { .. } => Category::Request,
            ModelReplied { .. } | ModelFailed { .. } => Category::Reply,
            LockAcquired { .. } | LockReleased { .. } | LockWaiting { .. } => Category::Lock,
            ProtocolOpened { .. } | ProtocolDecided { .. } | ShouldExitSet { .. } => {
                Category::Protocol
            }
            Refused { .. } => Category::Refusal,
            MemberSpawned { .. }
            | RoundStarted { .. }
            | RoundFinished { .. }
            | StatusChanged { .. }
            | MemberRecalled { .. }
            | RosterRestored { .. }
            | TeamDisbanded { .. } => Category::Lifecycle,
            ToolExecuted { .. }
            | FileWritten { .. }
            | FaultArmed { .. }
            | FaultStruck { .. }
            | TogglesChanged { .. } => Category::Other,
        }
    }
}

impl Event {
    pub fn category(&self) -> Category {
        self.kind.category()
    }

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
            InboxDrained { member, message_ids } => format!("{member}'s inbox drained: {}", id_list(message_ids)),
            CandidatePrepared { member, candidate } => format!(
                "{member} prepared a candidate: history {} + {} new entries (notifies {})",
                candidate.base_len,
                candidate.entries.len(),
                id_list(&candidate.message_ids)
            ),
            CandidateDiscarded { member, reason, message_ids, lost } => format!(
                "{member}'s candidate discarded ({reason}); notifies {}; lost {}",
                id_list(message_ids),
                id_list(lost)
            ),
            HistoryCommitted { member, message_ids, entries, history_len } => format!(
                "{member} committed {entries} entries (notifies {}); history now {history_len}",
                id_list(message_ids)
            ),
            ModelRequested { request } => format!(
                "{} sent request {} (#{} of {}, delivery {}, logical {}, attempt {}) with {} history entries",
                request.member,
                request.id,
                request.member_index,
                request.member,
                request.delivery,
                request.logical,
                request.attempt,
                request.messages.len()
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
                format!("{member} wrote {path} ({} characters)", content.chars().count())
            }
            _ => self.summary_of_lock_protocol_and_host(),
        }
    }

    /// The second half of [`Event::summary`]: the lock, protocols, the roster and the host.
    fn summary_of_lock_protocol_and_host(&self) -> String {
        use EventKind::*;
        match &self.kind {
            LockAcquired { member } => format!("{member} acquired the lock"),
            LockReleased { member } => format!("{member} released the lock"),
            LockWaiting { member, holder, .. } => {
                format!("{member} waits for the lock held by {holder}")
            }
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
                format!("{member} started delivery {delivery}/{delivery_budget} (occupied)")
            }
            RoundFinished {
                member,
                outcome,
                final_text,
            } => match outcome {
                RoundOutcome::Answered => format!(
                    "{member} finished the round: \"{}\"",
                    preview(final_text.as_deref().unwrap_or(""), 100, "...")
                ),
                RoundOutcome::Stopped(why) => format!("{member} stopped: {why}"),
                RoundOutcome::Failed(why) => format!("{member} failed: {why}"),
                RoundOutcome::Shutdown => format!("{member} exited after an approved shutdown"),
            },
            StatusChanged { member, from, to } => {
                format!("{member}: {} -> {}", from.as_str(), to.as_str())
            }
            MemberRecalled {
                member,
                history_len,
            } => format!("{member} recalled with {history_len} history entries"),
            RosterRestored { snapshot } => format!(
                "roster restored from storage: {} members, all offline",
                snapshot.state.members.len()
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
