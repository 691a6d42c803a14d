//! Hand-written JSON decoding of [`PlayOptions`]: the toggles, the interventions and everything
//! they carry (script outcomes, model replies, tool calls, stop reasons, faults).
//!
//! Why it exists: serde's derived `Deserialize` for these types (internally tagged enums
//! buffer through serde's private `Content`) costs about 25 KB gzip in the release wasm, and all
//! the browser reads back is play options: the stored session (`ui::session`) and, next, the
//! share links decode them here. Writing stays on the derived `Serialize`.
//!
//! It accepts the JSON that the derived `Serialize` writes: the same field names, snake_case
//! variant names, [`Intervention`]'s `type` tag and [`ScriptOutcome`]'s `outcome` tag, fields
//! marked `#[serde(default)]` optional. Like the derived deserializer it ignores unknown fields.
//! Anything else is an error that names the path of the value at fault, e.g.
//! `interventions[2].member: expected a string, found the number 3` — including the forms that
//! only the derived deserializer reads and `Serialize` never writes (a struct as an array, a
//! unit variant as `{"name": null}`). One difference the other way: a repeated key keeps its
//! last value (`serde_json::Value` has already merged it). `tests/options_json.rs` checks both
//! against the derived `Deserialize`.

use super::{Intervention, PlayOptions, ScriptOutcome};
use crate::engine::{Fault, ModelReply, StopReason, Toggles, ToolCall};
use serde_json::{Map, Value};

/// A JSON object.
pub type Object = Map<String, Value>;

/// Decodes the value found at a path (the path is for error messages).
pub type Decode<T> = fn(&Value, &str) -> Result<T, String>;

/// Decodes a tagged variant's fields from its object at a path.
type DecodeVariant<T> = fn(&Object, &str) -> Result<T, String>;

/// Parses `text` as JSON and decodes play options from it.
pub fn play_options_from_json(text: &str) -> Result<PlayOptions, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    play_options_from_value(&value)
}

/// Decodes play options from a JSON value as the derived `Serialize` writes them.
pub fn play_options_from_value(v: &Value) -> Result<PlayOptions, String> {
    play_options_at(v, "")
}

/// [`play_options_from_value`] for options nested at `path` in a larger document (errors
/// then name the full path, e.g. `options.interventions[0].at`).
pub fn play_options_at(v: &Value, path: &str) -> Result<PlayOptions, String> {
    let obj = object(v, path)?;
    Ok(PlayOptions {
        toggles: field_or(obj, "toggles", path, toggles)?,
        interventions: field_or(obj, "interventions", path, |v, p| list(v, p, intervention))?,
    })
}

fn toggles(v: &Value, path: &str) -> Result<Toggles, String> {
    let obj = object(v, path)?;
    Ok(Toggles {
        drain_on_read: field_or(obj, "drain_on_read", path, boolean)?,
        hold_lock_during_model_call: field_or(obj, "hold_lock_during_model_call", path, boolean)?,
    })
}

fn intervention(v: &Value, path: &str) -> Result<Intervention, String> {
    tagged(
        v,
        path,
        "type",
        &[
            ("replace_reply", |o, p| {
                Ok(Intervention::ReplaceReply {
                    at: field_uint(o, "at", p)?,
                    member: field_string(o, "member", p)?,
                    request_index: field_uint(o, "request_index", p)?,
                    outcome: field_with(o, "outcome", p, script_outcome)?,
                })
            }),
            ("inject_fault", |o, p| {
                Ok(Intervention::InjectFault {
                    at: field_uint(o, "at", p)?,
                    member: field_string(o, "member", p)?,
                    fault: field_with(o, "fault", p, fault)?,
                })
            }),
            ("lead_sends", |o, p| {
                Ok(Intervention::LeadSends {
                    at: field_uint(o, "at", p)?,
                    to: field_string(o, "to", p)?,
                    body: field_string(o, "body", p)?,
                })
            }),
            ("reload", |o, p| {
                Ok(Intervention::Reload {
                    at: field_uint(o, "at", p)?,
                })
            }),
            ("recall", |o, p| {
                Ok(Intervention::Recall {
                    at: field_uint(o, "at", p)?,
                    member: field_string(o, "member", p)?,
                })
            }),
        ],
    )
}

fn script_outcome(v: &Value, path: &str) -> Result<ScriptOutcome, String> {
    tagged(
        v,
        path,
        "outcome",
        &[
            ("reply", |o, p| {
                Ok(ScriptOutcome::Reply {
                    reply: field_with(o, "reply", p, model_reply)?,
                })
            }),
            ("fail", |o, p| {
                Ok(ScriptOutcome::Fail {
                    error: field_string(o, "error", p)?,
                    retryable: field_bool(o, "retryable", p)?,
                })
            }),
        ],
    )
}

fn model_reply(v: &Value, path: &str) -> Result<ModelReply, String> {
    let obj = object(v, path)?;
    Ok(ModelReply {
        text: field_or(obj, "text", path, string)?,
        tool_calls: field_or(obj, "tool_calls", path, |v, p| list(v, p, tool_call))?,
        stop_reason: field_with(obj, "stop_reason", path, stop_reason)?,
    })
}

fn tool_call(v: &Value, path: &str) -> Result<ToolCall, String> {
    let obj = object(v, path)?;
    Ok(ToolCall {
        id: field_string(obj, "id", path)?,
        name: field_string(obj, "name", path)?,
        arguments: field(obj, "arguments", path)?.clone(),
    })
}

