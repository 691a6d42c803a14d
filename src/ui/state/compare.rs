//! The comparison on screen (issue 49): a view of two runs, never new state. The page keeps
//! only which other run it compares the run on screen with ([`Versus`], its options, for the
//! lesson it was opened on); the other run is played from it like the run on screen
//! (`OnScreen::beside`), and where the two part is a function of both timelines. A link, the
//! embed API and the stored view read and write it here. The diff itself (the aligned rows,
//! the places, the sentence) is computed by the comparison's view, in a module of its own
//! (`ui/panels/compare_module.rs`), so the first load does not carry it.

use std::sync::Arc;

use leptos::prelude::*;

use crate::engine::Timeline;
use crate::on_screen::versus::Versus;
use crate::ui::state::context::{PlayedRun, Playground};
use crate::view::compare::first_difference;

/// The comparison's handles; `Copy`, from context.
#[derive(Clone, Copy)]
pub struct Comparison {
    /// The other run and the lesson id it was opened for: a comparison shows only while that
    /// lesson is on screen (opening another lesson leaves it behind, with nothing to reset).
    opened: RwSignal<Option<(String, Versus)>>,
    /// The other run while a comparison is on screen.
    pub versus: Memo<Option<Versus>>,
    /// The other run played (None: no comparison; an error when it does not play).
    pub other: Memo<Option<Result<PlayedRun, String>>>,
    /// The first step where the runs differ (None: no comparison, or the same events).
    pub parting: Memo<Option<usize>>,
    /// On a phone, whether the other run (B) is the side shown.
    pub showing_b: RwSignal<bool>,
}

impl Comparison {
    /// Creates the comparison's state (none open) and provides it as context.
    pub fn provide(pg: Playground) -> Comparison {
        let opened: RwSignal<Option<(String, Versus)>> = RwSignal::new(None);
        let versus = Memo::new(move |_| {
            let id = pg.lesson_id.get();
            opened.with(|o| {
                o.as_ref()
                    .filter(|(for_id, _)| *for_id == id)
                    .map(|(_, v)| v.clone())
            })
        });
        let other = Memo::new(move |_| {
            let versus = versus.get()?;
            let on_screen = pg.on_screen()?;
            Some(
                on_screen
                    .beside(&versus)
                    .play()
                    .map(|played| PlayedRun {
                        timeline: Arc::new(played.timeline),
                        diverged: played.diverged,
                    })
                    .map_err(|e| e.to_string()),
            )
        });
        let parting = Memo::new(move |_| {
            let b = other.with(|o| o.as_ref().and_then(|r| r.as_ref().ok().cloned()))?;
            let a = pg.timeline()?;
            first_difference(&a, &b.timeline).map(|index| index + 1)
        });
        let comparison = Comparison {
            opened,
            versus,
            other,
            parting,
            showing_b: RwSignal::new(false),
        };
        provide_context(comparison);
        comparison
    }

    /// The comparison from context (None outside the page, in a test mount without it).
    pub fn get() -> Option<Comparison> {
        use_context::<Comparison>()
    }

    /// Opens a comparison of the run on screen with `versus` (for the lesson on screen).
    pub fn open(&self, pg: Playground, versus: Versus) {
        let id = pg.lesson_id.get_untracked();
        self.showing_b.set(false);
        self.opened.set(Some((id, versus)));
    }

    /// Opens a comparison with `versus` for lesson `id` (a link's, before its lesson is on
    /// screen).
    pub fn open_for(&self, id: String, versus: Versus) {
        self.showing_b.set(false);
        self.opened.set(Some((id, versus)));
    }

    /// Closes the comparison.
    pub fn close(&self) {
        self.opened.set(None);
    }

    /// Whether a comparison is on screen. Tracked.
    pub fn is_open(&self) -> bool {
        self.versus.with(Option::is_some)
    }

    /// The other run's timeline, if a comparison is on screen and it played. Tracked.
    pub fn other_timeline(&self) -> Option<Arc<Timeline>> {
        self.other.with(|o| {
            o.as_ref()
                .and_then(|r| r.as_ref().ok())
                .map(|r| r.timeline.clone())
        })
    }
}
