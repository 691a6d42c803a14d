//! The allowed ranges of a scenario's numbers and sizes, in one table that validation and
//! README.md's format table both follow (a test checks README.md names each of them).

use super::format::ScenarioLimits;

/// One limit of a scenario: its JSON key, its range and how to read it from the limits.
pub struct LimitRange {
    /// The key under `limits`.
    pub key: &'static str,
    /// The smallest allowed value.
    pub min: u64,
    /// The largest allowed value.
    pub max: u64,
    /// The value the scenario sets, if any.
    pub get: fn(&ScenarioLimits) -> Option<u64>,
}

/// Every limit a scenario may set, with its allowed range (defaults: `engine::Limits`).
pub const LIMITS: [LimitRange; 9] = [
    LimitRange {
        key: "inbox_records",
        min: 1,
        max: 64,
        get: |l| l.inbox_records,
    },
    LimitRange {
        key: "body_chars",
        min: 20,
        max: 4000,
        get: |l| l.body_chars,
    },
    LimitRange {
        key: "history_entries",
        min: 4,
        max: 400,
        get: |l| l.history_entries,
    },
    LimitRange {
        key: "delivery_budget",
        min: 1,
        max: 20,
        get: |l| l.delivery_budget,
    },
    LimitRange {
        key: "request_budget",
        min: 1,
        max: 20,
        get: |l| l.request_budget,
    },
    LimitRange {
        key: "retry_budget",
        min: 0,
        max: 10,
        get: |l| l.retry_budget,
    },
    LimitRange {
        key: "max_members",
        min: 1,
        max: MAX_MEMBERS as u64,
        get: |l| l.max_members,
    },
    LimitRange {
        key: "file_chars",
        min: 1,
        max: 20_000,
        get: |l| l.file_chars,
    },
    LimitRange {
        key: "tool_calls_per_reply",
        min: 1,
        max: 100,
        get: |l| l.tool_calls_per_reply,
    },
];

/// The whole scenario's JSON text, in bytes.
pub const MAX_JSON_BYTES: usize = 200_000;
/// Members on the roster at the start, whatever `limits.max_members` says.
pub const MAX_MEMBERS: usize = 16;
/// A member's role, in characters.
pub const MAX_ROLE_CHARS: usize = 40;
/// A member's own delivery budget.
pub const DELIVERIES: (u32, u32) = (1, 20);
/// The title, in characters.
pub const MAX_TITLE_CHARS: usize = 120;
/// A version 1 scenario's task, in characters (the engine may still refuse it over
/// `body_chars`, M7: [`crate::scenario::Scenario::notes`]); version 2 holds it to `body_chars`.
pub const MAX_TASK_CHARS: usize = 4000;
/// Virtual files.
pub const MAX_FILES: usize = 32;
/// Authored replies.
pub const MAX_REPLIES: usize = 1000;
/// A reply's `order`: 1 (the member's first request) up to this.
pub const MAX_ORDER: u32 = 1000;
/// A reply's latency, in logical time units.
pub const LATENCY: (u64, u64) = (1, 1000);
/// A reply's text or a failure's error, in characters.
pub const MAX_REPLY_CHARS: usize = 4000;
/// Checkpoints in a scenario (issue 26).
pub const MAX_CHECKPOINTS: usize = 20;
/// Characters of a checkpoint's id, and of a protocol request id it asks about.
pub const MAX_CHECKPOINT_ID_CHARS: usize = 40;
/// The highest `nth` of a checkpoint's event.
pub const MAX_CHECKPOINT_NTH: usize = 1000;
/// Characters of a checkpoint's question, in each language.
pub const MAX_QUESTION_CHARS: usize = 300;
/// Counts an inbox checkpoint offers.
pub const MAX_CHECKPOINT_COUNTS: usize = 6;
/// Faults at a chosen moment.
pub const MAX_FAULTS: usize = 100;
/// Tool calls in one authored reply.
pub const MAX_TOOL_CALLS: usize = 100;
