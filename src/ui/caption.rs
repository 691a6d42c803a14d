//! The caption bar on the page: the caption of the current step (what just happened and why),
//! the event's kind line and the contrast modes, as the view model words them
//! (`view::caption`). The caption is the aria-live region, so a screen reader reads each step
//! as it comes. Each fact a caption states is a span carrying `data-fact="kind:subject=value"`,
//! rendered from the state at this step, so a test can hold it against the cards and lanes;
//! story text a branch no longer follows starts with an "(original run)" marker.

use leptos::prelude::*;

use super::context::Playground;
use crate::lessons::facts::{original_words, Part};
use crate::view::caption::{event_line_in, modes, step_caption_parts};

#[component]
pub fn CaptionBar() -> impl IntoView {
    let pg = Playground::get();
    let parts = Memo::new(move |_| {
        let (lang, step) = (pg.lang.get(), pg.step.get());
        pg.state.with(|state| {
            let state = state.as_ref()?;
            pg.run.with(|run| {
                run.as_ref()
                    .ok()
                    .map(|run| step_caption_parts(&run.0, &state.state, step, lang))
            })
        })
    });
    let caption = move || {
        let lang = pg.lang.get();
        parts
            .get()
            .unwrap_or_default()
            .into_iter()
            .map(|part| match part {
                Part::Text(text) => text.into_any(),
                Part::Fact { .. } => {
                    let data = part.data_fact().unwrap_or_default();
                    let Part::Fact { words, .. } = part else {
                        return ().into_any();
                    };
                    view! { <span class="fact" data-fact=data>{words}</span> }.into_any()
                }
                Part::Original => view! {
                    <span class="original-run" data-testid="original-run">{original_words(lang)}</span>
                    " "
                }
                .into_any(),
            })
            .collect_view()
    };
    let kind = move || {
        let (event, lang) = (pg.current_event(), pg.lang.get());
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| event_line_in(event.as_ref(), &s.state, lang))
                .unwrap_or_default()
        })
    };
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
            <p class="caption" data-testid="caption" aria-live="polite">{caption}</p>
        </div>
    }
}
