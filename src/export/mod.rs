//! Export and import of a run (issue 14): the run on screen as versioned JSON ([`RunExport`],
//! format [`FORMAT`] version [`VERSION`]) that imports back to the same state, and as a
//! Markdown transcript a learner pastes into notes ([`markdown`]). A key is never in either:
//! a run is its scenario (or lesson id), its play options and, for a live run, its recording
//! (the answers, never the key; see `lessons::recording`).
//!
//! - `format.rs`: [`RunExport`], the format's fields, name and version;
//! - `import.rs`: [`import`], a file back to a run, checked as strictly as a link, with a
//!   message per problem in both languages; a downloaded recording and a plain scenario file
//!   import too, and an export edited by hand opens as its scenario and options with a note;
//! - `markdown.rs`: [`markdown`], title, team, task, the run (its forks, the modes in force),
//!   then per step the caption and the event, numbered as the page numbers steps;
//! - `compare_markdown.rs`: [`comparison_markdown`], two runs compared (issue 49): the summary,
//!   where they part, the totals and one row per aligned step.

mod compare_markdown;
mod format;
mod import;
mod markdown;

pub use compare_markdown::comparison_markdown;
pub use format::{RunExport, FORMAT, MAX_IMPORT_BYTES, VERSION};
pub use import::{import, import_in, ImportError, ImportKind, Imported};
pub use markdown::markdown;
