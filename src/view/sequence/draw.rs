//! Writing the diagram's marks as SVG markup with [`Pen`] (one string per redraw, which the
//! browser parses in one `innerHTML` assignment; `ui/panels/sequence.rs` puts it on the page). The
//! legend's swatches are drawn by the same functions, so a legend entry looks exactly like
//! the mark it explains. Coordinates are written as whole pixels, so no float formatting code
//! is needed.

use super::marks::{
    ArrowMark, BandMark, BarMark, BarStatus, CursorMark, LaneMark, Marks, RefusalMark, SeqLayout,
    TickMark,
};
use super::{GUTTER, HEAD_H, LANE_W};
use crate::engine::Lang;
use crate::markup::{Node, Pen};
use crate::view::tr;

/// A coordinate as whole pixels.
pub fn px(value: f64) -> String {
    // Saturating float-to-int cast: NaN becomes 0, infinities clamp.
    (value.round() as i64).to_string()
}

/// Writes a whole layout (lifelines, headers and marks, as the component draws them) as the
/// markup of an `<svg>`'s children.
pub fn draw_all(d: &SeqLayout, lang: Lang) -> Pen {
    let pen = Pen::new();
    let root = pen.root();
    if let Some(lanes) = pen.add(&root, "g", &[("class", "seq-lanes")]) {
        for lane in &d.marks.lanes {
            draw_lifeline(&pen, &lanes, lane);
        }
    }
    if let Some(heads) = pen.add(&root, "g", &[("class", "seq-lane-heads")]) {
        for lane in &d.marks.lanes {
            draw_head(&pen, &heads, lane, false);
        }
    }
    if let Some(marks) = pen.add(&root, "g", &[("class", "seq-marks")]) {
        draw_marks(&pen, &marks, d, &d.marks, lang);
    }
    pen
}

/// A lifeline, down to the bottom of the SVG whatever its height.
pub fn draw_lifeline(pen: &Pen, parent: &Node, l: &LaneMark) {
    let x = px(l.x);
    pen.add(
        parent,
        "line",
        &[
            ("class", "seq-lifeline"),
            ("x1", &x),
            ("x2", &x),
            ("y1", &px(HEAD_H)),
            ("y2", "100000"),
        ],
    );
}

/// A lane header: selects its member on click, Enter or Space (handled on the headers' SVG).
pub fn draw_head(pen: &Pen, parent: &Node, l: &LaneMark, selected: bool) {
    let Some(g) = pen.group(
        parent,
        &[
            ("class", head_class(selected)),
            ("role", "button"),
            ("tabindex", "0"),
            ("aria-pressed", if selected { "true" } else { "false" }),
            ("data-member", &l.name),
        ],
        &l.title,
    ) else {
        return;
    };
    pen.add(
        &g,
        "rect",
        &[
            ("x", &px(l.x - LANE_W / 2.0 + 4.0)),
            ("y", "4"),
            ("width", &px(LANE_W - 8.0)),
            ("height", &px(HEAD_H - 8.0)),
            ("rx", "6"),
        ],
    );
    let x = px(l.x);
    pen.text(
        &g,
        "text",
        &[("class", "seq-head-name"), ("x", &x), ("y", "21")],
        &l.name,
    );
    pen.text(
        &g,
        "text",
        &[("class", "seq-head-role"), ("x", &x), ("y", "34")],
        &format!("({})", l.role),
    );
}

/// The class of a lane header, selected or not.
pub fn head_class(selected: bool) -> &'static str {
    if selected {
        "seq-head selected"
    } else {
        "seq-head"
    }
}

/// Everything that changes with the step: the `shown` marks (all of `d`'s, or those in view)
/// in the frame of `d` (its width, the hidden events, the current time).
pub fn draw_marks(pen: &Pen, g: &Node, d: &SeqLayout, shown: &Marks, lang: Lang) {
    for t in &shown.ticks {
        tick(pen, g, t, d.width);
    }
    if d.hidden_before > 0 {
        let text = match lang {
            Lang::Zh => format!("⋯ 更早的 {} 个事件未画出", d.hidden_before),
            Lang::En => format!("⋯ {} earlier events not drawn", d.hidden_before),
        };
        let at: &[(&str, &str)] = &[
            ("class", "seq-hidden"),
            ("x", &px(GUTTER)),
            ("y", &px(HEAD_H + 12.0)),
        ];
        if let Some(t) = pen.add(g, "text", at) {
            pen.text(&t, "title", &[], &text);
            pen.append_text(&t, &text);
        }
    }
    draw_events(pen, g, shown, d.width, lang);
    let now_text = match lang {
        Lang::Zh => format!("现在 t={}", d.now),
        Lang::En => format!("now t={}", d.now),
    };
    if let Some(now) = pen.group(g, &[("class", "seq-now")], &now_text) {
        let y = px(d.now_y);
        pen.add(
            &now,
            "line",
            &[
                ("x1", &px(GUTTER - 4.0)),
                ("x2", &px(d.width)),
                ("y1", &y),
                ("y2", &y),
            ],
        );
        let at: &[(&str, &str)] = &[("x", "2"), ("y", &px(d.now_y + 4.0))];
        pen.text(&now, "text", at, &now_text);
    }
}

