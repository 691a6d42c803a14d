//! A scenario fetched from a URL (`src=` in a link): what may be fetched, what an answer must
//! be, and a clear message for each way it can fail, in both languages. Pure: the browser's
//! fetch is `ui::state::scenario_src`, which hands its outcome here.

use super::errors::ScenarioErrors;
use super::format::Scenario;
use super::ranges;
use super::read::parse;
use crate::engine::Lang;

/// Why a scenario could not be opened from its URL.
#[derive(Clone, Debug, PartialEq)]
pub enum SrcError {
    /// The link's `src=` is not an http(s) URL or a relative path.
    BadUrl,
    /// The fetch failed and the host is reachable: it did not allow this page to read the
    /// answer (no CORS headers).
    Cors,
    /// The fetch failed and the host could not be reached at all.
    Network,
    /// No answer within the time allowed.
    Timeout,
    /// The host answered with an error status.
    Http {
        /// The HTTP status.
        status: u16,
        /// The status text, as the host sent it.
        text: String,
    },
    /// The answer is larger than a scenario may be.
    TooLarge {
        /// Its size in bytes (announced or read).
        bytes: u64,
    },
    /// The answer is not JSON at all (an HTML page, say).
    NotJson {
        /// The answer's first characters, to recognise it.
        start: String,
    },
    /// The answer is JSON but not a valid scenario.
    Invalid(ScenarioErrors),
}

/// Whether `src` may be fetched: an `http:` or `https:` URL, or a path relative to the page.
pub fn check_url(src: &str) -> Result<(), SrcError> {
    let src = src.trim();
    let lower = src.to_ascii_lowercase();
    let scheme = lower
        .split_once(':')
        .map(|(s, _)| s)
        .filter(|s| !s.contains('/') && !s.contains('?') && !s.contains('#'));
    match scheme {
        _ if src.is_empty() || src.chars().any(char::is_control) => Err(SrcError::BadUrl),
        None | Some("http") | Some("https") => Ok(()),
        Some(_) => Err(SrcError::BadUrl),
    }
}

/// The scenario in an answer of `status` with `body`, or why it is not one.
pub fn read_answer(status: u16, status_text: &str, body: &str) -> Result<Scenario, SrcError> {
    if !(200..300).contains(&status) {
        return Err(SrcError::Http {
            status,
            text: status_text.to_string(),
        });
    }
    if body.len() > ranges::MAX_JSON_BYTES {
        return Err(SrcError::TooLarge {
            bytes: body.len() as u64,
        });
    }
    if serde_json::from_str::<serde_json::Value>(body).is_err() {
        return Err(SrcError::NotJson {
            start: body.trim_start().chars().take(40).collect(),
        });
    }
    parse(body).map_err(SrcError::Invalid)
}

/// Refuses an announced size over the cap before the body is read.
pub fn check_length(content_length: Option<u64>) -> Result<(), SrcError> {
    match content_length {
        Some(bytes) if bytes > ranges::MAX_JSON_BYTES as u64 => Err(SrcError::TooLarge { bytes }),
        _ => Ok(()),
    }
}

impl SrcError {
    /// The error banner's text in `lang` for the scenario at `src`; it says the default lesson
    /// stays open.
    pub fn message(&self, lang: Lang, src: &str) -> String {
        let (zh, en) = self.reason();
        match lang {
            Lang::Zh => format!("无法打开链接里的场景（{src}）：{zh}。默认课程保持打开，你原有的内容没有改变。"),
            Lang::En => format!("The scenario in this link ({src}) could not be opened: {en}. The default lesson stays open; nothing you had was changed."),
        }
    }

    fn reason(&self) -> (String, String) {
        let max = ranges::MAX_JSON_BYTES;
        match self {
            SrcError::BadUrl => (
                "src= 必须是 http(s) 地址或相对路径".into(),
                "src= must be an http(s) URL or a relative path".into(),
            ),
            SrcError::Cors => (
                "那台主机能连上，但它不允许本页读取回答（CORS）：托管场景文件的主机必须发送 Access-Control-Allow-Origin 头".into(),
                "the host can be reached, but it does not let this page read its answer (CORS): the host of a scenario file must send an Access-Control-Allow-Origin header".into(),
            ),
            SrcError::Network => (
                "连不上那台主机（网络故障，或地址有误）".into(),
                "the host could not be reached (a network failure, or a wrong address)".into(),
            ),
            SrcError::Timeout => (
                "主机没有及时回答".into(),
                "the host did not answer in time".into(),
            ),
            SrcError::Http { status, text } => (
                format!("主机回答了 HTTP {status} {text}"),
                format!("the host answered HTTP {status} {text}"),
            ),
            SrcError::TooLarge { bytes } => (
                format!("回答太大（{bytes} 字节），场景最多 {max} 字节"),
                format!("the answer is too large ({bytes} bytes); a scenario is at most {max} bytes"),
            ),
            SrcError::NotJson { start } => (
                format!("回答不是 JSON（开头是：{start}）"),
                format!("the answer is not JSON (it starts: {start})"),
            ),
            SrcError::Invalid(errors) => (errors.message(Lang::Zh), errors.message(Lang::En)),
        }
    }
}
