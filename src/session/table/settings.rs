//! The settings panel of a table (RULES H5, Y8): the site settings both games share
//! ([`TableSettings`]), the local rules of the next game and the piece style, in one
//! [`Settings`] value saved with the table.
//!
//! Stored flat, as one JSON object: the shared settings and the rules' fields side by
//! side with `pieces` (`{"show_legal_moves":true,…,"win":"capture_five",…}`). Missing
//! fields take their defaults; a move limit the panel does not offer is refused
//! ([`SettingsError`]).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Time allowed for one move, a site setting of both games (RULES H5, H5.1, Y8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimePerMove {
    /// No limit (default).
    #[default]
    None,
    /// 30 seconds.
    Seconds30,
    /// 60 seconds.
    Seconds60,
}

impl TimePerMove {
    /// Every choice, the default first.
    pub const ALL: [TimePerMove; 3] = [
        TimePerMove::None,
        TimePerMove::Seconds30,
        TimePerMove::Seconds60,
    ];

    /// The time allowed, in milliseconds, or `None` for no limit.
    pub const fn millis(self) -> Option<u32> {
        match self {
            TimePerMove::None => None,
            TimePerMove::Seconds30 => Some(30_000),
            TimePerMove::Seconds60 => Some(60_000),
        }
    }
}

/// How the board is turned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ViewMode {
    /// The board stays put: the seat of the only person at the table at the bottom, or
    /// the first seat (Black, South) when there are several people or none (default).
    #[default]
    Fixed,
    /// After each move the board turns so that the person to move sits at the bottom
    /// (pass-and-play on one device).
    TurnToMove,
}

impl ViewMode {
    /// Every choice, the default first.
    pub const ALL: [ViewMode; 2] = [ViewMode::Fixed, ViewMode::TurnToMove];
}

/// The site settings every table has, whatever the game (RULES H5, Y8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct TableSettings {
    /// Mark the legal destinations of the selected piece or hand piece (default on).
    pub show_legal_moves: bool,
    /// Change who starts at each new game (default on; RULES H1.3, Y1.5). Hasami's
    /// tables store it under its first name, `alternate_start`, which is still read.
    #[serde(alias = "alternate_start")]
    pub alternate_who_starts: bool,
    /// Time per move (RULES H5.1, Y8); a change counts the time already used in this
    /// turn.
    pub time_per_move: TimePerMove,
    /// How the board is turned (default fixed).
    pub view: ViewMode,
    /// Take-backs (and redo) are allowed (default on); off for serious games.
    pub take_backs: bool,
}

impl Default for TableSettings {
    fn default() -> TableSettings {
        TableSettings {
            show_legal_moves: true,
            alternate_who_starts: true,
            time_per_move: TimePerMove::None,
            view: ViewMode::Fixed,
            take_backs: true,
        }
    }
}

/// Why saved settings were refused.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SettingsError {
    /// The move limit is not one of those the panel offers.
    #[error("move limit {0:?} is not one of those offered")]
    MoveLimitNotOffered(Option<u32>),
}

/// The local rules of a game as the settings panel offers them.
pub trait PanelRules:
    Copy + Eq + fmt::Debug + Default + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The move limits the panel offers, `None` for no limit (RULES H4.5, Y6.4).
    const MOVE_LIMITS: &'static [Option<u32>];

    /// The move limit of these rules.
    fn move_limit(&self) -> Option<u32>;

    /// Whether the panel offers these rules.
    ///
    /// # Errors
    /// [`SettingsError::MoveLimitNotOffered`] for a move limit not in
    /// [`PanelRules::MOVE_LIMITS`].
    fn check(&self) -> Result<(), SettingsError> {
        let limit = self.move_limit();
        if Self::MOVE_LIMITS.contains(&limit) {
            Ok(())
        } else {
            Err(SettingsError::MoveLimitNotOffered(limit))
        }
    }
}

/// The settings panel of a table: the shared site settings, the local rules `R` that a
/// new game is played under, and the piece style `P` the board is drawn with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(
    try_from = "StoredSettings<R, P>",
    bound(
        serialize = "R: Serialize, P: Serialize",
        deserialize = "R: PanelRules, P: Default + DeserializeOwned"
    )
)]
pub struct Settings<R, P> {
    /// What every table has.
    #[serde(flatten)]
    pub table: TableSettings,
    /// The local rules of the next game (a change applies from the next game).
    #[serde(flatten)]
    pub rules: R,
    /// The pieces the board is drawn with.
    pub pieces: P,
}

/// [`Settings`] as stored, before its rules are checked.
#[derive(Deserialize)]
#[serde(bound(deserialize = "R: PanelRules, P: Default + DeserializeOwned"))]
struct StoredSettings<R, P> {
    #[serde(flatten)]
    table: TableSettings,
    #[serde(flatten)]
    rules: R,
    #[serde(default)]
    pieces: P,
}

impl<R: PanelRules, P> TryFrom<StoredSettings<R, P>> for Settings<R, P> {
    type Error = SettingsError;

    fn try_from(s: StoredSettings<R, P>) -> Result<Settings<R, P>, SettingsError> {
        s.rules.check()?;
        Ok(Settings {
            table: s.table,
            rules: s.rules,
            pieces: s.pieces,
        })
    }
}
