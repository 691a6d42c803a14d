//! The scenario editor's operations, pure and natively tested: each [`Edit`] is one change a
//! teacher makes in the editor (add, rename or remove a member, edit a file, the task, a
//! toggle, a limit, an authored reply). [`Scenario::apply`] makes the change or refuses it with
//! a [`Problem`] in both languages; it never panics. A change that is structurally fine but
//! leaves the scenario invalid (an empty task, a limit out of range, no lead) is made: the
//! editor keeps what was typed, lists [`Scenario::validate`]'s problems and keeps the last
//! valid scenario playing until they are fixed. A rename is refused instead when the new name
//! is not a valid name or is taken, because renaming rewrites every reference to the member
//! and two members under one name could not be told apart again.
//!
//! [`Field`] says which field of the editor a problem belongs to, so it is shown beside it.

use super::edit_authoring::{tool_calls_from_json, AuthoringEdit};
use super::edit_challenge::ChallengeEdit;
use super::edit_checkpoint::CheckpointEdit;
use super::errors::{Problem, ScenarioErrors};
use super::format::{Scenario, ScenarioMember, ScenarioReply};
use super::fresh_name::first_free;
use super::ranges::LIMITS;
use crate::engine::config::validate_member_name;
use crate::engine::tool_table::{tools_for, ToolName};
use crate::engine::MemberKind;
use serde_json::Value;

/// One of the two contrast modes a scenario starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Toggle {
    /// M6: reading the inbox drains it.
    DrainOnRead,
    /// T6: the lock is held during the model call.
    HoldLockDuringModelCall,
}

/// One change the editor makes to a scenario. Members, replies are addressed by their index,
/// files by their path.
#[derive(Clone, Debug, PartialEq)]
pub enum Edit {
    /// The title shown in the picker.
    SetTitle(String),
    /// Adds a teammate with the first free name `teammate<N>`.
    AddMember,
    /// Renames a member and every reference to it (its replies, the messages and shutdown
    /// requests addressed to it, its name as a word in the task and in authored texts).
    RenameMember {
        index: usize,
        name: String,
    },
    /// Removes a member and the replies authored for it.
    RemoveMember {
        index: usize,
    },
    SetRole {
        index: usize,
        role: String,
    },
    SetKind {
        index: usize,
        kind: MemberKind,
    },
    /// Offers or withholds one tool; the first change turns "every tool of its kind" into an
    /// explicit list.
    SetTool {
        index: usize,
        tool: ToolName,
        on: bool,
    },
    /// Back to every tool of the member's kind.
    AllTools {
        index: usize,
    },
    SetDeliveries {
        index: usize,
        deliveries: Option<u32>,
    },
    /// Adds a file; refused when the path is taken.
    AddFile {
        path: String,
    },
    /// Moves a file to another path; refused when that path is taken.
    RenameFile {
        from: String,
        to: String,
    },
    SetFileText {
        path: String,
        text: String,
    },
    RemoveFile {
        path: String,
    },
    SetTask(String),
    SetToggle {
        toggle: Toggle,
        on: bool,
    },
    SetAllowWrite(bool),
    /// A limit by its key in [`ranges::LIMITS`]; None is the default.
    SetLimit {
        key: String,
        value: Option<u64>,
    },
    /// Adds a reply for `member`'s next unanswered request.
    AddReply {
        member: String,
    },
    RemoveReply {
        index: usize,
    },
    SetReplyMember {
        index: usize,
        member: String,
    },
    SetReplyOrder {
        index: usize,
        order: u32,
    },
    SetReplyLatency {
        index: usize,
        latency: u64,
    },
    SetReplyText {
        index: usize,
        text: String,
    },
    /// The tool calls as JSON text: an array of `{"name": ..., "arguments": {...}}`.
    SetReplyToolCalls {
        index: usize,
        json: String,
    },
    /// A fault, or a reply's condition and alternative (version 2, `edit_authoring.rs`).
    Authoring(AuthoringEdit),
    /// A checkpoint added, removed or changed (version 2, `edit_checkpoint.rs`).
    Checkpoint(CheckpointEdit),
    /// A challenge added, removed or changed (version 2, `edit_challenge.rs`).
    Challenge(ChallengeEdit),
}

