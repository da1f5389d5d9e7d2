//! What happened while a person waited: the moves made since a seat last moved
//! ([`since_plies`]), gathered for the person they are told to ([`SinceMove`],
//! [`Table::since_move`]) and kept until that person moves; and whether the device
//! must be handed to the seat to move ([`Table::your_move`]'s
//! [`YourMove::HandTo`](super::YourMove::HandTo)).

use super::history::{MoveEntry, move_list_from};
use super::{Controller, Table, TableGame};
use std::ops::Range;

/// The moves made since `seat` last moved, as indices into the game's moves (0 for the
/// first move); `movers` is the seat that made each move ([`TableGame::moved_by`]).
///
/// - After the seat's last move, to the end of the game.
/// - The whole game so far when the seat has not moved yet (empty before any move).
/// - Empty when the seat made the last move: nothing happened since.
///
/// Seats skipped by check priority (RULES Y3.3) make no move, so the moves since a
/// skipped seat's last move include the turns it lost.
pub fn since_plies<S: Copy + Eq>(movers: &[S], seat: S) -> Range<usize> {
    let from = movers.iter().rposition(|&s| s == seat).map_or(0, |i| i + 1);
    from..movers.len()
}

/// The moves one seat has not answered yet, told to the person who plays it
/// ([`Table::since_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SinceMove<S> {
    /// The seat the summary is for.
    pub seat: S,
    /// Whether its person is the only one at the table (the summary then says "you";
    /// with several people sharing the device it is for the seat to move).
    pub only: bool,
    /// The seat has not moved yet in this game: the entries are the whole game so far.
    pub first: bool,
    /// The moves since the seat's last move, in order, each with what it did (captures,
    /// checks, seats skipped by check priority, mates: RULES Y3.3, Y5). For a seat that
    /// is out (mated, RULES Y5), they stop at the move that put it out.
    pub entries: Vec<MoveEntry<S>>,
}

impl<G: TableGame> Table<G> {
    /// What the person to move has not seen, kept until they move: the moves made since
    /// their seat last moved ([`since_plies`]).
    ///
    /// - With one person at the table (against the CPU), it is theirs, whoever is to
    ///   move, and it grows with each CPU move until they move again; after the game it
    ///   stays as it ended, and for a seat that is out it stops at the move that put it
    ///   out.
    /// - With several people sharing the device, it is for the seat to move when a
    ///   person plays it (since that seat last moved), else `None`.
    /// - `None` with nobody at the table, and while a game is replayed (the move list
    ///   and the banner tell the moment shown).
    pub fn since_move(&self) -> Option<SinceMove<G::Seat>> {
        if self.review.is_some() {
            return None;
        }
        let (seat, only) = match self.humans().as_slice() {
            [] => return None,
            [only] => (*only, true),
            _ => {
                let seat = self.game.side_to_move()?;
                if self.controller(seat) != Controller::Human {
                    return None;
                }
                (seat, false)
            }
        };
        let plies = since_plies(&self.game.moved_by(), seat);
        let mut entries = move_list_from(&self.game, plies.start);
        if !self.game.still_plays(seat)
            && let Some(out) = entries
                .iter()
                .position(|e| e.note.mates.iter().any(|m| m.seat == seat))
        {
            entries.truncate(out + 1);
        }
        Some(SinceMove {
            seat,
            only,
            first: plies.start == 0,
            entries,
        })
    }

    /// Whether the device goes from one person to another for `seat`'s turn: in a game
    /// of more than two seats (in a game of two it always does, so it goes without
    /// saying), the last move made by a person's seat was another seat's.
    pub(super) fn hands_over_to(&self, seat: G::Seat) -> bool {
        G::SEATS.len() > 2
            && self
                .game
                .moved_by()
                .into_iter()
                .rev()
                .find(|&s| self.controller(s) == Controller::Human)
                .is_some_and(|last| last != seat)
    }
}
