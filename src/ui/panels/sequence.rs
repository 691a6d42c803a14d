//! The sequence diagram on the page: one lifeline per member, logical time downwards, message
//! arrows, model calls as bars, lock bands and waits, refusals, up to the current step with the
//! current event highlighted. Clicking a lifeline header selects that member. The layout, what
//! of it is in view, its markup and the legend are the view model's (`view::sequence`); this
//! component keeps the scroll box following the current event, puts the markup of what is in
//! view on the page and handles the header clicks.

use leptos::html::Div;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::Lang;
use crate::ui::browser::i18n::tr;
use crate::ui::browser::svg::{self, px, Pen};
use crate::ui::browser::viewport::window_width;
use crate::ui::state::context::Playground;
use crate::view::sequence::draw::{draw_head, draw_lifeline, draw_marks, head_class};
use crate::view::sequence::{
    follow, layout, legend, scrolled_far, Marks, SeqLayout, Viewport, HEAD_H, VIEW_H,
};

/// The diagram's scroll box: where it is and where its drawn marks were taken from. Kept
/// outside the reactive graph and never read from the DOM during a step: reading `scrollTop`
/// after the DOM changed forces a layout of the whole page in the middle of the update.
#[derive(Clone, Copy)]
struct ScrollBox {
    el: NodeRef<Div>,
    /// (left, top) as last written or scrolled to.
    at: StoredValue<(f64, f64)>,
    /// (left, top) the drawn marks were chosen for.
    drawn_at: StoredValue<(f64, f64)>,
    /// Bumped when the learner scrolls far enough that other marks come into view.
    scrolled: RwSignal<u32>,
}

impl ScrollBox {
    fn new() -> ScrollBox {
        ScrollBox {
            el: NodeRef::new(),
            at: StoredValue::new((0.0, 0.0)),
            drawn_at: StoredValue::new((0.0, 0.0)),
            scrolled: RwSignal::new(0),
        }
    }

    /// The scroll top for this step, as (step, top): follow the current event when the step
    /// (or the lesson) changed; keep the learner's own scrolling otherwise. Written to the box
    /// in the next animation frame.
    fn follow(self, diagram: Memo<Option<SeqLayout>>) -> Memo<(usize, f64)> {
        let top = Memo::new(move |previous: Option<&(usize, f64)>| {
            self.scrolled.track();
            let (step, target, height) = diagram.with(|d| {
                d.as_ref()
                    .map_or((0, 0.0, 0.0), |d| (d.step, d.focus_y(), d.height))
            });
            let (_, now_top) = self.at.get_value();
            match previous {
                Some((was, _)) if *was == step => (step, now_top),
                _ => (step, follow(now_top, target, height)),
            }
        });
        Effect::new(move |_| {
            let (_, want) = top.get();
            let (left, at) = self.at.get_value();
            if (want - at).abs() >= 1.0 {
                self.at.set_value((left, want));
                // Writing scrollTop lays the page out; in the next frame that layout is the one
                // the frame needs anyway, after every update of this step, so it happens once.
                if let Some(el) = self.el.get_untracked() {
                    request_animation_frame(move || el.set_scroll_top(want as i32));
                }
            }
        });
        top
    }

    fn on_scroll(self) {
        let Some(el) = self.el.get_untracked() else {
            return;
        };
        let now = (f64::from(el.scroll_left()), f64::from(el.scroll_top()));
        self.at.set_value(now);
        if scrolled_far(self.drawn_at.get_value(), now) {
            self.scrolled.update(|n| *n = n.wrapping_add(1));
        }
    }

    /// The marks in view (plus a margin): the only marks that become SVG elements.
    fn shown(
        self,
        diagram: Memo<Option<SeqLayout>>,
        top: Memo<(usize, f64)>,
    ) -> Memo<Option<Marks>> {
        // The box is never wider than the window (its width is a signal, read on resize only).
        let window_w = window_width();
        Memo::new(move |_| {
            let (_, top) = top.get();
            self.scrolled.track();
            let (left, _) = self.at.get_value();
            self.drawn_at.set_value((left, top));
            let view = Viewport::around(left, top, window_w.get());
            diagram.with(|d| d.as_ref().map(|d| d.marks.visible(view)))
        })
    }

    /// The diagram's `<g class=…>` whose content is written as markup.
    fn group(self, class: &'static str) -> Option<web_sys::Element> {
        self.el
            .get()
            .and_then(|el| svg::find(&el, &format!("g.{class}")))
    }
}

/// Draws the lifelines and lane headers in view. They change only with the roster, the
/// language and horizontal scrolling, so a step redraws only the marks (and the SVG's size).
fn paint_lanes(pg: Playground, scroll: ScrollBox, shown: Memo<Option<Marks>>) {
    let lanes = Memo::new(move |_| shown.with(|m| m.as_ref().map(|m| m.lanes.clone())));
    Effect::new(move |_| {
        let (Some(g), Some(lifelines)) =
            (scroll.group("seq-lane-heads"), scroll.group("seq-lanes"))
        else {
            return;
        };
        let (heads, lines) = (Pen::new(), Pen::new());
        lanes.with(|lanes| {
            let selected = pg.selected.get_untracked();
            for lane in lanes.iter().flatten() {
                draw_lifeline(&lines, &lines.root(), lane);
                let on = selected.as_deref() == Some(lane.name.as_str());
                draw_head(&heads, &heads.root(), lane, on);
            }
        });
        svg::paint(&g, heads);
        svg::paint(&lifelines, lines);
    });
    // The selection only restyles the headers that are there.
    Effect::new(move |_| {
        let selected = pg.selected.get();
        let Some(heads) = scroll
            .group("seq-lane-heads")
            .and_then(|g| g.query_selector_all(".seq-head").ok())
        else {
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
            let _ = head.set_attribute("class", head_class(on));
            let _ = head.set_attribute("aria-pressed", if on { "true" } else { "false" });
        }
    });
}

