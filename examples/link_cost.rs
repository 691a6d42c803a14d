//! What opening a link costs at most: times `link::view_state::open` (decode, validate, play
//! once to clamp the step) on the heaviest links the bounds allow, and prints the figures the
//! README states. Run it in release: `cargo run --release --example link_cost`.
//!
//! The bounds: `x=` inflates to at most 256 KiB, a scenario is at most 200,000 bytes of JSON,
//! a run takes at most 100 fork edits and 20,000 inputs, and a link names at most a
//! 5,000-event stress log. The heaviest scenario built here fills its JSON with broadcasts
//! (each one message per teammate) and messages between teammates, under the widest limits.

use std::time::Instant;

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons::run::MAX_INTERVENTIONS;
use agent_team_playground::lessons::{stress, Intervention};
use agent_team_playground::link::codec;
use agent_team_playground::link::view_state::open;
use serde_json::{json, Value};

/// The heaviest scenario this example knows how to write within 200,000 bytes of JSON.
fn heavy_scenario() -> Value {
    let teammates: Vec<String> = (1..16).map(|i| format!("t{i}")).collect();
    let mut members = vec![json!({"name": "lead", "role": "lead", "kind": "lead"})];
    members.extend(
        teammates
            .iter()
            .map(|t| json!({"name": t, "role": "worker", "kind": "teammate", "deliveries": 20})),
    );
    let mut replies = Vec::new();
    let broadcast = json!({"name": "broadcast", "arguments": {"body": "go"}});
    for order in 1..=8 {
        replies.push(json!({"member": "lead", "order": order,
            "tool_calls": vec![broadcast.clone(); 100]}));
    }
    'fill: for order in 1..=20 {
        for (i, t) in teammates.iter().enumerate() {
            let to = &teammates[(i + 1) % teammates.len()];
            let send = json!({"name": "send_message", "arguments": {"to": to, "body": "m"}});
            replies.push(json!({"member": t, "order": order, "tool_calls": vec![send; 100]}));
            if serde_json::to_string(&replies).map_or(0, |s| s.len()) > 80_000 {
                replies.pop();
                break 'fill;
            }
        }
    }
    json!({
        "version": 1, "title": "heavy", "members": members, "task": "go",
        "limits": {"inbox_records": 64, "body_chars": 4000, "history_entries": 400,
            "delivery_budget": 20, "request_budget": 20, "retry_budget": 10,
            "max_members": 16, "file_chars": 20000, "tool_calls_per_reply": 100},
        "replies": replies
    })
}

fn time(name: &str, fragment: &str) {
    let start = Instant::now();
    let opened = open(fragment, Lang::En);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let played = opened
        .as_ref()
        .ok()
        .and_then(|o| o.played.as_ref().map(|p| p.timeline.len()));
    let outcome = match &opened {
        Ok(_) => format!("opened, {} events", played.unwrap_or(0)),
        Err(e) => format!("refused: {}", e.en),
    };
    println!(
        "LINK COST {name}: {ms:.1} ms, {} characters, {outcome}",
        fragment.len()
    );
}

fn main() {
    let max = stress::MAX_LINKED_EVENTS;
    time(
        "stress log at the link's limit, last step",
        &format!("#lesson=stress-{max}&step={max}"),
    );
    let edits: Vec<Intervention> = (0..MAX_INTERVENTIONS)
        .map(|i| Intervention::LeadSends {
            at: i * 3,
            to: "reader".into(),
            body: "again".into(),
        })
        .collect();
    let x = codec::encode(json!({ "interventions": edits }).to_string().as_bytes());
    time(
        "lesson 6 with the most fork edits",
        &format!("#lesson=l6-plan-approval&step=99999&x={x}"),
    );
    let scenario = heavy_scenario();
    println!("(its JSON: {} bytes)", scenario.to_string().len());
    let x = codec::encode(json!({ "scenario": scenario }).to_string().as_bytes());
    time(
        "the heaviest scenario built here",
        &format!("#lesson=free-play&step=99999&x={x}"),
    );
}
