//! M3-M6: preparing the next request's history. A candidate is the committed history plus a
//! notification for each inbox record not yet in it (dedup by the full notification text); an
//! injected fault discards it (in drain mode the drained records are then lost), a full
//! history refuses it; otherwise the member commits it, and only then is the request built.

use super::mailbox::find_message;

use super::caption::{tr, Lang};
use super::event::EventKind;
use super::history::Candidate;
use super::history::HistoryEntry;
use super::mailbox::MessageId;
use super::mailbox::MessageRecord;
use super::persist::PVec;
use super::refusal::RefusalCode;
use super::roster::MemberState;
use super::team::Team;
use std::sync::Arc;

impl Team {
    /// M3-M6: prepare a candidate, survive an injected fault by preparing again (retry budget),
    /// then commit. Returns false when the round ended instead. The order is M3's: the
    /// candidate is committed before the request is built from the history, so a request never
    /// holds mail its history does not. A discarded candidate loses nothing in append-only mode
    /// (M5: the next preparation finds the same records); in drain mode its records are lost
    /// (M6). A candidate that would pass the history limit is refused and fails the round
    /// (M7); in append-only mode its mail stays in the inbox.
    pub(crate) fn prepare_and_commit(&mut self, name: &str) -> bool {
        loop {
            let Some(member) = self.state.members.get(name) else {
                return false;
            };
            let prompt = member.round().and_then(|r| r.pending_prompt.clone());
            let (entries, message_ids) =
                collect_new_mail(member, &self.state.messages, prompt.as_deref(), self.lang());
            let base_len = member.history.len();
            let fault = member.armed_fault;
            let candidate = Candidate {
                base_len,
                entries,
                message_ids: message_ids.clone(),
            };
            let new_entries = candidate.entries.len();
            self.emit(
                Some(name),
                EventKind::CandidatePrepared {
                    member: name.to_string(),
                    candidate,
                },
            );
            let drain = self.state.toggles.drain_on_read;
            if drain && !message_ids.is_empty() {
                self.emit(
                    Some(name),
                    EventKind::InboxDrained {
                        member: name.to_string(),
                        message_ids: message_ids.clone(),
                    },
                );
            }
            if let Some(fault) = fault {
                self.emit(
                    Some(name),
                    EventKind::FaultStruck {
                        member: name.to_string(),
                        fault,
                    },
                );
                let lost = if drain {
                    message_ids.clone()
                } else {
                    Vec::new()
                };
                self.emit(
                    Some(name),
                    EventKind::CandidateDiscarded {
                        member: name.to_string(),
                        reason: "a fault struck between read and commit".to_string(),
                        message_ids,
                        lost,
                    },
                );
                if !self.use_retry(name, "prepare again after the discarded candidate") {
                    let why = tr(
                        self.lang(),
                        "准备失败，重试预算已用完",
                        "preparation failed and the retry budget is spent",
                    );
                    self.fail_round(name, why.to_string());
                    return false;
                }
                continue;
            }
            let cap = self.state.config.limits.history_entries;
            if base_len + new_entries > cap {
                let lang = self.lang();
                self.refuse(
                    Some(name),
                    RefusalCode::HistoryFull,
                    tr(
                        lang,
                        format!(
                            "{name} 的历史有 {base_len} 条；再加 {new_entries} 条就会超过上限 {cap}；信留在收件箱里"
                        ),
                        format!(
                            "{name}'s history has {base_len} entries; adding {new_entries} would pass the limit of {cap}; the mail stays in the inbox"
                        ),
                    ),
                );
                self.emit(
                    Some(name),
                    EventKind::CandidateDiscarded {
                        member: name.to_string(),
                        reason: "history limit".to_string(),
                        message_ids: message_ids.clone(),
                        lost: if drain { message_ids } else { Vec::new() },
                    },
                );
                let why = tr(
                    lang,
                    format!("历史达到 {cap} 条的上限"),
                    format!("history limit of {cap} entries reached"),
                );
                self.fail_round(name, why);
                return false;
            }
            let history_len = base_len + new_entries;
            self.emit(
                Some(name),
                EventKind::HistoryCommitted {
                    member: name.to_string(),
                    message_ids,
                    entries: new_entries,
                    history_len,
                },
            );
            return true;
        }
    }
}

/// The new part of a candidate for `member`: the pending prompt (if the delivery carried one)
/// and a notification for each inbox record whose notification text is not yet committed.
///
/// Cost: the scan starts at `member.scan_from` (every record before it is already settled:
/// committed, or drained in drain mode), and each text is looked up in a set, so the cost is
/// proportional to the new mail, not to history x inbox as in the seed (see
/// [`MemberState::has_notification`]).
pub fn collect_new_mail(
    member: &MemberState,
    messages: &PVec<Arc<MessageRecord>>,
    prompt: Option<&str>,
    lang: Lang,
) -> (Vec<HistoryEntry>, Vec<MessageId>) {
    let mut entries = Vec::new();
    let mut ids = Vec::new();
    if let Some(prompt) = prompt {
        entries.push(HistoryEntry::user(prompt));
    }
    for id in member.inbox.iter_from(member.scan_from) {
        let Some(record) = find_message(messages, *id) else {
            continue;
        };
        if record.drained {
            continue;
        }
        let entry = HistoryEntry::notification(record, lang);
        if member.has_notification(&entry.text) {
            continue;
        }
        ids.push(record.id);
        entries.push(entry);
    }
    (entries, ids)
}
