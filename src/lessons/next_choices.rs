//! What can happen next (issue 48): for the run on screen at a step, the learner's choices of
//! the host's next input, each a fork edit ([`Intervention`]) with a one-line label in both
//! languages that says what it changes.
//!
//! The inputs enabled come from the engine's own list ([`next_inputs`], which the bounded model
//! check explores too), read in the state where a change made at this step takes effect: the
//! first boundary at or after the step where the driver takes its next input
//! ([`Timeline::boundary_from`]). The run on screen is the base: what it does next (which
//! request it answers first, what that reply stores, whether a member works again) words the
//! labels and leaves out choices that would change nothing (answering first the request the
//! run answers next anyway). Nothing here plays a run: the list at a step costs one state seek
//! and a short look ahead in the log.

use super::lesson::Lesson;
use super::options::Intervention;
use super::script::ScriptOutcome;
use crate::engine::{
    next_inputs, Caption, EventKind, Lang, ModelReply, NextInput, ProtocolKind, RequestId,
    TeamState, Timeline, ToolCall,
};
use serde_json::json;

/// What kind of input a choice is: the list groups and marks them by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceKind {
    AnswerFirst,
    Fail,
    Decide,
    Deliver,
    Send,
    Fault,
    FailNext,
    Restart,
    Recall,
}

/// One choice: the fork edit it makes, its label, and the members and messages it concerns (a
/// member's card or a message's chip offers the choices that concern it).
#[derive(Clone, Debug, PartialEq)]
pub struct NextChoice {
    pub kind: ChoiceKind,
    pub intervention: Intervention,
    pub label: Caption,
    /// Member names and message ids (`m4`).
    pub concerns: Vec<String>,
}

/// The choices at a step, and the step where they take effect.
#[derive(Clone, Debug, PartialEq)]
pub struct NextChoices {
    pub step: usize,
    /// The boundary where the host takes its next input (at or after `step`).
    pub takes_effect: usize,
    pub choices: Vec<NextChoice>,
}

impl NextChoices {
    /// The choices that concern `subject` (a member name or a message id).
    pub fn concerning<'a>(&'a self, subject: &'a str) -> impl Iterator<Item = &'a NextChoice> {
        self.choices
            .iter()
            .filter(move |c| c.concerns.iter().any(|s| s == subject))
    }
}

/// What the run on screen does next after a boundary: the request it answers first and the
/// messages that answer stores, and which members start a round before it.
struct Ahead {
    answer: Option<(String, RequestId)>,
    stored: Vec<String>,
    starts: Vec<String>,
    /// Members that send another request later in the run.
    ask_again: Vec<String>,
}

fn look_ahead(run: &Timeline, from: usize) -> Ahead {
    let events = &run.events()[from.min(run.len())..];
    let mut ahead = Ahead {
        answer: None,
        stored: Vec::new(),
        starts: Vec::new(),
        ask_again: Vec::new(),
    };
    let mut answered_at = None;
    for (i, event) in events.iter().enumerate() {
        match &event.kind {
            EventKind::ModelReplied {
                member, request_id, ..
            }
            | EventKind::ModelFailed {
                member, request_id, ..
            } if ahead.answer.is_none() => {
                ahead.answer = Some((member.clone(), *request_id));
                answered_at = Some(i);
            }
            EventKind::ModelReplied { .. } | EventKind::ModelFailed { .. } => break,
            EventKind::RoundStarted { member, .. } if ahead.answer.is_none() => {
                ahead.starts.push(member.clone());
            }
            EventKind::MessageQueued { record } if answered_at.is_some() => {
                let by_answer = ahead
                    .answer
                    .as_ref()
                    .is_some_and(|(m, _)| *m == record.from);
                if by_answer {
                    ahead.stored.push(record.id.to_string());
                }
            }
            _ => {}
        }
    }
    for event in events {
        if let EventKind::ModelRequested { request } = &event.kind {
            if !ahead.ask_again.contains(&request.member) {
                ahead.ask_again.push(request.member.clone());
            }
        }
    }
    ahead
}

