//! The postMessage API (version 1) between an embedded playground and the page around its
//! iframe: the commands a parent page sends in, the messages the playground posts out, and the
//! two course platforms' resize formats (Canvas's `lti.frameResize`, H5P's resizer). Pure and
//! tested natively; `ui/features/embed.rs` is the browser binding that reads `message` events and posts.
//!
//! In: `{target: "agent-team-playground", v: 1, type, id?, ...}`. Anything not addressed to us
//! is ignored without a word (course pages carry other scripts' messages); a command addressed
//! to us that is malformed is answered with a `reply` carrying `ok: false` and the error, but
//! only when it had an `id` to answer to.
//!
//! Out: `{source: "agent-team-playground", v: 1, type, ...}`. Our own messages never use the
//! keys `subject`, `messageType` or `context`: course platforms read those, and a message of
//! ours must not be mistaken for one of theirs. The Canvas and H5P messages are separate
//! messages in those platforms' own formats.

use super::challenge_report::ReportedChallenge;
use serde_json::{json, Map, Value};

use super::embed_results::LessonScore;
use super::message::message;
pub use super::message::{NAME, VERSION};
use crate::engine::{Lang, Position, TeamState, Timeline};
use crate::lessons::language::LangText;
use crate::view::caption::step_caption_parts;
use crate::view::card::cards;
use crate::view::facts::plain;
#[cfg(doc)]
use crate::view::lanes::Places;
use crate::view::lanes::{Lane, Placement};

/// Longest `id` a command may carry (it is echoed back).
pub const MAX_ID_CHARS: usize = 200;
/// Keys course platforms read; none of our own messages has them.
pub const RESERVED_KEYS: [&str; 3] = ["subject", "messageType", "context"];

/// One field of an incoming message, as the browser binding read it off the JavaScript object
/// (no JSON round trip, so no generic JSON value code in the wasm).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum MessageField {
    #[default]
    Missing,
    Null,
    Number(f64),
    Text(String),
    /// A boolean, an object, an array, a function.
    Other,
}

impl MessageField {
    fn text(&self) -> Option<&str> {
        match self {
            MessageField::Text(text) => Some(text),
            _ => None,
        }
    }

    /// A whole number, 0 or more.
    fn count(&self) -> Option<u64> {
        match self {
            MessageField::Number(n) if *n >= 0.0 && n.fract() == 0.0 && *n <= 9.0e15 => {
                Some(*n as u64)
            }
            _ => None,
        }
    }

    /// How the field reads in an error message.
    fn describe(&self) -> String {
        match self {
            MessageField::Missing => "nothing".to_string(),
            MessageField::Null => "null".to_string(),
            // Whole numbers as integers: formatting a float would add its code to the wasm.
            MessageField::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => {
                format!("{}", *n as i64)
            }
            MessageField::Number(_) => "a number that is not whole".to_string(),
            MessageField::Text(text) => {
                format!("\"{}\"", text.chars().take(40).collect::<String>())
            }
            MessageField::Other => "a value that is not a number".to_string(),
        }
    }
}

/// The fields of an incoming message that this API reads; `object` is false when the data
/// was not an object at all (a string, a number), which is never ours.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Raw {
    pub object: bool,
    pub context: MessageField,
    pub action: MessageField,
    pub target: MessageField,
    pub v: MessageField,
    pub kind: MessageField,
    pub id: MessageField,
    pub step: MessageField,
    pub link: MessageField,
}

impl Raw {
    /// Builds a `Raw` from a key lookup (the binding's `Reflect.get`, a test's JSON).
    pub fn read(object: bool, mut get: impl FnMut(&str) -> MessageField) -> Raw {
        if !object {
            return Raw::default();
        }
        Raw {
            object,
            context: get("context"),
            action: get("action"),
            target: get("target"),
            v: get("v"),
            kind: get("type"),
            id: get("id"),
            step: get("step"),
            link: get("link"),
        }
    }
}

/// The id a command carried, echoed in its reply.
#[derive(Clone, Debug, PartialEq)]
pub enum Id {
    Text(String),
    Number(f64),
}

/// A command from the parent page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EmbedCommand {
    /// "Are you there?": answered with `ready` once the playground is up (pages retry it).
    Hello,
    /// One step forward.
    Step,
    /// One step back.
    Back,
    /// To this step (clamped to the run).
    Goto(usize),
    /// Play from here on the scripted model (never a live model).
    Run,
    Pause,
    /// The lesson as it opened: step 0, no fork, no toggle flipped.
    Reset,
    /// Open a playground link (or its fragment).
    Load(String),
    /// Answered with a `reply` holding the state.
    GetState,
    /// Issue 49: compare the run on screen with the other setting of the lesson's contrast
    /// mode (`true`), or close the comparison (`endCompare`, `false`).
    Compare(bool),
}

