//! Fork: from the current step the learner changes what happens next and continues on a new
//! branch. Three kinds of change, each a `lessons::Intervention` anchored at the current step:
//! replace a scripted reply (text only), inject a fault, or send a message as the lead.
//!
//! Applying a fork never touches team state: it hands the intervention to
//! `lessons::Branches::fork` (which keeps the old branch and makes the new one current), the
//! lesson is replayed, and the step stays where it is, because the first `at` events of the
//! new run are those of the old one. Every branch, the original included, stays in the list
//! and can be switched back to.
//!
//! Bad input (empty text, text over the engine's body limit, an unknown member, a request that
//! was already sent) shows a message and keeps what the learner typed; the checks and the
//! wording are native (`view::fork_form`), this file binds them. Each earlier branch can be
//! compared with the current one on the stage (issue 49, `ui/panels/compare.rs`).

use leptos::prelude::*;

use crate::on_screen::versus::Versus;
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::features::fork_draft::{ForkDraft, ForkForm};
use crate::ui::state::context::Playground;
use crate::view::fork_form::describe_branch;

/// Change what happens next: a form that forks the lesson at this step, its messages, and the
/// branches to switch back to.
#[component]
pub fn ForkPanel() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let draft = ForkDraft::new(pg);
    view! {
        <section class="fork" data-testid="fork" aria-labelledby="fork-heading">
            <h2 id="fork-heading">{move || tr(lang.get(), "分叉：改变接下来发生的事", "Fork: change what happens next")}</h2>
            <p class="fork-hint">
                {move || match lang.get() {
                    Lang::Zh => format!("改动从第 {} 步之后生效；之前的步骤保持不变，原来的分支也会保留。", pg.step.get()),
                    Lang::En => format!("The change takes effect after step {}; the steps before stay the same, and the original branch is kept.", pg.step.get()),
                }}
            </p>
            <ForkForm draft=draft />
            <Show when=move || draft.error.get().is_some()>
                <p class="fork-error" role="alert" data-testid="fork-error">
                    {move || format!("⚠ {}", draft.error.get().unwrap_or_default())}
                </p>
            </Show>
            <Show when=move || draft.notice.get().is_some()>
                <p class="fork-notice" role="status" data-testid="fork-notice">
                    {move || draft.notice.get().unwrap_or_default()}
                </p>
            </Show>
            <RestartHost draft=draft />
            <h3>{move || tr(lang.get(), "分支", "Branches")}</h3>
            <BranchList draft=draft />
        </section>
    }
}

/// L3 as an explicit action: restart the host at this step on a new branch. Reloading the
/// page never does this; it keeps what the learner had.
#[component]
fn RestartHost(draft: ForkDraft) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let restart = move |_| {
        crate::ui::state::session::restart_host(pg);
        draft.error.set(None);
        draft.notice.set(Some(
            tr(
                pg.lang.get_untracked(),
                "已在新分支上重启宿主：所有成员离线，点成员卡片上的“召回”把它带回来。",
                "The host restarted on a new branch: every member is offline; use “recall” on a member's card to bring it back.",
            )
            .to_string(),
        ));
    };
    view! {
        <div class="restart-host">
            <button type="button" data-testid="restart-host" on:click=restart>
                {move || tr(lang.get(), "在这一步重启宿主（L3）", "Restart the host here (L3)")}
            </button>
            <span class="fork-hint">
                {move || tr(lang.get(),
                    "就像运行中的宿主被重新加载：花名册和历史从存储中恢复，正在进行的请求作废，所有成员离线，直到你逐个召回。重新加载这个页面不会这样做：它保留你的课程、分支和步骤。",
                    "As if a live host were reloaded: the roster and histories come back from storage, requests in flight are abandoned, and every member is offline until you recall it. Reloading this page does not do this: it keeps your lesson, branches and step.")}
            </span>
        </div>
    }
}

/// The branches the learner forked away from, each with a switch, and the current one.
#[component]
fn BranchList(draft: ForkDraft) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let switch_to = move |index: usize| {
        let step = pg.step.get_untracked();
        if pg.earlier.with_untracked(|e| index >= e.len()) {
            return;
        }
        crate::ui::panels::transport::pause(pg);
        pg.change_branch(|branches| branches.switch_to(index));
        pg.go_to(step);
        draft.error.set(None);
        draft.notice.set(None);
    };
    let compare_with = move |index: usize| {
        let (Some(comparison), Some(branch)) = (
            crate::ui::state::compare::Comparison::get(),
            pg.earlier.with_untracked(|e| e.get(index).cloned()),
        ) else {
            return;
        };
        let on_screen = pg.options.get_untracked();
        comparison.open(pg, Versus::branch(&on_screen, &branch));
        // The comparison is on the stage, where the learner looks next.
        if let Some(stage) = document()
            .query_selector("[data-testid=stage]")
            .ok()
            .flatten()
        {
            stage.scroll_into_view();
        }
    };
    let branch_list = move || {
        let lang = lang.get();
        let saved = pg.earlier.get();
        let current = pg.options.with(|o| describe_branch(o, lang));
        let items = saved
            .iter()
            .enumerate()
            .map(|(index, options)| {
                let label = describe_branch(options, lang);
                view! {
                    <li data-testid="fork-branch" data-current="false">
                        <span class="branch-label">{label}</span>
                        " "
                        <button type="button" class="branch-switch" data-testid="fork-branch-switch"
                            on:click=move |_| switch_to(index)>
                            {tr(lang, "切换到这个分支", "Switch to this branch")}
                        </button>
                        " "
                        // Issue 49: this branch beside the one on screen.
                        <button type="button" class="compare-open" data-testid="compare-open"
                            on:click=move |_| compare_with(index)>
                            {tr(lang, "⇄ 与当前分支对比", "⇄ Compare with the current branch")}
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! {
            {items}
            <li data-testid="fork-branch" data-current="true" class="branch-current">
                <span class="branch-tag">{tr(lang, "▶ 当前分支：", "▶ Current branch: ")}</span>
                <span class="branch-label">{current}</span>
            </li>
        }
    };
    view! { <ul class="fork-branches" data-testid="fork-branches">{branch_list}</ul> }
}

/// Issue 46: on the stage, while the run on screen is a branch the learner made, its name and
/// the way back to the original run (the captions after the fork still tell the original's
/// story, marked "(original run)").
#[component]
pub fn BranchBanner() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let on_branch = move || pg.options.with(|o| !o.interventions.is_empty());
    let original = move || {
        pg.earlier
            .with(|e| e.iter().position(|o| o.interventions.is_empty()))
    };
    let back = move |_| {
        let Some(index) = original() else { return };
        let step = pg.step.get_untracked();
        crate::ui::panels::transport::pause(pg);
        pg.change_branch(|branches| branches.switch_to(index));
        pg.go_to(step);
        crate::ui::browser::focus::focus_soon(&[
            "[data-testid=step-forward]",
            "[data-testid=step-back]",
        ]);
    };
    view! {
        <Show when=on_branch>
            <p class="branch-banner" data-testid="branch-banner" role="status">
                <span>{move || {
                    let lang = lang.get();
                    let what = pg.options.with(|o| describe_branch(o, lang));
                    match lang {
                        Lang::Zh => format!("你在自己的分支上：{what}"),
                        Lang::En => format!("You are on your own branch: {what}"),
                    }
                }}</span>
                " "
                <Show when=move || original().is_some()>
                    <button type="button" data-testid="branch-back" on:click=back>
                        {move || tr(lang.get(), "回到原来的运行", "Back to the original run")}
                    </button>
                </Show>
            </p>
        </Show>
    }
}
