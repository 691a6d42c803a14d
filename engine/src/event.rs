//! The event log: everything that happened, in past tense, as data. The UI is a view of "the
//! state after event N", so every state change is an event, and so is every refusal (with an
//! English reason the learner sees). Each event has a breakpoint category and a one-line English
//! summary for transcripts; what an event means to a learner, in both languages, is the
//! playground's presentation (its `view::narration`).

use super::config::{MemberConfig, Toggles};
use super::history::Candidate;
use super::mailbox::{MessageId, MessageRecord, Receipt};
use super::model::{ModelReply, RequestId};
use super::protocol::{ProtocolRequest, ProtocolStatus};
use super::refusal::{Fault, Refusal};
use super::request::ModelRequest;
use super::roster::{MemberStatus, RoundOutcome};
use super::snapshot::RosterSnapshot;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

named_enum! {
    /// Breakpoint kinds of the UI: the learner can stop the playback at every event of a kind.
    pub enum Category {
        /// A record stored in an inbox, a resend that stored nothing, or a report cut to the
        /// body limit before it was stored (M1, M8, M7).
        Store = "store",
        /// A candidate prepared, or an inbox drained by the preparation (M4, M6).
        Prepare = "prepare",
        /// A candidate committed to the history (M3).
        Commit = "commit",
        /// A candidate thrown away (M5).
        Discard = "discard",
        /// A model request sent, or a retry scheduled (M3, L2).
        Request = "request",
        /// A model reply or failure.
        Reply = "reply",
        /// The host's lock taken, released or waited for (T6).
        Lock = "lock",
        /// A protocol request opened or decided, or a should-exit flag set (P1-P3).
        Protocol = "protocol",
        /// Something the host refused, with its reason.
        Refusal = "refusal",
        /// Roster and status changes: spawn, rounds, recall, restore, disband (T1, L1, L3, L4).
        Lifecycle = "lifecycle",
        /// Tool results, file writes, faults and mode switches.
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
    /// What happened, with the data the reducer needs to replay it.
    pub kind: EventKind,
}

/// What happened. Past tense; each variant carries what the state needs to replay it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// M1: a record was appended to the recipient's inbox; the receipt says `queued`.
    MessageQueued {
        /// The stored record, sender bound by the host (shared with the state's message log:
        /// storing it copies nothing).
        record: Arc<MessageRecord>,
    },
    /// M8: a send repeated an idempotency key; nothing new was stored.
    ResendIgnored {
        /// The sender who repeated the key.
        from: String,
        /// The key already used by that sender.
        idempotency_key: String,
        /// The first send's receipt, returned again.
        receipt: Receipt,
    },
    /// M7: a failure report (L1) was longer than the body limit, so it was cut with a marker
    /// that says so, before it was sent; nothing is cut without a word. The full error stays in
    /// the round's failure (`round_finished`).
    ReportCut {
        /// The member whose round failed.
        member: String,
        /// Whom the report goes to (the lead).
        to: String,
        /// Characters of the full report.
        total: usize,
        /// Characters cut away (the marker replaces them).
        cut: usize,
    },
    /// M6 (drain mode): the records were removed from the inbox view by a read.
    InboxDrained {
        /// Whose inbox was read.
        member: String,
        /// The records that left the inbox view.
        message_ids: Vec<MessageId>,
    },
    /// M4: a candidate (history + new notifications) was prepared.
    CandidatePrepared {
        /// The member whose next request is being prepared.
        member: String,
        /// The committed history's length plus the new entries.
        candidate: Candidate,
    },
    /// M5: the candidate was thrown away. `lost` lists drained records that are now gone.
    CandidateDiscarded {
        /// The member whose candidate was dropped.
        member: String,
        /// Why (an injected fault, or the history limit).
        reason: String,
        /// The records the candidate notified; in append-only mode they are found again.
        message_ids: Vec<MessageId>,
        /// Drain mode only: the records that were drained and now exist nowhere else (M6).
        lost: Vec<MessageId>,
    },
    /// M3: the member's loop committed its candidate to the history.
    HistoryCommitted {
        /// The member whose history grew.
        member: String,
        /// The records whose notifications are now in the history.
        message_ids: Vec<MessageId>,
        /// How many entries were appended.
        entries: usize,
        /// The history's length after the commit.
        history_len: usize,
    },
    /// M3: a model request was sent, built from the committed history.
    ModelRequested {
        /// Exactly what the model was sent; it never changes afterwards.
        request: ModelRequest,
    },
    /// L2: a retry will follow (own budget; logical requests are not consumed).
    RetryScheduled {
        /// The member that retries.
        member: String,
        /// Retries used in this delivery, this one included.
        retries_used: u32,
        /// Retries allowed per delivery.
        retry_budget: u32,
        /// What failed (a model request, or a discarded candidate).
        reason: String,
    },
    /// A reply arrived and its assistant entry was appended to the history.
    ModelReplied {
        /// The member that sent the request.
        member: String,
        /// The request this reply answers.
        request_id: RequestId,
        /// The reply as stored.
        reply: ModelReply,
    },
    /// A request failed, or its reply was refused (empty, too many calls, history full).
    ModelFailed {
        /// The member that sent the request.
        member: String,
        /// The request that failed.
        request_id: RequestId,
        /// What went wrong.
        error: String,
        /// Whether the driver said a retry may succeed (a refused reply never is).
        retryable: bool,
    },
    /// A tool call ran (or was refused); its result was appended to the history.
    ToolExecuted {
        /// The member whose model made the call.
        member: String,
        /// The call's id, echoed in the tool result.
        call_id: String,
        /// The tool name as the model sent it.
        tool: String,
        /// The arguments as the model sent them.
        arguments: Value,
        /// The result text the model will read.
        result: String,
        /// The call was refused or failed; `result` says why.
        is_error: bool,
        /// Drain mode's `read_inbox`: the records this result carries into the history.
        notifies: Vec<MessageId>,
    },
    /// K3: `write_file` changed a file of the virtual file system (nothing was executed).
    FileWritten {
        /// The member that wrote.
        member: String,
        /// The file's path.
        path: String,
        /// The new content, whole.
        content: String,
    },
    /// T6: the lock was taken (to check-and-set occupancy, or for the whole round).
    LockAcquired {
        /// The new holder.
        member: String,
    },
    /// T6: the lock was released (after the check-and-set, or at the end of a hold-lock round).
    LockReleased {
        /// The member that held it.
        member: String,
    },
    /// T6 (hold-lock mode): the member waits for the lock held by `holder`.
    LockWaiting {
        /// The member that asked to start a round.
        member: String,
        /// The member holding the lock.
        holder: String,
        /// The delivery's task, kept until the round can start.
        prompt: Option<String>,
    },
    /// P1: a shutdown or plan request was opened; it is `pending`.
    ProtocolOpened {
        /// The tracked request.
        request: ProtocolRequest,
    },
    /// P1-P3: a pending request was approved or rejected, once and for good.
    ProtocolDecided {
        /// The decided request.
        request_id: String,
        /// `approved` or `rejected`.
        status: ProtocolStatus,
        /// The member that decided (the request's addressee).
        by: String,
        /// The reason (shutdown) or feedback (plan); may be empty.
        note: String,
    },
    /// P2: the member will exit after its current tool round.
    ShouldExitSet {
        /// The teammate that approved its shutdown.
        member: String,
        /// The approved shutdown request.
        request_id: String,
    },
    /// T1: a member joined the roster (offline until the next event sets it idle).
    MemberSpawned {
        /// Its name, role and kind.
        config: MemberConfig,
    },
    /// T5: occupancy was set; a delivery started.
    RoundStarted {
        /// The member now working.
        member: String,
        /// Which delivery this is (1-based, L2).
        delivery: u32,
        /// How many deliveries the member accepts (L2).
        delivery_budget: u32,
        /// The task text; it enters the history with the round's first commit.
        prompt: Option<String>,
    },
    /// L1: a round ended; the outcome names the status the member rests in.
    RoundFinished {
        /// The member whose round ended.
        member: String,
        /// Answered, stopped, failed or shut down.
        outcome: RoundOutcome,
        /// The final answer's text, when the round ended with one.
        final_text: Option<String>,
    },
    /// L1: a member's status changed on its own: a spawn (offline to idle) or a disband (to
    /// offline). A round's start and end and a recall change the status in their own event.
    StatusChanged {
        /// The member.
        member: String,
        /// The status before.
        from: MemberStatus,
        /// The status after.
        to: MemberStatus,
    },
    /// L3, L1: a member was recalled: it is idle again with its history (one step, so no step
    /// shows it recalled and still offline).
    MemberRecalled {
        /// The recalled member.
        member: String,
        /// The status it was recalled from (offline, stopped, failed or shut down).
        from: MemberStatus,
        /// L3: how many stored entries the recall loaded (after a restore); None when the
        /// history was loaded already (a recall after a stop, a failure or a shutdown).
        loaded: Option<usize>,
        /// The length of the history it keeps (T3).
        history_len: usize,
    },
    /// L3: the roster was restored from storage; every member is offline and its history is
    /// stored, not loaded, until a recall.
    RosterRestored {
        /// The stored roster the state was replaced by.
        snapshot: Box<RosterSnapshot>,
    },
    /// L4: the team was disbanded; these records were never read.
    TeamDisbanded {
        /// Every record no model request carried (never committed and not drained, or
        /// committed but never sent): the dead letters.
        undelivered: Vec<MessageRecord>,
    },
    /// M5, M6: a fault was armed; it strikes at the member's next preparation.
    FaultArmed {
        /// The member the fault will strike.
        member: String,
        /// Which fault.
        fault: Fault,
    },
    /// M5, M6: the armed fault struck between read and commit; the candidate is discarded next.
    FaultStruck {
        /// The member it struck.
        member: String,
        /// Which fault.
        fault: Fault,
    },
    /// M6, T6: the contrast modes changed (only between rounds).
    TogglesChanged {
        /// The modes now in force.
        toggles: Toggles,
    },
    /// The host refused an input or a tool call; nothing else changed.
    Refused {
        /// The code and the reason the learner reads.
        refusal: Refusal,
    },
}

