//! The member card model: what one card shows (role, status, whether a round is running,
//! budgets, the lock, inbox and history counts), computed from the team state, with its lines
//! in the learner's language. `ui/panels/members.rs` binds it to the cards.

use std::ops::Range;

use crate::engine::{Lang, MemberState, MemberStatus, TeamState};
use crate::view::tr;

/// Above this many members the cards become a scrolling row that renders only what is in view.
pub const STRIP_ABOVE: usize = 12;

/// What one card shows.
#[derive(Clone, PartialEq, Debug)]
pub struct Card {
    pub name: String,
    pub role: String,
    pub status: MemberStatus,
    /// A round is running (the member is occupied).
    pub busy: bool,
    pub deliveries_used: u32,
    pub delivery_budget: u32,
    /// T1: deliveries that ended with a final answer (or an approved shutdown).
    pub deliveries_completed: u32,
    /// Requests and retries of the running round (None between rounds).
    pub requests_used: Option<u32>,
    pub request_budget: u32,
    pub retries_used: Option<u32>,
    pub retry_budget: u32,
    pub holds_lock: bool,
    pub waits_for_lock: bool,
    pub inbox: usize,
    /// Inbox records not in the member's history yet (queued or in a candidate): kept in the
    /// inbox is not the same as seen.
    pub not_in_history: usize,
    /// Entries of the loaded history (0 while it is only stored).
    pub history: usize,
    /// L3: entries stored and not loaded yet (after a restore, until the recall).
    pub stored_history: Option<usize>,
    /// L3: offline in a team that is not disbanded, so it can be recalled.
    pub recallable: bool,
    /// The step is about this member (`view::subject::step_members`): its card is marked.
    pub subject: bool,
}

impl Card {
    pub fn of(state: &TeamState, member: &MemberState) -> Card {
        let limits = &state.config().limits;
        Card {
            name: member.name().to_string(),
            role: member.role().to_string(),
            status: member.status(),
            busy: member.round().is_some(),
            deliveries_used: member.deliveries_used(),
            delivery_budget: member.delivery_budget(),
            deliveries_completed: member.deliveries_completed(),
            requests_used: member.round().map(|r| r.requests_used),
            request_budget: limits.request_budget,
            retries_used: member.round().map(|r| r.retries_used),
            retry_budget: limits.retry_budget,
            holds_lock: state.holds_lock(member.name()),
            waits_for_lock: state.lock_waiters().iter().any(|w| w == member.name()),
            inbox: state.inbox_count(member.name()),
            not_in_history: state.not_in_history_count(member.name()),
            history: if member.history_loaded() {
                member.history().len()
            } else {
                0
            },
            stored_history: member.stored_history_len(),
            // A disbanded team is over: its offline members are not offered for recall.
            recallable: member.status() == MemberStatus::Offline && !state.disbanded(),
            subject: false,
        }
    }

