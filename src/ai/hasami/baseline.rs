//! The yardstick: the Hasami CPU as it was before the levelled search, a fixed
//! iterative-deepening alpha-beta (negamax) to depth 3 over [`Position`]s, scored by
//! captures, the mover's best capture and mobility, with its root window fixed (the
//! window is the mover's). Kept unchanged so the new levels can be measured against it
//! (`engine match hasami --b baseline`).

use crate::ai::Budget;
use crate::engine::hasami::{Game, Move, Outcome, Player, Position, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// Score of a won position, before the distance-to-win correction (in centi-pieces).
const WIN: i32 = 1_000_000;
/// One captured piece, in score units.
const PIECE: i32 = 100;

/// The baseline's move: [`choose_move`] with [`Budget::DEFAULT`] (3 plies, at most
/// 150 000 positions), `None` when the game is over.
pub fn choose(game: &Game, seed: u64) -> Option<Move> {
    choose_move(game, Budget::DEFAULT, seed)
}

/// Chooses a move for the side to move of `game` within `budget`, or `None` if the
/// game is over.
///
/// Deterministic for a given `game`, `budget` and `seed`; different seeds vary the
/// choice among equally good moves. A move that would draw by repetition
/// (RULES H4.4) is scored as a draw.
pub fn choose_move(game: &Game, budget: Budget, seed: u64) -> Option<Move> {
    if game.is_over() {
        return None;
    }
    let pos = *game.position();
    let mut rng = StdRng::seed_from_u64(seed);
    // (move, position after it, pieces it captures, whether it draws by repetition)
    let mut root: Vec<(Move, Position, usize, bool)> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut after = game.clone();
            let report = after.play_unchecked(mv);
            let repeats = matches!(report.outcome, Some(Outcome::Draw { .. }));
            (mv, *after.position(), report.captured.len(), repeats)
        })
        .collect();
    root.shuffle(&mut rng);
    root.sort_by_key(|&(_, _, captured, _)| std::cmp::Reverse(captured));

    let mut search = Search {
        rules: game.rules(),
        nodes: 0,
        max_nodes: budget.max_nodes,
        stopped: false,
    };
    let mut best = root.first().map(|r| r.0);
    for depth in 1..=budget.max_depth.max(1) {
        let mut alpha = -WIN - 1;
        let mut best_this = None;
        let mut scored = Vec::with_capacity(root.len());
        for &(mv, next, captured, repeats) in &root {
            // A repetition draw (RULES H4.4) scores 0 whatever the search would say.
            // The window is the mover's: a move must beat the best so far (`alpha`).
            let score = if repeats {
                0
            } else {
                search.child_score(pos, &next, depth - 1, alpha, WIN + 1, 1)
            };
            if search.stopped {
                break;
            }
            scored.push((score, (mv, next, captured, repeats)));
            if score > alpha {
                alpha = score;
                best_this = Some(mv);
            }
        }
        if search.stopped {
            break; // keep the best move of the last finished iteration
        }
        best = best_this.or(best);
        if alpha >= WIN - 64 {
            break; // a forced win: deeper search cannot improve it
        }
        // Best moves first at the next depth; the sort is stable, so ties keep the shuffle.
        scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        root = scored.into_iter().map(|(_, r)| r).collect();
    }
    best
}

struct Search {
    rules: Rules,
    nodes: u64,
    max_nodes: u64,
    stopped: bool,
}

impl Search {
    /// Score of `next` (reached from `prev` by the side to move of `prev`) for that
    /// mover, judging the end of the game as RULES H4.6 does (repetition aside).
    /// `alpha` and `beta` are the window from that mover's point of view.
    fn child_score(
        &mut self,
        prev: Position,
        next: &Position,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let mover = prev.side_to_move();
        if self.rules.win_reason(next, mover).is_some() {
            return WIN - ply;
        }
        if self
            .rules
            .move_limit
            .is_some_and(|limit| next.ply() >= limit)
        {
            return 0;
        }
        -self.negamax(next, depth, -beta, -alpha, ply)
    }

