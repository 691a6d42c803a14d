//! The checks of version 2's fields, each problem in both languages: faults at a chosen moment
//! (`faults`) and conditional replies (a reply's `holds`, `lacks` and `otherwise`), and that
//! a scenario using them says `"version": 2`. [`Scenario::validate`] calls [`check`].

use super::errors::ScenarioErrors;
use super::format::{Scenario, ScenarioFault, ScenarioReply};
use super::ranges;

/// Every problem of the version 2 fields.
pub(super) fn check(scenario: &Scenario, errors: &mut ScenarioErrors) {
    let needed = scenario.needed_version();
    if scenario.version < needed {
        errors.push(
            format!("这个场景用了故障（faults）、检查点（checkpoints）或条件回复（holds、lacks、otherwise），它们属于版本 {needed}：写 \"version\": {needed}"),
            format!("this scenario uses faults, checkpoints or conditional replies (holds, lacks, otherwise), which are version {needed}: write \"version\": {needed}"),
        );
    }
    if scenario.faults.len() > ranges::MAX_FAULTS {
        errors.push(
            format!(
                "故障太多：{} 个，上限是 {} 个",
                scenario.faults.len(),
                ranges::MAX_FAULTS
            ),
            format!(
                "too many faults: {}; the limit is {}",
                scenario.faults.len(),
                ranges::MAX_FAULTS
            ),
        );
    }
    for (i, fault) in scenario.faults.iter().enumerate() {
        check_fault(scenario, errors, i, fault);
    }
    for (i, reply) in scenario.replies.iter().enumerate() {
        check_condition(scenario, errors, i, reply);
    }
}

pub(super) fn is_member(scenario: &Scenario, name: &str) -> bool {
    scenario.members.iter().any(|m| m.name == name) || scenario.spawned_names().contains(&name)
}

/// A message id as the engine writes it: `m` and a number from 1.
pub fn is_message_id(name: &str) -> bool {
    name.strip_prefix('m').is_some_and(|n| {
        !n.is_empty() && !n.starts_with('0') && n.chars().all(|c| c.is_ascii_digit())
    })
}

fn check_fault(scenario: &Scenario, errors: &mut ScenarioErrors, i: usize, fault: &ScenarioFault) {
    let at = format!("faults[{i}]");
    if !is_member(scenario, &fault.member) {
        errors.push(
            format!("{at} 写给了不存在的成员 '{}'", fault.member),
            format!("{at} is for '{}', who is not a member", fault.member),
        );
    }
    let (number, what_zh, what_en) = match (fault.request, fault.delivery) {
        (Some(n), None) => (n, "请求", "request"),
        (None, Some(n)) => (n, "交付", "delivery"),
        _ => {
            errors.push(
                format!("{at} 必须恰好写 request（第几个请求失败）或 delivery（第几次交付丢失）之一"),
                format!("{at} must name exactly one of request (which request fails) or delivery (which delivery is lost)"),
            );
            return;
        }
    };
    if !(1..=ranges::MAX_ORDER).contains(&number) {
        errors.push(
            format!(
                "{at}.{what_en} 是 {number}，超出允许范围 1 到 {}",
                ranges::MAX_ORDER
            ),
            format!(
                "{at}.{what_en} is {number}, outside the allowed range 1 to {}",
                ranges::MAX_ORDER
            ),
        );
    }
    let twice = scenario.faults[..i].iter().any(|f| {
        f.member == fault.member && f.request == fault.request && f.delivery == fault.delivery
    });
    if twice {
        errors.push(
            format!(
                "{at}：'{}' 的第 {number} 次{what_zh}已经有一个故障",
                fault.member
            ),
            format!(
                "{at}: '{}' already has a fault at {what_en} {number}",
                fault.member
            ),
        );
    }
    if fault.request.is_some() {
        let len = fault.error.chars().count();
        if len == 0 {
            errors.push(
                format!("{at}.error 是空的：写下失败的原因，例如 \"overloaded\""),
                format!("{at}.error is empty: write why the request fails, e.g. \"overloaded\""),
            );
        } else if len > ranges::MAX_REPLY_CHARS {
            errors.push(
                format!(
                    "{at}.error 太长：{len} 个字符，上限是 {}",
                    ranges::MAX_REPLY_CHARS
                ),
                format!(
                    "{at}.error is too long: {len} characters; the limit is {}",
                    ranges::MAX_REPLY_CHARS
                ),
            );
        }
        if let Some(r) = scenario
            .replies
            .iter()
            .position(|r| r.member == fault.member && Some(r.order) == fault.request)
        {
            errors.push(
                format!(
                    "{at}：'{}' 的第 {number} 个请求同时有 replies[{r}] 和这个故障：删掉其中一个",
                    fault.member
                ),
                format!(
                    "{at}: '{}' request {number} has both replies[{r}] and this fault: remove one",
                    fault.member
                ),
            );
        }
    } else if !fault.error.is_empty() || fault.retryable {
        errors.push(
            format!("{at}：丢失的交付没有 error 或 retryable（它们只属于失败的请求）"),
            format!(
                "{at}: a lost delivery has no error or retryable (they belong to a failed request)"
            ),
        );
    }
}

