//! Browser tests (headless Chromium) of the playground's own logic: the transport moves the
//! step, the lanes place each message by its position (M2, M3), the member cards follow the
//! status, breakpoints stop `run`, and a bad link shows the error banner.

use agent_team_playground::engine::{MemberStatus, Position};
use agent_team_playground::lessons::{play, PlayOptions};
use agent_team_playground::ui::App;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

use crate::common;
use common::below_fold_mounted;

struct Mounted {
    root: web_sys::Element,
    _handle: Box<dyn std::any::Any>,
}

fn set_hash(hash: &str) {
    let window = web_sys::window().unwrap();
    window
        .history()
        .unwrap()
        .replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash))
        .unwrap();
}

async fn mount(hash: &str) -> Mounted {
    common::checkpoints_off();
    set_hash(hash);
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    let handle = leptos::mount::mount_to(root.clone().unchecked_into(), App);
    leptos::task::tick().await;
    below_fold_mounted(&root).await;
    Mounted {
        root,
        _handle: Box::new(handle),
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        self.root.remove();
    }
}

fn query(root: &web_sys::Element, selector: &str) -> Option<web_sys::Element> {
    root.query_selector(selector).expect("valid selector")
}

fn text(root: &web_sys::Element, selector: &str) -> String {
    query(root, selector)
        .unwrap_or_else(|| panic!("{selector} is rendered"))
        .text_content()
        .unwrap_or_default()
}

async fn click(root: &web_sys::Element, selector: &str) {
    let el: web_sys::HtmlElement = query(root, selector)
        .unwrap_or_else(|| panic!("{selector} is rendered"))
        .unchecked_into();
    el.click();
    leptos::task::tick().await;
}

async fn scrub_to(root: &web_sys::Element, step: usize) {
    let input: web_sys::HtmlInputElement = query(root, "[data-testid=scrubber]")
        .expect("scrubber")
        .unchecked_into();
    input.set_value(&step.to_string());
    let event = web_sys::Event::new("input").unwrap();
    input.dispatch_event(&event).unwrap();
    leptos::task::tick().await;
}

async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// The lane element (test id) a chip for message `id` is rendered in.
fn lane_of(root: &web_sys::Element, id: &str) -> Option<String> {
    let chip = query(
        root,
        &format!("[data-testid=message-chip][data-message-id={id}]"),
    )?;
    let lane = chip.closest("[data-testid^=lane-]").ok()??;
    lane.get_attribute("data-testid")
}

#[wasm_bindgen_test]
async fn transport_steps_and_counter_follow() {
    // A link naming no level opens at the story level (issue 46): this one steps events.
    let app = mount("#lesson=l1-two-investigators&level=event").await;
    let last = play("l1-two-investigators", &PlayOptions::default())
        .unwrap()
        .len();
    assert!(text(&app.root, "[data-testid=step-counter]").ends_with(&format!(" 0 / {last}")));
    click(&app.root, "[data-testid=step-forward]").await;
    click(&app.root, "[data-testid=step-forward]").await;
    assert!(text(&app.root, "[data-testid=step-counter]").contains(&format!("2 / {last}")));
    click(&app.root, "[data-testid=step-back]").await;
    assert!(text(&app.root, "[data-testid=step-counter]").contains(&format!("1 / {last}")));
    click(&app.root, "[data-testid=step-last]").await;
    assert!(text(&app.root, "[data-testid=step-counter]").contains(&format!("{last} / {last}")));
    click(&app.root, "[data-testid=step-first]").await;
    assert!(text(&app.root, "[data-testid=step-counter]").contains(&format!("0 / {last}")));
    assert!(!text(&app.root, "[data-testid=caption]").is_empty());
}

#[wasm_bindgen_test]
async fn m2_m3_lanes_place_the_reviewers_message_by_its_position() {
    let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
    let final_state = timeline.final_state();
    let record = final_state
        .messages()
        .iter()
        .find(|m| m.from == "reviewer" && m.to == "reader")
        .expect("lesson 1 has reviewer's message to reader")
        .clone();
    let id = record.id.to_string();
    let first_step_where = |wanted: fn(&Position) -> bool| {
        (0..=timeline.len())
            .find(|&step| {
                timeline
                    .state_at(step)
                    .message_position(record.id)
                    .is_some_and(|p| wanted(&p))
            })
            .expect("the message reaches that position")
    };
    let queued = first_step_where(|p| *p == Position::Queued);
    let candidate = first_step_where(|p| *p == Position::InCandidate);
    let in_request = first_step_where(|p| matches!(p, Position::InRequest(_)));
    assert!(queued < candidate && candidate < in_request);

    let app = mount("#lesson=l1-two-investigators").await;
    scrub_to(&app.root, queued).await;
    assert_eq!(lane_of(&app.root, &id).as_deref(), Some("lane-queued"));
    // While it is queued, reader is busy with a request that cannot contain it.
    let reader = query(&app.root, "[data-testid=member-card][data-member=reader]").unwrap();
    assert_eq!(
        reader.get_attribute("data-status").as_deref(),
        Some("working")
    );
    // Its card says the inbox keeps it but it is not in reader's history yet.
    let card_text = reader.text_content().unwrap_or_default();
    assert!(card_text.contains("(1 not in history yet)"), "{card_text}");
    scrub_to(&app.root, candidate).await;
    assert_eq!(lane_of(&app.root, &id).as_deref(), Some("lane-candidate"));
    scrub_to(&app.root, in_request).await;
    assert_eq!(lane_of(&app.root, &id).as_deref(), Some("lane-request"));
    let reader = query(&app.root, "[data-testid=member-card][data-member=reader]").unwrap();
    let card_text = reader.text_content().unwrap_or_default();
    assert!(
        card_text.contains("(0 not in history yet)"),
        "still kept in the inbox, now in the history: {card_text}"
    );
    // Stepping back moves it back: the view is a function of the step.
    scrub_to(&app.root, queued).await;
    assert_eq!(lane_of(&app.root, &id).as_deref(), Some("lane-queued"));
}

