//! What a step changed in one member's lists (issue 45): the history entries it appended, a
//! candidate it prepared, a request it sent. The member detail marks those entries and, where
//! its panel scrolls on its own, brings the first of them into view.

use crate::engine::MemberState;

/// What the step changed in a member's history, candidate and requests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepChanges {
    /// The history grew: the index of its first new entry.
    pub history_from: Option<usize>,
    /// A candidate was prepared (none before, or another one).
    pub candidate: bool,
    /// A request was sent.
    pub request: bool,
}

impl StepChanges {
    /// The changes between `before` (the member one step earlier, None when it did not exist)
    /// and `now`.
    pub fn of(now: &MemberState, before: Option<&MemberState>) -> StepChanges {
        let history_before = before.map_or(0, |b| b.history().len());
        let requests_before = before.map_or(0, |b| b.requests().len());
        StepChanges {
            history_from: (now.history().len() > history_before).then_some(history_before),
            candidate: now.candidate().is_some()
                && now.candidate() != before.and_then(|b| b.candidate()),
            request: now.requests().len() > requests_before,
        }
    }

    /// The step changed something in the member's lists.
    pub fn any(&self) -> bool {
        self.history_from.is_some() || self.candidate || self.request
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EventKind;
    use crate::lessons::{play, PlayOptions};

    #[test]
    fn m3_m4_m5_a_step_changes_the_lists_of_the_member_its_event_names_and_no_other() {
        let timeline =
            play("l1-two-investigators", &PlayOptions::default()).expect("the lesson plays");
        let mut seen = StepChanges::default();
        for step in 1..=timeline.len() {
            let (state, before) = timeline.state_with_previous(step);
            let before = before.expect("a state before");
            let event = &timeline.events()[step - 1];
            for member in state.members_in_order() {
                let changes = StepChanges::of(member, before.member(member.name()));
                let expected = match &event.kind {
                    EventKind::CandidatePrepared { member: m, .. } => StepChanges {
                        candidate: true,
                        ..Default::default()
                    }
                    .filter(m == member.name()),
                    EventKind::ModelRequested { request } => StepChanges {
                        request: true,
                        ..Default::default()
                    }
                    .filter(request.member == member.name()),
                    _ => changes,
                };
                if matches!(
                    event.kind,
                    EventKind::CandidatePrepared { .. } | EventKind::ModelRequested { .. }
                ) {
                    assert_eq!(changes, expected, "step {step} {}", member.name());
                }
                if let EventKind::HistoryCommitted {
                    member: m,
                    history_len,
                    entries,
                    ..
                } = &event.kind
                {
                    if m == member.name() {
                        let grew = (*entries > 0).then(|| history_len - entries);
                        assert_eq!(changes.history_from, grew, "step {step}");
                    }
                }
                seen.history_from = seen.history_from.or(changes.history_from);
                seen.candidate |= changes.candidate;
                seen.request |= changes.request;
            }
        }
        assert!(seen.history_from.is_some() && seen.candidate && seen.request);
    }

    impl StepChanges {
        fn filter(self, keep: bool) -> StepChanges {
            if keep {
                self
            } else {
                StepChanges::default()
            }
        }
    }
}
