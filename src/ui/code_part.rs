//! The host's code pane (issue 47) as a split point of its own: a Trunk build (`--features
//! split`) cuts its code into a wasm module that the page fetches once the first view is live
//! (with the side panel's later parts), and with it two files Trunk copies into `dist/`: the
//! host's text (`www/host-code.txt`, every line and comment) and the pane's stylesheet
//! (`www/code-pane.css`), both fetched by the pane's module itself. So the first load carries
//! only the pane's stand-in, the `code-tab` button and the lines the transport's breakpoints and
//! the checkpoints need (`host_code/places.txt`). The stand-in is on the page from the first mount with the pane's
//! own box (`www/code.css` gives both one height on a wide screen), so nothing below it moves
//! when the pane arrives; if the module or a file cannot arrive, the failure box with a retry
//! (`panels/split_load.rs`). Builds without the feature call the pane directly.

use std::sync::OnceLock;

use gloo_net::http::Request;
use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;
use send_wrapper::SendWrapper;

use crate::host_code::listing::{fnv1a, TEXT_HASH};
use crate::ui::browser::i18n::tr;
use crate::ui::panels::code_pane;
use crate::ui::panels::code_tab::CodeOpen;
use crate::ui::panels::split_load;
use crate::ui::state::context::Playground;

/// A hash of the pane's stylesheet as built (the page asks for this version of it).
const STYLE_HASH: u64 = fnv1a(include_bytes!("../../www/code-pane.css"));

/// The pane's place: its stand-in until `load` is set (after the first paint) and its module
/// is here, then the pane (which fetches its files itself); a retry if the module failed.
#[component]
pub fn CodePart(load: RwSignal<bool>) -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    view! {
        <Show when=move || load.get() fallback=stand_in>
            <Suspense fallback=stand_in>
                {move || {
                    attempt.track();
                    Suspend::new(async move {
                        pane_module(attempt)
                            .await
                            .unwrap_or_else(|_| split_load::failed_box("code", attempt).into_any())
                    })
                }}
            </Suspense>
        </Show>
    }
}

/// Where the pane will be, as high as the pane, with the loading line.
fn stand_in() -> impl IntoView {
    let lang = Playground::get().lang;
    let open = CodeOpen::get().0;
    view! {
        <section class="code-pane code-pane-loading" class:open=move || open.get()
            aria-label=move || tr(lang.get(), "宿主的代码", "The host's code")>
            {split_load::loading_line("code", ("正在加载宿主代码…", "Loading the host's code…"))}
        </section>
    }
}

/// The split point: in a split build the pane's code, the fetch of its two files and the
/// reader of the host's text live in its own module.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(host_code_pane, wasm_split_path = ::leptos::wasm_split, fallible)]
fn pane_module(attempt: RwSignal<u32>) -> Result<AnyView, SplitLoaderError> {
    Ok(fetched_pane(attempt))
}

#[cfg(not(feature = "split"))]
async fn pane_module(attempt: RwSignal<u32>) -> Result<AnyView, SplitLoaderError> {
    Ok(fetched_pane(attempt))
}

/// The pane once its files are here: the stand-in while they come (the same box as before the
/// module), the failure box with its retry if either cannot be had.
fn fetched_pane(attempt: RwSignal<u32>) -> AnyView {
    view! {
        <Suspense fallback=stand_in>
            {Suspend::new(async move {
                // A fetch's future stays on this thread (it is not Send): wrapped, not a
                // resource, whose machinery would weigh on the module.
                let pane = SendWrapper::new(pane_files()).await.and_then(code_pane::pane);
                pane.unwrap_or_else(|| split_load::failed_box("code", attempt).into_any())
            })}
        </Suspense>
    }
    .into_any()
}

/// The host's text once the pane's stylesheet is in the page too (None if either is missing).
async fn pane_files() -> Option<&'static str> {
    let (text, styled) = futures::join!(host_text(), pane_style());
    text.filter(|_| styled)
}

/// The text of `file` in the version `hash` names (None if it cannot be had).
async fn fetch_text(file: &str, hash: u64) -> Option<String> {
    let response = Request::get(&format!("{file}?v={hash:016x}"))
        .send()
        .await
        .ok()?;
    if !response.ok() {
        return None;
    }
    response.text().await.ok()
}

/// The host's text, fetched once: None if it did not arrive, or is not the version this page
/// was built with (a page of an earlier deploy: a reload brings the matching one).
async fn host_text() -> Option<&'static str> {
    static TEXT: OnceLock<&'static str> = OnceLock::new();
    if let Some(text) = TEXT.get() {
        return Some(text);
    }
    let text = fetch_text("host-code.txt", TEXT_HASH).await?;
    if fnv1a(text.as_bytes()) != TEXT_HASH {
        return None;
    }
    // Kept for the page's life, like the module: the pane's lines borrow from it.
    Some(TEXT.get_or_init(|| Box::leak(text.into_boxed_str())))
}

/// The pane's stylesheet, put in the page's head once (true when it is there).
async fn pane_style() -> bool {
    const ID: &str = "code-pane-style";
    if document().get_element_by_id(ID).is_some() {
        return true;
    }
    let Some(css) = fetch_text("code-pane.css", STYLE_HASH).await else {
        return false;
    };
    if document().get_element_by_id(ID).is_some() {
        return true;
    }
    let Ok(style) = document().create_element("style") else {
        return false;
    };
    style.set_id(ID);
    style.set_text_content(Some(&css));
    let head = document().query_selector("head").ok().flatten();
    head.is_some_and(|head| head.append_child(&style).is_ok())
}
