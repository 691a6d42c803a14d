//! From an event to the line that produced it: every line's claims are asked (`claims.rs`); the
//! one place whose claim holds is the answer, a catch-all claim
//! ([`When::Otherwise`](super::claims::When::Otherwise)) only when no other claim on its kind
//! holds. The answer does not depend on the variant shown (a place that exists in two variants
//! claims the same events in both), so a breakpoint can be checked from the events alone; the
//! variant only numbers the lines (`listing.rs`).

use super::claims::{claim_holds, At};
use super::places::place_lines;

/// Every place whose claim holds of the event at `at` (distinct names, source order). Exactly
/// one for every event a lesson makes: the native walk checks it.
pub fn places_at(at: &At) -> Vec<&'static str> {
    let Some(event) = at.event() else {
        return Vec::new();
    };
    let kind = event.kind.name();
    let mut found: Vec<&'static str> = Vec::new();
    let mut otherwise: Vec<&'static str> = Vec::new();
    for line in place_lines() {
        for claim in line.claims.iter().filter(|c| c.kind == kind) {
            let list = if claim.is_otherwise() {
                &mut otherwise
            } else {
                &mut found
            };
            if claim_holds(claim, at) && !list.contains(&line.place) {
                list.push(line.place);
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
