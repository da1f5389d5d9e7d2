//! What differs between the games at a table ([`TableGame`]): how a game starts, how
//! its moves are taken apart for clicks, resignation, who won, the CPU, and an older
//! save format a game may have ([`LegacyFormat`]).

use super::history::MoveNote;
use super::settings::{PanelRules, Settings};
use super::stats::Standing;
use super::{SavedTable, Source};
use crate::ai::Think;
use crate::engine::{Square, Variant};
use crate::session::feedback::MoveSound;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;

/// The settings panel of game `G`.
pub type SettingsOf<G> = Settings<<G as Variant>::Rules, <G as TableGame>::PieceStyle>;

/// The choices of a game's piece style (a display setting saved with the table).
pub trait PieceStyleChoice:
    Copy + Eq + fmt::Debug + Default + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Every choice, the default first.
    const ALL: &'static [Self];
    /// The code of the choice: the saved value and the `value` of its option.
    fn code(self) -> &'static str;
}

/// What differs between the games at a table.
pub trait TableGame: Variant<Rules: PanelRules> + crate::record::text::RecordText {
    /// How the pieces are drawn, a display setting saved with the table.
    type PieceStyle: PieceStyleChoice;
    /// A kind of piece that can be in hand ([`std::convert::Infallible`] when the game
    /// has no hands).
    type HandPiece: Copy + Eq + fmt::Debug + Send + Sync + 'static;

    /// The name of the game in messages (`hasami`, `yonin`).
    const KEY: &'static str;
    /// The storage key its table is saved under ([`crate::session::storage::keys`]).
    const TABLE_KEY: &'static str;
    /// The key, in this tab's sessionStorage, of the share link whose game the table
    /// shows ([`crate::session::table::Table::shared_link`]).
    const SHARED_KEY: &'static str;
    /// Whether a player may resign (RULES H4.3; Yonin has no resignation, RULES Y6.6).
    const CAN_RESIGN: bool;

    /// The next game under the rules of `settings`, after `previous` (`None` for the
    /// first game at the table). `begun` tells whether `previous` had begun (a move or
    /// an outcome); restarting a game nobody moved in keeps who starts.
    fn next_game(settings: &SettingsOf<Self>, previous: Option<&Self>, begun: bool) -> Self;

    /// This game, not begun, under `rules` in place of its own: the same start (position
    /// and seat to move; an imported position stays), for a rule changed before the
    /// first move. `None` when that start cannot be played under `rules`.
    fn under_rules(&self, rules: Self::Rules) -> Option<Self>;

    /// Changes which participant sits in which seat for the next game; `seating[seat
    /// index]` is the participant's index. The default keeps everyone in place.
    fn next_seating(_settings: &SettingsOf<Self>, _begun: bool, _seating: &mut [usize]) {}

    /// Where `mv` starts.
    fn source(mv: Self::Move) -> Source<Self::HandPiece>;
    /// Where `mv` ends.
    fn destination(mv: Self::Move) -> Square;
    /// Whether `mv` promotes (RULES Y2.4); Hasami never does.
    fn is_promotion(mv: Self::Move) -> bool;
    /// The sound of a move that did `report` ([`crate::session::feedback`]).
    fn sound(report: &Self::Report) -> MoveSound;
    /// The seat that moves the piece on `sq`, if any.
    fn owner_at(&self, sq: Square) -> Option<Self::Seat>;

    /// How many pieces of kind `piece` `seat` holds in hand (RULES Y2.2); the default
    /// (a game without hands) none.
    fn in_hand(&self, _seat: Self::Seat, _piece: Self::HandPiece) -> u32 {
        0
    }

    /// Resigns for `seat` (RULES H4.3). Returns whether the game ended so; the default
    /// (no resignation) refuses.
    fn resign(&mut self, _seat: Self::Seat) -> bool {
        false
    }

    /// How `seat` finished `game`, which ended with `outcome` (for the statistics).
    fn standing(game: &Self, outcome: &Self::Outcome, seat: Self::Seat) -> Standing;

    /// The seat that made each move, parallel to [`Variant::moves`] (Yonin's check
    /// priority, RULES Y3.3, means it cannot be told from a move's index).
    fn moved_by(&self) -> Vec<Self::Seat>;

    /// Whether `seat` still plays in this game (Yonin: not mated, RULES Y5; Hasami:
    /// always).
    fn still_plays(&self, _seat: Self::Seat) -> bool {
        true
    }

    /// The seats that won `outcome` (empty for a draw).
    fn winners(outcome: &Self::Outcome) -> Vec<Self::Seat>;

    /// The CPU's move for the side to move and the work its search did (Hasami nodes,
    /// Yonin work units), `None` when the game is over. Deterministic for the same game,
    /// level and seed when no clock stops it. This is the seam a Web Worker takes over.
    fn cpu_analysis(&self, think: &Think) -> Option<(Self::Move, u64)>;

    /// [`TableGame::cpu_analysis`]'s move alone.
    fn cpu_move(&self, think: &Think) -> Option<Self::Move> {
        self.cpu_analysis(think).map(|(mv, _)| mv)
    }

    /// Whether the move list numbers moves in pairs, as PGN does (Hasami), rather than
    /// one number per move (Yonin, whose seats check priority may skip).
    const NUMBERS_IN_PAIRS: bool = false;

    /// Plays `mv` for the side to move and tells what it did, for the move list
    /// ([`super::history`]).
    ///
    /// # Errors
    /// The engine's refusal, as [`crate::engine::Variant::play`]; the game is unchanged.
    fn play_noted(&mut self, mv: Self::Move) -> Result<MoveNote<Self::Seat>, Self::PlayError>;

    /// The format an older version of the app saved this game's tables in, if any
    /// (only Hasami has one). `None` by default.
    fn legacy() -> Option<&'static dyn LegacyFormat<Self>> {
        None
    }
}

/// A format an older version of the app saved a game's tables in, read so that those
/// tables still open (its [`crate::session::storage`] envelope has version 1).
pub trait LegacyFormat<G: TableGame>: Sync {
    /// The storage key of the settings that version kept apart from the table, if any.
    fn settings_key(&self) -> Option<&'static str>;

    /// Reads a table of this format: `data` is its envelope's data and `settings` the
    /// text under [`LegacyFormat::settings_key`], if any.
    ///
    /// # Errors
    /// What is damaged in `data`.
    fn migrate(
        &self,
        data: serde_json::Value,
        settings: Option<&str>,
    ) -> Result<SavedTable<G>, LegacyError>;
}

/// Why a table of an older format could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LegacyError {
    /// The data does not have the old format's shape (serde's description).
    #[error("{0}")]
    Shape(String),
    /// The old format names a participant that does not exist.
    #[error("black is played by participant {0}, not 0 or 1")]
    NoSuchParticipant(usize),
}
