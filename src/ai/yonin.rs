//! A basic Yonin Shogi CPU: one ply, greedy. It takes the move that mates the most
//! seats, then captures the most valuable piece, then gives check, choosing among equal
//! moves with the seed. It is legal and never passes up a mate in one or a free capture;
//! a deeper multi-player search replaces the body of [`choose_move`], whose signature is
//! the seam the table (and later a Web Worker) calls.

use super::Budget;
use crate::engine::yonin::{Game, Move, Role};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// Material value of a captured role (it goes to the hand unpromoted, RULES Y2.2).
const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Rook => 9,
        Role::Gold => 6,
        Role::Silver => 5,
        Role::Pawn => 1,
    }
}

/// Chooses a move for the seat to move of `game`, or `None` if the game is over.
/// Deterministic for a given `game` and `seed`; the budget is not used by this
/// one-ply player.
pub fn choose_move(game: &Game, _budget: Budget, seed: u64) -> Option<Move> {
    let mover = game.to_move()?;
    let mut moves: Vec<Move> = game.legal_moves().iter().copied().collect();
    let mut rng = StdRng::seed_from_u64(seed);
    moves.shuffle(&mut rng);
    moves.into_iter().max_by_key(|&mv| {
        let mut pos = game.position().clone();
        let report = pos.play_unchecked(mv);
        let mates = report.mated.iter().filter(|e| e.by == mover).count() as i32;
        let won = report
            .outcome
            .and_then(|o| o.place(mover))
            .is_some_and(|p| p == 1);
        let captured = report.captured.map_or(0, value);
        let promotes = i32::from(mv.is_promotion());
        (
            i32::from(won),
            mates,
            captured * 10 + report.checks.len() as i32 * 2 + promotes,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::yonin::{Rules, Seat};

    #[test]
    fn plays_legal_moves_to_the_end() {
        let rules = Rules {
            move_limit: Some(120),
            ..Rules::default()
        };
        let mut game = Game::new(rules, Seat::South);
        let mut seed = 0;
        while let Some(mv) = choose_move(&game, Budget::DEFAULT, seed) {
            game.play(mv).expect("the CPU plays legal moves");
            seed += 1;
        }
        assert!(game.is_over());
        assert!(game.moves().len() <= 120);
    }

    #[test]
    fn takes_the_most_valuable_capture_and_mates_in_one() {
        // Over positions of random games: the choice captures as much as the best
        // capture on offer, unless it mates (which comes first).
        use rand::RngExt;
        let mut rng = StdRng::seed_from_u64(11);
        let mut checked = 0;
        for game_no in 0..40 {
            let mut game = Game::new(Rules::default(), Seat::South);
            for ply in 0..60 {
                let Some(mover) = game.to_move() else { break };
                let moves: Vec<Move> = game.legal_moves().iter().copied().collect();
                let outcomes: Vec<(bool, i32)> = moves
                    .iter()
                    .map(|&m| {
                        let mut p = game.position().clone();
                        let r = p.play_unchecked(m);
                        (
                            r.mated.iter().any(|e| e.by == mover),
                            r.captured.map_or(0, value),
                        )
                    })
                    .collect();
                let chosen = choose_move(&game, Budget::DEFAULT, game_no * 100 + ply).unwrap();
                let i = moves.iter().position(|&m| m == chosen).unwrap();
                if outcomes.iter().any(|o| o.0) {
                    assert!(outcomes[i].0, "a mate in one was on offer: {chosen}");
                } else {
                    let best = outcomes.iter().map(|o| o.1).max().unwrap();
                    assert_eq!(outcomes[i].1, best, "{chosen} leaves a better capture");
                    checked += usize::from(best > 0);
                }
                let random = moves[rng.random_range(0..moves.len())];
                game.play(random).unwrap();
            }
        }
        assert!(checked > 20, "positions with a capture on offer: {checked}");
    }
}
