//! The run on screen, as one native value, between scenarios (what plays) and the view (what it
//! shows): [`OnScreen`] (what plays, its options, a live run's recording, the step) and its one
//! `play`, and [`Screen`], what the page keeps of it. Links, exports, the stored session, the
//! course reports and the page convert to and from it.
//!
//! - `run.rs`: [`OnScreen`] and its [`Source`] (a built-in lesson, the stress log or free
//!   play's scenario), the one place a scenario plays;
//! - `screen.rs`: [`Screen`], the run on screen with the earlier branches and free play's
//!   scenario kept aside, and every change the page makes to it.

pub mod run;
pub mod screen;

pub use run::{OnScreen, OnScreenError, Played, Source, SourceError};
pub use screen::Screen;
