//! The envelope of every message an embedded playground posts to its parent: `source` (our
//! name), `v` (the API version) and `type`, then the message's own fields. The embed API
//! (`embed_api.rs`) and the results it reports (`embed_results.rs`) both write through it.

use serde_json::{json, Map, Value};

/// The name in `source` (out) and `target` (in).
pub const NAME: &str = "agent-team-playground";
/// The API version this playground speaks.
pub const VERSION: u64 = 1;

/// A message of ours as JSON text: `{source, v, type}` and its own fields. (Written through
/// `serde_json::to_string` of a `Value`, which the wasm has already: typed structs or
/// `Value`'s `Display` would each add a serializer of their own.)
pub fn message(kind: &str, rest: Map<String, Value>) -> String {
    let mut map = Map::new();
    map.insert("source".into(), json!(NAME));
    map.insert("v".into(), json!(VERSION));
    map.insert("type".into(), json!(kind));
    map.extend(rest);
    serde_json::to_string(&Value::Object(map)).unwrap_or_default()
}
