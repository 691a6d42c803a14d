//! A bounded model check of the engine (after stateright's exhaustive checker and the TLA+
//! specifications of mailboxes): every interleaving of the inputs a team of three (`lead`,
//! `a`, `b`) can receive, to a depth of inputs, with states deduplicated by a hash of the team
//! state (what it leaves out, and why that is sound: [`state_hash`]). After every step it
//! checks the engine's invariants ([`invariants::check_scoped`] over everything) and the
//! model's own:
//! - M4, M5, M6, L4, every record has one fate: committed once (its notification in exactly one
//!   history entry), pending (queued or in a candidate), lost only in drain mode, or reported
//!   undelivered at disband (and after a disband nothing is left pending);
//! - T6: no round starts outside the lock (the engine's invariant);
//! - P1, P5: every protocol request is resolved at most once, and a decision never changes.
//!
//! Iterative deepening (a depth-first pass per depth, keeping one hash per state, not a
//! `Team` per state as a breadth-first level would), so a violation still comes with a
//! shortest trace of inputs from the start; every pass prints the states within its depth.
//! Nothing is bounded but the depth (and, if set, a state cap that the printed lines name).
//!
//! `cargo test -p agent-team-engine --test model_check` runs a shallow check (a few seconds in
//! debug); `scripts/model-check.sh` runs the deep one (`--ignored`, release, depth 12 by
//! default, `MODEL_CHECK_DEPTH` to change it) and prints states, depth and seconds.

use agent_team_engine::*;
use serde_json::{json, Value};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::Hasher;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

const MEMBERS: [&str; 3] = ["lead", "a", "b"];

/// The team the model check explores: small limits, so the limits are reached within the depth.
fn team() -> Team {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("a", "worker"),
        MemberConfig::teammate("b", "worker"),
    ])
    .with_file("f.txt", "data");
    config.limits.inbox_records = 1;
    config.limits.history_entries = 8;
    config.limits.delivery_budget = 1;
    config.limits.request_budget = 2;
    config.limits.retry_budget = 1;
    Team::new(config).expect("valid config")
}

/// One move of the environment. Replies and failures go to the member's in-flight request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    /// The host stores a message (from, to).
    Send(usize, usize),
    /// Deliver work to a member.
    Start(usize),
    /// Its model answers with a final text.
    Final(usize),
    /// Its model calls `send_message` to the lead (the lead: to `a`).
    ToolSend(usize),
    /// Its model calls `read_inbox`.
    ToolRead(usize),
    /// The lead's model asks `a` to shut down.
    ShutdownRequest,
    /// A teammate's model submits a plan.
    SubmitPlan(usize),
    /// The addressee's model decides the first pending protocol request addressed to it.
    Decide(usize, bool),
    /// The model request fails (retryable or not).
    Fail(usize, bool),
    /// A fault between read and commit.
    Fault(usize),
    /// Drain mode on or off.
    Drain(bool),
    Recall(usize),
    /// The host restarts from its roster snapshot.
    Restart,
    Disband,
}

