//! A comparison of two runs is a view, never new state: the run on screen and [`Versus`], the
//! other run's play options, of the same source. Both runs stay functions of (source, options,
//! step): [`OnScreen::beside`] is the other run, played like any run on screen. A comparison
//! starts from a toggle ("compare with the other setting", [`Versus::other_setting`]), from a
//! fork's branch list ([`Versus::branch`]), from a live run's recording (its scripted run), or
//! from a link (`link::view_state` carries it). [`parting_reasons`] says which choice or toggle
//! differs between the two: why they part.

use super::run::OnScreen;
use crate::lessons::{Intervention, PlayOptions, ToggleChoice};
use serde::{Deserialize, Serialize};

/// The other run of a comparison: its play options (the page's language is the page's, so a
/// comparison switches language with it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Versus {
    pub options: PlayOptions,
}

/// A contrast mode a toggle fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// M6: drain on read.
    Drain,
    /// T6: the lock held during the model call.
    HoldLock,
}

impl Mode {
    /// The learner's choice for this mode.
    pub fn of(self, choice: &ToggleChoice) -> Option<bool> {
        match self {
            Mode::Drain => choice.drain_on_read,
            Mode::HoldLock => choice.hold_lock_during_model_call,
        }
    }

    fn set(self, choice: &mut ToggleChoice, value: Option<bool>) {
        match self {
            Mode::Drain => choice.drain_on_read = value,
            Mode::HoldLock => choice.hold_lock_during_model_call = value,
        }
    }
}

/// Why two runs part: each choice that differs between them.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// A contrast mode is fixed differently (None: as the lesson sets it).
    Toggle {
        mode: Mode,
        a: Option<bool>,
        b: Option<bool>,
    },
    /// The first fork edit that differs, in either run (None: that run has no edit there).
    Edit {
        a: Option<Box<Intervention>>,
        b: Option<Box<Intervention>>,
    },
    /// One run is a live run's recording, the other the scripted run.
    Recording { a_recorded: bool },
}

impl Versus {
    /// "Compare with the other setting": the run on screen with `mode` fixed to what is in
    /// force at this step (`in_force`), against the same run with it fixed the other way. The
    /// first is the run the page puts on screen (the toggle's own flip does the same), the
    /// second is the comparison's other side.
    pub fn other_setting(
        options: &PlayOptions,
        mode: Mode,
        in_force: bool,
    ) -> (PlayOptions, Versus) {
        let mut on_screen = options.clone();
        mode.set(&mut on_screen.learner_toggles, Some(in_force));
        let mut other = on_screen.clone();
        mode.set(&mut other.learner_toggles, Some(!in_force));
        (on_screen, Versus { options: other })
    }

    /// A branch of the fork list against the run on screen: the branch's edits, with the
    /// page's toggles (a branch has none of its own).
    pub fn branch(on_screen: &PlayOptions, branch: &PlayOptions) -> Versus {
        Versus {
            options: PlayOptions {
                lang: on_screen.lang,
                learner_toggles: on_screen.learner_toggles,
                ..branch.clone()
            },
        }
    }
}

impl OnScreen {
    /// The other run of a comparison: the same source and step, `versus`'s options in the
    /// page's language, the scripted run (a recording is the run on screen's own).
    pub fn beside(&self, versus: &Versus) -> OnScreen {
        OnScreen {
            source: self.source.clone(),
            options: PlayOptions {
                lang: self.options.lang,
                ..versus.options.clone()
            },
            recording: None,
            step: self.step,
        }
    }
}

/// Why runs `a` and `b` part: the toggles fixed differently, the first fork edit that differs,
/// a recording against the scripted run. Empty when nothing differs.
pub fn parting_reasons(a: &OnScreen, b: &OnScreen) -> Vec<Reason> {
    let mut reasons = Vec::new();
    if a.recording.is_some() != b.recording.is_some() {
        reasons.push(Reason::Recording {
            a_recorded: a.recording.is_some(),
        });
    }
    let (ta, tb) = (&a.options.learner_toggles, &b.options.learner_toggles);
    for mode in [Mode::Drain, Mode::HoldLock] {
        if mode.of(ta) != mode.of(tb) {
            reasons.push(Reason::Toggle {
                mode,
                a: mode.of(ta),
                b: mode.of(tb),
            });
        }
    }
    let (ea, eb) = (&a.options.interventions, &b.options.interventions);
    let first = (0..ea.len().max(eb.len())).find(|&i| ea.get(i) != eb.get(i));
    if let Some(i) = first {
        reasons.push(Reason::Edit {
            a: ea.get(i).cloned().map(Box::new),
            b: eb.get(i).cloned().map(Box::new),
        });
    }
    reasons
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::on_screen::Source;

    #[test]
    fn the_other_setting_fixes_the_mode_both_ways_and_keeps_the_rest() {
        let mut options = PlayOptions::default();
        options.interventions.push(Intervention::Reload { at: 4 });
        let (shown, versus) = Versus::other_setting(&options, Mode::Drain, false);
        assert_eq!(shown.learner_toggles, ToggleChoice::drain(false));
        assert_eq!(versus.options.learner_toggles, ToggleChoice::drain(true));
        assert_eq!(versus.options.interventions, options.interventions);
        let a = OnScreen::new(Source::Lesson("l2-drain-loses-mail".into()), shown);
        let b = a.beside(&versus);
        assert_eq!(
            parting_reasons(&a, &b),
            vec![Reason::Toggle {
                mode: Mode::Drain,
                a: Some(false),
                b: Some(true)
            }]
        );
        assert!(parting_reasons(&a, &a).is_empty());
    }

    #[test]
    fn a_branch_is_compared_with_the_pages_toggles_and_its_first_different_edit() {
        let mut on_screen = PlayOptions {
            learner_toggles: ToggleChoice::hold_lock(true),
            ..PlayOptions::default()
        };
        on_screen.interventions.push(Intervention::Reload { at: 4 });
        let mut branch = PlayOptions::default();
        branch.interventions.push(Intervention::Reload { at: 4 });
        branch.interventions.push(Intervention::Recall {
            at: 6,
            member: "reader".into(),
        });
        let versus = Versus::branch(&on_screen, &branch);
        assert_eq!(versus.options.learner_toggles, on_screen.learner_toggles);
        let a = OnScreen::new(Source::Lesson("l8-restart".into()), on_screen);
        let b = a.beside(&versus);
        assert_eq!(
            parting_reasons(&a, &b),
            vec![Reason::Edit {
                a: None,
                b: Some(Box::new(Intervention::Recall {
                    at: 6,
                    member: "reader".into()
                }))
            }]
        );
    }
}
