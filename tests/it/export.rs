//! Export and import of a run (issue 14): an export imports back to the same scenario, inputs
//! and step; the Markdown holds the captions and the event lines; a recording (in an export
//! or downloaded on its own) replays offline; every bad file is refused with a message in both
//! languages; a key is never in an export.

use agent_team_playground::engine::Fault;
use agent_team_playground::engine::Lang;
use agent_team_playground::export::{
    import, import_in, markdown, ImportKind, RunExport, FORMAT, MAX_IMPORT_BYTES,
};
use agent_team_playground::lessons::recording::Recording;
use agent_team_playground::lessons::run::Run;
use agent_team_playground::lessons::{
    self, Answer, Intervention, Lesson, PlayOptions, ScriptedModel, ToggleChoice, FREE_PLAY_ID,
};
use agent_team_playground::on_screen::{OnScreen, Source};
use agent_team_playground::scenario::edit::Edit;
use agent_team_playground::scenario::Scenario;
use agent_team_playground::view::fork_form::describe;
use agent_team_playground::view::transcript::{event_line, step_line};
use serde_json::Value;

/// A five-member scenario made with the editor's operations.
fn five_members() -> Scenario {
    let mut s = Scenario::default_free_play(Lang::En);
    for edit in [
        Edit::AddMember,
        Edit::AddMember,
        Edit::RenameMember {
            index: 3,
            name: "carol".into(),
        },
        Edit::RenameMember {
            index: 4,
            name: "dave".into(),
        },
        Edit::SetTask("Read main.py and expected.txt; carol and dave stand by.".into()),
        Edit::AddFile {
            path: "notes.txt".into(),
        },
        Edit::SetFileText {
            path: "notes.txt".into(),
            text: "hello".into(),
        },
    ] {
        s = s.apply(&edit).expect("edit made");
    }
    assert_eq!(s.validate(), Ok(()));
    assert_eq!(s.members.len(), 5);
    s
}

fn export_of(
    lesson: &str,
    scenario: Option<&Scenario>,
    options: &PlayOptions,
    step: usize,
) -> RunExport {
    let scenario_on_screen = scenario.map(|s| std::sync::Arc::new(s.clone()));
    let source = Source::read(lesson, scenario_on_screen).expect("a source");
    let on_screen = OnScreen {
        step,
        ..OnScreen::new(source, options.clone())
    };
    let timeline = on_screen.play().expect("plays").timeline;
    RunExport::new(&on_screen, &timeline)
}

/// A live-style run of `lesson` answered from its script, and its recording.
fn recorded(lesson: &Lesson, options: &PlayOptions) -> Recording {
    recorded_with(lesson, options, |_, answer| answer)
}

/// [`recorded`], each answer passed through `change` (member, answer) first.
fn recorded_with(
    lesson: &Lesson,
    options: &PlayOptions,
    change: impl Fn(&str, Answer) -> Answer,
) -> Recording {
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
        let outcome = change(&request.member, outcome);
        now += 1;
        run.answer(request.id, outcome, now).expect("answers");
    }
    run.recording()
}

fn problem_of(text: &str) -> (String, String) {
    let error = import(text, None).expect_err("refused");
    assert!(!error.problems.is_empty());
    (error.message(Lang::En), error.message(Lang::Zh))
}

#[test]
fn an_edited_five_member_scenario_round_trips_with_its_inputs_and_step() {
    let scenario = five_members();
    let options = PlayOptions {
        lang: Lang::Zh,
        learner_toggles: ToggleChoice {
            drain_on_read: Some(true),
            hold_lock_during_model_call: None,
        },
        interventions: vec![Intervention::Reload { at: 6 }],
        ..PlayOptions::default()
    };
    let export = export_of(FREE_PLAY_ID, Some(&scenario), &options, 7);
    let json = export.to_json();
    let back: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back["format"], FORMAT);
    assert_eq!(back["version"], 1);
    let imported = import(&json, None).expect("imports");
    let on_screen = &imported.on_screen;
    assert_eq!(on_screen.lesson_id(), FREE_PLAY_ID);
    assert_eq!(on_screen.source.scenario().map(|s| &**s), Some(&scenario));
    assert_eq!(on_screen.options, options);
    assert_eq!(on_screen.step, 7);
    assert_eq!(imported.timeline.len(), export.events.len());
    assert!(on_screen.recording.is_none());
}

