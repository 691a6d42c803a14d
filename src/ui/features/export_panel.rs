//! The export panel: the run on screen as versioned JSON (`export-json`) or as a Markdown
//! transcript (`export-markdown`), or the comparison on screen as Markdown
//! (`export-compare-markdown`, issue 49), each downloaded through a Blob URL, and `import-file` (an
//! `<input type=file>`) that reads an export, a downloaded recording or a scenario file back
//! (`crate::export`). A file that cannot be imported shows why in the `error-banner` and
//! changes nothing; `import-note` says how a file opened when the learner should know (a
//! scenario file went to free play and the editor; an export's event log no longer matches).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::export::{comparison_markdown, import_in, markdown, ImportKind, Imported, RunExport};
use crate::scenario::Problem;
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::state::context::Playground;
use crate::view::compare::compare_runs;

#[component]
pub fn ExportPanel() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    // Both languages, so the note follows a language switch; with the kind of file it is about
    // (`kind_name`), or "error": the refusal repeated beside the input, which on a phone is
    // far below the error banner.
    let note = RwSignal::new(None::<(&'static str, Problem)>);
    let export_json = move |_| download_run(pg);
    let export_markdown = move |_| {
        let (Some(lesson), Some(timeline), Some(on_screen)) = (
            pg.lesson_on_screen_untracked(),
            pg.timeline_untracked(),
            untrack(|| pg.on_screen()),
        ) else {
            return;
        };
        let text = markdown(
            &lesson,
            &timeline,
            &on_screen.options,
            pg.lang.get_untracked(),
        );
        download(&text, "text/markdown", "agent-team-run.md");
    };
    let comparison = crate::ui::state::compare::Comparison::get();
    let export_comparison = move |_| export_comparison(pg);
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|files| files.get(0)) else {
            return;
        };
        // The same file chosen again must fire `change` again.
        input.set_value("");
        note.set(None);
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let lang = pg.lang.get_untracked();
            let Some(text) = text.ok().and_then(|v| v.as_string()) else {
                let unread = Problem::new("这个文件读不出来。", "This file cannot be read.");
                pg.error.set(Some(unread.get(lang).to_string()));
                note.set(Some(("error", unread)));
                return;
            };
            let on_screen = pg.scenario.get_untracked();
            match import_in(&text, on_screen.as_deref(), lang) {
                Ok(imported) => note.set(put_on_screen(pg, imported)),
                Err(error) => {
                    pg.error.set(Some(error.message(lang)));
                    let both = Problem::new(error.message(Lang::Zh), error.message(Lang::En));
                    note.set(Some(("error", both)));
                }
            }
        });
    };
    view! {
        <section class="panel export-panel" data-testid="export-panel" aria-labelledby="export-heading">
            <h2 id="export-heading">{move || tr(lang.get(), "导出和导入", "Export and import")}</h2>
            <p class="export-hint">{move || tr(lang.get(),
                "导出这次运行：JSON 可以再导入（场景、输入、实时运行的记录和事件记录，从不含密钥）；Markdown 是可以贴进笔记的文字记录。导入也接受实时面板下载的记录（离线重放）和场景文件（在自由练习和编辑器里打开）。",
                "Export this run: the JSON imports back (scenario, inputs, a live run's recording and the event log; never a key); the Markdown is a transcript to paste into notes. Import also takes a recording downloaded from the live panel (replayed offline) and a scenario file (opened in free play and the editor).")}</p>
            <div class="export-actions">
                <button type="button" data-testid="export-json" on:click=export_json>
                    {move || tr(lang.get(), "导出 JSON", "Export JSON")}
                </button>
                <button type="button" data-testid="export-markdown" on:click=export_markdown>
                    {move || tr(lang.get(), "导出 Markdown", "Export Markdown")}
                </button>
                // Issue 49: the comparison on screen, as Markdown.
                <Show when=move || comparison.is_some_and(|c| c.is_open())>
                    <button type="button" data-testid="export-compare-markdown" on:click=export_comparison>
                        {move || tr(lang.get(), "导出对比（Markdown）", "Export the comparison (Markdown)")}
                    </button>
                </Show>
                <label class="import-file">
                    <span>{move || tr(lang.get(), "导入文件（导出的 JSON、记录或场景）", "Import a file (an exported JSON, a recording or a scenario)")}</span>
                    <input type="file" accept=".json,application/json" data-testid="import-file" on:change=on_file />
                </label>
            </div>
            {move || note.get().map(|(kind, n)| view! {
                <p class="import-note" role="status" data-testid="import-note" data-kind=kind>
                    {move || n.get(lang.get()).to_string()}
                </p>
            })}
        </section>
    }
}

