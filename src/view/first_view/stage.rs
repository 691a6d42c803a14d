//! The stage's top at step 0, as `ui/panels/transport.rs`, `toggles.rs` and `caption.rs` draw
//! it: the transport (every control disabled until the module is live), the toolbar row (the
//! contrast switches, the checkpoint switch) and the caption bar with the step-0 caption and
//! its facts.

use super::StepZero;
use crate::engine::Lang;
use crate::lessons::language::{tr, LangText};
use crate::markup::{Node, Pen};
use crate::view::caption::{event_parts_in, key_step_label, step_caption_parts};
use crate::view::contrast::{
    compare_open_words, drain_label, fixed_words, hold_lock_label, offers_toggles,
};
use crate::view::facts::CaptionPart;
use crate::view::first_screen::{reveal_hint, reveal_label};
use crate::view::story::{story_of, Level};

/// The speeds the transport offers, as its select writes them (1x chosen).
const SPEEDS: [&str; 5] = ["0.25", "0.5", "1", "2", "4"];

/// A position on the scrubber in thousandths of a percent, written as the page writes it.
fn left(step: usize, total: usize) -> String {
    let at = step * 100_000 / total.max(1);
    format!("left:{}.{:03}%", at / 1000, at % 1000)
}

/// A disabled transport button with its accessible name and tooltip; `more`: one of the
/// controls a first visit has one tap away (`view::first_screen`, part "controls").
fn button(pen: &Pen, parent: &Node, testid: &'static str, name: &str, text: &str, more: bool) {
    let mut attrs = vec![
        ("type", "button"),
        ("data-testid", testid),
        ("disabled", ""),
        ("aria-label", name),
        ("title", name),
    ];
    if more {
        attrs.push(("data-reveal", "controls"));
    }
    pen.text(parent, "button", &attrs, text);
}

/// The button that opens part `part` on a first visit, as `ui::panels::reveal` draws it.
pub fn reveal_button(pen: &Pen, parent: &Node, part: &'static str, lang: Lang) {
    let testid = format!("reveal-{part}");
    let hint_id = format!("reveal-hint-{part}");
    let attrs = [
        ("type", "button"),
        ("class", "reveal-button"),
        ("data-testid", testid.as_str()),
        ("data-reveal", part),
        ("aria-describedby", hint_id.as_str()),
        ("disabled", ""),
    ];
    pen.text(parent, "button", &attrs, reveal_label(part, lang));
    let attrs = [("id", hint_id.as_str()), ("hidden", "")];
    pen.text(parent, "span", &attrs, reveal_hint(part, lang));
}

/// The transport at step 0: the buttons, speed, the counter, the level switch, the scrubber
/// with the key steps' marks.
pub fn transport(pen: &Pen, stage: &Node, zero: &StepZero) {
    let lang = zero.lang;
    let s = lang.strings();
    let last = zero.timeline.len();
    let Some(section) = pen.add(
        stage,
        "section",
        &[("class", "transport"), ("aria-label", s.transport)],
    ) else {
        return;
    };
    let Some(buttons) = pen.add(&section, "div", &[("class", "buttons")]) else {
        return;
    };
    button(pen, &buttons, "step-first", s.first, "|◀", true);
    button(pen, &buttons, "step-back", s.back, "◀", false);
    button(pen, &buttons, "step-forward", s.forward, "▶", false);
    button(pen, &buttons, "step-last", s.last, "▶|", true);
    let key = |testid: &'static str, name: &str, text: &str| {
        pen.text(
            &buttons,
            "button",
            &[
                ("type", "button"),
                ("class", "key-jump"),
                ("data-testid", testid),
                ("disabled", ""),
                ("aria-label", name),
                ("title", name),
                ("data-reveal", "controls"),
            ],
            text,
        );
    };
    let back = tr(lang, "上一个关键步（[ 键）", "previous key step ([ key)");
    key("key-back", back, tr(lang, "◆◀ 关键步", "◆◀ key step"));
    let forward = tr(lang, "下一个关键步（] 键）", "next key step (] key)");
    key("key-forward", forward, tr(lang, "关键步 ▶◆", "key step ▶◆"));
    for (testid, text) in [("run", s.run), ("pause", s.pause)] {
        let attrs = [
            ("type", "button"),
            ("data-testid", testid),
            ("disabled", ""),
            ("data-reveal", "controls"),
        ];
        pen.text(&buttons, "button", &attrs, text);
    }
    let speed_attrs = [("class", "speed"), ("data-reveal", "controls")];
    if let Some(speed) = pen.add(&buttons, "label", &speed_attrs) {
        pen.append_text(&speed, s.speed);
        let attrs = [("data-testid", "speed"), ("disabled", "")];
        if let Some(select) = pen.add(&speed, "select", &attrs) {
            for text in SPEEDS {
                let shown = format!("{text}x");
                match text == "1" {
                    true => pen.text(
                        &select,
                        "option",
                        &[("value", text), ("selected", "")],
                        &shown,
                    ),
                    false => pen.text(&select, "option", &[("value", text)], &shown),
                };
            }
        }
    }
    let counter = match lang {
        Lang::Zh => format!("第 0 / {last} 步"),
        Lang::En => format!("step 0 / {last}"),
    };
    let attrs = [("class", "step-counter"), ("data-testid", "step-counter")];
    pen.text(&buttons, "span", &attrs, &counter);
    reveal_button(pen, &buttons, "controls", lang);
    level_switch(pen, &buttons, lang);
    scrubber(pen, &section, zero, last);
}

