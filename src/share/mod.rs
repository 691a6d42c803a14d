//! Links: what part of the view state a URL fragment carries, and its parser.
//!
//! Today a link names a lesson, a step and a language: `#lesson=l2-drain-loses-mail&step=12&lang=zh`.
//! [`codec`] is the versioned, compressed part (`1.<base64url>`) that will carry the rest of the
//! view state (forks, toggles, inline scenarios); this parser already rejects what it does not
//! understand instead of guessing. A bad link is an
//! error value with a clear message; the caller shows it and opens the default lesson.

pub mod codec;

/// What a link asks for. Absent parts are left to the page's defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkState {
    pub lesson: Option<String>,
    pub step: Option<usize>,
    pub lang: Option<String>,
    /// `embed=1`: hide the page chrome (for iframes).
    pub embed: bool,
}

/// Longest fragment we read; a longer one is refused rather than parsed.
const MAX_FRAGMENT_CHARS: usize = 2048;

/// Parses a fragment, with or without its leading `#`. The empty fragment is the default view.
pub fn parse_fragment(fragment: &str) -> Result<LinkState, String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut link = LinkState::default();
    if fragment.is_empty() {
        return Ok(link);
    }
    if fragment.chars().count() > MAX_FRAGMENT_CHARS {
        return Err(format!(
            "this link is longer than {MAX_FRAGMENT_CHARS} characters and was not read"
        ));
    }
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| format!("this link has a part without a value: '{pair}'"))?;
        match key {
            "lesson" => {
                let valid = !value.is_empty()
                    && value.len() <= 64
                    && value
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                if !valid {
                    return Err(format!(
                        "this link names a lesson id that is not valid: '{value}'"
                    ));
                }
                link.lesson = Some(value.to_string());
            }
            "step" => {
                let step = value
                    .parse::<usize>()
                    .map_err(|_| format!("this link's step is not a whole number: '{value}'"))?;
                link.step = Some(step);
            }
            "lang" => match value {
                "zh" | "en" => link.lang = Some(value.to_string()),
                _ => {
                    return Err(format!(
                        "this link's language must be zh or en, not '{value}'"
                    ))
                }
            },
            "embed" => link.embed = value == "1",
            _ => {
                return Err(format!(
                    "this link has a part this playground does not know: '{key}'"
                ))
            }
        }
    }
    Ok(link)
}

/// The fragment for a view state (the inverse of [`parse_fragment`]).
pub fn to_fragment(lesson: &str, step: usize, lang: &str) -> String {
    format!("#lesson={lesson}&step={step}&lang={lang}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_fragment_is_the_default_view() {
        assert_eq!(parse_fragment(""), Ok(LinkState::default()));
        assert_eq!(parse_fragment("#"), Ok(LinkState::default()));
    }

    #[test]
    fn fragment_round_trips() {
        let link = parse_fragment(&to_fragment("l3-lock-scope", 7, "zh")).expect("valid link");
        assert_eq!(link.lesson.as_deref(), Some("l3-lock-scope"));
        assert_eq!(link.step, Some(7));
        assert_eq!(link.lang.as_deref(), Some("zh"));
    }

    #[test]
    fn bad_links_are_clear_errors() {
        for bad in [
            "#lesson=<script>",
            "#step=-1",
            "#step=abc",
            "#lang=fr",
            "#what=1",
            "#lesson",
        ] {
            let error = parse_fragment(bad).expect_err(bad);
            assert!(error.starts_with("this link"), "{bad}: {error}");
        }
        assert!(parse_fragment(&"a".repeat(5000)).is_err());
    }
}
