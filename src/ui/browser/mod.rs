//! Browser services: the one place each browser API is touched (local storage, the clipboard,
//! the viewport, a part brought into view, where focus goes next, idle callbacks, delegated events, parsed SVG, the
//! language default). No component state lives here.

pub mod clipboard;
pub mod delegated_click;
pub mod focus;
pub mod i18n;
pub mod scroll_to_top;
pub mod storage;
pub mod svg;
pub mod viewport;
pub mod when_idle;
