//! The caption bar on the page: the caption of the current step (what just happened and why),
//! the event's kind line (with what logical time is, as its tooltip), the key step the learner
//! is on and a run of identical tool calls the step belongs to (with a skip past it), as the
//! view model words them (`view::caption`, `view::repeats`). The caption is the aria-live region, so
//! a screen reader reads each step as it comes. Each fact a caption states is a span carrying
//! `data-fact="kind:subject=value"`, rendered from the state at this step, so a test can hold
//! it against the cards and lanes; story text a branch no longer follows starts with an
//! "(original run)" marker. At the story level, a stop that folded a routine cycle shows the
//! folded caption instead (`view::story`: what the cycle did, "reader's round 2: took in m4,
//! committed, sent r9"); the event's own template caption would only repeat its last part.

use leptos::prelude::*;

use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::state::context::Playground;
use crate::view::caption::{
    event_parts_in, key_step_label, logical_time_hint, logical_time_label, step_caption_parts,
};
use crate::view::facts::{original_words, CaptionPart};
use crate::view::playhead::Command;
use crate::view::repeats::repeat_run;
use crate::view::story::Level;

/// The caption's text at the step: the folded caption at a story stop that folded a cycle,
/// else the step's caption with its facts marked.
fn caption_text(pg: Playground) -> impl Fn() -> AnyView + Copy {
    let parts = Memo::new(move |_| {
        let (lang, step) = (pg.lang.get(), pg.step.get());
        pg.state.with(|state| {
            let state = state.as_ref()?;
            pg.run.with(|run| {
                run.as_ref()
                    .ok()
                    .map(|run| step_caption_parts(&run.timeline, &state.state, step, lang))
            })
        })
    });
    let folded = move || {
        if pg.level.get() != Level::Story {
            return None;
        }
        let (step, lang) = (pg.step.get(), pg.lang.get());
        pg.story
            .with(|story| story.fold_at(step).map(|fold| fold.caption_in(lang)))
    };
    move || {
        let lang = pg.lang.get();
        if let Some(text) = folded() {
            return view! { <span class="folded" data-testid="folded-caption">{text}</span> }
                .into_any();
        }
        parts
            .get()
            .unwrap_or_default()
            .into_iter()
            .map(|part| match part {
                CaptionPart::Text(text) => text.into_any(),
                CaptionPart::Fact { .. } => {
                    let data = part.data_fact().unwrap_or_default();
                    let CaptionPart::Fact { words, .. } = part else {
                        return ().into_any();
                    };
                    view! { <span class="fact" data-fact=data>{words}</span> }.into_any()
                }
                CaptionPart::Original => view! {
                    <span class="original-run" data-testid="original-run">{original_words(lang)}</span>
                    " "
                }
                .into_any(),
            })
            .collect_view()
            .into_any()
    }
}

#[component]
pub fn CaptionBar() -> impl IntoView {
    let pg = Playground::get();
    let caption = caption_text(pg);
    let line = move || {
        let (event, lang) = (pg.current_event(), pg.lang.get());
        pg.state.with(|state| match state {
            Some(s) => event_parts_in(event.as_ref(), &s.state, lang),
            None => crate::view::caption::event_parts(event.as_ref(), lang),
        })
    };
    // "Key step 2 of 6: ..." when the step is one of the lesson's key steps.
    let key_label = move || {
        let (step, lang) = (pg.step.get(), pg.lang.get());
        pg.key_steps.with(|keys| key_step_label(keys, step, lang))
    };
    let repeat = Memo::new(move |_| {
        let step = pg.step.get();
        let timeline = pg.timeline()?;
        repeat_run(timeline.events(), step.checked_sub(1)?)
    });
    let repeat_text = move || {
        repeat.get().map(|run| match pg.lang.get() {
            Lang::Zh => format!("同一个工具调用连续重复 {} 次（相同的参数和结果），这是第 {} 次。", run.count, run.position + 1),
            Lang::En => format!("The same tool call, {} times in a row (same arguments, same result): this is call {}.", run.count, run.position + 1),
        })
    };
    view! {
        // The whole caption shows: the bar never scrolls inside (the stage makes room for it).
        <div class="caption-bar" role="region"
            aria-label=move || tr(pg.lang.get(), "本步说明", "What this step shows")>
            <p class="caption-kind" data-testid="caption-kind">
                <span class="kind-name">{move || line().kind}</span>
                {move || line().time.map(|time| view! {
                    " · "{line().actor}" · "
                    <span class="logical-time" data-testid="logical-time" tabindex="0"
                        title=move || logical_time_hint(pg.lang.get())>
                        {move || format!("{} {time}", logical_time_label(pg.lang.get()))}
                    </span>
                })}
            </p>
            <Show when=move || key_label().is_some()>
                <p class="key-step-label" data-testid="key-step-label">{move || key_label().unwrap_or_default()}</p>
            </Show>
            <p class="caption" data-testid="caption" aria-live="polite">{caption}</p>
            <Show when=move || repeat.with(Option::is_some)>
                <p class="repeat-note" data-testid="repeat-note">
                    <span>{repeat_text}</span>" "
                    <button type="button" data-testid="skip-repeats"
                        on:click=move |_| {
                            if let Some(run) = repeat.get_untracked() {
                                crate::ui::panels::transport::drive(pg, Command::Goto(run.step_after()));
                            }
                        }>
                        {move || tr(pg.lang.get(), "跳过这组重复", "Skip the rest of this group")}
                    </button>
                </p>
            </Show>
        </div>
    }
}
