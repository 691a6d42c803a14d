//! Browser tests (headless Chromium) of the sequence diagram on the page: the mounted diagram
//! draws titled marks, open in-flight bars and selects a member, follows the current event
//! while scrubbing, draws only what is in view of a 50-member log, keeps hostile text as text,
//! and times a full render of a 100,000-event log's window. The layout itself is tested
//! natively (`view::sequence`).

use std::cell::Cell;
use std::rc::Rc;

use agent_team_playground::engine::{EventKind, Lang, Timeline};
use agent_team_playground::ui::browser::svg::{self, Pen};
use agent_team_playground::ui::panels::sequence::SequenceDiagram;
use agent_team_playground::ui::state::context::Playground;
use agent_team_playground::view::sequence::draw::{draw_all, draw_marks};
use agent_team_playground::view::sequence::{
    layout, BarMark, BarStatus, SeqLayout, LANE_W, MARGIN_X,
};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

fn layout_at(timeline: &Timeline, step: usize, lang: Lang) -> SeqLayout {
    layout(timeline.events(), step, &timeline.state_at(step), lang)
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

fn mount_playground(
    root: &web_sys::Element,
) -> (leptos::mount::UnmountHandle<impl Mountable>, Playground) {
    mount_lesson(root, "l1-two-investigators")
}

fn mount_lesson(
    root: &web_sys::Element,
    lesson: &'static str,
) -> (leptos::mount::UnmountHandle<impl Mountable>, Playground) {
    let slot: Rc<Cell<Option<Playground>>> = Rc::new(Cell::new(None));
    let out = slot.clone();
    let handle = leptos::mount::mount_to(root.clone().unchecked_into(), move || {
        let pg = Playground::provide(Lang::En, lesson.to_string());
        out.set(Some(pg));
        view! { <SequenceDiagram /> }
    });
    let pg = slot.get().expect("the playground was provided");
    (handle, pg)
}

/// An `<svg>` in the page, for markup written as SVG (parsed in the SVG namespace).
fn new_svg_root() -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document
        .create_element_ns(Some("http://www.w3.org/2000/svg"), "svg")
        .unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}

fn new_root() -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}

#[wasm_bindgen_test]
async fn diagram_draws_titled_marks_and_selects_a_member() {
    let root = new_root();
    let (_handle, pg) = mount_playground(&root);
    leptos::task::tick().await;
    let svg = root
        .query_selector("svg[data-testid=sequence-diagram]")
        .unwrap()
        .expect("the diagram is an inline SVG");
    assert_eq!(svg.get_attribute("data-step").as_deref(), Some("0"));
    assert_eq!(
        root.query_selector_all(".seq-head").unwrap().length(),
        3,
        "one lifeline per member"
    );

    let timeline = untrack(|| pg.timeline()).expect("lesson 1 plays");
    let step = timeline
        .events()
        .iter()
        .find(|e| {
            matches!(&e.kind, EventKind::ModelRequested { request } if request.member == "reviewer")
        })
        .map(|e| e.seq + 1)
        .unwrap();
    untrack(|| pg.go_to(step));
    leptos::task::tick().await;
    let svg = root
        .query_selector("svg[data-testid=sequence-diagram]")
        .unwrap()
        .unwrap();
    assert_eq!(svg.get_attribute("data-step"), Some(step.to_string()));
    let open = root
        .query_selector_all(".seq-bar[data-status=in_flight]")
        .unwrap();
    assert_eq!(open.length(), 2);
    assert!(svg.text_content().unwrap_or_default().contains("in flight"));
    assert!(root.query_selector(".seq-bar.current").unwrap().is_some());
    assert!(root.query_selector(".seq-cursor").unwrap().is_some());
    let arrows = root.query_selector_all(".seq-arrow[data-message]").unwrap();
    assert_eq!(arrows.length(), 2, "m1 and m2 are drawn");

    // Every mark carries a <title> (its tooltip and accessible name).
    let marks = svg
        .query_selector_all("g.seq-bar, g.seq-arrow, g.seq-band, g.seq-refusal, g.seq-head, g.seq-tick, g.seq-cursor")
        .unwrap();
    assert!(marks.length() > 5);
    for i in 0..marks.length() {
        let mark: web_sys::Element = marks.item(i).unwrap().unchecked_into();
        let title = mark
            .query_selector(":scope > title")
            .unwrap()
            .and_then(|t| t.text_content())
            .unwrap_or_default();
        assert!(!title.is_empty(), "{} has a title", mark.outer_html());
    }

    // Chinese titles after switching language.
    pg.set_lang(Lang::Zh);
    leptos::task::tick().await;
    let text = root.text_content().unwrap_or_default();
    assert!(text.contains("进行中") && text.contains("时序图"), "{text}");

    // Clicking a lifeline header selects the member.
    let head: web_sys::Element = root
        .query_selector(".seq-head[data-member=reviewer]")
        .unwrap()
        .unwrap();
    // An SVG element has no click(); dispatch a bubbling click as a pointer would.
    js_sys::Function::new_with_args(
        "el",
        "el.dispatchEvent(new MouseEvent('click', {bubbles: true}))",
    )
    .call1(&wasm_bindgen::JsValue::NULL, &head)
    .unwrap();
    leptos::task::tick().await;
    assert_eq!(pg.selected.get_untracked().as_deref(), Some("reviewer"));
    assert_eq!(head.get_attribute("aria-pressed").as_deref(), Some("true"));
    root.remove();
}

