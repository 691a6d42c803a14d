//! P1-P5: the protocol tools. The lead asks a teammate to shut down, a teammate submits a plan;
//! the other side decides, once, by request id. An unknown, misaddressed or already-decided id is
//! refused and leaves the tracker unchanged.

use super::protocol::next_id;

use super::caption::{tr, Lang};
use super::event::EventKind;
use super::mailbox::MessageKind;
use super::protocol::ProtocolKind;
use super::protocol::ProtocolRequest;
use super::protocol::ProtocolStatus;
use super::protocol::Tracker;
use super::refusal::Refusal;
use super::refusal::RefusalCode;
use super::tool_args::refuse;
use super::tool_table::MemberKind;

use super::team::Team;

impl Team {
    /// P2 (lead's `shutdown_request`): opens a pending shutdown request (P1) for a teammate and
    /// sends it through the mailbox with its request id. Only teammates can be asked; the send
    /// is checked first, so a refused send opens no request.
    pub(crate) fn shutdown_request(
        &mut self,
        lead: &str,
        teammate: &str,
    ) -> Result<String, Refusal> {
        let lang = self.lang();
        let Some(target) = self.state.members.get(teammate) else {
            return Err(refuse(
                RefusalCode::UnknownRecipient,
                tr(
                    lang,
                    format!("没有名为 '{teammate}' 的成员"),
                    format!("there is no member named '{teammate}'"),
                ),
            ));
        };
        if target.kind != MemberKind::Teammate {
            return Err(refuse(
                RefusalCode::InvalidArgument,
                tr(
                    lang,
                    format!("'{teammate}' 不是队友；只有队友可以被请求关机"),
                    format!(
                        "'{teammate}' is not a teammate; only teammates can be asked to shut down"
                    ),
                ),
            ));
        }
        let id = next_id(&self.state.protocol, ProtocolKind::Shutdown);
        let note = tr(
            lang,
            "请体面地关机：收好尾再退出。",
            "Please shut down gracefully.",
        );
        self.check_send(lead, teammate, MessageKind::ShutdownRequest, note)?;
        self.emit(
            Some(lead),
            EventKind::ProtocolOpened {
                request: ProtocolRequest {
                    id: id.clone(),
                    kind: ProtocolKind::Shutdown,
                    from: lead.to_string(),
                    to: teammate.to_string(),
                    status: ProtocolStatus::Pending,
                    body: note.to_string(),
                    response: None,
                    opened_at: self.now,
                    decided_at: None,
                },
            },
        );
        let receipt = self.send(
            lead,
            teammate,
            MessageKind::ShutdownRequest,
            note,
            Some(id.clone()),
            None,
        )?;
        let message = receipt.message_id;
        Ok(tr(
            lang,
            format!("关机请求 {id} 待定；消息 {message} 已为 {teammate} 排队"),
            format!("shutdown request {id} is pending; message {message} queued for {teammate}"),
        ))
    }

    /// P1, P4 (lead's `shutdown_response`): the tracker is queryable at any time; answers the
    /// request's addressee, status and reason. An unknown id or one of the other protocol is
    /// refused (P5).
    pub(crate) fn query_request(&self, id: &str, kind: ProtocolKind) -> Result<String, Refusal> {
        let lang = self.lang();
        match self.state.protocol.get(id) {
            Some(r) if r.kind == kind => {
                let reason = r.response.as_ref().filter(|s| !s.is_empty());
                let (to, status) = (&r.to, r.status.as_str());
                Ok(match (lang, reason) {
                    (Lang::Zh, Some(s)) => format!(
                        "{id} 发给 {to}：{}（{status}，理由：{s}）",
                        status_word_zh(r.status)
                    ),
                    (Lang::Zh, None) => {
                        format!("{id} 发给 {to}：{}（{status}）", status_word_zh(r.status))
                    }
                    (Lang::En, Some(s)) => format!("{id} to {to}: {status} (reason: {s})"),
                    (Lang::En, None) => format!("{id} to {to}: {status}"),
                })
            }
            Some(r) => Err(refuse(
                RefusalCode::WrongRequestKind,
                wrong_kind(id, r.kind, kind, lang),
            )),
            None => Err(refuse(
                RefusalCode::UnknownRequest,
                tr(
                    lang,
                    format!("没有编号为 '{id}' 的 {} 请求", kind.as_str()),
                    format!("there is no {} request with id '{id}'", kind.as_str()),
                ),
            )),
        }
    }

