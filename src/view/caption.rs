//! The caption bar's model: the caption of a step (what just happened and why), the line that
//! names the event's category, actor and time, and the contrast modes in force.

use crate::engine::{Category, Event, EventKind, Lang, Timeline, Toggles};
use crate::lessons::narration::{caption_at, narrate};
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
fn carried_caption(timeline: &Timeline, step: usize, lang: Lang) -> Option<String> {
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
            caption_at(timeline, step - 1, lang),
            narrate(current, lang)
        )
    })
}

/// The caption of `step`.
pub fn step_caption(timeline: &Timeline, step: usize, lang: Lang) -> String {
    let step = step.min(timeline.len());
    if let Some(carried) = carried_caption(timeline, step, lang) {
        return carried;
    }
    let caption = caption_at(timeline, step, lang);
    // The last step usually just closes a round; repeat the lesson's last teaching caption
    // there so the lesson ends on its point, not on a status change.
    let closing = (step == timeline.len() && step > 0 && timeline.lesson_caption(step).is_none())
        .then(|| timeline.captioned_events().last())
        .flatten()
        .map(|(_, c)| c.get(lang).to_string());
    match closing {
        Some(last) => format!(
            "{caption} {} {last}",
            tr(lang, "本课到此结束：", "End of the lesson:")
        ),
        None => caption,
    }
}

/// The kind line: the event's category, who acted (the host when nobody) and when.
pub fn event_line(event: Option<&Event>, lang: Lang) -> String {
    let Some(event) = event else {
        return tr(lang, "开始", "start").to_string();
    };
    let actor = event
        .actor
        .as_deref()
        .unwrap_or_else(|| tr(lang, "宿主", "host"));
    format!(
        "{} · {actor} · t={}",
        category_label(event.kind.category(), lang),
        event.time
    )
}

/// The contrast modes in force (a lesson may switch them between acts): whether any contrast
/// mode is on, and the line that says both.
pub fn modes(toggles: &Toggles, lang: Lang) -> (bool, String) {
    let inbox = if toggles.drain_on_read {
        tr(
            lang,
            "收件箱：读后即删（对照模式，会丢信）",
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{play, PlayOptions};

    #[test]
    fn the_last_step_repeats_the_lessons_last_teaching_caption() {
        let mut closings = 0;
        for lesson in crate::lessons::catalog() {
            let timeline = play(lesson.id, &PlayOptions::default()).unwrap();
            let last = timeline.len();
            let caption = step_caption(&timeline, last, Lang::En);
            // Past the end is the end.
            assert_eq!(step_caption(&timeline, last + 5, Lang::En), caption);
            let closes = carried_caption(&timeline, last, Lang::En).is_none()
                && timeline.lesson_caption(last).is_none();
            let Some((_, teaching)) = timeline.captioned_events().last() else {
                continue;
            };
            if closes && last > 0 {
                assert!(caption.contains("End of the lesson:"), "{caption}");
                assert!(caption.ends_with(teaching.get(Lang::En)), "{caption}");
                closings += 1;
            } else {
                assert!(!caption.contains("End of the lesson:"), "{caption}");
            }
        }
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
        assert!(
            caption.starts_with(&caption_at(&timeline, step - 1, Lang::En)),
            "{caption}"
        );
        assert!(caption.ends_with(&format!("({})", narrate(&events[step - 1], Lang::En))));
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
            assert!(event_line(Some(event), Lang::En).contains(" · host · t="));
        }
        let acted = timeline
            .events()
            .iter()
            .find(|e| e.actor.is_some())
            .unwrap();
        let line = event_line(Some(acted), Lang::Zh);
        assert!(line.contains(acted.actor.as_deref().unwrap()), "{line}");
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
