//! The questions a lesson asks about a comparison of two of its runs (issue 49): "in which run
//! does reader see m2?". Data, like a lesson's checkpoints: what is asked and about whom; the
//! answer is computed from the two runs on screen (`view::compare::questions`), so it holds
//! for whichever two runs the learner compares.

use crate::engine::Caption;

/// What a comparison question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompareAsk {
    /// M2, M6: in which run does `member` see `message` (a request carries it to its model)?
    Sees {
        member: &'static str,
        message: &'static str,
    },
    /// T6: in which run does `member` wait for the lock?
    Waits { member: &'static str },
}

/// One question about a comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompareQuestion {
    pub id: &'static str,
    pub rule: &'static str,
    pub question: Caption<&'static str>,
    pub ask: CompareAsk,
}

const L2: &[CompareQuestion] = &[CompareQuestion {
    id: "l2-compare-sees-m2",
    rule: "M6",
    question: Caption::fixed(
        "在哪一次运行里，reader 看得到 m2（有请求把它带给模型）？",
        "In which run does reader see m2 (a request carries it to its model)?",
    ),
    ask: CompareAsk::Sees {
        member: "reader",
        message: "m2",
    },
}];

const L3: &[CompareQuestion] = &[CompareQuestion {
    id: "l3-compare-waits",
    rule: "T6",
    question: Caption::fixed(
        "在哪一次运行里，reviewer 要等锁？",
        "In which run does reviewer wait for the lock?",
    ),
    ask: CompareAsk::Waits { member: "reviewer" },
}];

/// The comparison questions of lesson `id` (none for a lesson without any).
pub fn compare_questions(id: &str) -> &'static [CompareQuestion] {
    match id {
        super::l2_drain_on_read::ID => L2,
        super::l3_lock_scope::ID => L3,
        _ => &[],
    }
}
