//! The raw JSON of a request as lines that can be marked: one line per top-level field and
//! per array element, so each message is a line, and the messages new since the previous
//! request are marked.

use crate::engine::text::counted;
use serde_json::Value;

use crate::engine::Lang;

/// One line of the raw JSON (or a run of plain lines joined by `\n`, see [`runs`]).
#[derive(Clone, Debug, PartialEq)]
pub struct JsonLine {
    pub text: String,
    /// A message that is new since the previous request.
    pub new: bool,
    /// A note standing for messages left out of the window (not part of the JSON).
    pub gap: bool,
}

impl JsonLine {
    fn plain(text: String) -> JsonLine {
        JsonLine {
            text,
            new: false,
            gap: false,
        }
    }
}

fn compact(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The request body as JSON lines. `body` holds only the shown messages, the window that
/// starts at message `first_shown` (a gap line says how many are left out); messages from
/// `new_from` on are marked new.
pub fn lines(body: &Value, new_from: usize, first_shown: usize, lang: Lang) -> Vec<JsonLine> {
    let Value::Object(fields) = body else {
        return vec![JsonLine::plain(compact(body))];
    };
    let mut lines = vec![JsonLine::plain("{".to_string())];
    let count = fields.len();
    for (n, (key, value)) in fields.iter().enumerate() {
        let comma = if n + 1 < count { "," } else { "" };
        let key_text = compact(&Value::String(key.clone()));
        let Value::Array(items) = value else {
            lines.push(JsonLine::plain(format!(
                "  {key_text}: {}{comma}",
                compact(value)
            )));
            continue;
        };
        if items.is_empty() {
            lines.push(JsonLine::plain(format!("  {key_text}: []{comma}")));
            continue;
        }
        lines.push(JsonLine::plain(format!("  {key_text}: [")));
        let is_messages = key == "messages";
        // The messages array holds only the shown window, which starts at `first_shown`.
        let offset = if is_messages { first_shown } else { 0 };
        if offset > 0 {
            lines.push(JsonLine {
                text: match lang {
                    Lang::Zh => format!("    …（前 {offset} 条消息未显示）"),
                    Lang::En => format!(
                        "    … ({} not shown)",
                        counted(offset, "earlier message", "earlier messages")
                    ),
                },
                new: false,
                gap: true,
            });
        }
        for (i, item) in items.iter().enumerate() {
            let item_comma = if i + 1 < items.len() { "," } else { "" };
            lines.push(JsonLine {
                text: format!("    {}{item_comma}", compact(item)),
                new: is_messages && offset + i >= new_from,
                gap: false,
            });
        }
        lines.push(JsonLine::plain(format!("  ]{comma}")));
    }
    lines.push(JsonLine::plain("}".to_string()));
    lines
}

/// Runs of plain lines joined into one (one element each on the page); a marked line (new,
/// or the gap) stays on its own.
pub fn runs(lines: Vec<JsonLine>) -> Vec<JsonLine> {
    let mut runs: Vec<JsonLine> = Vec::new();
    for line in lines {
        match runs.last_mut() {
            Some(run) if !run.new && !run.gap && !line.new && !line.gap => {
                run.text.push('\n');
                run.text.push_str(&line.text);
            }
            _ => runs.push(line),
        }
    }
    runs
}
