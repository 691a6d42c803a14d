//! The real-model settings form: provider, base URL, model, key, streaming, the reply-length
//! cap, calls at once. The settings
//! are stored as typed (never the key); the key lives in memory, and in this tab's session
//! storage only with the learner's opt-in.

use leptos::prelude::*;

use crate::providers::connection::{diagnose, Diagnosis};
use crate::providers::fetch::probe;
use crate::providers::{ApiKey, ProviderKind, ProviderSettings};
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::browser::storage;

const SETTINGS_KEY: &str = "atp.provider";
const KEY_KEY: &str = "atp.provider-key";

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// What the learner typed in the settings. The key is held in memory, and in this tab's
/// session storage only with the opt-in.
#[derive(Clone, Copy)]
pub(super) struct Form {
    pub(super) kind: RwSignal<ProviderKind>,
    pub(super) base_url: RwSignal<String>,
    pub(super) model: RwSignal<String>,
    pub(super) key: RwSignal<String>,
    pub(super) keep_key: RwSignal<bool>,
    pub(super) limit: RwSignal<usize>,
    /// Whether replies stream in (some servers cannot stream tool calls; see
    /// `providers::errors::ErrorKind::StreamingRefused`).
    pub(super) stream: RwSignal<bool>,
    /// The most tokens one reply may have.
    pub(super) max_tokens: RwSignal<u32>,
}

/// A reply-length cap that lets a small model finish a tool call but stops one that rambles
/// (one reply of a 135M model ran 3,921 tokens, two minutes, before this cap existed).
const DEFAULT_MAX_TOKENS: u32 = 1024;
const MAX_TOKENS_RANGE: std::ops::RangeInclusive<u32> = 16..=32_000;

impl Form {
    /// The form as stored (never the key, unless the learner opted in).
    pub(super) fn load() -> Form {
        let stored: Option<ProviderSettings> =
            storage::read(SETTINGS_KEY).and_then(|s| serde_json::from_str(&s).ok());
        let kept_key = session_storage().and_then(|s| s.get_item(KEY_KEY).ok().flatten());
        let form = Form {
            kind: RwSignal::new(stored.as_ref().map_or(ProviderKind::Scripted, |s| s.kind)),
            base_url: RwSignal::new(
                stored
                    .as_ref()
                    .map(|s| s.base_url.clone())
                    .unwrap_or_default(),
            ),
            model: RwSignal::new(stored.as_ref().map(|s| s.model.clone()).unwrap_or_default()),
            keep_key: RwSignal::new(kept_key.is_some()),
            key: RwSignal::new(kept_key.unwrap_or_default()),
            limit: RwSignal::new(4usize),
            stream: RwSignal::new(stored.as_ref().is_none_or(|s| s.stream)),
            max_tokens: RwSignal::new(
                stored
                    .as_ref()
                    .map_or(DEFAULT_MAX_TOKENS, |s| s.max_tokens)
                    .clamp(*MAX_TOKENS_RANGE.start(), *MAX_TOKENS_RANGE.end()),
            ),
        };
        Effect::new(move |_| {
            if let Ok(json) = serde_json::to_string(&form.settings()) {
                storage::write(SETTINGS_KEY, &json);
            }
        });
        Effect::new(move |_| {
            let (keep, key) = (form.keep_key.get(), form.key.get());
            if let Some(s) = session_storage() {
                let _ = if keep && !key.is_empty() {
                    s.set_item(KEY_KEY, &key)
                } else {
                    s.remove_item(KEY_KEY)
                };
            }
        });
        form
    }

    /// The settings as typed, read without tracking (for a click).
    pub(super) fn settings_untracked(self) -> ProviderSettings {
        untrack(|| self.settings())
    }

