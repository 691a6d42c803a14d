//! The browser's local storage, the one place the page reads and writes it (the language
//! choice, the stored session). Storage can be unavailable (private mode, a blocked origin):
//! a read then finds nothing and a write does nothing, which is not an error worth showing,
//! as what the learner chose still lasts for this page.

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

/// The text stored under `key`, if any.
pub fn read(key: &str) -> Option<String> {
    local_storage().and_then(|s| s.get_item(key).ok().flatten())
}

/// Stores `value` under `key`, if storage is available.
pub fn write(key: &str, value: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.set_item(key, value);
    }
}
