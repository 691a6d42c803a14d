//! The run on screen (`on_screen::OnScreen`): links, exports and the stored session
//! convert to and from it, and each round trip gives back the same link, export or session
//! (link -> on screen -> link, export -> on screen -> export, session -> on screen ->
//! session); what the page opens plays the same run the check played.

use std::sync::Arc;

use agent_team_playground::engine::Lang;
use agent_team_playground::export::{import, RunExport};
use agent_team_playground::keep::session::StoredSession;
use agent_team_playground::lessons::recording::Recording;
use agent_team_playground::lessons::run::{Run, MAX_INTERVENTIONS};
use agent_team_playground::lessons::{
    self, Intervention, Lesson, PlayOptions, ScriptedModel, ToggleChoice, FREE_PLAY_ID,
};
use agent_team_playground::link::view_state::{open, ViewState};
use agent_team_playground::on_screen::{OnScreen, Source};
use agent_team_playground::scenario::{self, Scenario};
use agent_team_playground::view::story::Level;
use serde_json::Value;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn five_members() -> Arc<Scenario> {
    Arc::new(scenario::parse(&fixture("five-member-scenario.json")).expect("valid"))
}

/// A live-style run of `lesson` answered from its script, and its recording.
fn recorded(lesson: &Lesson, options: &PlayOptions) -> Recording {
    let mut run = Run::new(lesson, options).expect("starts");
    let mut now = 0;
    loop {
        run.advance().expect("advances");
        run.take_sent();
        let Some(request) = run.awaiting().first().cloned() else {
            break;
        };
        let outcome = match lesson.script.lookup(&request.member, request.member_index) {
            Some(scripted) => scripted.outcome.clone(),
            None => ScriptedModel::fallback().1,
        }
        .answer(&request);
        now += 1;
        run.answer(request.id, outcome, now).expect("answers");
    }
    run.recording()
}

fn forked() -> PlayOptions {
    PlayOptions {
        interventions: vec![Intervention::LeadSends {
            at: 12,
            to: "reader".into(),
            body: "Check main.py again.".into(),
        }],
        learner_toggles: ToggleChoice::hold_lock(true),
        ..PlayOptions::default()
    }
}

/// Runs on screen of every kind: a lesson, a fork with toggles in Chinese, free play's own
/// lesson, a scenario, the stress log, a recorded live run.
fn runs_on_screen() -> Vec<OnScreen> {
    let l1 = "l1-two-investigators";
    let lesson = lessons::lesson(l1, Lang::En).expect("lesson 1");
    let recording = Arc::new(recorded(&lesson, &PlayOptions::default()));
    let lesson_source = || Source::Lesson(l1.into());
    vec![
        OnScreen {
            step: 9,
            ..OnScreen::new(lesson_source(), PlayOptions::default())
        },
        OnScreen {
            step: 30,
            ..OnScreen::new(
                Source::Lesson("l3-lock-scope".into()),
                PlayOptions {
                    lang: Lang::Zh,
                    ..forked()
                },
            )
        },
        OnScreen::new(Source::Lesson(FREE_PLAY_ID.into()), forked()),
        OnScreen {
            step: 25,
            ..OnScreen::new(Source::Scenario(five_members()), PlayOptions::default())
        },
        OnScreen {
            step: 100,
            ..OnScreen::new(
                Source::read("stress-300", None).expect("stress"),
                PlayOptions::default(),
            )
        },
        OnScreen {
            recording: Some(recording),
            step: 4,
            ..OnScreen::new(lesson_source(), PlayOptions::default())
        },
    ]
}

#[test]
fn a_link_to_the_run_on_screen_opens_that_run_on_screen() {
    for on_screen in runs_on_screen() {
        for level in Level::ALL.iter().copied() {
            let state = ViewState::of(&on_screen, level, Default::default(), Vec::new());
            let opened = open(&state.to_fragment(), Lang::En).expect("opens");
            assert_eq!(opened.state, state, "{}", on_screen.lesson_id());
        }
        let state = ViewState::of(&on_screen, Level::Story, Default::default(), Vec::new());
        let opened = open(&state.to_fragment(), Lang::En).expect("opens");
        assert_eq!(opened.state, state, "{}", on_screen.lesson_id());
        let back = opened.state.on_screen().expect("on screen");
        assert_eq!(back, on_screen);
        let played = opened.played.expect("played to clamp the step");
        let again = back.play().expect("plays");
        assert_eq!(played.timeline.events(), again.timeline.events());
        assert_eq!(
            (played.diverged, played.replayed),
            (again.diverged, again.replayed)
        );
        assert_eq!(played.replayed, on_screen.recording.is_some());
    }
}

#[test]
fn link_to_on_screen_to_link_gives_the_same_link_for_every_released_format() {
    let fixtures: Value = serde_json::from_str(&fixture("links.json")).expect("links.json");
    let mut checked = 0;
    for case in fixtures.as_array().expect("an array") {
        let link = case["link"].as_str().expect("link");
        let opened = open(link, Lang::En).unwrap_or_else(|p| panic!("{link}: {}", p.en));
        let state = opened.state;
        let on_screen = state.on_screen().expect("on screen");
        // Links made before levels existed open at the event level when they name a step;
        // no link at all, or one without a step, at the page's default, the story (issue 46).
        let made_before = if link.contains("step=") {
            Level::Event
        } else {
            Level::Story
        };
        assert_eq!(state.level, made_before, "{link}");
        let back = ViewState::of(
            &on_screen,
            state.level,
            state.embed.clone(),
            state.extra.breakpoints.clone(),
        );
        let back = ViewState {
            src: state.src.clone(),
            challenge: state.challenge.clone(),
            ..back
        };
        assert_eq!(back, state, "{link}");
        assert_eq!(back.to_fragment(), state.to_fragment(), "{link}");
        checked += 1;
    }
    assert!(checked >= 6);
}

