//! Chinese all the way: in zh mode every text a learner reads is Chinese, except code
//! identifiers. Every lesson and free play is built in zh and walked step by step; every text
//! of the caption, the kind line, the cards, the lane chips, the member detail (history,
//! candidate, the newest request: the notifications and tool results the models read), the
//! protocol rows, the result panel and the key step labels is scanned, identifiers stripped,
//! and an English sentence fails with its step, place and text. The English build is the
//! mirror: no Chinese anywhere in it.

use agent_team_playground::engine::tool_table::ToolName;
use agent_team_playground::engine::{EntryRole, EventKind, Lang, TeamState, Timeline};
use agent_team_playground::lessons::checkpoint::place;
use agent_team_playground::lessons::key_steps::key_steps;
use agent_team_playground::lessons::{self, PlayOptions, FREE_PLAY_ID};
use agent_team_playground::view::caption::{event_line_in, modes, step_caption};
use agent_team_playground::view::card::{budgets_line, cards};
use agent_team_playground::view::checkpoints::Score;
use agent_team_playground::view::detail::request::RequestView;
use agent_team_playground::view::detail::{history_rows, member_line, CandidateView};
use agent_team_playground::view::lanes::{Lane, Placement};
use agent_team_playground::view::protocol::Tracked;
use agent_team_playground::view::result::ResultPanel;
use agent_team_playground::view::story::story_of;

/// One text a learner reads: where it is shown, and the text.
struct Seen {
    place: String,
    text: String,
}

fn seen(out: &mut Vec<Seen>, place: impl Into<String>, text: impl Into<String>) {
    out.push(Seen {
        place: place.into(),
        text: text.into(),
    });
}

fn is_cjk(c: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&c)
        || ('\u{3000}'..='\u{303f}').contains(&c)
        || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

/// Words that are names in this team: the roster's names and roles, the tools, and the words
/// of the code the lesson's files hold (a file's content is quoted as it is, and messages
/// quote its identifiers: `check(password, stored)`).
fn allowed_words(timeline: &Timeline) -> Vec<String> {
    let mut words: Vec<String> = ToolName::ALL.iter().map(|t| t.as_str().into()).collect();
    let mut code: Vec<String> = timeline
        .initial_state()
        .config()
        .files
        .values()
        .cloned()
        .collect();
    for event in timeline.events() {
        if let EventKind::FileWritten { content, .. } = &event.kind {
            code.push(content.clone());
        }
    }
    // The host's code (issue 47): its identifiers are English in both languages, and a
    // checkpoint's choice of a line quotes it as it is.
    code.extend(
        agent_team_playground::host_code::Listing::bundled()
            .lines()
            .iter()
            .map(|l| l.code.to_string()),
    );
    for content in code {
        let split = content.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        words.extend(split.filter(|w| !w.is_empty()).map(str::to_lowercase));
    }
    let state = timeline.final_state();
    for m in state.members_in_order() {
        words.push(m.name().to_lowercase());
        words.push(m.role().to_lowercase());
    }
    for event in timeline.events() {
        if let EventKind::MemberSpawned { config } = &event.kind {
            words.push(config.name.to_lowercase());
            words.push(config.role.to_lowercase());
        }
    }
    words
}

