//! The host's functions: for each, the variables the watch shows beside it (named as in the
//! code; the engine file that does the real thing is its `def` line's comment). A native test
//! holds that every `def` of the host is here, in order.

/// A variable of the host's code the watch can show, filled from the engine's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// `inbox[member]`: each record, and whether its notice was already taken in.
    Inbox,
    /// `m["history"]`: its length and the entries this step added.
    History,
    /// `candidate`: its length and the entries it adds to the history.
    Candidate,
    /// `request`: the member's newest request sent, its messages.
    Request,
    /// `lock`: who holds it, who waits.
    Lock,
    /// `members`: each member's busy, status and deliveries.
    Members,
    /// `shutdown_requests`: id, target, status.
    ShutdownRequests,
    /// `plan_requests`: id, from, status.
    PlanRequests,
}

/// One function of the host.
#[derive(Clone, Copy, Debug)]
pub struct Function {
    /// Its name, as after `def`.
    pub name: &'static str,
    /// What the watch shows while a line of it is highlighted.
    pub watch: &'static [Var],
}

const fn f(name: &'static str, watch: &'static [Var]) -> Function {
    Function { name, watch }
}

use Var::*;

/// Every function of the host, in source order.
pub const FUNCTIONS: &[Function] = &[
    f("check_body", &[Inbox]),
    f("store_message", &[Inbox]),
    f("prepare_inbox", &[Inbox, History, Candidate]),
    f("deliver", &[Lock, Members]),
    f("agent_loop", &[Inbox, Candidate, History, Request, Members]),
    f("retry", &[Request, Members]),
    f("finish", &[Lock, Members]),
    f("fail", &[Members, Inbox]),
    f("run_tool", &[History]),
    f("spawn_teammate", &[Members]),
    f("list_teammates", &[Members]),
    f("send_message", &[Inbox, History]),
    f("read_inbox", &[Inbox, History]),
    f("broadcast", &[Inbox]),
    f("read_file", &[History]),
    f("write_file", &[History]),
    f("shutdown_request", &[ShutdownRequests, Inbox]),
    f("shutdown_response", &[ShutdownRequests, Members]),
    f("plan_approval", &[PlanRequests, Inbox]),
    f("query", &[ShutdownRequests]),
    f("decide", &[ShutdownRequests, PlanRequests]),
    f("restart_host", &[Members]),
    f("recall", &[Members, History]),
    f("disband", &[Members, Inbox]),
    f("between_rounds", &[Members]),
    f("set_modes", &[Members]),
    f("inject_fault", &[Members]),
];

/// The function named `name`.
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}
