//! The rules the playground teaches, as a checkpoint shows them beside its question: each rule's
//! id, its title and its gist in both languages, told short from `docs/RULES.md` (which has the
//! whole text and what this code chose). A native test keeps the ids and the English titles
//! equal to `docs/RULES.md`'s, and every id a checkpoint may name has its text here.

use crate::engine::{Caption, Lang};

/// One rule: its id (`M5`), its title and its gist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    pub id: &'static str,
    pub title: Caption<&'static str>,
    pub gist: Caption<&'static str>,
}

const fn rule(id: &'static str, title: [&'static str; 2], gist: [&'static str; 2]) -> Rule {
    Rule {
        id,
        title: Caption::fixed(title[0], title[1]),
        gist: Caption::fixed(gist[0], gist[1]),
    }
}

/// Every rule, in `docs/RULES.md`'s order.
pub const RULES: &[Rule] = &[
    rule("T1", ["名册", "The roster."], [
        "宿主保存一份成员名单：一个 lead 和若干有名字的队友；每条记录有名字、角色、自己的历史、是否忙碌、状态和已做的交付数。",
        "The host keeps a list of members: one lead and named teammates; each record holds the name, the role, its own history, whether it is busy, its status and how many deliveries it did.",
    ]),
    rule("T2", ["各自的历史", "Separate histories."], [
        "读了同一个文件的两个成员，仍然对彼此的工作一无所知：一个成员学到的东西，只能作为一条明确的消息到达另一个成员。",
        "Two members who read the same file still know nothing of each other's work: what one learned reaches another only as an explicit message.",
    ]),
    rule("T3", ["成员保留自己的历史", "A member keeps its history."], [
        "两次交付之间，成员还是原来的它：第二次交付从第一次的历史开始，什么都不重建，也不从别人那里复制。",
        "Between deliveries a member stays who it was: its second delivery starts from the history of the first; nothing is rebuilt or copied from someone else.",
    ]),
    rule("T4", ["一轮只是载体", "A round is only a carrier."], [
        "一个线程或任务只承载一轮工作，然后就结束；留下来的是成员记录。",
        "A thread or task carries one round of work and then is gone; what lasts is the member record.",
    ]),
    rule("T5", ["忙碌按成员算", "Busy is per member."], [
        "不同成员可以同时工作；同一个成员绝不同时跑两轮：它忙时再开一轮会被拒绝，并说明原因。",
        "Different members may work at the same time; one member never runs two rounds at once: starting a second while it is busy is refused, and the refusal says why.",
    ]),
    rule("T6", ["锁只管检查并设置", "Lock only the check-and-set."], [
        "宿主只在检查成员是否空闲并把它标为忙碌的那一刻持锁，在任何模型调用之前就释放。",
        "The host holds its lock just long enough to check that the member is free and mark it busy, and lets go before any model call.",
    ]),
    rule("M1", ["发送只是存储", "Sending stores, nothing more."], [
        "send_message 由宿主完成：宿主填上发送者，把一条记录追加到收件人的收件箱，并回执“已排队”。回执只证明记录已存下。",
        "send_message is done by the host: it fills in the sender, appends a record to the recipient's inbox and answers queued. The receipt proves only that the record is stored.",
    ]),
    rule("M2", ["消息可能在的三个地方", "Three places a message can be."], [
        "一条消息可能是：(1) 收件箱里的记录，(2) 成员准备好的候选历史里的通知，(3) 已发出的模型请求里的通知。“已排队”只证明 (1)。",
        "A message can be (1) a record in the inbox, (2) a notification in the member's prepared candidate history, (3) a notification inside a model request actually sent. queued proves only (1).",
    ]),
    rule("M3", ["已发出的请求不会再变", "A sent request never changes."], [
        "请求一旦发给模型，之后到达的邮件不会改变它；新邮件只会在宿主准备下一个请求时进入。",
        "Once a request has gone to the model, mail arriving later does not alter it; new mail reaches the member only when the host prepares its next request.",
    ]),
    rule("M4", ["准备是复制，不是取走", "Preparing copies, it does not consume."], [
        "prepare_inbox 复制一份历史，为历史里还没有的每条收件箱记录追加一条通知；它什么都不删，什么都不标记。",
        "prepare_inbox copies the history and appends a notification for every inbox record not in it yet; it deletes nothing and marks nothing.",
    ]),
    rule("M5", ["丢弃候选不会丢东西", "A discarded candidate loses nothing."], [
        "候选被丢弃时，下一次准备会再次找到同样的记录，因为什么都没删；提交之后，去重让同一条通知不会加两次。",
        "If the candidate is thrown away, the next preparation finds the same records again, because nothing was deleted; once committed, dedup keeps the same notification from being added twice.",
    ]),
    rule("M6", ["对照：读即清空", "The contrast: drain on read."], [
        "更简单的教程做法是读收件箱时把它清空；在读取和提交之间出故障时，它会明显地丢掉一条消息。",
        "The simpler tutorial design clears the inbox when it reads it; a fault between the read and the commit visibly loses a message.",
    ]),
    rule("M7", ["限制：写明并执行", "Limits, stated and enforced."], [
        "收件箱最多 8 条记录，消息正文最多 600 字符，历史最多 80 条；达到限制会得到明确的错误，什么都不会被悄悄截断。",
        "An inbox holds at most 8 records, a body at most 600 characters, a history at most 80 entries; reaching a limit gives a clear error, and nothing is cut short silently.",
    ]),
    rule("M8", ["记录里有什么，以及安全地重发", "What a record holds, and resending safely."], [
        "消息记录带有 id、发送者、收件人、种类、正文、可选的协议请求 id 和创建时间；带同一个幂等键的重发不会存第二条。",
        "A record carries its id, sender, recipient, kind, body, an optional protocol request id and the time it was created; a resend with the same idempotency key stores nothing new.",
    ]),
    rule("M9", ["广播", "Broadcast."], [
        "broadcast 把消息发给团队里除发送者以外的每个成员。",
        "broadcast sends the message to every member of the team except the sender.",
    ]),
    rule("L1", ["成员状态", "Member states."], [
        "成员从离线（新建或召回后）变为空闲，工作时是工作中，正常回答后回到空闲；一次交付用完请求预算仍未回答是已停止，出错是失败，批准关闭后是已关机。",
        "A member goes offline -> idle (spawned or recalled) -> working -> idle after a normal answer; stopped when a delivery spends its budget without an answer, failed on an error, shutdown after an approved shutdown.",
    ]),
    rule("L2", ["两种预算回答两个问题", "Two budgets that answer two questions."], [
        "每个成员最多接受 2 次交付，第三次被拒绝且成员保持原样；每次交付最多发 4 个模型请求。",
        "Each member accepts at most 2 deliveries (a third is refused and the member is left as it was); each delivery makes at most 4 model requests.",
    ]),
    rule("L3", ["重启与召回", "Restart and recall."], [
        "名册在宿主重启后还在；重启后每个成员都是离线，必须明确召回，召回才带回它的历史。",
        "The roster survives a restart of the host; after it every member is offline and must be recalled explicitly, which brings back its history.",
    ]),
    rule("L4", ["解散时报告未读邮件", "Disbanding reports unread mail."], [
        "关闭团队时，列出每条没人收取的收件箱记录（死信），而不是悄悄丢掉。",
        "Closing the team lists every inbox record nobody took in (a dead letter) instead of dropping it silently.",
    ]),
    rule("P1", ["请求和响应共用一个跟踪器", "One tracker for request and response."], [
        "成对的协议按 request_id 匹配，遵循同一个状态机：待决定 -> 已批准或已拒绝；跟踪器随时可读。",
        "Protocols that pair a request with a response are matched by request_id and follow one state machine: pending -> approved or rejected; the tracker can be read at any time.",
    ]),
    rule("P2", ["关闭握手", "Shutdown handshake."], [
        "lead 发 shutdown_request，队友用 shutdown_response 回答；批准后队友做完手上这一轮再退出，拒绝则继续工作。",
        "The lead sends shutdown_request and the teammate answers shutdown_response; on approval it finishes the round it is in and exits, on refusal it keeps working.",
    ]),
    rule("P3", ["计划审批", "Plan approval."], [
        "大改动之前，队友提交 plan_approval；lead 批准或带反馈拒绝，队友随后开始做，或修改后再提交。",
        "Before major work the teammate submits plan_approval; the lead approves or rejects with feedback, and the teammate goes ahead, or revises and submits again.",
    ]),
    rule("P4", ["同名工具，按角色不同", "Same tool name, different job per role."], [
        "同一个工具名对不同角色意义不同：lead 的 shutdown_response 是查询请求状态，队友的是回答请求。",
        "A tool name can mean different things per role: the lead's shutdown_response asks for a request's status, the teammate's answers one.",
    ]),
    rule("P5", ["错误的响应什么都不改变", "Bad responses change nothing."], [
        "指向未知请求 id 或已决定请求的响应会得到明确的错误，跟踪器保持原样。",
        "A response that names an unknown request id, or one already decided, gets a clear error and leaves the tracker as it was.",
    ]),
    rule("D1", ["lead 先收齐再下结论", "The lead gathers before it concludes."], [
        "lead 拆分工作、交给成员，并在自己的下一轮里收下两份报告，然后才向用户总结。",
        "The lead splits the work, delivers the parts, and takes in both reports in its own next round before it summarizes for the user.",
    ]),
    rule("D2", ["消息是信息，不是许可", "Messages are information, not permission."], [
        "别的成员发来的消息从不授予任何能力；团队里没有运行代码的工具，总结只能说读到了什么，不能说运行过。",
        "A message from another member never grants a capability; with no tool that runs code, the summary may only say what was read, never that it ran.",
    ]),
    rule("D3", ["发送者名字是本地约定", "The sender's name is a local convention."], [
        "发送者的名字由宿主绑定：这是这一个宿主里各角色之间的约定，不是跨机器也成立的身份认证。",
        "The host binds the sender's name: a convention among the roles of this one host, not authentication that would hold across machines.",
    ]),
    rule("K1", ["lead 的工具", "The lead's tools."], [
        "spawn_teammate、list_teammates、send_message、read_inbox、broadcast、shutdown_request、shutdown_response（查询）、plan_approval（决定）。",
        "spawn_teammate, list_teammates, send_message, read_inbox, broadcast, shutdown_request, shutdown_response (a query), plan_approval (a decision).",
    ]),
    rule("K2", ["队友的工具", "A teammate's tools."], [
        "read_file、write_file（只在允许写的课里）、send_message、read_inbox、shutdown_response（回答）、plan_approval（提交）。",
        "read_file, write_file (only where a lesson allows writing), send_message, read_inbox, shutdown_response (an answer), plan_approval (a submission).",
    ]),
    rule("K3", ["文件属于课程，什么都不运行", "Files are part of the lesson, and nothing runs."], [
        "文件在属于这一课的虚拟文件系统里；没有工具会执行代码。",
        "Files live in a virtual file system that belongs to the lesson; no tool executes code.",
    ]),
];

