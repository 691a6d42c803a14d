//! The learner's contrast toggles (M6 drain on read, T6 hold the lock during the model call):
//! which lessons offer them, their labels, and what the played run shows under them, said at
//! once beside the toggles so a flip is visible whatever the step.

use crate::engine::{EventKind, Lang, Position, Timeline};
use crate::view::tr;

/// Whether the page offers the toggles for lesson `id`: its definition says so (lesson 2's
/// drain, lesson 3's lock, and free play).
pub fn offers_toggles(id: &str) -> bool {
    crate::lessons::offers_toggles(id)
}

/// The drain toggle's label.
pub fn drain_label(lang: Lang) -> &'static str {
    tr(lang, "读取即清空（M6）", "Drain on read (M6)")
}

/// The hold-lock toggle's label.
pub fn hold_lock_label(lang: Lang) -> &'static str {
    tr(
        lang,
        "模型调用期间持锁（T6）",
        "Hold the lock during the model call (T6)",
    )
}

/// The toggles' hint: a flip replays the lesson with the mode from the start; the third state
/// gives the lesson back as written.
pub fn hint(lang: Lang) -> &'static str {
    tr(
        lang,
        "切换后整课从头按这个模式重放，停在同一步；“按本课原样”把本课原来的运行、步数和说明还回来。",
        "A flip replays the whole lesson in that mode, at the same step; \"as the lesson does\" gives back the lesson's own run, steps and captions.",
    )
}

/// Issue 46: the third state of a contrast toggle, the default: the mode as the lesson sets
/// it (it may switch it between acts), not fixed by the learner.
pub fn as_lesson_label(lang: Lang) -> &'static str {
    tr(lang, "↺ 按本课原样", "↺ as the lesson does")
}

/// Whose the mode in force is: the learner's (fixed) or the lesson's.
pub fn fixed_words(fixed: bool, lang: Lang) -> &'static str {
    match fixed {
        true => tr(lang, "（你固定的）", "(fixed by you)"),
        false => tr(lang, "（按本课）", "(as the lesson does)"),
    }
}

/// The button beside the switches that compares the run with the other setting (the page's
/// `compare_open.rs` and the static first view say it alike).
pub fn compare_open_words(lang: Lang) -> &'static str {
    tr(
        lang,
        "⇄ 与另一种设置对比",
        "⇄ Compare with the other setting",
    )
}

/// What this run shows under its modes: the messages it lost and whether members queued for
/// the lock.
pub fn outcome(timeline: &Timeline, lang: Lang) -> String {
    let state = timeline.final_state();
    let lost: Vec<String> = state
        .messages()
        .iter()
        .filter(|r| state.message_position(r.id) == Some(Position::Lost))
        .map(|r| r.id.to_string())
        .collect();
    let waits = timeline
        .events()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::LockWaiting { .. }))
        .count();
    let mail = match (lost.is_empty(), lang) {
        (true, Lang::Zh) => "没有消息丢失".to_string(),
        (true, Lang::En) => "no message lost".to_string(),
        (false, Lang::Zh) => format!("丢失的消息：{}", lost.join(", ")),
        (false, Lang::En) => format!("messages lost: {}", lost.join(", ")),
    };
    let lock = match (waits, lang) {
        (0, Lang::Zh) => "没有成员等锁（可以并行）".to_string(),
        (0, Lang::En) => "no member waited for the lock (they can overlap)".to_string(),
        (n, Lang::Zh) => format!("成员等锁 {n} 次（排成一队）"),
        (1, Lang::En) => "1 wait for the lock (members queue)".to_string(),
        (n, Lang::En) => format!("{n} waits for the lock (members queue)"),
    };
    match lang {
        Lang::Zh => format!("本次运行：{mail} · {lock}"),
        Lang::En => format!("This run: {mail} · {lock}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{play, PlayOptions, ToggleChoice, FREE_PLAY_ID};

    fn run(id: &str, learner_toggles: ToggleChoice) -> Timeline {
        let options = PlayOptions {
            learner_toggles,
            ..PlayOptions::default()
        };
        play(id, &options).unwrap()
    }

    #[test]
    fn m6_the_outcome_names_the_lost_messages_only_when_drain_is_on() {
        let on = outcome(
            &run("l2-drain-loses-mail", ToggleChoice::drain(true)),
            Lang::En,
        );
        assert!(on.contains("messages lost: m1, m2"), "{on}");
        let off = outcome(
            &run("l2-drain-loses-mail", ToggleChoice::drain(false)),
            Lang::En,
        );
        assert!(off.contains("no message lost"), "{off}");
    }

    #[test]
    fn t6_the_outcome_counts_lock_waits_only_when_the_lock_is_held() {
        let held = outcome(
            &run("l3-lock-scope", ToggleChoice::hold_lock(true)),
            Lang::Zh,
        );
        assert!(held.contains("成员等锁 2 次"), "{held}");
        let small = outcome(
            &run("l3-lock-scope", ToggleChoice::hold_lock(false)),
            Lang::En,
        );
        assert!(small.contains("no member waited"), "{small}");
    }

    #[test]
    fn toggles_are_offered_in_lessons_2_and_3_and_free_play_only() {
        assert!(offers_toggles("l2-drain-loses-mail") && offers_toggles(FREE_PLAY_ID));
        assert!(!offers_toggles("l1-two-investigators"));
    }
}
