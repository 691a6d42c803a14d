//! Lane placement: which message chip sits in which lane at a step. Queued (in an inbox, in no
//! candidate), In candidate or history (in the candidate the host is preparing, or "in history,
//! not yet sent" once committed; those are marked),
//! In request (inside a request actually sent to a model), and a fourth, smaller box of
//! messages lost by drain-on-read or reported undelivered at disband. A chip whose place
//! changed at this step says where it came from, so a discarded candidate visibly sends its
//! message back to Queued.

use crate::engine::{Lang, MessageId, MessageRecord, Position, TeamState};
use crate::view::tr;

/// Records placed in lanes at most: the newest ones. Placing a record costs a position query,
/// and a generated 100,000-event log has tens of thousands of records; a lesson has a handful.
pub const MAX_RECORDS: usize = 120;
const BODY_PREVIEW_CHARS: usize = 72;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lane {
    Queued,
    Candidate,
    Request,
    Lost,
}

impl Lane {
    /// All lanes, in the order they are shown.
    pub const ALL: [Lane; 4] = [Lane::Queued, Lane::Candidate, Lane::Request, Lane::Lost];

    /// M2: the lane of a message's position (committed counts as in the candidate that was
    /// committed; lost and undelivered share a box).
    pub fn of(position: &Position) -> Lane {
        match position {
            Position::Queued => Lane::Queued,
            Position::InCandidate | Position::Committed => Lane::Candidate,
            Position::InRequest(_) => Lane::Request,
            Position::Lost | Position::Undelivered => Lane::Lost,
        }
    }

