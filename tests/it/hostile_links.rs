//! A link can never crash or freeze the page (and neither can an import or a stored
//! session's branches): the reproducers that once did, each refused with a message in both
//! languages or opened with bounded work, and the bounds themselves at their edges (the most
//! fork edits a run takes, the longest stress log a link may name, bytes after the
//! compressed stream).

use agent_team_playground::engine::{Fault, Lang};
use agent_team_playground::export::{self, RunExport};
use agent_team_playground::lessons::run::MAX_INTERVENTIONS;
use agent_team_playground::lessons::{
    self, stress, Branches, Intervention, PlayError, PlayOptions, Playable,
};
use agent_team_playground::link::codec;
use agent_team_playground::link::view_state::{decode_extra, open};
use agent_team_playground::on_screen::{OnScreen, Source};

/// The 205-character link that overflowed the stack in the release build: ~1,850 `reload`
/// edits due at the same point, 37 KB of JSON the codec compresses to 205 characters.
const CRASHING_LINK: &str = "#lesson=l3-lock-scope&step=5&lang=en&x=1.7dWhEQAACAOxlViIUdgdgeIOiYyNatVfO_afqAkEY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcbeLasB";

/// The 27-character link that froze the page for seconds (200,000 generated events, played
/// once to clamp the step and again to show it).
const FREEZING_LINK: &str = "#lesson=stress-200000&step=1";

fn reloads(n: usize, at: usize) -> Vec<Intervention> {
    (0..n).map(|_| Intervention::Reload { at }).collect()
}

fn link_with_edits(lesson: &str, edits: &[Intervention]) -> String {
    let json = serde_json::json!({ "interventions": edits }).to_string();
    format!(
        "#lesson={lesson}&step=5&lang=en&x={}",
        codec::encode(json.as_bytes())
    )
}

#[test]
fn the_crashing_link_is_refused_in_both_languages_before_anything_plays() {
    assert_eq!(CRASHING_LINK.len(), 205);
    let x = CRASHING_LINK.split("&x=").nth(1).expect("has x");
    let json = codec::decode(x).expect("the reproducer decodes");
    let value: serde_json::Value = serde_json::from_slice(&json).expect("JSON");
    let edits = value["interventions"].as_array().expect("edits").len();
    assert!(edits > 1_000, "the reproducer carries {edits} edits");
    for error in [
        decode_extra(x).map(|_| ()).expect_err("x= is refused"),
        open(CRASHING_LINK, Lang::En).expect_err("the link is refused"),
    ] {
        assert!(
            error.en.contains(&format!("carries {edits} fork edits")),
            "{}",
            error.en
        );
        assert!(
            error.en.contains(&format!("at most {MAX_INTERVENTIONS}")),
            "{}",
            error.en
        );
        assert!(
            error.zh.contains(&format!("{edits} 个分支修改")),
            "{}",
            error.zh
        );
    }
}

#[test]
fn the_most_edits_a_run_takes_all_due_at_once_play_flat_and_one_more_is_refused() {
    // MAX reloads due at the same point: applied in one flat pass (a nested pass per edit
    // once overflowed the stack), each exactly once, in the order they were made.
    let options = PlayOptions {
        interventions: reloads(MAX_INTERVENTIONS, 0),
        ..PlayOptions::default()
    };
    let timeline = lessons::play("l3-lock-scope", &options).expect("MAX edits play");
    let restored = timeline
        .events()
        .iter()
        .filter(|e| e.kind.name() == "roster_restored")
        .count();
    assert_eq!(restored, MAX_INTERVENTIONS, "each edit applied once");
    assert_eq!(
        timeline.events()[0].kind.name(),
        "roster_restored",
        "due at 0: first"
    );
    let over = PlayOptions {
        interventions: reloads(MAX_INTERVENTIONS + 1, 0),
        ..PlayOptions::default()
    };
    assert_eq!(
        lessons::play("l3-lock-scope", &over).map(|t| t.len()),
        Err(PlayError::TooManyEdits(MAX_INTERVENTIONS))
    );
    // A link at the limit opens; one edit more is refused with the bound named.
    assert!(open(
        &link_with_edits("l3-lock-scope", &reloads(MAX_INTERVENTIONS, 0)),
        Lang::En
    )
    .is_ok());
    let refused = open(
        &link_with_edits("l3-lock-scope", &reloads(MAX_INTERVENTIONS + 1, 0)),
        Lang::Zh,
    )
    .expect_err("one more is refused");
    assert!(refused
        .en
        .contains(&format!("carries {} fork edits", MAX_INTERVENTIONS + 1)));
}