/// The choices at `step` of `run` (the run on screen of `lesson`), worded for a learner; a
/// message the lead sends is written in `lang`.
pub fn next_choices(lesson: &Lesson, run: &Timeline, step: usize, lang: Lang) -> NextChoices {
    let step = step.min(run.len());
    let takes_effect = run.boundary_from(step).min(run.len());
    let state = run.state_at(takes_effect);
    let ahead = look_ahead(run, takes_effect);
    let mut choices = Vec::new();
    for input in next_inputs(&state) {
        if let Some(choice) = choice_for(&input, &state, &ahead, step, lang) {
            choices.push(choice);
        }
    }
    choices.extend(fail_next(lesson, &state, &ahead, step));
    NextChoices {
        step,
        takes_effect,
        choices,
    }
}

fn choice_for(
    input: &NextInput,
    state: &TeamState,
    ahead: &Ahead,
    at: usize,
    lang: Lang,
) -> Option<NextChoice> {
    let index_of = |id: RequestId| state.request(id).map(|r| r.request.member_index);
    Some(match input {
        NextInput::Answer { member, request } => {
            if ahead.answer.as_ref().is_some_and(|(_, id)| id == request) {
                return None;
            }
            answer_first(member, *request, index_of(*request)?, ahead, at)
        }
        NextInput::Fail { member, request } => NextChoice {
            kind: ChoiceKind::Fail,
            intervention: Intervention::AnswerFirst {
                at,
                member: member.clone(),
                request_index: index_of(*request)?,
                outcome: Some(failure()),
            },
            label: Caption::new(
                format!("{member} 的 {request} 现在失败（503，可重试：重试消耗它的重试预算）"),
                format!("{member}'s {request} fails now (a 503, retryable: a retry spends its retry budget)"),
            ),
            concerns: vec![member.clone()],
        },
        NextInput::Decide {
            member,
            request,
            protocol,
            kind,
            approve,
        } => decide(member, *request, index_of(*request)?, protocol, *kind, *approve, at),
        NextInput::Start { member } => {
            if ahead.starts.contains(member) {
                return None;
            }
            deliver(member, state, at)?
        }
        NextInput::Send { to, .. } => send(to, state, at, lang),
        NextInput::Fault { member } => fault(member, state, at),
        NextInput::Restart => NextChoice {
            kind: ChoiceKind::Restart,
            intervention: Intervention::Reload { at },
            label: Caption::new(
                "重启宿主：所有成员离线，进行中的请求作废（L3）",
                "restart the host: every member goes offline, requests in flight are abandoned (L3)",
            ),
            concerns: Vec::new(),
        },
        NextInput::Recall { member } => {
            let entries = state.member(member).map_or(0, |m| m.history().len());
            NextChoice {
                kind: ChoiceKind::Recall,
                intervention: Intervention::Recall {
                    at,
                    member: member.clone(),
                },
                label: Caption::new(
                    format!("召回 {member}：带着它的 {entries} 条历史回到空闲（L3）"),
                    format!("recall {member}: back to idle with its {entries} history entries (L3)"),
                ),
                concerns: vec![member.clone()],
            }
        }
    })
}

/// The failure a learner's "fails now" gives: what a busy provider answers.
fn failure() -> ScriptOutcome {
    ScriptOutcome::Fail {
        error: "503 Service Unavailable (the learner's choice)".to_string(),
        retryable: true,
    }
}

