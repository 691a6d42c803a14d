//! A scenario and a lesson, both ways: [`Scenario::from_lesson`] opens a built-in lesson as a
//! starting point (its team, files, task, limits and script; its stage directions and
//! captions are the lesson's own story and stay behind), and [`Scenario::to_lesson`] is the
//! lesson that plays a scenario under the default delivery policy.

use super::format::{
    Scenario, ScenarioAlternative, ScenarioFailure, ScenarioFault, ScenarioLimits, ScenarioMember,
    ScenarioReply, ScenarioToggles, ScenarioToolCall, VERSION,
};
use super::ranges::LIMITS;
use crate::engine::tool_table::ToolName;
use crate::engine::{
    Caption, Fault, Input, Lang, Limits, MemberConfig, MemberKind, ModelReply, TeamConfig, Toggles,
    ToolCall,
};
use crate::lessons::{
    Action, Direction, Lesson, ScriptOutcome, ScriptedModel, ScriptedReply, Wait, FREE_PLAY_ID,
};

impl Scenario {
    /// The scenario free play opens with: lesson 1's team, files, task and replies, in `lang`.
    pub fn default_free_play(lang: Lang) -> Scenario {
        Scenario::from_lesson(&crate::lessons::free_play(lang))
    }

    /// A lesson as a scenario ("open this lesson in the editor"): its roster, files, task (in
    /// the language the lesson was built in), toggles, limits and scripted replies.
    pub fn from_lesson(lesson: &Lesson) -> Scenario {
        let config = &lesson.config;
        let task = lead_task(lesson);
        let title = if task == lesson.task.zh && task != lesson.task.en {
            lesson.title.zh.clone()
        } else {
            lesson.title.en.clone()
        };
        let mut scenario = Scenario {
            version: VERSION,
            title,
            members: config.members.iter().map(member_of).collect(),
            files: config.files.clone(),
            task,
            toggles: ScenarioToggles {
                drain_on_read: config.toggles.drain_on_read,
                hold_lock_during_model_call: config.toggles.hold_lock_during_model_call,
            },
            limits: limits_of(&config.limits),
            allow_write: config.allow_write,
            replies: lesson.script.replies.iter().map(reply_of).collect(),
            faults: Vec::new(),
            // Like the captions, the checkpoints tell the lesson's own story and stay behind.
            checkpoints: Vec::new(),
            challenges: Vec::new(),
        };
        // A lesson whose replies depend on what a request holds needs version 2.
        scenario.version = scenario.needed_version();
        scenario
    }

    /// The engine's limits: the defaults, with each limit the scenario sets within its range.
    pub fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        let given = |key: &str| {
            LIMITS
                .iter()
                .find(|r| r.key == key)
                .and_then(|r| (r.get)(&self.limits).filter(|v| (r.min..=r.max).contains(v)))
        };
        let size = |key: &str, default: usize| given(key).map_or(default, |v| v as usize);
        let count = |key: &str, default: u32| given(key).map_or(default, |v| v as u32);
        limits.inbox_records = size("inbox_records", limits.inbox_records);
        limits.body_chars = size("body_chars", limits.body_chars);
        limits.history_entries = size("history_entries", limits.history_entries);
        limits.delivery_budget = count("delivery_budget", limits.delivery_budget);
        limits.request_budget = count("request_budget", limits.request_budget);
        limits.retry_budget = count("retry_budget", limits.retry_budget);
        limits.max_members = size("max_members", limits.max_members);
        limits.file_chars = size("file_chars", limits.file_chars);
        limits.tool_calls_per_reply = size("tool_calls_per_reply", limits.tool_calls_per_reply);
        limits
    }

    /// The engine's configuration of the scenario's team.
    pub fn team_config(&self) -> TeamConfig {
        TeamConfig {
            members: self
                .members
                .iter()
                .map(|m| MemberConfig {
                    name: m.name.clone(),
                    role: m.role.clone(),
                    kind: m.kind,
                    delivery_budget: m.deliveries,
                    tools: m.tools.as_ref().map(|names| {
                        names
                            .iter()
                            .filter_map(|n| ToolName::from_name(n))
                            .collect()
                    }),
                })
                .collect(),
            files: self.files.clone(),
            limits: self.limits(),
            toggles: Toggles {
                drain_on_read: self.toggles.drain_on_read,
                hold_lock_during_model_call: self.toggles.hold_lock_during_model_call,
            },
            allow_write: self.allow_write,
            // The scenario format has no language: its team speaks the page's
            // (`Lesson::spoken_in` where it plays).
            lang: crate::engine::Lang::En,
        }
    }

    /// The lesson that plays this scenario: free play's id, the scenario's team, its replies
    /// as the script, the default delivery policy as its directions, and no captions (the
    /// narration explains each event).
    pub fn to_lesson(&self) -> Lesson {
        let free = crate::lessons::find(FREE_PLAY_ID);
        let title = match (self.title.is_empty(), free) {
            (false, _) | (true, None) => Caption::new(self.title.clone(), self.title.clone()),
            (true, Some(info)) => info.title.into(),
        };
        let lead = self
            .members
            .iter()
            .find(|m| m.kind == MemberKind::Lead)
            .map_or_else(String::new, |m| m.name.clone());
        Lesson {
            id: FREE_PLAY_ID.to_string(),
            title,
            summary: Caption::new("", ""),
            rules: Vec::new(),
            editable: true,
            config: self.team_config(),
            task: Caption::new(self.task.clone(), self.task.clone()),
            intro: Caption::new(
                "一个场景：任务交给 lead；团队安静下来时，每个有未读邮件的成员按名册顺序收到一次投递。",
                "A scenario: the task goes to the lead; whenever the team is quiet, each member with unread mail gets a delivery, in roster order.",
            ),
            directions: default_policy(&lead, &self.task, &self.faults),
            script: ScriptedModel {
                replies: self.script_replies(),
            },
            captions: Vec::new(),
            checkpoints: self.checkpoints.clone(),
            challenges: self.challenges.clone(),
        }
    }
}