#[test]
fn a_built_in_lesson_exports_its_id_and_imports_to_the_same_run() {
    let options = PlayOptions::default();
    let export = export_of("l2-drain-loses-mail", None, &options, 4);
    assert!(export.scenario.is_none());
    let imported = import(&export.to_json(), None).expect("imports");
    assert_eq!(imported.on_screen.lesson_id(), "l2-drain-loses-mail");
    assert_eq!(imported.on_screen.step, 4);
}

#[test]
fn a_recording_in_an_export_or_on_its_own_replays_offline() {
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).unwrap();
    let options = PlayOptions::default();
    let recording = recorded(&lesson, &options);
    let timeline = recording.replay(&lesson).expect("replays");
    let on_screen = OnScreen {
        recording: Some(std::sync::Arc::new(recording.clone())),
        step: 3,
        ..OnScreen::new(Source::Lesson(lesson.id.clone()), options.clone())
    };
    let export = RunExport::new(&on_screen, &timeline);
    let imported = import(&export.to_json(), None).expect("imports");
    assert_eq!(imported.on_screen.recording.as_deref(), Some(&recording));
    assert_eq!(imported.timeline.len(), timeline.len());
    // The file the live panel downloads.
    let file = serde_json::to_string(&recording).unwrap();
    let imported = import(&file, None).expect("a recording imports");
    assert_eq!(imported.on_screen.lesson_id(), lesson.id);
    assert_eq!(imported.timeline.len(), timeline.len());
    // A free-play recording replays the scenario on screen.
    let scenario = five_members();
    let lesson = scenario.to_lesson();
    let recording = recorded(&lesson, &options);
    let file = serde_json::to_string(&recording).unwrap();
    let imported = import(&file, Some(&scenario)).expect("replays the scenario on screen");
    assert_eq!(
        imported.on_screen.source.scenario().map(|s| &**s),
        Some(&scenario)
    );
    assert_eq!(
        imported.timeline.len(),
        recording.replay(&lesson).unwrap().len()
    );
    // A recording whose answers do not belong to the lesson is refused.
    let mut bad = recording.clone();
    bad.answers[0].request = agent_team_playground::engine::RequestId(999);
    let (en, zh) = problem_of(&serde_json::to_string(&bad).unwrap());
    assert!(en.contains("the recording does not replay"), "{en}");
    assert!(zh.contains("记录重放不出来"), "{zh}");
}

#[test]
fn every_bad_file_is_refused_with_a_message_in_both_languages() {
    let good: Value = serde_json::from_str(
        &export_of(
            FREE_PLAY_ID,
            Some(&five_members()),
            &PlayOptions::default(),
            2,
        )
        .to_json(),
    )
    .unwrap();
    let with = |f: &dyn Fn(&mut Value)| {
        let mut v = good.clone();
        f(&mut v);
        v.to_string()
    };
    let cases: Vec<(String, &str, &str)> = vec![
        ("not json".into(), "this is not JSON", "这不是 JSON"),
        (
            "[1,2]".into(),
            "not a run exported by this playground",
            "不是这个练习场导出的运行",
        ),
        (
            with(&|v| v["format"] = "other".into()),
            "unknown format \"other\"",
            "不认识的格式",
        ),
        (
            with(&|v| v["version"] = 2.into()),
            "unknown version 2",
            "不认识的版本 2",
        ),
        (
            with(&|v| v["extra"] = 1.into()),
            "unknown field `extra`",
            "格式里没有的字段）：unknown field `extra`",
        ),
        (
            with(&|v| v["options"]["lang"] = "fr".into()),
            "the file does not fit the format",
            "文件不符合格式",
        ),
        (
            with(&|v| v["step"] = "x".into()),
            "invalid type: string \"x\", expected usize",
            "文件不符合格式",
        ),
        (
            with(&|v| v["step"] = 100_000.into()),
            "step is 100000",
            "step 是 100000",
        ),
        (
            with(&|v| v["lesson"] = "nope".into()),
            "this file names a lesson that does not exist: 'nope'",
            "课程 'nope' 不存在",
        ),
        (
            with(&|v| v["scenario"]["task"] = "".into()),
            "this file's scenario is not valid. This scenario has 1 problem: task is empty",
            "这个文件里的场景无效。这个场景有 1 个问题：task 是空的",
        ),
        (
            with(&|v| v["scenario"]["members"][1]["tools"] = serde_json::json!(["run_code"])),
            "there is no tool named 'run_code'",
            "没有名为 'run_code' 的工具",
        ),
        (
            "x".repeat(MAX_IMPORT_BYTES + 1),
            "the file is too large",
            "文件太大",
        ),
    ];
    for (text, en, zh) in cases {
        let (got_en, got_zh) = problem_of(&text);
        assert!(got_en.contains(en), "{en:?} not in {got_en}");
        assert!(got_zh.contains(zh), "{zh:?} not in {got_zh}");
        assert!(got_en.starts_with("This file cannot be imported; nothing on the page changed"));
    }
}

