//! From an event to the line that produced it: every line's claims are asked (`claims.rs`); the
//! one place whose claim holds is the answer, a catch-all claim ([`When::Otherwise`](super::claims::When::Otherwise)) only when
//! no other claim on its kind holds. The answer does not depend on the variant shown (a place
//! that exists in two variants claims the same events in both), so a breakpoint can be checked
//! from the events alone; the variant only numbers the lines.

use super::claims::{claim_holds, At};
use super::line::{Line, Variant};
use super::source::HOST;

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

/// The lines of `variant`, numbered, each with its function.
pub fn shown(variant: Variant) -> Vec<Shown> {
    let mut function = None;
    let mut lines = Vec::with_capacity(HOST.len());
    for (index, line) in HOST.iter().filter(|l| variant.shows(l.only)).enumerate() {
        let number = index + 1;
        if let Some(name) = line.defines() {
            function = Some(name);
        } else if !line.code.starts_with(' ') {
            // A top-level statement, a blank line or a section's comment: outside any function.
            function = None;
        }
        lines.push(Shown {
            number,
            line,
            function,
        });
    }
    lines
}

/// The line number of `place` in `variant` (None if that variant has no such line).
pub fn line_number(variant: Variant, place: &str) -> Option<usize> {
    shown(variant)
        .into_iter()
        .find(|s| s.line.place == Some(place))
        .map(|s| s.number)
}

/// The function `place` is in (the same in every variant that has it).
pub fn function_of(place: &str) -> Option<&'static str> {
    Variant::ALL.iter().find_map(|v| {
        shown(*v)
            .into_iter()
            .find(|s| s.line.place == Some(place))
            .and_then(|s| s.function)
    })
}

/// Every place whose claim holds of the event at `at` (distinct names, source order). Exactly
/// one for every event a lesson makes: the native walk checks it.
pub fn places_at(at: &At) -> Vec<&'static str> {
    let Some(event) = at.event() else {
        return Vec::new();
    };
    let kind = event.kind.name();
    let mut found: Vec<&'static str> = Vec::new();
    let mut otherwise: Vec<&'static str> = Vec::new();
    for line in HOST {
        let Some(place) = line.place else { continue };
        for claim in line.claims.iter().filter(|c| c.kind == kind) {
            let list = if claim.is_otherwise() {
                &mut otherwise
            } else {
                &mut found
            };
            if claim_holds(claim, at) && !list.contains(&place) {
                list.push(place);
            }
        }
    }
    if found.is_empty() {
        otherwise
    } else {
        found
    }
}

/// The one place that produced the event at `at` (the first, should a run ever make more than
/// one hold; None for an event no line stands for).
pub fn place_at(at: &At) -> Option<&'static str> {
    places_at(at).into_iter().next()
}
