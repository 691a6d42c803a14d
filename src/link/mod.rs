//! Links: what a URL fragment carries, and its reader.
//!
//! A link names the lesson, the step, the language and the level
//! (`#lesson=l2-drain-loses-mail&step=12&lang=zh&level=event`), how an embed shows it
//! (`embed`, `hide`, `origin`, `xapi`, `scorm`), a scenario to fetch (`src`), the challenge shown
//! beside the stage (`challenge`), and in `x=` the
//! rest of the view state, compressed ([`codec`]: an inline scenario, fork edits, toggles,
//! breakpoints, a recorded run; [`view_state`] is its shape and its strict reader). This file
//! reads the readable parts one by one: a bad one is left out with a note and the rest opens;
//! only a bad `x=` (or `origin=`) refuses the link.

pub mod codec;
pub mod view_state;

use crate::engine::Lang;
use crate::lessons::language::LangText;
pub use crate::scenario::Problem;
use crate::view::story::Level;

/// What a link asks for. Absent parts are left to the page's defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkState {
    pub lesson: Option<String>,
    pub step: Option<usize>,
    pub lang: Option<String>,
    /// `embed=1`: hide the page chrome (for iframes).
    pub embed: bool,
    /// `hide=picker,diagram`: parts an embedding page hides in a small frame.
    pub hide: Vec<Part>,
    /// `origin=https%3A%2F%2Fcourse.example`: the only origin whose commands an embedded
    /// playground reads (besides being its parent window).
    pub origin: Option<String>,
    /// `xapi=1`: the embed API's `checkpoint` and `completed` events carry an xAPI statement.
    pub xapi: bool,
    /// `scorm=1`: launched by a SCORM 1.2 LMS (`scorm`): the page reports to its API.
    pub scorm: bool,
    /// `src=https%3A%2F%2F...%2Fscenario.json`: a scenario file to fetch and open.
    pub src: Option<String>,
    /// `x=1.<base64url>`: the rest of the view state, compressed ([`codec`]); decoded by the
    /// caller, which knows the view state's shape.
    pub x: Option<String>,
    /// `level=key|story|event`: the level the link was made at (`view::story::Level`); links
    /// made before levels existed have none.
    pub level: Option<Level>,
    /// `challenge=<id>`: the lesson's challenge the page shows beside the stage (issue 48).
    pub challenge: Option<String>,
}

crate::engine::named_enum! {
    /// A part of the page an embedding page can hide (`hide=`).
    pub enum Part {
        /// The lesson picker in the header.
        Picker = "picker",
        /// The sequence diagram.
        Diagram = "diagram",
        /// The member detail panel with its request view.
        Request = "request",
        /// The scenario editor (free play).
        Editor = "editor",
        /// The host's code pane and its watch (issue 47).
        Code = "code",
    }
}

/// Longest fragment we read (a link with a scenario or a recorded run inline is long); a
/// longer one is refused rather than parsed.
pub const MAX_FRAGMENT_CHARS: usize = 16_000;

/// Parses a fragment, with or without its leading `#`. The empty fragment is the default view.
/// The error is the English text of [`parse_fragment_problem`]'s.
pub fn parse_fragment(fragment: &str) -> Result<LinkState, String> {
    parse_fragment_problem(fragment).map_err(|p| p.en)
}

/// The `lang=` part of a fragment, however bad its other parts are: a refused link's banner is
/// in the language it asks for.
pub fn link_lang(fragment: &str) -> Option<Lang> {
    fragment
        .trim_start_matches('#')
        .split('&')
        .find_map(|pair| pair.strip_prefix("lang="))
        .and_then(Lang::from_code)
}

/// Whether a reader refuses `fragment` (with or without its `#`) for its length: a valid large
/// scenario can make such a link, and the share dialog says it cannot be opened.
pub fn too_long_to_open(fragment: &str) -> bool {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    fragment.chars().count() > MAX_FRAGMENT_CHARS
}

/// [`parse_fragment`], with the error in both languages: the strict reading, where any bad
/// part is the link's error (the first one). The page reads links with [`parse_fragment_lenient`].
pub fn parse_fragment_problem(fragment: &str) -> Result<LinkState, Problem> {
    let (link, mut dropped) = parse_fragment_lenient(fragment)?;
    match dropped.is_empty() {
        true => Ok(link),
        false => Err(dropped.remove(0)),
    }
}

