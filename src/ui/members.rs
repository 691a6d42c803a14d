//! The member cards area: one card per roster member (filled by the playground issue).

use leptos::prelude::*;

use super::i18n::Lang;

#[component]
pub fn MemberCards(lang: RwSignal<Lang>) -> impl IntoView {
    let strings = move || lang.get().strings();
    view! {
        <section class="members" aria-labelledby="members-heading">
            <h2 id="members-heading">{move || strings().members}</h2>
            <div class="member-grid">
                <p class="empty">{move || strings().no_members}</p>
            </div>
        </section>
    }
}
