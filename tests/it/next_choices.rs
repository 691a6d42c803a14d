//! Issue 48: what can happen next. At every step of every lesson the list of the host's next
//! inputs is not empty, every choice on it applies (the branch plays, keeps the steps before,
//! and changes what happens from where the choice takes effect), and the new change, "answer
//! this request first", reorders the replies in flight.

use agent_team_playground::engine::*;
use agent_team_playground::lessons::{
    self, divergence, next_choices, play_scripted, ChoiceKind, Intervention, NextChoices,
    PlayOptions,
};
use std::time::Instant;

fn with(intervention: &Intervention) -> PlayOptions {
    PlayOptions {
        interventions: vec![intervention.clone()],
        ..PlayOptions::default()
    }
}

/// The same list at two steps that share a boundary: the same choices, anchored differently.
fn same_choices(a: &NextChoices, b: &NextChoices) -> bool {
    a.takes_effect == b.takes_effect
        && a.choices.len() == b.choices.len()
        && a.choices
            .iter()
            .zip(&b.choices)
            .all(|(x, y)| x.kind == y.kind && x.label == y.label)
}

#[test]
fn t5_m2_l3_every_step_of_every_lesson_lists_choices_that_each_apply_and_change_the_run() {
    let mut checked = 0;
    for def in lessons::definitions() {
        let lesson = def.lesson(Lang::En);
        let base = play_scripted(&lesson, &PlayOptions::default()).expect("lesson plays");
        let mut group: Option<NextChoices> = None;
        for step in 0..=base.len() {
            let list = next_choices(&lesson, &base, step, Lang::En);
            assert!(
                !list.choices.is_empty(),
                "{}: nothing can happen next at step {step}",
                lesson.id
            );
            assert!(list.takes_effect >= step);
            // A change anchored anywhere before the same boundary takes effect there: the
            // first step of a boundary's group is played, the others must list the same.
            if let Some(first) = &group {
                if first.takes_effect == list.takes_effect {
                    assert!(same_choices(first, &list), "{} step {step}", lesson.id);
                    continue;
                }
            }
            for choice in &list.choices {
                let label = &choice.label.en;
                let branch =
                    play_scripted(&lesson, &with(&choice.intervention)).unwrap_or_else(|e| {
                        panic!("{} step {step}: '{label}' does not play: {e}", lesson.id)
                    });
                assert_eq!(
                    &branch.events()[..step],
                    &base.events()[..step],
                    "{} step {step}: '{label}' changed the steps before it",
                    lesson.id
                );
                let diverged = divergence(&base, &branch);
                assert!(
                    diverged.is_some_and(|d| d >= step),
                    "{} step {step}: '{label}' changes nothing",
                    lesson.id
                );
                checked += 1;
            }
            group = Some(list);
        }
    }
    println!("[next-choices] {checked} choices played, every lesson, every step");
}

#[test]
fn t5_m2_lesson1_answering_reader_first_lets_its_request_run_before_reviewer_stores_m4() {
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).expect("lesson 1");
    let base = play_scripted(&lesson, &PlayOptions::default()).expect("plays");
    let stored = |run: &Timeline, id: &str| {
        run.events().iter().position(|e| {
            matches!(&e.kind, EventKind::MessageQueued { record } if record.id.to_string() == id)
        })
    };
    // At step 40 reader's r7 and reviewer's r6 are in flight; the run answers r6 first and its
    // reply stores m4 for reader.
    let list = next_choices(&lesson, &base, 45, Lang::En);
    let first = list
        .choices
        .iter()
        .find(|c| c.kind == ChoiceKind::AnswerFirst && c.concerns.iter().any(|s| s == "reader"))
        .expect("reader's request can be answered first");
    assert!(first.label.en.contains("m4"), "{}", first.label.en);
    let branch = play_scripted(&lesson, &with(&first.intervention)).expect("plays");
    let reader_reply = |run: &Timeline| {
        run.events().iter().position(|e| {
            matches!(&e.kind, EventKind::ModelReplied { member, .. } if member == "reader")
                && e.seq >= 45
        })
    };
    assert!(reader_reply(&base) > stored(&base, "m4"));
    assert!(reader_reply(&branch) < stored(&branch, "m4"));
}

