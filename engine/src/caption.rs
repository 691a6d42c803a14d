//! Bilingual text: the learner's language and a caption in both languages. Lessons write
//! captions; the engine only carries them on a timeline.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    Zh,
    En,
}

/// A text in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Caption {
    pub zh: String,
    pub en: String,
}

impl Caption {
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Self {
        Caption {
            zh: zh.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }
}
