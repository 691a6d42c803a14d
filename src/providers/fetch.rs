//! The thin browser part of a model call: one `fetch` with its own `AbortController`, the
//! first-byte and idle timeouts, and the body read chunk by chunk into the stream decoders.
//! Everything it decides is the pure part's (`errors`, `anthropic`, `openai`, `sse`); this
//! file only moves bytes and reports what the browser saw.

use super::api::{Api, StreamDecoder};
use super::errors::{
    classify_no_response, classify_status, retry_after_ms, ErrorKind, ProviderError,
};
use super::sse::SseDecoder;
use super::{Decoded, HttpCall, StreamPiece};
use futures::future::{select, Either};
use gloo_net::http::Request;
use js_sys::{Reflect, Uint8Array};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortController, ReadableStreamDefaultReader};

/// How long a call may wait: for the response to begin, and between two chunks of a stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// From sending to the response's headers.
    pub first_byte_ms: u32,
    /// Between two chunks of a streamed body (and for a whole body to arrive).
    pub idle_ms: u32,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            first_byte_ms: 60_000,
            idle_ms: 60_000,
        }
    }
}

/// A failed call, and whether a tool call had already streamed in (a retry could repeat it).
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// What went wrong.
    pub error: ProviderError,
    /// A tool call of the reply was already handed on before the failure.
    pub tool_call_streamed: bool,
}

impl From<ProviderError> for Failure {
    fn from(error: ProviderError) -> Self {
        Failure {
            error,
            tool_call_streamed: false,
        }
    }
}

/// Cancels one call in flight (pause, shutdown, lesson change, leaving the page).
#[derive(Clone)]
pub struct Abort {
    controller: Option<AbortController>,
    by_user: Rc<Cell<bool>>,
}

impl Abort {
    /// A fresh handle, one per call.
    pub fn new() -> Self {
        Abort {
            controller: AbortController::new().ok(),
            by_user: Rc::new(Cell::new(false)),
        }
    }

    /// Cancels the call; it fails with `Aborted`.
    pub fn abort(&self) {
        self.by_user.set(true);
        if let Some(c) = &self.controller {
            c.abort();
        }
    }

    fn timed_out(&self) {
        if let Some(c) = &self.controller {
            c.abort();
        }
    }
}

impl Default for Abort {
    fn default() -> Self {
        Self::new()
    }
}

/// Makes the call; streamed pieces go to `on_piece` as they arrive.
pub async fn send(
    call: &HttpCall,
    api: Api,
    base_url: &str,
    abort: &Abort,
    timeouts: Timeouts,
    mut on_piece: impl FnMut(&StreamPiece),
) -> Result<Decoded, Failure> {
    let mut builder = Request::post(&call.url);
    for (name, value) in &call.headers {
        builder = builder.header(name, value);
    }
    let signal = abort.controller.as_ref().map(|c| c.signal());
    let request = builder
        .abort_signal(signal.as_ref())
        .body(call.body.to_string())
        .map_err(|e| ProviderError::new(ErrorKind::BadRequest, e.to_string()))?;
    let sent = Box::pin(request.send());
    let response = match select(sent, Box::pin(sleep(timeouts.first_byte_ms))).await {
        Either::Left((Ok(response), _)) => response,
        Either::Left((Err(e), _)) => {
            return Err(no_response(abort, base_url, &e.to_string()).into())
        }
        Either::Right(_) => {
            abort.timed_out();
            return Err(ProviderError::new(ErrorKind::Timeout, "no response began").into());
        }
    };
    if !response.ok() {
        let headers = response.headers();
        let wait = retry_after_ms(
            headers.get("retry-after-ms").as_deref(),
            headers.get("retry-after").as_deref(),
        );
        let body = response.text().await.unwrap_or_default();
        return Err(classify_status(response.status(), &body, wait).into());
    }
    let streamed = call
        .body
        .get("stream")
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    if !streamed {
        let text = match select(Box::pin(response.text()), Box::pin(sleep(timeouts.idle_ms))).await
        {
            Either::Left((Ok(text), _)) => text,
            Either::Left((Err(e), _)) => {
                return Err(no_response(abort, base_url, &e.to_string()).into())
            }
            Either::Right(_) => {
                abort.timed_out();
                return Err(
                    ProviderError::new(ErrorKind::Timeout, "the body stopped arriving").into(),
                );
            }
        };
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| ProviderError::malformed(format!("the answer is not JSON: {e}")))?;
        return api.decode(&value).map_err(Failure::from);
    }
    read_stream(response, api, abort, timeouts, &mut on_piece).await
}

