//! The page: header with the language toggle and the lesson picker, then the areas of the
//! playground. Owns the two top-level choices (language, lesson) and hands them down.

use leptos::prelude::*;

use super::i18n::Lang;
use super::lanes::MessageLanes;
use super::members::MemberCards;
use super::transport::Transport;
use crate::lessons::catalog;

#[component]
pub fn App() -> impl IntoView {
    let lang = RwSignal::new(Lang::initial());
    let lesson_id = RwSignal::new(catalog()[0].id.to_string());

    let toggle_language = move |_| {
        let next = lang.get_untracked().other();
        next.persist();
        lang.set(next);
    };
    // The document language follows the choice so screen readers pronounce captions right.
    Effect::new(move |_| {
        if let Some(root) = document().document_element() {
            let _ = root.set_attribute("lang", lang.get().code());
        }
    });

    let strings = move || lang.get().strings();
    let summary = move || {
        let id = lesson_id.get();
        crate::lessons::find(&id)
            .map(|lesson| lang.get().lesson_summary(lesson))
            .unwrap_or_default()
    };

    view! {
        <div class="app">
            <header class="app-header">
                <div class="brand">
                    <h1>{move || strings().app_name}</h1>
                    <p class="tagline">{move || strings().tagline}</p>
                </div>
                <div class="header-controls">
                    <label class="lesson-picker">
                        <span>{move || strings().lesson}</span>
                        <select
                            data-testid="lesson-select"
                            prop:value=move || lesson_id.get()
                            on:change=move |ev| lesson_id.set(event_target_value(&ev))
                        >
                            {move || {
                                let current = lang.get();
                                catalog()
                                    .iter()
                                    .map(|lesson| {
                                        view! {
                                            <option value=lesson.id>{current.lesson_title(lesson)}</option>
                                        }
                                    })
                                    .collect_view()
                            }}
                        </select>
                    </label>
                    <button
                        type="button"
                        class="lang-toggle"
                        data-testid="lang-toggle"
                        on:click=toggle_language
                    >
                        {move || strings().switch_language}
                    </button>
                </div>
            </header>
            <p class="lesson-summary">{summary}</p>
            <main class="playground">
                <MemberCards lang=lang />
                <MessageLanes lang=lang />
                <Transport lang=lang />
            </main>
        </div>
    }
}
