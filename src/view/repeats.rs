//! Repeated identical tool calls, collapsed. A model may call the same tool with the same
//! arguments dozens of times in one reply (lesson 7's archivist reads one file until its
//! history is full); each call is an event and a line in the reply's list. The caption says
//! where a step is in such a run and lets the learner skip it; the lists show the run as one
//! expandable group.

use std::ops::Range;

use crate::engine::{Event, EventKind};
use crate::view::detail::EntryRow;

/// Runs shorter than this are shown as they are.
pub const MIN_RUN: usize = 3;

/// A run of consecutive identical tool calls around an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepeatRun {
    /// Index of the run's first event.
    pub first: usize,
    /// Number of events in the run.
    pub count: usize,
    /// Position of the asked-about event in the run (0-based).
    pub position: usize,
}

impl RepeatRun {
    /// The step right after the run's last event (where "skip the rest" lands).
    pub fn step_after(&self) -> usize {
        self.first + self.count + 1
    }
}

/// Same member, tool, arguments and result (the call ids differ).
fn same_call(a: &Event, b: &Event) -> bool {
    match (&a.kind, &b.kind) {
        (
            EventKind::ToolExecuted {
                member,
                tool,
                arguments,
                result,
                is_error,
                ..
            },
            EventKind::ToolExecuted {
                member: m,
                tool: t,
                arguments: args,
                result: r,
                is_error: e,
                ..
            },
        ) => member == m && tool == t && arguments == args && result == r && is_error == e,
        _ => false,
    }
}

/// The run of at least [`MIN_RUN`] identical tool calls that event `index` belongs to, if any.
pub fn repeat_run(events: &[Event], index: usize) -> Option<RepeatRun> {
    let event = events.get(index)?;
    if !matches!(event.kind, EventKind::ToolExecuted { .. }) {
        return None;
    }
    let before = events[..index]
        .iter()
        .rev()
        .take_while(|e| same_call(e, event))
        .count();
    let after = events[index + 1..]
        .iter()
        .take_while(|e| same_call(e, event))
        .count();
    let count = before + 1 + after;
    (count >= MIN_RUN).then_some(RepeatRun {
        first: index - before,
        count,
        position: before,
    })
}

/// Consecutive equal items as one group.
#[derive(Clone, Debug, PartialEq)]
pub struct Group<'a, T> {
    pub item: &'a T,
    pub count: usize,
}

/// Groups consecutive equal items, in order.
pub fn group_calls<T: PartialEq>(items: &[T]) -> Vec<Group<'_, T>> {
    let mut groups: Vec<Group<'_, T>> = Vec::new();
    for item in items {
        match groups.last_mut() {
            Some(group) if group.item == item => group.count += 1,
            _ => groups.push(Group { item, count: 1 }),
        }
    }
    groups
}

/// Runs of consecutive items that `same` says are alike, as index ranges covering `items` in
/// order (a lone item is a run of one).
pub fn runs_by<T>(items: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if same(&items[run.start], item) => run.end = i + 1,
            _ => runs.push(i..i + 1),
        }
    }
    runs
}

/// Two history entries that say the same thing (a tool result read again and again): same
/// role, text, tool, calls and error flag, carrying no message and marked as nothing new.
pub fn same_entry(a: &EntryRow, b: &EntryRow) -> bool {
    a.new.is_none()
        && b.new.is_none()
        && a.notifies.is_empty()
        && b.notifies.is_empty()
        && a.role == b.role
        && a.text == b.text
        && a.tool == b.tool
        && a.calls == b.calls
        && a.is_error == b.is_error
}
