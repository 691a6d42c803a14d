//! The learner's branches (`lessons::Branches`): a fork keeps the old branch to switch back
//! to and drops the old branch's later changes from the new one; a recall keeps them; the
//! count of requests a fork's base run sends is the same whether it replays or not.

use agent_team_playground::engine::{Fault, ModelReply};
use agent_team_playground::lessons::{self, Branches, Intervention, PlayOptions, ScriptOutcome};
use agent_team_playground::on_screen::{OnScreen, Source};

const L1: &str = "l1-two-investigators";

fn fault(at: usize, member: &str) -> Intervention {
    Intervention::InjectFault {
        at,
        member: member.into(),
        fault: Fault::FailBeforeCommit,
    }
}

fn lead_sends(at: usize, body: &str) -> Intervention {
    Intervention::LeadSends {
        at,
        to: "reader".into(),
        body: body.into(),
    }
}

fn options(interventions: Vec<Intervention>) -> PlayOptions {
    PlayOptions {
        interventions,
        ..PlayOptions::default()
    }
}

#[test]
fn a_new_learner_has_one_branch_and_nothing_to_switch_to() {
    let branches = Branches::default();
    assert_eq!(branches.current(), &PlayOptions::default());
    assert!(branches.earlier().is_empty());
}

#[test]
fn a_fork_keeps_the_changes_in_effect_by_its_step_and_keeps_the_old_branch() {
    let mut branches = Branches::new(options(vec![fault(3, "reader"), lead_sends(20, "later")]));
    let old = branches.current().clone();
    branches
        .fork(lead_sends(10, "now"))
        .expect("a branch takes the edit");
    assert_eq!(
        branches.current(),
        &options(vec![fault(3, "reader"), lead_sends(10, "now")]),
        "the change at 20 belongs to the old branch; the one at 3 is in effect at 10"
    );
    assert_eq!(branches.earlier(), &[old]);
}

#[test]
fn forking_the_same_change_again_lists_no_branch_twice() {
    let mut branches = Branches::default();
    branches
        .fork(fault(4, "reader"))
        .expect("a branch takes the edit");
    let forked = branches.current().clone();
    assert!(branches.switch_to(0));
    branches
        .fork(fault(4, "reader"))
        .expect("a branch takes the edit");
    assert_eq!(branches.current(), &forked);
    assert_eq!(branches.earlier(), &[PlayOptions::default()]);
}

#[test]
fn switching_swaps_the_current_branch_with_the_chosen_one() {
    let mut branches = Branches::default();
    branches
        .fork(fault(4, "reader"))
        .expect("a branch takes the edit");
    branches
        .fork(lead_sends(9, "second"))
        .expect("a branch takes the edit");
    let second = branches.current().clone();
    assert_eq!(branches.earlier().len(), 2);
    assert!(branches.switch_to(0));
    assert_eq!(branches.current(), &PlayOptions::default());
    assert_eq!(branches.earlier()[0], second);
    assert!(!branches.switch_to(2), "no such branch");
    assert_eq!(branches.current(), &PlayOptions::default());
    assert_eq!(branches.earlier().len(), 2);
}

#[test]
fn l3_a_recall_starts_a_branch_that_keeps_the_later_changes() {
    let start = options(vec![
        Intervention::Reload { at: 5 },
        lead_sends(30, "later"),
    ]);
    let mut branches = Branches::new(start.clone());
    let recall = Intervention::Recall {
        at: 8,
        member: "reader".into(),
    };
    branches
        .extend(recall.clone())
        .expect("a branch takes the edit");
    let mut expected = start.clone();
    expected.interventions.push(recall);
    assert_eq!(branches.current(), &expected);
    assert_eq!(branches.earlier(), &[start]);
}

/// The fork panel refuses a reply for a request the member never sends; the count comes from
/// the run the fork starts from, replayed only when the current branch has later changes.
#[test]
fn requests_sent_in_base_counts_the_run_the_fork_starts_from() {
    let plain = lessons::play(L1, &PlayOptions::default()).expect("lesson plays");
    let plain_count = plain
        .final_state()
        .member("reader")
        .map(|m| m.requests().len())
        .expect("reader exists");
    let lesson = |options: &PlayOptions| OnScreen::new(Source::Lesson(L1.into()), options.clone());
    let plain_screen = lesson(&PlayOptions::default());
    let reused = plain_screen.requests_sent_in_base(10, "reader", Some(&plain));
    let replayed = plain_screen.requests_sent_in_base(10, "reader", None);
    assert_eq!(reused, Some(plain_count));
    assert_eq!(replayed, Some(plain_count));
    // A later change (here: the reader's first reply becomes a final answer, so its round
    // ends early and it sends fewer requests) is not part of the run a fork before it starts
    // from.
    let first_request = crate::support::events_of(&plain, "model_requested", "reader")[0].seq;
    let mut with_later = Branches::default();
    with_later
        .fork(Intervention::ReplaceReply {
            at: first_request,
            member: "reader".into(),
            request_index: 0,
            outcome: ScriptOutcome::Reply {
                reply: ModelReply::text("Nothing to report."),
            },
        })
        .expect("a branch takes the edit");
    let later_run = lessons::play(L1, with_later.current()).expect("forked lesson plays");
    let later_count = later_run
        .final_state()
        .member("reader")
        .map(|m| m.requests().len());
    assert_ne!(
        later_count,
        Some(plain_count),
        "the later change ends the round early"
    );
    let before = first_request - 1;
    assert_eq!(
        lesson(with_later.current()).requests_sent_in_base(before, "reader", Some(&later_run)),
        Some(plain_count)
    );
    assert_eq!(
        lesson(with_later.current()).requests_sent_in_base(
            first_request,
            "reader",
            Some(&later_run)
        ),
        later_count
    );
    assert_eq!(
        OnScreen::new(Source::Lesson("nope".into()), PlayOptions::default())
            .requests_sent_in_base(10, "reader", None),
        None
    );
}
