//! What the page keeps of the run on screen, as one native value: [`Screen`], the run on screen
//! ([`OnScreen`]: source, play options, recording, step) with the two things the page keeps
//! beside it, the earlier branches to switch back to and free play's scenario while another
//! lesson is open. The page holds one signal of it and reads its parts through memos, so a step
//! change replays nothing; every change the page makes is one method here (open a lesson, show
//! a whole run, set free play's scenario, switch the language, flip a toggle, change the
//! branch, move the step), so what each does to the rest is tested natively.

use std::sync::Arc;

use super::run::{OnScreen, Source};
use crate::engine::Lang;
use crate::lessons::recording::Recording;
use crate::lessons::{Branches, PlayOptions, ToggleChoice};
use crate::scenario::Scenario;

/// The run on screen and what the page keeps beside it.
#[derive(Clone, Debug, PartialEq)]
pub struct Screen {
    on_screen: OnScreen,
    /// The branches the learner can switch back to, oldest first (each without the page's
    /// language and toggles, which are not a branch's: see [`Screen::branches`]).
    earlier: Vec<PlayOptions>,
    /// Free play's scenario while another source is on screen, so the editor's work comes back
    /// when free play opens again. Never set while free play is on screen: then the source
    /// holds it, and a scenario is in one place only.
    kept: Option<Arc<Scenario>>,
}

impl Screen {
    /// `source` at step 0 on the original branch, in `lang`.
    pub fn new(source: Source, lang: Lang) -> Screen {
        let options = PlayOptions {
            lang,
            ..PlayOptions::default()
        };
        Screen {
            on_screen: OnScreen::new(source, options),
            earlier: Vec::new(),
            kept: None,
        }
    }

    /// What `id` names; an id that names nothing stays a lesson of that id, whose play says
    /// so (the banner's "there is no lesson").
    pub fn source_of(id: &str) -> Source {
        Source::read(id, None).unwrap_or_else(|_| Source::Lesson(id.to_string()))
    }

    pub fn on_screen(&self) -> &OnScreen {
        &self.on_screen
    }

    pub fn source(&self) -> &Source {
        &self.on_screen.source
    }

    /// The options the run plays with: the current branch, in the page's language, with the
    /// learner's toggles.
    pub fn options(&self) -> &PlayOptions {
        &self.on_screen.options
    }

    pub fn step(&self) -> usize {
        self.on_screen.step
    }

    pub fn recording(&self) -> Option<&Arc<Recording>> {
        self.on_screen.recording.as_ref()
    }

    pub fn earlier(&self) -> &[PlayOptions] {
        &self.earlier
    }

    /// Free play's scenario: the one on screen in free play, else the one kept for it.
    pub fn free_play_scenario(&self) -> Option<&Arc<Scenario>> {
        self.on_screen.source.scenario().or(self.kept.as_ref())
    }

    /// The branches as `lessons::Branches` sees them: the current one (the options without
    /// the page's language and toggles) and the earlier ones.
    pub fn branches(&self) -> Branches {
        Branches::restored(branch_of(&self.on_screen.options), self.earlier.clone())
    }

    /// Opens lesson `id` (free play with its kept scenario): step 0, the original branch, no
    /// toggle fixed, in the same language. The recording stays only when the lesson does (a
    /// reset of the lesson on screen keeps its live run on screen).
    pub fn open(&mut self, id: &str) {
        let same = self.on_screen.lesson_id() == id;
        let scenario = self.free_play_scenario().cloned();
        let source = match Screen::source_of(id) {
            source if source.is_free_play() => Source::free_play(scenario.clone()),
            source => source,
        };
        self.kept = scenario.filter(|_| !source.is_free_play());
        let recording = self.on_screen.recording.take().filter(|_| same);
        self.on_screen = OnScreen {
            recording,
            ..Screen::new(source, self.on_screen.options.lang).on_screen
        };
        self.earlier.clear();
    }

    /// Puts a whole run on screen (a link, a file, the stored session, a replay) with
    /// `earlier` branches to switch back to. Free play's scenario is the run's when it is free
    /// play (None clears it); another source keeps it aside.
    pub fn show(&mut self, on_screen: OnScreen, earlier: Vec<PlayOptions>) {
        let kept = self.free_play_scenario().cloned();
        self.kept = kept.filter(|_| !on_screen.source.is_free_play());
        self.earlier = Branches::restored(branch_of(&on_screen.options), earlier)
            .earlier()
            .to_vec();
        self.on_screen = on_screen;
    }

