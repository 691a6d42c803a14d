//! [`markdown`]: a run as a Markdown transcript a learner pastes into notes: the title, the
//! team, the task, what the run was (the branch's forks, each in words at its step, and the
//! contrast modes in force), then per step the caption the page showed and the event's log
//! line (in Chinese, a Chinese line of the same shape), the line numbered as its step is.

use crate::engine::{Event, EventKind, Lang, MemberKind, TeamState, Timeline};
use crate::lessons::language::tr;
use crate::lessons::{Lesson, PlayOptions};
use crate::view::caption::{event_parts_in, kind_label, modes, step_caption_parts};
use crate::view::contrast::{drain_label, hold_lock_label};
use crate::view::facts::{plain, render, Scene};
use crate::view::fork_form::describe;
use crate::view::narration::narrate_in;
use crate::view::transcript::step_line;
use std::fmt::Write;

/// The transcript of `timeline` (a run of `lesson` played with `options`) in `lang`.
pub fn markdown(lesson: &Lesson, timeline: &Timeline, options: &PlayOptions, lang: Lang) -> String {
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
    run_section(&mut out, timeline, options, lang);
    let _ = writeln!(out, "## {steps}\n");
    for step in 1..=timeline.len() {
        let state = timeline.state_at(step);
        let caption = plain(&step_caption_parts(timeline, &state, step, lang), lang);
        let line = timeline
            .events()
            .get(step - 1)
            .map(|event| match lang {
                Lang::En => step_line(event),
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
        event.seq + 1,
        event.time,
        kind_label(&event.kind, Lang::Zh),
        one_line(&what)
    )
}

/// What the run was: the original or a fork (each change at its step, as the fork panel says
/// it), the contrast modes in force from the start and from each step that switched them, and
/// the modes the learner fixed with the switches.
fn run_section(out: &mut String, timeline: &Timeline, options: &PlayOptions, lang: Lang) {
    let _ = writeln!(out, "## {}\n", tr(lang, "这次运行", "This run"));
    // The colon of each label, in the language's own punctuation.
    let colon = tr(lang, "：", ": ");
    let branch = tr(lang, "分支", "Branch");
    if options.interventions.is_empty() {
        let original = tr(
            lang,
            "原始运行（没有改动）",
            "the original run (no changes)",
        );
        let _ = writeln!(out, "- **{branch}**{colon}{original}");
    } else {
        let n = options.interventions.len();
        let fork = match lang {
            Lang::Zh => format!("分叉，有 {n} 个改动："),
            Lang::En => format!("a fork, with {n} change{}:", if n == 1 { "" } else { "s" }),
        };
        let _ = writeln!(out, "- **{branch}**{colon}{fork}");
        for (i, change) in options.interventions.iter().enumerate() {
            let _ = writeln!(out, "  {}. {}", i + 1, one_line(&describe(change, lang)));
        }
    }
    let in_force = tr(lang, "生效的模式", "Modes in force");
    let start = tr(lang, "从开始", "from the start");
    let _ = writeln!(
        out,
        "- **{in_force}**{colon}{start}{colon}{}",
        modes(&timeline.initial_state().toggles(), lang).1
    );
    let mut now = timeline.initial_state().toggles();
    for event in timeline.events() {
        // A switch to the modes already in force (a mode the learner fixed) changes nothing.
        if let EventKind::TogglesChanged { toggles } = &event.kind {
            if *toggles == now {
                continue;
            }
            now = *toggles;
            let from = match lang {
                Lang::Zh => format!("从第 {} 步起", event.seq + 1),
                Lang::En => format!("from step {}", event.seq + 1),
            };
            let _ = writeln!(out, "  - {from}{colon}{}", modes(toggles, lang).1);
        }
    }
    let choice = options.learner_toggles;
    let fixed: Vec<String> = [
        (choice.drain_on_read, drain_label(lang)),
        (choice.hold_lock_during_model_call, hold_lock_label(lang)),
    ]
    .into_iter()
    .filter_map(|(value, label)| {
        value.map(|on| {
            format!(
                "{label} {}",
                if on {
                    tr(lang, "开", "on")
                } else {
                    tr(lang, "关", "off")
                }
            )
        })
    })
    .collect();
    if !fixed.is_empty() {
        let by = tr(lang, "学习者用开关设定", "Set by the learner's switches");
        let _ = writeln!(out, "- **{by}**{colon}{}", fixed.join(tr(lang, "；", "; ")));
    }
    out.push('\n');
}

/// Text kept on one Markdown line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