#[test]
fn export_to_on_screen_to_export_gives_the_same_export() {
    for on_screen in runs_on_screen() {
        let played = on_screen.play().expect("plays");
        let export = RunExport::new(&on_screen, &played.timeline);
        let back = export.on_screen().expect("on screen");
        assert_eq!(back, on_screen, "{}", on_screen.lesson_id());
        assert_eq!(
            RunExport::new(&back, &back.play().expect("plays").timeline),
            export
        );
        // And through the file: the import puts the same run on screen.
        let imported = import(&export.to_json(), None).expect("imports");
        assert_eq!(imported.on_screen, on_screen);
        assert_eq!(imported.timeline.events(), played.timeline.events());
    }
}

#[test]
fn session_to_on_screen_to_session_gives_the_same_session() {
    let earlier = vec![PlayOptions::default()];
    for on_screen in runs_on_screen() {
        let session = StoredSession::of(&on_screen, earlier.clone(), Level::Key);
        let text = serde_json::to_string(&session).expect("writes");
        let read = StoredSession::read(&text, Lang::En).expect("reads");
        assert_eq!(read, session);
        let lang = on_screen.options.lang;
        let back = read
            .on_screen(lang, on_screen.source.scenario().cloned())
            .expect("on screen");
        // A session keeps no live run: the rest comes back as it was.
        let without_live = OnScreen {
            recording: None,
            ..on_screen.clone()
        };
        assert_eq!(back, without_live, "{}", on_screen.lesson_id());
        assert_eq!(
            StoredSession::of(&back, earlier.clone(), read.level),
            session
        );
    }
}

#[test]
fn a_session_stored_before_branches_were_kept_still_reads_and_too_many_edits_are_refused() {
    let old = r#"{"lesson":"l3-lock-scope","options":{"toggles":{"drain_on_read":false,"hold_lock_during_model_call":false},"interventions":[]},"step":7}"#;
    let session = StoredSession::read(old, Lang::En).expect("an old session reads");
    assert!(session.earlier.is_empty());
    // Stored before levels: the default level, the story.
    assert_eq!(session.level, Level::Story);
    let on_screen = session.on_screen(Lang::Zh, None).expect("on screen");
    assert_eq!(on_screen.lesson_id(), "l3-lock-scope");
    assert_eq!((on_screen.step, on_screen.options.lang), (7, Lang::Zh));
    // Free play's scenario stays the one on screen; another lesson never takes it.
    let free = StoredSession {
        lesson: FREE_PLAY_ID.into(),
        ..session.clone()
    };
    let shown = free
        .on_screen(Lang::En, Some(five_members()))
        .expect("free play");
    assert!(shown.source.scenario().is_some());
    let other = session
        .on_screen(Lang::En, Some(five_members()))
        .expect("lesson 3");
    assert!(other.source.scenario().is_none());
    let over = StoredSession {
        options: PlayOptions {
            interventions: vec![Intervention::Reload { at: 1 }; MAX_INTERVENTIONS + 1],
            ..PlayOptions::default()
        },
        ..session
    };
    let text = serde_json::to_string(&over).expect("writes");
    let error = StoredSession::read(&text, Lang::En).expect_err("refused");
    assert!(error.contains("fork edits"), "{error}");
    assert!(StoredSession::read("{", Lang::Zh)
        .expect_err("refused")
        .contains("无法读取"));
}

/// The fork panel counts the requests a member sends in the run a fork starts from: in free
/// play with a scenario that is the scenario's run, whose members are not lesson 1's (free
/// play's own lesson has no `ann`, so counting by the lesson id would say 0 and refuse every
/// reply the learner picks).
#[test]
fn requests_sent_in_base_counts_free_play_scenarios_own_members() {
    let scenario = five_members();
    let on_screen = OnScreen::new(Source::Scenario(scenario.clone()), PlayOptions::default());
    let played = on_screen.play().expect("the scenario plays");
    let final_state = played.timeline.final_state();
    let sent = final_state
        .member("ann")
        .map(|m| m.requests().len())
        .expect("ann is on the scenario's team");
    assert!(sent > 0, "ann sends requests in the scenario's run");
    assert!(
        lessons::play(FREE_PLAY_ID, &PlayOptions::default())
            .expect("free play's lesson plays")
            .final_state()
            .member("ann")
            .is_none(),
        "free play's own lesson (lesson 1's team) has no ann"
    );
    let last = played.timeline.len();
    assert_eq!(
        on_screen.requests_sent_in_base(last, "ann", Some(&played.timeline)),
        Some(sent)
    );
    assert_eq!(
        on_screen.requests_sent_in_base(last, "ann", None),
        Some(sent)
    );
    // A fork before a later change counts the run without it, replayed from the scenario.
    let mut options = PlayOptions::default();
    options
        .interventions
        .push(Intervention::Reload { at: last });
    let forked = OnScreen::new(Source::Scenario(scenario), options);
    assert_eq!(forked.requests_sent_in_base(1, "ann", None), Some(sent));
}
