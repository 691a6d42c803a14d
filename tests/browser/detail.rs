//! Browser tests (headless Chromium) for the member detail, the protocol tracker and the fork
//! panel: they mount the real playground, drive it through its controls (scrubber, member
//! cards, fork form) and assert on the DOM, using data attributes so they hold in either
//! language.

use agent_team_playground::lessons::{play, PlayOptions};
use agent_team_playground::ui::App;
use leptos::prelude::IntoAny;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement};

use crate::common;
use common::below_fold_mounted;

const XSS: &str = "<img src=x onerror=window.__xss=1><script>window.__xss=2</script>";

struct Page {
    root: Element,
    _mounted: leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>,
}

impl Drop for Page {
    fn drop(&mut self) {
        self.root.remove();
    }
}

async fn mount() -> Page {
    crate::common::checkpoints_off();
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let mounted = leptos::mount::mount_to(root.clone().unchecked_into(), || App().into_any());
    leptos::task::tick().await;
    below_fold_mounted(&root).await;
    Page {
        root,
        _mounted: mounted,
    }
}

impl Page {
    fn find(&self, selector: &str) -> Option<Element> {
        self.root.query_selector(selector).expect("valid selector")
    }

    fn get(&self, selector: &str) -> Element {
        self.find(selector)
            .unwrap_or_else(|| panic!("{selector} is rendered"))
    }

    fn count(&self, selector: &str) -> u32 {
        self.root
            .query_selector_all(selector)
            .expect("valid selector")
            .length()
    }

    fn text(&self, selector: &str) -> String {
        self.get(selector).text_content().unwrap_or_default()
    }

    fn attr(&self, selector: &str, name: &str) -> Option<String> {
        self.get(selector).get_attribute(name)
    }

    async fn click(&self, selector: &str) {
        self.get(selector).unchecked_into::<HtmlElement>().click();
        leptos::task::tick().await;
    }

    /// Sets a form control's value and fires `event` (input or change), as typing would.
    async fn set_value(&self, selector: &str, value: &str, event: &str) {
        let element = self.get(selector);
        js_sys::Reflect::set(
            &element,
            &JsValue::from_str("value"),
            &JsValue::from_str(value),
        )
        .unwrap();
        let document = web_sys::window().unwrap().document().unwrap();
        let ev = document.create_event("Event").unwrap();
        ev.init_event_with_bubbles_and_cancelable(event, true, true);
        element.dispatch_event(&ev).unwrap();
        leptos::task::tick().await;
    }

    fn value(&self, selector: &str) -> String {
        js_sys::Reflect::get(&self.get(selector), &JsValue::from_str("value"))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    }

    async fn go_to(&self, step: usize) {
        self.set_value("[data-testid=scrubber]", &step.to_string(), "input")
            .await;
        leptos::task::tick().await;
        assert!(
            self.step_counter().contains(&format!("{step} / ")),
            "at step {step}: {}",
            self.step_counter()
        );
    }

    fn step_counter(&self) -> String {
        self.text("[data-testid=step-counter]")
    }

    async fn open_lesson(&self, id: &str) {
        self.set_value("[data-testid=lesson-select]", id, "change")
            .await;
    }

    async fn select_member(&self, name: &str) {
        self.click(&format!("[data-testid=member-card][data-member={name}]"))
            .await;
    }

    fn last_step(&self) -> String {
        self.get("[data-testid=scrubber]")
            .unchecked_into::<web_sys::HtmlInputElement>()
            .max()
    }
}

#[wasm_bindgen_test]
async fn detail_shows_a_hint_until_a_member_is_selected() {
    let page = mount().await;
    page.open_lesson("l1-two-investigators").await;
    assert!(page
        .find("[data-testid=member-detail] .detail-hint")
        .is_some());
    assert!(page.find("[data-testid=request-view]").is_none());
    page.go_to(33).await;
    page.select_member("reader").await;
    assert!(page
        .find("[data-testid=member-detail] .detail-hint")
        .is_none());
    assert!(page.find("[data-testid=request-view]").is_some());
}

