//! The fork form's logic: what the learner drafts (a kind of change, a member, a text, a
//! request index, a fault), checked against the state at the fork step and made into an
//! [`Intervention`], or refused with a [`Problem`] in both languages; and each change, and a
//! branch, described for the branch list. `ui/features/fork.rs` only binds it.
//!
//! Bad input (empty text, text over the engine's body limit, an unknown member, a request that
//! was already sent, or one the run never sends) is refused; the form keeps what was typed.

use crate::engine::{Fault, ModelReply, TeamState};
use crate::lessons::language::{tr, Lang};
use crate::lessons::run::MAX_INTERVENTIONS;
use crate::lessons::{Intervention, PlayOptions, ScriptOutcome};
use crate::scenario::Problem;

/// The three kinds of change a fork makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForkKind {
    /// Replace a scripted reply (text only).
    Reply,
    /// Inject a fault.
    Fault,
    /// Send a message as the lead.
    LeadMessage,
}

impl ForkKind {
    /// Every kind, in the order the form lists them.
    pub const ALL: [ForkKind; 3] = [ForkKind::Reply, ForkKind::Fault, ForkKind::LeadMessage];

    /// The value of the kind's `<option>`.
    pub fn value(self) -> &'static str {
        match self {
            ForkKind::Reply => "reply",
            ForkKind::Fault => "fault",
            ForkKind::LeadMessage => "lead",
        }
    }

    /// The kind of an `<option>` value (a reply for anything else).
    pub fn from_value(value: &str) -> ForkKind {
        match value {
            "fault" => ForkKind::Fault,
            "lead" => ForkKind::LeadMessage,
            _ => ForkKind::Reply,
        }
    }

    /// What the form calls the kind.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            ForkKind::Reply => tr(lang, "改写一条脚本回复", "Edit a scripted reply"),
            ForkKind::Fault => tr(lang, "注入故障", "Inject a fault"),
            ForkKind::LeadMessage => tr(lang, "以 lead 身份发消息", "Send a message as the lead"),
        }
    }

    /// Whether the kind takes a text (a reply or a message body).
    pub fn needs_text(self) -> bool {
        !matches!(self, ForkKind::Fault)
    }
}

/// What the form calls a fault. Its `<option>` value is the fault's stable name
/// (`Fault::as_str`, read back with `Fault::from_name`).
pub fn fault_label(fault: Fault, lang: Lang) -> &'static str {
    match fault {
        Fault::FailBeforeCommit => tr(
            lang,
            "提交前失败：丢弃该成员下一个候选",
            "Fail before commit: discard the member's next candidate",
        ),
    }
}

/// Everything the learner entered.
#[derive(Clone, Debug)]
pub struct Draft<'a> {
    pub kind: ForkKind,
    pub member: &'a str,
    pub text: &'a str,
    /// The typed request number: 1 is the member's first request.
    pub request_number: &'a str,
    pub fault: Fault,
    /// How many requests the member sends in the run the fork branches from (its changes up
    /// to the fork point kept), if known: a reply for a later request would never be used.
    pub sent_in_run: Option<usize>,
}

/// Checks the draft against the state at `step` and builds the intervention, or says in both
/// languages what is wrong.
pub fn build(draft: &Draft, state: &TeamState, step: usize) -> Result<Intervention, Problem> {
    let member = draft.member.trim();
    let Some(record) = state.member(member) else {
        return Err(if member.is_empty() {
            Problem::new("请先选择一个成员。", "Choose a member first.")
        } else {
            Problem::new(
                format!("第 {step} 步时没有名为“{member}”的成员。"),
                format!("There is no member named '{member}' at step {step}."),
            )
        });
    };
    if draft.kind == ForkKind::LeadMessage && member == state.lead_name() {
        return Err(Problem::new(
            "lead 不能给自己发消息：请选择一个队友。",
            "The lead cannot message itself: choose a teammate.",
        ));
    }
    if draft.kind.needs_text() {
        check_text(draft, state)?;
    }
    Ok(match draft.kind {
        ForkKind::Reply => Intervention::ReplaceReply {
            at: step,
            member: member.to_string(),
            request_index: request_index(draft, member, record.requests().len(), step)?,
            outcome: ScriptOutcome::Reply {
                reply: ModelReply::text(draft.text),
            },
        },
        ForkKind::Fault => Intervention::InjectFault {
            at: step,
            member: member.to_string(),
            fault: draft.fault,
        },
        ForkKind::LeadMessage => Intervention::LeadSends {
            at: step,
            to: member.to_string(),
            body: draft.text.to_string(),
        },
    })
}

