//! A lesson's entry in the picker ([`LessonInfo`]): a stable id, titles and one-line summaries
//! in Chinese and English, and the SPEC rule ids the lesson teaches. Each lesson's definition
//! holds its own (`definition.rs`); the list in picker order is `registry::catalog`, whose
//! last entry is free play ([`FREE_PLAY_ID`]).

use crate::engine::Caption;
use serde::Serialize;

/// Id of the free-play entry.
pub const FREE_PLAY_ID: &str = "free-play";

/// One entry of the lesson picker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct LessonInfo {
    /// Stable id used in links and tests; never renamed once shipped.
    pub id: &'static str,
    /// The title the picker shows.
    pub title: Caption<&'static str>,
    /// One line on what the lesson shows.
    pub summary: Caption<&'static str>,
    /// SPEC.md rule ids this lesson makes visible.
    pub rules: &'static [&'static str],
}
