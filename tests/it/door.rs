//! The one door (`on_screen::admit`) and the page's decisions made native (issue 50): every
//! reader of a run from outside refuses the same thing in the same words, naming itself; the
//! link-size rule and a refused link's language; the course report every course reads.

use agent_team_playground::course::edx::{grade, EdxState};
use agent_team_playground::course::report::CourseReport;
use agent_team_playground::engine::Lang;
use agent_team_playground::export::{import, RunExport};
use agent_team_playground::keep::session::StoredSession;
use agent_team_playground::lessons::checkpoint::place;
use agent_team_playground::lessons::recording::Recording;
use agent_team_playground::lessons::run::MAX_INTERVENTIONS;
use agent_team_playground::lessons::{self, Intervention, PlayOptions, FREE_PLAY_ID};
use agent_team_playground::link::link_lang;
use agent_team_playground::link::view_state::{
    decode, open, Extra, ViewState, MAX_X_WITH_RECORDING,
};
use agent_team_playground::on_screen::admit::too_many_edits_in;
use agent_team_playground::on_screen::{admit, Arrival, Carrier, OnScreen, Refusal, Source};
use agent_team_playground::scenario::Scenario;
use agent_team_playground::view::checkpoints::Score;
use agent_team_playground::view::story::Level;

const L2: &str = "l2-drain-loses-mail";

fn arrival(lesson: &str) -> Arrival {
    Arrival {
        lesson: lesson.to_string(),
        ..Arrival::default()
    }
}

#[test]
fn door_admits_a_plain_lesson_and_refuses_each_thing_once_in_order() {
    let admitted = admit(arrival(L2)).expect("a built-in lesson is admitted");
    assert_eq!(admitted.on_screen.source, Source::Lesson(L2.into()));

    let mut bad = arrival("stress-9000");
    bad.scenario = Some(Scenario::default_free_play(Lang::En));
    bad.options.interventions = vec![Intervention::Reload { at: 1 }; MAX_INTERVENTIONS + 1];
    bad.recording = Some(recording_of(L2));
    assert_eq!(
        admit(bad).expect_err("refused"),
        vec![
            Refusal::StressTooLong(9000),
            Refusal::TooManyEdits(MAX_INTERVENTIONS + 1),
            Refusal::ScenarioNotFreePlay("stress-9000".into()),
            Refusal::RecordingOfOther {
                recording: L2.into(),
                lesson: "stress-9000".into()
            },
        ]
    );
    // The edits are counted once, over every branch and the recording: the most any carries.
    assert_eq!(too_many_edits_in([3, MAX_INTERVENTIONS, 7]), None);
    assert_eq!(
        too_many_edits_in([0, MAX_INTERVENTIONS + 2]),
        Some(Refusal::TooManyEdits(MAX_INTERVENTIONS + 2))
    );
    let mut invalid = Scenario::default_free_play(Lang::En);
    invalid.task.clear();
    let mut free = arrival(FREE_PLAY_ID);
    free.scenario = Some(invalid);
    assert!(matches!(
        admit(free)
            .expect_err("an invalid scenario is refused")
            .as_slice(),
        [Refusal::ScenarioInvalid(_)]
    ));
}

fn recording_of(lesson: &str) -> Recording {
    Recording {
        version: Recording::VERSION,
        lesson: lesson.to_string(),
        options: PlayOptions::default(),
        answers: Vec::new(),
        stopped_at: None,
    }
}

/// A lesson that does not exist, through each reader: the same sentence, naming the reader.
#[test]
fn door_every_reader_says_a_missing_lesson_in_the_same_words() {
    let missing = "l9-no-such-lesson";
    let link = decode(&format!("#lesson={missing}&step=3"), Lang::En).expect_err("refused");
    let mut export = RunExport::new(
        &OnScreen::new(Source::Lesson(L2.into()), PlayOptions::default()),
        &lessons::play(L2, &PlayOptions::default()).expect("plays"),
    );
    export.lesson = missing.into();
    let file = import(&export.to_json(), None)
        .expect_err("refused")
        .problems;
    let edx_text = serde_json::json!({"v": 1, "lesson": missing, "step": 0}).to_string();
    let edx = EdxState::read(&edx_text).expect_err("refused");
    let expected = |carrier: &Carrier| Refusal::NoLesson(missing.into()).problem(carrier);
    assert_eq!(link, expected(&Carrier::LINK));
    assert_eq!(file, vec![expected(&Carrier::FILE)]);
    assert!(edx.en.contains(&expected(&Carrier::EDX).en), "{edx:?}");
    assert!(edx.zh.contains(&expected(&Carrier::EDX).zh), "{edx:?}");
    for (carrier, says) in [
        (
            &Carrier::LINK,
            "this link names a lesson that does not exist",
        ),
        (
            &Carrier::FILE,
            "this file names a lesson that does not exist",
        ),
        (&Carrier::EDX, "it names a lesson that does not exist"),
    ] {
        let problem = expected(carrier);
        assert!(problem.en.starts_with(says), "{problem:?}");
        assert!(
            problem.zh.contains("课程 'l9-no-such-lesson' 不存在"),
            "{problem:?}"
        );
    }
}

