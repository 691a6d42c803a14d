//! A live run's schedule, without IO: which of the run's requests go out now (a concurrency
//! limit, a provider pause after 429/529, a retry's backoff), and what each finished call
//! becomes for the engine (a reply, or a failure it may retry within its retry budget). The
//! browser part (`ui::features::live`) only makes the calls and reports back with the time; the clock
//! and the jitter are inputs here, so the whole policy is tested natively with a fake clock.

use super::errors::{ErrorKind, ProviderError};
use super::retry::{GiveUpReason, ProviderPause, RetryDecision, RetryPolicy};
use super::{Decoded, Usage};
use crate::engine::{EventKind, Lang, ModelRequest, RequestId, StopReason};
use crate::lessons::run::Run;
use crate::lessons::{Answer, PlayError};
use std::collections::BTreeMap;

/// A request to send now.
#[derive(Clone, Debug, PartialEq)]
pub struct Dispatch {
    /// The engine's request, exactly as the engine built it.
    pub request: ModelRequest,
}

/// What a finished call reported.
#[derive(Clone, Debug, PartialEq)]
pub enum CallResult {
    /// The answer arrived and decoded.
    Answered(Decoded),
    /// The call failed; `tool_call_streamed` says a tool call had already been handed on.
    Failed {
        /// What went wrong.
        error: ProviderError,
        /// Whether part of the reply (a tool call) was already streamed in.
        tool_call_streamed: bool,
    },
}

/// What a live run's calls came to, for the status at its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Calls sent (every attempt).
    pub calls: u32,
    /// Calls answered.
    pub answered: u32,
    /// Answers cut at the reply-length cap (`finish_reason: "length"`, `max_tokens`).
    pub cut: u32,
    /// Calls that failed and were made again.
    pub retried: u32,
    /// Calls that failed for good: the member's round failed with them.
    pub given_up: u32,
    /// Calls out when the learner stopped the run, cancelled.
    pub cancelled: u32,
}

impl Tally {
    /// One line for the live panel's status, in the page's language.
    pub fn summary(&self, lang: Lang) -> String {
        let Tally {
            calls,
            answered,
            cut,
            retried,
            given_up,
            cancelled,
        } = *self;
        let stopped = match (lang, cancelled) {
            (_, 0) => String::new(),
            (Lang::Zh, n) => format!("，{n} 次因停止而取消"),
            (Lang::En, n) => format!(", {n} cancelled by the stop"),
        };
        match lang {
            Lang::Zh => format!(
                "共 {calls} 次调用：{answered} 次得到回答（其中 {cut} 次在回答长度上限处被截断），{retried} 次失败后重试，{given_up} 次失败后放弃{stopped}。"
            ),
            Lang::En => format!(
                "{calls} calls: {answered} answered ({cut} cut at the reply-length cap), {retried} failed and retried, {given_up} failed for good{stopped}."
            ),
        }
    }
}

/// A request waiting to go out.
struct Queued {
    request: ModelRequest,
    /// The earliest time it may go.
    at: u64,
    /// The index of its `ModelRequested` event in the log.
    event: usize,
    /// A server already received it once (it is sent again after a cut).
    seen: bool,
}

/// The schedule of one live run.
pub struct LiveSchedule {
    run: Run,
    policy: RetryPolicy,
    limit: usize,
    pause: ProviderPause,
    /// Requests the engine sent that are not out yet, each with the earliest time it may go
    /// and the index of its event in the log; a request a server already saw (one sent again
    /// after a cut) is marked `seen`.
    queue: Vec<Queued>,
    /// Set when the learner stopped the run: how many events of the log it keeps.
    stopped_at: Option<usize>,
    in_flight: Vec<RequestId>,
    /// Calls sent so far, and the number of each call out (to tell whether another call went
    /// out while one was in flight).
    sent_count: u64,
    sent_as: BTreeMap<RequestId, (u64, usize)>,
    /// The concurrency limit the run started with, once a server that cuts a stream when
    /// another call arrives made the run lower it to 1.
    lowered_from: Option<usize>,

