//! A challenge beside the stage (issue 48, after LearnGitBranching's level goal): the goal in
//! the page's language, whether the run on screen meets it (checked natively by
//! `Challenge::met`) with the choices used and the fewest known, a hint, the solution behind a
//! confirm, and a button that starts the challenge again from its start (a branch of its own:
//! the one before is kept). A goal met is recorded once per branch (`state::challenges`) and
//! reported to a course as a row of its own.

use leptos::prelude::*;

use crate::lessons::Challenge;
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::state::challenges::{Challenges, Reveal};
use crate::ui::state::context::Playground;
use crate::view::fork_form::describe;

/// "choice" or "choices".
fn plural(n: usize) -> &'static str {
    if n == 1 {
        "choice"
    } else {
        "choices"
    }
}

/// Puts `challenge`'s start on screen: its options on a branch of their own, at its step.
pub fn start(pg: Playground, challenge: &Challenge) {
    crate::ui::panels::transport::pause(pg);
    let options = challenge.start_options(pg.lang.get_untracked());
    let _ = pg.change_branch(|branches| branches.begin(options));
    pg.go_to(challenge.start);
    if let Some(ch) = Challenges::get() {
        ch.chosen.set(Some(challenge.id.clone()));
        ch.hint_open.set(false);
        ch.solution.set(Reveal::Hidden);
    }
}

/// The goal strip, when the lesson on screen has challenges.
#[component]
pub fn ChallengeStrip() -> impl IntoView {
    let pg = Playground::get();
    let Some(ch) = Challenges::get() else {
        return ().into_any();
    };
    let lang = pg.lang;
    let (shown, met) = (ch.shown, ch.met);
    view! {
        <Show when=move || shown.with(Option::is_some)>
            <aside class="challenge" data-testid="challenge"
                aria-label=move || tr(lang.get(), "挑战", "Challenge")>
                <p class="challenge-goal" data-testid="challenge-goal">
                    <strong>{move || tr(lang.get(), "挑战：", "Challenge: ")}</strong>
                    {move || shown.get().map(|c| c.goal.get(lang.get()).to_string()).unwrap_or_default()}
                </p>
                <Met met=met shown=shown />
                <ChallengeButtons shown=shown />
                <Show when=move || ch.hint_open.get()>
                    <p class="challenge-hint" data-testid="challenge-hint">
                        {move || shown.get().map(|c| c.hint.get(lang.get()).to_string()).unwrap_or_default()}
                    </p>
                </Show>
                <Solution shown=shown />
            </aside>
        </Show>
    }
    .into_any()
}

#[component]
fn Met(met: Memo<Option<(usize, usize)>>, shown: Memo<Option<Challenge>>) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let text = move || {
        let (step, choices) = met.get()?;
        let fewest = shown.with(|c| c.as_ref().map_or(0, Challenge::fewest));
        Some(match lang.get() {
            Lang::Zh => {
                format!("✓ 目标达成（第 {step} 步），用了 {choices} 个选择；已知最少 {fewest} 个。")
            }
            Lang::En => format!(
                "✓ Goal met at step {step} with {choices} {}; the fewest known is {fewest}.",
                plural(choices)
            ),
        })
    };
    view! {
        <Show when=move || met.with(Option::is_some)>
            <p class="challenge-met" data-testid="challenge-met" role="status">
                {text}
                " "
                <button type="button" class="challenge-see" data-testid="challenge-see"
                    on:click=move |_| {
                        if let Some((step, _)) = met.get_untracked() {
                            pg.go_to(step);
                        }
                    }>
                    {move || tr(lang.get(), "去看那一步", "show that step")}
                </button>
            </p>
        </Show>
    }
}

