//! The engine's own containers against the standard ones they stand in for: `PVec` (the
//! chunked vector whose clones share chunks, what keeps the timeline's checkpoints cheap)
//! against `Vec`, `SortedMap` against `BTreeMap`, at the chunk boundaries and after clones
//! that must not see each other's writes; and the text measures at their edges.

use agent_team_engine::sorted_map::SortedMap;
use agent_team_engine::text::{char_len, counted, preview};
use agent_team_engine::PVec;
use std::collections::BTreeMap;

/// Every read of `p` agrees with `v`.
#[track_caller]
fn same(p: &PVec<u32>, v: &[u32]) {
    assert_eq!(p.len(), v.len());
    assert_eq!(p.is_empty(), v.is_empty());
    assert_eq!(p.last(), v.last());
    assert_eq!(p.to_vec(), v);
    assert_eq!(p.iter().rev().copied().collect::<Vec<_>>(), {
        let mut r = v.to_vec();
        r.reverse();
        r
    });
    for i in [
        0,
        1,
        63,
        64,
        65,
        127,
        128,
        129,
        v.len().saturating_sub(1),
        v.len(),
        v.len() + 1,
    ] {
        assert_eq!(p.get(i), v.get(i), "get({i})");
        assert_eq!(
            p.iter_from(i).copied().collect::<Vec<_>>(),
            v.get(i..).unwrap_or(&[]),
            "iter_from({i})"
        );
        if i < v.len() {
            assert_eq!(p[i], v[i]);
        }
    }
}

#[test]
fn a_pvec_reads_like_a_vec_at_every_chunk_boundary_and_clones_do_not_share_writes() {
    let mut p = PVec::new();
    let mut v = Vec::new();
    same(&p, &v);
    let mut snapshots: Vec<(PVec<u32>, Vec<u32>)> = Vec::new();
    for n in 0..200u32 {
        p.push(n);
        v.push(n);
        if [0, 62, 63, 64, 127, 128, 199].contains(&n) {
            same(&p, &v);
            snapshots.push((p.clone(), v.clone()));
        }
    }
    for i in [0, 63, 64, 150, 199] {
        *p.get_mut(i).expect("in range") += 1_000;
        v[i] += 1_000;
    }
    assert_eq!(p.get_mut(200), None);
    assert_eq!(p.get_mut(1_000), None);
    same(&p, &v);
    // Earlier clones kept what they held: writes after a clone copy the chunk they touch.
    for (clone, expected) in &snapshots {
        same(clone, expected);
    }
    let collected: PVec<u32> = v.iter().copied().collect();
    assert_eq!(collected, p);
    assert_eq!(PVec::from(v.clone()), p);
    let mut other = p.clone();
    other.push(7);
    assert_ne!(other, p);
    let mut changed = p.clone();
    *changed.get_mut(10).expect("in range") = 7;
    assert_ne!(changed, p);
    assert_eq!(format!("{:?}", PVec::from(vec![1u32, 2])), "[1, 2]");
    let json = serde_json::to_string(&p).expect("serializes");
    assert_eq!(json, serde_json::to_string(&v).expect("serializes"));
    let back: PVec<u32> = serde_json::from_str(&json).expect("reads back");
    same(&back, &v);
}

#[test]
fn a_sorted_map_reads_like_a_btree_map() {
    let mut s: SortedMap<String, u32> = SortedMap::new();
    let mut b: BTreeMap<String, u32> = BTreeMap::new();
    assert!(s.is_empty());
    for (i, key) in ["m", "c", "x", "a", "c", "z", "b", "m"].iter().enumerate() {
        assert_eq!(
            s.insert(key.to_string(), i as u32),
            b.insert(key.to_string(), i as u32),
            "insert {key}"
        );
    }
    s.or_insert_with("q".into(), || 50);
    b.entry("q".into()).or_insert(50);
    s.or_insert_with("a".into(), || 60);
    b.entry("a".into()).or_insert(60);
    assert_eq!(s.remove("x"), b.remove("x"));
    assert_eq!(s.remove("nothing"), None);
    if let Some(v) = s.get_mut("b") {
        *v += 100;
    }
    if let Some(v) = b.get_mut("b") {
        *v += 100;
    }
    for v in s.values_mut() {
        *v += 1;
    }
    for v in b.values_mut() {
        *v += 1;
    }
    assert_eq!(s.len(), b.len());
    assert!(!s.is_empty());
    let pairs: Vec<(&String, &u32)> = s.iter().collect();
    assert_eq!(pairs, b.iter().collect::<Vec<_>>());
    assert_eq!(
        s.iter().rev().collect::<Vec<_>>(),
        b.iter().rev().collect::<Vec<_>>()
    );
    assert_eq!((&s).into_iter().collect::<Vec<_>>(), pairs);
    assert_eq!(s.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    assert_eq!(
        s.values().collect::<Vec<_>>(),
        b.values().collect::<Vec<_>>()
    );
    for key in ["a", "b", "c", "m", "q", "x", "z", "0", "zz"] {
        assert_eq!(s.get(key), b.get(key), "get {key}");
        assert_eq!(s.contains_key(key), b.contains_key(key), "contains {key}");
    }
    assert_eq!(s["q"], b["q"]);
    let json = serde_json::to_string(&s).expect("serializes");
    assert_eq!(json, serde_json::to_string(&b).expect("serializes"));
    let back: SortedMap<String, u32> = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back.iter().collect::<Vec<_>>(), pairs);
    let from: SortedMap<&str, u32> = SortedMap::from([("b", 2), ("a", 1), ("b", 3)]);
    assert_eq!(from.iter().collect::<Vec<_>>(), [(&"a", &1), (&"b", &3)]);
    let taken = s.take();
    assert!(s.is_empty());
    assert_eq!(taken.len(), b.len());
}

/// M7: limits count characters, not bytes; a preview cuts only past its length.
#[test]
fn m7_text_is_measured_in_characters_and_cut_only_past_the_limit() {
    assert_eq!(char_len(""), 0);
    assert_eq!(char_len("中文ab"), 4);
    assert_eq!(preview("abc", 3, "…"), "abc");
    assert_eq!(preview("abcd", 3, "…"), "abc…");
    assert_eq!(preview("中文字", 2, "..."), "中文...");
    assert_eq!(preview("a\tb\nc", 10, "…"), "a b c");
    assert_eq!(counted(0, "entry", "entries"), "0 entries");
    assert_eq!(counted(1, "entry", "entries"), "1 entry");
    assert_eq!(counted(2, "entry", "entries"), "2 entries");
}
