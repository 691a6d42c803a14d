//! The mail and the model calls told to a learner, in Chinese and English: stored records,
//! candidates and commits, requests, replies and retries, tool results. `narration.rs` routes
//! every event kind; these are its parts on the work a member does.

use crate::engine::mailbox::{id_list, MessageKind};
use crate::engine::text::counted;
use crate::engine::{Event, EventKind, Lang, StopReason};

use super::facts::{clip_words, literal};
use super::tr;

/// Characters of a tool result a caption quotes; the result panel shows it whole.
const RESULT_CHARS: usize = 120;

/// Stored records and what the inbox does with them.
pub(super) fn narrate_mail(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    let zh = lang == Lang::Zh;
    match &event.kind {
        MessageQueued { record } => {
            if zh {
                format!(
                        "{} 发给 {} 的{} {} 已存入收件箱，回执是 queued：只证明已保存，{} 的模型还没看见。",
                        record.from, record.to, kind_zh(record.kind), record.id, record.to
                    )
            } else {
                format!(
                        "{}'s {} {} is stored in {}'s inbox. The receipt says queued: stored, not seen by {}'s model.",
                        record.from,
                        record.kind.as_str(),
                        record.id,
                        record.to,
                        record.to
                    )
            }
        }
        ResendIgnored { from, receipt, .. } => {
            if zh {
                format!(
                    "{from} 用同一个幂等键重发：什么也没多存，返回第一次的回执 {}。",
                    receipt.message_id
                )
            } else {
                format!("{from} resent with the same idempotency key: nothing new is stored, the first receipt {} comes back.", receipt.message_id)
            }
        }
        ReportCut {
            member,
            to,
            total,
            cut,
        } => {
            if zh {
                format!("{member} 给 {to} 的错误报告有 {total} 个字符，超过正文上限：截掉 {cut} 个，并在正文里注明被截掉了。完整的错误留在这一轮的失败记录里。")
            } else {
                format!("{member}'s error report to {to} has {total} characters, over the body limit: {cut} are cut, and the text says so. The full error stays in the round's failure.")
            }
        }
        InboxDrained {
            member,
            message_ids,
        } => {
            if zh {
                format!("清空模式：读取就把 {} 从 {member} 的收件箱删掉了。现在它们只存在于尚未提交的地方。", id_list(message_ids))
            } else {
                format!("Drain mode: reading removed {} from {member}'s inbox. From now on they exist only in what has not been committed yet.", id_list(message_ids))
            }
        }
        // Routed to another part by `narrate`.
        _ => event.kind.name().to_string(),
    }
}

/// Candidates and commits.
pub(super) fn narrate_candidates(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    let zh = lang == Lang::Zh;
    match &event.kind {
        CandidatePrepared { member, candidate } => {
            if zh {
                if candidate.message_ids.is_empty() {
                    format!("{member} 准备下一次请求：复制历史，没有新的通知要追加。")
                } else {
                    format!(
                        "{member} 准备下一次请求：在历史候选里追加 {} 的通知。",
                        id_list(&candidate.message_ids)
                    )
                }
            } else if candidate.message_ids.is_empty() {
                format!("{member} prepares its next request: the history is copied, there is no new notification to add.")
            } else {
                format!("{member} prepares its next request: notifications for {} are added to the history candidate.", id_list(&candidate.message_ids))
            }
        }
        CandidateDiscarded {
            member,
            lost,
            message_ids,
            ..
        } => {
            if zh {
                if lost.is_empty() {
                    format!(
                        "{member} 的候选被丢弃。{} 仍在收件箱里，下一次准备还能读到。",
                        id_list(message_ids)
                    )
                } else {
                    format!(
                        "{member} 的候选被丢弃，而 {} 已在读取时被删除：这次交接丢失了。",
                        id_list(lost)
                    )
                }
            } else if lost.is_empty() {
                format!("{member}'s candidate is discarded. {} is still in the inbox; the next preparation finds it again.", id_list(message_ids))
            } else {
                format!("{member}'s candidate is discarded, and {} was deleted when it was read: the handover is lost.", id_list(lost))
            }
        }
        HistoryCommitted {
            member,
            history_len,
            ..
        } => {
            if zh {
                format!("{member} 的循环提交了候选，历史现在有 {history_len} 条。下一次请求才会从这份历史构建。")
            } else {
                format!("{member}'s loop commits the candidate; the history now has {}. Only the next request is built from it.", counted(*history_len, "entry", "entries"))
            }
        }
        // Routed to another part by `narrate`.
        _ => event.kind.name().to_string(),
    }
}