    /// Sets free play's scenario (None: free play's own lesson). In free play it is the run
    /// on screen, and a recording of the old one no longer matches it; elsewhere it is kept.
    pub fn set_scenario(&mut self, scenario: Option<Arc<Scenario>>) {
        if self.on_screen.source.is_free_play() {
            self.on_screen.source = Source::free_play(scenario);
            self.on_screen.recording = None;
        } else {
            self.kept = scenario;
        }
    }

    /// The page's language: the run is played in it (the step stays).
    pub fn set_lang(&mut self, lang: Lang) {
        self.on_screen.options.lang = lang;
    }

    /// Changes the learner's toggles (the step stays).
    pub fn change_toggles(&mut self, change: impl FnOnce(&mut ToggleChoice)) {
        change(&mut self.on_screen.options.learner_toggles);
    }

    /// Changes the branches (a fork, a recall, a switch back): `change` gets them as
    /// [`Screen::branches`], and the current one becomes the options on screen, in the same
    /// language with the same toggles. A change that is refused changes nothing.
    pub fn change_branch<R>(&mut self, change: impl FnOnce(&mut Branches) -> R) -> R {
        let mut branches = self.branches();
        let result = change(&mut branches);
        let options = &mut self.on_screen.options;
        *options = PlayOptions {
            lang: options.lang,
            learner_toggles: options.learner_toggles,
            ..branches.current().clone()
        };
        self.earlier = branches.earlier().to_vec();
        result
    }

    /// Moves the step (unclamped: [`Screen::go_to`] clamps). Says whether it moved.
    pub fn set_step(&mut self, step: usize) -> bool {
        let moved = self.on_screen.step != step;
        self.on_screen.step = step;
        moved
    }

    /// Moves to `step`, clamped to a run of `last` events. Says whether it moved.
    pub fn go_to(&mut self, step: usize, last: usize) -> bool {
        self.set_step(step.min(last))
    }

    /// Puts a live run's recording on screen, when it is of the lesson on screen (a run that
    /// ended after the learner left its lesson is not); None: no recording on screen.
    pub fn set_recording(&mut self, recording: Option<Arc<Recording>>) {
        let id = self.on_screen.lesson_id();
        self.on_screen.recording = recording.filter(|r| r.lesson == id);
    }
}

/// A branch's part of the options: the page's language and the learner's toggles are the
/// page's, not a branch's, so switching branches keeps them.
fn branch_of(options: &PlayOptions) -> PlayOptions {
    PlayOptions {
        lang: PlayOptions::default().lang,
        learner_toggles: ToggleChoice::default(),
        ..options.clone()
    }
}

/// Whether two sources are the same, a scenario by identity: the cheap check the page's memos
/// make on every change (a step included), where a deep comparison of a scenario would cost
/// more than the replay it saves.
pub fn same_source(a: &Source, b: &Source) -> bool {
    match (a, b) {
        (Source::Scenario(a), Source::Scenario(b)) => Arc::ptr_eq(a, b),
        (a, b) => a == b,
    }
}

/// Whether two recordings are the same one (by identity, for the same reason).
fn same_recording(a: Option<&Arc<Recording>>, b: Option<&Arc<Recording>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        (a, b) => a.is_none() && b.is_none(),
    }
}

