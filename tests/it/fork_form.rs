//! The fork form's checks (`view::fork_form`), natively and in both languages: each refusal
//! says what is wrong in Chinese and in English, a valid draft becomes the intervention the
//! branch list then describes, and the faults' names are their stable names.

use agent_team_playground::engine::{Fault, TeamState, Timeline};
use agent_team_playground::lessons::language::Lang;
use agent_team_playground::lessons::{self, Intervention, PlayOptions, ScriptOutcome};
use agent_team_playground::scenario::Problem;
use agent_team_playground::view::fork_form::{
    build, describe, describe_branch, fault_label, forked, no_run, too_many_edits, Draft, ForkKind,
};

const L1: &str = "l1-two-investigators";

fn lesson_1() -> Timeline {
    lessons::play(L1, &PlayOptions::default()).expect("lesson 1 plays")
}

/// The first step at which `member` has sent `sent` requests, and the state there.
fn step_with_requests(run: &Timeline, member: &str, sent: usize) -> (usize, TeamState) {
    (0..=run.len())
        .map(|step| (step, run.state_at(step)))
        .find(|(_, state)| {
            state
                .member(member)
                .is_some_and(|m| m.requests().len() == sent)
        })
        .expect("the member sends that many requests")
}

fn draft<'a>(kind: ForkKind, member: &'a str, text: &'a str, index: &'a str) -> Draft<'a> {
    Draft {
        kind,
        member,
        text,
        request_number: index,
        fault: Fault::FailBeforeCommit,
        sent_in_run: None,
    }
}

/// A refusal in both languages: Chinese in Chinese, English in English, each naming `needle`.
fn refused(result: Result<Intervention, Problem>, needle: &str) -> Problem {
    let problem = result.expect_err("the draft is refused");
    assert!(
        problem
            .zh
            .chars()
            .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
        "{problem:?}"
    );
    assert!(
        problem.en.is_ascii() || problem.en.contains('\''),
        "{problem:?}"
    );
    assert!(
        problem.zh.contains(needle) && problem.en.contains(needle),
        "{problem:?}"
    );
    assert_eq!(problem.get(Lang::Zh), problem.zh);
    assert_eq!(problem.get(Lang::En), problem.en);
    problem
}

#[test]
fn fork_a_draft_without_a_member_or_with_an_unknown_one_is_refused_in_both_languages() {
    let run = lesson_1();
    let state = run.state_at(0);
    let problem = refused(build(&draft(ForkKind::Fault, "  ", "", ""), &state, 0), "");
    assert_eq!(problem.en, "Choose a member first.");
    let problem = refused(
        build(&draft(ForkKind::Fault, "nobody", "", ""), &state, 0),
        "nobody",
    );
    assert_eq!(problem.en, "There is no member named 'nobody' at step 0.");
    assert_eq!(problem.zh, "第 0 步时没有名为“nobody”的成员。");
}

#[test]
fn fork_the_lead_cannot_message_itself() {
    let state = lesson_1().state_at(0);
    let lead = state.lead_name().to_string();
    let problem = refused(
        build(&draft(ForkKind::LeadMessage, &lead, "hi", ""), &state, 0),
        "lead",
    );
    assert_eq!(
        problem.en,
        "The lead cannot message itself: choose a teammate."
    );
}

#[test]
fn fork_a_reply_or_a_message_needs_a_text() {
    let state = lesson_1().state_at(0);
    let problem = refused(
        build(&draft(ForkKind::Reply, "reader", " \n", "1"), &state, 0),
        "",
    );
    assert_eq!(problem.en, "Write the reply text first.");
    let problem = refused(
        build(&draft(ForkKind::LeadMessage, "reader", "", ""), &state, 0),
        "",
    );
    assert_eq!(problem.en, "Write the message body first.");
    // A fault takes no text.
    assert!(build(&draft(ForkKind::Fault, "reader", "", ""), &state, 0).is_ok());
}

