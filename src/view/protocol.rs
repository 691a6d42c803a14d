//! The protocol tracker's model: every protocol request id at a step (shutdown and plan
//! approval, P1-P5) in the order they were opened, with its kind, parties, status (as text and
//! icon, not colour only), the plan or note, and the reason or feedback given with the
//! decision.

use crate::engine::{Lang, ProtocolKind, ProtocolRequest, ProtocolStatus, TeamState};
use crate::view::tr;

/// Rows shown at most (the newest, about a screenful); lessons have a handful.
pub const MAX_ROWS: usize = 20;

/// One tracked request as a row: its texts in the learner's language.
#[derive(Clone, Debug, PartialEq)]
pub struct Row(pub ProtocolRequest);

impl Row {
    pub fn kind_label(&self, lang: Lang) -> &'static str {
        match self.0.kind {
            ProtocolKind::Shutdown => tr(lang, "关闭请求", "shutdown"),
            ProtocolKind::Plan => tr(lang, "计划审批", "plan approval"),
        }
    }

    pub fn status_label(&self, lang: Lang) -> &'static str {
        match self.0.status {
            ProtocolStatus::Pending => tr(lang, "⏳ 待定", "⏳ pending"),
            ProtocolStatus::Approved => tr(lang, "✓ 已批准", "✓ approved"),
            ProtocolStatus::Rejected => tr(lang, "✗ 已拒绝", "✗ rejected"),
        }
    }

    /// What the opening text is called for this kind.
    pub fn body_label(&self, lang: Lang) -> &'static str {
        match self.0.kind {
            ProtocolKind::Shutdown => tr(lang, "说明", "note"),
            ProtocolKind::Plan => tr(lang, "计划", "plan"),
        }
    }

    /// What the decision's text is called for this kind.
    pub fn response_label(&self, lang: Lang) -> &'static str {
        match self.0.kind {
            ProtocolKind::Shutdown => tr(lang, "理由", "reason"),
            ProtocolKind::Plan => tr(lang, "反馈", "feedback"),
        }
    }

    /// Who opened it and who decides it.
    pub fn parties(&self, lang: Lang) -> String {
        let (from, to) = (&self.0.from, &self.0.to);
        match lang {
            Lang::Zh => format!("{from} → {to}（由 {to} 决定）"),
            Lang::En => format!("{from} → {to} (decided by {to})"),
        }
    }

    pub fn times(&self, lang: Lang) -> String {
        let opened = self.0.opened_at;
        match (self.0.decided_at, lang) {
            (Some(at), Lang::Zh) => format!("发起于时刻 {opened}，决定于时刻 {at}"),
            (Some(at), Lang::En) => format!("opened at t={opened}, decided at t={at}"),
            (None, Lang::Zh) => format!("发起于时刻 {opened}"),
            (None, Lang::En) => format!("opened at t={opened}"),
        }
    }
}

/// The rows shown at a step: the newest [`MAX_ROWS`] in the order they were opened.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tracked {
    pub rows: Vec<Row>,
    /// Older requests not shown.
    pub skipped: usize,
}

impl Tracked {
    pub fn of(state: &TeamState) -> Tracked {
        // Tracker ids sort as text ("plan-10" before "plan-2"); show them in the order they
        // were opened instead (ties by id, the tracker's order). An insertion into the sorted
        // rows, not a sort: a handful of rows, and no sort code in the wasm.
        let mut rows: Vec<Row> = Vec::new();
        for row in state.protocol_requests().cloned().map(Row) {
            let at = rows.partition_point(|r| r.0.opened_at <= row.0.opened_at);
            rows.insert(at, row);
        }
        let skipped = rows.len().saturating_sub(MAX_ROWS);
        rows.drain(..skipped);
        Tracked { rows, skipped }
    }

    pub fn skipped_text(&self, lang: Lang) -> Option<String> {
        let skipped = self.skipped;
        (skipped > 0).then(|| match lang {
            Lang::Zh => format!("另有 {skipped} 个更早的请求未显示。"),
            Lang::En => match skipped {
                1 => "1 earlier request is not shown.".to_string(),
                n => format!("{n} earlier requests are not shown."),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{play, PlayOptions};

    #[test]
    fn p1_rows_are_in_the_order_requests_were_opened_and_say_their_status() {
        let timeline = play("l6-plan-approval", &PlayOptions::default()).unwrap();
        let state = timeline.final_state();
        let tracked = Tracked::of(state);
        assert_eq!(tracked.rows.len(), state.protocol_requests().count());
        assert!(!tracked.rows.is_empty());
        assert!(tracked
            .rows
            .windows(2)
            .all(|w| w[0].0.opened_at <= w[1].0.opened_at));
        for row in &tracked.rows {
            assert_eq!(
                row.0.decided_at.is_some(),
                row.0.status != ProtocolStatus::Pending
            );
            assert!(row
                .parties(Lang::En)
                .contains(&format!("decided by {}", row.0.to)));
        }
        assert_eq!(tracked.skipped_text(Lang::En), None);
        let before = Tracked::of(timeline.initial_state());
        assert!(before.rows.is_empty());
    }
}
