//! Seats, piece roles, pieces and hands (RULES Y1).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the four seats, in clockwise order South (0) → West (1) → North (2) → East (3)
/// (RULES Y1.1).
///
/// A seat also names a *facing*: the direction in which that seat's own pieces advance
/// (RULES Y1.3). South's pieces face north (towards rank 9), West's face east (towards file
/// `i`), North's face south and East's face west.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    /// Sits on rank 1, moves first in the first game.
    South = 0,
    /// Sits on file `a`, moves after South.
    West = 1,
    /// Sits on rank 9.
    North = 2,
    /// Sits on file `i`.
    East = 3,
}

impl Seat {
    /// The four seats in clockwise order, starting with South.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

    /// Index `0..4` in clockwise order (South = 0).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with index `i % 4`.
    #[inline]
    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The seat `n` places further clockwise (`n = 1`: the next seat, RULES Y1.1).
    ///
    /// This ignores eliminations; see [`Position::next_live`](super::Position::next_live).
    #[inline]
    pub const fn clockwise(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n)
    }

    /// The next seat clockwise (South → West → North → East → South).
    #[inline]
    pub const fn next(self) -> Seat {
        self.clockwise(1)
    }

    /// The opposite seat: the partner in pairs (RULES Y7.1).
    #[inline]
    pub const fn partner(self) -> Seat {
        self.clockwise(2)
    }

    /// One-letter name used in the notations: `s`, `w`, `n`, `e`.
    pub const fn letter(self) -> char {
        match self {
            Seat::South => 's',
            Seat::West => 'w',
            Seat::North => 'n',
            Seat::East => 'e',
        }
    }

    /// The seat named by a one-letter name (`s`, `w`, `n`, `e`, either case).
    pub const fn from_letter(c: char) -> Option<Seat> {
        match c {
            's' | 'S' => Some(Seat::South),
            'w' | 'W' => Some(Seat::West),
            'n' | 'N' => Some(Seat::North),
            'e' | 'E' => Some(Seat::East),
            _ => None,
        }
    }

    /// The step (files, ranks) one square forward for pieces with this facing (RULES Y1.3).
    pub const fn forward(self) -> (i8, i8) {
        match self {
            Seat::South => (0, 1),
            Seat::West => (1, 0),
            Seat::North => (0, -1),
            Seat::East => (-1, 0),
        }
    }

    /// Capitalised English name, `"South"`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::South => "South",
            Seat::West => "West",
            Seat::North => "North",
            Seat::East => "East",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a seat name did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat {0:?} is not one of s, w, n, e")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;

    /// Parses `s`/`w`/`n`/`e` or `south`/`west`/`north`/`east`, any case.
    ///
    /// # Errors
    /// [`ParseSeatError`] with the text when it names no seat.
    fn from_str(s: &str) -> Result<Seat, ParseSeatError> {
        let lower = s.to_ascii_lowercase();
        let seat = match lower.as_str() {
            "s" | "south" => Seat::South,
            "w" | "west" => Seat::West,
            "n" | "north" => Seat::North,
            "e" | "east" => Seat::East,
            _ => return Err(ParseSeatError(s.to_string())),
        };
        Ok(seat)
    }
}

/// A set of seats (a 4-bit mask), e.g. the seats in check or the seats given check.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);
    /// All four seats.
    pub const ALL: SeatSet = SeatSet(0b1111);

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat as u8) != 0
    }

    /// Adds `seat`.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat as u8;
    }

    /// Removes `seat`.
    #[inline]
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat as u8);
    }

    /// The set with `seat` added.
    #[inline]
    pub const fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | 1 << seat as u8)
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of seats in the set (0..=4).
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in the set, South first (clockwise order).
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |&s| self.contains(s))
    }

    /// The seats in the set as a vector, South first.
    pub fn to_vec(self) -> Vec<Seat> {
        self.iter().collect()
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

/// The five piece kinds of Yonin Shogi (RULES Y1.4): no bishops, knights or lances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Role {
    /// Moves one step in any direction; never captured.
    King,
    /// Moves any distance orthogonally; promotes to a dragon.
    Rook,
    /// One step forward, forward-diagonal, sideways or straight back.
    Gold,
    /// One step forward or diagonally; promotes (moves as gold).
    Silver,
    /// One step forward; promotes (moves as gold).
    Pawn,
}

