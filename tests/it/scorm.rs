//! SCORM 1.2 and the stored session's score (issue 26 parts 3 and 4, `course::scorm`,
//! `keep::session`): the score is a field of the stored session that round-trips and that an
//! older session reads without; the lesson status and score the LMS is given, the mastery
//! rule; `cmi.suspend_data` within 4096 characters, cut as documented past it, and read back.

use agent_team_playground::course::embed_results::LessonScore;
use agent_team_playground::course::scorm::{
    self, read_suspend_data, score_values, suspend_data, Status, Suspended, SUSPEND_DATA_LIMIT,
};
use agent_team_playground::engine::{Fault, Lang};
use agent_team_playground::keep::session::StoredSession;
use agent_team_playground::lessons::run::MAX_INTERVENTIONS;
use agent_team_playground::lessons::{self, Intervention, PlayOptions};
use agent_team_playground::view::checkpoints::{Score, Tries};
use agent_team_playground::view::story::Level;

const LESSON: &str = "l1-two-investigators";

fn tries(attempts: u32, first_try: bool, answered: bool) -> Tries {
    Tries {
        attempts,
        first_try,
        answered,
    }
}

fn answered_score() -> Score {
    let mut score = Score::default();
    score.tries.insert("cp-a".into(), tries(1, true, true));
    score.tries.insert("cp-b".into(), tries(3, false, true));
    score.tries.insert("cp-c".into(), tries(1, false, false));
    score
}

fn session(options: PlayOptions, earlier: Vec<PlayOptions>, score: Score) -> StoredSession {
    StoredSession {
        lesson: LESSON.into(),
        options,
        earlier,
        step: 17,
        level: Level::Event,
        scenario: None,
        draft: None,
        tab: Some("t1".into()),
        previous: None,
        free_play_default: false,
        score,
    }
}

#[test]
fn scorm_the_score_is_a_field_of_the_stored_session_and_round_trips() {
    let stored = session(PlayOptions::default(), Vec::new(), answered_score());
    let text = serde_json::to_string(&stored).expect("writes");
    assert!(
        text.contains("\"score\":{\"cp-a\":{\"attempts\":1,\"first_try\":true,\"answered\":true}"),
        "{text}"
    );
    let back = StoredSession::read(&text, Lang::En).expect("reads");
    assert_eq!(back, stored);
    assert_eq!(back.score.tries["cp-b"], tries(3, false, true));
    // Nothing answered: the field is left out, so a session without a score is written as before.
    let empty = session(PlayOptions::default(), Vec::new(), Score::default());
    assert!(!serde_json::to_string(&empty)
        .expect("writes")
        .contains("score"));
}

#[test]
fn scorm_a_session_stored_before_the_score_still_reads_with_no_score() {
    let old = r#"{"lesson":"l3-lock-scope","options":{"toggles":{},"interventions":[]},"earlier":[],"step":7,"level":"key","tab":"ab12"}"#;
    let session = StoredSession::read(old, Lang::Zh).expect("an old session reads");
    assert!(session.score.is_empty());
    assert_eq!(
        (session.lesson.as_str(), session.step),
        ("l3-lock-scope", 7)
    );
}

#[test]
fn scorm_merging_two_copies_of_a_score_keeps_the_one_that_went_further() {
    let mut browser = Score::default();
    browser.tries.insert("cp-a".into(), tries(2, false, true));
    browser.tries.insert("cp-c".into(), tries(1, false, false));
    browser
        .tries
        .insert("only-here".into(), tries(1, true, true));
    browser.merge(&answered_score());
    assert_eq!(
        browser.tries["cp-a"],
        tries(2, false, true),
        "more attempts wins"
    );
    assert_eq!(
        browser.tries["cp-b"],
        tries(3, false, true),
        "missing one taken"
    );
    assert_eq!(browser.tries["cp-c"], tries(1, false, false));
    assert_eq!(browser.tries["only-here"], tries(1, true, true), "kept");
    let mut unanswered = Score::default();
    unanswered
        .tries
        .insert("cp-c".into(), tries(2, false, false));
    let mut answered = Score::default();
    answered.tries.insert("cp-c".into(), tries(1, false, true));
    unanswered.merge(&answered);
    assert!(
        unanswered.answered("cp-c"),
        "answered right beats more wrong tries"
    );
}

