//! Human-readable transcripts of a timeline (the golden files under `tests/golden/`).

use super::facts::{plain, render, Scene};
use crate::engine::text::counted;
use crate::engine::{Event, EventKind, Lang, Timeline};
use std::fmt::Write;

/// An event as one transcript line: `#seq t=time [category] summary`.
pub fn event_line(event: &Event) -> String {
    numbered_line(event.seq, event)
}

/// An event as one line numbered as the page numbers its step (the state after event `seq` is
/// step `seq + 1`): `#step t=time [category] summary`, for a transcript beside the steps. A
/// member's requests count from 1 here, as in the fork panel, the editor and the format (the
/// engine's summary, which the golden files and the JSON export's event log keep, counts from 0).
pub fn step_line(event: &Event) -> String {
    let summary = match &event.kind {
        EventKind::ModelRequested { request } => format!(
            "{} sent request {} (request {} of {}, delivery {}, logical {}, attempt {}) with {}",
            request.member,
            request.id,
            request.member_index + 1,
            request.member,
            request.delivery,
            request.logical,
            request.attempt,
            counted(request.messages.len(), "history entry", "history entries")
        ),
        _ => event.summary(),
    };
    line(event.seq + 1, event, &summary)
}

fn numbered_line(number: usize, event: &Event) -> String {
    line(number, event, &event.summary())
}

fn line(number: usize, event: &Event, summary: &str) -> String {
    format!(
        "#{:<4} t={:<3} [{}] {}",
        number,
        event.time,
        event.category().as_str(),
        summary
    )
}

/// One line per event (`#seq t=time [category] summary`), with the lesson's captions in both
/// languages under the events that carry one.
pub fn transcript(title: &str, timeline: &Timeline) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# {title}");
    if let Some(intro) = timeline.intro() {
        let _ = writeln!(out, "  zh: {}", intro.zh);
        let _ = writeln!(out, "  en: {}", intro.en);
    }
    for event in timeline.events() {
        let _ = writeln!(out, "{}", event_line(event));
        if let Some(caption) = timeline.lesson_caption(event.seq + 1) {
            // As the page shows it: its facts rendered in the state after the event.
            let step = event.seq + 1;
            let state = timeline.state_at(step);
            let scene = Scene {
                state: &state,
                events: &timeline.events()[..step],
            };
            let text = |lang| plain(&render(caption.get(lang), &scene, lang), lang);
            let _ = writeln!(out, "      zh: {}", text(Lang::Zh));
            let _ = writeln!(out, "      en: {}", text(Lang::En));
        }
    }
    let state = timeline.final_state();
    let _ = writeln!(out, "-- final state --");
    for m in state.members_in_order() {
        let _ = writeln!(
            out,
            "{} ({}): {}, deliveries {}/{}, history {}, requests {}",
            m.name(),
            m.role(),
            m.status().as_str(),
            m.deliveries_used(),
            m.delivery_budget(),
            counted(m.history().len(), "entry", "entries"),
            m.requests().len()
        );
    }
    for record in state.messages().iter() {
        let position = state
            .message_position(record.id)
            .map(|p| p.name())
            .unwrap_or("?");
        let _ = writeln!(
            out,
            "{} {} {} -> {}: {}",
            record.id,
            record.kind.as_str(),
            record.from,
            record.to,
            position
        );
    }
    for request in state.protocol_requests() {
        let _ = writeln!(
            out,
            "{} {} {} -> {}: {}",
            request.id,
            request.kind.as_str(),
            request.from,
            request.to,
            request.status.as_str()
        );
    }
    out
}
