//! A deliberately naive Hasami Shogi, written from RULES Part H alone on a plain grid:
//! moves found by trying every pair of squares and walking between them, captures by
//! walking out from the arrival square, the end of the game by counting (win conditions,
//! repetition, move limit, no legal move), and perft by walking whole games. It shares
//! no code with the engine but its plain types (`Rules`, `Square`, `Move`).
//!
//! Used by `tests/hasami_props.rs` (random games, move by move) and
//! `tests/hasami_perft.rs` (every case of `tests/data/hasami.perft` at depths 1-3).

#![allow(dead_code, reason = "each test file uses a subset of the reference")]

use shogi_variants::engine::Square;
use shogi_variants::engine::hasami::{Move, Player, Position, Rules, WinCondition};

/// What stands on a square.
pub const EMPTY: u8 = 0;
/// A Black piece (or Black, the side).
pub const BLACK: u8 = 1;
/// A White piece (or White, the side).
pub const WHITE: u8 = 2;

/// The board: `grid[rank][file]`, rank 0 is rank 1 (Black's side), file 0 is file a.
pub type Grid = [[u8; 9]; 9];

/// A square as `(file, rank)`, both 0-8.
pub type At = (usize, usize);

/// The other side.
pub const fn opponent(side: u8) -> u8 {
    if side == BLACK { WHITE } else { BLACK }
}

/// A game in progress, naively: the board, the side to move, each side's captures, the
/// ply, the local rules, every position so far (for repetition) and whether it is over.
#[derive(Clone, Debug)]
pub struct Naive {
    /// The board.
    pub grid: Grid,
    /// [`BLACK`] or [`WHITE`], to move.
    pub side: u8,
    /// Pieces captured by each side, indexed by [`BLACK`] and [`WHITE`] (0 unused).
    pub captures: [u32; 3],
    /// Moves of both sides so far (RULES H6.3 `PLY`).
    pub ply: u32,
    /// The win condition and the move limit.
    pub rules: Rules,
    /// Board and side to move of every position of the game, the first included.
    history: Vec<(Grid, u8)>,
    /// The game is over: no side may move any more.
    pub over: bool,
}

