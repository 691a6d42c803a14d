//! Real model providers as a second source of replies. The engine's request (system prompt,
//! committed history, the role's tool list) is encoded into a provider's HTTP call, and the
//! provider's answer, whole or streamed, is decoded back into the engine's `ModelReply`.
//! Everything here but `fetch` is pure and tested natively.
//!
//! - [`api`]: a provider kind's encoder and decoders as one value, chosen once per live run.
//! - [`anthropic`]: the Messages API.
//! - [`openai`]: OpenAI-compatible Chat Completions (OpenAI, OpenRouter, Ollama, LM Studio,
//!   llama.cpp server, vLLM).
//! - [`sse`]: server-sent events framing on bytes.
//! - [`connection`]: "test connection": two probes of the model list and what they mean.
//! - [`errors`]: what went wrong, and the advice that names the fix.
//! - [`retry`]: when a failed call is tried again.
//! - [`redact`]: the key taken out of a server's error text, whole or in part.
//! - `fetch` (wasm only): the browser call itself, with abort and timeouts.
//! - [`live`]: a live run's schedule (concurrency, pauses, backoff) and what each call
//!   becomes for the engine.

pub mod anthropic;
pub mod api;
pub mod connection;
pub mod errors;
#[cfg(target_arch = "wasm32")]
pub mod fetch;
pub mod live;
pub mod openai;
pub mod redact;
pub mod retry;
pub mod sse;

use crate::engine::{tr, Lang, ModelReply};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

crate::engine::named_enum! {
    /// Where a member's replies come from.
    pub enum ProviderKind {
        /// The lesson's deterministic script (offline, the default).
        Scripted = "scripted",
        /// Anthropic's Messages API.
        Anthropic = "anthropic",
        /// Any OpenAI-compatible Chat Completions server.
        OpenAi = "openai",
    }
}

impl ProviderKind {
    /// The base URL a learner starts from. An OpenAI-compatible base ends in `/v1`, Anthropic's
    /// does not: the official SDKs' convention.
    pub fn default_base_url(self) -> &'static str {
        match self {
            ProviderKind::Scripted => "",
            ProviderKind::Anthropic => "https://api.anthropic.com",
            ProviderKind::OpenAi => "https://api.openai.com/v1",
        }
    }
}

/// The settings of a live run, without the key (the key is never stored with them).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProviderSettings {
    /// Which API.
    pub kind: ProviderKind,
    /// The base URL, as the official SDKs take it.
    pub base_url: String,
    /// The model name.
    pub model: String,
    /// The most tokens a reply may have (Anthropic requires it).
    pub max_tokens: u32,
    /// Whether replies stream in as they are written.
    pub stream: bool,
}

impl ProviderSettings {
    /// The endpoint URL under the base URL, without a doubled slash.
    pub fn url(&self, path: &str) -> String {
        format!(
            "{}/{}",
            self.base_url.trim_end_matches('/'),
            path.trim_start_matches('/')
        )
    }
}

/// A key for a provider. Its `Debug` hides it and it cannot be serialized, so it cannot leak
/// into a log, a link, an export or a recorded run by accident.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// Wraps a key as the learner typed it (surrounding spaces removed).
    pub fn new(key: &str) -> Self {
        ApiKey(key.trim().to_string())
    }

    /// The key itself, for the one header that carries it.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// No key (some local servers need none).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<hidden>)")
    }
}

/// One HTTP call to make: a POST of `body` as JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct HttpCall {
    /// The endpoint.
    pub url: String,
    /// The headers, exactly these and no others (an extra header can fail a CORS preflight).
    pub headers: Vec<(String, String)>,
    /// The JSON body.
    pub body: Value,
}

/// Tokens a call used, from the provider's usage fields.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Usage {
    /// Tokens read (the prompt).
    pub input_tokens: u64,
    /// Tokens written (the reply).
    pub output_tokens: u64,
    /// Answers that came without a usage report (some local servers send none): their tokens
    /// are unknown, not 0.
    #[serde(default)]
    pub unreported: u32,
}

impl Usage {
    /// The usage of an answer whose server reported none.
    pub fn unreported() -> Usage {
        Usage {
            unreported: 1,
            ..Usage::default()
        }
    }

    /// Reads a provider's usage object, whose token fields the two APIs name differently
    /// (`input_tokens`/`output_tokens`, `prompt_tokens`/`completion_tokens`); an object
    /// without either field, or none, is [`Usage::unreported`].
    pub fn from_fields(usage: Option<&Value>, input: &str, output: &str) -> Usage {
        let field = |k: &str| usage.and_then(|u| u.get(k)).and_then(Value::as_u64);
        match (field(input), field(output)) {
            (None, None) => Usage::unreported(),
            (i, o) => Usage {
                input_tokens: i.unwrap_or(0),
                output_tokens: o.unwrap_or(0),
                unreported: 0,
            },
        }
    }