/// Requests, replies and retries.
pub(super) fn narrate_model(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    let zh = lang == Lang::Zh;
    match &event.kind {
        ModelRequested { request } => {
            if zh {
                format!("{} 发出模型请求 {}（本轮第 {} 次逻辑请求），内容是此刻已提交的 {} 条历史。发出后它不会再变。", request.member, request.id, request.logical, request.messages.len())
            } else {
                format!("{} sends model request {} (logical request {} of this delivery), built from {}. Once sent, it never changes.", request.member, request.id, request.logical, counted(request.messages.len(), "committed history entry", "committed history entries"))
            }
        }
        RetryScheduled {
            member,
            retries_used,
            retry_budget,
            ..
        } => {
            if zh {
                format!("{member} 重试（{retries_used}/{retry_budget}）：重试有自己的预算，不占用逻辑请求次数。")
            } else {
                format!("{member} retries ({retries_used}/{retry_budget}): retries have their own budget and do not use logical requests.")
            }
        }
        ModelReplied {
            member,
            request_id,
            reply,
        } => {
            let calls: Vec<&str> = reply.tool_calls.iter().map(|c| c.name.as_str()).collect();
            // A real model's answer cut at the reply-length cap reads as a final answer to the
            // engine (it has no tool call); the learner is told it was cut.
            if calls.is_empty() && reply.stop_reason == StopReason::MaxTokens {
                return tr(
                    lang,
                    format!("{member} 的模型回答 {request_id} 时写到了回答长度上限，回答被截断；没有工具调用，主机把截断的文字当作最终回答。"),
                    format!("{member}'s model hit the reply-length cap answering {request_id}: the answer is cut, and with no tool call the host takes the cut text as its final answer."),
                );
            }
            match (zh, calls.is_empty()) {
                (true, true) => format!("{member} 的模型对 {request_id} 给出最终回答。"),
                (true, false) => format!(
                    "{member} 的模型对 {request_id} 回复，要调用：{}。",
                    collapse_repeats(&calls, "、")
                ),
                (false, true) => {
                    format!("{member}'s model answers {request_id} with a final answer.")
                }
                (false, false) => format!(
                    "{member}'s model answers {request_id} and calls: {}.",
                    collapse_repeats(&calls, ", ")
                ),
            }
        }
        ModelFailed {
            member,
            request_id,
            error,
            ..
        } => {
            if zh {
                format!("{member} 的请求 {request_id} 失败：{}", literal(error))
            } else {
                format!("{member}'s request {request_id} failed: {}", literal(error))
            }
        }
        // Routed to another part by `narrate`.
        _ => event.kind.name().to_string(),
    }
}

/// Tool results and written files.
pub(super) fn narrate_tools(event: &Event, lang: Lang) -> String {
    use EventKind::*;
    let zh = lang == Lang::Zh;
    match &event.kind {
        ToolExecuted {
            member,
            tool,
            is_error,
            result,
            ..
        } => {
            if zh {
                if *is_error {
                    format!(
                        "{member} 调用 {tool} 出错，错误作为工具结果写回它的历史：{}",
                        quoted_result(result, lang)
                    )
                } else {
                    format!(
                        "{member} 调用 {tool}，结果写入它自己的历史：{}",
                        quoted_result(result, lang)
                    )
                }
            } else if *is_error {
                format!("{member}'s {tool} call failed; the error goes back into its history as the tool result: {}", quoted_result(result, lang))
            } else {
                format!(
                    "{member} called {tool}; the result goes into its own history: {}",
                    quoted_result(result, lang)
                )
            }
        }
        FileWritten { member, path, .. } => {
            if zh {
                format!("{member} 写入了虚拟文件 {path}（没有执行任何东西）。")
            } else {
                format!("{member} wrote the virtual file {path} (nothing was executed).")
            }
        }
        // Routed to another part by `narrate`.
        _ => event.kind.name().to_string(),
    }
}

/// Tool names in call order, a run of the same name said once with its count
/// (`read_file ×80`), so a reply that repeats one call reads as one item.
fn collapse_repeats(names: &[&str], separator: &str) -> String {
    let mut runs: Vec<(&str, usize)> = Vec::new();
    for name in names {
        match runs.last_mut() {
            Some((last, count)) if last == name => *count += 1,
            _ => runs.push((name, 1)),
        }
    }
    runs.iter()
        .map(|(name, count)| match count {
            1 => name.to_string(),
            n => format!("{name} ×{n}"),
        })
        .collect::<Vec<_>>()
        .join(separator)
}

/// A tool result quoted in a caption: cut at a word boundary, with a pointer to the whole
/// text (the result panel shows it).
fn quoted_result(result: &str, lang: Lang) -> String {
    let (text, cut) = clip_words(result, RESULT_CHARS);
    let text = literal(&text);
    match (cut, lang) {
        (false, _) => text,
        (true, Lang::Zh) => format!("{text}（全文见结果面板）"),
        (true, Lang::En) => format!("{text} (full text in the result panel)"),
    }
}

/// A message kind's Chinese name.
pub(super) fn kind_zh(kind: MessageKind) -> &'static str {
    kind.word(Lang::Zh)
}
