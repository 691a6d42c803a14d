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
    pub name: String,
    pub description: String,
    pub parameters: Value,
}

/// A tool call as the model sent it. `arguments` is normally a JSON object; a JSON string is
/// parsed as JSON first (OpenAI sends arguments as a string). Anything else, or a string that
/// does not parse to an object, is refused as malformed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    pub arguments: Value,
}

impl ToolCall {
    pub fn new(id: impl Into<String>, name: impl Into<String>, arguments: Value) -> Self {
        ToolCall {
            id: id.into(),
            name: name.into(),
            arguments,
        }
    }
}

crate::named_enum! {
    pub enum StopReason {
        EndTurn = "end_turn",
        ToolUse = "tool_use",
        MaxTokens = "max_tokens",
    }
}

/// A model's answer: text and/or tool calls. No tool calls means a final answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelReply {
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub tool_calls: Vec<ToolCall>,
    pub stop_reason: StopReason,
}

impl ModelReply {
    pub fn text(text: impl Into<String>) -> Self {
        ModelReply {
            text: text.into(),
            tool_calls: Vec::new(),
            stop_reason: StopReason::EndTurn,
        }
    }

    pub fn tools(text: impl Into<String>, tool_calls: Vec<ToolCall>) -> Self {
        ModelReply {
            text: text.into(),
            tool_calls,
            stop_reason: StopReason::ToolUse,
        }
    }
}
