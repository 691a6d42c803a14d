//! The way to the host's code where it is not open by default (issue 47): on a phone or a
//! narrow window the pane is a sheet over the page's lower part, opened by the stage toolbar's
//! `code-tab` button and closed by its own button or Escape; on a wide screen it sits in the
//! side column, always open, and the button is not shown. This part is in the first module; the
//! pane itself comes with its own module (`ui/code_part.rs`).

use leptos::prelude::*;

use crate::link::Part;
use crate::ui::browser::i18n::tr;
use crate::ui::state::context::Playground;

/// Whether the code sheet is open (a phone or narrow window; a wide screen always shows it).
#[derive(Clone, Copy)]
pub struct CodeOpen(pub RwSignal<bool>);

impl CodeOpen {
    /// Provides the flag (closed) to the page.
    pub fn provide() -> CodeOpen {
        let open = CodeOpen(RwSignal::new(false));
        provide_context(open);
        open
    }

    /// The page's flag (a closed one outside the page, in tests).
    pub fn get() -> CodeOpen {
        use_context::<CodeOpen>().unwrap_or(CodeOpen(RwSignal::new(false)))
    }
}

/// Whether this page shows the code at all (`hide=code` leaves it out).
pub fn code_shown(pg: Playground) -> bool {
    !pg.embed.with_untracked(|f| f.hides(Part::Code))
}

/// Opens the code sheet where the code is one (the stage's `code-tab` shows); says whether it
/// did (on a wide screen the pane is in the side column: a jump goes there instead).
pub fn open_sheet() -> bool {
    use wasm_bindgen::JsCast;
    let tab_shows = document()
        .query_selector("[data-testid=code-tab]")
        .ok()
        .flatten()
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        .is_some_and(|el| el.offset_parent().is_some());
    if tab_shows {
        CodeOpen::get().0.set(true);
    }
    tab_shows
}

/// The stage toolbar's button that opens (or closes) the code sheet; not in an embed (the
/// code is a tab there) and not with `hide=code`.
#[component]
pub fn CodeTab() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let open = CodeOpen::get().0;
    if !code_shown(pg) || pg.embed.with_untracked(|f| f.embed) {
        return ().into_any();
    }
    view! {
        <button type="button" class="code-tab" data-testid="code-tab"
            aria-controls="code-pane" aria-expanded=move || open.get().to_string()
            on:click=move |_| open.update(|o| *o = !*o)>
            {move || tr(lang.get(), "‹/› 代码", "‹/› Code")}
        </button>
    }
    .into_any()
}
