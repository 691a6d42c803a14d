//! L3, L4: recalling a member, restoring a stored roster, and disbanding the team. Nothing
//! restarts by itself: only an explicit recall brings a member back, and disbanding reports
//! every unread record instead of dropping it.

use super::caption::tr;
use super::event::EventKind;
use super::mailbox::MessageRecord;
use super::refusal::RefusalCode;
use super::roster::MemberStatus;
use super::snapshot::RosterSnapshot;
use super::team::Team;

impl Team {
    /// L3: replace the team by a stored roster; every member comes back offline. A snapshot of
    /// another version or with an invalid roster is refused and nothing changes.
    pub(crate) fn on_restore(&mut self, snapshot: Box<RosterSnapshot>) {
        if snapshot.version != RosterSnapshot::VERSION {
            self.refuse(
                None,
                RefusalCode::InvalidSnapshot,
                tr(
                    self.lang(),
                    format!(
                        "存档版本 {} 不是 {}",
                        snapshot.version,
                        RosterSnapshot::VERSION
                    ),
                    format!(
                        "snapshot version {} is not {}",
                        snapshot.version,
                        RosterSnapshot::VERSION
                    ),
                ),
            );
        } else if let Err(e) = snapshot.state.config.validate() {
            self.refuse(
                None,
                RefusalCode::InvalidSnapshot,
                tr(
                    self.lang(),
                    format!("存储的花名册无效：{e}"),
                    format!("the stored roster is not valid: {e}"),
                ),
            );
        } else {
            self.emit(None, EventKind::RosterRestored { snapshot });
        }
    }

    /// L3, L1: bring a member back to idle. Only an explicit recall does this (nothing restarts
    /// by itself), and the member keeps its history (T3): after a restore the recall loads the
    /// stored history (the event says how many entries); nothing is rebuilt or copied from
    /// another member. An idle or working member has nothing to recall and is refused.
    pub(crate) fn on_recall(&mut self, name: &str) {
        let Some(member) = self.state.members.get(name) else {
            self.refuse_unknown_member(name);
            return;
        };
        match member.status() {
            MemberStatus::Offline | MemberStatus::Stopped | MemberStatus::Failed | MemberStatus::Shutdown => {
                let history_len = member.history.len();
                let from = member.status();
                let loaded = member.stored_history_len();
                self.emit(None, EventKind::MemberRecalled { member: name.to_string(), from, loaded, history_len });
            }
            status => self.refuse(
                None,
                RefusalCode::NotRecallable,
                tr(
                    self.lang(),
                    format!("{name} {}；只有离线、已停止、失败或已关机的成员才能召回", status.word(self.lang())),
                    format!("{name} is {}; only an offline, stopped, failed or shut-down member can be recalled", status.as_str()),
                ),
            ),
        }
    }

    /// L4: close the team. Refused while a member works or waits for the lock (a round must
    /// not be cut off). Otherwise every member that has not shut down goes offline, and every
    /// record no model request carried (see [`TeamState::is_unread`]) is reported as
    /// undelivered (a dead letter) instead of being dropped silently.
    ///
    /// [`TeamState::is_unread`]: super::state::TeamState::is_unread
    pub(crate) fn on_disband(&mut self) {
        if self.state.any_busy() {
            let busy: Vec<&str> = self
                .state
                .members_in_order()
                .filter(|m| m.busy() || m.waiting_for_lock())
                .map(|m| m.name.as_str())
                .collect();
            let busy = busy.join(", ");
            let reason = tr(
                self.lang(),
                format!("{busy} 还在工作；先让这几轮结束，再解散"),
                format!("{busy} still working; let the rounds finish before disbanding"),
            );
            self.refuse(None, RefusalCode::MembersBusy, reason);
            return;
        }
        let names: Vec<String> = self.state.order.clone();
        for name in &names {
            let status = self.state.members.get(name).map(|m| m.status());
            if !matches!(
                status,
                Some(MemberStatus::Offline) | Some(MemberStatus::Shutdown) | None
            ) {
                self.set_status(name, MemberStatus::Offline);
            }
        }
        let undelivered: Vec<MessageRecord> = self
            .state
            .messages
            .iter()
            .filter(|r| self.state.is_unread(r))
            .map(|r| MessageRecord::clone(r))
            .collect();
        self.emit(None, EventKind::TeamDisbanded { undelivered });
    }
}
