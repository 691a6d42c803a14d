//! The comparison's view as a split point (module `compare_view`): a Trunk build (`--features
//! split`) cuts the diff and its view into a wasm module of its own, fetched when a learner
//! first opens a comparison, so the first load does not carry it (docs/FIRST_LOAD.md). While it
//! comes the stage shows the loading line, and if it cannot arrive the failure box with a retry
//! (`panels::split_load`'s look, by its own test ids). Builds without the feature call the
//! body directly.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::ui::panels::compare;
use crate::ui::panels::split_load;

/// The comparison, once its module is here.
#[component]
pub fn CompareStage() -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    let loading =
        move || split_load::loading_line("compare", ("正在加载对比…", "Loading the comparison…"));
    view! {
        <Suspense fallback=loading>
            {move || {
                attempt.track();
                Suspend::new(async move {
                    compare_module()
                        .await
                        .unwrap_or_else(|_| split_load::failed_box("compare", attempt).into_any())
                })
            }}
        </Suspense>
    }
}

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(compare_view, wasm_split_path = ::leptos::wasm_split, fallible)]
fn compare_module() -> Result<AnyView, SplitLoaderError> {
    Ok(compare::compare_body())
}

#[cfg(not(feature = "split"))]
async fn compare_module() -> Result<AnyView, SplitLoaderError> {
    Ok(compare::compare_body())
}
