//! A game looked at again: its move list ([`move_list`], RULES H6.2, Y9.1), each move
//! with what it did, and the game as it stood after any of its moves ([`game_at`]).
//! Everything is computed from the game itself (its moves replayed from its start), so
//! it holds after a reload, another tab's move or an import.

use super::game::TableGame;
use crate::engine::{Undone, Variant};

/// One elimination, as the move list tells it (RULES Y5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mate<S> {
    /// The mated seat.
    pub seat: S,
    /// The mater (RULES Y5.2).
    pub by: S,
}

/// What one move did, for the move list: the game fills it as it plays the move
/// ([`TableGame::play_noted`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote<S> {
    /// The seat that moved.
    pub seat: S,
    /// The move in the game's notation (RULES H6.2, Y9.1).
    pub notation: String,
    /// Pieces it captured (Hasami: 0 to 8, RULES H3; Yonin: 0 or 1, RULES Y2.2).
    pub captured: u8,
    /// The piece promoted (RULES Y2.4; the notation's `+`); never in Hasami.
    pub promoted: bool,
    /// Seats it gave check to (RULES Y7b.1); empty in Hasami.
    pub checks: Vec<S>,
    /// Live seats that lose this turn to check priority (RULES Y3.3 step 3).
    pub skipped: Vec<S>,
    /// Seats mated when their turn came, in order (RULES Y3.3 step 2, Y5).
    pub mates: Vec<Mate<S>>,
    /// The move ended the game.
    pub ends_game: bool,
}

/// One line of the move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEntry<S> {
    /// The move's place in the game, from 1 (the `n` of the `move-<n>` test id and of
    /// [`game_at`]).
    pub ply: usize,
    /// The number written before it: in Hasami the number of the pair of moves, as PGN
    /// numbers them (Black's and White's move share it); in Yonin the move count, one
    /// per move (RULES Y6.4).
    pub number: u32,
    /// Whether the number is written before this move (Hasami writes it once per pair,
    /// and before a first move made by White).
    pub numbered: bool,
    /// What the move did.
    pub note: MoveNote<S>,
}

/// The game as it began (every move and any resignation taken back,
/// [`Variant::started`]).
pub fn start_of<G: Variant>(game: &G) -> G {
    game.started()
}

/// The move list of `game`: one entry per move, in order. A resignation is not a move
/// (the result tells it).
pub fn move_list<G: TableGame>(game: &G) -> Vec<MoveEntry<G::Seat>> {
    move_list_from(game, 0)
}

/// The entries of [`move_list`] from the move at index `from` (0 for the first move) to
/// the last: the moves before it are replayed without being noted. Empty when `from` is
/// at or past the end.
pub fn move_list_from<G: TableGame>(game: &G, from: usize) -> Vec<MoveEntry<G::Seat>> {
    let mut replay = start_of(game);
    let pairs = G::NUMBERS_IN_PAIRS;
    // In pairs, a game White begins starts with the second half of pair 1.
    let offset = usize::from(pairs && replay.side_to_move() != Some(G::SEATS[0]));
    let mut entries = Vec::with_capacity(game.moves().len().saturating_sub(from));
    for (i, &mv) in game.moves().iter().enumerate() {
        if i < from {
            if replay.play(mv).is_err() {
                break;
            }
            continue;
        }
        let Ok(note) = replay.play_noted(mv) else {
            // The game's own moves replay; a refusal would mean a damaged game, and the
            // list stops there rather than tell a wrong story.
            break;
        };
        // Numbered as the record numbers it, continuing a loaded position's count.
        let number = crate::record::text::RecordText::move_number(game, i);
        let numbered = !pairs || (i + offset) % 2 == 0 || i == 0;
        entries.push(MoveEntry {
            ply: i + 1,
            number,
            numbered,
            note,
        });
    }
    entries
}

/// The game as it stood after its first `ply` moves (`ply` past the end: the whole game,
/// resignation included). At `ply` < the number of moves a resignation is taken back
/// with the moves after `ply`.
pub fn game_at<G: Variant>(game: &G, ply: usize) -> G {
    let mut at = game.clone();
    while at.moves().len() > ply {
        match at.undo() {
            Some(Undone::Move(_) | Undone::Resignation) => {}
            None => break,
        }
    }
    at
}
