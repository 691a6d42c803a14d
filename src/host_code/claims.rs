//! What a line of the host's code stands for, as data: the event kinds it produces and, where
//! one kind comes from more than one line, the condition that tells the lines apart (a refusal's
//! code, the tool it answers, the event just before or after it, a round's outcome), read from
//! their compact form in `places.txt` ([`parse_claims`]). The mapper (`mapper.rs`) asks every
//! line of an event; the native test (`tests/it/host_code.rs`) walks every step of every lesson
//! and holds that exactly one line answers.

use crate::engine::{Event, EventKind, RoundOutcome};

/// Names (event kinds, refusal codes, tools), borrowed from `places.txt`.
pub type List = Vec<&'static str>;

/// A condition on an event, beside its kind. Every condition of a claim must hold.
#[derive(Clone, Debug)]
pub enum When {
    /// A refusal whose code is one of these.
    Code(List),
    /// A refusal whose code is none of these.
    NotCode(List),
    /// A refusal or a tool result that answers one of these tools.
    Tool(List),
    /// Not an answer to one of these tools (no tool at all counts).
    NotTool(List),
    /// A refusal that answers a tool call (true) or a command or host step (false).
    HasTool(bool),
    /// The event just before is of one of these kinds.
    Prev(List),
    /// The event just before is of none of these kinds (or there is none).
    NotPrev(List),
    /// The event just after is of one of these kinds.
    Next(List),
    /// A finished round whose outcome is one of these (`answered`, `stopped`, `failed`,
    /// `shutdown`).
    Outcome(List),
    /// An opened protocol request of this kind (`shutdown`, `plan`).
    Protocol(&'static str),
    /// A tool result that is an error (true) or not (false).
    Error(bool),
    /// The member the event happened for is the lead (true) or a teammate (false).
    ByLead(bool),
    /// Only when no other claim on this kind holds: the line every case not named elsewhere
    /// comes from (the refusal class for rare refusals).
    Otherwise,
}

/// One event kind a line stands for, with the conditions that must hold.
#[derive(Clone, Debug)]
pub struct Claim {
    /// An engine event kind's name (`EventKind::name`).
    pub kind: &'static str,
    /// Every one must hold; none for "every event of this kind".
    pub when: Vec<When>,
}

impl Claim {
    /// Whether this claim is the catch-all of its kind.
    pub fn is_otherwise(&self) -> bool {
        self.when.iter().any(|w| matches!(w, When::Otherwise))
    }
}

/// The claims of one line as `places.txt` writes them: claims split by `;`, each an event
/// kind followed by its conditions, split by spaces: `code=a,b` `tool=` `prev=` `next=`
/// `outcome=` `protocol=` (and `!code=` `!tool=` `!prev=` for "none of these"), the flags
/// `has_tool` `error` `lead` (`!error`, `!lead` for their opposites) and `otherwise`.
pub fn parse_claims(text: &'static str) -> Result<Vec<Claim>, String> {
    text.split(';')
        .map(|claim| {
            let mut words = claim.split_whitespace();
            let kind = words.next().ok_or("a claim without an event kind")?;
            let when = words.map(parse_when).collect::<Result<_, _>>()?;
            Ok(Claim { kind, when })
        })
        .collect()
}

fn parse_when(word: &'static str) -> Result<When, String> {
    let list = |v: &'static str| v.split(',').collect::<List>();
    Ok(match word.split_once('=') {
        Some(("code", v)) => When::Code(list(v)),
        Some(("!code", v)) => When::NotCode(list(v)),
        Some(("tool", v)) => When::Tool(list(v)),
        Some(("!tool", v)) => When::NotTool(list(v)),
        Some(("prev", v)) => When::Prev(list(v)),
        Some(("!prev", v)) => When::NotPrev(list(v)),
        Some(("next", v)) => When::Next(list(v)),
        Some(("outcome", v)) => When::Outcome(list(v)),
        Some(("protocol", v)) => When::Protocol(v),
        Some(_) => return Err(format!("an unknown condition: {word}")),
        None => match word {
            "has_tool" => When::HasTool(true),
            "error" => When::Error(true),
            "!error" => When::Error(false),
            "lead" => When::ByLead(true),
            "!lead" => When::ByLead(false),
            "otherwise" => When::Otherwise,
            _ => return Err(format!("an unknown condition: {word}")),
        },
    })
}

/// An event where it happened: the log around it and the lead's name.
#[derive(Clone, Copy)]
pub struct At<'a> {
    /// The run's events.
    pub events: &'a [Event],
    /// The event's index in `events`.
    pub index: usize,
    /// The team's lead (for [`When::ByLead`]).
    pub lead: &'a str,
}

