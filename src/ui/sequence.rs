//! The sequence diagram: one lifeline per member, logical time downwards, message arrows,
//! model calls as bars (open while in flight), lock holding as hatched bands, lock waits and
//! refusals, up to the current step with the current event highlighted. Clicking a lifeline
//! header selects that member. The layout (events -> positioned marks) lives in
//! `sequence_layout.rs`; this file only draws it, as text nodes and attributes.

use leptos::html::Div;
use leptos::prelude::*;

use super::context::Playground;
use super::i18n::tr;
use super::sequence_layout::{
    follow, layout, ArrowMark, BandMark, BarMark, BarStatus, CursorMark, LaneMark, RefusalMark,
    SeqLayout, TickMark, Viewport, GUTTER, HEAD_H, LANE_W, MARGIN_Y, VIEW_H,
};
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
    // The box is never wider than the window; reading the window's width needs no layout.
    let window_w = RwSignal::new(window_width());
    let resize = window_event_listener(leptos::ev::resize, move |_| window_w.set(window_width()));
    on_cleanup(move || resize.remove());

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
    let svg = move || {
        shown.get().then(|| {
            view! {
                <svg
                    class="seq-svg seq-heads"
                    width=move || size.get().0
                    height=HEAD_H
                    viewBox=move || format!("0 0 {:.0} {:.0}", size.get().0, HEAD_H)
                >
                    {move || lanes.with(|l| l.as_ref().map(|l| draw_heads(l, pg)))}
                </svg>
                <svg
                    data-testid="sequence-diagram"
                    class="seq-svg"
                    role="group"
                    aria-label=move || svg_label(lang())
                    width=move || size.get().0
                    height=body_h
                    viewBox=move || format!("0 {:.0} {:.0} {:.0}", HEAD_H, size.get().0, body_h())
                    data-step=move || size.get().2
                >
                    {defs()}
                    {move || lanes.with(|l| l.as_ref().map(|l| draw_lifelines(l)))}
                    {move || {
                        let lang = lang();
                        shown_layout.with(|d| d.as_ref().map(|d| draw_marks(d, lang)))
                    }}
                </svg>
            }
        })
    };

    view! {
        <section class="sequence" aria-labelledby="sequence-heading">
            <h2 id="sequence-heading">{move || tr(lang(), "时序图", "Sequence diagram")}</h2>
            <p class="seq-note">{note}</p>
            <div
                class="seq-scroll"
                style=format!("max-height: {VIEW_H}px; overflow: auto")
                node_ref=scroller
                on:scroll=on_scroll
            >
                {svg}
            </div>
            {move || legend(lang())}
        </section>
    }
}

/// The window's inner width: an upper bound of any box's visible width, read without layout.
pub fn window_width() -> f64 {
    web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .unwrap_or(1280.0)
}

fn svg_label(lang: Lang) -> &'static str {
    tr(
        lang,
        "时序图：每个成员一条生命线，纵轴是逻辑时间",
        "Sequence diagram: one lifeline per member, logical time downwards",
    )
}

fn defs() -> impl IntoView {
    view! {
        <defs>
            <pattern
                id="seq-lock-hatch"
                width="6"
                height="6"
                patternUnits="userSpaceOnUse"
                patternTransform="rotate(45)"
            >
                <line class="seq-hatch-line" x1="0" y1="0" x2="0" y2="6"></line>
            </pattern>
        </defs>
    }
}

/// Draws one layout as a whole SVG, as the component does (public so the browser test can
/// time a full render).
pub fn draw(d: &SeqLayout, pg: Playground, lang: Lang) -> impl IntoView {
    view! {
        <svg
            data-testid="sequence-diagram"
            class="seq-svg"
            role="group"
            aria-label=svg_label(lang)
            width=d.width
            height=d.height
            viewBox=format!("0 0 {:.0} {:.0}", d.width, d.height)
            data-step=d.step
        >
            {defs()}
            {draw_lifelines(&d.lanes)}
            {draw_heads(&d.lanes, pg)}
            {draw_marks(d, lang)}
        </svg>
    }
}

