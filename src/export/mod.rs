//! Export and import of a run (issue 14): the run on screen as versioned JSON ([`RunExport`],
//! format [`FORMAT`] version [`VERSION`]) that imports back to the same state, and as a
//! Markdown transcript a learner pastes into notes ([`markdown`]). A key is never in either:
//! a run is its scenario (or lesson id), its play options and, for a live run, its recording
//! (the answers, never the key; see `lessons::recording`).
//!
//! - `format.rs`: [`RunExport`], the format's fields, name and version;
//! - `import.rs`: [`import`], a file back to a run, checked as strictly as a link, with a
//!   message per problem in both languages; a downloaded recording imports too;
//! - `markdown.rs`: [`markdown`], title, team, task, then per step the caption and the event.

mod format;
mod import;
mod markdown;

pub use format::{RunExport, FORMAT, MAX_IMPORT_BYTES, VERSION};
pub use import::{import, ImportError, Imported};
pub use markdown::markdown;
