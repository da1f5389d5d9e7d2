//! The position notation (RULES Y9.2): printing, parsing and validation.
//!
//! See the [module docs](super) for the format.

use std::fmt;
use std::str::FromStr;

use crate::engine::Square;

use super::attacks::{NEIGHBOR, OFF};
use super::position::Elimination;
use super::tables::{SQUARES, is_last_line};
use super::{EliminatedPieces, Hand, ParseRulesError, Piece, Position, Role, Rules, Seat, SeatSet};

/// Why a parsed position is not a valid Yonin Shogi state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A seat does not have exactly one king facing its direction.
    #[error("{seat} must have exactly one king, found {found}")]
    KingCount {
        /// The seat.
        seat: Seat,
        /// How many kings with that seat's facing were found.
        found: usize,
    },
    /// A king is owned by a seat other than its own (kings are never captured or passed on).
    #[error("king on {0} belongs to another seat")]
    KingOwner(Square),
    /// More pieces of a role (board and hands together) than the 36-piece set holds.
    #[error("{found} pieces of role {role}, at most {max}")]
    TooMany {
        /// The role.
        role: Role,
        /// How many were found.
        found: u32,
        /// How many the set holds (K 4, R 4, G 8, S 8, P 12).
        max: u32,
    },
    /// An unpromoted pawn stands on its last line (RULES Y4.2).
    #[error("unpromoted pawn on its last line at {0}")]
    DeadPawn(Square),
    /// A king is flipped but its seat is not among the eliminations, or the reverse.
    #[error("{0}'s king is flipped exactly when {0} is eliminated")]
    FlippedKing(Seat),
    /// More eliminations than the rules allow before the game ends.
    #[error("{0} eliminations: the game would have ended")]
    TooManyEliminations(usize),
    /// An elimination that cannot have happened (seat twice, mater not live at the time,
    /// move count out of order or beyond the current move count).
    #[error("elimination {} is impossible", .0 + 1)]
    Elimination(usize),
    /// A piece is owned by an eliminated seat.
    #[error("piece on {0} belongs to an eliminated seat")]
    OwnedByEliminated(Square),
    /// An ownerless piece although the rules give eliminated pieces to the mater.
    #[error("ownerless piece on {0} but pieces go to the mater")]
    Ownerless(Square),
    /// An eliminated seat still holds pieces in hand.
    #[error("eliminated {0} still has a hand")]
    HandOfEliminated(Seat),
    /// The seat to move is eliminated.
    #[error("{0} is to move but eliminated")]
    TurnNotLive(Seat),
    /// Two live kings stand side by side (RULES Y3.2).
    #[error("live kings on {0} and {1} touch")]
    AdjacentKings(Square, Square),
    /// The game is not over but the seat to move has no legal move (its mate would have
    /// been recorded, RULES Y5.1).
    #[error("{0} is to move but has no legal move")]
    NoLegalMove(Seat),
}

/// Why a position text did not parse: which field, and where in it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// The text does not have the six space-separated fields.
    #[error("expected 6 fields (board hands turn eliminations moves rules), found {0}")]
    Fields(usize),
    /// The board field does not have nine ranks separated by `/`.
    #[error("board: expected 9 ranks, found {0}")]
    Ranks(usize),
    /// A rank does not cover exactly nine squares.
    #[error("board: rank {rank} covers {squares} squares, not 9")]
    RankWidth {
        /// Rank label, 1..=9.
        rank: u8,
        /// Squares it covers.
        squares: usize,
    },
    /// An unexpected character in a rank.
    #[error("board: rank {rank}, character {}: found {found:?}, expected {expected}", .column + 1)]
    Board {
        /// Rank label, 1..=9.
        rank: u8,
        /// 0-based character offset inside the rank text.
        column: usize,
        /// The character found (`' '` at the end of the rank).
        found: char,
        /// What was expected there.
        expected: &'static str,
    },
    /// A hand group is malformed.
    #[error("hands: {seat}'s hand {text:?} is not like -, P or R2P")]
    Hand {
        /// Whose hand (groups are in the order S/W/N/E).
        seat: Seat,
        /// The group text.
        text: String,
    },
    /// The hands field does not have four groups separated by `/`.
    #[error("hands: expected 4 groups, found {0}")]
    Hands(usize),
    /// The seat-to-move field is not `s`, `w`, `n` or `e`.
    #[error("turn: {0:?} is not one of s, w, n, e")]
    Turn(String),
    /// An item of the eliminations field is malformed.
    #[error("eliminations: {0:?} is not like w:s:12")]
    Eliminations(String),
    /// The move count is not a whole number.
    #[error("move count: {0:?} is not a number")]
    MoveCount(String),
    /// The rules field is wrong.
    #[error("rules: {0}")]
    Rules(ParseRulesError),
    /// The fields parse but do not make a valid position.
    #[error("invalid position: {0}")]
    Invalid(PositionError),
}

