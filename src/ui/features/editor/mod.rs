//! The scenario editor (free play made real): free play opens it; "Open in the editor" turns
//! any built-in lesson into a scenario to start from. Each change is a pure
//! `scenario::edit::Edit`: a refused one (a taken name, a path in use, bad tool-call JSON)
//! changes nothing and says why beside its field; a made one is validated, its problems are
//! listed beside their fields and in `editor-errors`, and only a valid scenario goes on
//! screen (`Playground::set_scenario`), so the last valid scenario keeps playing while an
//! edit is invalid and what was typed stays in the editor. It plays on the scripted model
//! (the replies authored here) or live through the live panel, which plays the lesson on
//! screen. Hidden by an embed link's `hide=editor`.
//!
//! One component per part: `members.rs` (the roster), `files.rs` (virtual files), `task.rs`
//! (title, task, toggles, limits), `replies.rs` (the scripted replies, with `condition.rs`:
//! what a reply's request must or must not hold and the alternative), `faults.rs` (faults at
//! a chosen moment), `checkpoints.rs` (predict-then-see questions), `check.rs` (the authoring check: which reply answered each request, and
//! replies or faults that never ran or name a message the member never received).
//!
//! `data-testid`s (a contract with the end-to-end tests):
//! - `editor` (the panel), `editor-status`, `editor-errors` (every problem of the draft),
//!   `editor-field-error` (a problem beside its field, `data-field` is `Field::key`),
//!   `editor-reset`, `open-in-editor` (on a built-in lesson);
//! - `editor-add-member`, `editor-member-<i>` (a row), `editor-member-name-<i>`,
//!   `editor-member-role-<i>`, `editor-member-kind-<i>`, `editor-member-deliveries-<i>`,
//!   `editor-member-all-tools-<i>`, `editor-member-tool-<i>-<tool>`, `editor-remove-member-<i>`;
//! - `editor-file-<k>` (a row, `data-path`), `editor-file-path-<k>`, `editor-file-text-<k>`,
//!   `editor-remove-file-<k>`, `editor-new-file-path`, `editor-add-file`;
//! - `editor-title`, `editor-task`, `editor-toggle-drain`, `editor-toggle-hold-lock`,
//!   `editor-allow-write`, `editor-limit-<key>`;
//! - `editor-reply-<i>`, `editor-reply-member-<i>`, `editor-reply-order-<i>`,
//!   `editor-reply-latency-<i>`, `editor-reply-text-<i>`, `editor-reply-calls-<i>`,
//!   `editor-remove-reply-<i>`, `editor-new-reply-member`, `editor-add-reply`;
//!   `editor-reply-holds-<i>`, `editor-reply-lacks-<i>`, `editor-reply-otherwise-<i>`,
//!   `editor-reply-otherwise-calls-<i>`, `editor-reply-ran-<i>`;
//! - `editor-faults`, `editor-fault-<i>`, `editor-fault-member-<i>`, `editor-fault-moment-<i>`
//!   (`delivery`/`request`), `editor-fault-number-<i>`, `editor-fault-error-<i>`,
//!   `editor-fault-retryable-<i>`, `editor-remove-fault-<i>`, `editor-new-fault-member`,
//!   `editor-new-fault-moment`, `editor-add-fault`;
//! - `editor-checkpoints`, `editor-checkpoint-<i>`, `editor-checkpoint-<part>-<i>` (`id`,
//!   `rule`, `event`, `member`, `contains`, `nth`, `question-zh`, `question-en`, `kind`,
//!   `message`, `request`, `ask-member`, `counts`, and `placement`: the step it asks before or
//!   why it does not ask), `editor-remove-checkpoint-<i>`, `editor-add-checkpoint`;
//! - `editor-check`, `editor-check-ok`, `editor-check-waiting`, `editor-findings`,
//!   `editor-finding`, `editor-answered`, `editor-answered-row`; `editor-task-count`.

mod challenges;
mod check;
mod checkpoints;
mod condition;
mod faults;
mod files;
mod list_part;
mod members;
mod replies;
mod task;

use std::sync::Arc;