impl Scenario {
    /// The scripted model's entries: each authored reply, then each request fault as a failed
    /// request (validation refuses a reply and a fault for one request).
    fn script_replies(&self) -> Vec<ScriptedReply> {
        let mut replies: Vec<ScriptedReply> = self.replies.iter().map(scripted).collect();
        for fault in &self.faults {
            let Some(number) = fault.request else {
                continue;
            };
            let index = number.saturating_sub(1);
            replies.retain(|r| !(r.member == fault.member && r.request_index == index));
            replies.push(ScriptedReply {
                member: fault.member.clone(),
                request_index: index,
                latency: 1,
                outcome: ScriptOutcome::Fail {
                    error: fault.error.clone(),
                    retryable: fault.retryable,
                },
            });
        }
        replies
    }
}

/// The default delivery policy: deliver the task to the lead, then, whenever the team is
/// quiet, deliver to each member with unread mail (the run repeats it until no one has any).
/// A delivery fault arms the engine's fault just before that delivery: the lead's first is
/// the task.
fn default_policy(lead: &str, task: &str, faults: &[ScenarioFault]) -> Vec<Direction> {
    let struck: Vec<(String, u32)> = faults
        .iter()
        .filter_map(|f| f.delivery.map(|n| (f.member.clone(), n)))
        .collect();
    let mut directions = Vec::new();
    if struck.iter().any(|(m, n)| m == lead && *n == 1) {
        directions.push(Direction {
            wait: Wait::Now,
            action: Action::Input {
                input: Input::InjectFault {
                    member: lead.to_string(),
                    fault: Fault::FailBeforeCommit,
                },
            },
        });
    }
    directions.extend([
        Direction {
            wait: Wait::Now,
            action: Action::Input {
                input: Input::StartRound {
                    member: lead.to_string(),
                    prompt: Some(task.to_string()),
                },
            },
        },
        Direction {
            wait: Wait::Quiet,
            action: Action::DeliverUnread { struck },
        },
    ]);
    directions
}

/// The task as the lesson gives it to the lead (its first delivery with a prompt), in the
/// language the lesson was built in.
fn lead_task(lesson: &Lesson) -> String {
    lesson
        .directions
        .iter()
        .find_map(|d| match &d.action {
            Action::Input {
                input:
                    Input::StartRound {
                        prompt: Some(prompt),
                        ..
                    },
            } => Some(prompt.clone()),
            _ => None,
        })
        .unwrap_or_else(|| lesson.task.en.clone())
}

fn member_of(m: &MemberConfig) -> ScenarioMember {
    ScenarioMember {
        name: m.name.clone(),
        role: m.role.clone(),
        kind: m.kind,
        tools: m
            .tools
            .as_ref()
            .map(|tools| tools.iter().map(|t| t.as_str().to_string()).collect()),
        deliveries: m.delivery_budget,
    }
}

