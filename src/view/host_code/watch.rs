//! The watch: beside the highlighted line, the variables its function reads and writes, named
//! as in the code and filled from the engine's state at the step: `inbox[member]` (each record
//! and whether its notice was taken in), `m["history"]` and `candidate` (length and the entries
//! that differ), `request` (the newest request sent and its messages), `lock`, `members` (busy,
//! status, deliveries), `shutdown_requests` and `plan_requests`. A value that changed at this
//! step (against the state one step earlier) is marked. Long lists show their newest rows.

use crate::engine::{
    EntryRole, Event, EventKind, HistoryEntry, Lang, MemberState, Position, ProtocolKind, TeamState,
};
use crate::host_code::functions::{function, Var};
use crate::host_code::At;
use crate::host_code::{function_of, place_at};
use crate::view::tr;

/// Rows a list shows at most (its newest ones; the value says how many there are).
pub const MAX_ROWS: usize = 6;
const PREVIEW_CHARS: usize = 60;

/// The watch at one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Watch {
    /// The highlighted line's function.
    pub function: &'static str,
    /// The member the step is about (whose inbox, history, request), when there is one.
    pub member: Option<String>,
    /// The variables: the one the step's event writes first, then those that changed at this
    /// step, then the rest, each group in the order the function's entry lists them.
    pub vars: Vec<WatchVar>,
}

/// One variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchVar {
    /// As in the code: `inbox["reader"]`, `candidate`, `lock`.
    pub name: String,
    /// Its value in short: a length, a holder, `None`.
    pub value: String,
    /// It changed at this step.
    pub changed: bool,
    /// Its entries, newest last.
    pub rows: Vec<WatchRow>,
}

/// One entry of a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchRow {
    /// The entry as data.
    pub text: String,
    /// What it means here, in the learner's language ("taken in").
    pub note: Option<String>,
    /// It changed at this step.
    pub changed: bool,
}

/// The member an event is about.
pub fn subject(event: &Event) -> Option<&str> {
    use EventKind::*;
    match &event.kind {
        MessageQueued { record } => Some(&record.to),
        ResendIgnored { receipt, .. } => Some(&receipt.to),
        ModelRequested { request } => Some(&request.member),
        MemberSpawned { config } => Some(&config.name),
        ReportCut { member, .. }
        | InboxDrained { member, .. }
        | CandidatePrepared { member, .. }
        | CandidateDiscarded { member, .. }
        | HistoryCommitted { member, .. }
        | RetryScheduled { member, .. }
        | ModelReplied { member, .. }
        | ModelFailed { member, .. }
        | ToolExecuted { member, .. }
        | FileWritten { member, .. }
        | LockAcquired { member }
        | LockReleased { member }
        | LockWaiting { member, .. }
        | ShouldExitSet { member, .. }
        | RoundStarted { member, .. }
        | RoundFinished { member, .. }
        | StatusChanged { member, .. }
        | MemberRecalled { member, .. }
        | FaultArmed { member, .. }
        | FaultStruck { member, .. } => Some(member),
        _ => event.actor.as_deref(),
    }
}

/// The watch at `step` of a run (None at step 0 or for an event no line stands for).
pub fn watch_at(
    events: &[Event],
    step: usize,
    state: &TeamState,
    before: Option<&TeamState>,
    lang: Lang,
) -> Option<Watch> {
    let index = step.checked_sub(1)?;
    let event = events.get(index)?;
    let at = At {
        events,
        index,
        lead: state.lead_name(),
    };
    let name = function_of(place_at(&at)?)?;
    let vars = function(name).map_or(&[][..], |f| f.watch);
    let member = subject(event).map(str::to_string);
    let view = View {
        state,
        before,
        lang,
        member: member.as_deref(),
    };
    let focus = focus_of(&event.kind);
    let mut vars: Vec<(Var, WatchVar)> = vars
        .iter()
        .filter_map(|v| view.var(*v).map(|w| (*v, w)))
        .collect();
    // The variable the step's event writes first, then what else changed, then the rest (each
    // group in the function's order): a short box shows what matters.
    vars.sort_by_key(|(v, w)| (Some(*v) != focus, !w.changed));
    let vars = vars.into_iter().map(|(_, w)| w).collect();
    Some(Watch {
        function: name,
        member: member.clone(),
        vars,
    })
}

