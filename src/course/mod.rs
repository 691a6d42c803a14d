//! Course reporting: what an embedded playground tells the page or the course that holds it.
//! - `message.rs`: the envelope every message posted to the parent has;
//! - `embed_api.rs`: the postMessage API (version 1) with the parent page;
//! - `embed_results.rs`: the checkpoint results it reports, and the xAPI statements;
//! - `report.rs`: the one course report every course reads (score, checkpoints, tries);
//! - `challenge_report.rs`: the challenges' rows of that report (issue 48);
//! - `embed_snippet.rs`: the Embed dialog's `<iframe>` and MDX snippets;
//! - `frame_height.rs`: the height an embed asks its frame for;
//! - `scorm.rs`: SCORM 1.2's values (status, score, `cmi.suspend_data`);
//! - `edx.rs`: Open edX JSInput's grade and state.

pub mod challenge_report;
pub mod edx;
pub mod embed_api;
pub mod embed_results;
pub mod embed_snippet;
pub mod frame_height;
pub mod message;
pub mod report;
pub mod scorm;
