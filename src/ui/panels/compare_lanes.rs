//! One run's lanes in the comparison: the lanes' own view model (`view::lanes::Placement`,
//! the lane headings, each chip's places and what changed) drawn compact, with each message
//! whose place differs from the other run at this aligned step marked, in a sign and words as
//! well as a colour, on both sides.

use leptos::prelude::*;

use crate::engine::{Lang, MessageId};
use crate::ui::browser::i18n::{tr, LangText};
use crate::view::lanes::{lost_label, Chip, Lane, Placement};

/// A lane's heading, as the stage's lanes name it.
fn heading(lane: Lane, lang: Lang) -> &'static str {
    let s = lang.strings();
    match lane {
        Lane::Queued => s.lane_queued,
        Lane::Candidate => s.lane_candidate,
        Lane::Request => s.lane_request,
        Lane::Lost => lost_label(lang).0,
    }
}

/// A message as a compact chip: its id, its sender and recipient and places in the title (the
/// stage's lanes show them in full), and the mark when it differs from the other run.
fn chip(c: &Chip, differs: bool, lang: Lang) -> impl IntoView {
    let title = format!(
        "{} {} → {} · {}",
        c.id,
        c.from,
        c.to,
        c.places.marks_text(lang)
    );
    let differs_words = tr(lang, "与另一次不同", "differs in the other run");
    view! {
        <li class="compare-chip" class:kept=!c.front() class:differs=differs
            data-testid="compare-chip" data-message-id=c.id.clone()
            data-places=c.places.names().join(" ") data-differs=differs.to_string()
            title=title>
            {c.id.clone()}
            {differs.then(|| view! {
                <span class="compare-differs" data-testid="compare-differs" aria-hidden="true">" ≠"</span>
                <span class="visually-hidden">{format!(" ({differs_words})")}</span>
            })}
        </li>
    }
}

/// One run's four lanes at a step: `placement` placed, `differs` the ids (in this run) of the
/// messages whose place differs from the other run's at this row.
pub fn side_lanes(placement: &Placement, differs: &[MessageId], lang: Lang) -> impl IntoView {
    Lane::ALL
        .iter()
        .map(|&lane| {
            let chips = placement.chips(lane);
            let items = chips
                .iter()
                .map(|c| chip(c, differs.contains(&c.record_id), lang))
                .collect_view();
            view! {
                <div class=format!("compare-lane {}", lane.name()) data-lane=lane.name()>
                    <h4>{heading(lane, lang)}" "<span class="lane-count">{format!("({})", chips.len())}</span></h4>
                    <ul class="compare-chips">
                        {items}
                        {chips.is_empty().then(|| view! { <li class="compare-empty">"–"</li> })}
                    </ul>
                </div>
            }
        })
        .collect_view()
}