impl From<PositionError> for ParsePositionError {
    fn from(e: PositionError) -> ParsePositionError {
        ParsePositionError::Invalid(e)
    }
}

impl fmt::Display for Position {
    /// Prints the position notation (see the [module docs](super)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match self.board[rank * 9 + file] {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{p}")?;
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
        f.write_str(" ")?;
        for (i, h) in self.hands.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            write!(f, "{h}")?;
        }
        write!(f, " {} ", self.turn.letter())?;
        if self.n_elims == 0 {
            f.write_str("-")?;
        }
        for (i, e) in self.eliminations().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{}:{}:{}", e.seat.letter(), e.by.letter(), e.at_move)?;
        }
        write!(f, " {} {}", self.moves, self.rules)
    }
}

fn parse_rank(
    text: &str,
    rank: u8,
    out: &mut [Option<Piece>; 81],
) -> Result<(), ParsePositionError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut file = 0usize;
    let err = |column: usize, expected: &'static str| ParsePositionError::Board {
        rank,
        column,
        found: chars.get(column).copied().unwrap_or(' '),
        expected,
    };
    while i < chars.len() {
        let c = chars[i];
        if let Some(d) = c.to_digit(10) {
            if d == 0 {
                return Err(err(i, "a piece or a digit 1-9"));
            }
            file += d as usize;
            i += 1;
            continue;
        }
        let promoted = c == '+';
        if promoted {
            i += 1;
        }
        let role = chars
            .get(i)
            .and_then(|&c| Role::from_letter(c))
            .ok_or_else(|| err(i, "a piece letter K, R, G, S or P"))?;
        if promoted && !role.can_promote() {
            return Err(err(i, "R, S or P after +"));
        }
        i += 1;
        let facing = chars
            .get(i)
            .and_then(|&c| {
                if c.is_ascii_lowercase() {
                    Seat::from_letter(c)
                } else {
                    None
                }
            })
            .ok_or_else(|| err(i, "a facing s, w, n or e"))?;
        i += 1;
        let mut owner = Some(facing);
        if let Some(&c) = chars.get(i)
            && c.is_ascii_lowercase()
        {
            owner = match c {
                'x' => None,
                _ => Some(Seat::from_letter(c).ok_or_else(|| err(i, "an owner s, w, n, e or x"))?),
            };
            i += 1;
        }
        if file < 9 {
            out[(rank as usize - 1) * 9 + file] = Some(Piece {
                role,
                promoted,
                owner,
                facing,
            });
        }
        file += 1;
    }
    if file != 9 {
        return Err(ParsePositionError::RankWidth {
            rank,
            squares: file,
        });
    }
    Ok(())
}

fn parse_hand(text: &str, seat: Seat) -> Result<Hand, ParsePositionError> {
    let bad = || ParsePositionError::Hand {
        seat,
        text: text.to_string(),
    };
    let mut hand = Hand::EMPTY;
    if text == "-" {
        return Ok(hand);
    }
    if text.is_empty() {
        return Err(bad());
    }
    let mut seen = [false; 4];
    let mut count = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            count.push(c);
            continue;
        }
        let role = Role::from_letter(c).ok_or_else(bad)?;
        let i = role.hand_index().ok_or_else(bad)?;
        if seen[i] {
            return Err(bad());
        }
        seen[i] = true;
        let n: u8 = if count.is_empty() {
            1
        } else {
            count.parse().map_err(|_| bad())?
        };
        if n == 0 {
            return Err(bad());
        }
        hand.set(role, n);
        count.clear();
    }
    if !count.is_empty() {
        return Err(bad());
    }
    Ok(hand)
}

