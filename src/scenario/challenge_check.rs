//! The checks of a scenario's `challenges` (issue 48), each problem in both languages: a stable
//! id (unique), a goal and a hint in both languages, at least one event the goal holds, every
//! event predicate naming a known event kind and, when it names an actor, a member of the team,
//! a solution of at most as many choices as a branch takes. Whether the goal is met by its
//! solution is the run's business (the editor shows it beside the challenge, played natively),
//! not a reason to refuse the scenario. [`Scenario::validate`] calls [`check`].

use super::authoring::is_member;
use super::errors::ScenarioErrors;
use super::format::Scenario;
use super::ranges;
use crate::lessons::checkpoint::EVENT_NAMES;
use crate::lessons::run::MAX_INTERVENTIONS;
use crate::lessons::{Challenge, EventMatch};

/// The most challenges a scenario carries.
pub const MAX_CHALLENGES: usize = 20;

/// Every problem of the scenario's challenges.
pub(super) fn check(scenario: &Scenario, errors: &mut ScenarioErrors) {
    let list = &scenario.challenges;
    if list.len() > MAX_CHALLENGES {
        errors.push(
            format!("挑战太多：{} 个，上限是 {MAX_CHALLENGES} 个", list.len()),
            format!(
                "too many challenges: {}; the limit is {MAX_CHALLENGES}",
                list.len()
            ),
        );
    }
    for (i, challenge) in list.iter().enumerate() {
        let at = format!("challenges[{i}]");
        if list[..i].iter().any(|c| c.id == challenge.id) {
            errors.push(
                format!(
                    "{at}.id '{}' 和前面的挑战重复：每个挑战的 id 必须不同",
                    challenge.id
                ),
                format!(
                    "{at}.id '{}' repeats an earlier challenge's: each id must be unique",
                    challenge.id
                ),
            );
        }
        check_one(scenario, errors, &at, challenge);
    }
}

fn is_id(id: &str) -> bool {
    (1..=ranges::MAX_CHECKPOINT_ID_CHARS).contains(&id.len())
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn check_one(scenario: &Scenario, errors: &mut ScenarioErrors, at: &str, challenge: &Challenge) {
    if !is_id(&challenge.id) {
        errors.push(
            format!("{at}.id '{}' 无效：用小写字母开头，只含小写字母、数字和连字符，最多 {} 个字符", challenge.id, ranges::MAX_CHECKPOINT_ID_CHARS),
            format!("{at}.id '{}' is not valid: start with a lowercase letter, use lowercase letters, digits and hyphens, at most {} characters", challenge.id, ranges::MAX_CHECKPOINT_ID_CHARS),
        );
    }
    for (field, zh, en) in [
        ("goal", &challenge.goal.zh, &challenge.goal.en),
        ("hint", &challenge.hint.zh, &challenge.hint.en),
    ] {
        if zh.trim().is_empty() || en.trim().is_empty() {
            errors.push(
                format!("{at}.{field} 需要中文和英文两种写法"),
                format!("{at}.{field} needs its text in both Chinese and English"),
            );
        }
    }
    if challenge.holds.is_empty() {
        errors.push(
            format!("{at}.holds 是空的：目标至少要有一个必须发生的事件"),
            format!("{at}.holds is empty: a goal needs at least one event that must happen"),
        );
    }
    let predicates = challenge.holds.iter().map(|p| ("holds", p));
    let predicates = predicates.chain(challenge.never.iter().map(|p| ("never", p)));
    for (list, predicate) in predicates {
        check_predicate(scenario, errors, &format!("{at}.{list}"), predicate);
    }
    if challenge.solution.len() > MAX_INTERVENTIONS {
        errors.push(
            format!(
                "{at}.solution 有 {} 个选择，上限是 {MAX_INTERVENTIONS} 个",
                challenge.solution.len()
            ),
            format!(
                "{at}.solution has {} choices; the limit is {MAX_INTERVENTIONS}",
                challenge.solution.len()
            ),
        );
    }
}

fn check_predicate(
    scenario: &Scenario,
    errors: &mut ScenarioErrors,
    at: &str,
    predicate: &EventMatch,
) {
    if !EVENT_NAMES.contains(&predicate.event.as_str()) {
        errors.push(
            format!("{at} 里的事件类型 '{}' 不存在", predicate.event),
            format!(
                "{at} names an event kind that does not exist: '{}'",
                predicate.event
            ),
        );
    }
    if let Some(member) = &predicate.member {
        if !is_member(scenario, member) {
            errors.push(
                format!("{at} 里的成员 '{member}' 不在团队里"),
                format!("{at} names '{member}', who is not on the team"),
            );
        }
    }
}
