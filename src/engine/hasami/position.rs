//! Board state, moves, custodian capture and the notation of RULES H6.

use super::{PIECES_PER_SIDE, Player};
use crate::engine::square::{BOARD_SIZE, ParseSquareError, Square, SquareSet};
use std::fmt;
use std::str::FromStr;

/// The four orthogonal directions as (file, rank) steps (RULES H2.1).
const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

/// The square with index `i` (below 81), in a constant.
const fn square(i: usize) -> Square {
    match Square::from_index(i) {
        Some(sq) => sq,
        None => panic!("a board index is below 81"),
    }
}

/// Each corner square with its two orthogonal neighbours: a piece in the corner is
/// captured when the enemy holds both (RULES H3.4). The engine's captures and the CPU's
/// bitboards (`ai::hasami`) read this one table.
pub const CORNERS: [(Square, [Square; 2]); 4] = [
    (square(0), [square(1), square(9)]),    // a1: b1, a2
    (square(8), [square(7), square(17)]),   // i1: h1, i2
    (square(72), [square(73), square(63)]), // a9: b9, a8
    (square(80), [square(79), square(71)]), // i9: h9, i8
];

/// A move: a piece goes from one square to another along a rank or file
/// (RULES H2, notation H6.2: `e1e5`).
///
/// A `Move` is only a pair of squares; whether it is legal depends on the position
/// ([`Position::is_legal`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move `from` → `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a move text (`e1e5`) did not parse (RULES H6.2, H6.4).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// Not four characters.
    #[error("move {0:?} must be two squares, like e1e5")]
    Length(String),
    /// The from-square (characters 1-2) is wrong.
    #[error("from-square: {0}")]
    From(ParseSquareError),
    /// The to-square (characters 3-4) is wrong.
    #[error("to-square: {0}")]
    To(ParseSquareError),
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `e1e5`.
    ///
    /// # Errors
    /// [`ParseMoveError`] saying whether the length, the from-square or the
    /// to-square is wrong.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        if s.chars().count() != 4 || !s.is_ascii() {
            return Err(ParseMoveError::Length(s.to_string()));
        }
        let from = s[..2].parse().map_err(ParseMoveError::From)?;
        let to = s[2..].parse().map_err(ParseMoveError::To)?;
        Ok(Move { from, to })
    }
}

impl TryFrom<String> for Move {
    type Error = ParseMoveError;
    fn try_from(s: String) -> Result<Move, ParseMoveError> {
        s.parse()
    }
}

impl From<Move> for String {
    fn from(m: Move) -> String {
        m.to_string()
    }
}

/// One Hasami Shogi position: the pieces, the side to move, the captures of each side
/// and the ply count (the five fields of RULES H6.3).
///
/// Always valid: at most 9 pieces per side on the board, captures in `0..=9`.
/// Build one with [`Position::start`] or by parsing the notation.
///
/// ```
/// use shogi_variants::engine::hasami::{Player, Position};
///
/// let pos: Position = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0".parse().unwrap();
/// assert_eq!(pos, Position::start());
/// assert_eq!(pos.side_to_move(), Player::Black);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Squares holding each player's pieces, indexed by [`Player::index`].
    pieces: [SquareSet; 2],
    side: Player,
    /// Enemy pieces captured so far by each player, indexed by [`Player::index`].
    captures: [u8; 2],
    /// Moves made so far by both players together.
    ply: u32,
}

/// Why a [`Position`] could not be built from its parts.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A player has more than 9 pieces on the board (RULES H1.1).
    #[error("{player} has {count} pieces on the board, at most 9 allowed")]
    TooManyPieces {
        /// Whose pieces.
        player: Player,
        /// How many there are.
        count: usize,
    },
    /// A square holds pieces of both players.
    #[error("square {0} holds pieces of both players")]
    Overlap(Square),
    /// A capture count is above 9.
    #[error("{player} captures {count}, at most 9 allowed")]
    TooManyCaptures {
        /// Whose count.
        player: Player,
        /// The count given.
        count: u8,
    },
}

impl Position {
    /// The start position: Black's nine pieces on rank 1, White's on rank 9, Black to
    /// move, no captures, ply 0 (RULES H1.1, H1.2).
    pub fn start() -> Position {
        let rank = |r: u8| {
            (0..BOARD_SIZE)
                .filter_map(move |f| Square::new(f, r))
                .collect::<SquareSet>()
        };
        Position {
            pieces: [rank(0), rank(8)],
            side: Player::Black,
            captures: [0, 0],
            ply: 0,
        }
    }