#[test]
fn m7_a_fork_text_of_the_body_limit_is_taken_and_one_more_character_is_refused() {
    let state = lesson_1().state_at(0);
    let limit = state.config().limits.body_chars;
    let at_limit = "字".repeat(limit);
    let over = "字".repeat(limit + 1);
    for kind in [ForkKind::Reply, ForkKind::LeadMessage] {
        assert!(build(&draft(kind, "reader", &at_limit, "1"), &state, 0).is_ok());
        let problem = refused(
            build(&draft(kind, "reader", &over, "1"), &state, 0),
            &(limit + 1).to_string(),
        );
        assert!(problem.zh.contains(&limit.to_string()));
        assert!(problem.en.contains(&format!("at most {limit}")));
    }
}

#[test]
fn fork_a_request_number_counts_from_1_and_names_a_request_not_sent_before_the_step() {
    let run = lesson_1();
    let (step, state) = step_with_requests(&run, "reader", 1);
    for typed in ["", "-1", "x", "1.5", "0"] {
        let problem = refused(
            build(&draft(ForkKind::Reply, "reader", "ok", typed), &state, step),
            "",
        );
        assert_eq!(
            problem.en,
            "The request number must be a whole number, 1 or more (1 is the member's first request)."
        );
    }
    let problem = refused(
        build(&draft(ForkKind::Reply, "reader", "ok", "1"), &state, step),
        "reader",
    );
    assert!(problem
        .en
        .starts_with("reader's request 1 was already sent"));
    assert!(problem.en.ends_with("Choose request 2 or later."));
    assert!(problem.zh.starts_with("reader 的第 1 个请求"));
    // Request 2 (the member's second) is stored as index 1, as branches always stored it.
    let built = build(&draft(ForkKind::Reply, "reader", "ok", " 2 "), &state, step);
    match built.expect("request 1 is not sent yet") {
        Intervention::ReplaceReply {
            at,
            member,
            request_index,
            outcome: ScriptOutcome::Reply { reply },
        } => {
            assert_eq!((at, member.as_str(), request_index), (step, "reader", 1));
            assert_eq!(reply.text, "ok");
        }
        other => panic!("not a replaced reply: {other:?}"),
    }
}

#[test]
fn fork_a_reply_for_a_request_the_run_never_sends_is_refused() {
    let run = lesson_1();
    let (step, state) = step_with_requests(&run, "reader", 1);
    // The run sends requests 1 to 3: request 4 would change nothing.
    let mut later = draft(ForkKind::Reply, "reader", "ok", "4");
    later.sent_in_run = Some(3);
    let problem = refused(build(&later, &state, step), "4");
    assert!(problem.en.contains("requests 1 to 3 only"), "{problem:?}");
    assert!(
        problem.en.ends_with("Choose request 2 to 3."),
        "{problem:?}"
    );
    assert!(problem.zh.contains("第 1 到第 3 个请求"), "{problem:?}");
    later.request_number = "3";
    assert!(build(&later, &state, step).is_ok());
    // No request after this step at all.
    let mut none = draft(ForkKind::Reply, "reader", "ok", "2");
    none.sent_in_run = Some(1);
    let problem = refused(build(&none, &state, step), &format!("{step}"));
    assert!(problem.en.contains("sends no more requests"), "{problem:?}");
}

#[test]
fn fork_a_fault_and_a_lead_message_build_their_interventions() {
    let state = lesson_1().state_at(0);
    assert_eq!(
        build(&draft(ForkKind::Fault, " reader ", "", ""), &state, 0),
        Ok(Intervention::InjectFault {
            at: 0,
            member: "reader".into(),
            fault: Fault::FailBeforeCommit,
        })
    );
    assert_eq!(
        build(
            &draft(ForkKind::LeadMessage, "reviewer", " hi ", ""),
            &state,
            0
        ),
        Ok(Intervention::LeadSends {
            at: 0,
            to: "reviewer".into(),
            body: " hi ".into(),
        })
    );
}

