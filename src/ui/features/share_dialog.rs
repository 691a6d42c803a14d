//! The share dialog's body (its button is in `header_buttons.rs`; this code comes in the
//! header dialogs' module, `dialog_module.rs`): a panel holding the link to what is on
//! screen (`link::current_link`, the whole view state), a copy button that works without
//! clipboard permission (it falls back to selecting the link and asking for Ctrl+C), and a
//! warning with a pointer to export for a link too long for chat apps and some hosts; a link
//! too long to open at all is not offered to copy: the dialog offers the run as a file
//! (the export's JSON, which import opens) and says the work is still kept in this browser.

use leptos::prelude::*;

use crate::link::MAX_FRAGMENT_CHARS;
use crate::ui::browser::clipboard::write_clipboard;
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::features::header_dialog::{Dialog, HeaderDialog};
use crate::ui::state::context::Playground;

/// Links longer than this break in chat apps and on some hosts: the dialog warns.
pub const WARN_CHARS: usize = 2_000;

/// What the copy button achieved.
#[derive(Clone, Copy, PartialEq)]
enum Copy {
    Not,
    Done,
    Selected,
}

/// What the copy status line says after a click on "Copy link".
fn copy_status(copied: Copy, lang: Lang) -> &'static str {
    match copied {
        Copy::Not => "",
        Copy::Done => tr(lang, "已复制。", "Copied."),
        Copy::Selected => tr(
            lang,
            "无法访问剪贴板：链接已选中，请按 Ctrl+C（Mac 上为 ⌘C）复制。",
            "The clipboard is not available: the link is selected, press Ctrl+C (⌘C on a Mac) to copy it.",
        ),
    }
}

/// The link's length line.
fn length_text(lang: Lang, length: usize) -> String {
    match lang {
        Lang::Zh => format!("{length} 个字符"),
        Lang::En => format!("{length} characters"),
    }
}

/// The long link's notice: a reader refuses it (`unusable`), or chat apps may break it;
/// either way it points to export. "Still kept in this browser" only when `kept`: free play's
/// scenario on screen is the one the last (successful) write stored.
fn long_link_text(lang: Lang, unusable: bool, kept: bool, length: usize) -> String {
    let kept_zh = if kept {
        "你的场景仍保存在这个浏览器里。"
    } else {
        ""
    };
    let kept_en = if kept {
        " Your scenario is still kept in this browser."
    } else {
        ""
    };
    match (lang, unusable) {
        (Lang::Zh, true) => format!(
            "这个链接有 {length} 个字符，太长了，无法打开：本演练场只读取 {MAX_FRAGMENT_CHARS} 个字符以内的链接。请下载文件分享（导入可以打开它）。{kept_zh}"
        ),
        (Lang::En, true) => format!(
            "This link is {length} characters long: too long to open, this playground reads links of up to {MAX_FRAGMENT_CHARS} characters. Download the file and share it instead (import opens it).{kept_en}"
        ),
        (Lang::Zh, false) => format!(
            "这个链接有 {length} 个字符：超过 {WARN_CHARS} 个字符的链接在聊天软件和一些网站上会被截断。可以改为导出文件分享。"
        ),
        (Lang::En, false) => format!(
            "This link is {length} characters long: chat apps and some hosts break links longer than {WARN_CHARS} characters. Share an exported file instead."
        ),
    }
}

/// "Export instead": scrolls the export panel into view; with none on the page, the copy
/// status is cleared.
fn scroll_to_export(copied: RwSignal<Copy>) {
    let target = document()
        .query_selector("[data-testid^='export']")
        .ok()
        .flatten();
    match target {
        Some(element) => crate::ui::browser::scroll_to_top::scroll_to_top(&element),
        None => copied.set(Copy::Not),
    }
}

/// Focuses the link's field and selects all of it (the fallback when the clipboard refuses).
fn select_all(input: NodeRef<leptos::html::Input>) {
    if let Some(input) = input.get_untracked() {
        let _ = input.focus();
        input.select();
    }
}

