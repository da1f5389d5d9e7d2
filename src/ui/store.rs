//! localStorage through gloo-storage, in the envelope format of
//! [`crate::session::storage`]. Unreadable data is never silently replaced: it is
//! copied under `KEY/unreadable` (unless something is kept there already) and
//! reported, and only the key that was unreadable is written again.

use crate::session::storage::{self, LoadError, keys};
use gloo_storage::{LocalStorage, Storage, errors::StorageError};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// What reading one key gave.
pub enum Loaded<T> {
    /// Nothing stored under the key.
    Missing,
    /// The stored value.
    Found(T),
    /// Something is stored but cannot be used.
    Unreadable {
        /// Why.
        error: LoadError,
        /// Where the unreadable text was kept, if it could be.
        kept_as: Option<String>,
    },
}

/// Reads `key`.
pub fn load<T: DeserializeOwned>(key: &str) -> Loaded<T> {
    let value = match LocalStorage::get::<serde_json::Value>(key) {
        Ok(value) => storage::decode_value::<T>(value),
        Err(StorageError::KeyNotFound(_)) => return Loaded::Missing,
        Err(StorageError::SerdeError(e)) => Err(LoadError::NotJson(e.to_string())),
        Err(e) => Err(LoadError::NotJson(e.to_string())),
    };
    match value {
        Ok(data) => Loaded::Found(data),
        Err(error) => Loaded::Unreadable {
            kept_as: keep_unreadable(key),
            error,
        },
    }
}

/// Copies the raw text under `key` to `key/unreadable`, unless that key holds
/// something already. Returns the backup key if the copy was made.
fn keep_unreadable(key: &str) -> Option<String> {
    let raw = LocalStorage::raw();
    let text = raw.get_item(key).ok().flatten()?;
    let backup = format!("{key}{}", keys::UNREADABLE_SUFFIX);
    if raw.get_item(&backup).ok().flatten().is_some() {
        return None;
    }
    raw.set_item(&backup, &text).ok()?;
    Some(backup)
}

/// Writes `data` under `key` in the app's envelope.
///
/// # Errors
/// The browser's refusal, as text: storage full (quota) or disabled (private
/// browsing). The caller tells the player; the game goes on unsaved.
pub fn save<T: Serialize>(key: &str, data: &T) -> Result<(), String> {
    LocalStorage::set(key, storage::envelope(data)).map_err(|e| {
        leptos::logging::warn!("could not save {key}: {e}");
        e.to_string()
    })
}