#[test]
fn the_markdown_has_the_title_team_task_and_each_steps_caption_and_event_line() {
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).unwrap();
    let timeline = lessons::play("l1-two-investigators", &PlayOptions::default()).unwrap();
    let md = markdown(&lesson, &timeline, &PlayOptions::default(), Lang::En);
    assert!(md.starts_with(&format!("# {}\n", lesson.title.en)));
    assert!(md.contains("## Team\n\n- **lead** (lead, lead)"));
    assert!(md.contains("- **reader** (reader, teammate)"));
    assert!(md.contains("## Task"));
    let first = step_line(&timeline.events()[0]);
    assert!(md.contains("\n1. "));
    assert!(md.contains(&format!("`{first}`")), "{md}");
    let steps = md
        .lines()
        .filter(|l| l.trim_start().starts_with('`') && l.contains("t="))
        .count();
    assert_eq!(steps, timeline.len());
    // The lesson's own caption of some step is there, as the page renders it.
    let (seq, _) = timeline
        .captioned_events()
        .next()
        .expect("a captioned event");
    let step = seq + 1;
    let state = timeline.state_at(step);
    let caption = agent_team_playground::view::facts::plain(
        &agent_team_playground::view::caption::step_caption_parts(
            &timeline,
            &state,
            step,
            Lang::En,
        ),
        Lang::En,
    );
    let caption_line = caption.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(md.contains(&caption_line), "{caption_line}");
    let zh = markdown(&lesson, &timeline, &PlayOptions::default(), Lang::Zh);
    assert!(zh.contains("## 团队") && zh.contains(&lesson.title.zh));
}

/// The recording the end-to-end test imports (`tests/e2e/fixtures/recording-l1.json`): lesson
/// 1 answered as a live model would, the lead's final answer its own words, so the page can
/// tell the replay from the scripted run. `UPDATE_GOLDEN=1` rewrites it.
#[test]
fn the_e2e_recording_fixture_is_a_recording_that_replays() {
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).unwrap();
    let recording = recorded_with(
        &lesson,
        &PlayOptions::default(),
        |member, answer| match answer {
            Answer::Reply(mut reply) if member == "lead" && reply.tool_calls.is_empty() => {
                reply.text =
                    "RECORDED: main.py prints 42, as expected.txt says (read, not run).".into();
                Answer::Reply(reply)
            }
            other => other,
        },
    );
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/e2e/fixtures/recording-l1.json");
    let json = serde_json::to_string_pretty(&recording).unwrap() + "\n";
    if std::env::var("UPDATE_GOLDEN").is_ok() || !path.exists() {
        std::fs::write(&path, &json).unwrap();
    }
    let stored = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        stored, json,
        "the fixture is stale: UPDATE_GOLDEN=1 cargo test"
    );
    let imported = import(&stored, None).expect("imports");
    let end = imported.timeline.final_state();
    let said = format!("{:?}", end);
    assert!(said.contains("RECORDED: main.py prints 42"));
}

#[test]
fn a_zh_run_exported_before_the_team_spoke_chinese_still_imports_and_an_edited_one_does_not() {
    let options = PlayOptions {
        lang: Lang::Zh,
        ..PlayOptions::default()
    };
    let mut export = export_of("l7-limits-and-budgets", None, &options, 30);
    // The same run as the host wrote it before: a zh lesson whose team spoke English.
    let lesson = lessons::lesson("l7-limits-and-budgets", Lang::Zh)
        .expect("lesson 7")
        .spoken_in(Lang::En);
    let (before, _) = lessons::play_lesson(&lesson, &options).expect("plays");
    let old: Vec<String> = before.events().iter().map(event_line).collect();
    assert_ne!(old, export.events, "the host's words changed");
    assert!(old
        .iter()
        .any(|l| l.contains("reader's inbox already holds 8 records")));
    export.events = old;
    let imported = import(&export.to_json(), None).expect("an old zh export imports");
    assert_eq!(imported.on_screen.step, 30);
    assert_eq!(imported.note, None, "an old zh export's log matches");
    // An event log that says another step happened is never taken for the run: it opens with
    // the note that it no longer matches.
    let mut edited = export.clone();
    edited.events.swap(3, 4);
    let note = import(&edited.to_json(), None)
        .expect("opens")
        .note
        .expect("a note");
    assert!(
        note.en.contains("differs from its run at step 4"),
        "{}",
        note.en
    );
}

