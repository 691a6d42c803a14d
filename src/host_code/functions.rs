//! The host's functions: for each, the engine file that does the real thing and the variables
//! the watch shows beside it (named as in the code). A native test holds that every `def` of the
//! source is here, names the same file in its comment, and that the file exists.

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
    /// The engine file that implements it (the `def` line's comment).
    pub file: &'static str,
    /// What the watch shows while a line of it is highlighted.
    pub watch: &'static [Var],
}

const fn f(name: &'static str, file: &'static str, watch: &'static [Var]) -> Function {
    Function { name, file, watch }
}

use Var::*;

/// Every function of the host, in source order.
pub const FUNCTIONS: &[Function] = &[
    f("check_body", "engine/src/send.rs", &[Inbox]),
    f("store_message", "engine/src/send.rs", &[Inbox]),
    f(
        "prepare_inbox",
        "engine/src/prepare.rs",
        &[Inbox, History, Candidate],
    ),
    f("deliver", "engine/src/round.rs", &[Lock, Members]),
    f(
        "agent_loop",
        "engine/src/round.rs",
        &[Inbox, Candidate, History, Request, Members],
    ),
    f("retry", "engine/src/round.rs", &[Request, Members]),
    f("finish", "engine/src/round.rs", &[Lock, Members]),
    f("fail", "engine/src/round.rs", &[Members, Inbox]),
    f("run_tool", "engine/src/tool_calls.rs", &[History]),
    f("spawn_teammate", "engine/src/tool_calls.rs", &[Members]),
    f("list_teammates", "engine/src/tool_calls.rs", &[Members]),
    f("send_message", "engine/src/send.rs", &[Inbox, History]),
    f("read_inbox", "engine/src/tool_calls.rs", &[Inbox, History]),
    f("broadcast", "engine/src/tool_calls.rs", &[Inbox]),
    f("read_file", "engine/src/tool_calls.rs", &[History]),
    f("write_file", "engine/src/tool_calls.rs", &[History]),
    f(
        "shutdown_request",
        "engine/src/protocol_tools.rs",
        &[ShutdownRequests, Inbox],
    ),
    f(
        "shutdown_response",
        "engine/src/protocol_tools.rs",
        &[ShutdownRequests, Members],
    ),
    f(
        "plan_approval",
        "engine/src/protocol_tools.rs",
        &[PlanRequests, Inbox],
    ),
    f("query", "engine/src/protocol_tools.rs", &[ShutdownRequests]),
    f(
        "decide",
        "engine/src/protocol_tools.rs",
        &[ShutdownRequests, PlanRequests],
    ),
    f("restart_host", "engine/src/lifecycle.rs", &[Members]),
    f("recall", "engine/src/lifecycle.rs", &[Members, History]),
    f("disband", "engine/src/lifecycle.rs", &[Members, Inbox]),
    f("between_rounds", "engine/src/team.rs", &[Members]),
    f("set_modes", "engine/src/team.rs", &[Members]),
    f("inject_fault", "engine/src/team.rs", &[Members]),
];

/// The function named `name`.
pub fn function(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}
