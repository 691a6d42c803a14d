//! The diagram's layout, tested natively: parallel work in lesson 1, serialised work under a
//! wide lock in lesson 3, bounded on a 100,000-event log; culling to the viewport; the legend
//! drawn by the diagram's own functions.

use super::draw::{draw_all, draw_marks};
use super::*;
use crate::engine::{EventKind, Lang, Timeline, Toggles};
use crate::lessons::{play, PlayOptions};
use crate::markup::Pen;

fn lesson(id: &str) -> Timeline {
    play(id, &PlayOptions::default()).expect("the lesson plays")
}

fn layout_at(timeline: &Timeline, step: usize, lang: Lang) -> SeqLayout {
    layout(timeline.events(), step, &timeline.state_at(step), lang)
}

/// Do two bars overlap on screen (and, as the axis promises, in logical time)?
fn overlap(a: &BarMark, b: &BarMark) -> bool {
    let on_screen = a.y0 < b.y1 && b.y0 < a.y1;
    let a1 = a.t1.unwrap_or(u64::MAX);
    let b1 = b.t1.unwrap_or(u64::MAX);
    let in_time = a.t0 < b1 && b.t0 < a1;
    assert_eq!(
        on_screen, in_time,
        "screen overlap must follow logical time: {a:?} {b:?}"
    );
    on_screen
}

/// The step right after reviewer's first request in lesson 1 (reader's call still pending).
fn reviewer_first_request(timeline: &Timeline) -> usize {
    timeline
        .events()
        .iter()
        .find(|e| {
            matches!(&e.kind, EventKind::ModelRequested { request } if request.member == "reviewer")
        })
        .map(|e| e.seq + 1)
        .expect("reviewer sends a request")
}

#[test]
fn lesson1_reader_and_reviewer_bars_overlap() {
    let timeline = lesson("l1-two-investigators");
    let d = layout_at(&timeline, timeline.len(), Lang::En);
    let m = &d.marks;
    assert_eq!(
        m.lanes.iter().map(|l| l.name.as_str()).collect::<Vec<_>>(),
        ["lead", "reader", "reviewer"]
    );
    let reader: Vec<_> = m.bars_of("reader").collect();
    let reviewer: Vec<_> = m.bars_of("reviewer").collect();
    assert!(!reader.is_empty() && !reviewer.is_empty());
    assert!(
        reader
            .iter()
            .any(|a| reviewer.iter().any(|b| overlap(a, b))),
        "reader and reviewer work at the same time in lesson 1"
    );
    // Every request has its bar, every bar is closed at the end, every mark has a title.
    let requests = timeline
        .events()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ModelRequested { .. }))
        .count();
    assert_eq!(m.bars.len(), requests);
    assert!(m.bars.iter().all(|b| b.status == BarStatus::Replied));
    assert!(m.bars.iter().all(|b| !b.title.is_empty()));
    assert!(m.arrows.iter().all(|a| !a.title.is_empty()));
    // Messages are arrows sender -> recipient labelled with id and kind.
    let m4 = m
        .arrows
        .iter()
        .find(|a| a.id.to_string() == "m4")
        .expect("m4 is drawn");
    assert_eq!((m4.from.as_str(), m4.to.as_str()), ("reviewer", "reader"));
    assert_eq!(m4.label, "m4 · message");
    assert!(m4.x1 > m4.x2, "reviewer's lifeline is right of reader's");
}

#[test]
fn lesson1_in_flight_requests_are_open_bars_at_the_current_step() {
    let timeline = lesson("l1-two-investigators");
    let step = reviewer_first_request(&timeline);
    for lang in [Lang::En, Lang::Zh] {
        let d = layout_at(&timeline, step, lang);
        let open: Vec<_> = d
            .marks
            .bars
            .iter()
            .filter(|b| b.status == BarStatus::InFlight)
            .collect();
        assert_eq!(
            open.iter().map(|b| b.member.as_str()).collect::<Vec<_>>(),
            ["reader", "reviewer"]
        );
        for bar in &open {
            assert_eq!(bar.t1, None);
            assert!((bar.y1 - d.now_y).abs() < 1e-9, "an open bar reaches now");
            let word = crate::view::tr(lang, "进行中", "in flight");
            assert!(bar.label.contains(word), "{}", bar.label);
        }
        assert!(overlap(open[0], open[1]));
        // The current event is highlighted: the reviewer's request bar.
        let cursor = d.marks.cursor.as_ref().expect("a current event");
        assert_eq!(cursor.seq, step - 1);
        assert_eq!(cursor.x, d.marks.lane_x("reviewer"));
        assert!(open[1].current && !open[0].current);
        // Nothing after the step is drawn.
        assert!(d.marks.bars.iter().all(|b| b.t0 <= d.now));
        assert!(d.marks.arrows.iter().all(|a| a.seq < step));
    }
}

