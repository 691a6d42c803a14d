//! The learner's language in the browser: the default (what the learner chose before, else
//! the browser's language) and remembering a choice. What each language says is native
//! (`lessons::language`) and re-exported here for the components.

pub use crate::lessons::language::{tr, Lang, LangText, Strings};

const STORAGE_KEY: &str = "atp.lang";

/// What the learner chose before, else the browser's language (Chinese for any `zh*`).
pub fn initial_lang() -> Lang {
    if let Some(lang) =
        crate::ui::browser::storage::read(STORAGE_KEY).and_then(|code| Lang::from_code(&code))
    {
        return lang;
    }
    let browser = web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default();
    if browser.to_ascii_lowercase().starts_with("zh") {
        Lang::Zh
    } else {
        Lang::En
    }
}

/// Remembers the choice for the next visit (for this page only if storage is unavailable).
pub fn remember_lang(lang: Lang) {
    crate::ui::browser::storage::write(STORAGE_KEY, lang.code());
}
