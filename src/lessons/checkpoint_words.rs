//! The words of the checkpoints (`checkpoint.rs`): each kind's choices, each choice's label and
//! explanation in both languages, and the notes of a dropped checkpoint. An explanation says
//! what its choice means (a definition, with the checkpoint's subject filled in), never whether
//! it is right here: the answer is computed from the state, so no text may state it a second
//! time.

use crate::engine::{Caption, MemberStatus};
use crate::host_code::{place_line, Variant};
use serde::{Deserialize, Serialize};

/// One choice of a placed checkpoint.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// Stable key (`queued`, `yes`, a status's name, a member's name, a count).
    pub key: String,
    pub label: Caption,
    /// What this choice means, true whichever choice is right.
    pub explain: Caption,
}

/// Fills a checkpoint's subject (a message, a member or a request id; `{s}` in a text) into
/// the texts of its choices.
pub(super) struct Words {
    subject: String,
}

fn choice(key: &str, label: Caption, explain: Caption) -> Choice {
    Choice {
        key: key.to_string(),
        label,
        explain,
    }
}

fn cap(zh: &str, en: &str) -> Caption {
    Caption::new(zh, en)
}

impl Words {
    pub(super) fn new(subject: &str) -> Words {
        Words {
            subject: subject.to_string(),
        }
    }

    fn fill(&self, zh: &str, en: &str) -> Caption {
        Caption::new(
            zh.replace("{s}", &self.subject),
            en.replace("{s}", &self.subject),
        )
    }

    /// M2: the places a message can be.
    pub(super) fn positions(&self) -> Vec<Choice> {
        vec![
            choice("queued", cap("只在收件箱里（已排队）", "Only in the inbox (queued)"), self.fill(
                "已排队的意思是：收件人的收件箱里有 {s} 这条记录，仅此而已。回执只证明保存了，模型还什么都不知道。",
                "Queued means {s} is a record in the recipient's inbox and nowhere else. The receipt proves storage only; no model knows anything yet.",
            )),
            choice("in_candidate", cap("在历史候选里", "In the history candidate"), self.fill(
                "在候选里的意思是：宿主准备下一次请求时，把 {s} 的通知加进了历史的一份副本，但还没有提交；候选被丢弃时，记录仍在收件箱里。",
                "In the candidate means the host, preparing the next request, added {s}'s notification to a copy of the history, not yet committed; if the candidate is discarded, the record is still in the inbox.",
            )),
            choice("committed", cap("已提交进历史，还没进请求", "Committed to the history, in no request yet"), self.fill(
                "已提交的意思是：{s} 的通知进了收件人的历史，下一次请求会带上它，但目前还没有哪个已发出的请求包含它。",
                "Committed means {s}'s notification is in the recipient's history and the next request will carry it, but no request sent so far contains it.",
            )),
            choice("in_request", cap("在一次实际的模型请求里", "In an actual model request"), self.fill(
                "在请求里的意思是：某个已发出的模型请求包含 {s} 的通知，模型这时才真正看到它。",
                "In a request means a model request already sent contains {s}'s notification: only then has a model seen it.",
            )),
            choice("lost", cap("丢了", "Lost"), self.fill(
                "丢失只会发生在“读后即删”模式：读取把 {s} 从收件箱删掉，候选又在提交前被丢弃。默认的追加模式什么都不删，也就不会丢。",
                "Lost happens only in drain-on-read mode: the read removed {s} from the inbox and the candidate was discarded before the commit. The default append-only mode deletes nothing, so nothing is lost.",
            )),
            choice("undelivered", cap("解散时报告为未读", "Reported unread at the disband"), self.fill(
                "未送达的意思是：团队已解散，而没有任何请求带过 {s}；宿主把它列为死信，而不是悄悄丢掉。",
                "Undelivered means the team was disbanded and no request ever carried {s}; the host lists it as a dead letter instead of dropping it silently.",
            )),
        ]
    }

