//! The host's code beside the run (issue 47): the Python host (`view::host_code`) with the line
//! behind the step highlighted (`aria-current="step"`) and scrolled into view inside the pane,
//! never the page; each line that produces events has a breakpoint button on its number; below,
//! the watch: the variables the highlighted function reads and writes at this step, changed
//! ones marked. On a wide screen it sits in the side column; on a phone or narrow window it is
//! a sheet opened by the stage's `code-tab` (`code_tab.rs`); in an embed it is a tab. Everything
//! it shows is the view model's at (run, step); the code changes with the contrast modes.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::code_tab::CodeOpen;
use crate::host_code::{function_of, place_at, At, Listing, Shown, Variant};
use crate::ui::browser::i18n::{tr, Lang};
use crate::ui::state::context::Playground;
use crate::view::host_code::{watch_at, Watch, WatchVar};

/// The pane as a view (the split point's body), showing the host's `text` (`www/host-code.txt`,
/// fetched with the module and read here, so its reader is no part of the first module); None
/// if the text does not read.
pub fn pane(text: &'static str) -> Option<AnyView> {
    static LISTING: std::sync::OnceLock<Listing> = std::sync::OnceLock::new();
    let listing = LISTING.get_or_init(|| Listing::parse(text).unwrap_or_default());
    (!listing.lines().is_empty()).then(|| view! { <CodePane listing /> }.into_any())
}

/// What the pane highlights at the step: the code's variant and the place behind the event.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Here {
    variant: Variant,
    place: Option<&'static str>,
}

#[component]
fn CodePane(listing: &'static Listing) -> impl IntoView {
    let pg = Playground::get();
    let lang = pg.lang;
    let open = CodeOpen::get().0;
    let here = Memo::new(move |_| {
        let Some(timeline) = pg.timeline() else {
            return Here::default();
        };
        pg.state.with(|state| {
            let Some(state) = state else {
                return Here::default();
            };
            let variant = Variant::of(state.state.toggles());
            let place = state.step.checked_sub(1).and_then(|index| {
                place_at(&At {
                    events: timeline.events(),
                    index,
                    lead: timeline.initial_state().lead_name(),
                })
            });
            Here { variant, place }
        })
    });
    let variant = Memo::new(move |_| here.get().variant);
    let total = Memo::new(move |_| listing.shown(variant.get()).len());
    // (line number, function) of the step's line in the variant shown.
    let current = Memo::new(move |_| {
        let here = here.get();
        let place = here.place?;
        Some((
            listing.line_number(here.variant, place)?,
            function_of(place),
        ))
    });
    let watch = Memo::new(move |_| {
        let timeline = pg.timeline()?;
        let lang = lang.get();
        pg.state.with(|state| {
            let state = state.as_ref()?;
            watch_at(
                timeline.events(),
                state.step,
                &state.state,
                state.before.as_deref(),
                lang,
            )
        })
    });
    follow_the_line(pg, current, open);
    let close = move |_| open.set(false);
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if ev.key() == "Escape" && open.get_untracked() {
            open.set(false);
            if let Some(tab) = document()
                .query_selector("[data-testid=code-tab]")
                .ok()
                .flatten()
            {
                if let Ok(tab) = tab.dyn_into::<web_sys::HtmlElement>() {
                    let _ = tab.focus();
                }
            }
        }
    };
    let where_text = move || where_line(listing, current.get(), total.get(), lang.get());
    view! {
        <section class="code-pane" id="code-pane" data-testid="code-pane" class:open=move || open.get()
            aria-labelledby="code-heading" on:keydown=on_key>
            <div class="code-top">
                <h2 id="code-heading">{move || tr(lang.get(), "宿主的代码（Python）", "The host's code (Python)")}</h2>
                <button type="button" class="code-close" data-testid="code-close" on:click=close>
                    {move || tr(lang.get(), "关闭", "Close")}
                </button>
            </div>
            <p class="code-where" data-testid="code-where" aria-live="polite">{where_text}</p>
            <div class="code-box" tabindex="0" role="region" on:keydown=keep_scroll_keys
                aria-label=move || tr(lang.get(), "宿主的代码，可滚动", "The host's code, scrollable")>
                <ol class="code-lines">
                    {move || {
                        let lang = lang.get();
                        listing.shown(variant.get()).into_iter().map(|s| line_view(pg, s, current, lang)).collect_view()
                    }}
                </ol>
            </div>
            <WatchView watch lang />
        </section>
    }
}

