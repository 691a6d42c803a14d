//! OpenAI-compatible Chat Completions (OpenAI, OpenRouter, Ollama, LM Studio, llama.cpp
//! server, vLLM): the engine's request as a `POST {base}/chat/completions` body with only
//! `Authorization` and `Content-Type` headers (any other header fails some servers' CORS
//! preflight), and the answer, whole or as streamed chunks, back as the engine's reply.

use super::errors::{classify_stream_error, ErrorKind, ProviderError};
use super::sse::SseEvent;
use super::{
    parse_arguments, ApiKey, Decoded, HttpCall, ProviderSettings, StreamPiece, Usage, NO_NEW_MAIL,
};
use crate::engine::{EntryRole, HistoryEntry, ModelReply, ModelRequest, StopReason, ToolCall};
use serde_json::{json, Value};

/// The HTTP call for one engine request.
pub fn encode(request: &ModelRequest, settings: &ProviderSettings, key: &ApiKey) -> HttpCall {
    let mut messages = vec![json!({"role": "system", "content": request.system})];
    messages.extend(request.messages.iter().map(|e| message(e)));
    if request
        .messages
        .last()
        .is_none_or(|e| e.role == EntryRole::Assistant)
    {
        messages.push(json!({"role": "user", "content": NO_NEW_MAIL}));
    }
    let tools: Vec<Value> = request
        .tools
        .iter()
        .map(|t| {
            json!({"type": "function", "function": {
                "name": t.name, "description": t.description, "parameters": t.parameters,
            }})
        })
        .collect();
    let mut body = json!({
        "model": settings.model,
        "messages": messages,
        "stream": settings.stream,
    });
    if !tools.is_empty() {
        body["tools"] = Value::Array(tools);
        // OpenAI's default when tools are sent, but some servers (llama-cpp-python's
        // function-calling format) act on tools only when it is said.
        body["tool_choice"] = json!("auto");
    }
    // OpenAI's own API takes the newer name (its reasoning models refuse the old one); the
    // servers that copy the API know the old one, and some ignore the new one.
    let cap = if is_openai_itself(&settings.base_url) {
        "max_completion_tokens"
    } else {
        "max_tokens"
    };
    body[cap] = json!(settings.max_tokens);
    if settings.stream {
        body["stream_options"] = json!({"include_usage": true});
    }
    let mut headers = vec![("content-type".to_string(), "application/json".to_string())];
    if !key.is_empty() {
        headers.push(("authorization".into(), format!("Bearer {}", key.expose())));
    }
    HttpCall {
        url: settings.url("/chat/completions"),
        headers,
        body,
    }
}

/// Whether the base URL is OpenAI's own API (not a server that speaks it).
fn is_openai_itself(base_url: &str) -> bool {
    let rest = base_url
        .trim()
        .strip_prefix("https://")
        .unwrap_or_default()
        .to_ascii_lowercase();
    rest == "api.openai.com" || rest.starts_with("api.openai.com/")
}

fn message(entry: &HistoryEntry) -> Value {
    match entry.role {
        EntryRole::User => json!({"role": "user", "content": entry.text}),
        EntryRole::Assistant => {
            let mut m = json!({"role": "assistant", "content": entry.text});
            if !entry.tool_calls.is_empty() {
                let calls: Vec<Value> = entry.tool_calls.iter().map(call_json).collect();
                m["tool_calls"] = Value::Array(calls);
            }
            m
        }
        // The API has no error flag on a tool result; the text says it.
        EntryRole::Tool => json!({
            "role": "tool",
            "tool_call_id": entry.tool_call_id.as_deref().unwrap_or(""),
            "content": if entry.is_error { format!("Error: {}", entry.text) } else { entry.text.clone() },
        }),
    }
}

fn call_json(call: &ToolCall) -> Value {
    let arguments = match &call.arguments {
        Value::String(raw) => raw.clone(),
        other => other.to_string(),
    };
    json!({"id": call.id, "type": "function", "function": {"name": call.name, "arguments": arguments}})
}

/// Decodes a whole (non-streamed) answer.
pub fn decode(body: &Value) -> Result<Decoded, ProviderError> {
    if body.get("error").is_some() {
        return Err(classify_stream_error(&body.to_string()));
    }
    let choice = body
        .pointer("/choices/0")
        .ok_or_else(|| ProviderError::malformed("no choices in the answer"))?;
    let message = choice
        .get("message")
        .ok_or_else(|| ProviderError::malformed("the first choice has no message"))?;
    let text = message
        .get("content")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let mut calls = Vec::new();
    for call in message
        .get("tool_calls")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let id = call
            .get("id")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let name = call
            .pointer("/function/name")
            .and_then(Value::as_str)
            .ok_or_else(|| ProviderError::malformed("a tool call has no function name"))?;
        let arguments = match call.pointer("/function/arguments") {
            Some(Value::String(raw)) => parse_arguments(raw),
            Some(v @ Value::Object(_)) => v.clone(),
            _ => json!({}),
        };
        calls.push(ToolCall::new(id, name, arguments));
    }
    let stop = choice
        .get("finish_reason")
        .and_then(Value::as_str)
        .unwrap_or("");
    finish(text, calls, stop, usage_of(body.get("usage")))
}