    /// The live panel's usage line; `members` is the per-member breakdown. A server that
    /// reports no usage has unknown usage, not 0 tokens, and the line says so.
    pub fn line(&self, lang: Lang, members: &str) -> String {
        let u = self;
        if u.unreported > 0 && u.input_tokens == 0 && u.output_tokens == 0 {
            return tr(
                lang,
                format!("用量：服务器没有报告（{} 个回答）", u.unreported),
                format!(
                    "Usage: not reported by the server ({})",
                    crate::engine::text::counted(u.unreported as usize, "answer", "answers")
                ),
            );
        }
        let missing = if u.unreported > 0 {
            tr(
                lang,
                format!("；{} 个回答没有报告用量", u.unreported),
                format!(
                    "; {} without usage",
                    crate::engine::text::counted(u.unreported as usize, "answer", "answers")
                ),
            )
        } else {
            String::new()
        };
        tr(
            lang,
            format!(
                "用量：输入 {} 个 token，输出 {} 个 token（按成员，输入/输出：{members}）{missing}",
                u.input_tokens, u.output_tokens
            ),
            format!(
                "Usage: {} input tokens, {} output tokens (per member, in/out: {members}){missing}",
                u.input_tokens, u.output_tokens
            ),
        )
    }

    /// The sum of two usages (per member, per run).
    pub fn plus(self, other: Usage) -> Usage {
        Usage {
            input_tokens: self.input_tokens + other.input_tokens,
            output_tokens: self.output_tokens + other.output_tokens,
            unreported: self.unreported + other.unreported,
        }
    }
}

/// A decoded answer: the engine's reply, the provider's own stop reason (shown as sent) and
/// the usage.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// What the engine takes in.
    pub reply: ModelReply,
    /// The stop reason exactly as the provider named it.
    pub stop: String,
    /// Tokens used.
    pub usage: Usage,
}

/// What a stream has shown so far, for the request view to draw as it arrives.
#[derive(Clone, Debug, PartialEq)]
pub enum StreamPiece {
    /// More reply text.
    Text(String),
    /// A tool call began.
    ToolCallStarted {
        /// Its position in the reply.
        index: usize,
        /// The call id.
        id: String,
        /// The tool's name.
        name: String,
    },
    /// More of a tool call's JSON arguments.
    ToolArguments {
        /// Which call.
        index: usize,
        /// The next fragment of the arguments' JSON text.
        fragment: String,
    },
}

/// The user turn a provider call ends with when the engine's history is empty or ends with
/// the model's own turn (a delivery with no new mail): both APIs expect the conversation to end
/// with the user's side, and Anthropic refuses an empty one. It is added to the HTTP body only;
/// the engine's request, as the learner sees it, is unchanged.
pub const NO_NEW_MAIL: &str = "(The host starts a new delivery; there is no new message.)";

/// Parses a tool call's arguments text: an object when it parses (empty text is `{}`); the
/// raw text otherwise, which the engine refuses as malformed with a clear error result instead
/// of running the tool.
pub fn parse_arguments(text: &str) -> Value {
    if text.trim().is_empty() {
        return Value::Object(Default::default());
    }
    match serde_json::from_str::<Value>(text) {
        Ok(v @ Value::Object(_)) => v,
        _ => Value::String(text.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_never_shows_in_debug_output() {
        let key = ApiKey::new("  sk-secret-123 ");
        assert_eq!(key.expose(), "sk-secret-123");
        assert!(!format!("{key:?}").contains("secret"));
    }

    #[test]
    fn base_urls_follow_the_sdk_convention_and_join_without_double_slashes() {
        let s = ProviderSettings {
            kind: ProviderKind::OpenAi,
            base_url: "http://localhost:11434/v1/".into(),
            model: "llama3".into(),
            max_tokens: 1024,
            stream: true,
        };
        assert_eq!(
            s.url("/chat/completions"),
            "http://localhost:11434/v1/chat/completions"
        );
        assert!(ProviderKind::OpenAi.default_base_url().ends_with("/v1"));
        assert!(!ProviderKind::Anthropic.default_base_url().ends_with("/v1"));
    }

    #[test]
    fn arguments_parse_to_objects_and_anything_else_stays_text_for_the_engine_to_refuse() {
        assert_eq!(parse_arguments(""), serde_json::json!({}));
        assert_eq!(
            parse_arguments("{\"path\":\"a\"}"),
            serde_json::json!({"path": "a"})
        );
        assert_eq!(
            parse_arguments("{\"path\":"),
            Value::String("{\"path\":".into())
        );
        assert_eq!(parse_arguments("[1]"), Value::String("[1]".into()));
    }
}
