//! [`PVec`]: a chunked, append-friendly vector whose clones share their chunks.
//!
//! Why they exist: the [`Timeline`](super::timeline::Timeline) keeps a checkpoint of the whole
//! team every few events so that the UI can scrub, and every model request keeps the history
//! it was built from (M3). With plain `Vec`s every checkpoint and every request would copy
//! every history, message and request, so memory and time would grow with the square of the
//! log's length. With these containers a clone bumps one reference count per vector.
//!
//! Appending never copies what a clone shares: each chunk has a fixed number of write-once
//! slots, and a clone of length `n` never reads a slot at or past `n`, so the original can fill
//! the next slot of a chunk it shares (a request shares its member's history, and the reply is
//! appended right after it: that append used to copy the history's last chunk and its list of
//! chunks, once per request). Only when two clones both append at the same position does the
//! second copy the chunk (a fork of a timeline). Changing an element in place (`get_mut`)
//! copies the list of chunk pointers and the chunk it touches if a clone shares them.
//! Elements that are big (history entries, message records, sent requests) are stored as
//! `Arc`s, so copying a chunk copies pointers.
//!
//! `Arc` and `OnceLock` (not `Rc`, `OnceCell`) so that a state can live in a `Send + Sync`
//! signal in the UI.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Elements per chunk. Small enough that copy-on-write of one chunk is cheap, large enough
/// that cloning a long vector touches few pointers.
const CHUNK: usize = 64;

/// `CHUNK` write-once slots; a vector's length says which of them it owns.
struct Chunk<T>(Box<[OnceLock<T>]>);

impl<T: Clone> Chunk<T> {
    /// A chunk whose first slot holds `value`.
    fn starting_with(value: T) -> Arc<Chunk<T>> {
        let chunk = Chunk((0..CHUNK).map(|_| OnceLock::new()).collect());
        let _ = chunk.0[0].set(value);
        Arc::new(chunk)
    }

    /// A chunk of its own with clones of the first `upto` slots of this one.
    fn copied(&self, upto: usize) -> Chunk<T> {
        Chunk(
            self.0
                .iter()
                .enumerate()
                .map(|(i, slot)| match slot.get() {
                    Some(value) if i < upto => OnceLock::from(value.clone()),
                    _ => OnceLock::new(),
                })
                .collect(),
        )
    }
}

/// An append-mostly vector whose clones share their chunks.
///
/// Invariant: the vector owns the first `len` slots of its chunks (every chunk but the last is
/// full), so element `i` lives in chunk `i / CHUNK` at slot `i % CHUNK`, and there are exactly
/// `len.div_ceil(CHUNK)` chunks. Slots past `len` may be filled by a clone: they are never read.
pub struct PVec<T> {
    chunks: Arc<Vec<Arc<Chunk<T>>>>,
    len: usize,
}

impl<T> Clone for PVec<T> {
    fn clone(&self) -> Self {
        PVec {
            chunks: Arc::clone(&self.chunks),
            len: self.len,
        }
    }
}

impl<T> Default for PVec<T> {
    fn default() -> Self {
        PVec {
            chunks: Arc::new(Vec::new()),
            len: 0,
        }
    }
}

impl<T: Clone> PVec<T> {
    /// An empty vector.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are no elements.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends one element into the next free slot, which no clone reads; copies the last
    /// chunk only if a clone already filled that slot with its own element.
    pub fn push(&mut self, value: T) {
        let (at, slot) = (self.len / CHUNK, self.len % CHUNK);
        self.len += 1;
        if slot == 0 {
            Arc::make_mut(&mut self.chunks).push(Chunk::starting_with(value));
            return;
        }
        let Some(last) = self.chunks.get(at) else {
            return;
        };
        if let Err(value) = last.0[slot].set(value) {
            let copy = last.copied(slot);
            let _ = copy.0[slot].set(value);
            if let Some(last) = Arc::make_mut(&mut self.chunks).get_mut(at) {
                *last = Arc::new(copy);
            }
        }
    }

