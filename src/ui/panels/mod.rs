//! Panels: the parts of the page that show the run on screen at the current step (the stage's
//! transport and caption, toggles, cards, lanes, the result, the member detail, the diagram,
//! the protocol tracker, the files). Each binds a view model from `view/` and changes nothing
//! but the playhead and the selection.

pub mod caption;
pub mod checkpoint;
pub mod code_pane;
pub mod code_tab;
pub mod detail;
pub mod detail_entries;
pub mod detail_request;
pub mod embed_tabs;
pub mod files;
pub mod lanes;
pub mod members;
pub mod protocol;
pub mod result;
pub mod sequence;
pub mod side_nav;
pub mod toggles;
pub mod transport;
