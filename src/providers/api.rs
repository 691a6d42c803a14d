//! A provider kind's API as one value: its encoder, its decoder of a whole answer and its
//! stream decoder. The live panel picks the [`Api`] once, when a live run starts
//! ([`ProviderKind::api`]); every call of that run, and the browser fetch that makes it,
//! encode and decode through it.

use super::errors::{ErrorKind, ProviderError};
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
        let api = match self {
            Api::Anthropic => ApiDecoder::Anthropic(anthropic::AnthropicStream::new()),
            Api::OpenAi => ApiDecoder::OpenAi(openai::OpenAiStream::new()),
        };
        StreamDecoder { api, events: 0 }
    }
}

/// Either API's stream decoder behind one face, counting the events it took: a stream that
/// ends before its first event was refused, not cut (see [`StreamDecoder::finish`]).
pub struct StreamDecoder {
    api: ApiDecoder,
    events: usize,
}

enum ApiDecoder {
    Anthropic(anthropic::AnthropicStream),
    OpenAi(openai::OpenAiStream),
}

impl StreamDecoder {
    /// Takes one server-sent event; returns what it showed.
    pub fn event(&mut self, event: &SseEvent) -> Result<Vec<StreamPiece>, ProviderError> {
        self.events += 1;
        match &mut self.api {
            ApiDecoder::Anthropic(d) => d.event(event),
            ApiDecoder::OpenAi(d) => d.event(event),
        }
    }

    /// Whether a tool call began in the stream (a retry would then repeat it).
    pub fn tool_call_seen(&self) -> bool {
        match &self.api {
            ApiDecoder::Anthropic(d) => d.tool_call_seen(),
            ApiDecoder::OpenAi(d) => d.tool_call_seen(),
        }
    }

    /// The whole answer, once the stream ended. A stream that ended without a single event
    /// is a server that accepted the streamed call and could not stream it (llama-cpp-python
    /// closes the response when its function-calling format is asked to stream a tool
    /// choice): [`ErrorKind::StreamingRefused`], so the call is made again whole.
    pub fn finish(self) -> Result<Decoded, ProviderError> {
        if self.events == 0 {
            return Err(ProviderError::new(
                ErrorKind::StreamingRefused,
                "the streamed answer closed before its first event",
            ));
        }
        match self.api {
            ApiDecoder::Anthropic(d) => d.finish(),
            ApiDecoder::OpenAi(d) => d.finish(),
        }
    }
}
