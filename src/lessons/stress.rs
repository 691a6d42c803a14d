//! The generated stress lesson: a long, realistic log for seek benchmarks (natively, in the
//! browser, and `tests/e2e/perf.spec.ts` through the id `stress-<n>`). 50 members: the lead
//! sends work, teammates prepare, commit, call a tool, report back, and every 49 rounds the
//! lead takes the reports in. Deterministic: a fixed-seed LCG picks the teammates.
//!
//! It is played here, through the engine's one mutator (`Team::apply`), like every other
//! timeline; [`super::playable`] resolves its id.

use crate::engine::{
    Input, Limits, MemberConfig, ModelReply, Recorder, SortedMap, Team, TeamConfig, Timeline,
    ToolCall,
};
use serde_json::json;

/// The longest stress log a `stress-<n>` id plays; a larger `n` is capped to it.
pub const MAX_EVENTS: usize = 200_000;

/// The longest stress log a link may name (`#lesson=stress-<n>`): a log this long plays in a
/// few milliseconds, so a stranger's link cannot freeze the page with it. Longer logs (the perf
/// test's 100,000 events) open only from the page's own code, never from a link.
pub const MAX_LINKED_EVENTS: usize = 5_000;

/// Deliveries each member accepts. Finite so a card reads like a real team's, and more than
/// any member uses in a log of [`MAX_EVENTS`] events (a test checks), so no round is refused
/// and the log is the same as with an unlimited budget.
pub const DELIVERY_BUDGET: u32 = 1_000;

const TEAMMATES: u64 = 49;

fn config() -> TeamConfig {
    let mut members = vec![MemberConfig::lead()];
    for i in 1..=TEAMMATES {
        members.push(MemberConfig::teammate(&format!("t{i:02}"), "worker"));
    }
    TeamConfig {
        members,
        files: SortedMap::from([("notes.txt".to_string(), "stress".to_string())]),
        limits: Limits {
            inbox_records: usize::MAX,
            history_entries: usize::MAX,
            delivery_budget: DELIVERY_BUDGET,
            max_members: 64,
            ..Limits::default()
        },
        toggles: Default::default(),
        allow_write: false,
        // A generated log for measuring, not a lesson: its host speaks English.
        lang: crate::engine::Lang::En,
    }
}

/// Feeds inputs to the engine's recorder until the log holds at least `n_events`.
struct Feeder {
    recorder: Recorder,
    n_events: usize,
}

impl Feeder {
    fn feed(&mut self, input: Input) {
        if !self.full() {
            self.recorder.apply(input);
        }
    }

    fn full(&self) -> bool {
        self.recorder.timeline().len() >= self.n_events
    }

    /// Starts `member`'s round and answers its requests with `replies`, in order, while it has
    /// one in flight.
    fn round(&mut self, member: &str, replies: Vec<ModelReply>) {
        self.feed(Input::StartRound {
            member: member.to_string(),
            prompt: None,
        });
        for reply in replies {
            let Some(request_id) = self
                .recorder
                .state()
                .member(member)
                .and_then(|m| m.in_flight())
            else {
                break;
            };
            self.feed(Input::ModelReplied { request_id, reply });
        }
    }
}

/// The teammate (1 to 49) each round goes to, in order: a fixed-seed LCG, so every log is the
/// same and a longer log starts with a shorter one.
pub fn workers() -> impl Iterator<Item = u64> {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    std::iter::repeat_with(move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        1 + (seed >> 33) % TEAMMATES
    })
}

/// The stress log of exactly `n_events` events (no cap here; ids are capped by
/// [`super::playable`]).
pub fn generate(n_events: usize) -> Timeline {
    // Invariant: this config is a constant and valid by construction (one lead, 50 distinct
    // names); no input reaches it.
    let team = Team::new(config()).unwrap_or_else(|e| panic!("the stress config is valid: {e}"));
    let mut recorder = Feeder {
        recorder: Recorder::new(team),
        n_events,
    };
    let mut workers = workers();
    let mut round = 0u64;
    while !recorder.full() {
        let Some(worker) = workers.next() else {
            break;
        };
        let worker = format!("t{worker:02}");
        round += 1;
        recorder.feed(Input::Tick { now: round });
        recorder.feed(Input::HostSend {
            from: "lead".into(),
            to: worker.clone(),
            body: format!("task {round}: read notes.txt and report"),
            idempotency_key: None,
        });
        let calls = vec![
            ToolCall::new(
                format!("c{round}a"),
                "read_file",
                json!({"path": "notes.txt"}),
            ),
            ToolCall::new(
                format!("c{round}b"),
                "send_message",
                json!({"to": "lead", "body": format!("report {round}: notes.txt says stress")}),
            ),
        ];
        recorder.round(
            &worker,
            vec![ModelReply::tools("", calls), ModelReply::text("done")],
        );
        if round.is_multiple_of(TEAMMATES) {
            recorder.round("lead", vec![ModelReply::text("noted")]);
        }
    }
    // The last input may have caused more events than asked for: keep exactly `n_events`.
    let mut timeline = recorder.recorder.finish();
    timeline.truncate(n_events);
    timeline
}
