//! localStorage, reached so that a browser that refuses it never breaks the page.
//!
//! `window.localStorage` may be missing, or its getter may throw (site data blocked,
//! some sandboxed frames). gloo-storage's `LocalStorage` throws a JavaScript exception
//! then, which in WebAssembly aborts the app, so every use here first asks
//! [`available`], which reads the property through web-sys and turns a throw into an
//! error. Then gloo-storage does the work.

use crate::session::storage::{StorageError, keys};
use gloo_storage::{LocalStorage, Storage};

/// Whether localStorage can be used: the property exists, its getter does not throw,
/// and it answers a read.
///
/// # Errors
/// [`StorageError::Throws`], [`StorageError::Missing`] or [`StorageError::Read`].
pub fn available() -> Result<(), StorageError> {
    let storage = leptos::prelude::window()
        .local_storage()
        .map_err(|e| StorageError::Throws(format!("{e:?}")))?
        .ok_or(StorageError::Missing)?;
    storage
        .get_item(keys::PREFERENCES)
        .map_err(|e| StorageError::Read {
            key: keys::PREFERENCES.to_string(),
            detail: format!("{e:?}"),
        })?;
    Ok(())
}

/// The text stored under `key`: `Ok(None)` when nothing is.
///
/// # Errors
/// Storage is not [`available`], or refused the read ([`StorageError::Read`]).
pub fn read(key: &str) -> Result<Option<String>, StorageError> {
    available()?;
    LocalStorage::raw()
        .get_item(key)
        .map_err(|e| StorageError::Read {
            key: key.to_string(),
            detail: format!("{e:?}"),
        })
}

/// Stores `text` under `key`.
///
/// # Errors
/// Storage is not [`available`], or full or refusing ([`StorageError::Write`]): the
/// game goes on unsaved.
pub fn write(key: &str, text: &str) -> Result<(), StorageError> {
    available()?;
    LocalStorage::raw().set_item(key, text).map_err(|e| {
        let error = StorageError::Write {
            key: key.to_string(),
            detail: format!("{e:?}"),
        };
        leptos::logging::warn!("{error}");
        error
    })
}

/// Removes `key` (nothing happens when storage is off).
pub fn remove(key: &str) {
    if available().is_ok() {
        LocalStorage::delete(key);
    }
}

/// This tab's sessionStorage: kept through a reload of the tab, not shared with other
/// tabs. `None` when the browser has none or refuses it (read through web-sys, so a
/// throwing getter is an error, not an abort, as for [`available`]).
fn tab_storage() -> Option<web_sys::Storage> {
    leptos::prelude::window().session_storage().ok().flatten()
}

/// The text this tab keeps under `key`, `None` when there is none or the browser refuses.
pub fn tab_read(key: &str) -> Option<String> {
    tab_storage()?.get_item(key).ok().flatten()
}

/// Keeps `text` under `key` for this tab; nothing happens when the browser refuses
/// (a reload then shows what it would have shown without it).
pub fn tab_write(key: &str, text: &str) {
    if let Some(storage) = tab_storage() {
        let _ = storage.set_item(key, text);
    }
}

/// Removes `key` from what this tab keeps.
pub fn tab_remove(key: &str) {
    if let Some(storage) = tab_storage() {
        let _ = storage.remove_item(key);
    }
}

/// Copies `text` (unreadable data found under `key`) to `key/unreadable`, unless that
/// key holds something already. Returns whether the copy was made.
pub fn keep_aside(key: &str, text: &str) -> bool {
    let backup = format!("{key}{}", keys::UNREADABLE_SUFFIX);
    matches!(read(&backup), Ok(None)) && write(&backup, text).is_ok()
}
