//! The Hasami Shogi CPU (RULES Part H): a levelled alpha-beta search, and the simple
//! players it is measured against.
//!
//! [`choose`] is the seam the table controller (and a Web Worker) calls: a game and a
//! [`Think`] in, a move out. It runs [`search::search`] in the [`Style`] of the level
//! ([`style_of`]):
//!
//! | level | depth | quiescence | node budget | evaluation | sees |
//! |---|---|---|---|---|---|
//! | novice | no search ([`novice`]) | none | none | none | its own capture at once, [`NOVICE_TAKES_PERCENT`] % of the time; nothing of the opponent's |
//! | beginner | 1 ply | none | 3 000 | [`Weights::NO_QUIESCENCE`], contempt 0.20 | the opponent's capture in reply (the evaluation), not corner captures |
//! | casual | 2 plies | none | 12 000 | [`Weights::NO_QUIESCENCE`], contempt 0.20 | everything 2 plies deep, the mover's capture after that |
//! | strong | up to 8 | 4 plies of captures | 8 000 | [`Weights::SEARCH`], contempt 0.20 | everything |
//! | master | up to 64 | 6 plies of captures | 50 000 a second of think time (four times that with at most 10 pieces on the board, [`master_sparse_budget`]), or `think_ms` with a clock | [`Weights::MASTER`], contempt 0.50 | everything |
//!
//! The lower levels are weaker the way people are: they look less far ahead and a
//! beginner does not think of corner captures (RULES H3.4), neither its own nor the
//! opponent's; from the beginner up none of them plays a random blunder. The novice
//! plays like a person in a first game: it takes the best capture it has most of the
//! time and otherwise moves any piece anywhere, never asking what the opponent can
//! take in reply. The strong level's budget is a
//! sixth of the master's, so it sees less far ahead (the gap between levels is
//! depth). The master converts a lead: its evaluation values exchanges and contact
//! by the lead (an exchange brings the leader nearer five captures first, RULES
//! H4.1), charges the leader for the other side's pieces that no sandwich can reach
//! (a fortress against an edge it could not break before the move limit), fears two
//! threats at once, and a draw costs it half a capture, so it plays on rather than
//! repeat. With a clock the master searches until its think time is
//! spent (no node limit), the other levels keep their node budget and stop at
//! [`SAFETY_MS`] at the latest. Equal moves are chosen among by the seed, so a game
//! can be replayed.
//!
//! The yardsticks: [`baseline`] (the CPU before the levels, depth 3), [`greedy`] (one
//! ply) and [`random`].
//!
//! Strength is measured by matches (`engine match hasami`); the figures are in
//! `docs/STRENGTH.md`.

pub mod baseline;
mod bits;
pub mod eval;
#[cfg(test)]
mod reference;
pub mod search;
mod tt;

pub use eval::{Eval, HasamiScale, Sight, Weights, Window, evaluate};
pub use search::{Analysis, Style};

