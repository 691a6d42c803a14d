//! The editor's operations on a scenario's checkpoints (issue 26 part 2): add one, remove one,
//! and change one part of one ([`CheckpointEdit`]). Like every other edit, each is made or
//! refused with a reason in both languages; what a made edit leaves wrong (an unknown rule, a
//! question missing a language) is `checkpoint_check.rs`'s to say beside the field. A refusal
//! is only for what cannot be written into the format at all: an unknown kind of question, a
//! parameter the kind has not, counts that are not numbers.

use super::errors::Problem;
use super::format::Scenario;
use crate::engine::{Caption, Lang};
use crate::lessons::checkpoint::{Ask, Checkpoint};

/// The kinds of [`Ask`] by their format name, in the order the editor lists them.
pub const ASK_KINDS: &[&str] = &[
    "where_is_message",
    "in_request",
    "lock_during_model_call",
    "member_status",
    "history_loaded",
    "inbox_holds",
    "protocol_status",
    "sender_of",
];

/// The format name of `ask`'s kind (one of [`ASK_KINDS`]).
pub fn ask_kind(ask: &Ask) -> &'static str {
    match ask {
        Ask::WhereIsMessage { .. } => "where_is_message",
        Ask::InRequest { .. } => "in_request",
        Ask::LockDuringModelCall { .. } => "lock_during_model_call",
        Ask::MemberStatus { .. } => "member_status",
        Ask::HistoryLoaded { .. } => "history_loaded",
        Ask::InboxHolds { .. } => "inbox_holds",
        Ask::ProtocolStatus { .. } => "protocol_status",
        Ask::SenderOf { .. } => "sender_of",
    }
}

/// One part of one checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckpointPart {
    Id(String),
    Rule(String),
    /// The event kind it asks at.
    Event(String),
    /// Only this actor's events; empty: any actor.
    Member(String),
    /// Only events whose summary contains this; empty: any.
    Contains(String),
    /// Which matching event, 0-based.
    Nth(usize),
    Question {
        lang: Lang,
        text: String,
    },
    /// The kind of question, by its format name; the subject is kept where the new kind asks
    /// about the same sort of thing.
    AskKind(String),
    AskMessage(String),
    AskRequest(String),
    AskMember(String),
    /// The counts as typed: numbers split at commas or spaces.
    AskCounts(String),
}

/// One change to the scenario's checkpoints.
#[derive(Clone, Debug, PartialEq)]
pub enum CheckpointEdit {
    /// Adds a checkpoint that asks where the first message is once it is queued, with the
    /// first free id `check-<N>`: valid and placed on free play's run as it is.
    Add,
    Remove {
        index: usize,
    },
    Set {
        index: usize,
        part: CheckpointPart,
    },
}

impl Scenario {
    /// Makes `edit` on the checkpoints, or says why not.
    pub(super) fn apply_checkpoint(&mut self, edit: &CheckpointEdit) -> Result<(), Problem> {
        match edit {
            CheckpointEdit::Add => {
                let id = super::edit::first_free("check-", |id| {
                    self.checkpoints.iter().any(|c| c.id == id)
                });
                self.checkpoints.push(Checkpoint {
                    id,
                    rule: "M2".into(),
                    event: "message_queued".into(),
                    member: None,
                    contains: None,
                    nth: 0,
                    question: Caption::new("这条消息现在在哪里？", "Where is this message now?"),
                    ask: Ask::WhereIsMessage {
                        message: "m1".into(),
                    },
                });
            }
            CheckpointEdit::Remove { index } => {
                checkpoint_mut(self, *index)?;
                self.checkpoints.remove(*index);
            }
            CheckpointEdit::Set { index, part } => set_part(checkpoint_mut(self, *index)?, part)?,
        }
        Ok(())
    }

    /// A member renamed from `old` to `new`: the checkpoints naming it follow.
    pub(super) fn rename_in_checkpoints(&mut self, old: &str, new: &str) {
        for checkpoint in &mut self.checkpoints {
            if checkpoint.member.as_deref() == Some(old) {
                checkpoint.member = Some(new.to_string());
            }
            if let Some(member) = ask_member_mut(&mut checkpoint.ask) {
                if member == old {
                    *member = new.to_string();
                }
            }
        }
    }
}

