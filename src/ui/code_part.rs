//! The host's code pane (issue 47) as a split point of its own: a Trunk build (`--features
//! split`) cuts its code into a wasm module that the page fetches once the first view is live
//! (with the side panel's later parts), so the first load carries only the pane's stand-in, the
//! `code-tab` button and the line breakpoints the transport checks. Until it is here the pane's
//! place shows the loading line, and if it cannot arrive the failure box with a retry
//! (`features/split_load.rs`). Builds without the feature call the pane directly.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::ui::features::split_load;
use crate::ui::panels::code_pane;

/// The pane, once its code is here; a loading line until then, and a retry if it failed.
#[component]
pub fn CodePart() -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    let loading = move || {
        view! {
            <section class="code-pane code-pane-loading" aria-label="code">
                {split_load::loading_line("code", ("正在加载宿主代码…", "Loading the host's code…"))}
            </section>
        }
    };
    view! {
        <Suspense fallback=loading>
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
