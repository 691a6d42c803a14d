//! The sequence diagram: one lifeline per member, logical time downwards, message arrows,
//! model calls as bars (open while in flight), lock holding as hatched bands, lock waits and
//! refusals, up to the current step with the current event highlighted. Clicking a lifeline
//! header selects that member. The layout (events -> positioned marks) lives in
//! `sequence_layout.rs`; this file only draws it, as escaped markup (`markup::Pen`).

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::context::Playground;
use super::i18n::tr;
use super::in_view::window_width;
use super::sequence_layout::{
    follow, layout, ArrowMark, BandMark, BarMark, BarStatus, CursorMark, LaneMark, RefusalMark,
    SeqLayout, TickMark, Viewport, GUTTER, HEAD_H, LANE_W, MARGIN_Y, VIEW_H,
};
use super::svg::{self, px, Node, Pen};
use crate::engine::Lang;

#[component]
pub fn SequenceDiagram() -> impl IntoView {
    let pg = Playground::get();
    let scroller = NodeRef::<Div>::new();

    let diagram = Memo::new(move |_| {
        let lang = pg.lang.get();
        let timeline = pg.timeline()?;
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| layout(timeline.events(), s.step, &s.state, lang))
        })
    });

    // Where the scroll box is, as last written or scrolled to. Kept outside the reactive graph
    // and never read from the DOM during a step: reading `scrollTop` after the DOM changed
    // forces a layout of the whole page in the middle of the update.
    let box_at = StoredValue::new((0.0f64, 0.0f64));
    // Bumped when the learner scrolls far enough that other marks come into view.
    let scrolled = RwSignal::new(0u32);
    let drawn_at = StoredValue::new((0.0f64, 0.0f64));

    // The scroll top for this step: follow the current event when the step (or the lesson)
    // changed; keep the learner's own scrolling otherwise.
    let top = Memo::new(move |previous: Option<&(usize, f64)>| {
        scrolled.track();
        let (step, target, height) = diagram.with(|d| {
            d.as_ref()
                .map_or((0, 0.0, 0.0), |d| (d.step, d.focus_y(), d.height))
        });
        let (_, now_top) = box_at.get_value();
        match previous {
            Some((was, _)) if *was == step => (step, now_top),
            _ => (step, follow(now_top, target, height)),
        }
    });
    Effect::new(move |_| {
        let (_, want) = top.get();
        let (left, at) = box_at.get_value();
        if (want - at).abs() >= 1.0 {
            box_at.set_value((left, want));
            // Writing scrollTop lays the page out; in the next frame that layout is the one the
            // frame needs anyway, after every update of this step, so it happens once.
            if let Some(el) = scroller.get_untracked() {
                request_animation_frame(move || el.set_scroll_top(want as i32));
            }
        }
    });
    let on_scroll = move |_| {
        let Some(el) = scroller.get_untracked() else {
            return;
        };
        let now = (f64::from(el.scroll_left()), f64::from(el.scroll_top()));
        box_at.set_value(now);
        let (left, top) = drawn_at.get_value();
        if (now.0 - left).abs() >= LANE_W / 2.0 || (now.1 - top).abs() >= MARGIN_Y / 2.0 {
            scrolled.update(|n| *n = n.wrapping_add(1));
        }
    };
    // The box is never wider than the window (its width is a signal, read on resize only).
    let window_w = window_width();

    // What is in view (plus a margin): the only marks that become SVG elements.
    let shown_layout = Memo::new(move |_| {
        let (_, top) = top.get();
        scrolled.track();
        let (left, _) = box_at.get_value();
        drawn_at.set_value((left, top));
        let view = Viewport::around(left, top, window_w.get());
        diagram.with(|d| d.as_ref().map(|d| d.visible(view)))
    });

    let lang = move || pg.lang.get();
    let note = move || {
        let lang = lang();
        diagram.with(|d| match d {
            None => String::new(),
            Some(d) if d.step == 0 => tr(
                lang,
                "还没有发生任何事。向前走一步，时序图就会开始画。",
                "Nothing has happened yet. Step forward and the diagram starts.",
            )
            .to_string(),
            Some(d) if d.hidden_before > 0 => match lang {
                Lang::Zh => format!(
                    "只画出到第 {} 步为止的最近 {} 个事件（前面还有 {} 个）。纵轴是逻辑时间。",
                    d.step,
                    d.step - d.hidden_before,
                    d.hidden_before
                ),
                Lang::En => format!(
                    "Showing the last {} events up to step {} ({} earlier ones are not drawn). Time runs downwards.",
                    d.step - d.hidden_before,
                    d.step,
                    d.hidden_before
                ),
            },
            Some(_) => tr(
                lang,
                "纵轴是逻辑时间，向下增长。把鼠标停在任何标记上可以看到说明。",
                "Logical time runs downwards. Hover any mark for what it means.",
            )
            .to_string(),
        })
    };

    // The lane headers change only with the roster, the language and horizontal scrolling,
    // so a step redraws only the marks (and the SVG's size).
    let lanes = Memo::new(move |_| shown_layout.with(|d| d.as_ref().map(|d| d.lanes.clone())));
    let size = Memo::new(move |_| {
        diagram.with(|d| {
            d.as_ref()
                .map_or((0.0, 0.0, 0), |d| (d.width, d.height, d.step))
        })
    });
    let shown = Memo::new(move |_| diagram.with(Option::is_some));
    let body_h = move || (size.get().1 - HEAD_H).max(1.0);

    // The SVG skeleton is a view; what is inside its groups is written as markup (see
    // `svg.rs`), once per change of what is in view.
    let group = move |class: &'static str| {
        scroller
            .get()
            .and_then(|el| svg::find(&el, &format!("g.{class}")))
    };
    Effect::new(move |_| {
        let (Some(g), Some(lifelines)) = (group("seq-lane-heads"), group("seq-lanes")) else {
            return;
        };
        let (heads, lines) = (Pen::new(), Pen::new());
        lanes.with(|lanes| {
            let selected = pg.selected.get_untracked();
            for lane in lanes.iter().flatten() {
                draw_lifeline(&lines, &lines.root(), lane);
                draw_head(
                    &heads,
                    &heads.root(),
                    lane,
                    selected.as_deref() == Some(lane.name.as_str()),
                );
            }
        });
        svg::paint(&g, heads);
        svg::paint(&lifelines, lines);
    });
    // The selection only restyles the headers that are there.
    Effect::new(move |_| {
        let selected = pg.selected.get();
        let Some(g) = group("seq-lane-heads") else {
            return;
        };
        let Ok(heads) = g.query_selector_all(".seq-head") else {
            return;
        };
        for i in 0..heads.length() {
            let Some(head) = heads
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            let on = head.get_attribute("data-member").as_deref() == selected.as_deref();
            let _ = head.set_attribute("class", if on { "seq-head selected" } else { "seq-head" });
            let _ = head.set_attribute("aria-pressed", if on { "true" } else { "false" });
        }
    });
    Effect::new(move |_| {
        let lang = lang();
        let Some(g) = group("seq-marks") else {
            return;
        };
        let pen = Pen::new();
        shown_layout.with(|d| {
            if let Some(d) = d {
                draw_marks(&pen, &pen.root(), d, lang);
            }
        });
        svg::paint(&g, pen);
    });
    let select_from = move |target: Option<web_sys::EventTarget>| {
        if let Some(name) = member_of(target) {
            pg.selected.set(Some(name));
        }
    };
    let on_key = move |ev: leptos::ev::KeyboardEvent| {
        if (ev.key() == "Enter" || ev.key() == " ") && member_of(ev.target()).is_some() {
            ev.prevent_default();
            ev.stop_propagation();
            select_from(ev.target());
        }
    };

    view! {
        <section class="sequence" aria-labelledby="sequence-heading">
            <h2 id="sequence-heading">{move || tr(lang(), "时序图", "Sequence diagram")}</h2>
            <p class="seq-note">{note}</p>
            <div
                class="seq-scroll"
                style=move || format!("max-height: {}px; overflow: auto{}", px(VIEW_H), if shown.get() { "" } else { "; display: none" })
                node_ref=scroller
                on:scroll=on_scroll
            >
                <svg
                    class="seq-svg seq-heads"
                    width=move || svg::px(size.get().0)
                    height=svg::px(HEAD_H)
                    viewBox=move || format!("0 0 {} {}", svg::px(size.get().0), svg::px(HEAD_H))
                    on:click=move |ev| select_from(ev.target())
                    on:keydown=on_key
                >
                    <g class="seq-lane-heads"></g>
                </svg>
                <svg
                    data-testid="sequence-diagram"
                    class="seq-svg"
                    role="group"
                    aria-label=move || svg_label(lang())
                    width=move || svg::px(size.get().0)
                    height=move || svg::px(body_h())
                    viewBox=move || format!("0 {} {} {}", svg::px(HEAD_H), svg::px(size.get().0), svg::px(body_h()))
                    data-step=move || size.get().2.to_string()
                >
                    <defs>
                        <pattern id="seq-lock-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                            <line class="seq-hatch-line" x1="0" y1="0" x2="0" y2="6"></line>
                        </pattern>
                    </defs>
                    <g class="seq-lanes"></g>
                    <g class="seq-marks"></g>
                </svg>
            </div>
            {move || legend(lang())}
        </section>
    }
}

