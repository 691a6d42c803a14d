//! P4: a member's system prompt, built once per roster and shared by every request it sends.
//!
//! The prompt names the others on the roster ([`system_prompt`](super::tool_table::system_prompt)),
//! so building it takes time in proportion to the team. Each member record keeps the prompt in
//! a [`PromptCache`]: built by the member's first request after the roster last changed, then
//! shared (an `Arc<str>`, not a copy) by every request until the roster changes again. A spawn
//! gives every member an empty cache (the reducer does it, see `evolve.rs`), a restored or
//! stored roster starts with empty ones, so a request still carries the roster as it is when
//! the request is built, and a request costs the same whatever the size of the team.
//!
//! The cache is derived data, not state: it is never serialized, and two member records compare
//! equal whatever their caches hold (a full cache and an empty one give the same prompt).

use std::fmt;
use std::sync::{Arc, OnceLock};

/// A member's system prompt, once built for the current roster (see the module docs).
///
/// Clones share the cell: a checkpoint of the team has the same roster as the state it was
/// cloned from until a spawn, and a spawn replaces the cell instead of clearing it, so no
/// clone ever reads a prompt built for another roster.
#[derive(Clone, Default)]
pub struct PromptCache(Arc<OnceLock<Arc<str>>>);

impl PromptCache {
    /// The cached prompt, or `build()`'s, kept for the next request.
    pub fn get_or_build(&self, build: impl FnOnce() -> String) -> Arc<str> {
        Arc::clone(self.0.get_or_init(|| Arc::from(build())))
    }

    /// Whether the prompt is built (for tests).
    pub fn is_built(&self) -> bool {
        self.0.get().is_some()
    }
}

/// Derived from the roster, so it never makes two records differ.
impl PartialEq for PromptCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// The same text whether built or not, like [`PartialEq`]: a state's debug text does not
/// depend on which requests were built from it.
impl fmt::Debug for PromptCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PromptCache")
    }
}
