//! The host's code pane (issue 47) as a split point of its own: a Trunk build (`--features
//! split`) cuts its code into a wasm module that the page fetches once the first view is live
//! (with the side panel's later parts), so the first load carries only the pane's stand-in, the
//! `code-tab` button and the line breakpoints the transport checks. The stand-in is on the page
//! from the first mount with the pane's own box (the stylesheet gives both one height on a wide
//! screen), so nothing below it moves when the pane arrives; if the module cannot arrive, the
//! failure box with a retry (`features/split_load.rs`). Builds without the feature call the
//! pane directly.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::ui::browser::i18n::tr;
use crate::ui::features::split_load;
use crate::ui::panels::code_pane;
use crate::ui::state::context::Playground;

/// The pane's place: its stand-in until `load` is set (after the first paint) and its module
/// is here, then the pane; a retry if the module failed.
#[component]
pub fn CodePart(load: RwSignal<bool>) -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    view! {
        <Show when=move || load.get() fallback=stand_in>
            <Suspense fallback=stand_in>
                {move || {
                    attempt.track();
                    Suspend::new(async move {
                        match pane_module().await {
                            Ok(pane) => pane,
                            Err(_) => split_load::failed_box("code", attempt).into_any(),
                        }
                    })
                }}
            </Suspense>
        </Show>
    }
}

/// Where the pane will be, as high as the pane, with the loading line.
fn stand_in() -> impl IntoView {
    let lang = Playground::get().lang;
    view! {
        <section class="code-pane code-pane-loading"
            aria-label=move || tr(lang.get(), "宿主的代码", "The host's code")>
            {split_load::loading_line("code", ("正在加载宿主代码…", "Loading the host's code…"))}
        </section>
    }
}

/// The split point: in a split build the pane's code lives in its own module.
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(host_code_pane, wasm_split_path = ::leptos::wasm_split, fallible)]
fn pane_module() -> Result<AnyView, SplitLoaderError> {
    Ok(code_pane::pane())
}

#[cfg(not(feature = "split"))]
async fn pane_module() -> Result<AnyView, SplitLoaderError> {
    Ok(code_pane::pane())
}
