//! The side panel's parts below the result (member detail, sequence diagram, protocol tracker,
//! files, fork, breakpoints and keys, live panel, editor, export): one split point. A Trunk
//! build (`--features split`, which index.html asks for) cuts their code into a second wasm
//! module that the page fetches once the first view is live, so the first module holds only
//! what the first view needs (issue 25 part 4). Until it is here the panel shows the loading
//! line, and if it cannot arrive the failure box with a retry (`split_load.rs`), which loses
//! nothing: the page's state lives in the first module and is only drawn by these parts. Once
//! it is here the parts mount one per task, in page order, and then hand focus on to a jump
//! that waited for them (`side_nav::parts_arrived`). Builds without the feature (tests, `cargo
//! check`) call the same function directly.

use leptos::prelude::*;
use leptos::wasm_split::SplitLoaderError;

use crate::ui::browser::i18n::tr;
use crate::ui::features::{editor, export_panel, fork, live};
use crate::ui::panels::side_nav::{parts_arrived, parts_coming};
use crate::ui::panels::transport::TransportOptions;
use crate::ui::panels::{detail, files, protocol, sequence, split_load};
use crate::ui::state::context::Playground;

/// Which of the parts this page shows (an embed's `hide=` and the live panel's absence there).
#[derive(Clone, Copy)]
pub struct Shown {
    pub request: bool,
    pub diagram: bool,
    pub live: bool,
}

/// The parts, once their code is here; a loading line until then, and a retry if it failed.
#[component]
pub fn LaterParts(shown: Shown) -> impl IntoView {
    // Each retry is a new attempt: the loader keeps only a load that succeeded.
    let attempt = RwSignal::new(0u32);
    let loading = move || {
        split_load::loading_line(
            "later",
            ("正在加载其余部分…", "Loading the rest of the playground…"),
        )
    };
    view! {
        <Suspense fallback=loading>
            {move || {
                attempt.track();
                Suspend::new(async move {
                    let retried = attempt.get_untracked() > 0;
                    match parts_module(shown.request, shown.diagram, shown.live, retried).await {
                        Ok(parts) => parts,
                        Err(_) => split_load::failed_box("later", attempt).into_any(),
                    }
                })
            }}
        </Suspense>
    }
}

/// The split point: in a split build its body and everything only it reaches live in the second
/// module, and calling it first fetches that module (an error if it cannot).
#[cfg(feature = "split")]
#[leptos::wasm_split::wasm_split(later_parts, wasm_split_path = ::leptos::wasm_split, fallible)]
fn parts_module(
    request: bool,
    diagram: bool,
    live: bool,
    retried: bool,
) -> Result<AnyView, SplitLoaderError> {
    Ok(parts(request, diagram, live, retried))
}

#[cfg(not(feature = "split"))]
async fn parts_module(
    request: bool,
    diagram: bool,
    live: bool,
    retried: bool,
) -> Result<AnyView, SplitLoaderError> {
    Ok(parts(request, diagram, live, retried))
}

/// The parts (`Shown`'s fields), mounted one per task; `retried`: they came after the failure
/// box's retry.
fn parts(request: bool, diagram: bool, live: bool, retried: bool) -> AnyView {
    let lang = Playground::get().lang;
    let shown = Shown {
        request,
        diagram,
        live,
    };
    // A jump asked for from now until the last part is mounted waits for it.
    parts_coming();
    // The parts mount one per task, in page order: a click on the stage then waits for one
    // part's render at most. Mounted at once they were one long task that held the learner's
    // first step on broadband, where the module arrives just as the page goes live (perf (c):
    // live at 0.55 s, first step at 1.02 s). In page order, each part comes in below the ones
    // already drawn, so nothing on screen moves.
    let mounted = RwSignal::new(0usize);
    Effect::new(move |_| {
        if mounted.get() < MOUNT_STEPS {
            set_timeout(
                move || mounted.update(|n| *n += 1),
                std::time::Duration::ZERO,
            );
        } else {
            // All drawn: focus on a jump that waited for them, or after a retry (whose button
            // is gone) on the first part's heading.
            parts_arrived(retried);
        }
    });
    let at = move |i: usize| move || mounted.get() > i;
    view! {
        <Show when=at(0)>{shown.request.then(|| view! { <detail::MemberDetail /> })}</Show>
        <Show when=at(1)>{shown.diagram.then(|| view! { <sequence::SequenceDiagram /> })}</Show>
        <Show when=at(2)><protocol::ProtocolTracker /></Show>
        <Show when=at(3)><files::FilesPanel /></Show>
        <Show when=at(4)><fork::ForkPanel /></Show>
        <Show when=at(5)>
            <section class="options" id="side-options" aria-labelledby="options-heading">
                <h2 id="options-heading">{move || tr(lang.get(), "断点与按键", "Breakpoints and keys")}</h2>
                <TransportOptions />
            </section>
        </Show>
        // An embedding page never starts a paid call: no live panel in an embed.
        <Show when=at(6)>{shown.live.then(|| view! { <live::LivePanel /> })}</Show>
        <Show when=at(7)><editor::EditorPanel /></Show>
        <Show when=at(8)><export_panel::ExportPanel /></Show>
    }
    .into_any()
}

/// How many steps `parts` mounts its parts in: one per `at(i)` below, `i` from 0.
const MOUNT_STEPS: usize = 9;
