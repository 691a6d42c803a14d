//! Share links (`link::view_state`): every released link format still opens the same state
//! (tests/fixtures/links.json), the view state round-trips through a link, the whole fragment
//! decoder survives 100,000 random and mutated links, and the link sizes stay in budget (their
//! JSON is written to target/link-sizes.json for scripts/link-sizes.mjs, which prints
//! lz-string's size on the same JSON beside ours).

use agent_team_playground::engine::{Category, Fault, Lang};
use agent_team_playground::lessons::{catalog, Intervention, ToggleChoice, FREE_PLAY_ID};
use agent_team_playground::link::view_state::{self, decode, open, Extra, ViewState};
use agent_team_playground::link::{codec, EmbedFlags, Part, MAX_FRAGMENT_CHARS};
use agent_team_playground::scenario::{self, Scenario};
use agent_team_playground::view::story::Level;
use proptest::prelude::*;
use serde_json::{json, Value};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn five_members() -> Scenario {
    scenario::parse(&fixture("five-member-scenario.json")).expect("the fixture scenario is valid")
}

/// Lesson 3 at step 40, forked (the lead sends reader a message at step 30), with hold-the-lock
/// flipped: the size budget's built-in case.
fn lesson_with_fork_and_toggle() -> ViewState {
    let mut state = ViewState::new("l3-lock-scope", Lang::Zh);
    state.step = 40;
    state.extra.interventions = vec![Intervention::LeadSends {
        at: 30,
        to: "reader".into(),
        body: "Check main.py again.".into(),
    }];
    state.extra.toggles = ToggleChoice::hold_lock(true);
    state
}

/// Free play with the five-member scenario at step 25, a breakpoint and a fork.
fn five_member_link() -> ViewState {
    let mut state = ViewState::new(FREE_PLAY_ID, Lang::En);
    state.step = 25;
    state.extra.scenario = Some(five_members());
    state.extra.breakpoints = vec![Category::Commit];
    state.extra.interventions = vec![Intervention::LeadSends {
        at: 12,
        to: "dee".into(),
        body: "Also check the prices.".into(),
    }];
    state
}

// ------------------------------------------------------------------ released formats

#[test]
fn every_released_link_format_opens_the_same_state() {
    let fixtures: Value = serde_json::from_str(&fixture("links.json")).expect("links.json");
    let list = fixtures.as_array().expect("an array");
    assert!(list.len() >= 6);
    for case in list {
        let link = case["link"].as_str().expect("link");
        let opened = open(link, Lang::En).unwrap_or_else(|e| panic!("{link}: {}", e.en));
        let state = &opened.state;
        assert_eq!(state.lesson, case["lesson"], "{link}");
        assert_eq!(state.step as u64, case["step"], "{link}");
        assert_eq!(
            serde_json::to_value(state.lang).expect("lang"),
            case["lang"],
            "{link}"
        );
        assert_eq!(
            state.embed.embed,
            case["embed"].as_bool().unwrap_or(false),
            "{link}"
        );
        let hide: Vec<&str> = state.embed.hide.iter().map(|p| p.as_str()).collect();
        let expected_hide: Vec<&str> = case
            .get("hide")
            .and_then(Value::as_array)
            .map(|names| names.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        assert_eq!(hide, expected_hide, "{link}");
        assert_eq!(
            state.embed.origin.as_deref(),
            case.get("origin").and_then(Value::as_str),
            "{link}"
        );
        let extra = serde_json::to_value(&state.extra).expect("extra");
        let expected = case.get("extra").cloned().unwrap_or(json!({}));
        assert_eq!(extra, expected, "{link}");
        assert!(opened.notice.is_none(), "{link}");
    }
}

/// Today's encoder still writes the frozen `1.` fixture links byte for byte (the dictionary
/// and the schema of `1.` never change). `UPDATE_FIXTURES=1` prints the links instead, for a
/// new format's fixtures.
#[test]
fn todays_encoder_writes_the_frozen_fixture_links() {
    let mut l2 = ViewState::new("l2-drain-loses-mail", Lang::En);
    l2.step = 20;
    l2.extra.toggles = ToggleChoice::drain(true);
    l2.extra.breakpoints = vec![Category::Discard, Category::Refusal];
    l2.extra.interventions = vec![Intervention::InjectFault {
        at: 5,
        member: "reader".into(),
        fault: Fault::FailBeforeCommit,
    }];
    let mut embedded = lesson_with_fork_and_toggle();
    embedded.embed = EmbedFlags {
        embed: true,
        hide: vec![Part::Picker],
        origin: Some("https://course.example".into()),
        xapi: false,
        scorm: false,
    };
    let fixtures: Value = serde_json::from_str(&fixture("links.json")).expect("links.json");
    let frozen: Vec<&str> = fixtures
        .as_array()
        .expect("an array")
        .iter()
        .filter_map(|case| case["link"].as_str())
        .filter(|link| link.contains("&x=1."))
        .collect();
    let states = [
        lesson_with_fork_and_toggle(),
        l2,
        five_member_link(),
        embedded,
    ];
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        for state in &states {
            let extra = serde_json::to_string(&state.extra).expect("json");
            println!("{}\n{extra}\n", state.to_fragment());
        }
        return;
    }
    assert_eq!(
        frozen.len(),
        states.len(),
        "one frozen link per built state"
    );
    // Today's links name their level after the language; the rest is the frozen link.
    for (state, link) in states.iter().zip(frozen) {
        assert_eq!(state.to_fragment(), with_level(link, state.level));
    }
}