/// A reply's or a message's text: not blank, and within the engine's body limit.
fn check_text(draft: &Draft, state: &TeamState) -> Result<(), Problem> {
    if draft.text.trim().is_empty() {
        return Err(match draft.kind {
            ForkKind::Reply => Problem::new("请先写下回复的文字。", "Write the reply text first."),
            _ => Problem::new("请先写下消息内容。", "Write the message body first."),
        });
    }
    let limit = state.config().limits.body_chars;
    let length = draft.text.chars().count();
    if length > limit {
        return Err(Problem::new(
            format!("文字有 {length} 个字符，引擎最多接受 {limit} 个。请删短一些。"),
            format!("The text has {length} characters; the engine accepts at most {limit}. Please shorten it."),
        ));
    }
    Ok(())
}

/// The request whose reply a fork replaces, typed as its number (1 is the member's first
/// request, as in the editor, the scenario format and the request view): a whole number, not
/// sent before the fork step (`next` is how many the member sent there), and one the run still
/// sends. Returned as the stored 0-based index (`ModelRequest::member_index`), so branches,
/// links and exports keep their meaning.
fn request_index(draft: &Draft, member: &str, next: usize, step: usize) -> Result<u32, Problem> {
    let number = match draft.request_number.trim().parse::<u32>() {
        Ok(number) if number >= 1 => number,
        _ => {
            return Err(Problem::new(
                "请求编号必须是不小于 1 的整数（1 是该成员的第一个请求）。",
                "The request number must be a whole number, 1 or more (1 is the member's first request).",
            ))
        }
    };
    let index = number - 1;
    let first_open = next + 1;
    if (index as usize) < next {
        return Err(Problem::new(
            format!("{member} 的第 {number} 个请求在这一步之前已经发出，它的回复不能从这里改。请选第 {first_open} 个或更后面的请求。"),
            format!("{member}'s request {number} was already sent before this step, so its reply cannot be changed from here. Choose request {first_open} or later."),
        ));
    }
    if let Some(total) = draft.sent_in_run.filter(|total| index as usize >= *total) {
        return Err(if total <= next {
            Problem::new(
                format!("从第 {step} 步起，{member} 在这次运行里不会再发出请求，所以这里没有可以改的回复。可以用“以 lead 身份发消息”给它新的工作，或者从更早的一步分叉。"),
                format!("From step {step} on, {member} sends no more requests in this run, so there is no reply to change here. Send it a message as the lead to give it more work, or fork from an earlier step."),
            )
        } else {
            Problem::new(
                format!("这次运行里 {member} 只发出第 1 到第 {total} 个请求，第 {number} 个请求不会发出，改它的回复什么也不会改变。请选第 {first_open} 到第 {total} 个。"),
                format!("In this run {member} sends requests 1 to {total} only: request {number} is never sent, so a new reply for it would change nothing. Choose request {first_open} to {total}."),
            )
        });
    }
    Ok(index)
}

/// The refusal when there is no run on screen to fork.
pub fn no_run() -> Problem {
    Problem::new(
        "这一课没有能分叉的运行。",
        "This lesson has no run to fork.",
    )
}

/// A branch already holds as many edits as a run takes (`lessons::run::MAX_INTERVENTIONS`).
pub fn too_many_edits() -> Problem {
    let max = MAX_INTERVENTIONS;
    Problem::new(
        format!("这个分支已有 {max} 个修改，一次运行最多接受这么多：请切换到更早的分支再分叉。"),
        format!("This branch already holds {max} edits, the most a run takes: switch to an earlier branch to fork again."),
    )
}

