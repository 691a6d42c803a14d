//! Running a lesson on a real model: the settings (provider, base URL, model, key), the "run
//! live" click, and what a live run shows while it runs (calls in flight with their streamed
//! text, tokens used). The schedule is `providers::live` (pure); this file makes the calls
//! with `providers::fetch` and hands each result back with the time.
//!
//! The key lives in memory; keeping it in session storage is an opt-in with a warning. It is
//! sent only in its provider's header and never enters a link, a recording, the log or the
//! page outside its input. A live run starts only from a click inside the playground, so no
//! page that embeds the playground can start a paid call. Its recording (the engine's inputs,
//! never the key) replays offline like any lesson.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen_futures::spawn_local;

use super::context::{PlayedRun, Playground, StreamingReply};
use super::i18n::{tr, Lang};
use super::storage;
use crate::engine::RequestId;
use crate::lessons::recording::Recording;
use crate::lessons::run::Run;
use crate::providers::api::Api;
use crate::providers::fetch::{send, sleep, Abort, Timeouts};
use crate::providers::live::{CallResult, Jitter, LiveSchedule};
use crate::providers::retry::RetryPolicy;
use crate::providers::{ApiKey, ProviderKind, ProviderSettings, StreamPiece, Usage};

const SETTINGS_KEY: &str = "atp.provider";
const KEY_KEY: &str = "atp.provider-key";
const RECORDING_KEY: &str = "atp.recording";

/// A live run's state shared by the calls in flight.
struct Session {
    schedule: LiveSchedule,
    /// The provider's API, chosen from the settings' kind when the run starts.
    api: Api,
    settings: ProviderSettings,
    key: ApiKey,
    aborts: Vec<(RequestId, Abort)>,
    jitter: Jitter,
    stopped: bool,
    /// The last step of the run as last shown: the view follows the run's end while the
    /// learner stays there.
    shown: usize,
}

#[derive(Clone, Copy)]
struct Live {
    pg: Playground,
    usage: RwSignal<Usage>,
    per_member: RwSignal<Vec<(String, Usage)>>,
    status: RwSignal<Option<String>>,
    running: RwSignal<bool>,
    recording: RwSignal<Option<String>>,
}

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.session_storage().ok().flatten())
}

/// What the learner typed in the settings. The key is held in memory, and in this tab's
/// session storage only with the opt-in.
#[derive(Clone, Copy)]
struct Form {
    kind: RwSignal<ProviderKind>,
    base_url: RwSignal<String>,
    model: RwSignal<String>,
    key: RwSignal<String>,
    keep_key: RwSignal<bool>,
    limit: RwSignal<usize>,
}

impl Form {
    /// The form as stored (never the key, unless the learner opted in).
    fn load() -> Form {
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

    /// The settings as typed (tracked, so the storing effect follows them).
    fn settings(self) -> ProviderSettings {
        ProviderSettings {
            kind: self.kind.get(),
            base_url: self.base_url.get().trim().to_string(),
            model: self.model.get().trim().to_string(),
            max_tokens: 1024,
            stream: true,
        }
    }

    fn is_live(self) -> bool {
        self.kind.get() != ProviderKind::Scripted
    }
}

/// The settings panel and the live run's view.
#[component]
pub fn LivePanel() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let form = Form::load();
    let live = Live {
        pg,
        usage: RwSignal::new(Usage::default()),
        per_member: RwSignal::new(Vec::new()),
        status: RwSignal::new(None),
        running: RwSignal::new(false),
        recording: RwSignal::new(storage::read(RECORDING_KEY)),
    };
    // The stored recording of an earlier live run is the page's recording until a new run.
    if pg.recording.get_untracked().is_none() {
        let stored = live.recording.get_untracked();
        if let Some(recording) =
            stored.and_then(|json| serde_json::from_str::<Recording>(&json).ok())
        {
            pg.recording.set(Some(Arc::new(recording)));
        }
    }
    let session: Rc<RefCell<Option<Session>>> = Rc::new(RefCell::new(None));
    abort_on_leaving(&session, live);
    view! {
        <section class="panel live-panel" aria-labelledby="live-title" data-testid="live-panel">
            <h2 id="live-title">{move || tr(lang.get(), "真实模型", "Real model")}</h2>
            <p class="hint">{move || tr(lang.get(),
                "默认用脚本模型离线运行。填上服务地址（需要时还有密钥）后，可以让真实模型来跑这一课：消息的三个位置照样看得见。",
                "Lessons run offline on the scripted model. With a base URL (and a key where the server needs one) a real model plays the lesson instead, and every message's three places still show.")}</p>
            {settings_view(form, lang)}
            {actions_view(form, live, session)}
            {run_view(live)}
        </section>
    }
}