#[test]
fn a_zh_markdown_says_each_step_in_chinese_without_the_engines_english_summary() {
    let options = PlayOptions {
        lang: Lang::Zh,
        ..PlayOptions::default()
    };
    let lesson = lessons::lesson("l7-limits-and-budgets", Lang::Zh).unwrap();
    let timeline = lessons::play("l7-limits-and-budgets", &options).unwrap();
    let md = markdown(&lesson, &timeline, &options, Lang::Zh);
    let lines: Vec<&str> = md
        .lines()
        .filter(|l| l.trim_start().starts_with("`#"))
        .collect();
    assert_eq!(lines.len(), timeline.len());
    assert!(lines
        .iter()
        .all(|l| !l.contains("REFUSED") && !l.contains(" got reply ")));
    // Step 24, the refused ninth note: its lesson caption, then what happened in Chinese.
    assert!(
        lines[23].contains("[拒绝] 拒绝（lead）：收件箱已满"),
        "{}",
        lines[23]
    );
}

/// The scenario the tests open as a file: what the editor and `#src=` read.
fn scenario_fixture() -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/five-member-scenario.json"),
    )
    .expect("the fixture")
}

#[test]
fn a_scenario_file_opens_in_free_play_in_the_pages_language_on_a_fresh_branch() {
    let text = scenario_fixture();
    let scenario = agent_team_playground::scenario::parse(&text).expect("valid");
    for lang in [Lang::Zh, Lang::En] {
        let imported = import_in(&text, None, lang).expect("a scenario file imports");
        assert_eq!(imported.kind, ImportKind::Scenario);
        assert_eq!(imported.note, None);
        let on_screen = &imported.on_screen;
        assert_eq!(on_screen.lesson_id(), FREE_PLAY_ID);
        assert_eq!(on_screen.source.scenario().map(|s| &**s), Some(&scenario));
        assert_eq!(
            on_screen.options,
            PlayOptions {
                lang,
                ..PlayOptions::default()
            }
        );
        assert_eq!(on_screen.step, 0);
        assert!(on_screen.recording.is_none());
        assert_eq!(
            imported.timeline.len(),
            on_screen.play().expect("plays").timeline.len()
        );
    }
    // An invalid scenario file says what is wrong with it as a scenario, in both languages.
    let mut value: Value = serde_json::from_str(&text).unwrap();
    value["task"] = "".into();
    let (en, zh) = problem_of(&value.to_string());
    assert!(en.contains("scenario file: task is empty"), "{en}");
    assert!(zh.contains("场景文件：task 是空的"), "{zh}");
    // A newer scenario is refused, not opened as something it is not.
    value["task"] = "t".into();
    value["version"] = 99.into();
    let (en, _) = problem_of(&value.to_string());
    assert!(en.contains("scenario file: "), "{en}");
    assert!(en.contains("99"), "{en}");
}

#[test]
fn a_file_the_page_cannot_open_says_what_it_can_open_in_both_languages() {
    for text in ["[1,2]", "{\"hello\": 1}", "\"text\""] {
        let (en, zh) = problem_of(text);
        for what in [
            "run exported by this playground",
            "a recording downloaded from the live panel",
            "a scenario file",
            "#src=",
        ] {
            assert!(en.contains(what), "{what:?} not in {en}");
        }
        for what in ["导出的运行", "记录", "场景文件", "#src="] {
            assert!(zh.contains(what), "{what:?} not in {zh}");
        }
    }
}

