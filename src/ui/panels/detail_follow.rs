//! The member detail follows the step (issue 45): when a step changes the open member's
//! history, candidate or requests (`view::detail::step_changes`), the entries it changed are
//! marked `data-step-changed` and, where the side panel scrolls on its own (beside the stage
//! on a wide screen, in an embed), the panel scrolls so the first of them is in view below
//! its jump list. On a phone the side panel is part of the page: scrolling there would take
//! the stage out of view, so the marks alone show. Only a step does this, never the opening
//! of a member (`side_nav::reveal_detail` brings the detail then); the marks and the scroll
//! are written one frame after the step is drawn, when the layout is due anyway.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::state::context::Playground;
use crate::view::detail::step_changes::StepChanges;

/// Room kept above an entry brought into view, for the panel's sticky jump list (px).
const BELOW_NAV: f64 = 120.0;

/// Follows the step in the open member's detail (call once, in the detail).
pub fn follow_step(pg: Playground) {
    let changes = Memo::new(move |_| {
        let name = pg.selected.get()?;
        pg.state.with(|s| {
            let s = s.as_ref()?;
            let now = s.state.member(&name)?;
            let before = s.before.as_ref().and_then(|b| b.member(&name));
            Some((s.step, StepChanges::of(now, before)))
        })
    });
    let last_step = StoredValue::new(None::<usize>);
    Effect::new(move |_| {
        let Some((step, changes)) = changes.get() else {
            return;
        };
        // A new member opened at the same step is the side list's to bring, not ours.
        let moved = last_step.get_value().is_some_and(|s| s != step);
        last_step.set_value(Some(step));
        if moved {
            request_animation_frame(move || mark_and_scroll(changes));
        }
    });
}

fn mark_and_scroll(changes: StepChanges) {
    let Some(detail) = document()
        .query_selector("[data-testid=member-detail]")
        .ok()
        .flatten()
    else {
        return;
    };
    // The marks of an earlier step go (an entry list the step left alone is not drawn again).
    for el in all(&detail, "[data-step-changed]") {
        let _ = el.remove_attribute("data-step-changed");
    }
    let mut changed: Vec<web_sys::Element> = Vec::new();
    if let Some(from) = changes.history_from {
        changed.extend(
            all(&detail, ".detail-history li.entry")
                .into_iter()
                .filter(|el| {
                    el.get_attribute("data-index")
                        .and_then(|i| i.parse::<usize>().ok())
                        .is_some_and(|i| i >= from)
                }),
        );
    }
    if changes.candidate {
        changed.extend(all(&detail, ".detail-candidate li.entry-new"));
    }
    if changes.request {
        changed.extend(all(&detail, ".request-messages li.entry-new"));
    }
    for el in &changed {
        let _ = el.set_attribute("data-step-changed", "true");
    }
    let Some(first) = changed.first() else {
        return;
    };
    let Some(panel) = detail.closest(".side-panel").ok().flatten() else {
        return;
    };
    let scrolls = crate::ui::browser::scroll_to_top::scrolls_itself(&panel);
    if !scrolls {
        return;
    }
    let (box_, el) = (
        panel.get_bounding_client_rect(),
        first.get_bounding_client_rect(),
    );
    let above = el.top() < box_.top() + BELOW_NAV;
    let below = el.top() > box_.bottom() - 40.0;
    if above || below {
        let by = el.top() - box_.top() - BELOW_NAV;
        panel.set_scroll_top(panel.scroll_top() + by.round() as i32);
    }
}

/// The elements under `root` that match `selector`.
fn all(root: &web_sys::Element, selector: &str) -> Vec<web_sys::Element> {
    let Ok(list) = root.query_selector_all(selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .collect()
}
