//! Random games of both games for the share-link tests: seeded, under every combination
//! of local rules, from the standard start or a set-up one, with results, Hasami
//! resignations and move limits. Used by `tests/link_roundtrip.rs` and
//! `tests/link_measure.rs`.

#![allow(dead_code, reason = "each test file uses a part of the helpers")]

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use shogi_variants::engine::Variant;
use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::link::ShareLink;

/// A seeded generator, so that the games are the same on every run.
pub struct Rng(StdRng);

impl Rng {
    /// The generator of `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(StdRng::seed_from_u64(seed))
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// The move limits the tests use: none, those the app offers, and a small one that
/// random games reach (0 included: a game over at once).
fn limit(rng: &mut Rng, offered: &[u32]) -> Option<u32> {
    match rng.below(offered.len() + 2) {
        0 => None,
        1 => Some(rng.below(60) as u32),
        i => Some(offered[i - 2]),
    }
}

/// Hasami's local rules: the win condition `i % 3` (so that consecutive seeds cover all
/// three) and a random move limit.
pub fn hasami_rules(i: u64, rng: &mut Rng) -> hasami::Rules {
    hasami::Rules {
        win: hasami::WinCondition::ALL[(i % 3) as usize],
        move_limit: limit(rng, &[100, 200, 300]),
    }
}

/// Yonin's local rules: combination `i % 8` of format, end and eliminated pieces
/// ([`yonin::Rules::all_combinations`]) and a random move limit.
pub fn yonin_rules(i: u64, rng: &mut Rng) -> yonin::Rules {
    yonin::Rules {
        move_limit: limit(rng, &[200, 300, 400]),
        ..yonin::Rules::all_combinations()[(i % 8) as usize]
    }
}

/// A Hasami move: the greedy CPU one time in three (so that games reach their win
/// conditions), else a uniformly random legal move.
pub fn hasami_move(game: &hasami::Game, rng: &mut Rng) -> hasami::Move {
    let seed = rng.below(1 << 30) as u64;
    if rng.one_in(3) {
        shogi_variants::ai::hasami::greedy(game, seed).expect("the game goes on")
    } else {
        shogi_variants::ai::hasami::random(game, seed).expect("the game goes on")
    }
}

/// A Yonin move: a capture or a check three times in four when there is one (so that
/// games reach mates, drops and promotions), else a uniformly random legal move.
pub fn yonin_move(game: &yonin::Game, rng: &mut Rng) -> yonin::Move {
    let moves = game.legal_moves();
    let pos = game.position();
    if rng.below(4) < 3 {
        let sharp: Vec<yonin::Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                matches!(m, yonin::Move::Normal { to, .. } if pos.piece_at(to).is_some())
                    || !pos.gives_check(m).is_empty()
            })
            .collect();
        if !sharp.is_empty() {
            return sharp[rng.below(sharp.len())];
        }
    }
    moves[rng.below(moves.len())]
}

/// Plays up to `plies` moves chosen by `pick`, stopping when the game is over.
pub fn play_on<G: Variant>(
    game: &mut G,
    plies: usize,
    rng: &mut Rng,
    pick: fn(&G, &mut Rng) -> G::Move,
) {
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let mv = pick(game, rng);
        game.play(mv).expect("a legal move");
    }
}

/// Random Hasami game number `i`: random rules; one game in four from a set-up start
/// (a position reached in another random game, any side to move, captures and ply);
/// up to 160 random plies; one unfinished game in three then resigned by either player.
pub fn hasami_game(i: u64) -> hasami::Game {
    let mut rng = Rng::new(i);
    let rules = hasami_rules(i, &mut rng);
    let mut game = if rng.one_in(4) {
        let mut other = hasami::Game::new(hasami::Rules::default());
        let plies = rng.below(40);
        play_on(&mut other, plies, &mut rng, hasami_move);
        hasami::Game::from_position(rules, *other.position())
    } else {
        hasami::Game::new(rules)
    };
    let plies = rng.below(160);
    play_on(&mut game, plies, &mut rng, hasami_move);
    if !game.is_over() && rng.one_in(3) {
        let player = hasami::Player::ALL[rng.below(2)];
        game.resign(player).expect("the game goes on");
    }
    game
}

/// Random Yonin game number `i`: the rules combination `i % 8` with a random limit, a
/// random starting seat; one game in five from a set-up start (a position reached in a
/// random game under the same rules); up to 240 moves, biased to captures and checks.
pub fn yonin_game(i: u64) -> yonin::Game {
    let mut rng = Rng::new(i);
    let rules = yonin_rules(i, &mut rng);
    let first = yonin::Seat::ALL[rng.below(4)];
    let mut game = yonin::Game::new(rules, first);
    if rng.one_in(5) {
        let plies = rng.below(80);
        play_on(&mut game, plies, &mut rng, yonin_move);
        game = yonin::Game::from_position(game.position().clone());
    }
    let plies = rng.below(240);
    play_on(&mut game, plies, &mut rng, yonin_move);
    game
}

/// The link of `game`, decoded; panics with the link when it does not decode.
pub fn round_trip<G: ShareLink>(game: &G) -> (String, G) {
    let link = game.to_link();
    match G::from_link(&link) {
        Ok(back) => (link, back),
        Err(e) => panic!("{link} does not decode: {e}"),
    }
}
