//! The run on screen, as one native value, between scenarios (what plays) and the view (what it
//! shows): [`OnScreen`] (what plays, its options, a live run's recording, the step) and its one
//! `play`, and [`Screen`], what the page keeps of it. Links, exports, the stored session, the
//! course reports and the page convert to and from it.
//!
//! - `run.rs`: [`OnScreen`] and its [`Source`] (a built-in lesson, the stress log or free
//!   play's scenario), the one place a scenario plays;
//! - `admit.rs`: the one door every reader of a run from outside calls ([`admit`]), and its
//!   refusals worded once in both languages;
//! - `page_view.rs`: [`PageView`], what a format carries of how the page shows the run (the
//!   [`Level`], breakpoints);
//! - `versus.rs`: a comparison's other run ([`versus::Versus`], its options) and why two runs
//!   part ([`versus::parting_reasons`]);
//! - `screen.rs`: [`Screen`], the run on screen with the earlier branches and free play's
//!   scenario kept aside, and every change the page makes to it.

pub mod admit;
pub mod page_view;
pub mod run;
pub mod screen;
pub mod versus;

pub use admit::{admit, Admitted, Arrival, Carrier, Refusal};
pub use page_view::{Level, PageView};
pub use run::{OnScreen, OnScreenError, Played, Source, SourceError};
pub use screen::Screen;