/// Lesson 1, step 33: reader has just sent r5, built from 3 history entries; its previous
/// request r3 had 1, so exactly the last 2 messages are marked new (view and raw JSON).
#[wasm_bindgen_test]
async fn request_view_marks_what_is_new_since_the_previous_request() {
    let page = mount().await;
    page.open_lesson("l1-two-investigators").await;
    page.go_to(33).await;
    page.select_member("reader").await;

    let view = "[data-testid=request-view]";
    assert_eq!(page.attr(view, "data-request-id").as_deref(), Some("r5"));
    assert_eq!(page.attr(view, "data-status").as_deref(), Some("in_flight"));
    assert_eq!(page.attr(view, "data-new-from").as_deref(), Some("1"));
    assert_eq!(
        page.count("[data-testid=request-view] .request-messages li.entry"),
        3
    );
    assert_eq!(
        page.count("[data-testid=request-view] .request-messages li.entry-new"),
        2
    );
    // The mark is text, not colour only.
    assert_eq!(
        page.count("[data-testid=request-view] .request-messages li.entry-new .new-label"),
        2
    );
    assert_eq!(
        page.attr(
            "[data-testid=request-view] .request-messages li.entry",
            "data-new"
        )
        .as_deref(),
        Some("false")
    );
    // Raw JSON: the same two messages are marked; the JSON holds the tool names and system.
    assert_eq!(page.count("[data-testid=request-json] .json-new"), 2);
    let json = page.text("[data-testid=request-json]");
    assert!(
        json.contains("\"read_file\""),
        "tool names in the raw JSON: {json}"
    );
    assert!(json.contains("\"system\""), "system prompt in the raw JSON");
    assert!(
        json.contains("print(6 * 7)"),
        "the read_file result is in r5: {json}"
    );
    // Provider-neutral view: tool names listed.
    assert!(page
        .text("[data-testid=request-view] .request-tools")
        .contains("read_file"));

    // The earlier request r3: first request, everything new; it has replied by now.
    page.click("[data-testid=member-detail] .request-pick[data-request-id=r3]")
        .await;
    assert_eq!(page.attr(view, "data-request-id").as_deref(), Some("r3"));
    assert_eq!(page.attr(view, "data-status").as_deref(), Some("replied"));
    assert_eq!(page.attr(view, "data-new-from").as_deref(), Some("0"));
    assert_eq!(
        page.count("[data-testid=request-view] .request-messages li.entry-new"),
        1
    );
    assert!(page
        .text("[data-testid=request-reply]")
        .contains("read_file"));
}

/// M2/M3 from the detail: at step 48 reviewer's message m4 to reader is queued while reader's
/// request r7 is in flight; r7 does not carry it. At step 58 it is in reader's candidate (marked
/// new), at 59 committed, at 60 inside the new request r9, marked new since r7.
#[wasm_bindgen_test]
async fn queued_message_moves_from_candidate_to_history_to_request() {
    let page = mount().await;
    page.open_lesson("l1-two-investigators").await;
    page.select_member("reader").await;

    page.go_to(49).await;
    assert_eq!(
        page.attr("[data-testid=request-view]", "data-request-id")
            .as_deref(),
        Some("r7")
    );
    assert!(page
        .find("[data-testid=request-view] [data-message-id=m4]")
        .is_none());
    assert!(page
        .find("[data-testid=detail-history] [data-message-id=m4]")
        .is_none());
    assert_eq!(
        page.attr("[data-testid=detail-candidate]", "data-present")
            .as_deref(),
        Some("false")
    );

    page.go_to(59).await;
    assert_eq!(
        page.attr("[data-testid=detail-candidate]", "data-present")
            .as_deref(),
        Some("true")
    );
    assert_eq!(page.count("[data-testid=detail-candidate] li.entry-new"), 1);
    assert!(page
        .find("[data-testid=detail-candidate] li.entry-new [data-message-id=m4]")
        .is_some());
    assert!(page
        .find("[data-testid=detail-candidate] li.entry-new .new-label")
        .is_some());
    assert!(page
        .find("[data-testid=detail-history] [data-message-id=m4]")
        .is_none());

    page.go_to(60).await;
    assert_eq!(
        page.attr("[data-testid=detail-candidate]", "data-present")
            .as_deref(),
        Some("false")
    );
    assert!(page
        .find("[data-testid=detail-history] [data-message-id=m4]")
        .is_some());
    assert!(page
        .find("[data-testid=request-view] [data-message-id=m4]")
        .is_none());

    page.go_to(61).await;
    assert_eq!(
        page.attr("[data-testid=request-view]", "data-request-id")
            .as_deref(),
        Some("r9")
    );
    assert!(page
        .find("[data-testid=request-view] .request-messages li.entry-new [data-message-id=m4]")
        .is_some());
    assert_eq!(
        page.attr("[data-testid=request-view]", "data-new-from")
            .as_deref(),
        Some("5")
    );
}