/// Every move, in a fixed order (so traces are reproducible): first the inputs the host has
/// enabled, from the engine's own list ([`next_inputs`], the list a learner picks from in the
/// playground), each reply as the shapes a model may give it; then every input out of place
/// (a delivery to a busy member, a reply to nothing, a send between teammates, a second
/// fault, a recall of a working member, the modes, a disband), which the host must refuse or
/// take without breaking an invariant.
fn moves(team: &Team) -> Vec<Act> {
    let index = |name: &str| MEMBERS.iter().position(|m| *m == name);
    let mut acts: Vec<Act> = Vec::new();
    let push = |acts: &mut Vec<Act>, act: Act| {
        if !acts.contains(&act) {
            acts.push(act);
        }
    };
    for input in next_inputs(team.state()) {
        let enabled: Vec<Act> = match input {
            NextInput::Answer { member, .. } => match index(&member) {
                Some(m) => {
                    let protocol = if m == 0 {
                        Act::ShutdownRequest
                    } else {
                        Act::SubmitPlan(m)
                    };
                    vec![Act::Final(m), Act::ToolSend(m), Act::ToolRead(m), protocol]
                }
                None => vec![],
            },
            NextInput::Fail { member, .. } => index(&member)
                .map(|m| vec![Act::Fail(m, true), Act::Fail(m, false)])
                .unwrap_or_default(),
            NextInput::Decide {
                member, approve, ..
            } => index(&member)
                .map(|m| vec![Act::Decide(m, approve)])
                .unwrap_or_default(),
            NextInput::Start { member } => index(&member).map(Act::Start).into_iter().collect(),
            NextInput::Send { from, to } => match (index(&from), index(&to)) {
                (Some(f), Some(t)) => vec![Act::Send(f, t)],
                _ => vec![],
            },
            NextInput::Fault { member } => index(&member).map(Act::Fault).into_iter().collect(),
            NextInput::Recall { member } => index(&member).map(Act::Recall).into_iter().collect(),
            NextInput::Restart => vec![Act::Restart],
        };
        for act in enabled {
            push(&mut acts, act);
        }
    }
    let s = team.state();
    let mut out_of_place = vec![Act::Send(0, 1), Act::Send(0, 2), Act::Send(2, 1)];
    for m in 0..MEMBERS.len() {
        out_of_place.extend([Act::Start(m), Act::Fault(m), Act::Recall(m)]);
    }
    out_of_place.extend([
        Act::Drain(!s.toggles().drain_on_read),
        Act::Restart,
        Act::Disband,
    ]);
    for act in out_of_place {
        push(&mut acts, act);
    }
    acts
}

fn first_pending_for(team: &Team, m: usize) -> Option<ProtocolRequest> {
    team.state()
        .protocol_requests()
        .find(|r| r.to == MEMBERS[m] && r.status == ProtocolStatus::Pending)
        .cloned()
}

fn call(name: &str, args: Value) -> ModelReply {
    ModelReply::tools("", vec![ToolCall::new("c1", name, args)])
}

fn to_input(team: &Team, act: Act) -> Input {
    let name = |m: usize| MEMBERS[m].to_string();
    let replied = |m: usize, reply: ModelReply| Input::ModelReplied {
        request_id: team
            .state()
            .member(MEMBERS[m])
            .and_then(|x| x.in_flight())
            .unwrap_or(RequestId(0)),
        reply,
    };
    match act {
        Act::Send(from, to) => Input::HostSend {
            from: name(from),
            to: name(to),
            body: format!("{}->{}", name(from), name(to)),
            idempotency_key: None,
        },
        Act::Start(m) => Input::StartRound {
            member: name(m),
            prompt: (m == 0).then(|| "task".to_string()),
        },
        Act::Final(m) => replied(m, ModelReply::text("done")),
        Act::ToolSend(m) => {
            let to = if m == 0 { "a" } else { "lead" };
            replied(m, call("send_message", json!({"to": to, "body": "report"})))
        }
        Act::ToolRead(m) => replied(m, call("read_inbox", json!({}))),
        Act::ShutdownRequest => replied(0, call("shutdown_request", json!({"teammate": "a"}))),
        Act::SubmitPlan(m) => replied(m, call("plan_approval", json!({"plan": "plan"}))),
        Act::Decide(m, approve) => {
            let id = first_pending_for(team, m).map(|r| r.id).unwrap_or_default();
            let (tool, args) = if m == 0 {
                (
                    "plan_approval",
                    json!({"request_id": id, "approve": approve, "feedback": "f"}),
                )
            } else {
                (
                    "shutdown_response",
                    json!({"request_id": id, "approve": approve, "reason": "r"}),
                )
            };
            replied(m, call(tool, args))
        }
        Act::Fail(m, retryable) => Input::ModelFailed {
            request_id: team
                .state()
                .member(MEMBERS[m])
                .and_then(|x| x.in_flight())
                .unwrap_or(RequestId(0)),
            error: "503".into(),
            retryable,
        },
        Act::Fault(m) => Input::InjectFault {
            member: name(m),
            fault: Fault::FailBeforeCommit,
        },
        Act::Drain(on) => Input::SetToggles {
            toggles: Toggles {
                drain_on_read: on,
                hold_lock_during_model_call: false,
            },
        },
        Act::Recall(m) => Input::Recall { member: name(m) },
        Act::Restart => Input::Restore {
            snapshot: Box::new(team.roster_snapshot()),
        },
        Act::Disband => Input::Disband,
    }
}

