//! The page inside a course page's iframe: the postMessage API's browser side
//! (`course::embed_api` is the protocol), and the frame's height for the page around it.
//!
//! Active only when the page is framed (`window.parent != window`). It reads only messages
//! whose `event.source` is the parent window, and when the link names `origin=`, only from
//! that origin; anything else is ignored without a word. It posts `ready` once the lesson is on
//! screen and the commands work (after the first paint, not while the page is still being
//! built: a page that hears `ready` too early sends commands that fail), `state` after each
//! step, and the height the frame asks for on every change as our `resize`, as Canvas's
//! `lti.frameResize` and, after H5P's resizer answered our `hello`, as H5P's exchange
//! (`prepareResize`, the page's `resizePrepared`, then `resize` with `scrollHeight`). With
//! `embed=1` that height is the stage's preferred height (`course::frame_height`): the page is
//! the frame's height and the rest are tabs inside, so it changes little from step to step;
//! a framed page without `embed=1` asks for its content's height. No command can start a call to a
//! model: `run` plays the run on screen with the transport's timer. The `.app` root carries
//! `data-embed-ready="true"` once `ready` went out, so a test can see the frame listens.

use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::course::embed_api::{
    self, EmbedCommand, H5pAction, Id, Incoming, MessageField, Raw, Sender,
};
use crate::course::frame_height::{self, Asked};
use crate::ui::features::embed_results::{snapshot, Results};
use crate::ui::state::context::Playground;
use crate::view::playhead::Command as Playhead;

/// The parent window, when this page is framed.
fn parent() -> Option<web_sys::Window> {
    let window = web_sys::window()?;
    let parent = window.parent().ok().flatten()?;
    (!js_sys::Object::is(&parent, &window)).then_some(parent)
}

/// Whether the page is inside a frame.
pub fn is_framed() -> bool {
    parent().is_some()
}

/// Posts `message` (JSON text) to the parent, to `target` (the `origin=` of the link, or any
/// origin), as a plain object.
fn post(parent: &web_sys::Window, target: &str, message: &str) {
    if let Ok(value) = js_sys::JSON::parse(message) {
        let _ = parent.post_message(&value, target);
    }
}

/// One field of a message's data, read off the object (a getter that throws reads as Other).
fn field(data: &JsValue, key: &str) -> MessageField {
    match js_sys::Reflect::get(data, &JsValue::from_str(key)) {
        Ok(value) if value.is_undefined() => MessageField::Missing,
        Ok(value) if value.is_null() => MessageField::Null,
        Ok(value) => match (value.as_f64(), value.as_string()) {
            (Some(n), _) => MessageField::Number(n),
            (_, Some(text)) => MessageField::Text(text),
            _ => MessageField::Other,
        },
        Err(_) => MessageField::Other,
    }
}

/// The fields of a message event's data the API reads.
fn raw_of(event: &web_sys::MessageEvent) -> Raw {
    let data = event.data();
    let object = data.is_object() && !js_sys::Array::is_array(&data);
    Raw::read(object, |key| field(&data, key))
}

/// The frame's visible height in CSS pixels (H5P's `clientHeight`).
fn visible_height() -> u32 {
    document()
        .document_element()
        .map(|root| root.client_height().max(0) as u32)
        .unwrap_or(0)
}

/// The content's height in CSS pixels: the root element's box, which follows the content (the
/// frame's own height does not stretch it, so a shrinking page is reported too).
fn content_height() -> u32 {
    document()
        .document_element()
        .map(|root| root.get_bounding_client_rect().height().ceil().max(0.0) as u32)
        .unwrap_or(0)
}

/// The bottom edge and the box of the element `selector` names: (bottom, client height, scroll
/// height), in CSS pixels.
fn edges(selector: &str) -> Option<(f64, f64, f64)> {
    let el = document().query_selector(selector).ok().flatten()?;
    let bottom = el.get_bounding_client_rect().bottom();
    Some((
        bottom,
        f64::from(el.client_height()),
        f64::from(el.scroll_height()),
    ))
}