    /// Backoff owed by the next attempt of (member, delivery, logical request).
    backoff: BTreeMap<(String, u32, u32), u64>,
    usage: BTreeMap<String, Usage>,
    /// Members whose calls go out whole (not streamed) because the server refused to stream
    /// one of their answers, in the order it happened.
    whole: Vec<String>,
    tally: Tally,
    logical_now: u64,
    lang: Lang,
    base_url: String,
    /// Text that must never appear in what the engine records (the key).
    secret: String,
}

impl LiveSchedule {
    /// Starts `run`: applies what it can and queues its first requests.
    pub fn start(
        mut run: Run,
        policy: RetryPolicy,
        limit: usize,
        lang: Lang,
        base_url: &str,
        secret: &str,
    ) -> Result<LiveSchedule, PlayError> {
        run.advance()?;
        // The engine's retry budget (per delivery) and the policy's (per request) are one
        // budget: a request whose retries are spent is one the engine reports as "the retry
        // budget is spent", never as "not retryable".
        let budget = run.timeline().initial_state().config().limits.retry_budget;
        let policy = RetryPolicy {
            max_retries: policy.max_retries.min(budget),
            ..policy
        };
        let mut schedule = LiveSchedule {
            run,
            policy,
            limit: limit.max(1),
            pause: ProviderPause::default(),
            queue: Vec::new(),
            in_flight: Vec::new(),
            sent_count: 0,
            sent_as: BTreeMap::new(),
            lowered_from: None,

            backoff: BTreeMap::new(),
            usage: BTreeMap::new(),
            whole: Vec::new(),
            tally: Tally::default(),
            stopped_at: None,
            logical_now: 0,
            lang,
            base_url: base_url.to_string(),
            secret: secret.to_string(),
        };
        schedule.take_sent(0);
        Ok(schedule)
    }

    /// The requests to send at `now_ms`, within the concurrency limit and the provider's pause.
    pub fn due(&mut self, now_ms: u64) -> Vec<Dispatch> {
        if self.pause.wait_ms(now_ms) > 0 {
            return Vec::new();
        }
        let mut out = Vec::new();
        while self.in_flight.len() < self.limit {
            let Some(index) = self.queue.iter().position(|q| q.at <= now_ms) else {
                break;
            };
            let Queued { request, event, .. } = self.queue.remove(index);
            self.in_flight.push(request.id);
            self.tally.calls += 1;
            self.sent_count += 1;
            self.sent_as.insert(request.id, (self.sent_count, event));
            out.push(Dispatch { request });
        }
        out
    }

    /// How long until something queued may go (None when nothing is queued or a slot is
    /// missing: a finishing call will call `due` again).
    pub fn next_wake(&self, now_ms: u64) -> Option<u64> {
        if self.in_flight.len() >= self.limit {
            return None;
        }
        let earliest = self.queue.iter().map(|q| q.at).min()?;
        Some(earliest.max(now_ms + self.pause.wait_ms(now_ms)) - now_ms)
    }

