//! T1: the member records by name, with an index that makes a lookup by name cost the same
//! whatever the size of the team.
//!
//! Every input and nearly every event names a member, so the engine looks members up by name
//! a few dozen times per message. In the sorted map alone that is a binary search (a string
//! comparison per halving, over records spread across memory), so a team of 200 paid about
//! three times what a team of 5 paid per message. [`Members`] keeps the sorted map (iteration
//! in name order, the stored JSON shape) and beside it a small open-addressing table from the
//! name's hash to the record's position: a lookup hashes the name and compares it with one
//! key, usually the right one. The table is rebuilt whenever a member is inserted (the start,
//! a spawn, a restore), which changes positions; nothing else moves a record.

use super::roster::{text_hash, MemberState};
use super::sorted_map::SortedMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// The member records by name (see the module docs). Reads go through the sorted map
/// (`Deref`), except `get` and `contains_key`, which use the index; writes go through the
/// methods here, so the index always matches the map.
#[derive(Clone, Default)]
pub struct Members {
    map: SortedMap<String, MemberState>,
    /// Slot -> 1 + the record's position in `map` (0: empty). Its length is a power of two at
    /// least twice the number of records, so a probe ends at an empty slot soon. Shared by
    /// clones (checkpoints) until the next insert.
    slots: Arc<[u32]>,
}

impl Members {
    /// The position in the sorted map of the record named `name`.
    fn position(&self, name: &str) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut slot = text_hash(name) as usize & mask;
        loop {
            let at = usize::try_from(*self.slots.get(slot)?)
                .ok()?
                .checked_sub(1)?;
            if self.map.entry_at(at).is_some_and(|(key, _)| key == name) {
                return Some(at);
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The record named `name`, if it is on the roster.
    pub fn get(&self, name: &str) -> Option<&MemberState> {
        self.map.entry_at(self.position(name)?).map(|(_, m)| m)
    }

    /// Whether `name` is on the roster.
    pub fn contains_key(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// The record named `name`, for the reducer to change.
    pub(crate) fn get_mut(&mut self, name: &str) -> Option<&mut MemberState> {
        let at = self.position(name)?;
        self.map.value_at_mut(at)
    }

    /// Every record in name order, for the reducer to change.
    pub(crate) fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut MemberState> + '_ {
        self.map.values_mut()
    }

    /// Adds (or replaces) the record under `name`, and rebuilds the index.
    pub(crate) fn insert(&mut self, name: String, member: MemberState) {
        self.map.insert(name, member);
        self.slots = index(&self.map);
    }
}

/// The index of `map`: each key's position in the first free slot from its hash on.
fn index(map: &SortedMap<String, MemberState>) -> Arc<[u32]> {
    let size = (map.len() * 2).next_power_of_two().max(8);
    let mut slots = vec![0u32; size];
    for (at, name) in map.keys().enumerate() {
        let mut slot = text_hash(name) as usize & (size - 1);
        while slots[slot] != 0 {
            slot = (slot + 1) & (size - 1);
        }
        // A roster has at most `max_members` records, far below u32::MAX.
        slots[slot] = u32::try_from(at + 1).unwrap_or(u32::MAX);
    }
    slots.into()
}

impl Deref for Members {
    type Target = SortedMap<String, MemberState>;

    fn deref(&self) -> &Self::Target {
        &self.map
    }
}

impl<'a> IntoIterator for &'a Members {
    type Item = (&'a String, &'a MemberState);
    type IntoIter = <&'a SortedMap<String, MemberState> as IntoIterator>::IntoIter;

    fn into_iter(self) -> Self::IntoIter {
        (&self.map).into_iter()
    }
}

impl FromIterator<(String, MemberState)> for Members {
    fn from_iter<I: IntoIterator<Item = (String, MemberState)>>(iter: I) -> Self {
        let map: SortedMap<String, MemberState> = iter.into_iter().collect();
        let slots = index(&map);
        Members { map, slots }
    }
}

/// The index is derived from the map, so only the map is compared, printed and stored.
impl PartialEq for Members {
    fn eq(&self, other: &Self) -> bool {
        self.map == other.map
    }
}

impl fmt::Debug for Members {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.map.fmt(f)
    }
}

impl Serialize for Members {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.map.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Members {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<String, MemberState>::deserialize(deserializer)?;
        Ok(map.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::roster::MemberStatus;
    use crate::tool_table::MemberKind;

    fn record(name: &str) -> MemberState {
        MemberState::new(name, "worker", MemberKind::Teammate, 2, MemberStatus::Idle)
    }

    #[test]
    fn t1_every_name_is_found_at_its_own_record_and_no_other_name_is_found() {
        let mut members = Members::default();
        assert!(members.get("t1").is_none());
        for i in (0..300).rev() {
            let name = format!("t{i}");
            members.insert(name.clone(), record(&name));
            assert_eq!(members.get(&name).map(MemberState::name), Some(&*name));
        }
        for i in 0..300u32 {
            let name = format!("t{i}");
            assert_eq!(members.get(&name).map(MemberState::name), Some(&*name));
            assert!(members.contains_key(&name));
            if let Some(m) = members.get_mut(&name) {
                m.deliveries_used = i;
            }
        }
        assert_eq!(members.len(), 300);
        assert!(members
            .values()
            .all(|m| m.name()[1..].parse() == Ok(m.deliveries_used)));
        for missing in ["t300", "", "t", "T1", "lead"] {
            assert!(members.get(missing).is_none(), "{missing}");
            assert!(!members.contains_key(missing), "{missing}");
        }
        let json = serde_json::to_string(&members).expect("serializes");
        let back: Members = serde_json::from_str(&json).expect("reads");
        assert_eq!(back, members);
        assert_eq!(back.get("t299").map(MemberState::name), Some("t299"));
        assert!(back.get("t300").is_none());
    }
}