/// The hash of everything in the state that affects what happens next or what an invariant
/// reads. Two states with the same hash are merged, so what is left out must be argued:
/// - the event counter: it only numbers the next event (`seq`); no handler, reducer or
///   invariant decides by it, so states that differ in it alone have the same futures;
/// - the tool lists (`lead_tools`, `teammate_tools`, `member_tools`): built once from the
///   config, which is hashed (a restore brings its config with it);
/// - a sent request's `system` prompt and `tools`: a function of the config and of the roster
///   when it was sent (`round.rs` builds both from them), and this model's roster never
///   changes (no move spawns a teammate): the config, the roster order and the request's
///   member are hashed. Every other field of every request (status, reply, error, ids, the
///   history it carried) is hashed: positions and invariants read them;
/// - the idempotency table: no move sends with an idempotency key, so it stays empty.
///
/// The clock (`now`, and every `*_at` stamp) is hashed but never moves here: only
/// `Input::Tick` moves it and no move ticks, so every stamp is 0 and splits no states
/// (measured: at depth 4 every `finished_at`, `notified_at` and `decided_at` is 0 or null).
/// A 64-bit hash stands for a state: two distinct states among the 32M of depth 8 collide
/// with a chance of about n^2 / 2^65, 3 in 100,000.
/// Serialized into one reused buffer, then hashed in one go: hashing is most of a step's
/// time, and serde_json's many small writes fed to the hasher one by one cost twice as much.
fn state_hash(team: &Team) -> u64 {
    thread_local! {
        static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUFFER.with_borrow_mut(|out| {
        out.clear();
        state_bytes(team, out);
        let mut hasher = DefaultHasher::new();
        hasher.write(out);
        hasher.finish()
    })
}

/// The text [`state_hash`] hashes.
fn state_bytes(team: &Team, out: &mut Vec<u8>) {
    let s = team.state();
    let whole = (
        s.config(),
        s.toggles(),
        s.order(),
        s.lead_name(),
        s.members(),
        s.messages(),
        s.protocol(),
        s.files(),
        (s.lock_holder(), s.lock_waiters(), s.disbanded(), s.now()),
    );
    serde_json::to_writer(&mut *out, &whole).expect("a state serializes");
    for sent in s.requests().iter() {
        let r = &sent.request;
        let request = (
            (r.id, &r.member, r.member_index, r.delivery, r.logical),
            (r.attempt, r.sent_at, &r.messages),
        );
        let fate = (sent.status, sent.finished_at, &sent.reply, &sent.error);
        serde_json::to_writer(&mut *out, &(request, fate)).expect("a request serializes");
    }
    out.extend_from_slice(&team.now().to_le_bytes());
}

/// The model's own invariants over one step (`prev` -> `cur` by `events`).
fn model_invariants(prev: &TeamState, cur: &TeamState, events: &[Event]) -> Result<(), String> {
    // Every record has one fate.
    for record in cur.messages().iter() {
        let to = cur.member(&record.to).ok_or("a record for nobody")?;
        let carried = to
            .history()
            .iter()
            .filter(|e| e.notifies.contains(&record.id))
            .count();
        let committed = record.notified_at.is_some();
        if carried != usize::from(committed) {
            return Err(format!(
                "M4/M5: {} is in {carried} history entries of {}, committed: {committed}",
                record.id, record.to
            ));
        }
        let position = cur.message_position(record.id).ok_or("no position")?;
        let before = prev.message_position(record.id);
        if position == Position::Lost
            && before != Some(Position::Lost)
            && !(prev.toggles().drain_on_read || cur.toggles().drain_on_read)
        {
            return Err(format!("M6: {} was lost outside drain mode", record.id));
        }
        if cur.disbanded() {
            if !matches!(
                position,
                Position::InRequest(_) | Position::Lost | Position::Undelivered
            ) {
                return Err(format!(
                    "L4: after the disband {} is still {} and was not reported",
                    record.id,
                    position.name()
                ));
            }
        } else if position == Position::Undelivered {
            return Err(format!("L4: {} is undelivered before a disband", record.id));
        }
    }
    // Every protocol request is resolved at most once.
    for request in cur.protocol_requests() {
        let decisions = events
            .iter()
            .filter(|e| {
                matches!(&e.kind, EventKind::ProtocolDecided { request_id, .. } if *request_id == request.id)
            })
            .count();
        let was = prev
            .protocol_requests()
            .find(|r| r.id == request.id)
            .map(|r| r.status);
        if decisions > 1 || (decisions == 1 && was.is_some_and(|s| s != ProtocolStatus::Pending)) {
            return Err(format!("P1/P5: {} decided twice", request.id));
        }
        if let Some(was) = was {
            if was != ProtocolStatus::Pending && was != request.status {
                return Err(format!(
                    "P1/P5: {} changed from {} to {}",
                    request.id,
                    was.as_str(),
                    request.status.as_str()
                ));
            }
        }
    }
    Ok(())
}

/// Applies `act` and checks every invariant, catching the engine's own debug-build check.
fn step(team: &mut Team, act: Act) -> Result<(), String> {
    let input = to_input(team, act);
    let prev = team.state().clone();
    let events = catch_unwind(AssertUnwindSafe(|| team.apply(input))).map_err(|panic| {
        panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "the engine panicked".into())
    })?;
    invariants::check_scoped(&prev, team.state(), &events, invariants::Scope::Everything)?;
    model_invariants(&prev, team.state(), &events)
}

