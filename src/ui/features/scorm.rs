//! SCORM 1.2 run-time (issue 26 part 4), with the link's `scorm=1`: finds the LMS's `API`
//! object as the SCORM 1.2 RTE says (this window and up its parents, at most
//! [`MAX_LEVELS`], then the opener and its parents), starts the session, resumes from
//! `cmi.suspend_data`, and reports the lesson status, the score and the session as
//! `course::scorm` builds them; `LMSFinish` when the page is hidden for good (`pagehide`).
//! Without an API the lesson works as usual and [`ScormNote`] says so in both languages.
//! The LMS's answers are only read as strings; nothing it returns can stop the page.

use std::cell::RefCell;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use crate::course::embed_results::{Completion, LessonScore};
use crate::course::scorm::{self, Note, Status, Suspended};
use crate::engine::Caption;
use crate::keep::session::StoredSession;
use crate::on_screen::OnScreen;
use crate::ui::browser::i18n::tr;
use crate::ui::browser::when_idle::write_when_idle;
use crate::ui::state::checkpoints::Checkpoints;
use crate::ui::state::context::Playground;
use crate::ui::state::session::resume_from_lms;

/// How many parents up the RTE's own API finder looks (its `findAPITries > 7`).
const MAX_LEVELS: usize = 7;