/// What one incoming message is to us.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// Not addressed to us: ignored silently.
    Ignore,
    /// A well-formed command, with the id to answer to.
    Command {
        id: Option<Id>,
        command: EmbedCommand,
    },
    /// Addressed to us but malformed: answered with `ok: false` if it had an id.
    Invalid { id: Option<Id>, error: String },
    /// A message of H5P's iframe resizer.
    H5p(H5pAction),
}

/// What H5P's resizer (the course page's side) says to a frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum H5pAction {
    /// The page asks frames to introduce themselves: we answer `hello`.
    Ready,
    /// The page answered our `hello`: it resizes frames, so we ask it to prepare a resize.
    Hello,
    /// The page's window changed size: we ask it to prepare a resize.
    Resize,
    /// The page reset the frame's height after our `prepareResize`: we send the height.
    Prepared,
}

/// Who sent a message event: whether it came from the frame's parent window, and its origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sender<'a> {
    pub parent: bool,
    pub origin: &'a str,
}

/// Reads one `message` event, the API's one way in: only the parent window's messages (and,
/// with `origin=`, only from that origin: `allowed`) reach it. Anything else (a sibling
/// frame's H5P `ready` or command, another origin's) is ignored, never answered.
pub fn receive(sender: Sender, allowed: Option<&str>, raw: &Raw) -> Incoming {
    if !sender.parent || !origin_allowed(allowed, sender.origin) {
        return Incoming::Ignore;
    }
    parse_incoming(raw)
}

/// Reads one `message` event's data (the sender already checked by [`receive`]).
pub fn parse_incoming(raw: &Raw) -> Incoming {
    if !raw.object {
        return Incoming::Ignore;
    }
    if raw.context.text() == Some("h5p") {
        return match raw.action.text() {
            Some("ready") => Incoming::H5p(H5pAction::Ready),
            Some("hello") => Incoming::H5p(H5pAction::Hello),
            Some("resize") => Incoming::H5p(H5pAction::Resize),
            Some("resizePrepared") => Incoming::H5p(H5pAction::Prepared),
            _ => Incoming::Ignore,
        };
    }
    if raw.target.text() != Some(NAME) {
        return Incoming::Ignore;
    }
    let id = match &raw.id {
        MessageField::Missing | MessageField::Null => None,
        MessageField::Number(n) if n.is_finite() => Some(Id::Number(*n)),
        MessageField::Text(s) if s.chars().count() <= MAX_ID_CHARS => Some(Id::Text(s.clone())),
        // An id we cannot echo safely is no id: nothing is answered.
        _ => {
            return Incoming::Invalid {
                id: None,
                error: format!(
                    "id must be a string of at most {MAX_ID_CHARS} characters or a number"
                ),
            }
        }
    };
    let invalid = |error: String| Incoming::Invalid {
        id: id.clone(),
        error,
    };
    match &raw.v {
        v if v.count() == Some(VERSION) => {}
        MessageField::Missing => {
            return invalid(format!("a command needs the API version: v: {VERSION}"))
        }
        v => {
            return invalid(format!(
                "this playground speaks API version {VERSION}, not {}",
                v.describe()
            ))
        }
    }
    let Some(kind) = raw.kind.text() else {
        return invalid("a command needs a type (a string)".to_string());
    };
    let command = match kind {
        "hello" => EmbedCommand::Hello,
        "step" => EmbedCommand::Step,
        "back" => EmbedCommand::Back,
        "goto" => match raw.step.count() {
            Some(step) => EmbedCommand::Goto(usize::try_from(step).unwrap_or(usize::MAX)),
            None => return invalid("goto needs a step: a whole number, 0 or more".to_string()),
        },
        "run" => EmbedCommand::Run,
        "pause" => EmbedCommand::Pause,
        "reset" => EmbedCommand::Reset,
        "load" => match raw.link.text() {
            Some(link) if !link.is_empty() => EmbedCommand::Load(link.to_string()),
            _ => return invalid("load needs a link: a playground link (a string)".to_string()),
        },
        "getState" => EmbedCommand::GetState,
        "compare" => EmbedCommand::Compare(true),
        "endCompare" => EmbedCommand::Compare(false),
        other => {
            let other: String = other.chars().take(40).collect();
            return invalid(format!(
                "unknown command type '{other}' (known: hello, step, back, goto, run, pause, reset, load, getState, compare, endCompare)"
            ));
        }
    };
    Incoming::Command { id, command }
}

/// Whether a message from `origin` may be read: any origin unless the link named one with
/// `origin=` (compared without a trailing slash, the way a teacher may have written it).
pub fn origin_allowed(allowed: Option<&str>, origin: &str) -> bool {
    match allowed {
        None => true,
        Some(allowed) => allowed.trim_end_matches('/') == origin.trim_end_matches('/'),
    }
}