/// Changing the lesson or leaving the page aborts what is in flight.
fn abort_on_leaving(session: &Rc<RefCell<Option<Session>>>, live: Live) {
    let on_change = session.clone();
    Effect::new(move |previous: Option<String>| {
        let id = live.pg.lesson_id.get();
        if previous.is_some_and(|p| p != id) {
            stop(&on_change, live);
            live.status.set(None);
        }
        id
    });
    let on_leave = session.clone();
    let on_leave =
        wasm_bindgen::closure::Closure::<dyn FnMut()>::new(move || stop(&on_leave, live));
    if let Some(w) = web_sys::window() {
        let _ = w.add_event_listener_with_callback(
            "pagehide",
            wasm_bindgen::JsCast::unchecked_ref(on_leave.as_ref()),
        );
    }
    on_leave.forget();
}

fn settings_view(form: Form, lang: RwSignal<Lang>) -> impl IntoView {
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
                <label>{move || tr(lang.get(), "同时进行的调用", "Calls at once")}
                    <input type="number" min="1" max="8" data-testid="provider-concurrency" prop:value=move || limit.get().to_string()
                        on:input=move |ev| limit.set(event_target_value(&ev).parse::<usize>().unwrap_or(4).clamp(1, 8)) />
                </label>
            </Show>
        </div>
    }
}

fn actions_view(form: Form, live: Live, session: Rc<RefCell<Option<Session>>>) -> impl IntoView {
    let lang = live.pg.lang;
    let start_session = session.clone();
    let on_run = move |_| {
        let settings = form.settings();
        let key = ApiKey::new(&form.key.get_untracked());
        start(
            &start_session,
            live,
            settings,
            key,
            form.limit.get_untracked(),
        );
    };
    let on_stop = move |_| stop(&session, live);
    let download = move || {
        live.recording.get().map(|json| {
            format!(
                "data:application/json;charset=utf-8,{}",
                String::from(js_sys::encode_uri_component(&json))
            )
        })
    };
    view! {
        <div class="live-actions">
            <button type="button" data-testid="run-live" disabled=move || !form.is_live() || live.running.get() on:click=on_run>
                {move || tr(lang.get(), "用真实模型运行这一课", "Run this lesson live")}
            </button>
            <button type="button" data-testid="stop-live" disabled=move || !live.running.get() on:click=on_stop>
                {move || tr(lang.get(), "停止", "Stop")}
            </button>
            <button type="button" data-testid="replay-recording" disabled=move || live.recording.get().is_none() || live.running.get() on:click=move |_| replay(live)>
                {move || tr(lang.get(), "离线重放上次的运行", "Replay the last live run offline")}
            </button>
            <Show when=move || download().is_some()>
                <a data-testid="download-recording" download="agent-team-run.json" href=move || download().unwrap_or_default()>
                    {move || tr(lang.get(), "下载记录", "Download the recording")}
                </a>
            </Show>
        </div>
    }
}

/// What a live run shows while it runs: its status, the tokens used, the calls in flight.
fn run_view(live: Live) -> impl IntoView {
    let (pg, lang) = (live.pg, live.pg.lang);
    view! {
        <p class="live-status" role="status" data-testid="live-status">{move || live.status.get().unwrap_or_default()}</p>
        <p class="live-usage" data-testid="live-usage">{move || {
            let u = live.usage.get();
            let members = live
                .per_member
                .get()
                .iter()
                .map(|(m, u)| format!("{m} {}/{}", u.input_tokens, u.output_tokens))
                .collect::<Vec<_>>()
                .join(" · ");
            match lang.get() {
                Lang::Zh => format!("用量：输入 {} 个 token，输出 {} 个 token（按成员，输入/输出：{members}）", u.input_tokens, u.output_tokens),
                Lang::En => format!("Usage: {} input tokens, {} output tokens (per member, in/out: {members})", u.input_tokens, u.output_tokens),
            }
        }}</p>
        <ul class="live-calls">
            <For each=move || pg.streams.get() key=|c| (c.id, c.text.len()) let:call>
                <li data-testid="live-stream">
                    <strong>{format!("{} {}", call.id, call.member)}</strong>
                    " "
                    <span>{call.text.clone()}</span>
                </li>
            </For>
        </ul>
    }
}