/// A field of the editor a problem is shown beside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    Title,
    /// The roster as a whole (no lead, too many members).
    Roster,
    Member(usize),
    File(String),
    Task,
    Limit(&'static str),
    Reply(usize),
    Fault(usize),
    Checkpoint(usize),
    Challenge(usize),
}

impl Field {
    /// A stable name for the page (`data-field`): `title`, `roster`, `member-2`,
    /// `file-notes.txt`, `task`, `limit-body_chars`, `reply-3`.
    pub fn key(&self) -> String {
        match self {
            Field::Title => "title".into(),
            Field::Roster => "roster".into(),
            Field::Member(i) => format!("member-{i}"),
            Field::File(path) => format!("file-{path}"),
            Field::Task => "task".into(),
            Field::Limit(key) => format!("limit-{key}"),
            Field::Reply(i) => format!("reply-{i}"),
            Field::Fault(i) => format!("fault-{i}"),
            Field::Checkpoint(i) => format!("checkpoint-{i}"),
            Field::Challenge(i) => format!("challenge-{i}"),
        }
    }

    /// Whether a problem [`Scenario::validate`] found is about this field (it names the field
    /// the way the format does: `members[2]`, `task`, `limits.body_chars`, `'notes.txt'`).
    pub fn owns(&self, problem: &Problem, scenario: &Scenario) -> bool {
        let en = problem.en.as_str();
        match self {
            Field::Title => en.starts_with("title "),
            Field::Task => en.starts_with("task "),
            Field::Roster => {
                en.starts_with("a team needs exactly one lead")
                    || en.starts_with("too many members")
            }
            Field::Member(i) => {
                en.starts_with(&format!("members[{i}]"))
                    || scenario.members.get(*i).is_some_and(|m| {
                        en == format!("the member name '{}' is used twice", m.name)
                    })
            }
            Field::File(path) => {
                en.starts_with(&format!("'{path}' "))
                    || en.starts_with(&format!("the file '{path}' "))
            }
            Field::Limit(key) => en.starts_with(&format!("limits.{key} ")),
            Field::Reply(i) => {
                en.starts_with(&format!("replies[{i}] "))
                    || en.starts_with(&format!("replies[{i}]:"))
                    || en.starts_with(&format!("replies[{i}]."))
            }
            Field::Fault(i) => {
                en.starts_with(&format!("faults[{i}] "))
                    || en.starts_with(&format!("faults[{i}]:"))
                    || en.starts_with(&format!("faults[{i}]."))
            }
            Field::Checkpoint(i) => en.starts_with(&format!("checkpoints[{i}].")),
            Field::Challenge(i) => en.starts_with(&format!("challenges[{i}].")),
        }
    }
}