use leptos::prelude::*;

use crate::link::Part;
use crate::scenario::check::Report;
use crate::scenario::edit::{Edit, Field};
use crate::scenario::edit_authoring::AuthoringEdit;
use crate::scenario::edit_checkpoint::CheckpointEdit;
use crate::scenario::{Problem, Scenario};
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::panels::side_nav;
use crate::ui::state::context::Playground;

/// The editor's state: the draft (what was typed, valid or not) and the refused edits, one per
/// field, each shown until that field takes an edit (its input still holds what was typed).
#[derive(Clone, Copy)]
pub(crate) struct Editor {
    pg: Playground,
    draft: RwSignal<Scenario>,
    refused: RwSignal<Vec<(Field, Problem)>>,
    /// What validation says of the draft.
    problems: Memo<Vec<Problem>>,
    /// The authoring check of the draft played as written; None while it has problems.
    report: Memo<Option<Report>>,
}

impl Editor {
    /// Makes `edit` (typed in `field`): refused, it changes nothing and says why there; made,
    /// the draft changes, and the scenario on screen too when the draft is valid.
    fn apply(&self, edit: Edit, field: Field) {
        match self.draft.with_untracked(|d| d.edited(&edit)) {
            Err(problem) => self.refused.update(|r| {
                r.retain(|(f, _)| *f != field);
                r.push((field, problem));
            }),
            Ok((next, valid)) => {
                // Adding or removing a row moves the others: a refusal may no longer be beside
                // the row it was typed in.
                let moves_rows = matches!(
                    edit,
                    Edit::AddMember
                        | Edit::RemoveMember { .. }
                        | Edit::AddReply { .. }
                        | Edit::RemoveReply { .. }
                        | Edit::AddFile { .. }
                        | Edit::RenameFile { .. }
                        | Edit::RemoveFile { .. }
                        | Edit::Authoring(
                            AuthoringEdit::AddFault { .. } | AuthoringEdit::RemoveFault { .. }
                        )
                        | Edit::Checkpoint(CheckpointEdit::Add | CheckpointEdit::Remove { .. })
                );
                if moves_rows {
                    self.refused.set(Vec::new());
                } else {
                    self.refused.update(|r| r.retain(|(f, _)| *f != field));
                }
                self.draft.set(next.clone());
                if valid.is_ok() {
                    self.pg.set_scenario(Some(Arc::new(next)));
                }
            }
        }
    }

