//! What went wrong with a model call, as a value: the kind (which decides whether a retry can
//! help), the HTTP status and server-suggested wait when there was a response, and a message
//! in both languages that names the fix. Classification is pure, so every failure the fault
//! matrix injects is tested natively; the fetch layer only reports what the browser saw.

use crate::engine::Lang;
use crate::lessons::language::tr;
use serde_json::Value;

crate::engine::named_enum! {
    /// The kinds of failure a learner can meet, each with its own advice.
    pub enum ErrorKind {
        /// The request never got an answer (connection refused, reset, DNS, offline).
        Network = "network",
        /// The browser blocked the answer: the server did not allow this page's origin.
        Cors = "cors",
        /// An `http://` server called from an `https://` page: the browser refuses to.
        MixedContent = "mixed_content",
        /// No first byte, or no further byte, within the time allowed.
        Timeout = "timeout",
        /// The learner (or a lesson change, pause or shutdown) cancelled the call.
        Aborted = "aborted",
        /// 400: the server rejected the request as written.
        BadRequest = "bad_request",
        /// 401: the key is missing or wrong.
        BadKey = "bad_key",
        /// 403: the key may not do this; for example an organization that forbids browser calls.
        Forbidden = "forbidden",
        /// 404: usually an unknown model or a wrong base URL.
        NotFound = "not_found",
        /// 408: the server gave up waiting for the request.
        RequestTimeout = "request_timeout",
        /// 409: a conflict the server says may clear.
        Conflict = "conflict",
        /// 413: the request is larger than the server accepts.
        TooLarge = "too_large",
        /// 422: the request was understood but cannot be processed.
        Unprocessable = "unprocessable",
        /// 429: too many requests for now.
        RateLimited = "rate_limited",
        /// 429 that reports a quota, a spend limit or billing: waiting does not help.
        Quota = "quota",
        /// 500 and other 5xx: the server failed.
        Server = "server",
        /// 529, or an `overloaded_error`: the provider is busy.
        Overloaded = "overloaded",
        /// The stream carried an error event (HTTP status was 200).
        StreamError = "stream_error",
        /// The stream ended before the reply was complete.
        Truncated = "truncated",
        /// The answer is not what the API promises (bad JSON, missing fields).
        Malformed = "malformed",
        /// The history no longer fits the model's context window.
        ContextWindow = "context_window",
        /// The server cannot stream this answer: it accepted a streamed call and closed it
        /// without one event, or said streaming is not supported (llama-cpp-python's
        /// function-calling format cannot stream a tool choice). The same call, whole, works.
        StreamingRefused = "streaming_refused",
    }
}

/// One failed call.
#[derive(Clone, Debug, PartialEq)]
pub struct ProviderError {
    /// What kind of failure it is.
    pub kind: ErrorKind,
    /// The HTTP status, when a response arrived.
    pub status: Option<u16>,
    /// The server's own words (its error message), or what the browser or the page saw.
    pub detail: String,
    /// Whether `detail` is the server's own words (an error body or a stream's error event);
    /// only then does the message say "the server said".
    pub from_server: bool,
    /// How long the server asked us to wait before retrying, in milliseconds.
    pub retry_after_ms: Option<u64>,
}

impl ProviderError {
    /// A failure of this kind with what the browser or the page saw.
    pub fn new(kind: ErrorKind, detail: impl Into<String>) -> Self {
        ProviderError {
            kind,
            status: None,
            detail: detail.into(),
            from_server: false,
            retry_after_ms: None,
        }
    }

    /// A failure of this kind in the server's own words.
    pub fn said_by_server(kind: ErrorKind, detail: impl Into<String>) -> Self {
        ProviderError {
            from_server: true,
            ..Self::new(kind, detail)
        }
    }

    /// The reply's body was not what the API promises.
    pub fn malformed(detail: impl Into<String>) -> Self {
        Self::new(ErrorKind::Malformed, detail)
    }

