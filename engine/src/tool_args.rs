//! Strict parsing of a tool call's JSON arguments: unknown keys, missing keys and wrong types
//! are refusals with a reason the model and the learner can read, never a panic.

use super::caption::{tr, Lang};
use super::refusal::{Refusal, RefusalCode};
use super::tool_table::ToolName;
use serde_json::{Map, Value};

/// Strictly parsed tool arguments.
pub(crate) struct Args {
    /// The tool's name, for the reasons of refusals.
    tool: &'static str,
    /// The team's language, the one the reasons are worded in.
    lang: Lang,
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
    pub(crate) fn parse(tool: ToolName, raw: &Value, lang: Lang) -> Result<Args, Refusal> {
        let name = tool.as_str();
        let value = match raw {
            Value::String(text) => serde_json::from_str::<Value>(text).map_err(|e| {
                refuse(
                    RefusalCode::MalformedArguments,
                    tr(
                        lang,
                        format!("{name} 的参数不是合法的 JSON（{e}）"),
                        format!("arguments of {name} are not valid JSON ({e})"),
                    ),
                )
            })?,
            other => other.clone(),
        };
        match value {
            Value::Object(map) => Ok(Args {
                tool: name,
                lang,
                map,
            }),
            other => Err(refuse(
                RefusalCode::MalformedArguments,
                tr(
                    lang,
                    format!(
                        "{name} 的参数必须是 JSON 对象，收到的是{}",
                        json_type(&other, lang)
                    ),
                    format!(
                        "arguments of {name} must be a JSON object, got {}",
                        json_type(&other, lang)
                    ),
                ),
            )),
        }
    }

    /// Refuses a key the tool does not take, so a typo is reported instead of ignored.
    pub(crate) fn check_keys(&self, allowed: &[&str]) -> Result<(), Refusal> {
        for key in self.map.keys() {
            if !allowed.contains(&key.as_str()) {
                let takes = if allowed.is_empty() {
                    tr(self.lang, "无", "nothing").to_string()
                } else {
                    allowed.join(", ")
                };
                return Err(refuse(
                    RefusalCode::UnknownArgument,
                    tr(
                        self.lang,
                        format!("{} 没有参数 '{key}'（它接受：{takes}）", self.tool),
                        format!("{} has no argument '{key}' (it takes: {takes})", self.tool),
                    ),
                ));
            }
        }
        Ok(())
    }

    /// A required string argument.
    pub(crate) fn string(&self, key: &str) -> Result<String, Refusal> {
        match self.map.get(key) {
            None => Err(refuse(RefusalCode::MissingArgument, self.missing(key))),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(other) => Err(refuse(
                RefusalCode::WrongArgumentType,
                tr(
                    self.lang,
                    format!(
                        "{} 的参数 '{key}' 必须是字符串，收到的是{}",
                        self.tool,
                        json_type(other, self.lang)
                    ),
                    format!(
                        "argument '{key}' of {} must be a string, got {}",
                        self.tool,
                        json_type(other, self.lang)
                    ),
                ),
            )),
        }
    }

    /// The reason of a missing argument.
    fn missing(&self, key: &str) -> String {
        tr(
            self.lang,
            format!("{} 需要参数 '{key}'", self.tool),
            format!("{} needs the argument '{key}'", self.tool),
        )
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
            None => Err(refuse(RefusalCode::MissingArgument, self.missing(key))),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(refuse(
                RefusalCode::WrongArgumentType,
                tr(
                    self.lang,
                    format!(
                        "{} 的参数 '{key}' 必须是true 或 false，收到的是{}",
                        self.tool,
                        json_type(other, self.lang)
                    ),
                    format!(
                        "argument '{key}' of {} must be true or false, got {}",
                        self.tool,
                        json_type(other, self.lang)
                    ),
                ),
            )),
        }
    }
}

/// A JSON value's type, as a refusal names it.
fn json_type(value: &Value, lang: Lang) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => tr(lang, "布尔值", "a boolean"),
        Value::Number(_) => tr(lang, "数字", "a number"),
        Value::String(_) => tr(lang, "字符串", "a string"),
        Value::Array(_) => tr(lang, "数组", "an array"),
        Value::Object(_) => tr(lang, "对象", "an object"),
    }
}
