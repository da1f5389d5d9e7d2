//! Bitboard helpers for the search: moves, captures and mobility computed on 81-bit
//! masks (bit `rank * 9 + file`, as [`SquareSet::bits`]) without copying positions.
//! They agree with the engine's [`Position`] (tests), which stays the judge of the
//! rules: the search still plays every move it searches with
//! [`Position::play_unchecked`].
//!
//! [`SquareSet::bits`]: crate::engine::square::SquareSet::bits

#[cfg(test)]
use crate::engine::hasami::Position;
use crate::engine::square::SINGLE;

/// `RAYS[d][sq]`: the squares from `sq` to the edge (`sq` left out) north, east, south
/// and west (`d` = 0..4). North and east go up the indices, south and west down.
const RAYS: [[u128; 81]; 4] = {
    let mut t = [[0u128; 81]; 4];
    let mut sq = 0;
    while sq < 81 {
        let (f, r) = (sq % 9, sq / 9);
        let mut i = r + 1;
        while i < 9 {
            t[0][sq] |= 1 << (i * 9 + f);
            i += 1;
        }
        let mut i = f + 1;
        while i < 9 {
            t[1][sq] |= 1 << (r * 9 + i);
            i += 1;
        }
        let mut i = r;
        while i > 0 {
            i -= 1;
            t[2][sq] |= 1 << (i * 9 + f);
        }
        let mut i = f;
        while i > 0 {
            i -= 1;
            t[3][sq] |= 1 << (r * 9 + i);
        }
        sq += 1;
    }
    t
};

/// `FROM[d][sq]`: `sq` and the squares beyond it in direction `d` to the edge
/// (`RAYS[d][sq] | SINGLE[sq]`).
static FROM: [[u128; 81]; 4] = {
    let mut t = [[0u128; 81]; 4];
    let mut d = 0;
    while d < 4 {
        let mut sq = 0;
        while sq < 81 {
            t[d][sq] = RAYS[d][sq] | SINGLE[sq];
            sq += 1;
        }
        d += 1;
    }
    t
};

/// The mask of square `sq` (below 81) alone ([`SINGLE`]: a table rather than
/// `1 << sq`, which in wasm is a call into the compiler's runtime).
#[inline]
pub fn bit(sq: usize) -> u128 {
    SINGLE[sq]
}

/// Each corner (RULES H3.4) with its two neighbours, as indices: the engine's
/// [`CORNERS`](crate::engine::hasami::CORNERS).
const CORNERS: [(usize, usize, usize); 4] = {
    let mut t = [(0, 0, 0); 4];
    let mut i = 0;
    while i < 4 {
        let (c, [n1, n2]) = crate::engine::hasami::CORNERS[i];
        t[i] = (c.index(), n1.index(), n2.index());
        i += 1;
    }
    t
};

/// The nearest square of `set` (a subset of a ray in direction `d`) to the ray's start.
#[inline]
fn nearest(set: u128, d: usize) -> usize {
    if d < 2 {
        set.trailing_zeros() as usize
    } else {
        127 - set.leading_zeros() as usize
    }
}

/// The empty squares a piece on `from` can slide to (RULES H2.1-H2.3).
#[inline]
pub fn slides(from: usize, occupied: u128) -> u128 {
    let mut out = 0;
    for (d, rays) in RAYS.iter().enumerate() {
        let ray = rays[from];
        let blockers = ray & occupied;
        out |= if blockers == 0 {
            ray
        } else {
            ray & !FROM[d][nearest(blockers, d)]
        };
    }
    out
}

/// The enemy pieces (of `theirs`) that a piece arriving on `to` captures, with the
/// mover's pieces `mine` (after the move, `to` included): the runs it closes
/// (RULES H3.1, H3.2) and, if `corners`, a corner piece it closes in (H3.4).
#[inline]
pub fn captures(to: usize, mine: u128, theirs: u128, corners: bool) -> u128 {
    let mut out = 0;
    for (d, rays) in RAYS.iter().enumerate() {
        let ray = rays[to];
        if ray == 0 {
            continue;
        }
        let first = nearest(ray, d);
        if theirs & bit(first) == 0 {
            continue;
        }
        let other = ray & !theirs;
        if other == 0 {
            continue; // the run reaches the edge
        }
        let end = nearest(other, d);
        if mine & bit(end) != 0 {
            out |= ray & !FROM[d][end];
        }
    }
    if corners {
        for (c, n1, n2) in CORNERS {
            if (to == n1 || to == n2)
                && theirs & bit(c) != 0
                && mine & bit(n1) != 0
                && mine & bit(n2) != 0
            {
                out |= bit(c);
            }
        }
    }
    out
}

