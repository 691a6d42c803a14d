//! `ByName<V>`: a map from a name to a value, kept as a vector sorted by name.
//!
//! It behaves like the `BTreeMap<String, V>` it replaces (lookups by binary search, iteration
//! in name order, serialized as a JSON object), but it is one small generic type instead of a
//! B-tree per value type: the browser build pays code size for every map type it contains.
//! The maps it holds are small (members, files, protocol requests) and written rarely.

use serde::de::Deserializer;
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq)]
pub struct ByName<V>(Vec<(String, V)>);

impl<V> Default for ByName<V> {
    fn default() -> Self {
        ByName(Vec::new())
    }
}

impl<V> ByName<V> {
    pub fn new() -> Self {
        ByName::default()
    }

    fn find(&self, key: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    pub fn get(&self, key: &str) -> Option<&V> {
        let i = self.find(key).ok()?;
        self.0.get(i).map(|(_, v)| v)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        let i = self.find(key).ok()?;
        self.0.get_mut(i).map(|(_, v)| v)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// Inserts or replaces; returns the value that was there.
    pub fn insert(&mut self, key: String, value: V) -> Option<V> {
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

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Entries in name order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&String, &V)> + '_ {
        self.0.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + '_ {
        self.0.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + '_ {
        self.0.iter().map(|(_, v)| v)
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> + '_ {
        self.0.iter_mut().map(|(_, v)| v)
    }
}

impl<V> FromIterator<(String, V)> for ByName<V> {
    /// Later entries replace earlier ones with the same name, as in a map.
    fn from_iter<I: IntoIterator<Item = (String, V)>>(iter: I) -> Self {
        let mut map = ByName::new();
        for (k, v) in iter {
            map.insert(k, v);
        }
        map
    }
}

impl<V, const N: usize> From<[(String, V); N]> for ByName<V> {
    fn from(entries: [(String, V); N]) -> Self {
        entries.into_iter().collect()
    }
}

impl<'a, V> IntoIterator for &'a ByName<V> {
    type Item = (&'a String, &'a V);
    type IntoIter = std::iter::Map<
        std::slice::Iter<'a, (String, V)>,
        fn(&'a (String, V)) -> (&'a String, &'a V),
    >;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

/// `map["name"]`, as with a `BTreeMap`: panics when the name is absent (tests use it; the
/// engine and the UI use `get`).
impl<V> std::ops::Index<&str> for ByName<V> {
    type Output = V;

    fn index(&self, key: &str) -> &V {
        match self.get(key) {
            Some(v) => v,
            None => panic!("no entry named '{key}'"),
        }
    }
}

impl<V: Serialize> Serialize for ByName<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for ByName<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let entries = std::collections::BTreeMap::<String, V>::deserialize(deserializer)?;
        Ok(entries.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_sorted_map_and_serializes_as_an_object() {
        let mut m: ByName<u32> = [("b".to_string(), 2), ("a".to_string(), 1)].into();
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
        let back: ByName<u32> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
        assert_eq!(m.len(), 3);
    }
}