fn stop_reason(v: &Value, path: &str) -> Result<StopReason, String> {
    variant(
        v,
        path,
        &[
            ("end_turn", StopReason::EndTurn),
            ("tool_use", StopReason::ToolUse),
            ("max_tokens", StopReason::MaxTokens),
        ],
    )
}

fn fault(v: &Value, path: &str) -> Result<Fault, String> {
    variant(v, path, &[("fail_before_commit", Fault::FailBeforeCommit)])
}

/// Does not compile when a variant is added to one of the enums above, as a reminder to add
/// it to the decoder's table too (struct fields are already checked by the struct literals).
#[allow(dead_code)]
fn every_variant_has_a_decoder(i: &Intervention, o: &ScriptOutcome, s: StopReason, f: Fault) {
    use Intervention::*;
    match i {
        ReplaceReply { .. } | InjectFault { .. } | LeadSends { .. } | Reload { .. } => {}
        Recall { .. } => {}
    }
    match o {
        ScriptOutcome::Reply { .. } | ScriptOutcome::Fail { .. } => {}
    }
    match s {
        StopReason::EndTurn | StopReason::ToolUse | StopReason::MaxTokens => {}
    }
    match f {
        Fault::FailBeforeCommit => {}
    }
}

// ---- helpers (also used by `ui::session` for the stored session around the options) ----

/// `path.name`, or `name` at the top level.
pub fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    }
}

fn expected(path: &str, what: &str, found: &Value) -> String {
    let found = match found {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(_) => "a string".to_owned(),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    };
    let path = if path.is_empty() { "top level" } else { path };
    format!("{path}: expected {what}, found {found}")
}

pub fn object<'v>(v: &'v Value, path: &str) -> Result<&'v Object, String> {
    v.as_object().ok_or_else(|| expected(path, "an object", v))
}

fn str_ref<'v>(v: &'v Value, path: &str) -> Result<&'v str, String> {
    v.as_str().ok_or_else(|| expected(path, "a string", v))
}

pub fn string(v: &Value, path: &str) -> Result<String, String> {
    str_ref(v, path).map(str::to_owned)
}

pub fn boolean(v: &Value, path: &str) -> Result<bool, String> {
    v.as_bool()
        .ok_or_else(|| expected(path, "true or false", v))
}

/// A non-negative integer that fits in `T` (a float such as `1.0` is not an integer, as in
/// serde_json).
pub fn uint<T: TryFrom<u64>>(v: &Value, path: &str) -> Result<T, String> {
    let n = v
        .as_u64()
        .ok_or_else(|| expected(path, "a non-negative integer", v))?;
    T::try_from(n).map_err(|_| format!("{path}: the number {n} is too large"))
}

fn list<T>(v: &Value, path: &str, item: Decode<T>) -> Result<Vec<T>, String> {
    let items = v.as_array().ok_or_else(|| expected(path, "an array", v))?;
    items
        .iter()
        .enumerate()
        .map(|(i, v)| item(v, &format!("{path}[{i}]")))
        .collect()
}

/// The value of a required field.
pub fn field<'v>(obj: &'v Object, name: &str, path: &str) -> Result<&'v Value, String> {
    obj.get(name)
        .ok_or_else(|| format!("{}: missing", join(path, name)))
}

/// A required field, decoded.
pub fn field_with<T>(obj: &Object, name: &str, path: &str, decode: Decode<T>) -> Result<T, String> {
    decode(field(obj, name, path)?, &join(path, name))
}

/// A `#[serde(default)]` field, decoded, or `T::default()` when it is absent.
fn field_or<T: Default>(
    obj: &Object,
    name: &str,
    path: &str,
    decode: Decode<T>,
) -> Result<T, String> {
    match obj.get(name) {
        Some(v) => decode(v, &join(path, name)),
        None => Ok(T::default()),
    }
}

pub fn field_string(obj: &Object, name: &str, path: &str) -> Result<String, String> {
    field_with(obj, name, path, string)
}

pub fn field_bool(obj: &Object, name: &str, path: &str) -> Result<bool, String> {
    field_with(obj, name, path, boolean)
}

pub fn field_uint<T: TryFrom<u64>>(obj: &Object, name: &str, path: &str) -> Result<T, String> {
    field_with(obj, name, path, uint::<T>)
}

/// The entry of `table` named by the string `v` (a unit variant or a tag, in snake_case).
fn variant<T: Copy>(v: &Value, path: &str, table: &[(&str, T)]) -> Result<T, String> {
    let name = str_ref(v, path)?;
    match table.iter().find(|(n, _)| *n == name) {
        Some((_, t)) => Ok(*t),
        None => {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            Err(format!(
                "{path}: unknown value '{name}', expected one of: {}",
                names.join(", ")
            ))
        }
    }
}

/// An internally tagged enum (`#[serde(tag = "...")]`): the object's `tag` field names the
/// variant; the variant's decoder reads the other fields of the same object.
fn tagged<T>(
    v: &Value,
    path: &str,
    tag: &str,
    table: &[(&str, DecodeVariant<T>)],
) -> Result<T, String> {
    let obj = object(v, path)?;
    let decode = variant(field(obj, tag, path)?, &join(path, tag), table)?;
    decode(obj, path)
}
