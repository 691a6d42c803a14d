//! "Test connection": what the live panel asks a server before a run, and what the answers
//! mean. Two probes of the provider's model list (`GET {base}/models`, Anthropic's
//! `GET /v1/models`): one in `no-cors` mode, whose answer the page cannot read but which
//! fails only when nothing answers at all, and the real one with the provider's headers.
//! Together they tell apart nothing listening, a server that does not allow this page's
//! origin, a wrong path, a bad key and a model the server does not list; on success the list
//! fills the model field. The browser part (`fetch::probe`) only makes the two calls.

use super::errors::body_message;
use super::{ApiKey, ProviderKind, ProviderSettings};
use crate::engine::{tr, Lang};
use serde_json::Value;

/// The model-list call for a provider: its URL and exactly the headers a run would send
/// (minus the JSON content type, which a GET has no body for).
pub fn models_call(settings: &ProviderSettings, key: &ApiKey) -> (String, Vec<(String, String)>) {
    match settings.kind {
        ProviderKind::Anthropic => (
            settings.url("/v1/models"),
            vec![
                ("x-api-key".into(), key.expose().to_string()),
                (
                    "anthropic-version".into(),
                    super::anthropic::API_VERSION.into(),
                ),
                (
                    "anthropic-dangerous-direct-browser-access".into(),
                    "true".into(),
                ),
            ],
        ),
        ProviderKind::OpenAi | ProviderKind::Scripted => {
            let mut headers = Vec::new();
            if !key.is_empty() {
                headers.push(("authorization".into(), format!("Bearer {}", key.expose())));
            }
            (settings.url("/models"), headers)
        }
    }
}

/// What the two probes saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Probes {
    /// The `no-cors` probe got a response (any status, unreadable): something answers.
    pub reached: bool,
    /// The real probe's status and body, or None when the browser gave the page nothing.
    pub answer: Option<(u16, String)>,
    /// The page is served over https (an http server is then blocked as mixed content).
    pub page_is_https: bool,
}

/// What a connection test found.
#[derive(Clone, Debug, PartialEq)]
pub enum Diagnosis {
    /// Nothing answers at the address (no server, wrong port, a stopped server).
    NothingListening,
    /// An https page may not call an http server.
    MixedContent,
    /// A server answers, but not to this page: it does not allow this page's origin (CORS).
    NoCors,
    /// The server answered 404 to the model list: most likely a wrong base URL.
    WrongPath,
    /// 401 or 403: the key is missing, wrong or not allowed.
    BadKey(u16),
    /// The server does not list the model typed in the settings.
    ModelNotListed {
        /// The model in the settings.
        model: String,
        /// What the server lists.
        listed: Vec<String>,
    },
    /// Another status, with the server's own words.
    Other(u16, String),
    /// The server answers and lists models; `model` is the one to use (the typed one, or the
    /// first listed when none was typed).
    Ready {
        /// The models the server lists.
        listed: Vec<String>,
        /// The model to use.
        model: String,
    },
}

/// The model ids in a model list (`{"data": [{"id": ...}]}` in both APIs; Ollama's native
/// `{"models": [{"name": ...}]}` too).
pub fn listed_models(body: &str) -> Option<Vec<String>> {
    let value: Value = serde_json::from_str(body).ok()?;
    let items = value
        .get("data")
        .or_else(|| value.get("models"))?
        .as_array()?;
    Some(
        items
            .iter()
            .filter_map(|m| m.get("id").or_else(|| m.get("name")))
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
    )
}

