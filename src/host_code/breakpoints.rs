//! Breakpoints on lines: a set of places (`places.txt`), a run stops at the next event one of
//! them produced. The event-kind breakpoints the playground had before are the lines of their
//! kind: every place stands for events of one kind only ([`category_of`], checked by the native
//! walk), so "stop on every commit" is "stop on the commit lines", the same stops. A link keeps
//! the kinds whose lines are all set as kinds (what older readers understand) and any other line
//! by its place's name.

use super::claims::At;
use super::mapper::place_at;
use super::places::place_lines;
pub use super::places::places;
use crate::engine::Category;

fn index_of(place: &str) -> Option<usize> {
    places().iter().position(|p| *p == place)
}

/// The breakpoint kind of the events an event kind's name stands for (the engine's
/// `EventKind::category`, by name).
pub fn category_of_kind(kind: &str) -> Category {
    match kind {
        "message_queued" | "resend_ignored" | "report_cut" => Category::Store,
        "inbox_drained" | "candidate_prepared" => Category::Prepare,
        "history_committed" => Category::Commit,
        "candidate_discarded" => Category::Discard,
        "model_requested" | "retry_scheduled" => Category::Request,
        "model_replied" | "model_failed" => Category::Reply,
        "lock_acquired" | "lock_released" | "lock_waiting" => Category::Lock,
        "protocol_opened" | "protocol_decided" | "should_exit_set" => Category::Protocol,
        "refused" => Category::Refusal,
        "member_spawned" | "round_started" | "round_finished" | "status_changed"
        | "member_recalled" | "roster_restored" | "team_disbanded" => Category::Lifecycle,
        _ => Category::Other,
    }
}

/// The breakpoint kind of the events `place` stands for (its first claim's; the native test
/// holds that all its claims agree).
pub fn category_of(place: &str) -> Option<Category> {
    place_lines()
        .iter()
        .find(|l| l.place == place)
        .and_then(|l| l.claims.first())
        .map(|c| category_of_kind(c.kind))
}

/// A set of lines with a breakpoint, by place. A bitset: there are fewer than 128 places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineBreaks(u128);

impl LineBreaks {
    /// Whether `place` has a breakpoint.
    pub fn contains(&self, place: &str) -> bool {
        index_of(place).is_some_and(|i| self.0 & (1 << i) != 0)
    }

    /// Sets a breakpoint on `place`; an unknown place is ignored and said so (false).
    pub fn insert(&mut self, place: &str) -> bool {
        match index_of(place) {
            Some(i) => {
                self.0 |= 1 << i;
                true
            }
            None => false,
        }
    }

    /// Removes the breakpoint on `place`.
    pub fn remove(&mut self, place: &str) {
        if let Some(i) = index_of(place) {
            self.0 &= !(1 << i);
        }
    }

    /// Sets or removes the breakpoint on `place`.
    pub fn toggle(&mut self, place: &str) {
        if self.contains(place) {
            self.remove(place);
        } else {
            self.insert(place);
        }
    }

    /// Whether no line has a breakpoint.
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The places with a breakpoint, in source order.
    pub fn iter(&self) -> impl Iterator<Item = &'static str> + '_ {
        places()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0 & (1 << i) != 0)
            .map(|(_, p)| *p)
    }

    /// The places of one event kind's breakpoint.
    pub fn of_category(category: Category) -> LineBreaks {
        let mut set = LineBreaks::default();
        for place in places() {
            if category_of(place) == Some(category) {
                set.insert(place);
            }
        }
        set
    }

    /// Whether every line of `category` has a breakpoint (its kind toggle shows pressed).
    pub fn has_category(&self, category: Category) -> bool {
        let lines = LineBreaks::of_category(category);
        !lines.is_empty() && self.0 & lines.0 == lines.0
    }

    /// Sets (or, with `on` false, removes) every line of `category`.
    pub fn set_category(&mut self, category: Category, on: bool) {
        let lines = LineBreaks::of_category(category).0;
        if on {
            self.0 |= lines;
        } else {
            self.0 &= !lines;
        }
    }

    /// The kinds and lines of an older or newer link together.
    pub fn from_parts(categories: &[Category], lines: &[String]) -> LineBreaks {
        let mut set = LineBreaks::default();
        for category in categories {
            set.set_category(*category, true);
        }
        for line in lines {
            set.insert(line);
        }
        set
    }

    /// What a link keeps: the kinds whose lines are all set, and every other line by name.
    pub fn to_parts(&self) -> (Vec<Category>, Vec<String>) {
        let mut rest = *self;
        let mut categories = Vec::new();
        for category in Category::ALL.iter().copied() {
            if self.has_category(category) {
                categories.push(category);
                rest.set_category(category, false);
            }
        }
        (categories, rest.iter().map(str::to_string).collect())
    }

    /// Whether the event at `at` was produced by a line with a breakpoint (what stops a run).
    pub fn stops_at(&self, at: &At) -> bool {
        !self.is_empty() && place_at(at).is_some_and(|p| self.contains(p))
    }
}