fn usage_of(usage: Option<&Value>) -> Usage {
    Usage::from_fields(usage, "prompt_tokens", "completion_tokens")
}

fn finish(
    text: String,
    calls: Vec<ToolCall>,
    stop: &str,
    usage: Usage,
) -> Result<Decoded, ProviderError> {
    let stop_reason = match stop {
        "length" => StopReason::MaxTokens,
        _ if !calls.is_empty() => StopReason::ToolUse,
        // stop, content_filter (the text, often empty, is what the model was allowed to say).
        _ => StopReason::EndTurn,
    };
    Ok(Decoded {
        reply: ModelReply {
            text,
            tool_calls: calls,
            stop_reason,
        },
        stop: stop.to_string(),
        usage,
    })
}

/// Builds the reply from streamed chunks. Tool calls arrive as fragments keyed by `index`;
/// only the first fragment of a call carries its id and name.
#[derive(Debug)]
pub struct OpenAiStream {
    text: String,
    /// By stream index: id, name, arguments text so far.
    calls: Vec<(usize, String, String, String)>,
    stop: String,
    usage: Usage,
    done: bool,
}

impl Default for OpenAiStream {
    fn default() -> Self {
        OpenAiStream {
            text: String::new(),
            calls: Vec::new(),
            stop: String::new(),
            // Until a chunk carries a usage object (only with `include_usage`), none came.
            usage: Usage::unreported(),
            done: false,
        }
    }
}

impl OpenAiStream {
    /// A decoder before the first chunk.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether a tool call has been handed on already (a retry could repeat it).
    pub fn tool_call_seen(&self) -> bool {
        !self.calls.is_empty()
    }

    /// Takes one event; returns what it adds to the view, or the error it reports.
    pub fn event(&mut self, event: &SseEvent) -> Result<Vec<StreamPiece>, ProviderError> {
        if event.data.trim() == "[DONE]" {
            self.done = true;
            return Ok(Vec::new());
        }
        let chunk: Value = serde_json::from_str(&event.data)
            .map_err(|e| ProviderError::malformed(format!("a stream chunk is not JSON: {e}")))?;
        if chunk.get("error").is_some() {
            return Err(classify_stream_error(&event.data));
        }
        if chunk.get("usage").is_some_and(Value::is_object) {
            self.usage = usage_of(chunk.get("usage"));
        }
        let Some(choice) = chunk.pointer("/choices/0") else {
            return Ok(Vec::new());
        };
        if let Some(stop) = choice.get("finish_reason").and_then(Value::as_str) {
            self.stop = stop.to_string();
        }
        let mut pieces = Vec::new();
        if let Some(text) = choice.pointer("/delta/content").and_then(Value::as_str) {
            if !text.is_empty() {
                self.text.push_str(text);
                pieces.push(StreamPiece::Text(text.to_string()));
            }
        }
        let fragments = choice
            .pointer("/delta/tool_calls")
            .and_then(Value::as_array);
        for fragment in fragments.into_iter().flatten() {
            pieces.extend(self.fragment(fragment));
        }
        Ok(pieces)
    }

    fn fragment(&mut self, fragment: &Value) -> Vec<StreamPiece> {
        let index = fragment.get("index").and_then(Value::as_u64).unwrap_or(0) as usize;
        let args = fragment
            .pointer("/function/arguments")
            .and_then(Value::as_str)
            .unwrap_or("");
        let mut pieces = Vec::new();
        let position = match self.calls.iter().position(|c| c.0 == index) {
            Some(p) => p,
            None => {
                let id = fragment
                    .get("id")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let name = fragment
                    .pointer("/function/name")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                self.calls
                    .push((index, id.clone(), name.to_string(), String::new()));
                pieces.push(StreamPiece::ToolCallStarted {
                    index,
                    id,
                    name: name.to_string(),
                });
                self.calls.len() - 1
            }
        };
        if !args.is_empty() {
            self.calls[position].3.push_str(args);
            pieces.push(StreamPiece::ToolArguments {
                index,
                fragment: args.to_string(),
            });
        }
        pieces
    }

    /// The body ended: the reply, or `Truncated` if no finish reason came. `[DONE]` alone is
    /// not an end: llama-cpp-python sends it after a stream it cut off (a newer request
    /// arrived), and every server of this API names a finish reason in a whole answer.
    pub fn finish(self) -> Result<Decoded, ProviderError> {
        if self.stop.is_empty() {
            let detail = if self.done {
                "the stream said [DONE] without a finish reason: it was cut off"
            } else {
                "the stream ended without a finish reason or [DONE]"
            };
            return Err(ProviderError::new(ErrorKind::Truncated, detail));
        }
        let mut calls = self.calls;
        calls.sort_by_key(|c| c.0);
        let calls = calls
            .into_iter()
            .map(|(i, id, name, args)| {
                let id = if id.is_empty() {
                    format!("call_{i}")
                } else {
                    id
                };
                ToolCall::new(id, name, parse_arguments(&args))
            })
            .collect();
        finish(self.text, calls, &self.stop, self.usage)
    }
}
