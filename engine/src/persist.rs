//! [`PVec`]: a chunked, append-friendly vector whose clones share their chunks.
//!
//! Why they exist: the [`Timeline`](super::timeline::Timeline) keeps a checkpoint of the whole
//! team every few events so that the UI can scrub. With plain `Vec`s every checkpoint would
//! copy every history, message and request, so memory would grow with the square of the log's
//! length. With these containers a checkpoint clone bumps one reference count per vector; the first later
//! write copies the list of chunk pointers (one pointer per 64 elements) and the one chunk it
//! touches (copy-on-write through `Arc::make_mut`). Elements that are big (history entries,
//! message records, sent requests) are stored as `Arc`s, so copying a chunk copies pointers.
//!
//! `Arc` (not `Rc`) so that a state can live in a `Send + Sync` signal in the UI.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::sync::Arc;

/// Elements per chunk. Small enough that copy-on-write of one chunk is cheap, large enough
/// that cloning a long vector touches few pointers.
const CHUNK: usize = 64;

/// An append-mostly vector whose clones share their chunks.
///
/// Invariant: every chunk but the last holds exactly `CHUNK` elements, so element `i` lives in
/// chunk `i / CHUNK` at offset `i % CHUNK`.
pub struct PVec<T> {
    chunks: Arc<Vec<Arc<Vec<T>>>>,
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

    /// Appends one element; copies only the last chunk if a checkpoint still shares it.
    pub fn push(&mut self, value: T) {
        let chunks = Arc::make_mut(&mut self.chunks);
        match chunks.last_mut() {
            Some(last) if last.len() < CHUNK => Arc::make_mut(last).push(value),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(value);
                chunks.push(Arc::new(chunk));
            }
        }
        self.len += 1;
    }

    /// The element at `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<&T> {
        self.chunks.get(index / CHUNK)?.get(index % CHUNK)
    }

    /// Mutable access; copies the touched chunk if a checkpoint still shares it.
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        if index >= self.len {
            return None;
        }
        let chunk = Arc::make_mut(&mut self.chunks).get_mut(index / CHUNK)?;
        Arc::make_mut(chunk).get_mut(index % CHUNK)
    }

    /// The last element, if any.
    pub fn last(&self) -> Option<&T> {
        self.chunks.last().and_then(|chunk| chunk.last())
    }

    /// The elements in order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.chunks.iter().flat_map(|chunk| chunk.iter())
    }

    /// The elements from `start` on, without walking the chunks before it.
    pub fn iter_from(&self, start: usize) -> impl Iterator<Item = &T> + '_ {
        let first_chunk = start / CHUNK;
        let skip = start % CHUNK;
        self.chunks
            .iter()
            .skip(first_chunk)
            .flat_map(|chunk| chunk.iter())
            .skip(skip)
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
}
