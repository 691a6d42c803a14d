//! What a learner sees while a split module's code comes (a loading line) and when it cannot
//! arrive (a message with a retry), in the page's language: one look and one wording for every
//! split point (the side panel's later parts, the header's dialogs, the code pane, the comparison,
//! the list of next choices). Each caller names its test ids by a prefix (`later` gives
//! `later-loading`, `later-failed`, `later-retry`).

use leptos::prelude::*;

use crate::ui::browser::i18n::tr;
use crate::ui::state::context::Playground;

/// The loading line, saying `text` (Chinese, English).
pub fn loading_line(prefix: &'static str, text: (&'static str, &'static str)) -> impl IntoView {
    let lang = Playground::get().lang;
    view! {
        <p class="later-loading" role="status" data-testid=format!("{prefix}-loading")>
            {move || tr(lang.get(), text.0, text.1)}
        </p>
    }
}

/// The message when the module did not arrive; its button bumps `attempt`, which the caller's
/// Suspense tracks, so each retry is a new load (the loader keeps only a load that succeeded).
pub fn failed_box(prefix: &'static str, attempt: RwSignal<u32>) -> impl IntoView {
    let lang = Playground::get().lang;
    view! {
        <div class="later-failed" role="alert" data-testid=format!("{prefix}-failed")>
            <p>{move || tr(
                lang.get(),
                "演练场的这一部分没能加载。请检查网络连接，然后重试，或重新加载页面。",
                "This part of the playground could not load. Check the connection, then try again, or reload the page.",
            )}</p>
            <button type="button" data-testid=format!("{prefix}-retry") on:click=move |_| attempt.update(|n| *n += 1)>
                {move || tr(lang.get(), "重试", "Try again")}
            </button>
        </div>
    }
}
