//! The editor's operations on version 2's fields ([`AuthoringEdit`]): faults at a chosen
//! moment and a reply's condition and alternative. Each is made or refused with a reason, as
//! the rest of `edit.rs`; the scenario's version follows what it uses.

use super::errors::Problem;
use super::format::{Scenario, ScenarioFault, ScenarioReply, ScenarioToolCall};
use super::ranges;

/// Which moment a fault strikes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultMoment {
    /// The member's nth request fails.
    Request,
    /// The member's nth delivery is struck between read and commit (lost in drain mode).
    Delivery,
}

/// One change to a fault or to a reply's condition.
#[derive(Clone, Debug, PartialEq)]
pub enum AuthoringEdit {
    /// Adds a fault for `member` at its first request or delivery.
    AddFault {
        member: String,
        moment: FaultMoment,
    },
    RemoveFault {
        index: usize,
    },
    SetFaultMember {
        index: usize,
        member: String,
    },
    /// Request or delivery, keeping the number.
    SetFaultMoment {
        index: usize,
        moment: FaultMoment,
    },
    /// Which request or delivery (1 is the first).
    SetFaultNumber {
        index: usize,
        number: u32,
    },
    SetFaultError {
        index: usize,
        error: String,
    },
    SetFaultRetryable {
        index: usize,
        on: bool,
    },
    /// The messages the request must hold, as typed: ids or senders, split at commas or spaces.
    SetReplyHolds {
        index: usize,
        names: String,
    },
    /// The messages the request must not hold, as typed.
    SetReplyLacks {
        index: usize,
        names: String,
    },
    /// The alternative's text (kept with the condition; removed with both).
    SetReplyOtherwise {
        index: usize,
        text: String,
    },
    /// The alternative's tool calls as JSON text.
    SetReplyOtherwiseCalls {
        index: usize,
        json: String,
    },
}

impl Scenario {
    /// Makes `edit` on `self`, or says why not.
    pub(super) fn apply_authoring(&mut self, edit: &AuthoringEdit) -> Result<(), Problem> {
        match edit {
            AuthoringEdit::AddFault { member, moment } => {
                let mut fault = ScenarioFault {
                    member: member.clone(),
                    request: None,
                    delivery: None,
                    error: String::new(),
                    retryable: false,
                };
                set_moment(&mut fault, *moment, 1);
                self.faults.push(fault);
            }
            AuthoringEdit::RemoveFault { index } => {
                fault_mut(self, *index)?;
                self.faults.remove(*index);
            }
            AuthoringEdit::SetFaultMember { index, member } => {
                fault_mut(self, *index)?.member = member.clone()
            }
            AuthoringEdit::SetFaultMoment { index, moment } => {
                let fault = fault_mut(self, *index)?;
                let number = fault.request.or(fault.delivery).unwrap_or(1);
                set_moment(fault, *moment, number);
            }
            AuthoringEdit::SetFaultNumber { index, number } => {
                let fault = fault_mut(self, *index)?;
                match fault.request {
                    Some(_) => fault.request = Some(*number),
                    None => fault.delivery = Some(*number),
                }
            }
            AuthoringEdit::SetFaultError { index, error } => {
                fault_mut(self, *index)?.error = error.clone()
            }
            AuthoringEdit::SetFaultRetryable { index, on } => {
                fault_mut(self, *index)?.retryable = *on
            }
            AuthoringEdit::SetReplyHolds { index, names } => {
                reply_mut(self, *index)?.holds = split_names(names)
            }
            AuthoringEdit::SetReplyLacks { index, names } => {
                reply_mut(self, *index)?.lacks = split_names(names)
            }
            AuthoringEdit::SetReplyOtherwise { index, text } => {
                let reply = reply_mut(self, *index)?;
                reply.otherwise.get_or_insert_with(Default::default).text = text.clone();
                tidy_otherwise(reply);
            }
            AuthoringEdit::SetReplyOtherwiseCalls { index, json } => {
                let calls = tool_calls_from_json(json)?;
                let reply = reply_mut(self, *index)?;
                reply
                    .otherwise
                    .get_or_insert_with(Default::default)
                    .tool_calls = calls;
                tidy_otherwise(reply);
            }
        }
        Ok(())
    }

    /// A member renamed from `old` to `new`: its faults and the conditions naming it follow.
    pub(super) fn rename_in_authoring(&mut self, old: &str, new: &str) {
        for fault in &mut self.faults {
            if fault.member == old {
                fault.member = new.to_string();
            }
        }
        for reply in &mut self.replies {
            for name in reply.holds.iter_mut().chain(reply.lacks.iter_mut()) {
                if name == old {
                    *name = new.to_string();
                }
            }
        }
    }

    /// The scenario's version set to what its fields need: raised when a version 2 field is
    /// written, lowered to 1 when the last is removed, so a scenario that uses none of them is
    /// written as version 1 (README), readable by a page that reads only version 1.
    pub(super) fn settle_version(&mut self) {
        self.version = self.needed_version();
    }
}

/// An empty alternative is no alternative (the field is left out again).
fn tidy_otherwise(reply: &mut ScenarioReply) {
    if reply
        .otherwise
        .as_ref()
        .is_some_and(|o| o.text.is_empty() && o.tool_calls.is_empty())
    {
        reply.otherwise = None;
    }
}

fn set_moment(fault: &mut ScenarioFault, moment: FaultMoment, number: u32) {
    match moment {
        FaultMoment::Request => {
            fault.request = Some(number);
            fault.delivery = None;
            if fault.error.is_empty() {
                fault.error = "overloaded".to_string();
            }
        }
        FaultMoment::Delivery => {
            fault.delivery = Some(number);
            fault.request = None;
            fault.error.clear();
            fault.retryable = false;
        }
    }
}

/// `m2, ana` or `m2 ana` as a list of names, empty ones left out.
fn split_names(typed: &str) -> Vec<String> {
    typed
        .split(|c: char| c == ',' || c == '，' || c.is_whitespace())
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect()
}

fn fault_mut(s: &mut Scenario, index: usize) -> Result<&mut ScenarioFault, Problem> {
    s.faults.get_mut(index).ok_or_else(|| {
        Problem::new(
            format!("没有第 {} 个故障", index + 1),
            format!("there is no fault number {}", index + 1),
        )
    })
}

fn reply_mut(s: &mut Scenario, index: usize) -> Result<&mut ScenarioReply, Problem> {
    s.replies.get_mut(index).ok_or_else(|| {
        Problem::new(
            format!("没有第 {} 个回复", index + 1),
            format!("there is no reply number {}", index + 1),
        )
    })
}

/// Authored tool calls from the editor's JSON text.
pub(super) fn tool_calls_from_json(json: &str) -> Result<Vec<ScenarioToolCall>, Problem> {
    if json.trim().is_empty() {
        return Ok(Vec::new());
    }
    if json.len() > ranges::MAX_JSON_BYTES {
        return Err(Problem::new("工具调用太长", "the tool calls are too long"));
    }
    serde_json::from_str::<Vec<ScenarioToolCall>>(json).map_err(|e| {
        Problem::new(
            format!("工具调用要写成 JSON 数组，每项是 {{\"name\": ..., \"arguments\": {{...}}}}：{e}"),
            format!("write the tool calls as a JSON array of {{\"name\": ..., \"arguments\": {{...}}}}: {e}"),
        )
    })
}