#[test]
fn lesson3_hold_lock_bars_do_not_overlap() {
    let options = PlayOptions {
        toggles: Toggles {
            drain_on_read: false,
            hold_lock_during_model_call: true,
        },
        ..Default::default()
    };
    let timeline = play("l3-lock-scope", &options).expect("lesson 3 plays");
    let d = layout_at(&timeline, timeline.len(), Lang::En);
    let m = &d.marks;
    let reader: Vec<_> = m.bars_of("reader").collect();
    let reviewer: Vec<_> = m.bars_of("reviewer").collect();
    assert!(reader.len() >= 2 && reviewer.len() >= 2);
    for a in &reader {
        for b in &reviewer {
            assert!(
                !overlap(a, b),
                "with the lock held, {a:?} and {b:?} run one after another"
            );
        }
    }
    // Each bar sits inside a lock band of its member, and reviewer is seen waiting for it.
    for b in reader.iter().chain(reviewer.iter()) {
        assert!(
            m.bands
                .iter()
                .any(|l| !l.wait && l.member == b.member && l.y0 <= b.y0 && b.y1 <= l.y1),
            "{} is inside {}'s lock band",
            b.request,
            b.member
        );
    }
    let locks: Vec<_> = m.bands.iter().filter(|b| !b.wait).collect();
    for (i, a) in locks.iter().enumerate() {
        for b in &locks[i + 1..] {
            assert!(a.y1 <= b.y0 || b.y1 <= a.y0, "one holder at a time");
        }
    }
    assert!(m
        .bands
        .iter()
        .any(|b| b.wait && b.member == "reviewer" && b.title.contains("reader")));
    // Holds are drawn under waits.
    let first_wait = m.bands.iter().position(|b| b.wait).expect("a wait");
    assert!(m.bands[first_wait..].iter().all(|b| b.wait));
    assert!(m.refusals.iter().all(|r| !r.title.is_empty()));
}

#[test]
fn lesson3_default_overlaps_in_act_one_and_serialises_in_act_two() {
    let timeline = lesson("l3-lock-scope");
    let toggle_time = timeline
        .events()
        .iter()
        .find(|e| matches!(e.kind, EventKind::TogglesChanged { .. }))
        .map(|e| e.time)
        .expect("act 2 switches the toggle");
    let d = layout_at(&timeline, timeline.len(), Lang::Zh);
    let act = |member: &str, two: bool| -> Vec<BarMark> {
        d.marks
            .bars_of(member)
            .filter(|b| (b.t0 >= toggle_time) == two)
            .cloned()
            .collect()
    };
    let (r1, v1) = (act("reader", false), act("reviewer", false));
    assert!(r1.iter().any(|a| v1.iter().any(|b| overlap(a, b))));
    let (r2, v2) = (act("reader", true), act("reviewer", true));
    assert!(!r2.is_empty() && !v2.is_empty());
    assert!(r2.iter().all(|a| v2.iter().all(|b| !overlap(a, b))));
    // The busy refusal of act 1 is a titled glyph on reader's lifeline, in Chinese.
    let refusal = d.marks.refusals.first().expect("a refusal is drawn");
    assert_eq!(Some(refusal.x), d.marks.lane_x("reader"));
    assert!(refusal.title.contains("拒绝"), "{}", refusal.title);
}