/// The first English sentence in `text`: two or more ASCII words (letters, at least two) in a
/// row that are not identifiers (an id like `m4` or `plan-1`, a tool or file name, a
/// snake_case code, a member's name) and not parted by Chinese.
fn english_sentence(text: &str, files: &[&str], allowed: &[String]) -> Option<String> {
    // A JSON tool result: its keys are identifiers; its string values are read.
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text.trim()) {
        if value.is_object() || value.is_array() {
            let mut values = Vec::new();
            strings(&value, &mut values);
            return values
                .iter()
                .find_map(|v| english_sentence(v, files, allowed));
        }
    }
    let mut text = without_json_keys(text);
    // File contents are code the lesson ships, quoted as they are.
    for content in files.iter().filter(|c| c.len() > 3) {
        text = text.replace(content, " ");
    }
    let mut run: Vec<String> = Vec::new();
    let mut token = String::new();
    let mut chars = text.chars().peekable();
    let flush = |token: &mut String, run: &mut Vec<String>| {
        let word = token.trim_matches(|c: char| ".'-/".contains(c)).to_string();
        token.clear();
        if word.is_empty() {
            return None;
        }
        let is_word = word.len() >= 2
            && word.chars().all(|c| c.is_ascii_alphabetic() || c == '\'')
            && !allowed.contains(&word.to_lowercase());
        if is_word {
            run.push(word);
            None
        } else if run.len() >= 2 {
            Some(run.join(" "))
        } else {
            run.clear();
            None
        }
    };
    while let Some(c) = chars.next() {
        if c.is_ascii_alphanumeric() || "_'./-".contains(c) {
            token.push(c);
            if chars
                .peek()
                .is_none_or(|n| !(n.is_ascii_alphanumeric() || "_'./-".contains(*n)))
            {
                if let Some(found) = flush(&mut token, &mut run) {
                    return Some(found);
                }
            }
        } else if is_cjk(c) {
            if run.len() >= 2 {
                return Some(run.join(" "));
            }
            run.clear();
        }
    }
    (run.len() >= 2).then(|| run.join(" "))
}

