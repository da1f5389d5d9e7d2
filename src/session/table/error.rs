//! What a table refuses ([`TableError`]) and what it tells the player
//! ([`TableNotice`]).

use super::records::LinkProblem;
use crate::session::storage::{LoadError, StorageError};

/// Why the table refused an action. Nothing changes on error.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TableError<E> {
    /// The CPU's answer is for another revision of the table, or the CPU was not asked.
    #[error("the table changed since the CPU was asked")]
    Stale,
    /// Nobody at this table may resign now.
    #[error("nobody may resign now")]
    CannotResign,
    /// Nothing to take back.
    #[error("nothing to take back")]
    NothingToTakeBack,
    /// Nothing to redo.
    #[error("nothing to redo")]
    NothingToRedo,
    /// A think time the settings do not offer, in milliseconds.
    #[error("think time {0} ms is not one of those offered")]
    ThinkTime(u32),
    /// The engine refused the move.
    #[error("{0}")]
    Play(E),
}

/// An action of the player that the table refused, as told in a notice
/// ([`TableNotice::Refused`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// Resign, when nobody may resign (the game ended meanwhile, say).
    Resign,
    /// Take back, with nothing to take back.
    TakeBack,
    /// Redo, with nothing to redo.
    Redo,
    /// A CPU think time that is not offered.
    ThinkTime,
    /// A piece in hand that cannot be dropped anywhere now ([`super::Click::NoDrop`]).
    NoDrop,
}

impl<E> TableError<E> {
    /// How the refusal of a player's action is told, `None` for what is not the
    /// player's doing (a stale or refused CPU answer, which the CPU's driver handles).
    pub fn refusal(&self) -> Option<Refusal> {
        match self {
            TableError::CannotResign => Some(Refusal::Resign),
            TableError::NothingToTakeBack => Some(Refusal::TakeBack),
            TableError::NothingToRedo => Some(Refusal::Redo),
            TableError::ThinkTime(_) => Some(Refusal::ThinkTime),
            TableError::Stale | TableError::Play(_) => None,
        }
    }
}

/// What a table tells the player.
#[derive(Clone, PartialEq, Debug)]
pub enum TableNotice<S> {
    /// The saved table could not be read; a new game was started. `kept`: the
    /// unreadable text was copied aside (under `KEY/unreadable`).
    Unreadable {
        /// Why.
        error: LoadError,
        /// Whether the text was kept aside.
        kept: bool,
    },
    /// The saved table's game could not be read in full: it was cut before the first
    /// move that does not replay, the rest of the table kept
    /// ([`super::SavedTable::open_good_moves`]). `kept`: the text as it was was copied
    /// aside (under `KEY/unreadable`).
    Recovered {
        /// Moves of the game kept.
        moves: usize,
        /// Why the whole did not read.
        error: LoadError,
        /// Whether the text was kept aside.
        kept: bool,
    },
    /// The saved table is from a newer version of the app: it is left as it is, and
    /// this table is not saved (so it is not overwritten).
    Newer {
        /// The format version found.
        version: u64,
    },
    /// The browser does not let the app keep data: the game will not be kept.
    StorageUnavailable {
        /// Why, for the notice's tooltip.
        error: StorageError,
    },
    /// Another tab changed this table in a way that replaced what this tab showed.
    OtherTab,
    /// Another tab changed this table while this tab replays its game: the replay
    /// stays at its move, and the latest position is at its end.
    OtherTabReplaying,
    /// The time per move ran out and the CPU moved for a person (RULES H5.1).
    Timeout {
        /// The seat the CPU moved for.
        seat: S,
    },
    /// The saved choice of pieces (a display setting, `settings.pieces`) was damaged:
    /// the default pieces are shown, and the game and every other setting are kept.
    PiecesReset,
    /// The CPU's Web Worker failed (did not start, crashed, or answered with an error):
    /// from now on the CPU thinks on the page itself, which may freeze it while it
    /// thinks.
    CpuFailed {
        /// What went wrong, for the notice's tooltip.
        detail: String,
    },
    /// An action of the player was refused; nothing changed.
    Refused(Refusal),
    /// The only person at the table plays another seat in the new game (*alternate who
    /// starts*, RULES H1.3).
    SeatChanged {
        /// Their seat now.
        seat: S,
    },
    /// A record the player imported is now the table's game ([`super::Table::import_game`]).
    Imported {
        /// The moves of the game loaded (each player's move one).
        moves: usize,
    },
    /// A share link could not be opened (its good moves may be shown).
    BadLink(LinkProblem<S>),
}

impl<S> TableNotice<S> {
    /// Whether the notice goes away by itself.
    pub fn transient(&self) -> bool {
        matches!(
            self,
            TableNotice::OtherTab
                | TableNotice::OtherTabReplaying
                | TableNotice::Timeout { .. }
                | TableNotice::Refused(_)
                | TableNotice::SeatChanged { .. }
                | TableNotice::Imported { .. }
        )
    }
}
