//! Open edX's JSInput (issue 26 part 4): in a framed page, `getGrade`, `getState` and
//! `setState` as functions on the page's `window`, where JSInput calls them on the iframe's
//! `contentWindow` (which it can only do from a page of the same origin: a cross-origin
//! parent cannot reach them, so offering them in every frame gives nothing away). Until the
//! module has mounted, index.html offers stand-ins that keep a state set that early. The values
//! are `course::edx`'s; this file only installs the functions. A state `setState` cannot
//! restore is said in the page's error banner and changes nothing.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use leptos::prelude::*;

use crate::course::edx::{grade, EdxState};
use crate::ui::state::checkpoints::Checkpoints;
use crate::ui::state::context::Playground;

/// `getGrade()`'s string: this lesson's score over the checkpoints of its own run (a branch
/// the learner explores does not change what the course is told).
fn grade_now(pg: Playground) -> String {
    grade(&Checkpoints::get().report_untracked(pg))
}

/// `getState()`'s string: the run on screen and this lesson's tries.
fn state_now(pg: Playground) -> String {
    let Some(on_screen) = untrack(|| pg.on_screen()) else {
        return String::new();
    };
    EdxState::of(&on_screen, &Checkpoints::get().report_untracked(pg)).to_text()
}

/// `setState(text)`: shows the run the state names and restores its tries; true when done.
/// JSInput passes `getState`'s string; an object is read as its JSON.
fn restore(pg: Playground, value: JsValue) -> bool {
    let text = value.as_string().unwrap_or_else(|| {
        js_sys::JSON::stringify(&value)
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default()
    });
    let lang = pg.lang.get_untracked();
    let state = EdxState::read(&text);
    let Some((state, on_screen)) = state
        .as_ref()
        .ok()
        .and_then(|s| s.on_screen(lang).map(|o| (s, o)))
    else {
        if let Err(problem) = state {
            pg.error.set(Some(problem.get(lang).to_string()));
        }
        return false;
    };
    Checkpoints::get().restore(&state.lesson, state.tries.clone());
    pg.show(on_screen, None, Vec::new());
    true
}

fn set(window: &web_sys::Window, name: &str, function: &JsValue) {
    let _ = js_sys::Reflect::set(window, &JsValue::from_str(name), function);
}

/// Installs the three functions when the page is framed; does nothing otherwise.
pub fn install(pg: Playground) {
    if !super::embed::is_framed() {
        return;
    }
    let Some(window) = web_sys::window() else {
        return;
    };
    // The page lives as long as the window: the closures are handed to it for good.
    let get_grade = Closure::<dyn Fn() -> JsValue>::new(move || JsValue::from(grade_now(pg)));
    set(&window, "getGrade", get_grade.as_ref().unchecked_ref());
    get_grade.forget();
    let get_state = Closure::<dyn Fn() -> JsValue>::new(move || JsValue::from(state_now(pg)));
    set(&window, "getState", get_state.as_ref().unchecked_ref());
    get_state.forget();
    let set_state = Closure::<dyn Fn(JsValue) -> JsValue>::new(move |value: JsValue| {
        JsValue::from_bool(restore(pg, value))
    });
    set(&window, "setState", set_state.as_ref().unchecked_ref());
    set_state.forget();
    // JSInput may call `setState` as soon as the frame has loaded, before this module mounted:
    // index.html's stand-in kept the state, restored here once the page has mounted.
    let key = JsValue::from_str(PENDING);
    let pending = js_sys::Reflect::get(&window, &key)
        .ok()
        .filter(|value| !value.is_undefined());
    if let Some(value) = pending {
        let _ = js_sys::Reflect::delete_property(&window, &key);
        leptos::task::spawn_local(async move {
            restore(pg, value);
        });
    }
}

/// Where index.html's stand-in `setState` keeps a state set before the module mounted.
const PENDING: &str = "__edxPendingState";
