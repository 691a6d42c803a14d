//! Two runs side by side (issue 49, `view::compare`): the native diff of two runs on screen,
//! aligned by story step. Lesson 2's drain toggle (M6: m2 lost in one run, in reader's request
//! in the other), lesson 3's lock scope (T6: the waiting member) and a fork of lesson 1 (the
//! fork's message, the ids it shifts). The budget figure is `examples/bench_compare.rs`.

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::{Intervention, PlayOptions};
use agent_team_playground::on_screen::versus::{Mode, Reason, Versus};
use agent_team_playground::on_screen::{Level, OnScreen, Source};
use agent_team_playground::view::compare::summary::{sentence, Which};
use agent_team_playground::view::compare::{compare_runs, first_difference, Compared, Place};

fn toggled(id: &str, mode: Mode, in_force: bool) -> (OnScreen, OnScreen) {
    let (shown, versus) = Versus::other_setting(&PlayOptions::default(), mode, in_force);
    let a = OnScreen::new(Source::Lesson(id.into()), shown);
    let b = a.beside(&versus);
    (a, b)
}

fn compared(a: &OnScreen, b: &OnScreen, level: Level) -> Compared {
    compare_runs(a, b, level).expect("both runs play")
}

#[test]
fn lesson2_compare_drain_off_against_on_m2_reaches_readers_request_in_one_and_is_lost_in_the_other()
{
    let (a, b) = toggled("l2-drain-loses-mail", Mode::Drain, false);
    let c = compared(&a, &b, Level::Story);
    let m2 = c.diff.message("m2").expect("m2 in both runs");
    assert_eq!(m2.to, "reader");
    assert_eq!(m2.last(), (Place::InRequest, Place::Lost));
    // Before the runs part every message is in the same place in both.
    let parting = c.diff.parting.as_ref().expect("the runs part");
    assert_eq!(
        parting.reasons,
        vec![Reason::Toggle {
            mode: Mode::Drain,
            a: Some(false),
            b: Some(true)
        }]
    );
    for m in &c.diff.messages {
        assert!(m.first_difference().is_none_or(|row| row >= parting.row));
    }
    // The parting step is the first event that differs, and both runs' steps before it are
    // the same events.
    let p = parting.step - 1;
    assert_eq!(first_difference(&c.a.timeline, &c.b.timeline), Some(p));
    assert_eq!(c.a.timeline.events()[..p], c.b.timeline.events()[..p]);
    assert_ne!(c.a.timeline.events()[p], c.b.timeline.events()[p]);
    // The rows move forward in both runs and end at both last steps.
    for pair in c.diff.rows.windows(2) {
        assert!(pair[1].a >= pair[0].a && pair[1].b >= pair[0].b);
        assert!(pair[1] != pair[0]);
    }
    let last = c.diff.rows.last().expect("rows");
    assert_eq!((last.a, last.b), (c.a.timeline.len(), c.b.timeline.len()));
    // Totals: the drained run lost messages, the append-only one none.
    assert_eq!((c.diff.totals.0.lost, c.diff.totals.1.lost > 0), (0, true));
    // reader's history differs: the drained run never committed what it lost.
    let reader = c.diff.member("reader").expect("reader");
    assert!(reader.history.0 > reader.history.1 && reader.history_row.is_some());
    // The sentence says it, in both languages.
    let en = sentence(&c.diff, &c.a.timeline, &c.b.timeline, Lang::En);
    assert!(en.starts_with("With drain-on-read"), "{en}");
    assert!(
        en.contains("never reaches reader's request") && en.contains("m2"),
        "{en}"
    );
    let zh = sentence(&c.diff, &c.a.timeline, &c.b.timeline, Lang::Zh);
    assert!(
        zh.contains("读取即清空时") && zh.contains("m2") && zh.contains("reader 的请求"),
        "{zh}"
    );
}

#[test]
fn lesson2_compare_the_story_rows_are_the_story_stops_of_both_runs() {
    let (a, b) = toggled("l2-drain-loses-mail", Mode::Drain, false);
    let story = compared(&a, &b, Level::Story);
    let events = compared(&a, &b, Level::Event);
    assert!(story.diff.by_story && !events.diff.by_story);
    assert!(story.diff.rows.len() < events.diff.rows.len());
    // At the event level every step of each run is a row.
    for step in 0..=events.a.timeline.len() {
        assert!(
            events.diff.rows.iter().any(|r| r.a == step),
            "A's step {step}"
        );
    }
    // The parting step is a row in both levels.
    for c in [&story, &events] {
        let p = c.diff.parting.as_ref().expect("parts");
        let row = c.diff.rows[p.row];
        assert!(row.a == p.step || row.b == p.step);
    }
}

