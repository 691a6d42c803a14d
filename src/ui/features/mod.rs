//! Features: the parts of the page that start something (fork a branch, a live run, the
//! scenario editor, export and import, the Share and Embed dialogs, the embed API a course
//! page drives, the SCORM 1.2 run-time an LMS launches).

pub mod dialog_module;
pub mod editor;
pub mod edx;
pub mod embed;
pub mod embed_dialog;
pub mod embed_results;
pub mod export_panel;
pub mod fork;
pub mod fork_draft;
pub mod header_buttons;
pub mod header_dialog;
pub mod keep_banner;
pub mod live;
pub mod live_run;
pub mod live_settings;
pub mod scorm;
pub mod share_dialog;
