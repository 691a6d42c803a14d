//! What starts a comparison from the stage's contrast switches: "compare with the other
//! setting" (`data-testid="compare-open"`), the run on screen with the lesson's contrast mode
//! fixed as it is in force at this step, against the same run with it fixed the other way.
//! The mode is the one the lesson switches between its acts (lesson 2's drain, lesson 3's
//! lock), drain on read where it switches none.

use leptos::prelude::*;

use crate::engine::{EventKind, Timeline, Toggles};
use crate::on_screen::versus::{Mode, Versus};
use crate::ui::state::compare::Comparison;
use crate::ui::state::context::Playground;

/// The mode the run switches first (drain on read when it switches none).
pub fn lesson_mode(timeline: &Timeline) -> Mode {
    let initial = timeline.initial_state().toggles();
    timeline
        .events()
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::TogglesChanged { toggles }
                if toggles.drain_on_read != initial.drain_on_read =>
            {
                Some(Mode::Drain)
            }
            EventKind::TogglesChanged { toggles }
                if toggles.hold_lock_during_model_call != initial.hold_lock_during_model_call =>
            {
                Some(Mode::HoldLock)
            }
            _ => None,
        })
        .unwrap_or(Mode::Drain)
}

fn in_force(toggles: Toggles, mode: Mode) -> bool {
    match mode {
        Mode::Drain => toggles.drain_on_read,
        Mode::HoldLock => toggles.hold_lock_during_model_call,
    }
}

/// Opens "compare with the other setting" (the button and the embed API's `compare`): the
/// lesson's contrast mode fixed as in force at this step on screen, the other way beside it.
pub fn open_other_setting(pg: Playground) -> Result<(), String> {
    let comparison = Comparison::get().ok_or("the page has no comparison")?;
    if !crate::view::contrast::offers_toggles(&pg.lesson_id.get_untracked()) {
        return Err(
            "this lesson has no contrast setting to compare; load a comparison link instead"
                .to_string(),
        );
    }
    let timeline = pg
        .timeline_untracked()
        .ok_or("the run on screen does not play")?;
    let mode = lesson_mode(&timeline);
    let now = pg
        .state
        .with_untracked(|s| s.as_ref().map(|s| s.state.toggles()))
        .unwrap_or_default();
    let options = pg.options.get_untracked();
    let (shown, versus) = Versus::other_setting(&options, mode, in_force(now, mode));
    crate::ui::panels::transport::pause(pg);
    pg.change_toggles(|choice| *choice = shown.learner_toggles);
    comparison.open(pg, versus);
    Ok(())
}

/// The button, beside the contrast switches.
#[component]
pub fn CompareOtherSetting() -> impl IntoView {
    let pg = Playground::get();
    let Some(cmp) = Comparison::get() else {
        return ().into_any();
    };
    let lang = pg.lang;
    let open = move |_| {
        if cmp.versus.with_untracked(Option::is_some) {
            cmp.close();
        } else {
            let _ = open_other_setting(pg);
        }
    };
    view! {
        <button type="button" class="compare-open" data-testid="compare-open"
            aria-pressed=move || cmp.is_open().to_string()
            on:click=open>
            {move || crate::view::contrast::compare_open_words(lang.get())}
        </button>
    }
    .into_any()
}