impl Role {
    /// The four roles a hand can hold, in notation order: rook, gold, silver, pawn.
    pub const HAND: [Role; 4] = [Role::Rook, Role::Gold, Role::Silver, Role::Pawn];

    /// Notation letter: `K`, `R`, `G`, `S`, `P` (RULES Y9.1).
    pub const fn letter(self) -> char {
        match self {
            Role::King => 'K',
            Role::Rook => 'R',
            Role::Gold => 'G',
            Role::Silver => 'S',
            Role::Pawn => 'P',
        }
    }

    /// The role of an upper-case letter `K`, `R`, `G`, `S`, `P`.
    pub const fn from_letter(c: char) -> Option<Role> {
        match c {
            'K' => Some(Role::King),
            'R' => Some(Role::Rook),
            'G' => Some(Role::Gold),
            'S' => Some(Role::Silver),
            'P' => Some(Role::Pawn),
            _ => None,
        }
    }

    /// Whether this role may promote: rook, silver and pawn (RULES Y2.4).
    pub const fn can_promote(self) -> bool {
        matches!(self, Role::Rook | Role::Silver | Role::Pawn)
    }

    /// Index into a [`Hand`] (rook 0, gold 1, silver 2, pawn 3), `None` for the king.
    pub const fn hand_index(self) -> Option<usize> {
        match self {
            Role::King => None,
            Role::Rook => Some(0),
            Role::Gold => Some(1),
            Role::Silver => Some(2),
            Role::Pawn => Some(3),
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A piece on the board: role, promotion, owner and facing (RULES Y1.3, Y5).
///
/// - `owner` is the seat that moves it, or `None`: a *flipped king* (role
///   [`Role::King`], RULES Y5.1) or an *ownerless* piece (local rule, RULES Y5.3).
/// - `facing` is the seat whose direction it advances in; it never changes on the board,
///   so inherited pieces keep their original facing and promotion zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What kind of piece it is.
    pub role: Role,
    /// Whether it is promoted (only rook, silver and pawn can be).
    pub promoted: bool,
    /// The seat that moves it; `None` for a flipped king or an ownerless piece.
    pub owner: Option<Seat>,
    /// The seat whose direction the piece faces.
    pub facing: Seat,
}

impl Piece {
    /// An unpromoted piece of `seat`, owned by it and facing its direction.
    pub const fn new(role: Role, seat: Seat) -> Piece {
        Piece {
            role,
            promoted: false,
            owner: Some(seat),
            facing: seat,
        }
    }

    /// A flipped king: the king of a mated seat (RULES Y5.1). It blocks, attacks nothing
    /// and can neither move nor be captured.
    pub const fn is_flipped_king(self) -> bool {
        matches!(self.role, Role::King) && self.owner.is_none()
    }

    /// An ownerless piece (local rule *ownerless*, RULES Y5.3): blocks, attacks nothing,
    /// never moves, and any seat may capture it.
    pub const fn is_ownerless(self) -> bool {
        !matches!(self.role, Role::King) && self.owner.is_none()
    }

    /// Whether the piece moves as a gold (gold, promoted silver, promoted pawn).
    pub const fn moves_as_gold(self) -> bool {
        matches!(self.role, Role::Gold)
            || (self.promoted && matches!(self.role, Role::Silver | Role::Pawn))
    }
}

impl fmt::Display for Piece {
    /// The position-notation token: `[+]ROLE FACING [OWNER]`, see the module docs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.promoted {
            f.write_str("+")?;
        }
        write!(f, "{}{}", self.role.letter(), self.facing.letter())?;
        match self.owner {
            Some(o) if o == self.facing => Ok(()),
            Some(o) => write!(f, "{}", o.letter()),
            None => f.write_str("x"),
        }
    }
}

