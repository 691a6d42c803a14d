//! Running one tool call (K1-K3): the call must name a tool of the member's role, its arguments
//! must parse, a claimed sender is dropped (D3), and every outcome, refusals included, becomes a
//! tool result in the member's history and an event the learner sees. No tool executes code.

use super::caption::tr;
use super::config::validate_path;
use super::event::EventKind;
use super::mailbox::MessageId;
use super::mailbox::MessageKind;
use super::model::ToolCall;
use super::protocol::ProtocolKind;
use super::refusal::Refusal;
use super::refusal::RefusalCode;
use super::text::char_len;
use super::tool_args::refuse;
use super::tool_args::Args;
use super::tool_table::tools_for;
use super::tool_table::MemberKind;
use super::tool_table::ToolName;
use serde_json::json;
use serde_json::Value;

use super::team::Team;

/// M1: the receipt as the sender's model sees it: storage only, no read receipt.
pub fn receipt_text(receipt: &super::mailbox::Receipt) -> String {
    json!({"state": "queued", "message_id": receipt.message_id.to_string(), "to": receipt.to})
        .to_string()
}

/// The keys a model might use to claim a sender. The host binds the sender (M1, D3), so these
/// are removed and reported instead of obeyed.
const SENDER_KEYS: [&str; 2] = ["from", "sender"];

/// What one tool call produced for the history: result text, error flag, drained records.
pub(super) struct ToolOutcome {
    /// The result text the model reads.
    pub text: String,
    /// Drain mode's read_inbox: the records this result carries into the history (M6).
    pub notifies: Vec<MessageId>,
    /// Drain mode's read_inbox: records to remove from the inbox view, after the result is
    /// in the history (so no step shows them as lost).
    pub drained: Vec<MessageId>,
}

impl Team {
    /// Runs one tool call of `member` and records its result. Every refusal becomes a
    /// `Refused` event and an error tool result, so both the learner and the model see it.
    pub(crate) fn execute_tool(&mut self, member: &str, call: &ToolCall) {
        let outcome = self.run_tool(member, call);
        let (text, is_error, notifies, drained) = match outcome {
            Ok(outcome) => (outcome.text, false, outcome.notifies, outcome.drained),
            Err(refusal) => {
                let text = format!("{}: {}", refusal.code.as_str(), refusal.reason);
                self.refuse_tool(member, call, refusal);
                (text, true, Vec::new(), Vec::new())
            }
        };
        self.emit(
            Some(member),
            EventKind::ToolExecuted {
                member: member.to_string(),
                call_id: call.id.clone(),
                tool: call.name.clone(),
                arguments: call.arguments.clone(),
                result: text,
                is_error,
                notifies,
            },
        );
        if !drained.is_empty() {
            self.emit(
                Some(member),
                EventKind::InboxDrained {
                    member: member.to_string(),
                    message_ids: drained,
                },
            );
        }
    }

    /// A refused tool call becomes a `Refused` event naming the tool and the call id, so the
    /// learner sees which call of the reply was refused.
    pub(crate) fn refuse_tool(&mut self, member: &str, call: &ToolCall, mut refusal: Refusal) {
        refusal.tool = Some(call.name.clone());
        refusal.call_id = Some(call.id.clone());
        self.emit(Some(member), EventKind::Refused { refusal });
    }

    /// K1, K2, P4: runs one call of `member`: the tool must exist and be in its role's list,
    /// its arguments must parse, and a claimed sender is dropped (D3) before it runs.
    pub(crate) fn run_tool(
        &mut self,
        member: &str,
        call: &ToolCall,
    ) -> Result<ToolOutcome, Refusal> {
        let tool = self.allowed_tool(member, call)?;
        let mut args = Args::parse(tool, &call.arguments, self.lang())?;
        self.drop_claimed_sender(member, call, &mut args);
        self.dispatch_tool(member, tool, args)
    }