    /// Whether the kind can clear by itself, so that trying again may help.
    pub fn is_transient(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::Network
                | ErrorKind::Timeout
                | ErrorKind::RequestTimeout
                | ErrorKind::Conflict
                | ErrorKind::RateLimited
                | ErrorKind::Server
                | ErrorKind::Overloaded
                | ErrorKind::StreamError
                | ErrorKind::Truncated
                | ErrorKind::StreamingRefused
        )
    }

    /// The learner-facing message: what happened and what to do about it.
    pub fn message(&self, lang: Lang, base_url: &str) -> String {
        let advice = advice(self.kind, lang, base_url);
        let status = self
            .status
            .map(|s| format!(" (HTTP {s})"))
            .unwrap_or_default();
        if self.detail.is_empty() {
            format!("{advice}{status}")
        } else {
            let said = if self.from_server {
                tr(lang, "服务器说", "the server said")
            } else {
                tr(lang, "详情", "details")
            };
            format!(
                "{advice}{status}; {said}: {}",
                crate::engine::text::preview(&self.detail, 300, "…")
            )
        }
    }
}

fn advice(kind: ErrorKind, lang: Lang, base_url: &str) -> String {
    let pick = |zh: &str, en: &str| tr(lang, zh, en).to_string();
    match kind {
        ErrorKind::Network => pick(
            &format!("连不上 {base_url}：检查地址和端口，以及服务器是否在运行"),
            &format!("Could not reach {base_url}: check the address, the port and that the server is running"),
        ),
        ErrorKind::Cors => pick(
            "浏览器没有拿到回答：要么服务器没在运行，要么它没有允许本页的来源（CORS），浏览器不告诉页面是哪一种，“测试连接”能分辨。CORS：Ollama 需要把 OLLAMA_ORIGINS 设为本页的来源后重启；LM Studio 需要打开它的 CORS 开关",
            "The browser got no answer: either the server is not running, or it does not allow this page's origin (CORS); the browser does not tell the page which, \"Test connection\" does. For CORS, Ollama needs OLLAMA_ORIGINS set to this page's origin and a restart; LM Studio needs its CORS switch turned on",
        ),
        ErrorKind::MixedContent => pick(
            "https 页面不能调用 http 服务器（混合内容）：在 http 的本地页面上运行本游乐场，或给服务器配上 https",
            "An https page may not call an http server (mixed content): open the playground from a local http page, or serve the model over https",
        ),
        ErrorKind::Timeout => pick("等待回答超时", "The answer took longer than the time allowed"),
        ErrorKind::Aborted => pick("调用已取消", "The call was cancelled"),
        ErrorKind::BadRequest => pick("服务器拒绝了这个请求", "The server rejected the request"),
        ErrorKind::BadKey => pick(
            "密钥缺失或无效：在设置里检查密钥",
            "The key is missing or not valid: check it in the settings",
        ),
        ErrorKind::Forbidden => pick(
            "这个密钥无权这样调用；有的组织禁止从浏览器直接调用，请换一个允许浏览器调用的密钥",
            "This key may not make this call; some organizations forbid calls from a browser: use a key that allows them",
        ),
        ErrorKind::NotFound => pick(
            "找不到：多半是模型名不对，或基础地址不对（OpenAI 兼容的地址以 /v1 结尾，Anthropic 的不带）",
            "Not found: most likely an unknown model name or a wrong base URL (an OpenAI-compatible one ends in /v1, Anthropic's does not)",
        ),
        ErrorKind::RequestTimeout => pick("服务器等请求超时", "The server timed out waiting for the request"),
        ErrorKind::Conflict => pick("服务器报告冲突", "The server reported a conflict"),
        ErrorKind::TooLarge => pick("请求太大，服务器不接受", "The request is larger than the server accepts"),
        ErrorKind::Unprocessable => pick("服务器无法处理这个请求", "The server cannot process this request"),
        ErrorKind::RateLimited => pick("请求太频繁：稍等后重试", "Too many requests for now: waiting before a retry"),
        ErrorKind::Quota => pick(
            "额度或花费上限已用完：等待没有用，请检查账户",
            "A quota or spend limit is used up: waiting will not help, check the account",
        ),
        ErrorKind::Server => pick("服务器出错", "The server failed"),
        ErrorKind::Overloaded => pick("提供方过载", "The provider is overloaded"),
        ErrorKind::StreamError => pick("流中途报告了错误", "The stream reported an error part-way"),
        ErrorKind::Truncated => pick("流在回答完成前断了", "The stream ended before the reply was complete"),
        ErrorKind::Malformed => pick("回答的格式不对", "The answer is not in the API's format"),
        ErrorKind::ContextWindow => pick(
            "历史已超出模型的上下文窗口",
            "The history no longer fits the model's context window",
        ),
        ErrorKind::StreamingRefused => pick(
            "服务器不能以流的方式给出这个回答（有的服务器不能流式返回工具调用）；这个成员之后的回答改为整段返回",
            "The server cannot stream this answer (some servers cannot stream tool calls); this member's answers now come whole",
        ),
    }
}

