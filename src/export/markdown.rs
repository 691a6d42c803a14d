//! [`markdown`]: a run as a Markdown transcript a learner pastes into notes: the title, the
//! team, the task, then per step the caption the page showed and the event's log line.

use crate::engine::{Lang, MemberKind, Timeline};
use crate::lessons::language::tr;
use crate::lessons::Lesson;
use crate::view::caption::step_caption_parts;
use crate::view::facts::plain;
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
            MemberKind::Teammate => "teammate",
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
            .map(event_line)
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

/// Text kept on one Markdown line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
