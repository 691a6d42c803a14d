//! Narration: what an event means to a learner, in Chinese and English. This is lesson
//! content, not engine logic: the engine says what happened (events with an English summary);
//! this module says it to a learner, and a lesson's own captions override it at the steps that
//! carry the lesson. A caption is a template: its facts are tokens (`{busy:reader}`) that
//! [`super::facts`] renders from the state at the step it is shown.

use crate::engine::protocol::{ProtocolKind, ProtocolStatus};
use crate::engine::text::counted;
use crate::engine::{Event, EventKind, Lang, RoundOutcome, TeamState, Timeline};

use super::facts::{literal, sends_on_its_own};
use super::narration_work::{
    kind_zh, narrate_candidates, narrate_mail, narrate_model, narrate_tools,
};
use super::tr;

/// What to show at step `step`: the lesson caption if there is one, otherwise the generic
/// caption of the event that just happened. A template: render it with
/// [`super::facts::render`] in the state at `step`.
pub fn caption_at(timeline: &Timeline, step: usize, lang: Lang) -> String {
    let state = timeline.state_at(step.min(timeline.len()));
    caption_in(timeline, &state, step, lang)
}

/// [`caption_at`] with the state at `step` already at hand (the page has it; no second seek).
pub fn caption_in(timeline: &Timeline, state: &TeamState, step: usize, lang: Lang) -> String {
    if let Some(caption) = timeline.lesson_caption(step) {
        return caption.get(lang).to_string();
    }
    match step.checked_sub(1).and_then(|i| timeline.events().get(i)) {
        Some(event) => match inbox_note(timeline, step - 1, event, lang) {
            Some(note) => format!("{} {note}", narrate_in(event, state, lang)),
            None => narrate_in(event, state, lang),
        },
        None => tr(lang, "还没有发生任何事。", "Nothing has happened yet.").to_string(),
    }
}

/// What a preparation that took in mail does to the inbox, which depends on the mode in force
/// at that event (the event itself does not say): nothing under the append-only inbox, a
/// deletion under drain on read (M6).
fn inbox_note(
    timeline: &Timeline,
    index: usize,
    event: &Event,
    lang: Lang,
) -> Option<&'static str> {
    let EventKind::CandidatePrepared { candidate, .. } = &event.kind else {
        return None;
    };
    if candidate.message_ids.is_empty() {
        return None;
    }
    let drain = timeline.events()[..index]
        .iter()
        .rev()
        .find_map(|e| match &e.kind {
            EventKind::TogglesChanged { toggles } => Some(toggles.drain_on_read),
            _ => None,
        })
        .unwrap_or(timeline.initial_state().toggles().drain_on_read);
    Some(match (drain, lang) {
        (false, Lang::Zh) => "收件箱里的记录一条也没删。",
        (false, Lang::En) => "Nothing is deleted from the inbox.",
        (true, Lang::Zh) => "读取即清空已打开：下一步，这次读取会把它们从收件箱删掉。",
        (true, Lang::En) => {
            "Drain on read is on: at the next step this read deletes them from the inbox too."
        }
    })
}

/// [`narrate`], knowing the state right after the event: a message stored under the name of
/// a member that is not working was sent by the host on that member's behalf (a lesson's stage
/// direction, a learner's fork), and the caption says so instead of implying the member acted.
pub fn narrate_in(event: &Event, state: &TeamState, lang: Lang) -> String {
    match &event.kind {
        EventKind::MessageQueued { record } if !sends_on_its_own(state, &record.from) => {
            let (from, to, id) = (&record.from, &record.to, record.id);
            if lang == Lang::Zh {
                format!(
                    "宿主代 {from} 把{} {id} 发给 {to}：{from} 此刻{{status:{from}}}、{{busy:{from}}}，它的模型没有被调用，发送者由宿主绑定为 {from}。回执是 queued：{id} {{pos:{id}}}，{to} 的收件箱现有 {{inbox:{to}}}，{to} 的模型还没看见。",
                    kind_zh(record.kind)
                )
            } else {
                format!(
                    "The host sends {} {id} to {to} on {from}'s behalf: {from} is {{status:{from}}} and {{busy:{from}}}, so no model of {from}'s is called; the host binds {from} as the sender. The receipt says queued: {id} is {{pos:{id}}}, {to}'s inbox keeps {{inbox:{to}}}, and {to}'s model has not seen it.",
                    record.kind.as_str()
                )
            }
        }
        // The lead has no one above it: its failure is not reported to anyone.
        EventKind::RoundFinished {
            member,
            outcome: outcome @ RoundOutcome::Failed(why),
            ..
        } if member == state.lead_name() => {
            let to = outcome.status().word(lang);
            tr(
                lang,
                format!("{member} 出错：{why}。它就是 lead，没有人可以报告，这一轮没有最终回答就结束了。状态 工作中 → {to}。"),
                format!("{member} failed: {why}. It is the lead, so there is no one to report to; the round ends without a final answer. Status: working -> {to}."),
            )
        }
        _ => narrate(event, lang),
    }
}

