//! What a comparison says in words, in the learner's language: each run's label (from the
//! choice that differs: "with drain-on-read", "on the branch “after step 12: recall reader”"),
//! where the runs part, and the one sentence that says what the difference did ("With
//! drain-on-read, m2 never reaches reader's request: it was taken out of the inbox at step 9
//! and the candidate was discarded at step 11; with the append-only inbox, it does at step
//! 16."). The sentence picks the most telling difference: a message that reaches a model in one
//! run only, else a member that waits for the lock in one run only (or longer), else the
//! totals.

use super::{MessageDiff, Place, RunDiff};
use crate::engine::{EventKind, Lang, MessageId, Timeline};
use crate::on_screen::versus::{Mode, Reason};
use crate::view::fork_form::describe;
use crate::view::journey::journey;

/// Which run of a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    A,
    B,
}

/// A run's label, from the first reason the runs part ("with drain-on-read").
pub fn label(reasons: &[Reason], which: Which, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let pick = |a: String, b: String| if which == Which::A { a } else { b };
    match reasons.first() {
        Some(Reason::Toggle { mode, a, b }) => {
            let value = if which == Which::A { *a } else { *b };
            mode_label(*mode, value, lang).to_string()
        }
        Some(Reason::Edit { a, b }) => {
            let edit = if which == Which::A { a } else { b };
            match (edit, zh) {
                (Some(iv), true) => format!("在分支“{}”上", describe(iv, lang)),
                (Some(iv), false) => format!("on the branch “{}”", describe(iv, lang)),
                (None, true) => "在没有这个改动的分支上".to_string(),
                (None, false) => "on the branch without it".to_string(),
            }
        }
        Some(Reason::Recording { a_recorded }) => {
            let recorded = *a_recorded == (which == Which::A);
            match (recorded, zh) {
                (true, true) => "在真实模型的运行里".to_string(),
                (true, false) => "in the live run".to_string(),
                (false, true) => "在脚本运行里".to_string(),
                (false, false) => "in the scripted run".to_string(),
            }
        }
        None if zh => pick("在运行 A 里".into(), "在运行 B 里".into()),
        None => pick("in run A".into(), "in run B".into()),
    }
}

/// A contrast mode's value as a run's label.
pub fn mode_label(mode: Mode, value: Option<bool>, lang: Lang) -> &'static str {
    let zh = lang == Lang::Zh;
    match (mode, value, zh) {
        (Mode::Drain, Some(true), true) => "读取即清空时",
        (Mode::Drain, Some(true), false) => "with drain-on-read",
        (Mode::Drain, Some(false), true) => "追加式收件箱下",
        (Mode::Drain, Some(false), false) => "with the append-only inbox",
        (Mode::Drain, None, true) => "按课程自己的收件箱设置",
        (Mode::Drain, None, false) => "as the lesson sets the inbox",
        (Mode::HoldLock, Some(true), true) => "模型调用期间持锁时",
        (Mode::HoldLock, Some(true), false) => "with the lock held during the model call",
        (Mode::HoldLock, Some(false), true) => "只锁检查和设置时",
        (Mode::HoldLock, Some(false), false) => "with the small lock",
        (Mode::HoldLock, None, true) => "按课程自己的锁设置",
        (Mode::HoldLock, None, false) => "as the lesson sets the lock",
    }
}

/// Where the runs part, in a few words ("the runs part at step 9"), or that they do not.
pub fn parting_words(diff: &RunDiff, lang: Lang) -> String {
    match (&diff.parting, lang) {
        (Some(p), Lang::Zh) => format!("两次运行在第 {} 步分开", p.step),
        (Some(p), Lang::En) => format!("the runs part at step {}", p.step),
        (None, Lang::Zh) => "两次运行相同".to_string(),
        (None, Lang::En) => "the runs are the same".to_string(),
    }
}

fn capital(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}

/// The summary sentence of `diff` of runs `a` and `b`.
pub fn sentence(diff: &RunDiff, a: &Timeline, b: &Timeline, lang: Lang) -> String {
    let reasons = diff
        .parting
        .as_ref()
        .map(|p| p.reasons.as_slice())
        .unwrap_or(&[]);
    let labels = (
        label(reasons, Which::A, lang),
        label(reasons, Which::B, lang),
    );
    let text = if let Some(text) = message_sentence(diff, (a, b), &labels, lang) {
        text
    } else if let Some(text) = wait_sentence(diff, &labels, lang) {
        text
    } else {
        totals_sentence(diff, &labels, lang)
    };
    capital(text)
}

