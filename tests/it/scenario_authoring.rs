//! Scenario format version 2, "authoring that teaches": faults at a chosen moment, replies
//! that depend on what their request holds, the authoring check (which reply answered each
//! request, replies that never ran or name a message the member never received), the version
//! rule and the engine's body limit for the task.

use agent_team_playground::engine::{EventKind, Lang};
use agent_team_playground::scenario::check::{AnsweredBy, Finding, Report};
use agent_team_playground::scenario::edit::{Edit, Field};
use agent_team_playground::scenario::edit_authoring::{AuthoringEdit, FaultMoment};
use agent_team_playground::scenario::{parse, Scenario, ScenarioErrors, NEWEST_VERSION, VERSION};
use serde_json::{json, Value};

/// "ana's message to ben is lost in drain-on-read", written in one place: the lead asks ana
/// to tell ben the date; ana's message (m2) reaches ben's inbox; ben's first delivery is struck
/// between read and commit while reading drains, so m2 is lost; ben's reply names m2 and has
/// an alternative.
fn lost_message() -> Value {
    json!({
        "version": 2,
        "title": "Lost message",
        "members": [
            {"name": "lead", "role": "lead", "kind": "lead"},
            {"name": "ana", "role": "planner", "kind": "teammate"},
            {"name": "ben", "role": "announcer", "kind": "teammate"}
        ],
        "task": "Announce the launch date.",
        "toggles": {"drain_on_read": true},
        "replies": [
            {"member": "lead", "order": 1, "tool_calls": [
                {"name": "send_message", "arguments": {"to": "ana", "body": "Tell ben the launch date."}}]},
            {"member": "lead", "order": 2, "text": "ana will tell ben."},
            {"member": "lead", "order": 3, "text": "Everyone knows the date."},
            {"member": "ana", "order": 1, "tool_calls": [
                {"name": "send_message", "arguments": {"to": "ben", "body": "The launch is on May 3."}}]},
            {"member": "ana", "order": 2, "text": "Told ben."},
            {"member": "ben", "order": 1, "holds": ["m2"], "text": "Announcing May 3, as m2 says.",
             "otherwise": {"text": "I have not heard a date, so I announce nothing."}}
        ],
        "faults": [{"member": "ben", "delivery": 1}]
    })
}

fn scenario(value: &Value) -> Scenario {
    parse(&value.to_string()).unwrap_or_else(|e| panic!("{}", e.message(Lang::En)))
}

fn errors_of(value: &Value) -> ScenarioErrors {
    match parse(&value.to_string()) {
        Ok(_) => panic!("expected problems in {value}"),
        Err(errors) => errors,
    }
}

fn has(errors: &ScenarioErrors, en: &str, zh: &str) {
    assert!(
        errors
            .problems
            .iter()
            .any(|p| p.en.contains(en) && p.zh.contains(zh)),
        "no problem with '{en}' / '{zh}' in {errors:?}"
    );
}

