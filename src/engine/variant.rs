//! One vocabulary over the two games: what the table controller
//! ([`crate::session::table`]), the CPU seam and game records need from a game, whatever
//! its rules. In the spirit of minimax-rs's `Game` trait: one controller, one CPU seam
//! and one record format serve both engines.
//!
//! ```
//! use shogi_variants::engine::Variant;
//! use shogi_variants::engine::{hasami, yonin};
//!
//! fn first_legal<G: Variant>(game: &G) -> Option<G::Move> {
//!     game.legal_moves().into_iter().next()
//! }
//! let h = hasami::Game::new(hasami::Rules::default());
//! assert_eq!(h.side_to_move(), Some(hasami::Player::Black));
//! assert!(first_legal(&h).is_some());
//! let y = yonin::Game::new(yonin::Rules::default(), yonin::Seat::West);
//! assert_eq!(y.side_to_move(), Some(yonin::Seat::West));
//! assert_eq!(y.legal_moves().len(), 9);
//! ```

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use super::{hasami, yonin};

/// What [`Variant::undo`] took back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Undone<M> {
    /// The last move.
    Move(M),
    /// A resignation (RULES H4.3); the moves stay.
    Resignation,
}

/// A game of one of the two variants, with its history: the seats, the side to move,
/// the legal moves, playing and taking back, the outcome and the record.
///
/// Serde stores a game as its record and replays it when loading (so a damaged record
/// is refused, never half-loaded).
pub trait Variant:
    Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// A place at the table: Hasami's Black and White (RULES H1), Yonin's four seats
    /// (RULES Y1.1).
    type Seat: Copy
        + Eq
        + Hash
        + fmt::Debug
        + fmt::Display
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// A move in the game's notation (RULES H6.2, Y9.1).
    type Move: Copy
        + Eq
        + Hash
        + fmt::Debug
        + fmt::Display
        + FromStr
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// The local rules a game is played under (RULES H4.1/H4.5, Y8).
    type Rules: Copy
        + Eq
        + fmt::Debug
        + Default
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// How a game ended.
    type Outcome: Clone + Eq + fmt::Debug + Send + Sync + 'static;
    /// What one move did (captures, checks, eliminations, the outcome if it ended).
    type Report: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;
    /// Why a move was refused.
    type PlayError: std::error::Error + Clone + Eq + Send + Sync + 'static;
    /// The game as data: rules, start and moves (RULES H6, Y9.2).
    type Record: Clone + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// Why a record could not be replayed.
    type RecordError: std::error::Error + Send + Sync + 'static;

    /// Every seat, in turn order (Black first; South, West, North, East).
    const SEATS: &'static [Self::Seat];

    /// The index of `seat` in [`Variant::SEATS`].
    fn seat_index(seat: Self::Seat) -> usize {
        Self::SEATS
            .iter()
            .position(|&s| s == seat)
            .expect("SEATS lists every seat")
    }

    /// The local rules of this game.
    fn rules(&self) -> Self::Rules;

    /// The seat to move, `None` once the game is over.
    fn side_to_move(&self) -> Option<Self::Seat>;

    /// Every legal move of the side to move; empty once the game is over.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv` for the side to move.
    ///
    /// # Errors
    /// The engine's [`Variant::PlayError`] when the move is illegal or the game is over;
    /// the game is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<Self::Report, Self::PlayError>;

    /// Takes back the last move, or the resignation that ended the game; `None` when
    /// there is nothing to take back.
    fn undo(&mut self) -> Option<Undone<Self::Move>>;

    /// The game as it began: every move and any resignation taken back. The default
    /// takes them back one by one; a game whose take-back replays from its start
    /// (Yonin) gives its start at once.
    fn started(&self) -> Self {
        let mut start = self.clone();
        while start.undo().is_some() {}
        start
    }

    /// How the game ended, `None` while it goes on.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The moves played so far, in order.
    fn moves(&self) -> &[Self::Move];

    /// The record of the game.
    fn record(&self) -> Self::Record;

    /// Replays a record, checking every move.
    ///
    /// # Errors
    /// [`Variant::RecordError`] naming the first problem.
    fn from_record(record: &Self::Record) -> Result<Self, Self::RecordError>;
}

impl Variant for hasami::Game {
    type Seat = hasami::Player;
    type Move = hasami::Move;
    type Rules = hasami::Rules;
    type Outcome = hasami::Outcome;
    type Report = hasami::MoveReport;
    type PlayError = hasami::PlayError;
    type Record = hasami::GameRecord;
    type RecordError = hasami::RecordError;

    const SEATS: &'static [hasami::Player] = &hasami::Player::ALL;

    fn seat_index(seat: hasami::Player) -> usize {
        seat.index()
    }

    fn rules(&self) -> hasami::Rules {
        hasami::Game::rules(self)
    }

    fn side_to_move(&self) -> Option<hasami::Player> {
        (!hasami::Game::is_over(self)).then(|| self.position().side_to_move())
    }

    fn legal_moves(&self) -> Vec<hasami::Move> {
        if hasami::Game::is_over(self) {
            Vec::new()
        } else {
            self.position().legal_moves()
        }
    }

    fn play(&mut self, mv: hasami::Move) -> Result<hasami::MoveReport, hasami::PlayError> {
        hasami::Game::play(self, mv)
    }

    fn undo(&mut self) -> Option<Undone<hasami::Move>> {
        hasami::Game::undo(self)
    }

    fn outcome(&self) -> Option<hasami::Outcome> {
        hasami::Game::outcome(self)
    }

    fn moves(&self) -> &[hasami::Move] {
        hasami::Game::moves(self)
    }

    fn record(&self) -> hasami::GameRecord {
        hasami::Game::record(self)
    }

    fn from_record(record: &hasami::GameRecord) -> Result<hasami::Game, hasami::RecordError> {
        hasami::Game::from_record(record)
    }
}

impl Variant for yonin::Game {
    type Seat = yonin::Seat;
    type Move = yonin::Move;
    type Rules = yonin::Rules;
    type Outcome = yonin::Outcome;
    type Report = yonin::MoveReport;
    type PlayError = yonin::PlayError;
    type Record = yonin::GameRecord;
    type RecordError = yonin::RecordError;

    const SEATS: &'static [yonin::Seat] = &yonin::Seat::ALL;

    fn seat_index(seat: yonin::Seat) -> usize {
        seat.index()
    }

    fn rules(&self) -> yonin::Rules {
        yonin::Game::rules(self)
    }

    fn side_to_move(&self) -> Option<yonin::Seat> {
        self.side_to_move()
    }

    fn legal_moves(&self) -> Vec<yonin::Move> {
        yonin::Game::legal_moves(self).iter().copied().collect()
    }

    fn play(&mut self, mv: yonin::Move) -> Result<yonin::MoveReport, yonin::PlayError> {
        yonin::Game::play(self, mv)
    }

    fn undo(&mut self) -> Option<Undone<yonin::Move>> {
        yonin::Game::undo(self).map(Undone::Move)
    }

    fn started(&self) -> yonin::Game {
        yonin::Game::started(self)
    }

    fn outcome(&self) -> Option<yonin::Outcome> {
        yonin::Game::outcome(self)
    }

    fn moves(&self) -> &[yonin::Move] {
        yonin::Game::moves(self)
    }

    fn record(&self) -> yonin::GameRecord {
        yonin::Game::record(self)
    }

    fn from_record(record: &yonin::GameRecord) -> Result<yonin::Game, yonin::RecordError> {
        yonin::Game::from_record(record)
    }
}