/// What the form says once a fork is made: the change, on a new branch.
pub fn forked(intervention: &Intervention, lang: Lang) -> String {
    let summary = describe(intervention, lang);
    match lang {
        Lang::Zh => format!("已在新分支上继续：{summary}。"),
        Lang::En => format!("Continuing on a new branch: {summary}."),
    }
}

/// A text of a fork as the branch list shows it: one line, cut short.
fn short(text: &str) -> String {
    crate::engine::text::preview(text, 40, "…")
}

/// One change, as the branch list names it: "after step N: " and what changes.
pub fn describe(intervention: &Intervention, lang: Lang) -> String {
    let (at, what) = change(intervention, lang);
    match lang {
        Lang::Zh => format!("第 {at} 步后：{what}"),
        Lang::En => format!("after step {at}: {what}"),
    }
}

/// The step a change comes after, and the change in `lang`.
fn change(intervention: &Intervention, lang: Lang) -> (usize, String) {
    let zh = lang == Lang::Zh;
    // Stored 0-based; the learner reads request numbers from 1.
    let number = |index: &u32| index.saturating_add(1);
    match intervention {
        Intervention::ReplaceReply {
            at,
            member,
            request_index,
            outcome,
        } => {
            let (number, what) = (number(request_index), outcome_text(outcome));
            let text = if zh {
                format!("{member} 的第 {number} 个请求的回复改为 {what}")
            } else {
                format!("reply to {member}'s request {number} becomes {what}")
            };
            (*at, text)
        }
        Intervention::AnswerFirst {
            at,
            member,
            request_index,
            outcome,
        } => {
            let number = number(request_index);
            let how = match outcome {
                None => tr(lang, "按脚本回复", "as scripted"),
                Some(ScriptOutcome::Fail { .. }) => tr(lang, "失败", "failing"),
                Some(_) => tr(lang, "以学习者选的回复", "with the learner's reply"),
            };
            let text = if zh {
                format!("先回答 {member} 的第 {number} 个请求（{how}）")
            } else {
                format!("answer {member}'s request {number} first ({how})")
            };
            (*at, text)
        }
        Intervention::InjectFault { at, member, fault } => {
            let label = fault_label(*fault, lang);
            let text = if zh {
                format!("给 {member} 注入故障（{label}）")
            } else {
                format!("fault for {member} ({label})")
            };
            (*at, text)
        }
        Intervention::LeadSends { at, to, body } => {
            let body = short(body);
            let text = if zh {
                format!("lead 给 {to} 发消息“{body}”")
            } else {
                format!("the lead sends {to} “{body}”")
            };
            (*at, text)
        }
        Intervention::Reload { at } => (*at, tr(lang, "宿主重启", "host restarted").to_string()),
        Intervention::Recall { at, member } => {
            let text = if zh {
                format!("召回 {member}")
            } else {
                format!("recall {member}")
            };
            (*at, text)
        }
        Intervention::Deliver { at, member } => {
            let text = if zh {
                format!("给 {member} 交付下一轮工作")
            } else {
                format!("deliver {member}'s next round")
            };
            (*at, text)
        }
    }
}

/// A scripted outcome as a change names it: the reply's text, or the failure's.
fn outcome_text(outcome: &ScriptOutcome) -> String {
    match outcome {
        ScriptOutcome::Reply { reply }
        | ScriptOutcome::ReplyIfSeen { seen: reply, .. }
        | ScriptOutcome::ReplyWhen { then: reply, .. } => format!("“{}”", short(&reply.text)),
        ScriptOutcome::Fail { error, .. } => format!("✗ {}", short(error)),
    }
}

/// A branch, as the branch list names it: its changes, or that it is the original.
pub fn describe_branch(options: &PlayOptions, lang: Lang) -> String {
    if options.interventions.is_empty() {
        return tr(lang, "原始分支（没有改动）", "Original branch (no changes)").to_string();
    }
    options
        .interventions
        .iter()
        .map(|iv| describe(iv, lang))
        .collect::<Vec<_>>()
        .join("; ")
}
