//! A lesson's questions about a comparison (`lessons::compare_questions`), answered from the
//! two runs on screen: the choices (only in run A, only in run B, in both, in neither, each
//! named by the run's label), the right one computed from the diff, and what the runs show,
//! said once the learner answered.

use super::summary::{label, Which};
use super::RunDiff;
use crate::engine::Lang;
use crate::lessons::compare_questions::CompareAsk;
use crate::view::tr;

/// Where something holds, across the two runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    OnlyA,
    OnlyB,
    Both,
    Neither,
}

impl Where {
    pub const ALL: [Where; 4] = [Where::OnlyA, Where::OnlyB, Where::Both, Where::Neither];

    fn of(a: bool, b: bool) -> Where {
        match (a, b) {
            (true, false) => Where::OnlyA,
            (false, true) => Where::OnlyB,
            (true, true) => Where::Both,
            (false, false) => Where::Neither,
        }
    }

    /// A stable name (the choice's `data-choice`).
    pub fn name(self) -> &'static str {
        match self {
            Where::OnlyA => "a",
            Where::OnlyB => "b",
            Where::Both => "both",
            Where::Neither => "neither",
        }
    }
}

fn reasons(diff: &RunDiff) -> &[crate::on_screen::versus::Reason] {
    diff.parting
        .as_ref()
        .map(|p| p.reasons.as_slice())
        .unwrap_or(&[])
}

/// The choice `where_` in words, naming the runs by their labels.
pub fn choice_words(diff: &RunDiff, choice: Where, lang: Lang) -> String {
    let (a, b) = (
        label(reasons(diff), Which::A, lang),
        label(reasons(diff), Which::B, lang),
    );
    match (choice, lang) {
        (Where::OnlyA, Lang::Zh) => format!("只在 A（{a}）"),
        (Where::OnlyA, Lang::En) => format!("only in A ({a})"),
        (Where::OnlyB, Lang::Zh) => format!("只在 B（{b}）"),
        (Where::OnlyB, Lang::En) => format!("only in B ({b})"),
        (Where::Both, _) => tr(lang, "两次都是", "in both runs").to_string(),
        (Where::Neither, _) => tr(lang, "两次都不是", "in neither run").to_string(),
    }
}

/// The right answer on these two runs; None when what it asks about is in neither run (a
/// message neither sent, a member neither has): then it does not ask.
pub fn answer(ask: CompareAsk, diff: &RunDiff) -> Option<Where> {
    match ask {
        CompareAsk::Sees { member, message } => {
            let m = diff.message(message).filter(|m| m.to == member)?;
            let (a, b) = m.last();
            Some(Where::of(a.reached_a_model(), b.reached_a_model()))
        }
        CompareAsk::Waits { member } => {
            let m = diff.member(member)?;
            Some(Where::of(!m.waits.0.is_empty(), !m.waits.1.is_empty()))
        }
    }
}

/// What the two runs show, said after an answer.
pub fn explain(ask: CompareAsk, diff: &RunDiff, lang: Lang) -> String {
    let Some(right) = answer(ask, diff) else {
        return String::new();
    };
    let runs = choice_words(diff, right, lang);
    match (ask, lang) {
        (CompareAsk::Sees { member, message }, Lang::Zh) => {
            format!("{member} 看到 {message}：{runs}。只有请求带上它，模型才知道它；收件箱里的记录或被丢弃的候选都不算。")
        }
        (CompareAsk::Sees { member, message }, Lang::En) => format!(
            "{member} sees {message} {runs}. A model knows a message only once a request carries it; a record in the inbox or a discarded candidate is not enough."
        ),
        (CompareAsk::Waits { member }, Lang::Zh) => {
            format!("{member} 等锁：{runs}。锁只护住检查和设置时，成员的模型调用可以并行。")
        }
        (CompareAsk::Waits { member }, Lang::En) => format!(
            "{member} waits for the lock {runs}. When the lock covers only the check and the set, members' model calls overlap."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn where_is_told_by_both_runs() {
        assert_eq!(Where::of(true, false), Where::OnlyA);
        assert_eq!(Where::of(false, false), Where::Neither);
        assert_eq!(Where::ALL.map(Where::name), ["a", "b", "both", "neither"]);
    }
}
