//! The format of what the app keeps on the device (localStorage), and how it is read
//! back: every stored value is an envelope `{"app": "shogi-variants", "version": 1,
//! "data": ...}`. Reading never panics and never guesses: data that is not ours, of
//! another version, or corrupt comes back as a [`LoadError`] that the UI shows.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;

/// The value of the `app` field of every envelope.
pub const APP: &str = "shogi-variants";
/// The current format version.
pub const VERSION: u64 = 1;

/// Storage keys.
pub mod keys {
    /// App-wide preferences (the language).
    pub const PREFERENCES: &str = "shogi-variants/preferences";
    /// Hasami settings panel (RULES H5).
    pub const HASAMI_SETTINGS: &str = "shogi-variants/hasami/settings";
    /// Hasami game in progress and seating.
    pub const HASAMI_TABLE: &str = "shogi-variants/hasami/table";
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
    /// An envelope of this app in a version this build does not know.
    UnknownVersion(u64),
    /// An envelope of this app whose data is damaged (the reason says where).
    Corrupt(String),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotJson(e) => write!(f, "not readable data ({e})"),
            LoadError::NotOurs => f.write_str("data of another app"),
            LoadError::UnknownVersion(v) => write!(f, "data from an unknown version ({v})"),
            LoadError::Corrupt(e) => write!(f, "damaged data ({e})"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Wraps `data` in this app's envelope, as a JSON value.
pub fn envelope<T: Serialize>(data: &T) -> serde_json::Value {
    serde_json::json!({ "app": APP, "version": VERSION, "data": data })
}

/// Wraps `data` in this app's envelope, as JSON text.
pub fn encode<T: Serialize>(data: &T) -> String {
    envelope(data).to_string()
}

/// Reads an envelope from JSON text.
///
/// # Errors
/// [`LoadError::NotJson`], [`LoadError::NotOurs`], [`LoadError::UnknownVersion`] or
/// [`LoadError::Corrupt`].
pub fn decode<T: DeserializeOwned>(text: &str) -> Result<T, LoadError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| LoadError::NotJson(e.to_string()))?;
    decode_value(value)
}

/// Reads an envelope from a JSON value; see [`decode`].
///
/// # Errors
/// As [`decode`], but for [`LoadError::NotJson`].
pub fn decode_value<T: DeserializeOwned>(value: serde_json::Value) -> Result<T, LoadError> {
    let serde_json::Value::Object(mut map) = value else {
        return Err(LoadError::NotOurs);
    };
    if map.get("app").and_then(|a| a.as_str()) != Some(APP) {
        return Err(LoadError::NotOurs);
    }
    match map.get("version").and_then(|v| v.as_u64()) {
        Some(VERSION) => {}
        Some(other) => return Err(LoadError::UnknownVersion(other)),
        None => return Err(LoadError::Corrupt("no version number".into())),
    }
    let data = map
        .remove("data")
        .ok_or_else(|| LoadError::Corrupt("no data".into()))?;
    serde_json::from_value(data).map_err(|e| LoadError::Corrupt(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hasami::Move;
    use crate::session::hasami::{SavedTable, Settings, Table};

    #[test]
    fn table_round_trips() {
        let mut table = Table::default();
        table.play_human("e1e5".parse::<Move>().unwrap()).unwrap();
        let text = encode(&table.saved());
        let saved: SavedTable = decode(&text).unwrap();
        let back = Table::restore(Settings::default(), saved);
        assert_eq!(back.game(), table.game());
        assert_eq!(
            back.game().position().to_string(),
            "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb w 0 0 1"
        );
    }

    #[test]
    fn bad_data_is_named() {
        assert!(matches!(
            decode::<Settings>("{not json"),
            Err(LoadError::NotJson(_))
        ));
        assert_eq!(decode::<Settings>("[1,2]"), Err(LoadError::NotOurs));
        assert_eq!(
            decode::<Settings>(r#"{"app":"other","version":1,"data":{}}"#),
            Err(LoadError::NotOurs)
        );
        assert_eq!(
            decode::<Settings>(r#"{"app":"shogi-variants","version":7,"data":{}}"#),
            Err(LoadError::UnknownVersion(7))
        );
        let err = decode::<SavedTable>(
            r#"{"app":"shogi-variants","version":1,"data":{"participants":[{"controller":"human","wins":0},{"controller":"cpu","wins":0}],"black":0,"game":{"rules":{"win":"capture_five","move_limit":null},"start":"wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0","moves":["e1e5","e5e4"]}}}"#,
        )
        .unwrap_err();
        assert!(
            matches!(&err, LoadError::Corrupt(m) if m.contains("move 2")),
            "{err}"
        );
    }

    #[test]
    fn values_outside_the_offered_choices_are_refused() {
        let table = |black: i64| {
            format!(
                r#"{{"app":"shogi-variants","version":1,"data":{{"participants":[{{"controller":"human","wins":0}},{{"controller":"cpu","wins":0}}],"black":{black},"game":{{"rules":{{"win":"capture_five","move_limit":null}},"start":"wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0","moves":[]}}}}}}"#
            )
        };
        assert!(decode::<SavedTable>(&table(1)).is_ok());
        assert!(
            matches!(decode::<SavedTable>(&table(5)), Err(LoadError::Corrupt(m)) if m.contains("not 0 or 1"))
        );
        assert!(matches!(
            decode::<SavedTable>(&table(-1)),
            Err(LoadError::Corrupt(_))
        ));
        let settings = |limit: &str| {
            format!(r#"{{"app":"shogi-variants","version":1,"data":{{"move_limit":{limit}}}}}"#)
        };
        assert_eq!(
            decode::<Settings>(&settings("200")).unwrap().move_limit,
            Some(200)
        );
        assert_eq!(
            decode::<Settings>(&settings("null")).unwrap(),
            Settings::default()
        );
        for bad in ["0", "7", "-3", "\"x\""] {
            assert!(
                matches!(
                    decode::<Settings>(&settings(bad)),
                    Err(LoadError::Corrupt(_))
                ),
                "{bad}"
            );
        }
        assert!(matches!(
            decode::<Settings>(r#"{"app":"shogi-variants","version":1,"data":{"surprise":true}}"#),
            Err(LoadError::Corrupt(_))
        ));
    }
}
