//! A provider kind's API as one value: its encoder, its decoder of a whole answer and its
//! stream decoder. The live panel picks the [`Api`] once, when a live run starts
//! ([`ProviderKind::api`]); every call of that run, and the browser fetch that makes it,
//! encode and decode through it.

use super::errors::ProviderError;
use super::sse::SseEvent;
use super::{anthropic, openai};
use super::{ApiKey, Decoded, HttpCall, ProviderKind, ProviderSettings, StreamPiece};
use crate::engine::ModelRequest;
use serde_json::Value;

/// The HTTP API a live run calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Api {
    /// Anthropic's Messages API.
    Anthropic,
    /// OpenAI-compatible Chat Completions.
    OpenAi,
}

impl ProviderKind {
    /// The API a live run on this kind calls; None for the script, which calls nothing.
    pub fn api(self) -> Option<Api> {
        match self {
            ProviderKind::Scripted => None,
            ProviderKind::Anthropic => Some(Api::Anthropic),
            ProviderKind::OpenAi => Some(Api::OpenAi),
        }
    }
}

impl Api {
    /// The HTTP call for one engine request.
    pub fn encode(
        self,
        request: &ModelRequest,
        settings: &ProviderSettings,
        key: &ApiKey,
    ) -> HttpCall {
        match self {
            Api::Anthropic => anthropic::encode(request, settings, key),
            Api::OpenAi => openai::encode(request, settings, key),
        }
    }

    /// A whole (not streamed) answer's body, decoded.
    pub fn decode(self, body: &Value) -> Result<Decoded, ProviderError> {
        match self {
            Api::Anthropic => anthropic::decode(body),
            Api::OpenAi => openai::decode(body),
        }
    }

    /// A decoder for one streamed answer.
    pub fn stream_decoder(self) -> StreamDecoder {
        match self {
            Api::Anthropic => StreamDecoder::Anthropic(anthropic::StreamDecoder::new()),
            Api::OpenAi => StreamDecoder::OpenAi(openai::StreamDecoder::new()),
        }
    }
}

/// Either API's stream decoder behind one face.
pub enum StreamDecoder {
    /// Anthropic's events.
    Anthropic(anthropic::StreamDecoder),
    /// OpenAI-compatible chunks.
    OpenAi(openai::StreamDecoder),
}

impl StreamDecoder {
    /// Takes one server-sent event; returns what it showed.
    pub fn event(&mut self, event: &SseEvent) -> Result<Vec<StreamPiece>, ProviderError> {
        match self {
            StreamDecoder::Anthropic(d) => d.event(event),
            StreamDecoder::OpenAi(d) => d.event(event),
        }
    }

    /// Whether a tool call began in the stream (a retry would then repeat it).
    pub fn tool_call_seen(&self) -> bool {
        match self {
            StreamDecoder::Anthropic(d) => d.tool_call_seen(),
            StreamDecoder::OpenAi(d) => d.tool_call_seen(),
        }
    }

    /// The whole answer, once the stream ended.
    pub fn finish(self) -> Result<Decoded, ProviderError> {
        match self {
            StreamDecoder::Anthropic(d) => d.finish(),
            StreamDecoder::OpenAi(d) => d.finish(),
        }
    }
}