impl Scenario {
    /// The scenario with `edit` made, or why it cannot be made. The result may still fail
    /// [`Scenario::validate`]; [`Scenario::edited`] says both.
    pub fn apply(&self, edit: &Edit) -> Result<Scenario, Problem> {
        let mut s = self.clone();
        match edit {
            Edit::SetTitle(title) => s.title = title.clone(),
            Edit::AddMember => s.add_member(),
            Edit::RenameMember { index, name } => s.rename(*index, name)?,
            Edit::RemoveMember { index } => {
                let gone = member(&s, *index)?.name.clone();
                s.members.remove(*index);
                s.replies.retain(|r| r.member != gone);
                s.faults.retain(|f| f.member != gone);
            }
            Edit::SetRole { index, role } => member_mut(&mut s, *index)?.role = role.clone(),
            Edit::SetKind { index, kind } => {
                let m = member_mut(&mut s, *index)?;
                if m.kind != *kind {
                    m.kind = *kind;
                    // The other kind's tools differ; its own defaults are the starting point.
                    m.tools = None;
                }
            }
            Edit::SetTool { index, tool, on } => s.set_tool(*index, *tool, *on)?,
            Edit::AllTools { index } => member_mut(&mut s, *index)?.tools = None,
            Edit::SetDeliveries { index, deliveries } => {
                member_mut(&mut s, *index)?.deliveries = *deliveries
            }
            Edit::AddFile { path } => {
                if s.files.contains_key(path) {
                    return Err(path_taken(path));
                }
                s.files.insert(path.clone(), String::new());
            }
            Edit::RenameFile { from, to } => {
                if from != to {
                    if s.files.contains_key(to) {
                        return Err(path_taken(to));
                    }
                    let text = s.files.remove(from).ok_or_else(|| no_file(from))?;
                    s.files.insert(to.clone(), text);
                }
            }
            Edit::SetFileText { path, text } => {
                *s.files.get_mut(path).ok_or_else(|| no_file(path))? = text.clone()
            }
            Edit::RemoveFile { path } => {
                s.files.remove(path).ok_or_else(|| no_file(path))?;
            }
            Edit::SetTask(task) => s.task = task.clone(),
            Edit::SetToggle { toggle, on } => match toggle {
                Toggle::DrainOnRead => s.toggles.drain_on_read = *on,
                Toggle::HoldLockDuringModelCall => s.toggles.hold_lock_during_model_call = *on,
            },
            Edit::SetAllowWrite(on) => s.allow_write = *on,
            Edit::SetLimit { key, value } => s.set_limit(key, *value)?,
            Edit::AddReply { member } => s.add_reply(member),
            Edit::RemoveReply { index } => {
                reply_mut(&mut s, *index)?;
                s.replies.remove(*index);
            }
            Edit::SetReplyMember { index, member } => {
                reply_mut(&mut s, *index)?.member = member.clone()
            }
            Edit::SetReplyOrder { index, order } => reply_mut(&mut s, *index)?.order = *order,
            Edit::SetReplyLatency { index, latency } => {
                reply_mut(&mut s, *index)?.latency = *latency
            }
            Edit::SetReplyText { index, text } => reply_mut(&mut s, *index)?.text = text.clone(),
            Edit::SetReplyToolCalls { index, json } => {
                let calls = tool_calls_from_json(json)?;
                reply_mut(&mut s, *index)?.tool_calls = calls;
            }
            Edit::Authoring(edit) => s.apply_authoring(edit)?,
            Edit::Checkpoint(edit) => s.apply_checkpoint(edit)?,
            Edit::Challenge(edit) => s.apply_challenge(edit)?,
        }
        s.settle_version();
        Ok(s)
    }

    /// The scenario with `edit` made and what [`Scenario::validate`] says of the result: the
    /// editor's one call. Err: the edit was refused and nothing changed.
    pub fn edited(&self, edit: &Edit) -> Result<(Scenario, Result<(), ScenarioErrors>), Problem> {
        let next = self.apply(edit)?;
        let valid = next.validate_written();
        Ok((next, valid))
    }

    /// A teammate with the first free `teammateN` name and its kind's default tools.
    fn add_member(&mut self) {
        let name = first_free("teammate", |n| self.members.iter().any(|m| m.name == n));
        self.members.push(ScenarioMember {
            name,
            role: "teammate".into(),
            kind: MemberKind::Teammate,
            tools: None,
            deliveries: None,
        });
    }

    /// Member `index`'s `tool` turned on or off (its list written out from the defaults).
    fn set_tool(&mut self, index: usize, tool: ToolName, on: bool) -> Result<(), Problem> {
        let allow_write = self.allow_write;
        let m = member_mut(self, index)?;
        let mut tools = m.tools.clone().unwrap_or_else(|| {
            tools_for(m.kind, allow_write)
                .iter()
                .map(|t| t.as_str().to_string())
                .collect()
        });
        tools.retain(|t| t != tool.as_str());
        if on {
            tools.push(tool.as_str().to_string());
            // Kept in the tool table's order, so a list reads the same however built.
            let order = tools_for(m.kind, true);
            tools.sort_by_key(|t| order.iter().position(|k| k.as_str() == t));
        }
        m.tools = Some(tools);
        Ok(())
    }

