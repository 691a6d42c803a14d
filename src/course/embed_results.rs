//! The lesson's checkpoint results as the postMessage API (version 1) reports them to the
//! course page (issue 26 part 4): the `checkpoint` and `completed` events, the score a `state`
//! and a `getState` reply carry, when `completed` goes out ([`Completion`]), and, with the
//! link's `xapi=1`, the xAPI 1.0.3 statement each event carries for a course page to forward
//! to its learning record store. Pure and tested natively; `ui/features/embed.rs` only posts.
//!
//! Only ever about this lesson: ids, counts and the lesson's own texts (a built-in lesson's
//! title and questions; free play's, which a learner may have typed, are never sent), never a
//! key and never anything the learner typed.

use serde_json::{json, Map, Value};

use super::message::message;
use crate::engine::{Caption, Lang};
use crate::lessons::checkpoint::{CheckpointPlacement, Placed};
use crate::link::encode_component;
use crate::view::checkpoints::{Score, Tries};

/// xAPI's verbs and activity types (ADL's vocabulary).
pub const VERB_ANSWERED: &str = "http://adlnet.gov/expapi/verbs/answered";
pub const VERB_COMPLETED: &str = "http://adlnet.gov/expapi/verbs/completed";
pub const TYPE_INTERACTION: &str = "http://adlnet.gov/expapi/activities/cmi.interaction";
pub const TYPE_LESSON: &str = "http://adlnet.gov/expapi/activities/lesson";

/// A lesson's score: checkpoints right at the first try, of those placed on the run on screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LessonScore {
    pub score: usize,
    pub max: usize,
}

impl LessonScore {
    /// The score of `score`'s tries over the checkpoints of `placement`.
    pub fn of(score: &Score, placement: &CheckpointPlacement) -> LessonScore {
        let (score, max) = score.tally(placement);
        LessonScore { score, max }
    }

    /// `{score, max}`, as `state` and a `getState` reply carry it.
    pub fn value(&self) -> Value {
        json!({"score": self.score, "max": self.max})
    }

    /// Every checkpoint on the run was answered right (at the first try or later).
    pub fn all_answered(score: &Score, placement: &CheckpointPlacement) -> bool {
        placement.placed.iter().all(|p| score.answered(&p.id))
    }
}

/// When `completed` goes out: the first time, in one opening of the lesson, that the playhead
/// moves onto its last step while every checkpoint on the run on screen has been answered
/// right (in this visit or an earlier one, in this browser). Opening the lesson again (the
/// picker, a `load` or `reset` command, a reload) starts a new opening.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Completion {
    /// The step last seen (None: none yet in this opening).
    last_step: Option<usize>,
    /// `completed` went out in this opening.
    sent: bool,
}

impl Completion {
    /// A new opening of the lesson.
    pub fn reopen(&mut self) {
        *self = Completion::default();
    }

    /// The playhead is at `step` of a run whose last step is `last`, with every checkpoint
    /// answered (`met`) or not: whether `completed` goes out now. The step the opening starts
    /// at is not a move (a link or a reload that opens at the end completes nothing), and
    /// neither is a lesson of one step.
    pub fn at(&mut self, step: usize, last: usize, met: bool) -> bool {
        let moved = self.last_step.is_some_and(|before| before != step);
        self.last_step = Some(step);
        if self.sent || !moved || last == 0 || step < last || !met {
            return false;
        }
        self.sent = true;
        true
    }
}

/// Where the statements point: the page's address and what a learner may be told about.
#[derive(Clone, Debug, PartialEq)]
pub struct Xapi {
    /// The frame's address without its fragment and query: activity ids are built on it.
    pub base: String,
    /// The actor's `account.homePage`: the page's origin (or `base` for a page without one).
    pub home: String,
    /// The page's language (the statement's `context.language`).
    pub lang: Lang,
    /// The host clock's time as ISO 8601 (the UI reads it); None: no `timestamp`.
    pub timestamp: Option<String>,
}

impl Xapi {
    /// From the frame's full address (`location.href`).
    pub fn of_page(href: &str, lang: Lang, timestamp: Option<String>) -> Xapi {
        let base = href.split(['#', '?']).next().unwrap_or(href).to_string();
        let home = match base.split_once("://") {
            Some((scheme, rest)) if scheme == "http" || scheme == "https" => {
                let authority = rest.split('/').next().unwrap_or(rest);
                format!("{scheme}://{authority}")
            }
            _ => base.clone(),
        };
        Xapi {
            base,
            home,
            lang,
            timestamp,
        }
    }

    /// The lesson's activity id: the link that opens it.
    pub fn lesson_id(&self, lesson: &str) -> String {
        format!("{}#lesson={}", self.base, encode_component(lesson))
    }

