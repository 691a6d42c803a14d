//! The authoring check: the scenario played as written (no fork, its own modes, in the page's
//! language) and read back for the teacher. [`Report::answered`] says which reply answered
//! each request (the reply, its alternative, a fault, or the scripted model's fallback);
//! [`Report::findings`] lists what the teacher may not have meant: replies and faults that
//! never ran, replies whose text names a message id (`m2`) their request did not hold, a
//! condition naming a message that never arrived, and a lost delivery in a mode that loses
//! nothing. Each is worded in both languages by [`Finding::text`].

use super::authoring::is_message_id;
use super::format::{Scenario, ScenarioReply};
use crate::engine::{tr, EventKind, Lang, ModelRequest, TeamState, Timeline};
use crate::lessons::{carried, condition_holds, play_lesson, PlayError, PlayOptions};

/// What answered one request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnsweredBy {
    /// `replies[i]` (its main text, or its `fail`).
    Reply(usize),
    /// `replies[i]`'s alternative: its condition did not hold.
    Otherwise(usize),
    /// `faults[i]`: the request failed.
    Fault(usize),
    /// No reply was written: the scripted model's fallback ended the round.
    Fallback,
}

/// One request of the run and what answered it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnsweredRequest {
    /// The request's id (`r3`).
    pub request: String,
    pub member: String,
    /// The member's request number, 1 for its first.
    pub number: u32,
    pub by: AnsweredBy,
}

/// Something in the scenario the run shows the teacher may not have meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// `replies[i]` answers a request the member never sends in this run.
    ReplyNeverRan(usize),
    /// `faults[i]` names a request or delivery that never happens in this run.
    FaultNeverStruck(usize),
    /// `replies[i]` answered with a text that names message `name` (`m2`), and the request it
    /// answered never held it: the member speaks of a message it never received.
    NamesUnreceived { reply: usize, name: String },
    /// `replies[i]`'s `holds` names `name`, which never reached the member in this run: its
    /// main text never runs (the alternative answers).
    HoldsUnreceived { reply: usize, name: String },
    /// `faults[i]` strikes a delivery while reading does not drain: the retry reads the same
    /// mail, so nothing is lost.
    DeliveryKeepsMail(usize),
}

/// The check's result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub answered: Vec<AnsweredRequest>,
    pub findings: Vec<Finding>,
}

impl Report {
    /// Plays `scenario` as written in `lang` and reads the run. Err when it cannot play (an
    /// invalid scenario: its problems are shown instead).
    pub fn of(scenario: &Scenario, lang: Lang) -> Result<Report, PlayError> {
        let options = PlayOptions {
            lang,
            ..PlayOptions::default()
        };
        let (timeline, _) = play_lesson(&scenario.to_lesson().spoken_in(lang), &options)?;
        Ok(Report::read(scenario, &timeline))
    }

    /// The report of `timeline`, a run of `scenario`.
    pub fn read(scenario: &Scenario, timeline: &Timeline) -> Report {
        let state = timeline.final_state();
        let requests: Vec<&ModelRequest> = timeline
            .events()
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::ModelRequested { request } => Some(request),
                _ => None,
            })
            .collect();
        let mut report = Report::default();
        let mut ran = vec![false; scenario.replies.len()];
        for request in &requests {
            let by = answered_by(scenario, state, request);
            if let AnsweredBy::Reply(i) | AnsweredBy::Otherwise(i) = by {
                ran[i] = true;
            }
            let said = match by {
                AnsweredBy::Reply(i) => Some((i, scenario.replies[i].text.as_str())),
                AnsweredBy::Otherwise(i) => scenario.replies[i]
                    .otherwise
                    .as_ref()
                    .map(|o| (i, o.text.as_str())),
                _ => None,
            };
            if let Some((i, text)) = said {
                let held = carried_by(state, request);
                for name in ids_in(text) {
                    if !held.iter().any(|(id, _)| *id == name) {
                        report.unreceived(i, name);
                    }
                }
            }
            report.answered.push(AnsweredRequest {
                request: request.id.to_string(),
                member: request.member.clone(),
                number: request.member_index + 1,
                by,
            });
        }
        for (i, reply) in scenario.replies.iter().enumerate() {
            if !ran[i] {
                report.findings.push(Finding::ReplyNeverRan(i));
            }
            let received: Vec<(String, String)> = requests
                .iter()
                .filter(|r| r.member == reply.member)
                .flat_map(|r| carried_by(state, r))
                .collect();
            for name in &reply.holds {
                if !received.iter().any(|(id, from)| id == name || from == name) {
                    report.findings.push(Finding::HoldsUnreceived {
                        reply: i,
                        name: name.clone(),
                    });
                }
            }
        }
        report.check_faults(scenario, state, &requests);
        report
    }

    fn unreceived(&mut self, reply: usize, name: String) {
        let finding = Finding::NamesUnreceived { reply, name };
        if !self.findings.contains(&finding) {
            self.findings.push(finding);
        }
    }

    fn check_faults(&mut self, scenario: &Scenario, state: &TeamState, requests: &[&ModelRequest]) {
        for (i, fault) in scenario.faults.iter().enumerate() {
            let happened = match (fault.request, fault.delivery) {
                (Some(n), _) => requests
                    .iter()
                    .any(|r| r.member == fault.member && r.member_index + 1 == n),
                (None, Some(n)) => state
                    .member(&fault.member)
                    .is_some_and(|m| m.deliveries_used() >= n),
                (None, None) => false,
            };
            if !happened {
                self.findings.push(Finding::FaultNeverStruck(i));
            } else if fault.delivery.is_some() && !scenario.toggles.drain_on_read {
                self.findings.push(Finding::DeliveryKeepsMail(i));
            }
        }
    }
}