fn parse_elims(text: &str) -> Result<Vec<Elimination>, ParsePositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|item| {
            let bad = || ParsePositionError::Eliminations(item.to_string());
            let mut parts = item.split(':');
            let (Some(s), Some(b), Some(m), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(bad());
            };
            let one = |t: &str| {
                let mut cs = t.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if c.is_ascii_lowercase() => Seat::from_letter(c),
                    _ => None,
                }
            };
            Ok(Elimination {
                seat: one(s).ok_or_else(bad)?,
                by: one(b).ok_or_else(bad)?,
                at_move: m.parse().map_err(|_| bad())?,
            })
        })
        .collect()
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Parses the position notation (see the [module docs](super)) and validates it.
    ///
    /// # Errors
    /// [`ParsePositionError`] naming the field and the place (rank and character, seat,
    /// item) of the first problem, or [`ParsePositionError::Invalid`] with a
    /// [`PositionError`] when the fields parse but make no valid position.
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(ParsePositionError::Fields(fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 9 {
            return Err(ParsePositionError::Ranks(ranks.len()));
        }
        let mut board = [None; 81];
        for (i, text) in ranks.iter().enumerate() {
            parse_rank(text, 9 - i as u8, &mut board)?;
        }
        let groups: Vec<&str> = fields[1].split('/').collect();
        if groups.len() != 4 {
            return Err(ParsePositionError::Hands(groups.len()));
        }
        let mut hands = [Hand::EMPTY; 4];
        for (i, g) in groups.iter().enumerate() {
            hands[i] = parse_hand(g, Seat::ALL[i])?;
        }
        let turn = match fields[2] {
            "s" | "w" | "n" | "e" => Seat::from_letter(fields[2].chars().next().unwrap_or('?')),
            _ => None,
        }
        .ok_or_else(|| ParsePositionError::Turn(fields[2].to_string()))?;
        let elims = parse_elims(fields[3])?;
        let moves: u32 = fields[4]
            .parse()
            .map_err(|_| ParsePositionError::MoveCount(fields[4].to_string()))?;
        let rules: Rules = fields[5].parse().map_err(ParsePositionError::Rules)?;
        Ok(Position::from_parts(
            board, hands, turn, &elims, moves, rules,
        )?)
    }
}

