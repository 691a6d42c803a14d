//! Browser tests of the run on screen as one signal (`Playground`'s `Screen` and the memos
//! that read its parts): a step moves the step and nothing keyed on the run (the run is not
//! played again, its key steps and story are not computed again), while a change of what
//! plays (the language) plays it again. The changes themselves are tested natively
//! (`scenario::screen`).

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::FREE_PLAY_ID;
use agent_team_playground::scenario::parse;
use agent_team_playground::ui::state::context::Playground;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

/// How many times each memo keyed on the run notified: the run, its key steps, its story, and
/// the options it plays with.
#[derive(Clone, Default)]
struct Notified {
    run: Rc<Cell<usize>>,
    key_steps: Rc<Cell<usize>>,
    story: Rc<Cell<usize>>,
    options: Rc<Cell<usize>>,
    state: Rc<Cell<usize>>,
}

impl Notified {
    fn keyed_on_the_run(&self) -> [usize; 4] {
        [
            self.run.get(),
            self.key_steps.get(),
            self.story.get(),
            self.options.get(),
        ]
    }
}

fn count(counter: &Rc<Cell<usize>>, track: impl Fn() + 'static) {
    let counter = counter.clone();
    Effect::new(move |_| {
        track();
        counter.set(counter.get() + 1);
    });
}

/// A page state for `lesson`, with an effect counting each memo's notifications.
fn provide(lesson: &str) -> (Playground, Notified, Box<dyn std::any::Any>) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("div").ok())
        .expect("a root");
    let slot: Rc<Cell<Option<Playground>>> = Rc::new(Cell::new(None));
    let out = slot.clone();
    let notified = Notified::default();
    let n = notified.clone();
    let lesson = lesson.to_string();
    let handle = leptos::mount::mount_to(root.unchecked_into(), move || {
        let pg = Playground::provide(Lang::En, lesson.clone());
        count(&n.run, move || pg.run.track());
        count(&n.key_steps, move || pg.key_steps.track());
        count(&n.story, move || pg.story.track());
        count(&n.options, move || pg.options.track());
        count(&n.state, move || pg.state.track());
        out.set(Some(pg));
        view! { <p></p> }
    });
    (slot.get().expect("provided"), notified, Box::new(handle))
}

/// Scrubs over the whole run, one tick per move, and says how many steps it moved.
async fn scrub(pg: Playground) -> usize {
    let last = pg.last_step_untracked();
    let mut moved = 0;
    for step in (0..=last).rev().step_by(7).chain([3, last]) {
        pg.go_to(step);
        leptos::task::tick().await;
        moved += 1;
    }
    pg.set_step(1);
    leptos::task::tick().await;
    moved + 1
}

#[wasm_bindgen_test]
async fn a_step_moves_only_the_step_and_nothing_keyed_on_the_run_is_computed_again() {
    let (pg, notified, _handle) = provide("l1-two-investigators");
    leptos::task::tick().await;
    let before = notified.keyed_on_the_run();
    assert_eq!(before, [1, 1, 1, 1], "each effect ran once");
    let timeline = pg.timeline_untracked().expect("lesson 1 plays");
    let states = notified.state.get();

    let moved = scrub(pg).await;
    assert_eq!(notified.keyed_on_the_run(), before, "after {moved} moves");
    assert!(
        notified.state.get() >= states + moved - 1,
        "the state followed the step"
    );
    let after = pg.timeline_untracked().expect("still plays");
    assert!(
        Arc::ptr_eq(&timeline, &after),
        "the run was not played again"
    );
    assert_eq!(pg.step.get_untracked(), 1);

    // A change of what plays does play again, and the step stays where it was.
    pg.set_lang(Lang::Zh);
    leptos::task::tick().await;
    assert_eq!(
        notified.keyed_on_the_run()[0],
        2,
        "the language replays the run"
    );
    assert_eq!(notified.keyed_on_the_run()[3], 2);
    assert_eq!(pg.step.get_untracked(), 1);
    let replayed = notified.keyed_on_the_run();
    scrub(pg).await;
    assert_eq!(notified.keyed_on_the_run(), replayed);
}

#[wasm_bindgen_test]
async fn a_step_in_free_plays_scenario_or_the_stress_log_plays_nothing_again() {
    let (pg, notified, _handle) = provide(FREE_PLAY_ID);
    let scenario = parse(
        r#"{"version": 1, "members": [
            {"name": "boss", "role": "lead", "kind": "lead"},
            {"name": "ann", "role": "reader", "kind": "teammate"}],
          "task": "Say hello.",
          "replies": [{"member": "boss", "order": 1, "text": "Hello."}]}"#,
    )
    .expect("valid");
    pg.set_scenario(Some(Arc::new(scenario)));
    leptos::task::tick().await;
    let before = notified.keyed_on_the_run();
    scrub(pg).await;
    assert_eq!(notified.keyed_on_the_run(), before, "free play's scenario");

    let (pg, notified, _handle) = provide("stress-3000");
    leptos::task::tick().await;
    let before = notified.keyed_on_the_run();
    assert_eq!(pg.last_step_untracked(), 3000);
    scrub(pg).await;
    assert_eq!(notified.keyed_on_the_run(), before, "the stress log");
}
