//! The host's code (issue 47, `view::host_code`): every event of every lesson (in every contrast
//! mode), of free play, of the scenario fixture, of the stress log and of a tour of the rarer
//! refusals maps to exactly one place of the Python host, shown in the variant in force at its
//! step, of the event's breakpoint kind; every line that claims an event is reached somewhere;
//! the source is short, bilingual and names real engine files; the watch shows the state.

use crate::harness;
use agent_team_playground::engine::*;
use agent_team_playground::host_code::breakpoints::{category_of, category_of_kind, places};
use agent_team_playground::host_code::functions::FUNCTIONS;
use agent_team_playground::host_code::listing::{fnv1a, TEXT_HASH};
use agent_team_playground::host_code::places::{self as place_rows, place_lines};
use agent_team_playground::host_code::{
    function_of, place_at, places_at, At, LineBreaks, Listing, Shown, Variant,
};
use agent_team_playground::lessons::{self, stress, PlayOptions, ToggleChoice};
use agent_team_playground::scenario;
use agent_team_playground::view::host_code::watch_at;
use serde_json::json;
use std::collections::BTreeSet;

/// The host as the pane shows it (the browser fetches the same file).
fn listing() -> &'static Listing {
    Listing::bundled()
}

fn shown(variant: Variant) -> Vec<Shown> {
    listing().shown(variant)
}

fn line_number(variant: Variant, place: &str) -> Option<usize> {
    listing().line_number(variant, place)
}

/// A run to walk: a name for messages, its events, the modes before its first event, the lead.
struct Walk {
    name: String,
    events: Vec<Event>,
    initial: Toggles,
    lead: String,
}

fn walk_of(name: impl Into<String>, timeline: &Timeline) -> Walk {
    Walk {
        name: name.into(),
        events: timeline.events().to_vec(),
        initial: timeline.initial_state().toggles(),
        lead: timeline.initial_state().lead_name().to_string(),
    }
}

fn choices() -> Vec<ToggleChoice> {
    let mut both = ToggleChoice::drain(true);
    both.hold_lock_during_model_call = Some(true);
    vec![
        ToggleChoice::default(),
        ToggleChoice::drain(true),
        ToggleChoice::drain(false),
        ToggleChoice::hold_lock(true),
        ToggleChoice::hold_lock(false),
        both,
    ]
}

