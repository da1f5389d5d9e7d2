//! The validated game state (RULES Y1–Y7): the board, hands, seat to move, eliminations
//! and move count, with its accessors and the end of the game by mates or the move
//! limit (RULES Y6). Check detection is in `check.rs`, move generation and perft in
//! `movegen.rs`, legality and playing a move in `play.rs`.

use std::fmt;

use crate::engine::Square;

use super::tables::SQUARES;
use super::{Hand, Outcome, Piece, Role, Rules, Seat, SeatSet};

/// The record of one elimination (RULES Y5): who was mated, by whom, and at which move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Elimination {
    /// The mated seat.
    pub seat: Seat,
    /// The mater: the seat that made the last move before the mated seat's turn
    /// (RULES Y5.2).
    pub by: Seat,
    /// The move count (moves of all seats together) when the mate was judged, `1..`.
    pub at_move: u32,
}

const NO_ELIM: Elimination = Elimination {
    seat: Seat::South,
    by: Seat::South,
    at_move: 0,
};

/// The state of a Yonin Shogi game at one moment (RULES Y1–Y7): the board (pieces with
/// promotion, owner or ownerless, facing; flipped kings), the four hands, the seat to move,
/// the eliminations in order (who, by whom, at which move), the move count and the local
/// rules.
///
/// A `Position` is always valid (see [`PositionError`](super::PositionError)); it is built by
/// [`Position::start`] or parsed from the notation described in the
/// [module docs](super). It is cheap to clone (about 450 bytes, no heap).
///
/// Repetition (RULES Y6.3) needs the history and lives in [`Game`](super::Game); a
/// `Position` knows the endings by mates and by the move limit.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [Option<Piece>; 81],
    pub(crate) hands: [Hand; 4],
    pub(crate) kings: [u8; 4],
    pub(crate) turn: Seat,
    pub(crate) live: SeatSet,
    pub(crate) elims: [Elimination; 3],
    pub(crate) n_elims: u8,
    pub(crate) moves: u32,
    pub(crate) rules: Rules,
}

/// The part of a position that repetition compares (RULES Y6.3): every square (piece,
/// promotion, owner or ownerless, facing, flipped kings), the four hands and the seat to
/// move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: [Option<Piece>; 81],
    hands: [Hand; 4],
    turn: Seat,
}

impl Default for Position {
    /// The start position with the default rules, South to move.
    fn default() -> Position {
        Position::start(Rules::default(), Seat::South)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// The start layout of one seat (RULES Y1.2), in South's own terms: (file, rank, role).
const SOUTH_SETUP: [(i8, i8, Role); 9] = [
    (2, 0, Role::Silver),
    (3, 0, Role::Gold),
    (4, 0, Role::King),
    (5, 0, Role::Gold),
    (6, 0, Role::Silver),
    (3, 1, Role::Pawn),
    (4, 1, Role::Rook),
    (5, 1, Role::Pawn),
    (4, 2, Role::Pawn),
];

impl Position {
    /// The start position (RULES Y1.2) under `rules`, with `first` to move (RULES Y1.5).
    ///
    /// # Examples
    /// ```
    /// use shogi_variants::engine::yonin::{Position, Rules, Seat};
    /// let pos = Position::start(Rules::default(), Seat::South);
    /// assert_eq!(pos.legal_moves().len(), 9);
    /// ```
    pub fn start(rules: Rules, first: Seat) -> Position {
        let mut board = [None; 81];
        let mut kings = [0u8; 4];
        for seat in Seat::ALL {
            for (f, r, role) in SOUTH_SETUP {
                // Rotate South's layout a quarter turn per seat (clockwise around the
                // board as South sees it): West sits on file a, North on rank 9, East on
                // file i.
                let (file, rank) = match seat {
                    Seat::South => (f, r),
                    Seat::West => (r, 8 - f),
                    Seat::North => (8 - f, 8 - r),
                    Seat::East => (8 - r, f),
                };
                let sq = (rank * 9 + file) as usize;
                board[sq] = Some(Piece::new(role, seat));
                if role == Role::King {
                    kings[seat.index()] = sq as u8;
                }
            }
        }
        Position {
            board,
            hands: [Hand::EMPTY; 4],
            kings,
            turn: first,
            live: SeatSet::ALL,
            elims: [NO_ELIM; 3],
            n_elims: 0,
            moves: 0,
            rules,
        }
    }

    // ----------------------------------------------------------------------------------
    // Accessors
    // ----------------------------------------------------------------------------------

    /// The local rules this position is played under.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The seat to move (after turn resolution, RULES Y3.3). When the game is over this is
    /// the seat that made the last move.
    pub fn side_to_move(&self) -> Seat {
        self.turn
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// All occupied squares with their pieces, `a1` first, then along rank 1, and so on.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..81).filter_map(|i| self.board[i].map(|p| (SQUARES[i], p)))
    }

    /// The hand of `seat` (RULES Y2.2).
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat.index()]
    }

    /// The square of `seat`'s king, live or flipped.
    pub fn king_square(&self, seat: Seat) -> Square {
        SQUARES[self.kings[seat.index()] as usize]
    }

    /// Whether `seat` is still in the game (not mated).
    pub fn is_live(&self, seat: Seat) -> bool {
        self.live.contains(seat)
    }