fn check_condition(
    scenario: &Scenario,
    errors: &mut ScenarioErrors,
    i: usize,
    reply: &ScenarioReply,
) {
    let at = format!("replies[{i}]");
    for (key, names) in [("holds", &reply.holds), ("lacks", &reply.lacks)] {
        for (k, name) in names.iter().enumerate() {
            if !is_message_id(name) && !is_member(scenario, name) {
                errors.push(
                    format!("{at}.{key}[{k}] 是 '{name}'：写一条消息的编号（如 m2）或发送者的名字"),
                    format!("{at}.{key}[{k}] is '{name}': name a message by its id (like m2) or by its sender"),
                );
            }
        }
    }
    if let Some(name) = reply.holds.iter().find(|n| reply.lacks.contains(n)) {
        errors.push(
            format!("{at}：'{name}' 同时在 holds 和 lacks 里，这个条件永远不成立"),
            format!("{at}: '{name}' is in both holds and lacks, so the condition never holds"),
        );
    }
    if reply.is_conditional() && reply.fail.is_some() {
        errors.push(
            format!("{at} 既有 fail 又有条件：失败的请求不看请求里有什么"),
            format!(
                "{at} has fail and a condition: a failed request does not depend on what it holds"
            ),
        );
    }
    match (&reply.otherwise, reply.is_conditional()) {
        (None, true) => errors.push(
            format!("{at} 有条件但没有 otherwise：写下条件不成立时成员怎么回答"),
            format!("{at} has a condition but no otherwise: write what the member answers when it does not hold"),
        ),
        (Some(_), false) => errors.push(
            format!("{at} 有 otherwise 但没有条件：otherwise 只和 holds 或 lacks 一起用"),
            format!("{at} has otherwise but no condition: otherwise goes with holds or lacks"),
        ),
        (Some(other), true) => {
            let len = other.text.chars().count();
            if len == 0 && other.tool_calls.is_empty() {
                errors.push(
                    format!("{at}.otherwise 是空的：写下文字或工具调用"),
                    format!("{at}.otherwise is empty: write a text or tool calls"),
                );
            } else if len > ranges::MAX_REPLY_CHARS {
                errors.push(
                    format!("{at}.otherwise.text 太长：{len} 个字符，上限是 {}", ranges::MAX_REPLY_CHARS),
                    format!("{at}.otherwise.text is too long: {len} characters; the limit is {}", ranges::MAX_REPLY_CHARS),
                );
            }
            if other.tool_calls.len() > ranges::MAX_TOOL_CALLS {
                errors.push(
                    format!("{at}.otherwise 有 {} 个工具调用，上限是 {}", other.tool_calls.len(), ranges::MAX_TOOL_CALLS),
                    format!("{at}.otherwise has {} tool calls; the limit is {}", other.tool_calls.len(), ranges::MAX_TOOL_CALLS),
                );
            }
            for (k, call) in other.tool_calls.iter().enumerate() {
                if !call.arguments.is_object() {
                    errors.push(
                        format!("{at}.otherwise.tool_calls[{k}].arguments 必须是 JSON 对象"),
                        format!("{at}.otherwise.tool_calls[{k}].arguments must be a JSON object"),
                    );
                }
            }
        }
        (None, false) => {}
    }
}
