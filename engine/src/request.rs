//! The provider-neutral model request: exactly what a member's model is sent, built from its
//! committed history (M3). A real provider maps it to its own format.

use super::history::{EntryRole, HistoryEntry};
use super::model::{RequestId, ToolSpec};
use super::persist::PVec;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;

/// Exactly what was sent to the model for one call: built from the member's committed history
/// at send time (M3), never changed afterwards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelRequest {
    /// The request's id across the team (`r1`, `r2`, ...).
    pub id: RequestId,
    /// The member whose model is asked.
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
    /// The system prompt of the member's role, with its protocol duties and the others on the
    /// roster (P4); shared with the member's other requests while the roster stays the same.
    pub system: Arc<str>,
    /// The committed history the request was built from (shares storage with the history).
    pub messages: PVec<Arc<HistoryEntry>>,
    /// The explicit tool list of the member's role (K1, K2).
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

    /// The names of the tools the request offers, in order.
    pub fn tool_names(&self) -> Vec<&str> {
        self.tools.iter().map(|t| t.name.as_str()).collect()
    }
}

/// One history entry in the provider-neutral JSON shape of a chat message.
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