/// The `data-member` of the lane header an event happened on, if any.
fn member_of(target: Option<web_sys::EventTarget>) -> Option<String> {
    super::target::closest_attr(target, ".seq-head[data-member]", "data-member")
}

fn svg_label(lang: Lang) -> &'static str {
    tr(
        lang,
        "时序图：每个成员一条生命线，纵轴是逻辑时间",
        "Sequence diagram: one lifeline per member, logical time downwards",
    )
}

/// Writes a whole layout (lifelines, headers and marks, as the component draws them) as the
/// markup of an `<svg>`'s children (public so the browser test can time a full render).
pub fn draw_all(d: &SeqLayout, lang: Lang) -> Pen {
    let pen = Pen::new();
    let root = pen.root();
    if let Some(lanes) = pen.add(&root, "g", &[("class", "seq-lanes")]) {
        for lane in &d.lanes {
            draw_lifeline(&pen, &lanes, lane);
        }
    }
    if let Some(heads) = pen.add(&root, "g", &[("class", "seq-lane-heads")]) {
        for lane in &d.lanes {
            draw_head(&pen, &heads, lane, false);
        }
    }
    if let Some(marks) = pen.add(&root, "g", &[("class", "seq-marks")]) {
        draw_marks(&pen, &marks, d, lang);
    }
    pen
}

