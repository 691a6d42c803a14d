//! The header's Share and Embed buttons and their dialogs' frames: the part of the dialogs that
//! stays in the first module. A click opens the frame at once; its body comes from the header
//! dialogs' module (`dialog_module.rs`), fetched at the first opening.

use leptos::prelude::*;

use crate::ui::browser::i18n::tr;
use crate::ui::features::dialog_module::{Body, DialogBody};
use crate::ui::features::header_dialog::{Dialog, HeaderDialog};
use crate::ui::state::context::Playground;

/// The header's share button and its dialog.
#[component]
pub fn ShareButton() -> impl IntoView {
    let lang = Playground::get().lang;
    let dialogs = HeaderDialog::get();
    let open = move || dialogs.is_open(Dialog::Share);
    let button = NodeRef::<leptos::html::Button>::new();
    dialogs.close_on_escape(Dialog::Share, button);
    view! {
        <button
            type="button"
            class="share-button"
            data-testid="share-button"
            node_ref=button
            aria-expanded=move || open().to_string()
            on:click=move |_| dialogs.toggle(Dialog::Share)
        >
            {move || tr(lang.get(), "分享", "Share")}
        </button>
        <Show when=open>
            <div
                class="share-dialog"
                role="dialog"
                data-testid="share-dialog"
                aria-label=move || tr(lang.get(), "分享链接", "Share link")
            >
                <DialogBody body=Body::Share />
            </div>
        </Show>
    }
}

/// The header's Embed button and its dialog. The parts to hide and "this step" are kept here,
/// so they outlast closing the dialog.
#[component]
pub fn EmbedButton() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let dialogs = HeaderDialog::get();
    let open = move || dialogs.is_open(Dialog::Embed);
    let button = NodeRef::<leptos::html::Button>::new();
    dialogs.close_on_escape(Dialog::Embed, button);
    let hide = RwSignal::new(pg.embed.with_untracked(|f| f.hide.clone()));
    // A student starts at step 0 unless the teacher picks the step on screen.
    let this_step = RwSignal::new(false);
    view! {
        <button type="button" class="embed-button" data-testid="embed-button"
            node_ref=button
            aria-expanded=move || open().to_string()
            aria-controls="embed-dialog"
            on:click=move |_| dialogs.toggle(Dialog::Embed)>
            {move || tr(lang.get(), "嵌入", "Embed")}
        </button>
        <Show when=open>
            <section id="embed-dialog" class="embed-dialog" role="dialog" aria-labelledby="embed-title"
                data-testid="embed-dialog">
                <h2 id="embed-title">{move || tr(lang.get(), "嵌入到课程页面", "Embed in a course page")}</h2>
                <DialogBody body=Body::Embed { hide, this_step } />
            </section>
        </Show>
    }
}
