//! T5, T6, L1, L2: one delivery ("round") of a member, from the lock and the occupancy check to
//! its end. A round starts only for an idle member with deliveries left; the lock is held just
//! for the check-and-set (or, in the hold-lock contrast mode, through the model call); a round
//! ends answered (idle), stopped (request budget spent), failed (reported to the lead) or shut
//! down (P2), and then the next member waiting for the lock starts.

use super::caption::{tr, Lang};
use super::event::EventKind;
use super::mailbox::MessageKind;
use super::model::RequestId;
use super::refusal::RefusalCode;
use super::request::ModelRequest;
use super::roster::Lifecycle;
use super::roster::MemberState;
use super::roster::MemberStatus;
use super::roster::RoundOutcome;
use super::team::Team;
use super::text::char_len;

impl Team {
    /// T5, L1, L2, T6: deliver work to a member. A task over the body limit is refused, not
    /// cut (M7); that check reads only the input, so it needs no lock. Everything that reads
    /// the member's occupancy runs under the lock (`begin_round`). In hold-lock mode a member
    /// that finds the lock held by another waits for it, which is how the contrast mode
    /// serializes the team (T6); a member that could not start anyway (not idle, or already
    /// waiting) is refused at once instead of queueing for a lock it would not use.
    pub(crate) fn on_start_round(&mut self, name: &str, prompt: Option<String>) {
        let Some(member) = self.state.members.get(name) else {
            self.refuse_unknown_member(name);
            return;
        };
        if let Some(p) = &prompt {
            let limit = self.state.config.limits.body_chars;
            if char_len(p) > limit {
                let len = char_len(p);
                self.refuse(
                    Some(name),
                    RefusalCode::BodyTooLong,
                    tr(
                        self.lang(),
                        format!("任务有 {len} 个字符，上限是 {limit}"),
                        format!("the task has {len} characters, the limit is {limit}"),
                    ),
                );
                return;
            }
        }
        let holder = self.state.lock_holder.clone();
        let lang = self.lang();
        if self.state.toggles.hold_lock_during_model_call {
            if let Some(holder) = holder {
                match occupancy_refusal(member, lang) {
                    Some((code, reason)) => {
                        let reason = if holder == name {
                            tr(
                                lang,
                                format!("{reason}（那一轮的锁在它手里）"),
                                format!("{reason} (it holds the lock for that round)"),
                            )
                        } else {
                            tr(
                                lang,
                                format!("{reason}；它不会排队等 {holder} 手里的锁"),
                                format!("{reason}; it does not queue for the lock {holder} holds"),
                            )
                        };
                        self.refuse(Some(name), code, reason);
                    }
                    None => self.emit(
                        Some(name),
                        EventKind::LockWaiting {
                            member: name.to_string(),
                            holder,
                            prompt,
                        },
                    ),
                }
                return;
            }
        }
        self.begin_round(name, prompt);
    }

    /// T5/T6: take the lock, check-and-set occupancy under it, and release it before any model
    /// call unless the hold-lock toggle is on. Releasing early is what lets several members
    /// wait for their models at once; holding it shows the cost (members run one after
    /// another). A refused check releases the lock too, so the log shows the check inside the
    /// lock whichever way it goes.
    pub(crate) fn begin_round(&mut self, name: &str, prompt: Option<String>) {
        let Some(member) = self.state.members.get(name) else {
            return;
        };
        let delivery = member.deliveries_used + 1;
        let delivery_budget = member.delivery_budget;
        self.emit(
            Some(name),
            EventKind::LockAcquired {
                member: name.to_string(),
            },
        );
        let lang = self.lang();
        let refusal = self
            .state
            .members
            .get(name)
            .and_then(|m| occupancy_refusal(m, lang));
        if let Some((code, reason)) = refusal {
            self.refuse(Some(name), code, reason);
            self.emit(
                Some(name),
                EventKind::LockReleased {
                    member: name.to_string(),
                },
            );
            self.wake_waiter();
            return;
        }
        self.emit(
            Some(name),
            EventKind::RoundStarted {
                member: name.to_string(),
                delivery,
                delivery_budget,
                prompt,
            },
        );
        if !self.state.toggles.hold_lock_during_model_call {
            self.emit(
                Some(name),
                EventKind::LockReleased {
                    member: name.to_string(),
                },
            );
        }
        self.advance(name);
    }

    /// One turn of the member loop: exit after an approved shutdown (P2), stop when the
    /// delivery's logical requests are spent (L2: `stopped`, not `failed`), or prepare, commit
    /// and send the next request (M3).
    pub(crate) fn advance(&mut self, name: &str) {
        let Some(round) = self
            .state
            .members
            .get(name)
            .and_then(|m| m.round().cloned())
        else {
            return;
        };
        if round.should_exit {
            self.finish(name, RoundOutcome::Shutdown, None);
            return;
        }
        let budget = self.state.config.limits.request_budget;
        if round.requests_used >= budget {
            self.finish(
                name,
                RoundOutcome::Stopped(format!(
                    "used {} of {budget} requests in this delivery without a final answer",
                    round.requests_used
                )),
                None,
            );
            return;
        }
        if self.prepare_and_commit(name) {
            self.send_request(name, 0);
        }
    }