/// The effects on the page outside the view: on a phone the open sheet starts just below the
/// caption, at every step, language and scroll (the caption's height changes); the highlighted
/// line scrolls into view inside the pane's box, never the page, once the step's render is
/// done (and when the sheet opens); focus moves into the sheet only as it opens, never at a
/// step, and the page's header makes way for it (the sticky stage stays at the top).
fn follow_the_line(
    pg: Playground,
    current: Memo<Option<(usize, Option<&'static str>)>>,
    open: RwSignal<bool>,
) {
    Effect::new(move |_| {
        let line = current.get().map(|(n, _)| n);
        open.track();
        pg.lang.track();
        pg.state.track();
        request_animation_frame(move || {
            place_sheet();
            if let Some(line) = line {
                scroll_line_into_box(line);
            }
        });
    });
    Effect::new(move |was_open: Option<bool>| {
        let now = open.get();
        if now && was_open == Some(false) {
            request_animation_frame(|| {
                lift_the_stage();
                place_sheet();
                focus_box();
            });
        }
        now
    });
    let on_resize = window_event_listener(leptos::ev::resize, |_| place_sheet());
    let on_scroll = window_event_listener(leptos::ev::scroll, |_| place_sheet());
    on_cleanup(move || {
        on_resize.remove();
        on_scroll.remove();
    });
}

/// The open sheet's top at the caption's foot (`--sheet-top`, which `www/code.css` reads on a
/// narrow screen only), so the transport and the whole caption stay in view above it.
fn place_sheet() {
    let doc = document();
    let find = |selector: &str| doc.query_selector(selector).ok().flatten();
    let (Some(pane), Some(caption)) = (find(".code-pane.open"), find(".stage .caption-bar")) else {
        return;
    };
    let foot = caption.get_bounding_client_rect().bottom().max(0.0).ceil();
    let style = format!("--sheet-top: {foot}px");
    // Written only when it moves: a custom property set on the pane restyles every line in it.
    if pane.get_attribute("style").as_deref() != Some(style.as_str()) {
        let _ = pane.set_attribute("style", &style);
    }
}

/// As the sheet opens on a phone, the page scrolls the header away so the sticky stage sits at
/// the top and the sheet below its caption has the rest of the screen.
fn lift_the_stage() {
    let Some(stage) = document().query_selector(".stage").ok().flatten() else {
        return;
    };
    let narrow = window().inner_width().ok().and_then(|w| w.as_f64()) < Some(900.0);
    let top = stage.get_bounding_client_rect().top();
    if narrow && top > 0.0 {
        window().scroll_by_with_x_and_y(0.0, top);
    }
}

/// "Line 37 of 170 runs, in store_message (engine/src/send.rs)", or why nothing is highlighted.
fn where_line(
    listing: &'static Listing,
    current: Option<(usize, Option<&str>)>,
    total: usize,
    lang: Lang,
) -> String {
    match current {
        None => tr(
            lang,
            "第 0 步：还没有哪一行运行。前进一步，就会高亮产生该事件的那一行。",
            "Step 0: no line has run yet. Step forward to see the line behind each event.",
        )
        .to_string(),
        Some((line, name)) => {
            let file = name.and_then(|n| listing.file_of(n)).unwrap_or("");
            let name = name.unwrap_or("");
            tr(
                lang,
                format!("刚运行第 {line} 行（共 {total} 行），在 {name} 里（{file}）"),
                format!("Line {line} of {total} just ran, in {name} ({file})"),
            )
        }
    }
}

fn line_view(
    pg: Playground,
    shown: Shown,
    current: Memo<Option<(usize, Option<&'static str>)>>,
    lang: Lang,
) -> impl IntoView {
    let number = shown.number;
    let line = shown.line;
    let is_current = move || current.get().is_some_and(|(n, _)| n == number);
    let number_view = match line.place {
        Some(place) => {
            let on = move || pg.breakpoints.with(|b| b.contains(place));
            let label = tr(
                lang,
                format!("第 {number} 行：断点"),
                format!("Line {number}: breakpoint"),
            );
            view! {
                <button type="button" class="ln bp" data-testid="code-break" data-place=place
                    title=place aria-label=label aria-pressed=move || on().to_string()
                    on:click=move |_| pg.breakpoints.update(|b| b.toggle(place))>
                    {number}
                </button>
            }
            .into_any()
        }
        None => view! { <span class="ln" aria-hidden="true">{number}</span> }.into_any(),
    };
    let comment_only = line.code.trim().is_empty();
    let note = line.note_in(lang).map(|note| {
        let text = if comment_only {
            format!("# {note}")
        } else {
            format!("  # {note}")
        };
        view! { <span class="cm">{text}</span> }
    });
    let code = (!comment_only || line.note.is_none()).then(|| line.code.to_string());
    let indent = comment_only.then(|| line.code.to_string());
    view! {
        <li class="code-line" data-testid="code-line" data-line=number
            class:current=is_current
            aria-current=move || is_current().then_some("step")>
            {number_view}
            <code class="src">{code}{indent}{note}</code>
        </li>
    }
}

/// The watch: the highlighted function's variables at the step.
#[component]
fn WatchView(watch: Memo<Option<Watch>>, lang: Memo<Lang>) -> impl IntoView {
    let body = move || {
        let lang = lang.get();
        let Some(watch) = watch.get() else {
            return view! {
                <p class="empty">{tr(lang, "这一步没有要看的变量。", "No variables to watch at this step.")}</p>
            }
            .into_any();
        };
        let heading = tr(
            lang,
            format!("{} 的变量，在这一步", watch.function),
            format!("Variables of {} at this step", watch.function),
        );
        view! {
            <h3>{heading}</h3>
            <dl class="watch-vars">
                {watch.vars.into_iter().map(|v| var_view(v, lang)).collect_view()}
            </dl>
        }
        .into_any()
    };
    view! {
        <div class="code-watch" data-testid="code-watch" tabindex="0" role="region" on:keydown=keep_scroll_keys
            aria-label=move || tr(lang.get(), "变量", "Variables")>
            {body}
        </div>
    }
}

fn changed_mark(changed: bool, lang: Lang) -> Option<impl IntoView> {
    changed.then(|| view! { <span class="changed-mark">{tr(lang, "已变", "changed")}</span> })
}

fn var_view(var: WatchVar, lang: Lang) -> impl IntoView {
    let rows = (!var.rows.is_empty()).then(|| {
        let rows = var
            .rows
            .into_iter()
            .map(|row| {
                let note = row.note.map(|n| view! { <em class="watch-note">{n}</em> });
                view! {
                    <li class:changed=row.changed>
                        <code>{row.text}</code>{note}{changed_mark(row.changed, lang)}
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="watch-rows">{rows}</ul> }
    });
    let name = var.name.clone();
    view! {
        <div class="watch-var" data-testid="watch-var" data-name=name class:changed=var.changed>
            <dt><code>{var.name}</code></dt>
            <dd><span class="watch-value">{var.value}</span>{changed_mark(var.changed, lang)}{rows}</dd>
        </div>
    }
}

/// In the code box or the watch, the arrows, Page Up/Down, Home, End and Space scroll it (their
/// default), rather than move the step as they do elsewhere in the playground.
fn keep_scroll_keys(ev: web_sys::KeyboardEvent) {
    let scrolls = matches!(
        ev.key().as_str(),
        "ArrowUp"
            | "ArrowDown"
            | "ArrowLeft"
            | "ArrowRight"
            | "PageUp"
            | "PageDown"
            | "Home"
            | "End"
            | " "
    );
    if scrolls && !(ev.ctrl_key() || ev.meta_key() || ev.alt_key()) {
        ev.stop_propagation();
    }
}

/// Brings the line `number` into view inside the pane's box if it is outside it; the page's
/// own scroll is never touched.
fn scroll_line_into_box(number: usize) {
    let Some(code_box) = document().query_selector(".code-box").ok().flatten() else {
        return;
    };
    let selector = format!(".code-line[data-line=\"{number}\"]");
    let Some(line) = code_box.query_selector(&selector).ok().flatten() else {
        return;
    };
    let (Ok(code_box), Ok(line)) = (
        code_box.dyn_into::<web_sys::HtmlElement>(),
        line.dyn_into::<web_sys::HtmlElement>(),
    ) else {
        return;
    };
    let (top, height) = (line.offset_top(), line.offset_height());
    let (view_top, view_height) = (code_box.scroll_top(), code_box.client_height());
    if view_height > 0 && (top < view_top || top + height > view_top + view_height) {
        // A third of the box above the line, unless that cuts its foot (a line that wraps to
        // several rows in a phone's short box): then its foot at the box's; and its head
        // always in view, should it be taller than the box.
        let third = top - view_height / 3;
        let foot = top + height - view_height;
        code_box.set_scroll_top(third.max(foot).min(top).max(0));
    }
}

/// Focus on the code box when the sheet opens (a keyboard user scrolls it with the arrows).
fn focus_box() {
    if let Some(el) = document()
        .query_selector(".code-pane.open .code-box")
        .ok()
        .flatten()
    {
        if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
            let _ = el.focus();
        }
    }
}