    /// The element at `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<&T> {
        if index >= self.len {
            return None;
        }
        self.chunks.get(index / CHUNK)?.0[index % CHUNK].get()
    }

    /// Mutable access; copies the list of chunks and the touched chunk if a clone shares them.
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        if index >= self.len {
            return None;
        }
        let owned = (self.len - index / CHUNK * CHUNK).min(CHUNK);
        let chunk = Arc::make_mut(&mut self.chunks).get_mut(index / CHUNK)?;
        if Arc::get_mut(chunk).is_none() {
            *chunk = Arc::new(chunk.copied(owned));
        }
        Arc::get_mut(chunk)?.0[index % CHUNK].get_mut()
    }

    /// The last element, if any.
    pub fn last(&self) -> Option<&T> {
        self.get(self.len.checked_sub(1)?)
    }

    /// The elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.iter_range(0)
    }

    /// The elements from `start` on, without walking the chunks before it.
    pub fn iter_from(&self, start: usize) -> impl Iterator<Item = &T> + '_ {
        self.iter_range(start)
    }

    /// The owned slots from `start` on (each one filled: the vector wrote it).
    fn iter_range(&self, start: usize) -> impl DoubleEndedIterator<Item = &T> + '_ {
        (start.min(self.len)..self.len)
            .filter_map(move |i| self.chunks.get(i / CHUNK)?.0.get(i % CHUNK)?.get())
    }

    /// A plain `Vec` with clones of the elements.
    pub fn to_vec(&self) -> Vec<T> {
        self.iter().cloned().collect()
    }
}

impl<T: Clone> std::ops::Index<usize> for PVec<T> {
    type Output = T;
    fn index(&self, index: usize) -> &T {
        // Invariant: callers index with positions they got from `len()`; out of range is a
        // programming error in the engine, never something a model or learner controls.
        self.get(index).expect("PVec index out of range")
    }
}

impl<T: Clone> FromIterator<T> for PVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut out = PVec::new();
        for value in iter {
            out.push(value);
        }
        out
    }
}

impl<T: Clone> From<Vec<T>> for PVec<T> {
    fn from(values: Vec<T>) -> Self {
        values.into_iter().collect()
    }
}

impl<T: Clone + PartialEq> PartialEq for PVec<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Clone + fmt::Debug> fmt::Debug for PVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Clone + Serialize> Serialize for PVec<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de, T: Clone + Deserialize<'de>> Deserialize<'de> for PVec<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<T>::deserialize(deserializer).map(PVec::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pvec_clone_shares_and_copies_on_write() {
        let mut a: PVec<u32> = (0..200).collect();
        let b = a.clone();
        *a.get_mut(5).unwrap() = 99;
        a.push(200);
        assert_eq!(b[5], 5);
        assert_eq!(a[5], 99);
        assert_eq!(b.len(), 200);
        assert_eq!(a.len(), 201);
        assert_eq!(
            a.iter_from(198).copied().collect::<Vec<_>>(),
            vec![198, 199, 200]
        );
        let json = serde_json::to_string(&b).unwrap();
        let back: PVec<u32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, b);
    }

    #[test]
    fn pvec_an_append_fills_a_shared_chunk_and_clones_never_see_it() {
        let mut history: PVec<u32> = (0..70).collect();
        let request = history.clone();
        history.push(70);
        // The request still has its 70 elements; the history filled slot 70 in place.
        assert_eq!(request.len(), 70);
        assert_eq!(request.get(70), None);
        assert_eq!(request.iter().count(), 70);
        assert_eq!(request.last(), Some(&69));
        assert!(Arc::ptr_eq(&request.chunks, &history.chunks));
        // A fork of the request appends its own element at the same place: it gets a copy,
        // and neither sees the other's.
        let mut fork = request.clone();
        fork.push(700);
        fork.push(701);
        assert_eq!(
            fork.iter_from(68).copied().collect::<Vec<_>>(),
            [68, 69, 700, 701]
        );
        assert_eq!(
            history.iter_from(68).copied().collect::<Vec<_>>(),
            [68, 69, 70]
        );
        assert_eq!(request.iter().next_back(), Some(&69));
        // Changing an element copies only for the one that changes.
        *fork.get_mut(69).unwrap() = 6900;
        assert_eq!((fork[69], history[69], request[69]), (6900, 69, 69));
        for n in 0..=130 {
            let v: PVec<u32> = (0..n).collect();
            assert_eq!(
                v.iter().copied().collect::<Vec<_>>(),
                (0..n).collect::<Vec<_>>()
            );
            assert_eq!(
                v.iter_from(n as usize / 2).count(),
                n as usize - n as usize / 2
            );
        }
    }
}