    /// A call finished at `now_ms`; `jitter` in `[0, 1)` comes from the driver's seeded source.
    pub fn finished(
        &mut self,
        id: RequestId,
        result: CallResult,
        now_ms: u64,
        jitter: f64,
    ) -> Result<(), PlayError> {
        self.in_flight.retain(|r| *r != id);
        let sent_as = self.sent_as.remove(&id);
        // After a stop, what comes back (aborted calls) is not part of the run.
        if self.stopped_at.is_some() {
            self.tally.cancelled += 1;
            return Ok(());
        }
        let Some(request) = self.run.awaiting().iter().find(|r| r.id == id).cloned() else {
            return Ok(());
        };
        // Even with part of a tool call streamed in: the engine takes only whole replies, so
        // nothing of the cut one ran and sending the request again cannot repeat a tool call.
        if let (CallResult::Failed { error, .. }, Some((seq, event))) = (&result, sent_as) {
            if self.cut_by_another_call(error, seq) {
                // The same request goes to the server again, one call at a time: the engine
                // sent it once and gets one answer; the transport's cut is not the model's.
                self.tally.retried += 1;
                self.queue.insert(
                    0,
                    Queued {
                        request,
                        at: now_ms,
                        event,
                        seen: true,
                    },
                );
                return Ok(());
            }
        }
        let outcome = match result {
            CallResult::Answered(decoded) => {
                self.tally.answered += 1;
                if decoded.reply.stop_reason == StopReason::MaxTokens {
                    self.tally.cut += 1;
                }
                let total = self.usage.entry(request.member.clone()).or_default();
                *total = total.plus(decoded.usage);
                Answer::Reply(decoded.reply)
            }
            CallResult::Failed {
                error,
                tool_call_streamed,
            } => self.failed(&request, &error, tool_call_streamed, now_ms, jitter),
        };
        self.logical_now += 1;
        let failed = matches!(outcome, Answer::Fail { .. });
        let before = self.run.timeline().len();
        self.run.answer(id, outcome, self.logical_now)?;
        if failed {
            // Retried when the engine scheduled a retry (its budget has the last word).
            let retried = self.run.timeline().events()[before..]
                .iter()
                .any(|e| matches!(&e.kind, EventKind::RetryScheduled { member, .. } if *member == request.member));
            if retried {
                self.tally.retried += 1;
            } else {
                self.tally.given_up += 1;
            }
        }
        self.run.advance()?;
        self.take_sent(now_ms);
        Ok(())
    }

    /// The engine's answer to a failed call: whether it may be retried (the retry policy's
    /// decision, its delay and a provider-wide pause), in words the log keeps without the key.
    fn failed(
        &mut self,
        request: &ModelRequest,
        error: &ProviderError,
        tool_call_streamed: bool,
        now_ms: u64,
        jitter: f64,
    ) -> Answer {
        if error.kind == ErrorKind::StreamingRefused && !self.whole.contains(&request.member) {
            self.whole.push(request.member.clone());
        }
        let decision = self
            .policy
            .decide(request.attempt, error, tool_call_streamed, jitter);
        let retryable = match decision {
            RetryDecision::Retry {
                delay_ms,
                pause_provider,
                ..
            } => {
                if pause_provider {
                    self.pause.pause(now_ms, delay_ms);
                }
                let key = (request.member.clone(), request.delivery, request.logical);
                self.backoff.insert(key, now_ms + delay_ms);
                true
            }
            // Retrying would help, but the budget is spent: the engine says so.
            RetryDecision::GiveUp {
                why: GiveUpReason::BudgetSpent,
            } => true,
            RetryDecision::GiveUp { .. } => false,
        };
        let message = error.message(self.lang, &self.base_url);
        Answer::Fail {
            error: self.scrub(&message),
            retryable,
        }
    }

    /// Every request the engine sent since the last look joins the queue, a retry no earlier
    /// than its backoff.
    fn take_sent(&mut self, now_ms: u64) {
        for (request, event) in self.run.take_sent() {
            let key = (request.member.clone(), request.delivery, request.logical);
            let at = self.backoff.remove(&key).unwrap_or(now_ms);
            self.queue.push(Queued {
                request,
                at,
                event,
                seen: false,
            });
        }
    }

    /// The key never reaches the engine's log, even inside a server's error text, whole or
    /// in part.
    fn scrub(&self, text: &str) -> String {
        super::redact::redact_key(text, &self.secret)
    }