#[test]
fn lesson3_compare_lock_scope_the_waiting_member_waits_only_under_the_large_lock() {
    let (a, b) = toggled("l3-lock-scope", Mode::HoldLock, false);
    let c = compared(&a, &b, Level::Story);
    let reviewer = c.diff.member("reviewer").expect("reviewer");
    assert!(reviewer.waits.0.is_empty(), "the small lock: no wait");
    assert!(
        !reviewer.waits.1.is_empty(),
        "the large lock: reviewer waits"
    );
    let wait = reviewer.waits.1[0];
    assert!(wait.until.is_some_and(|u| u > wait.from) && wait.time > 0);
    // The large lock serializes: the same work takes longer on the logical clock.
    assert!(c.diff.totals.1.time > c.diff.totals.0.time);
    assert_eq!(c.diff.totals.0.requests, c.diff.totals.1.requests);
    let en = sentence(&c.diff, &c.a.timeline, &c.b.timeline, Lang::En);
    assert!(
        en.starts_with("With the lock held during the model call, reviewer waits for the lock"),
        "{en}"
    );
    assert!(en.contains("with the small lock, it never waits"), "{en}");
    let zh = sentence(&c.diff, &c.a.timeline, &c.b.timeline, Lang::Zh);
    assert!(zh.contains("reviewer") && zh.contains("等锁"), "{zh}");
}

#[test]
fn lesson1_compare_a_fork_parts_after_its_step_and_pairs_messages_by_body_not_shifted_ids() {
    let base = OnScreen::new(
        Source::Lesson("l1-two-investigators".into()),
        PlayOptions::default(),
    );
    let mut forked_options = PlayOptions::default();
    forked_options.interventions.push(Intervention::LeadSends {
        at: 6,
        to: "reader".into(),
        body: "Also check the tests folder.".into(),
    });
    let fork = base.beside(&Versus::branch(&base.options, &forked_options));
    let c = compared(&base, &fork, Level::Story);
    let parting = c.diff.parting.as_ref().expect("the fork parts");
    assert!(parting.step > 6, "the first 6 events are the base run's");
    assert!(matches!(
        parting.reasons[..],
        [Reason::Edit {
            a: None,
            b: Some(_)
        }]
    ));
    // The fork's message exists only in the fork, and reaches reader there.
    let new = c
        .diff
        .messages
        .iter()
        .find(|m| m.ids.0.is_none())
        .expect("the fork's message");
    assert_eq!(
        (new.to.as_str(), new.last()),
        ("reader", (Place::Absent, Place::InRequest))
    );
    // The messages both runs send are paired even though the fork shifted their ids.
    let shifted: Vec<_> = c
        .diff
        .messages
        .iter()
        .filter(|m| matches!(m.ids, (Some(x), Some(y)) if x != y))
        .collect();
    assert!(!shifted.is_empty());
    assert!(shifted
        .iter()
        .all(|m| m.last() == (Place::InRequest, Place::InRequest)));
    // reader's history differs; the lead's first differs after the fork's step.
    let reader = c.diff.member("reader").expect("reader");
    assert!(reader.history.1 > reader.history.0);
    assert!(reader.history_row.is_some_and(|row| row >= parting.row));
    let en = sentence(&c.diff, &c.a.timeline, &c.b.timeline, Lang::En);
    assert!(
        en.contains("the lead sends reader") && en.contains("it is never sent"),
        "{en}"
    );
    assert!(!sentence(&c.diff, &c.a.timeline, &c.b.timeline, Lang::Zh).is_empty());
}

#[test]
fn compare_the_same_run_twice_does_not_part_and_says_so() {
    let a = OnScreen::new(
        Source::Lesson("l1-two-investigators".into()),
        PlayOptions::default(),
    );
    let c = compared(&a, &a.clone(), Level::Story);
    assert!(c.diff.parting.is_none());
    assert!(c.diff.rows.iter().all(|r| r.a == r.b));
    assert!(c
        .diff
        .messages
        .iter()
        .all(|m| m.first_difference().is_none()));
    assert!(c.diff.members.iter().all(|m| !m.differs()));
    let en = sentence(&c.diff, &c.a.timeline, &c.b.timeline, Lang::En);
    assert_eq!(en, "The two runs are the same: nothing parts them.");
}

#[test]
fn compare_a_label_names_the_choice_that_differs() {
    use agent_team_playground::view::compare::summary::label;
    let reasons = [Reason::Toggle {
        mode: Mode::HoldLock,
        a: Some(false),
        b: None,
    }];
    assert_eq!(label(&reasons, Which::A, Lang::En), "with the small lock");
    assert_eq!(label(&reasons, Which::B, Lang::Zh), "按课程自己的锁设置");
}

