//! A recorded run: the lesson it played, its options (language, modes, the learner's
//! changes), and every answer its model requests got, in the order they came, with the logical
//! time of each. A run is a pure function of those (the engine is deterministic and the
//! directions wait on the same states), so a live run on a real model replays offline, step by
//! step, like any lesson (`replay.rs`). The replies are in it (they are the run); a key never is.

use super::options::PlayOptions;
use super::script::Answer;
use crate::engine::RequestId;
use serde::{Deserialize, Serialize};

/// One answer as the run took it in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedAnswer {
    /// The request it answers.
    pub request: RequestId,
    /// The reply or the failure.
    pub answer: Answer,
    /// The logical time it was handed in.
    pub at: u64,
}

/// What a live run leaves behind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Recording {
    /// The format's version; a recording of another version is refused.
    pub version: u32,
    /// The lesson the run played.
    pub lesson: String,
    /// The options it was played with (language, the learner's modes and changes).
    pub options: PlayOptions,
    /// Every answer, in the order the run took them in.
    pub answers: Vec<RecordedAnswer>,
    /// A run the learner stopped: how many of its events it kept (the log up to the first
    /// request that never went out). Replaying ends there too. Absent in a run that ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<usize>,
}

impl Recording {
    /// The format version this build writes and reads.
    pub const VERSION: u32 = 2;
}