#[test]
fn scorm_status_follows_the_mastery_rule_and_a_lesson_without_checkpoints_completes() {
    let score = |score, max| LessonScore { score, max };
    assert_eq!(Status::at_completion(score(2, 3)), Status::Passed);
    assert_eq!(Status::at_completion(score(3, 5)), Status::Passed);
    assert_eq!(Status::at_completion(score(1, 3)), Status::Failed);
    assert_eq!(Status::at_completion(score(0, 4)), Status::Failed);
    // 59.5 % is not 60 %: the share is rounded down.
    assert_eq!(scorm::percent(score(119, 200)), Some(59));
    assert_eq!(Status::at_completion(score(119, 200)), Status::Failed);
    assert_eq!(Status::at_completion(score(0, 0)), Status::Completed);
    assert_eq!(scorm::MASTERY_PERCENT, 60);
    assert_eq!(Status::Passed.as_str(), "passed");
    assert_eq!(Status::Failed.as_str(), "failed");
    assert_eq!(Status::Completed.as_str(), "completed");
    // A launch sets incomplete, never over a final status the LMS holds.
    for held in ["", "not attempted", "incomplete", "browsed"] {
        assert_eq!(Status::at_launch(held), Some(Status::Incomplete), "{held}");
    }
    for held in ["passed", "failed", "completed"] {
        assert_eq!(Status::at_launch(held), None, "{held}");
    }
    assert_eq!(scorm::EXIT, "suspend");
}

#[test]
fn scorm_the_score_goes_to_the_lms_as_a_percentage_out_of_100() {
    let values = score_values(LessonScore { score: 2, max: 3 });
    assert_eq!(
        values,
        vec![
            ("cmi.core.score.raw", "66".to_string()),
            ("cmi.core.score.min", "0".to_string()),
            ("cmi.core.score.max", "100".to_string()),
        ]
    );
    assert_eq!(score_values(LessonScore { score: 4, max: 4 })[0].1, "100");
    assert!(score_values(LessonScore::default()).is_empty());
}

/// A branch of `n` edits, each a lead's message of `body_len` characters.
fn long_branch(n: usize, body_len: usize) -> PlayOptions {
    PlayOptions {
        interventions: (0..n)
            .map(|i| Intervention::LeadSends {
                at: i,
                to: "reviewer".into(),
                body: "x".repeat(body_len),
            })
            .collect(),
        ..PlayOptions::default()
    }
}

#[test]
fn scorm_suspend_data_keeps_the_session_within_4096_characters_and_reads_back() {
    let stored = session(PlayOptions::default(), Vec::new(), answered_score());
    // Only what belongs to the lesson goes to the LMS, never this browser's tab.
    let (text, kept) = suspend_data(&stored).expect("fits");
    assert_eq!(kept, Suspended::Whole);
    assert!(
        !text.contains("\"tab\"") && !text.contains("\"scenario\""),
        "{text}"
    );
    let back = read_suspend_data(&text, Lang::En)
        .expect("reads")
        .expect("a session");
    assert_eq!(
        (back.lesson.as_str(), back.step, back.level),
        (LESSON, 17, Level::Event)
    );
    assert_eq!(back.score, stored.score);
    assert_eq!(read_suspend_data("", Lang::En), Ok(None));
    assert_eq!(read_suspend_data("  ", Lang::Zh), Ok(None));
    let error = read_suspend_data("{not json", Lang::Zh).expect_err("unreadable");
    assert!(error.contains("无法读取"), "{error}");
}