    /// The learner stops the run: nothing more goes out, and what comes back is not taken
    /// in. The log it keeps ends before the first request that never went out (the engine
    /// sent it, but no server saw it); the calls in flight stay sent, without a reply.
    /// Returns the number of events kept.
    pub fn stop(&mut self) -> usize {
        if let Some(kept) = self.stopped_at {
            return kept;
        }
        let kept = self
            .queue
            .iter()
            .filter(|q| !q.seen)
            .map(|q| q.event)
            .min()
            .unwrap_or(self.run.timeline().len());
        self.queue.clear();
        self.stopped_at = Some(kept);
        kept
    }

    /// The log as it stands: the whole run, or the part a stop kept.
    pub fn timeline(&self) -> crate::engine::Timeline {
        match self.stopped_at {
            Some(kept) => self.run.timeline().prefix(kept),
            None => self.run.timeline().clone(),
        }
    }

    /// The recording of the run so far; a stopped run's replays to where it stopped.
    pub fn recording(&self) -> crate::lessons::recording::Recording {
        crate::lessons::recording::Recording {
            stopped_at: self.stopped_at,
            ..self.run.recording()
        }
    }

    /// Where the learner stopped the run (the events kept), if they did.
    pub fn stopped_at(&self) -> Option<usize> {
        self.stopped_at
    }

    /// The run so far.
    pub fn run(&self) -> &Run {
        &self.run
    }

    /// The run, to finish or record it.
    pub fn into_run(self) -> Run {
        self.run
    }

    /// Requests the engine sent that are not out yet.
    pub fn queued(&self) -> usize {
        self.queue.len()
    }

    /// Requests out right now.
    pub fn in_flight(&self) -> &[RequestId] {
        &self.in_flight
    }

    /// Whether `member`'s calls stream (the settings asked for streaming, and the server has
    /// not refused to stream one of its answers).
    pub fn streams(&self, member: &str) -> bool {
        !self.whole.iter().any(|m| m == member)
    }

    /// The members whose answers now come whole, in the order the server refused to stream
    /// theirs: the live panel says it once for each.
    pub fn whole_answers(&self) -> &[String] {
        &self.whole
    }

    /// A local server's stream cut while another call of this run went out after it: some
    /// servers end a stream whenever a new request arrives (llama-cpp-python's default
    /// `interrupt_requests`). The run goes on one call at a time.
    fn cut_by_another_call(&mut self, error: &ProviderError, sent_as: u64) -> bool {
        // Only a local server's cut stream: a cut from a hosted API (or a network drop) is
        // a failure the engine must hear of, and its retry is the policy's.
        let local =
            super::errors::is_loopback(&self.base_url) || super::errors::is_private(&self.base_url);
        if error.kind != ErrorKind::Truncated || !local || sent_as >= self.sent_count {
            return false;
        }
        if self.limit > 1 {
            self.lowered_from = Some(self.limit);
            self.limit = 1;
        }
        true
    }

    /// The concurrency limit the run started with, when it had to lower it to one call at a
    /// time (a server that cuts a stream when another call arrives).
    pub fn lowered_from(&self) -> Option<usize> {
        self.lowered_from
    }

    /// How many calls may be out at once now.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// What the calls came to so far.
    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Tokens used per member so far.
    pub fn usage(&self) -> &BTreeMap<String, Usage> {
        &self.usage
    }

    /// Tokens used by the whole run so far.
    pub fn total_usage(&self) -> Usage {
        self.usage
            .values()
            .fold(Usage::default(), |a, b| a.plus(*b))
    }

    /// Nothing queued, nothing out, every direction applied; or stopped, with nothing out.
    pub fn is_done(&self) -> bool {
        self.queue.is_empty()
            && self.in_flight.is_empty()
            && (self.run.is_finished() || self.stopped_at.is_some())
    }
}

/// A small seeded source of jitter (xorshift): deterministic for a seed, so tests and
/// recordings can name it.
#[derive(Clone, Debug)]
pub struct Jitter(u64);

impl Jitter {
    /// A source from a seed (0 is replaced by a fixed odd number).
    pub fn new(seed: u64) -> Self {
        Jitter(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next number in `[0, 1)`.
    pub fn sample(&mut self) -> f64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }
}