/// Where a message is furthest, as the API names it (version 1, unchanged): the lane of its
/// front chip, with "in history, not yet sent" (shown in the candidate lane, marked) told
/// apart from "in candidate". Every place it is in at once is `places`
/// ([`Places::names`]): the inbox keeps a record taken in, the history an entry sent.
pub fn stage(position: &Position) -> &'static str {
    match (Lane::of(position), position) {
        (Lane::Candidate, Position::Committed) => "history",
        (Lane::Candidate, _) => "candidate",
        (Lane::Queued, _) => "queued",
        (Lane::Request, _) => "request",
        (Lane::Lost, _) => "lost",
    }
}

/// A member as `state` reports it: what its card shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub name: String,
    pub role: String,
    pub status: &'static str,
    pub busy: bool,
}

/// A message as `state` reports it: where its chips are.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    pub id: String,
    pub from: String,
    pub to: String,
    pub kind: &'static str,
    /// Its furthest place: the lane of its front chip ([`stage`]).
    pub stage: &'static str,
    /// Every place it is in (`inbox`, `candidate`, `history`, `request`): the lanes that
    /// draw it. Added in version 1 without changing `stage`; empty when it is lost.
    pub places: Vec<&'static str>,
}

/// The view state a `state` message reports: what the cards and lanes show at the step.
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    pub lesson: String,
    pub step: usize,
    pub total: usize,
    pub lang: &'static str,
    pub playing: bool,
    pub members: Vec<Member>,
    pub messages: Vec<Message>,
    pub caption: String,
    /// The lesson's checkpoint score (`embed_results`); the binding fills it in, as it knows
    /// the learner's tries.
    pub score: LessonScore,
    /// The lesson's challenge rows (issue 48, `challenge_report`); the binding fills them in.
    pub challenges: Vec<ReportedChallenge>,
    /// The comparison on screen, if any (issue 49); the binding fills it in.
    pub compare: Option<CompareReport>,
}

/// A comparison on screen as `state` reports it: the other run's edits and toggles (a link's
/// `compare`), the step where the runs part and the other run's length.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareReport {
    pub other: crate::link::view_state::LinkedVersus,
    pub parting: Option<usize>,
    pub other_total: usize,
}

impl CompareReport {
    fn value(&self) -> Value {
        json!({
            "other": serde_json::to_string(&self.other)
                .ok()
                .and_then(|text| serde_json::from_str::<Value>(&text).ok())
                .unwrap_or(Value::Null),
            "parting": self.parting,
            "otherTotal": self.other_total,
        })
    }
}

impl Snapshot {
    /// The snapshot at `step` of `timeline`: members from the cards' model, messages from the
    /// lanes' placement (the same newest messages the lanes show), the caption as plain text.
    pub fn of(
        lesson: &str,
        timeline: &Timeline,
        state: &TeamState,
        before: Option<&TeamState>,
        step: usize,
        lang: Lang,
        playing: bool,
    ) -> Snapshot {
        let members = cards(state)
            .into_iter()
            .map(|card| Member {
                name: card.name,
                role: card.role,
                status: card.status.as_str(),
                busy: card.busy,
            })
            .collect();
        let placement = Placement::of(state, before);
        let messages = placement
            .fronts()
            .into_iter()
            .map(|chip| Message {
                id: chip.id.clone(),
                from: chip.from.clone(),
                to: chip.to.clone(),
                kind: chip.kind,
                stage: stage(&chip.position),
                places: chip.places.names(),
            })
            .collect();
        let caption = plain(&step_caption_parts(timeline, state, step, lang), lang);
        Snapshot {
            lesson: lesson.to_string(),
            step,
            total: timeline.len(),
            lang: lang.code(),
            playing,
            members,
            messages,
            caption,
            score: LessonScore::default(),
            challenges: Vec::new(),
            compare: None,
        }
    }
}

impl Snapshot {
    /// The snapshot's fields, as a `state` message and a `getState` reply carry them.
    fn fields(&self) -> Map<String, Value> {
        let members = self
            .members
            .iter()
            .map(|m| json!({"name": m.name, "role": m.role, "status": m.status, "busy": m.busy}))
            .collect();
        let messages = self
            .messages
            .iter()
            .map(|m| json!({"id": m.id, "from": m.from, "to": m.to, "kind": m.kind, "stage": m.stage, "places": m.places}))
            .collect();
        let mut map = Map::new();
        map.insert("lesson".into(), json!(self.lesson));
        map.insert("step".into(), json!(self.step));
        map.insert("total".into(), json!(self.total));
        map.insert("lang".into(), json!(self.lang));
        map.insert("playing".into(), json!(self.playing));
        map.insert("members".into(), Value::Array(members));
        map.insert("messages".into(), Value::Array(messages));
        map.insert("caption".into(), json!(self.caption));
        map.insert("score".into(), self.score.value());
        if !self.challenges.is_empty() {
            let rows = self.challenges.iter().map(|c| c.value()).collect();
            map.insert("challenges".into(), Value::Array(rows));
        }
        map.insert(
            "compare".into(),
            self.compare
                .as_ref()
                .map_or(Value::Null, CompareReport::value),
        );
        map
    }
}

