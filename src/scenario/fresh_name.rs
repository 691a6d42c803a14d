//! The name the editor gives what it adds: a member (`teammate2`) or a checkpoint
//! (`check-3`), the first of its prefix not taken yet.

/// The first of `prefix1`, `prefix2`, ... that `taken` says is free: the name an added member
/// or checkpoint gets.
pub(super) fn first_free(prefix: &str, taken: impl Fn(&str) -> bool) -> String {
    (1..)
        .map(|n| format!("{prefix}{n}"))
        .find(|name| !taken(name))
        .unwrap_or_default()
}
