//! Lane placement: where each message is at a step, every place at once (M2, M4). The inbox is
//! append-only and a history only grows, so taking a message in is a copy, not a move: a record
//! stays in the inbox after its notification is copied into a candidate, and a committed entry
//! stays in the history after a request carries it. A message is therefore drawn in every lane
//! that holds it:
//!
//! - Queued (the inbox): every stored record not drained by drain-on-read (M6); a record
//!   already taken in is marked so, apart from one no model has been given yet;
//! - In candidate or history: a notification in the candidate the host is preparing, or the
//!   committed entry in the history (marked "in history, not yet sent" until a request
//!   carries it);
//! - In request: inside requests actually sent to a model;
//! - a fourth, smaller box: messages lost by drain-on-read or reported undelivered at disband.
//!
//! One chip per message is its *front* (the lane of its furthest position, [`Lane::of`]); the
//! others are the places that keep it. Every chip carries the message's [`Places`], so it can
//! say which places it is in, and says what changed in its lane at this step, so a discarded
//! candidate visibly leaves only the inbox record, and a drain-on-read visibly moves one.

use crate::engine::{Lang, MessageId, MessageKind, MessageRecord, Position, RequestId, TeamState};
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

    /// M2: the lane of a message's furthest position, where its front chip is (committed
    /// counts as in the candidate that was committed; lost and undelivered share a box).
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

/// M2: every place a message is at a step. More than one at once is the normal case: the
/// inbox keeps its record after a copy is taken in, the history keeps its entry after it is
/// sent.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Places {
    /// M1, M4: the record is stored in the recipient's inbox (in drain mode, until a read
    /// takes it out, M6).
    pub inbox: bool,
    /// M4: its notification is in the candidate the host is preparing, not committed yet.
    pub candidate: bool,
    /// M5: its notification is committed to the recipient's history, where it stays.
    pub history: bool,
    /// M2, M3: the sent requests that carry it, in send order.
    pub requests: Vec<RequestId>,
}

impl Places {
    /// The places of `record` in `state`, whose position is `position`.
    pub fn of(record: &MessageRecord, position: &Position) -> Places {
        Places {
            inbox: !record.drained,
            candidate: matches!(position, Position::InCandidate),
            history: record.notified_at.is_some(),
            requests: match position {
                Position::InRequest(ids) => ids.clone(),
                _ => Vec::new(),
            },
        }
    }

    /// Its notification is in a candidate or a history: the host took it in.
    pub fn taken_in(&self) -> bool {
        self.candidate || self.history
    }

    /// The lanes that draw the message, in lane order (`position` adds the Lost box).
    pub fn lanes(&self, position: &Position) -> Vec<Lane> {
        let mut lanes = Vec::with_capacity(3);
        if self.inbox {
            lanes.push(Lane::Queued);
        }
        if self.taken_in() {
            lanes.push(Lane::Candidate);
        }
        if !self.requests.is_empty() {
            lanes.push(Lane::Request);
        }
        if Lane::of(position) == Lane::Lost {
            lanes.push(Lane::Lost);
        }
        lanes
    }

