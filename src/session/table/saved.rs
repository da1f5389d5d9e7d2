//! How a table is saved and read back: [`SavedTable`], everything of a table in one
//! write, in the storage envelope of [`storage::TABLE_VERSION`]; an older format is
//! migrated by the game's [`LegacyFormat`](super::LegacyFormat).

use super::game::{SettingsOf, TableGame};
use super::{Participant, Revision, Stats};
use crate::ai::THINK_TIMES_MS;
use crate::session::storage::{self, LoadError};
use serde::{Deserialize, Serialize};

/// Everything saved of a table, in one write: settings, participants, seating, the game
/// (as its record), the game number, the revision and the time used on the move clock.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "", try_from = "SavedTableData<G>")]
pub struct SavedTable<G: TableGame> {
    /// The settings panel.
    pub settings: SettingsOf<G>,
    /// The participants (one per seat).
    pub participants: Vec<Participant>,
    /// `seating[seat index]` = index of the participant in that seat.
    pub seating: Vec<usize>,
    /// The game in progress or just finished.
    pub game: G,
    /// Games started at this table (1 for the first).
    pub game_number: u64,
    /// The revision of the table when saved.
    pub revision: Revision,
    /// Milliseconds of the time per move used by the seat to move.
    pub clock_used_ms: f64,
    /// Moves taken back that can be played again, the next last (older saves: none).
    pub redo: Vec<G::Move>,
    /// The results of the people at this table (older saves: none yet).
    pub stats: Stats,
    /// Whether the finished game's result was closed, so that a reload shows the
    /// board rather than the result again (written only when true; older saves and a
    /// game not over: `false`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub result_dismissed: bool,
}

/// Why a saved table that reads as JSON makes no sense.
#[derive(Clone, PartialEq, Debug, thiserror::Error)]
pub enum SavedTableError {
    /// Not one participant per seat.
    #[error("{found} participants for {seats} seats")]
    Participants {
        /// Participants found.
        found: usize,
        /// Seats of the game.
        seats: usize,
    },
    /// The seating does not list every seat.
    #[error("seating lists {found} seats, not {seats}")]
    SeatingLength {
        /// Seats listed.
        found: usize,
        /// Seats of the game.
        seats: usize,
    },
    /// The seating puts a participant in two seats, or one that does not exist.
    #[error("seating {0:?} is not one seat per participant")]
    Seating(Vec<usize>),
    /// A think time the settings do not offer, in milliseconds.
    #[error("think time {0} ms is not one of those offered")]
    ThinkTime(u32),
    /// The clock's time is negative or not a number.
    #[error("clock time {0} is not a duration")]
    Clock(f64),
}

impl<G: TableGame> SavedTable<G> {
    /// Reads a table stored as `text` in any version this build knows: the current one
    /// ([`storage::TABLE_VERSION`]) or version 1 of a game that has a
    /// [`TableGame::legacy`] format (which may read `legacy_settings`, the text under
    /// its settings key).
    ///
    /// # Errors
    /// [`LoadError::NotJson`], [`LoadError::NotOurs`], [`LoadError::Corrupt`], or
    /// [`LoadError::UnknownVersion`] for a newer version, which the caller must leave
    /// untouched.
    pub fn open(text: &str, legacy_settings: Option<&str>) -> Result<SavedTable<G>, LoadError> {
        let (version, data) = storage::open(text)?;
        match (version, G::legacy()) {
            (storage::TABLE_VERSION, _) => storage::decode_data(data),
            (1, Some(legacy)) => legacy
                .migrate(data, legacy_settings)
                .map_err(|e| LoadError::Corrupt(e.to_string())),
            (1, None) => Err(LoadError::Corrupt(format!(
                "version 1 saved no {} table",
                G::KEY
            ))),
            (v, _) if v > storage::TABLE_VERSION => Err(LoadError::UnknownVersion(v)),
            (v, _) => Err(LoadError::Corrupt(format!("version {v} was never written"))),
        }
    }

    /// [`SavedTable::open`] of `text` whose only problem is its choice of pieces
    /// (`settings.pieces`, a display setting): the table without it (the default
    /// pieces), or `None` when that does not make it readable.
    pub fn open_without_pieces(text: &str) -> Option<SavedTable<G>> {
        let (version, mut data) = storage::open(text).ok()?;
        if version != storage::TABLE_VERSION {
            return None;
        }
        data.get_mut("settings")?
            .as_object_mut()?
            .remove("pieces")?;
        storage::decode_data(data).ok()
    }