    /// A position from its parts: the squares of Black's and White's pieces, the side
    /// to move, the captures made by Black and White, and the ply count.
    ///
    /// # Errors
    /// [`PositionError`] when a side has more than 9 pieces, a square holds both
    /// colours, or a capture count is above 9.
    pub fn from_parts(
        black: SquareSet,
        white: SquareSet,
        side: Player,
        captures: [u8; 2],
        ply: u32,
    ) -> Result<Position, PositionError> {
        if let Some(sq) = SquareSet::from_iter(black.iter().filter(|sq| white.contains(*sq)))
            .iter()
            .next()
        {
            return Err(PositionError::Overlap(sq));
        }
        for (player, set) in [(Player::Black, black), (Player::White, white)] {
            if set.len() > PIECES_PER_SIDE as usize {
                return Err(PositionError::TooManyPieces {
                    player,
                    count: set.len(),
                });
            }
            if captures[player.index()] > PIECES_PER_SIDE {
                return Err(PositionError::TooManyCaptures {
                    player,
                    count: captures[player.index()],
                });
            }
        }
        Ok(Position {
            pieces: [black, white],
            side,
            captures,
            ply,
        })
    }

    /// The player whose piece stands on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Player> {
        if self.pieces[0].contains(sq) {
            Some(Player::Black)
        } else if self.pieces[1].contains(sq) {
            Some(Player::White)
        } else {
            None
        }
    }

    /// The squares of `player`'s pieces.
    #[inline]
    pub fn pieces(&self, player: Player) -> SquareSet {
        self.pieces[player.index()]
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.pieces[0].union(self.pieces[1])
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// Enemy pieces captured so far by `player` (RULES H3.6), `0..=9`.
    #[inline]
    pub fn captures(&self, player: Player) -> u8 {
        self.captures[player.index()]
    }

    /// Moves made so far by both players together, in plies (RULES H4.5, H6.3).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Whether `mv` is legal here: the side to move owns the piece on `mv.from`, and
    /// `mv.to` is another square on the same rank or file reached over empty squares
    /// only (RULES H2.1-H2.3).
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Why `mv` is illegal here, if it is.
    pub(crate) fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        match self.piece_at(mv.from) {
            None => return Err(IllegalMove::NoPiece),
            Some(p) if p != self.side => return Err(IllegalMove::NotYourPiece),
            _ => {}
        }
        if mv.from == mv.to {
            return Err(IllegalMove::NullMove);
        }
        let (df, dr) = (
            mv.to.file() as i8 - mv.from.file() as i8,
            mv.to.rank() as i8 - mv.from.rank() as i8,
        );
        if df != 0 && dr != 0 {
            return Err(IllegalMove::NotStraight);
        }
        let step = (df.signum(), dr.signum());
        let occupied = self.occupied();
        let mut sq = mv.from;
        while sq != mv.to {
            sq = sq
                .offset(step.0, step.1)
                .expect("the path stays between two board squares");
            if occupied.contains(sq) {
                return Err(IllegalMove::Blocked);
            }
        }
        Ok(())
    }

    /// Squares the piece on `from` can move to (empty if it is not the side to
    /// move's piece). RULES H2.
    pub fn destinations(&self, from: Square) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        if self.piece_at(from) != Some(self.side) {
            return set;
        }
        let occupied = self.occupied();
        for (df, dr) in DIRECTIONS {
            let mut sq = from;
            while let Some(next) = sq.offset(df, dr) {
                if occupied.contains(next) {
                    break;
                }
                set.insert(next);
                sq = next;
            }
        }
        set
    }

    /// Every legal move of the side to move, grouped by piece in square order
    /// (RULES H2). Empty when the side to move has no legal move (RULES H4.2).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        for from in self.pieces(self.side) {
            moves.extend(self.destinations(from).iter().map(|to| Move { from, to }));
        }
        moves
    }

    /// The number of legal moves, without building the list.
    pub fn count_legal_moves(&self) -> usize {
        self.pieces(self.side)
            .iter()
            .map(|from| self.destinations(from).len())
            .sum()
    }

    /// Whether the side to move has at least one legal move (RULES H4.2).
    pub fn has_legal_move(&self) -> bool {
        let occupied = self.occupied();
        self.pieces(self.side).iter().any(|from| {
            DIRECTIONS
                .iter()
                .any(|&(df, dr)| from.offset(df, dr).is_some_and(|to| !occupied.contains(to)))
        })
    }

    /// The enemy pieces that moving a piece of the side to move to `to` would capture,
    /// given the board after the move in `mine` (the mover's pieces, `to` included).
    ///
    /// RULES H3.1-H3.5: runs of enemy pieces closed by the moved piece in any of the
    /// four directions, plus a corner piece whose two neighbours are then both the
    /// mover's with the moved piece one of them.
    fn captures_from(to: Square, mine: SquareSet, theirs: SquareSet) -> SquareSet {
        let mut captured = SquareSet::EMPTY;
        for (df, dr) in DIRECTIONS {
            let mut run = SquareSet::EMPTY;
            let mut sq = to.offset(df, dr);
            while let Some(s) = sq {
                if !theirs.contains(s) {
                    break;
                }
                run.insert(s);
                sq = s.offset(df, dr);
            }
            if !run.is_empty() && sq.is_some_and(|end| mine.contains(end)) {
                captured = captured.union(run);
            }
        }
        for (corner, [n1, n2]) in CORNERS {
            if (to == n1 || to == n2)
                && theirs.contains(corner)
                && mine.contains(n1)
                && mine.contains(n2)
            {
                captured.insert(corner);
            }
        }
        captured
    }

    /// The most enemy pieces the side to move could capture with one legal move
    /// (RULES H3), `0..=9`. Cheaper than playing every move: no position is copied.
    pub fn best_capture(&self) -> usize {
        let me = self.side.index();
        let theirs = self.pieces[1 - me];
        let mut best = 0;
        for from in self.pieces[me] {
            let without = self.pieces[me].without(SquareSet::single(from));
            for to in self.destinations(from) {
                let mut mine = without;
                mine.insert(to);
                best = best.max(Self::captures_from(to, mine, theirs).len());
            }
        }
        best
    }

    /// Plays `mv` without checking it and returns the captured squares (RULES H3): the
    /// fast path of [`Position::play`].
    ///
    /// Moves the piece, removes the captured enemy pieces, adds them to the mover's
    /// captures, passes the turn and counts the ply. Does not judge the outcome
    /// (that is [`Game::play`](super::Game::play)).
    ///
    /// # Panics
    /// `mv` must be legal here ([`Position::is_legal`]); otherwise this may panic or
    /// leave a nonsense position. Use [`Position::play`] for moves from outside.
    pub fn play_unchecked(&mut self, mv: Move) -> SquareSet {
        let me = self.side.index();
        let them = self.side.opponent().index();
        self.pieces[me].remove(mv.from);
        self.pieces[me].insert(mv.to);
        let captured = Self::captures_from(mv.to, self.pieces[me], self.pieces[them]);
        self.pieces[them] = self.pieces[them].without(captured);
        self.captures[me] = self.captures[me]
            .saturating_add(captured.len() as u8)
            .min(PIECES_PER_SIDE);
        self.side = self.side.opponent();
        self.ply = self.ply.saturating_add(1);
        captured
    }

    /// Plays `mv` in place if it is legal (RULES H2) and returns the squares of the
    /// enemy pieces it captured (RULES H3), possibly none. Does not judge the outcome
    /// (that is [`Game::play`](super::Game::play)).
    ///
    /// # Errors
    /// [`PlayError::Illegal`] with the [`IllegalMove`] reason: no piece on the
    /// from-square, not the mover's piece, a null move, not along a rank or file, or
    /// blocked. The position is then unchanged.
    ///
    /// ```
    /// use shogi_variants::engine::hasami::{IllegalMove, PlayError, Player, Position};
    ///
    /// // White a1 between black b1 and a2: e1b1 closes the corner (RULES H3.4).
    /// let mut pos: Position = "9/9/9/9/9/9/9/b8/w3b4 b 0 0 0".parse().unwrap();
    /// let captured = pos.play("e1b1".parse().unwrap()).unwrap();
    /// assert_eq!(captured.iter().map(|sq| sq.to_string()).collect::<Vec<_>>(), ["a1"]);
    /// assert_eq!(pos.captures(Player::Black), 1);
    /// assert_eq!(pos.side_to_move(), Player::White);
    ///
    /// let before = pos;
    /// assert_eq!(
    ///     pos.play("b1b2".parse().unwrap()),
    ///     Err(PlayError::Illegal {
    ///         mv: "b1b2".parse().unwrap(),
    ///         reason: IllegalMove::NotYourPiece,
    ///     })
    /// );
    /// assert_eq!(pos, before);
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<SquareSet, PlayError> {
        self.check_move(mv)
            .map_err(|reason| PlayError::Illegal { mv, reason })?;
        Ok(self.play_unchecked(mv))
    }

    /// The board and side to move only: what repetition compares (RULES H4.4).
    pub(crate) fn repetition_key(&self) -> (u128, u128, Player) {
        (self.pieces[0].bits(), self.pieces[1].bits(), self.side)
    }
}