#[wasm_bindgen_test]
async fn protocol_tracker_shows_empty_state_then_requests_with_text_status() {
    let page = mount().await;
    page.open_lesson("l1-two-investigators").await;
    page.click("[data-testid=step-last]").await;
    assert!(page
        .find("[data-testid=protocol-tracker] [data-testid=protocol-empty]")
        .is_some());
    assert_eq!(page.count("[data-testid=protocol-row]"), 0);

    page.open_lesson("l5-shutdown-handshake").await;
    page.click("[data-testid=step-last]").await;
    let rows = page.count("[data-testid=protocol-row]");
    assert!(rows >= 2, "lesson 5 opens shutdown requests, got {rows}");
    assert!(page.find("[data-testid=protocol-empty]").is_none());
    assert!(page
        .find("[data-testid=protocol-row][data-kind=shutdown][data-status=rejected]")
        .is_some());
    assert!(page
        .find("[data-testid=protocol-row][data-kind=shutdown][data-status=approved]")
        .is_some());
    let rejected = page.text("[data-testid=protocol-row][data-status=rejected]");
    assert!(
        rejected.contains("rejected") || rejected.contains("已拒绝"),
        "status is text: {rejected}"
    );

    page.open_lesson("l6-plan-approval").await;
    page.click("[data-testid=step-last]").await;
    assert!(page
        .find("[data-testid=protocol-row][data-kind=plan][data-status=rejected]")
        .is_some());
    assert!(page
        .find("[data-testid=protocol-row][data-kind=plan][data-status=approved]")
        .is_some());
}

#[wasm_bindgen_test]
async fn fork_rejects_bad_input_and_keeps_what_was_typed() {
    let page = mount().await;
    page.open_lesson("l1-two-investigators").await;
    page.go_to(21).await;
    page.select_member("reader").await;
    assert_eq!(page.count("[data-testid=fork-branch]"), 1);

    // Empty body.
    page.set_value("[data-testid=fork-kind]", "lead", "change")
        .await;
    page.set_value("[data-testid=fork-member]", "reviewer", "change")
        .await;
    page.click("[data-testid=fork-apply]").await;
    assert!(page.find("[data-testid=fork-error]").is_some());
    assert_eq!(page.count("[data-testid=fork-branch]"), 1);

    // Over the engine's 600-character limit: refused, the text stays.
    let long = "x".repeat(601);
    page.set_value("[data-testid=fork-text]", &long, "input")
        .await;
    page.click("[data-testid=fork-apply]").await;
    assert!(page.text("[data-testid=fork-error]").contains("601"));
    assert_eq!(page.value("[data-testid=fork-text]"), long);
    assert_eq!(page.count("[data-testid=fork-branch]"), 1);

    // A reply for a request already sent before this step cannot be changed. The field counts
    // a member's requests from 1, as the editor and the exports do.
    page.go_to(26).await;
    page.set_value("[data-testid=fork-kind]", "reply", "change")
        .await;
    page.set_value("[data-testid=fork-member]", "reader", "change")
        .await;
    assert_eq!(
        page.value("[data-testid=fork-request-index]"),
        "2",
        "default: the next request"
    );
    page.set_value("[data-testid=fork-request-index]", "1", "input")
        .await;
    page.set_value("[data-testid=fork-text]", "fine", "input")
        .await;
    page.click("[data-testid=fork-apply]").await;
    assert!(page.find("[data-testid=fork-error]").is_some());
    assert_eq!(page.count("[data-testid=fork-branch]"), 1);
    assert_eq!(page.value("[data-testid=fork-text]"), "fine");
    assert_eq!(page.value("[data-testid=fork-request-index]"), "1");

    // A reply for a request that is never sent in this run would change nothing: refused, and
    // at the last step the learner is told the member sends no more requests.
    let sent = play("l1-two-investigators", &PlayOptions::default())
        .unwrap()
        .final_state()
        .member("reader")
        .map(|m| m.requests().len())
        .unwrap();
    page.set_value(
        "[data-testid=fork-request-index]",
        &(sent + 1).to_string(),
        "input",
    )
    .await;
    page.click("[data-testid=fork-apply]").await;
    let refusal = page.text("[data-testid=fork-error]");
    assert!(refusal.contains("never sent"), "{refusal}");
    assert_eq!(page.count("[data-testid=fork-branch]"), 1);
    let last: usize = page
        .last_step()
        .parse()
        .expect("the scrubber's max is a number");
    page.go_to(last).await;
    page.set_value("[data-testid=fork-member]", "reader", "change")
        .await;
    page.click("[data-testid=fork-apply]").await;
    let refusal = page.text("[data-testid=fork-error]");
    assert!(refusal.contains("sends no more requests"), "{refusal}");
    assert_eq!(page.count("[data-testid=fork-branch]"), 1);
}

