//! The caption bar's model: the caption of a step (what just happened and why), the line that
//! names the event's category, actor and time, and the contrast modes in force. A caption's
//! facts are rendered from the state at the step it is shown ([`crate::view::facts`]), so a
//! carried or closing caption states what is true at that step, not where it was written.

use crate::engine::{Category, Event, EventKind, Lang, TeamState, Timeline, Toggles};
use crate::lessons::key_steps::KeyStep;
use crate::view::facts::{plain, render, sends_on_its_own, CaptionPart, Scene};
use crate::view::narration::{caption_in, narrate_in};
use crate::view::tr;

/// An event category in the learner's language (the caption's kind line, the breakpoints).
pub fn category_label(category: Category, lang: Lang) -> &'static str {
    match category {
        Category::Store => tr(lang, "存信", "store"),
        Category::Prepare => tr(lang, "准备候选", "prepare"),
        Category::Commit => tr(lang, "提交", "commit"),
        Category::Discard => tr(lang, "丢弃候选", "discard"),
        Category::Request => tr(lang, "发出请求", "request"),
        Category::Reply => tr(lang, "模型回复", "reply"),
        Category::Lock => tr(lang, "锁", "lock"),
        Category::Protocol => tr(lang, "协议", "protocol"),
        Category::Refusal => tr(lang, "拒绝", "refusal"),
        Category::Lifecycle => tr(lang, "生命周期", "lifecycle"),
        Category::Other => tr(lang, "其他", "other"),
    }
}

/// A status change that completes the step before it (a spawn ends with the new member's
/// "offline -> idle") keeps that step's teaching caption, followed by the status change
/// itself, so the caption and the member card agree on the step where the change is visible.
/// Rounds and recalls change the status in their own event, and a disband's status changes
/// follow whatever came before, so only a spawn is completed this way.
fn carried_caption(
    timeline: &Timeline,
    state: &TeamState,
    step: usize,
    lang: Lang,
) -> Option<String> {
    if step < 2 || timeline.lesson_caption(step).is_some() {
        return None;
    }
    let events = timeline.events();
    let current = events.get(step - 1)?;
    let previous = events.get(step - 2)?;
    let completes = match (&current.kind, &previous.kind) {
        (EventKind::StatusChanged { member, .. }, EventKind::MemberSpawned { config }) => {
            *member == config.name
        }
        _ => false,
    };
    completes.then(|| {
        format!(
            "{} ({})",
            caption_in(timeline, state, step - 1, lang),
            narrate_in(current, state, lang)
        )
    })
}

/// The caption of `step` as plain text (seeks the state at `step`; the page uses
/// [`step_caption_parts`] with the state it has).
pub fn step_caption(timeline: &Timeline, step: usize, lang: Lang) -> String {
    let step = step.min(timeline.len());
    let state = timeline.state_at(step);
    plain(&step_caption_parts(timeline, &state, step, lang), lang)
}

/// The caption of `step`, its facts rendered from `state`, the team state at `step`.
pub fn step_caption_parts(
    timeline: &Timeline,
    state: &TeamState,
    step: usize,
    lang: Lang,
) -> Vec<CaptionPart> {
    let step = step.min(timeline.len());
    let template = step_template(timeline, state, step, lang);
    let scene = Scene {
        state,
        events: &timeline.events()[..step],
    };
    render(&template, &scene, lang)
}

/// The caption of `step` before its facts are rendered.
fn step_template(timeline: &Timeline, state: &TeamState, step: usize, lang: Lang) -> String {
    if let Some(carried) = carried_caption(timeline, state, step, lang) {
        return carried;
    }
    let caption = caption_in(timeline, state, step, lang);
    // The last step usually just closes a round; repeat the lesson's last teaching caption
    // there so the lesson ends on its point, not on a status change.
    let closing = (step == timeline.len() && step > 0 && timeline.lesson_caption(step).is_none())
        .then(|| timeline.captioned_events().last())
        .flatten()
        .map(|(seq, c)| (seq + 1, c.get(lang).to_string()));
    // Said as a recap of that step, so it does not read as something happening again; its
    // facts are rendered at the last step like any caption's.
    match (closing, lang) {
        (Some((at, last)), Lang::Zh) => format!("{caption} 本课到此结束。回顾第 {at} 步：{last}"),
        (Some((at, last)), Lang::En) => {
            format!("{caption} End of the lesson. Recap of step {at}: {last}")
        }
        (None, _) => match last_answer(timeline, step, lang) {
            Some(answer) => format!("{caption} {answer}"),
            None => caption,
        },
    }
}