#[test]
fn fork_kinds_and_faults_have_stable_values_and_labels_in_both_languages() {
    for kind in ForkKind::ALL {
        assert_eq!(ForkKind::from_value(kind.value()), kind);
        assert_ne!(kind.label(Lang::Zh), kind.label(Lang::En));
    }
    assert_eq!(ForkKind::from_value("anything"), ForkKind::Reply);
    assert!(!ForkKind::Fault.needs_text());
    assert!(ForkKind::Reply.needs_text() && ForkKind::LeadMessage.needs_text());
    // The option values are the names `named_enum!` gives the engine's faults.
    for fault in Fault::ALL {
        assert_eq!(Fault::from_name(fault.as_str()), Some(*fault));
        assert!(!fault_label(*fault, Lang::Zh).is_empty());
        assert!(fault_label(*fault, Lang::En).is_ascii());
    }
    assert_eq!(Fault::FailBeforeCommit.as_str(), "fail_before_commit");
}

#[test]
fn fork_changes_and_branches_are_described_in_both_languages() {
    let long = "x".repeat(60);
    let cases = [
        (
            Intervention::InjectFault {
                at: 3,
                member: "reader".into(),
                fault: Fault::FailBeforeCommit,
            },
            "第 3 步后：给 reader 注入故障（提交前失败：丢弃该成员下一个候选）",
            "after step 3: fault for reader (Fail before commit: discard the member's next candidate)",
        ),
        (
            Intervention::LeadSends {
                at: 4,
                to: "reviewer".into(),
                body: long.clone(),
            },
            "第 4 步后：lead 给 reviewer 发消息“",
            "after step 4: the lead sends reviewer “",
        ),
        (
            Intervention::Reload { at: 5 },
            "第 5 步后：宿主重启",
            "after step 5: host restarted",
        ),
        (
            Intervention::Recall {
                at: 6,
                member: "reader".into(),
            },
            "第 6 步后：召回 reader",
            "after step 6: recall reader",
        ),
    ];
    for (intervention, zh, en) in &cases {
        assert!(describe(intervention, Lang::Zh).starts_with(zh));
        assert!(describe(intervention, Lang::En).starts_with(en));
    }
    // A long text is cut short, on one line.
    let message = describe(&cases[1].0, Lang::En);
    assert!(
        message.contains('…') && message.chars().count() < 90,
        "{message}"
    );
    let reply = Intervention::ReplaceReply {
        at: 2,
        member: "reader".into(),
        request_index: 1,
        outcome: ScriptOutcome::Reply {
            reply: agent_team_playground::engine::ModelReply::text("fine"),
        },
    };
    assert_eq!(
        describe(&reply, Lang::En),
        "after step 2: reply to reader's request 2 becomes “fine”"
    );
    assert_eq!(
        describe(&reply, Lang::Zh),
        "第 2 步后：reader 的第 2 个请求的回复改为 “fine”"
    );
    assert_eq!(
        forked(&reply, Lang::En),
        "Continuing on a new branch: after step 2: reply to reader's request 2 becomes “fine”."
    );
    assert!(forked(&reply, Lang::Zh).starts_with("已在新分支上继续："));
    assert_eq!(
        describe_branch(&PlayOptions::default(), Lang::En),
        "Original branch (no changes)"
    );
    let two = PlayOptions {
        interventions: vec![cases[2].0.clone(), cases[3].0.clone()],
        ..PlayOptions::default()
    };
    assert_eq!(
        describe_branch(&two, Lang::En),
        "after step 5: host restarted; after step 6: recall reader"
    );
}

#[test]
fn fork_without_a_run_or_with_a_full_branch_is_refused_in_both_languages() {
    for problem in [no_run(), too_many_edits()] {
        assert!(!problem.zh.is_empty() && problem.en.is_ascii());
        assert_ne!(problem.zh, problem.en);
    }
    let max = lessons::run::MAX_INTERVENTIONS.to_string();
    assert!(too_many_edits().en.contains(&max) && too_many_edits().zh.contains(&max));
}
