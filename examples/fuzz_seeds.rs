//! Writes the link fuzzer's seed corpora and its dictionary (scripts/fuzz.sh runs this before
//! fuzzing, so the seeds follow today's fixtures and formats): every link of
//! tests/fixtures/links.json and both reproducers of links that once crashed or froze the page
//! for the fragment target; the `x=` JSON of those links, the README's scenario and the
//! five-member fixture (as `x=` JSON and as an export) for the `x=` target; and a dictionary of
//! the format's field names and values.
//!
//! `cargo run --example fuzz_seeds -- <out dir>` writes `<out>/link_fragment/`,
//! `<out>/link_x_json/` and `<out>/links.dict`.

use std::fs;
use std::path::Path;

use agent_team_playground::engine::Timeline;
use agent_team_playground::export::RunExport;
use agent_team_playground::lessons::{self, PlayOptions};
use agent_team_playground::link::codec;

const CRASHING_LINK: &str = "#lesson=l3-lock-scope&step=5&lang=en&x=1.7dWhEQAACAOxlViIUdgdgeIOiYyNatVfO_afqAkEY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcYYY4wxxhhjjDHGGGOMMcbeLasB";
const FREEZING_LINK: &str = "#lesson=stress-200000&step=1";

/// Field names and values of the link format (`Extra`, `Scenario`, `Intervention`,
/// `Recording`, `PlayOptions`, the export) and of the fragment's readable parts.
const WORDS: &[&str] = &[
    "lesson=",
    "step=",
    "lang=",
    "embed=",
    "hide=",
    "origin=",
    "src=",
    "x=1.",
    "&",
    "#",
    "free-play",
    "stress-",
    "zh",
    "en",
    "picker",
    "diagram",
    "request",
    "editor",
    "\"scenario\"",
    "\"recording\"",
    "\"breakpoints\"",
    "\"interventions\"",
    "\"toggles\"",
    "\"version\"",
    "\"title\"",
    "\"members\"",
    "\"name\"",
    "\"role\"",
    "\"kind\"",
    "\"lead\"",
    "\"teammate\"",
    "\"tools\"",
    "\"deliveries\"",
    "\"files\"",
    "\"task\"",
    "\"limits\"",
    "\"replies\"",
    "\"member\"",
    "\"order\"",
    "\"latency\"",
    "\"fail\"",
    "\"error\"",
    "\"retryable\"",
    "\"text\"",
    "\"tool_calls\"",
    "\"arguments\"",
    "\"to\"",
    "\"body\"",
    "\"path\"",
    "\"drain_on_read\"",
    "\"hold_lock_during_model_call\"",
    "\"allow_write\"",
    "\"inbox_records\"",
    "\"body_chars\"",
    "\"history_entries\"",
    "\"delivery_budget\"",
    "\"request_budget\"",
    "\"retry_budget\"",
    "\"max_members\"",
    "\"file_chars\"",
    "\"tool_calls_per_reply\"",
    "\"replace_reply\"",
    "\"inject_fault\"",
    "\"lead_sends\"",
    "\"reload\"",
    "\"recall\"",
    "\"at\"",
    "\"request_index\"",
    "\"outcome\"",
    "\"reply\"",
    "\"fault\"",
    "\"fail_before_commit\"",
    "\"options\"",
    "\"answers\"",
    "\"answer\"",
    "\"Reply\"",
    "\"Fail\"",
    "\"stop_reason\"",
    "\"format\"",
    "\"agent-team-playground-run\"",
    "\"events\"",
    "\"lang\"",
    "\"learner_toggles\"",
    "\"store\"",
    "\"commit\"",
    "\"refusal\"",
    "\"send_message\"",
    "\"read_file\"",
    "\"broadcast\"",
    "\"shutdown_request\"",
    "\"plan_approval\"",
    "\"spawn_teammate\"",
    "true",
    "false",
    "null",
    "[]",
    "{}",
];

fn write(dir: &Path, name: &str, bytes: &[u8]) {
    fs::write(dir.join(name), bytes).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/fuzz-seeds".into());
    let root = env!("CARGO_MANIFEST_DIR");
    let fragments = Path::new(&out).join("link_fragment");
    let xs = Path::new(&out).join("link_x_json");
    for dir in [&fragments, &xs] {
        fs::create_dir_all(dir).expect("seed folder");
    }
    let links: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(format!("{root}/tests/fixtures/links.json")).expect("fixtures"),
    )
    .expect("fixtures are JSON");
    let mut all: Vec<String> = links
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|l| l["link"].as_str().map(String::from))
        .collect();
    all.extend([CRASHING_LINK.to_string(), FREEZING_LINK.to_string()]);
    for (i, link) in all.iter().enumerate() {
        write(&fragments, &format!("link-{i}"), link.as_bytes());
        let decoded = link
            .split("&x=")
            .nth(1)
            .and_then(|x| codec::decode(x.split('&').next().unwrap_or(x)).ok());
        if let Some(json) = decoded {
            // The first two bytes choose the lesson and the step (see the target).
            let mut seed = vec![0u8, 5];
            seed.extend(json);
            write(&xs, &format!("x-{i}"), &seed);
        }
    }
    let readme = fs::read_to_string(format!("{root}/README.md")).expect("README");
    let scenario = readme
        .split("```json")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("the README's scenario");
    let five = fs::read_to_string(format!("{root}/tests/fixtures/five-member-scenario.json"))
        .expect("five-member fixture");
    let catalog_len = lessons::catalog().len() as u8;
    for (name, scenario) in [("readme", scenario), ("five", five.as_str())] {
        // Free play is the lesson after the catalog's last.
        let mut seed = vec![catalog_len, 3];
        seed.extend(format!("{{\"scenario\":{}}}", scenario.trim()).into_bytes());
        write(&xs, &format!("scenario-{name}"), &seed);
    }
    let options = PlayOptions::default();
    let timeline: Timeline =
        lessons::play("l1-two-investigators", &options).expect("lesson 1 plays");
    let on_screen = agent_team_playground::on_screen::OnScreen {
        step: 4,
        ..agent_team_playground::on_screen::OnScreen::new(
            agent_team_playground::on_screen::Source::Lesson("l1-two-investigators".into()),
            options,
        )
    };
    let export = RunExport::new(&on_screen, &timeline);
    let mut seed = vec![0u8, 4];
    seed.extend(export.to_json().into_bytes());
    write(&xs, "export-l1", &seed);
    let dict: String = WORDS.iter().map(|w| format!("{:?}\n", w)).collect();
    write(Path::new(&out), "links.dict", dict.as_bytes());
    println!(
        "fuzz seeds: {} fragments, {} x= payloads, {} dictionary words in {out}",
        fs::read_dir(&fragments).map_or(0, |d| d.count()),
        fs::read_dir(&xs).map_or(0, |d| d.count()),
        WORDS.len()
    );
}
