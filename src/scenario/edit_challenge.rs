//! The editor's operations on a scenario's challenges (issue 48): add one, remove one, change
//! one part of one ([`ChallengeEdit`]), the solution recorded from the branch on screen (the
//! author plays the choices, then keeps them). Like every edit, each is made or refused with a
//! reason in both languages; what a made edit leaves wrong is `challenge_check.rs`'s to say
//! beside the field.

use super::errors::Problem;
use super::format::Scenario;
use super::fresh_name::first_free;
use crate::engine::{Caption, Lang};
use crate::lessons::{Challenge, EventMatch, Intervention, ToggleChoice};

/// One part of one challenge.
#[derive(Clone, Debug, PartialEq)]
pub enum ChallengePart {
    Id(String),
    Goal {
        lang: Lang,
        text: String,
    },
    Hint {
        lang: Lang,
        text: String,
    },
    Start(usize),
    /// The event kind of the `n`th event the goal holds.
    HoldEvent {
        n: usize,
        event: String,
    },
    /// Its actor; empty: any.
    HoldMember {
        n: usize,
        member: String,
    },
    /// Text its summary contains; empty: any.
    HoldContains {
        n: usize,
        text: String,
    },
    AddHold,
    RemoveHold(usize),
    /// The solution: the choices of the branch on screen.
    Solution(Vec<Intervention>),
}

/// One change to the scenario's challenges.
#[derive(Clone, Debug, PartialEq)]
pub enum ChallengeEdit {
    /// Adds a challenge, `challenge-<N>`: get the lead's first message queued.
    Add,
    Remove {
        index: usize,
    },
    Set {
        index: usize,
        part: ChallengePart,
    },
}

impl Scenario {
    /// Makes `edit` on the challenges, or says why not.
    pub(super) fn apply_challenge(&mut self, edit: &ChallengeEdit) -> Result<(), Problem> {
        match edit {
            ChallengeEdit::Add => {
                let id = first_free("challenge-", |id| {
                    self.challenges.iter().any(|c| c.id == id)
                });
                self.challenges.push(Challenge {
                    id,
                    goal: Caption::new("让一条消息被拒收。", "Get a message refused."),
                    start: 0,
                    modes: ToggleChoice::default(),
                    holds: vec![EventMatch::new("refused", None, None)],
                    never: Vec::new(),
                    hint: Caption::new("看看收件箱的上限。", "Look at the inbox limit."),
                    solution: Vec::new(),
                });
            }
            ChallengeEdit::Remove { index } => {
                challenge_mut(self, *index)?;
                self.challenges.remove(*index);
            }
            ChallengeEdit::Set { index, part } => set_part(challenge_mut(self, *index)?, part)?,
        }
        Ok(())
    }
}

fn challenge_mut(scenario: &mut Scenario, index: usize) -> Result<&mut Challenge, Problem> {
    scenario.challenges.get_mut(index).ok_or_else(|| {
        Problem::new(
            format!("没有第 {} 个挑战", index + 1),
            format!("there is no challenge {}", index + 1),
        )
    })
}

fn hold_mut(challenge: &mut Challenge, n: usize) -> Result<&mut EventMatch, Problem> {
    challenge.holds.get_mut(n).ok_or_else(|| {
        Problem::new(
            format!("这个目标没有第 {} 个事件", n + 1),
            format!("the goal has no event {}", n + 1),
        )
    })
}

fn set_part(challenge: &mut Challenge, part: &ChallengePart) -> Result<(), Problem> {
    let optional = |text: &str| (!text.trim().is_empty()).then(|| text.trim().to_string());
    match part {
        ChallengePart::Id(id) => challenge.id = id.trim().to_string(),
        ChallengePart::Goal {
            lang: Lang::Zh,
            text,
        } => challenge.goal.zh = text.clone(),
        ChallengePart::Goal {
            lang: Lang::En,
            text,
        } => challenge.goal.en = text.clone(),
        ChallengePart::Hint {
            lang: Lang::Zh,
            text,
        } => challenge.hint.zh = text.clone(),
        ChallengePart::Hint {
            lang: Lang::En,
            text,
        } => challenge.hint.en = text.clone(),
        ChallengePart::Start(step) => challenge.start = *step,
        ChallengePart::HoldEvent { n, event } => hold_mut(challenge, *n)?.event = event.clone(),
        ChallengePart::HoldMember { n, member } => {
            hold_mut(challenge, *n)?.member = optional(member)
        }
        ChallengePart::HoldContains { n, text } => {
            hold_mut(challenge, *n)?.contains = optional(text)
        }
        ChallengePart::AddHold => {
            challenge
                .holds
                .push(EventMatch::new("message_queued", None, None))
        }
        ChallengePart::RemoveHold(n) => {
            hold_mut(challenge, *n)?;
            challenge.holds.remove(*n);
        }
        ChallengePart::Solution(choices) => challenge.solution = choices.clone(),
    }
    Ok(())
}
