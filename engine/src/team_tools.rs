//! The tools that act on the team itself (K1, K2): the lead's `spawn_teammate` and
//! `list_teammates`, everyone's `read_inbox` (append-only, or draining in the M6 contrast) and
//! `broadcast` (M9). `tool_calls.rs` checks a call and routes it here.

use super::caption::tr;
use super::config::validate_member_name;
use super::event::EventKind;
use super::mailbox::MessageId;
use super::mailbox::MessageKind;
use super::mailbox::Position;
use super::refusal::Refusal;
use super::refusal::RefusalCode;
use super::team::Team;
use super::tool_args::refuse;
use super::tool_calls::ToolOutcome;

impl Team {
    /// K1, T1: the lead's `spawn_teammate`. The name must be valid and new, the role short and
    /// not empty, and the roster under its size limit; the new member starts idle with an empty
    /// history of its own (T2: nothing is copied from another member).
    pub(crate) fn spawn(&mut self, by: &str, name: &str, role: &str) -> Result<String, Refusal> {
        let lang = self.lang();
        validate_member_name(name).map_err(|reason| {
            let zh = format!(
                "'{name}' 不是合法的成员名：用 1 到 24 个字符，小写字母开头，之后是小写字母、数字、'-' 或 '_'"
            );
            refuse(RefusalCode::InvalidName, tr(lang, zh, reason))
        })?;
        if self.state.members.contains_key(name) {
            return Err(refuse(
                RefusalCode::AlreadyExists,
                tr(
                    lang,
                    format!("花名册上已经有名为 '{name}' 的成员"),
                    format!("a member named '{name}' is already on the roster"),
                ),
            ));
        }
        let role = role.trim();
        if role.is_empty() || role.chars().count() > 40 {
            return Err(refuse(
                RefusalCode::InvalidName,
                tr(
                    lang,
                    "角色必须有 1 到 40 个字符",
                    "a role must have 1 to 40 characters",
                )
                .to_string(),
            ));
        }
        let max = self.state.config.limits.max_members;
        if self.state.members.len() >= max {
            return Err(refuse(
                RefusalCode::TeamFull,
                tr(
                    lang,
                    format!("花名册已有 {max} 名成员，这是本次会话的上限"),
                    format!("the roster already has {max} members, the limit of this session"),
                ),
            ));
        }
        self.emit(
            Some(by),
            EventKind::MemberSpawned {
                config: super::config::MemberConfig::teammate(name, role),
            },
        );
        self.set_status(name, super::roster::MemberStatus::Idle);
        Ok(tr(
            lang,
            format!("已召入 {name}（{role}）：空闲，带着一份只属于自己的空历史"),
            format!("spawned {name} ({role}): idle, with an empty history of its own"),
        ))
    }

    /// K1, T1: the lead's `list_teammates`: each member's role, status, occupancy, deliveries
    /// used of its budget and inbox size. An inbox count says what is stored, not what a model
    /// knows (M2).
    pub(crate) fn list_teammates(&self) -> String {
        let lang = self.lang();
        let mut lines = Vec::new();
        for m in self.state.members_in_order() {
            let (used, budget, inbox) = (m.deliveries_used, m.delivery_budget, m.inbox.len());
            lines.push(tr(
                lang,
                format!(
                    "{}（{}）：{}，{}，交付 {used}/{budget}，收件箱 {inbox} 条记录",
                    m.name,
                    m.role,
                    m.status().word(lang),
                    if m.busy() { "占用中" } else { "未占用" },
                ),
                format!(
                    "{} ({}): {}, {}, deliveries {used}/{budget}, inbox {}",
                    m.name,
                    m.role,
                    m.status().as_str(),
                    if m.busy() { "busy" } else { "not busy" },
                    super::text::counted(inbox, "record", "records")
                ),
            ));
        }
        lines.join("\n")
    }

