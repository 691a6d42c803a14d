//! What the diagram draws: one type per kind of mark, the marks of one step ([`Marks`]) and
//! the layout around them ([`SeqLayout`]: its size, the step, the current time).

use crate::engine::{MessageId, MessageKind, RefusalCode, RequestId};

/// One lifeline.
#[derive(Clone, Debug, PartialEq)]
pub struct LaneMark {
    pub name: String,
    pub role: String,
    pub x: f64,
    pub title: String,
}

/// A message: sender -> recipient at the time it was stored.
#[derive(Clone, Debug, PartialEq)]
pub struct ArrowMark {
    pub seq: usize,
    pub id: MessageId,
    pub kind: MessageKind,
    pub from: String,
    pub to: String,
    pub x1: f64,
    pub x2: f64,
    pub y: f64,
    pub time: u64,
    pub label: String,
    pub title: String,
    pub current: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarStatus {
    Replied,
    Failed,
    /// No reply yet at the step: drawn open, reaching the current time.
    InFlight,
    /// The page reloaded while it was in flight.
    Abandoned,
}

impl BarStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BarStatus::Replied => "replied",
            BarStatus::Failed => "failed",
            BarStatus::InFlight => "in_flight",
            BarStatus::Abandoned => "abandoned",
        }
    }
}

/// A model call on the member's lifeline, from request sent to reply.
#[derive(Clone, Debug, PartialEq)]
pub struct BarMark {
    pub request: RequestId,
    pub member: String,
    pub x: f64,
    pub y0: f64,
    pub y1: f64,
    pub t0: u64,
    /// Logical time of the reply (None while in flight).
    pub t1: Option<u64>,
    pub status: BarStatus,
    /// The request was sent before the window: the bar starts at the window's top.
    pub clipped_top: bool,
    pub label: String,
    pub title: String,
    pub current: bool,
}

/// T6: the lock held by a member (`wait == false`), or a member waiting for it (`wait == true`).
#[derive(Clone, Debug, PartialEq)]
pub struct BandMark {
    pub member: String,
    pub x: f64,
    pub y0: f64,
    pub y1: f64,
    pub t0: Option<u64>,
    pub t1: Option<u64>,
    pub wait: bool,
    /// Still held (or still waiting) at the step.
    pub open: bool,
    pub clipped_top: bool,
    pub title: String,
}

/// A refusal, on the lifeline of the member it concerns (the gutter for the host).
#[derive(Clone, Debug, PartialEq)]
pub struct RefusalMark {
    pub seq: usize,
    pub code: RefusalCode,
    pub x: f64,
    pub y: f64,
    pub title: String,
    pub current: bool,
}

/// A horizontal tick where a new logical time begins.
#[derive(Clone, Debug, PartialEq)]
pub struct TickMark {
    pub time: u64,
    pub y: f64,
    pub title: String,
}

/// The event of the current step.
#[derive(Clone, Debug, PartialEq)]
pub struct CursorMark {
    pub seq: usize,
    pub y: f64,
    /// The actor's lifeline, if it has one.
    pub x: Option<f64>,
    pub title: String,
}

/// The marks of one step (all of them, or the ones in view: [`Marks::visible`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    pub lanes: Vec<LaneMark>,
    pub arrows: Vec<ArrowMark>,
    pub bars: Vec<BarMark>,
    pub bands: Vec<BandMark>,
    pub refusals: Vec<RefusalMark>,
    pub ticks: Vec<TickMark>,
    pub cursor: Option<CursorMark>,
}

impl Marks {
    /// Number of marks (lanes included), to check that the drawing stays bounded.
    pub fn count(&self) -> usize {
        self.lanes.len()
            + self.arrows.len()
            + self.bars.len()
            + self.bands.len()
            + self.refusals.len()
            + self.ticks.len()
            + usize::from(self.cursor.is_some())
    }

    pub fn lane_x(&self, name: &str) -> Option<f64> {
        self.lanes.iter().find(|l| l.name == name).map(|l| l.x)
    }

    /// The request bars of one member, in order.
    pub fn bars_of<'a>(&'a self, member: &'a str) -> impl Iterator<Item = &'a BarMark> + 'a {
        self.bars.iter().filter(move |b| b.member == member)
    }
}

/// Everything the diagram draws at one step: its marks and the frame around them.
#[derive(Clone, Debug, PartialEq)]
pub struct SeqLayout {
    pub marks: Marks,
    /// Events before the window that are not drawn.
    pub hidden_before: usize,
    /// The step the layout is for (events `0..step` happened).
    pub step: usize,
    /// Logical time at the step.
    pub now: u64,
    pub width: f64,
    pub height: f64,
    /// y of the current time (where open bars end).
    pub now_y: f64,
}

impl SeqLayout {
    /// The refusals drawn, as (step, reason), for a list a phone can tap and a keyboard can
    /// reach: a mark's reason is otherwise its SVG title, which only a pointer hovering shows.
    pub fn refusal_reasons(&self) -> Vec<(usize, String)> {
        self.marks
            .refusals
            .iter()
            .map(|r| (r.seq + 1, r.title.clone()))
            .collect()
    }

    /// Where the view keeps its eye: the current event, or the current time at step 0.
    pub fn focus_y(&self) -> f64 {
        self.marks.cursor.as_ref().map_or(self.now_y, |c| c.y)
    }
}