/// Writes `text` to the clipboard and says in `copied` whether it was copied or only selected.
fn copy_link(text: String, copied: RwSignal<Copy>) {
    leptos::task::spawn_local(async move {
        let state = if write_clipboard(&text).await {
            Copy::Done
        } else {
            Copy::Selected
        };
        copied.set(state);
    });
}

/// The share dialog's body (the header's button and the dialog's frame stay in the first
/// module: `header_buttons.rs`); drawn anew at each opening, so the copy status starts empty.
pub fn share_body() -> AnyView {
    let pg = Playground::get();
    let lang = pg.lang;
    let dialogs = HeaderDialog::get();
    let copied = RwSignal::new(Copy::Not);
    let input = NodeRef::<leptos::html::Input>::new();
    // Tracked while the dialog is open: the link follows the step and every change.
    let fragment = move || crate::ui::state::link::current_fragment(pg);
    let link = move || crate::ui::state::link::base_address() + &fragment();
    let length = move || link().chars().count();
    // A reader refuses it (a large scenario inline): the link is of no use, export is.
    let unusable = move || crate::link::too_long_to_open(&fragment());
    let too_long = move || length() > WARN_CHARS && !unusable();
    let keep = crate::ui::state::session::Keep::get();
    let kept = move || keep.is_some_and(|k| pg.scenario.with(|s| k.keeps(s.as_deref())));
    let select_link = move || select_all(input);
    let copy = move |_| {
        select_link();
        copy_link(link(), copied);
    };
    let export_hint = move |_| scroll_to_export(copied);
    view! {
        <label class="share-field">
            <span>
                {move || tr(lang.get(), "指向当前画面的链接", "A link to what is on screen")}
            </span>
            <input
                type="text"
                readonly=true
                data-testid="share-link"
                node_ref=input
                prop:value=link
                on:focus=move |_| select_link()
            />
        </label>
        <div class="share-actions">
            <button
                type="button"
                data-testid="copy-link"
                disabled=unusable
                on:click=copy
            >
                {move || tr(lang.get(), "复制链接", "Copy link")}
            </button>
            <span class="share-status" role="status" data-testid="copy-status">
                {move || copy_status(copied.get(), lang.get())}
            </span>
            <button type="button" on:click=move |_| dialogs.close(Dialog::Share)>
                {move || tr(lang.get(), "关闭", "Close")}
            </button>
        </div>
        <p class="share-length" data-testid="share-length">
            {move || length_text(lang.get(), length())}
        </p>
        // One notice for a long link: a reader refuses it (an alert), or chat apps may
        // break it (a note); either way export is the way to share it.
        <Show when=move || unusable() || too_long()>
            <div class="share-warning"
                role=move || if unusable() { "alert" } else { "note" }
                data-testid=move || if unusable() { "share-unusable" } else { "share-warning" }>
                <p>
                    {move || long_link_text(lang.get(), unusable(), kept(), length())}
                </p>
                <Show when=unusable>
                    <button type="button" data-testid="share-download"
                        on:click=move |_| crate::ui::features::export_panel::download_run(pg)>
                        {move || tr(lang.get(), "下载文件", "Download the file")}
                    </button>
                </Show>
                <button type="button" data-testid="share-export-hint" on:click=export_hint>
                    {move || tr(lang.get(), "改为导出", "Export instead")}
                </button>
            </div>
        </Show>
        <Show when=move || crate::ui::state::link::recording_left_out(pg)>
            <p class="share-warning" data-testid="share-recording-left-out">
                {move || tr(
                    lang.get(),
                    "这次真实运行的记录太长，放不进链接：链接打开的是脚本版本。要分享记录，请导出。",
                    "The recorded live run is too long for a link and was left out: the link opens the scripted run. Export it to share the recording.",
                )}
            </p>
        </Show>
    }
    .into_any()
}
