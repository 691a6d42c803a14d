//! The lanes lead with the step's subject (issue 45): in each lane, the chips of the messages
//! the step is about come first, marked, and the rest follow in message order as compact rows
//! (id, sender -> recipient, place dots) that open on a tap. Nothing leaves a lane: the order
//! changes, the lane's count and its chips stay exactly what [`Placement`] placed.

use crate::engine::Lang;
use crate::view::lanes::{Chip, Lane, Placement};
use crate::view::subject::Subject;
use crate::view::tr;

/// Subject chips a lane draws in full at the top, at most; more subjects (a disband's dead
/// letters, a stress log's long request) follow, still marked, among the compact rows.
pub const MAX_LEAD: usize = 4;

/// How a chip stands in its lane at this step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lead {
    /// The step's event touched this message: drawn in full, first, marked "this step".
    Touched,
    /// The caption names this message: drawn right after, marked "in the caption".
    Named,
    /// Not the step's subject: a compact row in message order.
    Other,
}

impl Lead {
    /// A stable name (the chip's `data-subject`).
    pub fn name(self) -> &'static str {
        match self {
            Lead::Touched => "touched",
            Lead::Named => "named",
            Lead::Other => "other",
        }
    }

    /// The chip's mark, in words (none for a message the step is not about).
    pub fn mark(self, lang: Lang) -> Option<&'static str> {
        match self {
            Lead::Touched => Some(tr(lang, "● 这一步", "● this step")),
            Lead::Named => Some(tr(lang, "● 说明里提到", "● in the caption")),
            Lead::Other => None,
        }
    }
}

/// One chip in its lane's order.
#[derive(Clone, Debug, PartialEq)]
pub struct LaneItem {
    pub chip: Chip,
    pub lead: Lead,
    /// Drawn in full at the top of the lane (a subject within [`MAX_LEAD`]).
    pub pinned: bool,
}

impl LaneItem {
    /// Everything the item shows, as a key: an item whose key is unchanged need not be drawn
    /// again.
    pub fn key(&self) -> String {
        format!("{}:{}:{}", self.chip.key(), self.lead.name(), self.pinned)
    }
}

/// The lead of `chip` at a step whose subject is `subject`.
pub fn lead_of(chip: &Chip, subject: &Subject) -> Lead {
    if subject.is_touched(chip.record_id) {
        Lead::Touched
    } else if subject.named.contains(&chip.record_id) {
        Lead::Named
    } else {
        Lead::Other
    }
}

/// Where a chip stands in its lane's order: its index in [`Placement::chips`], its lead and
/// whether it is pinned. A long lane's view keeps only these for every chip and clones the chips
/// of the rows it shows (a seek on a long log would otherwise clone and compare every chip).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub index: usize,
    pub lead: Lead,
    pub pinned: bool,
}

impl Slot {
    /// The chip this slot stands for, as a [`LaneItem`] (None if `chips` is not its lane's).
    pub fn item(self, chips: &[Chip]) -> Option<LaneItem> {
        Some(LaneItem {
            chip: chips.get(self.index)?.clone(),
            lead: self.lead,
            pinned: self.pinned,
        })
    }
}

/// `lane`'s order: touched, then named (each in message order), then the rest in message
/// order; the first [`MAX_LEAD`] subjects pinned.
pub fn lane_order(placement: &Placement, lane: Lane, subject: &Subject) -> Vec<Slot> {
    let chips = placement.chips(lane);
    let mut order: Vec<Slot> = Vec::with_capacity(chips.len());
    for lead in [Lead::Touched, Lead::Named, Lead::Other] {
        for (index, _) in chips
            .iter()
            .enumerate()
            .filter(|(_, c)| lead_of(c, subject) == lead)
        {
            let pinned = lead != Lead::Other && order.len() < MAX_LEAD;
            order.push(Slot {
                index,
                lead,
                pinned,
            });
        }
    }
    order
}

/// `lane`'s chips in the order drawn ([`lane_order`]).
pub fn lane_items(placement: &Placement, lane: Lane, subject: &Subject) -> Vec<LaneItem> {
    let chips = placement.chips(lane);
    lane_order(placement, lane, subject)
        .into_iter()
        .filter_map(|slot| slot.item(chips))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MessageId;
    use crate::lessons::{catalog, play, PlayOptions};
    use crate::view::caption::step_caption_parts;

    #[test]
    fn m2_every_lane_leads_with_the_subject_and_keeps_every_chip_at_every_step_of_every_lesson() {
        let mut led = 0;
        for info in catalog() {
            let timeline = play(info.id, &PlayOptions::default()).expect("the lesson plays");
            for step in 0..=timeline.len() {
                let (state, before) = timeline.state_with_previous(step);
                let parts = step_caption_parts(&timeline, &state, step, Lang::En);
                let event = step.checked_sub(1).map(|i| &timeline.events()[i]);
                let subject = Subject::of(event, &state, before.as_ref(), &parts);
                let placement = Placement::of(&state, before.as_ref());
                for lane in Lane::ALL {
                    let items = lane_items(&placement, lane, &subject);
                    // The same chips, none lost or doubled: the count stays true.
                    let mut drawn: Vec<MessageId> =
                        items.iter().map(|i| i.chip.record_id).collect();
                    drawn.sort();
                    let placed: Vec<MessageId> =
                        placement.chips(lane).iter().map(|c| c.record_id).collect();
                    assert_eq!(drawn, placed, "{} step {step} {lane:?}", info.id);
                    // Subjects first; within a lead, message order.
                    assert!(items
                        .windows(2)
                        .all(|w| (w[0].lead as u8, w[0].chip.record_id)
                            < (w[1].lead as u8, w[1].chip.record_id)));
                    for (i, item) in items.iter().enumerate() {
                        let is_subject = subject.contains(item.chip.record_id);
                        assert_eq!(item.lead != Lead::Other, is_subject);
                        assert_eq!(item.pinned, is_subject && i < MAX_LEAD);
                        led += usize::from(item.pinned);
                    }
                }
            }
        }
        assert!(led > 300, "only {led} chips led");
    }

    #[test]
    fn m2_the_stylesheet_writes_each_mark_in_both_languages_as_the_view_model_words_it() {
        let css = include_str!("../../www/style.css");
        for lead in [Lead::Touched, Lead::Named] {
            for lang in [Lang::En, Lang::Zh] {
                let mark = lead.mark(lang).expect("a subject has a mark");
                assert!(
                    css.contains(&format!("content: \"{mark}\"")),
                    "{lead:?} {lang:?}: {mark}"
                );
            }
        }
        assert_eq!(Lead::Other.mark(Lang::En), None);
    }
}
