//! Constant tables: neighbours, step masks per facing, promotion depth, nifu lines.
//!
//! Directions are numbered clockwise from north: 0 N (0, +1), 1 NE, 2 E (+1, 0), 3 SE,
//! 4 S (0, -1), 5 SW, 6 W (-1, 0), 7 NW, as (files, ranks) seen by South. A facing seat `f`
//! has its forward direction at `2 * f` (South → N, West → E, North → S, East → W), so a
//! step mask written for a north-facing piece is rotated left by `2 * f` bits.

use crate::engine::Square;

use super::{Piece, Role, Seat};

/// Marks "off the board" in [`NEIGHBOR`].
pub(crate) const OFF: u8 = 255;

/// (files, ranks) step of each direction.
pub(crate) const DIRS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The orthogonal directions, along which rooks and dragons slide.
pub(crate) const ORTHO: [usize; 4] = [0, 2, 4, 6];

const fn build_neighbors() -> [[u8; 8]; 81] {
    let mut t = [[OFF; 8]; 81];
    let mut sq = 0;
    while sq < 81 {
        let f = (sq % 9) as i8;
        let r = (sq / 9) as i8;
        let mut d = 0;
        while d < 8 {
            let nf = f + DIRS[d].0;
            let nr = r + DIRS[d].1;
            if nf >= 0 && nf < 9 && nr >= 0 && nr < 9 {
                t[sq][d] = (nr * 9 + nf) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// `NEIGHBOR[sq][d]`: the square one step from `sq` in direction `d`, or [`OFF`].
pub(crate) const NEIGHBOR: [[u8; 8]; 81] = build_neighbors();

/// How pieces move, derived from role and promotion (RULES Y1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Motion {
    King = 0,
    Rook = 1,
    Dragon = 2,
    Gold = 3,
    Silver = 4,
    Pawn = 5,
}

impl Motion {
    #[inline]
    pub(crate) const fn of(p: Piece) -> Motion {
        match (p.role, p.promoted) {
            (Role::King, _) => Motion::King,
            (Role::Rook, false) => Motion::Rook,
            (Role::Rook, true) => Motion::Dragon,
            (Role::Gold, _) | (Role::Silver, true) | (Role::Pawn, true) => Motion::Gold,
            (Role::Silver, false) => Motion::Silver,
            (Role::Pawn, false) => Motion::Pawn,
        }
    }

    #[inline]
    pub(crate) const fn slides(self) -> bool {
        matches!(self, Motion::Rook | Motion::Dragon)
    }
}

/// Step masks for a north-facing piece (bit d = may step in direction d).
const REL_MASK: [u8; 6] = [
    0xff,                                                            // king: all eight
    0,                                                               // rook: slides only
    (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7), // dragon: diagonal steps (+ slides)
    (1 << 0) | (1 << 1) | (1 << 7) | (1 << 2) | (1 << 6) | (1 << 4), // gold
    (1 << 0) | (1 << 1) | (1 << 7) | (1 << 3) | (1 << 5), // silver
    1 << 0,                                    // pawn
];

const fn build_step_masks() -> [[u8; 4]; 6] {
    let mut t = [[0u8; 4]; 6];
    let mut m = 0;
    while m < 6 {
        let mut f = 0;
        while f < 4 {
            t[m][f] = REL_MASK[m].rotate_left(2 * f as u32);
            f += 1;
        }
        m += 1;
    }
    t
}

/// `STEP_MASK[motion][facing]`: directions of single steps.
pub(crate) const STEP_MASK: [[u8; 4]; 6] = build_step_masks();

/// Single-step directions of a piece.
#[inline]
pub(crate) const fn step_mask(p: Piece) -> u8 {
    STEP_MASK[Motion::of(p) as usize][p.facing as usize]
}

/// The forward direction index of a facing.
#[inline]
pub(crate) const fn forward_dir(facing: Seat) -> usize {
    2 * facing as usize
}

const fn build_depth() -> [[u8; 81]; 4] {
    let mut t = [[0u8; 81]; 4];
    let mut sq = 0;
    while sq < 81 {
        let f = (sq % 9) as u8;
        let r = (sq / 9) as u8;
        t[0][sq] = r;
        t[1][sq] = f;
        t[2][sq] = 8 - r;
        t[3][sq] = 8 - f;
        sq += 1;
    }
    t
}

/// `DEPTH[facing][sq]`: how far forward `sq` lies for that facing, 0 (own back line) to 8
/// (last line). The promotion zone is depth 6..=8 (RULES Y2.4).
pub(crate) const DEPTH: [[u8; 81]; 4] = build_depth();

/// Whether `sq` is in the promotion zone of pieces with facing `facing` (RULES Y2.4).
#[inline]
pub(crate) const fn in_zone(facing: Seat, sq: usize) -> bool {
    DEPTH[facing as usize][sq] >= 6
}

/// Whether `sq` is the last line for pieces with facing `facing` (RULES Y4.2).
#[inline]
pub(crate) const fn is_last_line(facing: Seat, sq: usize) -> bool {
    DEPTH[facing as usize][sq] == 8
}

/// The nifu line of `sq` for a seat (RULES Y4.1): the file (0..9) for seats facing north or
/// south, the rank (0..9) for seats facing east or west.
#[inline]
pub(crate) const fn nifu_line(seat: Seat, sq: usize) -> usize {
    match seat {
        Seat::South | Seat::North => sq % 9,
        Seat::West | Seat::East => sq / 9,
    }
}

const fn build_squares() -> [Square; 81] {
    let mut out = [match Square::from_index(0) {
        Some(s) => s,
        None => panic!("a1 exists"),
    }; 81];
    let mut i = 0;
    while i < 81 {
        out[i] = match Square::from_index(i) {
            Some(s) => s,
            None => panic!("index below 81"),
        };
        i += 1;
    }
    out
}

/// `SQUARES[i]` is the [`Square`] with index `i`.
pub(crate) const SQUARES: [Square; 81] = build_squares();

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn zones_follow_facing() {
        // RULES Y2.4: the three farthest lines in the direction the piece faces.
        let i = |s: &str| s.parse::<Square>().unwrap().index();
        assert!(in_zone(Seat::South, i("a7")) && !in_zone(Seat::South, i("i6")));
        assert!(in_zone(Seat::West, i("g1")) && !in_zone(Seat::West, i("f9")));
        assert!(in_zone(Seat::North, i("e3")) && !in_zone(Seat::North, i("e4")));
        assert!(in_zone(Seat::East, i("c9")) && !in_zone(Seat::East, i("d1")));
        // corner blocks lie in two zones
        assert!(in_zone(Seat::South, i("i9")) && in_zone(Seat::West, i("i9")));
        assert!(is_last_line(Seat::East, i("a5")));
        assert_eq!(nifu_line(Seat::West, i("c5")), 4);
        assert_eq!(nifu_line(Seat::North, i("c5")), 2);
        assert_eq!(NEIGHBOR[i("a1")][6], OFF);
        assert_eq!(NEIGHBOR[i("a1")][1] as usize, i("b2"));
    }
}