    /// K1, K2: the tool named by the call, if it exists and `member` is offered it (its
    /// role's list, narrowed to its own list when its config has one).
    fn allowed_tool(&self, member: &str, call: &ToolCall) -> Result<ToolName, Refusal> {
        let kind = self.member_kind(member);
        let allow_write = self.state.config.allow_write;
        let lang = self.lang();
        let offered = self.state.tool_names_of(member);
        let names = offered
            .iter()
            .map(|t| t.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let Some(tool) = ToolName::from_name(&call.name) else {
            let called = &call.name;
            return Err(refuse(
                RefusalCode::UnknownTool,
                tr(
                    lang,
                    format!("没有名为 '{called}' 的工具；你的工具是：{names}"),
                    format!("there is no tool named '{called}'; your tools are: {names}"),
                ),
            ));
        };
        let name = tool.as_str();
        if !tools_for(kind, allow_write).contains(&tool) {
            let reason = match (tool, kind) {
                (ToolName::WriteFile, MemberKind::Teammate) => tr(
                    lang,
                    "这一课不提供 write_file：团队只能读",
                    "write_file is not available in this lesson: the team may only read",
                )
                .to_string(),
                (_, MemberKind::Lead) => tr(
                    lang,
                    format!("{name} 不是 lead 的工具（{member}）"),
                    format!("{name} is not a tool of the lead ({member})"),
                ),
                (_, MemberKind::Teammate) => tr(
                    lang,
                    format!("{name} 不是队友的工具（{member}）"),
                    format!("{name} is not a tool of a teammate ({member})"),
                ),
            };
            return Err(refuse(RefusalCode::ToolNotAllowed, reason));
        }
        if !offered.contains(&tool) {
            return Err(refuse(
                RefusalCode::ToolNotAllowed,
                tr(
                    lang,
                    format!("{name} 不在这个团队给 {member} 的工具里（它的工具是：{names}）"),
                    format!(
                        "{name} is not one of {member}'s tools in this team (its tools are: {names})"
                    ),
                ),
            ));
        }
        Ok(tool)
    }

    /// M1, D3: the host binds the sender; a `from` or `sender` argument is removed and reported.
    fn drop_claimed_sender(&mut self, member: &str, call: &ToolCall, args: &mut Args) {
        for key in SENDER_KEYS {
            if let Some(claimed) = args.map.remove(key) {
                let claimed = match claimed {
                    Value::String(s) => s,
                    other => other.to_string(),
                };
                let mut refusal = Refusal::new(
                    RefusalCode::SenderIgnored,
                    tr(
                        self.lang(),
                        format!(
                            "参数 '{key}'（'{claimed}'）被忽略：发送者由宿主绑定，所以这次调用以 {member} 的身份进行"
                        ),
                        format!(
                            "the '{key}' argument ('{claimed}') was ignored: the host binds the sender, so this call acts as {member}"
                        ),
                    ),
                );
                refusal.tool = Some(call.name.clone());
                refusal.call_id = Some(call.id.clone());
                self.emit(Some(member), EventKind::Refused { refusal });
            }
        }
    }

    /// Runs an allowed tool with parsed arguments. The same name may mean another thing per
    /// role (P4): the lead's `shutdown_response` queries, a teammate's answers.
    fn dispatch_tool(
        &mut self,
        member: &str,
        tool: ToolName,
        args: Args,
    ) -> Result<ToolOutcome, Refusal> {
        let kind = self.member_kind(member);
        let text = |t: String| {
            Ok(ToolOutcome {
                text: t,
                notifies: Vec::new(),
                drained: Vec::new(),
            })
        };
        match (tool, kind) {
            (ToolName::SpawnTeammate, _) => {
                args.check_keys(&["name", "role"])?;
                let name = args.string("name")?;
                let role = args.string("role")?;
                text(self.spawn(member, &name, &role)?)
            }
            (ToolName::ListTeammates, _) => {
                args.check_keys(&[])?;
                text(self.list_teammates())
            }
            (ToolName::SendMessage, _) => {
                args.check_keys(&["to", "body", "idempotency_key"])?;
                let to = args.string("to")?;
                let body = args.string("body")?;
                let key = args.opt_string("idempotency_key")?;
                let receipt = self.send(member, &to, MessageKind::Message, &body, None, key)?;
                text(receipt_text(&receipt))
            }
            (ToolName::ReadInbox, _) => {
                args.check_keys(&[])?;
                Ok(self.read_inbox(member))
            }
            (ToolName::Broadcast, _) => {
                args.check_keys(&["body"])?;
                let body = args.string("body")?;
                text(self.broadcast(member, &body)?)
            }
            (ToolName::ShutdownRequest, _) => {
                args.check_keys(&["teammate"])?;
                let teammate = args.string("teammate")?;
                text(self.shutdown_request(member, &teammate)?)
            }
            (ToolName::ShutdownResponse, MemberKind::Lead) => {
                args.check_keys(&["request_id"])?;
                let id = args.string("request_id")?;
                text(self.query_request(&id, ProtocolKind::Shutdown)?)
            }
            (ToolName::ShutdownResponse, MemberKind::Teammate) => {
                args.check_keys(&["request_id", "approve", "reason"])?;
                let id = args.string("request_id")?;
                let approve = args.boolean("approve")?;
                let reason = args.opt_string("reason")?.unwrap_or_default();
                text(self.decide(member, &id, ProtocolKind::Shutdown, approve, &reason)?)
            }
            (ToolName::PlanApproval, MemberKind::Lead) => {
                args.check_keys(&["request_id", "approve", "feedback"])?;
                let id = args.string("request_id")?;
                let approve = args.boolean("approve")?;
                let feedback = args.opt_string("feedback")?.unwrap_or_default();
                text(self.decide(member, &id, ProtocolKind::Plan, approve, &feedback)?)
            }
            (ToolName::PlanApproval, MemberKind::Teammate) => {
                args.check_keys(&["plan"])?;
                let plan = args.string("plan")?;
                text(self.submit_plan(member, &plan)?)
            }
            (ToolName::ReadFile, _) => {
                args.check_keys(&["path"])?;
                text(self.read_file(&args.string("path")?)?)
            }
            (ToolName::WriteFile, _) => {
                args.check_keys(&["path", "content"])?;
                let path = args.string("path")?;
                let content = args.string("content")?;
                text(self.write_file(member, &path, content)?)
            }
        }
    }

    /// K3: a file of the lesson's virtual file system. Nothing is ever executed.
    fn read_file(&self, path: &str) -> Result<String, Refusal> {
        match self.state.files.get(path) {
            Some(content) => Ok(content.clone()),
            None => {
                let lang = self.lang();
                let known: Vec<&str> = self.state.files.keys().map(String::as_str).collect();
                let known = if known.is_empty() {
                    tr(lang, "无", "none").to_string()
                } else {
                    known.join(", ")
                };
                Err(refuse(
                    RefusalCode::NoSuchFile,
                    tr(
                        lang,
                        format!("这一课的虚拟文件系统里没有文件 '{path}'（文件：{known}）"),
                        format!(
                            "no file '{path}' in this lesson's virtual file system (files: {known})"
                        ),
                    ),
                ))
            }
        }
    }

    /// K2, K3: writes a virtual file (only in lessons that allow writing), within the size limit.
    fn write_file(&mut self, member: &str, path: &str, content: String) -> Result<String, Refusal> {
        let lang = self.lang();
        validate_path(path).map_err(|reason| {
            let zh = format!(
                "'{path}' 不是合法路径：请用由字母、数字、'.'、'_'、'-' 和 '/' 组成的相对路径，不含 '..'"
            );
            refuse(RefusalCode::InvalidPath, tr(lang, zh, reason))
        })?;
        let limit = self.state.config.limits.file_chars;
        let len = char_len(&content);
        if len > limit {
            return Err(refuse(
                RefusalCode::FileTooLarge,
                tr(
                    lang,
                    format!("{path} 的内容有 {len} 个字符，上限是 {limit}：什么也没有写"),
                    format!("content of {path} has {len} characters, the limit is {limit}; nothing was written"),
                ),
            ));
        }
        self.emit(
            Some(member),
            EventKind::FileWritten {
                member: member.to_string(),
                path: path.to_string(),
                content,
            },
        );
        Ok(tr(
            lang,
            format!("向 {path} 写入了 {len} 个字符（没有执行任何东西）"),
            format!("wrote {len} characters to {path} (nothing was executed)"),
        ))
    }
}
