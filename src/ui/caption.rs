//! The caption of the current step: what just happened and why, in the learner's language.
//! It is also the aria-live region, so a screen reader reads each step as it comes.

use leptos::prelude::*;

use super::context::Playground;
use super::i18n::tr;

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
                let caption = timeline.caption(step, lang);
                // The last step usually just closes a round; repeat the lesson's last teaching
                // caption there so the lesson ends on its point, not on a status change.
                let closing =
                    (step == timeline.len() && step > 0 && timeline.lesson_caption(step).is_none())
                        .then(|| {
                            timeline
                                .captioned_events()
                                .last()
                                .map(|(_, c)| c.get(lang).to_string())
                        })
                        .flatten();
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
    view! {
        <div class="caption-bar">
            <p class="caption-kind">{kind}</p>
            <p class="caption" data-testid="caption" aria-live="polite">{caption}</p>
        </div>
    }
}