#[wasm_bindgen_test]
async fn stress_render_of_the_window_is_timed() {
    let timeline = agent_team_playground::lessons::stress::generate(100_000);
    let started = now_ms();
    let d = layout(
        timeline.events(),
        timeline.len(),
        timeline.final_state(),
        Lang::En,
    );
    console_log!(
        "stress layout: {} marks ({} lanes), {:.2} ms, {} events hidden",
        d.marks.count(),
        d.marks.lanes.len(),
        now_ms() - started,
        d.hidden_before
    );
    // Twice: the first render also pays for warming up; the second is what a step costs.
    for round in ["first", "second"] {
        let render_root = new_svg_root();
        let started = now_ms();
        svg::paint(&render_root, draw_all(&d, Lang::En));
        let elapsed = now_ms() - started;
        let nodes = render_root.query_selector_all("*").unwrap().length();
        console_log!(
            "stress render of the whole window ({round}): {nodes} SVG elements in {elapsed:.2} ms"
        );
        assert!(nodes > 50 && nodes < 5_000);
        // The marks are SVG elements, every mark carries its title, and text stays text.
        let bar = render_root.query_selector("g.seq-bar").unwrap().unwrap();
        assert_eq!(
            bar.namespace_uri().as_deref(),
            Some("http://www.w3.org/2000/svg")
        );
        assert!(bar.query_selector("title").unwrap().is_some());
        assert_eq!(
            render_root
                .query_selector_all("g.seq-bar")
                .unwrap()
                .length() as usize,
            d.marks.bars.len()
        );
        render_root.remove();
    }
    // What a step redraws when everything is in view: the marks (lifelines and headers stay).
    let render_root = new_svg_root();
    let started = now_ms();
    let pen = Pen::new();
    draw_marks(&pen, &pen.root(), &d, &d.marks, Lang::En);
    svg::paint(&render_root, pen);
    let elapsed = now_ms() - started;
    let nodes = render_root.query_selector_all("*").unwrap().length();
    console_log!("stress step redraw (marks only): {nodes} SVG elements in {elapsed:.2} ms");
    render_root.remove();
}

#[wasm_bindgen_test]
async fn scrubbing_lesson_one_redraws_each_step() {
    let root = new_root();
    let (_handle, pg) = mount_playground(&root);
    leptos::task::tick().await;
    let last = untrack(|| pg.last_step());
    let started = now_ms();
    for step in 0..=last {
        untrack(|| pg.go_to(step));
        leptos::task::tick().await;
    }
    let elapsed = now_ms() - started;
    console_log!(
        "lesson 1 scrub: {} steps in {elapsed:.1} ms ({:.2} ms per step, ticks included)",
        last + 1,
        elapsed / (last + 1) as f64
    );
    let svg = root
        .query_selector("svg[data-testid=sequence-diagram]")
        .unwrap()
        .unwrap();
    assert_eq!(svg.get_attribute("data-step"), Some(last.to_string()));
    // Lesson 1 ends with 11 replied calls. The box follows the last event; every replied bar
    // that is in the box's visible part is drawn, whatever was drawn at earlier steps.
    let timeline = untrack(|| pg.timeline()).expect("lesson 1 plays");
    let d = layout_at(&timeline, last, Lang::En);
    let replied: Vec<&BarMark> = d
        .marks
        .bars
        .iter()
        .filter(|b| b.status == BarStatus::Replied)
        .collect();
    assert_eq!(replied.len(), 11);
    next_frame().await;
    let scroller = root.query_selector(".seq-scroll").unwrap().unwrap();
    let top = f64::from(scroller.scroll_top());
    let bottom = top + f64::from(scroller.client_height());
    assert!(
        d.focus_y() >= top && d.focus_y() <= bottom,
        "the current event (y {}) is in view ({top}..{bottom})",
        d.focus_y()
    );
    for bar in &replied {
        if bar.y1 >= top && bar.y0 <= bottom {
            let selector = format!(".seq-bar[data-request={}]", bar.request);
            assert!(
                root.query_selector(&selector).unwrap().is_some(),
                "{} is in view and drawn",
                bar.request
            );
        }
    }
    assert_eq!(root.query_selector_all(".seq-head").unwrap().length(), 3);
    root.remove();
}

