//! Open edX's JSInput problem type (issue 26 part 4): the values behind the three functions a
//! framed playground offers on its `window` (`ui/features/edx.rs` installs them). JSInput,
//! on a page of the same origin, calls them on the iframe's `contentWindow`:
//! - `getGrade()` returns a string the problem's Python `cfn` grades: [`grade`], JSON with the
//!   lesson id, the score (checkpoints right at the first try), the max and each checkpoint's
//!   id with whether it was right at the first try and whether it was answered. Only about
//!   this lesson: ids and counts, never a key, never a text the learner typed;
//! - `getState()` returns the learner's state as a JSON string, which Open edX stores with the
//!   answer: [`EdxState`], the lesson, the step, the branch on screen (fork edits and toggles,
//!   free play's scenario) and the tries at its checkpoints (with the score beside them);
//! - `setState(text)` gets that string back when the problem is shown again:
//!   [`EdxState::read`] checks it as strictly as a stored session, each refusal in both
//!   languages; the page then shows what it names ([`EdxState::on_screen`]) and restores the
//!   tries, or shows the refusal and changes nothing.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::report::CourseReport;
use crate::engine::Lang;
use crate::lessons::PlayOptions;
use crate::on_screen::admit::first;
use crate::on_screen::{admit, Arrival, Carrier, OnScreen};
use crate::scenario::{Problem, Scenario};
use crate::view::checkpoints::Score;

/// The state format's version (`v`).
pub const STATE_VERSION: u32 = 1;

/// The longest state text `setState` reads (a free-play scenario is at most ~100 kB).
pub const MAX_STATE_CHARS: usize = 400_000;

/// `getGrade`'s string, read from the course report: `{"lesson", "score", "max",
/// "checkpoints": [{"id", "correct", "answered"}]}` over the checkpoints the report is over, in
/// step order.
pub fn grade(report: &CourseReport) -> String {
    let checkpoints: Vec<Value> = report
        .checkpoints
        .iter()
        .map(|c| json!({"id": c.id, "correct": c.correct, "answered": c.answered}))
        .collect();
    let mut grade = json!({
        "lesson": report.lesson,
        "score": report.score.score,
        "max": report.score.max,
        "checkpoints": checkpoints,
    });
    if !report.challenges.is_empty() {
        let rows: Vec<Value> = report.challenges.iter().map(|c| c.value()).collect();
        grade["challenges"] = Value::Array(rows);
    }
    grade.to_string()
}

/// The learner's state as `getState` writes it and `setState` reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EdxState {
    /// [`STATE_VERSION`].
    pub v: u32,
    pub lesson: String,
    pub step: usize,
    /// The branch on screen (no language: the page's is the one in force).
    #[serde(default)]
    pub branch: PlayOptions,
    /// Free play's scenario, when free play is on screen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    /// The tries at this lesson's checkpoints.
    #[serde(default)]
    pub tries: Score,
    /// `{score, max}` when it was written, for a reader's eyes; not read back (the score
    /// follows from `tries` on the run shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Value>,
}

impl EdxState {
    /// The state of `on_screen` with the course report's tries and score.
    pub fn of(on_screen: &OnScreen, report: &CourseReport) -> EdxState {
        EdxState {
            v: STATE_VERSION,
            lesson: on_screen.lesson_id().to_string(),
            step: on_screen.step,
            branch: PlayOptions {
                lang: PlayOptions::default().lang,
                ..on_screen.options.clone()
            },
            scenario: on_screen.source.scenario().map(|s| (**s).clone()),
            tries: report.tries.clone(),
            score: Some(report.score.value()),
        }
    }

    /// `getState`'s string. jsinput.js passes it through `unescape()`, which would turn a `%22`
    /// in a fork's message into a quote and break the JSON: a `%` can only be inside a JSON
    /// string here, where `\u0025` reads back as the same `%`.
    pub fn to_text(&self) -> String {
        serde_json::to_string(self)
            .unwrap_or_default()
            .replace('%', "\\u0025")
    }

    /// Reads `setState`'s string, or says in both languages why it cannot be restored.
    pub fn read(text: &str) -> Result<EdxState, Problem> {
        let refused = |zh: String, en: String| {
            Problem::new(
                format!("Open edX 交回的学习状态无法恢复：{zh}。页面保持原样。"),
                format!("The state Open edX gave back cannot be restored: {en}. The page is left as it was."),
            )
        };
        if text.chars().count() > MAX_STATE_CHARS {
            return Err(refused(
                format!("它超过 {MAX_STATE_CHARS} 个字符"),
                format!("it is longer than {MAX_STATE_CHARS} characters"),
            ));
        }
        let state: EdxState = serde_json::from_str(text).map_err(|e| {
            refused(
                format!(
                    "它不是这个练习场写的 JSON（第 {} 行第 {} 列）",
                    e.line(),
                    e.column()
                ),
                format!("it is not JSON this playground wrote ({e})"),
            )
        })?;
        if state.v != STATE_VERSION {
            return Err(refused(
                format!("它的版本是 {}，这个页面只读版本 {STATE_VERSION}", state.v),
                format!(
                    "it is version {}, and this page reads version {STATE_VERSION} only",
                    state.v
                ),
            ));
        }
        // The door: every refusal of what it carries, worded for it.
        if let Err(refusals) = admit(state.arrival(Lang::En)) {
            let problem = first(&refusals, &Carrier::EDX);
            return Err(refused(problem.zh, problem.en));
        }
        Ok(state)
    }

    /// What it carries of the run, for the door, in the page's `lang`.
    fn arrival(&self, lang: Lang) -> Arrival {
        Arrival {
            lesson: self.lesson.clone(),
            scenario: self.scenario.clone(),
            options: PlayOptions {
                lang,
                ..self.branch.clone()
            },
            earlier: Vec::new(),
            recording: None,
            step: self.step,
        }
    }