/// A lifeline, down to the bottom of the SVG whatever its height.
fn draw_lifeline(pen: &Pen, parent: &Node, l: &LaneMark) {
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
fn draw_head(pen: &Pen, parent: &Node, l: &LaneMark, selected: bool) {
    let Some(g) = pen.group(
        parent,
        &[
            (
                "class",
                if selected {
                    "seq-head selected"
                } else {
                    "seq-head"
                },
            ),
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

/// Everything that changes with the step (public so the browser test can time a step).
pub fn draw_marks(pen: &Pen, g: &Node, d: &SeqLayout, lang: Lang) {
    for t in &d.ticks {
        tick(pen, g, t, d.width);
    }
    if d.hidden_before > 0 {
        let text = match lang {
            Lang::Zh => format!("⋯ 更早的 {} 个事件未画出", d.hidden_before),
            Lang::En => format!("⋯ {} earlier events not drawn", d.hidden_before),
        };
        if let Some(t) = pen.add(
            g,
            "text",
            &[
                ("class", "seq-hidden"),
                ("x", &px(GUTTER)),
                ("y", &px(HEAD_H + 12.0)),
            ],
        ) {
            pen.text(&t, "title", &[], &text);
            pen.append_text(&t, &text);
        }
    }
    if let Some(c) = &d.cursor {
        cursor(pen, g, c, d.width);
    }
    for b in &d.bands {
        band(pen, g, b, lang);
    }
    for b in &d.bars {
        bar(pen, g, b);
    }
    for a in &d.arrows {
        arrow(pen, g, a);
    }
    for r in &d.refusals {
        refusal(pen, g, r);
    }
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
        pen.text(
            &now,
            "text",
            &[("x", "2"), ("y", &px(d.now_y + 4.0))],
            &now_text,
        );
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
    pen.text(
        &g,
        "text",
        &[("x", "4"), ("y", &px(t.y + 4.0))],
        &format!("t{}", t.time),
    );
}

fn cursor(pen: &Pen, parent: &Node, c: &CursorMark, width: f64) {
    let Some(g) = pen.group(
        parent,
        &[("class", "seq-cursor"), ("data-seq", &c.seq.to_string())],
        &c.title,
    ) else {
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

fn band(pen: &Pen, parent: &Node, b: &BandMark, lang: Lang) {
    let kind = if b.wait { "wait" } else { "lock" };
    let text = if b.wait {
        tr(lang, "等锁", "waits")
    } else {
        tr(lang, "锁", "lock")
    };
    let fill = if b.wait {
        "none"
    } else {
        "url(#seq-lock-hatch)"
    };
    let half = if b.wait { 8.0 } else { 11.0 };
    let class = format!("seq-band {kind}{}", if b.open { " open" } else { "" });
    let Some(g) = pen.group(
        parent,
        &[
            ("class", &class),
            ("data-member", &b.member),
            ("data-kind", kind),
        ],
        &b.title,
    ) else {
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
    pen.text(
        &g,
        "text",
        &[("x", &px(b.x - half - 3.0)), ("y", &px(b.y0 + 9.0))],
        text,
    );
}

fn bar(pen: &Pen, parent: &Node, b: &BarMark) {
    let mut class = format!("seq-bar {}", b.status.as_str());
    if b.current {
        class.push_str(" current");
    }
    if b.clipped_top {
        class.push_str(" clipped");
    }
    let Some(g) = pen.group(
        parent,
        &[
            ("class", &class),
            ("data-request", &b.request.to_string()),
            ("data-member", &b.member),
            ("data-status", b.status.as_str()),
        ],
        &b.title,
    ) else {
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
            let d = format!(
                "M{} {} l8 8 M{} {} l-8 8",
                px(b.x - 4.0),
                px(b.y1 - 4.0),
                px(b.x + 4.0),
                px(b.y1 - 4.0)
            );
            pen.add(&g, "path", &[("class", "seq-bar-x"), ("d", &d)]);
        }
        BarStatus::InFlight => {
            let d = format!("M{} {} l5 6 l5 -6", px(b.x - 5.0), px(b.y1));
            pen.add(&g, "path", &[("class", "seq-bar-open-end"), ("d", &d)]);
        }
        BarStatus::Replied | BarStatus::Abandoned => {}
    }
    pen.text(
        &g,
        "text",
        &[("x", &px(b.x + 8.0)), ("y", &px(b.y0 + 10.0))],
        &b.label,
    );
}

fn arrow(pen: &Pen, parent: &Node, a: &ArrowMark) {
    let dir = if a.x2 >= a.x1 { 1.0 } else { -1.0 };
    let tip = a.x2 - dir * 6.0;
    let points = format!(
        "{},{} {},{} {},{}",
        px(tip),
        px(a.y),
        px(tip - dir * 7.0),
        px(a.y - 4.0),
        px(tip - dir * 7.0),
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
    let Some(g) = pen.group(
        parent,
        &[
            ("class", class),
            ("data-message", &a.id.to_string()),
            ("data-from", &a.from),
            ("data-to", &a.to),
            ("data-kind", a.kind.as_str()),
        ],
        &a.title,
    ) else {
        return;
    };
    let y = px(a.y);
    pen.add(
        &g,
        "line",
        &[("x1", &px(start)), ("x2", &px(tip)), ("y1", &y), ("y2", &y)],
    );
    pen.add(&g, "polygon", &[("points", &points)]);
    pen.text(
        &g,
        "text",
        &[
            ("x", &px(a.x1 + dir * 9.0)),
            ("y", &px(a.y - 4.0)),
            ("text-anchor", anchor),
        ],
        &a.label,
    );
}

fn refusal(pen: &Pen, parent: &Node, r: &RefusalMark) {
    let class = if r.current {
        "seq-refusal current"
    } else {
        "seq-refusal"
    };
    let Some(g) = pen.group(
        parent,
        &[("class", class), ("data-code", r.code.as_str())],
        &r.title,
    ) else {
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

/// The legend: every mark with its meaning, in the learner's language; shapes, not only colour.
fn legend(lang: Lang) -> impl IntoView {
    let item = |swatch: AnyView, text: &'static str| {
        view! {
            <li>
                <svg class="seq-swatch" width="34" height="16" viewBox="0 0 34 16" aria-hidden="true">
                    {swatch}
                </svg>
                <span>{text}</span>
            </li>
        }
    };
    view! {
        <ul class="seq-legend" aria-label=tr(lang, "图例", "Legend")>
            {item(
                view! {
                    <g class="seq-arrow">
                        <line x1="2" x2="25" y1="8" y2="8"></line>
                        <polygon points="32,8 25,4 25,12"></polygon>
                    </g>
                }
                    .into_any(),
                tr(lang, "消息：发送者 → 收件人（编号 · 类型）", "message: sender → recipient (id · kind)"),
            )}
            {item(
                view! {
                    <g class="seq-bar replied">
                        <rect x="12" y="1" width="10" height="14" rx="2"></rect>
                    </g>
                }
                    .into_any(),
                tr(lang, "模型调用：从发出请求到收到回复", "model call: from request sent to reply"),
            )}
            {item(
                view! {
                    <g class="seq-bar in_flight">
                        <rect x="12" y="1" width="10" height="14" rx="2"></rect>
                    </g>
                }
                    .into_any(),
                tr(lang, "虚线框：进行中，还没有回复", "dashed: in flight, no reply yet"),
            )}
            {item(
                view! {
                    <g class="seq-band lock">
                        <rect x="6" y="1" width="22" height="14" fill="url(#seq-lock-hatch)"></rect>
                    </g>
                }
                    .into_any(),
                tr(lang, "斜线带“锁”：持有宿主的锁", "hatched “lock”: holds the host's lock"),
            )}
            {item(
                view! {
                    <g class="seq-band wait">
                        <rect x="9" y="1" width="16" height="14" fill="none"></rect>
                    </g>
                }
                    .into_any(),
                tr(lang, "点线框“等锁”：排队等锁", "dotted “waits”: queues for the lock"),
            )}
            {item(
                view! {
                    <g class="seq-refusal">
                        <circle cx="17" cy="8" r="6"></circle>
                        <line x1="13" y1="12" x2="21" y2="4"></line>
                    </g>
                }
                    .into_any(),
                tr(lang, "⊘ 被拒绝（悬停看原因）", "⊘ refused (hover for the reason)"),
            )}
            {item(
                view! {
                    <g class="seq-cursor">
                        <rect x="0" y="2" width="34" height="12"></rect>
                        <text class="seq-cursor-mark" x="2" y="12">"▶"</text>
                    </g>
                }
                    .into_any(),
                tr(lang, "▶ 当前这一步", "▶ the current step"),
            )}
        </ul>
    }
}
