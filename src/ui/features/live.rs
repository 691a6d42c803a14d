//! The live panel: running a lesson on a real model. It owns the panel's layout, the run,
//! stop, replay and download buttons, what a live run shows while it runs (its status, the
//! tokens used, the calls in flight with their streamed text) and the offline replay of the
//! last recording. The settings form is `live_settings.rs`; the run driver, which makes the
//! calls of `providers::live`'s schedule with `providers::fetch`, is `live_run.rs`.
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

use crate::lessons::recording::Recording;
use crate::on_screen::{OnScreen, Source};
use crate::providers::{ApiKey, Usage};
use crate::ui::browser::i18n::tr;
use crate::ui::browser::storage;
use crate::ui::features::live_run::{start, stop, stop_by_learner, Live, Session, RECORDING_KEY};
use crate::ui::features::live_settings::{settings_view, Form};
use crate::ui::state::context::Playground;

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
        whole: RwSignal::new(Vec::new()),
        first_failure: RwSignal::new(None),
        lowered_from: RwSignal::new(None),
        recording: RwSignal::new(storage::read(RECORDING_KEY)),
    };
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
    let on_stop = move |_| stop_by_learner(&session, live);
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
            u.line(lang.get(), &members)
        }}</p>
        <Show when=move || live.first_failure.get().is_some()>
            <button type="button" data-testid="live-first-failure" on:click=move |_| {
                if let Some(step) = live.first_failure.get_untracked() {
                    pg.playing.set(false);
                    pg.set_step(step);
                }
            }>{move || tr(lang.get(), "跳到第一次失败", "Go to the first failure")}</button>
        </Show>
        <Show when=move || !live.whole.get().is_empty()>
            <p class="live-note" data-testid="live-whole">{move || {
                let members = live.whole.get().join(", ");
                tr(lang.get(),
                    format!("服务器不能以流的方式返回工具调用：{members} 之后的回答改为整段返回（关掉“流式返回”可以一开始就这样做）。"),
                    format!("The server could not stream a tool call, so {members}'s answers now come whole (turn off \"Stream replies\" to start that way)."))
            }}</p>
        </Show>
        <Show when=move || live.lowered_from.get().is_some()>
            <p class="live-note" data-testid="live-lowered">{move || {
                let from = live.lowered_from.get().unwrap_or(1);
                tr(lang.get(),
                    format!("这个服务器在新调用到达时会切断正在流式返回的调用（llama-cpp-python 默认的 --interrupt_requests）：同时进行的调用从 {from} 降到 1，被切断的调用已重新发送。"),
                    format!("This server ends a stream when another call arrives (llama-cpp-python's default --interrupt_requests): calls at once went from {from} to 1, and the cut calls were sent again."))
            }}</p>
        </Show>
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
    let source = Source::on_page(&recording.lesson, scenario);
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
    // The learner's branch stays the one on screen (the recording replays its own inputs).
    let (options, earlier) = untrack(|| (pg.options.get(), pg.earlier.get()));
    let on_screen = OnScreen {
        recording: Some(Arc::new(recording)),
        ..OnScreen::new(source, options)
    };
    match on_screen.play() {
        Ok(played) => {
            pg.show(on_screen, Some(played.timeline), earlier);
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
