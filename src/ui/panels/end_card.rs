//! The end card on the stage at a lesson's last step (issue 46, `view::end_card`): the lesson
//! ended, the checkpoints' score, the ones to revisit with a button to each step (a jump back:
//! it never asks) and the next lesson. It takes focus when the last step leaves focus nowhere
//! (▶ is disabled at the end), so the keyboard goes on from here.

use leptos::prelude::*;

use crate::ui::browser::focus::{focus_is_lost, focus_soon_where};
use crate::ui::state::checkpoints::Checkpoints;
use crate::ui::state::context::Playground;
use crate::ui::state::link;
use crate::view::end_card::{
    next_short, next_words, not_right_words, revisit_words, skipped_words, step_words, EndCard,
    Revisit,
};

#[component]
pub fn EndCardView() -> impl IntoView {
    let pg = Playground::get();
    let cp = Checkpoints::get();
    let lang = pg.lang;
    let at_end = Memo::new(move |_| {
        let last = pg.last_step();
        last > 0 && pg.step.get() >= last && cp.asking.with(Option::is_none)
    });
    let card = Memo::new(move |_| {
        if !at_end.get() {
            return None;
        }
        let id = pg.lesson_id.get();
        let score = cp.score(pg);
        Some(
            cp.placement
                .with(|p| EndCard::of(&id, &score, p, lang.get())),
        )
    });
    // Only when the learner moved to the end (not a page opened there): ▶ is disabled now, so
    // focus goes on from the card rather than the body. In an embed's short frame it scrolls
    // nothing: the caption, the lesson's last word, stays in view above the card.
    let embedded = pg.embed.get_untracked().embed;
    Effect::new(move |before: Option<bool>| {
        let now = at_end.get();
        if now && before == Some(false) && focus_is_lost() {
            focus_soon_where(&["[data-testid=end-card]"], embedded);
        }
        now
    });
    let list = move |items: Vec<Revisit>, testid: &'static str| {
        let lang = lang.get_untracked();
        items
            .into_iter()
            .map(|r| {
                let step = r.step;
                view! {
                    <li data-testid=testid data-id=r.id>
                        <button type="button" on:click=move |_| pg.go_to(step)>
                            {step_words(step, lang)}
                        </button>
                        " "{r.question}
                    </li>
                }
            })
            .collect_view()
    };
    move || {
        let card = card.get()?;
        let lang = lang.get();
        let count = card.not_right.len() + card.skipped.len();
        // The lists fold under one summary, so the card stays a strip on the stage and the
        // lanes' headers stay in view (tests/e2e/stage.spec.ts); opening it is the learner's.
        let revisit = (count > 0).then(|| {
            let not_right = (!card.not_right.is_empty()).then(|| {
                view! {
                    <p>{not_right_words(lang)}</p>
                    <ul class="end-card-list">{list(card.not_right.clone(), "end-card-not-right")}</ul>
                }
            });
            let skipped = (!card.skipped.is_empty()).then(|| {
                view! {
                    <p>{skipped_words(lang)}</p>
                    <ul class="end-card-list">{list(card.skipped.clone(), "end-card-skipped")}</ul>
                }
            });
            view! {
                <details class="end-card-revisit" data-testid="end-card-revisit">
                    <summary>{revisit_words(count, lang)}</summary>
                    {not_right}
                    {skipped}
                </details>
            }
        });
        let next = card.next.map(|(id, title)| {
            let full = next_words(title, lang);
            view! {
                <button type="button" class="end-card-next" data-testid="end-card-next" data-lesson=id
                    title=full.clone() aria-label=full
                    on:click=move |_| link::pick_lesson(pg, id.to_string())>
                    {next_short(lang)}
                </button>
            }
        });
        // One row on a laptop, two on a phone: the lanes' headers stay in view at the end too.
        Some(view! {
            <section class="end-card" data-testid="end-card" tabindex="-1"
                aria-labelledby="end-card-heading">
                <h2 id="end-card-heading">{card.heading.clone()}</h2>
                {card.score.clone().map(|s| view! { <span data-testid="end-card-score">{s}</span> })}
                {revisit}
                {next}
            </section>
        })
    }
}