/// The marks of events (cursor, bands, bars, arrows, refusals, in that order: later ones on
/// top), in a diagram `width` wide.
pub fn draw_events(pen: &Pen, g: &Node, marks: &Marks, width: f64, lang: Lang) {
    draw_event_marks(pen, g, marks, width, lang, true);
}

/// [`draw_events`] for the legend's samples: the same shapes and classes, without the data
/// attributes that name a message, request or member (a sample stands for none).
pub fn draw_samples(pen: &Pen, g: &Node, marks: &Marks, width: f64, lang: Lang) {
    draw_event_marks(pen, g, marks, width, lang, false);
}

fn draw_event_marks(pen: &Pen, g: &Node, marks: &Marks, width: f64, lang: Lang, data: bool) {
    if let Some(c) = &marks.cursor {
        cursor(pen, g, c, width, data);
    }
    for b in &marks.bands {
        band(pen, g, b, lang, data);
    }
    for b in &marks.bars {
        bar(pen, g, b, data);
    }
    for a in &marks.arrows {
        arrow(pen, g, a, data);
    }
    for r in &marks.refusals {
        refusal(pen, g, r, data);
    }
}

/// A mark's attributes: its class first, then its data attributes unless `data` is off.
fn attrs<'a>(all: &'a [(&'static str, &'a str)], data: bool) -> &'a [(&'static str, &'a str)] {
    if data {
        all
    } else {
        &all[..1]
    }
}

fn tick(pen: &Pen, parent: &Node, t: &TickMark, width: f64) {
    let Some(g) = pen.group(parent, &[("class", "seq-tick")], &t.title) else {
        return;
    };
    let y = px(t.y);
    pen.add(
        &g,
        "line",
        &[
            ("x1", &px(GUTTER - 4.0)),
            ("x2", &px(width)),
            ("y1", &y),
            ("y2", &y),
        ],
    );
    let at: &[(&str, &str)] = &[("x", "4"), ("y", &px(t.y + 4.0))];
    pen.text(&g, "text", at, &format!("t{}", t.time));
}

fn cursor(pen: &Pen, parent: &Node, c: &CursorMark, width: f64, data: bool) {
    let all = [("class", "seq-cursor"), ("data-seq", &c.seq.to_string())];
    let Some(g) = pen.group(parent, attrs(&all, data), &c.title) else {
        return;
    };
    pen.add(
        &g,
        "rect",
        &[
            ("x", &px(GUTTER - 4.0)),
            ("y", &px(c.y - 7.0)),
            ("width", &px(width - GUTTER + 4.0)),
            ("height", "14"),
        ],
    );
    if let Some(x) = c.x {
        pen.add(
            &g,
            "circle",
            &[
                ("class", "seq-cursor-ring"),
                ("cx", &px(x)),
                ("cy", &px(c.y)),
                ("r", "8"),
            ],
        );
    }
    pen.text(
        &g,
        "text",
        &[
            ("class", "seq-cursor-mark"),
            ("x", &px(GUTTER - 6.0)),
            ("y", &px(c.y + 4.0)),
        ],
        "▶",
    );
}

fn band(pen: &Pen, parent: &Node, b: &BandMark, lang: Lang, data: bool) {
    let (kind, text, fill, half) = if b.wait {
        ("wait", tr(lang, "等锁", "waits"), "none", 8.0)
    } else {
        ("lock", tr(lang, "锁", "lock"), "url(#seq-lock-hatch)", 11.0)
    };
    let class = format!("seq-band {kind}{}", if b.open { " open" } else { "" });
    let all = [
        ("class", class.as_str()),
        ("data-member", &b.member),
        ("data-kind", kind),
    ];
    let Some(g) = pen.group(parent, attrs(&all, data), &b.title) else {
        return;
    };
    pen.add(
        &g,
        "rect",
        &[
            ("x", &px(b.x - half)),
            ("y", &px(b.y0)),
            ("width", &px(half * 2.0)),
            ("height", &px(b.y1 - b.y0)),
            ("fill", fill),
        ],
    );
    let at: &[(&str, &str)] = &[("x", &px(b.x - half - 3.0)), ("y", &px(b.y0 + 9.0))];
    pen.text(&g, "text", at, text);
}