    pub fn status_text(&self, lang: Lang) -> &'static str {
        match self.status {
            MemberStatus::Offline => tr(lang, "离线", "offline"),
            MemberStatus::Idle => tr(lang, "空闲", "idle"),
            MemberStatus::Working => tr(lang, "工作中", "working"),
            MemberStatus::Stopped => tr(lang, "已停止（额度用尽）", "stopped (budget spent)"),
            MemberStatus::Failed => tr(lang, "失败", "failed"),
            MemberStatus::Shutdown => tr(lang, "已关机", "shutdown"),
        }
    }

    /// T1, T5: whether the member is occupied by a round.
    pub fn busy_line(&self, lang: Lang) -> &'static str {
        if self.busy {
            tr(lang, "● 占用中：正在进行一轮", "● busy: a round is running")
        } else {
            tr(lang, "○ 未占用", "○ not busy")
        }
    }

    /// L2, T1: deliveries used of the member's budget, and how many it completed.
    pub fn deliveries_line(&self, lang: Lang) -> String {
        let (used, budget, done) = (
            self.deliveries_used,
            self.delivery_budget,
            self.deliveries_completed,
        );
        match lang {
            Lang::Zh => format!("交付 {used}/{budget}（完成 {done}）"),
            Lang::En => format!("deliveries {used}/{budget} ({done} completed)"),
        }
    }

    /// L1: requests and retries of the running round against their budgets.
    pub fn requests_line(&self, lang: Lang) -> String {
        let requests = tr(lang, "本轮请求", "requests this round");
        match self.requests_used {
            Some(used) => format!(
                "{requests} {used}/{} · {} {}/{}",
                self.request_budget,
                tr(lang, "重试", "retries"),
                self.retries_used.unwrap_or(0),
                self.retry_budget
            ),
            None => format!("{requests} –/{}", self.request_budget),
        }
    }

    /// M2, L3: records kept in the inbox, how many are not in the history yet, and the history:
    /// its length when loaded, or what is stored and not loaded yet (after a restore).
    pub fn inbox_line(&self, lang: Lang) -> String {
        let (inbox, unseen) = (self.inbox, self.not_in_history);
        match lang {
            Lang::Zh => {
                format!(
                    "收件箱记录 {inbox}（{unseen} 条尚未进入历史）· {}",
                    self.history_text(lang)
                )
            }
            Lang::En => format!(
                "inbox records {inbox} ({unseen} not in history yet) · {}",
                self.history_text(lang)
            ),
        }
    }

    /// L3: "history entries N" when the history is loaded; "stored: N entries (not loaded)"
    /// after a restore, until a recall loads it.
    pub fn history_text(&self, lang: Lang) -> String {
        match (self.stored_history, lang) {
            (Some(n), Lang::Zh) => format!("历史：已存储 {n} 条（未载入）"),
            (Some(n), Lang::En) => format!("history stored: {n} entries (not loaded)"),
            (None, Lang::Zh) => format!("历史条目 {}", self.history),
            (None, Lang::En) => format!("history entries {}", self.history),
        }
    }
}

/// The cards of the roster, in roster order.
pub fn cards(state: &TeamState) -> Vec<Card> {
    cards_in(state, 0..usize::MAX)
}

/// The cards of the members at `range` of the roster order: a large team computes only the
/// cards in view.
pub fn cards_in(state: &TeamState, range: Range<usize>) -> Vec<Card> {
    state
        .members_in_order()
        .skip(range.start)
        .take(range.len())
        .map(|m| Card::of(state, m))
        .collect()
}

/// How many cards the roster has.
pub fn member_count(state: &TeamState) -> usize {
    state.members_in_order().count()
}

/// A member's role as the page's language says it: the built-in lessons' roles have a Chinese
/// word (the role itself stays data, as the engine and the model see it); a scenario's own
/// role is shown as written.
pub fn role_word(role: &str, lang: Lang) -> String {
    let zh = match role {
        "lead" => "负责人",
        "reader" => "阅读者",
        "reviewer" => "审阅者",
        "coder" => "编码者",
        "worker" => "工作者",
        "scout" => "侦察者",
        "archivist" => "归档者",
        _ => role,
    };
    tr(lang, zh, role).to_string()
}

/// Whether a team of `count` members is shown as one scrolling row.
pub fn is_strip(count: usize) -> bool {
    count > STRIP_ABOVE
}

