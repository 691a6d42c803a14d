//! Work is kept (`keep::visits`, `keep::session`): what a tab stores for itself and what tabs
//! share, the merge of the shared scenario, the continue offer, the editor's draft, and a
//! scenario too long for a link kept all the same.

use agent_team_playground::engine::Lang;
use agent_team_playground::keep::session::{KeptScenario, StoredSession};
use agent_team_playground::keep::visits::{
    bring_back, bring_back_label, continue_offer, continue_text, draft_for, merge_shared,
    replaced_notice,
};
use agent_team_playground::lessons::{Intervention, PlayOptions, FREE_PLAY_ID};
use agent_team_playground::link::view_state::{open, ViewState};
use agent_team_playground::scenario::{self, Scenario};
use agent_team_playground::view::story::Level;
use serde_json::json;

fn five_members() -> Scenario {
    let path = format!(
        "{}/tests/fixtures/five-member-scenario.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    scenario::parse(&text).expect("the fixture scenario is valid")
}

fn session(lesson: &str, step: usize, tab: &str) -> StoredSession {
    StoredSession {
        lesson: lesson.into(),
        options: PlayOptions::default(),
        earlier: Vec::new(),
        step,
        level: Level::Story,
        scenario: None,
        draft: None,
        tab: Some(tab.into()),
        previous: None,
        free_play_default: false,
        score: Default::default(),
    }
}

/// The issue's case as data: tab A forks lesson 1 at step 20, tab B opens lesson 1 and takes
/// one step. A's own session (its tab's) is untouched by B; the shared one is B's, newest.
#[test]
fn keep_each_tab_keeps_its_branches_and_the_newest_session_is_shared() {
    let forked = PlayOptions {
        interventions: vec![Intervention::Reload { at: 20 }],
        ..PlayOptions::default()
    };
    let tab_a = StoredSession {
        options: forked,
        earlier: vec![PlayOptions::default()],
        ..session("l1-two-investigators", 21, "a")
    };
    let shared = merge_shared(None, tab_a.clone(), None).session;
    assert_eq!(shared, tab_a);
    let tab_b = session("l1-two-investigators", 1, "b");
    let shared = merge_shared(Some(&shared), tab_b.clone(), None);
    // (Its `tab` stays the writer of the scenario kept: none here, so A's.)
    let written = StoredSession {
        tab: tab_b.tab.clone(),
        ..shared.session.clone()
    };
    assert_eq!(written, tab_b, "the newest writer's session is shared");
    assert!(!shared.replaced, "no scenario was in play");
    // What A reads back on reload is its tab's text, which B never wrote.
    let text = serde_json::to_string(&tab_a).expect("writes");
    let back = StoredSession::read(&text, Lang::En).expect("reads");
    assert_eq!(back.earlier, vec![PlayOptions::default()]);
    assert_eq!(back.options.interventions.len(), 1);
}

#[test]
fn keep_a_tab_without_a_scenario_never_drops_the_stored_one() {
    let mut a = session(FREE_PLAY_ID, 5, "a");
    a.scenario = Some(five_members());
    let stored = merge_shared(None, a, None).session;
    // Tab B is in lesson 2: the scenario stays kept.
    let merged = merge_shared(Some(&stored), session("l2-drain-loses-mail", 3, "b"), None);
    assert!(!merged.replaced);
    assert_eq!(merged.session.lesson, "l2-drain-loses-mail");
    assert_eq!(merged.session.scenario, Some(five_members()));
    // Tab B, back in free play with another scenario, replaced tab A's: said.
    let mut changed = five_members();
    changed.task = "Another task".into();
    let mut b = session(FREE_PLAY_ID, 1, "b");
    b.scenario = Some(changed);
    assert!(merge_shared(Some(&merged.session), b, None).replaced);
}

#[test]
fn keep_another_tabs_different_scenario_is_replaced_with_a_notice_never_silently() {
    let mut a = session(FREE_PLAY_ID, 5, "a");
    a.scenario = Some(five_members());
    let stored = merge_shared(None, a.clone(), None).session;
    let mut changed = five_members();
    changed.task = "Another task".into();
    let mut b = session(FREE_PLAY_ID, 2, "b");
    b.scenario = Some(changed.clone());
    let merged = merge_shared(Some(&stored), b, None);
    assert!(merged.replaced, "another tab's scenario was replaced: said");
    assert_eq!(merged.session.scenario, Some(changed));
    // The same tab writing again, or another tab with the same scenario: nothing to say.
    assert!(!merge_shared(Some(&stored), a.clone(), Some(&a.kept())).replaced);
    let same = StoredSession {
        tab: Some("c".into()),
        ..a
    };
    assert!(!merge_shared(Some(&stored), same, None).replaced);
}

#[test]
fn keep_the_editors_draft_valid_or_not_is_kept_beside_its_scenario() {
    let mut draft = five_members();
    draft.members[0].name = String::new();
    assert!(draft.validate().is_err(), "an invalid draft");
    let mut stored = session(FREE_PLAY_ID, 0, "a");
    stored.scenario = Some(five_members());
    stored.draft = Some(draft.clone());
    let text = serde_json::to_string(&stored).expect("writes");
    let back = StoredSession::read(&text, Lang::En).expect("an invalid draft still reads");
    assert_eq!(back.draft.as_ref(), Some(&draft));
    assert_eq!(draft_for(&back, Some(&five_members())), Some(&draft));
    // Beside another scenario on screen (a link opened one), the draft is not that one's.
    assert_eq!(draft_for(&back, None), None);
    // A stored scenario that does not pass the checks is not played: it becomes the draft.
    let mut bad = session(FREE_PLAY_ID, 0, "a");
    bad.scenario = Some(draft.clone());
    let text = serde_json::to_string(&bad).expect("writes");
    let back = StoredSession::read(&text, Lang::En).expect("reads");
    assert_eq!((back.scenario, back.draft), (None, Some(draft)));
}

#[test]
fn keep_a_session_stored_before_scenarios_were_kept_reads_without_them() {
    let old = r#"{"lesson":"l3-lock-scope","options":{"toggles":{"drain_on_read":false,"hold_lock_during_model_call":false},"interventions":[]},"step":7,"earlier":[],"level":"key"}"#;
    let read = StoredSession::read(old, Lang::En).expect("reads");
    assert_eq!((read.scenario, read.draft, read.tab), (None, None, None));
    // And a session without them writes no new field (an older page reads it).
    let text = serde_json::to_string(&session("l3-lock-scope", 7, "a")).expect("writes");
    assert!(
        !text.contains("scenario") && !text.contains("draft"),
        "{text}"
    );
}

#[test]
fn keep_a_returning_learner_is_offered_to_continue_in_both_languages() {
    let stored = session("l2-drain-loses-mail", 12, "a");
    let offer = continue_offer(&stored, "l1-two-investigators", 0).expect("offered");
    assert_eq!(
        continue_text(&offer, Lang::En),
        "Continue where you were: lesson 2 (Deleting on read loses mail), step 12"
    );
    let zh = continue_text(&offer, Lang::Zh);
    assert!(zh.contains("第 2 课") && zh.contains("第 12 步"), "{zh}");
    assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "{zh}");
    let mut free = session(FREE_PLAY_ID, 4, "a");
    free.scenario = Some(five_members());
    let offer = continue_offer(&free, "l1-two-investigators", 0).expect("offered");
    assert_eq!(
        continue_text(&offer, Lang::En),
        "Continue where you were: free play, step 4"
    );
    // Nothing to continue: the default lesson untouched, or what is already on screen.
    assert_eq!(
        continue_offer(
            &session("l1-two-investigators", 0, "a"),
            "l1-two-investigators",
            0
        ),
        None
    );
    assert_eq!(continue_offer(&stored, "l2-drain-loses-mail", 12), None);
    // A fork is worth continuing even at the step on screen.
    let forked = StoredSession {
        earlier: vec![PlayOptions::default()],
        ..stored
    };
    assert!(continue_offer(&forked, "l2-drain-loses-mail", 12).is_some());
}