/// The rule with this id, if there is one.
pub fn rule_by_id(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}

/// "M5 · A discarded candidate loses nothing." in `lang`, or the id alone for an unknown rule.
pub fn rule_heading(id: &str, lang: Lang) -> String {
    match rule_by_id(id) {
        Some(rule) => format!("{id} · {}", rule.title.get(lang)),
        None => id.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `**M5. A discarded candidate loses nothing.**` lines of docs/RULES.md, as (id, title).
    fn rules_md() -> Vec<(String, String)> {
        include_str!("../../docs/RULES.md")
            .lines()
            .filter_map(|line| {
                let rest = line.strip_prefix("**")?;
                let (head, _) = rest.split_once("**")?;
                let (id, title) = head.split_once(". ")?;
                let is_id = id.len() == 2
                    && "TMLPDK".contains(&id[..1])
                    && id[1..].chars().all(|c| c.is_ascii_digit());
                is_id.then(|| (id.to_string(), title.to_string()))
            })
            .collect()
    }

    #[test]
    fn every_rule_of_rules_md_is_here_with_its_title_in_order() {
        let ours: Vec<(String, String)> = RULES
            .iter()
            .map(|r| (r.id.to_string(), r.title.en.to_string()))
            .collect();
        assert_eq!(ours, rules_md());
        assert_eq!(RULES.len(), 30);
    }

    #[test]
    fn every_rule_a_checkpoint_may_name_has_its_text_in_both_languages() {
        for id in crate::lessons::checkpoint::RULE_IDS {
            let rule = rule_by_id(id).unwrap_or_else(|| panic!("no text for rule {id}"));
            for text in [rule.title.zh, rule.gist.zh] {
                assert!(
                    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{id}: {text}"
                );
            }
            assert!(!rule.gist.en.is_empty());
        }
        assert_eq!(
            rule_heading("M5", Lang::En),
            "M5 · A discarded candidate loses nothing."
        );
        assert_eq!(rule_heading("M5", Lang::Zh), "M5 · 丢弃候选不会丢东西");
        assert_eq!(rule_heading("X9", Lang::Zh), "X9");
    }
}
