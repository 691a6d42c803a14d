//! [`markdown`]: a run as a Markdown transcript a learner pastes into notes: the title, the
//! team, the task, then per step the caption the page showed and the event's log line (in
//! Chinese, a Chinese line of the same shape).

use crate::engine::{Event, Lang, MemberKind, TeamState, Timeline};
use crate::lessons::language::tr;
use crate::lessons::Lesson;
use crate::view::caption::{event_parts_in, kind_label, step_caption_parts};
use crate::view::facts::{plain, render, Scene};
use crate::view::narration::narrate_in;
use crate::view::transcript::event_line;
use std::fmt::Write;

/// The transcript of `timeline` (a run of `lesson`) in `lang`.
pub fn markdown(lesson: &Lesson, timeline: &Timeline, lang: Lang) -> String {
    let team = tr(lang, "团队", "Team");
    let task = tr(lang, "任务", "Task");
    let steps = tr(lang, "步骤", "Steps");
    let tools_all = tr(lang, "它这一类的全部工具", "every tool of its kind");
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", one_line(lesson.title.get(lang)));
    let _ = writeln!(out, "## {team}\n");
    for m in &lesson.config.members {
        let kind = match m.kind {
            MemberKind::Lead => "lead",
            MemberKind::Teammate => tr(lang, "队友", "teammate"),
        };
        let tools = m.tools.as_ref().map_or_else(
            || tools_all.to_string(),
            |t| {
                t.iter()
                    .map(|t| format!("`{}`", t.as_str()))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
        );
        let _ = writeln!(
            out,
            "- **{}** ({}, {kind}): {tools}",
            m.name,
            one_line(&m.role)
        );
    }
    let _ = writeln!(
        out,
        "\n## {task}\n\n> {}\n",
        one_line(lesson.task.get(lang))
    );
    let _ = writeln!(out, "## {steps}\n");
    for step in 1..=timeline.len() {
        let state = timeline.state_at(step);
        let caption = plain(&step_caption_parts(timeline, &state, step, lang), lang);
        let line = timeline
            .events()
            .get(step - 1)
            .map(|event| match lang {
                Lang::En => event_line(event),
                Lang::Zh => zh_event_line(timeline, &state, step, event),
            })
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{step}. {}  \n   `{}`",
            one_line(&caption),
            line.replace('`', "'")
        );
    }
    out
}

/// The event's line in Chinese: the English log line's shape (`#seq t=time [kind]`) with a
/// Chinese narration of what happened under a lesson's own caption, or who acted under a
/// caption that already narrates it. The English summary is the engine's matching text, not
/// a learner's.
fn zh_event_line(timeline: &Timeline, state: &TeamState, step: usize, event: &Event) -> String {
    let what = if timeline.lesson_caption(step).is_some() {
        let scene = Scene {
            state,
            events: &timeline.events()[..step],
        };
        let narration = narrate_in(event, state, Lang::Zh);
        plain(&render(&narration, &scene, Lang::Zh), Lang::Zh)
    } else {
        event_parts_in(Some(event), state, Lang::Zh).actor
    };
    format!(
        "#{:<4} t={:<3} [{}] {}",
        event.seq,
        event.time,
        kind_label(&event.kind, Lang::Zh),
        one_line(&what)
    )
}

/// Text kept on one Markdown line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