/// In an embed, the stage's natural height at the frame's width: the page down to the stage
/// column's or the tab bar's bottom (whichever is lower: the tab bar is below the stage in a
/// narrow frame, beside it in a wide one), with the stage column as tall as its content and
/// not as the frame lets it be; an open tab's region below the tab bar is not counted. None
/// without `embed=1`.
fn stage_height() -> Option<f64> {
    document().query_selector(".app.embedded").ok().flatten()?;
    let (stage_bottom, client, scroll) = edges(".stage-column")?;
    let tabs_bottom = edges(".embed-tabs").map_or(0.0, |(bottom, ..)| bottom);
    // The page's own padding under the last row.
    const PADDING: f64 = 8.0;
    Some(stage_bottom.max(tabs_bottom) + PADDING - client + scroll)
}

/// The frame's width in CSS pixels (the stage wraps to it).
fn frame_width() -> u32 {
    document()
        .document_element()
        .map(|root| root.client_width().max(0) as u32)
        .unwrap_or(0)
}

/// The page's side of the frame: sends height changes and posts.
#[derive(Clone)]
struct Frame {
    parent: web_sys::Window,
    target: String,
    /// The height last posted (0: none yet).
    height: StoredValue<u32>,
    /// In an embed, the height last asked for at its width (it only grows at one width).
    asked: StoredValue<Option<Asked>>,
    /// H5P's resizer answered our `hello`.
    h5p: StoredValue<bool>,
    /// The first paint is done.
    painted: RwSignal<bool>,
    /// The checkpoint results' reports.
    results: Results,
}

impl Frame {
    /// The lesson is on screen and commands work. Tracked.
    fn is_up(&self, pg: Playground) -> bool {
        // With `src=`, the lesson on screen is the one it opens (or the default one with the
        // error, if it cannot be opened): only the fetch's end says so, not any error.
        self.painted.get() && !pg.src_pending.get()
    }

    fn post(&self, message: &str) {
        post(&self.parent, &self.target, message);
    }

    /// The height to ask for: in an embed the stage's preferred height, never less than was
    /// asked at this width; otherwise the content's height.
    fn wanted(&self) -> Option<u32> {
        let Some(natural) = stage_height() else {
            return Some(content_height());
        };
        let previous = self.asked.try_get_value()?;
        let asked = frame_height::next(previous, frame_width(), natural);
        self.asked.set_value(Some(asked));
        Some(asked.height)
    }

    /// Posts the height in every format, when it changed (or always, when `force`).
    fn send_height(&self, force: bool) {
        // The observer outlives the page's view in tests that mount and unmount it: a disposed
        // value means there is nothing to report.
        let Some(height) = self.wanted() else {
            return;
        };
        let Some(last) = self.height.try_get_value() else {
            return;
        };
        if height == 0 || (!force && last == height) {
            return;
        }
        self.height.set_value(height);
        self.post(&embed_api::resize(height));
        // Canvas reads an object; older Canvas and IMathAS read only a JSON string.
        let canvas = embed_api::canvas_resize(height);
        self.post(&canvas);
        let _ = self
            .parent
            .post_message(&JsValue::from_str(&canvas), &self.target);
        // As H5P's frames do: a resizer that loaded after our hello hears the next one.
        if self.h5p.try_get_value() == Some(false) {
            self.post(&embed_api::h5p_hello());
        }
        self.h5p_prepare();
    }

    /// Starts H5P's exchange, once its resizer answered our `hello`: it resets the frame and
    /// answers `resizePrepared`, and our `resize` follows then (the height after the reset).
    fn h5p_prepare(&self) {
        if self.h5p.try_get_value() == Some(true) {
            let height = self.wanted().unwrap_or(0);
            self.post(&embed_api::h5p_prepare_resize(height, visible_height()));
        }
    }

