//! Property tests: random legal Hasami games keep their invariants, and the engine agrees
//! with a deliberately naive reference implementation written on a plain grid.

use proptest::prelude::*;
use shogi_variants::engine::SquareSet;
use shogi_variants::engine::hasami::{Game, Move, Player, Position, Rules, WinCondition};

#[path = "common/hasami.rs"]
mod naive;

/// The naive reference's legal moves in `p` (RULES H2).
fn naive_moves(p: &Position) -> Vec<Move> {
    naive::Naive::of(p, Rules::default())
        .moves()
        .into_iter()
        .map(naive::to_move)
        .collect()
}

/// The naive reference's captures of `mv` in `before` (RULES H3.1-H3.4).
fn naive_captures(before: &Position, mv: Move) -> SquareSet {
    let mut grid = naive::Naive::of(before, Rules::default()).grid;
    let (from, to) = (
        (mv.from.file() as usize, mv.from.rank() as usize),
        (mv.to.file() as usize, mv.to.rank() as usize),
    );
    let me = grid[from.1][from.0];
    grid[from.1][from.0] = naive::EMPTY;
    grid[to.1][to.0] = me;
    naive::captures(&grid, to, me)
        .into_iter()
        .map(naive::square)
        .collect()
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
        let mut reference = naive::Naive::of(game.position(), rules);
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
            // RULES H4: the game ends (a win, repetition, the move limit, no move) when
            // the reference's does.
            let from = (mv.from.file() as usize, mv.from.rank() as usize);
            let to = (mv.to.file() as usize, mv.to.rank() as usize);
            reference = reference.play((from, to));
            prop_assert_eq!(reference.grid, naive::Naive::of(game.position(), rules).grid);
            prop_assert_eq!(reference.over, game.is_over(), "after {} in {}", mv, pos);
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
