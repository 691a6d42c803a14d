//! [`import`]: a file back to a run, checked as strictly as a link: a size cap, JSON, the
//! format name and version before anything else, unknown fields refused, each type error
//! with its line and column, the scenario validated, the lesson known, and the run played
//! again. An export edited by hand (its scenario or options changed, so its event log no longer
//! matches) opens as its scenario and options, with a note saying so ([`Imported::note`]). A
//! recording the live panel downloaded imports too, and replays offline; a plain scenario file
//! (the editor's JSON, what `#src=` links to) opens in free play. Every problem is stated in
//! Chinese and English; a file with any problem changes nothing.

use super::format::{RunExport, FORMAT, MAX_IMPORT_BYTES, VERSION};
use crate::engine::{Lang, Timeline};
use crate::lessons::recording::Recording;
use crate::lessons::{PlayOptions, FREE_PLAY_ID};
use crate::on_screen::admit::problems;
use crate::on_screen::{admit, Arrival, Carrier, OnScreen, OnScreenError, Refusal};
use crate::scenario::{Problem, Scenario};
use crate::view::transcript::event_line;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A run read back from a file, ready to put on screen.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The run to put on screen: the lesson (free play's scenario), the play options
    /// (language, modes, interventions), a live run's recording, the step to show.
    pub on_screen: OnScreen,
    /// The run as it played again: with a recording, its offline replay, shown as the live
    /// run on screen.
    pub timeline: Timeline,
    /// What the file was.
    pub kind: ImportKind,
    /// What the learner should know about how it opened: an export whose recorded event log no
    /// longer matches the run its scenario and options play (edited by hand).
    pub note: Option<Problem>,
}

/// The kinds of file an import opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportKind {
    /// A run exported by this playground (`"format": FORMAT`).
    Export,
    /// A recording downloaded from the live panel.
    Recording,
    /// A plain scenario file, opened in free play (and so in the editor).
    Scenario,
}

/// Why a file cannot be imported: every problem found, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    pub problems: Vec<Problem>,
}

impl ImportError {
    fn one(zh: impl Into<String>, en: impl Into<String>) -> ImportError {
        ImportError {
            problems: vec![Problem::new(zh, en)],
        }
    }

    /// The message for the error banner, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let list: Vec<&str> = self.problems.iter().map(|p| p.get(lang)).collect();
        match lang {
            Lang::Zh => format!("这个文件无法导入，页面没有任何改变：{}", list.join("；")),
            Lang::En => format!(
                "This file cannot be imported; nothing on the page changed: {}",
                list.join("; ")
            ),
        }
    }
}

impl std::fmt::Display for ImportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

/// [`import_in`] with a scenario file opened in the default language.
pub fn import(text: &str, on_screen: Option<&Scenario>) -> Result<Imported, ImportError> {
    import_in(text, on_screen, PlayOptions::default().lang)
}

/// Reads a file: a run export, a recording downloaded from the live panel, or a scenario file.
/// A recording of free play has no scenario in it; it replays `on_screen` (the scenario free
/// play shows), or free play's own team. A scenario file opens in free play in `lang` (the
/// page's language), at step 0, with no fork and no toggle flipped; an export or a recording
/// carries its own language.
pub fn import_in(
    text: &str,
    on_screen: Option<&Scenario>,
    lang: Lang,
) -> Result<Imported, ImportError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(ImportError::one(
            format!(
                "文件太大（{} 字节），上限是 {MAX_IMPORT_BYTES} 字节",
                text.len()
            ),
            format!(
                "the file is too large ({} bytes); the limit is {MAX_IMPORT_BYTES} bytes",
                text.len()
            ),
        ));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| {
        ImportError::one(
            format!("这不是 JSON（第 {} 行第 {} 列）：{e}", e.line(), e.column()),
            format!(
                "this is not JSON (line {}, column {}): {e}",
                e.line(),
                e.column()
            ),
        )
    })?;
    let Value::Object(object) = &value else {
        return Err(not_ours());
    };
    if object.contains_key("format") {
        import_export(&value, text)
    } else if object.contains_key("answers") && object.contains_key("lesson") {
        import_recording(&value, text, on_screen)
    } else if SCENARIO_KEYS.iter().any(|key| object.contains_key(*key)) {
        import_scenario(text, lang)
    } else {
        Err(not_ours())
    }
}