    /// Negamax with alpha-beta pruning; the score is for the side to move of `pos`.
    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.stopped = true;
            return 0;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return -WIN + ply; // RULES H4.2: no legal move loses
        }
        if depth == 0 {
            return evaluate(pos);
        }
        let mut children: Vec<(Position, usize)> = moves
            .into_iter()
            .map(|mv| {
                let mut next = *pos;
                let captured = next.play_unchecked(mv);
                (next, captured.len())
            })
            .collect();
        children.sort_by_key(|&(_, captured)| std::cmp::Reverse(captured));
        let mut best = -WIN - 1;
        for (next, _) in children {
            let score = self.child_score(*pos, &next, depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// What a capture the side to move can make at once is worth in the static score: a
/// little under a piece, since the opponent may have a reply (a one-ply look past the
/// search horizon, so the CPU does not leave pieces hanging at its last ply).
const THREAT: i32 = 70;

/// Static score for the side to move: captures difference, the best capture it can
/// make at once, then mobility.
fn evaluate(pos: &Position) -> i32 {
    let me = pos.side_to_move();
    let material = pos.captures(me) as i32 - pos.captures(me.opponent()) as i32;
    let their_view = Position::from_parts(
        pos.pieces(Player::Black),
        pos.pieces(Player::White),
        me.opponent(),
        [pos.captures(Player::Black), pos.captures(Player::White)],
        pos.ply(),
    )
    .expect("the same pieces with the other side to move are valid");
    let mobility = pos.count_legal_moves() as i32 - their_view.count_legal_moves() as i32;
    material * PIECE + pos.best_capture() as i32 * THREAT + mobility
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hasami::WinCondition;

    fn game(p: &str) -> Game {
        Game::from_position(Rules::default(), p.parse().unwrap())
    }

    #[test]
    fn takes_a_free_capture() {
        // Black e1 -> c1 captures b1 (a1 black).
        let g = game("w8/9/9/9/9/9/9/9/bw2b3w b 0 0 10");
        for seed in 0..5 {
            assert_eq!(
                choose_move(&g, Budget::DEFAULT, seed).unwrap().to_string(),
                "e1c1"
            );
        }
    }

    #[test]
    fn takes_the_winning_capture() {
        let g = game("w8/9/9/9/9/9/9/9/bw2b3w b 4 4 10");
        assert_eq!(
            choose_move(&g, Budget::DEFAULT, 7).unwrap().to_string(),
            "e1c1"
        );
    }

    #[test]
    fn avoids_losing_a_piece_one_move_ahead() {
        // Black e5 is attacked: white d5 and white f9 could come to f5 closing d5-e5-f5.
        // Black must not leave e5 en prise; every reply after Black's move keeps Black's
        // material, which the search must see.
        let g = game("5w3/9/9/9/3wb4/9/9/9/b8 b 0 0 10");
        for seed in 0..8 {
            let mv = choose_move(&g, Budget::DEFAULT, seed).unwrap();
            let mut after = g.clone();
            after.play(mv).unwrap();
            let threat = after
                .position()
                .legal_moves()
                .into_iter()
                .map(|reply| {
                    let mut next = *after.position();
                    next.play(reply).unwrap().len()
                })
                .max()
                .unwrap();
            assert_eq!(threat, 0, "seed {seed}: {mv} leaves a piece to be captured");
        }
    }

    #[test]
    fn no_move_when_the_game_is_over() {
        let mut g = Game::new(Rules::default());
        g.resign(Player::Black).unwrap();
        assert_eq!(choose_move(&g, Budget::DEFAULT, 1), None);
    }

    /// A deliberately plain negamax, the reference for [`Search`]: every move in
    /// generation order, no window, no pruning; the same evaluation and terminal scores.
    struct Plain {
        rules: Rules,
    }

    impl Plain {
        /// Score of `next`, reached from `prev` by `prev`'s side to move, for that
        /// mover: RULES H4.1 win for the mover, H4.5 move limit, else the negamax.
        fn child_score(&mut self, prev: &Position, next: &Position, depth: u32, ply: i32) -> i32 {
            if self.rules.win_reason(next, prev.side_to_move()).is_some() {
                return WIN - ply;
            }
            if self
                .rules
                .move_limit
                .is_some_and(|limit| next.ply() >= limit)
            {
                return 0;
            }
            -self.negamax(next, depth, ply)
        }

        /// Score of `pos` for its side to move, `depth` plies deep (RULES H4.2: no
        /// legal move loses).
        fn negamax(&mut self, pos: &Position, depth: u32, ply: i32) -> i32 {
            if !pos.has_legal_move() {
                return -WIN + ply;
            }
            if depth == 0 {
                return evaluate(pos);
            }
            pos.legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut next = *pos;
                    next.play_unchecked(mv);
                    self.child_score(pos, &next, depth - 1, ply + 1)
                })
                .max()
                .expect("at least one move")
        }

        /// The score of each root move of `game` searched `depth` plies deep; a move
        /// that ends the game in a draw (repetition, RULES H4.4, or the move limit)
        /// scores 0, as in [`choose_move`].
        fn root_scores(game: &Game, depth: u32) -> Vec<(Move, i32)> {
            let mut plain = Plain {
                rules: game.rules(),
            };
            let pos = *game.position();
            pos.legal_moves()
                .into_iter()
                .map(|mv| {
                    let mut after = game.clone();
                    let report = after.play(mv).expect("a listed move is legal");
                    let score = if matches!(report.outcome, Some(Outcome::Draw { .. })) {
                        0
                    } else {
                        plain.child_score(&pos, after.position(), depth - 1, 1)
                    };
                    (mv, score)
                })
                .collect()
        }
    }

    /// Games reached by random legal play from the start under every win condition,
    /// some with a move limit a few plies ahead so the search meets it.
    fn random_games(count: usize, seed: u64) -> Vec<Game> {
        use rand::RngExt;
        let mut rng = StdRng::seed_from_u64(seed);
        let mut games = Vec::with_capacity(count);
        while games.len() < count {
            let i = games.len();
            let plies = rng.random_range(4..60u32);
            let move_limit = (i % 3 == 0).then(|| plies + rng.random_range(1..5u32));
            let mut game = Game::new(Rules {
                win: WinCondition::ALL[i % WinCondition::ALL.len()],
                move_limit,
            });
            for _ in 0..plies {
                if game.is_over() {
                    break;
                }
                let moves = game.position().legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).expect("a listed move is legal");
            }
            if !game.is_over() {
                games.push(game);
            }
        }
        games
    }

    /// Checks [`choose_move`] searching `depth` plies on each game against the plain
    /// negamax: returns how many choices were checked and a line for each choice that
    /// scores worse than the plain best move.
    fn differential(games: &[Game], depth: u32) -> (usize, Vec<String>) {
        let mut failures = Vec::new();
        for (i, game) in games.iter().enumerate() {
            let scores = Plain::root_scores(game, depth);
            let best = scores.iter().map(|&(_, s)| s).max().expect("a legal move");
            let budget = Budget {
                max_depth: depth,
                max_nodes: u64::MAX,
            };
            let chosen = choose_move(game, budget, i as u64).expect("the game goes on");
            let score = scores
                .iter()
                .find(|&&(mv, _)| mv == chosen)
                .expect("the choice is a legal move")
                .1;
            if score != best {
                failures.push(format!(
                    "depth {depth}, {}: {chosen} scores {score}, best {best}",
                    game.position()
                ));
            }
        }
        (games.len(), failures)
    }

    fn assert_no_failures(results: &[(usize, Vec<String>)]) {
        let checked: usize = results.iter().map(|r| r.0).sum();
        let failures: Vec<&String> = results.iter().flat_map(|r| &r.1).collect();
        assert!(
            failures.is_empty(),
            "{} of {checked} choices score worse than the plain negamax's best:\n{}",
            failures.len(),
            failures
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    #[test]
    fn choice_scores_as_well_as_plain_negamax() {
        // The alpha-beta search may order and prune, but the move it picks must score,
        // under a plain negamax of the same depth, as well as the best move does. The
        // plain negamax is slow at depth 3 (every leaf evaluated): 12 games there here,
        // 300 in the ignored test below. With the root window in the wrong perspective,
        // 3 of the first 40 depth-3 choices (32 of the 300) scored worse.
        let games = random_games(300, 0x004A_5A11);
        let results = [
            differential(&games, 1),
            differential(&games, 2),
            differential(&games[..12], 3),
        ];
        assert_eq!(results.iter().map(|r| r.0).sum::<usize>(), 612);
        assert_no_failures(&results);
    }

    #[test]
    #[ignore = "plain negamax at depth 3 on 300 games, minutes: cargo test --lib -- --ignored"]
    fn choice_scores_as_well_as_plain_negamax_deep() {
        let games = random_games(300, 0x004A_5A11);
        assert_no_failures(&[differential(&games, 3)]);
    }

    #[test]
    fn always_legal_in_self_play() {
        let mut g = Game::new(Rules {
            win: WinCondition::CaptureAll,
            move_limit: Some(80),
        });
        let mut seed = 0;
        while !g.is_over() {
            let mv = choose_move(
                &g,
                Budget {
                    max_depth: 2,
                    max_nodes: 5_000,
                },
                seed,
            )
            .unwrap();
            g.play(mv).expect("the CPU plays legal moves");
            seed += 1;
        }
        assert!(g.moves().len() <= 80);
    }
}