/// Too many fork edits, through the link, the export, the stored session (and so SCORM's
/// `suspend_data`) and Open edX: one rule, worded for each.
#[test]
fn door_every_reader_refuses_too_many_edits_with_the_one_rule() {
    let edits = vec![Intervention::Reload { at: 1 }; MAX_INTERVENTIONS + 1];
    let n = MAX_INTERVENTIONS + 1;
    let options = PlayOptions {
        interventions: edits.clone(),
        ..PlayOptions::default()
    };
    let session = serde_json::json!({"lesson": L2, "options": options, "step": 0}).to_string();
    let stored = StoredSession::read(&session, Lang::En).expect_err("refused");
    assert_eq!(
        stored,
        Refusal::TooManyEdits(n).problem(&Carrier::SESSION).en
    );
    let edx_text =
        serde_json::json!({"v": 1, "lesson": L2, "step": 0, "branch": options}).to_string();
    let edx = EdxState::read(&edx_text).expect_err("refused");
    assert!(
        edx.en
            .contains(&Refusal::TooManyEdits(n).problem(&Carrier::EDX).en),
        "{edx:?}"
    );
    let mut state = ViewState::new(L2, Lang::En);
    state.extra.interventions = edits;
    let link = open(&state.to_fragment(), Lang::En).expect_err("refused");
    assert_eq!(link, Refusal::TooManyEdits(n).problem(&Carrier::LINK));
}

/// The link-size rule, native: a recorded run that would make `x=` longer than a reader takes
/// is left out of the link (the share dialog says so); the rest stays.
#[test]
fn share_the_link_size_rule_leaves_out_only_a_recording_too_long_for_a_link() {
    let small = Extra {
        recording: Some(recording_of(L2)),
        toggles: lessons::ToggleChoice::drain(true),
        ..Extra::default()
    };
    let linked = small.clone().encode_for_link();
    assert!(!linked.recording_left_out);
    assert_eq!(linked.x, small.encode());
    // A recording whose answers do not compress below the limit.
    let mut long = recording_of(L2);
    // Letters from a xorshift generator: text deflate cannot shrink much.
    let mut seed: u32 = 2_463_534_242;
    let noise: String = (0..MAX_X_WITH_RECORDING * 2)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            char::from(b'a' + (seed % 26) as u8)
        })
        .collect();
    long.options.interventions = vec![Intervention::LeadSends {
        at: 1,
        to: "reader".into(),
        body: noise,
    }];
    let big = Extra {
        recording: Some(long),
        toggles: lessons::ToggleChoice::drain(true),
        ..Extra::default()
    };
    let linked = big.clone().encode_for_link();
    assert!(linked.recording_left_out);
    let without = Extra {
        recording: None,
        ..big
    };
    assert_eq!(linked.x, without.encode());
    assert!(linked.x.is_some_and(|x| x.len() <= MAX_X_WITH_RECORDING));
}

/// A refused link's banner is in the language the link asks for, however bad its other parts.
#[test]
fn share_a_refused_links_language_is_read_on_its_own() {
    assert_eq!(link_lang("#lesson=nope&lang=zh&x=garbage"), Some(Lang::Zh));
    assert_eq!(link_lang("lang=en&step=abc"), Some(Lang::En));
    assert_eq!(link_lang("#lesson=l1-two-investigators&lang=fr"), None);
    assert_eq!(link_lang(""), None);
}

/// The one course report: Open edX's grade and state and the score every course is told come
/// from it, over the lesson's own run whichever branch is on screen.
#[test]
fn course_report_is_the_score_open_edx_and_the_embed_api_read() {
    let timeline = lessons::play(L2, &PlayOptions::default()).expect("plays");
    let lesson = lessons::lesson(L2, Lang::En).expect("lesson 2");
    let placement = place(&lesson.checkpoints, &timeline);
    assert!(placement.placed.len() >= 2);
    let mut tries = Score::default();
    let first = &placement.placed[0];
    let _ = tries.answer(first, first.answer);
    let report = CourseReport::of(L2, &tries, &placement);
    assert_eq!(
        (report.score.score, report.score.max),
        (1, placement.placed.len())
    );
    assert!(!report.all_answered() && !report.untried());
    assert_eq!(report.checkpoints[0].id, first.id);
    assert!(report.checkpoints[0].correct && report.checkpoints[0].answered);
    let graded: serde_json::Value = serde_json::from_str(&grade(&report)).expect("JSON");
    assert_eq!(graded["score"], 1);
    assert_eq!(graded["max"], placement.placed.len());
    assert_eq!(graded["checkpoints"][0]["id"], first.id.as_str());
    let on_screen = OnScreen::new(Source::Lesson(L2.into()), PlayOptions::default());
    let state = EdxState::of(&on_screen, &report);
    assert_eq!(state.tries, tries);
    assert_eq!(state.score, Some(report.score.value()));
    // Every checkpoint answered: the lesson may complete.
    for placed in &placement.placed {
        let _ = tries.answer(placed, placed.answer);
    }
    assert!(CourseReport::of(L2, &tries, &placement).all_answered());
}

/// What each format carries of how the page shows the run is a type: a link its level and
/// breakpoints, the stored session its level.
#[test]
fn door_page_view_says_what_a_link_and_a_session_carry() {
    let mut state = ViewState::new(L2, Lang::En);
    state.level = Level::Key;
    state.extra.breakpoints = vec![agent_team_playground::engine::Category::ALL[0]];
    let view = state.page_view();
    assert_eq!(view.level, Some(Level::Key));
    assert_eq!(view.breakpoints, state.extra.breakpoints);
    let on_screen = state.on_screen().expect("admitted");
    let session = StoredSession::of(&on_screen, Vec::new(), Level::Event);
    assert_eq!(session.page_view().level, Some(Level::Event));
    assert!(session.page_view().breakpoints.is_empty());
}