    /// [`SavedTable::open`] of `text` whose game's moves do not all replay (a move
    /// damaged, or refused by the rules, RULES H2 and Y2-Y7): the table with its game cut
    /// before the first move that does not, and how many moves were kept (at least
    /// one). The moves to redo, a resignation and a closed result go with the cut (they
    /// belonged to the game's end). `None` when `text` is not of the current version,
    /// when no move can be kept, or when cutting moves does not make it readable (the
    /// damage is elsewhere).
    pub fn open_good_moves(text: &str) -> Option<(SavedTable<G>, usize)> {
        let (version, mut data) = storage::open(text).ok()?;
        if version != storage::TABLE_VERSION {
            return None;
        }
        let fields = data.as_object_mut()?;
        fields.remove("redo");
        fields.remove("result_dismissed");
        let game = fields.get_mut("game")?.as_object_mut()?;
        game.remove("resigned");
        let moves = game.get("moves")?.as_array()?.len();
        let cut = |keep: usize| {
            let mut data = data.clone();
            data["game"]["moves"].as_array_mut()?.truncate(keep);
            storage::decode_data::<SavedTable<G>>(data).ok()
        };
        // Damage in what went with the cut only: every move kept.
        if let Some(saved) = cut(moves) {
            return Some((saved, moves));
        }
        // The game reads with its first `k` moves exactly while `k` is at most the
        // index of the first bad move: the longest such cut, by bisection.
        let mut good = (1, cut(1)?);
        let mut bad = moves;
        while bad - good.0 > 1 {
            let mid = good.0 + (bad - good.0) / 2;
            match cut(mid) {
                Some(saved) => good = (mid, saved),
                None => bad = mid,
            }
        }
        Some((good.1, good.0))
    }

    /// This table as stored: the envelope of version [`storage::TABLE_VERSION`], as
    /// JSON text.
    pub fn encode(&self) -> String {
        storage::encode(storage::TABLE_VERSION, self)
    }
}

/// [`SavedTable`] as stored, before it is checked.
#[derive(Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
struct SavedTableData<G: TableGame> {
    settings: SettingsOf<G>,
    participants: Vec<Participant>,
    seating: Vec<usize>,
    game: G,
    game_number: u64,
    revision: Revision,
    #[serde(default)]
    clock_used_ms: f64,
    #[serde(default)]
    redo: Vec<G::Move>,
    #[serde(default)]
    stats: Stats,
    #[serde(default)]
    result_dismissed: bool,
}

impl<G: TableGame> TryFrom<SavedTableData<G>> for SavedTable<G> {
    type Error = SavedTableError;

    fn try_from(d: SavedTableData<G>) -> Result<SavedTable<G>, SavedTableError> {
        let seats = G::SEATS.len();
        if d.participants.len() != seats {
            return Err(SavedTableError::Participants {
                found: d.participants.len(),
                seats,
            });
        }
        if d.seating.len() != seats {
            return Err(SavedTableError::SeatingLength {
                found: d.seating.len(),
                seats,
            });
        }
        let mut seen = vec![false; seats];
        for &p in &d.seating {
            if p >= seats || std::mem::replace(&mut seen[p], true) {
                return Err(SavedTableError::Seating(d.seating));
            }
        }
        if let Some(p) = d
            .participants
            .iter()
            .find(|p| !THINK_TIMES_MS.contains(&p.think_ms))
        {
            return Err(SavedTableError::ThinkTime(p.think_ms));
        }
        if !d.clock_used_ms.is_finite() || d.clock_used_ms < 0.0 {
            return Err(SavedTableError::Clock(d.clock_used_ms));
        }
        Ok(SavedTable {
            result_dismissed: d.result_dismissed && d.game.is_over(),
            settings: d.settings,
            participants: d.participants,
            seating: d.seating,
            game: d.game,
            game_number: d.game_number,
            revision: d.revision,
            clock_used_ms: d.clock_used_ms,
            redo: d.redo,
            stats: d.stats,
        })
    }
}