/// Reads a fragment part by part: a readable part that is bad (`lang=fr`, `step=abc`, an
/// unknown `hide=` name, a part this playground does not know) is left out and its problem
/// returned beside what was read, so the rest of the link still opens. Only a fragment too
/// long to read or a bad `origin=` (leaving out an embed's origin restriction would open it to
/// any page) is refused here; a bad `x=` is refused by its decoder (`view_state`), as the
/// packed state cannot open in part.
pub fn parse_fragment_lenient(fragment: &str) -> Result<(LinkState, Vec<Problem>), Problem> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut link = LinkState::default();
    let mut dropped = Vec::new();
    if fragment.is_empty() {
        return Ok((link, dropped));
    }
    if too_long_to_open(fragment) {
        return Err(Problem::new(
            format!("这个链接超过 {MAX_FRAGMENT_CHARS} 个字符，没有读取"),
            format!("this link is longer than {MAX_FRAGMENT_CHARS} characters and was not read"),
        ));
    }
    for pair in fragment.split('&').filter(|p| !p.is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            if pair == "origin" {
                return Err(bad_origin(pair));
            }
            dropped.push(Problem::new(
                format!("这个链接有一部分没有值：'{pair}'"),
                format!("this link has a part without a value: '{pair}'"),
            ));
            continue;
        };
        match read_part(&mut link, key, value) {
            // Without its origin an embedded frame would read and post to any page: refused
            // whole, never opened unrestricted.
            Err(_) if key == "origin" => return Err(bad_origin(value)),
            Err(problem) => dropped.push(problem),
            Ok(()) => {}
        }
    }
    Ok((link, dropped))
}

/// The refusal for an `origin=` that cannot be read.
fn bad_origin(value: &str) -> Problem {
    Problem::new(
        format!("这个链接的来源（origin）'{value}' 无法读取；嵌入页面的来源限制不能略过，链接没有打开"),
        format!(
            "this link's origin '{value}' cannot be read; an embedded page's origin restriction cannot be left out, so the link was not opened"
        ),
    )
}

/// Whether `value` can be a lesson's or a challenge's id in a link: 1 to 64 letters, digits,
/// `-` and `_`.
fn is_id(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= 64
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Reads one `key=value` part into `link`; a bad one changes nothing and says why.
fn read_part(link: &mut LinkState, key: &str, value: &str) -> Result<(), Problem> {
    match key {
        "lesson" => {
            if !is_id(value) {
                return Err(Problem::new(
                    format!("这个链接里的课程编号无效：'{value}'"),
                    format!("this link names a lesson id that is not valid: '{value}'"),
                ));
            }
            link.lesson = Some(value.to_string());
        }
        "step" => {
            let step = value.parse::<usize>().map_err(|_| {
                Problem::new(
                    format!("这个链接的步数不是整数：'{value}'"),
                    format!("this link's step is not a whole number: '{value}'"),
                )
            })?;
            link.step = Some(step);
        }
        "lang" => match value {
            "zh" | "en" => link.lang = Some(value.to_string()),
            _ => {
                return Err(Problem::new(
                    format!("这个链接的语言必须是 zh 或 en，而不是 '{value}'"),
                    format!("this link's language must be zh or en, not '{value}'"),
                ))
            }
        },
        "level" => {
            link.level = Some(Level::from_name(value).ok_or_else(|| {
                Problem::new(
                    format!("这个链接的层级必须是 key、story 或 event，而不是 '{value}'"),
                    format!("this link's level must be key, story or event, not '{value}'"),
                )
            })?)
        }
        "challenge" => {
            if !is_id(value) {
                return Err(Problem::new(
                    format!("这个链接里的挑战编号无效：'{value}'"),
                    format!("this link names a challenge id that is not valid: '{value}'"),
                ));
            }
            link.challenge = Some(value.to_string());
        }
        "embed" => link.embed = value == "1",
        "xapi" => link.xapi = value == "1",
        "scorm" => link.scorm = value == "1",
        "hide" => {
            // Each name on its own: the known ones are hidden, an unknown one is said.
            let mut unknown = None;
            for name in value.split(',').filter(|n| !n.is_empty()) {
                match Part::from_name(name) {
                    Some(part) if !link.hide.contains(&part) => link.hide.push(part),
                    Some(_) => {}
                    None => unknown = unknown.or(Some(name)),
                }
            }
            if let Some(name) = unknown {
                return Err(Problem::new(
                    format!("这个链接要隐藏一个不存在的部分：'{name}'"),
                    format!(
                        "this link asks to hide a part this playground does not have: '{name}'"
                    ),
                ));
            }
        }
        "origin" => link.origin = Some(decode_component_problem(value)?),
        "src" => link.src = Some(decode_component_problem(value)?),
        "x" => link.x = Some(value.to_string()),
        _ => {
            return Err(Problem::new(
                format!("这个链接有一部分本演练场不认识：'{key}'"),
                format!("this link has a part this playground does not know: '{key}'"),
            ))
        }
    }
    Ok(())
}

/// The note for parts of a link that were left out (each part's problem, then what was done),
/// None when none was.
pub fn dropped_note(dropped: &[Problem]) -> Option<Problem> {
    if dropped.is_empty() {
        return None;
    }
    let zh: Vec<&str> = dropped.iter().map(|p| p.zh.as_str()).collect();
    let en: Vec<&str> = dropped.iter().map(|p| p.en.as_str()).collect();
    Some(Problem::new(
        format!("{}；这些部分被略过，链接的其余部分照常打开", zh.join("；")),
        format!("{}: left out, the rest of the link opened", en.join("; ")),
    ))
}

/// [`decode_component`] with its error in both languages.
fn decode_component_problem(value: &str) -> Result<String, Problem> {
    decode_component(value)
        .map_err(|en| Problem::new(format!("这个链接的值 '{value}' 转义有误或不是有效文本"), en))
}

/// Percent-decodes one link value (`%2F` → `/`); a bad escape or bytes that are not UTF-8 are an
/// error, never a guess.
pub fn decode_component(value: &str) -> Result<String, String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = value
                .get(i + 1..i + 3)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| format!("this link has a broken escape in '{value}'"))?;
            out.push(hex);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| format!("this link's value '{value}' is not valid text"))
}

