//! The banners of keeping the learner's work (`ui::state::session::Keep`): the offer to
//! continue a stored session (one click, never forced; dismissed, it stays stored) and a
//! notice (storage full or unavailable, said once; a kept scenario replaced, with "bring back
//! the scenario you had"). Not in an
//! embed: a course page's frame opens what its link names and says nothing of storage.

use leptos::prelude::*;

use crate::keep::visits::{bring_back_label, continue_text};
use crate::ui::browser::i18n::{tr, LangText};
use crate::ui::state::context::Playground;
use crate::ui::state::session::{bring_back, continue_offered, Keep};

/// The continue offer and the keep notice, above the stage.
#[component]
pub fn KeepBanners() -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let Some(keep) = Keep::get().filter(|_| !pg.embed.get_untracked().embed) else {
        return ().into_any();
    };
    let offer_text = move || {
        keep.offer
            .with(|offer| offer.as_ref().map(|s| continue_text(s, lang.get())))
    };
    let notice = move || {
        keep.notice
            .with(|n| n.as_ref().map(|n| n.get(lang.get()).to_string()))
    };
    view! {
        <div class="keep-banners">
            <Show when=move || offer_text().is_some()>
                <div class="info-banner" role="status" data-testid="continue-offer">
                    <span>{move || offer_text().unwrap_or_default()}</span>
                    <button type="button" data-testid="continue" on:click=move |_| continue_offered(pg)>
                        {move || tr(lang.get(), "继续", "Continue")}
                    </button>
                    <button type="button" data-testid="continue-dismiss" on:click=move |_| keep.offer.set(None)>
                        {move || tr(lang.get(), "从这里开始", "Start here instead")}
                    </button>
                </div>
            </Show>
            <Show when=move || notice().is_some()>
                <div class="info-banner" role="status" data-testid="keep-notice">
                    <span>{move || notice().unwrap_or_default()}</span>
                    <Show when=move || keep.previous.with(Option::is_some)>
                        <button type="button" data-testid="keep-bring-back" on:click=move |_| bring_back(pg)>
                            {move || bring_back_label().get(lang.get()).to_string()}
                        </button>
                    </Show>
                    <button type="button" data-testid="keep-notice-dismiss" on:click=move |_| {
                        keep.notice.set(None);
                        keep.previous.set(None);
                    }>
                        {move || pg.lang.get().strings().dismiss}
                    </button>
                </div>
            </Show>
        </div>
    }
    .into_any()
}