/// The issue's case: a scenario whose link is too long to open is kept all the same, and
/// comes back whole from what is stored.
#[test]
fn keep_a_scenario_too_long_for_a_link_is_kept_locally() {
    let mut value = serde_json::to_value(five_members()).expect("json");
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for file in 0..12 {
        let noise: String = (0..3_900)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                char::from_digit((seed % 16) as u32, 16).unwrap_or('0')
            })
            .collect();
        value["files"][format!("noise-{file}.txt")] = json!(noise);
    }
    let big = scenario::parse(&value.to_string()).expect("a valid scenario");
    let mut state = ViewState::new(FREE_PLAY_ID, Lang::En);
    state.extra.scenario = Some(big.clone());
    assert!(
        open(&state.to_fragment(), Lang::En).is_err(),
        "no link opens it"
    );
    let mut kept = session(FREE_PLAY_ID, 3, "a");
    kept.scenario = Some(big.clone());
    let text = serde_json::to_string(&kept).expect("writes");
    let back = StoredSession::read(&text, Lang::Zh).expect("reads");
    assert_eq!(back.scenario, Some(big));
    assert!(continue_offer(&back, "l1-two-investigators", 0).is_some());
}

fn with_task(task: &str) -> Scenario {
    let mut scenario = five_members();
    scenario.task = task.into();
    scenario
}

