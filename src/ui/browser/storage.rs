//! The browser's storage, the one place the page reads and writes it (the language choice, the
//! stored sessions): local storage (kept across visits) and session storage (this tab's own).
//! Storage can be unavailable (private mode, a blocked origin: getting it throws) or full: the
//! checked calls ([`read_in`], [`write_in`]) say which, so the page can tell the learner once;
//! the plain ones ([`read`], [`write`]) are for what need not be said (the language choice).

use crate::keep::visits::NotKept;

/// Which storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// Local storage: kept across visits and shared by the origin's tabs.
    Local,
    /// Session storage: this tab's own, kept across its reloads.
    Session,
}

fn storage(area: Area) -> Result<web_sys::Storage, NotKept> {
    let window = web_sys::window().ok_or(NotKept::Unavailable)?;
    let storage = match area {
        Area::Local => window.local_storage(),
        Area::Session => window.session_storage(),
    };
    storage.ok().flatten().ok_or(NotKept::Unavailable)
}

/// The text stored under `key` in `area`, if any; an error when the storage cannot be used.
pub fn read_in(area: Area, key: &str) -> Result<Option<String>, NotKept> {
    storage(area)?
        .get_item(key)
        .map_err(|_| NotKept::Unavailable)
}

/// Stores `value` under `key` in `area`; an error says whether the storage is full or cannot
/// be used at all.
pub fn write_in(area: Area, key: &str, value: &str) -> Result<(), NotKept> {
    storage(area)?.set_item(key, value).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &wasm_bindgen::JsValue::from_str("name"))
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
            NotKept::Full
        } else {
            NotKept::Unavailable
        }
    })
}

/// The text stored under `key` in local storage, if any.
pub fn read(key: &str) -> Option<String> {
    read_in(Area::Local, key).ok().flatten()
}

/// Whether local storage keeps any key starting with `prefix` (false when it cannot be read).
pub fn any_key_starting(prefix: &str) -> bool {
    let Ok(local) = storage(Area::Local) else {
        return false;
    };
    let count = local.length().unwrap_or(0);
    (0..count).any(|i| {
        local
            .key(i)
            .ok()
            .flatten()
            .is_some_and(|k| k.starts_with(prefix))
    })
}

/// Stores `value` under `key` in local storage, if it can.
pub fn write(key: &str, value: &str) {
    let _ = write_in(Area::Local, key, value);
}
