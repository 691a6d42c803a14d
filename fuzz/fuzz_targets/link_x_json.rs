//! `x=` JSON, compressed by the product's own codec into a link (so the fuzzer's mutations
//! reach the typed reader and the play, not only the codec), opened at a lesson and step the
//! input's first two bytes choose; the same JSON is given to import as a file.
#![no_main]

use agent_team_playground::engine::Lang;
use agent_team_playground::export;
use agent_team_playground::lessons::{catalog, FREE_PLAY_ID};
use agent_team_playground::link::{codec, view_state};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [pick, step, json @ ..] = data else {
        return;
    };
    let lessons = catalog();
    let lesson = match lessons.get(usize::from(*pick) % (lessons.len() + 1)) {
        Some(info) => info.id,
        None => FREE_PLAY_ID,
    };
    let lang = if pick & 0x80 == 0 { "en" } else { "zh" };
    let fragment = format!(
        "#lesson={lesson}&step={step}&lang={lang}&x={}",
        codec::encode(json)
    );
    let _ = view_state::open(&fragment, Lang::En);
    if let Ok(text) = std::str::from_utf8(json) {
        let _ = export::import(text, None);
    }
});