    /// M3: is the message in that request?
    pub(super) fn yes_no(&self) -> Vec<Choice> {
        vec![
            choice("yes", cap("在", "Yes, it is"), self.fill(
                "一个请求装了什么，在它发出的那一刻就定了：只有发出前已经提交进历史的通知才会在里面。",
                "What a request holds is fixed when it is sent: only notifications committed to the history before then are in it.",
            )),
            choice("no", cap("不在", "No, it is not"), self.fill(
                "已发出的请求不会因为收件箱多了一条而改变；{s} 要等下一次准备请求时，才会进入候选、历史，再进入下一个请求。",
                "A sent request never changes because the inbox grew; {s} waits for the next preparation to reach the candidate, the history and then the next request.",
            )),
        ]
    }

    /// T6: the lock during the model call.
    pub(super) fn lock(&self) -> Vec<Choice> {
        vec![
            choice("released", cap("已经释放", "Released"), self.fill(
                "小锁只包住“检查并设置占用”：{s} 被设为工作中后锁立刻释放，模型调用期间不持锁，别的成员可以同时开始。",
                "A small lock covers only the check-and-set of occupancy: it is released right after {s} is set working, so during the model call others can start.",
            )),
            choice("held", cap("仍然持有", "Still held"), self.fill(
                "打开“模型调用期间持锁”这个对照开关时，{s} 一直持锁到这一轮结束；别的成员只能排队，团队变成一个接一个地干活。",
                "With the contrast toggle \"hold the lock during the model call\" on, {s} holds the lock until its round ends; the others queue, and the team works one after another.",
            )),
        ]
    }

    /// L1: a member's status.
    pub(super) fn statuses(&self, all: &[MemberStatus]) -> Vec<Choice> {
        all.iter()
            .map(|status| {
                let label = cap(status.word(crate::engine::Lang::Zh), status.word(crate::engine::Lang::En));
                let explain = match status {
                    MemberStatus::Offline => self.fill(
                        "离线：{s} 已登记但没有运行。宿主重启后所有成员都是离线的，必须显式召回。",
                        "Offline: {s} is registered but not running. After a host restart every member is offline until recalled explicitly.",
                    ),
                    MemberStatus::Idle => self.fill(
                        "空闲：{s} 可以接受下一次交付。",
                        "Idle: {s} is ready for the next delivery.",
                    ),
                    MemberStatus::Working => self.fill(
                        "工作中：{s} 正被一轮工作占用，同一个成员不能同时开始第二轮；拒绝关机请求也不会让它停下。",
                        "Working: {s} is occupied by a round and cannot start a second one; rejecting a shutdown request does not stop it either.",
                    ),
                    MemberStatus::Stopped => self.fill(
                        "已停止：{s} 的一次交付用完了请求次数却没有最终回答；它不会自己重启。",
                        "Stopped: a delivery of {s} spent its requests without a final answer; it does not restart by itself.",
                    ),
                    MemberStatus::Failed => self.fill(
                        "失败：{s} 的一轮以错误结束，并向 lead 报告了错误；要召回才能再用。",
                        "Failed: a round of {s} ended in an error, reported to the lead; it needs a recall to work again.",
                    ),
                    MemberStatus::Shutdown => self.fill(
                        "已关机：{s} 同意了关机请求，做完当前的工具轮次后退出。",
                        "Shut down: {s} approved a shutdown request, finished its tool round and exited.",
                    ),
                };
                choice(status.as_str(), label, explain)
            })
            .collect()
    }

    /// L3: a history after a restart.
    pub(super) fn loaded(&self) -> Vec<Choice> {
        vec![
            choice("loaded", cap("已加载，可以直接接着用", "Loaded: it can be used right away"), self.fill(
                "已加载的意思是：{s} 的历史在内存里，下一次交付可以直接用。重启之后，只有显式召回才会把保存的历史加载回来。",
                "Loaded means {s}'s history is in memory for the next delivery. After a restart, only an explicit recall loads a stored history back.",
            )),
            choice("stored", cap("只是存着，还没加载", "Stored, not loaded"), self.fill(
                "只是存着的意思是：重启恢复了花名册，{s} 的历史保存在存储里，但不会自己加载；{s} 保持离线，直到被召回。",
                "Stored means the restart brought the roster back with {s}'s history kept in storage, not loaded by itself; {s} stays offline until recalled.",
            )),
        ]
    }