fn answer_first(
    member: &str,
    request: RequestId,
    request_index: u32,
    ahead: &Ahead,
    at: usize,
) -> NextChoice {
    let (zh, en) = match &ahead.answer {
        Some((other, id)) => {
            let stored = ahead.stored.join(", ");
            if stored.is_empty() {
                (
                    format!("{member} 的 {request} 先得到回答，早于 {other} 的 {id}"),
                    format!("{member}'s {request} answers before {other}'s {id}"),
                )
            } else {
                (
                    format!("{member} 的 {request} 先得到回答，早于 {other} 的 {id}（在 {stored} 入队之前）"),
                    format!("{member}'s {request} answers before {other}'s {stored} is stored"),
                )
            }
        }
        None => (
            format!("{member} 的 {request} 现在按脚本得到回答"),
            format!("{member}'s {request} answers now, as scripted"),
        ),
    };
    let mut concerns = vec![member.to_string()];
    concerns.extend(ahead.answer.iter().map(|(m, _)| m.clone()));
    concerns.extend(ahead.stored.iter().cloned());
    NextChoice {
        kind: ChoiceKind::AnswerFirst,
        intervention: Intervention::AnswerFirst {
            at,
            member: member.to_string(),
            request_index,
            outcome: None,
        },
        label: Caption::new(zh, en),
        concerns,
    }
}

fn decide(
    member: &str,
    request: RequestId,
    request_index: u32,
    protocol: &str,
    kind: ProtocolKind,
    approve: bool,
    at: usize,
) -> NextChoice {
    let (tool, args) = match kind {
        ProtocolKind::Shutdown => (
            "shutdown_response",
            json!({"request_id": protocol, "approve": approve, "reason": "the learner's choice"}),
        ),
        ProtocolKind::Plan => (
            "plan_approval",
            json!({"request_id": protocol, "approve": approve, "feedback": "the learner's choice"}),
        ),
    };
    let reply = ModelReply::tools("", vec![ToolCall::new("choice-1", tool, args)]);
    let (zh_verb, en_verb) = if approve {
        ("批准", "approves")
    } else {
        ("拒绝", "refuses")
    };
    NextChoice {
        kind: ChoiceKind::Decide,
        intervention: Intervention::AnswerFirst {
            at,
            member: member.to_string(),
            request_index,
            outcome: Some(ScriptOutcome::Reply { reply }),
        },
        label: Caption::new(
            format!("{member} 的模型在 {request} 的回复里{zh_verb} {protocol}（P1）"),
            format!("{member}'s model {en_verb} {protocol} in its reply to {request} (P1)"),
        ),
        concerns: vec![member.to_string(), protocol.to_string()],
    }
}

fn unread_ids(state: &TeamState, member: &str) -> Vec<String> {
    state
        .inbox_of(member)
        .into_iter()
        .filter(|r| state.is_unread(r))
        .map(|r| r.id.to_string())
        .collect()
}

fn deliver(member: &str, state: &TeamState, at: usize) -> Option<NextChoice> {
    let record = state.member(member)?;
    let unread = unread_ids(state, member);
    let is_lead = state.lead_name() == member;
    if unread.is_empty() && !is_lead {
        return None;
    }
    let delivery = record.deliveries_used() + 1;
    let holder = state
        .lock_holder()
        .filter(|h| *h != member && state.toggles().hold_lock_during_model_call);
    let holds_over_call = state.toggles().hold_lock_during_model_call && holder.is_none();
    let (zh, en) = match (holder, unread.is_empty()) {
        (None, false) if holds_over_call => {
            let ids = unread.join(", ");
            (
                format!("给 {member} 交付第 {delivery} 轮：它读到 {ids}，并在模型调用期间一直持锁，别人只能排队（T6）"),
                format!("deliver {member}'s delivery {delivery}: it reads {ids} and holds the lock over its model call, so others wait (T6)"),
            )
        }
        (Some(holder), _) => (
            format!("给 {member} 交付第 {delivery} 轮：它排队等 {holder} 手里的锁（T6）"),
            format!(
                "deliver {member}'s delivery {delivery}: it waits for the lock {holder} holds (T6)"
            ),
        ),
        (None, false) => {
            let ids = unread.join(", ");
            (
                format!("给 {member} 交付第 {delivery} 轮：它的模型读到 {ids}"),
                format!("deliver {member}'s delivery {delivery}: its model reads {ids}"),
            )
        }
        (None, true) => (
            format!("给 {member} 交付第 {delivery} 轮（没有未读消息）"),
            format!("deliver {member}'s delivery {delivery} (no unread mail)"),
        ),
    };
    let mut concerns = vec![member.to_string()];
    concerns.extend(unread);
    Some(NextChoice {
        kind: ChoiceKind::Deliver,
        intervention: Intervention::Deliver {
            at,
            member: member.to_string(),
        },
        label: Caption::new(zh, en),
        concerns,
    })
}