fn fixture_scenario() -> scenario::Scenario {
    let path = format!(
        "{}/tests/fixtures/five-member-scenario.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("fixture");
    scenario::parse(&text).expect("valid fixture")
}

/// Every lesson in every contrast mode, free play, the scenario fixture and the stress log.
fn walks() -> Vec<Walk> {
    let mut walks = Vec::new();
    for info in lessons::catalog() {
        for choice in choices() {
            let options = PlayOptions {
                learner_toggles: choice,
                ..PlayOptions::default()
            };
            let timeline = lessons::play(info.id, &options).expect("plays");
            walks.push(walk_of(format!("{} {choice:?}", info.id), &timeline));
        }
    }
    let lesson = fixture_scenario().to_lesson();
    for choice in choices() {
        let options = PlayOptions {
            learner_toggles: choice,
            ..PlayOptions::default()
        };
        let (timeline, _) = lessons::play_lesson(&lesson, &options).expect("fixture plays");
        walks.push(walk_of(
            format!("five-member-scenario {choice:?}"),
            &timeline,
        ));
    }
    walks.push(walk_of("stress", &stress::generate(20_000)));
    walks.push(tour());
    walks.push(history_tour());
    walks
}

/// A history too small for the mail waiting: the preparation is refused and discarded (M7).
fn history_tour() -> Walk {
    let mut config = TeamConfig::new(vec![
        MemberConfig::lead(),
        MemberConfig::teammate("reader", "reader"),
    ]);
    config.limits.history_entries = 2;
    let mut team = Team::new(config).expect("valid config");
    let mut events = Vec::new();
    for body in ["one", "two", "three"] {
        events.extend(harness::host_send(&mut team, "lead", "reader", body));
    }
    events.extend(harness::start(&mut team, "reader"));
    Walk {
        name: "history tour".into(),
        lead: team.state().lead_name().to_string(),
        initial: Toggles::default(),
        events,
    }
}

/// The rarer paths no lesson takes: refusals of each kind, a duplicate call id, a failure
/// report over the body limit, a team that fills up, a recall refused, a disband refused.
fn tour() -> Walk {
    let mut team = harness::team_with(true);
    let lead = team.state().lead_name().to_string();
    let initial = team.state().toggles();
    let mut events = Vec::new();
    let call = |id: &str, name: &str, args: serde_json::Value| ToolCall::new(id, name, args);
    events.extend(harness::start(&mut team, "reader"));
    events.extend(harness::reply(
        &mut team,
        "reader",
        ModelReply::tools(
            "",
            vec![
                call("a", "no_such_tool", json!({})),
                call("b", "read_file", json!({"path": 7})),
                call("c", "read_file", json!({"path": "missing.txt"})),
                call("c", "read_file", json!({"path": "main.py"})),
                call("d", "send_message", json!({"to": "reader", "body": "me"})),
                call("e", "send_message", json!({"to": "lead", "body": " "})),
                call(
                    "f",
                    "send_message",
                    json!({"to": "lead", "body": "x".repeat(700)}),
                ),
                call("g", "send_message", json!({"to": "nobody", "body": "hi"})),
                call("h", "write_file", json!({"path": "../up", "content": "x"})),
                call(
                    "i",
                    "send_message",
                    json!({"to": "lead", "body": "ok", "idempotency_key": ""}),
                ),
                call("j", "plan_approval", json!({"plan": "read more"})),
                call(
                    "k",
                    "shutdown_response",
                    json!({"request_id": "nope", "approve": true}),
                ),
            ],
        ),
    ));
    events.extend(harness::reply(
        &mut team,
        "reader",
        ModelReply::tools(
            "",
            vec![call("a", "list_teammates", json!({"from": "bob"}))],
        ),
    ));
    events.extend(harness::reply(&mut team, "reader", ModelReply::text("")));
    // The empty reply failed the round: a recall, then an over-long failure report.
    events.extend(team.apply(Input::Recall {
        member: "reader".into(),
    }));
    events.extend(team.apply(Input::Recall {
        member: "reader".into(),
    }));
    events.extend(harness::start(&mut team, "reader"));
    let id = harness::in_flight(&team, "reader");
    events.extend(team.apply(Input::ModelFailed {
        request_id: id,
        error: "e".repeat(900),
        retryable: false,
    }));
    events.extend(harness::start(&mut team, "lead"));
    events.extend(harness::reply(
        &mut team,
        "lead",
        ModelReply::tools(
            "",
            vec![
                call(
                    "a",
                    "spawn_teammate",
                    json!({"name": "Bad Name", "role": "x"}),
                ),
                call("b", "shutdown_request", json!({"teammate": "nobody"})),
                call("c", "shutdown_request", json!({"teammate": "lead"})),
                call("d", "shutdown_response", json!({"request_id": "s9"})),
                call(
                    "e",
                    "plan_approval",
                    json!({"request_id": "p1", "approve": true, "feedback": "go"}),
                ),
                call(
                    "f",
                    "plan_approval",
                    json!({"request_id": "p1", "approve": true}),
                ),
            ],
        ),
    ));
    // The lead still works: no disband now.
    events.extend(team.apply(Input::Disband));
    // A teammate answers a request addressed to another; a broadcast nobody can take.
    events.extend(harness::start(&mut team, "lead"));
    events.extend(harness::reply(
        &mut team,
        "lead",
        ModelReply::tools(
            "",
            vec![
                call("a", "shutdown_request", json!({"teammate": "reader"})),
                call("b", "broadcast", json!({"body": " "})),
            ],
        ),
    ));
    events.extend(harness::reply(&mut team, "lead", ModelReply::text("asked")));
    events.extend(harness::start(&mut team, "reviewer"));
    events.extend(harness::reply(
        &mut team,
        "reviewer",
        ModelReply::tools(
            "",
            vec![call(
                "a",
                "shutdown_response",
                json!({"request_id": "shutdown-1", "approve": true}),
            )],
        ),
    ));
    events.extend(harness::reply(
        &mut team,
        "reviewer",
        ModelReply::text("done"),
    ));
    // Drain on read: a read_inbox takes a record that came after the preparation.
    events.extend(team.apply(Input::SetToggles {
        toggles: Toggles {
            drain_on_read: true,
            hold_lock_during_model_call: false,
        },
    }));
    events.extend(harness::start(&mut team, "reviewer"));
    events.extend(harness::host_send(
        &mut team,
        "lead",
        "reviewer",
        "late news",
    ));
    events.extend(harness::tool(
        &mut team,
        "reviewer",
        "read_inbox",
        json!({}),
    ));
    events.extend(harness::reply(
        &mut team,
        "reviewer",
        ModelReply::text("read"),
    ));
    events.extend(team.apply(Input::Disband));
    events.extend(team.apply(Input::Tick { now: 0 }));
    // After the disband, every command but a tick or a restore is refused.
    events.extend(harness::host_send(&mut team, "lead", "reader", "anyone?"));
    Walk {
        name: "tour".into(),
        events,
        initial,
        lead,
    }
}

/// The modes in force at each step (`modes[s]` after `s` events).
fn modes(walk: &Walk) -> Vec<Toggles> {
    let mut now = walk.initial;
    let mut out = vec![now];
    for event in &walk.events {
        if let EventKind::TogglesChanged { toggles } = &event.kind {
            now = *toggles;
        }
        if let EventKind::RosterRestored { snapshot } = &event.kind {
            now = snapshot.state.toggles();
        }
        out.push(now);
    }
    out
}

#[test]
fn host_code_every_event_maps_to_exactly_one_place_shown_in_the_variant_at_its_step() {
    let mut reached = BTreeSet::new();
    for walk in walks() {
        let modes = modes(&walk);
        for index in 0..walk.events.len() {
            let at = At {
                events: &walk.events,
                index,
                lead: &walk.lead,
            };
            let event = &walk.events[index];
            let found = places_at(&at);
            assert_eq!(
                found.len(),
                1,
                "{}: event {index} ({}, {:?}) maps to {found:?}",
                walk.name,
                event.kind.name(),
                event.kind
            );
            let place = found[0];
            let variant = Variant::of(modes[index + 1]);
            assert!(
                line_number(variant, place).is_some(),
                "{}: event {index} ({}) maps to {place}, not shown in {variant:?}",
                walk.name,
                event.kind.name()
            );
            assert_eq!(
                category_of(place),
                Some(event.category()),
                "{}: {place} is not of the kind of {}",
                walk.name,
                event.kind.name()
            );
            reached.insert(place);
        }
    }
    let dead: Vec<&str> = places()
        .iter()
        .copied()
        .filter(|p| !reached.contains(p))
        .collect();
    assert!(
        dead.is_empty(),
        "lines that claim events no run reaches: {dead:?}"
    );
}

#[test]
fn host_code_a_place_stands_for_one_kind_of_breakpoint_and_exists_in_one_line_per_variant() {
    for place in places() {
        let kinds: BTreeSet<Category> = place_lines()
            .iter()
            .filter(|l| l.place == *place)
            .flat_map(|l| l.claims.iter())
            .map(|c| category_of_kind(c.kind))
            .collect();
        assert_eq!(kinds.len(), 1, "{place} stands for {kinds:?}");
        for variant in Variant::ALL {
            let lines = shown(variant)
                .into_iter()
                .filter(|s| s.line.place == Some(place))
                .count();
            assert!(lines <= 1, "{place} is on {lines} lines of {variant:?}");
        }
        assert!(
            function_of(place).is_some() || *place == "refused",
            "{place} is in no function"
        );
    }
    assert!(
        places().len() < 128,
        "the line breakpoints' bitset holds 128"
    );
    for claim in place_lines().iter().flat_map(|l| l.claims.iter()) {
        assert!(
            agent_team_playground::engine::event::EVENT_NAMES.contains(&claim.kind),
            "no event kind {}",
            claim.kind
        );
    }
}

#[test]
fn host_code_the_first_modules_lines_are_the_listings_lines_and_both_files_read() {
    // Both files read whole (the page shows nothing of a file it cannot read), and the page asks
    // for the listing it was built with.
    let rows = place_rows::parse(place_rows::TEXT).expect("places.txt reads");
    let text = include_str!("../../www/host-code.txt");
    Listing::parse(text).expect("www/host-code.txt reads");
    assert_eq!(fnv1a(text.as_bytes()), TEXT_HASH);
    // The listing's lines that produce events, in order, are the rows the first module keeps:
    // the same place, variant, function and code (what a checkpoint quotes is what the pane shows).
    let mut function = None;
    let mut from_listing = Vec::new();
    for line in listing().lines() {
        if let Some(name) = line.defines() {
            function = Some(name);
        } else if !line.code.starts_with(' ') {
            function = None;
        }
        if let Some(place) = line.place {
            from_listing.push((place, line.only, function, line.code.trim()));
        }
    }
    let from_rows: Vec<_> = rows
        .iter()
        .map(|r| (r.place, r.only, r.function, r.code))
        .collect();
    assert_eq!(from_listing, from_rows);
    // A row it cannot read is an error, not a silent gap.
    assert!(place_rows::parse("store.append | store_message | x | message_queued when=x").is_err());
    assert!(
        place_rows::parse("store.append nowhere | store_message | x | message_queued").is_err()
    );
    assert!(Listing::parse("x = 1 | a comment in English only").is_err());
}

#[test]
fn host_code_is_a_short_python_host_with_comments_in_both_languages_naming_real_engine_files() {
    for variant in Variant::ALL {
        let lines = shown(variant);
        assert!(
            (100..=160).contains(&lines.len()),
            "{variant:?} has {} lines",
            lines.len()
        );
    }
    let host = listing().lines();
    let defined: Vec<&str> = host.iter().filter_map(|l| l.defines()).collect();
    let listed: Vec<&str> = FUNCTIONS.iter().map(|f| f.name).collect();
    assert_eq!(defined, listed, "every def, in order, has its entry");
    for line in host {
        assert!(
            line.code.is_ascii(),
            "identifiers and code are English: {}",
            line.code
        );
        if let Some((en, zh)) = line.note {
            assert!(en.is_ascii() && !en.is_empty(), "{en}");
            let file = en.starts_with("engine/");
            assert!(
                file || zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "a Chinese comment: {zh}"
            );
        }
        if let Some(name) = line.defines() {
            let file = listing()
                .file_of(name)
                .expect("a def names its engine file");
            assert!(file.starts_with("engine/src/"), "{name}: {file}");
            let path = format!("{}/{}", env!("CARGO_MANIFEST_DIR"), file);
            assert!(std::path::Path::new(&path).exists(), "{path}");
        }
    }
    // The contrasts change the code: drain on read shows the draining read and the loss, the
    // held lock spans the call.
    let text = |v: Variant| -> String {
        shown(v)
            .iter()
            .map(|s| s.line.text(Lang::En))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let append = text(Variant::default());
    let drain = text(Variant {
        drain: true,
        hold_lock: false,
    });
    let hold = text(Variant {
        drain: false,
        hold_lock: true,
    });
    assert!(!append.contains("clear()") && drain.contains("inbox[m[\"name\"]].clear()"));
    assert!(drain.contains("the drained records are lost"));
    assert!(append.contains("every record is still in the inbox"));
    assert!(
        hold.contains("taken for the whole round")
            && !hold.contains("released before any model call")
    );
    assert!(append.contains("released before any model call"));
}

fn walk_lesson_1() -> (Timeline, Vec<Event>) {
    let timeline = lessons::play("l1-two-investigators", &PlayOptions::default()).expect("plays");
    let events = timeline.events().to_vec();
    (timeline, events)
}

fn place_at_step(events: &[Event], step: usize, lead: &str) -> Option<&'static str> {
    place_at(&At {
        events,
        index: step - 1,
        lead,
    })
}

#[test]
fn host_code_lesson_1_stores_takes_in_and_sends_m1_on_the_lines_that_do_it() {
    let (timeline, events) = walk_lesson_1();
    let lead = timeline.initial_state().lead_name().to_string();
    // Step 8: m1 stored; step 20: taken in (committed); step 61: in the request.
    assert_eq!(events[7].kind.name(), "message_queued");
    assert_eq!(place_at_step(&events, 8, &lead), Some("store.append"));
    for lang in [Lang::En, Lang::Zh] {
        let (state, before) = timeline.state_with_previous(8);
        let watch = watch_at(&events, 8, &state, before.as_ref(), lang).expect("a watch");
        assert_eq!(watch.function, "store_message");
        let inbox = &watch.vars[0];
        assert!(inbox.name.starts_with("inbox[\""), "{inbox:?}");
        assert!(
            inbox.changed
                && inbox
                    .rows
                    .iter()
                    .any(|r| r.changed && r.text.starts_with("m1 "))
        );
    }
    // Step 20: m1 taken in, into reader's candidate (the history itself untouched).
    let step_20 = &events[19];
    assert_eq!(step_20.kind.name(), "candidate_prepared", "{step_20:?}");
    assert_eq!(place_at_step(&events, 20, &lead), Some("prepare.candidate"));
    let (state, before) = timeline.state_with_previous(20);
    let watch = watch_at(&events, 20, &state, before.as_ref(), Lang::En).expect("a watch");
    assert_eq!(watch.function, "prepare_inbox");
    let inbox = watch
        .vars
        .iter()
        .find(|v| v.name == "inbox[\"reader\"]")
        .expect("inbox");
    let m1 = inbox
        .rows
        .iter()
        .find(|r| r.text.starts_with("m1 "))
        .expect("m1");
    assert_eq!(m1.note.as_deref(), Some("in the candidate"));
    assert!(m1.changed);
    let candidate = watch
        .vars
        .iter()
        .find(|v| v.name == "candidate")
        .expect("candidate");
    assert!(
        candidate.changed && candidate.value.contains("history 0 + 1 new"),
        "{candidate:?}"
    );
    assert!(
        candidate
            .rows
            .iter()
            .any(|r| r.note.as_deref() == Some("notice of m1")),
        "{candidate:?}"
    );
    let history = watch
        .vars
        .iter()
        .find(|v| v.name.ends_with("[\"history\"]"))
        .expect("history");
    assert!(!history.changed && history.value == "len 0", "{history:?}");
    let step_61 = &events[60];
    assert_eq!(step_61.kind.name(), "model_requested", "{step_61:?}");
    assert_eq!(place_at_step(&events, 61, &lead), Some("loop.request"));
    let (state, before) = timeline.state_with_previous(61);
    let watch = watch_at(&events, 61, &state, before.as_ref(), Lang::Zh).expect("a watch");
    let request = watch
        .vars
        .iter()
        .find(|v| v.name == "request")
        .expect("request");
    assert!(request.changed, "{request:?}");
    assert!(request.value.starts_with("r9"), "{request:?}");
    // reviewer's m4 is in the request just sent: its notice is among the newest messages.
    assert!(
        request
            .rows
            .iter()
            .any(|r| r.note.as_deref() == Some("通知 m4") && r.changed),
        "m4's notice is new in this request: {request:?}"
    );
    // What r7 already carried is not marked.
    assert!(request.rows.iter().any(|r| !r.changed), "{request:?}");
}

#[test]
fn host_code_kind_breakpoints_as_lines_stop_at_the_same_steps_as_before() {
    for info in lessons::catalog() {
        let timeline = lessons::play(info.id, &PlayOptions::default()).expect("plays");
        let events = timeline.events();
        let lead = timeline.initial_state().lead_name();
        for category in Category::ALL.iter().copied() {
            let lines = LineBreaks::of_category(category);
            for index in 0..events.len() {
                let at = At {
                    events,
                    index,
                    lead,
                };
                assert_eq!(
                    lines.stops_at(&at),
                    events[index].category() == category,
                    "{} event {index}: {category:?}",
                    info.id
                );
            }
        }
    }
}

#[test]
fn host_code_a_links_kinds_and_lines_read_back_as_the_same_breakpoints() {
    let mut breaks = LineBreaks::from_parts(&[Category::Commit], &[]);
    assert!(breaks.contains("commit.history") && breaks.has_category(Category::Commit));
    assert_eq!(breaks.to_parts(), (vec![Category::Commit], vec![]));
    breaks.insert("store.append");
    let (kinds, lines) = breaks.to_parts();
    assert_eq!(kinds, vec![Category::Commit]);
    assert_eq!(lines, vec!["store.append".to_string()]);
    assert_eq!(LineBreaks::from_parts(&kinds, &lines), breaks);
    // An unknown line (a newer link's) is left out, the rest kept.
    let read = LineBreaks::from_parts(&[], &["no.such.line".into(), "loop.request".into()]);
    assert_eq!(read.iter().collect::<Vec<_>>(), vec!["loop.request"]);
    breaks.toggle("store.append");
    assert!(!breaks.contains("store.append"));
}

#[test]
fn host_code_lessons_1_3_and_5_ask_which_line_runs_next_and_the_held_lock_changes_lesson_3s_answer()
{
    let answer_of = |id: &str, choice: ToggleChoice| {
        let options = PlayOptions {
            learner_toggles: choice,
            ..PlayOptions::default()
        };
        let timeline = lessons::play(id, &options).expect("plays");
        let lesson = lessons::lesson(id, Lang::En).expect("lesson");
        let placement = lessons::checkpoint::place(&lesson.checkpoints, &timeline);
        let asked = placement
            .placed
            .iter()
            .find(|p| p.id.ends_with("-next-line"))
            .unwrap_or_else(|| {
                panic!(
                    "{id}: a which-line checkpoint, dropped: {:?}",
                    placement.dropped
                )
            })
            .clone();
        asked.choices[asked.answer].key.clone()
    };
    let none = ToggleChoice::default();
    assert_eq!(answer_of("l1-two-investigators", none), "commit.history");
    assert_eq!(answer_of("l5-shutdown-handshake", none), "shutdown.exit");
    assert_eq!(answer_of("l3-lock-scope", none), "deliver.unlock");
    assert_eq!(
        answer_of("l3-lock-scope", ToggleChoice::hold_lock(true)),
        "finish.unlock"
    );
}

#[test]
fn host_code_the_watch_shows_first_what_the_steps_event_writes_and_marks_what_changed() {
    let (timeline, events) = walk_lesson_1();
    let first_var = |step: usize| {
        let (state, before) = timeline.state_with_previous(step);
        let watch = watch_at(&events, step, &state, before.as_ref(), Lang::En).expect("a watch");
        (watch.vars[0].name.clone(), watch.vars[0].changed)
    };
    assert_eq!(first_var(8), ("inbox[\"reader\"]".to_string(), true));
    assert_eq!(first_var(20), ("candidate".to_string(), true));
    assert_eq!(first_var(61), ("request".to_string(), true));
    // Step 0 has no line and no watch.
    let state = timeline.state_at(0);
    assert!(watch_at(&events, 0, &state, None, Lang::En).is_none());
}

#[test]
fn host_code_with_the_lock_held_over_the_call_a_waiter_shows_in_the_lock_and_changes_it() {
    let options = PlayOptions {
        learner_toggles: ToggleChoice::hold_lock(true),
        ..PlayOptions::default()
    };
    let timeline = lessons::play("l3-lock-scope", &options).expect("plays");
    let events = timeline.events();
    let lead = timeline.initial_state().lead_name();
    let index = events
        .iter()
        .position(|e| e.kind.name() == "lock_waiting")
        .expect("someone waits for the lock");
    let at = At {
        events,
        index,
        lead,
    };
    assert_eq!(place_at(&at), Some("deliver.lock"));
    let (state, before) = timeline.state_with_previous(index + 1);
    let watch = watch_at(events, index + 1, &state, before.as_ref(), Lang::En).expect("a watch");
    assert_eq!(watch.function, "deliver");
    let lock = &watch.vars[0];
    assert_eq!(lock.name, "lock");
    assert!(
        lock.changed && lock.value.starts_with("held by "),
        "{lock:?}"
    );
    assert!(
        lock.rows
            .iter()
            .any(|r| r.changed && r.note.as_deref() == Some("waiting")),
        "{lock:?}"
    );
    // In that variant the code holds the lock until the round ends.
    let variant = Variant::of(state.toggles());
    assert!(line_number(variant, "deliver.unlock").is_none());
    assert!(line_number(variant, "finish.unlock").is_some());
}

/// M1 M3: on a long log the watch writes only the rows its box shows (an inbox or a request
/// there holds thousands): the newest records; and the inbox is marked changed exactly when a
/// record came, went or moved at the step, as the states before and after it say.
#[test]
fn m1_m3_the_watch_on_a_long_log_writes_the_newest_rows_and_marks_any_change() {
    use agent_team_playground::view::host_code::watch::MAX_ROWS;
    let timeline = stress::generate(3_000);
    let mut long_inboxes = 0;
    for step in 1..=timeline.len() {
        let (state, before) = timeline.state_with_previous(step);
        let Some(watch) = watch_at(timeline.events(), step, &state, before.as_ref(), Lang::En)
        else {
            continue;
        };
        let Some(member) = watch.member.as_deref() else {
            continue;
        };
        for var in &watch.vars {
            assert!(var.rows.len() <= MAX_ROWS, "step {step}: {var:?}");
            if var.name != format!("inbox[\"{member}\"]") {
                continue;
            }
            let now: Vec<_> = state
                .inbox_of(member)
                .into_iter()
                .filter(|r| !r.drained)
                .map(|r| (r.id, state.message_position(r.id)))
                .collect();
            let was: Vec<_> = before
                .as_ref()
                .map(|b| {
                    b.inbox_of(member)
                        .into_iter()
                        .filter(|r| !r.drained)
                        .map(|r| (r.id, b.message_position(r.id)))
                        .collect()
                })
                .unwrap_or_default();
            let differs: Vec<_> = now.iter().filter(|r| !was.contains(r)).collect();
            let expected = before.is_some() && (was.len() != now.len() || !differs.is_empty());
            assert_eq!(var.changed, expected, "step {step}: {var:?}");
            let newest: Vec<String> = now[now.len().saturating_sub(MAX_ROWS)..]
                .iter()
                .map(|(id, _)| format!("{id} "))
                .collect();
            assert_eq!(var.rows.len(), newest.len(), "step {step}");
            let shown = &now[now.len().saturating_sub(MAX_ROWS)..];
            for ((row, id), record) in var.rows.iter().zip(&newest).zip(shown) {
                assert!(row.text.starts_with(id.as_str()), "step {step}: {row:?}");
                let moved = before.is_some() && !was.contains(record);
                assert_eq!(row.changed, moved, "step {step}: {row:?}");
            }
            if now.len() > MAX_ROWS {
                long_inboxes += 1;
            }
        }
    }
    assert!(
        long_inboxes > 0,
        "the log never shows an inbox longer than the box"
    );
}