#[test]
fn due_edits_are_applied_in_the_order_they_were_made_whatever_their_anchors() {
    // Edits due at once go in the learner's order, not by anchor: a send anchored later but
    // made first is applied first once both are due.
    let make = |first_at: usize, second_at: usize| PlayOptions {
        interventions: vec![
            Intervention::LeadSends {
                at: first_at,
                to: "reader".into(),
                body: "first".into(),
            },
            Intervention::LeadSends {
                at: second_at,
                to: "reader".into(),
                body: "second".into(),
            },
        ],
        ..PlayOptions::default()
    };
    let bodies = |options: &PlayOptions| -> Vec<String> {
        let timeline = lessons::play("l1-two-investigators", options).expect("plays");
        timeline
            .events()
            .iter()
            .filter_map(|e| match &e.kind {
                agent_team_playground::engine::EventKind::MessageQueued { record } => {
                    Some(record.body.clone())
                }
                _ => None,
            })
            .filter(|b| b == "first" || b == "second")
            .collect()
    };
    assert_eq!(bodies(&make(3, 2)), ["first", "second"]);
    assert_eq!(bodies(&make(2, 3)), ["first", "second"]);
    assert_eq!(
        bodies(&make(3, 0)),
        ["second", "first"],
        "the second was due earlier"
    );
}

#[test]
fn a_branch_takes_the_most_edits_a_run_takes_and_refuses_one_more() {
    let mut branches = Branches::default();
    for i in 0..MAX_INTERVENTIONS {
        branches
            .extend(Intervention::InjectFault {
                at: i,
                member: "reader".into(),
                fault: Fault::FailBeforeCommit,
            })
            .expect("within the bound");
    }
    let before = branches.clone();
    assert_eq!(
        branches.fork(Intervention::Reload {
            at: MAX_INTERVENTIONS
        }),
        Err(PlayError::TooManyEdits(MAX_INTERVENTIONS))
    );
    assert_eq!(branches, before, "a refused fork changes nothing");
}

#[test]
fn the_freezing_link_is_refused_and_a_small_stress_log_still_opens() {
    let error = open(FREEZING_LINK, Lang::Zh).expect_err("refused");
    assert!(
        error.en.contains("200000 events") && error.en.contains("at most 5000"),
        "{}",
        error.en
    );
    assert!(
        error.zh.contains("200000") && error.zh.contains("压力日志"),
        "{}",
        error.zh
    );
    let max = stress::MAX_LINKED_EVENTS;
    let opened = open(&format!("#lesson=stress-{max}&step=999999"), Lang::En).expect("opens");
    assert_eq!(opened.state.step, max, "clamped to the log's end");
    let played = opened
        .played
        .expect("the check's run is handed on, not played again");
    assert_eq!(played.timeline.len(), max);
    assert!(open(&format!("#lesson=stress-{}&step=0", max + 1), Lang::En).is_err());
    // The page's own code still plays the long log (the perf test's entry point).
    assert_eq!(
        Playable::parse("stress-200000"),
        Some(Playable::Stress(stress::MAX_EVENTS))
    );
}

#[test]
fn an_opened_links_run_is_the_run_the_page_would_play() {
    let link = link_with_edits("l1-two-investigators", &reloads(1, 20));
    let opened = open(&link, Lang::En).expect("opens");
    let played = opened.played.expect("played once");
    assert!(!played.replayed);
    let (played, diverged) = (played.timeline, played.diverged);
    let options = opened.state.on_screen().expect("on screen").options;
    let lesson = lessons::lesson("l1-two-investigators", options.lang).expect("a lesson");
    let (again, again_diverged) = lessons::play_lesson(&lesson, &options).expect("plays");
    assert_eq!(played.events(), again.events());
    assert_eq!(diverged, again_diverged);
}

#[test]
fn an_import_or_a_recording_with_too_many_edits_is_refused_in_both_languages() {
    let timeline = lessons::play("l1-two-investigators", &PlayOptions::default()).expect("plays");
    let on_screen = OnScreen::new(
        Source::Lesson("l1-two-investigators".into()),
        PlayOptions::default(),
    );
    let mut export = RunExport::new(&on_screen, &timeline);
    export.options.interventions = reloads(MAX_INTERVENTIONS + 1, 0);
    let error = export::import(&export.to_json(), None).expect_err("refused");
    assert!(error
        .message(Lang::En)
        .contains(&format!("carries {} fork edits", MAX_INTERVENTIONS + 1)));
    assert!(error.message(Lang::Zh).contains("个分支修改"));
    let recording = serde_json::json!({
        "version": 2,
        "lesson": "l1-two-investigators",
        "options": { "interventions": reloads(MAX_INTERVENTIONS + 1, 0) },
        "answers": []
    });
    let error = export::import(&recording.to_string(), None).expect_err("refused");
    assert!(
        error.message(Lang::En).contains("this recording carries"),
        "{}",
        error.message(Lang::En)
    );
    // A stress log an import names is bounded like a link's.
    export.options.interventions.clear();
    export.lesson = "stress-200000".into();
    let error = export::import(&export.to_json(), None).expect_err("refused");
    assert!(
        error.message(Lang::En).contains("at most 5000"),
        "{}",
        error.message(Lang::En)
    );
}
