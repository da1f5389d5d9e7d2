//! The Yonin Shogi CPU (`ai::yonin::choose_move`): behaviours on positions built for
//! them, legality over self-play under every rules combination, and two ignored
//! measurements: strength against the one-ply greedy player it replaced, and time per
//! move.
//!
//! Positions are written with `pos("Ks@e1 Kw@a5 …", "HANDS TURN ELIMS MOVES RULES")`: each
//! token is a piece of the position notation (see `engine::yonin` docs) and its square.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use shogi_variants::ai::Budget;
use shogi_variants::ai::yonin::choose_move;
use shogi_variants::engine::yonin::{Game, Move, Role, Rules, Seat};

#[path = "common/yonin.rs"]
mod common;
#[allow(unused_imports, reason = "helpers used by some tests only")]
use common::*;

// ---------------------------------------------------------------------------------------
// The greedy player the search replaced, kept as the yardstick
// ---------------------------------------------------------------------------------------

const fn greedy_value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Rook => 9,
        Role::Gold => 6,
        Role::Silver => 5,
        Role::Pawn => 1,
    }
}

/// One ply, greedy: the move that mates the most seats, then captures the most valuable
/// piece, then gives check (the CPU before the search, verbatim).
fn greedy(game: &Game, seed: u64) -> Option<Move> {
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
        let captured = report.captured.map_or(0, greedy_value);
        let promotes = i32::from(mv.is_promotion());
        (
            i32::from(won),
            mates,
            captured * 10 + report.checks.len() as i32 * 2 + promotes,
        )
    })
}

/// Plays one game: `cpu` seats use [`choose_move`] with `budget`, the others [`greedy`].
/// Returns the final game.
fn match_game(rules: Rules, first: Seat, cpu: &[Seat], budget: Budget, seed: u64) -> Game {
    let mut game = Game::new(rules, first);
    let mut n = 0;
    while let Some(seat) = game.to_move() {
        let s = seed.wrapping_mul(1000).wrapping_add(n);
        let mv = if cpu.contains(&seat) {
            choose_move(&game, budget, s)
        } else {
            greedy(&game, s)
        }
        .expect("a move while the game goes on");
        game.play(mv).expect("legal");
        n += 1;
    }
    game
}

// ---------------------------------------------------------------------------------------
// Measurements (ignored: run by hand, see the module docs)
// ---------------------------------------------------------------------------------------

/// Strength: the CPU in one seat (rotating), three greedy players in the others, 40
/// games of at most 300 moves; prints the CPU's placings.
///
/// `cargo test --profile bench --test yonin_cpu -- --ignored strength --nocapture`
#[test]
#[ignore = "measurement: several seconds"]
fn strength_against_greedy() {
    let games: u64 = std::env::var("YONIN_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let rules = Rules {
        move_limit: Some(300),
        ..Rules::default()
    };
    let mut places = [0u32; 5]; // 1st..4th, and draws
    let mut reasons = std::collections::BTreeMap::new();
    for g in 0..games {
        let cpu = Seat::from_index(g as usize);
        let first = Seat::from_index((g / 4) as usize);
        let game = match_game(rules, first, &[cpu], Budget::DEFAULT, g);
        let outcome = game.outcome().expect("over");
        *reasons.entry(format!("{:?}", outcome.reason)).or_insert(0) += 1;
        match outcome.place(cpu) {
            Some(p) => places[usize::from(p) - 1] += 1,
            None => places[4] += 1,
        }
    }
    println!(
        "CPU vs 3 greedy, {games} games: 1st {} 2nd {} 3rd {} 4th {} (ends {reasons:?})",
        places[0], places[1], places[2], places[3]
    );
    assert!(
        places[0] as u64 * 4 > games,
        "first in {} of {games}",
        places[0]
    );
}

/// Time per move with the default budget over about 200 positions of seeded random
/// games (every rules combination); prints the median and the maximum.
///
/// `cargo test --profile bench --test yonin_cpu -- --ignored time_per_move --nocapture`
#[test]
#[ignore = "measurement: needs an optimised build"]
fn time_per_move() {
    let positions = random_positions(200, 99);
    let mut times = Vec::with_capacity(positions.len());
    for (i, game) in positions.iter().enumerate() {
        let start = std::time::Instant::now();
        let mv = choose_move(game, Budget::DEFAULT, i as u64);
        times.push((start.elapsed(), i));
        assert!(mv.is_some());
    }
    times.sort();
    let (max, worst) = times[times.len() - 1];
    println!(
        "{} positions: median {:?}, 90% {:?}, max {:?} ({} legal moves: {})",
        times.len(),
        times[times.len() / 2].0,
        times[times.len() * 9 / 10].0,
        max,
        positions[worst].legal_moves().len(),
        positions[worst].position()
    );
}

/// `n` positions (not over) from random games, a few plies to a few hundred deep, under
/// every rules combination.
fn random_positions(n: usize, seed: u64) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(seed);
    let all = Rules::all_combinations();
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let rules = all[out.len() % all.len()];
        let mut game = Game::new(rules, Seat::from_index(out.len()));
        let plies = rng.random_range(4..200);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures a little, so that hands fill up as in real games.
            let mv = moves[rng.random_range(0..moves.len())];
            game.play(mv).expect("legal");
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}
