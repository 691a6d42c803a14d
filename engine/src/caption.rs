//! Bilingual text: the learner's language and a caption in both languages. Lessons write
//! captions; the engine only carries them on a timeline.

use serde::{Deserialize, Serialize};

/// The language the learner reads the playground in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    /// Chinese, the language of the seed lessons.
    Zh,
    /// English.
    En,
}

/// A text in both languages: the playground's one bilingual text type. `S` is `String` for
/// texts made at run time (captions, problems) and `&'static str` for fixed tables (the lesson
/// catalog); both serialize as `{"zh": .., "en": ..}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caption<S = String> {
    /// The Chinese text.
    pub zh: S,
    /// The English text.
    pub en: S,
}

impl Caption {
    /// A caption from its Chinese and English texts.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Self {
        Caption {
            zh: zh.into(),
            en: en.into(),
        }
    }
}

impl Caption<&'static str> {
    /// A fixed text, for a table built at compile time.
    pub const fn fixed(zh: &'static str, en: &'static str) -> Self {
        Caption { zh, en }
    }
}

impl From<Caption<&str>> for Caption {
    fn from(text: Caption<&str>) -> Caption {
        Caption::new(text.zh, text.en)
    }
}

impl<S: AsRef<str>> Caption<S> {
    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        tr(lang, self.zh.as_ref(), self.en.as_ref())
    }
}

/// Picks the text of the learner's language: the one way to choose between a Chinese and an
/// English text (literals next to the one component or lesson that shows them, or texts made
/// at run time).
pub fn tr<T>(lang: Lang, zh: T, en: T) -> T {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}
