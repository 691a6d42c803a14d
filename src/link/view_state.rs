//! The whole view state a share link carries, and its strict reader.
//!
//! A link is `#lesson=<id>&step=<n>&lang=<zh|en>&level=<key|story|event>[&embed=1&hide=..&origin=..&xapi=1&scorm=1][&x=1.<base64url>]`:
//! the readable parts stay readable (a teacher can edit a step by hand), and everything else
//! (an inline scenario, fork edits, the learner's toggles, breakpoints, a recorded live run) is
//! [`Extra`], JSON in one compressed parameter ([`super::codec`], version `1`). `x=` is written
//! only when [`Extra`] holds something, so a plain lesson link is the format links always had.
//! A key is never part of it: nothing here holds one.
//!
//! The step is always an event step, at every level. `level=` is the level the link was made
//! at, and every link written names it; a link with a step and no level was made when every
//! event was the only level, so it opens at [`Level::Event`]; one with neither (`#lang=zh`,
//! `#lesson=...`, hand-written) opens at the default level, the story, like the bare address
//! (issue 46, one pace).
//!
//! [`open`] reads a stranger's link: parse, decode, type (serde, unknown fields refused),
//! validate (the lesson exists, the scenario passes `scenario::parse`), then play it once to
//! check the edits play and to clamp the step (saying so). Every refusal is a [`Problem`] in
//! both languages; it never panics.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{codec, parse_fragment_lenient, EmbedFlags, Problem, MAX_FRAGMENT_CHARS};
use crate::engine::{Category, Lang};
use crate::lessons::language::LangText;
use crate::lessons::recording::Recording;
use crate::lessons::{catalog, Challenge, Intervention, PlayOptions, ToggleChoice, FREE_PLAY_ID};
use crate::on_screen::admit::{admit_versus, first, too_many_edits_in};
use crate::on_screen::versus::Versus;
use crate::on_screen::{admit, Arrival, Carrier, OnScreen, PageView, Played};
use crate::scenario::Scenario;
use crate::view::story::Level;

/// Everything beyond the readable parts: the `x=` parameter's JSON.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Extra {
    /// Free play's scenario, inline (only with `lesson=free-play`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<Scenario>,
    /// The recorded live run on screen (replayed offline), when it fits in a link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recording: Option<Recording>,
    /// Event categories that stop `run`, in [`Category::ALL`] order: every line of the host's
    /// code that stands for such events has a breakpoint (`host_code::LineBreaks`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breakpoints: Vec<Category>,
    /// Lines of the host's code with a breakpoint beyond the whole kinds in `breakpoints`, by
    /// their place's name (`store.append`); a name this build does not know is left out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    /// The current branch's fork edits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interventions: Vec<Intervention>,
    /// The contrast modes the learner fixed.
    #[serde(default, skip_serializing_if = "ToggleChoice::is_empty")]
    pub toggles: ToggleChoice,
    /// A comparison on screen (issue 49): the other run's edits and toggles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare: Option<LinkedVersus>,
}

/// A comparison's other run, as a link carries it: its fork edits and the contrast modes it
/// fixes (the same source, language and step as the run on screen).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkedVersus {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub interventions: Vec<Intervention>,
    #[serde(default, skip_serializing_if = "ToggleChoice::is_empty")]
    pub toggles: ToggleChoice,
}

impl LinkedVersus {
    /// The other run of a comparison on screen.
    pub fn of(versus: &Versus) -> LinkedVersus {
        LinkedVersus {
            interventions: versus.options.interventions.clone(),
            toggles: versus.options.learner_toggles,
        }
    }

    /// The other run, in `lang`.
    pub fn versus(&self, lang: Lang) -> Versus {
        Versus {
            options: PlayOptions {
                interventions: self.interventions.clone(),
                learner_toggles: self.toggles,
                lang,
                ..PlayOptions::default()
            },
        }
    }
}

impl Extra {
    /// Whether there is nothing to put in `x=`.
    pub fn is_empty(&self) -> bool {
        *self == Extra::default()
    }

    /// The compressed `x=` value, None when there is nothing beyond the readable parts.
    pub fn encode(&self) -> Option<String> {
        if self.is_empty() {
            return None;
        }
        // Plain data with string keys: serializing cannot fail.
        let json = serde_json::to_string(self).unwrap_or_default();
        Some(codec::encode(json.as_bytes()))
    }
}

/// The longest `x=` a recorded run may make: the rest of a link needs a few hundred characters
/// and a reader accepts [`MAX_FRAGMENT_CHARS`].
pub const MAX_X_WITH_RECORDING: usize = MAX_FRAGMENT_CHARS - 500;

