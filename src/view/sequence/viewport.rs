//! What of the diagram the scroll box shows: the [`Viewport`] (what is in view plus a margin),
//! the marks that touch it, and where the box scrolls to keep the current event in view.

use super::marks::Marks;
use super::{HEAD_H, LANE_W};

/// Height of the diagram's scroll box (its lane headers stay pinned at its top).
pub const VIEW_H: f64 = 544.0;
/// Drawn beyond the visible part, so a small scroll shows marks that are already there.
pub const MARGIN_Y: f64 = VIEW_H / 4.0;
pub const MARGIN_X: f64 = LANE_W / 2.0;

/// The part of the diagram's content to draw (content coordinates, margins included).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

impl Viewport {
    /// Everything (no culling).
    pub const ALL: Viewport = Viewport {
        x0: f64::NEG_INFINITY,
        x1: f64::INFINITY,
        y0: f64::NEG_INFINITY,
        y1: f64::INFINITY,
    };

    /// What a box scrolled to (`left`, `top`) and `width` wide shows, plus the margins.
    pub fn around(left: f64, top: f64, width: f64) -> Viewport {
        Viewport {
            x0: left - MARGIN_X,
            x1: left + width + MARGIN_X,
            y0: top - MARGIN_Y,
            y1: top + VIEW_H + MARGIN_Y,
        }
    }

    fn xs(&self, a: f64, b: f64) -> bool {
        a.min(b) <= self.x1 && a.max(b) >= self.x0
    }

    fn ys(&self, a: f64, b: f64) -> bool {
        a.min(b) <= self.y1 && a.max(b) >= self.y0
    }
}

impl Marks {
    /// The marks that touch `v`, each by the box it is drawn in (labels included); lanes count
    /// by their lifeline, ticks and the cursor span the width, so only their y counts.
    pub fn visible(&self, v: Viewport) -> Marks {
        Marks {
            lanes: keep(&self.lanes, |l| {
                v.xs(l.x - LANE_W / 2.0, l.x + LANE_W / 2.0)
            }),
            arrows: keep(&self.arrows, |a| {
                v.ys(a.y - 12.0, a.y + 4.0) && v.xs(a.x1, a.x2)
            }),
            bars: keep(&self.bars, |b| {
                v.ys(b.y0, b.y1 + 12.0) && v.xs(b.x - 8.0, b.x + 80.0)
            }),
            bands: keep(&self.bands, |b| {
                v.ys(b.y0, b.y1) && v.xs(b.x - 40.0, b.x + 12.0)
            }),
            refusals: keep(&self.refusals, |r| {
                v.ys(r.y - 8.0, r.y + 8.0) && v.xs(r.x - 8.0, r.x + 8.0)
            }),
            ticks: keep(&self.ticks, |t| v.ys(t.y - 8.0, t.y + 8.0)),
            cursor: self.cursor.clone().filter(|c| v.ys(c.y - 8.0, c.y + 8.0)),
        }
    }
}

fn keep<T: Clone>(items: &[T], show: impl Fn(&T) -> bool) -> Vec<T> {
    items.iter().filter(|item| show(item)).cloned().collect()
}

/// Where the scroll box's top goes so that content y `target` is in view: unchanged when it
/// already is (below the pinned headers, above the bottom edge), else centred on it; clamped
/// to the content as the browser clamps it.
pub fn follow(top: f64, target: f64, content_h: f64) -> f64 {
    let max_top = (content_h - VIEW_H).max(0.0);
    // `max` then `min`, not `clamp`: clamp's NaN check formats floats, which would bring a
    // float formatter into the wasm.
    let top = top.max(0.0).min(max_top);
    if target < top + HEAD_H + 8.0 || target > top + VIEW_H - 24.0 {
        (target - VIEW_H / 2.0).max(0.0).min(max_top)
    } else {
        top
    }
}

/// Whether a box drawn for scroll position `drawn` and now at `now` (both (left, top)) has
/// moved far enough that other marks may come into view (half a lane across, half the margin
/// down): a smaller scroll shows marks that are already drawn.
pub fn scrolled_far(drawn: (f64, f64), now: (f64, f64)) -> bool {
    (now.0 - drawn.0).abs() >= LANE_W / 2.0 || (now.1 - drawn.1).abs() >= MARGIN_Y / 2.0
}
