//! The virtual files part of the editor (K3): each file's path and text; add and remove
//! files. Files are listed in path order, as the team sees them.

use leptos::prelude::*;

use super::{Editor, FieldProblems};
use crate::scenario::edit::{Edit, Field};
use crate::view::tr;

#[component]
pub(super) fn FilesEditor(editor: Editor) -> impl IntoView {
    let lang = editor.pg.lang;
    let paths = editor.memo(|d| d.files.keys().cloned().collect::<Vec<String>>());
    let new_path = RwSignal::new(String::new());
    let new_field = Field::File(String::new());
    let add = move || {
        let path = new_path.get_untracked().trim().to_string();
        if path.is_empty() {
            return;
        }
        editor.apply(
            Edit::AddFile { path: path.clone() },
            Field::File(String::new()),
        );
        if paths.with_untracked(|p| p.contains(&path)) {
            new_path.set(String::new());
        }
    };
    view! {
        <fieldset class="editor-part editor-files">
            <legend>{move || tr(lang.get(), "文件", "Files")}</legend>
            <ol class="editor-rows">
                // Keyed by path: a row is a file; a renamed file is a new row in its place.
                <For each=move || paths.get().into_iter().enumerate() key=|(k, p)| (*k, p.clone())
                    children=move |(k, path)| view! { <FileRow editor=editor k=k path=path /> } />
            </ol>
            <div class="editor-add">
                <label>
                    <span>{move || tr(lang.get(), "新文件的路径", "New file's path")}</span>
                    <input type="text" data-testid="editor-new-file-path" placeholder="notes.txt" spellcheck="false"
                        prop:value=move || new_path.get()
                        on:input=move |ev| new_path.set(event_target_value(&ev))
                        on:keydown=move |ev| if ev.key() == "Enter" { add() } />
                </label>
                <button type="button" data-testid="editor-add-file" on:click=move |_| add()>
                    {move || tr(lang.get(), "添加文件", "Add a file")}
                </button>
                <FieldProblems editor=editor field=new_field />
            </div>
        </fieldset>
    }
}

#[component]
fn FileRow(editor: Editor, k: usize, path: String) -> impl IntoView {
    let lang = editor.pg.lang;
    let at = path.clone();
    let text = editor.memo(move |d| d.files.get(&at).cloned().unwrap_or_default());
    let field = Field::File(path.clone());
    let (from, f) = (path.clone(), field.clone());
    let on_path = move |ev| {
        let to = event_target_value(&ev).trim().to_string();
        editor.apply(
            Edit::RenameFile {
                from: from.clone(),
                to,
            },
            f.clone(),
        );
    };
    let (at, f) = (path.clone(), field.clone());
    let on_text = move |ev| {
        editor.apply(
            Edit::SetFileText {
                path: at.clone(),
                text: event_target_value(&ev),
            },
            f.clone(),
        );
    };
    let (gone, f) = (path.clone(), field.clone());
    let remove_label = match lang.get_untracked() {
        crate::engine::Lang::Zh => format!("删除文件 {path}"),
        crate::engine::Lang::En => format!("Remove the file {path}"),
    };
    view! {
        <li class="editor-row" data-testid=format!("editor-file-{k}") data-path=path.clone()>
            <label>
                <span>{move || tr(lang.get(), "路径", "Path")}</span>
                <input type="text" spellcheck="false" data-testid=format!("editor-file-path-{k}") prop:value=path.clone() on:change=on_path />
            </label>
            <label class="editor-wide">
                <span>{move || tr(lang.get(), "内容", "Text")}</span>
                <textarea rows="3" spellcheck="false" data-testid=format!("editor-file-text-{k}") prop:value=move || text.get() on:change=on_text></textarea>
            </label>
            <button type="button" data-testid=format!("editor-remove-file-{k}") aria-label=remove_label
                on:click=move |_| editor.apply(Edit::RemoveFile { path: gone.clone() }, f.clone())>
                {move || tr(lang.get(), "删除", "Remove")}
            </button>
            <FieldProblems editor=editor field=field />
        </li>
    }
}
