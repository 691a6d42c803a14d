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

/// A text in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caption {
    /// The Chinese text.
    pub zh: String,
    /// The English text.
    pub en: String,
}

impl Caption {
    /// A caption from its Chinese and English texts.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Self {
        Caption {
            zh: zh.into(),
            en: en.into(),
        }
    }

    /// The text in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}