/// The limits that differ from the defaults.
fn limits_of(limits: &Limits) -> ScenarioLimits {
    let d = Limits::default();
    let differs = |a: u64, b: u64| (a != b).then_some(a);
    ScenarioLimits {
        inbox_records: differs(limits.inbox_records as u64, d.inbox_records as u64),
        body_chars: differs(limits.body_chars as u64, d.body_chars as u64),
        history_entries: differs(limits.history_entries as u64, d.history_entries as u64),
        delivery_budget: differs(limits.delivery_budget.into(), d.delivery_budget.into()),
        request_budget: differs(limits.request_budget.into(), d.request_budget.into()),
        retry_budget: differs(limits.retry_budget.into(), d.retry_budget.into()),
        max_members: differs(limits.max_members as u64, d.max_members as u64),
        file_chars: differs(limits.file_chars as u64, d.file_chars as u64),
        tool_calls_per_reply: differs(
            limits.tool_calls_per_reply as u64,
            d.tool_calls_per_reply as u64,
        ),
    }
}

fn reply_of(r: &ScriptedReply) -> ScenarioReply {
    let mut reply = ScenarioReply {
        member: r.member.clone(),
        order: r.request_index.saturating_add(1),
        latency: r.latency.max(1),
        text: String::new(),
        tool_calls: Vec::new(),
        fail: None,
        holds: Vec::new(),
        lacks: Vec::new(),
        otherwise: None,
    };
    let model_reply = match &r.outcome {
        ScriptOutcome::Reply { reply } => reply,
        // A lesson's reply that depends on a message is a conditional reply (version 2).
        ScriptOutcome::ReplyIfSeen {
            message,
            seen,
            unseen,
        } => {
            reply.holds = vec![message.clone()];
            reply.otherwise = Some(alternative_of(unseen));
            seen
        }
        ScriptOutcome::ReplyWhen {
            holds,
            lacks,
            then,
            otherwise,
        } => {
            reply.holds = holds.clone();
            reply.lacks = lacks.clone();
            reply.otherwise = Some(alternative_of(otherwise));
            then
        }
        ScriptOutcome::Fail { error, retryable } => {
            reply.fail = Some(ScenarioFailure {
                error: error.clone(),
                retryable: *retryable,
            });
            return reply;
        }
    };
    let alternative = alternative_of(model_reply);
    reply.text = alternative.text;
    reply.tool_calls = alternative.tool_calls;
    reply
}

/// A model reply's text and tool calls, as the format writes them.
fn alternative_of(reply: &ModelReply) -> ScenarioAlternative {
    ScenarioAlternative {
        text: reply.text.clone(),
        tool_calls: reply
            .tool_calls
            .iter()
            .map(|c| ScenarioToolCall {
                name: c.name.clone(),
                arguments: c.arguments.clone(),
            })
            .collect(),
    }
}

/// An authored reply as the scripted model's entry; tool call ids are `member-index-k`, as
/// the built-in lessons name them (an alternative's calls are `member-index-else-k`).
fn scripted(r: &ScenarioReply) -> ScriptedReply {
    let index = r.order.saturating_sub(1);
    let outcome = match &r.fail {
        Some(fail) => ScriptOutcome::Fail {
            error: fail.error.clone(),
            retryable: fail.retryable,
        },
        None => {
            let then = model_reply(&r.text, &r.tool_calls, &format!("{}-{index}", r.member));
            if r.is_conditional() || r.otherwise.is_some() {
                let other = r.otherwise.clone().unwrap_or_default();
                let otherwise = if other.text.is_empty() && other.tool_calls.is_empty() {
                    // No alternative written: what an unscripted request gets.
                    match ScriptedModel::fallback().1 {
                        ScriptOutcome::Reply { reply } => reply,
                        _ => ModelReply::text(String::new()),
                    }
                } else {
                    let prefix = format!("{}-{index}-else", r.member);
                    model_reply(&other.text, &other.tool_calls, &prefix)
                };
                ScriptOutcome::ReplyWhen {
                    holds: r.holds.clone(),
                    lacks: r.lacks.clone(),
                    then,
                    otherwise,
                }
            } else {
                ScriptOutcome::Reply { reply: then }
            }
        }
    };
    ScriptedReply {
        member: r.member.clone(),
        request_index: index,
        latency: r.latency,
        outcome,
    }
}

/// A text and tool calls as the model's reply; call `k` has the id `prefix-k`.
fn model_reply(text: &str, calls: &[ScenarioToolCall], prefix: &str) -> ModelReply {
    if calls.is_empty() {
        return ModelReply::text(text.to_string());
    }
    ModelReply::tools(
        text.to_string(),
        calls
            .iter()
            .enumerate()
            .map(|(k, c)| ToolCall::new(format!("{prefix}-{k}"), &c.name, c.arguments.clone()))
            .collect(),
    )
}