    /// The places as stable names (`inbox`, `candidate`, `history`, `request`), in that
    /// order: the chip's `data-places` and the embed API's `places`.
    pub fn names(&self) -> Vec<&'static str> {
        [
            (self.inbox, "inbox"),
            (self.candidate, "candidate"),
            (self.history, "history"),
            (!self.requests.is_empty(), "request"),
        ]
        .into_iter()
        .filter_map(|(held, name)| held.then_some(name))
        .collect()
    }

    /// The three M2 positions as the chip's marks: (stable name, words, held). The middle one
    /// says "candidate" while a candidate holds it and "history" otherwise.
    pub fn marks(&self, lang: Lang) -> [(&'static str, &'static str, bool); 3] {
        let middle = if self.candidate {
            ("candidate", tr(lang, "候选", "candidate"))
        } else {
            ("history", tr(lang, "历史", "history"))
        };
        [
            ("inbox", tr(lang, "收件箱", "inbox"), self.inbox),
            (middle.0, middle.1, self.taken_in()),
            (
                "request",
                tr(lang, "请求", "request"),
                !self.requests.is_empty(),
            ),
        ]
    }

    /// The marks as one line of text ("✓ inbox ✓ history ○ request"): a mark says held or
    /// not in a sign and a word, never in colour only.
    pub fn marks_text(&self, lang: Lang) -> String {
        self.marks(lang)
            .iter()
            .map(|(_, word, held)| format!("{} {word}", if *held { "✓" } else { "○" }))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What changed for a chip in its lane at this step.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Change {
    /// Inbox: its notification was copied into a candidate; the record stays.
    TakenIn,
    /// Inbox: the candidate holding it was discarded; the record is still here (M5).
    Discarded,
    /// Candidate: copied in from the inbox, which keeps the record (M4).
    CopiedIn,
    /// Candidate: taken out of the inbox by drain-on-read, a move (M6).
    MovedIn,
    /// Candidate: committed to the history (M5).
    Committed,
    /// Candidate: a request carried its entry; the history keeps it (M3).
    Sent,
    /// Request: in a request for the first time. (A later request of the member carries it
    /// again, as it carries the whole history: the chip lists it, but that is no change.)
    FirstRequest,
    /// Lost box: it got here; it was somewhere else one step earlier.
    Was(Position),
}

/// One message as a chip in one lane.
#[derive(Clone, PartialEq, Debug)]
pub struct Chip {
    pub id: String,
    pub from: String,
    pub to: String,
    pub kind: &'static str,
    /// The record's kind (`kind` is its code).
    pub message_kind: MessageKind,
    /// The record's id as the engine counts it (`id` is its text).
    pub record_id: MessageId,
    /// P1: the protocol request a protocol message belongs to (`shutdown-1`, `plan-2`).
    pub request_id: Option<String>,
    /// The body's first characters.
    pub body: String,
    /// The message's furthest position (the same on each of its chips).
    pub position: Position,
    /// Where it was one step earlier, when that differs.
    pub moved_from: Option<Position>,
    /// The lane this chip is drawn in.
    pub lane: Lane,
    /// Every place the message is in at this step.
    pub places: Places,
    /// What changed for it in this lane at this step.
    pub change: Option<Change>,
}

impl Chip {
    /// The message's chips, one per lane that holds it; `before` is the state one step
    /// earlier.
    fn of(record: &MessageRecord, state: &TeamState, before: Option<&TeamState>) -> Vec<Chip> {
        let Some(position) = state.message_position(record.id) else {
            return Vec::new();
        };
        let places = Places::of(record, &position);
        let earlier = before.and_then(|b| {
            let position = b.message_position(record.id)?;
            let record = b.message(record.id)?;
            Some((Places::of(record, &position), position))
        });
        let moved_from = earlier
            .as_ref()
            .map(|(_, p)| p.clone())
            .filter(|p| *p != position);
        places
            .lanes(&position)
            .into_iter()
            .map(|lane| Chip {
                id: record.id.to_string(),
                from: record.from.clone(),
                to: record.to.clone(),
                kind: record.kind.as_str(),
                message_kind: record.kind,
                record_id: record.id,
                request_id: record.request_id.clone(),
                body: preview(&record.body),
                change: earlier
                    .as_ref()
                    .and_then(|(was, was_at)| change(lane, &places, &position, was, was_at)),
                position: position.clone(),
                moved_from: moved_from.clone(),
                lane,
                places: places.clone(),
            })
            .collect()
    }

    /// This chip is in the lane of the message's furthest position (one per message).
    pub fn front(&self) -> bool {
        Lane::of(&self.position) == self.lane
    }

    /// Committed to the history but not sent yet: shown in the candidate lane, marked.
    pub fn committed(&self) -> bool {
        matches!(self.position, Position::Committed)
    }

    /// The message's kind in words: its code in English, a Chinese name in Chinese (the code
    /// stays in `kind`, the chip's `data-kind`).
    pub fn kind_text(&self, lang: Lang) -> &'static str {
        self.message_kind.word(lang)
    }

    /// The place this chip stands for: `inbox`, `candidate`, `history`, `request` or `lost`.
    pub fn place(&self) -> &'static str {
        match self.lane {
            Lane::Queued => "inbox",
            Lane::Candidate if self.places.candidate => "candidate",
            Lane::Candidate => "history",
            Lane::Request => "request",
            Lane::Lost => "lost",
        }
    }

    /// Stored in the inbox, and a copy was already taken in: drawn apart from a record no
    /// model has been given yet.
    pub fn taken_in(&self) -> bool {
        self.lane == Lane::Queued && self.places.taken_in()
    }

    /// In the history, and already sent: the entry stays.
    pub fn sent_from_history(&self) -> bool {
        self.lane == Lane::Candidate && self.places.history && !self.places.requests.is_empty()
    }

    /// Where the message is, in words (its furthest position).
    pub fn position_text(&self, lang: Lang) -> String {
        position_text(&self.position, lang)
    }

    /// What this chip's lane holds of the message, in words.
    pub fn place_text(&self, lang: Lang) -> String {
        match self.lane {
            Lane::Queued if self.places.history => tr(
                lang,
                "仍存在收件箱里；已被取进历史",
                "still stored; already taken into the history",
            )
            .to_string(),
            Lane::Queued if self.places.candidate => tr(
                lang,
                "仍存在收件箱里；通知已复制进候选",
                "still stored; a copy is in the candidate",
            )
            .to_string(),
            Lane::Queued => tr(
                lang,
                "已排队：存着，还没有被取进任何历史",
                "queued: stored, never taken in",
            )
            .to_string(),
            Lane::Candidate if self.sent_from_history() => tr(
                lang,
                "在历史里；发出之后仍留在历史里",
                "in history; it stays there after it is sent",
            )
            .to_string(),
            Lane::Candidate if self.places.candidate => position_text(&Position::InCandidate, lang),
            Lane::Candidate => position_text(&Position::Committed, lang),
            Lane::Request => {
                position_text(&Position::InRequest(self.places.requests.clone()), lang)
            }
            Lane::Lost => self.position_text(lang),
        }
    }

    /// What changed for it in this lane at this step, in words.
    pub fn change_text(&self, lang: Lang) -> Option<String> {
        let text = match self.change.as_ref()? {
            Change::TakenIn => tr(
                lang,
                "✓ 这一步被取用：通知复制进了候选，记录仍在这里",
                "✓ taken in at this step: a copy went into the candidate; the record stays here",
            )
            .to_string(),
            Change::Discarded => tr(
                lang,
                "↩ 候选被丢弃，退回收件箱：记录一直在这里，下次准备会再取",
                "↩ candidate discarded: back to the inbox, where the record stayed; the next preparation takes it again",
            )
            .to_string(),
            Change::CopiedIn => tr(
                lang,
                "↪ 这一步复制进候选；收件箱里的记录还在",
                "↪ copied in at this step; the inbox keeps its record",
            )
            .to_string(),
            Change::MovedIn => tr(
                lang,
                "↪ 这一步移进来：读后即删把它从收件箱拿走了",
                "↪ moved in at this step: drain-on-read took it out of the inbox",
            )
            .to_string(),
            Change::Committed => {
                tr(lang, "↪ 这一步提交进历史", "↪ committed at this step").to_string()
            }
            Change::Sent => tr(
                lang,
                "↗ 这一步随请求发出；历史里的这条仍在",
                "↗ sent at this step; the history keeps its entry",
            )
            .to_string(),
            Change::FirstRequest => match lang {
                Lang::Zh => "↪ 这一步第一次进入请求；历史里的条目还在".to_string(),
                Lang::En => {
                    "↪ in a request from this step on; the history keeps its entry".to_string()
                }
            },
            Change::Was(was) => format!(
                "{} {}",
                tr(lang, "↪ 上一步还是", "↪ one step earlier:"),
                position_text(was, lang)
            ),
        };
        Some(text)
    }

    /// Everything the chip shows, as a key: a chip whose key is unchanged need not be drawn
    /// again.
    pub fn key(&self) -> String {
        format!(
            "{}:{:?}:{:?}:{:?}:{:?}",
            self.id, self.lane, self.position, self.places, self.change
        )
    }
}

