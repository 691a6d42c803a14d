//! The event kinds a checkpoint may ask after (`lessons::checkpoint::EVENT_NAMES`), named in
//! the learner's language for the scenario editor's select (the value stays the kind's id,
//! as the scenario format writes it).

use crate::engine::Lang;
use crate::view::tr;

/// The kind `name` in `lang`; None for a name that is not an event kind.
pub fn event_label(name: &str, lang: Lang) -> Option<&'static str> {
    let (zh, en) = match name {
        "message_queued" => ("消息存入收件箱", "message queued"),
        "resend_ignored" => ("重发被忽略", "resend ignored"),
        "report_cut" => ("报告被截断", "report cut"),
        "inbox_drained" => ("收件箱被读空", "inbox drained"),
        "candidate_prepared" => ("候选已准备", "candidate prepared"),
        "candidate_discarded" => ("候选被丢弃", "candidate discarded"),
        "history_committed" => ("历史已提交", "history committed"),
        "model_requested" => ("发出模型请求", "model requested"),
        "retry_scheduled" => ("安排重试", "retry scheduled"),
        "model_replied" => ("模型回复", "model replied"),
        "model_failed" => ("模型调用失败", "model failed"),
        "tool_executed" => ("工具调用", "tool executed"),
        "file_written" => ("写文件", "file written"),
        "lock_acquired" => ("拿到锁", "lock acquired"),
        "lock_released" => ("释放锁", "lock released"),
        "lock_waiting" => ("等锁", "waiting for the lock"),
        "protocol_opened" => ("协议请求发出", "protocol request opened"),
        "protocol_decided" => ("协议请求有了答复", "protocol request decided"),
        "should_exit_set" => ("标记为应退出", "should-exit set"),
        "member_spawned" => ("新成员加入", "member spawned"),
        "round_started" => ("一轮开始", "round started"),
        "round_finished" => ("一轮结束", "round finished"),
        "status_changed" => ("状态改变", "status changed"),
        "member_recalled" => ("成员被召回", "member recalled"),
        "roster_restored" => ("名册恢复", "roster restored"),
        "team_disbanded" => ("团队解散", "team disbanded"),
        "fault_armed" => ("故障已布置", "fault armed"),
        "fault_struck" => ("故障发生", "fault struck"),
        "toggles_changed" => ("切换模式", "mode switched"),
        "refused" => ("被拒绝", "refused"),
        _ => return None,
    };
    Some(tr(lang, zh, en))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::checkpoint::EVENT_NAMES;

    #[test]
    fn every_event_a_checkpoint_may_ask_after_is_named_in_both_languages() {
        for name in EVENT_NAMES {
            let zh = event_label(name, Lang::Zh).unwrap_or_else(|| panic!("{name} unnamed"));
            let en = event_label(name, Lang::En).unwrap_or_else(|| panic!("{name} unnamed"));
            assert!(!zh.is_ascii() && en.is_ascii() && !en.is_empty(), "{name}");
        }
        assert_eq!(event_label("no_such_event", Lang::En), None);
    }
}
