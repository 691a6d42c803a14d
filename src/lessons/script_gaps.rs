//! Where the scripted model cannot follow a branch (issue 48): the requests of a run that its
//! script has no reply written for. A learner's choice may change the order of events so that
//! a member asks its model more often than the script foresaw; the scripted model then answers
//! with its fallback (a short final answer that ends the round, `ScriptedModel::fallback_in`)
//! and the page says so in both languages, naming the request, instead of pretending.

use super::lesson::Lesson;
use super::options::{Intervention, PlayOptions};
use crate::engine::{Caption, EventKind, RequestId, Timeline};

/// One request the script has no reply for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptGap {
    pub member: String,
    /// 0-based, as the script keys it.
    pub request_index: u32,
    pub request: RequestId,
    /// The index of the event that sent it.
    pub seq: usize,
}

impl ScriptGap {
    /// What the page says about it.
    pub fn note(&self) -> Caption {
        let (member, request, number) = (&self.member, self.request, self.request_index + 1);
        Caption::new(
            format!("脚本模型没有为 {member} 的 {request}（它的第 {number} 个请求）写好回复：在这个新顺序里它只能给出结束这一轮的简短回答。"),
            format!("The scripted model has no reply written for {member}'s {request} (its request {number}): in this new order it can only give a short answer that ends the round."),
        )
    }
}

/// The requests of `run` (played from `lesson` with `options`) that the script has no reply
/// for and the learner gave none either.
pub fn script_gaps(lesson: &Lesson, options: &PlayOptions, run: &Timeline) -> Vec<ScriptGap> {
    let answered_by_learner = |member: &str, index: u32| {
        options.interventions.iter().any(|iv| match iv {
            Intervention::ReplaceReply {
                member: m,
                request_index,
                ..
            } => m == member && *request_index == index,
            Intervention::AnswerFirst {
                member: m,
                request_index,
                outcome: Some(_),
                ..
            } => m == member && *request_index == index,
            _ => false,
        })
    };
    run.events()
        .iter()
        .filter_map(|event| match &event.kind {
            EventKind::ModelRequested { request } => Some((request, event.seq)),
            _ => None,
        })
        .filter(|(request, _)| {
            lesson
                .script
                .lookup(&request.member, request.member_index)
                .is_none()
                && !answered_by_learner(&request.member, request.member_index)
        })
        .map(|(request, seq)| ScriptGap {
            member: request.member.clone(),
            request_index: request.member_index,
            request: request.id,
            seq,
        })
        .collect()
}