/// The first message that reaches a model in one run only: one both runs sent first, else one
/// only one run sent.
fn telling_message(diff: &RunDiff) -> Option<(&MessageDiff, Which)> {
    let loser = |m: &MessageDiff| {
        let (a, b) = m.last();
        match (a.reached_a_model(), b.reached_a_model()) {
            (true, false) => Some(Which::B),
            (false, true) => Some(Which::A),
            _ => None,
        }
    };
    let both = |m: &&MessageDiff| m.ids.0.is_some() && m.ids.1.is_some();
    diff.messages
        .iter()
        .filter(both)
        .find_map(|m| loser(m).map(|w| (m, w)))
        .or_else(|| diff.messages.iter().find_map(|m| loser(m).map(|w| (m, w))))
}

/// The step `message` first reached a request in run `a` (true) or B, `timeline`.
fn reached_at(timeline: &Timeline, message: &MessageDiff, a: bool) -> Option<usize> {
    journey(timeline, message.id_in(a)?)
        .into_iter()
        .find(|s| matches!(s.position, crate::engine::Position::InRequest(_)))
        .map(|s| s.step)
}

/// Why `message` never reached a model in `timeline`, ending as `place`.
fn cause(timeline: &Timeline, id: Option<MessageId>, place: Place, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let id = id.unwrap_or(MessageId(u64::MAX));
    let step_of = |found: &dyn Fn(&EventKind) -> bool| {
        timeline
            .events()
            .iter()
            .find(|e| found(&e.kind))
            .map(|e| e.seq + 1)
    };
    match place {
        Place::Lost => {
            let drained = step_of(&|k| {
                matches!(k, EventKind::InboxDrained { message_ids, .. } if message_ids.contains(&id))
                    || matches!(k, EventKind::ToolExecuted { notifies, .. } if notifies.contains(&id))
            });
            let discarded = step_of(
                &|k| matches!(k, EventKind::CandidateDiscarded { lost, .. } if lost.contains(&id)),
            );
            match (drained, discarded, zh) {
                (Some(d), Some(c), true) => {
                    format!("它在第 {d} 步被读出收件箱，候选又在第 {c} 步被丢弃")
                }
                (Some(d), Some(c), false) => format!(
                    "it was taken out of the inbox at step {d} and the candidate was discarded at step {c}"
                ),
                (_, _, true) => "它被读出收件箱后再没有提交，丢了".to_string(),
                (_, _, false) => {
                    "it was taken out of the inbox and never committed: lost".to_string()
                }
            }
        }
        Place::Undelivered if zh => "解散时它被报告为未送达".to_string(),
        Place::Undelivered => "it was reported undelivered when the team disbanded".to_string(),
        Place::Stored if zh => "它一直留在收件箱里，没有被读入".to_string(),
        Place::Stored => "it stays in the inbox, never taken in".to_string(),
        Place::TakenIn if zh => "它进了历史，但没有请求带上它".to_string(),
        Place::TakenIn => "it was taken into the history but no request carried it".to_string(),
        Place::Absent if zh => "它根本没有被发送".to_string(),
        Place::Absent | Place::InRequest => "it was never sent".to_string(),
    }
}

