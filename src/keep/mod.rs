//! What the browser keeps between visits: the stored session's format (`session.rs`,
//! [`session::StoredSession`]) and the rules on it (`visits.rs`: each tab's own session, the
//! shared newest one, the shared scenario's merge, the continue offer, storage that fails), and
//! what the page does with it as it opens (`boot.rs`, [`boot::BootPlan`]).
//! The browser side is `ui::state::session` and `ui::state::kept`.

pub mod boot;
pub mod session;
pub mod visits;