fn bar(pen: &Pen, parent: &Node, b: &BarMark, data: bool) {
    let mut class = format!("seq-bar {}", b.status.as_str());
    if b.current {
        class.push_str(" current");
    }
    if b.clipped_top {
        class.push_str(" clipped");
    }
    let all = [
        ("class", class.as_str()),
        ("data-request", &b.request.to_string()),
        ("data-member", &b.member),
        ("data-status", b.status.as_str()),
    ];
    let Some(g) = pen.group(parent, attrs(&all, data), &b.title) else {
        return;
    };
    pen.add(
        &g,
        "rect",
        &[
            ("x", &px(b.x - 5.0)),
            ("y", &px(b.y0)),
            ("width", "10"),
            ("height", &px(b.y1 - b.y0)),
            ("rx", "2"),
        ],
    );
    match b.status {
        BarStatus::Failed => {
            let (x0, x1, y) = (px(b.x - 4.0), px(b.x + 4.0), px(b.y1 - 4.0));
            let d = format!("M{x0} {y} l8 8 M{x1} {y} l-8 8");
            pen.add(&g, "path", &[("class", "seq-bar-x"), ("d", &d)]);
        }
        BarStatus::InFlight => {
            let d = format!("M{} {} l5 6 l5 -6", px(b.x - 5.0), px(b.y1));
            pen.add(&g, "path", &[("class", "seq-bar-open-end"), ("d", &d)]);
        }
        BarStatus::Replied | BarStatus::Abandoned => {}
    }
    let at: &[(&str, &str)] = &[("x", &px(b.x + 8.0)), ("y", &px(b.y0 + 10.0))];
    pen.text(&g, "text", at, &b.label);
}

fn arrow(pen: &Pen, parent: &Node, a: &ArrowMark, data: bool) {
    let dir = if a.x2 >= a.x1 { 1.0 } else { -1.0 };
    let tip = a.x2 - dir * 6.0;
    let back = tip - dir * 7.0;
    let points = format!(
        "{},{} {},{} {},{}",
        px(tip),
        px(a.y),
        px(back),
        px(a.y - 4.0),
        px(back),
        px(a.y + 4.0)
    );
    let start = a.x1 + dir * 6.0;
    // The label sits next to the sender, so it never crosses a lifeline in between.
    let anchor = if dir > 0.0 { "start" } else { "end" };
    let class = if a.current {
        "seq-arrow current"
    } else {
        "seq-arrow"
    };
    let all = [
        ("class", class),
        ("data-message", &a.id.to_string()),
        ("data-from", &a.from),
        ("data-to", &a.to),
        ("data-kind", a.kind.as_str()),
    ];
    let Some(g) = pen.group(parent, attrs(&all, data), &a.title) else {
        return;
    };
    let y = px(a.y);
    pen.add(
        &g,
        "line",
        &[("x1", &px(start)), ("x2", &px(tip)), ("y1", &y), ("y2", &y)],
    );
    pen.add(&g, "polygon", &[("points", &points)]);
    let at: &[(&str, &str)] = &[
        ("x", &px(a.x1 + dir * 9.0)),
        ("y", &px(a.y - 4.0)),
        ("text-anchor", anchor),
    ];
    pen.text(&g, "text", at, &a.label);
}

fn refusal(pen: &Pen, parent: &Node, r: &RefusalMark, data: bool) {
    let class = if r.current {
        "seq-refusal current"
    } else {
        "seq-refusal"
    };
    let all = [("class", class), ("data-code", r.code.as_str())];
    let Some(g) = pen.group(parent, attrs(&all, data), &r.title) else {
        return;
    };
    pen.add(
        &g,
        "circle",
        &[("cx", &px(r.x)), ("cy", &px(r.y)), ("r", "7")],
    );
    pen.add(
        &g,
        "line",
        &[
            ("x1", &px(r.x - 5.0)),
            ("y1", &px(r.y + 5.0)),
            ("x2", &px(r.x + 5.0)),
            ("y2", &px(r.y - 5.0)),
        ],
    );
}