/// Resolves at the next animation frame (the diagram scrolls its box in one).
async fn next_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .request_animation_frame(&resolve)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    leptos::task::tick().await;
}

/// How many elements under `root` match `selector`.
fn count(root: &web_sys::Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
async fn a_fifty_member_log_draws_only_the_lanes_and_marks_in_view() {
    let root = new_root();
    root.set_attribute("style", "width: 900px").unwrap();
    let (_handle, pg) = mount_lesson(&root, "stress-4000");
    leptos::task::tick().await;
    let last = untrack(|| pg.last_step());
    untrack(|| pg.go_to(last));
    leptos::task::tick().await;
    next_frame().await;
    let timeline = untrack(|| pg.timeline()).expect("the stress log plays");
    let d = layout_at(&timeline, last, Lang::En);
    assert_eq!(d.marks.lanes.len(), 50);
    let window = web_sys::window()
        .unwrap()
        .inner_width()
        .unwrap()
        .as_f64()
        .unwrap();
    let heads = count(&root, ".seq-head");
    // The lanes within the window's width, plus the margin on each side.
    let most = ((window + 2.0 * MARGIN_X) / LANE_W).ceil() as u32 + 2;
    assert!(
        heads > 0 && heads <= most,
        "{heads} heads drawn of 50 (at most {most})"
    );
    let drawn = count(
        &root,
        "g.seq-arrow, g.seq-bar, g.seq-band, g.seq-refusal, g.seq-tick",
    );
    let m = &d.marks;
    let laid_out =
        (m.arrows.len() + m.bars.len() + m.bands.len() + m.refusals.len() + m.ticks.len()) as u32;
    assert!(
        drawn > 0 && drawn < laid_out,
        "{drawn} marks drawn of {laid_out} laid out"
    );
    // The box followed the last event down: the headers are pinned, the marks at the top of
    // the window are not drawn.
    let scroller = root.query_selector(".seq-scroll").unwrap().unwrap();
    assert!(
        scroller.scroll_top() > 0,
        "the box scrolled to the current event"
    );
    assert!(root.query_selector(".seq-cursor").unwrap().is_some());

    // Scrolling right brings the far lanes in (and drops the first ones).
    scroller.set_scroll_left(40 * LANE_W as i32);
    let scroll = web_sys::Event::new("scroll").unwrap();
    scroller.dispatch_event(&scroll).unwrap();
    leptos::task::tick().await;
    assert!(
        root.query_selector(".seq-head[data-member=t45]")
            .unwrap()
            .is_some(),
        "t45 in view"
    );
    assert!(
        root.query_selector(".seq-head[data-member=lead]")
            .unwrap()
            .is_none(),
        "lead scrolled out"
    );
    // Scrolling to the top draws the window's first marks.
    scroller.set_scroll_top(0);
    scroller.dispatch_event(&scroll).unwrap();
    leptos::task::tick().await;
    let first_tick = d.marks.ticks.first().expect("ticks").time;
    let text = scroller.text_content().unwrap_or_default();
    assert!(
        text.contains(&format!("t{first_tick}")),
        "the first tick t{first_tick} is drawn"
    );
    root.remove();
}

#[wasm_bindgen_test]
async fn marks_written_as_markup_keep_hostile_text_as_text() {
    let payload = r#"<img src=x onerror="window.__xss=1"><script>window.__xss=2</script> & 'q'"#;
    let root = new_svg_root();
    let pen = Pen::new();
    let g = pen
        .group(
            &pen.root(),
            &[("class", "seq-bar"), ("data-member", payload)],
            payload,
        )
        .unwrap();
    pen.text(&g, "text", &[("x", "1")], payload).unwrap();
    svg::paint(&root, pen);
    let g = root.query_selector("g.seq-bar").unwrap().unwrap();
    assert_eq!(g.get_attribute("data-member").as_deref(), Some(payload));
    let text = g.query_selector("text").unwrap().unwrap();
    assert_eq!(text.text_content().as_deref(), Some(payload));
    assert_eq!(
        text.namespace_uri().as_deref(),
        Some("http://www.w3.org/2000/svg")
    );
    assert_eq!(root.query_selector_all("img, script").unwrap().length(), 0);
    leptos::task::tick().await;
    let xss = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__xss".into()).unwrap();
    assert!(xss.is_undefined());
    root.remove();
}