/// A JSON object with none of `format` and `answers` but one of these is read as a scenario
/// file, so its problems are the scenario's (a misspelt field, a missing task), not "unknown".
const SCENARIO_KEYS: [&str; 3] = ["members", "task", "replies"];

fn not_ours() -> ImportError {
    ImportError::one(
        format!("这不是这个练习场导出的运行（缺少 \"format\": \"{FORMAT}\"），也不是实时面板下载的记录或场景文件（编辑器的 JSON，#src= 链接指向的那种，有 \"members\" 和 \"task\"）。导入能打开的就是这三种"),
        format!("this is not a run exported by this playground (no \"format\": \"{FORMAT}\"), a recording downloaded from the live panel, nor a scenario file (the editor's JSON, what a #src= link names, with \"members\" and \"task\"). Import opens these three"),
    )
}

/// A scenario file: checked as `#src=` checks it, then opened in free play.
fn import_scenario(text: &str, lang: Lang) -> Result<Imported, ImportError> {
    let scenario = crate::scenario::parse(text).map_err(|errors| ImportError {
        problems: errors
            .problems
            .into_iter()
            .map(|p| {
                Problem::new(
                    format!("场景文件：{}", p.zh),
                    format!("scenario file: {}", p.en),
                )
            })
            .collect(),
    })?;
    let options = PlayOptions {
        lang,
        ..PlayOptions::default()
    };
    let arrival = Arrival {
        lesson: FREE_PLAY_ID.to_string(),
        scenario: Some(scenario),
        options,
        ..Arrival::default()
    };
    let on_screen = admit(arrival)
        .map_err(|refusals| ImportError {
            problems: problems(&refusals, &Carrier::FILE),
        })?
        .on_screen;
    let timeline = play(&on_screen)?;
    Ok(Imported {
        on_screen,
        timeline,
        kind: ImportKind::Scenario,
        note: None,
    })
}

/// The file must name this playground's format and version before anything else is read.
fn check_format_and_version(value: &Value) -> Result<(), ImportError> {
    let format = value.get("format");
    if format.and_then(Value::as_str) != Some(FORMAT) {
        let shown = format.map(Value::to_string).unwrap_or_default();
        return Err(ImportError::one(
            format!("不认识的格式 {shown}：这个练习场读 \"{FORMAT}\""),
            format!("unknown format {shown}: this playground reads \"{FORMAT}\""),
        ));
    }
    let version = value.get("version");
    if version.and_then(Value::as_u64) != Some(u64::from(VERSION)) {
        let shown = version.map_or_else(|| "(none)".to_string(), Value::to_string);
        return Err(ImportError::one(
            format!("不认识的版本 {shown}：这个练习场只读 \"version\": {VERSION}"),
            format!("unknown version {shown}: this playground reads \"version\": {VERSION}"),
        ));
    }
    Ok(())
}

fn import_export(value: &Value, text: &str) -> Result<Imported, ImportError> {
    check_format_and_version(value)?;
    let export: RunExport = typed(text)?;
    let mut on_screen = export.on_screen().map_err(|refusals| ImportError {
        problems: problems(&refusals, &Carrier::FILE),
    })?;
    let timeline = play(&on_screen)?;
    let note = check_events(&export.events, &timeline).err().map(edited);
    if note.is_some() {
        // The step belonged to the recorded run: kept within the run that plays now.
        on_screen.step = on_screen.step.min(timeline.len());
    } else if export.step > timeline.len() {
        return Err(ImportError::one(
            format!(
                "step 是 {}，但这个运行只有 {} 步",
                export.step,
                timeline.len()
            ),
            format!(
                "step is {}, but this run has only {} steps",
                export.step,
                timeline.len()
            ),
        ));
    }
    Ok(Imported {
        on_screen,
        timeline,
        kind: ImportKind::Export,
        note,
    })
}

/// The note of an export whose event log no longer matches its run: `mismatch` says where.
fn edited(mismatch: Problem) -> Problem {
    Problem::new(
        format!(
            "这个文件记录的事件和它的场景、选项放出来的运行对不上了（文件被手动改过，或出自另一个版本的练习场）：{}。页面显示的是它的场景和选项现在放出来的运行。",
            mismatch.zh
        ),
        format!(
            "This file's recorded event log no longer matches the run its scenario and options play (the file was edited by hand, or made by another version of the playground): {}. The page shows the run its scenario and options play now.",
            mismatch.en
        ),
    )
}

