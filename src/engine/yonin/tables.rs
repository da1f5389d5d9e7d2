//! Constant tables of the board's geometry by facing: promotion zones and last lines
//! (RULES Y2.4, Y4.2), nifu lines (RULES Y4.1), and the 81 squares by index. The
//! directions and steps are in [`attacks`](super::attacks).

use crate::engine::Square;

use super::Seat;

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
    }
}