/// Percent-encodes one link value: everything but letters, digits and `-._~`.
pub fn encode_component(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The fragment for a view state (the inverse of [`parse_fragment`]).
pub fn to_fragment(lesson: &str, step: usize, lang: &str) -> String {
    format!("#lesson={lesson}&step={step}&lang={lang}")
}

/// How the page is shown: the link's embed flags, kept for as long as the page lives so every
/// link the page writes (address bar, share dialog, embed snippet) carries them on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EmbedFlags {
    /// `embed=1`: inside a course page's iframe, without the page chrome.
    pub embed: bool,
    /// `hide=`: parts hidden in a small frame.
    pub hide: Vec<Part>,
    /// `origin=`: the only origin whose commands are read.
    pub origin: Option<String>,
    /// `xapi=1`: checkpoint results carry xAPI statements (`embed_results`).
    pub xapi: bool,
    /// `scorm=1`: the lesson reports to a SCORM 1.2 LMS's API (`scorm`).
    pub scorm: bool,
}

impl EmbedFlags {
    /// The flags a link names.
    pub fn from_link(link: &LinkState) -> EmbedFlags {
        EmbedFlags {
            embed: link.embed,
            hide: link.hide.clone(),
            origin: link.origin.clone(),
            xapi: link.xapi,
            scorm: link.scorm,
        }
    }

    /// Whether `part` is hidden.
    pub fn hides(&self, part: Part) -> bool {
        self.hide.contains(&part)
    }

    /// The flags as fragment parameters (`&embed=1&hide=picker&origin=...`), empty when none
    /// is set; appended to any fragment.
    pub fn link_suffix(&self) -> String {
        let mut out = String::new();
        if self.embed {
            out.push_str("&embed=1");
        }
        if !self.hide.is_empty() {
            let names: Vec<&str> = self.hide.iter().map(|p| p.as_str()).collect();
            out.push_str("&hide=");
            out.push_str(&names.join(","));
        }
        if let Some(origin) = &self.origin {
            out.push_str("&origin=");
            out.push_str(&encode_component(origin));
        }
        if self.xapi {
            out.push_str("&xapi=1");
        }
        if self.scorm {
            out.push_str("&scorm=1");
        }
        out
    }
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
        assert!(parse_fragment(&"a".repeat(MAX_FRAGMENT_CHARS + 1)).is_err());
        assert!(parse_fragment("#hide=picker,header").is_err());
        assert!(parse_fragment("#origin=%E2%28").is_err());
        assert!(parse_fragment("#src=%2").is_err());
    }

    #[test]
    fn embed_parts_origin_and_source_are_read() {
        let link = parse_fragment(
            "#lesson=l1-two-investigators&embed=1&hide=picker,diagram,picker&origin=https%3A%2F%2Fcourse.example&src=https%3A%2F%2Fa.example%2Fs.json&x=1.abc",
        )
        .expect("valid link");
        assert!(link.embed);
        assert_eq!(link.hide, vec![Part::Picker, Part::Diagram]);
        assert_eq!(link.origin.as_deref(), Some("https://course.example"));
        assert_eq!(link.src.as_deref(), Some("https://a.example/s.json"));
        assert_eq!(link.x.as_deref(), Some("1.abc"));
    }

    #[test]
    fn embed_flags_round_trip_through_a_link() {
        let flags = EmbedFlags {
            embed: true,
            hide: vec![Part::Diagram, Part::Editor],
            origin: Some("https://course.example:8443".into()),
            xapi: true,
            scorm: true,
        };
        let fragment = to_fragment("l2-drain-loses-mail", 3, "en") + &flags.link_suffix();
        let link = parse_fragment(&fragment).expect("valid link");
        assert_eq!(EmbedFlags::from_link(&link), flags);
        assert!(flags.hides(Part::Editor) && !flags.hides(Part::Picker));
        assert_eq!(EmbedFlags::default().link_suffix(), "");
    }

    #[test]
    fn components_round_trip() {
        for text in ["https://a.example/x y.json?q=1&r=2#f", "中文", "a%b", ""] {
            assert_eq!(
                decode_component(&encode_component(text)).as_deref(),
                Ok(text)
            );
        }
    }
}