fn no_response(abort: &Abort, base_url: &str, detail: &str) -> ProviderError {
    if abort.by_user.get() {
        return ProviderError::new(ErrorKind::Aborted, "");
    }
    let https = web_sys::window()
        .and_then(|w| w.location().protocol().ok())
        .is_some_and(|p| p == "https:");
    classify_no_response(https, base_url, detail)
}

async fn read_stream(
    response: gloo_net::http::Response,
    api: Api,
    abort: &Abort,
    timeouts: Timeouts,
    on_piece: &mut impl FnMut(&StreamPiece),
) -> Result<Decoded, Failure> {
    let mut decoder = api.stream_decoder();
    let fail = |decoder: &StreamDecoder, error: ProviderError| Failure {
        error,
        tool_call_streamed: decoder.tool_call_seen(),
    };
    let body = response
        .body()
        .ok_or_else(|| ProviderError::malformed("a streamed answer without a body"))?;
    let reader: ReadableStreamDefaultReader = body.get_reader().unchecked_into();
    let mut sse = SseDecoder::new();
    loop {
        let read = JsFuture::from(reader.read());
        let result = match select(Box::pin(read), Box::pin(sleep(timeouts.idle_ms))).await {
            Either::Left((Ok(result), _)) => result,
            Either::Left((Err(e), _)) => {
                let detail = e.as_string().unwrap_or_else(|| "the stream broke".into());
                let error = if abort.by_user.get() {
                    ProviderError::new(ErrorKind::Aborted, "")
                } else {
                    ProviderError::new(ErrorKind::Truncated, detail)
                };
                return Err(fail(&decoder, error));
            }
            Either::Right(_) => {
                abort.timed_out();
                let error = ProviderError::new(ErrorKind::Timeout, "the stream stopped arriving");
                return Err(fail(&decoder, error));
            }
        };
        let done = Reflect::get(&result, &JsValue::from_str("done"))
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(true);
        if done {
            break;
        }
        let chunk =
            Reflect::get(&result, &JsValue::from_str("value")).unwrap_or(JsValue::UNDEFINED);
        let bytes = chunk
            .dyn_into::<Uint8Array>()
            .map(|a| a.to_vec())
            .unwrap_or_default();
        for event in sse.push(&bytes) {
            match decoder.event(&event) {
                Ok(pieces) => pieces.iter().for_each(&mut *on_piece),
                Err(error) => return Err(fail(&decoder, error)),
            }
        }
    }
    sse.finish();
    let tool_call_streamed = decoder.tool_call_seen();
    decoder.finish().map_err(|error| Failure {
        error,
        tool_call_streamed,
    })
}

/// A future that resolves after `ms` milliseconds (the browser's timer).
pub async fn sleep(ms: u32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(window) = web_sys::window() {
            let _ =
                window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = JsFuture::from(promise).await;
}

/// "Test connection": the two probes of the model list (`connection.rs` reads them). The
/// `no-cors` one only says whether anything answered; the real one carries the run's headers.
pub async fn probe(
    settings: &super::ProviderSettings,
    key: &super::ApiKey,
) -> super::connection::Probes {
    let (url, headers) = super::connection::models_call(settings, key);
    let within = |ms| Box::pin(sleep(ms));
    let opaque = Request::get(&url)
        .mode(web_sys::RequestMode::NoCors)
        .build();
    let reached = match opaque {
        Ok(request) => matches!(
            select(Box::pin(request.send()), within(10_000)).await,
            Either::Left((Ok(_), _))
        ),
        Err(_) => false,
    };
    let mut builder = Request::get(&url);
    for (name, value) in &headers {
        builder = builder.header(name, value);
    }
    let answer = match builder.build() {
        Ok(request) => match select(Box::pin(request.send()), within(10_000)).await {
            Either::Left((Ok(response), _)) => {
                let status = response.status();
                let body = response.text().await.unwrap_or_default();
                Some((status, body))
            }
            _ => None,
        },
        Err(_) => None,
    };
    let page_is_https = web_sys::window()
        .and_then(|w| w.location().protocol().ok())
        .is_some_and(|p| p == "https:");
    super::connection::Probes {
        reached,
        answer,
        page_is_https,
    }
}
