//! The end card (issue 46): what the stage shows at a lesson's last step, so the lesson ends
//! where the learner is looking, not 3,700 px down on a phone: that it ended, the checkpoints'
//! score ("n of m answered, k right at the first try"), the checkpoints to revisit (tried and
//! not right at the first try; skipped, never tried), each with its step, and the next lesson.

use crate::engine::Lang;
use crate::lessons::checkpoint::CheckpointPlacement;
use crate::lessons::language::LangText;
use crate::lessons::{catalog, LessonInfo};
use crate::view::checkpoints::Score;
use crate::view::tr;

/// A checkpoint to revisit: its step (a jump back to it never asks) and its question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revisit {
    pub id: String,
    pub step: usize,
    pub question: String,
}

/// The end card's contents in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndCard {
    /// "End of the lesson.".
    pub heading: String,
    /// The score, short ("2 of 4 answered, 1 right first time"), when the lesson has
    /// checkpoints on this run (the result panel says it whole).
    pub score: Option<String>,
    /// Tried and not right at the first try.
    pub not_right: Vec<Revisit>,
    /// Never tried (passed with checkpoints off, or jumped over).
    pub skipped: Vec<Revisit>,
    /// The next lesson in the picker's order: its id and title.
    pub next: Option<(&'static str, &'static str)>,
}

/// The lesson after `id` in the picker's order (free play after the last lesson; none after
/// free play or for an id not in the catalog).
pub fn next_lesson(id: &str) -> Option<&'static LessonInfo> {
    let lessons = catalog();
    let at = lessons.iter().position(|l| l.id == id)?;
    lessons.get(at + 1)
}

impl EndCard {
    /// The end card of lesson `id` with `score` over its checkpoints on the run on screen.
    pub fn of(id: &str, score: &Score, placement: &CheckpointPlacement, lang: Lang) -> EndCard {
        // The picker above names the lesson; the card stays a strip on the stage.
        let heading = tr(lang, "本课结束。", "End of the lesson.").to_string();
        let revisit = |list: Vec<&crate::lessons::checkpoint::Placed>| {
            list.into_iter()
                .map(|p| Revisit {
                    id: p.id.clone(),
                    step: p.step,
                    question: p.question.get(lang).to_string(),
                })
                .collect::<Vec<_>>()
        };
        EndCard {
            heading,
            score: (!placement.placed.is_empty()).then(|| short_score(score, placement, lang)),
            not_right: revisit(score.not_right(placement)),
            skipped: revisit(score.skipped(placement)),
            next: next_lesson(id).map(|l| (l.id, lang.lesson_title(l))),
        }
    }
}

/// The words before the list of checkpoints tried and not right at the first try.
pub fn not_right_words(lang: Lang) -> &'static str {
    tr(
        lang,
        "值得再看一遍（第一次没答对）：",
        "Worth another look (not right at the first try):",
    )
}

/// The words before the list of checkpoints never tried.
pub fn skipped_words(lang: Lang) -> &'static str {
    tr(
        lang,
        "跳过了（检查点关闭时经过，或直接跳过）：",
        "Skipped (passed with checkpoints off, or jumped over):",
    )
}

/// The score on the end card: "2 of 4 answered, 1 right first time".
fn short_score(score: &Score, placement: &CheckpointPlacement, lang: Lang) -> String {
    let (right, total) = score.tally(placement);
    let answered = score.answered_count(placement);
    match lang {
        Lang::Zh => format!("{total} 题答了 {answered} 题，一次答对 {right} 题"),
        Lang::En => format!("{answered} of {total} answered, {right} right first time"),
    }
}

/// The fold of the checkpoints to revisit: "Revisit (3)".
pub fn revisit_words(count: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("回看（{count}）"),
        Lang::En => format!("Revisit ({count})"),
    }
}

/// The next lesson's button, short (its full words are its name): "Next lesson ▶".
pub fn next_short(lang: Lang) -> &'static str {
    tr(lang, "下一课 ▶", "Next lesson ▶")
}

/// A step's button words: "Step 12".
pub fn step_words(step: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第 {step} 步"),
        Lang::En => format!("Step {step}"),
    }
}

/// The next lesson's button words.
pub fn next_words(title: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("下一课：{title} ▶"),
        Lang::En => format!("Next lesson: {title} ▶"),
    }
}