/// The `x=` a link writes, and whether the recorded run was left out of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkX {
    pub x: Option<String>,
    /// The recorded run on screen would have made the link too long to open: it is not in
    /// `x` (the share dialog says so and points to export).
    pub recording_left_out: bool,
}

impl Extra {
    /// The link-size rule: [`Extra::encode`], but a recorded run that would make `x=` longer
    /// than [`MAX_X_WITH_RECORDING`] is left out, and the rest is linked without it.
    pub fn encode_for_link(mut self) -> LinkX {
        let x = self.encode();
        let too_long = x.as_ref().is_some_and(|x| x.len() > MAX_X_WITH_RECORDING);
        if self.recording.is_some() && too_long {
            self.recording = None;
            return LinkX {
                x: self.encode(),
                recording_left_out: true,
            };
        }
        LinkX {
            x,
            recording_left_out: false,
        }
    }
}

/// [`Extra`] as read, without its scenario: that one goes to `scenario::parse`, which reports
/// each of its problems with the path of its field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExtra {
    /// Checked by `scenario::parse` from the JSON value instead.
    #[serde(default, rename = "scenario")]
    _scenario: serde::de::IgnoredAny,
    #[serde(default)]
    recording: Option<Recording>,
    #[serde(default)]
    breakpoints: Vec<Category>,
    #[serde(default)]
    lines: Vec<String>,
    #[serde(default)]
    interventions: Vec<Intervention>,
    #[serde(default)]
    toggles: ToggleChoice,
    #[serde(default)]
    compare: Option<LinkedVersus>,
}

/// The view state a link carries.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewState {
    /// A lesson id `lessons::Playable` reads (free play for an inline scenario).
    pub lesson: String,
    pub step: usize,
    pub lang: Lang,
    /// The level the link opens at.
    pub level: Level,
    /// `embed=`, `hide=`, `origin=`.
    pub embed: EmbedFlags,
    /// `src=`: a scenario file to fetch (the caller fetches it; it is not checked here).
    pub src: Option<String>,
    /// `challenge=`: the challenge shown beside the stage (issue 48); a link naming one the
    /// lesson does not have opens the lesson without it.
    pub challenge: Option<String>,
    pub extra: Extra,
}

impl ViewState {
    /// The default lesson at step 0 in `lang`.
    pub fn new(lesson: impl Into<String>, lang: Lang) -> ViewState {
        ViewState {
            lesson: lesson.into(),
            step: 0,
            lang,
            level: Level::default(),
            embed: EmbedFlags::default(),
            src: None,
            challenge: None,
            extra: Extra::default(),
        }
    }

    /// The link that opens `challenge` of `lesson` at its start (issue 48): the lesson's own
    /// run with the modes the challenge fixes, at its step, the challenge beside the stage.
    pub fn challenge_start(lesson: &str, challenge: &Challenge, lang: Lang) -> ViewState {
        let mut state = ViewState::new(lesson, lang);
        state.step = challenge.start;
        state.level = Level::Event;
        state.challenge = Some(challenge.id.clone());
        state.extra.toggles = challenge.modes;
        state
    }

    /// The fragment (with `#`) for this state.
    pub fn to_fragment(&self) -> String {
        fragment(self, self.extra.encode().as_deref())
    }
}

/// The fragment for `state` with an already encoded `x=` (the page keeps it in a memo, so a
/// step change does not compress the scenario again).
pub fn fragment(state: &ViewState, x: Option<&str>) -> String {
    let mut out = format!(
        "#lesson={}&step={}&lang={}&level={}",
        state.lesson,
        state.step,
        state.lang.code(),
        state.level.as_str()
    );
    out.push_str(&state.embed.link_suffix());
    if let Some(src) = &state.src {
        out.push_str("&src=");
        out.push_str(&super::encode_component(src));
    }
    if let Some(challenge) = &state.challenge {
        out.push_str("&challenge=");
        out.push_str(challenge);
    }
    if let Some(x) = x {
        out.push_str("&x=");
        out.push_str(x);
    }
    out
}

/// The id of the lesson a link without `lesson=` opens.
pub fn default_lesson() -> String {
    catalog()
        .first()
        .map_or(FREE_PLAY_ID, |lesson| lesson.id)
        .to_string()
}

/// Reads a fragment into a view state and checks everything that needs no play: the parts,
/// `x=`'s codec and types, the lesson, the scenario. `lang` is the page's language for a link
/// without `lang=`.
pub fn decode(fragment: &str, lang: Lang) -> Result<ViewState, Problem> {
    decode_noting(fragment, lang).map(|(state, _)| state)
}