impl Id {
    fn value(&self) -> Value {
        match self {
            Id::Text(text) => json!(text),
            Id::Number(n) => json!(n),
        }
    }
}

/// `ready`: the lesson is on screen and commands work.
pub fn ready(lesson: &str, step: usize, total: usize) -> String {
    let mut rest = Map::new();
    rest.insert("lesson".into(), json!(lesson));
    rest.insert("step".into(), json!(step));
    rest.insert("total".into(), json!(total));
    message("ready", rest)
}

/// `state`: sent after each step.
pub fn state(snapshot: &Snapshot) -> String {
    message("state", snapshot.fields())
}

/// Our `resize`: the content's height in CSS pixels.
pub fn resize(height: u32) -> String {
    let mut rest = Map::new();
    rest.insert("height".into(), json!(height));
    message("resize", rest)
}

/// `reply` to a command that carried an id: `ok: true` and the step the playground is at
/// after it (with the state for `getState`).
pub fn reply_ok(id: &Id, step: usize, total: usize, snapshot: Option<&Snapshot>) -> String {
    let mut rest = Map::new();
    rest.insert("id".into(), id.value());
    rest.insert("ok".into(), json!(true));
    rest.insert("step".into(), json!(step));
    rest.insert("total".into(), json!(total));
    if let Some(snapshot) = snapshot {
        rest.insert("state".into(), Value::Object(snapshot.fields()));
    }
    message("reply", rest)
}

/// `reply` to a command that failed or was malformed: `ok: false` and why.
pub fn reply_error(id: &Id, error: &str) -> String {
    let mut rest = Map::new();
    rest.insert("id".into(), id.value());
    rest.insert("ok".into(), json!(false));
    rest.insert("error".into(), json!(error));
    message("reply", rest)
}

/// Canvas's resize message (Canvas sizes LTI frames that post it).
pub fn canvas_resize(height: u32) -> String {
    format!("{{\"subject\":\"lti.frameResize\",\"height\":{height}}}")
}

/// H5P's `hello`: the frame introduces itself to H5P's resizer on the page.
pub fn h5p_hello() -> String {
    "{\"context\":\"h5p\",\"action\":\"hello\"}".to_string()
}

/// H5P's `prepareResize`: the content's height and the frame's visible height. The resizer
/// answers `resizePrepared` (after setting the frame to `clientHeight`) only when they differ
/// from each other or from the frame's height: otherwise nothing needs to change.
pub fn h5p_prepare_resize(scroll_height: u32, client_height: u32) -> String {
    format!(
        "{{\"context\":\"h5p\",\"action\":\"prepareResize\",\"scrollHeight\":{scroll_height},\"clientHeight\":{client_height}}}"
    )
}