thread_local! {
    /// The LMS's API object, once found and started (None after `LMSFinish`).
    static API: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// The note shown above the stage (None: nothing to say).
#[derive(Clone, Copy)]
struct Said(RwSignal<Option<Note>>);

/// The `API` property of `window`, when it is an object (a cross-origin window's throws: none).
fn api_of(window: &JsValue) -> Option<JsValue> {
    js_sys::Reflect::get(window, &JsValue::from_str("API"))
        .ok()
        .filter(|api| api.is_object())
}

/// Looks in `start` and up its parents.
fn search(start: web_sys::Window) -> Option<JsValue> {
    let mut window = start;
    for _ in 0..=MAX_LEVELS {
        if let Some(api) = api_of(&window) {
            return Some(api);
        }
        let parent = window.parent().ok().flatten()?;
        if js_sys::Object::is(&parent, &window) {
            return None;
        }
        window = parent;
    }
    None
}

/// The LMS's API: this window's parents first, then the opener's (an LMS that launches in a
/// new window).
fn find_api() -> Option<JsValue> {
    let window = web_sys::window()?;
    if let Some(api) = search(window.clone()) {
        return Some(api);
    }
    let opener = window.opener().ok().filter(JsValue::is_object)?;
    // A Window of another realm: not `instanceof Window` here, so no checked cast.
    search(opener.unchecked_into())
}

/// Calls `name(args...)` on the API; its answer as a string (None: no such function, it threw,
/// or the session is over).
fn call(name: &str, args: &[&str]) -> Option<String> {
    let api = API.with(|api| api.borrow().clone())?;
    let function = js_sys::Reflect::get(&api, &JsValue::from_str(name))
        .ok()
        .filter(JsValue::is_function)?
        .unchecked_into::<js_sys::Function>();
    let list = js_sys::Array::new();
    for arg in args {
        list.push(&JsValue::from_str(arg));
    }
    let reply = function.apply(&api, &list).ok()?;
    if let Some(text) = reply.as_string() {
        return Some(text);
    }
    if let Some(flag) = reply.as_bool() {
        return Some(flag.to_string());
    }
    // A number as JavaScript writes it (formatting it in Rust would add a float formatter to
    // the first load); anything else the LMS returns reads as nothing.
    reply
        .dyn_ref::<js_sys::Number>()
        .and_then(|n| n.to_string_with_radix(10).ok())
        .map(String::from)
}

fn get(element: &str) -> String {
    call("LMSGetValue", &[element]).unwrap_or_default()
}

/// Sets `element`; whether the LMS took it.
fn set(element: &str, value: &str) -> bool {
    scorm::lms_true(call("LMSSetValue", &[element, value]).as_deref())
}

fn commit() {
    let _ = call("LMSCommit", &[""]);
}

/// Sets the score, when the lesson has checkpoints.
fn set_score(score: LessonScore) {
    for (element, value) in scorm::score_values(score) {
        let _ = set(element, &value);
    }
}

/// The lesson's score now, and whether every checkpoint was answered.
fn lesson_score(pg: Playground) -> (LessonScore, bool, bool) {
    let report = Checkpoints::get().report_untracked(pg);
    (report.score, report.all_answered(), report.untried())
}

/// Starts the SCORM session when the link says `scorm=1`; does nothing otherwise.
pub fn install(pg: Playground) {
    if !pg.embed.with_untracked(|flags| flags.scorm) {
        return;
    }
    let said = Said(RwSignal::new(None));
    provide_context(said);
    // The checkpoints are what the LMS grades: they ask here whatever this browser's switch
    // says (the switch is not shown; nothing is stored).
    Checkpoints::get().enabled.set(true);
    let Some(api) = find_api() else {
        said.0.set(Some(Note::NoApi));
        return;
    };
    API.with(|slot| *slot.borrow_mut() = Some(api));
    if !scorm::lms_true(call("LMSInitialize", &[""]).as_deref()) {
        let code = call("LMSGetLastError", &[]).unwrap_or_default();
        API.with(|slot| *slot.borrow_mut() = None);
        said.0.set(Some(Note::Refused(code)));
        return;
    }
    if let Some(status) = Status::at_launch(&get("cmi.core.lesson_status")) {
        let _ = set("cmi.core.lesson_status", status.as_str());
    }
    match scorm::read_suspend_data(&get("cmi.suspend_data"), pg.lang.get_untracked()) {
        Ok(session) => resume_from_lms(pg, session),
        Err(why) => {
            resume_from_lms(pg, None);
            said.0.set(Some(Note::Unreadable(why)));
        }
    }
    let _ = set("cmi.core.exit", scorm::EXIT);
    commit();
    report(pg, said);
}

/// Keeps the LMS told: the score as checkpoints are answered, the status at completion, the
/// session when the page is idle, and `LMSFinish` on `pagehide`.
fn report(pg: Playground, said: Said) {
    let cp = Checkpoints::get();
    Effect::new(move |_| {
        cp.score(pg);
        cp.own_placement.track();
        let (score, _, nothing) = lesson_score(pg);
        if !nothing {
            set_score(score);
            commit();
        }
    });

    // Issue 48: each challenge of the lesson is an objective of its own, passed once met.
    if let Some(ch) = crate::ui::state::challenges::Challenges::get() {
        Effect::new(move |_| {
            ch.results.track();
            ch.list.track();
            let rows = ch.rows_untracked(&pg.lesson_id.get_untracked());
            if rows.is_empty() {
                return;
            }
            for (element, value) in crate::course::challenge_report::scorm_objectives(&rows, 0) {
                let _ = set(&element, &value);
            }
            commit();
        });
    }

    let completion = StoredValue::new((String::new(), Completion::default()));
    Effect::new(move |_| {
        let (step, lesson) = (pg.step.get(), pg.lesson_id.get());
        untrack(|| {
            let (score, met, _) = lesson_score(pg);
            let last = pg.last_step_untracked();
            let mut now = false;
            completion.update_value(|(opened, completion)| {
                if *opened != lesson {
                    *opened = lesson.clone();
                    completion.reopen();
                }
                now = completion.at(step, last, met);
            });
            if now {
                set_score(score);
                let _ = set(
                    "cmi.core.lesson_status",
                    Status::at_completion(score).as_str(),
                );
                commit();
            }
        });
    });

    // The session, written when the page is idle (and flushed on `pagehide`, before finish).
    // Not committed at each step: an LMS's commit can be a synchronous request (Moodle's), so
    // it is committed with the score, when the page is hidden and by `LMSFinish`.
    let store = write_when_idle(move |session: StoredSession| {
        let Some((text, kept)) = scorm::suspend_data(&session) else {
            return;
        };
        if !set("cmi.suspend_data", &text) {
            said.0.set(Some(Note::NotKept));
        } else if kept != Suspended::Whole
            && !said.0.with_untracked(|s| matches!(s, Some(Note::Cut(_))))
        {
            said.0.set(Some(Note::Cut(kept)));
        }
    });
    let on_hidden = window_event_listener(leptos::ev::visibilitychange, move |_| {
        if document().hidden() {
            commit();
        }
    });
    on_cleanup(move || on_hidden.remove());
    Effect::new(move |_| {
        let (step, earlier, level) = (pg.step.get(), pg.earlier.get(), pg.level.get());
        let score = cp.score(pg);
        let Some(on_screen) = pg.on_screen() else {
            return;
        };
        let mut session = StoredSession::of(&OnScreen { step, ..on_screen }, earlier, level);
        session.score = score;
        store(session);
    });

    let on_hide = window_event_listener(leptos::ev::pagehide, move |_| {
        if API.with(|api| api.borrow().is_some()) {
            let _ = set("cmi.core.exit", scorm::EXIT);
            let _ = call("LMSFinish", &[""]);
            API.with(|slot| *slot.borrow_mut() = None);
        }
    });
    on_cleanup(move || on_hide.remove());
}

/// The SCORM note above the stage, when there is one; dismissable, never blocking.
#[component]
pub fn ScormNote() -> impl IntoView {
    let Some(said) = use_context::<Said>() else {
        return ().into_any();
    };
    let lang = Playground::get().lang;
    let text = move || said.0.with(|n| n.as_ref().map(Note::text));
    view! {
        <Show when=move || text().is_some()>
            <div class="info-banner" role="status" data-testid="scorm-note">
                <span>{move || text().map(|t: Caption| t.get(lang.get()).to_string()).unwrap_or_default()}</span>
                <button type="button" data-testid="scorm-note-dismiss" on:click=move |_| said.0.set(None)>
                    {move || tr(lang.get(), "知道了", "Dismiss")}
                </button>
            </div>
        </Show>
    }
    .into_any()
}
