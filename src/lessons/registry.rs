//! The registry of built-in lessons: each lesson's builder in catalog order, free play, and
//! the one lookup of a lesson by id, built for a language.

use super::builder;
use super::catalog::{self, FREE_PLAY_ID};
use super::lesson::Lesson;
use super::toggle_choice::ToggleChoice;
use super::{
    l1_two_investigators, l2_drain_on_read, l3_lock_scope, l4_coder_reviewer, l5_shutdown,
    l6_plan_approval, l7_limits, l8_restart,
};
use crate::engine::Lang;

/// The eight built-in lessons built for `lang`, in catalog order.
pub fn lessons(lang: Lang) -> Vec<Lesson> {
    BUILDERS
        .iter()
        .map(|build| build(lang).spoken_in(lang))
        .collect()
}

/// Each built-in lesson's builder, in catalog order.
const BUILDERS: [fn(Lang) -> Lesson; 8] = [
    l1_two_investigators::lesson,
    l2_drain_on_read::lesson,
    l3_lock_scope::lesson,
    l4_coder_reviewer::lesson,
    l5_shutdown::lesson,
    l6_plan_approval::lesson,
    l7_limits::lesson,
    l8_restart::lesson,
];

/// Free play: lesson 1's data, marked editable. Lesson 1's captions tell its story under the
/// default modes, so in free play they hold only there: with a contrast toggle on, the
/// narration (which reads the mode in force) speaks instead.
pub fn free_play(lang: Lang) -> Lesson {
    let mut lesson = l1_two_investigators::lesson(lang).spoken_in(lang);
    builder::set_meta(&mut lesson, FREE_PLAY_ID);
    lesson.editable = true;
    // Free play is the learner's own team: lesson 1's questions would ask about a story the
    // learner may have rewritten (a scenario brings its own checkpoints).
    lesson.checkpoints.clear();
    let default_modes = ToggleChoice {
        drain_on_read: Some(false),
        hold_lock_during_model_call: Some(false),
    };
    lesson.captions = std::mem::take(&mut lesson.captions)
        .into_iter()
        .map(|rule| rule.when(default_modes))
        .collect();
    lesson
}

/// A built-in lesson (or free play) by id, built for `lang`.
pub fn lesson(id: &str, lang: Lang) -> Option<Lesson> {
    if id == FREE_PLAY_ID {
        return Some(free_play(lang));
    }
    // Only the requested lesson is built: building all eight on page load cost startup time.
    catalog::catalog()
        .iter()
        .position(|info| info.id == id)
        .and_then(|i| BUILDERS.get(i))
        .map(|build| build(lang).spoken_in(lang))
        .filter(|lesson| lesson.id == id)
}
