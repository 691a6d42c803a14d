//! The checks of a scenario's `challenges` (issue 48), each problem in both languages: a stable
//! id (unique), a goal and a hint in both languages, at least one event the goal holds, every
//! event predicate naming a known event kind and, when it names an actor, a member of the team,
//! a solution of at most as many choices as a branch takes. Whether the goal is met by its
//! solution is the run's business (the editor shows it beside the challenge, played natively),
//! not a reason to refuse the scenario. [`Scenario::validate`] calls [`check`].

use super::authored_list::{check_ids, ListWords};
use super::authoring::is_member;
use super::errors::ScenarioErrors;
use super::format::Scenario;
use crate::lessons::checkpoint::EVENT_NAMES;
use crate::lessons::run::MAX_INTERVENTIONS;
use crate::lessons::{Challenge, EventMatch};

/// The most challenges a scenario carries.
pub const MAX_CHALLENGES: usize = 20;

/// Every problem of the scenario's challenges.
pub(super) fn check(scenario: &Scenario, errors: &mut ScenarioErrors) {
    let list = &scenario.challenges;
    let ids: Vec<&str> = list.iter().map(|c| c.id.as_str()).collect();
    check_ids(&WORDS, &ids, MAX_CHALLENGES, errors);
    for (i, challenge) in list.iter().enumerate() {
        check_one(scenario, errors, &format!("challenges[{i}]"), challenge);
    }
}

const WORDS: ListWords = ListWords {
    field: "challenges",
    zh: "挑战",
    en: "challenge",
};

fn check_one(scenario: &Scenario, errors: &mut ScenarioErrors, at: &str, challenge: &Challenge) {
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