#[test]
fn issue48_the_list_at_every_step_of_lesson_7_is_timed() {
    let lesson = lessons::lesson("l7-limits-and-budgets", Lang::En).expect("lesson 7");
    let base = play_scripted(&lesson, &PlayOptions::default()).expect("plays");
    let started = Instant::now();
    let mut slowest = 0.0f64;
    for step in 0..=base.len() {
        let one = Instant::now();
        let list = next_choices(&lesson, &base, step, Lang::En);
        slowest = slowest.max(one.elapsed().as_secs_f64() * 1000.0);
        assert!(!list.choices.is_empty());
    }
    let total = started.elapsed().as_secs_f64() * 1000.0;
    println!(
        "[next-choices] lesson 7: {} steps, {:.3} ms per step on average, slowest {:.3} ms (this build)",
        base.len() + 1,
        total / (base.len() + 1) as f64,
        slowest
    );
}

/// Lesson 1 on the branch where reader's r7 is answered first, at step 47.
fn reordered_lesson1() -> agent_team_playground::on_screen::run::OnScreen {
    use agent_team_playground::on_screen::run::{OnScreen, Source};
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).expect("lesson 1");
    let base = play_scripted(&lesson, &PlayOptions::default()).expect("plays");
    let choice = next_choices(&lesson, &base, 45, Lang::En)
        .choices
        .into_iter()
        .find(|c| c.kind == ChoiceKind::AnswerFirst)
        .expect("an answer-first choice at step 45");
    let mut on_screen = OnScreen::new(
        Source::Lesson("l1-two-investigators".into()),
        with(&choice.intervention),
    );
    on_screen.step = 47;
    on_screen
}

#[test]
fn m2_answer_first_is_carried_by_links_exports_and_sessions_and_opens_the_same_run() {
    use agent_team_playground::export::import;
    use agent_team_playground::export::RunExport;
    use agent_team_playground::keep::session::StoredSession;
    use agent_team_playground::link::view_state::{open, ViewState};
    use agent_team_playground::link::EmbedFlags;
    use agent_team_playground::view::story::Level;
    let on_screen = reordered_lesson1();
    let played = on_screen.play().expect("plays").timeline;
    let events = |o: &agent_team_playground::on_screen::run::OnScreen| {
        o.play().expect("plays").timeline.events().to_vec()
    };

    let link = ViewState::of(&on_screen, Level::Event, EmbedFlags::default(), Vec::new());
    let opened = open(&link.to_fragment(), Lang::En).expect("the link opens");
    let from_link = opened.state.on_screen().expect("admitted");
    assert_eq!(
        from_link.options.interventions,
        on_screen.options.interventions
    );
    assert_eq!(from_link.step, 47);
    assert_eq!(events(&from_link), played.events());

    let export = RunExport::new(&on_screen, &played).to_json();
    assert!(export.contains("answer_first"), "{export}");
    let imported = import(&export, None).expect("the export imports");
    assert!(
        imported.note.is_none(),
        "the export's log matches its inputs"
    );
    assert_eq!(events(&imported.on_screen), played.events());

    let session = StoredSession::of(&on_screen, Vec::new(), Level::Event);
    let text = serde_json::to_string(&session).expect("stored");
    let back = StoredSession::read(&text, Lang::En).expect("read back");
    let restored = back.on_screen(Lang::En, None).expect("admitted");
    assert_eq!(events(&restored), played.events());
}

#[test]
fn m2_the_scripted_model_says_which_requests_of_a_branch_it_has_no_reply_for() {
    use agent_team_playground::lessons::script_gaps;
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).expect("lesson 1");
    let base = play_scripted(&lesson, &PlayOptions::default()).expect("plays");
    assert!(script_gaps(&lesson, &PlayOptions::default(), &base).is_empty());
    // A failed request is retried: the member asks its model once more than the script foresaw.
    let fail = next_choices(&lesson, &base, 45, Lang::En)
        .choices
        .into_iter()
        .find(|c| c.kind == ChoiceKind::Fail && c.concerns == ["reader"])
        .expect("reader's request can fail");
    let options = with(&fail.intervention);
    let branch = play_scripted(&lesson, &options).expect("plays");
    let gaps = script_gaps(&lesson, &options, &branch);
    assert!(
        !gaps.is_empty(),
        "a retry asks for a reply the script does not have"
    );
    for gap in &gaps {
        assert!(lesson
            .script
            .lookup(&gap.member, gap.request_index)
            .is_none());
        assert!(gap.note().en.contains(&gap.request.to_string()));
        assert!(gap.note().zh.contains(&gap.request.to_string()));
    }
}
