//! The scripted model: a data table of replies keyed by (member, request index), each with a
//! logical latency so that parallel work overlaps on the timeline. It speaks the same
//! provider-neutral types as a real provider.

use crate::engine::ModelReply;
use serde::{Deserialize, Serialize};

/// What the scripted model does for one request. Externally tagged in JSON
/// (`{"reply": {"reply": ...}}`), serde's default, which decodes without buffering.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScriptOutcome {
    Reply {
        reply: ModelReply,
    },
    /// The request fails (429, 5xx, overloaded...).
    Fail {
        error: String,
        retryable: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScriptedReply {
    pub member: String,
    /// The member's request index (0-based, retries included): `ModelRequest::member_index`.
    pub request_index: u32,
    /// Logical time between the request and this outcome.
    pub latency: u64,
    pub outcome: ScriptOutcome,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ScriptedModel {
    pub replies: Vec<ScriptedReply>,
}

impl ScriptedModel {
    pub fn lookup(&self, member: &str, request_index: u32) -> Option<&ScriptedReply> {
        self.replies
            .iter()
            .find(|r| r.member == member && r.request_index == request_index)
    }

    /// What an unscripted request gets: a short final answer, so a forked run always ends.
    pub fn fallback() -> (u64, ScriptOutcome) {
        (
            1,
            ScriptOutcome::Reply {
                reply: ModelReply::text("(The scripted model has no reply written for this request, so it ends the round.)"),
            },
        )
    }
}
