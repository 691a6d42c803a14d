//! Facts a caption states (who is occupied, a status, an inbox count, where a message is, what
//! an answer said, a protocol request's status), rendered from the team state at the step the caption is shown, never
//! written by hand. A caption's text names a fact as a token, `{busy:reader}`, and the token
//! becomes words from the state at that step; a fork, a carried caption or the closing caption
//! therefore never states a fact the screen contradicts.
//!
//! `{original}` marks story text that no longer holds on a branch: the driver puts it in front
//! of a caption whose event comes after the point where the branch left the original run, and
//! it renders as "(original run)".

use super::tr;
use crate::engine::{Event, EventKind, Lang, MemberStatus, MessageId, TeamState};

/// One fact a caption can state, about one member or one message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// `{busy:m}`: whether a round is running (the member is occupied, T5).
    Busy(String),
    /// `{status:m}`: the member's status.
    Status(String),
    /// `{inbox:m}`: how many records the member's inbox keeps.
    Inbox(String),
    /// `{deliveries:m}`: deliveries used of the member's budget.
    Deliveries(String),
    /// `{pos:m3}`: where a message is (M2).
    Position(String),
    /// `{answer:m}`: the member's latest final answer.
    Answer(String),
    /// `{protocol:shutdown-1}`: a protocol request's status in the tracker (P1).
    Protocol(String),
}

/// What the state says about a fact at a step.
pub struct Scene<'a> {
    /// The team state at the step.
    pub state: &'a TeamState,
    /// The events up to the step (the first `step` events).
    pub events: &'a [Event],
}

impl Fact {
    /// Parses a token's inside, `kind:subject`.
    pub fn parse(token: &str) -> Option<Fact> {
        let (kind, subject) = token.split_once(':')?;
        let subject = subject.to_string();
        match kind {
            "busy" => Some(Fact::Busy(subject)),
            "status" => Some(Fact::Status(subject)),
            "inbox" => Some(Fact::Inbox(subject)),
            "deliveries" => Some(Fact::Deliveries(subject)),
            "pos" => Some(Fact::Position(subject)),
            "answer" => Some(Fact::Answer(subject)),
            "protocol" => Some(Fact::Protocol(subject)),
            _ => None,
        }
    }

    /// `kind:subject`, the left side of the `data-fact` attribute.
    pub fn key(&self) -> String {
        let (kind, subject) = match self {
            Fact::Busy(s) => ("busy", s),
            Fact::Status(s) => ("status", s),
            Fact::Inbox(s) => ("inbox", s),
            Fact::Deliveries(s) => ("deliveries", s),
            Fact::Position(s) => ("pos", s),
            Fact::Answer(s) => ("answer", s),
            Fact::Protocol(s) => ("protocol", s),
        };
        format!("{kind}:{subject}")
    }

    /// The fact's value in the scene, as the DOM states it (`true`, `idle`, `2`, `1/2`,
    /// `committed`, an answer's text); `none` when the member or message does not exist.
    pub fn value(&self, scene: &Scene) -> String {
        let state = scene.state;
        let none = || "none".to_string();
        match self {
            Fact::Busy(m) => state
                .member(m)
                .map_or_else(none, |m| m.round().is_some().to_string()),
            Fact::Status(m) => state
                .member(m)
                .map_or_else(none, |m| m.status().as_str().to_string()),
            Fact::Inbox(m) => state
                .member(m)
                .map_or_else(none, |_| state.inbox_count(m).to_string()),
            Fact::Deliveries(m) => state.member(m).map_or_else(none, |m| {
                format!("{}/{}", m.deliveries_used(), m.delivery_budget())
            }),
            Fact::Position(id) => message_id(state, id)
                .and_then(|id| state.message_position(id))
                .map_or_else(none, |p| p.name().to_string()),
            Fact::Answer(m) => latest_answer(scene.events, m).unwrap_or_else(none),
            Fact::Protocol(id) => state
                .protocol_requests()
                .find(|r| r.id == *id)
                .map_or_else(none, |r| r.status.as_str().to_string()),
        }
    }