/// Reads the probes: `model` is what the settings name (may be empty).
pub fn diagnose(probes: &Probes, base_url: &str, model: &str) -> Diagnosis {
    let Some((status, body)) = &probes.answer else {
        let target = base_url.trim().to_ascii_lowercase();
        return if probes.page_is_https
            && target.starts_with("http://")
            && !super::errors::is_loopback(&target)
        {
            Diagnosis::MixedContent
        } else if probes.reached {
            Diagnosis::NoCors
        } else {
            Diagnosis::NothingListening
        };
    };
    match *status {
        200..=299 => {
            let listed = listed_models(body).unwrap_or_default();
            let model = model.trim();
            if model.is_empty() {
                match listed.first() {
                    Some(first) => Diagnosis::Ready {
                        model: first.clone(),
                        listed,
                    },
                    None => Diagnosis::Other(*status, body_message(body).0),
                }
            } else if listed.is_empty() || listed.iter().any(|m| m == model) {
                // A server that lists nothing (some proxies) is taken at its word on the model.
                Diagnosis::Ready {
                    model: model.to_string(),
                    listed,
                }
            } else {
                Diagnosis::ModelNotListed {
                    model: model.to_string(),
                    listed,
                }
            }
        }
        404 => Diagnosis::WrongPath,
        401 | 403 => Diagnosis::BadKey(*status),
        other => Diagnosis::Other(other, body_message(body).0),
    }
}

impl Diagnosis {
    /// What the live panel says, in the page's language.
    pub fn message(&self, lang: Lang, base_url: &str) -> String {
        match self {
            Diagnosis::NothingListening => tr(
                lang,
                format!("{base_url} 没有任何服务在应答：服务器在运行吗？检查地址和端口。"),
                format!("Nothing answers at {base_url}: is the server running? Check the address and the port."),
            ),
            Diagnosis::MixedContent => tr(
                lang,
                "https 页面不能调用 http 服务器（混合内容）：在 http 的本地页面上打开本游乐场，或给服务器配上 https。".to_string(),
                "An https page may not call an http server (mixed content): open the playground from a local http page, or serve the model over https.".to_string(),
            ),
            Diagnosis::NoCors => tr(
                lang,
                "服务器在运行，但没有允许本页的来源（CORS）：按下面“本地服务器需要的设置”打开跨源访问。".to_string(),
                "The server is running but does not allow this page's origin (CORS): see \"What a local server needs\" below.".to_string(),
            ),
            Diagnosis::WrongPath => tr(
                lang,
                format!("服务器在运行，但 {base_url} 下没有模型列表（404）：OpenAI 兼容的基础地址通常以 /v1 结尾，Anthropic 的不带。"),
                format!("The server is running, but there is no model list under {base_url} (404): an OpenAI-compatible base URL usually ends in /v1, Anthropic's does not."),
            ),
            Diagnosis::BadKey(status) => tr(
                lang,
                format!("服务器拒绝了密钥（HTTP {status}）：密钥缺失、有误或无权这样调用。"),
                format!("The server refused the key (HTTP {status}): it is missing, wrong or not allowed to do this."),
            ),
            Diagnosis::ModelNotListed { model, listed } => {
                let names = shown(listed);
                tr(
                    lang,
                    format!("服务器没有列出模型 {model}；它列出的是：{names}。"),
                    format!("The server does not list the model {model}; it lists: {names}."),
                )
            }
            Diagnosis::Other(status, said) => tr(
                lang,
                format!("服务器回答 HTTP {status}；服务器说：{said}"),
                format!("The server answered HTTP {status}; the server said: {said}"),
            ),
            Diagnosis::Ready { listed, model } => tr(
                lang,
                format!("连接正常：服务器列出 {} 个模型，将使用 {model}。", listed.len()),
                format!(
                    "Connected: the server lists {}, and the run will use {model}.",
                    crate::engine::text::counted(listed.len(), "model", "models")
                ),
            ),
        }
    }
}

/// A model list as a learner reads it: the first few names and how many more.
fn shown(listed: &[String]) -> String {
    const FIRST: usize = 8;
    let mut names = listed
        .iter()
        .take(FIRST)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if listed.len() > FIRST {
        names.push_str(&format!(" … (+{})", listed.len() - FIRST));
    }
    if names.is_empty() {
        names.push('-');
    }
    names
}
