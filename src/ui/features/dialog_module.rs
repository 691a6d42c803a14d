//! The header dialogs' bodies (Share's link and copy, Embed's snippets) as one split point: a
//! Trunk build (`--features split`) cuts their code into a wasm module of its own that the page
//! fetches when the learner first opens one of them, so the first module does not carry it
//! (issue 25 part 4). While it comes the dialog shows a loading line; if it cannot arrive, the
//! message with a retry that every split point shows (`split_load.rs`). The buttons, the dialog
//! state and the Embed choices live in the first module, so a failed load loses nothing.
//! Builds without the feature (tests, `cargo check`) call the bodies directly.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::link::Part;
use crate::ui::browser::i18n::tr;
use crate::ui::features::header_dialog::{Dialog, HeaderDialog};
use crate::ui::features::{embed_dialog, share_dialog};
use crate::ui::panels::side_nav;
use crate::ui::panels::split_load;
use crate::ui::state::context::Playground;

/// Which dialog's body, with what the body needs from its button.
#[derive(Clone, Copy)]
pub enum Body {
    Share,
    Embed {
        hide: RwSignal<Vec<Part>>,
        this_step: RwSignal<bool>,
    },
}

/// The body, once its module is here; a loading line until then, and a retry if it failed.
#[component]
pub fn DialogBody(body: Body) -> impl IntoView {
    // Each retry is a new attempt: the loader keeps only a load that succeeded.
    let attempt = RwSignal::new(0u32);
    // The bodies hold the dialogs' Close buttons: until one is here, the frame offers its own.
    let loading = move || {
        view! {
            {split_load::loading_line("dialog", ("正在加载…", "Loading…"))}
            {close_button(body)}
        }
    };
    view! {
        <Suspense fallback=loading>
            {move || {
                attempt.track();
                Suspend::new(async move {
                    let retried = attempt.get_untracked() > 0;
                    let loaded = match body {
                        Body::Share => share_module().await,
                        Body::Embed { hide, this_step } => embed_module(hide, this_step).await,
                    };
                    // The retry button that had focus is gone with the failure box: focus goes
                    // to the body that came in its place, not back to the page's start.
                    if retried && loaded.is_ok() {
                        request_animation_frame(move || focus_first_control(body));
                    }
                    loaded.unwrap_or_else(|_| {
                        view! { {split_load::failed_box("dialog", attempt)} {close_button(body)} }
                            .into_any()
                    })
                })
            }}
        </Suspense>
    }
}

/// Focuses the first control (field, box or button) of the dialog `body` is in, if focus is
/// nowhere else: on the page itself (the retry it was on is gone) or in that dialog. A learner
/// who went on elsewhere while the retry loaded keeps their place.
fn focus_first_control(body: Body) {
    use wasm_bindgen::JsCast;
    let selector = match body {
        Body::Share => "[data-testid=share-dialog]",
        Body::Embed { .. } => "#embed-dialog",
    };
    let Some(dialog) = document().query_selector(selector).ok().flatten() else {
        return;
    };
    let focus_free = side_nav::focus_on_page()
        || document()
            .active_element()
            .is_some_and(|el| dialog.contains(Some(&el)));
    let control = dialog
        .query_selector("input, textarea, select, button")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok());
    if let (true, Some(control)) = (focus_free, control) {
        let _ = control.focus();
    }
}

/// Closes the dialog `body` belongs to (Escape and the header button do too).
fn close_button(body: Body) -> impl IntoView {
    let lang = Playground::get().lang;
    let dialog = match body {
        Body::Share => Dialog::Share,
        Body::Embed { .. } => Dialog::Embed,
    };
    view! {
        <button type="button" class="dialog-close" data-testid="dialog-close"
            on:click=move |_| HeaderDialog::get().close(dialog)>
            {move || tr(lang.get(), "关闭", "Close")}
        </button>
    }
}

/// The split points (one module, `header_dialogs`): in a split build their bodies and what only
/// they reach live in that module, and the first call fetches it (an error if it cannot).
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(header_dialogs, wasm_split_path = ::leptos::wasm_split, fallible)]
fn share_module() -> Result<AnyView, SplitLoaderError> {
    Ok(share_dialog::share_body())
}

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(header_dialogs, wasm_split_path = ::leptos::wasm_split, fallible)]
fn embed_module(
    hide: RwSignal<Vec<Part>>,
    this_step: RwSignal<bool>,
) -> Result<AnyView, SplitLoaderError> {
    Ok(embed_dialog::embed_body(hide, this_step))
}

#[cfg(not(feature = "split"))]
async fn share_module() -> Result<AnyView, SplitLoaderError> {
    Ok(share_dialog::share_body())
}

#[cfg(not(feature = "split"))]
async fn embed_module(
    hide: RwSignal<Vec<Part>>,
    this_step: RwSignal<bool>,
) -> Result<AnyView, SplitLoaderError> {
    Ok(embed_dialog::embed_body(hide, this_step))
}
