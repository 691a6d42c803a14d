#![warn(missing_docs)]
//! The team engine: a sans-IO, deterministic host for a team of LLM agents.
//!
//! **Invariant:** the engine knows nothing about the browser, the network or the clock. It
//! compiles natively and for `wasm32-unknown-unknown`, uses no threads, no randomness, no
//! `std::time`, and iterates only ordered maps, so the same inputs always give the same events.
//!
//! Code map (one job per file):
//! - [`team`]: [`Team`] and [`Input`]; `Team::apply(input) -> Vec<Event>` is the only mutator.
//! - [`state`]: [`TeamState`], the queryable state, and its single reducer `evolve(event)`.
//! - [`event`]: [`Event`], [`EventKind`] (past tense), categories, refusals, generic captions.
//! - [`roster`]: member records, status machine (L1), occupancy (T5), round counters (L2).
//! - [`mailbox`]: records, receipts, positions, notification text (M1, M2, M7, M8).
//! - [`history`]: history entries, candidates, dedup in time proportional to new mail (M3-M5).
//! - [`protocol`]: the pending/approved/rejected tracker (P1-P5).
//! - [`tools`]: tool lists per role, schemas, system prompts, dispatch (K1-K3, P4).
//! - [`model`]: provider-neutral request and reply types.
//! - [`config`]: roster, files, limits, toggles.
//! - [`timeline`]: the event log with checkpoints for seeking (`state_at`).
//! - [`persist`]: structurally shared containers that make checkpoints cheap.

pub mod caption;
pub mod config;
pub mod event;
mod evolve;
pub mod history;
pub mod invariants;
mod lifecycle;
pub mod mailbox;
pub mod model;
pub mod names;
pub mod persist;
mod prepare;
pub mod protocol;
mod protocol_tools;
pub mod refusal;
mod reply;
pub mod request;
pub mod roster;
mod round;
mod send;
pub mod snapshot;
pub mod sorted_map;
pub mod state;
pub mod team;
pub mod text;
pub mod timeline;
pub mod tool_args;
mod tool_calls;
pub mod tool_table;

pub use caption::{Caption, Lang};
pub use config::{ConfigError, Limits, MemberConfig, MemberKind, TeamConfig, Toggles};
pub use event::{Category, Event, EventKind};
pub use history::{Candidate, EntryRole, HistoryEntry};
pub use mailbox::{MessageId, MessageKind, MessageRecord, Position, Receipt, ReceiptState};
pub use model::{ModelReply, RequestId, StopReason, ToolCall, ToolSpec};
pub use persist::PVec;
pub use protocol::{ProtocolKind, ProtocolRequest, ProtocolStatus};
pub use refusal::{Fault, Refusal, RefusalCode};
pub use request::ModelRequest;
pub use roster::{MemberState, MemberStatus, RoundOutcome, RoundState};
pub use snapshot::RosterSnapshot;
pub use sorted_map::{ByName, SortedMap};
pub use state::{RequestStatus, SentRequest, TeamState};
pub use team::{Input, Team};
pub use timeline::{Recorder, Timeline};
