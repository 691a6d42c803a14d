//! The whole fragment a stranger's link carries, as the page reads it (`view_state::open`),
//! and the same bytes as a file given to import: neither may panic, overflow the stack or run
//! out of memory, whatever the input.
#![no_main]

use agent_team_playground::engine::Lang;
use agent_team_playground::export;
use agent_team_playground::link::view_state;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = view_state::open(text, Lang::En);
    let _ = export::import(text, None);
});