    /// A checkpoint's activity id.
    pub fn checkpoint_id(&self, lesson: &str, checkpoint: &str) -> String {
        format!(
            "{}&checkpoint={}",
            self.lesson_id(lesson),
            encode_component(checkpoint)
        )
    }

    /// The placeholder actor: xAPI requires one, and the playground knows no learner. The
    /// course page replaces it with its own learner before it stores the statement.
    fn actor(&self) -> Value {
        json!({"objectType": "Agent", "account": {"homePage": self.home, "name": "anonymous"}})
    }

    pub(super) fn statement(
        &self,
        verb: Value,
        object: Value,
        result: Value,
        parent: Option<&str>,
    ) -> Value {
        let mut context = Map::new();
        if let Some(parent) = parent {
            context.insert(
                "contextActivities".into(),
                json!({"parent": [{"objectType": "Activity", "id": parent}]}),
            );
        }
        context.insert("language".into(), json!(language(self.lang)));
        let mut statement = Map::new();
        statement.insert("actor".into(), self.actor());
        statement.insert("verb".into(), verb);
        statement.insert("object".into(), object);
        statement.insert("result".into(), result);
        statement.insert("context".into(), Value::Object(context));
        if let Some(timestamp) = &self.timestamp {
            statement.insert("timestamp".into(), json!(timestamp));
        }
        Value::Object(statement)
    }
}

/// The RFC 5646 tag of a page language.
fn language(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "zh-CN",
        Lang::En => "en-US",
    }
}

/// A language map in both languages.
pub(super) fn map(text: &Caption) -> Value {
    json!({"en-US": text.en, "zh-CN": text.zh})
}

pub(super) fn verb(id: &str, zh: &str, en: &str) -> Value {
    json!({"id": id, "display": {"en-US": en, "zh-CN": zh}})
}

/// `{raw, min, max, scaled}` (scaled only when max > 0).
pub(super) fn score(raw: usize, max: usize) -> Value {
    let mut score = json!({"raw": raw, "min": 0, "max": max});
    if max > 0 {
        score["scaled"] = json!(raw as f64 / max as f64);
    }
    score
}

/// What one checkpoint answered right reports.
#[derive(Clone, Debug, PartialEq)]
pub struct AnsweredCheckpoint<'a> {
    pub lesson: &'a str,
    pub checkpoint: &'a Placed,
    pub tries: Tries,
    /// Its question may be sent (a built-in lesson's); false in free play.
    pub texts: bool,
}

impl AnsweredCheckpoint<'_> {
    /// Right at the first try.
    pub fn correct(&self) -> bool {
        self.tries.first_try
    }

    /// The `answered` statement: a choice interaction, `success` = right at the first try,
    /// `score` 1 or 0 of 1, `response` the right choice's key (the one that ended the tries).
    pub fn statement(&self, xapi: &Xapi) -> Value {
        let cp = self.checkpoint;
        let name = if self.texts {
            cp.question.clone()
        } else {
            Caption::new(format!("检查点 {}", cp.id), format!("Checkpoint {}", cp.id))
        };
        let mut definition = json!({
            "name": map(&name),
            "type": TYPE_INTERACTION,
            "interactionType": "choice",
        });
        let right = cp.choices.get(cp.answer).map(|c| c.key.clone());
        if let Some(right) = &right {
            definition["correctResponsesPattern"] = json!([right]);
            if self.texts {
                let choices: Vec<Value> = cp
                    .choices
                    .iter()
                    .map(|c| json!({"id": c.key, "description": map(&c.label)}))
                    .collect();
                definition["choices"] = Value::Array(choices);
            }
        }
        let object = json!({
            "objectType": "Activity",
            "id": xapi.checkpoint_id(self.lesson, &cp.id),
            "definition": definition,
        });
        let mut result = json!({
            "success": self.correct(),
            "completion": true,
            "score": score(usize::from(self.correct()), 1),
        });
        if let Some(right) = right {
            result["response"] = json!(right);
        }
        let lesson = xapi.lesson_id(self.lesson);
        xapi.statement(
            verb(VERB_ANSWERED, "回答了", "answered"),
            object,
            result,
            Some(&lesson),
        )
    }
}

/// The `completed` statement of `lesson` (its title, when it may be sent): `completion`, and
/// the score when the lesson has checkpoints.
pub fn completed_statement(
    xapi: &Xapi,
    lesson: &str,
    title: Option<&Caption>,
    result: LessonScore,
) -> Value {
    let name = title
        .cloned()
        .unwrap_or_else(|| Caption::new(format!("课程 {lesson}"), format!("Lesson {lesson}")));
    let object = json!({
        "objectType": "Activity",
        "id": xapi.lesson_id(lesson),
        "definition": {"name": map(&name), "type": TYPE_LESSON},
    });
    let mut out = json!({"completion": true});
    if result.max > 0 {
        out["score"] = score(result.score, result.max);
    }
    xapi.statement(
        verb(VERB_COMPLETED, "完成了", "completed"),
        object,
        out,
        None,
    )
}

