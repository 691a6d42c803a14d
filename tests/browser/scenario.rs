//! Browser tests of the scenario on screen (`Playground::scenario`): in free play the run is
//! the scenario's, `lesson_on_screen` is its lesson, setting it clamps the step, and None is
//! free play's built-in lesson again. The format and the policy are tested natively
//! (`tests/it/scenario.rs`); `src=` end to end (`tests/e2e/scenario.spec.ts`).

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::FREE_PLAY_ID;
use agent_team_playground::scenario::{parse, Scenario};
use agent_team_playground::ui::state::context::Playground;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

const SCENARIO: &str = r#"{"version": 1, "members": [
    {"name": "boss", "role": "lead", "kind": "lead"},
    {"name": "ann", "role": "reader", "kind": "teammate"}],
  "task": "Say hello.",
  "replies": [{"member": "boss", "order": 1, "text": "Hello."}]}"#;

fn member_names(pg: &Playground) -> Vec<String> {
    pg.timeline_untracked()
        .map(|t| {
            t.final_state()
                .members_in_order()
                .map(|m| m.name().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn free_play_plays_the_scenario_on_screen_and_none_brings_back_its_lesson() {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("div").ok())
        .expect("a root");
    let slot: Rc<Cell<Option<Playground>>> = Rc::new(Cell::new(None));
    let out = slot.clone();
    let _handle = leptos::mount::mount_to(root.unchecked_into(), move || {
        out.set(Some(Playground::provide(
            Lang::En,
            FREE_PLAY_ID.to_string(),
        )));
        view! { <p></p> }
    });
    let pg = slot.get().expect("provided");
    assert_eq!(member_names(&pg), ["lead", "reader", "reviewer"]);
    pg.go_to(40);
    assert_eq!(pg.step.get_untracked(), 40);

    let scenario: Scenario = parse(SCENARIO).expect("valid");
    pg.set_scenario(Some(Arc::new(scenario)));
    assert_eq!(member_names(&pg), ["boss", "ann"]);
    let last = pg.last_step_untracked();
    assert!(last < 40, "the scenario's run has {last} events");
    assert_eq!(
        pg.step.get_untracked(),
        last,
        "the step is clamped to the new run"
    );
    let lesson = pg.lesson_on_screen_untracked().expect("a lesson");
    assert_eq!(lesson.config.members[0].name, "boss");
    assert!(lesson.captions.is_empty());
    assert!(pg.key_steps.get_untracked().is_empty());

    pg.set_scenario(None);
    assert_eq!(member_names(&pg), ["lead", "reader", "reviewer"]);
    let lesson = pg.lesson_on_screen_untracked().expect("a lesson");
    assert_eq!(lesson.config.members[1].name, "reader");
}