/// The variable an event of this kind writes, when it writes one the watch shows.
fn focus_of(kind: &EventKind) -> Option<Var> {
    use EventKind::*;
    Some(match kind {
        MessageQueued { .. } | ResendIgnored { .. } | InboxDrained { .. } => Var::Inbox,
        CandidatePrepared { .. } | CandidateDiscarded { .. } => Var::Candidate,
        HistoryCommitted { .. } | ModelReplied { .. } | ToolExecuted { .. } => Var::History,
        ModelRequested { .. } | RetryScheduled { .. } | ModelFailed { .. } => Var::Request,
        LockAcquired { .. } | LockReleased { .. } | LockWaiting { .. } => Var::Lock,
        RoundStarted { .. }
        | RoundFinished { .. }
        | StatusChanged { .. }
        | MemberRecalled { .. } => Var::Members,
        MemberSpawned { .. } | RosterRestored { .. } | ShouldExitSet { .. } => Var::Members,
        ProtocolOpened { request } => match request.kind {
            ProtocolKind::Shutdown => Var::ShutdownRequests,
            ProtocolKind::Plan => Var::PlanRequests,
        },
        _ => return None,
    })
}

struct View<'a> {
    state: &'a TeamState,
    before: Option<&'a TeamState>,
    lang: Lang,
    member: Option<&'a str>,
}

fn preview(text: &str) -> String {
    let flat = text.replace('\n', " ");
    let mut chars = flat.chars();
    let head: String = chars.by_ref().take(PREVIEW_CHARS).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", preview(text))
}

fn entry_text(entry: &HistoryEntry) -> String {
    let role = entry.role.as_str();
    match entry.role {
        EntryRole::Assistant if !entry.tool_calls.is_empty() => {
            let names: Vec<&str> = entry.tool_calls.iter().map(|c| c.name.as_str()).collect();
            format!("{role}: {}", names.join(", "))
        }
        _ => format!("{role}: {}", quoted(&entry.text)),
    }
}

fn entry_note(entry: &HistoryEntry, lang: Lang) -> Option<String> {
    let ids: Vec<String> = entry.notifies.iter().map(|id| id.to_string()).collect();
    (!ids.is_empty()).then(|| {
        let ids = ids.join(", ");
        tr(lang, format!("通知 {ids}"), format!("notice of {ids}"))
    })
}

fn entry_row(entry: &HistoryEntry, changed: bool, lang: Lang) -> WatchRow {
    WatchRow {
        text: entry_text(entry),
        note: entry_note(entry, lang),
        changed,
    }
}

/// The last `MAX_ROWS` of `rows`.
fn newest(mut rows: Vec<WatchRow>) -> Vec<WatchRow> {
    let cut = rows.len().saturating_sub(MAX_ROWS);
    rows.drain(..cut);
    rows
}

fn key(name: &str) -> String {
    format!("[\"{name}\"]")
}

