//! Panels: the parts of the page that show the run on screen at the current step (the stage's
//! transport and caption, toggles, cards, lanes, the result, the member detail, the diagram,
//! the protocol tracker, the files, the comparison of two runs). Each binds a view model from `view/` and changes nothing
//! but the playhead and the selection.

pub mod caption;
pub mod challenge;
pub mod checkpoint;
pub mod code_pane;
pub mod code_tab;
pub mod compare;
pub mod compare_lanes;
pub mod compare_mark;
pub mod compare_module;
pub mod compare_open;
pub mod compare_questions;
pub mod detail;
pub mod detail_entries;
pub mod detail_follow;
pub mod detail_request;
pub mod embed_tabs;
pub mod end_card;
pub mod files;
pub mod lanes;
pub mod members;
pub mod next_choices;
pub mod next_choices_module;
pub mod protocol;
pub mod result;
pub mod reveal;
pub mod sequence;
pub mod side_nav;
pub mod split_load;
pub mod toggles;
pub mod transport;