fn send(to: &str, state: &TeamState, at: usize, lang: Lang) -> NextChoice {
    let full = state.inbox_count(to) >= state.config().limits.inbox_records;
    let busy = state.member(to).is_some_and(|m| m.busy());
    let (zh, en) = if full {
        (
            format!("lead 给 {to} 发一条消息：{to} 的收件箱已满，宿主拒收（M7）"),
            format!(
                "the lead sends {to} a message: {to}'s inbox is full, so the host refuses it (M7)"
            ),
        )
    } else if busy {
        (
            format!("lead 给 {to} 发一条消息：{to} 占用中，消息排队，下一轮才被读到（M2）"),
            format!("the lead sends {to} a message: {to} is busy, so it waits in the inbox for the next delivery (M2)"),
        )
    } else {
        (
            format!("lead 给 {to} 发一条消息：它进入 {to} 的收件箱（M1）"),
            format!("the lead sends {to} a message: it goes into {to}'s inbox (M1)"),
        )
    };
    NextChoice {
        kind: ChoiceKind::Send,
        intervention: Intervention::LeadSends {
            at,
            to: to.to_string(),
            body: crate::engine::tr(
                lang,
                "lead 的提醒：请看一下你的收件箱。",
                "A note from the lead: please check your inbox.",
            )
            .to_string(),
        },
        label: Caption::new(zh, en),
        concerns: vec![to.to_string()],
    }
}

fn fault(member: &str, state: &TeamState, at: usize) -> NextChoice {
    let (zh, en) = if state.toggles().drain_on_read {
        (
            format!("给 {member} 注入故障：下一轮在读取和提交之间失败；读时删除开着，读到的邮件会丢失（M6）"),
            format!("arm a fault for {member}: its next delivery fails between read and commit; drain-on-read is on, so the mail it read is lost (M6)"),
        )
    } else {
        (
            format!("给 {member} 注入故障：下一轮在读取和提交之间失败；只追加，邮件留着下次再读（M5）"),
            format!("arm a fault for {member}: its next delivery fails between read and commit; append-only, so the mail stays to be read again (M5)"),
        )
    };
    let mut concerns = vec![member.to_string()];
    concerns.extend(unread_ids(state, member));
    NextChoice {
        kind: ChoiceKind::Fault,
        intervention: Intervention::InjectFault {
            at,
            member: member.to_string(),
            fault: crate::engine::Fault::FailBeforeCommit,
        },
        label: Caption::new(zh, en),
        concerns,
    }
}

/// "Fail the next request": for each member not in flight that the run asks its model again
/// later, its next request (by the script's numbering) fails.
fn fail_next(lesson: &Lesson, state: &TeamState, ahead: &Ahead, at: usize) -> Vec<NextChoice> {
    state
        .members_in_order()
        .filter(|m| m.in_flight().is_none() && ahead.ask_again.iter().any(|a| a == m.name()))
        .map(|m| {
            let member = m.name().to_string();
            let index = m.requests().len() as u32;
            let number = index + 1;
            let scripted = lesson.script.lookup(&member, index).is_some();
            let note_zh = if scripted {
                ""
            } else {
                "（脚本没有为它写回复）"
            };
            let note_en = if scripted {
                ""
            } else {
                " (the script has no reply written for it)"
            };
            NextChoice {
                kind: ChoiceKind::FailNext,
                intervention: Intervention::ReplaceReply {
                    at,
                    member: member.clone(),
                    request_index: index,
                    outcome: failure(),
                },
                label: Caption::new(
                    format!("{member} 的下一个请求（它的第 {number} 个）失败{note_zh}"),
                    format!("{member}'s next request (its request {number}) fails{note_en}"),
                ),
                concerns: vec![member],
            }
        })
        .collect()
}
