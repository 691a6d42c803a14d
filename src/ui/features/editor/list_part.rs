//! The frame the editor's list parts share (replies, faults, checkpoints, challenges): a fold
//! titled with the number of items, a hint, one numbered row per item, then the controls that
//! add one. Each part brings its rows and its controls; the frame is written once.

use leptos::prelude::*;

use crate::ui::browser::i18n::{tr, Lang};

/// One list part: `name` gives its class and test id (`editor-{name}`), `title` the fold's
/// title for a language and the count, `hint` the explanation in Chinese and English, `row` the
/// view of item `i`; the children are the controls that add an item.
#[component]
pub(super) fn ListPart<R, V>(
    name: &'static str,
    lang: Memo<Lang>,
    count: Memo<usize>,
    title: fn(Lang, usize) -> String,
    hint: (&'static str, &'static str),
    row: R,
    children: Children,
) -> impl IntoView
where
    R: Fn(usize) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    view! {
        <details class=format!("editor-part editor-{name}") data-testid=format!("editor-{name}")>
            <summary>{move || title(lang.get(), count.get())}</summary>
            <p class="editor-hint">{move || tr(lang.get(), hint.0, hint.1)}</p>
            <ol class="editor-rows">
                <For each=move || 0..count.get() key=|i| *i children=row />
            </ol>
            <div class="editor-add">{children()}</div>
        </details>
    }
}