impl Position {
    /// Builds and validates a position from its parts.
    ///
    /// `elims` lists the eliminations in the order they happened.
    ///
    /// # Errors
    /// [`PositionError`] naming the first inconsistency.
    pub fn from_parts(
        board: [Option<Piece>; 81],
        hands: [Hand; 4],
        turn: Seat,
        elims: &[Elimination],
        moves: u32,
        rules: Rules,
    ) -> Result<Position, PositionError> {
        // Kings: one per seat, owned by it (live) or by nobody (flipped).
        let mut kings = [0u8; 4];
        let mut king_count = [0usize; 4];
        let mut totals = [0u32; 5];
        for (i, p) in board.iter().enumerate() {
            let Some(p) = p else { continue };
            totals[p.role as usize] += 1;
            if p.role == Role::King {
                if p.owner.is_some_and(|o| o != p.facing) {
                    return Err(PositionError::KingOwner(SQUARES[i]));
                }
                king_count[p.facing.index()] += 1;
                kings[p.facing.index()] = i as u8;
            } else if p.role == Role::Pawn && !p.promoted && is_last_line(p.facing, i) {
                return Err(PositionError::DeadPawn(SQUARES[i]));
            }
        }
        for seat in Seat::ALL {
            if king_count[seat.index()] != 1 {
                return Err(PositionError::KingCount {
                    seat,
                    found: king_count[seat.index()],
                });
            }
        }
        for h in &hands {
            for (role, n) in h.iter() {
                totals[role as usize] += u32::from(n);
            }
        }
        for (role, max) in [
            (Role::King, 4),
            (Role::Rook, 4),
            (Role::Gold, 8),
            (Role::Silver, 8),
            (Role::Pawn, 12),
        ] {
            if totals[role as usize] > max {
                return Err(PositionError::TooMany {
                    role,
                    found: totals[role as usize],
                    max,
                });
            }
        }
        // Eliminations.
        if elims.len() > rules.mates_to_end() {
            return Err(PositionError::TooManyEliminations(elims.len()));
        }
        let mut live = SeatSet::ALL;
        let mut last_move = 1;
        for (i, e) in elims.iter().enumerate() {
            if !live.contains(e.seat)
                || !live.contains(e.by)
                || e.by == e.seat
                || e.at_move < last_move
                || e.at_move > moves
            {
                return Err(PositionError::Elimination(i));
            }
            live.remove(e.seat);
            last_move = e.at_move;
        }
        for seat in Seat::ALL {
            let flipped = board[kings[seat.index()] as usize].is_some_and(|k| k.owner.is_none());
            if flipped == live.contains(seat) {
                return Err(PositionError::FlippedKing(seat));
            }
            if !live.contains(seat) && !hands[seat.index()].is_empty() {
                return Err(PositionError::HandOfEliminated(seat));
            }
        }
        for (i, p) in board.iter().enumerate() {
            let Some(p) = p else { continue };
            match p.owner {
                Some(o) if !live.contains(o) => {
                    return Err(PositionError::OwnedByEliminated(SQUARES[i]));
                }
                None if p.role != Role::King
                    && rules.eliminated_pieces == EliminatedPieces::ToMater =>
                {
                    return Err(PositionError::Ownerless(SQUARES[i]));
                }
                _ => {}
            }
        }
        for a in live.iter() {
            for b in live.iter() {
                let (ka, kb) = (kings[a.index()] as usize, kings[b.index()] as usize);
                if a < b && NEIGHBOR[ka].iter().any(|&n| n != OFF && n as usize == kb) {
                    return Err(PositionError::AdjacentKings(SQUARES[ka], SQUARES[kb]));
                }
            }
        }
        let mut elim_arr = [Elimination {
            seat: Seat::South,
            by: Seat::South,
            at_move: 0,
        }; 3];
        elim_arr[..elims.len()].copy_from_slice(elims);
        let pos = Position {
            board,
            hands,
            kings,
            turn,
            live,
            elims: elim_arr,
            n_elims: elims.len() as u8,
            moves,
            rules,
        };
        if !live.contains(turn) {
            return Err(PositionError::TurnNotLive(turn));
        }
        if !pos.is_over() && !pos.has_legal_move(turn) {
            return Err(PositionError::NoLegalMove(turn));
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 -/-/-/- s - 0 -";

    #[test]
    fn start_position_prints_as_documented() {
        // RULES Y1.2, Y9.2
        assert_eq!(Position::default().to_string(), START);
        assert_eq!(START.parse::<Position>(), Ok(Position::default()));
    }

    #[test]
    fn errors_say_what_and_where() {
        // RULES Y9.2
        let with_board = |b: &str| START.replacen(START.split(' ').next().unwrap_or(""), b, 1);
        assert_eq!("".parse::<Position>(), Err(ParsePositionError::Fields(0)));
        assert_eq!(
            with_board("9/9").parse::<Position>(),
            Err(ParsePositionError::Ranks(2))
        );
        let bad = START.replace("KwRwPw3PeReKe", "KwRwPw3PeReKq");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Board {
                rank: 5,
                column: 12,
                found: 'q',
                expected: "a facing s, w, n or e"
            })
        );
        let bad = START.replace("KwRwPw3PeReKe", "KwRwPw3PeReKeq");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Board {
                rank: 5,
                column: 13,
                found: 'q',
                expected: "an owner s, w, n, e or x"
            })
        );
        let bad = START.replace("KwRwPw3PeReKe", "KwRwPw4PeReKe");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::RankWidth {
                rank: 5,
                squares: 10
            })
        );
        let bad = START.replace("KwRwPw3PeReKe", "KwRwPw3+GeReKe");
        assert!(matches!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Board {
                rank: 5,
                column: 8,
                found: 'G',
                ..
            })
        ));
        let bad = START.replace("-/-/-/-", "-/2X/-/-");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Hand {
                seat: Seat::West,
                text: "2X".into()
            })
        );
        let bad = START.replace(" s - 0 -", " q - 0 -");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Turn("q".into()))
        );
        let bad = START.replace(" s - 0 -", " s - x -");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::MoveCount("x".into()))
        );
        let bad = START.replace(" s - 0 -", " s - 0 duo");
        assert!(matches!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Rules(_))
        ));
        // a king missing
        let bad = START.replace("2SsGsKsGsSs2", "2SsGs1GsSs2");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Invalid(PositionError::KingCount {
                seat: Seat::South,
                found: 0
            }))
        );
        // a flipped king without an elimination
        let bad = START.replace("2SsGsKsGsSs2", "2SsGsKsxGsSs2");
        assert_eq!(
            bad.parse::<Position>(),
            Err(ParsePositionError::Invalid(PositionError::FlippedKing(
                Seat::South
            )))
        );
    }
}