/// The level switch, the default level chosen (the page's inline script follows `level=`).
fn level_switch(pen: &Pen, buttons: &Node, lang: Lang) {
    let attrs = [
        ("class", "level-switch"),
        ("role", "radiogroup"),
        ("data-testid", "level-switch"),
        ("aria-labelledby", "level-switch-label"),
        ("data-reveal", "controls"),
    ];
    let Some(switch) = pen.add(buttons, "div", &attrs) else {
        return;
    };
    let label = [("id", "level-switch-label"), ("class", "level-label")];
    pen.text(&switch, "span", &label, tr(lang, "步进：", "Step by:"));
    for level in Level::ALL.iter().copied() {
        let Some(option) = pen.add(&switch, "label", &[("class", "level-option")]) else {
            continue;
        };
        let testid = format!("level-{}", level.as_str());
        let mut attrs = vec![
            ("type", "radio"),
            ("name", "step-level"),
            ("value", level.as_str()),
            ("data-testid", testid.as_str()),
            ("disabled", ""),
        ];
        if level == Level::default() {
            attrs.push(("checked", ""));
        }
        pen.void(&option, "input", &attrs);
        pen.append_text(&option, level.label(lang));
    }
}

/// The scrubber at 0 with the key steps' marks (no breakpoint ticks: none are set at first).
fn scrubber(pen: &Pen, section: &Node, zero: &StepZero, last: usize) {
    let attrs = [("class", "scrubber-wrap"), ("data-reveal", "controls")];
    let Some(wrap) = pen.add(section, "div", &attrs) else {
        return;
    };
    let max = last.to_string();
    let attrs = [
        ("type", "range"),
        ("data-testid", "scrubber"),
        ("min", "0"),
        ("aria-label", tr(zero.lang, "时间轴", "timeline")),
        ("max", max.as_str()),
        ("value", "0"),
        ("disabled", ""),
    ];
    pen.void(&wrap, "input", &attrs);
    pen.add(&wrap, "div", &[("class", "ticks"), ("aria-hidden", "true")]);
    let attrs = [("class", "key-marks"), ("data-testid", "key-marks")];
    let Some(marks) = pen.add(&wrap, "div", &attrs) else {
        return;
    };
    for key in &zero.key_steps {
        let step = key.step.to_string();
        let label = format!("{}: {}", key.step, key.label(zero.lang));
        let class = match key.step {
            0 => "key-mark current",
            _ => "key-mark",
        };
        let style = left(key.step, last);
        let attrs = [
            ("type", "button"),
            ("class", class),
            ("data-testid", "key-mark"),
            ("data-step", step.as_str()),
            ("style", style.as_str()),
            ("title", label.as_str()),
            ("aria-label", label.as_str()),
            ("disabled", ""),
        ];
        pen.add(&marks, "button", &attrs);
    }
}