    /// The value in words, in the learner's language.
    pub fn words(&self, value: &str, lang: Lang) -> String {
        if value == "none" {
            return match self {
                Fact::Answer(_) => tr(lang, "还没有最终回答", "no final answer yet"),
                _ => tr(lang, "本分支上没有它", "not on this branch"),
            }
            .to_string();
        }
        match self {
            Fact::Busy(_) => match value {
                "true" => tr(lang, "占用中", "occupied"),
                _ => tr(lang, "未占用", "not occupied"),
            }
            .to_string(),
            Fact::Status(_) => status_words(value, lang).to_string(),
            Fact::Inbox(_) => match (lang, value) {
                (Lang::Zh, n) => format!("{n} 条记录"),
                (Lang::En, "1") => "1 record".to_string(),
                (Lang::En, n) => format!("{n} records"),
            },
            Fact::Deliveries(_) => value.to_string(),
            Fact::Position(_) => position_words(value, lang).to_string(),
            Fact::Answer(_) => format!("“{}”", clip_words(value, ANSWER_CHARS).0),
            Fact::Protocol(_) => match value {
                // As the tracker says it.
                "pending" => tr(lang, "待定", "pending"),
                "approved" => tr(lang, "已批准", "approved"),
                _ => tr(lang, "已拒绝", "rejected"),
            }
            .to_string(),
        }
    }
}

/// Characters of an answer a caption quotes; the result panel shows it whole.
const ANSWER_CHARS: usize = 160;

/// A status by its code, in words: the one table of status words is the engine's
/// ([`MemberStatus::word`]), so captions, cards and tool results say the same.
fn status_words(status: &str, lang: Lang) -> &'static str {
    MemberStatus::from_name(status)
        .unwrap_or(MemberStatus::Shutdown)
        .word(lang)
}

/// A message position in words; "in history, not yet sent" is the one name of a committed
/// message on the lanes, the chips and the member detail.
pub fn position_words(position: &str, lang: Lang) -> &'static str {
    match position {
        "queued" => tr(lang, "已排队（在收件箱里）", "queued in the inbox"),
        "in_candidate" => tr(lang, "在候选中", "in a candidate"),
        "committed" => tr(lang, "已进历史，尚未发出", "in history, not yet sent"),
        "in_request" => tr(lang, "在已发出的请求里", "in a sent request"),
        "lost" => tr(lang, "已丢失", "lost"),
        _ => tr(lang, "未送达", "undelivered"),
    }
}

fn message_id(state: &TeamState, id: &str) -> Option<MessageId> {
    state
        .messages()
        .iter()
        .find(|r| r.id.to_string() == id)
        .map(|r| r.id)
}

/// The latest final answer of `member` among `events`.
pub fn latest_answer(events: &[Event], member: &str) -> Option<String> {
    events.iter().rev().find_map(|e| match &e.kind {
        EventKind::RoundFinished {
            member: m,
            final_text: Some(text),
            ..
        } if m == member => Some(text.clone()),
        _ => None,
    })
}

/// One piece of a rendered caption.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptionPart {
    /// Prose.
    Text(String),
    /// A fact rendered from the state: its `data-fact` (`key=value`) and its words.
    Fact {
        /// The fact.
        fact: Fact,
        /// Its value at the step.
        value: String,
        /// The value in words.
        words: String,
    },
    /// "(original run)": what follows tells the story of the run this branch left.
    Original,
}

impl CaptionPart {
    /// The `data-fact` attribute of a fact (`busy:reader=true`).
    pub fn data_fact(&self) -> Option<String> {
        match self {
            CaptionPart::Fact { fact, value, .. } => Some(format!("{}={value}", fact.key())),
            _ => None,
        }
    }
}

/// The words of the "(original run)" marker.
pub fn original_words(lang: Lang) -> &'static str {
    tr(lang, "（原始运行）", "(original run)")
}

/// Renders a caption template in the scene: tokens become facts, `{original}` the marker;
/// anything else in braces stays text.
pub fn render(template: &str, scene: &Scene, lang: Lang) -> Vec<CaptionPart> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let (before, after) = rest.split_at(open);
        text.push_str(before);
        // `{{` is a literal brace: quoted model or learner text is escaped with `literal`.
        if let Some(tail) = after.strip_prefix("{{") {
            text.push('{');
            rest = tail;
            continue;
        }
        let Some(close) = after.find('}') else {
            rest = after;
            break;
        };
        let token = &after[1..close];
        let part = if token == "original" {
            Some(CaptionPart::Original)
        } else {
            Fact::parse(token).map(|fact| {
                let value = fact.value(scene);
                let words = fact.words(&value, lang);
                CaptionPart::Fact { fact, value, words }
            })
        };
        match part {
            Some(part) => {
                if !text.is_empty() {
                    parts.push(CaptionPart::Text(std::mem::take(&mut text)));
                }
                parts.push(part);
            }
            None => text.push_str(&after[..=close]),
        }
        rest = &after[close + 1..];
    }
    text.push_str(rest);
    if !text.is_empty() {
        parts.push(CaptionPart::Text(text));
    }
    parts
}

