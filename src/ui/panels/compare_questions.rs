//! The lesson's questions about the comparison on screen (issue 49, part 4): "in which run
//! does reader see m2?", a radio group of the four answers named by the runs' labels, and once
//! the learner picks one, whether it is right and what the two runs show. The answers are the
//! native diff's (`view::compare::questions`); a question about something neither run has is
//! not asked.

use std::sync::Arc;

use leptos::prelude::*;

use crate::lessons::compare_questions::{compare_questions, CompareQuestion};
use crate::ui::browser::i18n::tr;
use crate::ui::state::context::Playground;
use crate::view::compare::questions::{answer, choice_words, explain, Where};
use crate::view::compare::RunDiff;

fn question_view(q: CompareQuestion, diff: Arc<RunDiff>, right: Where) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let picked = RwSignal::new(None::<Where>);
    let name = format!("compare-q-{}", q.id);
    let choices = {
        let diff = diff.clone();
        move || {
            let lang = lang.get();
            Where::ALL
                .iter()
                .map(|&choice| {
                    let name = name.clone();
                    view! {
                        <label class="compare-choice">
                            <input type="radio" name=name data-testid="compare-choice" data-choice=choice.name()
                                prop:checked=move || picked.get() == Some(choice)
                                on:change=move |_| picked.set(Some(choice)) />
                            {choice_words(&diff, choice, lang)}
                        </label>
                    }
                })
                .collect_view()
        }
    };
    let feedback = move || {
        let choice = picked.get()?;
        let lang = lang.get();
        let verdict = if choice == right {
            tr(lang, "对。", "Right.")
        } else {
            tr(lang, "不对。", "Not quite.")
        };
        Some(view! {
            <p class="compare-feedback" role="status" data-testid="compare-feedback"
                data-right=(choice == right).to_string()>
                {verdict}" "{explain(q.ask, &diff, lang)}
            </p>
        })
    };
    view! {
        <fieldset class="compare-checkpoint" data-testid="compare-checkpoint" data-id=q.id data-answer=right.name()>
            <legend>{move || q.question.get(lang.get()).to_string()}</legend>
            {choices}
            {feedback}
        </fieldset>
    }
}

/// The questions lesson `id` asks about `diff`.
pub fn compare_questions_view(id: &str, diff: Arc<RunDiff>) -> impl IntoView {
    compare_questions(id)
        .iter()
        .filter_map(|q| answer(q.ask, &diff).map(|right| question_view(*q, diff.clone(), right)))
        .collect_view()
}
