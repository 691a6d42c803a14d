//! The caption bar on the page: the caption of the current step (what just happened and why),
//! the event's kind line and the contrast modes (with the learner's toggles in the lessons
//! that offer them), as the view model words them
//! (`view::caption`). The caption is the aria-live region, so a screen reader reads each step
//! as it comes.

use leptos::prelude::*;

use super::context::Playground;
use super::toggles::ModeToggles;
use crate::view::caption::{event_line, modes, step_caption};

#[component]
pub fn CaptionBar() -> impl IntoView {
    let pg = Playground::get();
    let caption = move || {
        let (lang, step) = (pg.lang.get(), pg.step.get());
        pg.run.with(|run| {
            run.as_ref()
                .map(|run| step_caption(&run.0, step, lang))
                .unwrap_or_default()
        })
    };
    let kind = move || event_line(pg.current_event().as_ref(), pg.lang.get());
    let modes = move || {
        let lang = pg.lang.get();
        pg.state
            .with(|state| state.as_ref().map(|s| modes(&s.state.toggles(), lang)))
    };
    view! {
        <div class="caption-bar">
            <p class="caption-kind">{kind}</p>
            <p class="modes" data-testid="modes" class:contrast=move || modes().is_some_and(|m| m.0)>
                {move || modes().map(|m| m.1).unwrap_or_default()}
            </p>
            <ModeToggles />
            <p class="caption" data-testid="caption" aria-live="polite">{caption}</p>
        </div>
    }
}
