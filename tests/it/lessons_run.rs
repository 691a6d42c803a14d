//! A run answered in another order than the script's clock, as a live provider would answer
//! it, and its recording replayed: every lesson still ends, and the replay is the same log.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::recording::Recording;
use agent_team_playground::lessons::run::Run;
use agent_team_playground::lessons::ReplayError;
use agent_team_playground::lessons::{lessons, Answer, PlayOptions, ScriptedModel};

/// Plays `lesson` answering the most recently sent request first (the opposite of a FIFO
/// clock), from the lesson's script.
fn play_newest_first(lesson: &agent_team_playground::lessons::Lesson, lang: Lang) -> Run {
    let options = PlayOptions {
        lang,
        ..PlayOptions::default()
    };
    let mut run = Run::new(lesson, &options).expect("starts");
    let mut now = 0;
    loop {
        run.advance().expect("advances");
        run.take_sent();
        let Some(request) = run.awaiting().last().cloned() else {
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
    assert!(run.is_finished(), "{}", lesson.id);
    run
}

#[test]
fn every_lesson_ends_whatever_order_its_replies_come_in_and_its_recording_replays_exactly() {
    for (lang, lesson) in [Lang::En, Lang::Zh]
        .into_iter()
        .flat_map(|l| lessons(l).into_iter().map(move |x| (l, x)))
    {
        let run = play_newest_first(&lesson, lang);
        let recording = run.recording();
        assert_eq!(recording.options.lang, lang);
        let live = run.finish_uncaptioned();
        assert!(live.len() > 10, "{}", lesson.id);
        let json = serde_json::to_string(&recording).expect("serializes");
        let back: Recording = serde_json::from_str(&json).expect("parses");
        let replayed = back.replay(&lesson).expect("replays");
        assert_eq!(replayed.events(), live.events(), "{}", lesson.id);
    }
}

#[test]
fn a_recording_of_another_version_or_lesson_is_refused_with_a_reason() {
    let all = lessons(Lang::En);
    let run = play_newest_first(&all[0], Lang::En);
    let mut recording = run.recording();
    assert_eq!(
        recording.replay(&all[1]).map(|_| ()),
        Err(ReplayError::Lesson(all[0].id.clone()))
    );
    recording.version = 99;
    let error = recording.replay(&all[0]).expect_err("version");
    assert!(error.to_string().contains("version 99"), "{error}");
}

#[test]
fn a_failed_answer_is_an_input_like_any_other() {
    let lesson = &lessons(Lang::En)[0];
    let mut run = Run::new(lesson, &PlayOptions::default()).expect("starts");
    run.advance().expect("advances");
    let first = run.awaiting().first().cloned().expect("a request");
    let failure = Answer::Fail {
        error: "HTTP 529 overloaded".into(),
        retryable: true,
    };
    run.answer(first.id, failure, 1).expect("answers");
    let retried = run
        .awaiting()
        .first()
        .cloned()
        .expect("the engine re-sends it");
    assert_eq!(
        (retried.member.as_str(), retried.logical, retried.attempt),
        (first.member.as_str(), first.logical, 1)
    );
}

#[test]
fn a_recording_that_answers_a_request_the_replay_never_sends_is_refused() {
    let all = lessons(Lang::En);
    let mut recording = play_newest_first(&all[0], Lang::En).recording();
    recording.answers[3].request = agent_team_playground::engine::RequestId(999);
    let error = recording.replay(&all[0]).expect_err("refused");
    assert!(error.to_string().contains("r999"), "{error}");
}