#[test]
fn an_export_edited_by_hand_opens_as_its_scenario_and_options_with_a_note() {
    let options = PlayOptions {
        interventions: vec![Intervention::Reload { at: 6 }],
        ..PlayOptions::default()
    };
    let export = export_of(FREE_PLAY_ID, Some(&five_members()), &options, 9);
    let unedited = import(&export.to_json(), None).expect("imports");
    assert_eq!(
        (unedited.kind, unedited.note.clone()),
        (ImportKind::Export, None)
    );
    // A teacher edits the scenario and the options in the file, not the event log.
    let mut value: Value = serde_json::from_str(&export.to_json()).unwrap();
    value["scenario"]["task"] = "Read main.py, then tell the lead what it prints.".into();
    value["options"]["learner_toggles"] = serde_json::json!({"drain_on_read": true});
    value["options"]["interventions"] = serde_json::json!([]);
    let imported = import(&value.to_string(), None).expect("opens instead of a refusal");
    let scenario = imported
        .on_screen
        .source
        .scenario()
        .expect("free play's scenario");
    assert_eq!(
        scenario.task,
        "Read main.py, then tell the lead what it prints."
    );
    assert_eq!(
        imported.on_screen.options.learner_toggles,
        ToggleChoice::drain(true)
    );
    assert!(imported.on_screen.options.interventions.is_empty());
    // The file's step, kept within the run its inputs play now.
    assert_eq!(
        imported.on_screen.step,
        export.step.min(imported.timeline.len())
    );
    let note = imported.note.expect("a note");
    assert!(
        note.en.contains("recorded event log no longer matches"),
        "{}",
        note.en
    );
    assert!(
        note.zh
            .contains("记录的事件和它的场景、选项放出来的运行对不上了"),
        "{}",
        note.zh
    );
    // How it no longer matches, in both languages.
    let recorded = export.events.len();
    assert!(
        note.en
            .contains(&format!("the file's event log has {recorded} events")),
        "{}",
        note.en
    );
    assert!(
        note.zh
            .contains(&format!("文件的事件记录有 {recorded} 个事件")),
        "{}",
        note.zh
    );
    // An event log cut short, or forged, is named too; the step stays within the run.
    let mut cut = value.clone();
    cut["events"].as_array_mut().unwrap().truncate(3);
    cut["scenario"] = serde_json::to_value(five_members()).unwrap();
    cut["options"] = serde_json::to_value(&options).unwrap();
    let note = import(&cut.to_string(), None)
        .expect("opens")
        .note
        .expect("a note");
    assert!(
        note.en
            .contains("the file's event log has 3 events, but its run plays"),
        "{}",
        note.en
    );
    assert!(note.zh.contains("文件的事件记录有 3 个事件"), "{}", note.zh);
    let mut forged: Value = serde_json::from_str(&export.to_json()).unwrap();
    forged["events"][0] = "#0 forged".into();
    forged["step"] = 100_000.into();
    let opened = import(&forged.to_string(), None).expect("opens");
    assert!(opened
        .note
        .expect("a note")
        .en
        .contains("differs from its run at step 1"));
    assert_eq!(opened.on_screen.step, opened.timeline.len());
}

#[test]
fn the_markdown_of_a_fork_with_drain_on_read_names_the_fork_and_the_mode_in_both_languages() {
    let fault = Intervention::InjectFault {
        at: 5,
        member: "reader".into(),
        fault: Fault::FailBeforeCommit,
    };
    let options = PlayOptions {
        learner_toggles: ToggleChoice::drain(true),
        interventions: vec![fault.clone()],
        ..PlayOptions::default()
    };
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).unwrap();
    let timeline = lessons::play("l1-two-investigators", &options).unwrap();
    let md = markdown(&lesson, &timeline, &options, Lang::En);
    assert!(md.contains("## This run"), "{md}");
    assert!(md.contains("- **Branch**: a fork, with 1 change:"), "{md}");
    assert!(
        md.contains(&format!("  1. {}", describe(&fault, Lang::En))),
        "{md}"
    );
    assert!(md.contains("after step 5: fault for reader"), "{md}");
    assert!(
        md.contains("- **Modes in force**: from the start: inbox: drain on read"),
        "{md}"
    );
    assert!(
        md.contains("- **Set by the learner's switches**: Drain on read (M6) on"),
        "{md}"
    );
    let zh_options = PlayOptions {
        lang: Lang::Zh,
        ..options.clone()
    };
    let zh_lesson = lessons::lesson("l1-two-investigators", Lang::Zh).unwrap();
    let zh_timeline = lessons::play("l1-two-investigators", &zh_options).unwrap();
    let zh = markdown(&zh_lesson, &zh_timeline, &zh_options, Lang::Zh);
    assert!(zh.contains("## 这次运行"), "{zh}");
    assert!(zh.contains("- **分支**：分叉，有 1 个改动："), "{zh}");
    assert!(zh.contains(&describe(&fault, Lang::Zh)), "{zh}");
    assert!(
        zh.contains("- **生效的模式**：从开始：收件箱：读取即清空"),
        "{zh}"
    );
    assert!(zh.contains("读取即清空（M6） 开"), "{zh}");
    // One name for the drain switch in the export, the page's: never the other wording.
    assert!(!zh.contains("读后即删"), "{zh}");
    // The original run says so, and that its modes are the default ones.
    let plain = markdown(
        &lesson,
        &lessons::play("l1-two-investigators", &PlayOptions::default()).unwrap(),
        &PlayOptions::default(),
        Lang::En,
    );
    assert!(
        plain.contains("- **Branch**: the original run (no changes)"),
        "{plain}"
    );
    assert!(
        plain.contains("from the start: inbox: append-only"),
        "{plain}"
    );
    assert!(!plain.contains("Set by the learner"), "{plain}");
}