/// Files a and i, and the 81 squares of the board.
const FILE_A: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (r * 9);
        r += 1;
    }
    m
};
const FILE_I: u128 = FILE_A << 8;
const BOARD: u128 = (1 << 81) - 1;

/// The squares next to a square of `set` along a rank or file: the only arrival
/// squares that can capture (RULES H3.1 starts next to the arrival square; a corner
/// piece is next to both squares that close it in, H3.4).
#[inline]
pub fn adjacent(set: u128) -> u128 {
    ((set << 9) | (set >> 9) | ((set & !FILE_I) << 1) | ((set & !FILE_A) >> 1)) & BOARD
}

/// Ranks 1 and 9.
const RANK_1: u128 = (1 << 9) - 1;
const RANK_9: u128 = RANK_1 << 72;

/// The pieces of `theirs` that no sandwich by `mine` can take as the board stands
/// (RULES H3.1, H3.2): along its rank and along its file, the unbroken run through
/// the piece reaches an edge or a hole, an empty square walled in by `theirs` that no
/// piece of `mine` can ever reach, so no piece of `mine` can close that end. Corner
/// captures (H3.4) are not considered. Such pieces, packed against an edge, are a
/// fortress: they fall only if their owner moves them out.
#[inline]
pub fn unsandwichable(mine: u128, theirs: u128) -> u128 {
    let empty = !(mine | theirs) & BOARD;
    // The empty squares `mine` can reach, however many moves it takes.
    let mut reach = adjacent(mine) & empty;
    loop {
        let next = (reach | adjacent(reach)) & empty;
        if next == reach {
            break;
        }
        reach = next;
    }
    let set = theirs | (empty & !reach);
    // Flood each line's runs from the edges through `set`: eight steps cross the board.
    let mut across = set & (FILE_A | FILE_I);
    let mut along = set & (RANK_1 | RANK_9);
    for _ in 0..8 {
        across |= (((across & !FILE_I) << 1) | ((across & !FILE_A) >> 1)) & set;
        along |= ((along << 9) | (along >> 9)) & set;
    }
    across & along & theirs
}

/// Calls `f(from, to, captured)` for every move of the side owning `mine` against
/// `theirs`, in the engine's order (by piece, then destination).
#[inline]
pub fn for_each_move(
    mine: u128,
    theirs: u128,
    corners: bool,
    mut f: impl FnMut(usize, usize, u128),
) {
    let occupied = mine | theirs;
    let hot = adjacent(theirs);
    let mut pieces = mine;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let without = mine & !bit(from);
        let mut dests = slides(from, occupied);
        while dests != 0 {
            let to = dests.trailing_zeros() as usize;
            dests &= dests - 1;
            let c = if hot & bit(to) != 0 {
                captures(to, without | bit(to), theirs, corners)
            } else {
                0
            };
            f(from, to, c);
        }
    }
}

/// The most pieces of `theirs` one move of `mine` captures (as
/// [`Position::best_capture`](crate::engine::hasami::Position::best_capture) with `corners`).
pub fn best_capture(mine: u128, theirs: u128, corners: bool) -> u32 {
    let occupied = mine | theirs;
    let hot = adjacent(theirs);
    let mut best = 0;
    let mut pieces = mine;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let without = mine & !bit(from);
        let mut dests = slides(from, occupied) & hot;
        while dests != 0 {
            let to = dests.trailing_zeros() as usize;
            dests &= dests - 1;
            best = best.max(captures(to, without | bit(to), theirs, corners).count_ones());
        }
    }
    best
}

/// [`mobility`] and [`best_capture`] of `mine` in one pass over its moves, with every
/// piece of `theirs` some move captures.
pub fn mobility_and_best_capture(mine: u128, theirs: u128, corners: bool) -> (u32, u32, u128) {
    let occupied = mine | theirs;
    let hot = adjacent(theirs);
    let (mut moves, mut best, mut hanging) = (0, 0, 0);
    let mut pieces = mine;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        let without = mine & !bit(from);
        let all = slides(from, occupied);
        moves += all.count_ones();
        let mut dests = all & hot;
        while dests != 0 {
            let to = dests.trailing_zeros() as usize;
            dests &= dests - 1;
            let c = captures(to, without | bit(to), theirs, corners);
            hanging |= c;
            best = best.max(c.count_ones());
        }
    }
    (moves, best, hanging)
}