    /// L2: spends one retry if the delivery's retry budget allows (emits `RetryScheduled`).
    /// Retries have their own budget, so a flaky model does not eat the logical requests.
    pub(crate) fn use_retry(&mut self, name: &str, reason: &str) -> bool {
        let Some(round) = self.state.members.get(name).and_then(|m| m.round()) else {
            return false;
        };
        let budget = self.state.config.limits.retry_budget;
        if round.retries_used >= budget {
            return false;
        }
        self.emit(
            Some(name),
            EventKind::RetryScheduled {
                member: name.to_string(),
                retries_used: round.retries_used + 1,
                retry_budget: budget,
                reason: reason.to_string(),
            },
        );
        true
    }

    /// M3: builds the request from the committed history and emits it; mail that arrives later
    /// never changes it. `attempt` 0 is a new logical request (L2), a retry repeats the number.
    pub(crate) fn send_request(&mut self, name: &str, attempt: u32) {
        let Some(member) = self.state.members.get(name) else {
            return;
        };
        let Some(round) = member.round() else {
            return;
        };
        let logical = if attempt == 0 {
            round.requests_used + 1
        } else {
            round.requests_used
        };
        let request = ModelRequest {
            id: RequestId(self.state.requests.len() as u64 + 1),
            member: name.to_string(),
            member_index: member.requests.len() as u32,
            delivery: round.delivery,
            logical,
            attempt,
            sent_at: self.now,
            system: self.state.system_prompt_of(member),
            messages: member.history.clone(),
            tools: self.state.tools_of_member(name),
        };
        self.emit(Some(name), EventKind::ModelRequested { request });
    }

    /// L1, T6: ends the round: the outcome names the resting status (the one event both ends
    /// the round and changes the status, so no step shows one without the other), the lock is
    /// released if this member held it, and the first member waiting for the lock starts its
    /// round.
    pub(crate) fn finish(&mut self, name: &str, outcome: RoundOutcome, final_text: Option<String>) {
        self.emit(
            Some(name),
            EventKind::RoundFinished {
                member: name.to_string(),
                outcome,
                final_text,
            },
        );
        if self.state.holds_lock(name) {
            self.emit(
                Some(name),
                EventKind::LockReleased {
                    member: name.to_string(),
                },
            );
        }
        self.wake_waiter();
    }

    /// L1: failed, and the member reports the error to the lead (the report goes through the
    /// mailbox like any message). Nothing restarts the member by itself. M7: a report over the
    /// body limit is cut with a marker in its text and a `report_cut` event that says how much
    /// was cut, so the report is not refused as too long and nothing is cut without a word.
    pub(crate) fn fail_round(&mut self, name: &str, error: String) {
        self.finish(name, RoundOutcome::Failed(error.clone()), None);
        let lead = self.state.lead_name().to_string();
        if lead != name {
            let lang = self.lang();
            let full = tr(lang, format!("出错：{error}"), format!("error: {error}"));
            let limit = self.state.config.limits.body_chars;
            let (body, cut) = cut_with_marker_in(&full, limit, lang);
            if cut > 0 {
                self.emit(
                    Some(name),
                    EventKind::ReportCut {
                        member: name.to_string(),
                        to: lead.clone(),
                        total: char_len(&full),
                        cut,
                    },
                );
            }
            if let Err(refusal) = self.send(name, &lead, MessageKind::Message, &body, None, None) {
                self.emit(Some(name), EventKind::Refused { refusal });
            }
        }
    }

    /// T6 (hold-lock mode): when the lock is free, the first member waiting for it starts the
    /// round it asked for, with the task it carried.
    pub(crate) fn wake_waiter(&mut self) {
        if self.state.lock_holder.is_some() {
            return;
        }
        let Some(next) = self.state.lock_waiters.first().cloned() else {
            return;
        };
        let prompt = self
            .state
            .members
            .get(&next)
            .and_then(|m| match m.lifecycle() {
                Lifecycle::WaitingForLock { prompt } => prompt.clone(),
                _ => None,
            });
        self.begin_round(&next, prompt);
    }
}