/// `text` without the keys of the JSON it quotes (`"message_id":`): identifiers.
fn without_json_keys(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find('"') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        match after.find('"') {
            Some(end) if after[end + 1..].starts_with(':') => {
                out.push(' ');
                rest = &after[end + 2..];
            }
            Some(end) => {
                out.push(' ');
                out.push_str(&after[..end]);
                out.push(' ');
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// A member status written as its English code (`idle`, `working`...) where a Chinese text
/// should say 空闲, 工作中 and so on, as the cards do.
fn status_code(text: &str) -> Option<&'static str> {
    const CODES: [&str; 5] = ["offline", "idle", "working", "stopped", "failed"];
    let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'));
    words
        .filter_map(|w| CODES.iter().find(|code| **code == w))
        .copied()
        .next()
}

/// The string values of a JSON value, keys left out.
fn strings(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// Every text a learner reads at `step` of `timeline`, in `lang`.
fn texts_at(id: &str, timeline: &Timeline, step: usize, lang: Lang) -> Vec<Seen> {
    let mut out = Vec::new();
    let state: TeamState = timeline.state_at(step);
    let before = step.checked_sub(1).map(|s| timeline.state_at(s));
    seen(&mut out, "caption", step_caption(timeline, step, lang));
    // At the story level a routine cycle folds into one stop with a caption of its own.
    let story = story_of(timeline, &key_steps(id, timeline));
    if let Some(fold) = story.fold_at(step) {
        seen(&mut out, "story caption", fold.caption_in(lang));
    }
    let event = step.checked_sub(1).and_then(|i| timeline.events().get(i));
    seen(&mut out, "kind line", event_line_in(event, &state, lang));
    seen(&mut out, "modes", modes(&state.toggles(), lang).1);
    seen(&mut out, "budgets", budgets_line(&state, lang));
    for card in cards(&state) {
        let place = format!("card {}", card.name);
        seen(&mut out, &place, card.status_text(lang));
        seen(&mut out, &place, card.busy_line(lang));
        seen(&mut out, &place, card.deliveries_line(lang));
        seen(&mut out, &place, card.requests_line(lang));
        seen(&mut out, &place, card.inbox_line(lang));
    }
    let placement = Placement::of(&state, before.as_ref());
    for lane in Lane::ALL {
        for chip in placement.chips(lane) {
            let place = format!("chip {} in {}", chip.id, lane.name());
            seen(&mut out, &place, chip.kind_text(lang));
            seen(&mut out, &place, chip.body.clone());
            seen(&mut out, &place, chip.place_text(lang));
            seen(&mut out, &place, chip.position_text(lang));
            if let Some(change) = chip.change_text(lang) {
                seen(&mut out, &place, change);
            }
        }
    }
    for member in state.members_in_order() {
        let place = format!("detail {}", member.name());
        seen(&mut out, &place, member_line(member, step, lang));
        for row in history_rows(member, 0).rows {
            if row.role != EntryRole::Assistant {
                seen(
                    &mut out,
                    format!("{place} history #{}", row.index),
                    row.text,
                );
            }
        }
        if let Some(candidate) = CandidateView::of(member) {
            for row in candidate.rows {
                seen(
                    &mut out,
                    format!("{place} candidate #{}", row.index),
                    row.text,
                );
            }
        }
        let newest = member.requests().len().checked_sub(1);
        if let Some(view) = newest.and_then(|i| RequestView::of(&state, member, i, 8, lang)) {
            seen(&mut out, format!("{place} request"), view.meta(lang));
            for row in view.messages.rows {
                if row.role != EntryRole::Assistant {
                    seen(
                        &mut out,
                        format!("{place} request #{}", row.index),
                        row.text,
                    );
                }
            }
        }
    }
    for row in Tracked::of(&state).rows {
        let place = format!("protocol {}", row.0.id);
        seen(&mut out, &place, row.kind_label(lang));
        seen(&mut out, &place, row.status_label(lang));
        seen(&mut out, &place, row.parties(lang));
        seen(&mut out, &place, row.times(lang));
        seen(&mut out, &place, row.0.body.clone());
        if let Some(response) = &row.0.response {
            seen(&mut out, &place, response.clone());
        }
    }
    let panel = ResultPanel::of(&timeline.events()[..step], &state, None, &[]);
    for answer in panel.answers {
        seen(&mut out, format!("result {}", answer.member), answer.text);
    }
    if let Some(result) = panel.step_result {
        seen(&mut out, format!("result {}", result.label), result.text);
    }
    if step == 0 {
        for key in key_steps(id, timeline) {
            seen(&mut out, "key step", key.label(lang));
        }
        // Issue 26: each checkpoint's question, choices and explanations, and the score line.
        let lesson = lessons::lesson(id, lang).expect("the lesson builds");
        let placement = place(&lesson.checkpoints, timeline);
        for checkpoint in &placement.placed {
            seen(&mut out, "checkpoint", checkpoint.question.get(lang));
            for choice in &checkpoint.choices {
                seen(&mut out, "checkpoint choice", choice.label.get(lang));
                seen(&mut out, "checkpoint explanation", choice.explain.get(lang));
            }
        }
        seen(
            &mut out,
            "checkpoint score",
            Score::default().words(&placement, lang),
        );
    }
    out
}

/// Every lesson and free play, built and played in `lang`.
fn runs(lang: Lang) -> Vec<(String, Timeline)> {
    let options = PlayOptions {
        lang,
        ..PlayOptions::default()
    };
    let mut ids: Vec<&str> = lessons::catalog().iter().map(|info| info.id).collect();
    if !ids.contains(&FREE_PLAY_ID) {
        ids.push(FREE_PLAY_ID);
    }
    ids.into_iter()
        .map(|id| {
            let timeline = lessons::play(id, &options).expect("the lesson plays");
            (id.to_string(), timeline)
        })
        .collect()
}

#[test]
fn zh_every_caption_chip_card_notification_and_tool_result_of_every_lesson_is_chinese() {
    let mut failures: Vec<String> = Vec::new();
    let mut found: std::collections::BTreeSet<String> = Default::default();
    let mut scanned = 0;
    for (id, timeline) in runs(Lang::Zh) {
        let allowed = allowed_words(&timeline);
        let config = timeline.initial_state().config().clone();
        let files: Vec<&str> = config.files.values().map(String::as_str).collect();
        for step in 0..=timeline.len() {
            for text in texts_at(&id, &timeline, step, Lang::Zh) {
                scanned += 1;
                let english = english_sentence(&text.text, &files, &allowed)
                    .or_else(|| status_code(&text.text).map(|code| format!("status {code}")));
                let Some(sentence) = english else {
                    continue;
                };
                // Each English text once, at the first step it shows.
                if found.insert(text.text.clone()) {
                    failures.push(format!(
                        "{id} step {step} {}: \"{sentence}\" in: {}",
                        text.place, text.text
                    ));
                }
            }
        }
    }
    assert!(scanned > 10_000, "only {scanned} texts scanned");
    assert!(
        failures.is_empty(),
        "{} English texts in zh mode, first 200:\n{}",
        failures.len(),
        failures
            .iter()
            .take(200)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn en_no_text_of_any_lesson_is_chinese() {
    let mut failures = Vec::new();
    for (id, timeline) in runs(Lang::En) {
        for step in 0..=timeline.len() {
            for text in texts_at(&id, &timeline, step, Lang::En) {
                if text.text.chars().any(is_cjk) {
                    failures.push(format!("{id} step {step} {}: {}", text.place, text.text));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} Chinese texts in en mode, first 20:\n{}",
        failures.len(),
        failures
            .iter()
            .take(20)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_english_sentence_check_finds_sentences_and_lets_identifiers_pass() {
    let allowed = vec!["reader".to_string(), "lead".to_string()];
    let find = |t: &str| english_sentence(t, &["print(6 * 7)"], &allowed);
    assert_eq!(
        find("拒绝：inbox_full: reader's inbox already holds 8 records").as_deref(),
        Some("reader's inbox already holds")
    );
    assert_eq!(
        find("状态 idle -> working。").as_deref(),
        Some("idle working")
    );
    assert_eq!(
        find("reader 调用 read_file 读 notes.txt：print(6 * 7)"),
        None
    );
    assert_eq!(find("m4 在 r9 里，plan-1 待定，reader → lead"), None);
    assert_eq!(find("回执是 queued。"), None);
    assert_eq!(
        status_code("状态转为 stopped（此刻：已停止）"),
        Some("stopped")
    );
    assert_eq!(
        status_code("状态由空闲转为工作中，read_file 读 idle-notes.txt"),
        None
    );
    assert_eq!(
        find(r#"结果：{"message_id":"m1","state":"queued","to":"reader"}"#),
        None
    );
    assert_eq!(
        find(r#"结果：{"note":"please shut down now"}"#).as_deref(),
        Some("please shut down now")
    );
}

/// M4 (the notification a record becomes) and M7 (a refused send's reason), in a zh team.
#[test]
fn a_zh_team_words_notifications_and_refusals_in_chinese_and_keeps_the_codes() {
    let options = PlayOptions {
        lang: Lang::Zh,
        ..PlayOptions::default()
    };
    let timeline = lessons::play("l7-limits-and-budgets", &options).expect("the lesson plays");
    let state = timeline.final_state();
    let reader = state.member("reader").expect("reader");
    let notification = reader
        .history()
        .iter()
        .find(|e| !e.notifies.is_empty())
        .expect("reader took in mail");
    // M4: the notification names the record's id and sender, in Chinese.
    assert!(notification
        .text
        .starts_with("[收件箱 m1] 来自 lead 的消息："));
    // M7: the refusal the lead's model reads keeps its code and gives the reason in Chinese.
    let inbox_full = timeline
        .events()
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::ToolExecuted {
                result,
                is_error: true,
                ..
            } if result.starts_with("inbox_full: ") => Some(result.clone()),
            _ => None,
        })
        .expect("the ninth note is refused");
    assert!(
        inbox_full.contains("reader 的收件箱已有 8 条记录"),
        "{inbox_full}"
    );
    // The English build of the same lesson reads as before.
    let en = lessons::play("l7-limits-and-budgets", &PlayOptions::default()).expect("plays");
    let en_reader = en.final_state().member("reader").expect("reader").clone();
    let first = en_reader.history().iter().find(|e| !e.notifies.is_empty());
    assert!(first.is_some_and(|e| e.text.starts_with("[inbox m1] message from lead: ")));
}

#[test]
fn an_english_team_config_is_written_as_before_and_an_old_one_reads_as_english() {
    let en = lessons::lesson("l1-two-investigators", Lang::En).expect("lesson 1");
    let json = serde_json::to_value(&en.config).expect("serializes");
    assert!(json.get("lang").is_none(), "{json}");
    let old: agent_team_playground::engine::TeamConfig =
        serde_json::from_value(json).expect("reads");
    assert_eq!(old.lang, Lang::En);
    let zh = lessons::lesson("l1-two-investigators", Lang::Zh).expect("lesson 1");
    assert_eq!(zh.config.lang, Lang::Zh);
    let json = serde_json::to_value(&zh.config).expect("serializes");
    assert_eq!(json["lang"], "zh");
}