fn import_recording(
    value: &Value,
    text: &str,
    on_screen: Option<&Scenario>,
) -> Result<Imported, ImportError> {
    let version = value.get("version").and_then(Value::as_u64);
    if version != Some(u64::from(Recording::VERSION)) {
        let shown = value
            .get("version")
            .map_or_else(|| "(none)".to_string(), Value::to_string);
        return Err(ImportError::one(
            format!(
                "记录的格式版本是 {shown}：这个练习场读版本 {}",
                Recording::VERSION
            ),
            format!(
                "the recording has format version {shown}; this playground reads version {}",
                Recording::VERSION
            ),
        ));
    }
    let recording: Recording = typed(text)?;
    // A recording of free play has no scenario in it: it replays the one on screen.
    let scenario = on_screen
        .filter(|_| recording.lesson == FREE_PLAY_ID)
        .cloned();
    let arrival = Arrival {
        lesson: recording.lesson.clone(),
        scenario,
        options: recording.options.clone(),
        earlier: Vec::new(),
        recording: Some(recording),
        step: 0,
    };
    let on_screen = admit(arrival)
        .map_err(|refusals| ImportError {
            problems: problems(&refusals, &Carrier::RECORDING),
        })?
        .on_screen;
    let timeline = play(&on_screen)?;
    Ok(Imported {
        on_screen,
        timeline,
        kind: ImportKind::Recording,
        note: None,
    })
}

/// Plays what a file put on screen: a recording's replay, or the scripted run.
fn play(on_screen: &OnScreen) -> Result<Timeline, ImportError> {
    on_screen
        .play()
        .map(|played| played.timeline)
        .map_err(|e| match e {
            OnScreenError::NoLesson(id) => ImportError {
                problems: vec![Refusal::NoLesson(id).problem(&Carrier::FILE)],
            },
            OnScreenError::Replay(e) => ImportError::one(
                format!("记录重放不出来：{e}"),
                format!("the recording does not replay: {e}"),
            ),
            OnScreenError::Play(e) => ImportError::one(
                format!("这个运行放不出来：{e}"),
                format!("this run does not play: {e}"),
            ),
        })
}

/// Whether the file's event log is what its run plays: where it is not (a file edited by hand,
/// or one of another build whose lessons differ), the mismatch, for the import's note, so the
/// run is never shown as the file's record when it is not.
fn check_events(events: &[String], timeline: &Timeline) -> Result<(), Problem> {
    let played: Vec<String> = timeline.events().iter().map(event_line).collect();
    if played.len() != events.len() {
        return Err(Problem::new(
            format!(
                "文件的事件记录有 {} 个事件，但它的运行放出来是 {} 个",
                events.len(),
                played.len()
            ),
            format!(
                "the file's event log has {} events, but its run plays {}",
                events.len(),
                played.len()
            ),
        ));
    }
    // A run whose team speaks Chinese was exported, before the team had a language, with the
    // host's texts in English: the same events, other words. Its lines must agree on all but
    // the words (step, time, category and who acted); an English run must agree exactly.
    let spoken = timeline.initial_state().config().lang != Lang::En;
    let agree = |a: &String, b: &String| a == b || (spoken && skeleton(a) == skeleton(b));
    if let Some(i) = played.iter().zip(events).position(|(a, b)| !agree(a, b)) {
        return Err(Problem::new(
            format!("文件的事件记录在第 {} 步和它的运行不一致", i + 1),
            format!(
                "the file's event log differs from its run at step {}",
                i + 1
            ),
        ));
    }
    Ok(())
}

/// An event line without its words: `#seq t=time [category]` and the first word of the
/// summary (who acted, or what happened to whom).
fn skeleton(line: &str) -> (&str, &str) {
    let (head, summary) = line.split_once("] ").unwrap_or((line, ""));
    (head, summary.split_whitespace().next().unwrap_or(""))
}

/// The text as a `T`, or the problem with where it is (line and column) and what is wrong
/// (a wrong type, a missing field, a field the format does not have). Read from the text, not
/// the parsed value, so it shares its code with the live panel's own reading of a recording.
fn typed<T: DeserializeOwned>(text: &str) -> Result<T, ImportError> {
    serde_json::from_str(text).map_err(|e| {
        ImportError::one(
            format!("文件不符合格式（类型不对、缺少字段，或有格式里没有的字段）：{e}"),
            format!("the file does not fit the format (a wrong type, a missing field, or a field the format does not have): {e}"),
        )
    })
}
