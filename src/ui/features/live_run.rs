//! A live run's driver: it starts the run on the lesson on screen, sends each call that
//! `providers::live`'s schedule makes due with `providers::fetch`, streams the replies' text,
//! hands each result back with the time, shows the run as it grows, and saves its recording
//! when it finishes or is stopped. No key leaves the session but in its provider's header.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen_futures::spawn_local;

use crate::engine::{EventKind, RequestId};
use crate::lessons::run::Run;
use crate::on_screen::screen::same_source;
use crate::on_screen::Source;
use crate::providers::api::Api;
use crate::providers::fetch::{send, sleep, Abort, Timeouts};
use crate::providers::live::{CallResult, Jitter, LiveSchedule};
use crate::providers::retry::RetryPolicy;
use crate::providers::{ApiKey, ProviderSettings, StreamPiece, Usage};
use crate::ui::browser::i18n::tr;
use crate::ui::browser::storage;
use crate::ui::state::context::{LiveRun, PlayedRun, Playground, StreamingReply, WireBody};

pub(super) const RECORDING_KEY: &str = "atp.recording";

/// A live run's state shared by the calls in flight.
pub(super) struct Session {
    schedule: LiveSchedule,
    /// The provider's API, chosen from the settings' kind when the run starts.
    api: Api,
    settings: ProviderSettings,
    key: ApiKey,
    aborts: Vec<(RequestId, Abort)>,
    jitter: Jitter,
    stopped: bool,
    /// The learner pressed Stop (not an error that ended the run).
    by_learner: bool,
    /// The last step of the run as last shown: the view follows the run's end while the
    /// learner stays there.
    shown: usize,
    /// What the run plays: once the learner opened another source, the run is no longer shown.
    source: Source,
}

#[derive(Clone, Copy)]
pub(super) struct Live {
    pub(super) pg: Playground,
    pub(super) usage: RwSignal<Usage>,
    pub(super) per_member: RwSignal<Vec<(String, Usage)>>,
    pub(super) status: RwSignal<Option<String>>,
    pub(super) running: RwSignal<bool>,
    /// The members whose answers come whole since the server refused to stream one.
    pub(super) whole: RwSignal<Vec<String>>,
    /// The calls at once the run started with, once it lowered them to one (a server that
    /// cuts a stream when another call arrives).
    pub(super) lowered_from: RwSignal<Option<usize>>,
    /// The step of the run's first failed call, once the run ended with one.
    pub(super) first_failure: RwSignal<Option<usize>>,
    pub(super) recording: RwSignal<Option<String>>,
}

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

pub(super) fn start(
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
        by_learner: false,
        shown: pg.step.get_untracked(),
        source: pg.source.get_untracked(),
    });
    // The run on screen is the one in flight now: an earlier run's recording leaves it.
    pg.set_recording(None);
    live.running.set(true);
    live.usage.set(Usage::default());
    live.whole.set(Vec::new());
    live.first_failure.set(None);
    live.lowered_from.set(None);
    pg.wire.set(Vec::new());
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
        let settings = ProviderSettings {
            stream: session.settings.stream && session.schedule.streams(&request.member),
            ..session.settings.clone()
        };
        let http = session.api.encode(&request, &settings, &session.key);
        (http, session.api, session.settings.base_url.clone())
    };
    let (http, api, base) = prepared;
    let body = serde_json::to_string_pretty(&http.body).unwrap_or_default();
    live.pg.wire.update(|wire| {
        wire.retain(|w| w.id != request.id);
        wire.push(WireBody {
            id: request.id,
            url: http.url.clone(),
            body,
        });
    });
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
    let timeline = session.schedule.timeline();
    let at_end = pg.step.get_untracked() == session.shown;
    let len = timeline.len();
    session.shown = len;
    // A run stopped because the learner opened another lesson is not shown on that one.
    if same_source(&pg.source.get_untracked(), &session.source) {
        pg.live.set(Some(LiveRun {
            source: session.source.clone(),
            run: PlayedRun::of(timeline),
        }));
        if at_end {
            pg.set_step(len);
        }
    }
    live.usage.set(session.schedule.total_usage());
    let lowered = session.schedule.lowered_from();
    if live.lowered_from.get_untracked() != lowered {
        live.lowered_from.set(lowered);
    }
    let whole = session.schedule.whole_answers();
    if live.whole.with_untracked(|w| w.as_slice() != whole) {
        live.whole.set(whole.to_vec());
    }
    live.per_member.set(
        session
            .schedule
            .usage()
            .iter()
            .map(|(m, u)| (m.clone(), *u))
            .collect(),
    );
}

