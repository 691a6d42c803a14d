//! The editor's operations on a scenario's checkpoints (`scenario::edit_checkpoint`): add,
//! remove and each part, every problem placed on its field, and what plays.
use std::sync::Arc;

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::checkpoint::{place, CheckpointPlacement};
use agent_team_playground::lessons::Ask;
use agent_team_playground::on_screen::{OnScreen, Source};
use agent_team_playground::scenario::edit::{Edit, Field};
use agent_team_playground::scenario::edit_checkpoint::{CheckpointEdit, CheckpointPart};
use agent_team_playground::scenario::{parse, Problem, Scenario, VERSION};

fn start() -> Scenario {
    Scenario::default_free_play(Lang::En)
}

fn set(s: &Scenario, index: usize, part: CheckpointPart) -> Result<Scenario, Problem> {
    s.apply(&Edit::Checkpoint(CheckpointEdit::Set { index, part }))
}

fn placement_of(s: &Scenario) -> CheckpointPlacement {
    let played = OnScreen::new(Source::Scenario(Arc::new(s.clone())), Default::default())
        .play()
        .unwrap();
    place(&s.checkpoints, &played.timeline)
}

#[test]
fn an_added_checkpoint_is_valid_version_2_and_asks_on_free_play() {
    let s = start()
        .apply(&Edit::Checkpoint(CheckpointEdit::Add))
        .unwrap();
    assert_eq!(s.version, agent_team_playground::scenario::NEWEST_VERSION);
    assert_eq!(s.validate(), Ok(()));
    assert_eq!(s.checkpoints[0].id, "check-1");
    let placement = placement_of(&s);
    assert_eq!(placement.placed.len(), 1, "{placement:?}");
    let s2 = s.apply(&Edit::Checkpoint(CheckpointEdit::Add)).unwrap();
    assert_eq!(s2.checkpoints[1].id, "check-2");
    // Removing the last one writes version 1 again.
    let back = s
        .apply(&Edit::Checkpoint(CheckpointEdit::Remove { index: 0 }))
        .unwrap();
    assert_eq!(back.version, VERSION);
    assert_eq!(back, start());
    assert!(back
        .apply(&Edit::Checkpoint(CheckpointEdit::Remove { index: 0 }))
        .is_err());
}

#[test]
fn every_part_is_written_and_survives_the_json_round_trip() {
    let s = start()
        .apply(&Edit::Checkpoint(CheckpointEdit::Add))
        .unwrap();
    let parts = [
        CheckpointPart::Id("reader-status".into()),
        CheckpointPart::Rule("L1".into()),
        CheckpointPart::Event("round_finished".into()),
        CheckpointPart::Member("reader".into()),
        CheckpointPart::Contains("reader".into()),
        CheckpointPart::Nth(1),
        CheckpointPart::Question {
            lang: Lang::Zh,
            text: "reader 现在是什么状态？".into(),
        },
        CheckpointPart::Question {
            lang: Lang::En,
            text: "What is reader's status now?".into(),
        },
        CheckpointPart::AskKind("member_status".into()),
        CheckpointPart::AskMember("reader".into()),
    ];
    let s = parts
        .into_iter()
        .fold(s, |s, part| set(&s, 0, part).unwrap());
    assert_eq!(s.validate(), Ok(()));
    let c = &s.checkpoints[0];
    assert_eq!(c.id, "reader-status");
    assert_eq!(c.member.as_deref(), Some("reader"));
    assert_eq!((c.contains.as_deref(), c.nth), (Some("reader"), 1));
    assert_eq!(
        (c.rule.as_str(), c.event.as_str()),
        ("L1", "round_finished")
    );
    assert_eq!(c.question.en, "What is reader's status now?");
    assert_eq!(
        c.ask,
        Ask::MemberStatus {
            member: "reader".into()
        }
    );
    let read = parse(&s.to_json()).unwrap();
    assert_eq!(read, s);
    // Empty member and contains mean "any".
    let any = set(&s, 0, CheckpointPart::Member(String::new())).unwrap();
    let any = set(&any, 0, CheckpointPart::Contains(String::new())).unwrap();
    assert_eq!(
        (&any.checkpoints[0].member, &any.checkpoints[0].contains),
        (&None, &None)
    );
}

