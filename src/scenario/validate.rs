//! [`Scenario::validate`]: every problem of a scenario that typed correctly, each in both
//! languages. What the engine relies on (one lead, valid unique names, tools the kind may have,
//! valid paths) is the engine's own check ([`crate::engine::TeamConfig::problems`]), worded in
//! [`super::config_words`]; the format's ranges ([`super::ranges`]) are checked here.

use super::errors::{Problem, ScenarioErrors};
use super::format::{Scenario, ScenarioMember, ScenarioReply, NEWEST_VERSION, VERSION};
use super::ranges::{self, LIMITS};
use crate::engine::tool_table::ToolName;
use crate::engine::ConfigError;

impl Scenario {
    /// Ok, or every problem found (not only the first).
    pub fn validate(&self) -> Result<(), ScenarioErrors> {
        let mut errors = ScenarioErrors::default();
        if !(VERSION..=NEWEST_VERSION).contains(&self.version) {
            errors.add(super::read::version_problem(self.version.into()));
        }
        let json_len = self.to_json().len();
        if json_len > ranges::MAX_JSON_BYTES {
            errors.push(
                format!(
                    "场景太大（{json_len} 字节），上限是 {} 字节",
                    ranges::MAX_JSON_BYTES
                ),
                format!(
                    "the scenario is too large ({json_len} bytes); the limit is {} bytes",
                    ranges::MAX_JSON_BYTES
                ),
            );
        }
        check_text(
            &mut errors,
            "title",
            &self.title,
            0,
            ranges::MAX_TITLE_CHARS,
        );
        // M7: the engine refuses a task over its body limit, so "valid" holds it to that limit.
        // A version 1 scenario was held to the format's own limit only: one whose task is over
        // the engine's still opens and plays as it did (the engine refuses the task as a step),
        // the over-limit task a note ([`Scenario::notes`]), not a refusal of the file or link.
        if self.version == VERSION {
            check_text(&mut errors, "task", &self.task, 1, ranges::MAX_TASK_CHARS);
        } else {
            check_text(&mut errors, "task", &self.task, 1, self.limits().body_chars);
        }
        self.check_limits(&mut errors);
        // One set of checks: the engine's, on the team this scenario builds.
        let found = self.team_config().problems();
        self.check_members(&found, &mut errors);
        self.check_files(&found, &mut errors);
        self.check_replies(&mut errors);
        super::authoring::check(self, &mut errors);
        super::checkpoint_check::check(self, &mut errors);
        super::challenge_check::check(self, &mut errors);
        errors.into_result()
    }

    /// What the scenario holds that plays but is not what the teacher may mean: a version 1
    /// task over the engine's body limit, which the engine refuses as a step.
    pub fn notes(&self) -> Vec<Problem> {
        let limit = self.limits().body_chars;
        let len = self.task.chars().count();
        if self.version != VERSION || len <= limit || len > ranges::MAX_TASK_CHARS {
            return Vec::new();
        }
        vec![Problem::new(
            format!("task 太长：{len} 个字符，上限是 {limit}（引擎的正文上限 limits.body_chars）：引擎会拒绝这个任务，运行里显示为一个被拒绝的步骤"),
            format!("task is too long: {len} characters; the limit is {limit} (the engine's body limit, limits.body_chars): the engine refuses this task, shown in the run as a refused step"),
        )]
    }

    /// [`Scenario::validate`] as the editor writes a scenario: held to the engine's limits too,
    /// so each note is a problem there.
    pub fn validate_written(&self) -> Result<(), ScenarioErrors> {
        let mut errors = self.validate().err().unwrap_or_default();
        for note in self.notes() {
            errors.add(note);
        }
        errors.into_result()
    }

    fn check_limits(&self, errors: &mut ScenarioErrors) {
        for range in &LIMITS {
            if let Some(value) = (range.get)(&self.limits) {
                if value < range.min || value > range.max {
                    errors.push(
                        format!(
                            "limits.{} 是 {value}，超出允许范围 {} 到 {}",
                            range.key, range.min, range.max
                        ),
                        format!(
                            "limits.{} is {value}, outside the allowed range {} to {}",
                            range.key, range.min, range.max
                        ),
                    );
                }
            }
        }
    }