/// The error message inside a provider's JSON error body, if there is one: both APIs put it
/// at `error.message` (Anthropic also names a type at `error.type`).
pub fn body_message(body: &str) -> (String, String) {
    let parsed: Option<Value> = serde_json::from_str(body).ok();
    let error = parsed.as_ref().and_then(|v| v.get("error"));
    let message = error
        .and_then(|e| e.get("message").and_then(Value::as_str).or(e.as_str()))
        .map(str::to_string)
        .unwrap_or_else(|| crate::engine::text::preview(body.trim(), 300, "…"));
    let kind = error
        .and_then(|e| e.get("type").or(e.get("code")))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    (message, kind)
}

/// The wait a response asks for: `retry-after-ms` first (milliseconds), else `retry-after` in
/// seconds (an HTTP date is not worth a clock here and counts as absent).
pub fn retry_after_ms(retry_after_ms: Option<&str>, retry_after: Option<&str>) -> Option<u64> {
    if let Some(ms) = retry_after_ms.and_then(|v| v.trim().parse::<f64>().ok()) {
        if ms.is_finite() && ms >= 0.0 {
            return Some(ms as u64);
        }
    }
    let secs = retry_after.and_then(|v| v.trim().parse::<f64>().ok())?;
    (secs.is_finite() && secs >= 0.0).then_some((secs * 1000.0) as u64)
}

/// Classifies an HTTP response that was not a success.
pub fn classify_status(status: u16, body: &str, retry_after_ms: Option<u64>) -> ProviderError {
    let (message, kind_name) = body_message(body);
    let lower = format!("{message} {kind_name}").to_lowercase();
    let kind = match status {
        _ if refuses_streaming(&lower) => ErrorKind::StreamingRefused,
        400 if lower.contains("context window") || lower.contains("context_length") => {
            ErrorKind::ContextWindow
        }
        400 => ErrorKind::BadRequest,
        401 => ErrorKind::BadKey,
        403 => ErrorKind::Forbidden,
        404 => ErrorKind::NotFound,
        408 => ErrorKind::RequestTimeout,
        409 => ErrorKind::Conflict,
        413 => ErrorKind::TooLarge,
        422 => ErrorKind::Unprocessable,
        429 if reports_quota(&lower) => ErrorKind::Quota,
        429 => ErrorKind::RateLimited,
        529 => ErrorKind::Overloaded,
        s if s >= 500 && lower.contains("overloaded") => ErrorKind::Overloaded,
        s if s >= 500 => ErrorKind::Server,
        _ => ErrorKind::BadRequest,
    };
    ProviderError {
        kind,
        status: Some(status),
        detail: message,
        from_server: true,
        retry_after_ms,
    }
}