    /// K1, K2, M2: `read_inbox` lists the member's own records not yet drained, each with its
    /// position. In append-only mode it removes and acknowledges nothing: records reach the
    /// history as notifications at the next preparation (M4). In drain mode (M6) the read
    /// clears the inbox, and the tool result carries the records into the history instead.
    pub(crate) fn read_inbox(&mut self, member: &str) -> ToolOutcome {
        let drain = self.state.toggles.drain_on_read;
        let lang = self.lang();
        let records: Vec<_> = self
            .state
            .inbox_of(member)
            .into_iter()
            .filter(|r| !r.drained)
            .cloned()
            .collect();
        if records.is_empty() {
            return ToolOutcome {
                text: tr(lang, "你的收件箱是空的", "your inbox is empty").to_string(),
                notifies: Vec::new(),
                drained: Vec::new(),
            };
        }
        let mut lines = Vec::new();
        for r in &records {
            let position = self
                .state
                .message_position(r.id)
                .map(|p| p.name())
                .unwrap_or(Position::Queued.name());
            let position = if drain { "drained" } else { position };
            lines.push(tr(
                lang,
                format!(
                    "{} {} 来自 {}：{} [{position}]",
                    r.id,
                    r.kind.as_str(),
                    r.from,
                    r.body
                ),
                format!(
                    "{} {} from {}: {} [{position}]",
                    r.id,
                    r.kind.as_str(),
                    r.from,
                    r.body
                ),
            ));
        }
        if drain {
            let drained: Vec<MessageId> = records.iter().map(|r| r.id).collect();
            lines.push(
                tr(
                    lang,
                    "（清空模式：这些记录已从你的收件箱删除）",
                    "(drain mode: these records were removed from your inbox)",
                )
                .to_string(),
            );
            // Records already committed (before drain mode was switched on) leave the inbox
            // too, but the history already carries them: do not carry them twice.
            let notifies = records
                .iter()
                .filter(|r| r.notified_at.is_none())
                .map(|r| r.id)
                .collect();
            ToolOutcome {
                text: lines.join("\n"),
                notifies,
                drained,
            }
        } else {
            lines.push(
                tr(
                    lang,
                    "（什么也没有删除；准备你的下一个请求时，这些记录会作为通知进入你的历史）",
                    "(nothing was removed; records reach your history as notifications when your next request is prepared)",
                )
                .to_string(),
            );
            ToolOutcome {
                text: lines.join("\n"),
                notifies: Vec::new(),
                drained: Vec::new(),
            }
        }
    }

    /// M9: one record per other member; a recipient that cannot take it is refused on its own
    /// (an event each), the others still get theirs.
    pub(crate) fn broadcast(&mut self, from: &str, body: &str) -> Result<String, Refusal> {
        let recipients: Vec<String> = self
            .state
            .members_in_order()
            .filter(|m| m.name != from)
            .map(|m| m.name.clone())
            .collect();
        let lang = self.lang();
        if recipients.is_empty() {
            return Err(refuse(
                RefusalCode::UnknownRecipient,
                tr(
                    lang,
                    "没有别的成员可以广播",
                    "there is nobody else to broadcast to",
                )
                .to_string(),
            ));
        }
        let mut lines = Vec::new();
        // Whether any recipient took it: all that decides the outcome (a count here made a
        // mutant that counts down indistinguishable from the original).
        let mut stored_any = false;
        let mut first_error = None;
        for to in recipients {
            match self.send(from, &to, MessageKind::Broadcast, body, None, None) {
                Ok(receipt) => {
                    stored_any = true;
                    let id = receipt.message_id;
                    lines.push(tr(
                        lang,
                        format!("{to}：已排队，编号 {id}"),
                        format!("{to}: queued as {id}"),
                    ));
                }
                Err(refusal) => {
                    let reason = &refusal.reason;
                    lines.push(tr(
                        lang,
                        format!("{to}：被拒绝（{reason}）"),
                        format!("{to}: refused ({reason})"),
                    ));
                    self.emit(
                        Some(from),
                        EventKind::Refused {
                            refusal: refusal.clone(),
                        },
                    );
                    first_error.get_or_insert(refusal);
                }
            }
        }
        match (stored_any, first_error) {
            (false, Some(first)) => Err(refuse(
                first.code,
                tr(
                    lang,
                    format!("没有成员能收下这条广播，什么也没有存（{}）", first.reason),
                    format!(
                        "no member could take the broadcast; nothing was stored ({})",
                        first.reason
                    ),
                ),
            )),
            _ => Ok(lines.join("\n")),
        }
    }
}
