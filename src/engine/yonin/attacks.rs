//! Attack tables of Yonin Shogi (RULES Y1.3, Y1.4): the eight directions, each square's
//! neighbour in each direction, how each piece moves, the directions of its single
//! steps for each facing, the squares those steps attack, and the lines a rook or
//! dragon slides along. The move generator and the check detection of
//! [`Position`](super::Position) and the CPU's attack maps (`ai::yonin`) read the same
//! tables.
//!
//! Squares are indices `rank * 9 + file` in `0..81` ([`Square::index`]); a set of
//! squares is a 128-bit mask whose bit `i` is the square with index `i`, as
//! [`SquareSet::bits`].
//!
//! Directions are numbered clockwise from north as South sees the board
//! ([`DIRECTIONS`]): 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW. A direction mask has
//! bit `d` set for direction `d`. A piece's forward direction is its facing's
//! ([`forward_dir`]: South → N, West → E, North → S, East → W), so a mask written for a
//! north-facing piece is turned to facing `f` by rotating it left by `2 * f` bits.
//!
//! [`Square::index`]: crate::engine::Square::index
//! [`SquareSet::bits`]: crate::engine::SquareSet::bits

use super::{Piece, Role, Seat};

/// "Off the board" in [`NEIGHBOR`].
pub const OFF: u8 = 255;

/// The (files, ranks) step of each direction, north first, clockwise (module docs).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The orthogonal directions N, E, S, W, along which rooks and dragons slide.
pub const ORTHOGONAL: [usize; 4] = [0, 2, 4, 6];

