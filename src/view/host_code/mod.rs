//! The host's code on screen (issue 47): the watch, the variables the highlighted line's
//! function reads and writes, filled from the engine's state at the step (`watch.rs`). The code,
//! its lines' claims, the mapper and the line breakpoints are data one floor down
//! (`crate::host_code`), re-exported here for the UI.

pub mod watch;

pub use crate::host_code::*;
pub use watch::{watch_at, Watch, WatchRow, WatchVar};