/// Ben's final answer in the run of `s`.
fn ben_says(s: &Scenario, lang: Lang) -> String {
    let options = agent_team_playground::lessons::PlayOptions {
        lang,
        ..Default::default()
    };
    let (timeline, _) =
        agent_team_playground::lessons::play_lesson(&s.to_lesson().spoken_in(lang), &options)
            .expect("plays");
    timeline
        .events()
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ModelReplied { member, reply, .. } if member == "ben" => {
                Some(reply.text.clone())
            }
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn m6_a_delivery_fault_in_drain_mode_loses_m2_and_ben_answers_with_the_alternative() {
    let s = scenario(&lost_message());
    assert_eq!(
        ben_says(&s, Lang::En),
        "I have not heard a date, so I announce nothing."
    );
    let report = Report::of(&s, Lang::En).expect("plays");
    let ben = report
        .answered
        .iter()
        .find(|a| a.member == "ben")
        .expect("ben sends a request");
    assert_eq!((ben.number, &ben.by), (1, &AnsweredBy::Otherwise(5)));
    assert!(ben
        .text(Lang::En)
        .contains("ben's request 1 → reply 6's otherwise"));
    assert!(ben
        .text(Lang::Zh)
        .contains("ben 的第 1 个请求 → 第 6 个回复的“否则”"));
    // The lead never sends a third request: its third reply never ran.
    assert!(
        report.findings.contains(&Finding::ReplyNeverRan(2)),
        "{report:?}"
    );
    let text = Finding::ReplyNeverRan(2).text(&s, Lang::En);
    assert_eq!(
        text,
        "Reply 3 never ran: in this run lead never sends request 3."
    );
    assert!(Finding::ReplyNeverRan(2)
        .text(&s, Lang::Zh)
        .starts_with("第 3 个回复从没运行"));
    // ben's condition names m2, which never reached him: the alternative always answers.
    let holds = Finding::HoldsUnreceived {
        reply: 5,
        name: "m2".into(),
    };
    assert!(report.findings.contains(&holds), "{report:?}");
    assert_eq!(
        holds.text(&s, Lang::En),
        "Reply 6's condition needs m2, which ben never received in this run: its main text never runs, the otherwise answers."
    );
    assert!(holds.text(&s, Lang::Zh).contains("从没收到它"));
    // The text it answered with (the alternative) names no message: ben says nothing false.
    assert!(!report
        .findings
        .iter()
        .any(|f| matches!(f, Finding::NamesUnreceived { .. })));
}

#[test]
fn m5_without_the_fault_or_without_drain_ben_receives_m2_and_answers_with_the_reply() {
    let mut no_fault = lost_message();
    no_fault["faults"] = json!([]);
    let s = scenario(&no_fault);
    assert_eq!(ben_says(&s, Lang::En), "Announcing May 3, as m2 says.");
    let report = Report::of(&s, Lang::En).expect("plays");
    assert!(report
        .answered
        .iter()
        .any(|a| a.member == "ben" && a.by == AnsweredBy::Reply(5)));
    assert!(!report.findings.iter().any(|f| matches!(
        f,
        Finding::NamesUnreceived { .. } | Finding::HoldsUnreceived { .. }
    )));
    // Append-only: the fault strikes, the retry reads the same mail, nothing is lost (M5).
    let mut append = lost_message();
    append["toggles"] = json!({});
    let s = scenario(&append);
    assert_eq!(ben_says(&s, Lang::En), "Announcing May 3, as m2 says.");
    let report = Report::of(&s, Lang::En).expect("plays");
    assert!(report.findings.contains(&Finding::DeliveryKeepsMail(0)));
    assert!(Finding::DeliveryKeepsMail(0)
        .text(&s, Lang::Zh)
        .contains("什么也没丢"));
}

#[test]
fn a_condition_by_sender_and_a_lacks_condition_choose_by_what_the_request_holds() {
    let mut by_sender = lost_message();
    by_sender["faults"] = json!([]);
    by_sender["replies"][5]["holds"] = json!(["ana"]);
    assert_eq!(
        ben_says(&scenario(&by_sender), Lang::En),
        "Announcing May 3, as m2 says."
    );
    // lacks: the reply is used only while m2 is not in the request.
    by_sender["replies"][5]["holds"] = json!([]);
    by_sender["replies"][5]["lacks"] = json!(["m2"]);
    assert_eq!(
        ben_says(&scenario(&by_sender), Lang::En),
        "I have not heard a date, so I announce nothing."
    );
}

#[test]
fn an_unconditional_reply_that_names_a_lost_message_is_listed() {
    let mut v = lost_message();
    v["replies"][5] = json!({"member": "ben", "order": 1, "text": "Announcing May 3, as m2 says."});
    let s = scenario(&v);
    // Without a condition ben speaks of a date he never got: the check says so.
    assert_eq!(ben_says(&s, Lang::En), "Announcing May 3, as m2 says.");
    let report = Report::of(&s, Lang::En).expect("plays");
    let finding = Finding::NamesUnreceived {
        reply: 5,
        name: "m2".into(),
    };
    assert!(report.findings.contains(&finding), "{report:?}");
    assert_eq!(
        finding.text(&s, Lang::En),
        "Reply 6 names m2, but ben's request never held it: ben would speak of a message it never received."
    );
    assert!(finding.text(&s, Lang::Zh).contains("没收到的消息"));
}

#[test]
fn l2_a_request_fault_fails_the_nth_request_retryable_or_not() {
    let mut v = lost_message();
    v["faults"] =
        json!([{"member": "ana", "request": 1, "error": "overloaded", "retryable": true}]);
    v["replies"].as_array_mut().unwrap().remove(3); // ana's reply 1 is the fault now
    let s = scenario(&v);
    let report = Report::of(&s, Lang::En).expect("plays");
    let ana: Vec<_> = report
        .answered
        .iter()
        .filter(|a| a.member == "ana")
        .collect();
    assert_eq!(ana[0].by, AnsweredBy::Fault(0));
    // Retryable: ana's request 2 is the retry, answered by her reply for request 2.
    assert_eq!((ana[1].number, &ana[1].by), (2, &AnsweredBy::Reply(3)));
    let options = agent_team_playground::lessons::PlayOptions::default();
    let (timeline, _) =
        agent_team_playground::lessons::play_lesson(&s.to_lesson(), &options).expect("plays");
    let failed = timeline.events().iter().any(|e| {
        matches!(&e.kind, EventKind::ModelFailed { member, error, .. } if member == "ana" && error == "overloaded")
    });
    assert!(failed);
}

#[test]
fn the_new_fields_are_checked_in_both_languages() {
    let mut v = lost_message();
    v["faults"] = json!([
        {"member": "zed", "delivery": 1},
        {"member": "ben"},
        {"member": "ana", "request": 1},
        {"member": "ben", "delivery": 2, "error": "x"}
    ]);
    v["replies"][5]["holds"] = json!(["m2", "nobody"]);
    v["replies"][4]["lacks"] = json!(["m1"]);
    let errors = errors_of(&v);
    has(
        &errors,
        "faults[0] is for 'zed', who is not a member",
        "faults[0] 写给了不存在的成员 'zed'",
    );
    has(
        &errors,
        "faults[1] must name exactly one of request",
        "faults[1] 必须恰好写 request",
    );
    has(
        &errors,
        "faults[2].error is empty",
        "faults[2].error 是空的",
    );
    has(
        &errors,
        "faults[2]: 'ana' request 1 has both replies[3] and this fault",
        "同时有 replies[3] 和这个故障",
    );
    has(
        &errors,
        "faults[3]: a lost delivery has no error or retryable",
        "丢失的交付没有 error 或 retryable",
    );
    has(
        &errors,
        "replies[5].holds[1] is 'nobody': name a message by its id",
        "replies[5].holds[1] 是 'nobody'",
    );
    has(
        &errors,
        "replies[4] has a condition but no otherwise",
        "replies[4] 有条件但没有 otherwise",
    );
    let mut v = lost_message();
    v["replies"][4]["otherwise"] = json!({"text": "x"});
    has(
        &errors_of(&v),
        "replies[4] has otherwise but no condition",
        "replies[4] 有 otherwise 但没有条件",
    );
}

#[test]
fn the_version_rule_new_fields_need_version_2_and_old_scenarios_stay_version_1() {
    let mut v = lost_message();
    v["version"] = json!(1);
    let errors = errors_of(&v);
    has(
        &errors,
        "this scenario uses faults, checkpoints or conditional replies (holds, lacks, otherwise), which are version 2: write \"version\": 2",
        "写 \"version\": 2",
    );
    assert_eq!(NEWEST_VERSION, 2);
    // A version 1 scenario is written back byte for byte: no new field appears.
    let mut old = lost_message();
    old["version"] = json!(VERSION);
    old["faults"] = json!([]);
    old["replies"][5] = json!({"member": "ben", "order": 1, "text": "ok"});
    let s = scenario(&old);
    assert_eq!(s.needed_version(), 1);
    let json = s.to_json();
    for key in ["faults", "holds", "lacks", "otherwise", "checkpoints"] {
        assert!(!json.contains(key), "{key} in {json}");
    }
    assert_eq!(parse(&json).as_ref(), Ok(&s));
    // A newer version is refused by its version, with a clear message.
    let mut newer = lost_message();
    newer["version"] = json!(3);
    has(
        &errors_of(&newer),
        "written by a newer playground",
        "更新的练习场",
    );
}

#[test]
fn m7_the_task_is_held_to_the_engines_body_limit_not_a_copied_number() {
    let limit = agent_team_playground::engine::Limits::default().body_chars;
    let mut v = lost_message();
    v["task"] = json!("字".repeat(limit));
    assert!(parse(&v.to_string()).is_ok());
    v["task"] = json!("字".repeat(limit + 1));
    has(
        &errors_of(&v),
        &format!(
            "task is too long: {} characters; the limit is {limit}",
            limit + 1
        ),
        &format!("task 太长：{} 个字符，上限是 {limit}", limit + 1),
    );
    // A scenario that raises limits.body_chars may have a longer task: the engine takes it.
    v["limits"] = json!({"body_chars": limit + 1});
    let s = scenario(&v);
    let report = Report::of(&s, Lang::En).expect("plays");
    assert!(report.answered.iter().any(|a| a.member == "lead"));
}

#[test]
fn the_editor_writes_a_fault_and_a_condition_and_the_version_follows() {
    let mut v = lost_message();
    v["version"] = json!(1);
    v["faults"] = json!([]);
    v["replies"][5] = json!({"member": "ben", "order": 1, "text": "Announcing May 3."});
    let s = scenario(&v);
    let s = s
        .apply(&Edit::Authoring(AuthoringEdit::AddFault {
            member: "ben".into(),
            moment: FaultMoment::Delivery,
        }))
        .expect("added");
    assert_eq!(s.version, 2);
    assert_eq!(s.faults[0].delivery, Some(1));
    let s = s
        .apply(&Edit::Authoring(AuthoringEdit::SetReplyHolds {
            index: 5,
            names: "m2, ana".into(),
        }))
        .expect("set");
    assert_eq!(
        s.replies[5].holds,
        vec!["m2".to_string(), "ana".to_string()]
    );
    // A condition without an alternative is shown beside its reply.
    let errors = s.validate().unwrap_err();
    assert!(errors
        .problems
        .iter()
        .any(|p| Field::Reply(5).owns(p, &s) && p.en.contains("no otherwise")));
    let s = s
        .apply(&Edit::Authoring(AuthoringEdit::SetReplyOtherwise {
            index: 5,
            text: "No date yet.".into(),
        }))
        .expect("set");
    assert!(s.validate().is_ok(), "{:?}", s.validate());
    // Renaming ana renames her in ben's condition; renaming ben renames his fault.
    let s = s
        .apply(&Edit::RenameMember {
            index: 1,
            name: "anna".into(),
        })
        .expect("renamed");
    assert_eq!(
        s.replies[5].holds,
        vec!["m2".to_string(), "anna".to_string()]
    );
    let s = s
        .apply(&Edit::RenameMember {
            index: 2,
            name: "bo".into(),
        })
        .expect("renamed");
    assert_eq!(s.faults[0].member, "bo");
    // A request fault without its error is shown beside the fault.
    let s = s
        .apply(&Edit::Authoring(AuthoringEdit::SetFaultMoment {
            index: 0,
            moment: FaultMoment::Request,
        }))
        .expect("set");
    assert_eq!(
        (s.faults[0].request, s.faults[0].error.as_str()),
        (Some(1), "overloaded")
    );
    let s = s
        .apply(&Edit::Authoring(AuthoringEdit::SetFaultError {
            index: 0,
            error: String::new(),
        }))
        .expect("set");
    let errors = s.validate().unwrap_err();
    assert!(errors
        .problems
        .iter()
        .any(|p| Field::Fault(0).owns(p, &s) && p.en.contains("error is empty")));
    assert!(s
        .apply(&Edit::Authoring(AuthoringEdit::RemoveFault { index: 3 }))
        .is_err());
}

#[test]
fn lesson_2_opened_in_the_editor_keeps_its_replies_that_depend_on_what_reader_received() {
    for lang in [Lang::En, Lang::Zh] {
        let lesson = agent_team_playground::lessons::lesson("l2-drain-loses-mail", lang).unwrap();
        let s = Scenario::from_lesson(&lesson);
        assert_eq!(s.version, 2);
        assert!(s
            .replies
            .iter()
            .any(|r| !r.holds.is_empty() && r.otherwise.is_some()));
        assert!(s.validate().is_ok());
    }
    // Lesson 1 (free play's default) uses no version 2 field: it stays version 1.
    let s = Scenario::default_free_play(Lang::En);
    assert_eq!((s.version, s.needed_version()), (1, 1));
}

#[test]
fn the_readme_version_2_example_is_valid_and_ben_answers_with_the_alternative() {
    let example = crate::support::readme_json_example(
        "### Version 2: faults, conditional replies and checkpoints",
    );
    let s = parse(&example).unwrap_or_else(|e| panic!("{}", e.message(Lang::En)));
    assert_eq!(
        ben_says(&s, Lang::En),
        "I have not heard a date, so I announce nothing."
    );
}

#[test]
fn the_version_falls_back_to_1_when_the_last_version_2_field_is_removed() {
    let mut v = lost_message();
    v["faults"] = json!([{"member": "ben", "delivery": 1}]);
    v["replies"][5] = json!({"member": "ben", "order": 1, "text": "Announcing May 3."});
    let s = scenario(&v);
    assert_eq!(s.version, 2);
    let s = s
        .apply(&Edit::Authoring(AuthoringEdit::RemoveFault { index: 0 }))
        .expect("removed");
    assert_eq!((s.version, s.needed_version()), (1, 1));
    assert!(s.to_json().contains("\"version\": 1"), "{}", s.to_json());
    // Written as version 1, it reads back the same.
    assert_eq!(parse(&s.to_json()).as_ref(), Ok(&s));
    // A file that says version 2 but uses no version 2 field is written as version 1 at the
    // first edit.
    v["faults"] = json!([]);
    let s = scenario(&v);
    assert_eq!(s.version, 2);
    let s = s.apply(&Edit::SetTitle("Again".into())).expect("edited");
    assert_eq!(s.version, 1);
}

#[test]
fn the_checks_all_clear_says_only_ids_written_in_a_reply_are_checked() {
    // ben speaks in words, with no id, of a message from the lead he never received: the
    // check finds nothing, so its all-clear must not claim that no reply speaks of a message
    // its member never received.
    let mut v = lost_message();
    v["faults"] = json!([]);
    v["replies"][5] = json!({"member": "ben", "order": 1, "text": "As the lead's message to me says, the launch is May 3."});
    // The lead's third request never comes in this run.
    if let Some(replies) = v["replies"].as_array_mut() {
        replies.remove(2);
    }
    let s = scenario(&v);
    let report = Report::of(&s, Lang::En).expect("plays");
    assert!(report.findings.is_empty(), "{:?}", report.findings);
    for lang in [Lang::En, Lang::Zh] {
        let text = agent_team_playground::scenario::check::all_clear(lang);
        assert!(!text.contains("never received"), "{text}");
        assert!(!text.contains("没收到的消息"), "{text}");
        assert!(text.contains("m2"), "{text}");
    }
    let en = agent_team_playground::scenario::check::all_clear(Lang::En);
    assert!(
        en.contains("Only ids written in the text are checked"),
        "{en}"
    );
    let zh = agent_team_playground::scenario::check::all_clear(Lang::Zh);
    assert!(zh.contains("只检查文字里写出的编号"), "{zh}");
}
