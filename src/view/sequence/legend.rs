//! The diagram's legend: one sample of each kind of mark with what it means, in the learner's
//! language. A sample is a mark like any other and its swatch is drawn by the functions that
//! draw the diagram ([`super::draw`]), so the legend cannot drift from what it explains; only
//! the data attributes that name a message, request or member are left out.

use super::draw::{draw_samples, px};
use super::marks::{ArrowMark, BandMark, BarMark, BarStatus, CursorMark, Marks, RefusalMark};
use super::GUTTER;
use crate::engine::{Lang, MessageId, MessageKind, RefusalCode, RequestId};
use crate::markup::Pen;
use crate::view::tr;

/// Height of a swatch; every sample sits between y 0 and 16.
const SWATCH_H: f64 = 16.0;

/// One legend entry: a sample mark and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendItem {
    /// The sample, the only mark in the set.
    pub sample: Marks,
    /// The swatch's left edge and width in the sample's coordinates.
    pub x0: f64,
    pub width: f64,
    pub text: &'static str,
}

impl LegendItem {
    /// The swatch's `viewBox`.
    pub fn view_box(&self) -> String {
        format!("{} 0 {} {}", px(self.x0), px(self.width), px(SWATCH_H))
    }

    /// The swatch's markup, drawn as the diagram draws the sample.
    pub fn swatch(&self, lang: Lang) -> String {
        let pen = Pen::new();
        draw_samples(&pen, &pen.root(), &self.sample, self.x0 + self.width, lang);
        pen.finish()
    }
}

fn bar(status: BarStatus, y1: f64, text: &'static str) -> Marks {
    Marks {
        bars: vec![BarMark {
            request: RequestId(1),
            member: String::new(),
            x: 17.0,
            y0: 1.0,
            y1,
            t0: 0,
            t1: None,
            status,
            clipped_top: false,
            label: String::new(),
            title: text.to_string(),
            current: false,
        }],
        ..Marks::default()
    }
}

fn band(wait: bool, text: &'static str) -> Marks {
    Marks {
        bands: vec![BandMark {
            member: String::new(),
            x: 40.0,
            y0: 1.0,
            y1: 15.0,
            t0: None,
            t1: None,
            wait,
            open: false,
            clipped_top: false,
            title: text.to_string(),
        }],
        ..Marks::default()
    }
}

/// The legend's entries, in the order they are listed.
pub fn legend(lang: Lang) -> Vec<LegendItem> {
    let item = |sample: Marks, x0: f64, width: f64, text: &'static str| LegendItem {
        sample,
        x0,
        width,
        text,
    };
    let message = tr(
        lang,
        "消息：发送者 → 收件人（编号 · 类型）",
        "message: sender → recipient (id · kind)",
    );
    let call = tr(
        lang,
        "模型调用：从发出请求到收到回复",
        "model call: from request sent to reply",
    );
    let in_flight = tr(
        lang,
        "虚线框：进行中，还没有回复",
        "dashed: in flight, no reply yet",
    );
    let lock = tr(
        lang,
        "斜线带“锁”：持有宿主的锁",
        "hatched “lock”: holds the host's lock",
    );
    let wait = tr(
        lang,
        "点线框“等锁”：排队等锁",
        "dotted “waits”: queues for the lock",
    );
    let refused = tr(
        lang,
        "⊘ 被拒绝（悬停或在下方列表中看原因）",
        "⊘ refused (hover, or see the list below, for the reason)",
    );
    let current = tr(lang, "▶ 当前这一步", "▶ the current step");
    let arrow = Marks {
        arrows: vec![ArrowMark {
            seq: 0,
            id: MessageId(1),
            kind: MessageKind::Message,
            from: String::new(),
            to: String::new(),
            x1: -4.0,
            x2: 38.0,
            y: 8.0,
            time: 0,
            label: String::new(),
            title: message.to_string(),
            current: false,
        }],
        ..Marks::default()
    };
    let refusal = Marks {
        refusals: vec![RefusalMark {
            seq: 0,
            code: RefusalCode::MemberBusy,
            x: 17.0,
            y: 8.0,
            title: refused.to_string(),
            current: false,
        }],
        ..Marks::default()
    };
    let cursor = Marks {
        cursor: Some(CursorMark {
            seq: 0,
            y: 8.0,
            x: None,
            title: current.to_string(),
        }),
        ..Marks::default()
    };
    vec![
        item(arrow, 0.0, 34.0, message),
        item(bar(BarStatus::Replied, 15.0, call), 0.0, 34.0, call),
        item(
            bar(BarStatus::InFlight, 9.0, in_flight),
            0.0,
            34.0,
            in_flight,
        ),
        item(band(false, lock), 0.0, 56.0, lock),
        item(band(true, wait), 0.0, 56.0, wait),
        item(refusal, 0.0, 34.0, refused),
        item(cursor, GUTTER - 8.0, 38.0, current),
    ]
}
