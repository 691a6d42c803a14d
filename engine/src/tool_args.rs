//! Strict parsing of a tool call's JSON arguments: unknown keys, missing keys and wrong types
//! are refusals with a reason the model and the learner can read, never a panic.

use super::refusal::{Refusal, RefusalCode};
use super::tool_table::ToolName;
use serde_json::{Map, Value};

/// Strictly parsed tool arguments.
pub(crate) struct Args {
    /// The tool's name, for the reasons of refusals.
    tool: &'static str,
    /// The arguments by key (a claimed sender is removed from it before the tool runs).
    pub(crate) map: Map<String, Value>,
}

/// A refusal of a tool call; `refuse_tool` adds the tool and the call id when it reports it.
pub(crate) fn refuse(code: RefusalCode, reason: String) -> Refusal {
    Refusal::new(code, reason)
}

impl Args {
    /// The arguments of `tool` as a JSON object; a JSON string is parsed first (OpenAI sends
    /// arguments as a string). Anything else is refused as malformed.
    pub(crate) fn parse(tool: ToolName, raw: &Value) -> Result<Args, Refusal> {
        let name = tool.as_str();
        let value = match raw {
            Value::String(text) => serde_json::from_str::<Value>(text).map_err(|e| {
                refuse(
                    RefusalCode::MalformedArguments,
                    format!("arguments of {name} are not valid JSON ({e})"),
                )
            })?,
            other => other.clone(),
        };
        match value {
            Value::Object(map) => Ok(Args { tool: name, map }),
            other => Err(refuse(
                RefusalCode::MalformedArguments,
                format!(
                    "arguments of {name} must be a JSON object, got {}",
                    json_type(&other)
                ),
            )),
        }
    }

    /// Refuses a key the tool does not take, so a typo is reported instead of ignored.
    pub(crate) fn check_keys(&self, allowed: &[&str]) -> Result<(), Refusal> {
        for key in self.map.keys() {
            if !allowed.contains(&key.as_str()) {
                return Err(refuse(
                    RefusalCode::UnknownArgument,
                    format!(
                        "{} has no argument '{key}' (it takes: {})",
                        self.tool,
                        if allowed.is_empty() {
                            "nothing".to_string()
                        } else {
                            allowed.join(", ")
                        }
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A required string argument.
    pub(crate) fn string(&self, key: &str) -> Result<String, Refusal> {
        match self.map.get(key) {
            None => Err(refuse(
                RefusalCode::MissingArgument,
                format!("{} needs the argument '{key}'", self.tool),
            )),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(other) => Err(refuse(
                RefusalCode::WrongArgumentType,
                format!(
                    "argument '{key}' of {} must be a string, got {}",
                    self.tool,
                    json_type(other)
                ),
            )),
        }
    }

    /// An optional string argument (absent or `null` is `None`).
    pub(crate) fn opt_string(&self, key: &str) -> Result<Option<String>, Refusal> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(_) => self.string(key).map(Some),
        }
    }

    /// A required boolean argument.
    pub(crate) fn boolean(&self, key: &str) -> Result<bool, Refusal> {
        match self.map.get(key) {
            None => Err(refuse(
                RefusalCode::MissingArgument,
                format!("{} needs the argument '{key}'", self.tool),
            )),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(refuse(
                RefusalCode::WrongArgumentType,
                format!(
                    "argument '{key}' of {} must be true or false, got {}",
                    self.tool,
                    json_type(other)
                ),
            )),
        }
    }
}

/// A JSON value's type, as a refusal names it.
fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