#[test]
fn the_markdown_says_when_a_lesson_switches_modes_at_a_step() {
    let lesson = lessons::lesson("l2-drain-loses-mail", Lang::En).unwrap();
    let timeline = lessons::play("l2-drain-loses-mail", &PlayOptions::default()).unwrap();
    let switch = timeline
        .events()
        .iter()
        .find(|e| {
            event_line(e).contains("toggles_changed")
                || format!("{:?}", e.kind).starts_with("TogglesChanged")
        })
        .expect("lesson 2 switches modes between its acts");
    let md = markdown(&lesson, &timeline, &PlayOptions::default(), Lang::En);
    assert!(
        md.contains(&format!("  - from step {}: inbox:", switch.seq + 1)),
        "{md}"
    );
    // With drain on read fixed by the learner, the lesson switches nothing: no change listed.
    let fixed = PlayOptions {
        learner_toggles: ToggleChoice::drain(true),
        ..PlayOptions::default()
    };
    let timeline = lessons::play("l2-drain-loses-mail", &fixed).unwrap();
    let md = markdown(&lesson, &timeline, &fixed, Lang::En);
    assert!(!md.contains("  - from step"), "{md}");
    assert!(md.contains("from the start: inbox: drain on read"), "{md}");
}

#[test]
fn the_markdown_numbers_each_event_line_as_its_step_in_both_languages() {
    for lang in [Lang::En, Lang::Zh] {
        let options = PlayOptions {
            lang,
            ..PlayOptions::default()
        };
        let lesson = lessons::lesson("l1-two-investigators", lang).unwrap();
        let timeline = lessons::play("l1-two-investigators", &options).unwrap();
        let md = markdown(&lesson, &timeline, &options, lang);
        let lines: Vec<&str> = md.lines().collect();
        let mut checked = 0;
        for (i, line) in lines.iter().enumerate() {
            let Some((number, _)) = line.split_once(". ") else {
                continue;
            };
            let Ok(step) = number.parse::<usize>() else {
                continue;
            };
            if line.starts_with(' ') {
                continue;
            }
            let event = lines[i + 1].trim_start();
            assert!(
                event.starts_with(&format!("`#{step} ")),
                "step {step}: {event}"
            );
            checked += 1;
        }
        assert_eq!(checked, timeline.len());
    }
}

/// One numbering scheme: in the Markdown a member's requests count from 1, as in the fork
/// panel, the editor and the format; the JSON export's event log keeps the engine's own line
/// (exports made before this change still match their replay).
#[test]
fn the_markdown_counts_a_members_requests_from_1_and_the_json_log_keeps_the_engines_line() {
    let options = PlayOptions::default();
    let lesson = lessons::lesson("l1-two-investigators", Lang::En).unwrap();
    let timeline = lessons::play("l1-two-investigators", &options).unwrap();
    let md = markdown(&lesson, &timeline, &options, Lang::En);
    assert!(
        md.contains("lead sent request r1 (request 1 of lead, delivery 1, logical 1, attempt 0) with 1 history entry"),
        "{md}"
    );
    assert!(!md.contains("(#0 of"), "{md}");
    let export = export_of("l1-two-investigators", None, &options, 0);
    assert!(export
        .events
        .iter()
        .any(|line| line.contains("(#0 of lead")));
}