/// The number of moves of the pieces `mine` (as [`Position::count_legal_moves`]).
#[cfg(test)]
pub fn mobility(mine: u128, occupied: u128) -> u32 {
    let mut n = 0;
    let mut pieces = mine;
    while pieces != 0 {
        let from = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        n += slides(from, occupied).count_ones();
    }
    n
}

/// The side to move's and the opponent's pieces of `pos`.
#[cfg(test)]
fn sides(pos: &Position) -> (u128, u128) {
    let me = pos.side_to_move();
    (pos.pieces(me).bits(), pos.pieces(me.opponent()).bits())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hasami::{Game, Rules};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn moves_captures_and_counts_agree_with_the_engine() {
        // RULES H2, H3: on positions of random games (the side to move's moves, and
        // the opponent's through a flipped copy), every move and its captures.
        let mut rng = StdRng::seed_from_u64(21);
        let mut checked = 0;
        let mut captures_seen = 0;
        for _ in 0..60 {
            let mut game = Game::new(Rules::default());
            for _ in 0..rng.random_range(0..120) {
                if game.is_over() {
                    break;
                }
                let pos = *game.position();
                let (mine, theirs) = sides(&pos);
                let mut ours = Vec::new();
                for_each_move(mine, theirs, true, |from, to, c| ours.push((from, to, c)));
                let engine: Vec<(usize, usize, u128)> = pos
                    .legal_moves()
                    .into_iter()
                    .map(|mv| {
                        let mut next = pos;
                        let c = next.play_unchecked(mv).bits();
                        (mv.from.index(), mv.to.index(), c)
                    })
                    .collect();
                assert_eq!(ours, engine, "{pos}");
                assert_eq!(
                    best_capture(mine, theirs, true) as usize,
                    pos.best_capture()
                );
                assert_eq!(
                    mobility(mine, mine | theirs) as usize,
                    pos.count_legal_moves()
                );
                let (moves, best, hanging) = mobility_and_best_capture(mine, theirs, true);
                assert_eq!(
                    (moves, best),
                    (pos.count_legal_moves() as u32, pos.best_capture() as u32)
                );
                let all = engine.iter().fold(0, |acc, m| acc | m.2);
                assert_eq!(hanging, all);
                checked += 1;
                captures_seen += engine.iter().filter(|m| m.2 != 0).count();
                let moves = pos.legal_moves();
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
        assert!(
            checked > 1000 && captures_seen > 200,
            "{checked} {captures_seen}"
        );
    }

    #[test]
    fn unsandwichable_pieces_are_those_whose_runs_reach_an_edge_both_ways() {
        // Black g2 h2 i2 g1 h1 packed in the corner (a fortress); Black e5 alone in the
        // middle; Black a5 on the edge (its file run is open both ways).
        let pos: Position = "9/9/9/9/b3b4/9/6www/5wbbb/5wbb1 b 0 0 10".parse().unwrap();
        let (black, white) = sides(&pos);
        let mut names = Vec::new();
        let mut m = unsandwichable(white, black);
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            names.push(
                crate::engine::square::Square::from_index(i)
                    .unwrap()
                    .to_string(),
            );
            m &= m - 1;
        }
        assert_eq!(names, ["g1", "h1", "g2", "h2", "i2"]);
        // One piece of a run that stops short of the edge on both lines can be taken.
        assert_eq!(unsandwichable(1 << 10, 1 << 40), 0);
        assert_eq!(unsandwichable(1 << 10, 1 << 0), 1);
        // White's corner with a hole at a9 that Black cannot reach: all five pieces.
        let pos: Position = "1wwb5/wwwb5/bbb6/9/9/9/9/9/9 w 1 4 100".parse().unwrap();
        let (white, black) = sides(&pos);
        assert_eq!(unsandwichable(black, white).count_ones(), 5);
        // With a8 gone the hole opens to Black (a7): every run has an end Black can close.
        let pos: Position = "1wwb5/1wwb5/bbb6/9/9/9/9/9/9 w 1 4 100".parse().unwrap();
        let (white, black) = sides(&pos);
        assert_eq!(unsandwichable(black, white), 0);
    }

    #[test]
    fn corner_captures_only_when_asked() {
        // RULES H3.4: b3b1 with Black a2 closes White a1 in.
        let pos: Position = "4w4/9/9/9/9/9/1b7/b8/w8 b 0 0 10".parse().unwrap();
        let (mine, theirs) = sides(&pos);
        let (b3, b1) = (19, 1);
        let after = mine & !(1 << b3) | 1 << b1;
        assert_eq!(captures(b1, after, theirs, true), 1);
        assert_eq!(captures(b1, after, theirs, false), 0);
    }
}