fn message_sentence(
    diff: &RunDiff,
    runs: (&Timeline, &Timeline),
    labels: &(String, String),
    lang: Lang,
) -> Option<String> {
    let (message, loser) = telling_message(diff)?;
    // The other messages that reach the same member in one run only, the same way.
    let also: Vec<String> = diff
        .messages
        .iter()
        .filter(|m| m.ids != message.ids && m.to == message.to)
        .filter(|m| {
            let (a, b) = m.last();
            match loser {
                Which::A => !a.reached_a_model() && b.reached_a_model(),
                Which::B => a.reached_a_model() && !b.reached_a_model(),
            }
        })
        .map(MessageDiff::name)
        .collect();
    let also = match (also.is_empty(), lang) {
        (true, _) => String::new(),
        (false, Lang::Zh) => format!("{} 也一样。", also.join("、")),
        (false, Lang::En) => format!(" The same happens to {}.", also.join(" and ")),
    };
    let (lose_run, win_run, lose_label, win_label, place) = match loser {
        Which::A => (runs.0, runs.1, &labels.0, &labels.1, message.last().0),
        Which::B => (runs.1, runs.0, &labels.1, &labels.0, message.last().1),
    };
    let lose_a = loser == Which::A;
    let cause = cause(lose_run, message.id_in(lose_a), place, lang);
    let (id, to) = (message.name(), &message.to);
    let reached = reached_at(win_run, message, !lose_a);
    if let (Place::Absent, Some(n)) = (place, reached) {
        let from = &message.from;
        return Some(match lang {
            Lang::Zh => format!(
                "{win_label}，{from} 给 {to} 的消息 {id} 在第 {n} 步进入 {to} 的请求；{lose_label}，它根本没有被发送。{also}"
            ),
            Lang::En => format!(
                "{win_label}, {from}'s message {id} reaches {to}'s request at step {n}; {lose_label}, it is never sent.{also}"
            ),
        });
    }
    Some(match (lang, reached) {
        (Lang::Zh, Some(n)) => format!(
            "{lose_label}，{id} 始终没有进入 {to} 的请求：{cause}；{win_label}，它在第 {n} 步进入请求。{also}"
        ),
        (Lang::Zh, None) => format!("{lose_label}，{id} 始终没有进入 {to} 的请求：{cause}。{also}"),
        (Lang::En, Some(n)) => format!(
            "{lose_label}, {id} never reaches {to}'s request: {cause}; {win_label}, it does at step {n}.{also}"
        ),
        (Lang::En, None) => format!("{lose_label}, {id} never reaches {to}'s request: {cause}.{also}"),
    })
}

fn wait_sentence(diff: &RunDiff, labels: &(String, String), lang: Lang) -> Option<String> {
    let member = diff
        .members
        .iter()
        .filter(|m| m.waited().0 != m.waited().1 || m.waits.0.len() != m.waits.1.len())
        .max_by_key(|m| m.waited().0.abs_diff(m.waited().1))?;
    let (longer, shorter, waits, other_waits, times) = if member.waited().1 >= member.waited().0 {
        (
            &labels.1,
            &labels.0,
            &member.waits.1,
            &member.waits.0,
            (diff.totals.1.time, diff.totals.0.time),
        )
    } else {
        (
            &labels.0,
            &labels.1,
            &member.waits.0,
            &member.waits.1,
            (diff.totals.0.time, diff.totals.1.time),
        )
    };
    let first = waits.first()?;
    let name = &member.name;
    let until = first.until.map_or(String::new(), |u| match lang {
        Lang::Zh => format!("到第 {u} 步"),
        Lang::En => format!(" to step {u}"),
    });
    let other = |n: usize| match (n, lang) {
        (0, Lang::Zh) => "它从不等锁".to_string(),
        (0, Lang::En) => "it never waits".to_string(),
        (n, Lang::Zh) => format!("它等锁 {n} 次"),
        (n, Lang::En) => format!("it waits {n} times"),
    };
    let (t1, t2) = times;
    let from = first.from;
    Some(match lang {
        Lang::Zh => format!(
            "{longer}，{name} 从第 {from} 步{until}一直在等锁，运行在逻辑时间 {t1} 结束；{shorter}，{}，运行在逻辑时间 {t2} 结束。",
            other(other_waits.len())
        ),
        Lang::En => format!(
            "{longer}, {name} waits for the lock from step {from}{until} and the run ends at time {t1}; {shorter}, {} and the run ends at time {t2}.",
            other(other_waits.len())
        ),
    })
}

fn totals_sentence(diff: &RunDiff, labels: &(String, String), lang: Lang) -> String {
    let Some(parting) = &diff.parting else {
        return match lang {
            Lang::Zh => "两次运行完全相同：没有分开的地方。".to_string(),
            Lang::En => "The two runs are the same: nothing parts them.".to_string(),
        };
    };
    let (a, b) = diff.totals;
    let step = parting.step;
    let (la, lb) = labels;
    match lang {
        Lang::Zh => format!(
            "两次运行在第 {step} 步分开：{la}发出 {} 个请求，{} 次被拒，逻辑时间 {} 结束；{lb}发出 {} 个请求，{} 次被拒，逻辑时间 {} 结束。",
            a.requests, a.refusals, a.time, b.requests, b.refusals, b.time
        ),
        Lang::En => format!(
            "The runs part at step {step}: {la}, the team sends {} requests, is refused {} times and ends at time {}; {lb}, {} requests, {} refusals, time {}.",
            a.requests, a.refusals, a.time, b.requests, b.refusals, b.time
        ),
    }
}
