//! The caption of the current step: what just happened and why, in the learner's language.
//! It is also the aria-live region, so a screen reader reads each step as it comes.

use leptos::prelude::*;

use super::context::Playground;
use super::i18n::tr;
use crate::engine::{EventKind, Lang, Timeline};
use crate::lessons::narration::{caption_at, narrate};

/// A status change that completes the step before it (a recall ends with "offline -> idle")
/// keeps that step's teaching caption, followed by the status change itself, so the caption
/// and the member card agree on the step where the change is visible.
fn carried_caption(timeline: &Timeline, step: usize, lang: Lang) -> Option<String> {
    if step < 2 || timeline.lesson_caption(step).is_some() {
        return None;
    }
    let events = timeline.events();
    let current = events.get(step - 1)?;
    let previous = events.get(step - 2)?;
    let completes = matches!(current.kind, EventKind::StatusChanged { .. })
        && !matches!(previous.kind, EventKind::StatusChanged { .. })
        && current.time == previous.time;
    completes.then(|| {
        format!(
            "{} ({})",
            caption_at(timeline, step - 1, lang),
            narrate(current, lang)
        )
    })
}

#[component]
pub fn CaptionBar() -> impl IntoView {
    let pg = Playground::get();
    let caption = move || {
        let lang = pg.lang.get();
        let step = pg.step.get();
        pg.run.with(|run| match run {
            Ok(run) => {
                let timeline = &run.0;
                let step = step.min(timeline.len());
                if let Some(carried) = carried_caption(timeline, step, lang) {
                    return carried;
                }
                let caption = caption_at(timeline, step, lang);
                // The last step usually just closes a round; repeat the lesson's last teaching
                // caption there so the lesson ends on its point, not on a status change.
                let closing = (step == timeline.len() && step > 0)
                    .then(|| timeline.lesson_caption(step).is_none())
                    .filter(|&uncaptioned| uncaptioned)
                    .and_then(|_| timeline.captioned_events().last())
                    .map(|(_, c)| c.get(lang).to_string());
                match closing {
                    Some(last) => format!(
                        "{caption} {} {last}",
                        tr(lang, "本课到此结束：", "End of the lesson:")
                    ),
                    None => caption,
                }
            }
            Err(_) => String::new(),
        })
    };
    let kind = move || {
        let lang = pg.lang.get();
        match pg.current_event() {
            Some(event) => format!(
                "{} · {} · t={}",
                super::transport::category_label(event.kind.category(), lang),
                event
                    .actor
                    .clone()
                    .unwrap_or_else(|| tr(lang, "宿主", "host").to_string()),
                event.time
            ),
            None => tr(lang, "开始", "start").to_string(),
        }
    };
    // The contrast modes in force at this step (a lesson may switch them between acts).
    let modes = move || {
        let lang = pg.lang.get();
        pg.state.with(|state| {
            state.as_ref().map(|s| {
                let toggles = &s.state.toggles();
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
            })
        })
    };
    view! {
        <div class="caption-bar">
            <p class="caption-kind">{kind}</p>
            <p class="modes" data-testid="modes" class:contrast=move || modes().is_some_and(|m| m.0)>
                {move || modes().map(|m| m.1).unwrap_or_default()}
            </p>
            <p class="caption" data-testid="caption" aria-live="polite">{caption}</p>
        </div>
    }
}