/// `text` as a caption template that renders as itself: quoted model or learner text never
/// becomes a fact or the "(original run)" marker.
pub fn literal(text: &str) -> String {
    text.replace('{', "{{")
}

/// The rendered caption as plain text.
pub fn plain(parts: &[CaptionPart], lang: Lang) -> String {
    let mut out = String::new();
    for part in parts {
        match part {
            CaptionPart::Text(text) => out.push_str(text),
            CaptionPart::Fact { words, .. } => out.push_str(words),
            CaptionPart::Original => {
                out.push_str(original_words(lang));
                if lang == Lang::En {
                    out.push(' ');
                }
            }
        }
    }
    out
}

/// The fact tokens a template names (`{busy:reader}` gives `busy:reader`), in order.
pub fn tokens(template: &str) -> Vec<Fact> {
    template
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(token, _)| token))
        .filter_map(Fact::parse)
        .collect()
}

/// `text` on one line, cut to at most `max` characters at a word boundary (a space, or any
/// CJK character, which is a word of its own), never inside a word; true when it was cut.
pub fn clip_words(text: &str, max: usize) -> (String, bool) {
    let line: Vec<char> = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if line.len() <= max {
        return (line.into_iter().collect(), false);
    }
    // The last boundary at or before `max`: after a space, or before a CJK character.
    let boundary = (1..=max)
        .rev()
        .find(|&i| line[i - 1] == ' ' || is_cjk(line[i]) || is_cjk(line[i - 1]))
        .unwrap_or(max);
    let head: String = line[..boundary].iter().collect();
    (format!("{}…", head.trim_end()), true)
}

fn is_cjk(c: char) -> bool {
    ('\u{3000}'..='\u{9fff}').contains(&c) || ('\u{ff00}'..='\u{ffef}').contains(&c)
}

/// Whether the member is working on its own (a round runs): when it is not, a message stored
/// under its name was sent by the host on its behalf.
pub fn sends_on_its_own(state: &TeamState, member: &str) -> bool {
    state.member(member).is_some_and(|m| m.round().is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_ends_at_a_word_boundary_with_a_mark() {
        let (cut, was) = clip_words("Reviewed add.py: it reads correctly. Record this", 42);
        assert!(was);
        assert_eq!(cut, "Reviewed add.py: it reads correctly.…");
        let (cut, _) = clip_words("abc defghijkl", 8);
        assert_eq!(cut, "abc…", "never inside a word");
        let (cut, was) = clip_words("短文本", 10);
        assert_eq!((cut.as_str(), was), ("短文本", false));
        let (cut, _) = clip_words("一二三四五六七八九十", 4);
        assert_eq!(cut, "一二三四…", "a CJK character is a word");
    }

    #[test]
    fn tokens_parse_and_unknown_braces_stay_text() {
        assert_eq!(
            tokens("a {busy:reader} b {pos:m3} {json}"),
            vec![Fact::Busy("reader".into()), Fact::Position("m3".into())]
        );
        assert_eq!(Fact::parse("nope:x"), None);
    }

    #[test]
    fn quoted_text_never_becomes_a_fact_or_the_marker() {
        let state = crate::engine::TeamState::new(crate::engine::TeamConfig::new(vec![
            crate::engine::MemberConfig::lead(),
        ]));
        let scene = Scene {
            state: &state,
            events: &[],
        };
        let quoted = literal("{original} {busy:lead} {x}");
        let parts = render(&quoted, &scene, Lang::En);
        assert_eq!(
            parts,
            vec![CaptionPart::Text("{original} {busy:lead} {x}".into())]
        );
        let live = render("{busy:lead}", &scene, Lang::En);
        assert_eq!(live[0].data_fact().as_deref(), Some("busy:lead=false"));
    }
}
