//! The lines of the host's code that produce events, as the first module keeps them
//! (`places.txt`, one compact string parsed once): each line's place name, the variant it is
//! in, its function, its code and what it stands for (`claims.rs`). This is all the transport's
//! line breakpoints, links and the "which line runs next?" checkpoints need; the whole host with
//! its comments (`listing.rs`) comes with the pane. A native test holds that every row here is a
//! line of the listing, with the same code, variant and function, in the same order.

use std::sync::OnceLock;

use super::claims::{parse_claims, Claim};
use super::line::{Only, Variant};

/// The rows, as written.
pub const TEXT: &str = include_str!("places.txt");

/// One line that produces events.
#[derive(Clone, Debug)]
pub struct PlaceLine {
    /// Its stable name (what a breakpoint and a checkpoint keep).
    pub place: &'static str,
    /// The variant it is shown in.
    pub only: Only,
    /// The function it is in (None outside any `def`).
    pub function: Option<&'static str>,
    /// Its code, without the indentation.
    pub code: &'static str,
    /// The events it stands for.
    pub claims: Vec<Claim>,
}

/// Reads the rows: `place [variant] | function | code | claims`, `-` for no function; blank
/// lines and lines starting with `#` are notes.
pub fn parse(text: &'static str) -> Result<Vec<PlaceLine>, String> {
    let rows = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    rows.map(|row| {
        let fields: Vec<&'static str> = row.split('|').map(str::trim).collect();
        let [name, function, code, claims] = fields[..] else {
            return Err(format!("not four fields: {row}"));
        };
        let mut name = name.split_whitespace();
        let place = name.next().ok_or_else(|| format!("no place: {row}"))?;
        let only = name.next().map_or(Some(Only::All), Only::parse);
        Ok(PlaceLine {
            place,
            only: only.ok_or_else(|| format!("an unknown variant: {row}"))?,
            function: (function != "-").then_some(function),
            code,
            claims: parse_claims(claims).map_err(|e| format!("{e}: {row}"))?,
        })
    })
    .collect()
}

/// Every row of `places.txt` (none should it not read: the native tests hold that it does).
pub fn place_lines() -> &'static [PlaceLine] {
    static LINES: OnceLock<Vec<PlaceLine>> = OnceLock::new();
    LINES.get_or_init(|| parse(TEXT).unwrap_or_default())
}

/// Every place, in source order (each once).
pub fn places() -> &'static [&'static str] {
    static PLACES: OnceLock<Vec<&'static str>> = OnceLock::new();
    PLACES.get_or_init(|| {
        let mut list: Vec<&'static str> = Vec::new();
        for line in place_lines() {
            if !list.contains(&line.place) {
                list.push(line.place);
            }
        }
        list
    })
}

/// The function `place` is in (the same in every variant that has it).
pub fn function_of(place: &str) -> Option<&'static str> {
    place_lines()
        .iter()
        .find(|l| l.place == place)
        .and_then(|l| l.function)
}

/// The line of `place` as `variant` shows it, or, if that variant has none, as another does.
pub fn place_line(place: &str, variant: Variant) -> Option<&'static PlaceLine> {
    let mut lines = place_lines().iter().filter(|l| l.place == place).peekable();
    let first = *lines.peek()?;
    Some(lines.find(|l| variant.shows(l.only)).unwrap_or(first))
}
