//! Transport controls: first, back, forward, last, run/pause, speed and the scrubber, with the
//! "step N / M" counter. Disabled until a lesson timeline is loaded.

use leptos::prelude::*;

use super::i18n::Lang;

#[component]
pub fn Transport(lang: RwSignal<Lang>) -> impl IntoView {
    let strings = move || lang.get().strings();
    view! {
        <section class="transport" aria-label=move || strings().transport>
            <div class="buttons">
                <button type="button" data-testid="step-first" disabled=true title=move || strings().first>"|◀"</button>
                <button type="button" data-testid="step-back" disabled=true title=move || strings().back>"◀"</button>
                <button type="button" data-testid="step-forward" disabled=true title=move || strings().forward>"▶"</button>
                <button type="button" data-testid="step-last" disabled=true title=move || strings().last>"▶|"</button>
                <button type="button" data-testid="run" disabled=true>{move || strings().run}</button>
                <button type="button" data-testid="pause" disabled=true>{move || strings().pause}</button>
                <label>
                    {move || strings().speed}
                    <select data-testid="speed" disabled=true>
                        <option value="1">"1x"</option>
                    </select>
                </label>
            </div>
            <input type="range" data-testid="scrubber" min="0" max="0" value="0" disabled=true />
            <span data-testid="step-counter">{move || format!("{} 0 / 0", strings().step)}</span>
            <p data-testid="caption" class="caption" aria-live="polite"></p>
        </section>
    }
}
