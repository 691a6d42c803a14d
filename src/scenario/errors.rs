//! What is wrong with a scenario: every problem found, each in Chinese and English, so the
//! error banner can list them all in the page's language.

use crate::engine::{Caption, Lang};
use crate::lessons::language::tr;
use crate::lessons::run::MAX_INTERVENTIONS;

/// One problem of a scenario, in both languages: the one bilingual text type, the engine's
/// [`Caption`] (`zh`, `en`; [`Caption::get`] picks the learner's language).
pub type Problem = Caption;

/// The refusal of `what` (a link, a file, a stored session) carrying `n` fork edits, more than
/// a run takes ([`MAX_INTERVENTIONS`]): the page never makes that many, so nothing honest
/// carries them.
pub fn too_many_edits(n: usize, what_zh: &str, what_en: &str) -> Problem {
    let max = MAX_INTERVENTIONS;
    Problem::new(
        format!("{what_zh}带有 {n} 个分支修改；一次运行最多接受 {max} 个，页面也不会做出更多，所以没有打开"),
        format!("{what_en} carries {n} fork edits; a run takes at most {max}, more than the page ever makes, so it was not opened"),
    )
}

/// Every problem a scenario has (never empty when returned as an error).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScenarioErrors {
    /// The problems, in the order they were found (top of the file first).
    pub problems: Vec<Problem>,
}

impl ScenarioErrors {
    /// Adds a problem.
    pub fn push(&mut self, zh: impl Into<String>, en: impl Into<String>) {
        self.problems.push(Problem::new(zh, en));
    }

    /// Adds a problem already worded.
    pub fn add(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// Ok when no problem was found, the errors otherwise.
    pub fn into_result(self) -> Result<(), ScenarioErrors> {
        if self.problems.is_empty() {
            Ok(())
        } else {
            Err(self)
        }
    }

    /// Every problem in `lang`, one sentence each, for the error banner.
    pub fn message(&self, lang: Lang) -> String {
        let lead = match lang {
            Lang::Zh => format!("这个场景有 {} 个问题：", self.problems.len()),
            Lang::En => match self.problems.len() {
                1 => "This scenario has 1 problem: ".to_string(),
                n => format!("This scenario has {n} problems: "),
            },
        };
        let sep = tr(lang, "；", "; ");
        let list: Vec<&str> = self.problems.iter().map(|p| p.get(lang)).collect();
        format!("{lead}{}", list.join(sep))
    }
}

impl std::fmt::Display for ScenarioErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl std::error::Error for ScenarioErrors {}
