//! Browser tests of the run on screen as one signal (`Playground`'s `Screen` and the memos
//! that read its parts): a step moves the step and the state at it, and the run is not played
//! again (a play makes a new timeline, so the run's identity tells), in a lesson, free play's
//! scenario and the stress log; a change of what plays (the language) plays it again and keeps
//! the step. The changes themselves are tested natively (`scenario::screen`).

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use agent_team_playground::engine::{Lang, Timeline};
use agent_team_playground::lessons::FREE_PLAY_ID;
use agent_team_playground::scenario::parse;
use agent_team_playground::ui::state::context::Playground;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// A page state for `lesson`; the handle keeps it alive.
fn provide(lesson: &str) -> (Playground, Box<dyn std::any::Any>) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("div").ok())
        .expect("a root");
    let slot: Rc<Cell<Option<Playground>>> = Rc::new(Cell::new(None));
    let out = slot.clone();
    let lesson = lesson.to_string();
    let handle = leptos::mount::mount_to(root.unchecked_into(), move || {
        out.set(Some(Playground::provide(Lang::En, lesson.clone())));
        view! { <p></p> }
    });
    (slot.get().expect("provided"), Box::new(handle))
}

/// Lets the page's effects run.
async fn settle() {
    for _ in 0..3 {
        leptos::task::tick().await;
    }
}

fn run_of(pg: Playground) -> Arc<Timeline> {
    pg.timeline_untracked().expect("the run plays")
}

/// Scrubs over the whole run, one tick per move, checking that the state follows each move
/// and that the run stays the one played before the scrub.
async fn scrub(pg: Playground) {
    let played = run_of(pg);
    let last = pg.last_step_untracked();
    let moves = (0..=last).rev().step_by(7).chain([3, last]);
    for step in moves {
        pg.go_to(step);
        leptos::task::tick().await;
        let at = pg.state.with_untracked(|s| s.as_ref().map(|s| s.step));
        assert_eq!(at, Some(step), "the state follows the step");
        assert!(
            Arc::ptr_eq(&played, &run_of(pg)),
            "step {step} played the run again"
        );
    }
    pg.set_step(1);
    leptos::task::tick().await;
    assert_eq!(pg.step.get_untracked(), 1);
    assert!(
        Arc::ptr_eq(&played, &run_of(pg)),
        "the playhead's move played the run again"
    );
}

#[wasm_bindgen_test]
async fn a_step_moves_the_state_and_plays_nothing_again_and_the_language_plays_again() {
    let (pg, _handle) = provide("l1-two-investigators");
    settle().await;
    let played = run_of(pg);
    let key_steps = pg.key_steps.get_untracked();
    assert!(!key_steps.is_empty());
    scrub(pg).await;
    assert_eq!(pg.key_steps.get_untracked(), key_steps);

    // A change of what plays does play again, and the step stays where it was.
    pg.set_lang(Lang::Zh);
    settle().await;
    assert!(
        !Arc::ptr_eq(&played, &run_of(pg)),
        "the language replays the run"
    );
    assert_eq!(pg.step.get_untracked(), 1);
    scrub(pg).await;
}

#[wasm_bindgen_test]
async fn a_step_in_free_plays_scenario_or_the_stress_log_plays_nothing_again() {
    let (pg, _free_play) = provide(FREE_PLAY_ID);
    let scenario = parse(
        r#"{"version": 1, "members": [
            {"name": "boss", "role": "lead", "kind": "lead"},
            {"name": "ann", "role": "reader", "kind": "teammate"}],
          "task": "Say hello.",
          "replies": [{"member": "boss", "order": 1, "text": "Hello."}]}"#,
    )
    .expect("valid");
    pg.set_scenario(Some(Arc::new(scenario)));
    settle().await;
    assert!(pg.scenario.with_untracked(Option::is_some));
    scrub(pg).await;

    let (pg, _stress) = provide("stress-3000");
    settle().await;
    assert_eq!(pg.last_step_untracked(), 3000);
    scrub(pg).await;
}
