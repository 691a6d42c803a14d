//! The diagram's words: labels and titles (tooltips, accessible names) of its marks in the
//! learner's language.

use super::marks::{BarStatus, SeqLayout};
use crate::engine::text::preview;
use crate::engine::{Event, Lang, MessageKind, MessageRecord, RequestId};
use crate::view::narration::narrate;
use crate::view::tr;

/// The kind of a message in the learner's language (short, for arrow labels).
pub fn kind_label(kind: MessageKind, lang: Lang) -> &'static str {
    match kind {
        MessageKind::Message => tr(lang, "消息", "message"),
        MessageKind::Broadcast => tr(lang, "广播", "broadcast"),
        MessageKind::ShutdownRequest => tr(lang, "关机请求", "shutdown request"),
        MessageKind::ShutdownResponse => tr(lang, "关机答复", "shutdown response"),
        MessageKind::PlanApproval => tr(lang, "计划审批", "plan approval"),
        MessageKind::PlanApprovalResponse => tr(lang, "审批结果", "plan decision"),
    }
}

pub fn lane_title(name: &str, role: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{name}（{role}）：点击在详情里查看"),
        Lang::En => format!("{name} ({role}): click to show in the detail panel"),
    }
}

pub fn tick_title(time: u64, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("逻辑时间 {time}"),
        Lang::En => format!("logical time {time}"),
    }
}

pub fn arrow_label(record: &MessageRecord, lang: Lang) -> String {
    format!("{} · {}", record.id, kind_label(record.kind, lang))
}

pub fn arrow_title(record: &MessageRecord, time: u64, lang: Lang) -> String {
    let body = preview(&record.body, 80, "…");
    let (id, from, to, kind) = (
        record.id,
        &record.from,
        &record.to,
        kind_label(record.kind, lang),
    );
    match lang {
        Lang::Zh => format!(
            "{id}：{from} 发给 {to} 的{kind}，t={time} 存入 {to} 的收件箱（回执 queued：已保存，不等于已读）。正文：{body}"
        ),
        Lang::En => format!(
            "{id}: {kind} from {from} to {to}, stored in {to}'s inbox at t={time} (receipt queued: stored, not seen). Body: {body}"
        ),
    }
}

pub fn cursor_title(step: usize, event: &Event, lang: Lang) -> String {
    let (time, caption) = (event.time, narrate(event, lang));
    match lang {
        Lang::Zh => format!("当前这一步（第 {step} 步，t={time}）：{caption}"),
        Lang::En => format!("Current step ({step}, t={time}): {caption}"),
    }
}

/// A bar's label beside it and its title: when it was sent, how it ended.
pub fn bar_texts(
    id: RequestId,
    member: &str,
    (t0, clipped_top): (u64, bool),
    t1: Option<u64>,
    status: BarStatus,
    lang: Lang,
) -> (String, String) {
    let since = match (clipped_top, lang) {
        (true, Lang::Zh) => format!("t={t0} 发出（更早，已不在窗口内）"),
        (true, Lang::En) => format!("sent at t={t0} (earlier, outside the window)"),
        (false, Lang::Zh) => format!("t={t0} 发出"),
        (false, Lang::En) => format!("sent at t={t0}"),
    };
    let end = match (status, t1, lang) {
        (BarStatus::Replied, Some(t), Lang::Zh) => format!("t={t} 收到回复"),
        (BarStatus::Replied, Some(t), Lang::En) => format!("reply at t={t}"),
        (BarStatus::Failed, Some(t), Lang::Zh) => format!("t={t} 失败"),
        (BarStatus::Failed, Some(t), Lang::En) => format!("failed at t={t}"),
        (BarStatus::Abandoned, Some(t), Lang::Zh) => format!("t={t} 页面重新加载，被放弃"),
        (BarStatus::Abandoned, Some(t), Lang::En) => format!("abandoned by the reload at t={t}"),
        (_, _, Lang::Zh) => "进行中：还没有回复".to_string(),
        (_, _, Lang::En) => "in flight: no reply yet".to_string(),
    };
    let title = match lang {
        Lang::Zh => format!("{id}：{member} 的模型调用，{since}，{end}"),
        Lang::En => format!("{id}: {member}'s model call, {since}, {end}"),
    };
    let label = match status {
        BarStatus::InFlight => format!("{id} {}", tr(lang, "进行中", "in flight")),
        BarStatus::Failed => format!("{id} ✕"),
        BarStatus::Abandoned => format!("{id} {}", tr(lang, "已放弃", "abandoned")),
        BarStatus::Replied => id.to_string(),
    };
    (label, title)
}

/// A lock band's title; `waits_for` is the holder a waiting member waits for (None: a hold).
pub fn band_title(
    member: &str,
    t0: Option<u64>,
    t1: Option<u64>,
    waits_for: Option<&str>,
    lang: Lang,
) -> String {
    let from = match (t0, lang) {
        (Some(t), _) => format!("t={t}"),
        (None, Lang::Zh) => "窗口之前".to_string(),
        (None, Lang::En) => "before the window".to_string(),
    };
    let to = match (t1, lang) {
        (Some(t), _) => format!("t={t}"),
        (None, Lang::Zh) => "现在（仍未结束）".to_string(),
        (None, Lang::En) => "now (still ongoing)".to_string(),
    };
    match (waits_for, lang) {
        (None, Lang::Zh) => format!("锁：{member} 持有宿主的锁，从 {from} 到 {to}"),
        (None, Lang::En) => format!("lock: {member} holds the host's lock from {from} to {to}"),
        (Some(holder), Lang::Zh) => {
            format!("等锁：{member} 在等 {holder} 手里的锁，从 {from} 到 {to}")
        }
        (Some(holder), Lang::En) => {
            format!("waiting: {member} waits for the lock held by {holder}, from {from} to {to}")
        }
    }
}

impl SeqLayout {
    /// The note above the diagram: nothing yet, the window of the last events, or how to read it.
    pub fn note(&self, lang: Lang) -> String {
        let d = self;
        match lang {
            _ if d.step == 0 => tr(
                lang,
                "还没有发生任何事。向前走一步，时序图就会开始画。",
                "Nothing has happened yet. Step forward and the diagram starts.",
            )
            .to_string(),
            Lang::Zh if d.hidden_before > 0 => format!(
                "只画出到第 {} 步为止的最近 {} 个事件（前面还有 {} 个）。纵轴是逻辑时间。",
                d.step,
                d.step - d.hidden_before,
                d.hidden_before
            ),
            Lang::En if d.hidden_before > 0 => format!(
                "Showing the last {} events up to step {} ({} earlier ones are not drawn). Time runs downwards.",
                d.step - d.hidden_before,
                d.step,
                d.hidden_before
            ),
            _ => tr(
                lang,
                "纵轴是逻辑时间，向下增长。把鼠标停在任何标记上可以看到说明。",
                "Logical time runs downwards. Hover any mark for what it means.",
            )
            .to_string(),
        }
    }
}
