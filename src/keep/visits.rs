//! What the page keeps between visits, as rules on values (the browser side,
//! `ui::state::session`, only reads and writes the text). Two places hold a [`StoredSession`]:
//! - the tab's own ([`TAB_KEY`], session storage): its branches and step, read back when this
//!   tab reloads, so another tab can never overwrite them;
//! - the shared one ([`SHARED_KEY`], local storage): the newest session of any tab, with free
//!   play's scenario and the editor's draft, which a fresh visit, a new tab or a closed browser
//!   finds again and offers to continue ([`continue_offer`]).
//!
//! The shared scenario is merged by [`merge_shared`]: a tab with no scenario of its own keeps
//! the stored one, and a scenario that replaces one the page did not write itself (a link, a
//! file, a reset, another tab) keeps the replaced one aside (`previous`) with a notice
//! ([`Merged::replaced`]) offering to bring it back ([`bring_back`]), never silently.

use crate::engine::Lang;
use crate::lessons::{catalog, PlayOptions, FREE_PLAY_ID};
use crate::scenario::{Problem, Scenario};

use super::session::{KeptScenario, StoredSession};

/// Local storage: the newest session of any tab, with the kept scenario (the key sessions
/// always had, so a session stored by an older page still reads).
pub const SHARED_KEY: &str = "atp.session";
/// Session storage: this tab's own session.
pub const TAB_KEY: &str = "atp.tab-session";
/// Session storage: this tab's id, written in the shared session to tell tabs apart.
pub const TAB_ID_KEY: &str = "atp.tab-id";

/// The shared session to write and whether a different kept scenario was replaced.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    pub session: StoredSession,
    /// This page's scenario (or draft, or free play's default) took the place of a different
    /// one it did not write itself: the replaced one is in `session.previous`, to bring back.
    pub replaced: bool,
}

/// The shared session after this page writes `mine` over `stored`; `own` is the scenario and
/// draft this page itself last kept (None: nothing yet, or it then opened a link, a file or
/// free play's default, which replace what is kept deliberately).
/// - `mine` with neither scenario nor draft, and not free play's default chosen, keeps what
///   is stored (being in a lesson does not forget free play's scenario);
/// - otherwise `mine`'s is kept. When it differs from a stored one this page did not write
///   itself (another tab, an earlier visit, or this page before a link, a file or a reset),
///   the stored one goes to `previous` and `replaced` says so; the learner's own edits carry
///   `previous` on unchanged.
pub fn merge_shared(
    stored: Option<&StoredSession>,
    mine: StoredSession,
    own: Option<&KeptScenario>,
) -> Merged {
    let Some(stored) = stored else {
        return Merged {
            session: mine,
            replaced: false,
        };
    };
    let speaks = !mine.kept().is_empty() || mine.free_play_default;
    if !speaks {
        // `tab` stays the tab that wrote the scenario kept.
        return Merged {
            session: StoredSession {
                scenario: stored.scenario.clone(),
                draft: stored.draft.clone(),
                tab: stored.tab.clone(),
                previous: stored.previous.clone(),
                free_play_default: stored.free_play_default,
                ..mine
            },
            replaced: false,
        };
    }
    let theirs = stored.kept();
    let replaced = !theirs.is_empty() && theirs != mine.kept() && own != Some(&theirs);
    let previous = match replaced {
        true => Some(theirs),
        false => stored.previous.clone(),
    };
    Merged {
        session: StoredSession { previous, ..mine },
        replaced,
    }
}

/// "Bring back the scenario you had": the stored session with its `previous` scenario and
/// draft kept again, and the one they replace kept aside in their place (nothing is lost
/// either way). None when nothing is kept aside.
pub fn bring_back(stored: &StoredSession) -> Option<StoredSession> {
    let previous = stored.previous.clone()?;
    Some(StoredSession {
        scenario: previous.scenario,
        draft: previous.draft,
        previous: Some(stored.kept()).filter(|k| !k.is_empty()),
        free_play_default: false,
        ..stored.clone()
    })
}