/// [`decode`], with the note of the readable parts it left out (`super::parse_fragment_lenient`:
/// a bad `lang=`, `step=`, `hide=` name... is dropped and the rest opens).
pub fn decode_noting(fragment: &str, lang: Lang) -> Result<(ViewState, Option<Problem>), Problem> {
    let (link, dropped) = parse_fragment_lenient(fragment)?;
    let note = super::dropped_note(&dropped);
    let lang = link
        .lang
        .as_deref()
        .and_then(Lang::from_code)
        .unwrap_or(lang);
    let lesson = link.lesson.clone().unwrap_or_else(default_lesson);
    let extra = match &link.x {
        Some(x) => decode_extra(x)?,
        None => Extra::default(),
    };
    if extra.scenario.is_some() && link.src.is_some() {
        return Err(Problem::new(
            "这个链接既带有场景又带有 src=，无法确定打开哪一个",
            "this link carries a scenario and a src= file: it is not clear which one to open",
        ));
    }
    // A `src=` scenario arrives later and is opened as it is: fork edits, toggles or a recorded
    // run in the same link could not be checked against it, so they are refused, not dropped.
    if link.src.is_some()
        && (!extra.interventions.is_empty()
            || !extra.toggles.is_empty()
            || extra.recording.is_some())
    {
        return Err(Problem::new(
            "这个链接带有 src= 文件，同时带有分支修改、开关或运行记录：这些无法用于从 src= 打开的场景",
            "this link carries a src= file together with fork edits, toggles or a recorded run: those cannot apply to a scenario opened from src=",
        ));
    }
    // Issue 46, one pace: a link that names no level opens at the default level, the story,
    // as the bare address does, unless it names a step: then it was made before levels
    // existed, when every event was the only level, and opens at that event's level.
    let level = match link.level {
        Some(level) => level,
        None if link.step.is_none() => Level::default(),
        None => Level::Event,
    };
    let state = ViewState {
        lesson,
        step: link.step.unwrap_or(0),
        lang,
        level,
        embed: EmbedFlags::from_link(&link),
        src: link.src,
        challenge: link.challenge,
        extra,
    };
    // The one door: the lesson, the generated log's size, the scenario, the recording, and a
    // comparison's other run.
    let on_screen = state.on_screen()?;
    if let Some(versus) = state.page_view().compare {
        admit_versus(&on_screen, &versus).map_err(|refusals| first(&refusals, &Carrier::LINK))?;
    }
    Ok((state, note))
}

/// Decodes and types `x=`. The shared types it holds (fork edits, a recording) read unknown
/// fields leniently (stored sessions from newer builds); a link is read strictly instead: every
/// field it has must be one the typed value keeps.
pub fn decode_extra(x: &str) -> Result<Extra, Problem> {
    let bytes = codec::decode(x).map_err(|e| codec_problem(&e))?;
    let wrong = |e: &dyn std::fmt::Display| {
        Problem::new(
            format!("这个链接的数据不是本演练场能读的视图状态：{e}"),
            format!("this link's data is not a view state this playground reads: {e}"),
        )
    };
    // Only `from_str` and `to_string`, which the page uses anyway: each other serde_json entry
    // point would add a copy of every type's (de)serializer to the wasm.
    let text = std::str::from_utf8(&bytes).map_err(|e| wrong(&e))?;
    let mut value: Value = serde_json::from_str(text).map_err(|e| wrong(&e))?;
    let raw: RawExtra = serde_json::from_str(text).map_err(|e| wrong(&e))?;
    let scenario = value.as_object_mut().and_then(|o| o.remove("scenario"));
    let mut extra = Extra {
        scenario: None,
        recording: raw.recording,
        breakpoints: raw.breakpoints,
        lines: raw.lines,
        interventions: raw.interventions,
        toggles: raw.toggles,
        compare: raw.compare,
    };
    // Before anything reads the edits further (thousands once overflowed the stack): the
    // door's rule, asked early.
    let edits = [
        extra.interventions.len(),
        extra
            .recording
            .as_ref()
            .map_or(0, |r| r.options.interventions.len()),
        extra.compare.as_ref().map_or(0, |c| c.interventions.len()),
    ];
    if let Some(refusal) = too_many_edits_in(edits) {
        return Err(refusal.problem(&Carrier::LINK));
    }
    let typed: Value = serde_json::to_string(&extra)
        .and_then(|json| serde_json::from_str(&json))
        .map_err(|e| wrong(&e))?;
    if let Some(path) = unknown_field(&value, &typed, String::new()) {
        return Err(wrong(&format!("unknown field `{path}`")));
    }
    if let Some(value) = scenario {
        extra.scenario = Some(
            crate::scenario::parse(&value.to_string()).map_err(|errors| {
                Problem::new(
                    format!("这个链接里的场景无效。{}", errors.message(Lang::Zh)),
                    format!(
                        "this link's scenario is not valid. {}",
                        errors.message(Lang::En)
                    ),
                )
            })?,
        );
    }
    extra.breakpoints.sort();
    extra.breakpoints.dedup();
    // The lines stay as written (a set once on screen, `host_code::LineBreaks`): sorting
    // strings here would add a sort's code to the first module for nothing.
    Ok(extra)
}

