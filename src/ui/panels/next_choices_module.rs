//! The challenge and the list of next choices as a split point (module `next_choices_view`,
//! issue 48): a Trunk build (`--features split`) cuts the list's computation
//! (`lessons::next_choices`, the engine's enabled inputs, the script's gaps), its view and the
//! challenge strip into a wasm module of their own, fetched when a learner first opens the list,
//! so the first load does not carry them (docs/FIRST_LOAD.md). While it comes the stage shows a
//! loading line, and if it cannot arrive a failure box with a retry. Builds without the feature
//! call the body directly.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::ui::panels::next_choices;
use crate::ui::panels::split_load;

/// On the stage, once opened: the challenge and the list of what can happen next.
#[component]
pub fn StageChoices() -> impl IntoView {
    let open = next_choices::open_state();
    view! {
        // One box, so the laptop's grid of lanes and cards places it as one row.
        <Show when=move || open.get()>
            <div class="stage-choices" data-testid="stage-choices">
                <ChoicesModule />
            </div>
        </Show>
    }
}

/// The challenge and the list, once their module is here.
#[component]
fn ChoicesModule() -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    let loading = move || {
        split_load::loading_line(
            "next-choices",
            ("正在加载接下来的选择…", "Loading what can happen next…"),
        )
    };
    view! {
        <Suspense fallback=loading>
            {move || {
                attempt.track();
                Suspend::new(async move {
                    choices_module()
                        .await
                        .unwrap_or_else(|_| split_load::failed_box("next-choices", attempt).into_any())
                })
            }}
        </Suspense>
    }
}

#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(next_choices_view, wasm_split_path = ::leptos::wasm_split, fallible)]
fn choices_module() -> Result<AnyView, SplitLoaderError> {
    Ok(next_choices::choices_body())
}

#[cfg(not(feature = "split"))]
async fn choices_module() -> Result<AnyView, SplitLoaderError> {
    Ok(next_choices::choices_body())
}
