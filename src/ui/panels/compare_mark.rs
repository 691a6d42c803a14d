//! The comparison's mark on the scrubber: where the two runs part, a button that jumps there
//! (`data-testid="compare-parting"`), drawn while a comparison is on screen. The transport
//! hands it the jump (`go`), so the checkpoints' rule for a forward move holds there too.

use leptos::prelude::*;

use crate::ui::browser::i18n::Lang;
use crate::ui::state::compare::Comparison;
use crate::ui::state::context::Playground;

#[component]
pub fn PartingMark(go: Callback<usize>) -> impl IntoView {
    let pg = Playground::get();
    let Some(cmp) = Comparison::get() else {
        return ().into_any();
    };
    let lang = pg.lang;
    let mark = move || {
        let at = cmp.parting.get()?;
        let total = pg.last_step().max(1);
        let left = at.min(total) * 100_000 / total;
        let words = match lang.get() {
            Lang::Zh => format!("两次运行在第 {at} 步分开"),
            Lang::En => format!("the runs part at step {at}"),
        };
        Some(view! {
            <button type="button" class="compare-parting" data-testid="compare-parting" data-step=at
                style=format!("left:{}.{:03}%", left / 1000, left % 1000)
                title=words.clone() aria-label=words
                on:click=move |_| go.run(at)>"▼"</button>
        })
    };
    mark.into_any()
}