/// Draws the marks in view, once per change of what is in view.
fn paint_marks(
    pg: Playground,
    scroll: ScrollBox,
    diagram: Memo<Option<SeqLayout>>,
    shown: Memo<Option<Marks>>,
) {
    Effect::new(move |_| {
        let lang = pg.lang.get();
        let Some(g) = scroll.group("seq-marks") else {
            return;
        };
        let pen = Pen::new();
        diagram.with(|d| {
            shown.with(|shown| {
                if let (Some(d), Some(shown)) = (d, shown) {
                    draw_marks(&pen, &pen.root(), d, shown, lang);
                }
            })
        });
        svg::paint(&g, pen);
    });
}

#[component]
pub fn SequenceDiagram() -> impl IntoView {
    let pg = Playground::get();
    let scroll = ScrollBox::new();
    let diagram = Memo::new(move |_| {
        let lang = pg.lang.get();
        let timeline = pg.timeline()?;
        pg.state.with(|state| {
            state
                .as_ref()
                .map(|s| layout(timeline.events(), s.step, &s.state, lang))
        })
    });
    let top = scroll.follow(diagram);
    let shown_marks = scroll.shown(diagram, top);
    // The SVG skeleton is a view; what is inside its groups is written as markup.
    paint_lanes(pg, scroll, shown_marks);
    paint_marks(pg, scroll, diagram, shown_marks);

    let lang = move || pg.lang.get();
    let note = move || {
        let lang = lang();
        diagram.with(|d| d.as_ref().map(|d| d.note(lang)).unwrap_or_default())
    };
    let size = Memo::new(move |_| {
        diagram.with(|d| {
            d.as_ref()
                .map_or((0.0, 0.0, 0), |d| (d.width, d.height, d.step))
        })
    });
    let shown = Memo::new(move |_| diagram.with(Option::is_some));
    let body_h = move || (size.get().1 - HEAD_H).max(1.0);
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
                node_ref=scroll.el
                on:scroll=move |_| scroll.on_scroll()
            >
                <svg
                    class="seq-svg seq-heads"
                    width=move || px(size.get().0)
                    height=px(HEAD_H)
                    viewBox=move || format!("0 0 {} {}", px(size.get().0), px(HEAD_H))
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
                    width=move || px(size.get().0)
                    height=move || px(body_h())
                    viewBox=move || format!("0 {} {} {}", px(HEAD_H), px(size.get().0), px(body_h()))
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
            {move || reasons_view(diagram, lang())}
            {move || legend_view(lang())}
        </section>
    }
}

/// The `data-member` of the lane header an event happened on, if any.
fn member_of(target: Option<web_sys::EventTarget>) -> Option<String> {
    crate::ui::browser::delegated_click::closest_attr(
        target,
        ".seq-head[data-member]",
        "data-member",
    )
}

fn svg_label(lang: Lang) -> &'static str {
    tr(
        lang,
        "时序图：每个成员一条生命线，纵轴是逻辑时间",
        "Sequence diagram: one lifeline per member, logical time downwards",
    )
}

/// The refusals drawn and their reasons, folded in a list a tap or a key opens (a mark's own
/// reason shows only on hover). Nothing while the diagram has no refusal.
fn reasons_view(diagram: Memo<Option<SeqLayout>>, lang: Lang) -> impl IntoView {
    let reasons = diagram.with(|d| {
        d.as_ref()
            .map(SeqLayout::refusal_reasons)
            .unwrap_or_default()
    });
    (!reasons.is_empty()).then(|| {
        let n = reasons.len();
        let items = reasons
            .into_iter()
            .map(|(step, reason)| {
                let at = match lang {
                    Lang::Zh => format!("第 {step} 步："),
                    Lang::En => format!("step {step}: "),
                };
                view! { <li>{at}{reason}</li> }
            })
            .collect_view();
        let summary = match lang {
            Lang::Zh => format!("拒绝及其原因（{n}）"),
            Lang::En => format!("Refusals and their reasons ({n})"),
        };
        view! {
            <details class="seq-reasons" data-testid="seq-reasons">
                <summary>{summary}</summary>
                <ol>{items}</ol>
            </details>
        }
    })
}

/// The legend: a sample of every mark, drawn as the diagram draws it, with its meaning.
fn legend_view(lang: Lang) -> impl IntoView {
    let items = legend(lang)
        .into_iter()
        .map(|item| {
            view! {
                <li>
                    <svg class="seq-swatch" width=px(item.width) height="16" viewBox=item.view_box()
                        aria-hidden="true" inner_html=item.swatch(lang)>
                    </svg>
                    <span>{item.text}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="seq-legend" aria-label=tr(lang, "图例", "Legend")>{items}</ul> }
}
