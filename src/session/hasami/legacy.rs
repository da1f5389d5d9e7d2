//! The Hasami tables version 1 of the app saved: the game and seating under
//! `shogi-variants/hasami/table` (envelope version 1), the settings apart under
//! `shogi-variants/hasami/settings`. Read so that those tables still open; the next
//! save writes the current format and removes the settings key.

use super::Settings;
use crate::engine::hasami::Game;
use crate::session::storage::{self, keys};
use crate::session::table::{LegacyError, LegacyFormat, Participant, Revision, SavedTable};
use serde::Deserialize;

/// Version 1 of the Hasami table format.
pub struct Version1;

/// The one value of [`Version1`].
pub static VERSION_1: Version1 = Version1;

/// The table as version 1 saved it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableV1 {
    participants: [Participant; 2],
    black: usize,
    game: Game,
}

impl LegacyFormat<Game> for Version1 {
    fn settings_key(&self) -> Option<&'static str> {
        Some(keys::HASAMI_SETTINGS_V1)
    }

    /// Unreadable settings give the defaults, as version 1 did.
    fn migrate(
        &self,
        data: serde_json::Value,
        settings: Option<&str>,
    ) -> Result<SavedTable<Game>, LegacyError> {
        let old: TableV1 =
            serde_json::from_value(data).map_err(|e| LegacyError::Shape(e.to_string()))?;
        let seating = match old.black {
            0 => vec![0, 1],
            1 => vec![1, 0],
            n => return Err(LegacyError::NoSuchParticipant(n)),
        };
        let settings = settings
            .and_then(|text| storage::decode::<Settings>(text, 1).ok())
            .unwrap_or_default();
        Ok(SavedTable {
            settings,
            participants: old.participants.to_vec(),
            seating,
            game: old.game,
            game_number: 1,
            revision: Revision { seq: 1, page: 0 },
            clock_used_ms: 0.0,
            redo: Vec::new(),
            stats: Default::default(),
            result_dismissed: false,
        })
    }
}