/// The lesson's budgets in one line, stated where the cards show them used (`deliveries
/// 1/2`): deliveries per member (grouped by budget, the lead's usually differs), logical
/// requests and retries per delivery, and the mail limits.
pub fn budgets_line(state: &TeamState, lang: Lang) -> String {
    let mut by_budget: Vec<(u32, Vec<&str>)> = Vec::new();
    for member in state.members_in_order() {
        let budget = member.delivery_budget();
        match by_budget.iter_mut().find(|(b, _)| *b == budget) {
            Some((_, names)) => names.push(member.name()),
            None => by_budget.push((budget, vec![member.name()])),
        }
    }
    let deliveries = by_budget
        .iter()
        .map(|(budget, names)| {
            let who = if names.len() > 4 {
                match lang {
                    Lang::Zh => format!("{} 等 {} 人", names[0], names.len()),
                    Lang::En => format!("{} and {} others", names[0], names.len() - 1),
                }
            } else {
                names.join(tr(lang, "、", ", "))
            };
            format!("{who} {budget}")
        })
        .collect::<Vec<_>>()
        .join(" · ");
    let limits = &state.config().limits;
    match lang {
        Lang::Zh => format!(
            "本课额度：每个成员可接的交付次数（卡片上的“交付 x/N”）：{deliveries}；每次交付最多 {} 次逻辑请求、{} 次重试；每个收件箱 {} 条，历史 {} 条，正文 {} 字符。",
            limits.request_budget, limits.retry_budget, limits.inbox_records, limits.history_entries, limits.body_chars
        ),
        Lang::En => format!(
            "Budgets in this lesson: deliveries each member accepts (\"deliveries x/N\" on a card): {deliveries}; per delivery at most {} logical requests and {} retries; {} records per inbox, {} history entries, {} characters per body.",
            limits.request_budget, limits.retry_budget, limits.inbox_records, limits.history_entries, limits.body_chars
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EventKind, Toggles};
    use crate::lessons::{play, PlayOptions};

    #[test]
    fn t5_a_card_is_busy_exactly_while_its_member_runs_a_round() {
        let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
        let mut seen_busy = false;
        for step in 0..=timeline.len() {
            let state = timeline.state_at(step);
            for (card, member) in cards(&state).iter().zip(state.members_in_order()) {
                assert_eq!(card.name, member.name());
                assert_eq!(card.busy, member.round().is_some());
                assert_eq!(card.requests_used.is_some(), card.busy);
                assert_eq!(card.history, member.history().len());
                seen_busy |= card.busy;
                let line = card.requests_line(Lang::En);
                assert!(line.contains(&card.request_budget.to_string()), "{line}");
                assert_eq!(line.contains('–'), !card.busy, "{line}");
            }
        }
        assert!(seen_busy);
    }

    #[test]
    fn t6_the_lock_badges_follow_the_holder_and_the_waiters() {
        let options = PlayOptions {
            toggles: Toggles {
                drain_on_read: false,
                hold_lock_during_model_call: true,
            },
            ..Default::default()
        };
        let timeline = play("l3-lock-scope", &options).unwrap();
        let waiting = timeline
            .events()
            .iter()
            .find(|e| matches!(e.kind, EventKind::LockWaiting { .. }))
            .expect("someone waits for the lock");
        let state = timeline.state_at(waiting.seq + 1);
        let cards = cards(&state);
        let holders: Vec<&str> = cards
            .iter()
            .filter(|c| c.holds_lock)
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(holders, [state.lock_holder().unwrap()]);
        let waiters: Vec<&str> = cards
            .iter()
            .filter(|c| c.waits_for_lock)
            .map(|c| c.name.as_str())
            .collect();
        assert_eq!(
            waiters,
            state
                .lock_waiters()
                .iter()
                .map(String::as_str)
                .collect::<Vec<_>>()
        );
        assert!(!waiters.is_empty());
    }

    #[test]
    fn m2_the_inbox_line_counts_records_not_in_the_history_yet() {
        let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
        let queued = timeline
            .events()
            .iter()
            .find_map(|e| match &e.kind {
                EventKind::MessageQueued { record } => Some((e.seq, record.to.clone())),
                _ => None,
            })
            .expect("a message");
        let state = timeline.state_at(queued.0 + 1);
        let card = cards(&state)
            .into_iter()
            .find(|c| c.name == queued.1)
            .expect("the recipient's card");
        assert!(card.inbox >= 1 && card.not_in_history >= 1);
        let line = card.inbox_line(Lang::En);
        assert!(
            line.contains(&format!("({} not in history yet)", card.not_in_history)),
            "{line}"
        );
    }

    #[test]
    fn a_large_team_is_a_strip_and_offline_members_of_a_live_team_are_recallable() {
        let timeline = crate::lessons::stress::generate(2_000);
        let state = timeline.final_state();
        let cards = cards(state);
        assert_eq!(cards.len(), member_count(state));
        assert!(is_strip(cards.len()));
        assert!(!is_strip(STRIP_ABOVE));
        // A window of the row is the same cards as the whole row's slice.
        assert_eq!(cards_in(state, 10..16), cards[10..16].to_vec());
        assert_eq!(cards_in(state, 48..60), cards[48..].to_vec());
        assert!(!is_strip(STRIP_ABOVE));
        for card in &cards {
            assert_eq!(card.recallable, card.status == MemberStatus::Offline);
        }
    }

    #[test]
    fn t1_a_card_shows_deliveries_used_and_completed() {
        let timeline = crate::lessons::play("l1-two-investigators", &Default::default())
            .expect("lesson 1 plays");
        let end = timeline.final_state();
        let reader = end.member("reader").expect("reader");
        let card = Card::of(end, reader);
        assert_eq!(
            (card.deliveries_used, card.deliveries_completed),
            (reader.deliveries_used(), reader.deliveries_completed())
        );
        assert_eq!(
            card.deliveries_line(Lang::En),
            "deliveries 2/2 (2 completed)"
        );
        assert_eq!(card.deliveries_line(Lang::Zh), "交付 2/2（完成 2）");
        // Mid-round the delivery is used but not completed yet.
        let started = timeline
            .events()
            .iter()
            .position(|e| {
                matches!(e.kind, EventKind::RoundStarted { .. })
                    && e.actor.as_deref() == Some("reader")
            })
            .expect("reader starts a round");
        let mid = timeline.state_at(started + 1);
        let card = Card::of(&mid, mid.member("reader").expect("reader"));
        assert_eq!(
            card.deliveries_line(Lang::En),
            "deliveries 1/2 (0 completed)"
        );
    }

    #[test]
    fn the_budgets_line_states_each_members_delivery_budget_and_the_limits() {
        let timeline = play("l4-coder-and-reviewer", &PlayOptions::default()).unwrap();
        let state = timeline.final_state();
        let line = budgets_line(state, Lang::En);
        for member in state.members_in_order() {
            assert!(
                line.contains(&format!("{} ", member.name())) || line.contains(member.name()),
                "{line}"
            );
        }
        let lead = state.member(state.lead_name()).unwrap();
        assert!(
            line.contains(&format!("{} {}", lead.name(), lead.delivery_budget())),
            "{line}"
        );
        let limits = &state.config().limits;
        assert!(
            line.contains(&format!("{} logical requests", limits.request_budget)),
            "{line}"
        );
        assert!(budgets_line(state, Lang::Zh).contains("本课额度"));
    }

    #[test]
    fn l3_an_offline_card_shows_its_history_stored_until_the_recall_loads_it() {
        let timeline = play("l8-restart-and-recall", &PlayOptions::default()).unwrap();
        let restored = timeline
            .events()
            .iter()
            .position(|e| matches!(e.kind, EventKind::RosterRestored { .. }))
            .expect("lesson 8 restores");
        let before = timeline.state_at(restored);
        let kept = before.member("reader").expect("reader").history().len();
        assert!(kept > 0);
        let after = timeline.state_at(restored + 1);
        let card = Card::of(&after, after.member("reader").expect("reader"));
        assert_eq!((card.history, card.stored_history), (0, Some(kept)));
        assert!(card
            .inbox_line(Lang::En)
            .ends_with(&format!("history stored: {kept} entries (not loaded)")));
        assert!(card
            .inbox_line(Lang::Zh)
            .ends_with(&format!("历史：已存储 {kept} 条（未载入）")));
        let recalled = timeline
            .events()
            .iter()
            .position(|e| {
                matches!(&e.kind, EventKind::MemberRecalled { member, .. } if member == "reader")
            })
            .expect("reader is recalled");
        let loaded = timeline.state_at(recalled + 1);
        let card = Card::of(&loaded, loaded.member("reader").expect("reader"));
        assert_eq!((card.history, card.stored_history), (kept, None));
        assert!(card
            .inbox_line(Lang::En)
            .ends_with(&format!("history entries {kept}")));
    }
}