fn start(
    cell: &Rc<RefCell<Option<Session>>>,
    live: Live,
    settings: ProviderSettings,
    key: ApiKey,
    limit: usize,
) {
    let pg = live.pg;
    let lang = pg.lang.get_untracked();
    stop(cell, live);
    // The script calls nothing: only a real provider's kind has an API to run on.
    let Some(api) = settings.kind.api() else {
        return;
    };
    if settings.base_url.is_empty() || settings.model.is_empty() {
        live.status.set(Some(
            tr(
                lang,
                "请先填写基础地址和模型。",
                "Fill in the base URL and the model first.",
            )
            .to_string(),
        ));
        return;
    }
    let Some(lesson) = pg.lesson_on_screen_untracked() else {
        live.status.set(Some(
            tr(
                lang,
                "这一课不能用真实模型运行。",
                "This lesson cannot run live.",
            )
            .to_string(),
        ));
        return;
    };
    let options = pg.options.get_untracked();
    let schedule = Run::new(&lesson, &options).and_then(|run| {
        LiveSchedule::start(
            run,
            RetryPolicy::default(),
            limit,
            lang,
            &settings.base_url,
            key.expose(),
        )
    });
    let schedule = match schedule {
        Ok(s) => s,
        Err(e) => {
            live.status.set(Some(e.to_string()));
            return;
        }
    };
    *cell.borrow_mut() = Some(Session {
        schedule,
        api,
        settings,
        key,
        aborts: Vec::new(),
        jitter: Jitter::new(now_ms()),
        stopped: false,
        shown: pg.step.get_untracked(),
    });
    live.running.set(true);
    live.usage.set(Usage::default());
    live.status
        .set(Some(tr(lang, "正在运行……", "Running…").to_string()));
    pump(cell.clone(), live);
}

/// Sends what is due, shows the run, and finishes it when nothing is left.
fn pump(cell: Rc<RefCell<Option<Session>>>, live: Live) {
    let now = now_ms();
    let (due, wake, done) = {
        let mut guard = cell.borrow_mut();
        let Some(session) = guard.as_mut() else {
            return;
        };
        let due = if session.stopped {
            Vec::new()
        } else {
            session.schedule.due(now)
        };
        publish(live, session);
        (
            due,
            session.schedule.next_wake(now),
            session.schedule.is_done() || (session.stopped && session.aborts.is_empty()),
        )
    };
    for dispatch in due {
        spawn_local(call(cell.clone(), live, dispatch.request));
    }
    if done {
        finish(&cell, live);
    } else if let Some(wait) = wake {
        let cell = cell.clone();
        spawn_local(async move {
            sleep(wait.min(u32::MAX as u64) as u32).await;
            pump(cell, live);
        });
    }
}

async fn call(
    cell: Rc<RefCell<Option<Session>>>,
    live: Live,
    request: crate::engine::ModelRequest,
) {
    let abort = Abort::new();
    let prepared = {
        let mut guard = cell.borrow_mut();
        let Some(session) = guard.as_mut() else {
            return;
        };
        session.aborts.push((request.id, abort.clone()));
        let http = session
            .api
            .encode(&request, &session.settings, &session.key);
        (http, session.api, session.settings.base_url.clone())
    };
    let (http, api, base) = prepared;
    live.pg.streams.update(|s| {
        s.push(StreamingReply {
            id: request.id,
            member: request.member.clone(),
            text: String::new(),
        })
    });
    let id = request.id;
    let result = send(&http, api, &base, &abort, Timeouts::default(), |piece| {
        let added = match piece {
            StreamPiece::Text(t) => t.clone(),
            StreamPiece::ToolCallStarted { name, .. } => format!(" [{name}] "),
            StreamPiece::ToolArguments { fragment, .. } => fragment.clone(),
        };
        live.pg.streams.update(|streams| {
            if let Some(c) = streams.iter_mut().find(|c| c.id == id) {
                c.text.push_str(&added);
            }
        });
    })
    .await;
    live.pg.streams.update(|s| s.retain(|c| c.id != id));
    let outcome = match result {
        Ok(decoded) => CallResult::Answered(decoded),
        Err(f) => CallResult::Failed {
            error: f.error,
            tool_call_streamed: f.tool_call_streamed,
        },
    };
    let failed = {
        let mut guard = cell.borrow_mut();
        let Some(session) = guard.as_mut() else {
            return;
        };
        session.aborts.retain(|(r, _)| *r != id);
        let jitter = session.jitter.sample();
        session
            .schedule
            .finished(id, outcome, now_ms(), jitter)
            .err()
    };
    if let Some(error) = failed {
        live.status.set(Some(error.to_string()));
        stop(&cell, live);
    }
    let arrived = performance_now();
    pump(cell, live);
    measure_to_screen(arrived);
}

