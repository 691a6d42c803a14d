//! One line of the host's code as data: the Python text (identifiers English), its comment in
//! both languages (the page's language picks one), the contrast variant it belongs to, and,
//! for a line that produces events, its stable place name.

use crate::engine::{Lang, Toggles};

/// Which variant of the code a line belongs to: the contrast modes change the code (M6, T6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// Shown in every variant.
    All,
    /// Append-only mail (drain on read off).
    Append,
    /// Drain on read on: the read deletes (M6).
    Drain,
    /// The lock covers the check-and-set only (T6).
    SmallLock,
    /// The lock is held over the model call (T6's contrast).
    HoldLock,
}

/// The code's variant: the contrast modes in force at a step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant {
    /// M6's contrast mode.
    pub drain: bool,
    /// T6's contrast mode.
    pub hold_lock: bool,
}

impl Only {
    /// The variant named as the host's files write it (`drain`, `hold_lock`, ...).
    pub fn parse(word: &str) -> Option<Only> {
        Some(match word {
            "all" => Only::All,
            "append" => Only::Append,
            "drain" => Only::Drain,
            "small_lock" => Only::SmallLock,
            "hold_lock" => Only::HoldLock,
            _ => return None,
        })
    }
}

impl Variant {
    /// The variant of these modes.
    pub fn of(toggles: Toggles) -> Variant {
        Variant {
            drain: toggles.drain_on_read,
            hold_lock: toggles.hold_lock_during_model_call,
        }
    }

    /// Every variant (for the tests that check each).
    pub const ALL: [Variant; 4] = [
        Variant {
            drain: false,
            hold_lock: false,
        },
        Variant {
            drain: true,
            hold_lock: false,
        },
        Variant {
            drain: false,
            hold_lock: true,
        },
        Variant {
            drain: true,
            hold_lock: true,
        },
    ];

    /// Whether a line of `only` is shown in this variant.
    pub fn shows(self, only: Only) -> bool {
        match only {
            Only::All => true,
            Only::Append => !self.drain,
            Only::Drain => self.drain,
            Only::SmallLock => !self.hold_lock,
            Only::HoldLock => self.hold_lock,
        }
    }
}

/// One line of the host's code (`listing.rs` reads them from `www/host-code.txt`).
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// The Python text before the comment, indentation included ("" for a blank line or a
    /// comment on a line of its own).
    pub code: &'static str,
    /// The comment, English and Chinese.
    pub note: Option<(&'static str, &'static str)>,
    /// The variant the line belongs to.
    pub only: Only,
    /// A stable name for a line that produces events (`places.txt` says what it stands for).
    pub place: Option<&'static str>,
}

impl Line {
    /// The comment in `lang`.
    pub fn note_in(&self, lang: Lang) -> Option<&'static str> {
        self.note.map(|(en, zh)| match lang {
            Lang::En => en,
            Lang::Zh => zh,
        })
    }

    /// The function this line defines (`def name(`), if it is a `def` line.
    pub fn defines(&self) -> Option<&'static str> {
        let rest = self.code.strip_prefix("def ")?;
        rest.split('(').next()
    }

    /// The whole line as the pane shows it: the code, then `# comment`.
    pub fn text(&self, lang: Lang) -> String {
        let note = self.note_in(lang);
        match note {
            None => self.code.to_string(),
            Some(note) if self.code.trim().is_empty() => format!("{}# {note}", self.code),
            Some(note) => format!("{}  # {note}", self.code),
        }
    }
}
