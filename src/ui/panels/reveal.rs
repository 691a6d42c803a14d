//! One tap away (issue 46, `view::first_screen`): the button that opens a part of the page on
//! a first visit, and [`Reveal`], the wrapper a panel puts itself in to be one of those parts,
//! in one line: `<Reveal part="code">...</Reveal>` (the stylesheet hides it until opened; a
//! label for its button goes in `view::first_screen::reveal_label`). Single controls join a
//! part with the two attributes `data-reveal` and `data-shown` (`state::reveal::shown_attr`).

use leptos::prelude::*;

use crate::ui::browser::focus::focus_soon;
use crate::ui::state::context::Playground;
use crate::ui::state::reveal::{shown_attr, Reveal as Parts};
use crate::view::first_screen::{reveal_hint, reveal_label};

/// The button that opens `part`; shown only on a first visit's page while the part is closed.
/// Focus goes to `then` once the part shows (the button is gone).
#[component]
pub fn RevealButton(part: &'static str, then: &'static [&'static str]) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let hint_id = format!("reveal-hint-{part}");
    view! {
        <button type="button" class="reveal-button" data-testid=format!("reveal-{part}")
            data-reveal=part data-shown=shown_attr(part) aria-describedby=hint_id.clone()
            on:click=move |_| {
                Parts::get().open(part);
                focus_soon(then);
            }>
            {move || reveal_label(part, lang.get())}
        </button>
        // Hidden: a description is read from a hidden element too.
        <span id=hint_id hidden>
            {move || reveal_hint(part, lang.get())}
        </span>
    }
}

/// A part of the page one tap away on a first visit.
#[component]
pub fn Reveal(part: &'static str, children: Children) -> impl IntoView {
    view! {
        <div class="reveal" data-reveal=part data-shown=shown_attr(part)>
            {children()}
        </div>
    }
}
