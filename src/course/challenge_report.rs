//! The challenges' rows of the course report (issue 48): each of the lesson's challenges, met
//! or not, with the choices used and the fewest known, as every course reads it: the embed
//! API's `state` (`challenges`) and its `challenge` event (with the xAPI `passed` statement
//! when `xapi=1`), Open edX's grade (`challenges`), SCORM's `cmi.objectives`. The checkpoint
//! score is unchanged: challenges are rows of their own beside it.

use serde_json::{json, Map, Value};

use super::embed_results::{map, score, verb, Xapi, TYPE_INTERACTION};
use super::message::message;
use crate::engine::Caption;
use crate::lessons::Challenge;
use crate::view::challenge_results::ChallengeResults;

/// xAPI's verb for a met challenge.
pub const VERB_PASSED: &str = "http://adlnet.gov/expapi/verbs/passed";

/// One challenge as a course sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportedChallenge {
    pub id: String,
    pub met: bool,
    /// The fewest choices the learner met it with.
    pub choices: Option<usize>,
    /// The fewest known.
    pub fewest: usize,
    pub solution_seen: bool,
}

impl ReportedChallenge {
    /// Every challenge of a lesson, with the learner's results.
    pub fn rows(challenges: &[Challenge], results: &ChallengeResults) -> Vec<ReportedChallenge> {
        challenges
            .iter()
            .map(|c| {
                let result = results.get(&c.id).copied().unwrap_or_default();
                ReportedChallenge {
                    id: c.id.clone(),
                    met: result.met,
                    choices: result.choices,
                    fewest: c.fewest(),
                    solution_seen: result.solution_seen,
                }
            })
            .collect()
    }

    /// The row as JSON: `{id, met, choices, fewest}`.
    pub fn value(&self) -> Value {
        json!({"id": self.id, "met": self.met, "choices": self.choices, "fewest": self.fewest})
    }

    /// The `passed` statement: `success` met, `score` the fewest known over the choices used.
    pub fn statement(&self, xapi: &Xapi, lesson: &str, goal: Option<&Caption>) -> Value {
        let name = goal.cloned().unwrap_or_else(|| {
            Caption::new(
                format!("挑战 {}", self.id),
                format!("Challenge {}", self.id),
            )
        });
        let object = json!({
            "objectType": "Activity",
            "id": format!("{}&challenge={}", xapi.lesson_id(lesson), crate::link::encode_component(&self.id)),
            "definition": {"name": map(&name), "type": TYPE_INTERACTION, "interactionType": "performance"},
        });
        let used = self.choices.unwrap_or(0).max(self.fewest).max(1);
        let result = json!({
            "success": self.met,
            "completion": self.met,
            "score": score(self.fewest.min(used), used),
        });
        let parent = xapi.lesson_id(lesson);
        xapi.statement(
            verb(VERB_PASSED, "通过了", "passed"),
            object,
            result,
            Some(&parent),
        )
    }
}

/// `challenge`: `{lesson, id, met, choices, fewest}` (and `xapi` with `xapi=1`), posted when a
/// goal is met.
pub fn challenge_message(
    lesson: &str,
    row: &ReportedChallenge,
    goal: Option<&Caption>,
    xapi: Option<&Xapi>,
) -> String {
    let mut rest = Map::new();
    rest.insert("lesson".into(), json!(lesson));
    rest.insert("id".into(), json!(row.id));
    rest.insert("met".into(), json!(row.met));
    rest.insert("choices".into(), json!(row.choices));
    rest.insert("fewest".into(), json!(row.fewest));
    if let Some(xapi) = xapi {
        rest.insert("xapi".into(), row.statement(xapi, lesson, goal));
    }
    message("challenge", rest)
}

/// SCORM 1.2's objectives for the rows, after `offset` objectives already set: `id` and
/// `status` (`passed` or `incomplete`) of each.
pub fn scorm_objectives(rows: &[ReportedChallenge], offset: usize) -> Vec<(String, String)> {
    rows.iter()
        .enumerate()
        .flat_map(|(i, row)| {
            let n = offset + i;
            let status = if row.met { "passed" } else { "incomplete" };
            [
                (format!("cmi.objectives.{n}.id"), row.id.clone()),
                (format!("cmi.objectives.{n}.status"), status.to_string()),
            ]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Lang;
    use crate::view::challenge_results::record_met;

    fn rows() -> Vec<ReportedChallenge> {
        let lesson = crate::lessons::lesson("l3-lock-scope", Lang::En).expect("lesson 3");
        let mut results = ChallengeResults::new();
        record_met(&mut results, &lesson.challenges[0].id, 2);
        ReportedChallenge::rows(&lesson.challenges, &results)
    }

    #[test]
    fn a_met_challenge_is_reported_as_its_own_row_with_choices_and_fewest() {
        let rows = rows();
        assert_eq!(rows.len(), 1);
        assert_eq!(
            rows[0].value(),
            json!({"id": "l3-two-waiters", "met": true, "choices": 2, "fewest": 1})
        );
        let text = challenge_message("l3-lock-scope", &rows[0], None, None);
        let sent: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(sent["type"], json!("challenge"));
        assert_eq!(sent["fewest"], json!(1));
    }

    #[test]
    fn the_passed_statement_scores_the_fewest_known_over_the_choices_used() {
        let xapi = Xapi::of_page("https://example.org/play/", Lang::En, None);
        let s = rows()[0].statement(&xapi, "l3-lock-scope", None);
        assert_eq!(s["verb"]["id"], json!(VERB_PASSED));
        assert_eq!(s["result"]["success"], json!(true));
        assert_eq!(s["result"]["score"]["raw"], json!(1));
        assert_eq!(s["result"]["score"]["max"], json!(2));
        assert!(s["object"]["id"]
            .as_str()
            .is_some_and(|id| id.ends_with("&challenge=l3-two-waiters")));
    }

    #[test]
    fn scorm_objectives_follow_the_checkpoints_already_set() {
        let values = scorm_objectives(&rows(), 3);
        assert_eq!(
            values[0],
            ("cmi.objectives.3.id".into(), "l3-two-waiters".into())
        );
        assert_eq!(
            values[1],
            ("cmi.objectives.3.status".into(), "passed".into())
        );
    }
}
