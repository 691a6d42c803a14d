//! Which parts of the page are one tap away (issue 46, `view::first_screen`): read once from
//! local storage as the page opens (in an embed every part shows), a part opened kept there.
//! The page's first script put `first-visit` on the root element by the same rule; this keeps
//! it so (the stylesheet hides every `[data-reveal]` element not marked `data-shown="true"`).

use std::cell::Cell;
use std::collections::BTreeSet;

use leptos::prelude::*;

use crate::ui::browser::storage;
use crate::view::first_screen::{opened_parts, with_part, OUR_PREFIX, SHOWN_KEY};

thread_local! {
    static CURRENT: Cell<Option<Reveal>> = const { Cell::new(None) };
}

/// The opened parts; `Copy`, from [`Reveal::get`].
#[derive(Clone, Copy)]
pub struct Reveal {
    /// None: every part shows (not a first visit's browser, or an embed).
    opened: RwSignal<Option<BTreeSet<String>>>,
}

impl Reveal {
    /// Reads what this browser keeps and marks the root element; `embedded` shows every part.
    pub fn provide(embedded: bool) -> Reveal {
        // As the page's first script reads it: no storage (it throws) shows every part.
        let kept = storage::read_in(storage::Area::Local, SHOWN_KEY);
        let opened = match (embedded, kept) {
            (true, _) | (_, Err(_)) => None,
            (false, Ok(kept)) => {
                opened_parts(kept.as_deref(), storage::any_key_starting(OUR_PREFIX))
            }
        };
        // A first visit's browser is one from now on: its parts stay one tap away until opened.
        if let Some(parts) = &opened {
            if storage::read(SHOWN_KEY).is_none() {
                let list: Vec<&str> = parts.iter().map(String::as_str).collect();
                storage::write(SHOWN_KEY, &list.join(" "));
            }
        }
        if let Some(root) = document().document_element() {
            let _ = match opened.is_some() {
                true => root.class_list().add_1("first-visit"),
                false => root.class_list().remove_1("first-visit"),
            };
        }
        let reveal = Reveal {
            opened: RwSignal::new(opened),
        };
        CURRENT.with(|current| current.set(Some(reveal)));
        reveal
    }

    /// The page's state. Invariant: `App` provides it before any component runs.
    pub fn get() -> Reveal {
        CURRENT
            .with(Cell::get)
            .expect("Reveal::provide ran when the page was built")
    }

    /// Whether `part` shows. Tracked.
    pub fn shown(&self, part: &str) -> bool {
        self.opened
            .with(|o| o.as_ref().is_none_or(|parts| parts.contains(part)))
    }

    /// Opens `part`, kept in this browser.
    pub fn open(&self, part: &str) {
        let mut stored = None;
        self.opened.update(|o| {
            if let Some(parts) = o {
                stored = Some(with_part(parts, part));
                parts.insert(part.to_string());
            }
        });
        if let Some(value) = stored {
            storage::write(SHOWN_KEY, &value);
        }
    }
}

/// The `data-shown` value of an element of `part`: "true" when it shows.
pub fn shown_attr(part: &'static str) -> impl Fn() -> &'static str + Copy {
    move || match Reveal::get().shown(part) {
        true => "true",
        false => "false",
    }
}