/// The issue's case: a link (or a file) opened with a different scenario, in a new tab, a
/// fresh visit or this same tab (same tab id, nothing kept by this page yet), replaces the kept
/// scenario and draft: they go aside in `previous`, said, and come back with one click.
#[test]
fn keep_a_replaced_scenario_and_draft_go_aside_and_come_back() {
    let mut draft = with_task("typed, not yet valid");
    draft.members[0].name = String::new();
    let mut had = session(FREE_PLAY_ID, 4, "a");
    had.scenario = Some(with_task("Mine"));
    had.draft = Some(draft.clone());
    let stored = merge_shared(None, had.clone(), None).session;
    let mut linked = session(FREE_PLAY_ID, 0, "a");
    linked.scenario = Some(with_task("From a link"));
    let merged = merge_shared(Some(&stored), linked.clone(), None);
    assert!(merged.replaced, "same tab, but not this page's own: said");
    assert_eq!(merged.session.scenario, linked.scenario);
    assert_eq!(merged.session.previous, Some(had.kept()));
    // The learner's own edits after it: nothing said, the one aside stays aside.
    let mut edited = linked.clone();
    edited.scenario = Some(with_task("From a link, edited"));
    let again = merge_shared(Some(&merged.session), edited.clone(), Some(&linked.kept()));
    assert!(!again.replaced);
    assert_eq!(again.session.previous, Some(had.kept()));
    // A tab in a lesson keeps both.
    let lesson = merge_shared(
        Some(&again.session),
        session("l2-drain-loses-mail", 1, "b"),
        None,
    );
    assert_eq!(lesson.session.previous, Some(had.kept()));
    // Brought back: the scenario and the draft as typed; the one they replace goes aside.
    let back = bring_back(&lesson.session).expect("something aside");
    assert_eq!(back.scenario, had.scenario);
    assert_eq!(back.draft, Some(draft.clone()));
    assert_eq!(draft_for(&back, had.scenario.as_ref()), Some(&draft));
    assert_eq!(back.previous, Some(edited.kept()));
    assert_eq!(bring_back(&session(FREE_PLAY_ID, 0, "a")), None);
    // It survives storage.
    let text = serde_json::to_string(&back).expect("writes");
    assert_eq!(StoredSession::read(&text, Lang::En).expect("reads"), back);
    // The notice is true with or without another tab, and offers to bring it back.
    let notice = replaced_notice();
    assert!(!notice.en.contains("still shows"), "{}", notice.en);
    assert!(notice.en.contains("bring it back"), "{}", notice.en);
    assert!(bring_back_label().zh.contains("恢复"));
}

/// "Back to free play's default scenario" sticks: the default chosen replaces the kept
/// scenario and draft (they go aside), where "no scenario" alone (a lesson) keeps them.
#[test]
fn keep_back_to_the_default_scenario_sticks_and_keeps_the_replaced_one_aside() {
    let mut had = session(FREE_PLAY_ID, 3, "a");
    had.scenario = Some(with_task("Mine"));
    had.draft = Some(with_task("Mine, typed"));
    let stored = merge_shared(None, had.clone(), None).session;
    let plain = session(FREE_PLAY_ID, 0, "a");
    assert_eq!(
        merge_shared(Some(&stored), plain.clone(), None)
            .session
            .scenario,
        had.scenario,
        "no scenario, not chosen: kept"
    );
    let reset = StoredSession {
        free_play_default: true,
        ..plain
    };
    let merged = merge_shared(Some(&stored), reset, None);
    assert_eq!(
        merged.session.kept(),
        KeptScenario::default(),
        "the default, stored"
    );
    assert_eq!(merged.session.previous, Some(had.kept()));
    assert!(merged.replaced);
    // The next visit (a tab in a lesson writing, then reading) finds no scenario to open.
    let later = merge_shared(
        Some(&merged.session),
        session("l1-two-investigators", 2, "b"),
        None,
    );
    assert_eq!(later.session.scenario, None);
    let text = serde_json::to_string(&later.session).expect("writes");
    let read = StoredSession::read(&text, Lang::En).expect("reads");
    assert_eq!((read.scenario, read.draft), (None, None));
    assert_eq!(read.previous, Some(had.kept()));
}
