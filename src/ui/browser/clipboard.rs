//! Writing text to the clipboard with the Clipboard API, for the dialogs' copy buttons: the
//! promise is awaited, so a refused write (no permission, page not focused, insecure origin)
//! reads as not copied.

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

/// Writes `text` with `navigator.clipboard.writeText`; false when there is no clipboard, the
/// page may not use it (no permission, not focused, insecure origin) or it fails.
pub async fn write_clipboard(text: &str) -> bool {
    let navigator = window().navigator();
    let Ok(clipboard) = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")) else {
        return false;
    };
    if clipboard.is_undefined() || clipboard.is_null() {
        return false;
    }
    let Ok(write) = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText")) else {
        return false;
    };
    let Some(write) = write.dyn_ref::<js_sys::Function>() else {
        return false;
    };
    let Ok(promise) = write.call1(&clipboard, &JsValue::from_str(text)) else {
        return false;
    };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
        return false;
    };
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}
