//! Lessons are built for a language: the Chinese build of every lesson speaks Chinese where the
//! English build speaks English (message bodies, replies, the task, prose files), and both
//! builds play into the same events, so every caption lands on the same step.

use agent_team_playground::engine::{Input, Lang};
use agent_team_playground::lessons::{self, Action, Lesson, PlayOptions, ScriptOutcome};
use serde_json::Value;

fn has_cjk(text: &str) -> bool {
    text.chars()
        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3000}'..='\u{303f}').contains(&c))
}

/// Every prose text a lesson writes for its model and its members to read: the bodies the host
/// sends, the tasks it delivers, the scripted replies' text and the prose arguments of their
/// tool calls (bodies, reasons, feedback, plans). Labelled for the failure message.
fn prose(lesson: &Lesson) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for direction in &lesson.directions {
        if let Action::Input { input } = &direction.action {
            match input {
                Input::HostSend { body, .. } => out.push(("host_send body".into(), body.clone())),
                Input::StartRound {
                    prompt: Some(task), ..
                } => out.push(("task".into(), task.clone())),
                _ => {}
            }
        }
    }
    for reply in &lesson.script.replies {
        let label = format!("{} reply #{}", reply.member, reply.request_index);
        let replies = match &reply.outcome {
            ScriptOutcome::Reply { reply } => vec![reply],
            ScriptOutcome::ReplyIfSeen { seen, unseen, .. } => vec![seen, unseen],
            ScriptOutcome::ReplyWhen {
                then, otherwise, ..
            } => vec![then, otherwise],
            ScriptOutcome::Fail { .. } => vec![],
        };
        for model_reply in replies {
            if !model_reply.text.is_empty() {
                out.push((format!("{label} text"), model_reply.text.clone()));
            }
            for call in &model_reply.tool_calls {
                for key in ["body", "reason", "feedback", "plan"] {
                    if let Some(Value::String(text)) = call.arguments.get(key) {
                        out.push((format!("{label} {} {key}", call.name), text.clone()));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn every_lessons_chinese_build_has_chinese_bodies_and_replies_where_the_english_has_english() {
    for (zh, en) in lessons::lessons(Lang::Zh)
        .iter()
        .zip(lessons::lessons(Lang::En).iter())
    {
        let (zh_prose, en_prose) = (prose(zh), prose(en));
        assert_eq!(zh_prose.len(), en_prose.len(), "{}: same texts", zh.id);
        assert!(zh_prose.len() >= 3, "{}: the lesson writes prose", zh.id);
        for ((label, zh_text), (_, en_text)) in zh_prose.iter().zip(&en_prose) {
            assert!(
                has_cjk(zh_text),
                "{} {label} is not Chinese: {zh_text}",
                zh.id
            );
            assert!(
                !has_cjk(en_text),
                "{} {label} is not English: {en_text}",
                en.id
            );
        }
    }
}

#[test]
fn prose_files_are_translated_and_code_files_are_not() {
    let zh = lessons::lesson("l7-limits-and-budgets", Lang::Zh).unwrap();
    let notes = zh.config.files.get("notes.txt").unwrap();
    assert!(has_cjk(notes), "{notes}");
    assert_eq!(zh.config.files.get("main.py").unwrap(), "print(6 * 7)");
}

#[test]
fn both_builds_of_every_lesson_play_the_same_events_with_the_same_captions() {
    let en_options = PlayOptions::default();
    let zh_options = PlayOptions {
        lang: Lang::Zh,
        ..PlayOptions::default()
    };
    for info in lessons::catalog() {
        let en = lessons::play(info.id, &en_options).unwrap();
        let zh = lessons::play(info.id, &zh_options).unwrap();
        let kinds = |t: &agent_team_playground::engine::Timeline| {
            t.events()
                .iter()
                .map(|e| (e.kind.name(), e.actor.clone(), e.time))
                .collect::<Vec<_>>()
        };
        assert_eq!(kinds(&en), kinds(&zh), "{}", info.id);
        let captions = |t: &agent_team_playground::engine::Timeline| {
            t.captioned_events()
                .map(|(seq, c)| (seq, c.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(captions(&en), captions(&zh), "{}", info.id);
        // The zh run carries zh content: the lead's last words are Chinese.
        let last_reply = zh.events().iter().rev().find_map(|e| match &e.kind {
            agent_team_playground::engine::EventKind::ModelReplied { reply, .. } => {
                (!reply.text.is_empty()).then(|| reply.text.clone())
            }
            _ => None,
        });
        assert!(
            last_reply.as_deref().is_some_and(has_cjk),
            "{}: {last_reply:?}",
            info.id
        );
    }
}