/// `checkpoint`: `{lesson, id, correct, attempts}` (and `xapi`, the statement, with `xapi=1`).
pub fn checkpoint(answered: &AnsweredCheckpoint, xapi: Option<&Xapi>) -> String {
    let mut rest = Map::new();
    rest.insert("lesson".into(), json!(answered.lesson));
    rest.insert("id".into(), json!(answered.checkpoint.id));
    rest.insert("correct".into(), json!(answered.correct()));
    rest.insert("attempts".into(), json!(answered.tries.attempts));
    if let Some(xapi) = xapi {
        rest.insert("xapi".into(), answered.statement(xapi));
    }
    message("checkpoint", rest)
}

/// `completed`: `{lesson, score, max}` (and `xapi`, the statement, with `xapi=1`).
pub fn completed(
    lesson: &str,
    title: Option<&Caption>,
    result: LessonScore,
    xapi: Option<&Xapi>,
) -> String {
    let mut rest = Map::new();
    rest.insert("lesson".into(), json!(lesson));
    rest.insert("score".into(), json!(result.score));
    rest.insert("max".into(), json!(result.max));
    if let Some(xapi) = xapi {
        rest.insert(
            "xapi".into(),
            completed_statement(xapi, lesson, title, result),
        );
    }
    message("completed", rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::checkpoint::place;
    use crate::lessons::{self, PlayOptions};

    const PAGE: &str = "https://school.example/tools/playground/index.html?v=2#lesson=l1-two-investigators&embed=1&xapi=1";
    const LESSON: &str = "l1-two-investigators";

    fn placement() -> (CheckpointPlacement, Caption) {
        let timeline = lessons::play(LESSON, &PlayOptions::default()).expect("lesson 1 plays");
        let lesson = lessons::lesson(LESSON, Lang::En).expect("lesson 1");
        (place(&lesson.checkpoints, &timeline), lesson.title)
    }

    fn wrong(placed: &Placed) -> usize {
        (0..placed.choices.len())
            .find(|&i| !placed.is_right(i))
            .expect("a wrong choice")
    }

    fn parsed(text: &str) -> Value {
        serde_json::from_str(text).expect("our messages are JSON")
    }

    fn keys(value: &Value) -> Vec<&str> {
        let mut keys: Vec<&str> = value
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        keys
    }

    fn xapi(timestamp: Option<&str>) -> Xapi {
        Xapi::of_page(PAGE, Lang::Zh, timestamp.map(str::to_string))
    }

    #[test]
    fn checkpoint_says_first_try_correctness_and_attempts_and_nothing_else() {
        let (placement, _) = placement();
        let (first, second) = (&placement.placed[0], &placement.placed[1]);
        let mut score = Score::default();
        score.answer(first, first.answer);
        score.answer(second, wrong(second));
        score.answer(second, second.answer);
        let cases = [(first, true, 1), (second, false, 2)];
        for (placed, correct, attempts) in cases {
            let answered = AnsweredCheckpoint {
                lesson: LESSON,
                checkpoint: placed,
                tries: score.tries[&placed.id],
                texts: true,
            };
            let message = parsed(&checkpoint(&answered, None));
            assert_eq!(
                message,
                json!({"source": "agent-team-playground", "v": 1, "type": "checkpoint",
                    "lesson": LESSON, "id": placed.id, "correct": correct, "attempts": attempts}),
            );
            let with_xapi = parsed(&checkpoint(&answered, Some(&xapi(None))));
            assert_eq!(with_xapi["xapi"]["result"]["success"], json!(correct));
            assert_eq!(
                keys(&with_xapi),
                ["attempts", "correct", "id", "lesson", "source", "type", "v", "xapi"]
            );
        }
    }

    #[test]
    fn completed_carries_the_lessons_score() {
        let (placement, title) = placement();
        let mut score = Score::default();
        for (i, placed) in placement.placed.iter().enumerate() {
            if i == 0 {
                score.answer(placed, wrong(placed));
            }
            score.answer(placed, placed.answer);
        }
        let result = LessonScore::of(&score, &placement);
        let max = placement.placed.len();
        assert_eq!(
            result,
            LessonScore {
                score: max - 1,
                max
            }
        );
        assert!(LessonScore::all_answered(&score, &placement));
        assert!(!LessonScore::all_answered(&Score::default(), &placement));
        let message = parsed(&completed(LESSON, Some(&title), result, None));
        assert_eq!(
            message,
            json!({"source": "agent-team-playground", "v": 1, "type": "completed",
                "lesson": LESSON, "score": max - 1, "max": max}),
        );
        assert_eq!(result.value(), json!({"score": max - 1, "max": max}));
    }

    #[test]
    fn completed_goes_out_once_on_a_move_onto_the_last_step_with_every_checkpoint_answered() {
        let mut c = Completion::default();
        // Opened at the end (a link, a reload): not a move.
        assert!(!c.at(40, 40, true));
        assert!(!c.at(39, 40, true));
        assert!(c.at(40, 40, true));
        // Once per opening: back and forth again says nothing.
        assert!(!c.at(39, 40, true));
        assert!(!c.at(40, 40, true));
        c.reopen();
        assert!(!c.at(0, 40, true));
        // Reaching the end with a checkpoint unanswered (skipped by a jump) is not completing.
        assert!(!c.at(40, 40, false));
        assert!(!c.at(30, 40, true));
        assert!(c.at(40, 40, true));
        // A run of one step has nothing to complete.
        let mut one = Completion::default();
        assert!(!one.at(1, 0, true) && !one.at(0, 0, true));
    }

    #[test]
    fn answered_statement_names_the_checkpoint_from_the_page_and_lesson() {
        let (placement, _) = placement();
        let placed = &placement.placed[0];
        let mut score = Score::default();
        score.answer(placed, wrong(placed));
        score.answer(placed, placed.answer);
        let answered = AnsweredCheckpoint {
            lesson: LESSON,
            checkpoint: placed,
            tries: score.tries[&placed.id],
            texts: true,
        };
        let s = answered.statement(&xapi(Some("2026-12-03T03:00:00.000Z")));
        let base = "https://school.example/tools/playground/index.html";
        assert_eq!(
            s["actor"],
            json!({"objectType": "Agent", "account": {"homePage": "https://school.example", "name": "anonymous"}})
        );
        assert_eq!(s["verb"]["id"], json!(VERB_ANSWERED));
        assert_eq!(s["verb"]["display"]["zh-CN"], json!("回答了"));
        assert_eq!(
            s["object"]["id"],
            json!(format!("{base}#lesson={LESSON}&checkpoint={}", placed.id))
        );
        assert_eq!(s["object"]["definition"]["type"], json!(TYPE_INTERACTION));
        assert_eq!(
            s["object"]["definition"]["name"]["en-US"],
            json!(placed.question.en)
        );
        let right = &placed.choices[placed.answer].key;
        assert_eq!(
            s["object"]["definition"]["correctResponsesPattern"],
            json!([right])
        );
        assert_eq!(
            s["result"],
            json!({"success": false, "completion": true, "response": right,
                "score": {"raw": 0, "min": 0, "max": 1, "scaled": 0.0}})
        );
        assert_eq!(
            s["context"],
            json!({"contextActivities": {"parent": [{"objectType": "Activity", "id": format!("{base}#lesson={LESSON}")}]}, "language": "zh-CN"})
        );
        assert_eq!(s["timestamp"], json!("2026-12-03T03:00:00.000Z"));
        assert!(answered.statement(&xapi(None)).get("timestamp").is_none());
    }

    #[test]
    fn completed_statement_scores_the_lesson_and_free_play_sends_no_text() {
        let (placement, title) = placement();
        let x = xapi(None);
        let s = completed_statement(&x, LESSON, Some(&title), LessonScore { score: 2, max: 4 });
        assert_eq!(s["verb"]["id"], json!(VERB_COMPLETED));
        assert_eq!(s["object"]["definition"]["type"], json!(TYPE_LESSON));
        assert_eq!(s["object"]["definition"]["name"]["en-US"], json!(title.en));
        assert_eq!(
            s["result"],
            json!({"completion": true, "score": {"raw": 2, "min": 0, "max": 4, "scaled": 0.5}})
        );
        let none = completed_statement(&x, "free-play", None, LessonScore::default());
        assert_eq!(none["result"], json!({"completion": true}));
        assert_eq!(
            none["object"]["definition"]["name"],
            json!({"en-US": "Lesson free-play", "zh-CN": "课程 free-play"})
        );
        // Free play's question may be the learner's own text: only the ids go out.
        let placed = &placement.placed[0];
        let answered = AnsweredCheckpoint {
            lesson: "free-play",
            checkpoint: placed,
            tries: Tries::default(),
            texts: false,
        };
        let text = answered.statement(&x).to_string();
        assert!(!text.contains(&placed.question.en) && !text.contains(&placed.question.zh));
        assert!(!text.contains(&placed.choices[0].label.en));
    }

    #[test]
    fn a_page_without_an_origin_is_its_own_home_page() {
        let x = Xapi::of_page("file:///home/t/dist/index.html#lesson=l1", Lang::En, None);
        assert_eq!(x.base, "file:///home/t/dist/index.html");
        assert_eq!(x.home, x.base);
        assert_eq!(
            x.checkpoint_id("a b", "c"),
            "file:///home/t/dist/index.html#lesson=a%20b&checkpoint=c"
        );
    }
}
