//! M1, M7, M8, D3: storing a message. The host binds the sender (a model never names it), the
//! checks run before anything is stored (unknown recipient, empty or oversized body, full inbox),
//! and an idempotency key already used returns the first receipt and stores nothing. The tools
//! `send_message` and `broadcast` and the learner's own sends all come through here.

use super::caption::tr;
use super::event::EventKind;
use super::mailbox::MessageId;
use super::mailbox::MessageKind;
use super::mailbox::MessageRecord;
use super::mailbox::Receipt;
use super::mailbox::ReceiptState;
use super::refusal::Refusal;
use super::refusal::RefusalCode;
use super::team::Team;
use super::text::char_len;

impl Team {
    /// M1, D3: the learner (or the lesson) sends as `from`, through the host. The host is
    /// trusted to name the sender here; a model never is (its sends bind its own name).
    pub(crate) fn on_host_send(
        &mut self,
        from: String,
        to: String,
        body: String,
        idempotency_key: Option<String>,
    ) {
        if !self.state.members.contains_key(&from) {
            self.refuse(
                None,
                RefusalCode::UnknownMember,
                tr(
                    self.lang(),
                    format!("没有名为 '{from}' 的成员可以代为发送"),
                    format!("there is no member named '{from}' to send as"),
                ),
            );
            return;
        }
        if let Err(refusal) = self.send(
            &from,
            &to,
            MessageKind::Message,
            &body,
            None,
            idempotency_key,
        ) {
            self.emit(Some(&from), EventKind::Refused { refusal });
        }
    }

    /// M1/M7: may `from` store this record for `to`? Checks only; stores nothing. Separate from
    /// [`Team::send`] so a protocol tool can check its message before it opens a request, and
    /// a refused send leaves no half-done protocol step behind.
    pub(crate) fn check_send(
        &self,
        from: &str,
        to: &str,
        kind: MessageKind,
        body: &str,
    ) -> Result<(), Refusal> {
        let limits = &self.state.config.limits;
        let lang = self.lang();
        if !self.state.members.contains_key(to) {
            let names: Vec<&str> = self.state.order.iter().map(String::as_str).collect();
            let names = names.join(", ");
            return Err(Refusal::new(
                RefusalCode::UnknownRecipient,
                tr(
                    lang,
                    format!("没有名为 '{to}' 的成员（成员：{names}）"),
                    format!("there is no member named '{to}' (members: {names})"),
                ),
            ));
        }
        if to == from {
            return Err(Refusal::new(
                RefusalCode::SelfSend,
                tr(
                    lang,
                    format!("{from} 不能给自己发消息"),
                    format!("{from} cannot send a message to itself"),
                ),
            ));
        }
        if matches!(
            kind,
            MessageKind::Message | MessageKind::Broadcast | MessageKind::PlanApproval
        ) && body.trim().is_empty()
        {
            return Err(Refusal::new(
                RefusalCode::EmptyBody,
                tr(
                    lang,
                    "正文为空，什么也没有存",
                    "the body is empty; nothing was stored",
                )
                .to_string(),
            ));
        }
        let len = char_len(body);
        if len > limits.body_chars {
            return Err(Refusal::new(
                RefusalCode::BodyTooLong,
                tr(
                    lang,
                    format!(
                        "正文有 {len} 个字符，上限是 {}：什么也没有存，也没有截断",
                        limits.body_chars
                    ),
                    format!(
                        "the body has {len} characters, the limit is {}; nothing was stored or cut",
                        limits.body_chars
                    ),
                ),
            ));
        }
        let count = self.state.inbox_count(to);
        if count >= limits.inbox_records {
            return Err(Refusal::new(
                RefusalCode::InboxFull,
                tr(
                    lang,
                    format!("{to} 的收件箱已有 {count} 条记录，上限是 {}：什么也没有存", limits.inbox_records),
                    format!("{to}'s inbox already holds {count} records, the limit is {}; nothing was stored", limits.inbox_records),
                ),
            ));
        }
        Ok(())
    }

    /// M1/M8: store one record (sender bound by the caller, which is the host) and return the
    /// receipt. With an idempotency key already used by `from`, stores nothing and returns the
    /// first receipt. Refusals are returned, not emitted: the caller decides how to report.
    pub(crate) fn send(
        &mut self,
        from: &str,
        to: &str,
        kind: MessageKind,
        body: &str,
        request_id: Option<String>,
        idempotency_key: Option<String>,
    ) -> Result<Receipt, Refusal> {
        if let Some(key) = &idempotency_key {
            if key.is_empty() || char_len(key) > 64 {
                return Err(Refusal::new(
                    RefusalCode::InvalidArgument,
                    tr(
                        self.lang(),
                        "幂等键必须有 1 到 64 个字符",
                        "an idempotency key must have 1 to 64 characters",
                    )
                    .to_string(),
                ));
            }
            if let Some(first) = self.state.receipt_for_key(from, key).cloned() {
                self.emit(
                    Some(from),
                    EventKind::ResendIgnored {
                        from: from.to_string(),
                        idempotency_key: key.clone(),
                        receipt: first.clone(),
                    },
                );
                return Ok(first);
            }
        }
        self.check_send(from, to, kind, body)?;
        let id = MessageId(self.state.messages.len() as u64 + 1);
        let record = MessageRecord {
            id,
            from: from.to_string(),
            to: to.to_string(),
            kind,
            body: body.to_string(),
            request_id,
            created_at: self.now,
            idempotency_key,
            drained: false,
            notified_at: None,
            undelivered: false,
        };
        self.emit(
            Some(from),
            EventKind::MessageQueued {
                record: std::sync::Arc::new(record),
            },
        );
        Ok(Receipt {
            message_id: id,
            to: to.to_string(),
            state: ReceiptState::Queued,
        })
    }
}
