//! [`Team`]: the host of the team. [`Team::apply`] is the only entry point that changes
//! anything: an [`Input`] goes in, the events it caused come out (and are already applied to
//! [`Team::state`]).
//!
//! Sans-IO (after quinn-proto): no clock, no network, no randomness. When a member needs a model
//! the team emits `ModelRequested` carrying the exact request and waits; the driver answers
//! later with [`Input::ModelReplied`] or [`Input::ModelFailed`]. Logical time comes in through
//! [`Input::Tick`]. Several members can wait for replies at once (T5).
//!
//! The member loop, one delivery ("round"):
//! 1. `StartRound`: take the lock, check-and-set occupancy, release the lock (T5, T6).
//! 2. Prepare a candidate from the history and the inbox, commit it, then build the request
//!    from the committed history (M3, M4).
//! 3. On a reply: append it; run its tool calls; if there were tool calls go back to 2, else
//!    the round ends (idle, or shutdown if a shutdown was approved: P2).
//! 4. Budgets (L2) end the round as `stopped`; errors end it as `failed` with a report to
//!    the lead (L1).

use super::caption::{tr, Lang};
pub use super::config::ConfigError;
use super::config::{TeamConfig, Toggles};
use super::event::{Event, EventKind};
use super::model::{ModelReply, RequestId};
use super::refusal::{Fault, Refusal, RefusalCode};
use super::roster::MemberStatus;
use super::snapshot::RosterSnapshot;
use super::state::TeamState;
use super::tool_table::MemberKind;
use serde::{Deserialize, Serialize};

/// Everything that can happen to a team from outside.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Input {
    /// Advance the logical clock (never backwards).
    Tick {
        /// The new logical time.
        now: u64,
    },
    /// Deliver work to a member: start one round. `prompt` is the task text (the user's
    /// request for the lead); a teammate usually gets its task as an inbox message instead.
    StartRound {
        /// The member to deliver to.
        member: String,
        /// The task text, if the delivery carries one.
        prompt: Option<String>,
    },
    /// The learner (or the lesson) sends a message as `from`, through the host. The host is
    /// trusted to name the sender here; a model never is.
    HostSend {
        /// The sender, named by the host (M1, D3).
        from: String,
        /// The recipient.
        to: String,
        /// The message text (M7: at most the body limit).
        body: String,
        /// M8: a key that makes a resend store nothing new.
        idempotency_key: Option<String>,
    },
    /// A model answered request `request_id`.
    ModelReplied {
        /// The request answered; it must be in flight.
        request_id: RequestId,
        /// The model's reply.
        reply: ModelReply,
    },
    /// A model request failed (network, 429, 5xx...).
    ModelFailed {
        /// The request that failed; it must be in flight.
        request_id: RequestId,
        /// What went wrong, as the driver saw it.
        error: String,
        /// Whether a retry may succeed (L2: retries have their own budget).
        retryable: bool,
    },
    /// Arm a fault for a member (M5, M6).
    InjectFault {
        /// The member the fault will strike.
        member: String,
        /// Which fault.
        fault: Fault,
    },
    /// Switch contrast modes; only between rounds.
    SetToggles {
        /// The modes to put in force (M6, T6).
        toggles: Toggles,
    },
    /// L3: bring an offline (or stopped, failed, shut-down) member back to idle with its history.
    Recall {
        /// The member to recall.
        member: String,
    },
    /// L4: close the team and report unread mail.
    Disband,
    /// L3: replace the team by a stored roster; every member comes back offline.
    Restore {
        /// The stored roster (as read by [`RosterSnapshot::from_json`]).
        snapshot: Box<RosterSnapshot>,
    },
}

/// The team host. See the module docs.
#[derive(Clone, Debug)]
pub struct Team {
    /// The team state after every event emitted so far.
    pub(super) state: TeamState,
    /// Logical time, moved only by [`Input::Tick`].
    pub(super) now: u64,
    /// Events emitted by the input being applied; handed out by [`Team::apply`].
    out: Vec<Event>,
}

impl Team {
    /// A team at the start of `config`, or why the config cannot be a team.
    pub fn new(config: TeamConfig) -> Result<Team, ConfigError> {
        config.validate()?;
        Ok(Team::from_state(TeamState::new(config)))
    }

    /// Continue from a state (for example a timeline's final state).
    pub fn from_state(state: TeamState) -> Team {
        Team {
            now: state.now,
            state,
            out: Vec::new(),
        }
    }

    /// The state after everything applied so far (read-only: only [`Team::apply`] changes it).
    pub fn state(&self) -> &TeamState {
        &self.state
    }

    /// The logical time.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// L3: what to put in browser storage.
    pub fn roster_snapshot(&self) -> RosterSnapshot {
        RosterSnapshot::of(&self.state)
    }

    /// The only mutator: handles one input and returns the events it caused, already applied
    /// to the state. Never panics on anything a model or learner can send; in native debug
    /// builds (every `cargo test`) it checks the [`invariants`](super::invariants) after every
    /// input. The browser's debug builds skip the check: they replay long generated logs that
    /// the native tests already check.
    pub fn apply(&mut self, input: Input) -> Vec<Event> {
        #[cfg(all(debug_assertions, not(target_arch = "wasm32")))]
        let before = self.state.clone();
        self.handle(input);
        // Moved into a vector of their exact size: `out` keeps its capacity, so emitting never
        // grows a vector of events (an event is about 200 bytes, and growing 4 -> 8 per input
        // was the largest single cost of a round in the profile).
        let events: Vec<Event> = self.out.drain(..).collect();
        #[cfg(all(debug_assertions, not(target_arch = "wasm32")))]
        if let Err(broken) = super::invariants::check(&before, &self.state, &events) {
            panic!("engine invariant broken: {broken}");
        }
        events
    }