    /// The settings as typed (tracked, so the storing effect follows them).
    pub(super) fn settings(self) -> ProviderSettings {
        ProviderSettings {
            kind: self.kind.get(),
            base_url: self.base_url.get().trim().to_string(),
            model: self.model.get().trim().to_string(),
            max_tokens: self.max_tokens.get(),
            stream: self.stream.get(),
        }
    }

    pub(super) fn is_live(self) -> bool {
        self.kind.get() != ProviderKind::Scripted
    }
}

pub(super) fn settings_view(form: Form, lang: Memo<Lang>) -> impl IntoView {
    let on_kind = move |ev| {
        let chosen =
            ProviderKind::from_name(&event_target_value(&ev)).unwrap_or(ProviderKind::Scripted);
        form.kind.set(chosen);
        form.base_url.set(chosen.default_base_url().to_string());
    };
    let Form {
        kind,
        base_url,
        model,
        key,
        keep_key,
        limit,
        stream,
        max_tokens,
    } = form;
    view! {
        <div class="live-settings">
            <label>{move || tr(lang.get(), "提供方", "Provider")}
                <select data-testid="provider-select" on:change=on_kind prop:value=move || kind.get().as_str().to_string()>
                    <option value="scripted">{move || tr(lang.get(), "脚本模型（离线）", "Scripted (offline)")}</option>
                    <option value="anthropic">"Anthropic"</option>
                    <option value="openai">{move || tr(lang.get(), "OpenAI 兼容", "OpenAI-compatible")}</option>
                </select>
            </label>
            <Show when=move || form.is_live()>
                <label>{move || tr(lang.get(), "基础地址", "Base URL")}
                    <input type="url" data-testid="provider-base-url" prop:value=move || base_url.get()
                        on:input=move |ev| base_url.set(event_target_value(&ev)) />
                </label>
                <label>{move || tr(lang.get(), "模型", "Model")}
                    <input type="text" data-testid="provider-model" prop:value=move || model.get()
                        on:input=move |ev| model.set(event_target_value(&ev)) />
                </label>
                <label>{move || tr(lang.get(), "密钥", "Key")}
                    <input type="password" autocomplete="off" data-testid="provider-key" prop:value=move || key.get()
                        on:input=move |ev| key.set(event_target_value(&ev)) />
                </label>
                <label class="inline">
                    <input type="checkbox" data-testid="provider-keep-key" prop:checked=move || keep_key.get()
                        on:change=move |ev| keep_key.set(event_target_checked(&ev)) />
                    {move || tr(lang.get(),
                        "在本标签页的会话存储里保留密钥（关闭标签页即删除；本页上运行的任何脚本都能读到它）",
                        "Keep the key in this tab's session storage (gone when the tab closes; any script on this page can read it)")}
                </label>
                <button type="button" data-testid="provider-forget-key" on:click=move |_| { key.set(String::new()); keep_key.set(false); }>
                    {move || tr(lang.get(), "忘记密钥", "Forget key")}
                </button>
                <label class="inline">
                    <input type="checkbox" data-testid="provider-stream" prop:checked=move || stream.get()
                        on:change=move |ev| stream.set(event_target_checked(&ev)) />
                    {move || tr(lang.get(),
                        "流式返回（边写边显示；服务器不能流式返回工具调用时，该成员自动改为整段返回）",
                        "Stream replies (shown as they are written; a member whose tool call the server cannot stream gets whole answers)")}
                </label>
                <label>{move || tr(lang.get(), "每个回答最多的 token 数", "Most tokens per reply")}
                    <input type="number" min=*MAX_TOKENS_RANGE.start() max=*MAX_TOKENS_RANGE.end() data-testid="provider-max-tokens"
                        prop:value=move || max_tokens.get().to_string()
                        on:change=move |ev| max_tokens.set(event_target_value(&ev).parse::<u32>()
                            .unwrap_or(DEFAULT_MAX_TOKENS).clamp(*MAX_TOKENS_RANGE.start(), *MAX_TOKENS_RANGE.end())) />
                </label>
                <label>{move || tr(lang.get(), "同时进行的调用", "Calls at once")}
                    <input type="number" min="1" max="8" data-testid="provider-concurrency" prop:value=move || limit.get().to_string()
                        on:input=move |ev| limit.set(event_target_value(&ev).parse::<usize>().unwrap_or(4).clamp(1, 8)) />
                </label>
                {connection_test(form, lang)}
                {server_notes(lang)}
            </Show>
        </div>
    }
}