    /// M7: how many records an inbox counts.
    pub(super) fn counts(&self, counts: &[usize]) -> Vec<Choice> {
        counts
            .iter()
            .map(|n| {
                choice(&n.to_string(), cap(&format!("{n} 条"), &format!("{n} records")), self.fill(
                    &format!("{n} 条：每个收件箱都有记录上限。到了上限，再发给 {{s}} 的消息会被拒绝，发送方得到一个错误结果，什么都不存，也不截断。"),
                    &format!("{n} records: every inbox has a record limit. At the limit, a send to {{s}} is refused with an error result for the sender; nothing is stored or cut."),
                ))
            })
            .collect()
    }

    /// P1, P5: a protocol request's status in the tracker.
    pub(super) fn protocol(&self) -> Vec<Choice> {
        vec![
            choice("pending", cap("待决定", "Pending"), self.fill(
                "待决定：{s} 已经打开，还没有收到回应。",
                "Pending: {s} is open and not yet answered.",
            )),
            choice("approved", cap("已批准", "Approved"), self.fill(
                "已批准：对方同意了 {s}。一个请求只能离开待决定一次，之后重复的回应会被拒绝，追踪器不变。",
                "Approved: the addressee said yes to {s}. A request leaves pending only once; a later duplicate response is refused and the tracker stays unchanged.",
            )),
            choice("rejected", cap("已拒绝", "Rejected"), self.fill(
                "已拒绝：对方对 {s} 说不，并给出理由或反馈；提出方看到理由，可以修改后重新提交。",
                "Rejected: the addressee said no to {s} with a reason or feedback; the requester sees it and may revise and submit again.",
            )),
            choice("unknown", cap("追踪器里没有这个 id", "No such id in the tracker"), self.fill(
                "没有这个 id：追踪器从没打开过 {s}。用它回应会得到明确的错误，追踪器不变。",
                "Unknown: the tracker never opened {s}. A response naming it gets a clear error and the tracker stays unchanged.",
            )),
        ]
    }

    /// D3: who sent the message, among the roster.
    pub(super) fn senders(&self, roster: &[String]) -> Vec<Choice> {
        roster
            .iter()
            .map(|name| {
                choice(name, cap(name, name), self.fill(
                    &format!("{name}：发送者由宿主绑定为真正调用发送工具的成员；模型在参数里自称是谁、正文里写“某某已批准”，都改变不了 {{s}} 的发送者。"),
                    &format!("{name}: the host binds the sender to the member that really called the send tool; whoever a model claims to be in its arguments, or \"approved by\" in the body, does not change who sent {{s}}."),
                ))
            })
            .collect()
    }
}

/// The note of a checkpoint whose moment does not happen on this run.
pub(super) fn no_moment() -> Caption {
    cap(
        "这个检查点的时刻在这条分支上没有发生，所以不再提问。",
        "This checkpoint's moment does not happen on this branch, so it is not asked.",
    )
}

/// The note of a checkpoint that falls on a step another one already asks at.
pub(super) fn same_step() -> Caption {
    cap(
        "另一个检查点已经在这一步提问。",
        "Another checkpoint already asks at this step.",
    )
}

/// The note of a checkpoint whose subject is not there at its step.
pub(super) fn gone(subject: &str) -> Caption {
    Caption::new(
        format!("这个检查点问的是 {subject}，但在这条分支的这一步它并不存在，所以不再提问。"),
        format!("This checkpoint asks about {subject}, which does not exist at its step on this branch, so it is not asked."),
    )
}

/// The note of a checkpoint whose computed answer is none of its choices.
pub(super) fn not_among(answer: &str) -> Caption {
    Caption::new(
        format!("在这条分支上，答案（{answer}）不在这个检查点的选项里，所以不再提问。"),
        format!("On this branch the answer ({answer}) is none of this checkpoint's choices, so it is not asked."),
    )
}

/// Issue 47: a line of the host's code as a choice of "which line runs next?": its code as
/// shown in `variant` (or in another variant that has it), explained by the function it is in
/// (its comment comes with the pane: the first module keeps only the lines' code). None for a
/// place the code does not have.
pub(super) fn line_choice(place: &str, variant: Variant) -> Option<Choice> {
    let line = place_line(place, variant)?;
    let function = line.function.unwrap_or("");
    Some(choice(
        place,
        Caption::new(line.code, line.code),
        Caption::new(
            format!("{function} 里的这一行。"),
            format!("This line of {function}."),
        ),
    ))
}