#[wasm_bindgen_test]
async fn l1_member_cards_show_each_status_change_at_its_step() {
    let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
    let app = mount("#lesson=l1-two-investigators").await;
    for step in [0, timeline.len() / 3, timeline.len() / 2, timeline.len()] {
        scrub_to(&app.root, step).await;
        let state = timeline.state_at(step);
        for member in state.members_in_order() {
            let card = query(
                &app.root,
                &format!("[data-testid=member-card][data-member={}]", member.name()),
            )
            .expect("a card per member");
            assert_eq!(
                card.get_attribute("data-status").as_deref(),
                Some(member.status().as_str()),
                "{} at step {step}",
                member.name()
            );
        }
    }
    let end = timeline.final_state();
    assert!(end
        .members_in_order()
        .all(|m| m.status() == MemberStatus::Idle));
}

#[wasm_bindgen_test]
async fn breakpoint_stops_run_at_the_first_request() {
    let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
    let first_request = timeline
        .events()
        .iter()
        .find(|e| e.kind.category().as_str() == "request")
        .map(|e| e.seq + 1)
        .expect("lesson 1 sends requests");
    let app = mount("#lesson=l1-two-investigators").await;
    let speed: web_sys::HtmlSelectElement = query(&app.root, "[data-testid=speed]")
        .unwrap()
        .unchecked_into();
    speed.set_value("4");
    speed
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    click(
        &app.root,
        "[data-testid=breakpoint-toggle][data-kind=request]",
    )
    .await;
    click(&app.root, "[data-testid=run]").await;
    for _ in 0..80 {
        sleep_ms(100).await;
        let pause: web_sys::HtmlButtonElement = query(&app.root, "[data-testid=pause]")
            .unwrap()
            .unchecked_into();
        if pause.disabled() {
            break;
        }
    }
    assert!(
        text(&app.root, "[data-testid=step-counter]").contains(&format!("{first_request} / ")),
        "run stopped at {}",
        text(&app.root, "[data-testid=step-counter]")
    );
}

#[wasm_bindgen_test]
async fn a_bad_link_shows_the_error_banner_and_opens_the_default_lesson() {
    let app = mount("#lesson=no-such-lesson").await;
    let banner = text(&app.root, "[data-testid=error-banner]");
    assert!(banner.contains("no-such-lesson"), "{banner}");
    let select: web_sys::HtmlSelectElement = query(&app.root, "[data-testid=lesson-select]")
        .unwrap()
        .unchecked_into();
    assert_eq!(select.value(), "l1-two-investigators");
}

#[wasm_bindgen_test]
async fn a_fifty_member_team_renders_only_the_cards_and_chips_in_view() {
    let m = mount("#lesson=stress-3000&step=2000").await;
    let root = &m.root;
    let cards = root
        .query_selector_all("[data-testid=member-card]")
        .unwrap()
        .length();
    assert!(cards > 0 && cards < 20, "{cards} of 50 cards rendered");
    assert!(query(root, "[data-testid=member-card][data-member=lead]").is_some());
    assert!(query(root, "[data-testid=member-card][data-member=t49]").is_none());
    // Scrolling the row to its end renders the last cards.
    let grid = query(root, ".member-grid.strip").expect("a large team is one scrolling row");
    grid.set_scroll_left(grid.scroll_width());
    grid.dispatch_event(&web_sys::Event::new("scroll").unwrap())
        .unwrap();
    leptos::task::tick().await;
    assert!(
        query(root, "[data-testid=member-card][data-member=t49]").is_some(),
        "t49 after scrolling"
    );
    assert!(
        query(root, "[data-testid=member-card][data-member=lead]").is_none(),
        "lead scrolled out"
    );

    // A lane holding more chips than fit renders a bounded number of them.
    let lanes = root.query_selector_all(".chips.virtual").unwrap();
    assert!(lanes.length() > 0, "some lane has more chips than fit");
    for i in 0..lanes.length() {
        let lane: web_sys::Element = lanes.item(i).unwrap().unchecked_into();
        let lane_box = lane.closest("[data-testid^=lane-]").unwrap().unwrap();
        let total: usize = lane_box
            .query_selector(".lane-count")
            .unwrap()
            .and_then(|c| c.text_content())
            .unwrap_or_default()
            .trim_matches(|c: char| !c.is_ascii_digit())
            .parse()
            .expect("the lane count is a number");
        // Front and kept chips alike (a message shows in every lane that holds it).
        let shown = lane.query_selector_all(".message-chip").unwrap().length() as usize;
        assert!(
            shown > 0 && shown < total,
            "{shown} of {total} chips rendered"
        );
        // Scrolled to its end, the lane renders its last chip.
        let ids_before = lane.text_content().unwrap_or_default();
        lane.set_scroll_top(lane.scroll_height());
        lane.dispatch_event(&web_sys::Event::new("scroll").unwrap())
            .unwrap();
        leptos::task::tick().await;
        assert_ne!(
            lane.text_content().unwrap_or_default(),
            ids_before,
            "other chips after scrolling"
        );
    }
}