fn performance_now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// The time from a reply's last byte to its events on screen: the next frame after the run
/// was published. Kept in `window.__atpReplyToScreen` for the end-to-end suite to print.
fn measure_to_screen(arrived: f64) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let callback = wasm_bindgen::closure::Closure::once_into_js(move || {
        let Some(window) = web_sys::window() else {
            return;
        };
        let key = wasm_bindgen::JsValue::from_str("__atpReplyToScreen");
        let list = js_sys::Reflect::get(&window, &key)
            .ok()
            .filter(|v| v.is_object())
            .map(wasm_bindgen::JsCast::unchecked_into::<js_sys::Array>)
            .unwrap_or_else(|| {
                let list = js_sys::Array::new();
                let _ = js_sys::Reflect::set(&window, &key, &list);
                list
            });
        list.push(&wasm_bindgen::JsValue::from_f64(
            performance_now() - arrived,
        ));
    });
    let _ = window.request_animation_frame(wasm_bindgen::JsCast::unchecked_ref(&callback));
}

/// Shows the run so far and follows its end, unless the learner stepped back to look.
fn publish(live: Live, session: &mut Session) {
    let pg = live.pg;
    let timeline = session.schedule.run().timeline().clone();
    let at_end = pg.step.get_untracked() == session.shown;
    let len = timeline.len();
    session.shown = len;
    let lesson = pg.lesson_id.get_untracked();
    pg.live
        .set(Some((lesson, PlayedRun(Arc::new(timeline), None))));
    if at_end {
        pg.step.set(len);
    }
    live.usage.set(session.schedule.total_usage());
    live.per_member.set(
        session
            .schedule
            .usage()
            .iter()
            .map(|(m, u)| (m.clone(), *u))
            .collect(),
    );
}

fn stop(cell: &Rc<RefCell<Option<Session>>>, live: Live) {
    if let Some(session) = cell.borrow_mut().as_mut() {
        session.stopped = true;
        for (_, abort) in &session.aborts {
            abort.abort();
        }
    }
    live.running.set(false);
}

fn finish(cell: &Rc<RefCell<Option<Session>>>, live: Live) {
    let lang = live.pg.lang.get_untracked();
    let Some(session) = cell.borrow_mut().take() else {
        return;
    };
    let recording = session.schedule.run().recording();
    live.pg.recording.set(Some(Arc::new(recording.clone())));
    if let Ok(json) = serde_json::to_string(&recording) {
        storage::write(RECORDING_KEY, &json);
        live.recording.set(Some(json));
    }
    live.running.set(false);
    live.status.set(Some(if session.stopped {
        tr(
            lang,
            "已停止。记录保存到停止时为止。",
            "Stopped. The recording keeps the run up to the stop.",
        )
        .to_string()
    } else {
        tr(
            lang,
            "运行结束。记录已保存，可以离线重放。",
            "The run is over. Its recording is saved and replays offline.",
        )
        .to_string()
    }));
}

fn replay(live: Live) {
    let pg = live.pg;
    let lang = pg.lang.get_untracked();
    let parsed = live
        .recording
        .get_untracked()
        .and_then(|json| serde_json::from_str::<Recording>(&json).ok());
    let Some(recording) = parsed else {
        live.status.set(Some(
            tr(lang, "记录读不出来。", "The recording cannot be read.").to_string(),
        ));
        return;
    };
    // A recording of free play replays the scenario on screen when there is one.
    let scenario = (pg.lesson_id.get_untracked() == recording.lesson)
        .then(|| pg.scenario.get_untracked())
        .flatten();
    let source = crate::scenario::on_screen::Source::on_page(&recording.lesson, scenario);
    let Some(source) = source.filter(|s| s.lesson(recording.options.lang).is_some()) else {
        live.status.set(Some(
            tr(
                lang,
                "记录里的课程不存在。",
                "The recording's lesson does not exist.",
            )
            .to_string(),
        ));
        return;
    };
    if pg.lesson_id.get_untracked() != recording.lesson {
        pg.open_lesson(recording.lesson.clone());
    }
    let on_screen = crate::scenario::on_screen::OnScreen {
        recording: Some(Arc::new(recording)),
        ..crate::scenario::on_screen::OnScreen::new(source, Default::default())
    };
    match on_screen.play() {
        Ok(played) => {
            pg.live.set(Some((
                on_screen.lesson_id().to_string(),
                PlayedRun(Arc::new(played.timeline), None),
            )));
            pg.go_to(0);
            live.status.set(Some(
                tr(
                    lang,
                    "正在离线重放上次的真实运行。",
                    "Replaying the last live run offline.",
                )
                .to_string(),
            ));
        }
        Err(e) => live.status.set(Some(e.to_string())),
    }
}