/// Issue 46: a run with no lesson captions (free play, a scenario) whose last step is
/// bookkeeping (a lock released, a status change) ends on its last answer, not on the
/// bookkeeping: "End of the run. The last answer, lead's at step 40: {answer:lead}".
fn last_answer(timeline: &Timeline, step: usize, lang: Lang) -> Option<String> {
    let events = timeline.events();
    if step == 0 || step != events.len() || timeline.lesson_caption(step).is_some() {
        return None;
    }
    let (at, member) = events
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, e)| match &e.kind {
            EventKind::RoundFinished {
                member,
                final_text: Some(_),
                ..
            } => Some((i + 1, member.clone())),
            _ => None,
        })?;
    if at == step {
        return None;
    }
    Some(match lang {
        Lang::Zh => {
            format!("运行到此结束。最后的回答是 {member} 在第 {at} 步给出的：{{answer:{member}}}")
        }
        Lang::En => {
            format!("End of the run. The last answer, {member}'s at step {at}: {{answer:{member}}}")
        }
    })
}

/// What kind of event this is, in the learner's language: its category, except for the
/// events the breakpoints lump together as "other", which are named for what they are.
pub fn kind_label(kind: &EventKind, lang: Lang) -> &'static str {
    match kind {
        EventKind::ToolExecuted { .. } => tr(lang, "工具调用", "tool call"),
        EventKind::FileWritten { .. } => tr(lang, "写文件", "file written"),
        EventKind::FaultArmed { .. } | EventKind::FaultStruck { .. } => {
            tr(lang, "注入的故障", "injected fault")
        }
        EventKind::TogglesChanged { .. } => tr(lang, "切换模式", "mode switch"),
        other => category_label(other.category(), lang),
    }
}

/// The words for the host's logical clock on the kind line.
pub fn logical_time_label(lang: Lang) -> &'static str {
    tr(lang, "逻辑时间", "logical time")
}

/// What logical time is, where it first shows (the kind line's tooltip).
pub fn logical_time_hint(lang: Lang) -> &'static str {
    tr(
        lang,
        "逻辑时间是宿主的时钟：按“拍”计，不是秒。它在模型回复到达时前进，所以同一拍里可以发生很多步。",
        "Logical time is the host's clock, counted in ticks, not seconds. It moves on when a model reply arrives, so many steps can happen in one tick.",
    )
}

/// The kind line's parts: what kind of event, who acted (the host when nobody) and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLine {
    pub kind: &'static str,
    pub actor: String,
    /// Logical time; None before the first event.
    pub time: Option<u64>,
}

impl EventLine {
    /// The line as one text.
    pub fn text(&self, lang: Lang) -> String {
        match self.time {
            Some(time) => format!(
                "{} · {} · {} {time}",
                self.kind,
                self.actor,
                logical_time_label(lang)
            ),
            None => self.kind.to_string(),
        }
    }
}

/// The kind line of `event` (None before the first event: "start").
pub fn event_parts(event: Option<&Event>, lang: Lang) -> EventLine {
    let Some(event) = event else {
        return EventLine {
            kind: tr(lang, "开始", "start"),
            actor: String::new(),
            time: None,
        };
    };
    let actor = event
        .actor
        .as_deref()
        .unwrap_or_else(|| tr(lang, "宿主", "host"));
    EventLine {
        kind: kind_label(&event.kind, lang),
        actor: actor.to_string(),
        time: Some(event.time),
    }
}

/// The kind line as one text.
pub fn event_line(event: Option<&Event>, lang: Lang) -> String {
    event_parts(event, lang).text(lang)
}

/// [`event_parts`] in the state right after the event: a message stored under the name of a
/// member that is not working was sent by the host on its behalf, and the line says so as
/// the caption does.
pub fn event_parts_in(event: Option<&Event>, state: &TeamState, lang: Lang) -> EventLine {
    let mut line = event_parts(event, lang);
    if let Some(EventKind::MessageQueued { record }) = event.map(|e| &e.kind) {
        if !sends_on_its_own(state, &record.from) {
            line.actor = match lang {
                Lang::Zh => format!("宿主代 {}", record.from),
                Lang::En => format!("host for {}", record.from),
            };
        }
    }
    line
}