/// The toolbar row: the contrast switches where the lesson offers them (the modes in force at
/// step 0), the checkpoint switch where the run has checkpoints, the way to the host's code
/// (a phone's) and the way to the breakpoints and keys.
pub fn toolbar(pen: &Pen, stage: &Node, zero: &StepZero) {
    let lang = zero.lang;
    let Some(row) = pen.add(stage, "div", &[("class", "stage-toolbar")]) else {
        return;
    };
    if offers_toggles(zero.info.id) {
        let attrs = [("class", "mode-toggles"), ("data-testid", "mode-toggles")];
        if let Some(set) = pen.add(&row, "fieldset", &attrs) {
            pen.text(&set, "legend", &[], tr(lang, "对照模式", "Contrast modes"));
            let toggles = zero.state.toggles();
            let switches = [
                ("toggle-drain", drain_label(lang), toggles.drain_on_read),
                (
                    "toggle-hold-lock",
                    hold_lock_label(lang),
                    toggles.hold_lock_during_model_call,
                ),
            ];
            for (testid, label, on) in switches {
                let attrs = [
                    ("type", "button"),
                    ("role", "switch"),
                    ("class", "mode-toggle"),
                    ("data-testid", testid),
                    ("aria-checked", if on { "true" } else { "false" }),
                    ("data-fixed", "false"),
                    ("disabled", ""),
                ];
                // As `ui/panels/toggles.rs`: the mode is the lesson's until the learner fixes it.
                let Some(group) = pen.add(&set, "span", &[("class", "mode-toggle-group")]) else {
                    continue;
                };
                if let Some(b) = pen.add(&group, "button", &attrs) {
                    let mark = [("class", "switch-mark"), ("aria-hidden", "true")];
                    pen.text(&b, "span", &mark, if on { "● " } else { "○ " });
                    pen.append_text(&b, label);
                    let owner = [("class", "mode-owner")];
                    pen.text(&b, "span", &owner, fixed_words(false, lang));
                }
            }
        }
    }
    // Issue 49: "compare with the other setting" beside the switches, one tap away like them
    // (`ui/panels/compare_open.rs`).
    let compares = offers_toggles(zero.info.id);
    if compares || zero.checkpoints {
        let attrs = [("class", "reveal"), ("data-reveal", "controls")];
        if let Some(wrap) = pen.add(&row, "div", &attrs) {
            if compares {
                let attrs = [
                    ("type", "button"),
                    ("class", "compare-open"),
                    ("data-testid", "compare-open"),
                    ("aria-pressed", "false"),
                    ("disabled", ""),
                ];
                pen.text(&wrap, "button", &attrs, compare_open_words(lang));
            }
            if zero.checkpoints {
                checkpoint_switch(pen, &wrap, lang);
            }
        }
    }
    // Issue 48: the "you pick next" button, closed as on a first visit.
    let attrs = [
        ("type", "button"),
        ("class", "next-choices-open"),
        ("data-testid", "next-choices-open"),
        ("aria-expanded", "false"),
        ("disabled", ""),
    ];
    let text = tr(lang, "▸ 你来选下一步", "▸ You pick next");
    pen.text(&row, "button", &attrs, text);
    // Issue 47: the way to the host's code below 900 px (`ui/panels/code_tab.rs`).
    let attrs = [
        ("type", "button"),
        ("class", "code-tab"),
        ("data-testid", "code-tab"),
        ("aria-controls", "code-pane"),
        ("aria-expanded", "false"),
        ("disabled", ""),
    ];
    pen.text(&row, "button", &attrs, tr(lang, "‹/› 代码", "‹/› Code"));
    let attrs = [
        ("type", "button"),
        ("class", "to-options"),
        ("data-testid", "to-options"),
        ("data-reveal", "controls"),
        ("disabled", ""),
    ];
    let text = tr(lang, "断点与按键 ›", "Breakpoints, keys ›");
    pen.text(&row, "button", &attrs, text);
}

/// The checkpoint switch as `CheckpointSwitch` draws it, on (as with nothing stored); the
/// page's script unchecks it when this browser stored `atp.checkpoints` as "off".
fn checkpoint_switch(pen: &Pen, row: &Node, lang: Lang) {
    let Some(label) = pen.add(row, "label", &[("class", "checkpoint-switch")]) else {
        return;
    };
    let attrs = [
        ("type", "checkbox"),
        ("data-testid", "checkpoint-switch"),
        ("checked", ""),
        ("disabled", ""),
    ];
    pen.void(&label, "input", &attrs);
    pen.text(&label, "span", &[], tr(lang, "检查点", "Checkpoints"));
}

/// The caption bar at step 0: the kind line ("start"), the key-step label if step 0 is one,
/// and the caption with its facts as `data-fact` spans (or the folded caption of a story stop).
pub fn caption_bar(pen: &Pen, stage: &Node, zero: &StepZero) {
    let lang = zero.lang;
    let attrs = [
        ("class", "caption-bar"),
        ("role", "region"),
        ("aria-label", tr(lang, "本步说明", "What this step shows")),
    ];
    let Some(bar) = pen.add(stage, "div", &attrs) else {
        return;
    };
    let line = event_parts_in(None, &zero.state, lang);
    let attrs = [("class", "caption-kind"), ("data-testid", "caption-kind")];
    if let Some(kind) = pen.add(&bar, "p", &attrs) {
        pen.text(&kind, "span", &[("class", "kind-name")], line.kind);
    }
    if let Some(text) = key_step_label(&zero.key_steps, 0, lang) {
        let attrs = [
            ("class", "key-step-label"),
            ("data-testid", "key-step-label"),
        ];
        pen.text(&bar, "p", &attrs, &text);
    }
    let attrs = [
        ("class", "caption"),
        ("data-testid", "caption"),
        ("aria-live", "polite"),
    ];
    let Some(caption) = pen.add(&bar, "p", &attrs) else {
        return;
    };
    // The page opens at the story level: a stop that folded a cycle shows its folded caption.
    let story = story_of(&zero.timeline, &zero.key_steps);
    if let Some(fold) = (Level::default() == Level::Story)
        .then(|| story.fold_at(0))
        .flatten()
    {
        let attrs = [("class", "folded"), ("data-testid", "folded-caption")];
        pen.text(&caption, "span", &attrs, &fold.caption_in(lang));
        return;
    }
    for part in step_caption_parts(&zero.timeline, &zero.state, 0, lang) {
        let data = part.data_fact().unwrap_or_default();
        match part {
            CaptionPart::Text(text) => pen.append_text(&caption, &text),
            CaptionPart::Fact { words, .. } => {
                let attrs = [("class", "fact"), ("data-fact", data.as_str())];
                pen.text(&caption, "span", &attrs, &words);
            }
            // Step 0 of a lesson's own run is on its original run: no marker.
            CaptionPart::Original => {}
        }
    }
}
