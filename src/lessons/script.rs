//! The scripted model: a data table of replies keyed by (member, request index), each with a
//! logical latency so that parallel work overlaps on the timeline. It speaks the same
//! provider-neutral types as a real provider.

use super::language::tr;
use crate::engine::{Lang, MessageId, ModelReply, ModelRequest};
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
    /// An authored reply that depends on what the request holds: `then` when the request
    /// carries every message `holds` names and none `lacks` names, otherwise `otherwise`. A
    /// name is a message id (`m2`) or a sender (any message from that member).
    ReplyWhen {
        holds: Vec<String>,
        lacks: Vec<String>,
        then: ModelReply,
        otherwise: ModelReply,
    },
}

/// The messages a request carries, as (id, sender): what a conditional reply is checked
/// against.
pub fn carried(
    request: &ModelRequest,
    sender_of: &dyn Fn(MessageId) -> Option<String>,
) -> Vec<(String, String)> {
    request
        .messages
        .iter()
        .flat_map(|entry| entry.notifies.iter())
        .map(|id| (id.to_string(), sender_of(*id).unwrap_or_default()))
        .collect()
}

/// Whether a request carrying `carried` meets a condition: every name of `holds` is among
/// them (as an id or a sender) and no name of `lacks` is.
pub fn condition_holds(holds: &[String], lacks: &[String], carried: &[(String, String)]) -> bool {
    let has = |name: &String| carried.iter().any(|(id, from)| id == name || from == name);
    holds.iter().all(has) && !lacks.iter().any(has)
}

/// What the model does for one sent request, once its input is known. Externally tagged in
/// JSON (`{"Reply": {...}}`), as a recording keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Reply(ModelReply),
    Fail { error: String, retryable: bool },
}

impl ScriptOutcome {
    /// The answer to `request`, with no sender known (a condition on a sender then fails to
    /// find it): what a caller without the team's messages at hand uses.
    pub fn answer(self, request: &ModelRequest) -> Answer {
        self.answer_with(request, &|_| None)
    }

    /// The answer to `request`; `sender_of` names the sender of a message it carries.
    pub fn answer_with(
        self,
        request: &ModelRequest,
        sender_of: &dyn Fn(MessageId) -> Option<String>,
    ) -> Answer {
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
            ScriptOutcome::ReplyWhen {
                holds,
                lacks,
                then,
                otherwise,
            } => {
                let held = condition_holds(&holds, &lacks, &carried(request, sender_of));
                Answer::Reply(if held { then } else { otherwise })
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
