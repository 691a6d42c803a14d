//! The checks of a scenario's `checkpoints` (issue 26), each problem in both languages: a
//! stable id, a known rule id and event kind, a question in both languages, and what it asks
//! about (a message or request id as the engine writes them, a member of the team, two to six
//! distinct counts). Whether its moment happens and its subject exists at that step is the
//! run's business: a checkpoint that does not ask there is dropped with a note
//! (`lessons::checkpoint::place`), not refused. [`Scenario::validate`] calls [`check`].

use super::authored_list::{check_ids, ListWords};
use super::authoring::{is_member, is_message_id};
use super::errors::ScenarioErrors;
use super::format::Scenario;
use super::ranges;
use crate::host_code::breakpoints::places;
use crate::lessons::checkpoint::{Ask, Checkpoint, EVENT_NAMES, RULE_IDS};

/// Every problem of the scenario's checkpoints.
pub(super) fn check(scenario: &Scenario, errors: &mut ScenarioErrors) {
    let list = &scenario.checkpoints;
    let ids: Vec<&str> = list.iter().map(|c| c.id.as_str()).collect();
    check_ids(&WORDS, &ids, ranges::MAX_CHECKPOINTS, errors);
    for (i, checkpoint) in list.iter().enumerate() {
        check_one(scenario, errors, &format!("checkpoints[{i}]"), checkpoint);
    }
}

const WORDS: ListWords = ListWords {
    field: "checkpoints",
    zh: "检查点",
    en: "checkpoint",
};

fn is_request_id(name: &str) -> bool {
    name.strip_prefix('r').is_some_and(|n| {
        !n.is_empty() && !n.starts_with('0') && n.chars().all(|c| c.is_ascii_digit())
    })
}

fn check_one(scenario: &Scenario, errors: &mut ScenarioErrors, at: &str, checkpoint: &Checkpoint) {
    if !RULE_IDS.contains(&checkpoint.rule.as_str()) {
        errors.push(
            format!(
                "{at}.rule '{}' 不是规则编号（如 M2、T6，见 docs/RULES.md）",
                checkpoint.rule
            ),
            format!(
                "{at}.rule '{}' is not a rule id (such as M2 or T6, see docs/RULES.md)",
                checkpoint.rule
            ),
        );
    }
    if !EVENT_NAMES.contains(&checkpoint.event.as_str()) {
        errors.push(
            format!(
                "{at}.event '{}' 不是事件类型（如 message_queued、round_finished）",
                checkpoint.event
            ),
            format!(
                "{at}.event '{}' is not an event kind (such as message_queued or round_finished)",
                checkpoint.event
            ),
        );
    }
    if let Some(member) = &checkpoint.member {
        if !is_member(scenario, member) {
            errors.push(
                format!("{at}.member '{member}' 不是团队成员"),
                format!("{at}.member '{member}' is not a member of the team"),
            );
        }
    }
    if checkpoint.nth > ranges::MAX_CHECKPOINT_NTH {
        errors.push(
            format!(
                "{at}.nth 是 {}，上限是 {}",
                checkpoint.nth,
                ranges::MAX_CHECKPOINT_NTH
            ),
            format!(
                "{at}.nth is {}; the limit is {}",
                checkpoint.nth,
                ranges::MAX_CHECKPOINT_NTH
            ),
        );
    }
    let question = &checkpoint.question;
    for (lang, text) in [("zh", &question.zh), ("en", &question.en)] {
        let len = text.trim().chars().count();
        if !(1..=ranges::MAX_QUESTION_CHARS).contains(&len) {
            errors.push(
                format!("{at}.question.{lang} 要有 1 到 {} 个字符，现在是 {len} 个：问题要用中英两种语言写", ranges::MAX_QUESTION_CHARS),
                format!("{at}.question.{lang} must have 1 to {} characters, it has {len}: a question is written in both languages", ranges::MAX_QUESTION_CHARS),
            );
        }
    }
    check_ask(scenario, errors, at, &checkpoint.ask);
}

fn check_ask(scenario: &Scenario, errors: &mut ScenarioErrors, at: &str, ask: &Ask) {
    let message = |errors: &mut ScenarioErrors, id: &str| {
        if !is_message_id(id) {
            errors.push(
                format!("{at}.ask.message '{id}' 不是消息 id（m1、m2……）"),
                format!("{at}.ask.message '{id}' is not a message id (m1, m2, ...)"),
            );
        }
    };
    let member = |errors: &mut ScenarioErrors, name: &str| {
        if !is_member(scenario, name) {
            errors.push(
                format!("{at}.ask.member '{name}' 不是团队成员"),
                format!("{at}.ask.member '{name}' is not a member of the team"),
            );
        }
    };
    match ask {
        Ask::WhereIsMessage { message: m } | Ask::SenderOf { message: m } => message(errors, m),
        Ask::InRequest {
            message: m,
            request,
        } => {
            message(errors, m);
            if !is_request_id(request) {
                errors.push(
                    format!("{at}.ask.request '{request}' 不是请求 id（r1、r2……）"),
                    format!("{at}.ask.request '{request}' is not a request id (r1, r2, ...)"),
                );
            }
        }
        Ask::LockDuringModelCall { member: m }
        | Ask::MemberStatus { member: m }
        | Ask::HistoryLoaded { member: m } => member(errors, m),
        Ask::InboxHolds { member: m, counts } => {
            member(errors, m);
            let mut sorted = counts.clone();
            sorted.sort_unstable();
            sorted.dedup();
            if !(2..=ranges::MAX_CHECKPOINT_COUNTS).contains(&counts.len())
                || sorted.len() != counts.len()
            {
                errors.push(
                    format!(
                        "{at}.ask.counts 要有 2 到 {} 个互不相同的数",
                        ranges::MAX_CHECKPOINT_COUNTS
                    ),
                    format!(
                        "{at}.ask.counts must hold 2 to {} distinct numbers",
                        ranges::MAX_CHECKPOINT_COUNTS
                    ),
                );
            }
        }
        Ask::NextLine { lines } => {
            // A handful of lines: a pairwise check, no string sort in the first module.
            let repeated = (1..lines.len()).any(|i| lines[..i].contains(&lines[i]));
            if !(2..=ranges::MAX_CHECKPOINT_COUNTS).contains(&lines.len()) || repeated {
                errors.push(
                    format!(
                        "{at}.ask.lines 要有 2 到 {} 个互不相同的代码行",
                        ranges::MAX_CHECKPOINT_COUNTS
                    ),
                    format!(
                        "{at}.ask.lines must hold 2 to {} distinct lines",
                        ranges::MAX_CHECKPOINT_COUNTS
                    ),
                );
            }
            for line in lines.iter().filter(|l| !places().contains(&l.as_str())) {
                errors.push(
                    format!("{at}.ask.lines '{line}' 不是宿主代码里的一行（如 store.append、commit.history）"),
                    format!("{at}.ask.lines '{line}' is not a line of the host's code (such as store.append or commit.history)"),
                );
            }
        }
        Ask::ProtocolStatus { request } => {
            let len = request.chars().count();
            if !(1..=ranges::MAX_CHECKPOINT_ID_CHARS).contains(&len) {
                errors.push(
                    format!("{at}.ask.request 要有 1 到 {} 个字符（如 shutdown-1、plan-2）", ranges::MAX_CHECKPOINT_ID_CHARS),
                    format!("{at}.ask.request must have 1 to {} characters (such as shutdown-1 or plan-2)", ranges::MAX_CHECKPOINT_ID_CHARS),
                );
            }
        }
    }
}