    /// A value of the draft that notifies only when it changes, so an input showing it is not
    /// rewritten (losing what was typed) by an edit elsewhere.
    fn memo<T>(&self, read: impl Fn(&Scenario) -> T + Send + Sync + 'static) -> Memo<T>
    where
        T: PartialEq + Clone + Send + Sync + 'static,
    {
        let draft = self.draft;
        Memo::new(move |_| draft.with(&read))
    }

    fn lang(&self) -> Lang {
        self.pg.lang.get()
    }

    /// Back to free play's default scenario, nothing refused.
    fn reset(&self) {
        self.refused.set(Vec::new());
        self.pg.set_scenario(None);
        self.draft
            .set(Scenario::default_free_play(self.pg.lang.get_untracked()));
    }
}

/// The editor's status line: whether the draft plays, with `n` problems and `refused` edits.
fn status_text(lang: Lang, n: usize, refused: usize) -> String {
    if n == 0 && refused > 0 {
        match lang {
            Lang::Zh => format!("场景有效，正在播放；有 {refused} 处改动没有生效（原因写在输入框旁边）。"),
            Lang::En => format!("The scenario is valid and is playing; {refused} change(s) were not made (the reason is beside the field)."),
        }
    } else if n == 0 {
        tr(
            lang,
            "场景有效，正在播放。",
            "The scenario is valid and is playing.",
        )
        .to_string()
    } else {
        match lang {
            Lang::Zh => format!("场景有 {n} 个问题：改好之前，上一个有效的场景继续播放。"),
            Lang::En => format!("The scenario has {n} problem(s): until they are fixed, the last valid scenario keeps playing."),
        }
    }
}

/// The problems shown beside `field`: the refused edit's, then validation's.
#[component]
fn FieldProblems(editor: Editor, field: Field) -> impl IntoView {
    let name = field.key();
    let field_for_list = field.clone();
    let list = move || {
        let lang = editor.lang();
        let mut out: Vec<String> = editor.refused.with(|r| {
            r.iter()
                .filter(|(f, _)| *f == field_for_list)
                .map(|(_, p)| p.get(lang).to_string())
                .collect()
        });
        editor.draft.with(|d| {
            editor.problems.with(|problems| {
                out.extend(
                    problems
                        .iter()
                        .filter(|p| field_for_list.owns(p, d))
                        .map(|p| p.get(lang).to_string()),
                )
            })
        });
        out
    };
    view! {
        {move || list().into_iter().map(|text| view! {
            <p class="editor-field-error" role="alert" data-testid="editor-field-error" data-field=name.clone()>{text}</p>
        }).collect_view()}
    }
}

/// The editor panel, shown in free play unless the embed link hides it.
#[component]
pub fn EditorPanel() -> impl IntoView {
    let pg = Playground::get();
    let shown = move || pg.in_free_play() && !pg.embed.with(|e| e.hides(Part::Editor));
    // A kept scenario brought back mounts the editor afresh, from the draft brought back.
    let generation = crate::ui::state::session::Keep::get().map(|k| k.editor_generation);
    view! {
        <Show when=shown>
            {move || {
                if let Some(generation) = generation {
                    generation.track();
                }
                view! { <EditorBody /> }
            }}
        </Show>
    }
}

/// A scenario put on screen from elsewhere (a src= link, an import, "Open in the editor")
/// becomes the draft; free play's own lesson follows the page language. `resumed`: the draft
/// was stored over the scenario on screen, and is not replaced on the first run.
fn follow_the_scenario_on_screen(pg: Playground, editor: Editor, resumed: bool) {
    let draft = editor.draft;
    Effect::new(move |previous: Option<Option<Arc<Scenario>>>| {
        let scenario = pg.scenario.get();
        // The language is read (and tracked) only for free play's own lesson.
        let next = match &scenario {
            Some(s) => (**s).clone(),
            None => Scenario::default_free_play(pg.lang.get()),
        };
        // On the first run a stored draft is not replaced by the scenario it was typed over.
        let scenario_changed = previous.map_or(!resumed, |p| match (&p, &scenario) {
            (Some(a), Some(b)) => !Arc::ptr_eq(a, b),
            (None, None) => false,
            _ => true,
        });
        // A language switch alone re-titles only an untouched draft: an edited one (invalid
        // so far, or it would be on screen) is the learner's work and stays as typed.
        let untouched = draft.with_untracked(|d| {
            [Lang::Zh, Lang::En]
                .into_iter()
                .any(|l| *d == Scenario::default_free_play(l))
        });
        if (scenario_changed || untouched) && draft.with_untracked(|d| *d != next) {
            editor.refused.set(Vec::new());
            draft.set(next);
        }
        scenario
    });
}

#[component]
fn EditorBody() -> impl IntoView {
    let pg = Playground::get();
    // The draft stored over the scenario on screen (`ui::state::session::Keep`), valid or
    // not, is the learner's work: the editor starts from it.
    let keep = crate::ui::state::session::Keep::get();
    let stored = keep.and_then(|k| k.draft_over(pg.scenario.get_untracked().as_deref()));
    let resumed = stored.is_some();
    let start = stored
        .or_else(|| pg.scenario.get_untracked().map(|s| (*s).clone()))
        .unwrap_or_else(|| Scenario::default_free_play(pg.lang.get_untracked()));
    let draft = RwSignal::new(start);
    // What the editor holds beyond the scenario on screen is stored with the session.
    if let Some(keep) = keep {
        Effect::new(move |_| {
            let on_screen = pg.scenario.get();
            let typed = draft.with(|d| (on_screen.as_deref() != Some(d)).then(|| d.clone()));
            let typed = typed.filter(|d| {
                [Lang::Zh, Lang::En]
                    .into_iter()
                    .all(|l| *d != Scenario::default_free_play(l))
            });
            keep.draft.set(typed);
        });
    }
    let problems = Memo::new(move |_| {
        draft.with(|d| {
            d.validate_written()
                .err()
                .map(|e| e.problems)
                .unwrap_or_default()
        })
    });
    let report = Memo::new(move |_| {
        let lang = pg.lang.get();
        let valid = problems.with(Vec::is_empty);
        valid
            .then(|| draft.with(|d| Report::of(d, lang).ok()))
            .flatten()
    });
    let editor = Editor {
        pg,
        draft,
        refused: RwSignal::new(Vec::new()),
        problems,
        report,
    };
    follow_the_scenario_on_screen(pg, editor, resumed);
    let lang = pg.lang;
    let status = move || {
        status_text(
            lang.get(),
            problems.with(Vec::len),
            editor.refused.with(Vec::len),
        )
    };
    let reset = move |_| {
        // Stored as "free play uses the default", so it sticks; the replaced one goes aside.
        if let Some(keep) = keep {
            keep.choose_default();
        }
        editor.reset();
    };
    view! {
        <section class="panel editor-panel" data-testid="editor" aria-labelledby="editor-heading">
            <h2 id="editor-heading">{move || tr(lang.get(), "场景编辑器", "Scenario editor")}</h2>
            <p class="editor-hint">{move || tr(lang.get(),
                "改动在离开输入框（或按回车）时生效，页面上的运行随之重放。用脚本模型播放这里写的回复，或者在下面的实时面板里用真实模型运行。",
                "A change takes effect when you leave the field (or press Enter), and the run on the page replays. It plays the replies written here on the scripted model, or runs live on a real model in the live panel below.")}</p>
            <p class="editor-status" role="status" data-testid="editor-status"
                data-valid=move || problems.with(Vec::is_empty).to_string()>{status}</p>
            <Show when=move || problems.with(|p| !p.is_empty())>
                <ul class="editor-errors" data-testid="editor-errors">
                    {move || problems.get().into_iter().map(|p| view! { <li>{p.get(lang.get()).to_string()}</li> }).collect_view()}
                </ul>
            </Show>
            <task::TaskEditor editor=editor />
            <members::MembersEditor editor=editor />
            <files::FilesEditor editor=editor />
            <replies::RepliesEditor editor=editor />
            <faults::FaultsEditor editor=editor />
            <checkpoints::CheckpointsEditor editor=editor />
            <challenges::ChallengesEditor editor=editor />
            <check::CheckPanel editor=editor />
            <button type="button" data-testid="editor-reset" on:click=reset>
                {move || tr(lang.get(), "恢复自由练习的默认场景", "Back to free play's default scenario")}
            </button>
        </section>
    }
}

/// "Open in the editor": the built-in lesson on screen as a scenario (`Scenario::from_lesson`,
/// in the page's language), opened in free play to start from.
#[component]
pub fn OpenInEditor() -> impl IntoView {
    let pg = Playground::get();
    let shown = move || {
        !pg.in_free_play()
            && !pg.embed.with(|e| e.hides(Part::Editor))
            && pg.lesson_on_screen().is_some()
    };
    let open = move |_| {
        let Some(lesson) = pg.lesson_on_screen_untracked() else {
            return;
        };
        let scenario = Scenario::from_lesson(&lesson);
        if let Err(errors) = scenario.validate() {
            pg.error.set(Some(errors.message(pg.lang.get_untracked())));
            return;
        }
        pg.open_scenario(Arc::new(scenario), 0);
        pg.error.set(None);
        // The editor mounts with free play (this button goes): bring it into view with focus on
        // it. Before the later parts' module is here the jump waits for it, and the loading line
        // or the failure box stands in meanwhile (`side_nav::jump`).
        request_animation_frame(|| side_nav::jump("[data-testid=editor]"));
    };
    view! {
        <Show when=shown>
            <button type="button" class="open-in-editor" data-testid="open-in-editor" on:click=open>
                {move || tr(pg.lang.get(), "在编辑器中打开", "Open in the editor")}
            </button>
        </Show>
    }
}
