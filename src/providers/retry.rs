//! When a failed model call is tried again, and after how long. Retries have their own budget
//! per request (not the logical requests a delivery may spend, L2). Time and jitter come from
//! the driver, so the schedule is a pure function and tested with a fake clock.

use super::errors::{ErrorKind, ProviderError};

/// The retry rules of one team run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// Retries allowed per request, on top of its first attempt.
    pub max_retries: u32,
    /// The first backoff, doubled for each further retry.
    pub base_delay_ms: u64,
    /// No backoff waits longer than this.
    pub max_delay_ms: u64,
    /// A server asking for a longer wait than this is not waited for: the call gives up.
    pub max_server_wait_ms: u64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 2,
            base_delay_ms: 500,
            max_delay_ms: 8_000,
            max_server_wait_ms: 60_000,
        }
    }
}

/// What to do after a failed attempt.
#[derive(Clone, Debug, PartialEq)]
pub enum RetryDecision {
    /// Send the same request again after `delay_ms`. `pause_provider`: the provider said it is
    /// rate limited or overloaded, so every member's calls to it wait as long.
    Retry {
        /// How long to wait before the next attempt.
        delay_ms: u64,
        /// Whether the whole team's queue for this provider waits too.
        pause_provider: bool,
        /// Which retry this is, from 1.
        retry: u32,
    },
    /// Stop and report the failure to the team.
    GiveUp {
        /// Why no retry is made, for the event the learner sees.
        why: GiveUpReason,
    },
}

/// Why a failed call is not retried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiveUpReason {
    /// Trying again cannot help (bad request, key, model, quota, abort...).
    NotTransient,
    /// The request's retries are spent.
    BudgetSpent,
    /// Part of the reply (a tool call) already reached the team: a retry could repeat it.
    ToolCallAlreadyStreamed,
    /// The server asked for a wait longer than the policy allows.
    WaitTooLong,
}

impl RetryPolicy {
    /// Decides after attempt number `retries_done` (0 = the first attempt failed) failed with
    /// `error`. `tool_call_streamed`: a tool call of this reply was already handed on.
    /// `jitter` is a number in `[0, 1)` from the driver's seeded source.
    pub fn decide(
        &self,
        retries_done: u32,
        error: &ProviderError,
        tool_call_streamed: bool,
        jitter: f64,
    ) -> RetryDecision {
        let give_up = |why| RetryDecision::GiveUp { why };
        if !error.is_transient() {
            return give_up(GiveUpReason::NotTransient);
        }
        if tool_call_streamed {
            return give_up(GiveUpReason::ToolCallAlreadyStreamed);
        }
        if retries_done >= self.max_retries {
            return give_up(GiveUpReason::BudgetSpent);
        }
        let delay_ms = match error.retry_after_ms {
            Some(wait) if wait > self.max_server_wait_ms => {
                return give_up(GiveUpReason::WaitTooLong)
            }
            Some(wait) => wait,
            // Nothing is wrong with the server's load: the same call, made whole, can go now.
            None if error.kind == ErrorKind::StreamingRefused => 0,
            None => self.backoff_ms(retries_done, jitter),
        };
        RetryDecision::Retry {
            delay_ms,
            pause_provider: matches!(error.kind, ErrorKind::RateLimited | ErrorKind::Overloaded),
            retry: retries_done + 1,
        }
    }

    /// Exponential backoff, shortened by up to a quarter at random so that members that
    /// failed together do not retry together.
    fn backoff_ms(&self, retries_done: u32, jitter: f64) -> u64 {
        let exp = self
            .base_delay_ms
            .saturating_mul(1u64 << retries_done.min(20))
            .min(self.max_delay_ms);
        let jitter = if jitter.is_finite() {
            jitter.clamp(0.0, 1.0)
        } else {
            0.0
        };
        (exp as f64 * (1.0 - 0.25 * jitter)).round() as u64
    }
}

/// A provider's queue pause: calls to it wait until `until_ms` (the driver's clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProviderPause {
    until_ms: u64,
}

impl ProviderPause {
    /// Extends the pause to at least `now_ms + delay_ms`; a shorter new wait never shortens it.
    pub fn pause(&mut self, now_ms: u64, delay_ms: u64) {
        self.until_ms = self.until_ms.max(now_ms.saturating_add(delay_ms));
    }

