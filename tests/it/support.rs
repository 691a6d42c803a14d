//! Shared helpers for the lesson tests: golden transcripts and event-log queries.
//!
//! Golden files live next to this file (`tests/golden/<lesson id>.txt`). Run the tests with
//! `UPDATE_GOLDEN=1` to rewrite them after an intended change, then review the diff.
#![allow(dead_code)]

use agent_team_playground::engine::{Event, EventKind, Lang, RefusalCode, Timeline};
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::view::transcript::transcript;

pub fn play(id: &str) -> Timeline {
    let timeline = lessons::play(id, &PlayOptions::default()).expect("lesson plays");
    let lesson = lessons::lesson(id, Lang::En).expect("lesson exists");
    let unmatched = unmatched_captions(&lesson, &timeline);
    assert!(
        unmatched.is_empty(),
        "caption rules of {id} that match no event: {unmatched:?}"
    );
    timeline
}

/// The caption rules of `lesson` that match no event of its default run `timeline`, leaving
/// out a rule for one contrast mode that matches when the learner chooses that mode.
pub fn unmatched_captions(lesson: &lessons::Lesson, timeline: &Timeline) -> Vec<usize> {
    lessons::resolve_captions(lesson, timeline)
        .into_iter()
        .filter(|&i| {
            let rule = &lesson.captions[i];
            rule.when.is_empty() || {
                let options = PlayOptions {
                    learner_toggles: rule.when,
                    ..PlayOptions::default()
                };
                let (run, _) = lessons::play_lesson(lesson, &options).expect("lesson plays");
                lessons::resolve_captions(lesson, &run).contains(&i)
            }
        })
        .collect()
}

/// Compares the transcript with `tests/golden/<id>.txt` (or rewrites it with UPDATE_GOLDEN=1).
pub fn check_golden(id: &str, timeline: &Timeline) {
    let text = transcript(id, timeline);
    let path = format!("{}/tests/golden/{id}.txt", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &text).expect("write golden");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("missing golden {path}; run with UPDATE_GOLDEN=1 to create it"));
    if expected != text {
        let first = expected.lines().zip(text.lines()).position(|(a, b)| a != b);
        panic!(
            "transcript of {id} differs from {path} (first differing line: {first:?}); run with UPDATE_GOLDEN=1 if the change is intended\n--- new ---\n{text}"
        );
    }
}

pub fn events_of<'a>(timeline: &'a Timeline, name: &str, actor: &str) -> Vec<&'a Event> {
    timeline
        .events()
        .iter()
        .filter(|e| {
            e.kind.name() == name && (actor.is_empty() || e.actor.as_deref() == Some(actor))
        })
        .collect()
}

/// The logical (start, end) time of each of `member`'s rounds.
pub fn round_spans(timeline: &Timeline, member: &str) -> Vec<(u64, u64)> {
    let starts = events_of(timeline, "round_started", member);
    let ends = events_of(timeline, "round_finished", member);
    starts
        .iter()
        .zip(ends.iter())
        .map(|(s, e)| (s.time, e.time))
        .collect()
}

pub fn refusals(timeline: &Timeline) -> Vec<(RefusalCode, String)> {
    timeline
        .events()
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Refused { refusal } => Some((refusal.code, refusal.reason.clone())),
            _ => None,
        })
        .collect()
}

/// Every caption of every step is non-empty in both languages, and the Chinese one is Chinese.
pub fn check_captions(timeline: &Timeline) {
    use agent_team_playground::engine::Lang;
    use agent_team_playground::view::narration::caption_at;
    for step in 0..=timeline.len() {
        let zh = caption_at(timeline, step, Lang::Zh);
        let en = caption_at(timeline, step, Lang::En);
        assert!(
            !zh.trim().is_empty() && !en.trim().is_empty(),
            "empty caption at step {step}"
        );
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "caption at step {step} is not Chinese: {zh}"
        );
    }
}

/// README.md from `heading` on: the tests that keep the README's examples true read it here.
pub fn readme_section(heading: &str) -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md");
    readme
        .split(heading)
        .nth(1)
        .unwrap_or_else(|| panic!("README.md has the section {heading:?}"))
        .to_string()
}

/// The first ```json block of README.md's section `heading`.
pub fn readme_json_example(heading: &str) -> String {
    readme_section(heading)
        .split("```json")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap_or_else(|| panic!("README.md's section {heading:?} has a JSON example"))
        .to_string()
}
