//! The scripted model: a data table of replies keyed by (member, request index), each with a
//! logical latency so that parallel work overlaps on the timeline. It speaks the same
//! provider-neutral types as a real provider.

use super::language::tr;
use crate::engine::{Lang, ModelReply, ModelRequest};
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
    /// A final answer that depends on what the request holds: `seen` if it carries the
    /// notification of message `message` (`m1`...), otherwise `unseen`. The model answers from
    /// its input, so the reply stays true whichever contrast mode the learner chose.
    ReplyIfSeen {
        message: String,
        seen: ModelReply,
        unseen: ModelReply,
    },
}

/// What the model does for one sent request, once its input is known. Externally tagged in
/// JSON (`{"Reply": {...}}`), as a recording keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Reply(ModelReply),
    Fail { error: String, retryable: bool },
}

impl ScriptOutcome {
    /// The answer to `request`.
    pub fn answer(self, request: &ModelRequest) -> Answer {
        match self {
            ScriptOutcome::Reply { reply } => Answer::Reply(reply),
            ScriptOutcome::Fail { error, retryable } => Answer::Fail { error, retryable },
            ScriptOutcome::ReplyIfSeen {
                message,
                seen,
                unseen,
            } => {
                let carried = request
                    .messages
                    .iter()
                    .any(|entry| entry.notifies.iter().any(|id| id.to_string() == message));
                Answer::Reply(if carried { seen } else { unseen })
            }
        }
    }
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
        Self::fallback_in(Lang::En)
    }

    /// [`ScriptedModel::fallback`] in `lang`: a scenario's teacher may author no reply for a
    /// request, and the learner reads why the round ended in the page's language.
    pub fn fallback_in(lang: Lang) -> (u64, ScriptOutcome) {
        let text = tr(
            lang,
            "（脚本模型没有为这个请求写好的回复，所以它结束这一轮。）",
            "(The scripted model has no reply written for this request, so it ends the round.)",
        );
        (
            1,
            ScriptOutcome::Reply {
                reply: ModelReply::text(text),
            },
        )
    }
}
