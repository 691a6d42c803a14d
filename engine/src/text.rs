//! Text measures shared by the limits and by everything that shows a text in short.

/// Number of characters as the limits count them (Unicode scalar values, M7).
pub fn char_len(text: &str) -> usize {
    text.chars().count()
}

/// `text` on one line (control characters become spaces), cut to at most `max` characters
/// followed by `mark` when it is longer. Used for previews; a limit never cuts a stored text.
pub fn preview(text: &str, max: usize, mark: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if char_len(&line) <= max {
        line
    } else {
        let cut: String = line.chars().take(max).collect();
        format!("{cut}{mark}")
    }
}

/// `n` and the noun in the right English number: `counted(1, "entry", "entries")` is
/// "1 entry", `counted(2, ...)` is "2 entries".
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preview_keeps_short_text_and_marks_a_cut() {
        assert_eq!(preview("a\nb", 5, "…"), "a b");
        assert_eq!(preview("héllo wörld", 5, "..."), "héllo...");
        assert_eq!(char_len("中文"), 2);
    }
}