    /// Records one event: stamps it with its position and the logical time, applies it to the
    /// state through the reducer, and queues it for [`Team::apply`] to return. Every change a
    /// handler makes goes through here, so the log replays to the same state.
    pub(crate) fn emit(&mut self, actor: Option<&str>, kind: EventKind) {
        let event = Event {
            seq: self.state.event_count,
            time: self.now,
            actor: actor.map(str::to_string),
            kind,
        };
        self.state.evolve(&event);
        self.out.push(event);
    }

    /// The team's language: the one every text for a model (and a refusal's reason) is
    /// worded in.
    pub(crate) fn lang(&self) -> Lang {
        self.state.config.lang
    }

    /// A refusal is an event too: the learner sees the code and the reason, and nothing else
    /// changes.
    pub(crate) fn refuse(&mut self, actor: Option<&str>, code: RefusalCode, reason: String) {
        self.emit(
            actor,
            EventKind::Refused {
                refusal: Refusal::new(code, reason),
            },
        );
    }

    /// Lead or teammate (K1, K2). A name not on the roster counts as a teammate, which has the
    /// fewer tools.
    pub(crate) fn member_kind(&self, name: &str) -> MemberKind {
        self.state
            .members
            .get(name)
            .map_or(MemberKind::Teammate, |m| m.kind)
    }

    /// L1: rests a member in `to` (spawn, disband) with a `StatusChanged` event, unless it is
    /// already there. A round's start and end and a recall change the status with their own
    /// event (`RoundStarted`, `RoundFinished`, `MemberRecalled`), in one step.
    pub(crate) fn set_status(&mut self, name: &str, to: MemberStatus) {
        let Some(from) = self.state.members.get(name).map(|m| m.status()) else {
            return;
        };
        if from != to {
            self.emit(
                Some(name),
                EventKind::StatusChanged {
                    member: name.to_string(),
                    from,
                    to,
                },
            );
        }
    }

    /// Routes each input to its handler; the handlers live with their concept (`send.rs`,
    /// `round.rs`, `reply.rs`, `lifecycle.rs`). A disbanded team takes nothing but a restore.
    pub(crate) fn handle(&mut self, input: Input) {
        if self.state.disbanded && !matches!(input, Input::Tick { .. } | Input::Restore { .. }) {
            self.refuse(
                None,
                RefusalCode::TeamDisbanded,
                tr(
                    self.lang(),
                    "团队已经解散，之后什么也不会再发生",
                    "the team was disbanded; nothing more can happen to it",
                )
                .to_string(),
            );
            return;
        }
        match input {
            Input::Tick { now } => self.on_tick(now),
            Input::StartRound { member, prompt } => self.on_start_round(&member, prompt),
            Input::HostSend {
                from,
                to,
                body,
                idempotency_key,
            } => self.on_host_send(from, to, body, idempotency_key),
            Input::ModelReplied { request_id, reply } => self.on_model_replied(request_id, reply),
            Input::ModelFailed {
                request_id,
                error,
                retryable,
            } => self.on_model_failed(request_id, &error, retryable),
            Input::InjectFault { member, fault } => self.on_inject_fault(member, fault),
            Input::SetToggles { toggles } => self.on_set_toggles(toggles),
            Input::Recall { member } => self.on_recall(&member),
            Input::Disband => self.on_disband(),
            Input::Restore { snapshot } => self.on_restore(snapshot),
        }
    }

    /// Logical time only moves forward: the log's order is its time. A tick back in time is
    /// refused (`clock_backwards`) and the clock stays where it was.
    pub(crate) fn on_tick(&mut self, now: u64) {
        if now < self.now {
            self.refuse(
                None,
                RefusalCode::ClockBackwards,
                tr(
                    self.lang(),
                    format!("时钟在 {}，不能倒退到 {now}", self.now),
                    format!("the clock is at {}, it cannot go back to {now}", self.now),
                ),
            );
        } else {
            self.now = now;
        }
    }

    /// M5, M6: arm a fault that strikes at the member's next preparation, so a lesson can show
    /// that a discarded candidate loses nothing in append-only mode and loses the drained mail
    /// in drain mode. An unknown member is refused.
    pub(crate) fn on_inject_fault(&mut self, member: String, fault: Fault) {
        if self.state.members.contains_key(&member) {
            self.emit(None, EventKind::FaultArmed { member, fault });
        } else {
            self.refuse_unknown_member(&member);
        }
    }

    /// M6, T6: contrast modes change only between rounds, so no round mixes two rules.
    pub(crate) fn on_set_toggles(&mut self, toggles: Toggles) {
        if self.state.any_busy() {
            self.refuse(
                None,
                RefusalCode::MembersBusy,
                tr(
                    self.lang(),
                    "模式只能在两轮之间切换，而此刻有成员在工作",
                    "modes can only change between rounds, and a member is working",
                )
                .to_string(),
            );
        } else {
            self.emit(None, EventKind::TogglesChanged { toggles });
        }
    }

    /// The one refusal for a command or tool that names nobody on the roster.
    pub(crate) fn refuse_unknown_member(&mut self, name: &str) {
        self.refuse(
            None,
            RefusalCode::UnknownMember,
            tr(
                self.lang(),
                format!("没有名为 '{name}' 的成员"),
                format!("there is no member named '{name}'"),
            ),
        );
    }
}