#[test]
fn a_bad_field_is_a_problem_of_its_checkpoint_in_both_languages() {
    let s = start()
        .apply(&Edit::Checkpoint(CheckpointEdit::Add))
        .unwrap();
    let s = s.apply(&Edit::Checkpoint(CheckpointEdit::Add)).unwrap();
    let (bad, valid) = s
        .edited(&Edit::Checkpoint(CheckpointEdit::Set {
            index: 1,
            part: CheckpointPart::Rule("Z9".into()),
        }))
        .unwrap();
    let problems = valid.unwrap_err().problems;
    let mine: Vec<_> = problems
        .iter()
        .filter(|p| Field::Checkpoint(1).owns(p, &bad))
        .collect();
    assert_eq!(mine.len(), 1, "{problems:?}");
    assert!(mine[0].en.contains("'Z9' is not a rule id"));
    assert!(mine[0].zh.contains("不是规则编号"));
    assert!(!problems.iter().any(|p| Field::Checkpoint(0).owns(p, &bad)));
    assert_eq!(Field::Checkpoint(1).key(), "checkpoint-1");
    // A question missing a language, a member not in the team, a repeated id.
    let bad = set(
        &s,
        0,
        CheckpointPart::Question {
            lang: Lang::Zh,
            text: " ".into(),
        },
    )
    .unwrap();
    let bad = set(&bad, 0, CheckpointPart::Member("ghost".into())).unwrap();
    let bad = set(&bad, 1, CheckpointPart::Id("check-1".into())).unwrap();
    let problems = bad.validate().unwrap_err().problems;
    let of = |i: usize| {
        problems
            .iter()
            .filter(|p| Field::Checkpoint(i).owns(p, &bad))
            .count()
    };
    assert_eq!((of(0), of(1)), (2, 1), "{problems:?}");
}

#[test]
fn the_kind_keeps_its_subject_and_parameters_it_has_not_are_refused() {
    let s = start()
        .apply(&Edit::Checkpoint(CheckpointEdit::Add))
        .unwrap();
    let s = set(&s, 0, CheckpointPart::AskMessage("m2".into())).unwrap();
    let s = set(&s, 0, CheckpointPart::AskKind("in_request".into())).unwrap();
    assert_eq!(
        s.checkpoints[0].ask,
        Ask::InRequest {
            message: "m2".into(),
            request: "r1".into()
        }
    );
    let s = set(&s, 0, CheckpointPart::AskRequest("r3".into())).unwrap();
    let s = set(&s, 0, CheckpointPart::AskKind("sender_of".into())).unwrap();
    assert_eq!(
        s.checkpoints[0].ask,
        Ask::SenderOf {
            message: "m2".into()
        }
    );
    let err = set(&s, 0, CheckpointPart::AskMember("reader".into())).unwrap_err();
    assert!(err.en.contains("does not ask about a member"), "{err:?}");
    assert!(err.zh.contains("成员"));
    assert!(set(&s, 0, CheckpointPart::AskKind("riddle".into())).is_err());
    let s = set(&s, 0, CheckpointPart::AskKind("inbox_holds".into())).unwrap();
    let s = set(&s, 0, CheckpointPart::AskCounts("0, 2，5 7".into())).unwrap();
    assert_eq!(
        s.checkpoints[0].ask,
        Ask::InboxHolds {
            member: "lead".into(),
            counts: vec![0, 2, 5, 7]
        }
    );
    let err = set(&s, 0, CheckpointPart::AskCounts("1, two".into())).unwrap_err();
    assert!(err.en.contains("'two' is not a whole number"));
    let (bad, valid) = s
        .edited(&Edit::Checkpoint(CheckpointEdit::Set {
            index: 0,
            part: CheckpointPart::AskCounts("1 1".into()),
        }))
        .unwrap();
    assert!(valid
        .unwrap_err()
        .problems
        .iter()
        .any(|p| Field::Checkpoint(0).owns(p, &bad) && p.en.contains("distinct")));
}

#[test]
fn a_checkpoint_whose_moment_never_happens_is_dropped_with_a_note() {
    let s = start()
        .apply(&Edit::Checkpoint(CheckpointEdit::Add))
        .unwrap();
    let s = set(&s, 0, CheckpointPart::Nth(50)).unwrap();
    assert_eq!(s.validate(), Ok(()));
    let placement = placement_of(&s);
    assert!(placement.placed.is_empty());
    assert_eq!(placement.dropped.len(), 1);
    assert!(!placement.dropped[0].note.zh.is_empty() && !placement.dropped[0].note.en.is_empty());
}

#[test]
fn renaming_a_member_renames_it_in_the_checkpoints() {
    let s = start()
        .apply(&Edit::Checkpoint(CheckpointEdit::Add))
        .unwrap();
    let s = set(&s, 0, CheckpointPart::Member("reader".into())).unwrap();
    let s = set(&s, 0, CheckpointPart::AskKind("history_loaded".into())).unwrap();
    let s = set(&s, 0, CheckpointPart::AskMember("reader".into())).unwrap();
    let i = s.members.iter().position(|m| m.name == "reader").unwrap();
    let r = s
        .apply(&Edit::RenameMember {
            index: i,
            name: "ann".into(),
        })
        .unwrap();
    assert_eq!(r.checkpoints[0].member.as_deref(), Some("ann"));
    assert_eq!(
        r.checkpoints[0].ask,
        Ask::HistoryLoaded {
            member: "ann".into()
        }
    );
    assert_eq!(r.validate(), Ok(()));
}