/// The notice for [`Merged::replaced`], in both languages: true whether the replacing
/// scenario came from a link, a file, a reset or another tab.
pub fn replaced_notice() -> Problem {
    Problem::new(
        "这个浏览器之前保存的自由练习场景已被现在的场景取代（来自链接、文件、恢复默认场景或另一个标签页）。之前的场景另外保存着，点一下即可恢复。",
        "The free-play scenario this browser had kept was replaced by the one now in use (from a link, a file, a reset to the default or another tab). The one you had is kept aside: bring it back with one click.",
    )
}

/// The button of [`replaced_notice`], in both languages.
pub fn bring_back_label() -> Problem {
    Problem::new("恢复之前的场景", "Bring back the scenario you had")
}

/// Why the browser did not store the learner's work, said once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotKept {
    /// Storage is turned off or throws (a private window, a blocked origin).
    Unavailable,
    /// The storage for this page is full.
    Full,
}

impl NotKept {
    /// What the page says, once, in both languages.
    pub fn notice(self) -> Problem {
        match self {
            NotKept::Unavailable => Problem::new(
                "这个浏览器不允许本页面保存任何内容（可能是无痕模式或存储已关闭）：页面照常可用，但你的进度只在这个标签页打开期间有效。",
                "This browser does not let the page store anything (a private window, or storage turned off): the page works as usual, but your work lasts only while this tab is open.",
            ),
            NotKept::Full => Problem::new(
                "这个浏览器为本页面保留的存储空间已满：最近的进度没有保存，只在这个标签页打开期间有效。页面照常可用。",
                "This browser's storage for this page is full: your latest work was not stored and lasts only while this tab is open. The page works as usual.",
            ),
        }
    }
}

/// What a returning learner is offered: the stored session, unless it is what is already on
/// screen or nothing worth continuing (the default lesson at step 0, no fork, no scenario).
pub fn continue_offer(
    stored: &StoredSession,
    on_screen_lesson: &str,
    on_screen_step: usize,
) -> Option<StoredSession> {
    let untouched = stored.options.interventions.is_empty()
        && stored.options.learner_toggles == PlayOptions::default().learner_toggles
        && stored.earlier.is_empty()
        && stored.step == 0
        && (stored.lesson != FREE_PLAY_ID || (stored.scenario.is_none() && stored.draft.is_none()));
    let same = stored.lesson == on_screen_lesson
        && stored.step == on_screen_step
        && stored.options.interventions.is_empty()
        && stored.earlier.is_empty();
    (!untouched && !same).then(|| stored.clone())
}

/// The offer's words: "Continue: lesson N (title), step S", in `lang`.
pub fn continue_text(session: &StoredSession, lang: Lang) -> String {
    let step = session.step;
    let number = catalog()
        .iter()
        .position(|l| l.id == session.lesson)
        .map(|i| i + 1);
    let title = catalog()
        .iter()
        .find(|l| l.id == session.lesson)
        .map(|l| l.title.get(lang).to_string());
    match (lang, session.lesson.as_str(), number, title) {
        (Lang::Zh, FREE_PLAY_ID, _, _) => format!("继续上次的进度：自由练习，第 {step} 步"),
        (Lang::En, FREE_PLAY_ID, _, _) => {
            format!("Continue where you were: free play, step {step}")
        }
        (Lang::Zh, _, Some(n), Some(title)) => {
            format!("继续上次的进度：第 {n} 课《{title}》，第 {step} 步")
        }
        (Lang::En, _, Some(n), Some(title)) => {
            format!("Continue where you were: lesson {n} ({title}), step {step}")
        }
        (Lang::Zh, id, _, _) => format!("继续上次的进度：{id}，第 {step} 步"),
        (Lang::En, id, _, _) => format!("Continue where you were: {id}, step {step}"),
    }
}

/// The draft the editor starts from: the stored one, when it was stored beside the scenario
/// now on screen (what was typed, valid or not, is the learner's work).
pub fn draft_for<'a>(
    stored: &'a StoredSession,
    on_screen: Option<&Scenario>,
) -> Option<&'a Scenario> {
    stored
        .draft
        .as_ref()
        .filter(|_| stored.scenario.as_ref() == on_screen)
}