/// H5P's `resize`, the answer to `resizePrepared`: the resizer sets the frame's height to
/// `scrollHeight` (it reads no other field).
pub fn h5p_resize(scroll_height: u32) -> String {
    format!("{{\"context\":\"h5p\",\"action\":\"resize\",\"scrollHeight\":{scroll_height}}}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{play, PlayOptions};

    /// A field as the binding would read it off the same JavaScript value.
    fn field(value: Option<&Value>) -> MessageField {
        match value {
            None => MessageField::Missing,
            Some(Value::Null) => MessageField::Null,
            Some(Value::Number(n)) => MessageField::Number(n.as_f64().unwrap_or(f64::NAN)),
            Some(Value::String(s)) => MessageField::Text(s.clone()),
            Some(_) => MessageField::Other,
        }
    }

    fn command(value: Value) -> Incoming {
        let object = value.as_object();
        let raw = Raw::read(object.is_some(), |key| {
            field(object.and_then(|o| o.get(key)))
        });
        parse_incoming(&raw)
    }

    fn parsed(text: String) -> Value {
        serde_json::from_str(&text).expect("our messages are JSON")
    }

    #[test]
    fn commands_are_read() {
        let cases = [
            (
                json!({"target": NAME, "v": 1, "type": "hello"}),
                EmbedCommand::Hello,
            ),
            (
                json!({"target": NAME, "v": 1, "type": "step"}),
                EmbedCommand::Step,
            ),
            (
                json!({"target": NAME, "v": 1, "type": "back"}),
                EmbedCommand::Back,
            ),
            (
                json!({"target": NAME, "v": 1, "type": "goto", "step": 12}),
                EmbedCommand::Goto(12),
            ),
            (
                json!({"target": NAME, "v": 1, "type": "run"}),
                EmbedCommand::Run,
            ),
            (
                json!({"target": NAME, "v": 1, "type": "pause"}),
                EmbedCommand::Pause,
            ),
            (
                json!({"target": NAME, "v": 1, "type": "reset"}),
                EmbedCommand::Reset,
            ),
            (
                json!({"target": NAME, "v": 1, "type": "load", "link": "#lesson=l3-lock-scope"}),
                EmbedCommand::Load("#lesson=l3-lock-scope".into()),
            ),
            (
                json!({"target": NAME, "v": 1, "type": "getState"}),
                EmbedCommand::GetState,
            ),
        ];
        for (value, expected) in cases {
            assert_eq!(
                command(value.clone()),
                Incoming::Command {
                    id: None,
                    command: expected
                },
                "{value}"
            );
        }
        assert_eq!(
            command(json!({"target": NAME, "v": 1, "type": "step", "id": "a-1"})),
            Incoming::Command {
                id: Some(Id::Text("a-1".into())),
                command: EmbedCommand::Step
            }
        );
        assert_eq!(
            command(json!({"target": NAME, "v": 1, "type": "getState", "id": 7})),
            Incoming::Command {
                id: Some(Id::Number(7.0)),
                command: EmbedCommand::GetState
            }
        );
        // A number id is echoed as the same number.
        let reply = parsed(reply_ok(&Id::Number(7.0), 0, 1, None));
        assert_eq!(reply["id"], json!(7.0));
        assert_eq!(reply["id"].as_f64(), Some(7.0));
    }

    #[test]
    fn messages_not_addressed_to_us_are_ignored() {
        for value in [
            json!(null),
            json!("step"),
            json!(42),
            json!([1, 2]),
            json!({}),
            json!({"type": "step", "v": 1}),
            json!({"target": "someone-else", "v": 1, "type": "step", "id": 1}),
            json!({"source": NAME, "v": 1, "type": "state"}),
            json!({"subject": "lti.frameResize", "height": 10}),
            json!({"context": "h5p", "action": "fullScreen"}),
        ] {
            assert_eq!(command(value.clone()), Incoming::Ignore, "{value}");
        }
    }

    #[test]
    fn malformed_commands_are_clear_errors_carrying_their_id() {
        let cases = [
            (json!({"target": NAME, "type": "step", "id": 1}), "version"),
            (
                json!({"target": NAME, "v": 2, "type": "step", "id": 1}),
                "version 1, not 2",
            ),
            (
                json!({"target": NAME, "v": "1", "type": "step", "id": 1}),
                "not \"1\"",
            ),
            (
                json!({"target": NAME, "v": -3, "type": "step", "id": 1}),
                "version 1, not -3",
            ),
            (
                json!({"target": NAME, "v": 1.5, "type": "step", "id": 1}),
                "not a number that is not whole",
            ),
            (json!({"target": NAME, "v": 1, "id": 1}), "needs a type"),
            (
                json!({"target": NAME, "v": 1, "type": 3, "id": 1}),
                "needs a type",
            ),
            (
                json!({"target": NAME, "v": 1, "type": "jump", "id": 1}),
                "unknown command type 'jump'",
            ),
            (
                json!({"target": NAME, "v": 1, "type": "goto", "id": 1}),
                "goto needs a step",
            ),
            (
                json!({"target": NAME, "v": 1, "type": "goto", "step": -1, "id": 1}),
                "goto needs a step",
            ),
            (
                json!({"target": NAME, "v": 1, "type": "goto", "step": 1.5, "id": 1}),
                "goto needs a step",
            ),
            (
                json!({"target": NAME, "v": 1, "type": "goto", "step": "3", "id": 1}),
                "goto needs a step",
            ),
            (
                json!({"target": NAME, "v": 1, "type": "load", "id": 1}),
                "load needs a link",
            ),
            (
                json!({"target": NAME, "v": 1, "type": "load", "link": "", "id": 1}),
                "load needs a link",
            ),
        ];
        for (value, words) in cases {
            match command(value.clone()) {
                Incoming::Invalid { id, error } => {
                    assert_eq!(id, Some(Id::Number(1.0)), "{value}");
                    assert!(error.contains(words), "{value}: {error}");
                }
                other => panic!("{value}: {other:?}"),
            }
        }
        // Without an id there is nobody to answer: the error has no id.
        assert!(matches!(
            command(json!({"target": NAME, "v": 1, "type": "jump"})),
            Incoming::Invalid { id: None, .. }
        ));
        // An id we cannot echo is dropped.
        for id in [
            json!({"a": 1}),
            json!([1]),
            json!(true),
            json!("x".repeat(201)),
        ] {
            assert!(matches!(
                command(json!({"target": NAME, "v": 1, "type": "step", "id": id})),
                Incoming::Invalid { id: None, .. }
            ));
        }
        let raw = Raw {
            object: true,
            target: MessageField::Text(NAME.into()),
            v: MessageField::Number(1.0),
            kind: MessageField::Text("step".into()),
            id: MessageField::Number(f64::INFINITY),
            ..Raw::default()
        };
        assert!(matches!(
            parse_incoming(&raw),
            Incoming::Invalid { id: None, .. }
        ));
    }

    #[test]
    fn h5p_resizer_messages_are_read() {
        assert_eq!(
            command(json!({"context": "h5p", "action": "hello"})),
            Incoming::H5p(H5pAction::Hello)
        );
        assert_eq!(
            command(json!({"context": "h5p", "action": "ready"})),
            Incoming::H5p(H5pAction::Ready)
        );
        assert_eq!(
            command(json!({"context": "h5p", "action": "resize"})),
            Incoming::H5p(H5pAction::Resize)
        );
        assert_eq!(
            command(json!({"context": "h5p", "action": "resizePrepared"})),
            Incoming::H5p(H5pAction::Prepared)
        );
        assert_eq!(
            parsed(h5p_hello()),
            json!({"context": "h5p", "action": "hello"})
        );
        assert_eq!(
            parsed(h5p_prepare_resize(640, 300)),
            json!({"context": "h5p", "action": "prepareResize", "scrollHeight": 640, "clientHeight": 300})
        );
        // H5P's resizer sets the frame to `scrollHeight`: a `height` field would be ignored.
        assert_eq!(
            parsed(h5p_resize(640)),
            json!({"context": "h5p", "action": "resize", "scrollHeight": 640})
        );
        assert_eq!(
            parsed(canvas_resize(640)),
            json!({"subject": "lti.frameResize", "height": 640})
        );
    }

    #[test]
    fn origins_are_compared_when_the_link_names_one() {
        assert!(origin_allowed(None, "https://anyone.example"));
        assert!(origin_allowed(
            Some("https://course.example"),
            "https://course.example"
        ));
        assert!(origin_allowed(
            Some("https://course.example/"),
            "https://course.example"
        ));
        assert!(!origin_allowed(
            Some("https://course.example"),
            "https://course.example.evil"
        ));
        assert!(!origin_allowed(
            Some("https://course.example"),
            "http://course.example"
        ));
        assert!(!origin_allowed(Some("https://course.example"), "null"));
    }

    /// The state of a lesson at every step, with the lanes' placement at that step.
    fn each_step(id: &str, mut check: impl FnMut(usize, &Snapshot, &Placement)) {
        let timeline = play(id, &PlayOptions::default()).expect("lesson plays");
        for step in 0..=timeline.len() {
            let (state, before) = timeline.state_with_previous(step);
            let snapshot = Snapshot::of(
                id,
                &timeline,
                &state,
                before.as_ref(),
                step,
                Lang::En,
                false,
            );
            let placement = Placement::of(&state, before.as_ref());
            check(step, &snapshot, &placement);
        }
    }

    #[test]
    fn state_reports_each_message_in_the_lane_it_is_shown_in() {
        let mut stages = std::collections::BTreeSet::new();
        let mut many_places = 0;
        for id in ["l1-two-investigators", "l2-drain-loses-mail"] {
            each_step(id, |step, snapshot, placement| {
                // v1: `stage` is the lane of the message's front chip (its furthest place),
                // one entry per message, as before.
                let fronts = placement.fronts();
                assert_eq!(snapshot.messages.len(), fronts.len());
                for chip in fronts {
                    let reported = snapshot
                        .messages
                        .iter()
                        .find(|m| m.id == chip.id)
                        .unwrap_or_else(|| panic!("{id} step {step}: {} missing", chip.id));
                    stages.insert(reported.stage);
                    let lane_of_stage = match reported.stage {
                        "queued" => Lane::Queued,
                        "candidate" | "history" => Lane::Candidate,
                        "request" => Lane::Request,
                        "lost" => Lane::Lost,
                        other => panic!("unknown stage {other}"),
                    };
                    assert_eq!(lane_of_stage, chip.lane, "{id} step {step} {}", chip.id);
                    assert_eq!(reported.stage == "history", chip.committed());
                    assert_eq!(reported.from, chip.from);
                    assert_eq!(reported.to, chip.to);
                    assert_eq!(reported.kind, chip.kind);
                }
                // `places`: every lane that draws the message, besides the Lost box.
                for message in &snapshot.messages {
                    let drawn: Vec<&str> = [Lane::Queued, Lane::Candidate, Lane::Request]
                        .into_iter()
                        .filter_map(|lane| {
                            placement
                                .chips(lane)
                                .iter()
                                .find(|c| c.id == message.id)
                                .map(|c| c.place())
                        })
                        .collect();
                    assert_eq!(message.places, drawn, "{id} step {step} {}", message.id);
                    let furthest = match message.stage {
                        "queued" => Some("inbox"),
                        "lost" => None,
                        other => Some(other),
                    };
                    if furthest.is_some() {
                        assert_eq!(message.places.last().copied(), furthest);
                    }
                    many_places += usize::from(message.places.len() > 1);
                }
            });
        }
        // Lessons 1 and 2 between them put a message in every stage, and many in more than one
        // place at once.
        let all: Vec<&str> = stages.into_iter().collect();
        assert_eq!(all, ["candidate", "history", "lost", "queued", "request"]);
        assert!(many_places > 0);
    }

    #[test]
    fn state_reports_m4_at_lesson1_step_61_in_all_three_places() {
        let id = "l1-two-investigators";
        let timeline = play(id, &PlayOptions::default()).expect("lesson plays");
        let (state, before) = timeline.state_with_previous(61);
        let snapshot = Snapshot::of(id, &timeline, &state, before.as_ref(), 61, Lang::En, false);
        let message = parsed(super::state(&snapshot));
        let m4 = message["messages"]
            .as_array()
            .expect("messages")
            .iter()
            .find(|m| m["id"] == json!("m4"))
            .expect("m4");
        assert_eq!(m4["stage"], json!("request"));
        assert_eq!(m4["places"], json!(["inbox", "history", "request"]));
    }

    #[test]
    fn compare_and_end_compare_are_read_and_state_reports_the_comparison() {
        assert_eq!(
            command(json!({"target": NAME, "v": 1, "type": "compare", "id": 3})),
            Incoming::Command {
                id: Some(Id::Number(3.0)),
                command: EmbedCommand::Compare(true)
            }
        );
        assert_eq!(
            command(json!({"target": NAME, "v": 1, "type": "endCompare"})),
            Incoming::Command {
                id: None,
                command: EmbedCommand::Compare(false)
            }
        );
        let id = "l2-drain-loses-mail";
        let timeline = play(id, &PlayOptions::default()).expect("lesson plays");
        let (state, before) = timeline.state_with_previous(3);
        let mut snapshot = Snapshot::of(id, &timeline, &state, before.as_ref(), 3, Lang::En, false);
        assert_eq!(parsed(super::state(&snapshot))["compare"], Value::Null);
        snapshot.compare = Some(CompareReport {
            other: crate::link::view_state::LinkedVersus {
                interventions: Vec::new(),
                toggles: crate::lessons::ToggleChoice::drain(true),
            },
            parting: Some(7),
            other_total: 30,
        });
        let message = parsed(super::state(&snapshot));
        assert_eq!(
            message["compare"],
            json!({"other": {"toggles": {"drain_on_read": true}}, "parting": 7, "otherTotal": 30})
        );
    }

    #[test]
    fn state_names_members_step_total_and_caption() {
        let id = "l1-two-investigators";
        let timeline = play(id, &PlayOptions::default()).expect("lesson plays");
        let step = timeline.len() / 2;
        let (state, before) = timeline.state_with_previous(step);
        let snapshot = Snapshot::of(id, &timeline, &state, before.as_ref(), step, Lang::En, true);
        let message = parsed(super::state(&snapshot));
        assert_eq!(message["source"], json!(NAME));
        assert_eq!(message["v"], json!(1));
        assert_eq!(message["type"], json!("state"));
        assert_eq!(message["lesson"], json!(id));
        assert_eq!(message["step"], json!(step));
        assert_eq!(message["total"], json!(timeline.len()));
        assert_eq!(message["lang"], json!("en"));
        assert_eq!(message["playing"], json!(true));
        let expected_caption = crate::view::caption::step_caption(&timeline, step, Lang::En);
        assert_eq!(message["caption"], json!(expected_caption));
        assert!(!expected_caption.is_empty());
        let members = message["members"].as_array().expect("members");
        let card_list = cards(&state);
        assert_eq!(members.len(), card_list.len());
        assert!(!members.is_empty());
        for (member, card) in members.iter().zip(&card_list) {
            assert_eq!(member["name"], json!(card.name));
            assert_eq!(member["role"], json!(card.role));
            assert_eq!(member["status"], json!(card.status.as_str()));
            assert_eq!(member["busy"], json!(card.busy));
        }
        let messages = message["messages"].as_array().expect("messages");
        assert_eq!(messages.len(), snapshot.messages.len());
        for (out, inner) in messages.iter().zip(&snapshot.messages) {
            assert_eq!(out["id"], json!(inner.id));
            assert_eq!(out["stage"], json!(inner.stage));
            assert_eq!(out["places"], json!(inner.places));
            assert_eq!(out["kind"], json!(inner.kind));
        }
        // Somewhere in the lesson a member is busy, and it says so.
        let mut saw_busy = false;
        each_step(id, |_, snapshot, _| {
            saw_busy |= snapshot.members.iter().any(|m| m.busy);
        });
        assert!(saw_busy);
    }

    /// The keys of an object.
    fn keys(value: &Value) -> Vec<String> {
        value
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    }

    #[test]
    fn our_messages_never_use_the_platforms_keys() {
        let id = "l2-drain-loses-mail";
        let timeline = play(id, &PlayOptions::default()).expect("lesson plays");
        let (state, before) = timeline.state_with_previous(5);
        let snapshot = Snapshot::of(id, &timeline, &state, before.as_ref(), 5, Lang::Zh, false);
        let question = Id::Text("q".into());
        let ours = [
            ready(id, 0, timeline.len()),
            super::state(&snapshot),
            resize(480),
            reply_ok(&question, 5, timeline.len(), None),
            reply_ok(&question, 5, timeline.len(), Some(&snapshot)),
            reply_error(&Id::Number(3.0), "bad"),
        ]
        .map(parsed);
        for message in &ours {
            assert_eq!(message["source"], json!(NAME), "{message}");
            assert_eq!(message["v"], json!(VERSION), "{message}");
            let mut all = keys(message);
            all.extend(keys(&message["state"]));
            for list in ["members", "messages"] {
                for item in message[list]
                    .as_array()
                    .into_iter()
                    .chain(message["state"][list].as_array())
                    .flatten()
                {
                    all.extend(keys(item));
                }
            }
            for reserved in RESERVED_KEYS {
                assert!(
                    !all.iter().any(|k| k == reserved),
                    "{reserved} in {message}"
                );
            }
            // Never mistaken for a command to ourselves (a parent that echoes).
            assert_eq!(command(message.clone()), Incoming::Ignore);
        }
        assert_eq!(ours[0]["type"], json!("ready"));
        assert_eq!(ours[0]["total"], json!(timeline.len()));
        assert_eq!(
            ours[2],
            json!({"source": NAME, "v": 1, "type": "resize", "height": 480})
        );
        let reply = &ours[4];
        assert_eq!(reply["state"]["step"], json!(5));
        assert_eq!(reply["state"]["lang"], json!("zh"));
        assert_eq!(reply["id"], json!("q"));
        assert_eq!(reply["ok"], json!(true));
        assert_eq!(reply["step"], json!(5));
        assert!(ours[3].get("state").is_none() && ours[3].get("error").is_none());
        let error = &ours[5];
        assert_eq!(
            error,
            &json!({"source": NAME, "v": 1, "type": "reply", "id": 3.0, "ok": false, "error": "bad"})
        );
    }

    #[test]
    fn the_state_and_a_get_state_reply_carry_the_lessons_score() {
        let lesson = "l1-two-investigators";
        let timeline = play(lesson, &PlayOptions::default()).expect("lesson 1 plays");
        let (state, before) = timeline.state_with_previous(3);
        let mut snapshot = Snapshot::of(
            lesson,
            &timeline,
            &state,
            before.as_ref(),
            3,
            Lang::En,
            false,
        );
        snapshot.score = LessonScore { score: 2, max: 3 };
        let id = Id::Text("s".into());
        for text in [
            super::state(&snapshot),
            reply_ok(&id, 3, timeline.len(), Some(&snapshot)),
        ] {
            let message = parsed(text.clone());
            let state = message.get("state").unwrap_or(&message);
            assert_eq!(state["score"], json!({"score": 2, "max": 3}), "{text}");
        }
    }

    #[test]
    fn only_the_parents_messages_reach_the_api_and_a_siblings_h5p_ready_is_not_answered() {
        let h5p_ready = Raw::read(true, |key| match key {
            "context" => MessageField::Text("h5p".into()),
            "action" => MessageField::Text("ready".into()),
            _ => MessageField::Missing,
        });
        let goto = Raw::read(true, |key| match key {
            "target" => MessageField::Text(NAME.into()),
            "v" => MessageField::Number(1.0),
            "type" => MessageField::Text("goto".into()),
            "step" => MessageField::Number(9.0),
            _ => MessageField::Missing,
        });
        let course = "https://course.example";
        let parent = Sender {
            parent: true,
            origin: course,
        };
        let sibling = Sender {
            parent: false,
            origin: course,
        };
        assert_eq!(
            receive(parent, None, &h5p_ready),
            Incoming::H5p(H5pAction::Ready)
        );
        assert!(matches!(
            receive(parent, Some(course), &goto),
            Incoming::Command {
                command: EmbedCommand::Goto(9),
                ..
            }
        ));
        for raw in [&h5p_ready, &goto] {
            assert_eq!(receive(sibling, None, raw), Incoming::Ignore);
            assert_eq!(receive(sibling, Some(course), raw), Incoming::Ignore);
            // The parent, from an origin the link does not name.
            assert_eq!(
                receive(parent, Some("https://other.example"), raw),
                Incoming::Ignore
            );
        }
    }
}
