//! Browser test (headless Chromium): mounts the real playground shell, switches the language
//! and checks that the lesson titles and lane labels change with it.
#![cfg(target_arch = "wasm32")]

use agent_team_playground::lessons::catalog;
use agent_team_playground::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn text_of(root: &web_sys::Element, selector: &str) -> String {
    root.query_selector(selector)
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{selector} is rendered"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
async fn shell_language_toggle_switches_lesson_titles() {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let _mounted = leptos::mount::mount_to(root.clone().unchecked_into(), App);
    leptos::task::tick().await;

    let first = &catalog()[0];
    let options = root
        .query_selector_all("[data-testid=lesson-select] option")
        .unwrap();
    assert_eq!(options.length() as usize, catalog().len());

    let before = text_of(&root, "[data-testid=lesson-select] option");
    let before_is_en = before == first.title_en;
    assert!(
        before_is_en || before == first.title_zh,
        "unexpected title {before}"
    );

    let toggle: web_sys::HtmlElement = root
        .query_selector("[data-testid=lang-toggle]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    toggle.click();
    leptos::task::tick().await;
    let after = text_of(&root, "[data-testid=lesson-select] option");
    let expected = if before_is_en {
        first.title_zh
    } else {
        first.title_en
    };
    assert_eq!(after, expected);
    let queued = text_of(&root, "[data-testid=lane-queued] h3");
    let expected_label = if before_is_en { "已排队" } else { "Queued" };
    assert!(queued.starts_with(expected_label), "lane label {queued}");
    assert_eq!(
        document
            .document_element()
            .unwrap()
            .get_attribute("lang")
            .as_deref(),
        Some(if before_is_en { "zh" } else { "en" })
    );

    toggle.click();
    leptos::task::tick().await;
    assert_eq!(text_of(&root, "[data-testid=lesson-select] option"), before);
}
