//! Moves and drops, their notation (RULES Y9.1) and a fixed-size move list.

use std::fmt;
use std::str::FromStr;

use crate::engine::{ParseSquareError, Square};

use arrayvec::ArrayVec;

use super::Role;

/// A move or a drop by the seat to move (RULES Y2.1).
///
/// The mover is not stored: it is the position's seat to move.
///
/// Notation (RULES Y9.1): `e3e4` (from-square, to-square), `e7e8+` (with promotion),
/// `P*e5` (drop: letter, `*`, square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece moves from one square to another, capturing what stands there.
    Normal {
        /// Square the piece leaves.
        from: Square,
        /// Square the piece arrives on.
        to: Square,
        /// Whether the piece promotes (RULES Y2.4).
        promote: bool,
    },
    /// A piece from hand is put on an empty square, unpromoted (RULES Y2.3).
    Drop {
        /// The role dropped: rook, gold, silver or pawn.
        role: Role,
        /// The empty square it is put on.
        to: Square,
    },
}

impl Move {
    /// The square the piece arrives on.
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The square the piece leaves, `None` for a drop.
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move promotes.
    pub const fn is_promotion(self) -> bool {
        matches!(self, Move::Normal { promote: true, .. })
    }

    /// Whether the move is a drop.
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promote } => {
                write!(f, "{from}{to}{}", if promote { "+" } else { "" })
            }
            Move::Drop { role, to } => write!(f, "{}*{to}", role.letter()),
        }
    }
}

/// Why a move text did not parse (syntax only; legality is [`PlayError`](super::PlayError)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is empty.
    #[error("empty move")]
    Empty,
    /// The text is neither `e3e4`, `e3e4+` nor `P*e5` in shape.
    #[error("move {0:?} is not like e3e4, e7e8+ or P*e5")]
    Shape(String),
    /// A square in it is not a square.
    #[error("bad square in move: {0}")]
    Square(ParseSquareError),
    /// The drop letter is not `R`, `G`, `S` or `P` (kings and promoted pieces are never
    /// dropped).
    #[error("cannot drop {0:?}: only R, G, S or P can be dropped")]
    DropRole(String),
}

impl From<ParseSquareError> for ParseMoveError {
    fn from(e: ParseSquareError) -> ParseMoveError {
        ParseMoveError::Square(e)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `e3e4`, `e7e8+` or `P*e5` (RULES Y9.1).
    ///
    /// # Errors
    /// [`ParseMoveError`] saying what is wrong: the shape, a square, or the drop letter.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if let Some((piece, square)) = s.split_once('*') {
            let to: Square = square.parse()?;
            let mut chars = piece.chars();
            let role = match (chars.next(), chars.next()) {
                (Some(c), None) => Role::from_letter(c),
                _ => None,
            };
            return match role {
                Some(role) if role != Role::King => Ok(Move::Drop { role, to }),
                _ => Err(ParseMoveError::DropRole(piece.to_string())),
            };
        }
        let (body, promote) = match s.strip_suffix('+') {
            Some(b) => (b, true),
            None => (s, false),
        };
        if body.len() != 4 || !body.is_ascii() {
            return Err(ParseMoveError::Shape(s.to_string()));
        }
        let from: Square = body[..2].parse()?;
        let to: Square = body[2..].parse()?;
        Ok(Move::Normal { from, to, promote })
    }
}

impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Capacity of a [`MoveList`]. A seat owns at most 33 pieces (its king, 4 rooks, 8 golds,
/// 8 silvers, 12 pawns) with at most 336 moves between them, plus at most 4 × 77 drops, so
/// 1024 is never reached.
pub const MAX_MOVES: usize = 1024;

/// A list of moves on the stack (no allocation), as returned by
/// [`Position::legal_moves`](super::Position::legal_moves). Dereferences to `[Move]`.
#[derive(Clone)]
pub struct MoveList {
    moves: ArrayVec<Move, MAX_MOVES>,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: ArrayVec::new(),
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// Past [`MAX_MOVES`] moves, which the moves of a legal position never reach.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves.push(m);
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// Owning iterator over a [`MoveList`].
pub struct MoveListIter {
    list: MoveList,
    next: usize,
}

impl Iterator for MoveListIter {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        let m = self.list.as_slice().get(self.next).copied();
        self.next += 1;
        m
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIter;
    fn into_iter(self) -> MoveListIter {
        MoveListIter {
            list: self,
            next: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_round_trip() {
        // RULES Y9.1
        for s in ["e3e4", "e7e8+", "P*e5", "R*a1", "G*i9", "S*b2"] {
            assert_eq!(s.parse::<Move>().unwrap().to_string(), s);
        }
        let m: Move = "e7e8+".parse().unwrap();
        assert!(m.is_promotion());
        assert_eq!(m.to().to_string(), "e8");
        assert_eq!(m.from().map(|s| s.to_string()), Some("e7".into()));
    }

    #[test]
    fn a_move_list_holds_max_moves() {
        let mv: Move = "P*e5".parse().unwrap();
        let mut list = MoveList::new();
        for _ in 0..MAX_MOVES {
            list.push(mv);
        }
        assert_eq!(list.len(), MAX_MOVES);
        assert_eq!(list.clone().into_iter().count(), MAX_MOVES);
    }

    #[test]
    #[should_panic(expected = "capacity")]
    fn a_move_list_refuses_a_move_past_its_capacity_loudly() {
        let mv: Move = "P*e5".parse().unwrap();
        let mut list = MoveList::new();
        for _ in 0..=MAX_MOVES {
            list.push(mv);
        }
    }

    #[test]
    fn bad_moves_say_why() {
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        assert_eq!(
            "K*e5".parse::<Move>(),
            Err(ParseMoveError::DropRole("K".into()))
        );
        assert_eq!(
            "+P*e5".parse::<Move>(),
            Err(ParseMoveError::DropRole("+P".into()))
        );
        assert_eq!(
            "e3e".parse::<Move>(),
            Err(ParseMoveError::Shape("e3e".into()))
        );
        assert_eq!(
            "e3j4".parse::<Move>(),
            Err(ParseMoveError::Square(ParseSquareError::File('j')))
        );
        assert!(matches!(
            "e3e4++".parse::<Move>(),
            Err(ParseMoveError::Shape(_))
        ));
        assert!("é3e4".parse::<Move>().is_err());
    }
}