    /// A stable name (the lane's `data-testid`).
    pub fn name(self) -> &'static str {
        match self {
            Lane::Queued => "lane-queued",
            Lane::Candidate => "lane-candidate",
            Lane::Request => "lane-request",
            Lane::Lost => "lane-lost",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One message as a chip.
#[derive(Clone, PartialEq, Debug)]
pub struct Chip {
    pub id: String,
    pub from: String,
    pub to: String,
    pub kind: &'static str,
    /// The record's id as the engine counts it (`id` is its text).
    pub record_id: MessageId,
    /// P1: the protocol request a protocol message belongs to (`shutdown-1`, `plan-2`).
    pub request_id: Option<String>,
    /// The body's first characters.
    pub body: String,
    pub position: Position,
    /// Where it was one step earlier, when that differs.
    pub moved_from: Option<Position>,
}

impl Chip {
    fn of(record: &MessageRecord, state: &TeamState, before: Option<&TeamState>) -> Option<Chip> {
        let position = state.message_position(record.id)?;
        let previous = before.and_then(|b| b.message_position(record.id));
        let moved_from = previous.filter(|p| *p != position);
        Some(Chip {
            id: record.id.to_string(),
            from: record.from.clone(),
            to: record.to.clone(),
            kind: record.kind.as_str(),
            record_id: record.id,
            request_id: record.request_id.clone(),
            body: preview(&record.body),
            position,
            moved_from,
        })
    }

    /// Committed to the history but not sent yet: shown in the candidate lane, marked.
    pub fn committed(&self) -> bool {
        matches!(self.position, Position::Committed)
    }

    /// Where the chip is, in words.
    pub fn position_text(&self, lang: Lang) -> String {
        position_text(&self.position, lang)
    }

    /// Where it came from at this step, if it moved; a candidate that was discarded sends its
    /// message back to the inbox, which is said as such.
    pub fn moved_text(&self, lang: Lang) -> Option<String> {
        let from = self.moved_from.as_ref()?;
        if matches!(from, Position::InCandidate) && self.position == Position::Queued {
            return Some(
                tr(
                    lang,
                    "↩ 候选被丢弃，退回收件箱",
                    "↩ candidate discarded: back to the inbox",
                )
                .to_string(),
            );
        }
        Some(format!(
            "{} {}",
            tr(lang, "↪ 刚从", "↪ just moved from"),
            position_text(from, lang)
        ))
    }

    /// Everything the chip shows, as a key: a chip whose key is unchanged need not be drawn
    /// again.
    pub fn key(&self) -> String {
        format!("{}:{:?}:{:?}", self.id, self.position, self.moved_from)
    }
}

fn preview(body: &str) -> String {
    let mut chars = body.chars();
    let head: String = chars.by_ref().take(BODY_PREVIEW_CHARS).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// Where a message is, in words (a chip, a journey stop).
pub fn position_text(position: &Position, lang: Lang) -> String {
    match position {
        Position::Queued => tr(lang, "已排队", "queued").to_string(),
        Position::InCandidate => tr(lang, "在候选中", "in candidate").to_string(),
        // One name for it on the chips, the lanes and the member detail.
        Position::Committed => {
            tr(lang, "已进历史，尚未发出", "in history, not yet sent").to_string()
        }
        Position::InRequest(ids) => {
            // Every later request of the member carries it too; name the first few.
            let shown: Vec<String> = ids.iter().take(3).map(|id| id.to_string()).collect();
            let more = ids.len().saturating_sub(shown.len());
            let tail = match (more, lang) {
                (0, _) => String::new(),
                (n, Lang::Zh) => format!(" 等，另有 {n} 个"),
                (n, Lang::En) => format!(" and {n} more"),
            };
            format!(
                "{} {}{tail}",
                tr(lang, "在请求", "in request"),
                shown.join(", ")
            )
        }
        Position::Lost => tr(lang, "已丢失", "lost").to_string(),
        Position::Undelivered => tr(lang, "未送达", "undelivered").to_string(),
    }
}

/// The chips of each lane at a step, in message order.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Placement {
    lanes: [Vec<Chip>; 4],
    /// Messages in the whole log (only the newest [`MAX_RECORDS`] are placed).
    pub total: usize,
}

impl Placement {
    /// Places the newest [`MAX_RECORDS`] messages of `state`; `before` is the state one step
    /// earlier (None at step 0), to tell which chips moved.
    pub fn of(state: &TeamState, before: Option<&TeamState>) -> Placement {
        let messages = &state.messages();
        let mut placement = Placement {
            total: messages.len(),
            ..Placement::default()
        };
        for record in messages.iter_from(messages.len().saturating_sub(MAX_RECORDS)) {
            if let Some(chip) = Chip::of(record, state, before) {
                placement.lanes[Lane::of(&chip.position).index()].push(chip);
            }
        }
        placement
    }

    pub fn chips(&self, lane: Lane) -> &[Chip] {
        &self.lanes[lane.index()]
    }

    /// The chips that moved at this step, in any lane.
    pub fn moved(&self) -> impl Iterator<Item = &Chip> + '_ {
        self.lanes
            .iter()
            .flatten()
            .filter(|c| c.moved_from.is_some())
    }

    /// Says that only the newest messages are placed, when there are more.
    pub fn overflow_note(&self, lang: Lang) -> Option<String> {
        let total = self.total;
        (total > MAX_RECORDS).then(|| match lang {
            Lang::Zh => format!("共 {total} 条消息，这里只摆放最新的 {MAX_RECORDS} 条。"),
            Lang::En => {
                format!("{total} messages in all; the lanes place the newest {MAX_RECORDS}.")
            }
        })
    }
}

/// A lane's heading and hint when the shared UI strings do not carry them (the Lost box).
pub fn lost_label(lang: Lang) -> (&'static str, &'static str) {
    (
        tr(lang, "丢失 / 未送达", "Lost / undelivered"),
        tr(
            lang,
            "读后即删时丢掉的信，或解散时报告的未读信",
            "dropped by drain-on-read, or reported unread at disband",
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EventKind, Timeline};
    use crate::lessons::{play, PlayOptions};

    fn lesson(id: &str) -> Timeline {
        play(id, &PlayOptions::default()).expect("the lesson plays")
    }

    fn placement_at(timeline: &Timeline, step: usize) -> Placement {
        let (state, before) = timeline.state_with_previous(step);
        Placement::of(&state, before.as_ref())
    }

    fn lane_of(p: &Placement, id: &str) -> Option<Lane> {
        Lane::ALL
            .into_iter()
            .find(|lane| p.chips(*lane).iter().any(|c| c.id == id))
    }

    #[test]
    fn m2_every_message_sits_in_the_lane_of_its_position() {
        let timeline = lesson("l1-two-investigators");
        for step in 0..=timeline.len() {
            let (state, before) = timeline.state_with_previous(step);
            let p = Placement::of(&state, before.as_ref());
            let placed: usize = Lane::ALL.iter().map(|l| p.chips(*l).len()).sum();
            assert_eq!(placed, state.messages().len(), "step {step}");
            for lane in Lane::ALL {
                for chip in p.chips(lane) {
                    assert_eq!(Lane::of(&chip.position), lane);
                    let record = state
                        .messages()
                        .iter()
                        .find(|r| r.id.to_string() == chip.id)
                        .expect("a record");
                    assert_eq!(
                        state.message_position(record.id),
                        Some(chip.position.clone())
                    );
                }
            }
        }
    }

    #[test]
    fn m2_a_stored_message_is_queued_then_committed_then_in_a_request() {
        let timeline = lesson("l1-two-investigators");
        let queued = timeline
            .events()
            .iter()
            .find(|e| matches!(e.kind, EventKind::MessageQueued { .. }))
            .expect("a message is sent");
        let EventKind::MessageQueued { record } = &queued.kind else {
            unreachable!()
        };
        let id = record.id.to_string();
        let p = placement_at(&timeline, queued.seq + 1);
        assert_eq!(lane_of(&p, &id), Some(Lane::Queued));
        let chip = p.chips(Lane::Queued).iter().find(|c| c.id == id).unwrap();
        assert_eq!(chip.moved_from, None, "a new message did not move");
        // Committed but not sent yet: shown in the candidate lane, marked committed.
        let mut committed = None;
        let mut in_request = None;
        for step in queued.seq + 1..=timeline.len() {
            let (state, _) = timeline.state_with_previous(step);
            match state.message_position(record.id) {
                Some(Position::Committed) if committed.is_none() => committed = Some(step),
                Some(Position::InRequest(_)) if in_request.is_none() => in_request = Some(step),
                _ => {}
            }
        }
        let committed = committed.expect("the message is committed");
        let p = placement_at(&timeline, committed);
        assert_eq!(lane_of(&p, &id), Some(Lane::Candidate));
        let chip = p
            .chips(Lane::Candidate)
            .iter()
            .find(|c| c.id == id)
            .unwrap();
        assert!(chip.committed());
        assert_eq!(chip.position_text(Lang::En), "in history, not yet sent");
        let sent = in_request.expect("the message goes out in a request");
        assert!(sent > committed);
        let p = placement_at(&timeline, sent);
        assert_eq!(lane_of(&p, &id), Some(Lane::Request));
        let chip = p.chips(Lane::Request).iter().find(|c| c.id == id).unwrap();
        assert_eq!(
            chip.moved_from,
            Some(Position::Committed),
            "it moved at this step"
        );
        assert!(chip
            .moved_text(Lang::En)
            .unwrap()
            .contains("in history, not yet sent"));
        assert!(p.moved().any(|c| c.id == id));
    }

    #[test]
    fn moved_from_names_exactly_the_chips_whose_position_changed_at_the_step() {
        let timeline = lesson("l1-two-investigators");
        for step in 1..=timeline.len() {
            let (state, before) = timeline.state_with_previous(step);
            let before = before.expect("a previous state");
            let p = Placement::of(&state, Some(&before));
            for chip in Lane::ALL.iter().flat_map(|l| p.chips(*l)) {
                let record = state
                    .messages()
                    .iter()
                    .find(|r| r.id.to_string() == chip.id)
                    .unwrap();
                let was = before.message_position(record.id);
                let changed = was.is_some() && was != Some(chip.position.clone());
                assert_eq!(
                    chip.moved_from.is_some(),
                    changed,
                    "step {step} {}",
                    chip.id
                );
            }
        }
    }

    #[test]
    fn a_discarded_candidate_says_its_message_went_back_to_the_inbox() {
        let chip = Chip {
            id: "m1".into(),
            from: "lead".into(),
            to: "reader".into(),
            kind: "message",
            record_id: MessageId(1),
            request_id: None,
            body: String::new(),
            position: Position::Queued,
            moved_from: Some(Position::InCandidate),
        };
        assert!(chip
            .moved_text(Lang::En)
            .unwrap()
            .contains("back to the inbox"));
        assert!(chip.moved_text(Lang::Zh).unwrap().contains("退回收件箱"));
    }

    #[test]
    fn a_long_log_places_only_the_newest_messages() {
        let timeline = crate::lessons::stress::generate(4_000);
        let state = timeline.final_state();
        let p = Placement::of(state, None);
        let placed: usize = Lane::ALL.iter().map(|l| p.chips(*l).len()).sum();
        assert!(state.messages().len() > MAX_RECORDS);
        assert_eq!(placed, MAX_RECORDS);
        assert_eq!(p.total, state.messages().len());
        assert!(p.overflow_note(Lang::En).is_some());
        assert!(
            p.moved().next().is_none(),
            "no previous state: nothing moved"
        );
    }

    #[test]
    fn a_long_body_is_cut_with_an_ellipsis() {
        let long = "x".repeat(BODY_PREVIEW_CHARS + 5);
        assert_eq!(preview(&long).chars().count(), BODY_PREVIEW_CHARS + 1);
        assert!(preview(&long).ends_with('…'));
        assert_eq!(preview("short"), "short");
    }

    #[test]
    fn a_protocol_chip_carries_its_request_id_and_its_journey_ends_in_a_request() {
        let timeline = crate::lessons::play(
            "l5-shutdown-handshake",
            &crate::lessons::PlayOptions::default(),
        )
        .unwrap();
        let state = timeline.final_state();
        let placement = Placement::of(state, None);
        let chips: Vec<&Chip> = Lane::ALL.iter().flat_map(|l| placement.chips(*l)).collect();
        let shutdowns: Vec<(&str, Option<&str>)> = chips
            .iter()
            .filter(|c| c.kind == "shutdown_request")
            .map(|c| (c.id.as_str(), c.request_id.as_deref()))
            .collect();
        assert_eq!(
            shutdowns,
            vec![("m2", Some("shutdown-1")), ("m5", Some("shutdown-2"))]
        );
        let m2 = crate::view::journey::journey(&timeline, MessageId(2));
        let names: Vec<&str> = m2.iter().map(|s| s.position.name()).collect();
        assert_eq!(
            &names[..3],
            &["queued", "in_candidate", "committed"],
            "{m2:?}"
        );
        assert!(matches!(
            m2.last().map(|s| &s.position),
            Some(Position::InRequest(_))
        ));
        assert!(m2.windows(2).all(|w| w[0].step < w[1].step));
        for stop in &m2 {
            assert_eq!(
                timeline.state_at(stop.step).message_position(MessageId(2)),
                Some(stop.position.clone()),
                "{stop:?}"
            );
        }
    }
}