/// [`event_parts_in`] as one text.
pub fn event_line_in(event: Option<&Event>, state: &TeamState, lang: Lang) -> String {
    event_parts_in(event, state, lang).text(lang)
}

/// The contrast modes in force (a lesson may switch them between acts): whether any contrast
/// mode is on, and the line that says both. The drain mode is named as its switch is
/// ([`crate::view::contrast::drain_label`]: 读取即清空), here and in the Markdown export.
pub fn modes(toggles: &Toggles, lang: Lang) -> (bool, String) {
    let inbox = if toggles.drain_on_read {
        tr(
            lang,
            "收件箱：读取即清空（对照模式，会丢信）",
            "inbox: drain on read (contrast mode: can lose mail)",
        )
    } else {
        tr(
            lang,
            "收件箱：只追加，不删除",
            "inbox: append-only, nothing deleted",
        )
    };
    let lock = if toggles.hold_lock_during_model_call {
        tr(
            lang,
            "锁：模型调用期间也持有（对照模式，成员排队）",
            "lock: held during the model call (contrast mode: members queue)",
        )
    } else {
        tr(
            lang,
            "锁：只包住检查并设置占用",
            "lock: only around check-and-set",
        )
    };
    (
        toggles.drain_on_read || toggles.hold_lock_during_model_call,
        format!("{inbox} · {lock}"),
    )
}

