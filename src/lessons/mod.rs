//! Built-in lessons as data, the scripted model and the deterministic driver.
//!
//! `catalog` was started by the UI side for the playground shell: keep it (and its ids) and
//! extend this module around it.

pub mod catalog;

pub use catalog::{catalog, find, LessonInfo};
