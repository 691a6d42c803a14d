//! `SortedMap<K, V>`: a map kept as a vector sorted by key, and `SortedMap<String, V>`, the one keyed by
//! a name.
//!
//! It behaves like the `BTreeMap` it replaces (lookups by binary search, iteration in key
//! order, serialized as a JSON object), but it is one small generic type instead of a B-tree
//! per key and value type: the browser build pays code size for every map type it contains.
//! The maps it holds are small (members, files, protocol requests, what is open in the
//! sequence diagram's window) and written rarely.

use std::borrow::Borrow;

use serde::de::Deserializer;
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

/// A map kept as a key-sorted vector, with the `BTreeMap` API the engine needs; it serializes
/// as a JSON object in key order.
#[derive(Clone, Debug, PartialEq)]
pub struct SortedMap<K, V>(Vec<(K, V)>);

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        SortedMap(Vec::new())
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        SortedMap::default()
    }

    /// Binary search: `Ok(index)` of `key`, or `Err(index)` where it would be inserted.
    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.0.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    /// The value under `key`, if any.
    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        let i = self.find(key).ok()?;
        self.0.get(i).map(|(_, v)| v)
    }

    /// Mutable access to the value under `key`, if any.
    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        let i = self.find(key).ok()?;
        self.0.get_mut(i).map(|(_, v)| v)
    }

    /// True when `key` has a value.
    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }

    /// Inserts or replaces; returns the value that was there.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(i) => self
                .0
                .get_mut(i)
                .map(|slot| std::mem::replace(&mut slot.1, value)),
            Err(i) => {
                self.0.insert(i, (key, value));
                None
            }
        }
    }

    /// Inserts `value()` unless `key` is already there.
    pub fn or_insert_with(&mut self, key: K, value: impl FnOnce() -> V) {
        if let Err(i) = self.find(&key) {
            self.0.insert(i, (key, value()));
        }
    }

    /// Removes `key` and returns its value, if it had one.
    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| self.0.remove(i).1)
    }

    /// Empties the map, returning its entries in key order.
    pub fn take(&mut self) -> Vec<(K, V)> {
        std::mem::take(&mut self.0)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True when the map has no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Entries in key order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + '_ {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// Keys in order.
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + '_ {
        self.0.iter().map(|(k, _)| k)
    }

    /// Values in key order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + '_ {
        self.0.iter().map(|(_, v)| v)
    }

    /// Mutable values in key order.
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + '_ {
        self.0.iter_mut().map(|(_, v)| v)
    }

    /// The entry at `index` in key order (for an index kept beside the map).
    pub fn entry_at(&self, index: usize) -> Option<(&K, &V)> {
        self.0.get(index).map(|(k, v)| (k, v))
    }

    /// Mutable access to the value at `index` in key order.
    pub fn value_at_mut(&mut self, index: usize) -> Option<&mut V> {
        self.0.get_mut(index).map(|(_, v)| v)
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for SortedMap<K, V> {
    /// Later entries replace earlier ones with the same key, as in a map.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut map = SortedMap::new();
        for (k, v) in iter {
            map.insert(k, v);
        }
        map
    }
}

impl<K: Ord, V, const N: usize> From<[(K, V); N]> for SortedMap<K, V> {
    fn from(entries: [(K, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<'a, K, V> IntoIterator for &'a SortedMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

/// `map["name"]`, as with a `BTreeMap`: panics when the name is absent (tests use it; the
/// engine and the UI use `get`).
impl<K: Ord + Borrow<str>, V> std::ops::Index<&str> for SortedMap<K, V> {
    type Output = V;

    fn index(&self, key: &str) -> &V {
        match self.get(key) {
            Some(v) => v,
            None => panic!("no entry named '{key}'"),
        }
    }
}

impl<K: Serialize, V: Serialize> Serialize for SortedMap<K, V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, K: Ord + Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for SortedMap<K, V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let entries = std::collections::BTreeMap::<K, V>::deserialize(deserializer)?;
        Ok(entries.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_sorted_map_and_serializes_as_an_object() {
        let mut m: SortedMap<String, u32> = [("b".to_string(), 2), ("a".to_string(), 1)].into();
        assert_eq!(m.insert("c".to_string(), 3), None);
        assert_eq!(m.insert("a".to_string(), 10), Some(1));
        assert_eq!(m.get("a"), Some(&10));
        assert!(m.get("z").is_none() && !m.contains_key("z"));
        if let Some(v) = m.get_mut("b") {
            *v = 20;
        }
        assert_eq!(
            m.keys().map(String::as_str).collect::<Vec<_>>(),
            ["a", "b", "c"]
        );
        assert_eq!(m.values().copied().collect::<Vec<_>>(), [10, 20, 3]);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, r#"{"a":10,"b":20,"c":3}"#);
        let back: SortedMap<String, u32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
        assert_eq!(m.len(), 3);
    }
}