    /// An empty reply for `member`, after its last one.
    fn add_reply(&mut self, member: &str) {
        let order = self
            .replies
            .iter()
            .filter(|r| r.member == member)
            .map(|r| r.order)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        self.replies.push(ScenarioReply {
            member: member.to_string(),
            order,
            latency: 1,
            text: String::new(),
            tool_calls: Vec::new(),
            fail: None,
            holds: Vec::new(),
            lacks: Vec::new(),
            otherwise: None,
        });
    }

    fn rename(&mut self, index: usize, name: &str) -> Result<(), Problem> {
        let old = member(self, index)?.name.clone();
        if old == name {
            return Ok(());
        }
        if validate_member_name(name).is_err() {
            return Err(super::config_words::invalid_name(name));
        }
        if self.members.iter().any(|m| m.name == name) || self.spawned_names().contains(&name) {
            return Err(Problem::new(
                format!("已经有一个叫 '{name}' 的成员了"),
                format!("there is already a member named '{name}'"),
            ));
        }
        self.members[index].name = name.to_string();
        self.task = replace_word(&self.task, &old, name);
        for reply in &mut self.replies {
            if reply.member == old {
                reply.member = name.to_string();
            }
            reply.text = replace_word(&reply.text, &old, name);
            for call in &mut reply.tool_calls {
                rename_in_arguments(&call.name, &mut call.arguments, &old, name);
            }
            if let Some(other) = &mut reply.otherwise {
                other.text = replace_word(&other.text, &old, name);
                for call in &mut other.tool_calls {
                    rename_in_arguments(&call.name, &mut call.arguments, &old, name);
                }
            }
        }
        self.rename_in_authoring(&old, name);
        self.rename_in_checkpoints(&old, name);
        Ok(())
    }

    fn set_limit(&mut self, key: &str, value: Option<u64>) -> Result<(), Problem> {
        let l = &mut self.limits;
        let slot = match key {
            "inbox_records" => &mut l.inbox_records,
            "body_chars" => &mut l.body_chars,
            "history_entries" => &mut l.history_entries,
            "delivery_budget" => &mut l.delivery_budget,
            "request_budget" => &mut l.request_budget,
            "retry_budget" => &mut l.retry_budget,
            "max_members" => &mut l.max_members,
            "file_chars" => &mut l.file_chars,
            "tool_calls_per_reply" => &mut l.tool_calls_per_reply,
            _ => {
                let keys: Vec<&str> = LIMITS.iter().map(|r| r.key).collect();
                return Err(Problem::new(
                    format!("没有名为 '{key}' 的限制（可用的：{}）", keys.join(", ")),
                    format!(
                        "there is no limit named '{key}' (the limits are: {})",
                        keys.join(", ")
                    ),
                ));
            }
        };
        *slot = value;
        Ok(())
    }
}

/// The member names a tool's arguments hold: `to` of a message, `teammate` of a shutdown
/// request, `name` of a spawn.
fn rename_in_arguments(tool: &str, arguments: &mut Value, old: &str, new: &str) {
    let keys: &[&str] = match ToolName::from_name(tool) {
        Some(ToolName::SendMessage) => &["to"],
        Some(ToolName::ShutdownRequest) => &["teammate"],
        Some(ToolName::SpawnTeammate) => &["name"],
        _ => &[],
    };
    if let Value::Object(map) = arguments {
        for (key, value) in map.iter_mut() {
            if let Value::String(text) = value {
                if keys.contains(&key.as_str()) && text == old {
                    *text = new.to_string();
                } else if key == "body" {
                    *text = replace_word(text, old, new);
                }
            }
        }
    }
}