/// What answered `request`: a fault, an authored reply or its alternative, or the fallback.
fn answered_by(scenario: &Scenario, state: &TeamState, request: &ModelRequest) -> AnsweredBy {
    let number = request.member_index + 1;
    if let Some(k) = scenario
        .faults
        .iter()
        .position(|f| f.member == request.member && f.request == Some(number))
    {
        return AnsweredBy::Fault(k);
    }
    let Some(i) = scenario
        .replies
        .iter()
        .position(|r| r.member == request.member && r.order == number)
    else {
        return AnsweredBy::Fallback;
    };
    let reply: &ScenarioReply = &scenario.replies[i];
    let conditional = reply.fail.is_none() && reply.is_conditional();
    if conditional && !condition_holds(&reply.holds, &reply.lacks, &carried_by(state, request)) {
        AnsweredBy::Otherwise(i)
    } else {
        AnsweredBy::Reply(i)
    }
}

/// The (id, sender) of every message `request` carries.
fn carried_by(state: &TeamState, request: &ModelRequest) -> Vec<(String, String)> {
    carried(request, &|id| state.message(id).map(|m| m.from.clone()))
}

/// The message ids (`m2`) a text names as words.
fn ids_in(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| is_message_id(w))
        .map(str::to_string)
        .collect();
    ids.dedup();
    ids
}

/// What a check with no finding says, worded to what was checked: the message ids written in
/// a reply's text are compared with what its request held; a message spoken of in other words
/// is not seen.
pub fn all_clear(lang: Lang) -> &'static str {
    tr(
        lang,
        "每个回复和故障都运行了，“请求里必须有”的消息都收到了，也没有回复的文字写出它所回答的请求里没有的消息编号（如 m2）。只检查文字里写出的编号：用别的话提到的消息不在检查之内。",
        "Every reply and fault ran, every message a reply's request must hold arrived, and no reply's text names a message id (such as m2) that the request it answered did not hold. Only ids written in the text are checked: a message spoken of in other words is not.",
    )
}

impl AnsweredRequest {
    /// One line: the request and what answered it.
    pub fn text(&self, lang: Lang) -> String {
        let (request, member, number) = (&self.request, &self.member, self.number);
        let by = match (&self.by, lang) {
            (AnsweredBy::Reply(i), Lang::Zh) => format!("第 {} 个回复", i + 1),
            (AnsweredBy::Reply(i), Lang::En) => format!("reply {}", i + 1),
            (AnsweredBy::Otherwise(i), Lang::Zh) => {
                format!("第 {} 个回复的“否则”（条件不成立）", i + 1)
            }
            (AnsweredBy::Otherwise(i), Lang::En) => {
                format!("reply {}'s otherwise (its condition did not hold)", i + 1)
            }
            (AnsweredBy::Fault(k), Lang::Zh) => format!("第 {} 个故障：请求失败", k + 1),
            (AnsweredBy::Fault(k), Lang::En) => format!("fault {}: the request fails", k + 1),
            (AnsweredBy::Fallback, Lang::Zh) => "没有写回复：脚本模型结束这一轮".to_string(),
            (AnsweredBy::Fallback, Lang::En) => {
                "no reply written: the scripted model ends the round".to_string()
            }
        };
        match lang {
            Lang::Zh => format!("{request}：{member} 的第 {number} 个请求 → {by}"),
            Lang::En => format!("{request}: {member}'s request {number} → {by}"),
        }
    }
}

impl Finding {
    /// What the teacher reads, naming the reply or fault by its number from 1.
    pub fn text(&self, scenario: &Scenario, lang: Lang) -> String {
        match self {
            Finding::ReplyNeverRan(i) => {
                let (member, order) = scenario
                    .replies
                    .get(*i)
                    .map_or((String::new(), 0), |r| (r.member.clone(), r.order));
                tr(
                    lang,
                    format!("第 {} 个回复从没运行：这次运行里 {member} 没有发出第 {order} 个请求。", i + 1),
                    format!("Reply {} never ran: in this run {member} never sends request {order}.", i + 1),
                )
            }
            Finding::FaultNeverStruck(i) => tr(
                lang,
                format!("第 {} 个故障从没发生：这次运行里没有它说的那个请求或交付。", i + 1),
                format!("Fault {} never struck: this run has no such request or delivery.", i + 1),
            ),
            Finding::NamesUnreceived { reply, name } => {
                let member = scenario
                    .replies
                    .get(*reply)
                    .map_or(String::new(), |r| r.member.clone());
                tr(
                    lang,
                    format!("第 {} 个回复提到 {name}，但 {member} 的请求里没有它：{member} 说的是没收到的消息。", reply + 1),
                    format!("Reply {} names {name}, but {member}'s request never held it: {member} would speak of a message it never received.", reply + 1),
                )
            }
            Finding::HoldsUnreceived { reply, name } => {
                let member = scenario
                    .replies
                    .get(*reply)
                    .map_or(String::new(), |r| r.member.clone());
                tr(
                    lang,
                    format!("第 {} 个回复的条件要求 {name}，但这次运行里 {member} 从没收到它：主回复从不运行，回答的总是“否则”。", reply + 1),
                    format!("Reply {}'s condition needs {name}, which {member} never received in this run: its main text never runs, the otherwise answers.", reply + 1),
                )
            }
            Finding::DeliveryKeepsMail(i) => tr(
                lang,
                format!("第 {} 个故障打断了一次交付，但读收件箱不会清空它：重试会读到同样的邮件，什么也没丢。要丢信，请打开“读收件箱会清空它”。", i + 1),
                format!("Fault {} strikes a delivery, but reading does not drain the inbox: the retry reads the same mail and nothing is lost. Turn on drain on read to lose it.", i + 1),
            ),
        }
    }
}