    fn post_ready(&self, pg: Playground) {
        let (lesson, step) = (pg.lesson_id.get_untracked(), pg.step.get_untracked());
        self.post(&embed_api::ready(&lesson, step, pg.last_step_untracked()));
    }

    fn on_h5p(&self, action: H5pAction) {
        match action {
            H5pAction::Ready => self.post(&embed_api::h5p_hello()),
            H5pAction::Hello => {
                self.h5p.set_value(true);
                self.h5p_prepare();
            }
            H5pAction::Resize => self.h5p_prepare(),
            H5pAction::Prepared => {
                let height = self.wanted().unwrap_or(0);
                self.post(&embed_api::h5p_resize(height));
            }
        }
    }

    fn on_command(&self, pg: Playground, id: Option<Id>, command: EmbedCommand) {
        let up = untrack(|| self.is_up(pg));
        if command == EmbedCommand::Hello {
            // Before `ready` a hello is not answered: `ready` follows by itself.
            if up {
                self.post_ready(pg);
                self.send_height(true);
                if let Some(id) = &id {
                    self.reply_ok(pg, id, false);
                }
            }
            return;
        }
        let result = if up {
            execute(pg, &command)
        } else {
            Err("the playground is not ready yet: wait for its ready message".to_string())
        };
        if result.is_ok() && matches!(command, EmbedCommand::Reset | EmbedCommand::Load(_)) {
            self.results.reopen();
        }
        let Some(id) = id else { return };
        match result {
            Ok(()) => self.reply_ok(pg, &id, command == EmbedCommand::GetState),
            Err(error) => self.post(&embed_api::reply_error(&id, &error)),
        }
    }

    fn reply_ok(&self, pg: Playground, id: &Id, with_state: bool) {
        let state = with_state.then(|| untrack(|| snapshot(pg))).flatten();
        let (step, total) = (pg.step.get_untracked(), pg.last_step_untracked());
        self.post(&embed_api::reply_ok(id, step, total, state.as_ref()));
    }
}

/// Carries out one command on the view state, as the transport's buttons would (the same
/// native playhead moves both).
fn execute(pg: Playground, command: &EmbedCommand) -> Result<(), String> {
    let drive = |command: Playhead| crate::ui::panels::transport::drive(pg, command);
    match command {
        EmbedCommand::Hello | EmbedCommand::GetState => {}
        EmbedCommand::Step => drive(Playhead::Step),
        EmbedCommand::Back => drive(Playhead::Back),
        EmbedCommand::Goto(target) => drive(Playhead::Goto(*target)),
        EmbedCommand::Run => {
            drive(Playhead::Run);
            // A course page's `run` plays through: its ticks never stop at a checkpoint.
            crate::ui::state::checkpoints::Checkpoints::get().set_quiet(true);
        }
        EmbedCommand::Pause => drive(Playhead::Pause),
        EmbedCommand::Reset => pg.open_lesson(pg.lesson_id.get_untracked()),
        EmbedCommand::Load(link) => crate::ui::state::link::open_link(pg, link)?,
        EmbedCommand::Compare(true) => crate::ui::panels::compare_open::open_other_setting(pg)?,
        EmbedCommand::Compare(false) => {
            if let Some(comparison) = crate::ui::state::compare::Comparison::get() {
                comparison.close();
            }
        }
    }
    Ok(())
}

