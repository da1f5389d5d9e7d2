//! The format of what the app keeps on the device (localStorage), and how it is read
//! back: every stored value is an envelope `{"app": "shogi-variants", "version": N,
//! "data": ...}`. Reading never panics and never guesses: data that is not ours, of
//! an unknown version, or corrupt comes back as a [`LoadError`] that the UI shows.
//!
//! Versions, per key:
//! - preferences: version 1;
//! - a table (one key per game, settings and game in one write): version 2
//!   ([`crate::session::table::SavedTable`]). Version 1 kept the Hasami settings and
//!   table under two keys; [`crate::session::table::SavedTable::open`] migrates it.
//! - the games played by link: version 1 ([`crate::session::link_play::LinkGames`]).

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;

/// The value of the `app` field of every envelope.
pub const APP: &str = "shogi-variants";
/// The format version of the preferences.
pub const PREFERENCES_VERSION: u64 = 1;
/// The format version of a saved table (settings, seats, game and clock in one value).
pub const TABLE_VERSION: u64 = 2;

/// Storage keys.
pub mod keys {
    /// App-wide preferences (the language).
    pub const PREFERENCES: &str = "shogi-variants/preferences";
    /// Version 1 only: the Hasami settings panel, now saved with the table.
    pub const HASAMI_SETTINGS_V1: &str = "shogi-variants/hasami/settings";
    /// The Hasami table (version 1: game and seating; version 2: everything).
    pub const HASAMI_TABLE: &str = "shogi-variants/hasami/table";
    /// The Yonin table (version 2).
    pub const YONIN_TABLE: &str = "shogi-variants/yonin/table";
    /// In this tab's sessionStorage (not localStorage): the share link of the Hasami
    /// game shown in place of the table's own, so that a reload shows it again
    /// ([`crate::session::table::Table::shared_link`]); removed once it is no longer shown.
    pub const HASAMI_SHARED: &str = "shogi-variants/hasami/shared";
    /// The same for the Yonin table.
    pub const YONIN_SHARED: &str = "shogi-variants/yonin/shared";
    /// The games played by link on this device (version 1,
    /// [`crate::session::link_play::LinkGames`]); never the tables above.
    pub const LINK_GAMES: &str = "shogi-variants/link-games";
    /// Suffix of the key under which unreadable data is kept, so nothing is lost.
    pub const UNREADABLE_SUFFIX: &str = "/unreadable";
}

/// Why a stored value could not be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not JSON at all.
    NotJson(String),
    /// JSON, but not an envelope of this app.
    NotOurs,
    /// An envelope of this app written by a newer version of it (the version found).
    UnknownVersion(u64),
    /// An envelope of this app whose data is damaged (the reason says where).
    Corrupt(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotJson(e) => write!(f, "not readable data ({e})"),
            LoadError::NotOurs => f.write_str("data of another app"),
            LoadError::UnknownVersion(v) => write!(f, "data from a newer version ({v})"),
            LoadError::Corrupt(e) => write!(f, "damaged data ({e})"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Why the browser's storage could not be used (localStorage missing, throwing, or
/// refusing a read or a write).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StorageError {
    /// The page has no `localStorage`.
    #[error("no localStorage")]
    Missing,
    /// Reading the `localStorage` property throws (site data blocked, some sandboxed
    /// frames); the browser's message.
    #[error("localStorage throws: {0}")]
    Throws(String),
    /// A read was refused; the browser's message.
    #[error("could not read {key}: {detail}")]
    Read {
        /// The key read.
        key: String,
        /// The browser's message.
        detail: String,
    },
    /// A write was refused (the storage is full, or blocked); the browser's message.
    #[error("could not save {key}: {detail}")]
    Write {
        /// The key written.
        key: String,
        /// The browser's message.
        detail: String,
    },
}

/// Wraps `data` in this app's envelope of format `version`, as a JSON value.
pub fn envelope<T: Serialize>(version: u64, data: &T) -> serde_json::Value {
    serde_json::json!({ "app": APP, "version": version, "data": data })
}

/// Wraps `data` in this app's envelope of format `version`, as JSON text.
pub fn encode<T: Serialize>(version: u64, data: &T) -> String {
    envelope(version, data).to_string()
}

/// Opens an envelope: its version and its data, not yet read.
///
/// # Errors
/// [`LoadError::NotJson`], [`LoadError::NotOurs`], or [`LoadError::Corrupt`] when the
/// version or the data is missing.
pub fn open(text: &str) -> Result<(u64, serde_json::Value), LoadError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| LoadError::NotJson(e.to_string()))?;
    let serde_json::Value::Object(mut map) = value else {
        return Err(LoadError::NotOurs);
    };
    if map.get("app").and_then(|a| a.as_str()) != Some(APP) {
        return Err(LoadError::NotOurs);
    }
    let version = map
        .get("version")
        .and_then(|v| v.as_u64())
        .ok_or_else(|| LoadError::Corrupt("no version number".into()))?;
    let data = map
        .remove("data")
        .ok_or_else(|| LoadError::Corrupt("no data".into()))?;
    Ok((version, data))
}

