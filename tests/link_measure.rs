//! Share-link lengths (`docs/RECORDS.md`, "Share links": *Length*), printed:
//!
//! ```text
//! cargo test --test link_measure -- --ignored --nocapture
//! ```
//!
//! Seeds 0..20 of each kind of game, fixed before the first run; the median is the lower
//! one (the 10th of 20). Hasami: 100-ply games under the default rules, random (a
//! uniformly random legal move) and CPU-like (the greedy one-ply CPU,
//! `ai::hasami::greedy`, for both sides); in both, a move that would end the game before
//! ply 100 is replaced by a random one that does not, while there is one (the games that
//! end sooner all the same are counted apart). Yonin: 300-move games under the default
//! rules, the same two kinds (`ai::yonin::greedy`). Besides the link's characters, the
//! bits the moves would take under two other codes are printed, the measurement behind
//! the choice of a fixed width: truncated binary (`floor` or `ceil` of log2 bits per
//! move, no index out of range possible) and the entropy bound (log2 of the number of
//! legal moves, summed: an arithmetic coder's size).

use shogi_variants::ai;
use shogi_variants::engine::Variant;
use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::link::{ShareLink, link_order};

#[path = "link_games/mod.rs"]
mod games;

use games::Rng;

const SEEDS: std::ops::Range<u64> = 0..20;

/// Plays up to `plies` moves, each `first`'s choice (`None`: a random move), but a move
/// that would end the game before ply `plies` is replaced by a random one while another
/// move exists.
fn play_until<G: Variant>(
    game: &mut G,
    plies: usize,
    rng: &mut Rng,
    first: impl Fn(&G) -> Option<G::Move>,
) {
    while game.moves().len() < plies && !game.is_over() {
        let mut moves = game.legal_moves();
        let mut mv = first(game).unwrap_or_else(|| moves[rng.below(moves.len())]);
        while moves.len() > 1 {
            let mut next = game.clone();
            next.play(mv).unwrap();
            if !next.is_over() || next.moves().len() >= plies {
                break;
            }
            moves.retain(|&m| m != mv);
            mv = moves[rng.below(moves.len())];
        }
        game.play(mv).unwrap();
    }
}

/// Bits of the moves under the link's fixed width, truncated binary and the entropy.
fn move_bits<G: ShareLink>(game: &G, start: G) -> (u64, u64, f64) {
    let mut g = start;
    let (mut fixed, mut truncated, mut entropy) = (0u64, 0u64, 0f64);
    for &mv in game.moves() {
        let order = link_order(&g);
        let n = order.len() as u64;
        let index = order.iter().position(|&m| m == mv).unwrap() as u64;
        if n > 1 {
            let k = 63 - n.leading_zeros() as u64; // floor(log2 n)
            let ceil = if n.is_power_of_two() { k } else { k + 1 };
            fixed += ceil;
            let short = (1 << (k + 1)) - n; // indices below this take k bits
            truncated += if index < short { k } else { k + 1 };
            entropy += (n as f64).log2();
        }
        g.play(mv).unwrap();
    }
    (fixed, truncated, entropy)
}

/// Prints the link lengths of the games of `rows` that reached `plies` moves (the others,
/// which ended sooner because every move ended them, are counted apart) and the bits
/// per move of all.
fn summary(name: &str, plies: usize, rows: &[(usize, usize, u64, u64, f64)]) {
    let mut lens: Vec<usize> = rows.iter().filter(|r| r.0 == plies).map(|r| r.1).collect();
    lens.sort_unstable();
    let sum = |f: fn(&(usize, usize, u64, u64, f64)) -> f64| rows.iter().map(f).sum::<f64>();
    let total_moves = sum(|r| r.0 as f64);
    println!(
        "{name}: {} of {} games reach {plies} moves (the others: {:?} moves); their link \
         characters min {} median {} max {}; bits per move: fixed {:.2}, truncated binary \
         {:.2}, entropy {:.2}",
        lens.len(),
        rows.len(),
        rows.iter()
            .filter(|r| r.0 != plies)
            .map(|r| r.0)
            .collect::<Vec<_>>(),
        lens[0],
        lens[(lens.len() - 1) / 2],
        lens[lens.len() - 1],
        sum(|r| r.2 as f64) / total_moves,
        sum(|r| r.3 as f64) / total_moves,
        sum(|r| r.4) / total_moves,
    );
}

#[test]
#[ignore = "a measurement: prints the link lengths (a few seconds)"]
fn link_lengths() {
    let mut rows = Vec::new();
    for seed in SEEDS {
        let mut game = hasami::Game::new(hasami::Rules::default());
        play_until(&mut game, 100, &mut Rng::new(seed), |_| None);
        let (f, t, e) = move_bits(&game, hasami::Game::new(hasami::Rules::default()));
        rows.push((game.moves().len(), game.to_link().len(), f, t, e));
    }
    summary("Hasami, random", 100, &rows);
    rows.clear();
    for seed in SEEDS {
        let mut game = hasami::Game::new(hasami::Rules::default());
        let cpu = |g: &hasami::Game| ai::hasami::greedy(g, seed * 1000 + g.moves().len() as u64);
        play_until(&mut game, 100, &mut Rng::new(seed), cpu);
        let (f, t, e) = move_bits(&game, hasami::Game::new(hasami::Rules::default()));
        rows.push((game.moves().len(), game.to_link().len(), f, t, e));
    }
    summary("Hasami, greedy CPU", 100, &rows);

    let start = || yonin::Game::new(yonin::Rules::default(), yonin::Seat::South);
    rows.clear();
    for seed in SEEDS {
        let mut game = start();
        play_until(&mut game, 300, &mut Rng::new(seed), |_| None);
        let (f, t, e) = move_bits(&game, start());
        rows.push((game.moves().len(), game.to_link().len(), f, t, e));
    }
    summary("Yonin, random", 300, &rows);
    rows.clear();
    for seed in SEEDS {
        let mut game = start();
        let cpu = |g: &yonin::Game| ai::yonin::greedy(g, seed * 1000 + g.moves().len() as u64);
        play_until(&mut game, 300, &mut Rng::new(seed), cpu);
        let (f, t, e) = move_bits(&game, start());
        rows.push((game.moves().len(), game.to_link().len(), f, t, e));
    }
    summary("Yonin, greedy CPU", 300, &rows);
}