/// Starts the API and the height reports when the page is framed; does nothing otherwise.
pub fn install(pg: Playground) {
    let Some(parent) = parent() else {
        return;
    };
    let allowed = pg.embed.with_untracked(|flags| flags.origin.clone());
    let frame = Frame {
        parent: parent.clone(),
        target: allowed.clone().unwrap_or_else(|| "*".to_string()),
        height: StoredValue::new(0),
        asked: StoredValue::new(None),
        h5p: StoredValue::new(false),
        painted: RwSignal::new(false),
        results: Results::default(),
    };
    let (poster, up) = (frame.clone(), frame.clone());
    frame.results.install(
        pg,
        std::rc::Rc::new(move |message: &str| poster.post(message)),
        move || up.is_up(pg),
    );

    let on_message = frame.clone();
    // A browser event runs outside the page's owner: a command runs inside it, so what it
    // reaches through context (the comparison, issue 49) is there as on a click.
    let owner = Owner::current();
    let listener = window_event_listener(leptos::ev::message, move |event| {
        let handle = || {
            let from_parent = event
                .source()
                .is_some_and(|source| js_sys::Object::is(&source, &parent));
            let origin = event.origin();
            let sender = Sender {
                parent: from_parent,
                origin: &origin,
            };
            match embed_api::receive(sender, allowed.as_deref(), &raw_of(&event)) {
                Incoming::Ignore => {}
                Incoming::H5p(action) => on_message.on_h5p(action),
                Incoming::Command { id, command } => on_message.on_command(pg, id, command),
                Incoming::Invalid { id, error } => {
                    if let Some(id) = id {
                        on_message.post(&embed_api::reply_error(&id, &error));
                    }
                }
            }
        };
        match &owner {
            Some(owner) => owner.with(handle),
            None => handle(),
        }
    });
    on_cleanup(move || listener.remove());

    // `ready`, then `state` after each step (and after a change of lesson, language or play).
    let states = frame.clone();
    Effect::new(move |posted: Option<bool>| {
        if !states.is_up(pg) {
            // A `load` of a `src=` link is not a second `ready`.
            return posted == Some(true);
        }
        let snapshot = snapshot(pg);
        if posted != Some(true) {
            states.post_ready(pg);
            mark_ready();
        }
        if let Some(snapshot) = snapshot {
            states.post(&embed_api::state(&snapshot));
        }
        true
    });

    observe_height(frame.clone());

    // The lesson is on screen after the first paint (and, with `src=`, once its scenario
    // opened or failed); the listener above already works. A frame below the fold gets no
    // paint until it is scrolled into view: then its page is mounted and answers anyway, soon.
    crate::ui::browser::when_idle::after_first_paint_or_soon(move || {
        frame.painted.set(true);
        frame.send_height(true);
        // Introduce ourselves to an H5P resizer, if the page has one.
        frame.post(&embed_api::h5p_hello());
    });
}

/// Marks the `.app` root: `ready` went out (tests wait for it before they send what the frame
/// must ignore).
fn mark_ready() {
    if let Ok(Some(app)) = document().query_selector(".app") {
        let _ = app.set_attribute("data-embed-ready", "true");
    }
}

/// The stage's parts whose size makes its preferred height (an embed's document keeps the
/// frame's height whatever they do).
const STAGE_PARTS: &str = ".transport, .stage-toolbar, .caption-bar, .stage-column > .members, .stage-column > .lanes, .embed-tabs";

/// Reports the height on every size change of the document and, once the page is up, of the
/// stage's parts.
fn observe_height(frame: Frame) {
    let Some(root) = document().document_element() else {
        return;
    };
    let callback = Closure::<dyn FnMut(JsValue)>::new(move |_entries: JsValue| {
        frame.send_height(false);
    });
    if let Ok(observer) = web_sys::ResizeObserver::new(callback.as_ref().unchecked_ref()) {
        observer.observe(&root);
        crate::ui::browser::when_idle::after_first_paint_or_soon(move || {
            if let Ok(parts) = document().query_selector_all(STAGE_PARTS) {
                for i in 0..parts.length() {
                    if let Some(part) = parts.item(i).and_then(|n| n.dyn_into().ok()) {
                        observer.observe(&part);
                    }
                }
            }
            // Both live as long as the page.
            std::mem::forget(observer);
        });
    }
    callback.forget();
}
