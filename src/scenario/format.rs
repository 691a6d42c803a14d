//! The scenario format's types: [`Scenario`] and its members, replies, toggles, limits and
//! faults, as serde reads and writes them (README.md, "Scenario format"), and its versions.
//! Reading, checking and editing them are the files beside this one.
//!
//! Version 2 added optional fields only (`faults`, `checkpoints`, `challenges`, and a reply's `holds`,
//! `lacks` and `otherwise`), each omitted when empty: a scenario that uses none of them is written as
//! version 1, byte for byte as before, and a page that reads only version 1 refuses a
//! scenario that needs the new fields by its version, with its own clear message.

use crate::engine::{MemberKind, SortedMap};
use crate::lessons::{Challenge, Checkpoint};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The version of a scenario that uses none of version 2's fields (every scenario made before
/// them): what a lesson opened as a scenario is written as.
pub const VERSION: u32 = 1;

/// The newest version this playground reads and writes: version 1 plus faults at a chosen
/// moment and replies that depend on what their request holds.
pub const NEWEST_VERSION: u32 = 2;

/// A scenario (see the module docs and README.md for every field's meaning and range).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// [`VERSION`], or [`NEWEST_VERSION`] when a version 2 field is used
    /// ([`Scenario::needed_version`]).
    pub version: u32,
    /// Shown in the picker and the page title; may be empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// The roster at the start: exactly one lead, in roster order.
    pub members: Vec<ScenarioMember>,
    /// K3: the virtual files, path to text.
    #[serde(default, skip_serializing_if = "SortedMap::is_empty")]
    pub files: SortedMap<String, String>,
    /// The task the user gives the lead (its first delivery's prompt).
    pub task: String,
    /// M6, T6: the contrast modes at the start.
    #[serde(default, skip_serializing_if = "ScenarioToggles::is_default")]
    pub toggles: ScenarioToggles,
    /// M7, L2: the limits that differ from the defaults.
    #[serde(default, skip_serializing_if = "ScenarioLimits::is_default")]
    pub limits: ScenarioLimits,
    /// K2: whether teammates may have `write_file`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub allow_write: bool,
    /// The scripted model's replies, one per (member, order).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replies: Vec<ScenarioReply>,
    /// Faults at a chosen moment: a member's nth request fails, or its nth delivery is struck
    /// between read and commit (in drain mode its mail is lost). Version 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<ScenarioFault>,
    /// Predict-then-see questions (issue 26), each answered from the state at its step.
    /// Version 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub checkpoints: Vec<Checkpoint>,
    /// Goals the learner meets by picking the host's next inputs (issue 48), their goals as
    /// the event predicates checkpoints use. Version 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub challenges: Vec<Challenge>,
}

/// One fault at a chosen moment, of a member: exactly one of `request` and `delivery` is set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFault {
    /// The member the fault strikes.
    pub member: String,
    /// The member's request that fails (1 is its first; retries count), with `error`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<u32>,
    /// The member's delivery (1 is its first round) whose reading is struck between read and
    /// commit (the engine's `fail_before_commit`): in drain mode the mail it read is lost.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delivery: Option<u32>,
    /// A failed request's error, as the provider would say it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub error: String,
    /// Whether the host may retry the failed request (L2).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub retryable: bool,
}

/// The reply used when a conditional reply's condition does not hold.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioAlternative {
    /// The text (a final answer when there are no tool calls).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// The tool calls, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ScenarioToolCall>,
}

/// One member of the roster at the start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioMember {
    /// T1: the unique name (a lowercase letter, then lowercase letters, digits, `-`, `_`).
    pub name: String,
    /// A free-text role label (`reader`, `reviewer`...).
    pub role: String,
    /// `lead` or `teammate`.
    pub kind: MemberKind,
    /// K1, K2: the tools this member is offered, by name; None is every tool of its kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tools: Option<Vec<String>>,
    /// L2: this member's delivery budget; None is `limits.delivery_budget`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deliveries: Option<u32>,
}

/// M6, T6: the contrast modes at the start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ScenarioToggles {
    /// M6: reading the inbox drains it.
    pub drain_on_read: bool,
    /// T6: the lock is held during the model call.
    pub hold_lock_during_model_call: bool,
}

impl ScenarioToggles {
    fn is_default(&self) -> bool {
        *self == ScenarioToggles::default()
    }
}

/// M7, L2: the limits a scenario sets; a limit left out keeps its default. Each is checked
/// against its range in [`ranges::LIMITS`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
#[allow(missing_docs)]
pub struct ScenarioLimits {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inbox_records: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub body_chars: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history_entries: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delivery_budget: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_budget: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_budget: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_members: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file_chars: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_calls_per_reply: Option<u64>,
}

impl ScenarioLimits {
    fn is_default(&self) -> bool {
        *self == ScenarioLimits::default()
    }
}

/// The scripted model's answer to one request of one member.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioReply {
    /// The member whose request this answers.
    pub member: String,
    /// Which of the member's requests: 1 is its first (retries count).
    pub order: u32,
    /// Logical time between the request and the answer.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub latency: u64,
    /// The reply's text (a final answer when there are no tool calls).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// The tool calls the reply asks for, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tool_calls: Vec<ScenarioToolCall>,
    /// Instead of a reply, the request fails (no text or tool calls then).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fail: Option<ScenarioFailure>,
    /// Messages the request must hold for this reply (by id, `m2`, or by sender: any message
    /// from that member). Version 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holds: Vec<String>,
    /// Messages the request must not hold for this reply (by id or by sender). Version 2.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lacks: Vec<String>,
    /// The reply used when `holds` or `lacks` does not hold (none: the scripted model's
    /// fallback, which ends the round). Version 2.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub otherwise: Option<ScenarioAlternative>,
}

impl ScenarioReply {
    /// Whether the reply depends on what its request holds.
    pub fn is_conditional(&self) -> bool {
        !self.holds.is_empty() || !self.lacks.is_empty()
    }
}

fn one() -> u64 {
    1
}

fn is_one(n: &u64) -> bool {
    *n == 1
}

/// One tool call of an authored reply; its id is made when the scenario is played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioToolCall {
    /// The tool's name (any name: an unknown tool shows the engine's refusal).
    pub name: String,
    /// The arguments, a JSON object.
    #[serde(default = "empty_object")]
    pub arguments: Value,
}

fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// A failed model request (429, 5xx, overloaded...).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFailure {
    /// The error as the provider would say it.
    pub error: String,
    /// Whether the host may retry (L2).
    #[serde(default)]
    pub retryable: bool,
}

impl Scenario {
    /// The lowest version that holds every field this scenario uses.
    pub fn needed_version(&self) -> u32 {
        let new_reply = |r: &ScenarioReply| r.is_conditional() || r.otherwise.is_some();
        if self.faults.is_empty()
            && self.checkpoints.is_empty()
            && self.challenges.is_empty()
            && !self.replies.iter().any(new_reply)
        {
            VERSION
        } else {
            NEWEST_VERSION
        }
    }

    /// The scenario as pretty JSON, the form [`parse`] reads back.
    pub fn to_json(&self) -> String {
        // Serializing plain data with string keys cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}