/// Reads the data of an opened envelope.
///
/// # Errors
/// [`LoadError::Corrupt`] with serde's description of the problem.
pub fn decode_data<T: DeserializeOwned>(data: serde_json::Value) -> Result<T, LoadError> {
    serde_json::from_value(data).map_err(|e| LoadError::Corrupt(e.to_string()))
}

/// Reads an envelope of format `version` from JSON text.
///
/// # Errors
/// As [`open`]; [`LoadError::UnknownVersion`] for a newer version and
/// [`LoadError::Corrupt`] for an older one or damaged data.
pub fn decode<T: DeserializeOwned>(text: &str, version: u64) -> Result<T, LoadError> {
    let (found, data) = open(text)?;
    if found > version {
        return Err(LoadError::UnknownVersion(found));
    }
    if found < version {
        return Err(LoadError::Corrupt(format!(
            "version {found}, expected {version}"
        )));
    }
    decode_data(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Prefs {
        locale: Option<String>,
    }

    #[test]
    fn envelopes_round_trip() {
        let p = Prefs {
            locale: Some("pt".into()),
        };
        let text = encode(PREFERENCES_VERSION, &p);
        assert_eq!(
            text,
            r#"{"app":"shogi-variants","data":{"locale":"pt"},"version":1}"#
        );
        assert_eq!(decode::<Prefs>(&text, PREFERENCES_VERSION), Ok(p));
    }

    #[test]
    fn bad_data_is_named() {
        assert!(matches!(
            decode::<Prefs>("{not json", 1),
            Err(LoadError::NotJson(_))
        ));
        assert_eq!(decode::<Prefs>("[1,2]", 1), Err(LoadError::NotOurs));
        assert_eq!(
            decode::<Prefs>(r#"{"app":"other","version":1,"data":{}}"#, 1),
            Err(LoadError::NotOurs)
        );
        assert_eq!(
            decode::<Prefs>(r#"{"app":"shogi-variants","version":7,"data":{}}"#, 1),
            Err(LoadError::UnknownVersion(7))
        );
        assert!(matches!(
            decode::<Prefs>(r#"{"app":"shogi-variants","version":1}"#, 1),
            Err(LoadError::Corrupt(m)) if m == "no data"
        ));
        assert!(matches!(
            decode::<Prefs>(r#"{"app":"shogi-variants","data":{}}"#, 1),
            Err(LoadError::Corrupt(m)) if m == "no version number"
        ));
        assert!(matches!(
            decode::<Prefs>(
                r#"{"app":"shogi-variants","version":1,"data":{"locale":5}}"#,
                1
            ),
            Err(LoadError::Corrupt(_))
        ));
        assert!(matches!(
            decode::<Prefs>(r#"{"app":"shogi-variants","version":1,"data":{}}"#, 2),
            Err(LoadError::Corrupt(m)) if m.contains("expected 2")
        ));
    }

    #[test]
    fn storage_keys_are_those_saved_data_lives_under() {
        // Saved games and preferences stay where earlier builds put them: a new key
        // would lose them.
        assert_eq!(keys::PREFERENCES, "shogi-variants/preferences");
        assert_eq!(keys::HASAMI_SETTINGS_V1, "shogi-variants/hasami/settings");
        assert_eq!(keys::HASAMI_TABLE, "shogi-variants/hasami/table");
        assert_eq!(keys::YONIN_TABLE, "shogi-variants/yonin/table");
        assert_eq!(keys::UNREADABLE_SUFFIX, "/unreadable");
    }
}