/// What changed for a message in `lane` between one step earlier (`was`, at `was_at`) and now.
fn change(
    lane: Lane,
    now: &Places,
    at: &Position,
    was: &Places,
    was_at: &Position,
) -> Option<Change> {
    match lane {
        Lane::Queued if now.taken_in() && !was.taken_in() => Some(Change::TakenIn),
        Lane::Queued if !now.taken_in() && was.candidate => Some(Change::Discarded),
        Lane::Candidate if now.candidate && !was.taken_in() => Some(if was.inbox && !now.inbox {
            Change::MovedIn
        } else {
            Change::CopiedIn
        }),
        Lane::Candidate if now.history && !was.history => Some(Change::Committed),
        Lane::Candidate if !now.requests.is_empty() && was.requests.is_empty() => {
            Some(Change::Sent)
        }
        Lane::Request if was.requests.is_empty() => Some(Change::FirstRequest),
        Lane::Lost if at != was_at => Some(Change::Was(was_at.clone())),
        _ => None,
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
    /// Places the newest [`MAX_RECORDS`] messages of `state` in every lane that holds them;
    /// `before` is the state one step earlier (None at step 0), to tell what changed.
    pub fn of(state: &TeamState, before: Option<&TeamState>) -> Placement {
        let messages = &state.messages();
        let mut placement = Placement {
            total: messages.len(),
            ..Placement::default()
        };
        for record in messages.iter_from(messages.len().saturating_sub(MAX_RECORDS)) {
            for chip in Chip::of(record, state, before) {
                placement.lanes[chip.lane.index()].push(chip);
            }
        }
        placement
    }

    pub fn chips(&self, lane: Lane) -> &[Chip] {
        &self.lanes[lane.index()]
    }

    /// Each placed message once: its front chip (the lane of its furthest position), in
    /// message order.
    pub fn fronts(&self) -> Vec<&Chip> {
        let mut fronts: Vec<&Chip> = self.lanes.iter().flatten().filter(|c| c.front()).collect();
        fronts.sort_by_key(|c| c.record_id);
        fronts
    }

    /// The chips that say what changed at this step, in any lane.
    pub fn changed(&self) -> impl Iterator<Item = &Chip> + '_ {
        self.lanes.iter().flatten().filter(|c| c.change.is_some())
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

/// The lanes' note: a copy, not a move (M2, M4).
pub fn copy_note(lang: Lang) -> &'static str {
    tr(
        lang,
        "取用是复制，不是移动：收件箱留着记录（虚线：已被取用），历史在发出后也留着条目，所以一条消息可以同时出现在三条道里。每张卡片都写着它此刻在哪几处。",
        "Taking a message in copies it; nothing moves: the inbox keeps the record (dotted: already taken in) and the history keeps its entry after it is sent, so one message can show in all three lanes. Each chip lists the places it is in.",
    )
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
    use crate::lessons::{catalog, play, PlayOptions};

    fn lesson(id: &str) -> Timeline {
        play(id, &PlayOptions::default()).expect("the lesson plays")
    }

    fn placement_at(timeline: &Timeline, step: usize) -> Placement {
        let (state, before) = timeline.state_with_previous(step);
        Placement::of(&state, before.as_ref())
    }

    /// The lanes holding message `id`, in lane order.
    fn lanes_of(p: &Placement, id: &str) -> Vec<Lane> {
        Lane::ALL
            .into_iter()
            .filter(|lane| p.chips(*lane).iter().any(|c| c.id == id))
            .collect()
    }

    fn chip_in<'a>(p: &'a Placement, lane: Lane, id: &str) -> &'a Chip {
        p.chips(lane)
            .iter()
            .find(|c| c.id == id)
            .unwrap_or_else(|| panic!("{id} in {lane:?}"))
    }

    /// What the engine holds in each place, read from its own records (the inbox logs, the
    /// candidates' and histories' entries, the sent requests' messages), not from
    /// `message_position`: the ids a lane must show.
    fn engine_lane(state: &TeamState, lane: Lane) -> Vec<MessageId> {
        let mut ids: Vec<MessageId> = Vec::new();
        let notified_in = |entries: &mut dyn Iterator<Item = &crate::engine::HistoryEntry>| {
            entries
                .flat_map(|e| e.notifies.iter().copied())
                .collect::<Vec<_>>()
        };
        let mut taken: Vec<MessageId> = Vec::new();
        let mut sent: Vec<MessageId> = Vec::new();
        for name in state.order() {
            let member = state.member(name).expect("a member");
            if let Some(candidate) = member.candidate() {
                taken.extend(notified_in(&mut candidate.entries.iter()));
            }
            taken.extend(notified_in(&mut member.history().iter().map(|e| &**e)));
        }
        for sent_request in state.requests().iter() {
            sent.extend(notified_in(
                &mut sent_request.request.messages.iter().map(|e| &**e),
            ));
        }
        match lane {
            Lane::Queued => {
                for name in state.order() {
                    ids.extend(
                        state
                            .inbox_of(name)
                            .into_iter()
                            .filter(|r| !r.drained)
                            .map(|r| r.id),
                    );
                }
            }
            Lane::Candidate => ids = taken,
            Lane::Request => ids = sent,
            Lane::Lost => {
                ids.extend(
                    state
                        .messages()
                        .iter()
                        .filter(|r| {
                            (r.drained && !taken.contains(&r.id))
                                || (r.undelivered && !sent.contains(&r.id))
                        })
                        .map(|r| r.id),
                );
            }
        }
        ids.sort();
        ids.dedup();
        ids
    }

    #[test]
    fn m2_m4_each_lane_holds_what_the_engine_holds_in_that_place_at_every_step_of_every_lesson() {
        let mut copies = 0;
        for info in catalog() {
            let timeline = lesson(info.id);
            for step in 0..=timeline.len() {
                let (state, before) = timeline.state_with_previous(step);
                let p = Placement::of(&state, before.as_ref());
                for lane in Lane::ALL {
                    let mut shown: Vec<MessageId> =
                        p.chips(lane).iter().map(|c| c.record_id).collect();
                    shown.sort();
                    assert_eq!(
                        shown,
                        engine_lane(&state, lane),
                        "{} step {step}: {lane:?}",
                        info.id
                    );
                    for chip in p.chips(lane) {
                        assert_eq!(chip.lane, lane);
                        // The chip's marks say the same places the lanes show.
                        for (l, held) in [
                            (Lane::Queued, chip.places.inbox),
                            (Lane::Candidate, chip.places.taken_in()),
                            (Lane::Request, !chip.places.requests.is_empty()),
                        ] {
                            assert_eq!(
                                p.chips(l).iter().any(|c| c.record_id == chip.record_id),
                                held,
                                "{} step {step}: {} {l:?}",
                                info.id,
                                chip.id
                            );
                        }
                        // The requests named are exactly the sent ones carrying it.
                        let carrying: Vec<RequestId> = state
                            .requests()
                            .iter()
                            .filter(|r| {
                                r.request
                                    .messages
                                    .iter()
                                    .any(|e| e.notifies.contains(&chip.record_id))
                            })
                            .map(|r| r.request.id)
                            .collect();
                        assert_eq!(chip.places.requests, carrying, "{} step {step}", info.id);
                        assert_eq!(
                            state.message_position(chip.record_id).as_ref(),
                            Some(&chip.position)
                        );
                    }
                    copies += p.chips(lane).iter().filter(|c| !c.front()).count();
                }
                // Each stored message has exactly one front chip, in its position's lane.
                let fronts = p.fronts();
                assert_eq!(
                    fronts.len(),
                    state.messages().len(),
                    "{} step {step}",
                    info.id
                );
                for chip in fronts {
                    assert_eq!(Lane::of(&chip.position), chip.lane);
                }
            }
        }
        assert!(copies > 0, "some message is in more than one place");
    }

    #[test]
    fn m2_m4_lesson1_steps_20_59_61_show_a_copy_not_a_move() {
        let timeline = lesson("l1-two-investigators");
        // Step 20: m1's notification is copied into reader's candidate; the record stays.
        let p = placement_at(&timeline, 20);
        assert_eq!(lanes_of(&p, "m1"), [Lane::Queued, Lane::Candidate]);
        let stored = chip_in(&p, Lane::Queued, "m1");
        assert!(stored.taken_in() && !stored.front());
        assert_eq!(stored.change, Some(Change::TakenIn));
        assert_eq!(
            stored.place_text(Lang::En),
            "still stored; a copy is in the candidate"
        );
        let copy = chip_in(&p, Lane::Candidate, "m1");
        assert!(copy.front());
        assert_eq!(copy.change, Some(Change::CopiedIn));
        assert!(copy
            .change_text(Lang::En)
            .unwrap()
            .contains("the inbox keeps its record"));
        assert_eq!(
            copy.places.marks_text(Lang::En),
            "✓ inbox ✓ candidate ○ request"
        );
        // A message no model was given yet is drawn apart from one already taken in.
        let m2 = chip_in(&p, Lane::Queued, "m2");
        assert!(!m2.taken_in());
        assert_eq!(m2.place_text(Lang::En), "queued: stored, never taken in");

        // Step 59: the same for m4.
        let p = placement_at(&timeline, 59);
        assert_eq!(lanes_of(&p, "m4"), [Lane::Queued, Lane::Candidate]);
        assert_eq!(
            chip_in(&p, Lane::Queued, "m4").change,
            Some(Change::TakenIn)
        );

        // Step 61: m4 in all three places at once.
        let p = placement_at(&timeline, 61);
        assert_eq!(
            lanes_of(&p, "m4"),
            [Lane::Queued, Lane::Candidate, Lane::Request]
        );
        assert!(chip_in(&p, Lane::Queued, "m4").taken_in());
        let entry = chip_in(&p, Lane::Candidate, "m4");
        assert!(entry.sent_from_history());
        assert_eq!(entry.change, Some(Change::Sent));
        let sent = chip_in(&p, Lane::Request, "m4");
        assert!(sent.front());
        assert_eq!(sent.change, Some(Change::FirstRequest));
        assert_eq!(sent.places.names(), ["inbox", "history", "request"]);
        assert_eq!(
            sent.places.marks_text(Lang::En),
            "✓ inbox ✓ history ✓ request"
        );
        assert_eq!(sent.places.marks_text(Lang::Zh), "✓ 收件箱 ✓ 历史 ✓ 请求");
        assert!(!p.chips(Lane::Candidate).is_empty());
    }

    #[test]
    fn m6_drain_on_read_moves_a_message_out_of_the_inbox() {
        let timeline = lesson("l2-drain-loses-mail");
        let drained = timeline
            .events()
            .iter()
            .find(|e| matches!(e.kind, EventKind::InboxDrained { .. }))
            .expect("lesson 2 drains an inbox");
        let EventKind::InboxDrained { message_ids, .. } = &drained.kind else {
            unreachable!()
        };
        let id = message_ids[0].to_string();
        let before = placement_at(&timeline, drained.seq);
        assert!(lanes_of(&before, &id).contains(&Lane::Queued));
        let after = placement_at(&timeline, drained.seq + 1);
        assert!(
            !lanes_of(&after, &id).contains(&Lane::Queued),
            "drained: no longer in the inbox"
        );
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
        assert_eq!(lanes_of(&p, &id), [Lane::Queued]);
        let chip = chip_in(&p, Lane::Queued, &id);
        assert_eq!(chip.moved_from, None, "a new message did not move");
        assert_eq!(chip.change, None, "a new message changed nowhere");
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
        // Committed but not sent yet: its front chip is in the candidate lane, marked
        // committed; the inbox still holds the record.
        let committed = committed.expect("the message is committed");
        let p = placement_at(&timeline, committed);
        assert_eq!(lanes_of(&p, &id), [Lane::Queued, Lane::Candidate]);
        let chip = chip_in(&p, Lane::Candidate, &id);
        assert!(chip.committed() && chip.front());
        assert_eq!(chip.position_text(Lang::En), "in history, not yet sent");
        assert_eq!(chip.place_text(Lang::En), "in history, not yet sent");
        assert_eq!(chip.change, Some(Change::Committed));
        let sent = in_request.expect("the message goes out in a request");
        assert!(sent > committed);
        let p = placement_at(&timeline, sent);
        assert_eq!(
            lanes_of(&p, &id),
            [Lane::Queued, Lane::Candidate, Lane::Request]
        );
        let chip = chip_in(&p, Lane::Request, &id);
        assert_eq!(
            chip.moved_from,
            Some(Position::Committed),
            "its furthest position changed at this step"
        );
        assert!(p.changed().any(|c| c.id == id));
    }

    #[test]
    fn a_chip_says_what_changed_exactly_when_its_place_changed_at_the_step() {
        for id in ["l1-two-investigators", "l2-drain-loses-mail"] {
            let timeline = lesson(id);
            for step in 1..=timeline.len() {
                let (state, before) = timeline.state_with_previous(step);
                let before = before.expect("a previous state");
                let was = Placement::of(&before, None);
                let p = Placement::of(&state, Some(&before));
                for lane in Lane::ALL {
                    for chip in p.chips(lane) {
                        let earlier = was
                            .chips(lane)
                            .iter()
                            .find(|c| c.record_id == chip.record_id);
                        let stored_before = before.message(chip.record_id).is_some();
                        // What each lane says of a message: taken in or not (inbox), in the
                        // candidate, in history, sent (candidate or history), which requests,
                        // which loss.
                        let said = |c: &Chip| match lane {
                            Lane::Queued => format!("{}", c.places.taken_in()),
                            Lane::Candidate => format!(
                                "{} {} {}",
                                c.places.candidate,
                                c.places.history,
                                c.sent_from_history()
                            ),
                            Lane::Request => format!("{}", c.places.requests.is_empty()),
                            Lane::Lost => format!("{:?}", c.position),
                        };
                        let same = earlier.is_some_and(|c| said(c) == said(chip));
                        assert_eq!(
                            chip.change.is_some(),
                            stored_before && !same,
                            "{id} step {step} {} in {lane:?}",
                            chip.id
                        );
                        assert_eq!(chip.change.is_some(), chip.change_text(Lang::En).is_some());
                    }
                }
            }
        }
    }

    #[test]
    fn a_discarded_candidate_says_its_message_went_back_to_the_inbox() {
        let timeline = lesson("l2-drain-loses-mail");
        let discarded = timeline
            .events()
            .iter()
            .find(|e| matches!(e.kind, EventKind::CandidateDiscarded { .. }))
            .expect("lesson 2 discards a candidate");
        let p = placement_at(&timeline, discarded.seq + 1);
        let chip = chip_in(&p, Lane::Queued, "m1");
        assert!(chip.front() && !chip.taken_in());
        assert_eq!(chip.change, Some(Change::Discarded));
        assert!(chip
            .change_text(Lang::En)
            .unwrap()
            .contains("candidate discarded: back to the inbox"));
        assert!(chip.change_text(Lang::Zh).unwrap().contains("退回收件箱"));
        assert_eq!(lanes_of(&p, "m1"), [Lane::Queued]);
    }

    #[test]
    fn a_long_log_places_only_the_newest_messages() {
        let timeline = crate::lessons::stress::generate(4_000);
        let state = timeline.final_state();
        let p = Placement::of(state, None);
        assert!(state.messages().len() > MAX_RECORDS);
        assert_eq!(p.fronts().len(), MAX_RECORDS);
        assert_eq!(p.total, state.messages().len());
        assert!(p.overflow_note(Lang::En).is_some());
        assert!(
            p.changed().next().is_none(),
            "no previous state: nothing changed"
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
        let shutdowns: Vec<(&str, Option<&str>)> = placement
            .fronts()
            .into_iter()
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