/// T5, L1, L2, L3: why `member` cannot take a delivery now, or None when it is idle with
/// deliveries left. An offline member must be recalled first (L3), a stopped, failed or
/// shut-down one does not restart by itself (L1), a busy one never runs two rounds at once
/// (T5), and a spent delivery budget refuses the delivery and leaves the member as it is (L2).
pub(crate) fn occupancy_refusal(member: &MemberState, lang: Lang) -> Option<(RefusalCode, String)> {
    let name = member.name();
    let status = member.status();
    let (used, budget) = (member.deliveries_used, member.delivery_budget);
    match status {
        MemberStatus::Offline => Some((
            RefusalCode::MemberOffline,
            tr(
                lang,
                format!("{name} 离线：先召回它，才能交付工作"),
                format!("{name} is offline: recall it before delivering work"),
            ),
        )),
        MemberStatus::Stopped | MemberStatus::Failed => Some((
            RefusalCode::MemberNotIdle,
            tr(
                lang,
                format!("{name} {}；没有什么会自己重启：先召回它", status.word(lang)),
                format!(
                    "{name} is {}; nothing restarts by itself: recall it first",
                    status.as_str()
                ),
            ),
        )),
        MemberStatus::Shutdown => Some((
            RefusalCode::MemberShutDown,
            tr(
                lang,
                format!("{name} 已关机；召回它才能再用"),
                format!("{name} has shut down; recall it to use it again"),
            ),
        )),
        MemberStatus::Working => {
            let delivery = member.round().map_or(0, |r| r.delivery);
            Some((
                RefusalCode::MemberBusy,
                tr(
                    lang,
                    format!("{name} 正在进行第 {delivery} 次交付；一个成员从不同时进行两轮"),
                    format!(
                        "{name} is already working on delivery {delivery}; one member never runs two rounds at once"
                    ),
                ),
            ))
        }
        MemberStatus::Idle if member.waiting_for_lock() => Some((
            RefusalCode::MemberBusy,
            tr(
                lang,
                format!("{name} 已经在排队等锁，准备开始一轮"),
                format!("{name} is already waiting for the lock to start a round"),
            ),
        )),
        MemberStatus::Idle if used >= budget => Some((
            RefusalCode::DeliveryBudgetSpent,
            tr(
                lang,
                format!("{name} 已用掉 {used}/{budget} 次交付；这次交付被拒绝，{name} 保持原样"),
                format!(
                    "{name} has used {used} of {budget} deliveries; the delivery is refused and {name} stays as it is"
                ),
            ),
        )),
        MemberStatus::Idle => None,
    }
}

/// M7: `text` within `limit` characters: whole when it fits, else its start followed by a
/// marker that says how many characters were cut. Returns the text and the number cut (0 when
/// whole). The marker's length depends on the number it prints, so the cut is settled by
/// trying again until the number fits its own marker (each try can only add digits, so a few
/// tries settle it).
#[cfg(test)]
pub(crate) fn cut_with_marker(text: &str, limit: usize) -> (String, usize) {
    cut_with_marker_in(text, limit, Lang::En)
}

/// [`cut_with_marker`] with the marker in the team's language.
pub(crate) fn cut_with_marker_in(text: &str, limit: usize, lang: Lang) -> (String, usize) {
    let total = char_len(text);
    if total <= limit {
        return (text.to_string(), 0);
    }
    let marker = |cut: usize| {
        tr(
            lang,
            format!(" [……另有 {cut} 个字符被截掉]"),
            format!(" [... {cut} more characters cut]"),
        )
    };
    if char_len(&marker(total)) > limit {
        // A limit too small for the marker: the event alone says what was cut.
        return (text.chars().take(limit).collect(), total - limit);
    }
    let mut cut = 0;
    for _ in 0..8 {
        let kept = limit.saturating_sub(char_len(&marker(cut)));
        let settled = total - kept;
        if settled == cut {
            break;
        }
        cut = settled;
    }
    let kept = total - cut;
    let start: String = text.chars().take(kept).collect();
    (format!("{start}{}", marker(cut)), cut)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn m7_a_text_over_the_limit_is_cut_to_the_limit_with_a_marker_that_counts_the_cut() {
        assert_eq!(cut_with_marker("short", 600), ("short".to_string(), 0));
        let exact = "x".repeat(600);
        assert_eq!(cut_with_marker(&exact, 600), (exact.clone(), 0));
        for total in [601, 700, 1_000, 10_000, 100_000] {
            let text: String = "é".repeat(total);
            let (body, cut) = cut_with_marker(&text, 600);
            assert_eq!(char_len(&body), 600, "{total}: {body}");
            let marker = format!(" [... {cut} more characters cut]");
            assert!(body.ends_with(&marker), "{body}");
            assert_eq!(char_len(&body) - char_len(&marker) + cut, total);
        }
        // A limit smaller than the marker keeps the start; the cut is still counted.
        assert_eq!(cut_with_marker("abcdefghij", 4), ("abcd".to_string(), 6));
        // A limit exactly the marker's length still gets the marker (one character kept).
        let marker = " [... 100 more characters cut]";
        let limit = char_len(marker);
        assert_eq!(
            cut_with_marker(&"x".repeat(100), limit),
            ("x [... 99 more characters cut]".to_string(), 99)
        );
    }
}