/// The learner's Stop: the run halts where it is, and the status says who stopped it.
pub(super) fn stop_by_learner(cell: &Rc<RefCell<Option<Session>>>, live: Live) {
    if let Some(session) = cell.borrow_mut().as_mut() {
        session.by_learner = true;
    }
    stop(cell, live);
}

/// Halts the run (Stop, an error, a lesson change, leaving the page): nothing more goes out
/// and the calls in flight are aborted. With none in flight it finishes now; otherwise the
/// last aborted call's return finishes it.
pub(super) fn stop(cell: &Rc<RefCell<Option<Session>>>, live: Live) {
    let idle = match cell.borrow_mut().as_mut() {
        Some(session) => {
            session.stopped = true;
            session.schedule.stop();
            for (_, abort) in &session.aborts {
                abort.abort();
            }
            session.aborts.is_empty()
        }
        None => false,
    };
    live.running.set(false);
    if idle {
        if let Some(session) = cell.borrow_mut().as_mut() {
            publish(live, session);
        }
        finish(cell, live);
    }
}

fn finish(cell: &Rc<RefCell<Option<Session>>>, live: Live) {
    let lang = live.pg.lang.get_untracked();
    let Some(session) = cell.borrow_mut().take() else {
        return;
    };
    let recording = session.schedule.recording();
    // On screen with its run (`Screen::set_recording` keeps it only on its own lesson).
    live.pg.set_recording(Some(Arc::new(recording.clone())));
    if let Ok(json) = serde_json::to_string(&recording) {
        storage::write(RECORDING_KEY, &json);
        live.recording.set(Some(json));
    }
    live.running.set(false);
    let timeline = session.schedule.timeline();
    let failure = timeline
        .events()
        .iter()
        .position(|e| matches!(e.kind, EventKind::ModelFailed { .. }))
        .map(|index| index + 1);
    live.first_failure.set(failure);
    // Issue 46: the end status names the first failure's reason, not only a step to go to.
    let reason = timeline.events().iter().find_map(|e| match &e.kind {
        EventKind::ModelFailed {
            member,
            request_id,
            error,
            ..
        } => Some(match lang {
            crate::engine::Lang::Zh => {
                format!("第一次失败：{member} 的请求 {request_id}：{error}")
            }
            crate::engine::Lang::En => {
                format!("The first failure: {member}'s request {request_id}: {error}")
            }
        }),
        _ => None,
    });
    let tally = session.schedule.tally().summary(lang);
    let tally = match reason {
        Some(reason) => format!("{tally} {reason}"),
        None => tally,
    };
    let stopped_at = session.schedule.stopped_at();
    live.status.set(Some(if stopped_at.is_some() && !session.by_learner {
        // An error ended the run: its message stays, with what the calls came to.
        let said = live.status.get_untracked().unwrap_or_default();
        format!("{said} {tally}")
    } else if let Some(step) = stopped_at {
        tr(
            lang,
            format!("你在第 {step} 步停止了运行：还没发出的请求不算在内，正在进行的调用已取消。记录保存到停止时为止。{tally}"),
            format!("Stopped by you at step {step}: requests not yet sent are left out, calls in flight were cancelled. The recording keeps the run up to the stop. {tally}"),
        )
    } else {
        format!(
            "{} {tally} {}",
            tr(lang, "运行结束。", "The run is over."),
            tr(
                lang,
                "记录已保存，可以离线重放。",
                "Its recording is saved and replays offline.",
            )
        )
    }));
}
