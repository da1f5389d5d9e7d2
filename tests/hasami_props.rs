//! Property tests: random legal Hasami games keep their invariants, and the engine agrees
//! with a deliberately naive reference implementation written on a plain grid.

use proptest::prelude::*;
use shogi_variants::engine::hasami::{Game, Move, Player, Position, Rules, WinCondition, perft};
use shogi_variants::engine::{Square, SquareSet};

/// The board as a grid: `grid[rank][file]`, `'b'`, `'w'` or `'.'`.
fn grid(p: &Position) -> [[char; 9]; 9] {
    let mut g = [['.'; 9]; 9];
    for sq in Square::all() {
        g[sq.rank() as usize][sq.file() as usize] = match p.piece_at(sq) {
            Some(Player::Black) => 'b',
            Some(Player::White) => 'w',
            None => '.',
        };
    }
    g
}

/// Naive legal moves: every (from, to) pair checked square by square (RULES H2).
fn naive_moves(p: &Position) -> Vec<Move> {
    let g = grid(p);
    let me = if p.side_to_move() == Player::Black {
        'b'
    } else {
        'w'
    };
    let mut moves = Vec::new();
    for from in Square::all() {
        if g[from.rank() as usize][from.file() as usize] != me {
            continue;
        }
        for to in Square::all() {
            if from == to || (from.file() != to.file() && from.rank() != to.rank()) {
                continue;
            }
            let (mut f, mut r) = (from.file() as i32, from.rank() as i32);
            let (df, dr) = (
                (to.file() as i32 - f).signum(),
                (to.rank() as i32 - r).signum(),
            );
            let mut clear = true;
            while (f, r) != (to.file() as i32, to.rank() as i32) {
                f += df;
                r += dr;
                if g[r as usize][f as usize] != '.' {
                    clear = false;
                }
            }
            if clear {
                moves.push(Move::new(from, to));
            }
        }
    }
    moves
}

/// Naive custodian capture on the grid after the move (RULES H3.1-H3.4).
fn naive_captures(before: &Position, mv: Move) -> SquareSet {
    let mut g = grid(before);
    let me = g[mv.from.rank() as usize][mv.from.file() as usize];
    let them = if me == 'b' { 'w' } else { 'b' };
    g[mv.from.rank() as usize][mv.from.file() as usize] = '.';
    g[mv.to.rank() as usize][mv.to.file() as usize] = me;
    let at = |f: i32, r: i32| {
        if (0..9).contains(&f) && (0..9).contains(&r) {
            g[r as usize][f as usize]
        } else {
            '#'
        }
    };
    let mut out = SquareSet::EMPTY;
    let (tf, tr) = (mv.to.file() as i32, mv.to.rank() as i32);
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let mut run = vec![];
        let (mut f, mut r) = (tf + df, tr + dr);
        while at(f, r) == them {
            run.push((f, r));
            f += df;
            r += dr;
        }
        if !run.is_empty() && at(f, r) == me {
            for (f, r) in run {
                out.insert(Square::new(f as u8, r as u8).unwrap());
            }
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
            out.insert(Square::new(cf as u8, cr as u8).unwrap());
        }
    }
    out
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![
            Just(WinCondition::CaptureFive),
            Just(WinCondition::LeadByThree),
            Just(WinCondition::CaptureAll)
        ],
        prop_oneof![Just(None), (20u32..300).prop_map(Some)],
    )
        .prop_map(|(win, move_limit)| Rules { win, move_limit })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random legal games: pieces on the board + pieces captured by the opponent = 9 for
    /// each side; capture counts match removed pieces; the notation round-trips; legal
    /// moves and captures agree with the naive reference; the record replays.
    #[test]
    fn random_games_keep_invariants(rules in rules_strategy(), choices in prop::collection::vec(any::<u32>(), 1..400)) {
        let mut game = Game::new(rules);
        for choice in choices {
            if game.is_over() {
                break;
            }
            let pos = *game.position();
            let moves = pos.legal_moves();
            let mut naive = naive_moves(&pos);
            let mut sorted = moves.clone();
            sorted.sort_by_key(|m| (m.from, m.to));
            naive.sort_by_key(|m| (m.from, m.to));
            prop_assert_eq!(&sorted, &naive);
            prop_assert_eq!(pos.count_legal_moves(), moves.len());
            prop_assert!(!moves.is_empty(), "a live game has a move (RULES H4.2)");
            let best = moves.iter().map(|&m| naive_captures(&pos, m).len()).max().unwrap_or(0);
            prop_assert_eq!(pos.best_capture(), best);
            let mv = moves[choice as usize % moves.len()];
            let expected = naive_captures(&pos, mv);
            let report = game.play(mv).unwrap();
            prop_assert_eq!(report.captured, expected);
            let after = *game.position();
            let mover = pos.side_to_move();
            prop_assert_eq!(
                after.captures(mover) as usize,
                pos.captures(mover) as usize + expected.len()
            );
            prop_assert_eq!(after.pieces(mover.opponent()).len(), pos.pieces(mover.opponent()).len() - expected.len());
            for p in Player::ALL {
                prop_assert_eq!(after.pieces(p).len() + after.captures(p.opponent()) as usize, 9);
            }
            prop_assert_eq!(after.ply(), pos.ply() + 1);
            let text = after.to_string();
            prop_assert_eq!(text.parse::<Position>().unwrap(), after);
        }
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back.outcome(), game.outcome());
        prop_assert_eq!(back.position(), game.position());
        if let Some(limit) = rules.move_limit {
            prop_assert!(game.position().ply() <= limit);
        }
    }
}

/// Differential perft: the engine's perft equals a perft over the naive generator.
#[test]
fn perft_agrees_with_naive_generator() {
    fn naive_perft(p: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        naive_moves(p)
            .into_iter()
            .map(|m| {
                let mut next = *p;
                next.play(m).unwrap();
                naive_perft(&next, depth - 1)
            })
            .sum()
    }
    let start = Position::start();
    let game = Game::new(Rules::default());
    assert_eq!(naive_perft(&start, 2), perft(&game, 2));
    let mid: Position = "w2w1w2w/1w5w1/3b5/9/2wbw4/4b4/9/1b3b1b1/b7b b 2 0 40"
        .parse()
        .unwrap();
    assert_eq!(
        naive_perft(&mid, 2),
        perft(&Game::from_position(Rules::default(), mid), 2)
    );
}
