//! The whole host as the pane shows it, read from `www/host-code.txt`: every line with its
//! comment in both languages, the variant it is in and, for a line that produces events, its
//! place (what it stands for is in `places.txt`). The browser fetches the file with the pane's
//! module, so its text is no part of the first load (`ui/code_part.rs` checks it against
//! [`TEXT_HASH`]); native builds and tests include it ([`Listing::bundled`]).

use super::line::{Line, Only, Variant};

/// A hash of `www/host-code.txt` as built: the page asks for this version of the file and
/// takes no other (a page of an earlier deploy never shows a later host with its own places).
/// Computed while compiling: the text itself stays out of the module.
pub const TEXT_HASH: u64 = fnv1a(include_bytes!("../../www/host-code.txt"));

/// The 64-bit FNV-1a hash of `bytes`.
pub const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// A line as the pane shows it in one variant.
#[derive(Clone, Copy, Debug)]
pub struct Shown {
    /// Its number in this variant, from 1.
    pub number: usize,
    /// The line.
    pub line: &'static Line,
    /// The function it belongs to (None outside any `def`).
    pub function: Option<&'static str>,
}

/// The host, line by line.
#[derive(Debug, Default)]
pub struct Listing {
    lines: Vec<Line>,
}

impl Listing {
    /// Reads the host: one line each, `code | English comment | Chinese comment | marks`, the
    /// trailing fields left out when empty; a comment that is an engine file's path is written
    /// once (it reads the same in both languages); the marks are `@place` and the variant
    /// (`append`, `drain`, `small_lock`, `hold_lock`).
    pub fn parse(text: &'static str) -> Result<Listing, String> {
        let lines = text.lines().map(parse_line).collect::<Result<_, _>>()?;
        Ok(Listing { lines })
    }

    /// The host as built into the binary, for the tests and tools (the page never calls it, so
    /// its text stays out of the page's module: the page fetches it).
    pub fn bundled() -> &'static Listing {
        use std::sync::OnceLock;
        static LISTING: OnceLock<Listing> = OnceLock::new();
        LISTING.get_or_init(|| {
            Listing::parse(include_str!("../../www/host-code.txt"))
                .unwrap_or(Listing { lines: Vec::new() })
        })
    }

    /// Every line, in every variant.
    pub fn lines(&'static self) -> &'static [Line] {
        &self.lines
    }

    /// The lines of `variant`, numbered, each with its function.
    pub fn shown(&'static self, variant: Variant) -> Vec<Shown> {
        let mut function = None;
        let lines = self.lines.iter().filter(|l| variant.shows(l.only));
        let mut out = Vec::with_capacity(self.lines.len());
        for (index, line) in lines.enumerate() {
            if let Some(name) = line.defines() {
                function = Some(name);
            } else if !line.code.starts_with(' ') {
                // A top-level statement or a section's comment: outside any function.
                function = None;
            }
            out.push(Shown {
                number: index + 1,
                line,
                function,
            });
        }
        out
    }

    /// The line number of `place` in `variant` (None if that variant has no such line).
    pub fn line_number(&'static self, variant: Variant, place: &str) -> Option<usize> {
        self.shown(variant)
            .into_iter()
            .find(|s| s.line.place == Some(place))
            .map(|s| s.number)
    }

    /// The engine file that implements `function` (its `def` line's comment).
    pub fn file_of(&'static self, function: &str) -> Option<&'static str> {
        self.lines
            .iter()
            .find(|l| l.defines() == Some(function))
            .and_then(|l| l.note)
            .map(|(en, _)| en)
    }
}

fn parse_line(text: &'static str) -> Result<Line, String> {
    let mut fields = text.split('|');
    let code = fields.next().unwrap_or("").trim_end();
    let mut next = || fields.next().map_or("", str::trim);
    let (en, zh, marks) = (next(), next(), next());
    if !next().is_empty() {
        return Err(format!("more than four fields: {text}"));
    }
    let zh = if zh.is_empty() && en.starts_with("engine/") {
        en
    } else {
        zh
    };
    let note = match (en.is_empty(), zh.is_empty()) {
        (true, true) => None,
        (false, false) => Some((en, zh)),
        _ => return Err(format!("a comment in one language only: {text}")),
    };
    let mut line = Line {
        code,
        note,
        only: Only::All,
        place: None,
    };
    for mark in marks.split_whitespace() {
        match (mark.strip_prefix('@'), Only::parse(mark)) {
            (Some(place), _) => line.place = Some(place),
            (None, Some(only)) => line.only = only,
            (None, None) => return Err(format!("an unknown mark {mark}: {text}")),
        }
    }
    Ok(line)
}