    /// How long a call made at `now_ms` must still wait.
    pub fn wait_ms(&self, now_ms: u64) -> u64 {
        self.until_ms.saturating_sub(now_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::providers::errors::classify_status;

    fn err(kind: ErrorKind) -> ProviderError {
        ProviderError::new(kind, "")
    }

    #[test]
    fn transient_failures_retry_twice_with_growing_waits_then_give_up() {
        let p = RetryPolicy::default();
        let e = err(ErrorKind::Server);
        let waits: Vec<_> = (0..3).map(|n| p.decide(n, &e, false, 0.0)).collect();
        assert_eq!(
            waits,
            vec![
                RetryDecision::Retry {
                    delay_ms: 500,
                    pause_provider: false,
                    retry: 1
                },
                RetryDecision::Retry {
                    delay_ms: 1000,
                    pause_provider: false,
                    retry: 2
                },
                RetryDecision::GiveUp {
                    why: GiveUpReason::BudgetSpent
                },
            ]
        );
    }

    #[test]
    fn jitter_shortens_the_wait_by_at_most_a_quarter_and_is_reproducible() {
        let p = RetryPolicy::default();
        let e = err(ErrorKind::Network);
        let at = |j| match p.decide(1, &e, false, j) {
            RetryDecision::Retry { delay_ms, .. } => delay_ms,
            other => panic!("{other:?}"),
        };
        assert_eq!(at(0.0), 1000);
        assert_eq!(at(0.999_999), 750);
        assert_eq!(at(0.5), at(0.5));
        assert!((750..=1000).contains(&at(0.37)));
        assert_eq!(at(f64::NAN), 1000);
    }

    #[test]
    fn never_retried_statuses_abort_and_quota() {
        let p = RetryPolicy::default();
        for status in [400, 401, 403, 404, 413, 422] {
            let d = p.decide(0, &classify_status(status, "", None), false, 0.0);
            assert_eq!(
                d,
                RetryDecision::GiveUp {
                    why: GiveUpReason::NotTransient
                },
                "{status}"
            );
        }
        let quota = classify_status(
            429,
            "{\"error\":{\"message\":\"spend limit reached\"}}",
            None,
        );
        assert_eq!(
            p.decide(0, &quota, false, 0.0),
            RetryDecision::GiveUp {
                why: GiveUpReason::NotTransient
            }
        );
        assert_eq!(
            p.decide(0, &err(ErrorKind::Aborted), false, 0.0),
            RetryDecision::GiveUp {
                why: GiveUpReason::NotTransient
            }
        );
    }

    #[test]
    fn retried_statuses_and_the_server_wait_is_honoured() {
        let p = RetryPolicy::default();
        for status in [408, 409, 429, 500, 502, 503, 529] {
            let d = p.decide(0, &classify_status(status, "", Some(1234)), false, 0.9);
            let pause = matches!(status, 429 | 529);
            assert_eq!(
                d,
                RetryDecision::Retry {
                    delay_ms: 1234,
                    pause_provider: pause,
                    retry: 1
                },
                "{status}"
            );
        }
        let long = classify_status(429, "", Some(120_000));
        assert_eq!(
            p.decide(0, &long, false, 0.0),
            RetryDecision::GiveUp {
                why: GiveUpReason::WaitTooLong
            }
        );
    }

    #[test]
    fn a_stream_that_already_handed_on_a_tool_call_is_not_retried() {
        let p = RetryPolicy::default();
        let d = p.decide(0, &err(ErrorKind::Truncated), true, 0.0);
        assert_eq!(
            d,
            RetryDecision::GiveUp {
                why: GiveUpReason::ToolCallAlreadyStreamed
            }
        );
        assert!(matches!(
            p.decide(0, &err(ErrorKind::Truncated), false, 0.0),
            RetryDecision::Retry { .. }
        ));
    }

    #[test]
    fn a_pause_holds_the_whole_queue_until_the_longest_wait_is_over() {
        let mut pause = ProviderPause::default();
        assert_eq!(pause.wait_ms(0), 0);
        pause.pause(1_000, 3_000);
        pause.pause(2_000, 500);
        assert_eq!(pause.wait_ms(2_000), 2_000);
        assert_eq!(pause.wait_ms(4_000), 0);
        assert_eq!(pause.wait_ms(9_000), 0);
    }
}
