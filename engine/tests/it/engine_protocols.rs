//! P1-P5 in the engine: every answer the protocol tools give (a request opened, a status asked
//! for, approved, rejected, with and without a reason) and every refusal (an unknown member, a
//! lead asked to shut down, an unknown id, the wrong kind, the wrong addressee, a second
//! decision), and the roster the lead lists, in English and in Chinese, compared with
//! `engine/tests/golden/protocols.txt` (refreshed with `UPDATE_GOLDEN=1`). The tool results are
//! what the models read, so a changed word here is a changed lesson.

use crate::harness::*;
use agent_team_engine::*;
use serde_json::{json, Value};

struct Script {
    team: Team,
    out: String,
}

impl Script {
    fn new(lang: Lang) -> Script {
        let mut config = TeamConfig::new(vec![
            MemberConfig::lead().with_deliveries(10),
            MemberConfig::teammate("reader", "reader").with_deliveries(10),
            MemberConfig::teammate("reviewer", "reviewer").with_deliveries(10),
        ]);
        config.lang = lang;
        config.limits.request_budget = 20;
        Script {
            team: Team::new(config).expect("a valid team"),
            out: String::new(),
        }
    }

    fn start(&mut self, member: &str) {
        let prompt = (member == "lead").then(|| "go".to_string());
        self.team.apply(Input::StartRound {
            member: member.into(),
            prompt,
        });
    }

    /// One tool call by `member`; writes its result (and refusal code, if any).
    fn call(&mut self, member: &str, name: &str, args: Value) {
        let events = tool(&mut self.team, member, name, args.clone());
        let (result, is_error) = last_tool_result(&events);
        let codes: Vec<&str> = refusal_codes(&events).iter().map(|c| c.as_str()).collect();
        self.out.push_str(&format!(
            "{member} {name}({args}) -> {}{result}{}\n",
            if is_error { "(error) " } else { "" },
            if codes.is_empty() {
                String::new()
            } else {
                format!(" [{}]", codes.join(", "))
            }
        ));
    }

    fn finish(&mut self, member: &str) {
        reply(&mut self.team, member, ModelReply::text("done"));
    }

    fn statuses(&mut self) {
        let line: Vec<String> = self
            .team
            .state()
            .protocol_requests()
            .map(|r| format!("{}:{}:{}->{}", r.id, r.status.as_str(), r.from, r.to))
            .collect();
        self.out
            .push_str(&format!("   requests: {}\n", line.join(" ")));
    }
}

fn transcript(lang: Lang) -> String {
    let mut s = Script::new(lang);
    s.start("lead");
    s.call("lead", "list_teammates", json!({}));
    s.call("lead", "shutdown_request", json!({"teammate": "nobody"}));
    s.call("lead", "shutdown_request", json!({"teammate": "lead"}));
    s.call("lead", "shutdown_request", json!({"teammate": "reviewer"}));
    s.call(
        "lead",
        "shutdown_response",
        json!({"request_id": "shutdown-1"}),
    );
    s.call("lead", "shutdown_response", json!({"request_id": "plan-1"}));
    s.finish("lead");
    s.statuses();
    s.start("reader");
    s.call(
        "reader",
        "plan_approval",
        json!({"plan": "rename the module"}),
    );
    s.call(
        "reader",
        "shutdown_response",
        json!({"request_id": "shutdown-1", "approve": true, "reason": "r"}),
    );
    s.call(
        "reader",
        "shutdown_response",
        json!({"request_id": "plan-1", "approve": true, "reason": "r"}),
    );
    s.finish("reader");
    s.statuses();
    s.start("lead");
    s.call("lead", "shutdown_response", json!({"request_id": "plan-1"}));
    s.call(
        "lead",
        "plan_approval",
        json!({"request_id": "plan-9", "approve": true, "feedback": ""}),
    );
    s.call(
        "lead",
        "plan_approval",
        json!({"request_id": "shutdown-1", "approve": true, "feedback": ""}),
    );
    s.call(
        "lead",
        "plan_approval",
        json!({"request_id": "plan-1", "approve": false, "feedback": " "}),
    );
    s.call(
        "lead",
        "plan_approval",
        json!({"request_id": "plan-1", "approve": true, "feedback": "again"}),
    );
    s.finish("lead");
    s.statuses();
    s.start("reviewer");
    s.call(
        "reviewer",
        "shutdown_response",
        json!({"request_id": "shutdown-1", "approve": false, "reason": "still reviewing"}),
    );
    s.finish("reviewer");
    s.start("reader");
    s.call("reader", "plan_approval", json!({"plan": "then add tests"}));
    s.finish("reader");
    s.statuses();
    s.start("lead");
    s.call(
        "lead",
        "shutdown_response",
        json!({"request_id": "shutdown-1"}),
    );
    s.call(
        "lead",
        "plan_approval",
        json!({"request_id": "plan-2", "approve": true, "feedback": "go ahead"}),
    );
    s.call("lead", "shutdown_request", json!({"teammate": "reviewer"}));
    s.finish("lead");
    s.start("reviewer");
    s.call(
        "reviewer",
        "shutdown_response",
        json!({"request_id": "shutdown-2", "approve": true, "reason": ""}),
    );
    s.statuses();
    s.start("lead");
    s.call(
        "lead",
        "shutdown_response",
        json!({"request_id": "shutdown-2"}),
    );
    s.finish("lead");
    s.out
}

#[test]
fn p1_p5_every_protocol_answer_and_refusal_in_both_languages() {
    let got = format!(
        "## en\n{}\n## zh\n{}",
        transcript(Lang::En),
        transcript(Lang::Zh)
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/protocols.txt");
    if std::env::var("UPDATE_GOLDEN").is_ok() {
        std::fs::write(path, &got).expect("write the golden file");
    }
    let want = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        got == want,
        "the protocol answers differ from {path} (UPDATE_GOLDEN=1 refreshes it):\n{got}"
    );
}