#[component]
fn ChallengeButtons(shown: Memo<Option<Challenge>>) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let Some(ch) = Challenges::get() else {
        return ().into_any();
    };
    let reset = move |_| {
        if let Some(challenge) = shown.get_untracked() {
            start(pg, &challenge);
        }
    };
    let hint = move |_| {
        let open = !ch.hint_open.get_untracked();
        ch.hint_open.set(open);
        if let (true, Some(challenge)) = (open, shown.get_untracked()) {
            ch.seen(&pg.lesson_id.get_untracked(), &challenge.id, false);
        }
    };
    let solution = move |_| {
        let next = match ch.solution.get_untracked() {
            Reveal::Hidden => Reveal::Confirming,
            _ => Reveal::Hidden,
        };
        ch.solution.set(next);
    };
    let start_label = move || {
        let at = shown.with(|c| c.as_ref().map_or(0, |c| c.start));
        match lang.get() {
            Lang::Zh => format!("从第 {at} 步开始 / 重来"),
            Lang::En => format!("Start at step {at} / reset"),
        }
    };
    let link = move || {
        let challenge = shown.get()?;
        let state = crate::link::view_state::ViewState::challenge_start(
            &pg.lesson_id.get(),
            &challenge,
            lang.get(),
        );
        Some(state.to_fragment())
    };
    view! {
        <div class="challenge-buttons">
            <button type="button" data-testid="challenge-reset" on:click=reset>{start_label}</button>
            <a class="challenge-link" data-testid="challenge-link" href=link>
                {move || tr(lang.get(), "挑战链接", "Challenge link")}
            </a>
            <button type="button" data-testid="challenge-hint-open" aria-expanded=move || ch.hint_open.get().to_string()
                on:click=hint>{move || tr(lang.get(), "提示", "Hint")}</button>
            <button type="button" data-testid="challenge-solution-open" on:click=solution>
                {move || tr(lang.get(), "答案…", "Solution…")}
            </button>
        </div>
    }
    .into_any()
}

#[component]
fn Solution(shown: Memo<Option<Challenge>>) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let Some(ch) = Challenges::get() else {
        return ().into_any();
    };
    let confirm = move |_| {
        ch.solution.set(Reveal::Shown);
        if let Some(challenge) = shown.get_untracked() {
            ch.seen(&pg.lesson_id.get_untracked(), &challenge.id, true);
        }
    };
    let steps = move || {
        let lang = lang.get();
        shown
            .get()
            .map(|c| c.solution)
            .unwrap_or_default()
            .iter()
            .map(|iv| view! { <li>{describe(iv, lang)}</li> })
            .collect_view()
    };
    view! {
        <Show when=move || ch.solution.get() == Reveal::Confirming>
            <p class="challenge-confirm" data-testid="challenge-confirm" role="alertdialog">
                {move || tr(lang.get(), "要看答案吗？先自己试试会学到更多。", "Show the solution? Trying first teaches more.")}
                " "
                <button type="button" data-testid="challenge-solution-confirm" on:click=confirm>
                    {move || tr(lang.get(), "看答案", "Show it")}
                </button>
                <button type="button" on:click=move |_| ch.solution.set(Reveal::Hidden)>
                    {move || tr(lang.get(), "先不看", "Not yet")}
                </button>
            </p>
        </Show>
        <Show when=move || ch.solution.get() == Reveal::Shown>
            <ol class="challenge-solution" data-testid="challenge-solution">{steps}</ol>
        </Show>
    }
    .into_any()
}

/// The challenges' rows beside the checkpoint score in the result panel: what a course is
/// told (`course::challenge_report`), in words.
#[component]
pub fn ChallengeScore() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let Some(ch) = Challenges::get() else {
        return ().into_any();
    };
    let rows = move || {
        ch.results.track();
        let lesson = pg.lesson_id.get();
        ch.list.track();
        ch.rows_untracked(&lesson)
    };
    let tally = move || {
        let rows = rows();
        let met = rows.iter().filter(|r| r.met).count();
        match lang.get() {
            Lang::Zh => format!("挑战：达成 {met} / {}", rows.len()),
            Lang::En => format!("Challenges met: {met} of {}", rows.len()),
        }
    };
    let items = move || {
        let lang = lang.get();
        rows()
            .into_iter()
            .map(|row| {
                let goal = ch.list.with(|list| {
                    list.iter()
                        .find(|c| c.id == row.id)
                        .map_or(row.id.clone(), |c| c.goal.get(lang).to_string())
                });
                let text = match (row.met, row.choices, lang) {
                    (true, Some(n), Lang::Zh) => format!("✓ {goal}（用了 {n} 个选择，已知最少 {}）", row.fewest),
                    (true, Some(n), Lang::En) => format!("✓ {goal} ({n} {}, fewest known {})", plural(n), row.fewest),
                    (_, _, Lang::Zh) => format!("○ {goal}（还没达成）"),
                    (_, _, Lang::En) => format!("○ {goal} (not met yet)"),
                };
                view! { <li data-testid="challenge-row" data-id=row.id.clone() data-met=row.met.to_string()>{text}</li> }
            })
            .collect_view()
    };
    view! {
        <Show when=move || ch.list.with(|l| !l.is_empty())>
            <div class="challenge-score" data-testid="challenge-score">
                <p data-testid="challenge-tally">{tally}</p>
                <ul class="challenge-rows">{items}</ul>
            </div>
        </Show>
    }
    .into_any()
}