/// What each local server needs for CORS and for tool calls (README.md has the same table).
fn server_notes(lang: Memo<Lang>) -> impl IntoView {
    const NOTES: &[(&str, &str, &str)] = &[
        ("Ollama", "OLLAMA_ORIGINS=<本页来源>，然后重启；选支持工具的模型（如 qwen2.5、llama3.1）",
            "OLLAMA_ORIGINS=<this page's origin>, then restart; a model with tool support (e.g. qwen2.5, llama3.1)"),
        ("LM Studio", "打开服务器的 “Enable CORS” 开关；选模板支持工具调用的模型",
            "turn on the server's \"Enable CORS\" switch; a model whose template has tool use"),
        ("llama.cpp llama-server", "默认允许跨源；加 --jinja 才会调用工具",
            "allows other origins by default; --jinja for tool calls"),
        ("llama-cpp-python", "默认允许跨源；--chat_format chatml-function-calling 才会调用工具；--interrupt_requests False（或同时调用设为 1），否则新调用会切断正在流式返回的调用；它不能流式返回工具调用（本页会自动改为整段返回）",
            "allows other origins by default; --chat_format chatml-function-calling for tool calls; --interrupt_requests False (or calls at once 1), else a new call cuts the stream in flight; it cannot stream a tool choice (whole answers follow by themselves)"),
        ("vLLM", "默认允许跨源（--allowed-origins 可收紧）；--enable-auto-tool-choice --tool-call-parser <模型的解析器>",
            "allows other origins by default (--allowed-origins narrows it); --enable-auto-tool-choice --tool-call-parser <the model's parser>"),
    ];
    view! {
        <details class="server-notes" data-testid="server-notes">
            <summary>{move || tr(lang.get(), "本地服务器需要的设置", "What a local server needs")}</summary>
            <ul>
                {NOTES.iter().map(|(name, zh, en)| view! {
                    <li><strong>{*name}</strong>": "{move || tr(lang.get(), *zh, *en)}</li>
                }).collect_view()}
            </ul>
        </details>
    }
}

/// "Test connection": probes the model list and says what it found; on success an empty
/// model field takes the first model the server lists.
fn connection_test(form: Form, lang: Memo<Lang>) -> impl IntoView {
    let result: RwSignal<Option<String>> = RwSignal::new(None);
    let testing = RwSignal::new(false);
    let on_test = move |_| {
        let settings = form.settings_untracked();
        let key = ApiKey::new(&form.key.get_untracked());
        let lang = lang.get_untracked();
        testing.set(true);
        result.set(Some(tr(lang, "正在测试……", "Testing…").to_string()));
        wasm_bindgen_futures::spawn_local(async move {
            let probes = probe(&settings, &key).await;
            let found = diagnose(&probes, &settings.base_url, &settings.model);
            if let Diagnosis::Ready { model, .. } = &found {
                form.model.set(model.clone());
            }
            // A server's own words may quote the key back: never show it.
            let said = found.message(lang, &settings.base_url);
            result.set(Some(crate::providers::redact::redact_key(
                &said,
                key.expose(),
            )));
            testing.set(false);
        });
    };
    view! {
        <div class="connection-test">
            <button type="button" data-testid="test-connection" disabled=move || testing.get() on:click=on_test>
                {move || tr(lang.get(), "测试连接", "Test connection")}
            </button>
            <p role="status" data-testid="connection-result">{move || result.get().unwrap_or_default()}</p>
        </div>
    }
}
