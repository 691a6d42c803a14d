//! [`parse`]: a scenario's JSON text to a checked [`Scenario`]. The text is read as JSON
//! first, so the version is checked before anything else and each top-level field, member and
//! reply is typed on its own: every type error is reported with the path of its field, not
//! only the first one serde meets.

use super::errors::{Problem, ScenarioErrors};
use super::format::{
    Scenario, ScenarioFault, ScenarioLimits, ScenarioMember, ScenarioReply, ScenarioToggles,
    NEWEST_VERSION, VERSION,
};
use super::ranges;
use crate::engine::SortedMap;
use crate::lessons::Checkpoint;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// The fields a scenario may have (`faults`, `checkpoints` and `challenges` from version 2).
const FIELDS: [&str; 12] = [
    "version",
    "title",
    "members",
    "files",
    "task",
    "toggles",
    "limits",
    "allow_write",
    "replies",
    "faults",
    "checkpoints",
    "challenges",
];

/// Reads and checks a scenario: Ok only when it has no problem at all, otherwise every problem
/// found, each in Chinese and English.
pub fn parse(text: &str) -> Result<Scenario, ScenarioErrors> {
    let mut errors = ScenarioErrors::default();
    if text.len() > ranges::MAX_JSON_BYTES {
        errors.push(
            format!(
                "场景太大（{} 字节），上限是 {} 字节",
                text.len(),
                ranges::MAX_JSON_BYTES
            ),
            format!(
                "the scenario is too large ({} bytes); the limit is {} bytes",
                text.len(),
                ranges::MAX_JSON_BYTES
            ),
        );
        return Err(errors);
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => {
            errors.push(
                format!("这不是 JSON（第 {} 行第 {} 列）：{e}", e.line(), e.column()),
                format!(
                    "this is not JSON (line {}, column {}): {e}",
                    e.line(),
                    e.column()
                ),
            );
            return Err(errors);
        }
    };
    let Value::Object(object) = &value else {
        errors.push(
            "场景必须是一个 JSON 对象（{...}）",
            "a scenario must be a JSON object ({...})",
        );
        return Err(errors);
    };
    check_version(object, &mut errors)?;
    check_types(object, &mut errors);
    errors.clone().into_result()?;
    let scenario: Scenario = match typed(&value, "") {
        Ok(scenario) => scenario,
        Err(problem) => {
            errors.problems.push(problem);
            return Err(errors);
        }
    };
    scenario.validate()?;
    Ok(scenario)
}

/// The version comes first: a file of another version may mean other things by its fields.
fn check_version(
    object: &Map<String, Value>,
    errors: &mut ScenarioErrors,
) -> Result<(), ScenarioErrors> {
    match object.get("version") {
        Some(v)
            if v.as_u64()
                .is_some_and(|n| (1..=u64::from(NEWEST_VERSION)).contains(&n)) =>
        {
            Ok(())
        }
        Some(v) => {
            match v.as_u64() {
                Some(n) => errors.add(version_problem(n)),
                None => errors.push(
                    format!("不认识的版本 {v}：这个练习场读 \"version\": {VERSION} 到 {NEWEST_VERSION}"),
                    format!("unknown version {v}: this playground reads \"version\": {VERSION} to {NEWEST_VERSION}"),
                ),
            }
            Err(errors.clone())
        }
        None => {
            errors.push(
                format!("缺少 \"version\"：写 \"version\": {VERSION}"),
                format!("\"version\" is missing: write \"version\": {VERSION}"),
            );
            Err(errors.clone())
        }
    }
}

/// Why a scenario of `version` is refused: one newer than this page is named as such (a newer
/// playground wrote it), so the teacher knows to open it there rather than to fix the file.
pub(super) fn version_problem(version: u64) -> Problem {
    if version > u64::from(NEWEST_VERSION) {
        Problem::new(
            format!("这个场景是版本 {version}，由更新的练习场写成；这个页面只读版本 {VERSION} 到 {NEWEST_VERSION}。请在更新的练习场里打开它。"),
            format!("this scenario is version {version}, written by a newer playground; this page reads versions {VERSION} to {NEWEST_VERSION} only. Open it in the newer playground."),
        )
    } else {
        Problem::new(
            format!("不认识的版本 {version}：这个练习场读 \"version\": {VERSION} 到 {NEWEST_VERSION}"),
            format!("unknown version {version}: this playground reads \"version\": {VERSION} to {NEWEST_VERSION}"),
        )
    }
}

/// Unknown fields, missing fields and each field's type, member by member and reply by reply.
fn check_types(object: &Map<String, Value>, errors: &mut ScenarioErrors) {
    for key in object.keys().filter(|k| !FIELDS.contains(&k.as_str())) {
        errors.push(
            format!(
                "不认识的字段 \"{key}\"（可用的字段：{}）",
                FIELDS.join(", ")
            ),
            format!(
                "unknown field \"{key}\" (the fields are: {})",
                FIELDS.join(", ")
            ),
        );
    }
    for key in ["members", "task"] {
        if !object.contains_key(key) {
            errors.push(format!("缺少 \"{key}\""), format!("\"{key}\" is missing"));
        }
    }
    for (key, value) in object {
        let problems = match key.as_str() {
            "title" | "task" => one::<String>(value, key),
            "allow_write" => one::<bool>(value, key),
            "files" => one::<SortedMap<String, String>>(value, key),
            "toggles" => one::<ScenarioToggles>(value, key),
            "limits" => one::<ScenarioLimits>(value, key),
            "members" => each::<ScenarioMember>(value, key),
            "replies" => each::<ScenarioReply>(value, key),
            "faults" => each::<ScenarioFault>(value, key),
            "checkpoints" => each::<Checkpoint>(value, key),
            "challenges" => each::<crate::lessons::Challenge>(value, key),
            _ => Vec::new(),
        };
        errors.problems.extend(problems);
    }
}

/// The type problem of one field, if any.
fn one<T: DeserializeOwned>(value: &Value, key: &str) -> Vec<Problem> {
    typed::<T>(value, key).err().into_iter().collect()
}

/// Types each element of an array on its own, so each bad element is reported.
fn each<T: DeserializeOwned>(value: &Value, key: &str) -> Vec<Problem> {
    match value {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| typed::<T>(item, &format!("{key}[{i}]")).err())
            .collect(),
        other => one::<Vec<T>>(other, key),
    }
}

/// `value` as a `T`, or the problem with the path of the field that has the wrong type
/// (`at` is the path of `value` itself).
fn typed<T: DeserializeOwned>(value: &Value, at: &str) -> Result<T, Problem> {
    serde_path_to_error::deserialize::<_, T>(value).map_err(|e| {
        let inner = e.path().to_string();
        let path = if at.is_empty() {
            inner
        } else if inner == "." {
            at.to_string()
        } else if inner.starts_with('[') {
            format!("{at}{inner}")
        } else {
            format!("{at}.{inner}")
        };
        let why = e.into_inner().to_string();
        Problem::new(
            format!("{path} 不对（类型或取值）：{why}"),
            format!("{path} has a wrong type or value: {why}"),
        )
    })
}
