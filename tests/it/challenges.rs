//! Issue 48: the built-in challenges. Each lesson sets at least one, eight or more in all; each
//! goal is unmet by the lesson's own run from the challenge's start and met by its solution, in
//! both languages; every choice of a solution is on the list of next choices at its step (a
//! learner can click it); and no solution has a shorter one among the single choices.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::{
    self, next_choices, play_scripted, Challenge, Intervention, Lesson, PlayOptions,
};

fn same_choice(a: &Intervention, b: &Intervention) -> bool {
    match (a, b) {
        // The lead's words are in the page's language; where and to whom is the choice.
        (
            Intervention::LeadSends { at, to, .. },
            Intervention::LeadSends {
                at: at2, to: to2, ..
            },
        ) => at == at2 && to == to2,
        _ => a == b,
    }
}

fn every_challenge() -> Vec<(Lesson, Challenge)> {
    lessons::definitions()
        .flat_map(|def| {
            let lesson = def.lesson(Lang::En);
            lesson
                .challenges
                .clone()
                .into_iter()
                .map(move |c| (lesson.clone(), c))
        })
        .collect()
}

#[test]
fn m2_every_lesson_sets_a_challenge_and_there_are_eight_or_more_with_distinct_ids() {
    let all = every_challenge();
    assert!(all.len() >= 8, "{} challenges", all.len());
    // Free play's challenges are its scenario's own (authored in the editor).
    for def in lessons::definitions().filter(|d| d.info.id != lessons::FREE_PLAY_ID) {
        assert!(
            !def.lesson(Lang::En).challenges.is_empty(),
            "{} sets no challenge",
            def.info.id
        );
    }
    let mut ids: Vec<&str> = all.iter().map(|(_, c)| c.id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), all.len(), "challenge ids are distinct");
    for (_, c) in &all {
        for text in [&c.goal.zh, &c.goal.en, &c.hint.zh, &c.hint.en] {
            assert!(!text.trim().is_empty(), "{}: a text is empty", c.id);
        }
        assert!(!c.holds.is_empty(), "{}: a goal with no event", c.id);
    }
}

#[test]
fn m2_each_goal_is_unmet_by_the_lessons_own_run_and_met_by_its_solution_in_both_languages() {
    for (lesson, challenge) in every_challenge() {
        for lang in [Lang::En, Lang::Zh] {
            let lesson = lessons::lesson(&lesson.id, lang).expect("lesson");
            let own = play_scripted(&lesson, &challenge.start_options(lang)).expect("plays");
            assert!(challenge.start <= own.len(), "{}", challenge.id);
            assert_eq!(
                challenge.met(&own),
                None,
                "{}: met without a choice",
                challenge.id
            );
            let solved = play_scripted(&lesson, &challenge.solved_options(lang)).expect("plays");
            let met = challenge.met(&solved);
            assert!(
                met.is_some(),
                "{} ({lang:?}): the solution does not meet it",
                challenge.id
            );
            assert!(met.is_some_and(|step| step > challenge.start));
            assert_eq!(
                challenge.choices_used(&challenge.solved_options(lang)),
                challenge.fewest()
            );
        }
    }
}

#[test]
fn m2_every_choice_of_a_solution_is_on_the_list_at_its_step() {
    for (lesson, challenge) in every_challenge() {
        assert!(challenge.fewest() >= 1, "{}", challenge.id);
        let mut options = challenge.start_options(Lang::En);
        for choice in &challenge.solution {
            assert!(choice.at() >= challenge.start, "{}", challenge.id);
            let run = play_scripted(&lesson, &options).expect("plays");
            let list = next_choices(&lesson, &run, choice.at(), Lang::En);
            assert!(
                list.choices
                    .iter()
                    .any(|c| same_choice(&c.intervention, choice)),
                "{}: {choice:?} is not offered at step {}",
                challenge.id,
                choice.at()
            );
            options.interventions.push(choice.clone());
        }
    }
}

#[test]
fn m2_no_single_choice_meets_a_goal_whose_known_solution_takes_more() {
    for (lesson, challenge) in every_challenge() {
        if challenge.fewest() < 2 {
            continue;
        }
        let start = challenge.start_options(Lang::En);
        let own = play_scripted(&lesson, &start).expect("plays");
        let mut step = challenge.start;
        while step <= own.len() {
            let list = next_choices(&lesson, &own, step, Lang::En);
            for choice in &list.choices {
                let options = PlayOptions {
                    interventions: vec![choice.intervention.clone()],
                    ..start.clone()
                };
                let run = play_scripted(&lesson, &options).expect("plays");
                assert_eq!(
                    challenge.met(&run),
                    None,
                    "{}: {}",
                    challenge.id,
                    choice.label.en
                );
            }
            step = list.takes_effect + 1;
        }
    }
}

#[test]
fn m2_a_challenge_link_opens_at_the_challenges_start_with_the_challenge_named() {
    use agent_team_playground::link::view_state::{open, ViewState};
    for (lesson, challenge) in every_challenge() {
        let link = ViewState::challenge_start(&lesson.id, &challenge, Lang::Zh).to_fragment();
        assert!(
            link.contains(&format!("challenge={}", challenge.id)),
            "{link}"
        );
        let opened = open(&link, Lang::En).expect("the challenge link opens");
        assert!(opened.notice.is_none(), "{link}");
        assert_eq!(
            opened.state.challenge.as_deref(),
            Some(challenge.id.as_str())
        );
        assert_eq!(opened.state.step, challenge.start);
        assert_eq!(opened.state.lang, Lang::Zh);
        let on_screen = opened.state.on_screen().expect("admitted");
        assert_eq!(on_screen.options, challenge.start_options(Lang::Zh));
    }
    // A bad id is left out with a note; the rest of the link opens.
    let opened = open(
        "#lesson=l1-two-investigators&step=3&challenge=no%20such",
        Lang::En,
    )
    .expect("opens without the challenge");
    assert_eq!(opened.state.challenge, None);
    assert!(opened.notice.is_some());
}
