//! Provider-neutral model reply types and ids. The engine emits a request as data (it never
//! calls a model, see `request.rs`); the driver answers with a [`ModelReply`] or a failure. A real
//! provider (Anthropic Messages, OpenAI-compatible chat) maps these to and from its own format.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A model request id, shown as `r1`, `r2`, ... in send order across the team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RequestId(pub u64);

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.0)
    }
}

/// One tool a role may call: name, description and JSON schema of its arguments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    /// The name the model calls (K1, K2).
    pub name: String,
    /// What the tool does for this role, as the model reads it (P4).
    pub description: String,
    /// The JSON schema of the arguments (an object; unknown keys are not allowed).
    pub parameters: Value,
}

/// A tool call as the model sent it. `arguments` is normally a JSON object; a JSON string is
/// parsed as JSON first (OpenAI sends arguments as a string). Anything else, or a string that
/// does not parse to an object, is refused as malformed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The call id the model chose; its tool result answers this id.
    pub id: String,
    /// The tool the model asks for.
    pub name: String,
    /// The arguments as the model sent them (see the type docs).
    pub arguments: Value,
}

impl ToolCall {
    /// A call `id` of tool `name` with these arguments.
    pub fn new(id: impl Into<String>, name: impl Into<String>, arguments: Value) -> Self {
        ToolCall {
            id: id.into(),
            name: name.into(),
            arguments,
        }
    }
}

named_enum! {
    /// Why the model stopped writing, as the provider reports it. The engine decides by the
    /// tool calls, not by this field: no tool calls is a final answer.
    pub enum StopReason {
        /// The model finished its turn.
        EndTurn = "end_turn",
        /// The model stopped to have its tool calls run.
        ToolUse = "tool_use",
        /// The provider cut the reply at its token limit.
        MaxTokens = "max_tokens",
    }
}

/// A model's answer: text and/or tool calls. No tool calls means a final answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelReply {
    /// The reply's text (the final answer when there are no tool calls).
    #[serde(default)]
    pub text: String,
    /// The tool calls to run, in order.
    #[serde(default)]
    pub tool_calls: Vec<ToolCall>,
    /// Why the model stopped, as the provider reports it.
    pub stop_reason: StopReason,
}

impl ModelReply {
    /// A final answer: text only, `end_turn`.
    pub fn text(text: impl Into<String>) -> Self {
        ModelReply {
            text: text.into(),
            tool_calls: Vec::new(),
            stop_reason: StopReason::EndTurn,
        }
    }

    /// A reply that asks for these tool calls (with optional text), `tool_use`.
    pub fn tools(text: impl Into<String>, tool_calls: Vec<ToolCall>) -> Self {
        ModelReply {
            text: text.into(),
            tool_calls,
            stop_reason: StopReason::ToolUse,
        }
    }
}
