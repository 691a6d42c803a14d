//! The static first view (`view::first_view`, issue 25 part 2): the templates committed in
//! `www/index.html` are exactly what the renderer writes today (`UPDATE_GOLDEN=1` rewrites
//! them), and each view's texts are the view models' at step 0 in its language: the lesson's
//! title, the step-0 caption, the members, the step count, the empty lanes. The boot bar's
//! loading words in `www/boot.mjs` are the ones the first view carries.

use std::path::PathBuf;

use agent_team_playground::engine::Lang;
use agent_team_playground::lessons;
use agent_team_playground::lessons::catalog;
use agent_team_playground::lessons::checkpoint::place;
use agent_team_playground::lessons::language::tr;
use agent_team_playground::lessons::language::LangText;
use agent_team_playground::view::caption::step_caption;
use agent_team_playground::view::card::cards;
use agent_team_playground::view::first_view::{self, loading_words, StepZero};
use agent_team_playground::view::lanes::{Lane, Placement};

/// The text of an HTML fragment: tags dropped, the five escapes undone.
fn text_of(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The markup inside the first `<tag …marker…>` … `</tag>` (no nesting of the same tag).
fn inside<'a>(html: &'a str, marker: &str, tag: &str) -> &'a str {
    let at = html
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in the view"));
    let open = at + html[at..].find('>').expect("the tag closes");
    let close = html[open..]
        .find(&format!("</{tag}>"))
        .expect("the element closes");
    &html[open + 1..open + close]
}

/// The inline templates' region of `www/index.html`, between its two marks (the start mark's
/// line included, the end mark's line not).
const START: &str = "first-view:start";
const END: &str = "    <!-- first-view:end -->";

#[test]
fn first_view_templates_in_index_html_are_what_the_renderer_writes_now() {
    let views = first_view::all().expect("every catalog entry plays");
    // Eight lessons and free play, in two languages.
    assert_eq!(views.len(), catalog().len() * 2);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("www")
        .join("index.html");
    let page = std::fs::read_to_string(&path).expect("www/index.html");
    let start = page.find(START).expect("the start mark");
    let start = start + page[start..].find('\n').expect("its line ends") + 1;
    let end = page.find(END).expect("the end mark");
    let expected = first_view::templates(&views);
    if std::env::var("UPDATE_GOLDEN").is_ok() {
        let updated = format!("{}{}{}", &page[..start], expected, &page[end..]);
        std::fs::write(&path, updated).expect("www/index.html is written");
        return;
    }
    assert!(
        page[start..end] == expected,
        "stale first views in www/index.html (UPDATE_GOLDEN=1 cargo test --test it first_view)"
    );
    // The page's script opens the default lesson's view for a link that names none.
    let default = agent_team_playground::link::view_state::default_lesson();
    assert!(page.contains(&format!("q.lesson || '{default}'")));
}

#[test]
fn first_view_texts_are_the_view_models_at_step_0_in_each_language() {
    for info in catalog() {
        for lang in [Lang::En, Lang::Zh] {
            let zero = StepZero::play(info.id, lang).expect("it plays");
            let html = first_view::render(&zero);
            let at = format!("{} {}", info.id, lang.code());
            // The lesson's title is the picker's chosen option.
            let option = format!("value=\"{}\" selected=\"\"", info.id);
            let title = text_of(inside(&html, &option, "option"));
            assert_eq!(title, lang.lesson_title(info), "{at}: title");
            // The caption is the step-0 caption, facts rendered.
            let caption = text_of(inside(&html, "data-testid=\"caption\"", "p"));
            let expected = step_caption(&zero.timeline, 0, lang);
            assert!(!caption.trim().is_empty(), "{at}: empty caption");
            assert_eq!(caption, expected, "{at}: caption");
            // Every member has its card, in roster order, with its name.
            let names: Vec<String> = html
                .split("data-member=\"")
                .skip(1)
                .map(|s| s[..s.find('"').unwrap_or(0)].to_string())
                .collect();
            let members: Vec<String> = cards(&zero.state).into_iter().map(|c| c.name).collect();
            assert!(!members.is_empty(), "{at}: no members");
            assert_eq!(names, members, "{at}: cards");
            // The counter says how many steps the run has.
            let counter = text_of(inside(&html, "data-testid=\"step-counter\"", "span"));
            let last = zero.timeline.len().to_string();
            assert!(counter.contains(&format!("0 / {last}")), "{at}: {counter}");
            // Before the first message every lane is empty, as the view draws it.
            let placement = Placement::of(&zero.state, None);
            for lane in [Lane::Queued, Lane::Candidate, Lane::Request, Lane::Lost] {
                assert!(placement.chips(lane).is_empty(), "{at}: {lane:?} has chips");
            }
            assert_eq!(html.matches("<li class=\"empty\">").count(), 4, "{at}");
            // The toolbar draws the checkpoint switch where the lesson places checkpoints on
            // this run (as `CheckpointSwitch`), labelled in the view's language, disabled, on.
            let placed = lessons::lesson(info.id, lang)
                .is_some_and(|l| !place(&l.checkpoints, &zero.timeline).placed.is_empty());
            let switch = html.find("<label class=\"checkpoint-switch\">");
            assert_eq!(switch.is_some(), placed, "{at}: the checkpoint switch");
            if switch.is_some() {
                let label = text_of(inside(&html, "class=\"checkpoint-switch\"", "label"));
                assert_eq!(label, tr(lang, "检查点", "Checkpoints"), "{at}");
                let input = "data-testid=\"checkpoint-switch\" checked=\"\" disabled=\"\"";
                assert!(html.contains(input), "{at}: the switch is on and disabled");
            }
            // The view says it is loading in its language, and nothing on it is live.
            assert!(html.contains(&format!("data-loading=\"{}\"", loading_words(lang))));
            assert!(html.starts_with("<div class=\"app\" id=\"first-view\" inert=\"\""));
        }
    }
}

#[test]
fn first_view_boot_bar_says_the_loading_words_the_first_view_carries() {
    let boot = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("www")
            .join("boot.mjs"),
    )
    .expect("www/boot.mjs");
    for lang in [Lang::En, Lang::Zh] {
        assert!(
            boot.contains(&format!("'{}'", loading_words(lang))),
            "boot.mjs does not say {}",
            loading_words(lang)
        );
    }
}
