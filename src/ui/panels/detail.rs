//! The member detail on the page: for the member selected on a card, at the current step, its
//! committed history, its current candidate and the requests it has sent, one of them shown
//! exactly as sent. What is shown (rows, marks, texts) is the view model's (`view::detail`);
//! this file binds it to the page and keeps the learner's picks ("show earlier", the request
//! picked). Escape or its back button returns focus to the member's card.
//!
//! The entry lists are `detail_entries.rs`'s, the requests column `detail_request.rs`'s, the
//! following of the step's changes `detail_follow.rs`'s; this
//! file holds the history, the candidate and the component that lays them out.

use leptos::prelude::*;

use crate::engine::{MemberState, TeamState};
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::panels::detail_entries::{earlier_button, entry_items};
use crate::ui::panels::detail_follow::follow_step;
use crate::ui::panels::detail_request::{requests_model, requests_view};
use crate::ui::panels::side_nav::back_to_card;
use crate::ui::state::context::Playground;
use crate::view::detail::{
    heading, history_heading, history_rows, in_history_not_sent, in_history_not_sent_text,
    member_line, no_member_text, CandidateView, Rows, WINDOW,
};

/// The member's history section: the last committed entries.
fn history_view(rows: Rows, limit: RwSignal<usize>, lang: Lang) -> impl IntoView {
    view! {
        <div class="detail-history" data-testid="detail-history">
            <h3>{history_heading(rows.total, lang)}</h3>
            {(rows.total == 0).then(|| view! {
                <p class="empty">{tr(lang, "历史还是空的：模型还没有看到任何东西。", "The history is empty: no model has seen anything yet.")}</p>
            })}
            <ol class="entries">
                {earlier_button(rows.hidden, limit, lang)}
                {entry_items(rows.rows, lang)}
            </ol>
        </div>
    }
}

/// The member's current candidate: the committed base plus the entries it adds (marked).
fn candidate_view(
    (candidate, in_history): (Option<CandidateView>, Vec<String>),
    lang: Lang,
) -> impl IntoView {
    // M2: "in history, not yet sent", named as the chips name it.
    let in_history = in_history_not_sent_text(&in_history, lang).map(|text| {
        view! { <p class="candidate-ids" data-testid="detail-in-history">{text}</p> }
    });
    let Some(candidate) = candidate else {
        return view! {
            <div class="detail-candidate" data-testid="detail-candidate" data-present="false">
                <h3>{tr(lang, "候选", "Candidate")}</h3>
                <p class="empty">{tr(lang, "现在没有正在准备的候选。", "No candidate is being prepared right now.")}</p>
                {in_history}
            </div>
        }
        .into_any();
    };
    let (explain, carries, more) = (
        candidate.explain(lang),
        candidate.carries_text(lang),
        candidate.more_text(lang),
    );
    view! {
        <div class="detail-candidate" data-testid="detail-candidate" data-present="true">
            <h3>{tr(lang, "当前候选（尚未提交）", "Current candidate (not committed yet)")}</h3>
            <p>{explain}</p>
            {carries.map(|text| view! { <p class="candidate-ids">{text}</p> })}
            {(candidate.added == 0).then(|| view! {
                <p class="empty">{tr(lang, "这个候选没有新增任何条目。", "This candidate adds nothing new.")}</p>
            })}
            <ol class="entries">{entry_items(candidate.rows, lang)}</ol>
            {more.map(|text| view! { <p class="empty">{text}</p> })}
            {in_history}
        </div>
    }
    .into_any()
}

/// `f` of the selected member at the current step; None when nothing is selected or the
/// member does not exist at this step.
fn of_selected<T>(pg: Playground, f: impl Fn(&TeamState, &MemberState) -> T) -> Option<T> {
    let name = pg.selected.get()?;
    pg.state.with(|state| {
        let state = &state.as_ref()?.state;
        Some(f(state, state.member(&name)?))
    })
}

#[component]
pub fn MemberDetail() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let history_limit = RwSignal::new(WINDOW);
    let request_limit = RwSignal::new(WINDOW);
    // Request buttons shown (the latest ones).
    let button_limit = RwSignal::new(WINDOW);
    // The request the learner picked, as (member, index among its requests). When the member
    // changes, or nothing was picked, the member's latest request is shown.
    let picked: RwSignal<Option<(String, usize)>> = RwSignal::new(None);
    follow_step(pg);

    // The view model of each part, as memos: a step re-renders only the parts that changed.
    let line = Memo::new(move |_| {
        let lang = lang.get();
        of_selected(pg, |state, member| {
            (
                member.name().to_string(),
                member_line(member, state.event_count(), lang),
            )
        })
    });
    let history = Memo::new(move |_| {
        let limit = history_limit.get();
        of_selected(pg, |_, member| history_rows(member, limit))
    });
    let candidate = Memo::new(move |_| {
        of_selected(pg, |state, member| {
            (
                CandidateView::of(member),
                in_history_not_sent(state, member.name()),
            )
        })
    });
    let requests = Memo::new(move |_| {
        let lang = lang.get();
        let limits = (request_limit.get(), button_limit.get());
        let picked = picked.get();
        of_selected(pg, |state, member| {
            let here = picked
                .as_ref()
                .filter(|(name, _)| *name == member.name())
                .map(|(_, index)| *index);
            (
                member.name().to_string(),
                requests_model(state, member, here, limits, lang),
            )
        })
    });

    let heading = move || heading(pg.selected.get().as_deref(), lang.get());
    let header = move || {
        let lang = lang.get();
        let Some(name) = pg.selected.get() else {
            return view! {
                <p class="detail-hint">
                    {tr(lang, "点击上面的一张成员卡片，查看它的历史、候选和发出的请求。", "Click a member card above to see its history, candidate and the requests it sent.")}
                </p>
            }
            .into_any();
        };
        match line.get() {
            Some((member, line)) => {
                view! { <p class="detail-meta" data-member=member>{line}</p> }.into_any()
            }
            None => view! { <p class="detail-hint">{no_member_text(&name, lang)}</p> }.into_any(),
        }
    };
    let history = move || {
        let lang = lang.get();
        history
            .get()
            .map(|rows| history_view(rows, history_limit, lang))
    };
    let candidate = move || {
        let lang = lang.get();
        candidate.get().map(|c| candidate_view(c, lang))
    };
    let requests = move || {
        let lang = lang.get();
        requests.get().map(|(member, model)| {
            requests_view(member, model, picked, (request_limit, button_limit), lang)
        })
    };

    view! {
        <section class="member-detail" data-testid="member-detail" aria-labelledby="member-detail-heading"
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    if let Some(name) = pg.selected.get_untracked() {
                        ev.prevent_default();
                        back_to_card(&name);
                    }
                }
            }>
            <div class="detail-top">
                <h2 id="member-detail-heading" tabindex="-1">{heading}</h2>
                <Show when=move || pg.selected.with(Option::is_some)>
                    <button type="button" class="detail-back" data-testid="detail-back"
                        title=move || tr(lang.get(), "回到这个成员的卡片（Esc）", "Back to this member's card (Esc)")
                        on:click=move |_| {
                            if let Some(name) = pg.selected.get_untracked() {
                                back_to_card(&name);
                            }
                        }>
                        {move || tr(lang.get(), "↑ 回到卡片", "↑ Back to the card")}
                    </button>
                </Show>
            </div>
            {header}
            <div class="detail-columns">
                <div class="detail-column">
                    {history}
                    {candidate}
                </div>
                <div class="detail-column">{requests}</div>
            </div>
        </section>
    }
}