/// `text` with each whole-word `old` (not inside a longer name) replaced by `new`.
fn replace_word(text: &str, old: &str, new: &str) -> String {
    if old.is_empty() {
        return text.to_string();
    }
    let in_name = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: Option<char> = None;
    while let Some(at) = rest.find(old) {
        let prev = rest[..at].chars().next_back().or(before);
        let next = rest[at + old.len()..].chars().next();
        out.push_str(&rest[..at]);
        if prev.is_some_and(in_name) || next.is_some_and(in_name) {
            out.push_str(old);
        } else {
            out.push_str(new);
        }
        before = old.chars().next_back();
        rest = &rest[at + old.len()..];
    }
    out.push_str(rest);
    out
}

fn member(s: &Scenario, index: usize) -> Result<&ScenarioMember, Problem> {
    s.members
        .get(index)
        .ok_or_else(|| no_such("成员", "member", index))
}

fn member_mut(s: &mut Scenario, index: usize) -> Result<&mut ScenarioMember, Problem> {
    s.members
        .get_mut(index)
        .ok_or_else(|| no_such("成员", "member", index))
}

fn reply_mut(s: &mut Scenario, index: usize) -> Result<&mut ScenarioReply, Problem> {
    s.replies
        .get_mut(index)
        .ok_or_else(|| no_such("回复", "reply", index))
}

fn no_such(zh: &str, en: &str, index: usize) -> Problem {
    Problem::new(
        format!("没有第 {} 个{zh}", index + 1),
        format!("there is no {en} number {}", index + 1),
    )
}

fn path_taken(path: &str) -> Problem {
    Problem::new(
        format!("已经有一个路径为 '{path}' 的文件了"),
        format!("there is already a file at '{path}'"),
    )
}

