//! Keeping the learner's key out of every text a live run keeps: a server's error message goes
//! into the engine's log, and from there into recordings, share links and exports. Servers echo
//! keys whole or in part ("Incorrect API key provided: sk-ab***wxyz"), so an exact match is not
//! enough: any word that carries a long run of the key, or the key's head and tail around a
//! mask, goes too.

/// Shortest run of the key's characters that marks a word as carrying the key. Long enough
/// that ordinary words do not match a key by chance.
const RUN: usize = 8;

/// Characters a server puts around an echoed key (quotes, punctuation, spaces).
fn is_separator(c: char) -> bool {
    c.is_whitespace() || "\"'`,;:()[]{}<>".contains(c)
}

/// `text` with every word that carries the key (or a recognisable part of it) replaced by
/// `[key]`. A key shorter than [`RUN`] characters is only removed where it stands whole, and
/// one shorter than 4 not at all.
pub fn redact_key(text: &str, key: &str) -> String {
    let key = key.trim();
    // Shorter than any real key, and a few letters would also match ordinary words.
    if key.chars().count() < 4 {
        return text.to_string();
    }
    let text = text.replace(key, "[key]");
    let key_chars: Vec<char> = key.chars().collect();
    if key_chars.len() < RUN {
        return text;
    }
    let runs: Vec<String> = key_chars.windows(RUN).map(|w| w.iter().collect()).collect();
    let head: String = key_chars[..3].iter().collect();
    let tail: String = key_chars[key_chars.len() - 4..].iter().collect();
    let carries_key = |word: &str| {
        runs.iter().any(|run| word.contains(run.as_str()))
            || (word.chars().count() >= 7 && word.starts_with(&head) && word.ends_with(&tail))
    };
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if is_separator(c) {
            // A sentence's full stop is not part of the word ("...: sk-ab***wxyz.").
            let core = word.trim_end_matches(['.', '!', '?']);
            if carries_key(core) {
                out.push_str("[key]");
                out.push_str(&word[core.len()..]);
            } else {
                out.push_str(&word);
            }
            word.clear();
            out.push(c);
        } else {
            word.push(c);
        }
    }
    out.pop();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "sk-proj-Abc123XyZ987-secret-wxyz";

    #[test]
    fn the_whole_key_is_removed() {
        let text = format!("401: invalid key {KEY}.");
        assert_eq!(redact_key(&text, KEY), "401: invalid key [key].");
    }

    #[test]
    fn a_masked_echo_and_a_long_piece_of_the_key_are_removed() {
        let masked = "Incorrect API key provided: sk-pr*************wxyz. See the docs.";
        assert_eq!(
            redact_key(masked, KEY),
            "Incorrect API key provided: [key]. See the docs."
        );
        let piece = "key 'Abc123XyZ987' is not valid";
        assert_eq!(redact_key(piece, KEY), "key '[key]' is not valid");
    }

    #[test]
    fn text_without_the_key_is_unchanged() {
        let text = "rate limited: retry after 2 s (model sk-like names stay), 中文 也不变";
        assert_eq!(redact_key(text, KEY), text);
        assert_eq!(redact_key(text, ""), text);
        assert_eq!(
            redact_key("short key abcd here", "abcd"),
            "short key [key] here"
        );
        assert_eq!(redact_key("a cat", "a"), "a cat");
    }
}
