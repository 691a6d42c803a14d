//! The files panel (K3): the lesson's virtual files at the current step, name and text, and a
//! line saying that no tool runs code. A write by a member shows here at the step it happens,
//! because the panel reads the team state of the step like every other part of the page.

use leptos::prelude::*;

use crate::ui::browser::i18n::tr;
use crate::ui::state::context::Playground;

/// The panel: one entry per virtual file (name, text), or an empty-state line.
#[component]
pub fn FilesPanel() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let files = Memo::new(move |_| {
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| {
                    s.state
                        .files()
                        .iter()
                        .map(|(name, text)| (name.clone(), text.clone()))
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default()
        })
    });
    let body = move || {
        let lang = lang.get();
        let files = files.get();
        if files.is_empty() {
            return view! {
                <p class="empty" data-testid="files-empty">
                    {tr(lang, "这一课没有文件。", "This lesson has no files.")}
                </p>
            }
            .into_any();
        }
        let items = files
            .into_iter()
            .map(|(name, text)| {
                let path = name.clone();
                view! {
                    <li class="file" data-testid="file" data-path=path>
                        <code class="file-name">{name}</code>
                        <pre class="file-text" tabindex="0">{text}</pre>
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="file-list">{items}</ul> }.into_any()
    };
    view! {
        <section class="files-panel" data-testid="files-panel" aria-labelledby="files-heading">
            <h2 id="files-heading">{move || tr(lang.get(), "文件（虚拟文件系统）", "Files (virtual file system)")}</h2>
            <p class="files-hint" data-testid="files-hint">
                {move || tr(lang.get(),
                    "这些文件属于这一课，只存在于浏览器内存里。成员只能读写它们；没有任何工具会运行代码。",
                    "These files belong to the lesson and live only in the browser's memory. Members can only read and write them; no tool runs code.")}
            </p>
            {body}
        </section>
    }
}