/// The caption bar's key-step label at `step` ("◆ Key step 2 of 7: ..."), when `step` is one of
/// the key steps: the live caption and the static first view say it the same way.
pub fn key_step_label(keys: &[KeyStep], step: usize, lang: Lang) -> Option<String> {
    let i = keys.iter().position(|k| k.step == step)?;
    let label = keys[i].label(lang);
    Some(match lang {
        Lang::Zh => format!("◆ 关键步 {} / {}：{}", i + 1, keys.len(), label),
        Lang::En => format!("◆ Key step {} of {}: {}", i + 1, keys.len(), label),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{play, PlayOptions};
    use crate::view::narration::narrate;

    #[test]
    fn the_last_step_repeats_the_lessons_last_teaching_caption() {
        let mut closings = 0;
        for lesson in crate::lessons::catalog() {
            let timeline = play(lesson.id, &PlayOptions::default()).unwrap();
            let last = timeline.len();
            let caption = step_caption(&timeline, last, Lang::En);
            // Past the end is the end.
            assert_eq!(step_caption(&timeline, last + 5, Lang::En), caption);
            let closes = carried_caption(&timeline, timeline.final_state(), last, Lang::En)
                .is_none()
                && timeline.lesson_caption(last).is_none();
            let Some((seq, teaching)) = timeline.captioned_events().last() else {
                continue;
            };
            if closes && last > 0 {
                let recap = format!("End of the lesson. Recap of step {}: ", seq + 1);
                assert!(caption.contains(&recap), "{caption}");
                let scene = Scene {
                    state: timeline.final_state(),
                    events: timeline.events(),
                };
                let teaching = plain(&render(teaching.get(Lang::En), &scene, Lang::En), Lang::En);
                assert!(caption.ends_with(&teaching), "{caption}");
                closings += 1;
            } else {
                assert!(!caption.contains("End of the lesson."), "{caption}");
            }
        }
        // A lesson whose last event has no caption of its own ends on the closing repeat.
        let mut lesson = crate::lessons::lesson("l3-lock-scope", Lang::En).unwrap();
        lesson.captions.retain(|rule| !rule.from_end);
        let (timeline, _) = crate::lessons::play_lesson(&lesson, &PlayOptions::default()).unwrap();
        let caption = step_caption(&timeline, timeline.len(), Lang::En);
        assert!(
            caption.contains("End of the lesson. Recap of step"),
            "{caption}"
        );
        closings += 1;
        assert!(closings > 0, "some lesson ends on a closing caption");
    }

    #[test]
    fn a_status_change_that_completes_a_step_keeps_that_steps_caption() {
        // A spawn ends with the new member's status change to idle.
        let timeline = play("l4-coder-and-reviewer", &PlayOptions::default()).unwrap();
        let events = timeline.events();
        let carried = (2..timeline.len()).find(|&step| {
            timeline.lesson_caption(step).is_none()
                && matches!(events[step - 1].kind, EventKind::StatusChanged { .. })
                && matches!(events[step - 2].kind, EventKind::MemberSpawned { .. })
        });
        let step = carried.expect("lesson 4 has a status change completing a step");
        let caption = step_caption(&timeline, step, Lang::En);
        // Both halves are rendered in the state at `step`, where the card shows the change.
        let state = timeline.state_at(step);
        let scene = Scene {
            state: &state,
            events: &events[..step],
        };
        let at = |template: String| plain(&render(&template, &scene, Lang::En), Lang::En);
        let teaching = at(caption_in(&timeline, &state, step - 1, Lang::En));
        assert!(caption.starts_with(&teaching), "{caption}");
        let change = at(narrate_in(&events[step - 1], &state, Lang::En));
        assert!(caption.ends_with(&format!("({change})")), "{caption}");
    }
    #[test]
    fn a_disbands_status_change_does_not_carry_the_caption_before_it() {
        let timeline = play("l4-coder-and-reviewer", &PlayOptions::default()).unwrap();
        let events = timeline.events();
        let disband = events
            .iter()
            .position(|e| matches!(e.kind, EventKind::TeamDisbanded { .. }))
            .expect("lesson 4 disbands");
        let first_offline = (0..disband)
            .rev()
            .take_while(|&i| matches!(events[i].kind, EventKind::StatusChanged { .. }))
            .last()
            .expect("the members go offline before the report");
        let step = first_offline + 1;
        if timeline.lesson_caption(step).is_none() {
            assert_eq!(
                step_caption(&timeline, step, Lang::En),
                narrate(&events[first_offline], Lang::En)
            );
        }
    }

    #[test]
    fn the_event_line_names_the_host_when_nobody_acted() {
        assert_eq!(event_line(None, Lang::En), "start");
        let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
        let hosted = timeline.events().iter().find(|e| e.actor.is_none());
        if let Some(event) = hosted {
            assert!(event_line(Some(event), Lang::En).contains(" · host · logical time "));
        }
        let acted = timeline
            .events()
            .iter()
            .find(|e| e.actor.is_some())
            .unwrap();
        let line = event_line(Some(acted), Lang::Zh);
        assert!(line.contains(acted.actor.as_deref().unwrap()), "{line}");
        assert!(line.contains("逻辑时间"), "{line}");
    }

    #[test]
    fn the_event_line_names_a_tool_call_instead_of_other() {
        let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
        for event in timeline.events() {
            let line = event_line(Some(event), Lang::En);
            assert!(!line.starts_with("other"), "{line}");
            if matches!(event.kind, EventKind::ToolExecuted { .. }) {
                assert!(line.starts_with("tool call · "), "{line}");
                assert!(event_line(Some(event), Lang::Zh).starts_with("工具调用"));
            }
        }
        assert!(!logical_time_hint(Lang::En).is_empty());
    }

    #[test]
    fn a_host_send_names_the_host_and_the_member_it_sends_for() {
        let timeline = play("l8-restart-and-recall", &PlayOptions::default()).unwrap();
        let first = &timeline.events()[0];
        assert!(matches!(first.kind, EventKind::MessageQueued { .. }));
        let state = timeline.state_at(1);
        let line = event_line_in(Some(first), &state, Lang::En);
        assert!(line.contains(" · host for lead · "), "{line}");
        assert!(event_line_in(Some(first), &state, Lang::Zh).contains("宿主代 lead"));
        // Lesson 1's lead sends with its own tool call, while working.
        let l1 = play("l1-two-investigators", &PlayOptions::default()).unwrap();
        let (seq, sent) = l1
            .events()
            .iter()
            .enumerate()
            .find(|(_, e)| matches!(e.kind, EventKind::MessageQueued { .. }))
            .unwrap();
        let line = event_line_in(Some(sent), &l1.state_at(seq + 1), Lang::En);
        assert!(line.contains(" · lead · "), "{line}");
    }

    #[test]
    fn contrast_modes_are_flagged() {
        let plain = Toggles {
            drain_on_read: false,
            hold_lock_during_model_call: false,
        };
        assert!(!modes(&plain, Lang::En).0);
        let drain = Toggles {
            drain_on_read: true,
            ..plain
        };
        let (contrast, line) = modes(&drain, Lang::En);
        assert!(contrast && line.contains("drain on read"), "{line}");
    }
}