/// Lifelines, down to the bottom of the SVG whatever its height.
fn draw_lifelines(lanes: &[LaneMark]) -> impl IntoView {
    let lifelines = lanes
        .iter()
        .map(|l| {
            view! { <line class="seq-lifeline" x1=l.x x2=l.x y1=HEAD_H y2="100000"></line> }
        })
        .collect_view();
    view! { <g class="seq-lanes">{lifelines}</g> }
}

/// The lane headers (pinned at the top of the scroll box, so names stay in view).
fn draw_heads(lanes: &[LaneMark], pg: Playground) -> impl IntoView {
    let heads = lanes.iter().map(|l| head(l, pg)).collect_view();
    view! { <g class="seq-lane-heads">{heads}</g> }
}

/// Everything that changes with the step (public so the browser test can time a step).
pub fn draw_marks(d: &SeqLayout, lang: Lang) -> impl IntoView {
    let ticks = d.ticks.iter().map(|t| tick(t, d.width)).collect_view();
    let hidden = (d.hidden_before > 0).then(|| {
        let text = match lang {
            Lang::Zh => format!("⋯ 更早的 {} 个事件未画出", d.hidden_before),
            Lang::En => format!("⋯ {} earlier events not drawn", d.hidden_before),
        };
        view! {
            <text class="seq-hidden" x=GUTTER y=HEAD_H + 12.0>
                <title>{text.clone()}</title>
                {text}
            </text>
        }
    });
    let cursor = d.cursor.as_ref().map(|c| cursor(c, d.width));
    let bands = d.bands.iter().map(|b| band(b, lang)).collect_view();
    let bars = d.bars.iter().map(bar).collect_view();
    let arrows = d.arrows.iter().map(arrow).collect_view();
    let refusals = d.refusals.iter().map(refusal).collect_view();
    let now_text = match lang {
        Lang::Zh => format!("现在 t={}", d.now),
        Lang::En => format!("now t={}", d.now),
    };
    view! {
        <g class="seq-marks">
            {ticks}
            {hidden}
            {cursor}
            {bands}
            {bars}
            {arrows}
            {refusals}
            <g class="seq-now">
                <title>{now_text.clone()}</title>
                <line x1=GUTTER - 4.0 x2=d.width y1=d.now_y y2=d.now_y></line>
                <text x=2.0 y=d.now_y + 4.0>{now_text}</text>
            </g>
        </g>
    }
}

fn tick(t: &TickMark, width: f64) -> impl IntoView {
    view! {
        <g class="seq-tick">
            <title>{t.title.clone()}</title>
            <line x1=GUTTER - 4.0 x2=width y1=t.y y2=t.y></line>
            <text x=4.0 y=t.y + 4.0>{format!("t{}", t.time)}</text>
        </g>
    }
}

fn head(l: &LaneMark, pg: Playground) -> impl IntoView {
    let name = l.name.clone();
    let select = {
        let name = name.clone();
        move || pg.selected.set(Some(name.clone()))
    };
    let on_key = {
        let select = select.clone();
        move |ev: leptos::ev::KeyboardEvent| {
            if ev.key() == "Enter" || ev.key() == " " {
                ev.prevent_default();
                ev.stop_propagation();
                select();
            }
        }
    };
    let selected = {
        let name = name.clone();
        move || pg.selected.with(|s| s.as_deref() == Some(name.as_str()))
    };
    let pressed = {
        let selected = selected.clone();
        move || if selected() { "true" } else { "false" }
    };
    let role_label = format!("({})", l.role);
    let member_attr = name.clone();
    view! {
        <g
            class="seq-head"
            class:selected=selected
            role="button"
            tabindex="0"
            aria-pressed=pressed
            data-member=member_attr
            on:click=move |_| select()
            on:keydown=on_key
        >
            <title>{l.title.clone()}</title>
            <rect
                x=l.x - LANE_W / 2.0 + 4.0
                y=4.0
                width=LANE_W - 8.0
                height=HEAD_H - 8.0
                rx=6.0
            ></rect>
            <text class="seq-head-name" x=l.x y=21.0>{name}</text>
            <text class="seq-head-role" x=l.x y=34.0>{role_label}</text>
        </g>
    }
}