/// A generic caption: what just happened, in the learner's language. Each part narrates the
/// events of one concept; this match routes every kind, so a new kind must be routed here.
pub fn narrate(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    match &event.kind {
        MessageQueued { .. } | ResendIgnored { .. } | ReportCut { .. } | InboxDrained { .. } => {
            narrate_mail(event, lang)
        }
        CandidatePrepared { .. } | CandidateDiscarded { .. } | HistoryCommitted { .. } => {
            narrate_candidates(event, lang)
        }
        ModelRequested { .. }
        | RetryScheduled { .. }
        | ModelReplied { .. }
        | ModelFailed { .. } => narrate_model(event, lang),
        ToolExecuted { .. } | FileWritten { .. } => narrate_tools(event, lang),
        LockAcquired { .. }
        | LockReleased { .. }
        | LockWaiting { .. }
        | ProtocolOpened { .. }
        | ProtocolDecided { .. }
        | ShouldExitSet { .. } => narrate_lock_and_protocols(event, lang),
        MemberSpawned { .. }
        | RoundStarted { .. }
        | RoundFinished { .. }
        | StatusChanged { .. }
        | MemberRecalled { .. } => narrate_members(event, lang),
        RosterRestored { .. }
        | TeamDisbanded { .. }
        | FaultArmed { .. }
        | FaultStruck { .. }
        | TogglesChanged { .. }
        | Refused { .. } => narrate_host(event, lang),
    }
}

/// The host's lock and the protocols.
fn narrate_lock_and_protocols(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    let zh = lang == Lang::Zh;
    match &event.kind {
        LockAcquired { member } => {
            if zh {
                format!("宿主为 {member} 拿到锁，检查并设置占用。")
            } else {
                format!("The host takes the lock for {member} to check and set occupancy.")
            }
        }
        LockReleased { member } => {
            if zh {
                format!("{member} 释放了锁，别的成员可以开始了。")
            } else {
                format!("{member}'s lock is released; other members may start.")
            }
        }
        LockWaiting { member, holder, .. } => {
            if zh {
                format!("{member} 要开始工作，但锁在 {holder} 手里（它正拿着锁等模型），只能排队。")
            } else {
                format!("{member} wants to start, but {holder} holds the lock (while waiting for its model), so {member} queues.")
            }
        }
        ProtocolOpened { request } => {
            if zh {
                format!(
                    "{} 发起{}请求 {}，追踪器记为待定（pending）。",
                    request.from,
                    protocol_zh(request.kind),
                    request.id
                )
            } else {
                format!(
                    "{} opens {} request {}; the tracker records it as pending.",
                    request.from,
                    request.kind.as_str(),
                    request.id
                )
            }
        }
        ProtocolDecided {
            request_id,
            status,
            by,
            ..
        } => {
            if zh {
                format!(
                    "{by} 对 {request_id} 作出答复：{}。这个编号从此离开待定（pending）。",
                    status_zh(*status)
                )
            } else {
                format!(
                    "{by} answers {request_id}: {}. The id leaves pending, once.",
                    status.as_str()
                )
            }
        }
        ShouldExitSet { member, .. } => {
            if zh {
                format!("{member} 标记 should_exit：不立刻退出，先把这一轮工具执行完、结果写回。")
            } else {
                format!("{member} sets should_exit: it does not stop mid-way; it finishes this tool round and its results first.")
            }
        }
        // Routed to another part by `narrate`.
        _ => event.kind.name().to_string(),
    }
}

