//! The learner's contrast toggles (M6 drain on read, T6 hold the lock during the model call),
//! offered in lessons 2 and 3 and in free play. A flip fixes the mode for the whole lesson (the
//! lesson's own switch then only defaults the other mode), the lesson replays at the same step,
//! and the run summary (`RunSummary`, in the side panel, off the caption) says at once what
//! this run loses or serializes (`view::contrast`), under the line of the modes in force.

use leptos::prelude::*;

use crate::engine::Toggles;
use crate::ui::state::context::Playground;
use crate::view::caption::modes;
use crate::view::contrast::{
    as_lesson_label, drain_label, fixed_words, hint, hold_lock_label, offers_toggles, outcome,
};
use crate::view::tr;

#[component]
pub fn ModeToggles() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let shown = move || offers_toggles(&pg.lesson_id.get());
    // A switch shows the mode in force at this step (a lesson may switch it between acts).
    let in_force = move || {
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| s.state.toggles())
                .unwrap_or_default()
        })
    };
    let in_force_untracked = move || {
        pg.state.with_untracked(|state| {
            state
                .as_ref()
                .map(|s| s.state.toggles())
                .unwrap_or_default()
        })
    };
    let flip = move |set: fn(&mut crate::lessons::ToggleChoice, bool),
                     read: fn(&Toggles) -> bool| {
        let next = !read(&in_force_untracked());
        crate::ui::panels::transport::pause(pg);
        // Same step in the replayed run, kept within it if that run is shorter.
        pg.change_toggles(|choice| set(choice, next));
    };
    // Issue 46: each switch has a third state, "as the lesson does" (the default, `None`):
    // the lesson's own run, steps and captions come back exactly; the link and the session
    // follow, since they carry the choice.
    let switch = move |testid: &'static str,
                       label: fn(crate::engine::Lang) -> &'static str,
                       read: fn(&Toggles) -> bool,
                       set: fn(&mut crate::lessons::ToggleChoice, bool),
                       fixed: fn(&crate::lessons::ToggleChoice) -> bool,
                       unfix: fn(&mut crate::lessons::ToggleChoice)| {
        let on = move || read(&in_force());
        let is_fixed = move || pg.options.with(|o| fixed(&o.learner_toggles));
        view! {
            <span class="mode-toggle-group">
                <button type="button" role="switch" class="mode-toggle" data-testid=testid
                    aria-checked=move || on().to_string()
                    data-fixed=move || is_fixed().to_string()
                    on:click=move |_| flip(set, read)>
                    <span class="switch-mark" aria-hidden="true">{move || if on() { "● " } else { "○ " }}</span>
                    {move || label(lang.get())}
                    <span class="mode-owner">{move || fixed_words(is_fixed(), lang.get())}</span>
                </button>
                <Show when=is_fixed>
                    <button type="button" class="mode-as-lesson" data-testid=format!("{testid}-as-lesson")
                        on:click=move |_| {
                            crate::ui::panels::transport::pause(pg);
                            pg.change_toggles(unfix);
                            // The button is gone: focus stays on the switch beside it.
                            crate::ui::browser::focus::focus_soon(&["[data-testid=mode-toggles] [role=switch]"]);
                        }>
                        {move || as_lesson_label(lang.get())}
                    </button>
                </Show>
            </span>
        }
    };
    view! {
        <Show when=shown>
            <fieldset class="mode-toggles" data-testid="mode-toggles">
                <legend>{move || tr(lang.get(), "对照模式", "Contrast modes")}</legend>
                {switch(
                    "toggle-drain",
                    drain_label,
                    |t| t.drain_on_read,
                    |c, v| c.drain_on_read = Some(v),
                    |c| c.drain_on_read.is_some(),
                    |c| c.drain_on_read = None,
                )}
                {switch(
                    "toggle-hold-lock",
                    hold_lock_label,
                    |t| t.hold_lock_during_model_call,
                    |c, v| c.hold_lock_during_model_call = Some(v),
                    |c| c.hold_lock_during_model_call.is_some(),
                    |c| c.hold_lock_during_model_call = None,
                )}
            </fieldset>
        </Show>
    }
}

/// The run summary: the modes in force at this step, and where the lesson offers the toggles,
/// what a flip does and what this run loses or serializes.
#[component]
pub fn RunSummary() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let shown = move || offers_toggles(&pg.lesson_id.get());
    let modes = move || {
        let lang = lang.get();
        pg.state
            .with(|state| state.as_ref().map(|s| modes(&s.state.toggles(), lang)))
    };
    let result = move || {
        let lang = lang.get();
        pg.run.with(|run| {
            run.as_ref()
                .map(|run| outcome(&run.timeline, lang))
                .unwrap_or_default()
        })
    };
    view! {
        <p class="modes" data-testid="modes" class:contrast=move || modes().is_some_and(|m| m.0)>
            {move || modes().map(|m| m.1).unwrap_or_default()}
        </p>
        <Show when=shown>
            <p class="toggle-hint">{move || hint(lang.get())}</p>
            <p class="toggle-outcome" data-testid="toggle-outcome" aria-live="polite">{result}</p>
        </Show>
    }
}