#[test]
fn scorm_past_4096_characters_earlier_branches_then_the_branch_are_left_out() {
    // Real forks of a built-in lesson: a fault and a replaced reply play.
    let fork = PlayOptions {
        interventions: vec![Intervention::InjectFault {
            at: 3,
            member: "reader".into(),
            fault: Fault::FailBeforeCommit,
        }],
        ..PlayOptions::default()
    };
    lessons::play(LESSON, &fork).expect("the fork plays");
    let small = session(
        fork.clone(),
        vec![PlayOptions::default(); 3],
        answered_score(),
    );
    let (text, kept) = suspend_data(&small).expect("fits");
    assert_eq!(kept, Suspended::Whole);
    assert!(
        text.len() < 1000,
        "a usual session is small: {} chars",
        text.len()
    );

    // Many earlier branches: they go first.
    let many = session(
        fork.clone(),
        vec![long_branch(10, 40); 20],
        answered_score(),
    );
    assert!(serde_json::to_string(&many).expect("writes").len() > SUSPEND_DATA_LIMIT);
    let (text, kept) = suspend_data(&many).expect("fits");
    assert_eq!(kept, Suspended::WithoutEarlier);
    let back = read_suspend_data(&text, Lang::En)
        .expect("reads")
        .expect("one");
    assert!(back.earlier.is_empty());
    assert_eq!((back.options.clone(), back.step), (fork, 17));

    // The largest branch a page makes (MAX_INTERVENTIONS edits of long messages): the branch
    // goes too, the lesson and score stay, the step is the start.
    let largest = session(
        long_branch(MAX_INTERVENTIONS, 200),
        Vec::new(),
        answered_score(),
    );
    let (text, kept) = suspend_data(&largest).expect("fits");
    assert_eq!(kept, Suspended::ScoreOnly);
    assert!(text.chars().count() <= SUSPEND_DATA_LIMIT);
    let back = read_suspend_data(&text, Lang::En)
        .expect("reads")
        .expect("one");
    assert_eq!((back.options, back.step), (PlayOptions::default(), 0));
    assert_eq!(back.score, answered_score());

    // The LMS counts UTF-16 units: a branch under the limit in characters but over it in
    // units (a character outside the BMP is two) does not go whole.
    let wide = |n| session(long_branch(1, n), Vec::new(), answered_score());
    let fits = (1..4096)
        .rev()
        .find(|n| suspend_data(&wide(*n)).is_some_and(|(_, kept)| kept == Suspended::Whole))
        .expect("some branch fits");
    let mut astral = wide(fits);
    if let Some(Intervention::LeadSends { body, .. }) = astral.options.interventions.first_mut() {
        *body = "😀".repeat(fits / 2 + 1);
    }
    let text = serde_json::to_string(&astral).expect("writes");
    assert!(text.chars().count() <= SUSPEND_DATA_LIMIT);
    assert!(text.encode_utf16().count() > SUSPEND_DATA_LIMIT);
    assert_ne!(
        suspend_data(&astral).map(|(_, kept)| kept),
        Some(Suspended::Whole)
    );

    // A score with more checkpoints than fit: nothing is written.
    let mut huge = Score::default();
    for i in 0..200 {
        huge.tries
            .insert(format!("checkpoint-{i:04}"), tries(1, true, true));
    }
    assert_eq!(
        suspend_data(&session(PlayOptions::default(), Vec::new(), huge)),
        None
    );
}

#[test]
fn scorm_every_note_says_it_in_both_languages_and_chinese_holds_no_english_sentence() {
    let notes = [
        scorm::Note::NoApi,
        scorm::Note::Refused("101".into()),
        scorm::Note::Unreadable("x".into()),
        scorm::Note::Cut(Suspended::WithoutEarlier),
        scorm::Note::Cut(Suspended::ScoreOnly),
    ];
    for note in notes {
        let text = note.text();
        assert!(text.en.is_ascii() && !text.en.is_empty(), "{note:?}");
        assert!(
            text.zh
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{note:?}"
        );
        // Names stay (SCORM, LMS, LMSInitialize) but never two English words in a row.
        let words: Vec<&str> = text
            .zh
            .split(|c: char| !c.is_ascii_alphanumeric() && c != ' ')
            .collect();
        for run in words {
            let english: Vec<&str> = run
                .split_whitespace()
                .filter(|w| w.chars().all(|c| c.is_ascii_alphabetic()))
                .collect();
            assert!(english.len() < 2, "{note:?}: {run}");
        }
    }
    assert!(scorm::lms_true(Some("true")) && scorm::lms_true(Some(" true")));
    assert!(
        !scorm::lms_true(Some("false")) && !scorm::lms_true(Some("")) && !scorm::lms_true(None)
    );
}
