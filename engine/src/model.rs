//! Provider-neutral model request and reply types. The engine emits a [`ModelRequest`] as data
//! (it never calls a model); the driver answers with a [`ModelReply`] or a failure. A real
//! provider (Anthropic Messages, OpenAI-compatible chat) maps these to and from its own format.

use super::history::{EntryRole, HistoryEntry};
use super::persist::PVec;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::fmt;
use std::sync::Arc;

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

/// Exactly what was sent to the model for one call: built from the member's committed history
/// at send time (M3), never changed afterwards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelRequest {
    pub id: RequestId,
    pub member: String,
    /// Per-member index of sent requests (retries included), starting at 0. The scripted model
    /// is keyed by (member, member_index).
    pub member_index: u32,
    /// The delivery (round) this request belongs to, starting at 1.
    pub delivery: u32,
    /// Logical request number within the delivery, starting at 1 (L2). A retry repeats it.
    pub logical: u32,
    /// 0 for the first attempt, 1 for the first retry, ...
    pub attempt: u32,
    /// Logical time the request was sent.
    pub sent_at: u64,
    pub system: String,
    /// The committed history the request was built from (shares storage with the history).
    pub messages: PVec<Arc<HistoryEntry>>,
    pub tools: Arc<Vec<ToolSpec>>,
}

impl ModelRequest {
    /// The raw, provider-neutral JSON body shown in the UI.
    pub fn to_json(&self) -> Value {
        let messages: Vec<Value> = self.messages.iter().map(|e| entry_json(e)).collect();
        let tools: Vec<Value> = self
            .tools
            .iter()
            .map(|t| json!({"name": t.name, "description": t.description, "parameters": t.parameters}))
            .collect();
        json!({
            "id": self.id.to_string(),
            "member": self.member,
            "system": self.system,
            "messages": messages,
            "tools": tools,
        })
    }

    pub fn tool_names(&self) -> Vec<&str> {
        self.tools.iter().map(|t| t.name.as_str()).collect()
    }
}

fn entry_json(entry: &HistoryEntry) -> Value {
    match entry.role {
        EntryRole::User => json!({"role": "user", "content": entry.text}),
        EntryRole::Assistant => {
            let calls: Vec<Value> = entry
                .tool_calls
                .iter()
                .map(|c| json!({"id": c.id, "name": c.name, "arguments": c.arguments}))
                .collect();
            json!({"role": "assistant", "content": entry.text, "tool_calls": calls})
        }
        EntryRole::Tool => json!({
            "role": "tool",
            "tool_call_id": entry.tool_call_id,
            "name": entry.tool_name,
            "content": entry.text,
            "is_error": entry.is_error,
        }),
    }
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    EndTurn,
    ToolUse,
    MaxTokens,
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