fn no_file(path: &str) -> Problem {
    Problem::new(
        format!("没有路径为 '{path}' 的文件"),
        format!("there is no file at '{path}'"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Lang;

    fn start() -> Scenario {
        Scenario::default_free_play(Lang::En)
    }

    #[test]
    fn replace_word_keeps_longer_names() {
        assert_eq!(
            replace_word("reader and reader-2 ask reader.", "reader", "ann"),
            "ann and reader-2 ask ann."
        );
        assert_eq!(replace_word("readers", "reader", "ann"), "readers");
        assert_eq!(replace_word("xreaderx reader", "reader", "a"), "xreaderx a");
    }

    #[test]
    fn add_member_picks_a_free_name_and_stays_valid() {
        let s = start().apply(&Edit::AddMember).unwrap();
        let s = s.apply(&Edit::AddMember).unwrap();
        let names: Vec<&str> = s.members.iter().map(|m| m.name.as_str()).collect();
        assert!(names.ends_with(&["teammate1", "teammate2"]), "{names:?}");
        assert_eq!(s.validate(), Ok(()));
    }

    #[test]
    fn rename_updates_every_reference() {
        let s = start();
        let i = s.members.iter().position(|m| m.name == "reader").unwrap();
        let r = s
            .apply(&Edit::RenameMember {
                index: i,
                name: "ann".into(),
            })
            .unwrap();
        assert_eq!(r.validate(), Ok(()));
        assert!(r.replies.iter().any(|x| x.member == "ann"));
        assert!(!r.replies.iter().any(|x| x.member == "reader"));
        let addressed: Vec<&Value> = r
            .replies
            .iter()
            .flat_map(|x| &x.tool_calls)
            .filter(|c| c.name == "send_message")
            .filter_map(|c| c.arguments.get("to"))
            .collect();
        assert!(addressed.iter().any(|t| *t == "ann"), "{addressed:?}");
        assert!(!addressed.iter().any(|t| *t == "reader"));
        // It plays: the renamed member gets its mail and its replies.
        let (timeline, _) =
            crate::lessons::play_lesson(&r.to_lesson(), &Default::default()).unwrap();
        let state = timeline.final_state();
        let ann = state
            .members_in_order()
            .find(|m| m.name() == "ann")
            .unwrap();
        assert!(!ann.requests().is_empty());
    }

    #[test]
    fn rename_to_a_taken_or_bad_name_is_refused() {
        let s = start();
        let err = s
            .apply(&Edit::RenameMember {
                index: 1,
                name: "lead".into(),
            })
            .unwrap_err();
        assert!(err.en.contains("already a member named 'lead'"), "{err:?}");
        assert!(err.zh.contains("lead"));
        let err = s
            .apply(&Edit::RenameMember {
                index: 1,
                name: "Bad Name".into(),
            })
            .unwrap_err();
        assert!(err.en.contains("not a valid member name"));
    }

    #[test]
    fn remove_member_drops_its_replies_and_removing_the_lead_is_a_roster_problem() {
        let s = start();
        let i = s.members.iter().position(|m| m.name == "reviewer").unwrap();
        let r = s.apply(&Edit::RemoveMember { index: i }).unwrap();
        assert!(!r.replies.iter().any(|x| x.member == "reviewer"));
        assert!(r.members.iter().all(|m| m.name != "reviewer"));
        let no_lead = s.apply(&Edit::RemoveMember { index: 0 }).unwrap();
        let errors = no_lead.validate().unwrap_err();
        assert!(errors
            .problems
            .iter()
            .any(|p| Field::Roster.owns(p, &no_lead)));
        assert!(s.apply(&Edit::RemoveMember { index: 99 }).is_err());
    }

    #[test]
    fn tools_become_an_explicit_list_and_bad_ones_are_problems_of_the_member() {
        let s = start();
        let r = s
            .apply(&Edit::SetTool {
                index: 1,
                tool: ToolName::ReadFile,
                on: false,
            })
            .unwrap();
        let tools = r.members[1].tools.clone().unwrap();
        assert!(!tools.contains(&"read_file".to_string()));
        assert!(tools.contains(&"send_message".to_string()));
        assert_eq!(r.validate(), Ok(()));
        let back = r
            .apply(&Edit::SetTool {
                index: 1,
                tool: ToolName::ReadFile,
                on: true,
            })
            .unwrap();
        assert_eq!(back.members[1].tools.as_ref().unwrap()[0], "read_file");
        let bad = s
            .apply(&Edit::SetTool {
                index: 1,
                tool: ToolName::WriteFile,
                on: true,
            })
            .unwrap();
        let errors = bad.validate().unwrap_err();
        assert!(errors
            .problems
            .iter()
            .any(|p| Field::Member(1).owns(p, &bad)));
        assert!(!errors
            .problems
            .iter()
            .any(|p| Field::Member(0).owns(p, &bad)));
        let fixed = bad.apply(&Edit::SetAllowWrite(true)).unwrap();
        assert_eq!(fixed.validate(), Ok(()));
        assert_eq!(
            s.apply(&Edit::AllTools { index: 1 }).unwrap().members[1].tools,
            None
        );
    }

    #[test]
    fn files_add_rename_edit_remove_and_collisions_are_refused() {
        let s = start();
        let s = s
            .apply(&Edit::AddFile {
                path: "notes.txt".into(),
            })
            .unwrap();
        assert!(s
            .apply(&Edit::AddFile {
                path: "notes.txt".into()
            })
            .is_err());
        let s = s
            .apply(&Edit::SetFileText {
                path: "notes.txt".into(),
                text: "hi".into(),
            })
            .unwrap();
        let s = s
            .apply(&Edit::RenameFile {
                from: "notes.txt".into(),
                to: "docs/notes.md".into(),
            })
            .unwrap();
        assert_eq!(s.files.get("docs/notes.md").map(String::as_str), Some("hi"));
        let err = s
            .apply(&Edit::RenameFile {
                from: "docs/notes.md".into(),
                to: "main.py".into(),
            })
            .unwrap_err();
        assert!(err.en.contains("already a file at 'main.py'"));
        let bad = s
            .apply(&Edit::RenameFile {
                from: "docs/notes.md".into(),
                to: "../x".into(),
            })
            .unwrap();
        let errors = bad.validate().unwrap_err();
        assert!(errors
            .problems
            .iter()
            .any(|p| Field::File("../x".into()).owns(p, &bad)));
        let big = s
            .apply(&Edit::SetFileText {
                path: "main.py".into(),
                text: "x".repeat(100_000),
            })
            .unwrap();
        let errors = big.validate().unwrap_err();
        assert!(errors
            .problems
            .iter()
            .any(|p| Field::File("main.py".into()).owns(p, &big)));
        let s = s
            .apply(&Edit::RemoveFile {
                path: "docs/notes.md".into(),
            })
            .unwrap();
        assert!(!s.files.contains_key("docs/notes.md"));
        assert!(s
            .apply(&Edit::RemoveFile {
                path: "nope".into()
            })
            .is_err());
    }

    #[test]
    fn an_empty_task_and_a_limit_out_of_range_are_problems_of_their_fields() {
        let s = start();
        let (empty, valid) = s.edited(&Edit::SetTask(String::new())).unwrap();
        let errors = valid.unwrap_err();
        assert!(errors.problems.iter().any(|p| Field::Task.owns(p, &empty)));
        assert!(errors.problems[0].zh.contains("task"));
        let (high, valid) = s
            .edited(&Edit::SetLimit {
                key: "body_chars".into(),
                value: Some(5),
            })
            .unwrap();
        let errors = valid.unwrap_err();
        assert!(errors
            .problems
            .iter()
            .any(|p| Field::Limit("body_chars").owns(p, &high)));
        assert!(s
            .apply(&Edit::SetLimit {
                key: "nope".into(),
                value: Some(1)
            })
            .is_err());
        let (ok, valid) = s
            .edited(&Edit::SetLimit {
                key: "delivery_budget".into(),
                value: Some(3),
            })
            .unwrap();
        assert_eq!(valid, Ok(()));
        assert_eq!(ok.limits().delivery_budget, 3);
    }

    #[test]
    fn toggles_flip() {
        let s = start()
            .apply(&Edit::SetToggle {
                toggle: Toggle::DrainOnRead,
                on: true,
            })
            .unwrap();
        assert!(s.toggles.drain_on_read && !s.toggles.hold_lock_during_model_call);
        assert!(s.team_config().toggles.drain_on_read);
    }

    #[test]
    fn replies_are_authored_and_bad_tool_calls_are_refused() {
        let s = start().apply(&Edit::AddMember).unwrap();
        let s = s
            .apply(&Edit::AddReply {
                member: "teammate1".into(),
            })
            .unwrap();
        let i = s.replies.len() - 1;
        assert_eq!(s.replies[i].order, 1);
        let s = s
            .apply(&Edit::SetReplyToolCalls {
                index: i,
                json: r#"[{"name":"send_message","arguments":{"to":"lead","body":"hi"}}]"#.into(),
            })
            .unwrap();
        assert_eq!(s.replies[i].tool_calls[0].name, "send_message");
        let err = s
            .apply(&Edit::SetReplyToolCalls {
                index: i,
                json: "[{".into(),
            })
            .unwrap_err();
        assert!(err.en.starts_with("write the tool calls as a JSON array"));
        let s = s
            .apply(&Edit::SetReplyText {
                index: i,
                text: "done".into(),
            })
            .unwrap();
        assert_eq!(s.validate(), Ok(()));
        let (bad, valid) = s
            .edited(&Edit::SetReplyMember {
                index: i,
                member: "ghost".into(),
            })
            .unwrap();
        assert!(valid
            .unwrap_err()
            .problems
            .iter()
            .any(|p| Field::Reply(i).owns(p, &bad)));
        let s = s.apply(&Edit::RemoveReply { index: i }).unwrap();
        assert!(s.apply(&Edit::RemoveReply { index: 999 }).is_err());
        // Renaming teammate1 moves a reply authored for it with it.
        let s = s
            .apply(&Edit::AddReply {
                member: "teammate1".into(),
            })
            .unwrap();
        let idx = s.members.len() - 1;
        let s = s
            .apply(&Edit::RenameMember {
                index: idx,
                name: "dora".into(),
            })
            .unwrap();
        assert_eq!(s.replies.last().unwrap().member, "dora");
    }
}
