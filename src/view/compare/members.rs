//! Per member, what differs between two runs: the history (its first entry that differs, the
//! first row it shows, the entries only one run has), the requests sent, and the waits for the
//! lock (T6: under the large lock a member waits for another's whole round).

use crate::engine::{EventKind, Lang, TeamState, Timeline};

/// One wait for the lock: from the step the member asked until the step its round started
/// (None: it was still waiting at the end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wait {
    pub from: usize,
    pub until: Option<usize>,
    /// The logical time it waited.
    pub time: u64,
}

/// One member in both runs.
#[derive(Clone, Debug, PartialEq)]
pub struct MemberDiff {
    pub name: String,
    /// The history's length at the end, in run A and run B.
    pub history: (usize, usize),
    /// The first history entry (index) that differs at the end, None if the same.
    pub history_parts_at: Option<usize>,
    /// The first row where its history differs.
    pub history_row: Option<usize>,
    /// The entries' texts only one run has, at the end (A's, B's), each cut short.
    pub only: (Vec<String>, Vec<String>),
    /// The requests it sent, in run A and run B.
    pub requests: (usize, usize),
    /// The first row where its requests differ.
    pub requests_row: Option<usize>,
    /// Its waits for the lock, in run A and run B.
    pub waits: (Vec<Wait>, Vec<Wait>),
}

impl MemberDiff {
    /// Whether anything about it differs.
    pub fn differs(&self) -> bool {
        self.history_parts_at.is_some()
            || self.requests.0 != self.requests.1
            || self.requests_row.is_some()
            || self.waits.0 != self.waits.1
    }

    /// What differs, in one line of the learner's language after `name` as the caller writes
    /// it (the comparison's list and its Markdown export say it alike): history entries,
    /// requests and lock waits in A / B.
    pub fn line(&self, name: &str, lang: Lang) -> String {
        let (h, r, w) = (
            self.history,
            self.requests,
            (self.waits.0.len(), self.waits.1.len()),
        );
        match lang {
            Lang::Zh => format!(
                "{}：历史 {} / {} 条，请求 {} / {} 个，等锁 {} / {} 次",
                name, h.0, h.1, r.0, r.1, w.0, w.1
            ),
            Lang::En => format!(
                "{}: history {} / {} entries, requests {} / {}, lock waits {} / {}",
                name, h.0, h.1, r.0, r.1, w.0, w.1
            ),
        }
    }

    /// The logical time it waited for the lock, in run A and run B.
    pub fn waited(&self) -> (u64, u64) {
        let sum = |w: &[Wait]| w.iter().map(|w| w.time).sum();
        (sum(&self.waits.0), sum(&self.waits.1))
    }
}

const ENTRY_PREVIEW: usize = 60;

fn texts(state: &TeamState, name: &str) -> Vec<String> {
    state
        .member(name)
        .map(|m| m.history().iter().map(|e| e.text.clone()).collect())
        .unwrap_or_default()
}

/// Whether `name`'s history is the same in both states (entry by entry, by text).
fn same_history(a: &TeamState, b: &TeamState, name: &str) -> bool {
    match (a.member(name), b.member(name)) {
        (Some(ma), Some(mb)) => {
            let (ha, hb) = (ma.history(), mb.history());
            ha.len() == hb.len() && ha.iter().zip(hb.iter()).all(|(x, y)| x.text == y.text)
        }
        (a, b) => a.is_none() && b.is_none(),
    }
}

fn request_count(state: &TeamState, name: &str) -> usize {
    state.member(name).map_or(0, |m| m.requests().len())
}

/// The waits for the lock of `name` in `timeline`.
fn waits(timeline: &Timeline, name: &str) -> Vec<Wait> {
    let events = timeline.events();
    let mut waits = Vec::new();
    for event in events {
        let EventKind::LockWaiting { member, .. } = &event.kind else {
            continue;
        };
        if member != name {
            continue;
        }
        let started = events[event.seq..]
            .iter()
            .find(|e| matches!(&e.kind, EventKind::RoundStarted { member, .. } if member == name));
        let end_time = started.map_or(timeline.final_state().now(), |e| e.time);
        waits.push(Wait {
            from: event.seq + 1,
            until: started.map(|e| e.seq + 1),
            time: end_time.saturating_sub(event.time),
        });
    }
    waits
}

/// The entries of `a` not in `b` (as a multiset), cut short.
fn only_in(a: &[String], b: &[String]) -> Vec<String> {
    let mut rest: Vec<&String> = b.iter().collect();
    a.iter()
        .filter(|text| match rest.iter().position(|t| t == text) {
            Some(i) => {
                rest.swap_remove(i);
                false
            }
            None => true,
        })
        .map(|t| crate::engine::text::preview(t, ENTRY_PREVIEW, "…"))
        .collect()
}

/// Every member of either run, in run A's roster order then B's newcomers, with what differs
/// at the end (the rows where it first differs are [`observe`]'s).
pub fn list(a: &Timeline, b: &Timeline) -> Vec<MemberDiff> {
    let (fa, fb) = (a.final_state(), b.final_state());
    let mut names: Vec<String> = fa.order().to_vec();
    for name in fb.order() {
        if !names.contains(name) {
            names.push(name.clone());
        }
    }
    names
        .into_iter()
        .map(|name| {
            let (ha, hb) = (texts(fa, &name), texts(fb, &name));
            let history_parts_at = (0..ha.len().max(hb.len())).find(|&i| ha.get(i) != hb.get(i));
            MemberDiff {
                history: (ha.len(), hb.len()),
                history_parts_at,
                history_row: None,
                only: (only_in(&ha, &hb), only_in(&hb, &ha)),
                requests: (request_count(fa, &name), request_count(fb, &name)),
                requests_row: None,
                waits: (waits(a, &name), waits(b, &name)),
                name,
            }
        })
        .collect()
}

/// Row `index` of the comparison, run A's state `sa` beside run B's `sb`: the first row where
/// each member's history or requests differ.
pub fn observe(members: &mut [MemberDiff], index: usize, sa: &TeamState, sb: &TeamState) {
    for member in members {
        if member.history_row.is_none() && !same_history(sa, sb, &member.name) {
            member.history_row = Some(index);
        }
        if member.requests_row.is_none()
            && request_count(sa, &member.name) != request_count(sb, &member.name)
        {
            member.requests_row = Some(index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_in_is_a_multiset_difference() {
        let a = vec!["x".to_string(), "x".to_string(), "y".to_string()];
        let b = vec!["x".to_string()];
        assert_eq!(only_in(&a, &b), vec!["x".to_string(), "y".to_string()]);
        assert!(only_in(&b, &a).is_empty());
    }
}