    /// The engine's roster checks, in the scenario's words, and the format's own.
    fn check_members(&self, found: &[ConfigError], errors: &mut ScenarioErrors) {
        for error in found {
            if matches!(
                error,
                ConfigError::LeadCount(_) | ConfigError::TooManyMembers { .. }
            ) {
                errors.add(self.config_problem(error));
            }
        }
        for (i, member) in self.members.iter().enumerate() {
            self.check_member(errors, found, i, member);
        }
    }

    fn check_member(
        &self,
        errors: &mut ScenarioErrors,
        found: &[ConfigError],
        i: usize,
        member: &ScenarioMember,
    ) {
        for error in found {
            let about_member = matches!(
                error,
                ConfigError::InvalidName { member: m, .. }
                | ConfigError::DuplicateName { member: m, .. }
                | ConfigError::NoRole { member: m, .. } if *m == i
            );
            if about_member {
                errors.add(self.config_problem(error));
            }
        }
        let role = format!("members[{i}].role");
        check_text(errors, &role, member.role.trim(), 0, ranges::MAX_ROLE_CHARS);
        if let Some(n) = member.deliveries {
            let (min, max) = ranges::DELIVERIES;
            if n < min || n > max {
                errors.push(
                    format!("members[{i}].deliveries 是 {n}，超出允许范围 {min} 到 {max}"),
                    format!(
                        "members[{i}].deliveries is {n}, outside the allowed range {min} to {max}"
                    ),
                );
            }
        }
        // The engine's list holds the names that are tools: `known` counts them.
        let mut known = 0;
        for (k, name) in member.tools.iter().flatten().enumerate() {
            let at = format!("members[{i}].tools[{k}]");
            if ToolName::from_name(name).is_none() {
                errors.push(
                    format!("{at}：没有名为 '{name}' 的工具"),
                    format!("{at}: there is no tool named '{name}'"),
                );
            } else {
                let refused = found.iter().find(|e| {
                    matches!(e, ConfigError::ToolNotAllowed { member: m, at: t, .. } if *m == i && *t == known)
                });
                if let Some(error) = refused {
                    errors.add(self.config_problem(error));
                }
                known += 1;
            }
            if member.tools.iter().flatten().take(k).any(|t| t == name) {
                errors.push(
                    format!("{at}：工具 '{name}' 列了两次"),
                    format!("{at}: the tool '{name}' is listed twice"),
                );
            }
        }
    }

    /// The format's file count, then the engine's file checks in the scenario's words.
    fn check_files(&self, found: &[ConfigError], errors: &mut ScenarioErrors) {
        if self.files.len() > ranges::MAX_FILES {
            errors.push(
                format!(
                    "文件太多：{} 个，上限是 {} 个",
                    self.files.len(),
                    ranges::MAX_FILES
                ),
                format!(
                    "too many files: {}; the limit is {}",
                    self.files.len(),
                    ranges::MAX_FILES
                ),
            );
        }
        for error in found {
            if matches!(
                error,
                ConfigError::InvalidPath(_) | ConfigError::FileTooLong { .. }
            ) {
                errors.add(self.config_problem(error));
            }
        }
    }