/// Downloads the comparison on screen as Markdown (issue 49), played again at the page's level.
fn export_comparison(pg: Playground) {
    let comparison = crate::ui::state::compare::Comparison::get();
    let (Some(versus), Some(lesson), Some(on_screen)) = (
        comparison.and_then(|c| c.versus.get_untracked()),
        pg.lesson_on_screen_untracked(),
        untrack(|| pg.on_screen()),
    ) else {
        return;
    };
    let lang = pg.lang.get_untracked();
    let other = on_screen.beside(&versus);
    let Ok(compared) = compare_runs(&on_screen, &other, pg.level.get_untracked()) else {
        return;
    };
    let text = comparison_markdown(
        lesson.title.get(lang),
        &compared.a.timeline,
        &compared.b.timeline,
        &compared.diff,
        lang,
    );
    download(&text, "text/markdown", "agent-team-comparison.md");
}

/// Downloads the run on screen as its JSON export (also the share dialog's file for a run whose
/// link is too long to open).
pub(crate) fn download_run(pg: Playground) {
    if let Some(json) = run_export(pg).map(|e| e.to_json()) {
        download(&json, "application/json", "agent-team-run-export.json");
    }
}

/// The run on screen as an export; None when it did not play.
fn run_export(pg: Playground) -> Option<RunExport> {
    let timeline = pg.timeline_untracked()?;
    let on_screen = untrack(|| pg.on_screen())?;
    Some(RunExport::new(&on_screen, &timeline))
}

/// Opens an imported run ([`Playground::show`], as a link opens): its language, lesson,
/// scenario, inputs and step; a recording is the live run on screen, replayed offline, and a
/// file without one shows no live run. Returns the note to show under the import.
fn put_on_screen(pg: Playground, imported: Imported) -> Option<(&'static str, Problem)> {
    let Imported {
        on_screen,
        timeline,
        kind,
        note,
    } = imported;
    pg.error.set(None);
    // A file replaces the kept scenario deliberately: the kept one goes aside, never silently.
    if let Some(keep) = crate::ui::state::session::Keep::get() {
        keep.replacing();
    }
    pg.show(on_screen, Some(timeline), Vec::new());
    let note = match kind {
        ImportKind::Scenario => Some(Problem::new(
            "场景文件已在自由练习中打开，也在场景编辑器里，可以修改。",
            "The scenario file is open in free play, and in the scenario editor to change.",
        )),
        ImportKind::Export | ImportKind::Recording => note,
    };
    // Issue 46: a clean import is confirmed too, where the learner clicked.
    Some(note.map_or_else(
        || {
            let done = Problem::new(
                "已导入：这次运行已在屏幕上打开，停在文件记下的那一步。",
                "Imported: the run is on screen, at the step the file kept.",
            );
            ("imported", done)
        },
        |n| (kind_name(kind), n),
    ))
}

/// The note's `data-kind`: the stylesheet marks an export's note (its log no longer matches)
/// as a warning (and "error", a refused file, as an error).
fn kind_name(kind: ImportKind) -> &'static str {
    match kind {
        ImportKind::Export => "export",
        ImportKind::Recording => "recording",
        ImportKind::Scenario => "scenario",
    }
}

/// Saves `text` as a file through a Blob URL, revoked once the download has started.
fn download(text: &str, mime: &str, name: &str) {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(a) = document()
        .create_element("a")
        .ok()
        .and_then(|el| el.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}
