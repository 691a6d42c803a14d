//! How the page shows a run, beside the run itself ([`OnScreen`](super::OnScreen)): the
//! [`Level`] a learner walks it at, the breakpoints that stop `run` and a comparison with another
//! run (`versus.rs`). [`PageView`] is what a
//! format carries of it, so which parts each format has is a type: a link carries the level
//! the breakpoints and a comparison, the stored session the level only, an export and Open edX's state
//! neither (README.md, "What each format carries").

use super::versus::Versus;
use crate::engine::{Category, Lang};
use crate::lessons::language::tr;

crate::engine::named_enum! {
    /// How far one step of the transport goes: the level a learner walks the run at.
    #[derive(Default)]
    pub enum Level {
        /// From key moment to key moment (the lesson's payoffs and conclusion).
        Key = "key",
        /// A stop per point the run makes; routine cycles folded (the default).
        #[default]
        Story = "story",
        /// Every event, one at a time.
        Event = "event",
    }
}

impl Level {
    /// The level's name on the switch, in the learner's language.
    pub fn label(self, lang: Lang) -> &'static str {
        match self {
            Level::Key => tr(lang, "关键步", "key moments"),
            Level::Story => tr(lang, "故事", "story"),
            Level::Event => tr(lang, "每个事件", "every event"),
        }
    }
}

/// What a format carries of how the page shows the run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageView {
    /// The level the run is shown at (a link and the stored session; None: the format has no
    /// level, or a link made before levels existed).
    pub level: Option<Level>,
    /// Event categories that stop `run`, in [`Category::ALL`] order (a link).
    pub breakpoints: Vec<Category>,
    /// A comparison on screen: the other run it shows beside the run on screen (a link).
    pub compare: Option<Versus>,
}