/// `NEIGHBOR[sq][d]`: the index of the square one step from `sq` in direction `d`, or
/// [`OFF`] past the edge.
pub const NEIGHBOR: [[u8; 8]; 81] = {
    let mut t = [[OFF; 8]; 81];
    let mut sq = 0;
    while sq < 81 {
        let (f, r) = ((sq % 9) as i8, (sq / 9) as i8);
        let mut d = 0;
        while d < 8 {
            let (nf, nr) = (f + DIRECTIONS[d].0, r + DIRECTIONS[d].1);
            if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                t[sq][d] = (nr * 9 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
};

/// How a piece moves, from its role and promotion (RULES Y1.4). Promoted silvers and
/// pawns move as golds; a dragon is a promoted rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// One step in any of the eight directions.
    King = 0,
    /// Slides along its rank and file.
    Rook = 1,
    /// Slides along its rank and file, and steps one square diagonally.
    Dragon = 2,
    /// One step forward, forward-diagonally, sideways or straight back.
    Gold = 3,
    /// One step forward or diagonally.
    Silver = 4,
    /// One step forward.
    Pawn = 5,
}

impl Motion {
    /// How `p` moves.
    #[inline]
    pub const fn of(p: Piece) -> Motion {
        match (p.role, p.promoted) {
            (Role::King, _) => Motion::King,
            (Role::Rook, false) => Motion::Rook,
            (Role::Rook, true) => Motion::Dragon,
            (Role::Gold, _) | (Role::Silver, true) | (Role::Pawn, true) => Motion::Gold,
            (Role::Silver, false) => Motion::Silver,
            (Role::Pawn, false) => Motion::Pawn,
        }
    }

    /// Whether it slides along ranks and files (rook and dragon).
    #[inline]
    pub const fn slides(self) -> bool {
        matches!(self, Motion::Rook | Motion::Dragon)
    }
}

/// The single-step directions of each [`Motion`] for a north-facing piece.
const NORTH_STEPS: [u8; 6] = [
    0xff,                                                            // king: all eight
    0,                                                               // rook: slides only
    (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7), // dragon: diagonal steps (+ slides)
    (1 << 0) | (1 << 1) | (1 << 7) | (1 << 2) | (1 << 6) | (1 << 4), // gold
    (1 << 0) | (1 << 1) | (1 << 7) | (1 << 3) | (1 << 5), // silver
    1 << 0,                                    // pawn
];

/// `STEP_MASK[motion][facing]`: the direction mask of the single steps of a piece that
/// moves as `motion` (`Motion as usize`) and faces `facing` (`Seat::index`).
pub const STEP_MASK: [[u8; 4]; 6] = {
    let mut t = [[0u8; 4]; 6];
    let mut m = 0;
    while m < 6 {
        let mut f = 0;
        while f < 4 {
            t[m][f] = NORTH_STEPS[m].rotate_left(2 * f as u32);
            f += 1;
        }
        m += 1;
    }
    t
};

/// The direction mask of `p`'s single steps (RULES Y1.3, Y1.4).
#[inline]
pub const fn step_mask(p: Piece) -> u8 {
    STEP_MASK[Motion::of(p) as usize][p.facing as usize]
}

/// The forward direction of pieces with facing `facing` (RULES Y1.3).
#[inline]
pub const fn forward_dir(facing: Seat) -> usize {
    2 * facing as usize
}

/// `STEP_ATTACKS[motion][facing][sq]`: the squares (a mask) that a piece moving as
/// `motion` with facing `facing` attacks by its single steps from `sq`, whatever stands
/// there. A `static`: the table is 31 KiB and read, not copied.
pub static STEP_ATTACKS: [[[u128; 81]; 4]; 6] = {
    let mut t = [[[0u128; 81]; 4]; 6];
    let mut m = 0;
    while m < 6 {
        let mut facing = 0;
        while facing < 4 {
            let dirs = STEP_MASK[m][facing];
            let mut sq = 0;
            while sq < 81 {
                let mut d = 0;
                while d < 8 {
                    if dirs & (1 << d) != 0 && NEIGHBOR[sq][d] != OFF {
                        t[m][facing][sq] |= 1 << NEIGHBOR[sq][d];
                    }
                    d += 1;
                }
                sq += 1;
            }
            facing += 1;
        }
        m += 1;
    }
    t
};

/// The squares (a mask) that `p` on `sq` attacks by its single steps (none for a plain
/// rook); a rook's or dragon's lines are [`rook_attacks`].
#[inline]
pub fn step_attacks(p: Piece, sq: usize) -> u128 {
    STEP_ATTACKS[Motion::of(p) as usize][p.facing.index()][sq]
}

/// The up to eight squares (a mask) around `sq`: a king's steps, whatever its facing.
#[inline]
pub fn king_attacks(sq: usize) -> u128 {
    STEP_ATTACKS[Motion::King as usize][0][sq]
}

/// `RAYS[r][sq]`: the squares (a mask) from `sq` to the edge, `sq` left out, northwards,
/// eastwards, southwards and westwards (`r` = 0, 1, 2, 3: direction `ORTHOGONAL[r]`).
pub const RAYS: [[u128; 81]; 4] = {
    let mut t = [[0u128; 81]; 4];
    let mut r = 0;
    while r < 4 {
        let mut sq = 0;
        while sq < 81 {
            let mut s = sq;
            while NEIGHBOR[s][ORTHOGONAL[r]] != OFF {
                s = NEIGHBOR[s][ORTHOGONAL[r]] as usize;
                t[r][sq] |= 1 << s;
            }
            sq += 1;
        }
        r += 1;
    }
    t
};

/// The squares (a mask) a rook or dragon on `from` attacks along its rank and file, each
/// line stopped by the first square of `occupied` (a mask), which is included.
#[inline]
pub fn rook_attacks(from: usize, occupied: u128) -> u128 {
    let mut out = 0;
    for (r, rays) in RAYS.iter().enumerate() {
        let ray = rays[from];
        let blockers = ray & occupied;
        out |= if blockers == 0 {
            ray
        } else {
            // North and east go up the square indices, south and west down.
            let first = if r < 2 {
                blockers.trailing_zeros()
            } else {
                127 - blockers.leading_zeros()
            };
            ray ^ rays[first as usize]
        };
    }
    out
}

/// The squares (a mask) `p` on `from` attacks, with the pieces on `occupied` (a mask)
/// blocking its lines: [`step_attacks`], and [`rook_attacks`] when it slides. What the
/// piece's owner may capture there is for the rules to say.
#[inline]
pub fn attacks(p: Piece, from: usize, occupied: u128) -> u128 {
    let steps = step_attacks(p, from);
    if Motion::of(p).slides() {
        steps | rook_attacks(from, occupied)
    } else {
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Square;

    fn i(s: &str) -> usize {
        s.parse::<Square>().unwrap().index()
    }

    #[test]
    fn facings_rotate_steps() {
        // RULES Y1.3, Y1.4: a pawn steps forward along its facing.
        let pawn = |seat| step_mask(Piece::new(Role::Pawn, seat));
        assert_eq!(pawn(Seat::South), 1 << 0); // north
        assert_eq!(pawn(Seat::West), 1 << 2); // east
        assert_eq!(pawn(Seat::North), 1 << 4); // south
        assert_eq!(pawn(Seat::East), 1 << 6); // west
        // a gold of West: forward E, forward diagonals NE and SE, sideways N and S, back W.
        let gold_w = step_mask(Piece::new(Role::Gold, Seat::West));
        assert_eq!(
            gold_w,
            (1 << 2) | (1 << 1) | (1 << 3) | (1 << 0) | (1 << 4) | (1 << 6)
        );
        for seat in Seat::ALL {
            assert_eq!(1 << forward_dir(seat), pawn(seat), "{seat} steps forward");
        }
        assert_eq!(NEIGHBOR[i("a1")][6], OFF);
        assert_eq!(NEIGHBOR[i("a1")][1] as usize, i("b2"));
    }

    #[test]
    fn step_attacks_follow_the_step_masks() {
        // RULES Y1.4: the step table agrees with walking the masks' directions.
        for role in [Role::King, Role::Rook, Role::Gold, Role::Silver, Role::Pawn] {
            for promoted in [false, true] {
                if promoted && !role.can_promote() {
                    continue;
                }
                for seat in Seat::ALL {
                    let p = Piece {
                        promoted,
                        ..Piece::new(role, seat)
                    };
                    for (sq, neighbours) in NEIGHBOR.iter().enumerate() {
                        let walked = (0..8)
                            .filter(|&d| step_mask(p) & (1 << d) != 0 && neighbours[d] != OFF)
                            .fold(0u128, |m, d| m | 1 << neighbours[d]);
                        assert_eq!(step_attacks(p, sq), walked, "{p} on {sq}");
                    }
                }
            }
        }
        assert_eq!(king_attacks(i("a1")).count_ones(), 3);
        assert_eq!(king_attacks(i("a5")).count_ones(), 5);
        assert_eq!(king_attacks(i("e5")).count_ones(), 8);
        let silver_s = Piece::new(Role::Silver, Seat::South);
        let expect = ["d6", "e6", "f6", "d4", "f4"]
            .iter()
            .fold(0u128, |m, s| m | 1 << i(s));
        assert_eq!(step_attacks(silver_s, i("e5")), expect);
    }

    #[test]
    fn rook_lines_stop_at_the_first_piece() {
        // RULES Y1.4: a rook on e5 with pieces on e7 and c5: e6, e7 (included), d5, c5,
        // the whole of f5-i5 and e4-e1.
        let occupied = 1u128 << i("e7") | 1 << i("c5") | 1 << i("e5");
        let squares = [
            "e6", "e7", "d5", "c5", "f5", "g5", "h5", "i5", "e4", "e3", "e2", "e1",
        ];
        let expect = squares.iter().fold(0u128, |m, s| m | 1 << i(s));
        assert_eq!(rook_attacks(i("e5"), occupied), expect);
        let dragon = Piece {
            promoted: true,
            ..Piece::new(Role::Rook, Seat::North)
        };
        let diagonals = ["d6", "f6", "d4", "f4"]
            .iter()
            .fold(0u128, |m, s| m | 1 << i(s));
        assert_eq!(attacks(dragon, i("e5"), occupied), expect | diagonals);
    }
}