fn set_part(c: &mut Checkpoint, part: &CheckpointPart) -> Result<(), Problem> {
    let optional = |text: &str| (!text.is_empty()).then(|| text.to_string());
    match part {
        CheckpointPart::Id(id) => c.id = id.trim().to_string(),
        CheckpointPart::Rule(rule) => c.rule = rule.clone(),
        CheckpointPart::Event(event) => c.event = event.clone(),
        CheckpointPart::Member(member) => c.member = optional(member.trim()),
        CheckpointPart::Contains(text) => c.contains = optional(text),
        CheckpointPart::Nth(nth) => c.nth = *nth,
        CheckpointPart::Question { lang, text } => match lang {
            Lang::Zh => c.question.zh = text.clone(),
            Lang::En => c.question.en = text.clone(),
        },
        CheckpointPart::AskKind(kind) => c.ask = ask_of_kind(kind, &c.ask)?,
        CheckpointPart::AskMessage(message) => match &mut c.ask {
            Ask::WhereIsMessage { message: m }
            | Ask::InRequest { message: m, .. }
            | Ask::SenderOf { message: m } => *m = message.trim().to_string(),
            _ => return Err(no_parameter("消息", "a message")),
        },
        CheckpointPart::AskRequest(request) => match &mut c.ask {
            Ask::InRequest { request: r, .. } | Ask::ProtocolStatus { request: r } => {
                *r = request.trim().to_string()
            }
            _ => return Err(no_parameter("请求", "a request")),
        },
        CheckpointPart::AskMember(member) => match ask_member_mut(&mut c.ask) {
            Some(m) => *m = member.trim().to_string(),
            None => return Err(no_parameter("成员", "a member")),
        },
        CheckpointPart::AskCounts(typed) => {
            let counts = counts_of(typed)?;
            match &mut c.ask {
                Ask::InboxHolds { counts: old, .. } => *old = counts,
                _ => return Err(no_parameter("数目", "counts")),
            }
        }
    }
    Ok(())
}

/// The member `ask` asks about, when it asks about a member.
fn ask_member_mut(ask: &mut Ask) -> Option<&mut String> {
    match ask {
        Ask::LockDuringModelCall { member }
        | Ask::MemberStatus { member }
        | Ask::HistoryLoaded { member }
        | Ask::InboxHolds { member, .. } => Some(member),
        _ => None,
    }
}

/// A question of `kind`, keeping `old`'s message, member or request where it has one.
fn ask_of_kind(kind: &str, old: &Ask) -> Result<Ask, Problem> {
    let mut old = old.clone();
    let member = ask_member_mut(&mut old).cloned().unwrap_or_default();
    let (message, request) = match &old {
        Ask::WhereIsMessage { message } | Ask::SenderOf { message } => {
            (message.clone(), String::new())
        }
        Ask::InRequest { message, request } => (message.clone(), request.clone()),
        Ask::ProtocolStatus { request } => (String::new(), request.clone()),
        _ => (String::new(), String::new()),
    };
    let or = |kept: String, default: &str| {
        if kept.is_empty() {
            default.to_string()
        } else {
            kept
        }
    };
    let message = or(message, "m1");
    let member = or(member, "lead");
    Ok(match kind {
        "where_is_message" => Ask::WhereIsMessage { message },
        "in_request" => Ask::InRequest {
            message,
            request: or(request, "r1"),
        },
        "lock_during_model_call" => Ask::LockDuringModelCall { member },
        "member_status" => Ask::MemberStatus { member },
        "history_loaded" => Ask::HistoryLoaded { member },
        "inbox_holds" => Ask::InboxHolds {
            member,
            counts: vec![0, 1, 2],
        },
        "protocol_status" => Ask::ProtocolStatus {
            request: or(request, "shutdown-1"),
        },
        "sender_of" => Ask::SenderOf { message },
        _ => {
            return Err(Problem::new(
                format!("没有 '{kind}' 这种问题（可用的：{}）", ASK_KINDS.join(", ")),
                format!(
                    "there is no kind of question named '{kind}' (the kinds are: {})",
                    ASK_KINDS.join(", ")
                ),
            ))
        }
    })
}

/// `0, 1, 2` or `0 1 2` as numbers; anything else is refused with what was not a number.
fn counts_of(typed: &str) -> Result<Vec<usize>, Problem> {
    typed
        .split(|c: char| c == ',' || c == '，' || c.is_whitespace())
        .filter(|n| !n.is_empty())
        .map(|n| {
            n.parse::<usize>().map_err(|_| {
                Problem::new(
                    format!("'{n}' 不是非负整数：数目要写成用逗号隔开的数字，如 0, 1, 2"),
                    format!("'{n}' is not a whole number: write the counts as numbers separated by commas, such as 0, 1, 2"),
                )
            })
        })
        .collect()
}

fn no_parameter(zh: &str, en: &str) -> Problem {
    Problem::new(
        format!("这种问题不问{zh}：先选一种问{zh}的问题"),
        format!("this kind of question does not ask about {en}: pick a kind that does first"),
    )
}