/// A server's words for "this answer cannot be streamed" (llama-cpp-python: "Automatic
/// streaming tool choice is not supported"; others: "streaming is not supported ...").
fn refuses_streaming(lower: &str) -> bool {
    lower.contains("stream") && lower.contains("not supported")
}

/// A 429 that no wait will fix: the account's quota, spend limit or billing.
fn reports_quota(lower: &str) -> bool {
    [
        "quota",
        "spend limit",
        "spending limit",
        "billing",
        "credit balance",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Classifies an error event inside a stream (HTTP 200): its type decides.
pub fn classify_stream_error(data: &str) -> ProviderError {
    let (message, kind_name) = body_message(data);
    if refuses_streaming(&message.to_lowercase()) {
        return ProviderError::said_by_server(ErrorKind::StreamingRefused, message);
    }
    let kind = match kind_name.as_str() {
        "overloaded_error" => ErrorKind::Overloaded,
        "rate_limit_error" => ErrorKind::RateLimited,
        "api_error" | "server_error" => ErrorKind::StreamError,
        "invalid_request_error" => ErrorKind::BadRequest,
        "authentication_error" => ErrorKind::BadKey,
        "permission_error" => ErrorKind::Forbidden,
        "not_found_error" => ErrorKind::NotFound,
        _ => ErrorKind::StreamError,
    };
    ProviderError::said_by_server(kind, message)
}

/// Classifies a fetch that produced no response. A browser hides why (a CORS rejection and a
/// refused connection look the same to the page), so the page's scheme and the target decide
/// what is most likely: mixed content is certain, a local server most likely lacks CORS.
pub fn classify_no_response(page_is_https: bool, base_url: &str, detail: &str) -> ProviderError {
    let target = base_url.trim().to_ascii_lowercase();
    let kind = if page_is_https && target.starts_with("http://") && !is_loopback(&target) {
        ErrorKind::MixedContent
    } else if is_loopback(&target) || is_private(&target) {
        ErrorKind::Cors
    } else {
        ErrorKind::Network
    };
    ProviderError::new(kind, detail)
}

fn host_of(url: &str) -> &str {
    let rest = url.split("://").nth(1).unwrap_or(url);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if let Some(v6) = authority.strip_prefix('[') {
        return v6.split(']').next().unwrap_or("");
    }
    authority.split(':').next().unwrap_or("")
}

pub(super) fn is_loopback(url: &str) -> bool {
    let host = host_of(url);
    host == "localhost" || host.starts_with("127.") || host == "::1"
}

pub(super) fn is_private(url: &str) -> bool {
    let host = host_of(url);
    host.starts_with("192.168.") || host.starts_with("10.") || host.ends_with(".local")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_map_to_kinds_and_only_transient_ones_are_retryable() {
        let cases = [
            (400, "{}", ErrorKind::BadRequest, false),
            (401, "{}", ErrorKind::BadKey, false),
            (403, "{}", ErrorKind::Forbidden, false),
            (404, "{\"error\":{\"message\":\"model: nope\"}}", ErrorKind::NotFound, false),
            (408, "", ErrorKind::RequestTimeout, true),
            (409, "", ErrorKind::Conflict, true),
            (413, "", ErrorKind::TooLarge, false),
            (422, "", ErrorKind::Unprocessable, false),
            (429, "{\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}", ErrorKind::RateLimited, true),
            (429, "{\"error\":{\"message\":\"You exceeded your current quota\",\"code\":\"insufficient_quota\"}}", ErrorKind::Quota, false),
            (500, "oops", ErrorKind::Server, true),
            (503, "", ErrorKind::Server, true),
            (529, "{\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}", ErrorKind::Overloaded, true),
        ];
        for (status, body, kind, transient) in cases {
            let e = classify_status(status, body, None);
            assert_eq!(e.kind, kind, "status {status}");
            assert_eq!(e.is_transient(), transient, "status {status}");
            assert_eq!(e.status, Some(status));
        }
    }

    #[test]
    fn the_server_said_only_quotes_the_server() {
        let server = classify_status(500, "{\"error\":{\"message\":\"boom\"}}", None);
        assert!(server
            .message(Lang::En, "u")
            .contains("the server said: boom"));
        assert!(server.message(Lang::Zh, "u").contains("服务器说: boom"));
        let stream = classify_stream_error("{\"error\":{\"message\":\"bang\"}}");
        assert!(stream
            .message(Lang::En, "u")
            .contains("the server said: bang"));
        let browser =
            classify_no_response(false, "http://127.0.0.1:1/v1", "TypeError: Failed to fetch");
        let text = browser.message(Lang::En, "u");
        assert!(!text.contains("the server said"), "{text}");
        assert!(
            text.contains("details: TypeError: Failed to fetch"),
            "{text}"
        );
        let ours = ProviderError::new(
            ErrorKind::Truncated,
            "the stream ended without a finish reason or [DONE]",
        );
        assert!(!ours.message(Lang::Zh, "u").contains("服务器说"));
    }

    #[test]
    fn the_server_words_and_the_wait_are_kept() {
        let e = classify_status(
            429,
            "{\"error\":{\"type\":\"rate_limit_error\",\"message\":\"slow down\"}}",
            retry_after_ms(None, Some("3")),
        );
        assert_eq!(e.detail, "slow down");
        assert_eq!(e.retry_after_ms, Some(3000));
        assert_eq!(retry_after_ms(Some("250"), Some("3")), Some(250));
        assert_eq!(
            retry_after_ms(None, Some("Wed, 21 Oct 2015 07:28:00 GMT")),
            None
        );
        assert_eq!(retry_after_ms(Some("-4"), None), None);
    }

    #[test]
    fn no_response_is_told_apart_by_page_scheme_and_target() {
        let local = "http://localhost:11434/v1";
        assert_eq!(classify_no_response(false, local, "").kind, ErrorKind::Cors);
        assert_eq!(classify_no_response(true, local, "").kind, ErrorKind::Cors);
        assert_eq!(
            classify_no_response(true, "http://gpu-box.example:8000/v1", "").kind,
            ErrorKind::MixedContent
        );
        assert_eq!(
            classify_no_response(false, "https://api.openai.com/v1", "").kind,
            ErrorKind::Network
        );
    }

    #[test]
    fn messages_name_the_fix_in_both_languages() {
        let cors = ProviderError::new(ErrorKind::Cors, "");
        assert!(cors.message(Lang::En, "x").contains("OLLAMA_ORIGINS"));
        assert!(cors.message(Lang::Zh, "x").contains("OLLAMA_ORIGINS"));
        assert!(cors.message(Lang::En, "x").contains("LM Studio"));
        let e = classify_status(
            404,
            "{\"error\":{\"message\":\"model gpt-9 does not exist\"}}",
            None,
        );
        let en = e.message(Lang::En, "https://api.openai.com/v1");
        assert!(
            en.contains("model") && en.contains("gpt-9") && en.contains("HTTP 404"),
            "{en}"
        );
        assert!(e.message(Lang::Zh, "").contains("模型名"));
        for kind in ErrorKind::ALL {
            let e = ProviderError::new(*kind, "");
            assert_ne!(
                e.message(Lang::En, "u"),
                e.message(Lang::Zh, "u"),
                "{kind:?}"
            );
        }
    }

    #[test]
    fn stream_error_events_are_classified_by_their_type() {
        let e = classify_stream_error("{\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}");
        assert_eq!(e.kind, ErrorKind::Overloaded);
        assert!(e.is_transient());
        let e = classify_stream_error(
            "{\"error\":{\"type\":\"invalid_request_error\",\"message\":\"bad\"}}",
        );
        assert_eq!(e.kind, ErrorKind::BadRequest);
        assert!(!e.is_transient());
    }
}
