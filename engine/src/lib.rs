#![warn(missing_docs)]
//! The team engine: a sans-IO, deterministic host for a team of LLM agents.
//!
//! **Invariant: the engine knows nothing about the browser, the network or the clock.** It is
//! its own crate with no web dependency, compiles natively and for `wasm32-unknown-unknown`,
//! uses no threads, no randomness, no `std::time`, and iterates only ordered maps, so the same
//! inputs always give the same events.
//!
//! **Invariant: only the engine changes team state.** [`Team::apply`] turns an [`Input`] into
//! events; the reducer ([`TeamState`]'s `evolve`, engine-only) applies each event; a
//! [`Timeline`] is made only by a [`Recorder`] that applies inputs to a team. Outside the
//! engine, state is read through borrowed getters:
//!
//! ```
//! use agent_team_engine::{Input, MemberConfig, MemberStatus, Recorder, Team, TeamConfig};
//! let config = TeamConfig::new(vec![MemberConfig::lead(), MemberConfig::teammate("reader", "reader")]);
//! let mut recorder = Recorder::new(Team::new(config).unwrap());
//! recorder.apply(Input::Recall { member: "reader".into() });
//! let state = recorder.timeline().final_state().clone();
//! assert_eq!(state.member("reader").map(|m| m.status()), Some(MemberStatus::Idle));
//! ```
//!
//! and none of these compile outside the engine (each is a `compile_fail` test):
//!
//! ```compile_fail
//! # use agent_team_engine::{MemberConfig, Team, TeamConfig};
//! # let config = TeamConfig::new(vec![MemberConfig::lead(), MemberConfig::teammate("reader", "reader")]);
//! let mut state = Team::new(config).unwrap().state().clone();
//! state.members.clear(); // team state fields are private
//! ```
//!
//! ```compile_fail
//! # use agent_team_engine::{MemberConfig, Team, TeamConfig};
//! # let config = TeamConfig::new(vec![MemberConfig::lead(), MemberConfig::teammate("reader", "reader")]);
//! let mut team = Team::new(config).unwrap();
//! let events = team.apply(agent_team_engine::Input::Disband);
//! let mut state = team.state().clone();
//! state.evolve(&events[0]); // the reducer is the engine's own
//! ```
//!
//! ```compile_fail
//! # use agent_team_engine::{MemberConfig, Recorder, Team, TeamConfig};
//! # let config = TeamConfig::new(vec![MemberConfig::lead(), MemberConfig::teammate("reader", "reader")]);
//! let mut recorder = Recorder::new(Team::new(config).unwrap());
//! let events = recorder.apply(agent_team_engine::Input::Disband).to_vec();
//! let mut timeline = recorder.finish();
//! timeline.push(events[0].clone()); // a timeline only grows by applying inputs
//! ```
//!
//! ```compile_fail
//! # use agent_team_engine::{MemberConfig, Team, TeamConfig};
//! # let config = TeamConfig::new(vec![MemberConfig::lead(), MemberConfig::teammate("reader", "reader")]);
//! let team = Team::new(config).unwrap();
//! let mut reader = team.state().member("reader").unwrap().clone();
//! reader.deliveries_used = 0; // a member record is read-only outside the engine
//! ```
//!
//! Code map, from the bottom up: a module imports only modules listed before it (the
//! `named_enum!` macro of [`names`] is in scope in every module below it by `#[macro_use]`, so
//! no module names the crate root for it).
//! - records and ids: [`caption`] (bilingual text), [`text`], [`names`] (stable enum names),
//!   [`refusal`], [`model`] (reply, tool call, ids), [`persist`] and [`sorted_map`]
//!   (containers that make checkpoints cheap), [`mailbox`] (records, receipts, positions; M1,
//!   M2, M8), [`protocol`] (the tracker's records; P1), [`tool_table`] (the roles, the tools
//!   each has, schemas, system prompts; K1, K2, P4), [`prompt_cache`] (a member's system
//!   prompt and the roster it lists, built once per roster; P4), [`config`], [`history`] (entries and
//!   candidates; M4), [`request`] (what a model is sent; M3), [`tool_args`].
//! - team state: [`roster`] (member records and their [`Lifecycle`]; T1, L1, T5), [`members`]
//!   (the records by name, with an index for lookups; T1), [`state`]
//!   ([`TeamState`] and its queries), [`snapshot`] (what survives a restart; L3),
//!   [`next_inputs`] (the inputs enabled in a state: what a learner may pick next and what the
//!   model check explores; issue 48).
//! - the language between decider and state: [`event`]; the reducer (`evolve.rs`) and
//!   [`invariants`] (checked after every apply in debug builds).
//! - the decider: [`team`] ([`Team::apply`] routes each [`Input`] to one handler), with the
//!   handlers beside their concept: `send.rs` (M1, M7, M8, M9), `round.rs` (T5, T6, L1, L2),
//!   `prepare.rs` (M3-M6), `reply.rs`, `tool_calls.rs` (K1-K3, D3), `team_tools.rs` (spawn, list, read_inbox, broadcast), `protocol_tools.rs`
//!   (P1-P5), `lifecycle.rs` (L3, L4).
//! - on top: [`timeline`] (the log with checkpoints for seeking, and the [`Recorder`]).

// First, so its `named_enum!` is in scope for every module declared after it.
#[macro_use]
pub mod names;

pub mod caption;
pub mod config;
pub mod event;
mod event_summary;
mod evolve;
pub mod history;
pub mod invariants;
mod lifecycle;
pub mod mailbox;
pub mod members;
pub mod model;
pub mod next_inputs;
pub mod persist;
mod prepare;
pub mod prompt_cache;
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
mod team_tools;
pub mod text;
pub mod timeline;
pub mod tool_args;
mod tool_calls;
pub mod tool_table;

pub use caption::{tr, Caption, Lang};
pub use config::{ConfigError, Limits, MemberConfig, TeamConfig, Toggles};
pub use event::{Category, Event, EventKind};
pub use history::{Candidate, EntryRole, HistoryEntry};
pub use mailbox::{MessageId, MessageKind, MessageRecord, Position, Receipt, ReceiptState};
pub use model::{ModelReply, RequestId, StopReason, ToolCall, ToolSpec};
pub use next_inputs::{next_inputs, NextInput};
pub use persist::PVec;
pub use protocol::{ProtocolKind, ProtocolRequest, ProtocolStatus};
pub use refusal::{Fault, Refusal, RefusalCode};
pub use request::ModelRequest;
pub use roster::{Lifecycle, MemberState, MemberStatus, RoundOutcome, RoundState};
pub use snapshot::RosterSnapshot;
pub use sorted_map::SortedMap;
pub use state::{RequestStatus, SentRequest, TeamState};
pub use team::{Input, Team};
pub use timeline::{Recorder, Timeline};
pub use tool_table::MemberKind;
