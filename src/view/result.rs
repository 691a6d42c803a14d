//! The result panel's model: the results a learner came for, on the main screen rather than
//! only in a member's detail. The latest final answer of each member so far (the lead's
//! first), and the whole tool result or file of the step's own event, which a caption quotes
//! only cut at a word. On a branch, an answer given after the branch left the original run is
//! the scripted model's words for the original run and is marked so.

use crate::engine::{Event, EventKind, Lang, TeamState};
use crate::lessons::{Intervention, PlayOptions, ScriptOutcome};
use crate::view::facts::latest_answer;
use crate::view::tr;

/// Members whose answers the panel lists at most (a large team: the lead and the step's
/// member only).
const MAX_ANSWERS: usize = 6;

/// One final answer.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalAnswer {
    pub member: String,
    pub text: String,
    /// Given after the branch left the original run: scripted words written for the original.
    pub original: bool,
}

/// The step's own result: a tool call's result or a file written.
#[derive(Clone, Debug, PartialEq)]
pub struct StepResult {
    pub member: String,
    /// The tool's name, or the file's path.
    pub label: String,
    pub text: String,
    pub is_error: bool,
}

/// What the result panel shows at a step.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ResultPanel {
    pub answers: Vec<FinalAnswer>,
    pub step_result: Option<StepResult>,
}

impl ResultPanel {
    /// The panel after `events` (the first `step` events), in `state`; `diverged` is where
    /// the branch left the original run, if it did; `learners` are the replies the learner
    /// wrote on this branch (member, text): their own words, never the original's.
    pub fn of(
        events: &[Event],
        state: &TeamState,
        diverged: Option<usize>,
        learners: &[(String, String)],
    ) -> ResultPanel {
        let lead = state.lead_name();
        let current = events.last();
        let mut names: Vec<&str> = vec![lead];
        let roster: Vec<&str> = state.members_in_order().map(|m| m.name()).collect();
        if roster.len() <= MAX_ANSWERS {
            names.extend(roster.iter().filter(|n| **n != lead));
        } else if let Some(actor) = current.and_then(|e| e.actor.as_deref()) {
            names.extend(roster.iter().filter(|n| **n != lead && **n == actor));
        }
        let answers = names
            .into_iter()
            .filter_map(|member| {
                let seq = answer_seq(events, member)?;
                let text = latest_answer(events, member)?;
                let learners = learners.iter().any(|(m, t)| m == member && *t == text);
                Some(FinalAnswer {
                    member: member.to_string(),
                    original: diverged.is_some_and(|at| seq >= at) && !learners,
                    text,
                })
            })
            .collect();
        ResultPanel {
            answers,
            step_result: current.and_then(step_result),
        }
    }

    /// Nothing to show yet.
    pub fn is_empty(&self) -> bool {
        self.answers.is_empty() && self.step_result.is_none()
    }
}

/// The replies the learner wrote on a branch, as (member, text).
pub fn learner_replies(options: &PlayOptions) -> Vec<(String, String)> {
    options
        .interventions
        .iter()
        .filter_map(|iv| match iv {
            Intervention::ReplaceReply {
                member,
                outcome: ScriptOutcome::Reply { reply },
                ..
            } => Some((member.clone(), reply.text.clone())),
            _ => None,
        })
        .collect()
}

fn answer_seq(events: &[Event], member: &str) -> Option<usize> {
    events.iter().rposition(|e| {
        matches!(&e.kind, EventKind::RoundFinished { member: m, final_text: Some(_), .. } if m == member)
    })
}

fn step_result(event: &Event) -> Option<StepResult> {
    match &event.kind {
        EventKind::ToolExecuted {
            member,
            tool,
            result,
            is_error,
            ..
        } => Some(StepResult {
            member: member.clone(),
            label: tool.clone(),
            text: result.clone(),
            is_error: *is_error,
        }),
        EventKind::FileWritten {
            member,
            path,
            content,
            ..
        } => Some(StepResult {
            member: member.clone(),
            label: path.clone(),
            text: content.clone(),
            is_error: false,
        }),
        _ => None,
    }
}

/// The panel's heading.
pub fn heading(lang: Lang) -> &'static str {
    tr(lang, "结果", "Results")
}

/// "lead's latest final answer".
pub fn answer_label(member: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{member} 最近的最终回答"),
        Lang::En => format!("{member}'s latest final answer"),
    }
}

/// The heading of the teammates' answers (folded, so the lead's answer leads).
pub fn others_label(count: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("队友的最终回答（{count}）"),
        Lang::En => format!("Teammates' final answers ({count})"),
    }
}

/// Said of an answer the scripted model wrote for the original run.
pub fn original_note(lang: Lang) -> &'static str {
    tr(
        lang,
        "（原始运行的脚本回答：本分支的输入已不同，它说的未必成立）",
        "(the scripted answer of the original run: this branch's inputs differ, so it may not hold)",
    )
}

/// "reader's read_file result (this step)".
pub fn step_label(result: &StepResult, lang: Lang) -> String {
    let (member, label) = (&result.member, &result.label);
    match (lang, result.is_error) {
        (Lang::Zh, false) => format!("这一步：{member} 的 {label} 结果"),
        (Lang::Zh, true) => format!("这一步：{member} 的 {label} 出错"),
        (Lang::En, false) => format!("This step: {member}'s {label} result"),
        (Lang::En, true) => format!("This step: {member}'s {label} failed"),
    }
}

/// Said when there is nothing yet.
pub fn empty_text(lang: Lang) -> &'static str {
    tr(
        lang,
        "还没有最终回答或工具结果。",
        "No final answer or tool result yet.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{play, PlayOptions};

    #[test]
    fn the_leads_answer_and_the_steps_tool_result_are_on_the_main_screen() {
        let timeline = play("l1-two-investigators", &PlayOptions::default()).unwrap();
        let events = timeline.events();
        let read = events
            .iter()
            .position(
                |e| matches!(&e.kind, EventKind::ToolExecuted { tool, .. } if tool == "read_file"),
            )
            .unwrap();
        let state = timeline.state_at(read + 1);
        let panel = ResultPanel::of(&events[..=read], &state, None, &[]);
        let result = panel.step_result.expect("the step's tool result");
        assert_eq!(result.text, "print(6 * 7)");
        let end = ResultPanel::of(events, timeline.final_state(), None, &[]);
        let lead = &end.answers[0];
        assert_eq!(lead.member, "lead");
        assert!(lead.text.starts_with("main.py's source is print(6 * 7)"));
        assert!(!lead.original);
        let forked = ResultPanel::of(events, timeline.final_state(), Some(40), &[]);
        assert!(forked.answers[0].original);
        // A reply the learner wrote is the learner's, not the original's.
        let mine = [("lead".to_string(), lead.text.clone())];
        let learners = ResultPanel::of(events, timeline.final_state(), Some(40), &mine);
        assert!(!learners.answers[0].original);
        assert!(ResultPanel::of(&[], timeline.final_state(), None, &[]).is_empty());
    }
}
