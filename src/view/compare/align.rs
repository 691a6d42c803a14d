//! Two runs aligned step by step, so one transport moves both: the rows of a comparison, each
//! a step of run A beside a step of run B. The beats are the story level's stops (or every
//! event, the fallback at the event level and for a run without a story), with the step where
//! the runs part added to both. Before the parting the runs are the same events, so their
//! beats pair by step; after it a beat is paired with the other run's beat of the same member
//! and event kind by a longest common subsequence, and a beat only one run has gets a row of
//! its own where the other run holds its previous step.

use crate::engine::Event;

/// One row of the comparison: run A at step `a` beside run B at step `b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub a: usize,
    pub b: usize,
}

/// Above this many pairs of beats the alignment pairs beats in order instead (a generated log
/// of thousands of events; a lesson has at most a few hundred beats a side).
pub const MAX_PAIRS: usize = 4_000_000;

/// What a beat is matched on after the parting: who acted and what happened; before it, the
/// step itself (the runs are the same events there).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Key<'a> {
    Same(usize),
    Beat(Option<&'a str>, &'static str),
}

fn keys<'a>(events: &'a [Event], beats: &[usize], parting: usize) -> Vec<Key<'a>> {
    beats
        .iter()
        .map(|&step| match events.get(step.wrapping_sub(1)) {
            Some(_) if step < parting => Key::Same(step),
            Some(event) => Key::Beat(event.actor.as_deref(), event.kind.name()),
            None => Key::Same(step),
        })
        .collect()
}

/// The beats of a run: `stops` (sorted story steps) or, with none, every step; plus the
/// parting step when the run has it, and the last step.
pub fn beats(stops: Option<&[usize]>, len: usize, parting: Option<usize>) -> Vec<usize> {
    let mut beats: Vec<usize> = match stops {
        Some(stops) => stops
            .iter()
            .copied()
            .filter(|s| (1..=len).contains(s))
            .collect(),
        None => (1..=len).collect(),
    };
    beats.extend(parting.filter(|p| *p <= len));
    if len > 0 {
        beats.push(len);
    }
    beats.sort_unstable();
    beats.dedup();
    beats
}

/// Each run's beats before `parting` added to the other's (both lists stay sorted).
pub fn share_before(a: &mut Vec<usize>, b: &mut Vec<usize>, parting: usize) {
    let before = |beats: &[usize]| -> Vec<usize> {
        beats.iter().copied().filter(|s| *s < parting).collect()
    };
    let (from_a, from_b) = (before(a), before(b));
    for (beats, extra) in [(&mut *a, from_b), (&mut *b, from_a)] {
        beats.extend(extra);
        beats.sort_unstable();
        beats.dedup();
    }
}

/// The rows aligning run A's beats with run B's (each list sorted), starting at row (0, 0).
/// `parting` is the first step whose event differs (steps before it are the same in both).
pub fn align(
    events: (&[Event], &[Event]),
    beats: (&[usize], &[usize]),
    parting: usize,
) -> Vec<Row> {
    let ka = keys(events.0, beats.0, parting);
    let kb = keys(events.1, beats.1, parting);
    let pairs = if ka.len().saturating_mul(kb.len()) > MAX_PAIRS {
        in_order(ka.len(), kb.len())
    } else {
        common(&ka, &kb)
    };
    let mut rows = vec![Row { a: 0, b: 0 }];
    let (mut i, mut j) = (0, 0);
    let push = |rows: &mut Vec<Row>, a: Option<usize>, b: Option<usize>| {
        let last = *rows.last().unwrap_or(&Row { a: 0, b: 0 });
        rows.push(Row {
            a: a.map_or(last.a, |i| beats.0[i]),
            b: b.map_or(last.b, |j| beats.1[j]),
        });
    };
    // Each pair, then the end: first the beats only one run has before it, in step order
    // across both runs.
    let end = (beats.0.len(), beats.1.len());
    for pair in pairs.into_iter().map(Some).chain([None]) {
        let (until_a, until_b) = pair.unwrap_or(end);
        while i < until_a || j < until_b {
            let a_first = j >= until_b || (i < until_a && beats.0[i] <= beats.1[j]);
            if a_first {
                push(&mut rows, Some(i), None);
                i += 1;
            } else {
                push(&mut rows, None, Some(j));
                j += 1;
            }
        }
        if let Some((pi, pj)) = pair {
            push(&mut rows, Some(pi), Some(pj));
            i = pi + 1;
            j = pj + 1;
        }
    }
    rows
}

/// Beats paired in order, the longer run's tail alone (the fallback past [`MAX_PAIRS`]).
fn in_order(a: usize, b: usize) -> Vec<(usize, usize)> {
    (0..a.min(b)).map(|i| (i, i)).collect()
}

/// The pairs of a longest common subsequence of the two key lists, in order.
fn common(a: &[Key<'_>], b: &[Key<'_>]) -> Vec<(usize, usize)> {
    let (n, m) = (a.len(), b.len());
    // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
    let width = m + 1;
    let mut lengths = vec![0u32; (n + 1) * width];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lengths[i * width + j] = if a[i] == b[j] {
                lengths[(i + 1) * width + j + 1] + 1
            } else {
                lengths[(i + 1) * width + j].max(lengths[i * width + j + 1])
            };
        }
    }
    let mut pairs = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if a[i] == b[j] {
            pairs.push((i, j));
            i += 1;
            j += 1;
        } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EventKind;

    fn event(seq: usize, actor: &str, kind: EventKind) -> Event {
        Event {
            seq,
            time: seq as u64,
            actor: Some(actor.to_string()),
            kind,
        }
    }

    fn lock(seq: usize, actor: &str) -> Event {
        event(
            seq,
            actor,
            EventKind::LockAcquired {
                member: actor.into(),
            },
        )
    }

    fn release(seq: usize, actor: &str) -> Event {
        event(
            seq,
            actor,
            EventKind::LockReleased {
                member: actor.into(),
            },
        )
    }

    #[test]
    fn beats_are_the_stops_with_the_parting_and_last_step() {
        assert_eq!(beats(Some(&[2, 5]), 8, Some(4)), vec![2, 4, 5, 8]);
        assert_eq!(beats(None, 3, None), vec![1, 2, 3]);
        assert_eq!(beats(Some(&[2, 9]), 8, Some(12)), vec![2, 8]);
    }

    #[test]
    fn the_same_prefix_pairs_by_step_and_an_extra_beat_holds_the_other_run() {
        // A: lock(a) release(a) lock(b) release(b); B: lock(a) release(a) lock(c) lock(b) release(b)
        let a = vec![lock(0, "a"), release(1, "a"), lock(2, "b"), release(3, "b")];
        let b = vec![
            lock(0, "a"),
            release(1, "a"),
            lock(2, "c"),
            lock(3, "b"),
            release(4, "b"),
        ];
        let rows = align((&a, &b), (&[1, 2, 3, 4], &[1, 2, 3, 4, 5]), 3);
        let pairs: Vec<(usize, usize)> = rows.iter().map(|r| (r.a, r.b)).collect();
        assert_eq!(pairs, vec![(0, 0), (1, 1), (2, 2), (2, 3), (3, 4), (4, 5)]);
    }

    #[test]
    fn past_the_cap_beats_pair_in_order() {
        assert_eq!(in_order(3, 2), vec![(0, 0), (1, 1)]);
    }
}