impl View<'_> {
    fn var(&self, var: Var) -> Option<WatchVar> {
        match var {
            Var::Inbox => self.inbox(),
            Var::History => self.history(),
            Var::Candidate => self.candidate(),
            Var::Request => self.request(),
            Var::Lock => Some(self.lock()),
            Var::Members => Some(self.members()),
            Var::ShutdownRequests => Some(self.tracker(ProtocolKind::Shutdown)),
            Var::PlanRequests => Some(self.tracker(ProtocolKind::Plan)),
        }
    }

    fn member_now(&self) -> Option<&MemberState> {
        self.state.member(self.member?)
    }

    fn member_before(&self) -> Option<&MemberState> {
        self.before?.member(self.member?)
    }

    fn taken_in_note(&self, position: Option<&Position>) -> String {
        let lang = self.lang;
        match position {
            Some(Position::Queued) | None => tr(lang, "未接入", "not taken in"),
            Some(Position::InCandidate) => tr(lang, "在候选中", "in the candidate"),
            Some(Position::Committed) => tr(lang, "已接入历史", "taken in"),
            Some(Position::InRequest(_)) => tr(lang, "已接入，已发给模型", "taken in, sent"),
            Some(Position::Lost) => tr(lang, "已丢失", "lost"),
            Some(Position::Undelivered) => tr(lang, "未送达", "undelivered"),
        }
        .to_string()
    }

    fn inbox(&self) -> Option<WatchVar> {
        let name = self.member?;
        let records: Vec<_> = self
            .state
            .inbox_of(name)
            .into_iter()
            .filter(|r| !r.drained)
            .collect();
        // Sorted by id (an inbox is appended to in id order), so each record is found by a
        // binary search: a long log's inbox holds thousands.
        let before_ids: Option<Vec<_>> = self.before.map(|b| {
            let mut ids: Vec<_> = b
                .inbox_of(name)
                .into_iter()
                .filter(|r| !r.drained)
                .map(|r| (r.id, b.message_position(r.id)))
                .collect();
            ids.sort_by_key(|(id, _)| *id);
            ids
        });
        let mut changed = false;
        // Whether each record changed counts for the variable; only the rows the box shows are
        // written.
        let shown_from = records.len().saturating_sub(MAX_ROWS);
        let rows = records
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let position = self.state.message_position(r.id);
                let row_changed = before_ids.as_ref().is_some_and(|b| {
                    b.binary_search_by_key(&r.id, |(id, _)| *id)
                        .map_or(true, |at| b[at].1 != position)
                });
                changed |= row_changed;
                (i >= shown_from).then(|| WatchRow {
                    text: format!("{} {}: {}", r.id, r.from, quoted(&r.body)),
                    note: Some(self.taken_in_note(position.as_ref())),
                    changed: row_changed,
                })
            })
            .collect();
        changed |= before_ids.is_some_and(|b| b.len() != records.len());
        let count = records.len();
        Some(WatchVar {
            name: format!("inbox{}", key(name)),
            value: tr(
                self.lang,
                format!("{count} 条记录"),
                format!("{count} records"),
            ),
            changed,
            rows: newest(rows),
        })
    }

    fn history(&self) -> Option<WatchVar> {
        let member = self.member_now()?;
        let history = member.history();
        let was = self.member_before().map_or(0, |m| m.history().len());
        let added = history.len().saturating_sub(was);
        let rows = history
            .iter()
            .skip(history.len() - added)
            .map(|e| entry_row(e, true, self.lang))
            .collect();
        let len = history.len();
        Some(WatchVar {
            name: format!("members{}[\"history\"]", key(member.name())),
            value: tr(self.lang, format!("长度 {len}"), format!("len {len}")),
            changed: self.before.is_some() && added > 0,
            rows: newest(rows),
        })
    }

    fn candidate(&self) -> Option<WatchVar> {
        let member = self.member_now()?;
        let had = self.member_before().and_then(|m| m.candidate()).cloned();
        let now = member.candidate();
        let changed = self.before.is_some() && had.as_ref() != now;
        let (value, rows) = match now {
            None => ("None".to_string(), Vec::new()),
            Some(c) => {
                let len = c.base_len + c.entries.len();
                let extra = c.entries.len();
                let value = tr(
                    self.lang,
                    format!("长度 {len}（历史 {} + 新增 {extra}）", c.base_len),
                    format!("len {len} (history {} + {extra} new)", c.base_len),
                );
                let rows = c.entries.iter().map(|e| entry_row(e, changed, self.lang));
                (value, rows.collect())
            }
        };
        Some(WatchVar {
            name: "candidate".to_string(),
            value,
            changed,
            rows: newest(rows),
        })
    }

    fn request(&self) -> Option<WatchVar> {
        let member = self.member_now()?;
        // By the member's own list of request ids: a long log's member sent thousands.
        let ids = member.requests();
        let sent = ids.len();
        let newest_sent = ids.last().and_then(|id| self.state.request(*id));
        let previous_len = sent
            .checked_sub(2)
            .and_then(|i| ids.get(i))
            .and_then(|id| self.state.request(*id))
            .map_or(0, |r| r.request.messages.len());
        let was = self.member_before().map(|m| m.requests().len());
        let changed = was.is_some_and(|n| n != sent);
        let (value, rows) = match newest_sent {
            None => ("None".to_string(), Vec::new()),
            Some(r) => {
                let count = r.request.messages.len();
                let id = r.request.id;
                let value = tr(
                    self.lang,
                    format!("{id}：{count} 条消息"),
                    format!("{id}: {count} messages"),
                );
                // What this request carries that the member's previous one did not is marked.
                // Only the rows the box shows are written: a long log's request carries
                // thousands of entries.
                let messages = &r.request.messages;
                let rows = messages
                    .iter()
                    .enumerate()
                    .skip(messages.len().saturating_sub(MAX_ROWS))
                    .map(|(i, e)| entry_row(e, changed && i >= previous_len, self.lang))
                    .collect();
                (value, rows)
            }
        };
        Some(WatchVar {
            name: "request".to_string(),
            value,
            changed,
            rows: newest(rows),
        })
    }

    fn lock(&self) -> WatchVar {
        let holder = self.state.lock_holder();
        let waiters = self.state.lock_waiters();
        let was_waiting = |w: &String| self.before.is_none_or(|b| b.lock_waiters().contains(w));
        let changed = self
            .before
            .is_some_and(|b| b.lock_holder() != holder || b.lock_waiters() != waiters);
        let value = match holder {
            Some(h) => tr(self.lang, format!("{h} 持有"), format!("held by {h}")),
            None => tr(self.lang, "空闲", "free").to_string(),
        };
        let rows = waiters
            .iter()
            .map(|w| WatchRow {
                text: w.clone(),
                note: Some(tr(self.lang, "在等锁", "waiting").to_string()),
                changed: !was_waiting(w),
            })
            .collect();
        WatchVar {
            name: "lock".to_string(),
            value,
            changed,
            rows: newest(rows),
        }
    }

    fn members(&self) -> WatchVar {
        let text = |m: &MemberState| {
            format!(
                "busy={}, status=\"{}\", deliveries={}",
                if m.busy() { "True" } else { "False" },
                m.status().as_str(),
                m.deliveries_used()
            )
        };
        let mut changed = false;
        let mut rows: Vec<WatchRow> = self
            .state
            .members_in_order()
            .map(|m| {
                let now = text(m);
                let row_changed = self
                    .before
                    .is_some_and(|b| b.member(m.name()).map(text) != Some(now.clone()));
                changed |= row_changed;
                WatchRow {
                    text: format!("{}: {now}", m.name()),
                    note: None,
                    changed: row_changed,
                }
            })
            .collect();
        // The step's member first: a large team's list is cut to its newest rows.
        if let Some(i) = self.member.and_then(|n| {
            rows.iter()
                .position(|r| r.text.starts_with(&format!("{n}:")))
        }) {
            let row = rows.remove(i);
            rows.push(row);
        }
        let count = rows.len();
        WatchVar {
            name: "members".to_string(),
            value: tr(
                self.lang,
                format!("{count} 名成员"),
                format!("{count} members"),
            ),
            changed,
            rows: newest(rows),
        }
    }

    fn tracker(&self, kind: ProtocolKind) -> WatchVar {
        let row = |r: &crate::engine::ProtocolRequest| match kind {
            ProtocolKind::Shutdown => format!(
                "\"{}\": {{\"target\": \"{}\", \"status\": \"{}\"}}",
                r.id,
                r.to,
                r.status.as_str()
            ),
            ProtocolKind::Plan => format!(
                "\"{}\": {{\"from\": \"{}\", \"status\": \"{}\"}}",
                r.id,
                r.from,
                r.status.as_str()
            ),
        };
        let of_kind = |s: &TeamState| -> Vec<String> {
            s.protocol_requests()
                .filter(|r| r.kind == kind)
                .map(row)
                .collect()
        };
        let now = of_kind(self.state);
        let was = self.before.map(of_kind);
        let rows: Vec<WatchRow> = now
            .iter()
            .map(|text| WatchRow {
                text: text.clone(),
                note: None,
                changed: was.as_ref().is_some_and(|w| !w.contains(text)),
            })
            .collect();
        let count = rows.len();
        WatchVar {
            name: match kind {
                ProtocolKind::Shutdown => "shutdown_requests",
                ProtocolKind::Plan => "plan_requests",
            }
            .to_string(),
            value: tr(
                self.lang,
                format!("{count} 个请求"),
                format!("{count} requests"),
            ),
            changed: rows.iter().any(|r| r.changed),
            rows: newest(rows),
        }
    }
}