/// The roster, rounds, statuses and recalls: what happens to a member.
fn narrate_members(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    let zh = lang == Lang::Zh;
    match &event.kind {
        MemberSpawned { config } => {
            if zh {
                format!(
                    "{}（{}）加入花名册，带着一份空的、只属于自己的历史。",
                    config.name, config.role
                )
            } else {
                format!(
                    "{} ({}) joins the roster with an empty history of its own.",
                    config.name, config.role
                )
            }
        }
        RoundStarted {
            member,
            delivery,
            delivery_budget,
            ..
        } => {
            if zh {
                format!("{member} 被占用，开始第 {delivery}/{delivery_budget} 次交付。状态 空闲 → 工作中。")
            } else {
                format!("{member} is now occupied: delivery {delivery} of {delivery_budget} starts. Status: idle -> working.")
            }
        }
        RoundFinished {
            member, outcome, ..
        } => {
            let what = match (zh, outcome) {
                    (true, RoundOutcome::Answered) => format!("{member} 给出最终回答，这一轮结束。成员记录和历史都留着。"),
                    (true, RoundOutcome::Stopped(_)) => format!("{member} 用完了本轮的请求额度还没给出答案。"),
                    (true, RoundOutcome::Failed(why)) => format!("{member} 出错：{why}。它向 lead 报告这个错误。"),
                    (true, RoundOutcome::Shutdown) => format!("{member} 收尾完毕，按批准的关机请求退出。"),
                    (false, RoundOutcome::Answered) => format!("{member} gives its final answer; the round ends. The member record and its history remain."),
                    (false, RoundOutcome::Stopped(_)) => format!("{member} spent this delivery's request budget without a final answer."),
                    (false, RoundOutcome::Failed(why)) => format!("{member} failed: {why}. It reports the error to the lead."),
                    (false, RoundOutcome::Shutdown) => format!("{member} finished its tool round and exits, as the approved shutdown asked."),
                };
            let to = outcome.status().word(lang);
            if zh {
                format!("{what}状态 工作中 → {to}。")
            } else {
                format!("{what} Status: working -> {to}.")
            }
        }
        StatusChanged { member, from, to } => {
            if zh {
                format!("{member} 的状态：{} → {}。", from.word(lang), to.word(lang))
            } else {
                format!("{member}'s status: {} -> {}.", from.as_str(), to.as_str())
            }
        }
        MemberRecalled {
            member,
            from,
            loaded,
            history_len,
        } => match (zh, loaded) {
            (true, Some(n)) => format!(
                "显式召回 {member}：从存储载入它的 {n} 条历史。状态 {} → 空闲。",
                from.word(lang)
            ),
            (true, None) => format!(
                "显式召回 {member}：它的 {history_len} 条历史一直在。状态 {} → 空闲。",
                from.word(lang)
            ),
            (false, Some(n)) => format!(
                "{member} is recalled explicitly: its {} loaded from storage. Status: {} -> idle.",
                counted(*n, "stored history entry is", "stored history entries are"),
                from.as_str()
            ),
            (false, None) => format!(
                "{member} is recalled explicitly and keeps its {}. Status: {} -> idle.",
                counted(*history_len, "history entry", "history entries"),
                from.as_str()
            ),
        },
        // Routed to another part by `narrate`.
        _ => event.kind.name().to_string(),
    }
}

/// Restores, disbanding, faults, modes and refusals: what the host does.
fn narrate_host(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    let zh = lang == Lang::Zh;
    match &event.kind {
        RosterRestored { .. } => {
            if zh {
                "宿主重启（就像页面重新加载）：花名册从存储恢复，原来的运行已经不在，所有成员都是离线。各自的历史已存储、尚未载入，召回时才载入。".to_string()
            } else {
                "The host restarted (as a page reload of a live host would): the roster comes back from storage; the old runs are gone, so every member is offline. Each history is stored, not loaded: a recall loads it.".to_string()
            }
        }
        TeamDisbanded { undelivered } => {
            if zh {
                format!(
                    "团队解散。未读记录 {} 条，逐条报告，不会悄悄丢掉。",
                    undelivered.len()
                )
            } else {
                format!(
                    "The team is disbanded. {} reported one by one, not dropped silently.",
                    match undelivered.len() {
                        1 => "1 unread record is".to_string(),
                        n => format!("{n} unread records are"),
                    }
                )
            }
        }
        FaultArmed { member, .. } => {
            if zh {
                format!("注入故障：{member} 下一次准备好候选后、提交之前会出错。")
            } else {
                format!("Fault injected: {member}'s next candidate will fail after it is prepared and before it is committed.")
            }
        }
        FaultStruck { member, .. } => {
            if zh {
                format!("故障发生在 {member} 读取之后、提交之前。")
            } else {
                format!("The fault strikes {member} between read and commit.")
            }
        }
        TogglesChanged { toggles } => {
            if zh {
                format!(
                    "切换模式：读取即清空 = {}，模型调用期间持锁 = {}。",
                    on_off_zh(toggles.drain_on_read),
                    on_off_zh(toggles.hold_lock_during_model_call)
                )
            } else {
                format!(
                    "Modes switched: drain on read = {}, hold the lock during model calls = {}.",
                    on_off(toggles.drain_on_read),
                    on_off(toggles.hold_lock_during_model_call)
                )
            }
        }
        Refused { refusal } => {
            let who = event.actor.as_deref().unwrap_or(tr(lang, "宿主", "host"));
            if zh {
                format!(
                    "拒绝（{}）：{}。原因：{}",
                    who,
                    refusal.code.zh(),
                    literal(&refusal.reason)
                )
            } else {
                format!("Refused ({who}): {}", literal(&refusal.reason))
            }
        }
        // Routed to another part by `narrate`.
        _ => event.kind.name().to_string(),
    }
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn on_off_zh(b: bool) -> &'static str {
    if b {
        "开"
    } else {
        "关"
    }
}

fn protocol_zh(kind: ProtocolKind) -> &'static str {
    match kind {
        ProtocolKind::Shutdown => "关机",
        ProtocolKind::Plan => "计划审批",
    }
}

fn status_zh(status: ProtocolStatus) -> &'static str {
    match status {
        ProtocolStatus::Pending => "待定（pending）",
        ProtocolStatus::Approved => "已批准（approved）",
        ProtocolStatus::Rejected => "已拒绝（rejected）",
    }
}