    fn check_replies(&self, errors: &mut ScenarioErrors) {
        if self.replies.len() > ranges::MAX_REPLIES {
            errors.push(
                format!(
                    "回复太多：{} 条，上限是 {} 条",
                    self.replies.len(),
                    ranges::MAX_REPLIES
                ),
                format!(
                    "too many replies: {}; the limit is {}",
                    self.replies.len(),
                    ranges::MAX_REPLIES
                ),
            );
        }
        let spawned = self.spawned_names();
        for (i, reply) in self.replies.iter().enumerate() {
            let known = self.members.iter().any(|m| m.name == reply.member)
                || spawned.contains(&reply.member.as_str());
            if !known {
                errors.push(
                    format!("replies[{i}] 写给了不存在的成员 '{}'（不在名册上，也没有回复用 spawn_teammate 创建它）", reply.member),
                    format!("replies[{i}] is for '{}', who is not a member (not on the roster, and no reply spawns it with spawn_teammate)", reply.member),
                );
            }
            let twice = self.replies[..i]
                .iter()
                .any(|r| r.member == reply.member && r.order == reply.order);
            if twice {
                errors.push(
                    format!(
                        "replies[{i}]：'{}' 的第 {} 个请求已经有一条回复",
                        reply.member, reply.order
                    ),
                    format!(
                        "replies[{i}]: '{}' already has a reply for request {}",
                        reply.member, reply.order
                    ),
                );
            }
            check_reply(errors, i, reply);
        }
    }
}

impl Scenario {
    /// The names authored replies spawn with `spawn_teammate`: members a reply may be for.
    pub(super) fn spawned_names(&self) -> Vec<&str> {
        self.replies
            .iter()
            .flat_map(|r| &r.tool_calls)
            .filter(|c| c.name == ToolName::SpawnTeammate.as_str())
            .filter_map(|c| c.arguments.get("name").and_then(|n| n.as_str()))
            .collect()
    }
}

fn check_reply(errors: &mut ScenarioErrors, i: usize, reply: &ScenarioReply) {
    if reply.order < 1 || reply.order > ranges::MAX_ORDER {
        errors.push(
            format!(
                "replies[{i}].order 是 {}，超出允许范围 1 到 {}",
                reply.order,
                ranges::MAX_ORDER
            ),
            format!(
                "replies[{i}].order is {}, outside the allowed range 1 to {}",
                reply.order,
                ranges::MAX_ORDER
            ),
        );
    }
    let (min, max) = ranges::LATENCY;
    if reply.latency < min || reply.latency > max {
        errors.push(
            format!(
                "replies[{i}].latency 是 {}，超出允许范围 {min} 到 {max}",
                reply.latency
            ),
            format!(
                "replies[{i}].latency is {}, outside the allowed range {min} to {max}",
                reply.latency
            ),
        );
    }
    check_text(
        errors,
        &format!("replies[{i}].text"),
        &reply.text,
        0,
        ranges::MAX_REPLY_CHARS,
    );
    if reply.tool_calls.len() > ranges::MAX_TOOL_CALLS {
        errors.push(
            format!(
                "replies[{i}] 有 {} 个工具调用，上限是 {}",
                reply.tool_calls.len(),
                ranges::MAX_TOOL_CALLS
            ),
            format!(
                "replies[{i}] has {} tool calls; the limit is {}",
                reply.tool_calls.len(),
                ranges::MAX_TOOL_CALLS
            ),
        );
    }
    for (k, call) in reply.tool_calls.iter().enumerate() {
        if !call.arguments.is_object() {
            errors.push(
                format!("replies[{i}].tool_calls[{k}].arguments 必须是 JSON 对象"),
                format!("replies[{i}].tool_calls[{k}].arguments must be a JSON object"),
            );
        }
    }
    if let Some(fail) = &reply.fail {
        if !reply.text.is_empty() || !reply.tool_calls.is_empty() {
            errors.push(
                format!("replies[{i}] 既有 fail 又有 text 或 tool_calls：失败的请求没有回复"),
                format!("replies[{i}] has fail and also text or tool_calls: a failed request has no reply"),
            );
        }
        check_text(
            errors,
            &format!("replies[{i}].fail.error"),
            &fail.error,
            1,
            ranges::MAX_REPLY_CHARS,
        );
    }
}

/// A text of `min` to `max` characters.
fn check_text(errors: &mut ScenarioErrors, field: &str, text: &str, min: usize, max: usize) {
    let len = text.chars().count();
    if len < min {
        errors.push(format!("{field} 是空的"), format!("{field} is empty"));
    } else if len > max {
        errors.push(
            format!("{field} 太长：{len} 个字符，上限是 {max}"),
            format!("{field} is too long: {len} characters; the limit is {max}"),
        );
    }
}