impl Naive {
    /// Reads a position written as RULES H6.3 says (`BOARD SIDE BLACK WHITE PLY`), and
    /// judges it as the code's choice for loaded positions says: over at once when a win
    /// condition is met for either side, the move limit is reached, or the side to move
    /// has no legal move.
    pub fn parse(text: &str, rules: Rules) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(fields.len(), 5, "five fields in {text:?}");
        let ranks: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(ranks.len(), 9, "nine ranks in {text:?}");
        let mut grid = [[EMPTY; 9]; 9];
        for (i, rank) in ranks.iter().enumerate() {
            let r = 8 - i; // the first rank written is rank 9
            let mut f = 0;
            for c in rank.chars() {
                match c {
                    'b' => {
                        grid[r][f] = BLACK;
                        f += 1;
                    }
                    'w' => {
                        grid[r][f] = WHITE;
                        f += 1;
                    }
                    '1'..='9' => f += c as usize - '0' as usize,
                    _ => panic!("{c:?} in {text:?}"),
                }
            }
            assert_eq!(f, 9, "rank {} of {text:?}", r + 1);
        }
        let side = match fields[1] {
            "b" => BLACK,
            "w" => WHITE,
            s => panic!("side {s:?}"),
        };
        let mut naive = Naive {
            grid,
            side,
            captures: [0, fields[2].parse().unwrap(), fields[3].parse().unwrap()],
            ply: fields[4].parse().unwrap(),
            rules,
            history: vec![(grid, side)],
            over: false,
        };
        naive.over = naive.wins(BLACK)
            || naive.wins(WHITE)
            || naive.limit_reached()
            || naive.moves().is_empty();
        naive
    }

    /// The engine's position as a naive game under `rules` (read square by square).
    pub fn of(p: &Position, rules: Rules) -> Naive {
        let mut grid = [[EMPTY; 9]; 9];
        for sq in Square::all() {
            grid[sq.rank() as usize][sq.file() as usize] = match p.piece_at(sq) {
                Some(Player::Black) => BLACK,
                Some(Player::White) => WHITE,
                None => EMPTY,
            };
        }
        let side = match p.side_to_move() {
            Player::Black => BLACK,
            Player::White => WHITE,
        };
        Naive {
            grid,
            side,
            captures: [
                0,
                u32::from(p.captures(Player::Black)),
                u32::from(p.captures(Player::White)),
            ],
            ply: p.ply(),
            rules,
            history: vec![(grid, side)],
            over: false,
        }
    }

    /// The pieces of `side` on the board.
    pub fn count(&self, side: u8) -> usize {
        self.grid.iter().flatten().filter(|&&c| c == side).count()
    }

    /// RULES H4.1, for `side`.
    fn wins(&self, side: u8) -> bool {
        let (mine, theirs) = (
            self.captures[side as usize],
            self.captures[opponent(side) as usize],
        );
        match self.rules.win {
            WinCondition::CaptureFive => mine >= 5,
            WinCondition::LeadByThree => mine >= theirs + 3,
            WinCondition::CaptureAll => self.count(opponent(side)) == 0,
        }
    }

    /// RULES H4.5.
    fn limit_reached(&self) -> bool {
        self.rules.move_limit.is_some_and(|limit| self.ply >= limit)
    }

    /// Every legal move of the side to move (RULES H2): every pair of squares on one
    /// rank or file, from one of its pieces, with nothing on the way or on arrival.
    pub fn moves(&self) -> Vec<(At, At)> {
        let mut out = Vec::new();
        for fr in 0..9 {
            for ff in 0..9 {
                if self.grid[fr][ff] != self.side {
                    continue;
                }
                for tr in 0..9 {
                    for tf in 0..9 {
                        if (ff, fr) == (tf, tr) || (ff != tf && fr != tr) {
                            continue;
                        }
                        let (df, dr) = (
                            (tf as i32 - ff as i32).signum(),
                            (tr as i32 - fr as i32).signum(),
                        );
                        let (mut f, mut r) = (ff as i32, fr as i32);
                        let mut clear = true;
                        while (f, r) != (tf as i32, tr as i32) {
                            f += df;
                            r += dr;
                            clear &= self.grid[r as usize][f as usize] == EMPTY;
                        }
                        if clear {
                            out.push(((ff, fr), (tf, tr)));
                        }
                    }
                }
            }
        }
        out
    }

    /// The game after the side to move plays `(from, to)` (a move of [`Naive::moves`]):
    /// captures (RULES H3), then the end of the game in the order of RULES H4.6.
    pub fn play(&self, (from, to): (At, At)) -> Naive {
        let me = self.side;
        let mut next = self.clone();
        next.grid[from.1][from.0] = EMPTY;
        next.grid[to.1][to.0] = me;
        let taken = captures(&next.grid, to, me);
        for &(f, r) in &taken {
            next.grid[r][f] = EMPTY;
        }
        next.captures[me as usize] += taken.len() as u32;
        next.ply += 1;
        next.side = opponent(me);
        next.history.push((next.grid, next.side));
        let seen = next
            .history
            .iter()
            .filter(|&&(g, s)| g == next.grid && s == next.side)
            .count();
        next.over = next.wins(me) || seen >= 4 || next.limit_reached() || next.moves().is_empty();
        next
    }

    /// Move sequences of exactly `depth` moves from here (RULES Perft): a game that is
    /// over has none.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over {
            return 0;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1))
            .sum()
    }
}

/// The enemy pieces taken when `me`'s piece has arrived on `to` in `grid` (the move
/// made, nothing removed yet): RULES H3.1-H3.2 along the four lines from `to`, and
/// H3.4 for a corner whose two neighbours `me` now holds, `to` being one of them.
pub fn captures(grid: &Grid, to: At, me: u8) -> Vec<At> {
    let them = opponent(me);
    let at = |f: i32, r: i32| {
        if (0..9).contains(&f) && (0..9).contains(&r) {
            grid[r as usize][f as usize]
        } else {
            u8::MAX // off the board
        }
    };
    let (tf, tr) = (to.0 as i32, to.1 as i32);
    let mut out = Vec::new();
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut run = Vec::new();
        let (mut f, mut r) = (tf + df, tr + dr);
        while at(f, r) == them {
            run.push((f as usize, r as usize));
            f += df;
            r += dr;
        }
        if at(f, r) == me {
            out.extend(run);
        }
    }
    for (cf, cr) in [(0, 0), (8, 0), (0, 8), (8, 8)] {
        let n1 = (if cf == 0 { 1 } else { 7 }, cr);
        let n2 = (cf, if cr == 0 { 1 } else { 7 });
        if at(cf, cr) == them
            && at(n1.0, n1.1) == me
            && at(n2.0, n2.1) == me
            && ((tf, tr) == n1 || (tf, tr) == n2)
        {
            out.push((cf as usize, cr as usize));
        }
    }
    out
}

/// A naive square as the engine's.
pub fn square((f, r): At) -> Square {
    Square::new(f as u8, r as u8).expect("a square of the board")
}

/// A naive move as the engine's.
pub fn to_move((from, to): (At, At)) -> Move {
    Move::new(square(from), square(to))
}