/// The path of the first field of `input` that `typed` (the same data read and written back)
/// does not have: a field the reader ignored.
fn unknown_field(input: &Value, typed: &Value, path: String) -> Option<String> {
    match (input, typed) {
        (Value::Object(input), Value::Object(typed)) => input.iter().find_map(|(key, value)| {
            let here = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            match typed.get(key) {
                Some(typed) => unknown_field(value, typed, here),
                // Writing skips a default (an empty list, no toggle flipped): a hand-written
                // default is the same data, not an ignored field.
                None if is_written_default(value) => None,
                None => Some(here),
            }
        }),
        (Value::Object(input), _) => input.keys().next().map(|key| format!("{path}.{key}")),
        (Value::Array(input), Value::Array(typed)) => input
            .iter()
            .zip(typed)
            .enumerate()
            .find_map(|(i, (value, typed))| unknown_field(value, typed, format!("{path}[{i}]"))),
        _ => None,
    }
}

/// `[]`, `null`, `false`, or an object of only those (`{}`): a value serialization leaves out.
fn is_written_default(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(items) => items.is_empty(),
        Value::Object(fields) => fields.values().all(is_written_default),
        _ => false,
    }
}

fn codec_problem(error: &codec::CodecError) -> Problem {
    use codec::CodecError::*;
    let zh = match error {
        Version(v) => format!("这个链接使用格式版本 '{v}'，本演练场读不了"),
        Base64 => "这个链接的数据不是有效的 base64url：可能被截断或改动过".to_string(),
        Compression => "这个链接的数据无法解压：可能被截断或改动过".to_string(),
        TooLarge => format!(
            "这个链接的数据解压后超过 {} 字节，没有读取",
            codec::MAX_DECODED_BYTES
        ),
    };
    Problem::new(zh, error.to_string())
}

/// A link that passed every check, ready to put on screen.
#[derive(Clone, Debug)]
pub struct Opened {
    /// The state, its step clamped to the run.
    pub state: ViewState,
    /// What the reader changed while opening (a readable part left out, a step past the end),
    /// for the banner.
    pub notice: Option<Problem>,
    /// The run as the check played it: a recording's replay (the live run on screen), or the
    /// scripted run and where it left the original run, the run the page shows, so the page
    /// need not play it again. None when the link needed no play.
    pub played: Option<Played>,
}

/// [`decode`], then plays what the link asks for once: the fork edits must play, a recorded
/// run must replay, and a step past the end is clamped to the last step (and said). A `src=`
/// link's scenario is not fetched here: its step is clamped when it arrives. A link to step 0
/// with nothing in `x=` needs no play.
pub fn open(fragment: &str, lang: Lang) -> Result<Opened, Problem> {
    let (mut state, dropped) = decode_noting(fragment, lang)?;
    // Nothing to check or clamp (the page as opened without a link): no play on the way in.
    if state.src.is_some() || (state.step == 0 && state.extra.is_empty()) {
        return Ok(Opened {
            state,
            notice: dropped,
            played: None,
        });
    }
    let played = state.on_screen()?.play().map_err(|why| {
        Problem::new(
            format!("这个链接的运行无法播放：{why}"),
            format!("this link's run cannot be played: {why}"),
        )
    })?;
    let last = played.timeline.len();
    let notice = (state.step > last).then(|| {
        Problem::new(
            format!(
                "这个链接的第 {} 步超出了运行的长度（{last} 步），已打开第 {last} 步",
                state.step
            ),
            format!(
                "this link's step {} is past the end of the run ({last} steps); it opened at step {last}",
                state.step
            ),
        )
    });
    state.step = state.step.min(last);
    // Both notes, when a part was left out and the step was clamped.
    let notice = match (dropped, notice) {
        (Some(a), Some(b)) => Some(Problem::new(
            format!("{}；{}", a.zh, b.zh),
            format!("{}; {}", a.en, b.en),
        )),
        (a, b) => a.or(b),
    };
    Ok(Opened {
        state,
        notice,
        played: Some(played),
    })
}

