//! The Embed dialog's body (its button is in `header_buttons.rs`; this code comes in the
//! header dialogs' module, `dialog_module.rs`): a ready `<iframe>` snippet of what is on screen with
//! `embed=1`, and the same frame for MDX sites (Docusaurus), each with a copy button that works
//! without clipboard permission (it selects the snippet, then copies; a refused copy leaves it
//! selected for Ctrl+C). Parts a small frame can hide are checkboxes. The text is
//! `course::embed_snippet`'s.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::course::embed_snippet::{embed_link, iframe_html, iframe_mdx, DEFAULT_HEIGHT};
use crate::link::Part;
use crate::ui::browser::i18n::{tr, Lang, LangText};
use crate::ui::features::header_dialog::{Dialog, HeaderDialog};
use crate::ui::state::context::Playground;

/// Selects the whole text of `area` and copies it: the document's copy command (a click is a
/// user gesture, no permission needed), else the Clipboard API where the page may use it (its
/// promise awaited: a refused write is no copy). Says whether the text is on the clipboard;
/// either way it is left selected.
async fn select_and_copy(area: web_sys::HtmlTextAreaElement) -> bool {
    let _ = area.focus();
    area.select();
    let copied = document()
        .dyn_into::<web_sys::HtmlDocument>()
        .ok()
        .and_then(|doc| doc.exec_command("copy").ok())
        .unwrap_or(false);
    copied || crate::ui::browser::clipboard::write_clipboard(&area.value()).await
}

/// What the copy buttons say after a click.
fn copied_text(lang: Lang, copied: bool) -> &'static str {
    if copied {
        tr(lang, "已复制。", "Copied.")
    } else {
        tr(
            lang,
            "已全选：按 Ctrl+C（Mac 上 ⌘C）复制。",
            "Selected: press Ctrl+C (⌘C on a Mac) to copy.",
        )
    }
}

/// One snippet with its copy button.
fn snippet_view(
    lang: Memo<Lang>,
    testid: &'static str,
    label: (&'static str, &'static str),
    text: Signal<String>,
) -> impl IntoView {
    let area = NodeRef::<leptos::html::Textarea>::new();
    let status = RwSignal::new(None::<bool>);
    let copy = move |_| {
        if let Some(area) = area.get_untracked() {
            let area: web_sys::HtmlTextAreaElement = area;
            leptos::task::spawn_local(async move {
                let copied = select_and_copy(area).await;
                // The dialog may have closed while the clipboard answered.
                let _ = status.try_set(Some(copied));
            });
        }
    };
    view! {
        <label class="embed-snippet-label">
            <span>{move || tr(lang.get(), label.0, label.1)}</span>
            <textarea readonly rows="5" spellcheck="false" class="embed-snippet" node_ref=area
                data-testid=testid prop:value=move || text.get()
                on:focus=move |ev| {
                    if let Some(area) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok()) {
                        area.select();
                    }
                }></textarea>
        </label>
        <p class="embed-copy-row">
            <button type="button" data-testid=format!("{testid}-copy") on:click=copy>
                {move || tr(lang.get(), "复制", "Copy")}
            </button>
            " "
            <span class="embed-copy-status" role="status" data-testid=format!("{testid}-status")>
                {move || status.get().map(|copied| copied_text(lang.get(), copied))}
            </span>
        </p>
    }
}

/// The Embed dialog's body (the header's button, the dialog's frame and title stay in the
/// first module: `header_buttons.rs`). The choices live in the button, so they outlast a close.
pub fn embed_body(hide: RwSignal<Vec<Part>>, this_step: RwSignal<bool>) -> AnyView {
    let pg = Playground::get();
    let lang = pg.lang;
    let dialogs = HeaderDialog::get();
    // The link of what is on screen, kept current while the dialog is open.
    let link = Signal::derive(move || {
        let _ = crate::ui::state::link::current_fragment(pg);
        embed_link(
            &crate::ui::state::link::current_link(pg),
            &hide.get(),
            this_step.get(),
        )
    });
    let title = move || {
        let lang = pg.lang.get();
        let lesson = crate::lessons::find(&pg.lesson_id.get())
            .map(|l| lang.lesson_title(l))
            .unwrap_or_default();
        format!("{}: {lesson}", lang.strings().app_name)
    };
    let html = Signal::derive(move || iframe_html(&link.get(), &title(), DEFAULT_HEIGHT));
    let mdx = Signal::derive(move || iframe_mdx(&link.get(), &title(), DEFAULT_HEIGHT));
    let part_box = move |part: Part, zh: &'static str, en: &'static str| {
        let checked = move || hide.with(|h| h.contains(&part));
        view! {
            <label class="embed-hide">
                <input type="checkbox" data-testid=format!("embed-hide-{}", part.as_str())
                    prop:checked=checked
                    on:change=move |_| hide.update(|h| {
                        if let Some(i) = h.iter().position(|p| *p == part) {
                            h.remove(i);
                        } else {
                            h.push(part);
                        }
                    }) />
                {move || tr(lang.get(), zh, en)}
            </label>
        }
    };
    view! {
        <p class="hint">{move || tr(lang.get(),
            "把下面的代码粘贴到课程页面：框架从第 0 步打开此刻屏幕上的课程（勾选下面一项则从此刻这一步打开），没有页面外框，用脚本模型离线运行。附带的 embed.js 让框架随内容调整高度；Canvas 和 H5P 不需要它。",
            "Paste this into a course page: the frame opens the lesson on screen at its first step (or at this step, if you pick it), without the page chrome, on the scripted model. The embed.js line sizes the frame to its content; Canvas and H5P size it without it.")}</p>
        <fieldset class="embed-hides">
            <legend>{move || tr(lang.get(), "小框架里隐藏", "Hide in a small frame")}</legend>
            {part_box(Part::Picker, "课程选择", "lesson picker")}
            {part_box(Part::Diagram, "时序图", "diagram")}
            {part_box(Part::Request, "成员详情和请求", "member detail and requests")}
            {part_box(Part::Editor, "场景编辑器", "scenario editor")}
            {part_box(Part::Code, "宿主代码", "host's code")}
        </fieldset>
        <label class="embed-hide">
            <input type="checkbox" data-testid="embed-this-step"
                prop:checked=move || this_step.get()
                on:change=move |_| this_step.update(|t| *t = !*t) />
            {move || {
                let step = pg.step.get();
                match lang.get() {
                    crate::engine::Lang::Zh => format!("从此刻这一步（第 {step} 步）开始，而不是从第 0 步"),
                    crate::engine::Lang::En => format!("Start at this step ({step}) instead of step 0"),
                }
            }}
        </label>
        {snippet_view(lang, "embed-snippet", ("HTML 页面", "HTML page"), html)}
        {snippet_view(lang, "embed-snippet-mdx", ("MDX 页面（Docusaurus）", "MDX page (Docusaurus)"), mdx)}
        <p>
            <button type="button" data-testid="embed-close" on:click=move |_| dialogs.close(Dialog::Embed)>
                {move || tr(lang.get(), "关闭", "Close")}
            </button>
        </p>
    }
    .into_any()
}