#[test]
fn lesson2_and_lesson3_compare_questions_are_answered_from_the_two_runs() {
    use agent_team_playground::lessons::compare_questions::compare_questions;
    use agent_team_playground::view::compare::questions::{answer, explain, Where};
    let (a, b) = toggled("l2-drain-loses-mail", Mode::Drain, false);
    let c = compared(&a, &b, Level::Story);
    let [sees] = compare_questions("l2-drain-loses-mail") else {
        panic!("lesson 2 asks one question about a comparison");
    };
    assert_eq!(answer(sees.ask, &c.diff), Some(Where::OnlyA));
    // The same question on the runs the other way round.
    let swapped = compared(&b, &a, Level::Story);
    assert_eq!(answer(sees.ask, &swapped.diff), Some(Where::OnlyB));
    assert!(explain(sees.ask, &c.diff, Lang::En)
        .starts_with("reader sees m2 only in A (with the append-only inbox)"));
    let (a3, b3) = toggled("l3-lock-scope", Mode::HoldLock, false);
    let c3 = compared(&a3, &b3, Level::Story);
    let [waits] = compare_questions("l3-lock-scope") else {
        panic!("lesson 3 asks one question about a comparison");
    };
    assert_eq!(answer(waits.ask, &c3.diff), Some(Where::OnlyB));
    assert!(explain(waits.ask, &c3.diff, Lang::Zh).contains("reviewer"));
    // Two runs with the same setting: m2 is seen in both.
    let same = compared(&a, &a.clone(), Level::Story);
    assert_eq!(answer(sees.ask, &same.diff), Some(Where::Both));
    assert!(compare_questions("l1-two-investigators").is_empty());
}

#[test]
fn compare_the_markdown_export_writes_the_summary_the_parting_and_the_aligned_rows() {
    use agent_team_playground::export::comparison_markdown;
    let (a, b) = toggled("l2-drain-loses-mail", Mode::Drain, false);
    let c = compared(&a, &b, Level::Story);
    let md = comparison_markdown(
        "Deleting on read loses mail",
        &c.a.timeline,
        &c.b.timeline,
        &c.diff,
        Lang::En,
    );
    assert!(
        md.starts_with("# Two runs compared: Deleting on read loses mail"),
        "{md}"
    );
    assert!(
        md.contains("- **A**: with the append-only inbox")
            && md.contains("- **B**: with drain-on-read")
    );
    assert!(
        md.contains("> With drain-on-read, m1 never reaches reader's request"),
        "{md}"
    );
    let parting = c.diff.parting.as_ref().expect("parts");
    assert!(md.contains(&format!("The runs part at step {}.", parting.step)));
    assert!(md.contains("| lost messages | 0 | 2 |"), "{md}");
    // One table row per aligned step (row 0 is both starts), the parting row marked.
    let rows = md
        .lines()
        .filter(|l| l.starts_with("| ") && l.chars().nth(2).is_some_and(|ch| ch.is_ascii_digit()))
        .count();
    assert_eq!(rows, c.diff.rows.len() - 1);
    assert!(md.contains(" ⑂ |"));
    assert!(md.contains("m2: in a request / lost"), "{md}");
    let zh = comparison_markdown(
        "读后即删会丢信",
        &c.a.timeline,
        &c.b.timeline,
        &c.diff,
        Lang::Zh,
    );
    assert!(
        zh.contains("对比两次运行") && zh.contains("m2: 在请求里 / 丢失"),
        "{zh}"
    );
}

#[test]
fn compare_a_link_carries_the_comparison_and_an_old_link_opens_none() {
    use agent_team_playground::link::view_state::{open, Extra, LinkedVersus, ViewState};
    let (a, b) = toggled("l2-drain-loses-mail", Mode::Drain, false);
    let versus = Versus {
        options: b.options.clone(),
    };
    let mut state = ViewState::new("l2-drain-loses-mail", Lang::En);
    state.step = 9;
    state.extra = Extra::of(&a, Vec::new()).with_compare(Some(&versus));
    let fragment = state.to_fragment();
    let opened = open(&fragment, Lang::Zh).expect("the comparison link opens");
    assert_eq!(opened.state.page_view().compare, Some(versus.clone()));
    assert_eq!(opened.state.step, 9);
    assert_eq!(
        opened.state.extra.compare,
        Some(LinkedVersus {
            interventions: Vec::new(),
            toggles: b.options.learner_toggles
        })
    );
    // Without the comparison the link is the one it always was.
    let plain = Extra::of(&a, Vec::new());
    assert_eq!(plain.clone().with_compare(None), plain);
    let old = open(
        "#lesson=l2-drain-loses-mail&step=9&lang=en&level=story",
        Lang::En,
    )
    .expect("opens");
    assert_eq!(old.state.page_view().compare, None);
    // A comparison's other run is held to the door's edit rule, and a generated log has none.
    let stress = open(
        &format!(
            "#lesson=stress-50&step=0&lang=en&x={}",
            Extra::default()
                .with_compare(Some(&versus))
                .encode()
                .expect("x")
        ),
        Lang::En,
    );
    assert!(stress.is_err());
}