    /// P2/P3: answer a pending request addressed to `decider`. P5: anything else is refused and
    /// leaves the tracker unchanged. The decision is recorded once, then sent to the opener as
    /// a response message; an approved shutdown sets the should-exit flag, so the teammate
    /// finishes this tool round and then exits as `shutdown` (P2).
    pub(crate) fn decide(
        &mut self,
        decider: &str,
        id: &str,
        kind: ProtocolKind,
        approve: bool,
        note: &str,
    ) -> Result<String, Refusal> {
        let lang = self.lang();
        let request = check_decidable(&self.state.protocol, id, kind, decider, lang)?.clone();
        let reply_kind = match kind {
            ProtocolKind::Shutdown => MessageKind::ShutdownResponse,
            ProtocolKind::Plan => MessageKind::PlanApprovalResponse,
        };
        let verdict = if approve { "approved" } else { "rejected" };
        let said = match (lang, approve) {
            (Lang::Zh, true) => "已批准（approved）",
            (Lang::Zh, false) => "已拒绝（rejected）",
            (Lang::En, _) => verdict,
        };
        let body = if note.trim().is_empty() {
            said.to_string()
        } else {
            format!("{said}{}{note}", tr(lang, "：", ": "))
        };
        self.check_send(decider, &request.from, reply_kind, &body)?;
        self.emit(
            Some(decider),
            EventKind::ProtocolDecided {
                request_id: id.to_string(),
                status: if approve {
                    ProtocolStatus::Approved
                } else {
                    ProtocolStatus::Rejected
                },
                by: decider.to_string(),
                note: note.to_string(),
            },
        );
        self.send(
            decider,
            &request.from,
            reply_kind,
            &body,
            Some(id.to_string()),
            None,
        )?;
        if approve && kind == ProtocolKind::Shutdown {
            self.emit(
                Some(decider),
                EventKind::ShouldExitSet {
                    member: decider.to_string(),
                    request_id: id.to_string(),
                },
            );
            return Ok(tr(
                lang,
                format!("{id} 已批准：你会先做完这一轮工具调用，然后退出"),
                format!("{id} approved: you will finish this tool round, then exit"),
            ));
        }
        let from = &request.from;
        Ok(tr(
            lang,
            format!("{id} {said}；已通知 {from}"),
            format!("{id} {verdict}; {from} was told"),
        ))
    }

    /// P3 (teammate's `plan_approval`): the teammate side creates the request id, opens a
    /// pending plan request for the lead and sends the plan through the mailbox; the teammate
    /// then waits for the decision before major work.
    pub(crate) fn submit_plan(&mut self, teammate: &str, plan: &str) -> Result<String, Refusal> {
        let lead = self.state.lead_name().to_string();
        let id = next_id(&self.state.protocol, ProtocolKind::Plan);
        self.check_send(teammate, &lead, MessageKind::PlanApproval, plan)?;
        self.emit(
            Some(teammate),
            EventKind::ProtocolOpened {
                request: ProtocolRequest {
                    id: id.clone(),
                    kind: ProtocolKind::Plan,
                    from: teammate.to_string(),
                    to: lead.clone(),
                    status: ProtocolStatus::Pending,
                    body: plan.to_string(),
                    response: None,
                    opened_at: self.now,
                    decided_at: None,
                },
            },
        );
        self.send(
            teammate,
            &lead,
            MessageKind::PlanApproval,
            plan,
            Some(id.clone()),
            None,
        )?;
        Ok(tr(
            self.lang(),
            format!("计划 {id} 已提交，待定；在 {lead} 作出决定之前，不要动手做大的改动"),
            format!(
                "plan {id} submitted and pending; wait for {lead}'s decision before major work"
            ),
        ))
    }
}

/// P5: may `decider` decide request `id` of `kind` now? Leaves the tracker untouched.
pub fn check_decidable<'a>(
    tracker: &'a Tracker,
    id: &str,
    kind: ProtocolKind,
    decider: &str,
    lang: Lang,
) -> Result<&'a ProtocolRequest, Refusal> {
    let code = kind.as_str();
    let Some(request) = tracker.get(id) else {
        let known: Vec<&str> = tracker
            .values()
            .filter(|r| r.kind == kind)
            .map(|r| r.id.as_str())
            .collect();
        let known = if known.is_empty() {
            tr(lang, "无", "none").to_string()
        } else {
            known.join(", ")
        };
        return Err(Refusal::new(
            RefusalCode::UnknownRequest,
            tr(
                lang,
                format!("没有编号为 '{id}' 的 {code} 请求（已有：{known}）"),
                format!("there is no {code} request with id '{id}' (known: {known})"),
            ),
        ));
    };
    if request.kind != kind {
        return Err(Refusal::new(
            RefusalCode::WrongRequestKind,
            wrong_kind(id, request.kind, kind, lang),
        ));
    }
    let to = &request.to;
    if to != decider {
        return Err(Refusal::new(
            RefusalCode::NotYourRequest,
            tr(
                lang,
                format!("'{id}' 是发给 {to} 的，只有 {to} 能答复"),
                format!("'{id}' is addressed to {to}, so only {to} can answer it"),
            ),
        ));
    }
    if request.status != ProtocolStatus::Pending {
        let status = request.status.as_str();
        return Err(Refusal::new(
            RefusalCode::AlreadyDecided,
            tr(
                lang,
                format!(
                    "'{id}' 已有决定：{}（{status}）；一个请求只能离开待定（pending）状态一次",
                    status_word_zh(request.status)
                ),
                format!("'{id}' was already {status}; a request leaves pending only once"),
            ),
        ));
    }
    Ok(request)
}

/// P5: the reason of an id of the other protocol.
fn wrong_kind(id: &str, is: ProtocolKind, asked: ProtocolKind, lang: Lang) -> String {
    let (is, asked) = (is.as_str(), asked.as_str());
    tr(
        lang,
        format!("'{id}' 是 {is} 请求，不是 {asked} 请求"),
        format!("'{id}' is a {is} request, not a {asked} request"),
    )
}

/// A protocol status as a Chinese word (its code, `pending` and the like, goes beside it).
fn status_word_zh(status: ProtocolStatus) -> &'static str {
    match status {
        ProtocolStatus::Pending => "待定",
        ProtocolStatus::Approved => "已批准",
        ProtocolStatus::Rejected => "已拒绝",
    }
}
