//! One line of the host's code as data: the Python text (identifiers English), its comment in
//! both languages (the page's language picks one), the contrast variant it belongs to, and,
//! for a line that produces events, its stable place name and what it stands for.

use super::claims::Claim;
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

/// One line of the host's code.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    /// The Python text before the comment, indentation included ("" for a blank line; only
    /// spaces for a comment on a line of its own).
    pub code: &'static str,
    /// The comment, English and Chinese.
    pub note: Option<(&'static str, &'static str)>,
    /// The variant the line belongs to.
    pub only: Only,
    /// A stable name for a line that produces events (what a breakpoint keeps).
    pub place: Option<&'static str>,
    /// The events the line stands for.
    pub claims: &'static [Claim],
}

/// A line of code with no comment, in every variant, standing for nothing.
pub const fn c(code: &'static str) -> Line {
    Line {
        code,
        note: None,
        only: Only::All,
        place: None,
        claims: &[],
    }
}

impl Line {
    /// With a comment in both languages.
    pub const fn n(mut self, en: &'static str, zh: &'static str) -> Line {
        self.note = Some((en, zh));
        self
    }

    /// With a comment that reads the same in both languages (an engine file's path).
    pub const fn file(mut self, path: &'static str) -> Line {
        self.note = Some((path, path));
        self
    }

    /// Only in one variant.
    pub const fn v(mut self, only: Only) -> Line {
        self.only = only;
        self
    }

    /// The place this line is, and the events it stands for.
    pub const fn at(mut self, place: &'static str, claims: &'static [Claim]) -> Line {
        self.place = Some(place);
        self.claims = claims;
        self
    }

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