    /// The seats still in the game.
    pub fn live_seats(&self) -> SeatSet {
        self.live
    }

    /// The eliminations so far, in the order they happened (RULES Y5, Y7b.7).
    pub fn eliminations(&self) -> &[Elimination] {
        &self.elims[..self.n_elims as usize]
    }

    /// The elimination of `seat`, if it was mated.
    pub fn elimination_of(&self, seat: Seat) -> Option<Elimination> {
        self.eliminations().iter().copied().find(|e| e.seat == seat)
    }

    /// Number of seats `seat` has mated (RULES Y6.1).
    pub fn mates_by(&self, seat: Seat) -> u32 {
        self.eliminations().iter().filter(|e| e.by == seat).count() as u32
    }

    /// The move count at `seat`'s latest mate, `None` if it mated nobody (RULES Y7b.7).
    pub fn last_mate_by(&self, seat: Seat) -> Option<u32> {
        self.eliminations()
            .iter()
            .filter(|e| e.by == seat)
            .map(|e| e.at_move)
            .max()
    }

    /// Total pieces of `seat` for placings (RULES Y6.1, Y7b.7): board pieces it owns (its
    /// king included), its hand, and the flipped kings of the seats it mated itself.
    pub fn piece_total(&self, seat: Seat) -> u32 {
        let board = self
            .board
            .iter()
            .filter(|p| matches!(p, Some(p) if p.owner == Some(seat)))
            .count() as u32;
        board + self.hands[seat.index()].total() + self.mates_by(seat)
    }

    /// Moves made so far by all seats together (RULES Y6.4).
    pub fn move_count(&self) -> u32 {
        self.moves
    }

    /// The key that repetition compares (RULES Y6.3).
    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey {
            board: self.board,
            hands: self.hands,
            turn: self.turn,
        }
    }

    /// This position with `seat` to move out of the turn order, for the CPU's best-reply
    /// search only (`ai::yonin`): it lets an opponent answer before its turn. Not a
    /// position of the game (RULES Y3.3 decides who moves); `seat` must be live.
    pub(crate) fn set_turn_for_search(&mut self, seat: Seat) {
        debug_assert!(self.live.contains(seat));
        self.turn = seat;
    }

    /// The next live seat clockwise after `seat` (RULES Y1.1); `seat` itself when no other
    /// seat is live.
    pub fn next_live(&self, seat: Seat) -> Seat {
        (1..4)
            .map(|k| seat.clockwise(k))
            .find(|&s| self.live.contains(s))
            .unwrap_or(seat)
    }

    /// Whether enough seats are mated to end the game (RULES Y6.1, Y6.2, Y7.2).
    pub fn is_over_by_mates(&self) -> bool {
        self.n_elims as usize >= self.rules.mates_to_end()
    }

    /// Whether the move limit is reached (RULES Y6.4, Y7b.8).
    pub fn is_move_limit_reached(&self) -> bool {
        matches!(self.rules.move_limit, Some(limit) if self.moves >= limit)
    }

    /// Whether the game is over by mates or by the move limit. Repetition is judged by
    /// [`Game`](super::Game).
    pub fn is_over(&self) -> bool {
        self.is_over_by_mates() || self.is_move_limit_reached()
    }

    /// How the game ended, if it did by mates or the move limit (RULES Y6, Y7b.2: a game
    /// ended by mates stays so even when the same move reached the limit).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.is_over_by_mates() {
            Some(Outcome::new(super::EndReason::Mates, self.placings()))
        } else if self.is_move_limit_reached() {
            Some(Outcome::new(super::EndReason::MoveLimit, self.placings()))
        } else {
            None
        }
    }

    /// The placings if the game stopped now, by seat index (RULES Y6.1, Y6.2, Y6.5, Y7b.7),
    /// or `None` in pairs when nobody is mated (a draw).
    ///
    /// Individual: survivors first, ranked by seats mated, then total pieces
    /// ([`piece_total`](Self::piece_total)), then the later last mate; equal survivors share
    /// a place (competition ranking 1, 1, 3, 4). Eliminated seats follow, the seat mated
    /// later placing higher. Pairs: after a mate the winners are 1st and the losers 3rd.
    pub fn placings(&self) -> Option<[u8; 4]> {
        if self.rules.is_pairs() {
            let mated = self.eliminations().first()?;
            let mut out = [1u8; 4];
            out[mated.seat.index()] = 3;
            out[mated.seat.partner().index()] = 3;
            return Some(out);
        }
        let mut out = [0u8; 4];
        let survivors: Vec<Seat> = self.live.iter().collect();
        let key = |s: Seat| {
            (
                self.mates_by(s),
                self.piece_total(s),
                self.last_mate_by(s).map_or(0, |m| u64::from(m) + 1),
            )
        };
        for &s in &survivors {
            let better = survivors.iter().filter(|&&o| key(o) > key(s)).count();
            out[s.index()] = 1 + better as u8;
        }
        let n_live = survivors.len() as u8;
        for (i, e) in self.eliminations().iter().enumerate().rev() {
            // the last eliminated is right below the survivors
            let rank_below = (self.n_elims as usize - 1 - i) as u8;
            out[e.seat.index()] = n_live + 1 + rank_below;
        }
        Some(out)
    }
}