impl<'a> At<'a> {
    /// The event itself (None past the end).
    pub fn event(&self) -> Option<&'a Event> {
        self.events.get(self.index)
    }

    fn kind_at(&self, index: Option<usize>) -> Option<&'static str> {
        index
            .and_then(|i| self.events.get(i))
            .map(|e| e.kind.name())
    }

    fn prev_kind(&self) -> Option<&'static str> {
        self.kind_at(self.index.checked_sub(1))
    }

    fn next_kind(&self) -> Option<&'static str> {
        self.kind_at(self.index.checked_add(1))
    }
}

/// The tool a refusal or a tool result answers.
fn tool_of(kind: &EventKind) -> Option<&str> {
    match kind {
        EventKind::Refused { refusal } => refusal.tool.as_deref(),
        EventKind::ToolExecuted { tool, .. } => Some(tool),
        _ => None,
    }
}

fn outcome_name(outcome: &RoundOutcome) -> &'static str {
    match outcome {
        RoundOutcome::Answered => "answered",
        RoundOutcome::Stopped(_) => "stopped",
        RoundOutcome::Failed(_) => "failed",
        RoundOutcome::Shutdown => "shutdown",
    }
}

fn one_of(value: Option<&str>, list: &[&str]) -> bool {
    value.is_some_and(|v| list.contains(&v))
}

/// Whether `when` holds of the event at `at` ([`When::Otherwise`] is the mapper's to decide;
/// here it holds).
pub fn holds(when: &When, at: &At) -> bool {
    let Some(event) = at.event() else {
        return false;
    };
    let code = match &event.kind {
        EventKind::Refused { refusal } => Some(refusal.code.as_str()),
        _ => None,
    };
    match when {
        When::Code(list) => one_of(code, list),
        When::NotCode(list) => !one_of(code, list),
        When::Tool(list) => one_of(tool_of(&event.kind), list),
        When::NotTool(list) => !one_of(tool_of(&event.kind), list),
        When::HasTool(has) => tool_of(&event.kind).is_some() == *has,
        When::Prev(list) => one_of(at.prev_kind(), list),
        When::NotPrev(list) => !one_of(at.prev_kind(), list),
        When::Next(list) => one_of(at.next_kind(), list),
        When::Outcome(list) => match &event.kind {
            EventKind::RoundFinished { outcome, .. } => list.contains(&outcome_name(outcome)),
            _ => false,
        },
        When::Protocol(kind) => match &event.kind {
            EventKind::ProtocolOpened { request } => request.kind.as_str() == *kind,
            _ => false,
        },
        When::Error(error) => match &event.kind {
            EventKind::ToolExecuted { is_error, .. } => is_error == error,
            _ => false,
        },
        When::ByLead(lead) => (event.actor.as_deref() == Some(at.lead)) == *lead,
        When::Otherwise => true,
    }
}

/// Whether `claim` holds of the event at `at`, leaving [`When::Otherwise`] aside.
pub fn claim_holds(claim: &Claim, at: &At) -> bool {
    at.event().is_some_and(|e| e.kind.name() == claim.kind)
        && claim.when.iter().all(|w| holds(w, at))
}
