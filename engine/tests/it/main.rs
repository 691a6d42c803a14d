//! The engine's own integration tests, in one binary (`cargo test -p agent-team-engine`): the
//! rules written against `Team::apply` directly, the limits at their boundaries, what the log
//! shows, every event kind's line and effect, hostile model replies, and the property test.
//! They need nothing from the playground, so a change to the engine rebuilds and tests only the
//! engine (what keeps a mutation run of it fast). A test named after a rule starts with its id
//! (`m4_...`), so `cargo test m4_` runs a rule's tests.

mod harness;

mod containers;
mod engine_boundaries;
mod engine_fidelity;
mod engine_invariants;
mod engine_protocols;
mod engine_rules;
mod engine_timeline;
mod engine_transcript;
mod hostile_replies;
// proptest draws its randomness natively only.
#[cfg(not(target_arch = "wasm32"))]
mod props_engine;
