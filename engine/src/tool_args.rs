//! Strict parsing of a tool call's JSON arguments: unknown keys, missing keys and wrong types
//! are refusals with a reason the model and the learner can read, never a panic.

use super::refusal::{Refusal, RefusalCode};
use super::tool_table::ToolName;
use serde_json::{Map, Value};

/// Strictly parsed tool arguments.
pub(crate) struct Args {
    tool: &'static str,
    pub(crate) map: Map<String, Value>,
}

pub(crate) fn refuse(code: RefusalCode, reason: String) -> Refusal {
    Refusal::new(code, reason)
}

impl Args {
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

    pub(crate) fn opt_string(&self, key: &str) -> Result<Option<String>, Refusal> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(_) => self.string(key).map(Some),
        }
    }

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
