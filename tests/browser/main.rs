//! The browser tests: one wasm-bindgen-test binary run in headless Chromium
//! (`cargo test --target wasm32-unknown-unknown --test browser`). Natively it is empty.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod common;
mod detail;
mod on_screen;
mod playground;
mod scenario;
mod sequence;
mod shell;
