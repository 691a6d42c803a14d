//! Anthropic's Messages API: the engine's request as a `POST /v1/messages` body, and the answer
//! (whole, or streamed as server-sent events) back as the engine's reply. The version header
//! is pinned; no sampling parameters are sent (the newest models refuse some of them).

use super::errors::{classify_stream_error, ErrorKind, ProviderError};
use super::sse::SseEvent;
use super::{
    parse_arguments, ApiKey, Decoded, HttpCall, ProviderSettings, StreamPiece, Usage, NO_NEW_MAIL,
};
use crate::engine::{EntryRole, HistoryEntry, ModelReply, ModelRequest, StopReason, ToolCall};
use serde_json::{json, Map, Value};

/// The API version every call names.
pub const API_VERSION: &str = "2023-06-01";

/// The HTTP call for one engine request.
pub fn encode(request: &ModelRequest, settings: &ProviderSettings, key: &ApiKey) -> HttpCall {
    let tools: Vec<Value> = request
        .tools
        .iter()
        .map(
            |t| json!({"name": t.name, "description": t.description, "input_schema": t.parameters}),
        )
        .collect();
    let mut body = json!({
        "model": settings.model,
        "max_tokens": settings.max_tokens,
        "system": request.system,
        "messages": messages(request.messages.iter().map(|e| e.as_ref())),
        "stream": settings.stream,
    });
    if !tools.is_empty() {
        body["tools"] = Value::Array(tools);
    }
    HttpCall {
        url: settings.url("/v1/messages"),
        headers: vec![
            ("content-type".into(), "application/json".into()),
            ("x-api-key".into(), key.expose().to_string()),
            ("anthropic-version".into(), API_VERSION.into()),
            // Browser calls are refused without it: the learner's key is theirs, in their page.
            (
                "anthropic-dangerous-direct-browser-access".into(),
                "true".into(),
            ),
        ],
        body,
    }
}

/// The history as Messages API turns. Tool results travel in a user turn; consecutive entries
/// of the same side share one turn, tool results first as the API requires.
fn messages<'a>(entries: impl Iterator<Item = &'a HistoryEntry>) -> Vec<Value> {
    let mut turns: Vec<(&'static str, Vec<Value>)> = Vec::new();
    for entry in entries {
        let (side, blocks) = match entry.role {
            EntryRole::User => ("user", vec![text_block(&entry.text)]),
            EntryRole::Tool => ("user", vec![tool_result_block(entry)]),
            EntryRole::Assistant => ("assistant", assistant_blocks(entry)),
        };
        match turns.last_mut() {
            Some((last, content)) if *last == side => {
                if entry.role == EntryRole::Tool {
                    let first_text = content
                        .iter()
                        .position(|b| b["type"] != "tool_result")
                        .unwrap_or(content.len());
                    content.splice(first_text..first_text, blocks);
                } else {
                    content.extend(blocks);
                }
            }
            _ => turns.push((side, blocks)),
        }
    }
    if turns.last().is_none_or(|(side, _)| *side == "assistant") {
        turns.push(("user", vec![text_block(NO_NEW_MAIL)]));
    }
    turns
        .into_iter()
        .map(|(role, content)| json!({"role": role, "content": content}))
        .collect()
}

fn text_block(text: &str) -> Value {
    // The API refuses an empty text block.
    let text = if text.is_empty() { "(empty)" } else { text };
    json!({"type": "text", "text": text})
}

fn tool_result_block(entry: &HistoryEntry) -> Value {
    json!({
        "type": "tool_result",
        "tool_use_id": call_id(entry.tool_call_id.as_deref().unwrap_or("")),
        "content": if entry.text.is_empty() { "(empty)" } else { entry.text.as_str() },
        "is_error": entry.is_error,
    })
}

fn assistant_blocks(entry: &HistoryEntry) -> Vec<Value> {
    let mut blocks = Vec::new();
    if !entry.text.is_empty() || entry.tool_calls.is_empty() {
        blocks.push(text_block(&entry.text));
    }
    for call in &entry.tool_calls {
        let input = match &call.arguments {
            Value::Object(_) => call.arguments.clone(),
            // A malformed call was refused; the API still needs an object to pair the result.
            _ => json!({}),
        };
        blocks.push(
            json!({"type": "tool_use", "id": call_id(&call.id), "name": call.name, "input": input}),
        );
    }
    blocks
}

/// Tool-use ids must match `[a-zA-Z0-9_-]+`; ids from another source (a scripted lesson
/// forked into a live run) are made to fit, the same way on both sides of the pair.
fn call_id(id: &str) -> String {
    let clean: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.is_empty() {
        "call".into()
    } else {
        clean
    }
}

/// Decodes a whole (non-streamed) answer.
pub fn decode(body: &Value) -> Result<Decoded, ProviderError> {
    let content = body
        .get("content")
        .and_then(Value::as_array)
        .ok_or_else(|| ProviderError::malformed("no content array in the answer"))?;
    let mut text = String::new();
    let mut calls = Vec::new();
    for block in content {
        match block.get("type").and_then(Value::as_str) {
            Some("text") => text.push_str(block.get("text").and_then(Value::as_str).unwrap_or("")),
            Some("tool_use") => calls.push(ToolCall::new(
                str_field(block, "id")?,
                str_field(block, "name")?,
                block.get("input").cloned().unwrap_or_else(|| json!({})),
            )),
            _ => {}
        }
    }
    let stop = body
        .get("stop_reason")
        .and_then(Value::as_str)
        .unwrap_or("");
    let usage = usage_of(body.get("usage"));
    finish(text, calls, stop, usage)
}

fn str_field(block: &Value, name: &str) -> Result<String, ProviderError> {
    block
        .get(name)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| ProviderError::malformed(format!("a tool_use block has no {name}")))
}