/// The pieces a seat holds in hand: counts of rook, gold, silver and pawn (RULES Y2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand([u8; 4]);

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand([0; 4]);

    /// How many pieces of `role` the hand holds (always 0 for the king).
    pub const fn count(&self, role: Role) -> u8 {
        match role.hand_index() {
            Some(i) => self.0[i],
            None => 0,
        }
    }

    /// Total number of pieces in hand.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Adds one piece of `role`; a king is ignored (kings never go to hand).
    pub fn add(&mut self, role: Role) {
        if let Some(i) = role.hand_index() {
            self.0[i] = self.0[i].saturating_add(1);
        }
    }

    /// Sets the count of `role` (ignored for the king).
    pub fn set(&mut self, role: Role, n: u8) {
        if let Some(i) = role.hand_index() {
            self.0[i] = n;
        }
    }

    /// Removes one piece of `role`; returns `false` when there was none.
    pub fn take(&mut self, role: Role) -> bool {
        match role.hand_index() {
            Some(i) if self.0[i] > 0 => {
                self.0[i] -= 1;
                true
            }
            _ => false,
        }
    }

    /// Adds every piece of `other` to this hand.
    pub fn absorb(&mut self, other: Hand) {
        for i in 0..4 {
            self.0[i] = self.0[i].saturating_add(other.0[i]);
        }
    }

    /// The roles held with their counts, rook first, zero counts left out.
    pub fn iter(&self) -> impl Iterator<Item = (Role, u8)> + '_ {
        Role::HAND.into_iter().zip(self.0).filter(|&(_, n)| n > 0)
    }
}

impl fmt::Display for Hand {
    /// `-` for an empty hand, otherwise count (when above 1) and letter per role in the
    /// order R, G, S, P: `R2P` is a rook and two pawns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (role, n) in self.iter() {
            if n > 1 {
                write!(f, "{n}")?;
            }
            write!(f, "{}", role.letter())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_go_clockwise() {
        // RULES Y1.1
        assert_eq!(Seat::South.next(), Seat::West);
        assert_eq!(Seat::West.next(), Seat::North);
        assert_eq!(Seat::North.next(), Seat::East);
        assert_eq!(Seat::East.next(), Seat::South);
        // RULES Y7.1
        assert_eq!(Seat::South.partner(), Seat::North);
        assert_eq!(Seat::West.partner(), Seat::East);
        assert_eq!("east".parse::<Seat>(), Ok(Seat::East));
        assert_eq!("W".parse::<Seat>(), Ok(Seat::West));
        assert!("x".parse::<Seat>().is_err());
    }

    #[test]
    fn hands_print_compactly() {
        let mut h = Hand::EMPTY;
        assert_eq!(h.to_string(), "-");
        h.add(Role::Pawn);
        h.add(Role::Pawn);
        h.add(Role::Rook);
        assert_eq!(h.to_string(), "R2P");
        assert_eq!(h.total(), 3);
        assert!(h.take(Role::Rook));
        assert!(!h.take(Role::Rook));
        assert_eq!(h.count(Role::Pawn), 2);
    }

    #[test]
    fn piece_tokens() {
        let mut p = Piece::new(Role::Pawn, Seat::West);
        assert_eq!(p.to_string(), "Pw");
        p.owner = Some(Seat::South);
        p.promoted = true;
        assert_eq!(p.to_string(), "+Pws");
        p.owner = None;
        assert_eq!(p.to_string(), "+Pwx");
        assert!(p.is_ownerless());
        let k = Piece {
            owner: None,
            ..Piece::new(Role::King, Seat::North)
        };
        assert!(k.is_flipped_king());
        assert_eq!(k.to_string(), "Knx");
    }
}