#[test]
fn a_window_that_starts_mid_call_clips_the_bar_at_its_top() {
    let timeline = lesson("l1-two-investigators");
    // A window of one event: the reply of a call sent earlier.
    let reply = timeline
        .events()
        .iter()
        .find(|e| matches!(e.kind, EventKind::ModelReplied { .. }))
        .expect("a reply")
        .seq;
    let state = timeline.state_at(reply + 1);
    let d = layout_window(timeline.events(), reply + 1, &state, Lang::En, 1);
    let bar = d
        .marks
        .bars
        .iter()
        .find(|b| b.status == BarStatus::Replied)
        .expect("the replied call is drawn");
    assert!(bar.clipped_top && bar.current);
    assert!(
        bar.t0 < bar.t1.expect("it ended"),
        "t0 comes from the state"
    );
    assert!(bar.title.contains("outside the window"), "{}", bar.title);
    assert_eq!(d.hidden_before, reply);
}

#[test]
fn stress_layout_at_last_step_is_bounded() {
    let timeline = crate::lessons::stress::generate(20_000);
    let d = layout(
        timeline.events(),
        timeline.len(),
        timeline.final_state(),
        Lang::En,
    );
    let lanes = d.marks.lanes.len();
    let bound = lanes + 2 * WINDOW_EVENTS + 3 * lanes + 1;
    assert_eq!(lanes, 50);
    assert!(d.marks.count() <= bound, "{} > {bound}", d.marks.count());
    assert_eq!(d.hidden_before, timeline.len() - WINDOW_EVENTS);
    assert!(d.height < 20_000.0);
    // A mid-log seek is bounded the same way, and a smaller window is smaller.
    let mid = 12_345;
    let state = timeline.state_at(mid);
    let d = layout(timeline.events(), mid, &state, Lang::Zh);
    assert!(d.marks.count() <= bound);
    let small = layout_window(timeline.events(), mid, &state, Lang::Zh, 20);
    assert!(small.marks.count() < d.marks.count());
}

#[test]
fn visible_keeps_exactly_the_marks_that_touch_the_viewport() {
    let timeline = crate::lessons::stress::generate(4_000);
    let d = layout(
        timeline.events(),
        timeline.len(),
        timeline.final_state(),
        Lang::En,
    );
    assert_eq!(d.marks.visible(Viewport::ALL), d.marks);
    let v = Viewport::around(10.0 * LANE_W, 400.0, 900.0);
    let shown = d.marks.visible(v);
    // Lanes by their lifeline's column.
    let lanes: Vec<&str> = d
        .marks
        .lanes
        .iter()
        .filter(|l| l.x + LANE_W / 2.0 >= v.x0 && l.x - LANE_W / 2.0 <= v.x1)
        .map(|l| l.name.as_str())
        .collect();
    assert_eq!(
        shown
            .lanes
            .iter()
            .map(|l| l.name.as_str())
            .collect::<Vec<_>>(),
        lanes
    );
    assert!(!lanes.is_empty() && lanes.len() < d.marks.lanes.len());
    // Ticks by their y only; every kept mark is in the viewport's band, every dropped one is not.
    let in_band = |y: f64| y + 8.0 >= v.y0 && y - 8.0 <= v.y1;
    assert!(shown.ticks.iter().all(|t| in_band(t.y)));
    assert_eq!(
        shown.ticks.len(),
        d.marks.ticks.iter().filter(|t| in_band(t.y)).count()
    );
    assert!(shown.arrows.len() < d.marks.arrows.len());
    for a in &shown.arrows {
        assert!(a.y + 4.0 >= v.y0 && a.y - 12.0 <= v.y1);
        assert!(a.x1.max(a.x2) >= v.x0 && a.x1.min(a.x2) <= v.x1);
    }
    for b in &shown.bars {
        assert!(b.y1 + 12.0 >= v.y0 && b.y0 <= v.y1);
    }
}

#[test]
fn follow_scrolls_only_when_the_target_is_out_of_view() {
    let content = 5_000.0;
    // In view below the pinned headers: the box stays.
    assert_eq!(follow(1_000.0, 1_200.0, content), 1_000.0);
    // Under the headers or below the bottom edge: centred on it.
    assert_eq!(follow(1_000.0, 1_010.0, content), 1_010.0 - VIEW_H / 2.0);
    assert_eq!(follow(1_000.0, 2_000.0, content), 2_000.0 - VIEW_H / 2.0);
    // Clamped to the content, as the browser clamps it.
    assert_eq!(follow(0.0, 4_990.0, content), content - VIEW_H);
    assert_eq!(follow(500.0, 10.0, content), 0.0);
    assert_eq!(follow(300.0, 100.0, 200.0), 0.0);
}