/// Why a move is illegal in a position (RULES H2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalMove {
    /// No piece on the from-square.
    #[error("no piece on the from-square")]
    NoPiece,
    /// The piece on the from-square belongs to the other player.
    #[error("the piece belongs to the other player")]
    NotYourPiece,
    /// From and to are the same square (RULES H2.3).
    #[error("a move must change the square")]
    NullMove,
    /// From and to share neither rank nor file (RULES H2.1).
    #[error("pieces move along a rank or file only")]
    NotStraight,
    /// A piece stands on the path or on the destination (RULES H2.2).
    #[error("the path or the destination is occupied")]
    Blocked,
}

/// Why [`Position::play`], [`Game::play`](super::Game::play) or
/// [`Game::resign`](super::Game::resign) refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PlayError {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The move breaks RULES H2.
    #[error("illegal move {mv}: {reason}")]
    Illegal {
        /// The move refused.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalMove,
    },
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Display for Position {
    /// RULES H6.3: `BOARD SIDE BLACK_CAPTURES WHITE_CAPTURES PLY`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..BOARD_SIZE).rev() {
            let mut empty = 0;
            for file in 0..BOARD_SIZE {
                let sq = Square::new(file, rank).expect("file and rank below 9");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {} {}",
            self.side.letter(),
            self.captures[0],
            self.captures[1],
            self.ply
        )
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Why a position text did not parse (RULES H6.3, H6.4). Ranks are named as on the
/// board (`9` is the first rank written), columns count characters from 1.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Not five fields separated by single spaces.
    #[error(
        "expected 5 fields (board side black-captures white-captures ply) separated by single spaces, found {found}"
    )]
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// The board field does not have 9 ranks separated by `/`.
    #[error("board field: expected 9 ranks separated by '/', found {found}")]
    RankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A character of a rank is not `b`, `w` or a digit `1`-`9`.
    #[error("board field, rank {rank}, character {column}: {found:?} is not b, w or a digit 1-9")]
    BadCharacter {
        /// The rank, `1`..`9`.
        rank: u8,
        /// The character's position within the rank text, from 1.
        column: usize,
        /// The character.
        found: char,
    },
    /// A rank does not describe exactly 9 squares.
    #[error("board field, rank {rank}: describes {squares} squares instead of 9")]
    RankLength {
        /// The rank, `1`..`9`.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// The side-to-move field is not `b` or `w`.
    #[error("side field: {0:?} is not b or w")]
    Side(String),
    /// A capture count is not a number in `0..=9`.
    #[error("{field} field: {found:?} is not a number from 0 to 9")]
    Captures {
        /// `"black captures"` or `"white captures"`.
        field: &'static str,
        /// The text found.
        found: String,
    },
    /// The ply field is not a non-negative integer.
    #[error("ply field: {0:?} is not a whole number")]
    Ply(String),
    /// The fields parse but do not make a valid position.
    #[error("invalid position: {0}")]
    Invalid(PositionError),
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the notation of RULES H6.3.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field, and for the board the rank and
    /// character, that is wrong.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split(' ').collect();
        if fields.len() != 5 || fields.iter().any(|f| f.is_empty()) {
            return Err(ParsePositionError::FieldCount {
                found: s.split_whitespace().count(),
            });
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != BOARD_SIZE as usize {
            return Err(ParsePositionError::RankCount { found: ranks.len() });
        }
        let mut sets = [SquareSet::EMPTY; 2];
        for (i, text) in ranks.iter().enumerate() {
            let rank = BOARD_SIZE - 1 - i as u8;
            let mut file = 0usize;
            for (column, c) in text.chars().enumerate() {
                let player = match c {
                    'b' => Some(Player::Black),
                    'w' => Some(Player::White),
                    '1'..='9' => None,
                    _ => {
                        return Err(ParsePositionError::BadCharacter {
                            rank: rank + 1,
                            column: column + 1,
                            found: c,
                        });
                    }
                };
                match player {
                    Some(p) => {
                        if let Some(sq) = Square::new(file as u8, rank).filter(|_| file < 9) {
                            sets[p.index()].insert(sq);
                        }
                        file += 1;
                    }
                    None => file += c as usize - '0' as usize,
                }
            }
            if file != BOARD_SIZE as usize {
                return Err(ParsePositionError::RankLength {
                    rank: rank + 1,
                    squares: file,
                });
            }
        }
        let side = match fields[1] {
            "b" => Player::Black,
            "w" => Player::White,
            other => return Err(ParsePositionError::Side(other.to_string())),
        };
        let mut captures = [0u8; 2];
        for (i, field) in ["black captures", "white captures"].into_iter().enumerate() {
            captures[i] = fields[2 + i]
                .parse::<u8>()
                .ok()
                .filter(|n| {
                    *n <= PIECES_PER_SIDE && fields[2 + i].bytes().all(|b| b.is_ascii_digit())
                })
                .ok_or_else(|| ParsePositionError::Captures {
                    field,
                    found: fields[2 + i].to_string(),
                })?;
        }
        let ply = fields[4]
            .parse::<u32>()
            .ok()
            .filter(|_| fields[4].bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| ParsePositionError::Ply(fields[4].to_string()))?;
        Position::from_parts(sets[0], sets[1], side, captures, ply)
            .map_err(ParsePositionError::Invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn start_position_prints_as_h6_3() {
        // RULES H6.3
        assert_eq!(
            Position::start().to_string(),
            "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0"
        );
    }

    #[test]
    fn parse_errors_name_field_rank_and_character() {
        // RULES H6.4
        let err = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(
            err("9/9 b 0 0 0"),
            ParsePositionError::RankCount { found: 2 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 0 0"),
            ParsePositionError::FieldCount { found: 4 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9  b 0 0 0"),
            ParsePositionError::FieldCount { found: 5 }
        );
        assert_eq!(
            err("9/9/4x4/9/9/9/9/9/9 b 0 0 0"),
            ParsePositionError::BadCharacter {
                rank: 7,
                column: 2,
                found: 'x'
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/8 b 0 0 0"),
            ParsePositionError::RankLength {
                rank: 1,
                squares: 8
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/bbbbbbbbbb b 0 0 0"),
            ParsePositionError::RankLength {
                rank: 1,
                squares: 10
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 x 0 0 0"),
            ParsePositionError::Side("x".into())
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 10 0 0"),
            ParsePositionError::Captures {
                field: "black captures",
                found: "10".into()
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 0 -1 0"),
            ParsePositionError::Captures {
                field: "white captures",
                found: "-1".into()
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 0 0 +3"),
            ParsePositionError::Ply("+3".into())
        );
        assert_eq!(
            err("bbbbbbbbb/b8/9/9/9/9/9/9/9 w 0 0 0"),
            ParsePositionError::Invalid(PositionError::TooManyPieces {
                player: Player::Black,
                count: 10
            })
        );
        assert!(
            err("9/9/4x4/9/9/9/9/9/9 b 0 0 0")
                .to_string()
                .contains("rank 7, character 2"),
            "the message says where"
        );
    }

    #[test]
    fn moves_parse_and_print() {
        // RULES H6.2
        let m: Move = "e1e5".parse().unwrap();
        assert_eq!((m.from, m.to), (sq("e1"), sq("e5")));
        assert_eq!(m.to_string(), "e1e5");
        assert!(matches!(
            "e1e".parse::<Move>(),
            Err(ParseMoveError::Length(_))
        ));
        assert!(matches!(
            "z1e5".parse::<Move>(),
            Err(ParseMoveError::From(ParseSquareError::File('z')))
        ));
        assert!(matches!(
            "e1e0".parse::<Move>(),
            Err(ParseMoveError::To(ParseSquareError::Rank('0')))
        ));
        assert!(matches!(
            "é1e5".parse::<Move>(),
            Err(ParseMoveError::Length(_))
        ));
    }
}
