//! The sequence diagram's view model: the events up to a step as positioned marks (lanes,
//! message arrows, model-call bars, lock bands, lock waits, refusal glyphs, time ticks and the
//! current-event cursor), the part of them a scroll box shows, and the legend. Pure data, no
//! DOM; `ui/panels/sequence.rs` draws it.
//!
//! The vertical axis is logical time (`Event::time`). The mapping is monotone: each new time
//! value starts after a gap that grows with the elapsed time, and inside one time value the
//! events that draw something get their own thin slot, in log order. Two intervals of logical
//! time therefore overlap on screen exactly when they overlap in the log, which is the point
//! of lesson 1 (reader and reviewer work at once) and lesson 3 (the wide lock serialises them).
//!
//! Only a bounded window is laid out: the last [`WINDOW_EVENTS`] events up to the step. Bars,
//! lock bands and waits that began before the window start at its top (`clipped_top`); those
//! still open at the step are taken from the team state, so a 100,000-event log costs the same
//! as a short one.
//!
//! Only what the scroll box shows is drawn: [`Marks::visible`] keeps the marks that touch a
//! [`Viewport`] (what is in view plus a margin), and [`follow`] says where the box scrolls so
//! the current event stays in view. Both are computed here, without reading the DOM, so a step
//! never waits on a layout read. [`draw`] writes the marks as SVG markup.

pub mod draw;
mod layout;
mod legend;
mod marks;
mod text;
mod viewport;

pub use layout::{layout, layout_window, WINDOW_EVENTS};
pub use legend::{legend, LegendItem};
pub use marks::{
    ArrowMark, BandMark, BarMark, BarStatus, CursorMark, LaneMark, Marks, RefusalMark, SeqLayout,
    TickMark,
};
pub use text::kind_label;
pub use viewport::{follow, scrolled_far, Viewport, MARGIN_X, MARGIN_Y, VIEW_H};

/// Width of the time gutter on the left.
pub const GUTTER: f64 = 46.0;
/// Horizontal distance between two lifelines.
pub const LANE_W: f64 = 108.0;
/// Height of the lane headers.
pub const HEAD_H: f64 = 44.0;

#[cfg(test)]
mod tests;