fn checkpoint_mut(s: &mut Scenario, index: usize) -> Result<&mut Checkpoint, Problem> {
    s.checkpoints.get_mut(index).ok_or_else(|| {
        Problem::new(
            format!("没有第 {} 个检查点", index + 1),
            format!("there is no checkpoint number {}", index + 1),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::checkpoint::place;
    use crate::scenario::edit::{Edit, Field};
    use crate::on_screen::{OnScreen, Source};
    use crate::scenario::{parse, VERSION};
    use std::sync::Arc;

    fn start() -> Scenario {
        Scenario::default_free_play(Lang::En)
    }

    fn set(s: &Scenario, index: usize, part: CheckpointPart) -> Result<Scenario, Problem> {
        s.apply(&Edit::Checkpoint(CheckpointEdit::Set { index, part }))
    }

    fn placement_of(s: &Scenario) -> crate::lessons::checkpoint::Placement {
        let played = OnScreen::new(Source::Scenario(Arc::new(s.clone())), Default::default())
            .play()
            .unwrap();
        place(&s.checkpoints, &played.timeline)
    }

    #[test]
    fn an_added_checkpoint_is_valid_version_2_and_asks_on_free_play() {
        let s = start()
            .apply(&Edit::Checkpoint(CheckpointEdit::Add))
            .unwrap();
        assert_eq!(s.version, crate::scenario::NEWEST_VERSION);
        assert_eq!(s.validate(), Ok(()));
        assert_eq!(s.checkpoints[0].id, "check-1");
        let placement = placement_of(&s);
        assert_eq!(placement.placed.len(), 1, "{placement:?}");
        let s2 = s.apply(&Edit::Checkpoint(CheckpointEdit::Add)).unwrap();
        assert_eq!(s2.checkpoints[1].id, "check-2");
        // Removing the last one writes version 1 again.
        let back = s
            .apply(&Edit::Checkpoint(CheckpointEdit::Remove { index: 0 }))
            .unwrap();
        assert_eq!(back.version, VERSION);
        assert_eq!(back, start());
        assert!(back
            .apply(&Edit::Checkpoint(CheckpointEdit::Remove { index: 0 }))
            .is_err());
    }

    #[test]
    fn every_part_is_written_and_survives_the_json_round_trip() {
        let s = start()
            .apply(&Edit::Checkpoint(CheckpointEdit::Add))
            .unwrap();
        let parts = [
            CheckpointPart::Id("reader-status".into()),
            CheckpointPart::Rule("L1".into()),
            CheckpointPart::Event("round_finished".into()),
            CheckpointPart::Member("reader".into()),
            CheckpointPart::Contains("reader".into()),
            CheckpointPart::Nth(1),
            CheckpointPart::Question {
                lang: Lang::Zh,
                text: "reader 现在是什么状态？".into(),
            },
            CheckpointPart::Question {
                lang: Lang::En,
                text: "What is reader's status now?".into(),
            },
            CheckpointPart::AskKind("member_status".into()),
            CheckpointPart::AskMember("reader".into()),
        ];
        let s = parts
            .into_iter()
            .fold(s, |s, part| set(&s, 0, part).unwrap());
        assert_eq!(s.validate(), Ok(()));
        let c = &s.checkpoints[0];
        assert_eq!(c.id, "reader-status");
        assert_eq!(c.member.as_deref(), Some("reader"));
        assert_eq!((c.contains.as_deref(), c.nth), (Some("reader"), 1));
        assert_eq!(
            (c.rule.as_str(), c.event.as_str()),
            ("L1", "round_finished")
        );
        assert_eq!(c.question.en, "What is reader's status now?");
        assert_eq!(
            c.ask,
            Ask::MemberStatus {
                member: "reader".into()
            }
        );
        let read = parse(&s.to_json()).unwrap();
        assert_eq!(read, s);
        // Empty member and contains mean "any".
        let any = set(&s, 0, CheckpointPart::Member(String::new())).unwrap();
        let any = set(&any, 0, CheckpointPart::Contains(String::new())).unwrap();
        assert_eq!(
            (&any.checkpoints[0].member, &any.checkpoints[0].contains),
            (&None, &None)
        );
    }

    #[test]
    fn a_bad_field_is_a_problem_of_its_checkpoint_in_both_languages() {
        let s = start()
            .apply(&Edit::Checkpoint(CheckpointEdit::Add))
            .unwrap();
        let s = s.apply(&Edit::Checkpoint(CheckpointEdit::Add)).unwrap();
        let (bad, valid) = s
            .edited(&Edit::Checkpoint(CheckpointEdit::Set {
                index: 1,
                part: CheckpointPart::Rule("Z9".into()),
            }))
            .unwrap();
        let problems = valid.unwrap_err().problems;
        let mine: Vec<_> = problems
            .iter()
            .filter(|p| Field::Checkpoint(1).owns(p, &bad))
            .collect();
        assert_eq!(mine.len(), 1, "{problems:?}");
        assert!(mine[0].en.contains("'Z9' is not a rule id"));
        assert!(mine[0].zh.contains("不是规则编号"));
        assert!(!problems.iter().any(|p| Field::Checkpoint(0).owns(p, &bad)));
        assert_eq!(Field::Checkpoint(1).key(), "checkpoint-1");
        // A question missing a language, a member not in the team, a repeated id.
        let bad = set(
            &s,
            0,
            CheckpointPart::Question {
                lang: Lang::Zh,
                text: " ".into(),
            },
        )
        .unwrap();
        let bad = set(&bad, 0, CheckpointPart::Member("ghost".into())).unwrap();
        let bad = set(&bad, 1, CheckpointPart::Id("check-1".into())).unwrap();
        let problems = bad.validate().unwrap_err().problems;
        let of = |i: usize| {
            problems
                .iter()
                .filter(|p| Field::Checkpoint(i).owns(p, &bad))
                .count()
        };
        assert_eq!((of(0), of(1)), (2, 1), "{problems:?}");
    }

    #[test]
    fn the_kind_keeps_its_subject_and_parameters_it_has_not_are_refused() {
        let s = start()
            .apply(&Edit::Checkpoint(CheckpointEdit::Add))
            .unwrap();
        let s = set(&s, 0, CheckpointPart::AskMessage("m2".into())).unwrap();
        let s = set(&s, 0, CheckpointPart::AskKind("in_request".into())).unwrap();
        assert_eq!(
            s.checkpoints[0].ask,
            Ask::InRequest {
                message: "m2".into(),
                request: "r1".into()
            }
        );
        let s = set(&s, 0, CheckpointPart::AskRequest("r3".into())).unwrap();
        let s = set(&s, 0, CheckpointPart::AskKind("sender_of".into())).unwrap();
        assert_eq!(
            s.checkpoints[0].ask,
            Ask::SenderOf {
                message: "m2".into()
            }
        );
        let err = set(&s, 0, CheckpointPart::AskMember("reader".into())).unwrap_err();
        assert!(err.en.contains("does not ask about a member"), "{err:?}");
        assert!(err.zh.contains("成员"));
        assert!(set(&s, 0, CheckpointPart::AskKind("riddle".into())).is_err());
        let s = set(&s, 0, CheckpointPart::AskKind("inbox_holds".into())).unwrap();
        let s = set(&s, 0, CheckpointPart::AskCounts("0, 2，5 7".into())).unwrap();
        assert_eq!(
            s.checkpoints[0].ask,
            Ask::InboxHolds {
                member: "lead".into(),
                counts: vec![0, 2, 5, 7]
            }
        );
        let err = set(&s, 0, CheckpointPart::AskCounts("1, two".into())).unwrap_err();
        assert!(err.en.contains("'two' is not a whole number"));
        let (bad, valid) = s
            .edited(&Edit::Checkpoint(CheckpointEdit::Set {
                index: 0,
                part: CheckpointPart::AskCounts("1 1".into()),
            }))
            .unwrap();
        assert!(valid
            .unwrap_err()
            .problems
            .iter()
            .any(|p| Field::Checkpoint(0).owns(p, &bad) && p.en.contains("distinct")));
    }

    #[test]
    fn a_checkpoint_whose_moment_never_happens_is_dropped_with_a_note() {
        let s = start()
            .apply(&Edit::Checkpoint(CheckpointEdit::Add))
            .unwrap();
        let s = set(&s, 0, CheckpointPart::Nth(50)).unwrap();
        assert_eq!(s.validate(), Ok(()));
        let placement = placement_of(&s);
        assert!(placement.placed.is_empty());
        assert_eq!(placement.dropped.len(), 1);
        assert!(
            !placement.dropped[0].note.zh.is_empty() && !placement.dropped[0].note.en.is_empty()
        );
    }

    #[test]
    fn renaming_a_member_renames_it_in_the_checkpoints() {
        let s = start()
            .apply(&Edit::Checkpoint(CheckpointEdit::Add))
            .unwrap();
        let s = set(&s, 0, CheckpointPart::Member("reader".into())).unwrap();
        let s = set(&s, 0, CheckpointPart::AskKind("history_loaded".into())).unwrap();
        let s = set(&s, 0, CheckpointPart::AskMember("reader".into())).unwrap();
        let i = s.members.iter().position(|m| m.name == "reader").unwrap();
        let r = s
            .apply(&Edit::RenameMember {
                index: i,
                name: "ann".into(),
            })
            .unwrap();
        assert_eq!(r.checkpoints[0].member.as_deref(), Some("ann"));
        assert_eq!(
            r.checkpoints[0].ask,
            Ask::HistoryLoaded {
                member: "ann".into()
            }
        );
        assert_eq!(r.validate(), Ok(()));
    }
}
