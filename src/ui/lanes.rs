//! The three message lanes: Queued (in an inbox), In candidate (in the history the host is
//! preparing), In request (inside a request sent to a model). They are three different places,
//! and this is where the learner sees a message move between them.

use leptos::prelude::*;

use super::i18n::{Lang, Strings};

#[derive(Clone, Copy)]
enum Lane {
    Queued,
    Candidate,
    Request,
}

impl Lane {
    fn test_id(self) -> &'static str {
        match self {
            Lane::Queued => "lane-queued",
            Lane::Candidate => "lane-candidate",
            Lane::Request => "lane-request",
        }
    }

    fn label(self, strings: &Strings) -> (&'static str, &'static str) {
        match self {
            Lane::Queued => (strings.lane_queued, strings.lane_queued_hint),
            Lane::Candidate => (strings.lane_candidate, strings.lane_candidate_hint),
            Lane::Request => (strings.lane_request, strings.lane_request_hint),
        }
    }
}

#[component]
pub fn MessageLanes(lang: RwSignal<Lang>) -> impl IntoView {
    let strings = move || lang.get().strings();
    let lane = move |lane: Lane| {
        view! {
            <div class="lane" data-testid=lane.test_id()>
                <h3>{move || lane.label(strings()).0}</h3>
                <p class="lane-hint">{move || lane.label(strings()).1}</p>
                <ul class="chips">
                    <li class="empty">{move || strings().lane_empty}</li>
                </ul>
            </div>
        }
    };
    view! {
        <section class="lanes" aria-labelledby="lanes-heading">
            <h2 id="lanes-heading">{move || strings().messages}</h2>
            <div class="lane-row">
                {lane(Lane::Queued)}
                {lane(Lane::Candidate)}
                {lane(Lane::Request)}
            </div>
        </section>
    }
}
