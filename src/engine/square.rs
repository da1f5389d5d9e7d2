//! Squares of the 9×9 board shared by both games.
//!
//! Files `a`..`i` run left to right and ranks `1`..`9` bottom to top, as seen by the
//! first player (Hasami: Black; Yonin: South). `a1` is bottom-left (RULES, coordinates).

use std::fmt;
use std::str::FromStr;

/// Board width and height in squares.
pub const BOARD_SIZE: u8 = 9;
/// Number of squares on the board (81).
pub const NUM_SQUARES: usize = 81;

/// One of the 81 squares, stored as `rank * 9 + file` with both in `0..9`.
///
/// `Square::new(0, 0)` is `a1`, `Square::new(8, 8)` is `i9`.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "String", into = "String")]
pub struct Square(u8);

impl Square {
    /// The square at `file` (0 = `a` .. 8 = `i`) and `rank` (0 = `1` .. 8 = `9`).
    ///
    /// Returns `None` when either coordinate is 9 or more.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < BOARD_SIZE && rank < BOARD_SIZE {
            Some(Square(rank * BOARD_SIZE + file))
        } else {
            None
        }
    }

    /// The square with index `index` (`rank * 9 + file`), or `None` when `index >= 81`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < NUM_SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The index `rank * 9 + file`, in `0..81`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 (`a`) to 8 (`i`).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % BOARD_SIZE
    }

    /// Rank, 0 (`1`) to 8 (`9`).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / BOARD_SIZE
    }

    /// The square `df` files and `dr` ranks away, or `None` off the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < BOARD_SIZE as i8 && r >= 0 && r < BOARD_SIZE as i8 {
            Some(Square((r as u8) * BOARD_SIZE + f as u8))
        } else {
            None
        }
    }

    /// All 81 squares, `a1, b1, .., i1, a2, .., i9`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..NUM_SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name (`e5`) did not parse (RULES H6.1, Y9.1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSquareError {
    /// The text was not exactly two characters.
    #[error("square {0:?} must be a file a-i and a rank 1-9, like e5")]
    Length(String),
    /// The first character is not a file letter `a`..`i`.
    #[error("file {0:?} is not one of a-i")]
    File(char),
    /// The second character is not a rank digit `1`..`9`.
    #[error("rank {0:?} is not one of 1-9")]
    Rank(char),
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `a1`..`i9`.
    ///
    /// # Errors
    /// [`ParseSquareError`] naming the wrong length, file or rank.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let (Some(fc), Some(rc), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseSquareError::Length(s.to_string()));
        };
        if !('a'..='i').contains(&fc) {
            return Err(ParseSquareError::File(fc));
        }
        if !('1'..='9').contains(&rc) {
            return Err(ParseSquareError::Rank(rc));
        }
        Ok(Square((rc as u8 - b'1') * BOARD_SIZE + (fc as u8 - b'a')))
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(s: String) -> Result<Square, ParseSquareError> {
        s.parse()
    }
}

impl From<Square> for String {
    fn from(sq: Square) -> String {
        sq.to_string()
    }
}

/// `SINGLE[i]`: the mask of the square with index `i` alone. A table rather than
/// `1 << i`: in wasm a 128-bit shift by a variable amount is a call into the
/// compiler's runtime, a table read is two loads.
pub(crate) static SINGLE: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// A set of squares as a 81-bit mask (bit `i` = square with index `i`).
///
/// Cheap to copy, compare and hash; iterates in index order (`a1, b1, .., i9`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet(u128);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The set holding only `sq`.
    #[inline]
    pub const fn single(sq: Square) -> SquareSet {
        SquareSet(SINGLE[sq.0 as usize])
    }

    /// The raw mask; bits 81..128 are always zero.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & SINGLE[sq.0 as usize] != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= SINGLE[sq.0 as usize];
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !SINGLE[sq.0 as usize];
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Squares in either set.
    #[inline]
    pub const fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// Squares in `self` but not in `other`.
    #[inline]
    pub const fn without(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }

    /// The squares, in index order.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        SquareSetIter(self.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareSetIter;
    fn into_iter(self) -> SquareSetIter {
        self.iter()
    }
}

/// Iterator over a [`SquareSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct SquareSetIter(u128);

impl Iterator for SquareSetIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SquareSetIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::new(0, 0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(8, 8).unwrap().to_string(), "i9");
        assert_eq!("e5".parse::<Square>().unwrap().index(), 40);
    }

    #[test]
    fn bad_names_say_what_is_wrong() {
        assert_eq!("j1".parse::<Square>(), Err(ParseSquareError::File('j')));
        assert_eq!("a0".parse::<Square>(), Err(ParseSquareError::Rank('0')));
        assert!(matches!(
            "a10".parse::<Square>(),
            Err(ParseSquareError::Length(_))
        ));
        assert!(matches!(
            "".parse::<Square>(),
            Err(ParseSquareError::Length(_))
        ));
    }

    #[test]
    fn square_sets_hold_and_iterate() {
        let mut set = SquareSet::EMPTY;
        let e5: Square = "e5".parse().unwrap();
        let a1: Square = "a1".parse().unwrap();
        set.insert(e5);
        set.insert(a1);
        set.insert(e5);
        assert_eq!(set.len(), 2);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![a1, e5]);
        set.remove(a1);
        assert!(!set.contains(a1) && set.contains(e5));
        assert_eq!(format!("{set:?}"), "{e5}");
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(1, 1).map(|s| s.to_string()), Some("b2".into()));
        let i9: Square = "i9".parse().unwrap();
        assert_eq!(i9.offset(0, 1), None);
    }
}
