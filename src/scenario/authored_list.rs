//! What a scenario's authored lists (its `checkpoints` and `challenges`) share: a limit on how
//! many there are, and ids that are valid and unique, since a learner's results and a course
//! report know each item by its id. Each problem is worded once, in both languages.

use super::errors::ScenarioErrors;
use super::ranges;

/// The list as the problems name it: its field, and one item in each language.
pub(super) struct ListWords {
    pub field: &'static str,
    pub zh: &'static str,
    pub en: &'static str,
}

/// The list's own problems: more than `limit` items, and each invalid or repeated id (by the
/// item's index).
pub(super) fn check_ids(
    words: &ListWords,
    ids: &[&str],
    limit: usize,
    errors: &mut ScenarioErrors,
) {
    let ListWords { field, zh, en } = words;
    if ids.len() > limit {
        errors.push(
            format!("{zh}太多：{} 个，上限是 {limit} 个", ids.len()),
            format!("too many {en}s: {}; the limit is {limit}", ids.len()),
        );
    }
    for (i, id) in ids.iter().enumerate() {
        let at = format!("{field}[{i}].id '{id}'");
        if ids[..i].contains(id) {
            errors.push(
                format!("{at} 和前面的{zh}重复：每个{zh}的 id 必须不同"),
                format!("{at} repeats an earlier {en}'s: each id must be unique"),
            );
        }
        if !is_id(id) {
            let most = ranges::MAX_CHECKPOINT_ID_CHARS;
            errors.push(
                format!("{at} 不合格：1 到 {most} 个字符，小写字母开头，只用小写字母、数字和 -"),
                format!("{at} is not valid: 1 to {most} characters, a lowercase letter first, then lowercase letters, digits and -"),
            );
        }
    }
}

fn is_id(id: &str) -> bool {
    (1..=ranges::MAX_CHECKPOINT_ID_CHARS).contains(&id.len())
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}
