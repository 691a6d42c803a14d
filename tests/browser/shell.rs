//! Browser test (headless Chromium): mounts the real playground shell, switches the language
//! and checks that the lesson titles and lane labels change with it, and that the toggle names
//! the other language in that language's own words.

use agent_team_playground::lessons::catalog;
use agent_team_playground::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

fn text_of(root: &web_sys::Element, selector: &str) -> String {
    root.query_selector(selector)
        .expect("valid selector")
        .unwrap_or_else(|| panic!("{selector} is rendered"))
        .text_content()
        .unwrap_or_default()
}

/// The toggle offers the other language, as text in that language: "English" on the Chinese
/// page, 中文 on the English page, named by `aria-label` and marked with `lang`.
fn assert_toggle_names(toggle: &web_sys::HtmlElement, page_is_zh: bool) {
    let (label, code) = if page_is_zh {
        ("English", "en")
    } else {
        ("中文", "zh")
    };
    assert_eq!(toggle.get_attribute("aria-label").as_deref(), Some(label));
    assert_eq!(toggle.get_attribute("lang").as_deref(), Some(code));
    assert!(
        toggle.query_selector("svg").unwrap().is_none(),
        "the toggle's words are text, not strokes"
    );
    let text = toggle.text_content().unwrap_or_default();
    assert_eq!(text.trim(), label, "the toggle says the other language");
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
    let before_is_en = before == first.title.en;
    assert!(
        before_is_en || before == first.title.zh,
        "unexpected title {before}"
    );

    let toggle: web_sys::HtmlElement = root
        .query_selector("[data-testid=lang-toggle]")
        .unwrap()
        .unwrap()
        .unchecked_into();
    assert_toggle_names(&toggle, !before_is_en);
    toggle.click();
    leptos::task::tick().await;
    assert_toggle_names(&toggle, before_is_en);
    let after = text_of(&root, "[data-testid=lesson-select] option");
    let expected = if before_is_en {
        first.title.zh
    } else {
        first.title.en
    };
    assert_eq!(after, expected);
    let queued = text_of(&root, "[data-testid=lane-queued] h3");
    let expected_label = if before_is_en { "收件箱" } else { "Inbox" };
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