fn cursor(c: &CursorMark, width: f64) -> impl IntoView {
    let ring =
        c.x.map(|x| view! { <circle class="seq-cursor-ring" cx=x cy=c.y r=8.0></circle> });
    view! {
        <g class="seq-cursor" data-seq=c.seq>
            <title>{c.title.clone()}</title>
            <rect x=GUTTER - 4.0 y=c.y - 7.0 width=width - GUTTER + 4.0 height=14.0></rect>
            {ring}
            <text class="seq-cursor-mark" x=GUTTER - 6.0 y=c.y + 4.0>"▶"</text>
        </g>
    }
}

fn band(b: &BandMark, lang: Lang) -> impl IntoView {
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
    view! {
        <g
            class=format!("seq-band {kind}")
            class:open=b.open
            data-member=b.member.clone()
            data-kind=kind
        >
            <title>{b.title.clone()}</title>
            <rect x=b.x - half y=b.y0 width=half * 2.0 height=b.y1 - b.y0 fill=fill></rect>
            <text x=b.x - half - 3.0 y=b.y0 + 9.0>{text}</text>
        </g>
    }
}

fn bar(b: &BarMark) -> impl IntoView {
    let failed = (b.status == BarStatus::Failed).then(|| {
        view! {
            <path class="seq-bar-x" d=format!(
                "M{} {} l8 8 M{} {} l-8 8",
                b.x - 4.0,
                b.y1 - 4.0,
                b.x + 4.0,
                b.y1 - 4.0,
            )></path>
        }
    });
    let open_end = (b.status == BarStatus::InFlight).then(|| {
        view! {
            <path class="seq-bar-open-end" d=format!(
                "M{} {} l5 6 l5 -6",
                b.x - 5.0,
                b.y1,
            )></path>
        }
    });
    view! {
        <g
            class=format!("seq-bar {}", b.status.as_str())
            class:current=b.current
            class:clipped=b.clipped_top
            data-request=b.request.to_string()
            data-member=b.member.clone()
            data-status=b.status.as_str()
        >
            <title>{b.title.clone()}</title>
            <rect x=b.x - 5.0 y=b.y0 width=10.0 height=b.y1 - b.y0 rx=2.0></rect>
            {failed}
            {open_end}
            <text x=b.x + 8.0 y=b.y0 + 10.0>{b.label.clone()}</text>
        </g>
    }
}

fn arrow(a: &ArrowMark) -> impl IntoView {
    let dir = if a.x2 >= a.x1 { 1.0 } else { -1.0 };
    let tip = a.x2 - dir * 6.0;
    let head = format!(
        "{},{} {},{} {},{}",
        tip,
        a.y,
        tip - dir * 7.0,
        a.y - 4.0,
        tip - dir * 7.0,
        a.y + 4.0
    );
    let start = a.x1 + dir * 6.0;
    // The label sits next to the sender, so it never crosses a lifeline in between.
    let anchor = if dir > 0.0 { "start" } else { "end" };
    view! {
        <g
            class="seq-arrow"
            class:current=a.current
            data-message=a.id.to_string()
            data-from=a.from.clone()
            data-to=a.to.clone()
            data-kind=a.kind.as_str()
        >
            <title>{a.title.clone()}</title>
            <line x1=start x2=tip y1=a.y y2=a.y></line>
            <polygon points=head></polygon>
            <text x=a.x1 + dir * 9.0 y=a.y - 4.0 text-anchor=anchor>{a.label.clone()}</text>
        </g>
    }
}

fn refusal(r: &RefusalMark) -> impl IntoView {
    view! {
        <g class="seq-refusal" class:current=r.current data-code=r.code.as_str()>
            <title>{r.title.clone()}</title>
            <circle cx=r.x cy=r.y r=7.0></circle>
            <line x1=r.x - 5.0 y1=r.y + 5.0 x2=r.x + 5.0 y2=r.y - 5.0></line>
        </g>
    }
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
