//! P4: the system prompts' texts, built once per roster and shared by every request.
//!
//! A system prompt names the others on the roster
//! ([`system_prompt`](super::tool_table::system_prompt)), so building one takes time in
//! proportion to the team. Two texts are kept in a [`PromptCache`] instead of being built per
//! request: the team's list of roster entries ("name (role: role)", in roster order), built
//! once per roster, and each member's whole prompt, built from that list by the member's first
//! request after the roster last changed, then shared (an `Arc<str>`, not a copy) by every
//! request until the roster changes again. A spawn empties every cache (the reducer does it,
//! see `evolve.rs`), and a restored or stored roster starts with empty ones, so a request still
//! carries the roster as it is when the request is built, and a request costs the same
//! whatever the size of the team.
//!
//! A cache is derived data, not state: it is never serialized, and two states compare equal
//! whatever their caches hold (a full cache and an empty one give the same text).

use std::fmt;
use std::sync::{Arc, OnceLock};

/// A text built once for the current roster (see the module docs).
///
/// Clones share the cell: a checkpoint of the team has the same roster as the state it was
/// cloned from until a spawn, and a spawn replaces the cell instead of clearing it, so no
/// clone ever reads a text built for another roster.
pub struct PromptCache<T>(Arc<OnceLock<T>>);

impl<T> PromptCache<T> {
    /// The cached value, or `build()`'s, kept for the next request.
    pub fn get_or_build(&self, build: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(build)
    }
}

impl<T> Clone for PromptCache<T> {
    fn clone(&self) -> Self {
        PromptCache(Arc::clone(&self.0))
    }
}

impl<T> Default for PromptCache<T> {
    fn default() -> Self {
        PromptCache(Arc::new(OnceLock::new()))
    }
}

/// Derived from the roster, so it never makes two states differ.
impl<T> PartialEq for PromptCache<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The same text whether built or not, like [`PartialEq`]: a state's debug text does not
/// depend on which requests were built from it.
impl<T> fmt::Debug for PromptCache<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PromptCache")
    }
}

/// The roster as the prompts list it: each member's name and its
/// [`roster_entry`](super::tool_table::roster_entry) text, in roster order.
pub type RosterEntries = Vec<(String, String)>;