/// A forked reply containing HTML and a script renders as text and runs nothing; the original
/// branch stays available and switching back restores it.
#[wasm_bindgen_test]
async fn fork_reply_with_html_renders_as_text_and_runs_nothing() {
    let page = mount().await;
    page.open_lesson("l1-two-investigators").await;
    let original_last = page.last_step();
    page.go_to(21).await;
    page.select_member("reader").await;

    page.set_value("[data-testid=fork-kind]", "reply", "change")
        .await;
    assert_eq!(
        page.value("[data-testid=fork-member]"),
        "reader",
        "default: the selected member"
    );
    assert_eq!(
        page.value("[data-testid=fork-request-index]"),
        "1",
        "default: the next request"
    );
    page.set_value("[data-testid=fork-text]", XSS, "input")
        .await;
    page.click("[data-testid=fork-apply]").await;
    assert!(page.find("[data-testid=fork-error]").is_none());
    assert_eq!(page.count("[data-testid=fork-branch]"), 2);
    assert_eq!(
        page.value("[data-testid=scrubber]"),
        "21",
        "the step stays where it was"
    );
    assert!(
        page.find("[data-testid=error-banner]").is_none(),
        "no error banner: {:?}",
        page.find("[data-testid=error-banner]")
            .and_then(|b| b.text_content())
    );

    page.click("[data-testid=step-last]").await;
    page.click("[data-testid=member-detail] .request-pick")
        .await;
    let reply = page.text("[data-testid=request-reply] .reply-text");
    assert_eq!(reply, XSS);
    let history = page.text("[data-testid=detail-history]");
    assert!(
        history.contains(XSS),
        "the reply is committed as text: {history}"
    );
    assert!(page.find("img").is_none(), "no img element was created");
    assert!(
        page.find("script").is_none(),
        "no script element was created"
    );
    let window = web_sys::window().unwrap();
    assert!(js_sys::Reflect::get(&window, &JsValue::from_str("__xss"))
        .unwrap()
        .is_undefined());
    // The branch list shows the forked reply as text too.
    assert!(page
        .text("[data-testid=fork-branches]")
        .contains("<img src=x"));

    // Back to the original branch.
    page.click("[data-testid=fork-branch][data-current=false] button")
        .await;
    assert_eq!(page.count("[data-testid=fork-branch]"), 2);
    assert_eq!(page.last_step(), original_last);
    page.click("[data-testid=step-last]").await;
    page.click("[data-testid=member-detail] .request-pick")
        .await;
    assert!(page
        .text("[data-testid=request-reply]")
        .contains("read_file"));
    assert!(!page.text("[data-testid=member-detail]").contains("<img"));
}

#[wasm_bindgen_test]
async fn fork_lead_message_and_fault_start_new_branches() {
    let page = mount().await;
    page.open_lesson("l1-two-investigators").await;
    let original_last = page.last_step();

    // The lead sends reviewer a message at step 16 (the lead's first round is over).
    page.go_to(16).await;
    page.set_value("[data-testid=fork-kind]", "lead", "change")
        .await;
    page.set_value("[data-testid=fork-member]", "reviewer", "change")
        .await;
    page.set_value(
        "[data-testid=fork-text]",
        "Also check the <b>README</b>.",
        "input",
    )
    .await;
    page.click("[data-testid=fork-apply]").await;
    assert!(page.find("[data-testid=fork-error]").is_none());
    assert_eq!(page.count("[data-testid=fork-branch]"), 2);
    assert_ne!(page.last_step(), original_last);
    page.click("[data-testid=step-last]").await;
    page.select_member("reviewer").await;
    assert!(page
        .text("[data-testid=detail-history]")
        .contains("Also check the <b>README</b>."));
    assert!(page.find("b").is_none());

    // A fault for reader before its second delivery: its next candidate is discarded.
    page.go_to(55).await;
    page.set_value("[data-testid=fork-kind]", "fault", "change")
        .await;
    page.set_value("[data-testid=fork-member]", "reader", "change")
        .await;
    assert!(
        page.find("[data-testid=fork-text]").is_none(),
        "a fault needs no text"
    );
    page.click("[data-testid=fork-apply]").await;
    assert!(page.find("[data-testid=fork-error]").is_none());
    assert_eq!(page.count("[data-testid=fork-branch]"), 3);
    assert_eq!(
        page.count("[data-testid=fork-branch][data-current=true]"),
        1
    );
    assert!(
        page.find("[data-testid=error-banner]").is_none(),
        "no error banner: {:?}",
        page.find("[data-testid=error-banner]")
            .and_then(|b| b.text_content())
    );
}