struct Report {
    states: usize,
    /// Steps applied over every pass (a state reached again with more inputs left is
    /// explored again, and each pass repeats the shallower levels).
    transitions: usize,
    /// The last depth explored whole.
    depth: usize,
    /// False when the state cap stopped the pass to `depth + 1`.
    complete: bool,
    seconds: f64,
}

/// A violation: the shortest trace of moves that reaches it, and what broke.
#[derive(Debug)]
struct Violation {
    trace: Vec<String>,
    broken: String,
}

/// One depth-first pass: every state found, with the most inputs left when it was explored.
/// Only hashes are kept (a `Team` per state is what ran a breadth-first search out of memory).
struct Pass {
    seen: HashMap<u64, u8>,
    transitions: usize,
    max_states: usize,
    /// When the run started, for the progress lines.
    started: Instant,
    /// The moves from the start to the state being explored.
    path: Vec<Act>,
}

/// Why a pass stopped early.
enum Stop {
    Broken(Vec<Act>, String),
    StateCap,
}

impl Pass {
    /// Every move from `team`, `left` inputs still allowed (at least 1). A state is explored
    /// again only when it is reached with more inputs left than before: exploring it with `n`
    /// left covers everything exploring it with fewer would, so skipping is sound.
    fn explore(&mut self, team: &Team, left: u8) -> Result<(), Stop> {
        for act in moves(team) {
            let mut after = team.clone();
            self.transitions += 1;
            // A deep pass runs for an hour: a line now and then says it is alive and how fast.
            if self.transitions.is_multiple_of(1 << 23) {
                println!(
                    "[model-check]   pass to depth {}: states {} transitions {} seconds {:.1}",
                    self.path.len() + usize::from(left),
                    self.seen.len(),
                    self.transitions,
                    self.started.elapsed().as_secs_f64()
                );
            }
            if let Err(broken) = step(&mut after, act) {
                let mut trace = self.path.clone();
                trace.push(act);
                return Err(Stop::Broken(trace, broken));
            }
            let hash = state_hash(&after);
            let more = left - 1;
            if self.seen.get(&hash).is_some_and(|&had| had >= more) {
                continue;
            }
            self.seen.insert(hash, more);
            if self.seen.len() > self.max_states {
                return Err(Stop::StateCap);
            }
            if more > 0 {
                self.path.push(act);
                self.explore(&after, more)?;
                self.path.pop();
            }
        }
        Ok(())
    }
}

