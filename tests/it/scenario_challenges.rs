//! Issue 48: a scenario carries challenges (`scenario::edit_challenge`, `challenge_check.rs`):
//! added in the editor valid and as version 2, every problem in both languages placed on its
//! field, and carried by the scenario file, a link and an export, playing in free play.

use std::sync::Arc;

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::{Intervention, PlayOptions};
use agent_team_playground::on_screen::{OnScreen, Source};
use agent_team_playground::scenario::edit::{Edit, Field};
use agent_team_playground::scenario::edit_challenge::{ChallengeEdit, ChallengePart};
use agent_team_playground::scenario::{parse, Problem, Scenario, NEWEST_VERSION};

fn with_one() -> Scenario {
    Scenario::default_free_play(Lang::En)
        .apply(&Edit::Challenge(ChallengeEdit::Add))
        .expect("added")
}

fn set(s: &Scenario, part: ChallengePart) -> Scenario {
    s.apply(&Edit::Challenge(ChallengeEdit::Set { index: 0, part }))
        .expect("made")
}

fn problems(s: &Scenario) -> Vec<Problem> {
    s.validate().err().map(|e| e.problems).unwrap_or_default()
}

#[test]
fn m2_an_added_challenge_is_valid_version_2_and_plays_in_free_play() {
    let s = with_one();
    assert_eq!(s.version, NEWEST_VERSION);
    assert_eq!(s.validate(), Ok(()));
    assert_eq!(s.challenges[0].id, "challenge-1");
    let on_screen = OnScreen::new(
        Source::Scenario(Arc::new(s.clone())),
        PlayOptions::default(),
    );
    let lesson = on_screen.lesson().expect("free play plays its scenario");
    assert_eq!(lesson.challenges, s.challenges);
    let back = parse(&s.to_json()).expect("the file reads back");
    assert_eq!(back.challenges, s.challenges);
}

#[test]
fn m2_each_challenge_problem_is_in_both_languages_beside_its_field() {
    let base = with_one();
    let cases = [
        (ChallengePart::Id("Bad Id".into()), "id"),
        (
            ChallengePart::Goal {
                lang: Lang::Zh,
                text: " ".into(),
            },
            "goal",
        ),
        (
            ChallengePart::HoldEvent {
                n: 0,
                event: "no_such_event".into(),
            },
            "event kind",
        ),
        (
            ChallengePart::HoldMember {
                n: 0,
                member: "nobody".into(),
            },
            "nobody",
        ),
        (ChallengePart::RemoveHold(0), "holds is empty"),
    ];
    for (part, words) in cases {
        let s = set(&base, part.clone());
        let found = problems(&s);
        assert_eq!(found.len(), 1, "{part:?}: {found:?}");
        let problem = &found[0];
        assert!(problem.en.contains(words), "{part:?}: {}", problem.en);
        assert!(
            !problem.zh.is_empty() && problem.zh != problem.en,
            "{part:?}"
        );
        assert!(
            Field::Challenge(0).owns(problem, &s),
            "{part:?}: {}",
            problem.en
        );
        assert!(!Field::Checkpoint(0).owns(problem, &s));
    }
    // A second challenge with the same id.
    let twice = base
        .apply(&Edit::Challenge(ChallengeEdit::Add))
        .expect("added");
    let twice = twice
        .apply(&Edit::Challenge(ChallengeEdit::Set {
            index: 1,
            part: ChallengePart::Id("challenge-1".into()),
        }))
        .expect("made");
    assert!(problems(&twice).iter().any(|p| p.en.contains("repeats")));
    // No such challenge: refused, nothing changed.
    let refused = base.apply(&Edit::Challenge(ChallengeEdit::Remove { index: 3 }));
    assert!(refused.is_err());
}

#[test]
fn m2_a_recorded_solution_is_carried_by_a_link_and_an_export() {
    use agent_team_playground::export::{import, RunExport};
    use agent_team_playground::link::view_state::{open, ViewState};
    use agent_team_playground::link::EmbedFlags;
    use agent_team_playground::view::story::Level;
    let solution = vec![Intervention::LeadSends {
        at: 0,
        to: "reader".into(),
        body: "Hello.".into(),
    }];
    let s = set(&with_one(), ChallengePart::Solution(solution.clone()));
    assert_eq!(s.validate(), Ok(()));
    let on_screen = OnScreen::new(
        Source::Scenario(Arc::new(s.clone())),
        PlayOptions::default(),
    );
    let link = ViewState::of(&on_screen, Level::Event, EmbedFlags::default(), Vec::new());
    let opened = open(&link.to_fragment(), Lang::En).expect("opens");
    let scenario = opened
        .state
        .extra
        .scenario
        .expect("the link carries the scenario");
    assert_eq!(scenario.challenges[0].solution, solution);
    let played = on_screen.play().expect("plays").timeline;
    let export = RunExport::new(&on_screen, &played).to_json();
    let imported = import(&export, None).expect("imports");
    let source = imported.on_screen.source.scenario().expect("a scenario");
    assert_eq!(source.challenges, s.challenges);
}

#[test]
fn m2_the_readme_challenge_example_is_valid_in_the_readme_version_2_scenario() {
    use serde_json::Value;
    let scenario = crate::support::readme_json_example(
        "### Version 2: faults, conditional replies and checkpoints",
    );
    let mut value: Value = serde_json::from_str(&scenario).expect("the version 2 example");
    let example = crate::support::readme_json_example("#### Challenges (version 2)");
    let field: Value = serde_json::from_str(&format!("{{{example}}}")).expect("JSON");
    value["challenges"] = field["challenges"].clone();
    let parsed = parse(&value.to_string()).expect("valid with the challenge");
    assert_eq!(parsed.challenges[0].id, "get-refused");
    assert_eq!(parsed.challenges[0].fewest(), 1);
}