/// Every kind's name ([`EventKind::name`]), in the order the kinds are declared: what a
/// checkpoint, a key step or a test may name.
pub const EVENT_NAMES: [&str; 30] = [
    "message_queued",
    "resend_ignored",
    "report_cut",
    "inbox_drained",
    "candidate_prepared",
    "candidate_discarded",
    "history_committed",
    "model_requested",
    "retry_scheduled",
    "model_replied",
    "model_failed",
    "tool_executed",
    "file_written",
    "lock_acquired",
    "lock_released",
    "lock_waiting",
    "protocol_opened",
    "protocol_decided",
    "should_exit_set",
    "member_spawned",
    "round_started",
    "round_finished",
    "status_changed",
    "member_recalled",
    "roster_restored",
    "team_disbanded",
    "fault_armed",
    "fault_struck",
    "toggles_changed",
    "refused",
];

impl EventKind {
    /// The variant name in snake_case (used by caption matchers and transcripts).
    pub fn name(&self) -> &'static str {
        match self {
            EventKind::MessageQueued { .. } => "message_queued",
            EventKind::ResendIgnored { .. } => "resend_ignored",
            EventKind::ReportCut { .. } => "report_cut",
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

    /// The breakpoint kind of this event.
    pub fn category(&self) -> Category {
        use EventKind::*;
        match self {
            MessageQueued { .. } | ResendIgnored { .. } | ReportCut { .. } => Category::Store,
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
    /// The breakpoint kind of this event's kind.
    pub fn category(&self) -> Category {
        self.kind.category()
    }
}