/// Every interleaving to `max_depth` inputs, by iterative deepening: pass `d` explores
/// depth-first every state within `d` inputs of the start, so its states are the breadth-first
/// level sets to `d` (printed per pass), and memory is one hash per state. A violation is
/// found in the first pass deep enough to reach it, and pass `d` found none in `d - 1`
/// inputs, so its trace is a shortest one. The passes repeat the shallower levels: the cost
/// is about 1 / (growth - 1) more than one pass (about 13% at 8.5x a level). Stops when more
/// than `max_states` states are found: then the report's depth is the last pass completed.
/// `first_depth` above 1 skips the shallower passes (to resume a long run whose shallower
/// depths were checked before; a trace is then shortest only given that earlier run).
fn explore(max_depth: usize, max_states: usize, first_depth: usize) -> Result<Report, Violation> {
    let started = Instant::now();
    let root = team();
    let mut transitions = 0;
    // States within `depth` inputs (unknown when that pass was skipped).
    let mut states = (first_depth <= 1).then_some(1);
    let mut depth = first_depth.max(1) - 1;
    let mut complete = true;
    while depth < max_depth {
        let left = u8::try_from(depth + 1).expect("a depth under 256");
        let mut pass = Pass {
            seen: HashMap::from([(state_hash(&root), left)]),
            transitions: 0,
            max_states,
            started,
            path: Vec::new(),
        };
        let result = pass.explore(&root, left);
        transitions += pass.transitions;
        match result {
            Err(Stop::Broken(trace, broken)) => {
                return Err(Violation {
                    trace: replay_trace(&trace),
                    broken,
                })
            }
            Err(Stop::StateCap) => {
                complete = false;
                println!(
                    "[model-check] depth {} (partly: state cap) states > {max_states} seconds {:.1}",
                    depth + 1,
                    started.elapsed().as_secs_f64()
                );
                break;
            }
            Ok(()) => {}
        }
        depth += 1;
        // Progress per level: a deep run takes long, and how the state count grows per level
        // is the figure that says how deep a run can go.
        println!(
            "[model-check] depth {depth} new states {} states {} transitions {} seconds {:.1}",
            states.map_or("(pass skipped)".to_string(), |had| {
                (pass.seen.len() - had).to_string()
            }),
            pass.seen.len(),
            pass.transitions,
            started.elapsed().as_secs_f64()
        );
        let grew = states != Some(pass.seen.len());
        states = Some(pass.seen.len());
        if !grew {
            break;
        }
    }
    Ok(Report {
        states: states.unwrap_or(1),
        transitions,
        depth,
        complete,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The trace as the inputs it applied, one line each (the failing one last).
fn replay_trace(acts: &[Act]) -> Vec<String> {
    let mut team = team();
    acts.iter()
        .map(|&act| {
            let input = to_input(&team, act);
            let line = match &input {
                Input::Restore { .. } => "Restore (the roster snapshot of this state)".to_string(),
                other => serde_json::to_string(other).unwrap_or_default(),
            };
            let _ = catch_unwind(AssertUnwindSafe(|| team.apply(input)));
            format!("{act:?}: {line}")
        })
        .collect()
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(default)
}

fn check(max_depth: usize) {
    match explore(
        max_depth,
        env("MODEL_CHECK_MAX_STATES", usize::MAX),
        env("MODEL_CHECK_FIRST_DEPTH", 1),
    ) {
        Ok(r) => println!(
            "[model-check] states {} transitions {} depth {}{} seconds {:.1}",
            r.states,
            r.transitions,
            r.depth,
            if r.complete {
                String::new()
            } else {
                format!(
                    " (every interleaving; level {} partly: state cap)",
                    r.depth + 1
                )
            },
            r.seconds
        ),
        Err(v) => panic!(
            "invariant broken after {} inputs: {}\nshortest trace:\n  {}",
            v.trace.len(),
            v.broken,
            v.trace.join("\n  ")
        ),
    }
}

/// M4 M5 M6 L4 P1 P5 T6: every interleaving of a three-member team to a small depth (the
/// normal test run).
#[test]
fn model_check_every_interleaving_of_a_three_member_team_keeps_the_invariants() {
    check(env("MODEL_CHECK_SHALLOW_DEPTH", 3));
}

/// The deep check (scripts/model-check.sh runs it in release).
#[test]
#[ignore = "slow: scripts/model-check.sh runs it in release"]
fn model_check_deep() {
    check(env("MODEL_CHECK_DEPTH", 12));
}