#[test]
fn drawn_marks_carry_their_titles_and_data_attributes() {
    let timeline = lesson("l1-two-investigators");
    let step = reviewer_first_request(&timeline);
    let d = layout_at(&timeline, step, Lang::En);
    let markup = draw_all(&d, Lang::En).finish();
    assert_eq!(markup.matches("<g class=\"seq-head").count(), 3);
    assert_eq!(markup.matches("data-status=\"in_flight\"").count(), 2);
    assert!(markup.contains("seq-bar in_flight current"));
    assert!(markup.contains("class=\"seq-cursor\""));
    assert_eq!(
        markup.matches("<g class=\"seq-arrow").count(),
        d.marks.arrows.len()
    );
    // Every group (a mark) starts with its title.
    let groups = markup.matches("<g class=\"seq-").count() - 3; // minus the three wrappers
    assert_eq!(markup.matches("><title>").count(), groups);
    // A step redraws only the marks in view: fewer marks, the same frame.
    let pen = Pen::new();
    let none = d.marks.visible(Viewport {
        x0: -10.0,
        x1: -5.0,
        y0: -10.0,
        y1: -5.0,
    });
    draw_marks(&pen, &pen.root(), &d, &none, Lang::En);
    let frame = pen.finish();
    assert!(!frame.contains("seq-bar") && frame.contains("now t="));
}

#[test]
fn the_legend_draws_each_sample_as_the_diagram_draws_its_mark() {
    for lang in [Lang::En, Lang::Zh] {
        let items = legend(lang);
        let classes = [
            "seq-arrow",
            "seq-bar replied",
            "seq-bar in_flight",
            "seq-band lock",
            "seq-band wait",
            "seq-refusal",
            "seq-cursor",
        ];
        assert_eq!(items.len(), classes.len());
        for (item, class) in items.iter().zip(classes) {
            assert_eq!(item.sample.count(), 1, "one sample per entry");
            let swatch = item.swatch(lang);
            assert!(
                swatch.starts_with(&format!("<g class=\"{class}")),
                "{swatch}"
            );
            let mut title = String::new();
            crate::markup::escape_into(&mut title, item.text);
            assert!(
                swatch.contains(&format!("<title>{title}</title>")),
                "the swatch's tooltip is its meaning: {swatch}"
            );
            assert!(item.view_box().ends_with(" 16"));
            // A sample names no message, request or member: selectors for marks skip it.
            assert!(!swatch.contains("data-"), "{swatch}");
        }
    }
    assert!(legend(Lang::Zh)[3].text.contains("锁"));
}

#[test]
fn a_small_scroll_keeps_the_drawn_marks() {
    assert!(!scrolled_far(
        (0.0, 0.0),
        (LANE_W / 2.0 - 1.0, MARGIN_Y / 2.0 - 1.0)
    ));
    assert!(scrolled_far((0.0, 0.0), (LANE_W / 2.0, 0.0)));
    assert!(scrolled_far(
        (500.0, 900.0),
        (500.0, 900.0 - MARGIN_Y / 2.0)
    ));
}

#[test]
fn t5_every_refusal_drawn_is_listed_with_its_step_and_the_marks_reason() {
    // A refusal's reason is the mark's SVG title, which only hovering shows: the list a tap or
    // a key opens must hold the same reason, at the step right after the refusal.
    let timeline = lesson("l3-lock-scope");
    let refused = timeline
        .events()
        .iter()
        .find(|e| matches!(e.kind, EventKind::Refused { .. }))
        .expect("lesson 3 refuses a busy member");
    let step = refused.seq + 1;
    for lang in [Lang::Zh, Lang::En] {
        let d = layout_at(&timeline, step, lang);
        let reasons = d.refusal_reasons();
        assert_eq!(reasons.len(), d.marks.refusals.len());
        let current = d
            .marks
            .refusals
            .iter()
            .find(|r| r.current)
            .expect("current refusal");
        assert!(
            reasons.contains(&(step, current.title.clone())),
            "{reasons:?}"
        );
    }
    assert!(layout_at(&timeline, 0, Lang::En)
        .refusal_reasons()
        .is_empty());
}