fn usage_of(usage: Option<&Value>) -> Usage {
    Usage::from_fields(usage, "input_tokens", "output_tokens")
}

/// Maps every stop reason: the engine decides by the tool calls, the stop reason is kept as
/// sent for the learner to read.
fn finish(
    text: String,
    calls: Vec<ToolCall>,
    stop: &str,
    usage: Usage,
) -> Result<Decoded, ProviderError> {
    let stop_reason = match stop {
        "tool_use" => StopReason::ToolUse,
        "max_tokens" => StopReason::MaxTokens,
        "model_context_window_exceeded" => {
            return Err(ProviderError::new(ErrorKind::ContextWindow, stop))
        }
        // end_turn, stop_sequence, refusal (the text says why), pause_turn (no server tools
        // are offered, so the turn ends with what was written) and names added later.
        _ => StopReason::EndTurn,
    };
    let stop_reason = if calls.is_empty() && stop_reason == StopReason::ToolUse {
        StopReason::EndTurn
    } else {
        stop_reason
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

/// A tool-use block of a stream: its input arrives as JSON text in fragments and is parsed
/// when the block stops (empty text is `{}`).
#[derive(Debug)]
struct ToolBlock {
    index: usize,
    id: String,
    name: String,
    json: String,
    input: Option<Value>,
}

/// Builds the reply from a stream's events, one event at a time.
#[derive(Debug, Default)]
pub struct AnthropicStream {
    text: String,
    /// Tool-use blocks in the order they started.
    tools: Vec<ToolBlock>,
    stop: Option<String>,
    usage: Usage,
    stopped: bool,
}

impl AnthropicStream {
    /// A decoder before the first event.
    pub fn new() -> Self {
        AnthropicStream {
            // Until an event carries usage, none came.
            usage: Usage::unreported(),
            ..Self::default()
        }
    }

    /// Whether a tool call has been handed on already (a retry could repeat it).
    pub fn tool_call_seen(&self) -> bool {
        !self.tools.is_empty()
    }

    /// Takes one event; returns what it adds to the view, or the error it reports.
    pub fn event(&mut self, event: &SseEvent) -> Result<Vec<StreamPiece>, ProviderError> {
        let data: Value = match event.event.as_str() {
            "ping" | "message_stop" => {
                self.stopped |= event.event == "message_stop";
                return Ok(Vec::new());
            }
            "error" => return Err(classify_stream_error(&event.data)),
            _ => serde_json::from_str(&event.data).map_err(|e| {
                ProviderError::malformed(format!("a stream event is not JSON: {e}"))
            })?,
        };
        let index = data.get("index").and_then(Value::as_u64).unwrap_or(0) as usize;
        match event.event.as_str() {
            "message_start" => {
                self.usage = usage_of(data.get("message").and_then(|m| m.get("usage")));
                Ok(Vec::new())
            }
            "content_block_start" => Ok(self.block_start(index, data.get("content_block"))),
            "content_block_delta" => Ok(self.block_delta(index, data.get("delta"))),
            "content_block_stop" => {
                if let Some(t) = self.tools.iter_mut().find(|t| t.index == index) {
                    t.input = Some(parse_arguments(&t.json));
                }
                Ok(Vec::new())
            }
            "message_delta" => {
                if let Some(stop) = data.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    self.stop = Some(stop.to_string());
                }
                let later = usage_of(data.get("usage"));
                if later.unreported == 0 {
                    self.usage.unreported = 0;
                }
                self.usage.output_tokens = later.output_tokens.max(self.usage.output_tokens);
                if later.input_tokens > 0 {
                    self.usage.input_tokens = later.input_tokens;
                }
                Ok(Vec::new())
            }
            _ => Ok(Vec::new()),
        }
    }

    fn block_start(&mut self, index: usize, block: Option<&Value>) -> Vec<StreamPiece> {
        let Some(block) = block else {
            return Vec::new();
        };
        match block.get("type").and_then(Value::as_str) {
            Some("tool_use") => {
                let id = block
                    .get("id")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                let name = block
                    .get("name")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .to_string();
                self.tools.push(ToolBlock {
                    index,
                    id: id.clone(),
                    name: name.clone(),
                    json: String::new(),
                    input: None,
                });
                vec![StreamPiece::ToolCallStarted { index, id, name }]
            }
            Some("text") => {
                let text = block.get("text").and_then(Value::as_str).unwrap_or("");
                self.text.push_str(text);
                if text.is_empty() {
                    Vec::new()
                } else {
                    vec![StreamPiece::Text(text.to_string())]
                }
            }
            _ => Vec::new(),
        }
    }

    fn block_delta(&mut self, index: usize, delta: Option<&Value>) -> Vec<StreamPiece> {
        let Some(delta) = delta else {
            return Vec::new();
        };
        match delta.get("type").and_then(Value::as_str) {
            Some("text_delta") => {
                let text = delta.get("text").and_then(Value::as_str).unwrap_or("");
                self.text.push_str(text);
                vec![StreamPiece::Text(text.to_string())]
            }
            Some("input_json_delta") => {
                let fragment = delta
                    .get("partial_json")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                match self.tools.iter_mut().find(|t| t.index == index) {
                    Some(tool) => {
                        tool.json.push_str(fragment);
                        vec![StreamPiece::ToolArguments {
                            index,
                            fragment: fragment.to_string(),
                        }]
                    }
                    None => Vec::new(),
                }
            }
            // Thinking, signatures and citations are not part of what the team passes on.
            _ => Vec::new(),
        }
    }

    /// The stream's body ended: the reply, or `Truncated` if `message_stop` never came.
    pub fn finish(self) -> Result<Decoded, ProviderError> {
        if !self.stopped {
            return Err(ProviderError::new(
                ErrorKind::Truncated,
                "the stream ended without message_stop",
            ));
        }
        let calls = self
            .tools
            .into_iter()
            .map(|t| {
                let input = t.input.unwrap_or_else(|| parse_arguments(&t.json));
                ToolCall::new(t.id, t.name, input)
            })
            .collect();
        let stop = self.stop.unwrap_or_default();
        finish(self.text, calls, &stop, self.usage)
    }
}

/// The JSON of a whole answer, for tests and the loopback server's fixtures to agree on.
pub fn answer_json(text: &str, calls: &[ToolCall], stop: &str) -> Value {
    let mut content: Vec<Value> = Vec::new();
    if !text.is_empty() {
        content.push(json!({"type": "text", "text": text}));
    }
    for c in calls {
        content.push(json!({"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments}));
    }
    let mut m = Map::new();
    m.insert("type".into(), "message".into());
    m.insert("role".into(), "assistant".into());
    m.insert("content".into(), Value::Array(content));
    m.insert("stop_reason".into(), stop.into());
    m.insert(
        "usage".into(),
        json!({"input_tokens": 10, "output_tokens": 5}),
    );
    Value::Object(m)
}