impl ViewState {
    /// What the link carried of the run, for the door ([`admit`]).
    pub fn arrival(&self) -> Arrival {
        Arrival {
            lesson: self.lesson.clone(),
            scenario: self.extra.scenario.clone(),
            options: PlayOptions {
                interventions: self.extra.interventions.clone(),
                learner_toggles: self.extra.toggles,
                lang: self.lang,
                ..PlayOptions::default()
            },
            earlier: Vec::new(),
            recording: self.extra.recording.clone(),
            step: self.step,
        }
    }

    /// The run on screen this state names, through the door: its lesson (free play's
    /// scenario), the options it plays with (the link's edits and toggles, in its language),
    /// its recorded run and its step; or the first refusal, worded for a link.
    pub fn on_screen(&self) -> Result<OnScreen, Problem> {
        admit(self.arrival())
            .map(|admitted| admitted.on_screen)
            .map_err(|refusals| first(&refusals, &Carrier::LINK))
    }

    /// What the link carries of how the page shows the run: its level, breakpoints and the
    /// comparison on screen.
    pub fn page_view(&self) -> PageView {
        PageView {
            level: Some(self.level),
            breakpoints: self.extra.breakpoints.clone(),
            compare: self.extra.compare.as_ref().map(|c| c.versus(self.lang)),
        }
    }

    /// The state of a link to `on_screen` at `level`, with the page's `embed` flags and
    /// `breakpoints` (no `src=`: what is on screen has been fetched).
    pub fn of(
        on_screen: &OnScreen,
        level: Level,
        embed: EmbedFlags,
        breakpoints: Vec<Category>,
    ) -> ViewState {
        ViewState {
            lesson: on_screen.lesson_id().to_string(),
            step: on_screen.step,
            lang: on_screen.options.lang,
            level,
            embed,
            src: None,
            challenge: None,
            extra: Extra::of(on_screen, breakpoints),
        }
    }
}

impl Extra {
    /// What a link to `on_screen` carries beyond the readable parts, with `breakpoints`: free
    /// play's scenario, the recorded run, the fork edits and the learner's toggles.
    pub fn of(on_screen: &OnScreen, breakpoints: Vec<Category>) -> Extra {
        Extra {
            scenario: on_screen.source.scenario().map(|s| (**s).clone()),
            recording: on_screen.recording.as_ref().map(|r| (**r).clone()),
            breakpoints,
            lines: Vec::new(),
            interventions: on_screen.options.interventions.clone(),
            toggles: on_screen.options.learner_toggles,
            compare: None,
        }
    }

    /// With the comparison on screen (None: none).
    pub fn with_compare(self, versus: Option<&Versus>) -> Extra {
        Extra {
            compare: versus.map(LinkedVersus::of),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_lesson_link_has_no_x() {
        let mut state = ViewState::new("l3-lock-scope", Lang::Zh);
        state.step = 12;
        assert_eq!(
            state.to_fragment(),
            "#lesson=l3-lock-scope&step=12&lang=zh&level=story"
        );
        state.extra.toggles = ToggleChoice::hold_lock(true);
        assert!(state.to_fragment().contains("&x=1."));
    }

    #[test]
    fn a_step_past_the_end_is_clamped_and_said() {
        let opened =
            open("#lesson=l2-drain-loses-mail&step=99999&lang=en", Lang::Zh).expect("opens");
        assert!(opened.state.step < 99999 && opened.state.step > 0);
        let notice = opened.notice.expect("says so");
        assert!(notice.en.contains("past the end") && notice.zh.contains("超出"));
    }

    #[test]
    fn a_scenario_on_a_built_in_lesson_is_refused() {
        let mut state = ViewState::new(FREE_PLAY_ID, Lang::En);
        state.extra.scenario = crate::scenario::parse(
            r#"{"version":1,"members":[{"name":"lead","role":"lead","kind":"lead"}],"task":"t"}"#,
        )
        .ok();
        assert!(state.extra.scenario.is_some());
        let fragment = state.to_fragment();
        assert!(open(&fragment, Lang::En).is_ok());
        let moved = fragment.replace("lesson=free-play", "lesson=l1-two-investigators");
        let error = open(&moved, Lang::En).expect_err("refused");
        assert!(error.en.contains("not free play"), "{}", error.en);
    }
}