    /// The run on screen it brings back through the door, in the page's `lang` (the step is
    /// clamped to the run when it is shown).
    pub fn on_screen(&self, lang: Lang) -> Option<OnScreen> {
        admit(self.arrival(lang))
            .ok()
            .map(|admitted| admitted.on_screen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::checkpoint::{place, CheckpointPlacement};
    use crate::on_screen::Source;
    use std::sync::Arc;

    const L2: &str = "l2-drain-loses-mail";

    fn lesson2(step: usize) -> (OnScreen, CheckpointPlacement) {
        let on_screen = OnScreen {
            step,
            ..OnScreen::new(Source::Lesson(L2.into()), PlayOptions::default())
        };
        let played = on_screen.play().unwrap();
        let lesson = on_screen.lesson().unwrap();
        let placement = place(&lesson.checkpoints, &played.timeline);
        (on_screen, placement)
    }

    /// The learner's tries: the first checkpoint right at once, the second after a wrong try.
    fn tries(placement: &CheckpointPlacement) -> Score {
        let mut score = Score::default();
        let first = &placement.placed[0];
        score.answer(first, first.answer);
        let second = &placement.placed[1];
        score.answer(second, (second.answer + 1) % second.choices.len());
        score.answer(second, second.answer);
        score
    }

    #[test]
    fn the_grade_is_this_lessons_score_and_ids_only() {
        let (_, placement) = lesson2(0);
        assert!(placement.placed.len() >= 3);
        let score = tries(&placement);
        let text = grade(&CourseReport::of(L2, &score, &placement));
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["lesson"], L2);
        assert_eq!(value["score"], 1);
        assert_eq!(value["max"], placement.placed.len());
        let items = value["checkpoints"].as_array().unwrap();
        assert_eq!(items.len(), placement.placed.len());
        assert_eq!(items[0]["correct"], true);
        assert_eq!(
            (items[1]["correct"].clone(), items[1]["answered"].clone()),
            (json!(false), json!(true))
        );
        assert_eq!(items[2]["answered"], false);
        // Nothing but ids, booleans and counts: no question, no choice text.
        let keys: Vec<&String> = value.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["checkpoints", "lesson", "max", "score"]);
        for item in items {
            assert_eq!(item.as_object().unwrap().len(), 3);
        }
        assert!(!text.contains(&placement.placed[0].question.en));
    }

    #[test]
    fn the_state_round_trips_and_shows_the_same_run() {
        let (on_screen, placement) = lesson2(12);
        let mut on_screen = on_screen;
        on_screen.options.toggles.drain_on_read = !on_screen.options.toggles.drain_on_read;
        let score = tries(&placement);
        let state = EdxState::of(&on_screen, &CourseReport::of(L2, &score, &placement));
        let text = state.to_text();
        let read = EdxState::read(&text).unwrap();
        assert_eq!(read, state);
        assert_eq!(read.tries, score);
        let back = read.on_screen(Lang::En).unwrap();
        assert_eq!(back, on_screen);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["score"]["score"], 1);
        assert_eq!(value["step"], 12);
    }

    #[test]
    fn a_percent_sign_in_a_fork_survives_jsinputs_unescape() {
        let (mut on_screen, placement) = lesson2(3);
        on_screen
            .options
            .interventions
            .push(crate::lessons::Intervention::LeadSends {
                at: 2,
                to: "reader".into(),
                body: "100%22 sure %u0041".into(),
            });
        let state = EdxState::of(
            &on_screen,
            &CourseReport::of(L2, &tries(&placement), &placement),
        );
        let text = state.to_text();
        // jsinput.js passes getState's string through `unescape()`: with no `%` left in it,
        // that changes nothing, and the message comes back as written.
        assert!(!text.contains('%'), "{text}");
        assert_eq!(EdxState::read(&text).unwrap(), state);
    }

    #[test]
    fn free_plays_scenario_goes_with_the_state() {
        let scenario = Arc::new(Scenario::default_free_play(Lang::En));
        let on_screen = OnScreen::new(
            Source::free_play(Some(scenario.clone())),
            PlayOptions::default(),
        );
        let state = EdxState::of(&on_screen, &CourseReport::default());
        let read = EdxState::read(&state.to_text()).unwrap();
        assert_eq!(read.on_screen(Lang::En).unwrap(), on_screen);
    }

    #[test]
    fn a_bad_state_is_refused_in_both_languages() {
        let (on_screen, placement) = lesson2(3);
        let good: Value = serde_json::from_str(
            &EdxState::of(
                &on_screen,
                &CourseReport::of(L2, &Score::default(), &placement),
            )
            .to_text(),
        )
        .unwrap();
        let with = |key: &str, v: Value| {
            let mut s = good.clone();
            s[key] = v;
            s.to_string()
        };
        let cases = [
            ("not json".to_string(), "not JSON"),
            (String::new(), "not JSON"),
            ("{}".to_string(), "not JSON"),
            (with("v", json!(2)), "version 2"),
            (
                with("lesson", json!("no-such-lesson")),
                "names a lesson that does not exist: 'no-such-lesson'",
            ),
            (with("step", json!(-1)), "not JSON"),
            ("x".repeat(MAX_STATE_CHARS + 1), "longer than"),
        ];
        for (text, says) in cases {
            let err = EdxState::read(&text).unwrap_err();
            assert!(err.en.contains(says), "{says}: {err:?}");
            assert!(err.en.contains("cannot be restored"));
            assert!(err.zh.contains("无法恢复"), "{err:?}");
        }
    }
}
