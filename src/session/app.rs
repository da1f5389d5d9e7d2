//! What the app keeps outside the tables: the preferences (language, the game last
//! played), saved under [`super::storage::keys::PREFERENCES`].

use serde::{Deserialize, Serialize};

/// The two games of the app.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Hasami Shogi (RULES Part H).
    Hasami,
    /// Yonin Shogi (RULES Part Y).
    Yonin,
}

impl GameKind {
    /// Both games, in the order the app offers them.
    pub const ALL: [GameKind; 2] = [GameKind::Hasami, GameKind::Yonin];
}

/// App-wide preferences. Version 1 of the app saved only `locale`; a missing field
/// takes its default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Preferences {
    /// Locale code (`en`, `pt`, `es`, `ru`), or `None` to follow the browser.
    pub locale: Option<String>,
    /// The game last played: the app opens on it. `None`: the app opens on the choice.
    pub game: Option<GameKind>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::storage;

    #[test]
    fn version_1_preferences_still_read() {
        // As version 1 wrote them (language set to Português).
        let v1 = r#"{"app":"shogi-variants","data":{"locale":"pt"},"version":1}"#;
        let p: Preferences = storage::decode(v1, storage::PREFERENCES_VERSION).unwrap();
        assert_eq!(
            p,
            Preferences {
                locale: Some("pt".into()),
                game: None
            }
        );
        let again = storage::encode(
            storage::PREFERENCES_VERSION,
            &Preferences {
                game: Some(GameKind::Yonin),
                ..p
            },
        );
        assert_eq!(
            again,
            r#"{"app":"shogi-variants","data":{"game":"yonin","locale":"pt"},"version":1}"#
        );
        assert!(
            storage::decode::<Preferences>(
                r#"{"app":"shogi-variants","data":{"game":"chess"},"version":1}"#,
                1
            )
            .is_err()
        );
    }
}