/// Whether two runs on screen are the same but for their step: what a link compresses and
/// what plays did not change (a scenario and a recording compared by identity).
pub fn same_but_step(a: &OnScreen, b: &OnScreen) -> bool {
    same_source(&a.source, &b.source)
        && a.options == b.options
        && same_recording(a.recording.as_ref(), b.recording.as_ref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lessons::{Intervention, FREE_PLAY_ID};

    const L1: &str = "l1-two-investigators";
    const L2: &str = "l2-drain-loses-mail";

    fn scenario() -> Arc<Scenario> {
        Arc::new(
            crate::scenario::parse(
                r#"{"version":1,"members":[{"name":"lead","role":"lead","kind":"lead"}],"task":"t"}"#,
            )
            .expect("parses"),
        )
    }

    fn recording(lesson: &str) -> Arc<Recording> {
        Arc::new(Recording {
            version: 2,
            lesson: lesson.to_string(),
            options: PlayOptions::default(),
            answers: Vec::new(),
            stopped_at: None,
        })
    }

    fn reload(at: usize) -> Intervention {
        Intervention::Reload { at }
    }

    fn forked_l2() -> Screen {
        let mut screen = Screen::new(Screen::source_of(L2), Lang::Zh);
        screen.change_toggles(|t| t.drain_on_read = Some(true));
        screen.change_branch(|b| b.fork(reload(3))).expect("forks");
        screen.set_step(9);
        screen
    }

    #[test]
    fn opening_a_lesson_starts_it_at_step_0_on_its_original_branch_in_the_same_language() {
        let mut screen = forked_l2();
        assert_eq!(screen.earlier().len(), 1);
        screen.open(L1);
        assert_eq!(
            screen.on_screen(),
            &OnScreen::new(
                Source::Lesson(L1.into()),
                PlayOptions {
                    lang: Lang::Zh,
                    ..PlayOptions::default()
                }
            )
        );
        assert!(screen.earlier().is_empty());
    }

    #[test]
    fn a_name_that_is_no_lesson_stays_one_whose_play_says_so() {
        let mut screen = Screen::new(Screen::source_of(L1), Lang::En);
        screen.open("nope");
        let error = screen.on_screen().play().expect_err("no such lesson");
        // The banner's text, as the page said it before the run on screen was one value.
        let said = crate::lessons::PlayError::UnknownLesson("nope".into()).to_string();
        assert_eq!(error.to_string(), said);
        assert_eq!(screen.on_screen().lesson_id(), "nope");
    }

    #[test]
    fn free_plays_scenario_is_kept_while_another_lesson_is_open_and_comes_back_with_free_play() {
        let mut screen = Screen::new(Screen::source_of(FREE_PLAY_ID), Lang::En);
        let s = scenario();
        screen.set_scenario(Some(s.clone()));
        assert_eq!(screen.source(), &Source::Scenario(s.clone()));
        screen.open(L1);
        assert_eq!(screen.source(), &Source::Lesson(L1.into()));
        assert!(screen
            .free_play_scenario()
            .is_some_and(|k| Arc::ptr_eq(k, &s)));
        screen.open(FREE_PLAY_ID);
        assert_eq!(screen.source(), &Source::Scenario(s.clone()));
        // In one place only: the source holds it, nothing is kept aside.
        assert_eq!(screen.kept, None);
        // Set while another lesson is open, it is kept for free play and changes nothing else.
        screen.open(L1);
        let before = screen.on_screen().clone();
        screen.set_scenario(None);
        assert_eq!(screen.on_screen(), &before);
        screen.open(FREE_PLAY_ID);
        assert_eq!(screen.source(), &Source::free_play(None));
    }

    #[test]
    fn a_new_scenario_in_free_play_drops_the_recording_of_the_old_one() {
        let mut screen = Screen::new(Screen::source_of(FREE_PLAY_ID), Lang::En);
        screen.set_recording(Some(recording(FREE_PLAY_ID)));
        assert!(screen.recording().is_some());
        screen.set_scenario(Some(scenario()));
        assert_eq!(screen.recording(), None);
    }

    #[test]
    fn a_recording_is_on_screen_only_with_its_lesson() {
        let mut screen = Screen::new(Screen::source_of(L1), Lang::En);
        screen.set_recording(Some(recording(L2)));
        assert_eq!(screen.recording(), None, "another lesson's recording");
        screen.set_recording(Some(recording(L1)));
        screen.set_step(5);
        // A reset of the same lesson keeps its live run; another lesson does not.
        screen.open(L1);
        assert!(screen.recording().is_some());
        assert_eq!(screen.step(), 0);
        screen.open(L2);
        assert_eq!(screen.recording(), None);
    }

    #[test]
    fn language_and_toggles_change_the_options_and_keep_the_step_branch_and_recording() {
        let mut screen = forked_l2();
        screen.set_recording(Some(recording(L2)));
        let branches = screen.branches();
        screen.set_lang(Lang::En);
        screen.change_toggles(|t| t.hold_lock_during_model_call = Some(true));
        assert_eq!(screen.options().lang, Lang::En);
        assert_eq!(screen.options().learner_toggles.drain_on_read, Some(true));
        assert_eq!(
            screen.options().learner_toggles.hold_lock_during_model_call,
            Some(true)
        );
        assert_eq!(screen.options().interventions, vec![reload(3)]);
        assert_eq!((screen.step(), screen.branches()), (9, branches));
        assert!(screen.recording().is_some());
    }

    #[test]
    fn a_branch_change_keeps_the_language_and_toggles_and_a_switch_back_restores_the_edits() {
        let mut screen = forked_l2();
        let toggles = screen.options().learner_toggles;
        // The current branch is the options on screen: one place, no copy among the earlier.
        assert_eq!(screen.branches().current().interventions, vec![reload(3)]);
        assert_eq!(screen.earlier(), &[PlayOptions::default()]);
        assert!(screen.change_branch(|b| b.switch_to(0)));
        assert!(screen.options().interventions.is_empty());
        assert_eq!(
            (screen.options().lang, screen.options().learner_toggles),
            (Lang::Zh, toggles)
        );
        assert_eq!(screen.earlier()[0].interventions, vec![reload(3)]);
        assert_eq!(screen.earlier()[0].learner_toggles, ToggleChoice::default());
        assert_eq!(
            screen.step(),
            9,
            "a branch change leaves the clamp to the page"
        );
    }

    #[test]
    fn a_refused_fork_changes_nothing() {
        let mut screen = forked_l2();
        for at in 4..4 + crate::lessons::run::MAX_INTERVENTIONS {
            let _ = screen.change_branch(|b| b.extend(reload(at)));
        }
        let before = screen.clone();
        let refused = screen.change_branch(|b| b.extend(reload(99)));
        assert!(refused.is_err());
        assert_eq!(screen, before);
    }

    #[test]
    fn show_puts_the_whole_run_on_screen_and_keeps_free_plays_scenario_aside() {
        let mut screen = Screen::new(Screen::source_of(FREE_PLAY_ID), Lang::En);
        let s = scenario();
        screen.set_scenario(Some(s.clone()));
        let options = PlayOptions {
            lang: Lang::Zh,
            interventions: vec![reload(2)],
            ..PlayOptions::default()
        };
        let shown = OnScreen {
            step: 7,
            recording: Some(recording(L2)),
            ..OnScreen::new(Source::Lesson(L2.into()), options.clone())
        };
        // The current branch among the earlier ones is dropped, as `Branches::restored` does.
        screen.show(
            shown.clone(),
            vec![PlayOptions::default(), branch_of(&options)],
        );
        assert_eq!(screen.on_screen(), &shown);
        assert_eq!(screen.earlier(), &[PlayOptions::default()]);
        assert!(screen
            .free_play_scenario()
            .is_some_and(|k| Arc::ptr_eq(k, &s)));
        // Free play shown without a scenario clears it.
        screen.show(OnScreen::new(Source::free_play(None), options), Vec::new());
        assert_eq!(screen.free_play_scenario(), None);
    }

    #[test]
    fn the_step_clamps_to_the_run_and_says_whether_it_moved() {
        let mut screen = Screen::new(Screen::source_of(L1), Lang::En);
        assert!(screen.go_to(500, 40));
        assert_eq!(screen.step(), 40);
        assert!(!screen.go_to(40, 40));
        assert!(!screen.set_step(40));
        assert!(screen.set_step(3));
    }

    #[test]
    fn sources_and_recordings_compare_a_scenario_and_a_recording_by_identity() {
        let s = scenario();
        let copy = Arc::new((*s).clone());
        assert!(same_source(
            &Source::Scenario(s.clone()),
            &Source::Scenario(s.clone())
        ));
        assert!(!same_source(&Source::Scenario(s), &Source::Scenario(copy)));
        assert!(same_source(
            &Source::Lesson(L1.into()),
            &Source::Lesson(L1.into())
        ));
        assert!(!same_source(
            &Source::Lesson(L1.into()),
            &Source::Lesson(L2.into())
        ));
        let r = recording(L1);
        assert!(same_recording(Some(&r), Some(&r)));
        assert!(same_recording(None, None));
        assert!(!same_recording(Some(&r), Some(&recording(L1))));
        assert!(!same_recording(Some(&r), None));
        let shown = OnScreen {
            recording: Some(r.clone()),
            ..OnScreen::new(Source::Lesson(L1.into()), PlayOptions::default())
        };
        let stepped = OnScreen {
            step: 30,
            ..shown.clone()
        };
        assert!(same_but_step(&shown, &stepped));
        let other_recording = OnScreen {
            recording: Some(recording(L1)),
            ..shown.clone()
        };
        assert!(!same_but_step(&shown, &other_recording));
        let in_chinese = OnScreen {
            options: PlayOptions {
                lang: Lang::Zh,
                ..PlayOptions::default()
            },
            ..shown.clone()
        };
        assert!(!same_but_step(&shown, &in_chinese));
    }
}