use super::{Budget, Level, NOVICE_TAKES_PERCENT, Think};
use crate::engine::hasami::{Game, Move, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

/// With a clock, a level other than the master stops after this many milliseconds.
pub use super::SAFETY_MS;

/// How each level searches (module docs). The novice does not search ([`novice`]):
/// its entry is the beginner's, used by no move of its own.
pub const fn style_of(level: Level) -> Style {
    match level {
        Level::Novice | Level::Beginner => Style {
            budget: Budget {
                max_depth: 1,
                max_nodes: 3_000,
            },
            quiescence: 0,
            sight: Sight { corners: false },
            weights: Weights::NO_QUIESCENCE,
            table_bits: 10,
            contempt: 20,
            threats: 0,
            threat_share: 0,
        },
        Level::Casual => Style {
            budget: Budget {
                max_depth: 2,
                max_nodes: 12_000,
            },
            quiescence: 0,
            sight: Sight::FULL,
            weights: Weights::NO_QUIESCENCE,
            table_bits: 12,
            contempt: 20,
            threats: 0,
            threat_share: 0,
        },
        Level::Strong => Style {
            budget: Budget {
                max_depth: 8,
                max_nodes: 8_000,
            },
            quiescence: 4,
            sight: Sight::FULL,
            weights: Weights::SEARCH,
            table_bits: 16,
            contempt: 20,
            threats: 0,
            threat_share: 0,
        },
        Level::Master => Style {
            budget: Budget {
                max_depth: 64,
                max_nodes: 50_000,
            },
            quiescence: 6,
            sight: Sight::FULL,
            weights: Weights::MASTER,
            table_bits: 18,
            contempt: 50,
            // 4 moves on 25 % of the budget was measured no better against baseline
            // (docs/STRENGTH.md, 2026-12-03): off until a narrower use is measured.
            threats: 0,
            threat_share: 0,
        },
    }
}

/// At most this many pieces on the board (both sides) make a sparse end for the
/// master's node budget ([`master_sparse_budget`]): five a side, where at four
/// captures each one capture wins for either side (RULES H4.1, capture five).
pub const MASTER_SPARSE_PIECES: usize = 10;

/// The master's node budget in a sparse end ([`MASTER_SPARSE_PIECES`]), in percent of
/// its budget elsewhere: four times, a ply deeper (depth 5 instead of 4), so that it
/// sees the double threats that win those ends (`docs/STRENGTH.md`, 2026-12-03,
/// evening). With a clock it searches until its think time is spent, as everywhere.
pub const MASTER_SPARSE_PERCENT: u64 = 400;

/// The master's node budget in `pos` without a clock, from `nodes`, its budget for the
/// think time ([`Think::node_budget`]): [`MASTER_SPARSE_PERCENT`] % of it when at most
/// [`MASTER_SPARSE_PIECES`] pieces are on the board, else `nodes`.
pub fn master_sparse_budget(pos: &Position, nodes: u64) -> u64 {
    let pieces = pos.occupied().len();
    if pieces <= MASTER_SPARSE_PIECES {
        nodes.saturating_mul(MASTER_SPARSE_PERCENT) / 100
    } else {
        nodes
    }
}

/// Chooses a move for the side to move of `game` at `think.level`, `None` when the game
/// is over. Deterministic for the same game, level and seed when `think.clock` is
/// `None`; with a clock the master thinks [`Think::search_ms`] milliseconds (no node limit)
/// and the other levels at most [`SAFETY_MS`].
pub fn choose(game: &Game, think: &Think) -> Option<Move> {
    analyse(game, think).map(|a| a.best)
}

/// [`choose`] with what the search found: score, depth, nodes and principal variation.
///
/// The novice searches nothing: its analysis is [`novice`]'s move with score
/// [`Eval::DRAW`], depth 0, the number of legal moves as nodes and the move alone as its
/// principal variation.
pub fn analyse(game: &Game, think: &Think) -> Option<Analysis> {
    if think.level == Level::Novice {
        let nodes = game.position().legal_moves().len() as u64;
        return novice(game, think.seed).map(|best| Analysis {
            best,
            score: Eval::DRAW,
            depth: 0,
            nodes,
            pv: vec![best],
        });
    }
    let mut style = style_of(think.level);
    style.budget.max_nodes = think.node_budget(style.budget.max_nodes);
    if think.level == Level::Master && style.budget.max_nodes != u64::MAX {
        style.budget.max_nodes = master_sparse_budget(game.position(), style.budget.max_nodes);
    }
    let time = think.wall_limit();
    search::search(game, &style, think.seed, time)
}

/// The one-ply greedy player: a move that wins at once if there is one (RULES H4.1,
/// H4.2), else the one that captures most, among those the one that leaves the
/// opponent the smallest capture in reply; `seed` chooses among equal moves. `None`
/// when the game is over.
pub fn greedy(game: &Game, seed: u64) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let rules = game.rules();
    let pos = *game.position();
    let mut moves = pos.legal_moves();
    moves.shuffle(&mut StdRng::seed_from_u64(seed));
    moves.into_iter().max_by_key(|&mv| {
        let mut next = pos;
        let captured = next.play_unchecked(mv).len() as i32;
        let wins = rules.win_reason(&next, pos.side_to_move()).is_some() || !next.has_legal_move();
        (wins, captured, -(next.best_capture() as i32))
    })
}

/// The novice ([`Level::Novice`]): with `seed` it first decides whether it takes this
/// turn; if so (in [`NOVICE_TAKES_PERCENT`] % of seeds) it plays the move that wins at
/// once (RULES H4.1, H4.2) if there is one, else the one that captures most (RULES H3),
/// and when nothing captures, or it does not take, a uniformly random legal move.
/// It never looks at what the opponent can capture in reply. Deterministic for the
/// same game and seed; `None` when the game is over.
pub fn novice(game: &Game, seed: u64) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let rules = game.rules();
    let pos = *game.position();
    let mut rng = StdRng::seed_from_u64(seed);
    let takes = rng.random_range(0..100) < NOVICE_TAKES_PERCENT;
    let mut moves = pos.legal_moves();
    moves.shuffle(&mut rng);
    if !takes {
        return moves.first().copied();
    }
    // `max_by_key` keeps the last of equal moves: among the shuffled ones, a random one.
    moves.into_iter().max_by_key(|&mv| {
        let mut next = pos;
        let captured = next.play_unchecked(mv).len();
        let wins = rules.win_reason(&next, pos.side_to_move()).is_some() || !next.has_legal_move();
        (wins, captured)
    })
}

/// A uniformly random legal move chosen by `seed`, `None` when the game is over.
pub fn random(game: &Game, seed: u64) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let moves = game.position().legal_moves();
    Some(moves[StdRng::seed_from_u64(seed).random_range(0..moves.len())])
}

#[cfg(test)]
mod tests;
