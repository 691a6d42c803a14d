//! The header's two dialogs (Share and Embed) as one choice: at most one is open, so they never
//! stack; Escape closes the open one and returns focus to the button that opened it.

use leptos::prelude::*;

/// Which header dialog is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    Share,
    Embed,
}

/// The open dialog, shared by the header's buttons (provided by the header).
#[derive(Clone, Copy)]
pub struct HeaderDialog(RwSignal<Option<Dialog>>);

impl HeaderDialog {
    /// Provides the header's dialog state to the buttons below.
    pub fn provide() {
        provide_context(HeaderDialog(RwSignal::new(None)));
    }

    /// The header's dialog state; a button outside a header gets one of its own.
    pub fn get() -> HeaderDialog {
        use_context::<HeaderDialog>().unwrap_or_else(|| HeaderDialog(RwSignal::new(None)))
    }

    /// Whether `dialog` is open. Tracked.
    pub fn is_open(self, dialog: Dialog) -> bool {
        self.0.get() == Some(dialog)
    }

    /// Opens `dialog` (closing the other one), or closes it when it is open.
    pub fn toggle(self, dialog: Dialog) {
        self.0
            .update(|open| *open = (*open != Some(dialog)).then_some(dialog));
    }

    /// Closes `dialog` if it is the open one.
    pub fn close(self, dialog: Dialog) {
        if self.0.get_untracked() == Some(dialog) {
            self.0.set(None);
        }
    }

    /// While `dialog` is open, Escape anywhere on the page closes it and puts focus back on
    /// `button` (the one that opened it).
    pub fn close_on_escape(self, dialog: Dialog, button: NodeRef<leptos::html::Button>) {
        let listener = window_event_listener(leptos::ev::keydown, move |ev| {
            if ev.key() != "Escape" || self.0.try_get_untracked().flatten() != Some(dialog) {
                return;
            }
            ev.prevent_default();
            self.0.set(None);
            if let Some(button) = button.get_untracked() {
                let _ = button.focus();
            }
        });
        on_cleanup(move || listener.remove());
    }
}