// ------------------------------------------------------------------ errors

#[test]
fn each_bad_link_is_refused_with_a_message_in_both_languages() {
    let good = lesson_with_fork_and_toggle().to_fragment();
    let x = good.split("&x=").nth(1).expect("has x").to_string();
    let scenario_with = |mutate: &dyn Fn(&mut Value)| {
        let mut value = serde_json::to_value(five_members()).expect("json");
        mutate(&mut value);
        let json = json!({ "scenario": value }).to_string();
        format!(
            "#lesson=free-play&step=0&lang=en&x={}",
            codec::encode(json.as_bytes())
        )
    };
    let encoded = |json: &str| {
        format!(
            "#lesson=l1-two-investigators&x={}",
            codec::encode(json.as_bytes())
        )
    };
    let with_src = |mutate: &dyn Fn(&mut ViewState)| {
        let mut state = ViewState::new(FREE_PLAY_ID, Lang::En);
        state.src = Some("https://course.example/s.json".into());
        mutate(&mut state);
        state.to_fragment()
    };
    let cases: Vec<(String, &str)> = vec![
        (
            with_src(&|s| {
                s.extra.interventions = lesson_with_fork_and_toggle().extra.interventions
            }),
            "together with fork edits",
        ),
        (
            with_src(&|s| s.extra.toggles = ToggleChoice::hold_lock(true)),
            "together with fork edits",
        ),
        (
            encoded(
                r#"{"recording":{"version":2,"lesson":"free-play","options":{},"answers":[]}}"#,
            )
            .replace(
                "lesson=l1-two-investigators",
                "lesson=free-play&src=https%3A%2F%2Fcourse.example%2Fs.json",
            ),
            "together with fork edits",
        ),
        (good.replace("x=1.", "x=7."), "version '7'"),
        (
            good.replace(&x, &format!("1.{}", "*".repeat(20))),
            "base64url",
        ),
        (
            format!("{}&x=1.AAAAAAAAAA", "#lesson=l1-two-investigators"),
            "decompress",
        ),
        (good[..good.len() - 9].to_string(), "cut or changed"),
        (
            encoded(&format!(
                "{{\"interventions\":[],\"pad\":\"{}\"}}",
                "a".repeat(300_000)
            )),
            "expands to more than",
        ),
        (
            encoded(r#"{"toggles":{"drain_on_read":"yes"}}"#),
            "not a view state",
        ),
        (encoded(r#"{"step":3}"#), "unknown field"),
        (
            encoded(r#"{"interventions":[{"reload":{"at":3,"extra":1}}]}"#),
            "unknown field",
        ),
        (encoded(r#"{"breakpoints":["nap"]}"#), "not a view state"),
        ("#lesson=l9-nothing&step=2".into(), "does not exist"),
        (
            scenario_with(&|v| v["members"][1]["tools"] = json!(["fly"])),
            "scenario is not valid",
        ),
        (
            scenario_with(&|v| v["members"][2]["name"] = json!("ann")),
            "scenario is not valid",
        ),
        (
            encoded(
                r#"{"recording":{"version":2,"lesson":"l1-two-investigators","options":{},"answers":[{"request":999,"answer":{"Fail":{"error":"x","retryable":false}},"at":1}]}}"#,
            ),
            "cannot be played",
        ),
        (
            encoded(
                r#"{"recording":{"version":2,"lesson":"l2-drain-loses-mail","options":{},"answers":[]}}"#,
            ),
            "recorded run is of lesson",
        ),
        (
            format!("#{}", "a".repeat(MAX_FRAGMENT_CHARS + 1)),
            "longer than",
        ),
    ];
    for (link, needle) in cases {
        let problem = match open(&link, Lang::En) {
            Ok(opened) => panic!("{link} ({needle}) opened: {:?}", opened.state.lesson),
            Err(problem) => problem,
        };
        assert!(
            problem.en.contains(needle),
            "{}: expected '{needle}' in '{}'",
            &link[..link.len().min(80)],
            problem.en
        );
        assert!(
            problem
                .zh
                .chars()
                .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "no Chinese for {needle}: {}",
            problem.zh
        );
    }
}

/// A bad readable part is left out with a note in both languages, and the rest of the link
/// opens as if the part were absent.
#[test]
fn links_degrade_part_by_part_each_bad_readable_part_is_dropped_with_a_note() {
    let good = "#lesson=l2-drain-loses-mail&step=12&lang=en&level=event";
    let cases: Vec<(&str, &str, &str)> = vec![
        ("lang=en", "lang=fr", "zh or en"),
        ("step=12", "step=abc", "whole number"),
        ("level=event", "level=deep", "key, story or event"),
        ("level=event", "level=event&hide=picker,header", "'header'"),
        ("level=event", "level=event&what=1", "does not know: 'what'"),
        ("level=event", "level=event&justakey", "without a value"),
    ];
    for (part, bad, needle) in cases {
        let link = good.replace(part, bad);
        let opened = open(&link, Lang::Zh).unwrap_or_else(|p| panic!("{link} refused: {}", p.en));
        let note = opened.notice.unwrap_or_else(|| panic!("{link}: no note"));
        assert!(note.en.contains(needle), "{link}: {}", note.en);
        assert!(
            note.en.contains("left out, the rest of the link opened"),
            "{}",
            note.en
        );
        assert!(note.zh.contains("被略过"), "{}", note.zh);
        // The rest of the link: lesson 2, and each good part as the link named it.
        assert_eq!(opened.state.lesson, "l2-drain-loses-mail", "{link}");
        let without = good.replace(&format!("&{part}"), "");
        let expected = open(&without, Lang::Zh).expect("the rest opens").state;
        let mut got = opened.state.clone();
        got.embed.hide.retain(|p| *p != Part::Picker);
        assert_eq!(got, expected, "{link}");
    }
    // `lang=fr` falls back to the page's language; a known `hide=` name beside an unknown one
    // is still hidden.
    let fr = open("#lesson=l2-drain-loses-mail&step=3&lang=fr", Lang::Zh).expect("opens");
    assert_eq!((fr.state.lang, fr.state.step), (Lang::Zh, 3));
    let hide = open("#lesson=l2-drain-loses-mail&hide=picker,header", Lang::En).expect("opens");
    assert_eq!(hide.state.embed.hide, vec![Part::Picker]);
    // Two bad parts are both said; a clamped step is said beside them.
    let both = open(
        "#lesson=l2-drain-loses-mail&lang=fr&step=99999&hide=nope",
        Lang::En,
    )
    .expect("opens");
    let note = both.notice.expect("note").en;
    assert!(
        note.contains("'fr'") && note.contains("'nope'") && note.contains("past the end"),
        "{note}"
    );
}

/// Only the packed state refuses a link: a bad `x=` beside good readable parts.
#[test]
fn links_degrade_only_a_bad_x_still_refuses_the_whole_link() {
    for x in ["1.***", "2.AAAA", "1.AAAAAAAA"] {
        let link = format!("#lesson=l2-drain-loses-mail&step=3&lang=en&x={x}");
        assert!(open(&link, Lang::En).is_err(), "{link}");
    }
}

/// A bad `origin=` refuses the whole link, like a bad `x=`: dropping it would leave an embedded
/// frame without its origin restriction (reading and posting to any page).
#[test]
fn links_degrade_a_bad_origin_refuses_the_whole_link_never_opens_unrestricted() {
    for origin in ["origin=%E2%28", "origin=%ZZ", "origin"] {
        let link = format!("#lesson=l2-drain-loses-mail&step=3&lang=en&embed=1&{origin}");
        let problem = open(&link, Lang::En).expect_err(&link);
        assert!(problem.en.contains("origin"), "{link}: {}", problem.en);
        assert!(problem.zh.contains("来源"), "{link}: {}", problem.zh);
    }
    // A good one still opens, restricted to that origin.
    let good = "#lesson=l2-drain-loses-mail&embed=1&origin=https%3A%2F%2Fcourse.example";
    let opened = open(good, Lang::En).expect("opens");
    assert_eq!(
        opened.state.embed.origin.as_deref(),
        Some("https://course.example")
    );
}

// ------------------------------------------------------------------ round trips

fn intervention() -> impl Strategy<Value = Intervention> {
    let name = "[a-z][a-z0-9_-]{0,8}";
    prop_oneof![
        (0usize..300, name, any::<String>()).prop_map(|(at, to, body)| Intervention::LeadSends {
            at,
            to,
            body
        }),
        (0usize..300).prop_map(|at| Intervention::Reload { at }),
        (0usize..300, name).prop_map(|(at, member)| Intervention::Recall { at, member }),
        (0usize..300, name).prop_map(|(at, member)| Intervention::InjectFault {
            at,
            member,
            fault: Fault::FailBeforeCommit
        }),
        (0usize..300, name, 0u32..20, any::<bool>()).prop_map(
            |(at, member, request_index, fail)| {
                Intervention::AnswerFirst {
                    at,
                    member,
                    request_index,
                    outcome: fail.then(|| agent_team_playground::lessons::ScriptOutcome::Fail {
                        error: "503".into(),
                        retryable: true,
                    }),
                }
            }
        ),
        (0usize..300, name).prop_map(|(at, member)| Intervention::Deliver { at, member }),
    ]
}

fn view_state() -> impl Strategy<Value = ViewState> {
    let ids: Vec<&'static str> = catalog().iter().map(|l| l.id).collect();
    (
        proptest::sample::select(ids),
        0usize..100_000,
        any::<bool>(),
        (
            any::<bool>(),
            proptest::sample::subsequence(Part::ALL.to_vec(), 0..=4),
        ),
        proptest::option::of("https://[a-z]{1,12}\\.example(:[0-9]{2,4})?"),
        proptest::collection::vec(intervention(), 0..4),
        (
            proptest::option::of(any::<bool>()),
            proptest::option::of(any::<bool>()),
        ),
        proptest::sample::subsequence(Category::ALL.to_vec(), 0..=4),
        any::<bool>(),
    )
        .prop_map(
            |(
                lesson,
                step,
                zh,
                (embed, hide),
                origin,
                interventions,
                toggles,
                breakpoints,
                with_scenario,
            )| {
                let scenario = (with_scenario && lesson == FREE_PLAY_ID).then(five_members);
                ViewState {
                    lesson: lesson.to_string(),
                    step,
                    lang: if zh { Lang::Zh } else { Lang::En },
                    level: Level::ALL[step % Level::ALL.len()],
                    embed: EmbedFlags {
                        embed,
                        hide,
                        origin,
                        xapi: false,
                        scorm: false,
                    },
                    src: None,
                    challenge: None,
                    extra: Extra {
                        scenario,
                        recording: None,
                        breakpoints,
                        lines: Vec::new(),
                        interventions,
                        toggles: ToggleChoice {
                            drain_on_read: toggles.0,
                            hold_lock_during_model_call: toggles.1,
                        },
                        compare: None,
                    },
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Whatever is on screen, its link reads back to the same view state, in any page language,
    /// and is made of characters a URL fragment carries as they are.
    #[test]
    fn the_view_state_round_trips_through_a_link(state in view_state()) {
        let fragment = state.to_fragment();
        prop_assert!(fragment.chars().all(|c| c.is_ascii_alphanumeric() || "#&=-_.%,".contains(c)), "{}", fragment);
        let other = if state.lang == Lang::Zh { Lang::En } else { Lang::Zh };
        let read = decode(&fragment, other).map_err(|e| TestCaseError::fail(e.en))?;
        prop_assert_eq!(&read, &state);
        prop_assert_eq!(fragment.contains("&x="), !state.extra.is_empty());
        prop_assert_eq!(read.to_fragment(), fragment);
    }

    /// The compressed part alone round-trips any bytes.
    #[test]
    fn the_codec_round_trips_any_bytes(data in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let x = codec::encode(&data);
        prop_assert_eq!(codec::decode(&x).ok(), Some(data));
    }
}

/// `link` with `&level=<level>` after its `lang=` part, where today's links write it.
fn with_level(link: &str, level: Level) -> String {
    let at = link
        .find("&lang=")
        .map_or(link.len(), |i| i + "&lang=zh".len());
    format!("{}&level={}{}", &link[..at], level.as_str(), &link[at..])
}

#[test]
fn an_old_link_is_the_same_link_written_today() {
    // The readable format of every earlier release is what a plain lesson's link still is,
    // with the level it opens at (every event, the only level there was) named.
    let state = decode("#lesson=l2-drain-loses-mail&step=12&lang=zh", Lang::En).expect("reads");
    assert_eq!(
        state.to_fragment(),
        "#lesson=l2-drain-loses-mail&step=12&lang=zh&level=event"
    );
    assert_eq!(
        decode(&state.to_fragment(), Lang::En).expect("reads again"),
        state
    );
}

// ------------------------------------------------------------------ the decoder never panics

#[test]
fn the_whole_fragment_decoder_refuses_100000_random_and_mutated_links_without_panicking() {
    let goods: Vec<String> = vec![
        lesson_with_fork_and_toggle().to_fragment(),
        five_member_link().to_fragment(),
        "#lesson=l2-drain-loses-mail&step=12&lang=zh&embed=1&hide=picker".into(),
    ];
    let jsons: Vec<String> = [lesson_with_fork_and_toggle(), five_member_link()]
        .iter()
        .map(|s| serde_json::to_string(&s.extra).expect("json"))
        .collect();
    let alphabet: Vec<char> =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=&#%,+/ 中"
            .chars()
            .collect();
    let json_bytes = br#"{}[]":,0123456789abcdefghijklmnopqrstuvwxyz_-. \"#;
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut counts: std::collections::BTreeMap<&'static str, usize> = Default::default();
    let total = 100_000;
    for i in 0..total {
        let fragment: String = match i % 4 {
            // Random text.
            0 => {
                let len = (next() % 120) as usize;
                (0..len)
                    .map(|_| alphabet[(next() as usize) % alphabet.len()])
                    .collect()
            }
            // A good link with characters replaced, dropped or added.
            1 => {
                let mut chars: Vec<char> = goods[(next() as usize) % goods.len()].chars().collect();
                for _ in 0..(1 + next() % 4) {
                    let at = (next() as usize) % chars.len().max(1);
                    let c = alphabet[(next() as usize) % alphabet.len()];
                    match next() % 3 {
                        0 if at < chars.len() => chars[at] = c,
                        1 if at < chars.len() => {
                            chars.remove(at);
                        }
                        _ => chars.insert(at.min(chars.len()), c),
                    }
                }
                chars.into_iter().collect()
            }
            // A good link cut short.
            2 => {
                let good = &goods[(next() as usize) % goods.len()];
                let cut = (next() as usize) % good.len();
                good.chars().take(cut).collect()
            }
            // Mutated JSON, compressed properly: reaches the typing and validation layers.
            _ => {
                let mut bytes = jsons[(next() as usize) % jsons.len()].clone().into_bytes();
                for _ in 0..(1 + next() % 3) {
                    let at = (next() as usize) % bytes.len();
                    bytes[at] = json_bytes[(next() as usize) % json_bytes.len()];
                }
                let lesson = if i % 8 == 3 {
                    "l3-lock-scope"
                } else {
                    FREE_PLAY_ID
                };
                format!(
                    "#lesson={lesson}&step={}&x={}",
                    next() % 200,
                    codec::encode(&bytes)
                )
            }
        };
        let outcome = match open(&fragment, Lang::En) {
            Ok(opened) if opened.notice.is_some() => "opened, step clamped",
            Ok(_) => "opened",
            Err(p) if p.en.contains("base64") => "refused: not base64url",
            Err(p) if p.en.contains("decompress") || p.en.contains("expands") => {
                "refused: bad compression"
            }
            Err(p) if p.en.contains("format version") => "refused: unknown version",
            Err(p) if p.en.contains("not a view state") => "refused: wrong types",
            Err(p) if p.en.contains("scenario") => "refused: scenario invalid",
            Err(p) if p.en.contains("cannot be played") => "refused: edits do not play",
            Err(p) if p.en.contains("lesson") => "refused: lesson",
            Err(_) => "refused: link syntax",
        };
        *counts.entry(outcome).or_default() += 1;
    }
    let opened: usize = counts
        .iter()
        .filter(|(k, _)| k.starts_with("opened"))
        .map(|(_, n)| n)
        .sum();
    println!(
        "FUZZ (whole fragment decoder): {total} inputs, {opened} decoded, {} refused",
        total - opened
    );
    for (outcome, n) in &counts {
        println!("FUZZ   {outcome}: {n}");
    }
    assert_eq!(counts.values().sum::<usize>(), total);
    assert!(opened > 0, "some mutations still open");
    assert!(
        counts.len() >= 6,
        "the fuzz reaches every layer: {counts:?}"
    );
}

// ------------------------------------------------------------------ sizes

#[test]
fn links_stay_within_their_size_budgets() {
    let cases = [
        (
            "built-in lesson, step, fork, toggle",
            lesson_with_fork_and_toggle(),
            200,
        ),
        (
            "five-member scenario, fork, breakpoint",
            five_member_link(),
            2_000,
        ),
    ];
    let mut report = Vec::new();
    for (name, state, budget) in cases {
        let fragment = state.to_fragment();
        let json = serde_json::to_string(&state.extra).expect("json");
        let x = fragment.split("&x=").nth(1).unwrap_or("").len();
        println!(
            "LINK SIZE: {name}: fragment {} characters (x= {x}) from {} JSON bytes; budget {budget}",
            fragment.len(),
            json.len()
        );
        assert!(
            fragment.len() < budget,
            "{name}: {} >= {budget}",
            fragment.len()
        );
        // The link opens what it says.
        let opened = open(&fragment, Lang::En).expect("opens");
        assert_eq!(opened.state.extra, state.extra);
        let readable = fragment.split("&x=").next().unwrap_or("").to_string();
        report.push(json!({
            "name": name,
            "json": json,
            "readable": readable,
            "fragment_chars": fragment.len(),
            "x_chars": x,
            "budget": budget,
        }));
    }
    let dir = format!("{}/target", env!("CARGO_MANIFEST_DIR"));
    let _ = std::fs::create_dir_all(&dir);
    let path = format!("{dir}/link-sizes.json");
    std::fs::write(&path, serde_json::to_string_pretty(&report).expect("json"))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    println!("LINK SIZE: written to {path} (scripts/link-sizes.mjs compares lz-string)");
    assert!(view_state::default_lesson().starts_with("l1"));
}

/// A valid scenario may be up to 200,000 bytes, far more than a link a reader accepts: such a
/// link is known to be unusable (the share dialog says so and offers export), and the reader
/// does refuse it.
#[test]
fn a_link_too_long_to_open_is_known_before_it_is_shared() {
    let mut value = serde_json::to_value(five_members()).expect("json");
    // Files of text that does not compress (pseudo-random hex), each within the file limit.
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
    let big = scenario::parse(&value.to_string()).expect("a valid scenario under the size limit");
    let mut state = ViewState::new(FREE_PLAY_ID, Lang::En);
    state.extra.scenario = Some(big);
    let long = state.to_fragment();
    assert!(agent_team_playground::link::too_long_to_open(&long));
    let refused = open(&long, Lang::En).expect_err("the reader refuses it");
    assert!(refused.en.contains("longer than"), "{}", refused.en);
    let short = five_member_link().to_fragment();
    assert!(!agent_team_playground::link::too_long_to_open(&short));
    assert!(open(&short, Lang::En).is_ok());
}

/// The writer leaves defaults out; a hand-written `x=` that spells them (`"toggles":{}`,
/// empty lists, a toggle left `null`) is the same state, not an unknown field.
#[test]
fn hand_written_defaults_in_x_are_not_unknown_fields() {
    let link = |json: &str| {
        format!(
            "#lesson=l1-two-investigators&x={}",
            codec::encode(json.as_bytes())
        )
    };
    for json in [
        r#"{"toggles":{},"breakpoints":[],"interventions":[]}"#,
        r#"{"toggles":{"drain_on_read":null},"breakpoints":[]}"#,
    ] {
        let opened = open(&link(json), Lang::En).unwrap_or_else(|e| panic!("{json}: {}", e.en));
        assert!(opened.state.extra.is_empty(), "{json}");
    }
    let flipped = open(
        &link(r#"{"toggles":{"drain_on_read":true},"breakpoints":[]}"#),
        Lang::En,
    )
    .unwrap_or_else(|e| panic!("{}", e.en));
    assert_eq!(flipped.state.extra.toggles, ToggleChoice::drain(true));
    // Still strict for data that is not a default.
    let unknown = open(&link(r#"{"toggles":{},"pad":1}"#), Lang::En).expect_err("unknown field");
    assert!(unknown.en.contains("unknown field `pad`"), "{}", unknown.en);
}

#[test]
fn i46_a_link_keeps_its_event_step_and_the_level_it_was_made_at_and_one_naming_neither_opens_at_the_story(
) {
    // Made before levels: every event was the only level, so that is the level it opens at.
    let old = open("#lesson=l1-two-investigators&step=20&lang=en", Lang::En).expect("opens");
    assert_eq!((old.state.step, old.state.level), (20, Level::Event));
    // No link at all: the page's default level, the story.
    assert_eq!(open("", Lang::En).expect("opens").state.level, Level::Story);
    // Issue 46, one pace: a hand-written link that names no step and no level opens at the
    // story level too, whatever else it names.
    for link in [
        "#lang=zh",
        "#lang=en",
        "#lesson=l1-two-investigators",
        "#lesson=l2-drain-loses-mail&lang=zh",
        "#lesson=l3-lock-scope&embed=1",
    ] {
        let opened = open(link, Lang::En).expect("opens");
        assert_eq!(
            (opened.state.step, opened.state.level),
            (0, Level::Story),
            "{link}"
        );
    }
    for level in Level::ALL.iter().copied() {
        let mut state = ViewState::new("l1-two-investigators", Lang::Zh);
        // Step 20 is inside reader's first folded cycle, not a story stop: it opens there.
        state.step = 20;
        state.level = level;
        let fragment = state.to_fragment();
        assert!(
            fragment.contains(&format!("&level={}", level.as_str())),
            "{fragment}"
        );
        let opened = open(&fragment, Lang::En).expect("opens");
        assert_eq!((opened.state.step, opened.state.level), (20, level));
        assert_eq!(opened.state, state);
    }
    // An unknown level is left out with a note (the link opens at the level a link without
    // one has).
    let bad = open(
        "#lesson=l1-two-investigators&step=3&level=chapter",
        Lang::En,
    )
    .expect("the rest of the link opens");
    assert_eq!((bad.state.step, bad.state.level), (3, Level::Event));
    let bad = bad.notice.expect("an unknown level is said");
    assert!(
        bad.en.contains("level") && bad.zh.contains("层级"),
        "{bad:?}"
    );
}
