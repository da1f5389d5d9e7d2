//! Tests of the Yonin CPU: the search against a plain minimax reference, the attack
//! maps against the engine, drop squares, and what each level sees.

use super::board::{Board, armed_seats};
use super::search::{
    MATE_NOW, PARTNER_CAPTURE, PLACE, SECOND_AFTER_OWN_MATE, Search, is_quiet, reduces_here,
};
use super::weights::piece_value;
use super::*;
use crate::engine::yonin::{Position, Rules, Seat};
use rand::RngExt;

/// The plain reference for [`Search::search`]: paranoid or best-reply minimax with
/// no window, no ordering, no killers and no budget (minimax-rs's naive search),
/// with the same evaluation, the same ends (RULES Y6), the same root penalties and the
/// same selective depth (quiet moves two plies shallower, [`Style::quiet_reduction_from`]).
/// Returns the root value.
fn plain_root_value(game: &Game, style: &Style, depth: u32) -> Eval {
    fn plain(s: &mut Search, pos: &Position, depth: u32, ply: u32) -> Eval {
        if depth == 0 {
            return s.eval.evaluate(pos);
        }
        let mover = pos.side_to_move();
        let ours = s.friend(mover);
        // Best-reply: every live opponent may answer unless the seat to move is in
        // check (RULES Y3.3), and after an opponent's move the CPU moves unless the
        // turn goes to its side or to an opponent in check.
        let free = s.best_reply && !ours && !pos.is_check(mover);
        let seats: Vec<Seat> = if free {
            Seat::ALL
                .into_iter()
                .filter(|&x| pos.is_live(x) && !s.friend(x))
                .collect()
        } else {
            vec![mover]
        };
        let reduces = reduces_here(s.quiet_reduction_from, depth, pos);
        let mut scores = Vec::new();
        for seat in seats {
            let moves = pos.legal_moves_of(seat);
            // A level blind to drop threats does not search the opponents' drops.
            let blind = !s.drop_replies && !ours;
            for &mv in moves.iter().filter(|m| !(blind && m.is_drop())) {
                let mut next = pos.clone();
                next.turn = seat;
                let report = next.play_unchecked(mv);
                scores.push(match s.terminal(&next, report.outcome, ply) {
                    Some(v) => v,
                    None => {
                        let t = next.side_to_move();
                        if s.best_reply && !ours && !s.friend(t) && !next.is_check(t) {
                            next.turn = s.eval.me;
                        }
                        let below = if reduces && is_quiet(mv, &report) {
                            depth - 3
                        } else {
                            depth - 1
                        };
                        plain(s, &next, below, ply + 1)
                    }
                });
            }
        }
        if scores.is_empty() {
            return s.eval.evaluate(pos);
        }
        if ours {
            scores.into_iter().max().unwrap()
        } else {
            scores.into_iter().min().unwrap()
        }
    }
    let me = game.side_to_move().unwrap();
    let pos = game.position();
    let pairs = pos.rules().is_pairs();
    let unbounded = Style {
        budget: Budget {
            max_nodes: u64::MAX,
            ..style.budget
        },
        table_entries: 0,
        ..*style
    };
    let mut s = Search::new(pos, me, &unbounded, None);
    game.legal_moves()
        .iter()
        .map(|&mv| {
            let mut penalty = match pos.piece_at(mv.to()) {
                Some(p) if pairs && p.owner == Some(me.partner()) => {
                    PARTNER_CAPTURE + piece_value(p)
                }
                _ => 0,
            };
            let mut next = pos.clone();
            let report = next.play_unchecked(mv);
            if report.mated.iter().any(|e| s.friend(e.by)) {
                penalty -= MATE_NOW;
            }
            let v = match s.terminal(&next, report.outcome, 0) {
                Some(v) => v,
                None => plain(&mut s, &next, depth - 1, 1),
            };
            v - penalty
        })
        .max()
        .unwrap()
}

#[test]
fn root_value_equals_the_plain_paranoid_and_best_reply_minimax() {
    // Positions of random games under every rules combination (pairs included), at
    // depth 1 and 2 in the strong and the casual style (paranoid) and the master's
    // (best-reply).
    let checked = compare_with_plain(
        17,
        1,
        &[
            (1, Level::Strong),
            (2, Level::Strong),
            (2, Level::Casual),
            (1, Level::Master),
            (2, Level::Master),
        ],
    );
    assert!(checked >= 40, "{checked} positions checked");
}

#[test]
#[ignore = "minutes in release: cargo test --release --lib ai::yonin -- --ignored"]
fn root_value_equals_the_plain_best_reply_minimax_deep() {
    // Depth 3 best-reply: killer moves, and the CPU moving after a best reply.
    let checked = compare_with_plain(23, 4, &[(3, Level::Master)]);
    assert!(checked >= 15, "{checked} positions checked");
}

#[test]
fn root_value_equals_the_plain_minimax_with_quiet_moves_reduced() {
    // Quiet moves two plies shallower from 3 plies left: a 4-ply paranoid search
    // reduces them at the root's children (each line 2 or 4 plies deep), with the
    // killers, ordering and window of the real search against the plain reference.
    let checked = compare_with_plain_reduced(29, 1, &[(4, Level::Casual)], Some(3));
    assert!(checked >= 6, "{checked} positions checked");
}

#[test]
#[ignore = "minutes in release: cargo test --release --lib ai::yonin -- --ignored"]
fn root_value_equals_the_plain_best_reply_minimax_with_quiet_moves_reduced() {
    // Best-reply with the table, 4 plies, quiet moves reduced from 3 plies left (the
    // opponents' quiet replies at the root's children).
    let checked = compare_with_plain_reduced(31, 1, &[(4, Level::Master)], Some(3));
    assert!(checked >= 6, "{checked} positions checked");
}

/// Compares [`search`] (no budget) with [`plain_root_value`] on positions of
/// `rounds` random games under each rules combination, for each (depth, level);
/// returns how many comparisons were made.
fn compare_with_plain(seed: u64, rounds: usize, settings: &[(u32, Level)]) -> usize {
    compare_with_plain_reduced(seed, rounds, settings, None)
}

/// [`compare_with_plain`] with every level's [`Style::quiet_reduction_from`] set to
/// `reduction` when given.
fn compare_with_plain_reduced(
    seed: u64,
    rounds: usize,
    settings: &[(u32, Level)],
    reduction: Option<u32>,
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    let (mut compared, mut fewer) = (0, 0);
    let combinations = Rules::all_combinations();
    let all = combinations
        .iter()
        .cycle()
        .take(combinations.len() * rounds);
    for (n, &rules) in all.enumerate() {
        let mut game = Game::new(rules, Seat::from_index(n % 4));
        for _ in 0..rng.random_range(10..60) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if game.is_over() || game.legal_moves().len() < 2 {
            continue;
        }
        for &(depth, level) in settings {
            let mut style = style_of(level);
            style.budget = Budget {
                max_depth: depth,
                max_nodes: u64::MAX,
            };
            if let Some(from) = reduction {
                style.quiet_reduction_from = from;
            }
            let found = search(&game, &style, n as u64, None).unwrap();
            let plain = plain_root_value(&game, &style, depth);
            if found.depth == depth {
                assert_eq!(found.score, plain, "depth {depth}, {}", game.position());
                checked += 1;
            }
            if reduction.is_some() {
                let full = Style {
                    quiet_reduction_from: 0,
                    ..style
                };
                let unreduced = search(&game, &full, n as u64, None).unwrap();
                compared += 1;
                fewer += usize::from(unreduced.nodes > found.nodes);
            }
        }
    }
    // The reduction shapes the tree: without it the same search spends more work.
    assert!(
        fewer * 2 >= compared,
        "fewer units with the reduction in only {fewer} of {compared} positions"
    );
    checked
}

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
    assert_eq!(choose_move(&game, Budget::DEFAULT, seed), None);
}

/// Whether `pos` (just after a move) lets its seat to move mate `me` at once.
fn next_can_mate(pos: &Position, me: Seat) -> bool {
    pos.legal_moves().iter().any(|&reply| {
        let mut p = pos.clone();
        p.play_unchecked(reply).mated.iter().any(|e| e.seat == me)
    })
}

/// After `mv` by `me`, the game is over with `me` first, or neither the next seat nor
/// (after any answer) the seat after it can mate `me` at once.
fn mate_is_safe(pos: &Position, mv: Move, me: Seat) -> bool {
    let mut p = pos.clone();
    if let Some(outcome) = p.play_unchecked(mv).outcome {
        return outcome.place(me) == Some(1);
    }
    p.legal_moves().iter().all(|&a| {
        let mut q = p.clone();
        let r = q.play_unchecked(a);
        !r.mated.iter().any(|e| e.seat == me)
            && (r.outcome.is_some() || q.side_to_move() == me || !next_can_mate(&q, me))
    })
}

#[test]
fn drop_squares_count_open_and_supported_squares_by_a_king() {
    // RULES Y2.3, Y5.1. West's king on a5 (from a game of the strong level against
    // three casual seats): a4, b5 and b6 hold West's pieces, West's gold on a4
    // guards b4, so a6 is the one open square; East holds a gold. North's silver
    // b8b7 then guards a6, and East's gold dropped there mates West.
    let text = |hands: &str| {
        format!(
            "3Gn1GnSn2/1Sn3Kn3/3PnPnPn2Se/1Pw5Pe1/KwGwPwRwSw1PeGeKe/Gw1Pw5Ge/\
             Sw1GsPsPs3Se/9/1RwSsKsRsReSs2 {hands} w - 25 -"
        )
    };
    let count =
        |pos: &Position| Board::of(pos).drop_squares(pos, Seat::West, false, armed_seats(pos));
    let mut pos: Position = text("P/-/-/GP").parse().unwrap();
    assert_eq!(count(&pos), (1, 0));
    // Only pawns in the opponents' hands: no drop threat counted.
    let pawns: Position = text("P/-/-/P").parse().unwrap();
    assert_eq!(count(&pawns), (0, 0));
    pos.play_unchecked("a3b2".parse().unwrap());
    pos.play_unchecked("b8b7".parse().unwrap());
    assert_eq!(pos.side_to_move(), Seat::East);
    assert_eq!(count(&pos), (1, 1));
    let mut mate = pos.clone();
    let report = mate.play_unchecked("G*a6".parse().unwrap());
    assert!(
        report
            .mated
            .iter()
            .any(|e| e.seat == Seat::West && e.by == Seat::East)
    );
    // The weights: the best-reply levels count both, the lower levels neither.
    for level in [Level::Strong, Level::Master] {
        let s = style_of(level);
        assert_eq!(
            (s.drop_square, s.supported_drop),
            (DROP_SQUARE, SUPPORTED_DROP)
        );
    }
    for level in [Level::Beginner, Level::Casual] {
        let s = style_of(level);
        assert_eq!((s.drop_square, s.supported_drop), (0, 0));
    }
}

#[test]
fn casual_is_blind_to_drop_mates_and_strong_is_not() {
    // RULES Y2.3, Y5.1. South to move (from a casual-level game); after e4c4 West can
    // drop a gold on d1 and mate South, and no board move of West's mates.
    let pos: Position = "3+Rw2Sn2/4Gn1Kn2/Sw3PnPn3/7PeGe/Kw1Pw3Pe1Ke/Gw1Pw1Rs4/Sw4Ge2Se/\
                         2Gs4PsRe/1RwSs1KsGsSs2 -/2G2S3P/P/P s - 73 -"
        .parse()
        .unwrap();
    let game = Game::from_position(pos.clone());
    let me = Seat::South;
    let after = |mv: Move| {
        let mut p = pos.clone();
        p.play_unchecked(mv);
        p
    };
    let mates_by = |p: &Position, drops: bool| {
        p.legal_moves().iter().any(|&reply| {
            let mut q = p.clone();
            reply.is_drop() == drops && q.play_unchecked(reply).mated.iter().any(|e| e.seat == me)
        })
    };
    let casual = style_of(Level::Casual);
    let chosen = search(&game, &casual, 1, None).unwrap().best;
    let p = after(chosen);
    assert_eq!(p.side_to_move(), Seat::West, "{chosen}");
    assert!(mates_by(&p, true), "{chosen} leaves no drop mate");
    assert!(!mates_by(&p, false), "{chosen} allows a board-move mate");
    // The same search seeing drops, and the strong level, keep South safe.
    let seeing = Style {
        drop_replies: true,
        ..casual
    };
    for style in [seeing, style_of(Level::Strong)] {
        let safe = search(&game, &style, 1, None).unwrap().best;
        assert!(!next_can_mate(&after(safe), me), "{safe} allows a mate");
    }
}

#[test]
fn mates_when_it_safely_can_and_never_allows_an_avoidable_mate_in_one() {
    // RULES Y3.3, Y5.1. Over positions of random games: when a mate in one is on offer
    // that the next two seats cannot answer by mating the CPU, the choice mates (or
    // ends the game in first place); and when the choice lets the seat that moves next
    // (by turn resolution) mate the CPU, no move avoided it. A few other moves are
    // tried to count the positions where that danger was real.
    let mut rng = StdRng::seed_from_u64(11);
    let (mut safe_mates, mut dangers) = (0, 0);
    for game_no in 0..30 {
        let mut game = Game::new(Rules::default(), Seat::from_index(game_no as usize));
        for ply in 0..60 {
            let Some(me) = game.side_to_move() else { break };
            let pos = game.position();
            let moves: Vec<Move> = game.legal_moves().iter().copied().collect();
            let mates = |mv: Move| {
                let mut p = pos.clone();
                let r = p.play_unchecked(mv);
                r.mated.iter().any(|e| e.by == me)
                    || r.outcome.is_some_and(|o| o.place(me) == Some(1))
            };
            let allows_mate = |mv: Move| {
                let mut p = pos.clone();
                let r = p.play_unchecked(mv);
                r.outcome.is_none() && next_can_mate(&p, me)
            };
            let chosen = choose_move(&game, Budget::DEFAULT, game_no * 100 + ply).unwrap();
            if moves.iter().any(|&m| mates(m) && mate_is_safe(pos, m, me)) {
                safe_mates += 1;
                assert!(
                    mates(chosen),
                    "{pos}: a safe mate was on offer, not {chosen}"
                );
            }
            if allows_mate(chosen) {
                let avoid = moves.iter().find(|&&m| !allows_mate(m));
                assert!(
                    avoid.is_none(),
                    "{pos}: {chosen} allows a mate, {avoid:?} not"
                );
            } else {
                let tries = (0..4).map(|_| moves[rng.random_range(0..moves.len())]);
                dangers += usize::from(tries.into_iter().any(allows_mate));
            }
            let random = moves[rng.random_range(0..moves.len())];
            game.play(random).unwrap();
        }
    }
    assert!(safe_mates >= 20, "positions with a safe mate: {safe_mates}");
    assert!(
        dangers >= 20,
        "positions where a move would allow a mate: {dangers}"
    );
}

#[test]
fn attack_maps_agree_with_the_engine() {
    // RULES Y1.4, Y3.1: on positions of random games, under every rules combination,
    // a live seat is in check exactly when another live seat attacks its king in the
    // evaluation's maps, and every board move of the seat to move goes to a square
    // its pieces attack.
    let mut rng = StdRng::seed_from_u64(5);
    let mut checks = 0;
    for (n, rules) in Rules::all_combinations().into_iter().enumerate() {
        for game_no in 0..4 {
            let mut game = Game::new(rules, Seat::from_index(game_no));
            for _ in 0..40 + n * 10 {
                let pos = game.position();
                let board = Board::of(pos);
                for seat in pos.live_seats().iter() {
                    let k = 1u128 << pos.king_square(seat).index();
                    let attacked = Seat::ALL
                        .into_iter()
                        .filter(|&o| o != seat && pos.is_live(o))
                        .any(|o| board.attacked[o.index()] & k != 0);
                    assert_eq!(attacked, pos.is_check(seat), "{seat} in {pos}");
                    checks += usize::from(attacked);
                }
                let mover = pos.side_to_move().index();
                for m in game.legal_moves().iter().filter(|m| !m.is_drop()) {
                    let to = 1u128 << m.to().index();
                    assert!(board.attacked[mover] & to != 0, "{m} in {pos}");
                }
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
    }
    assert!(checks > 20, "checks seen: {checks}");
}

/// A game of `plies` uniformly random legal moves (seed `seed`) from the start.
fn random_game(seed: u64, plies: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Game::new(Rules::default(), Seat::South);
    for _ in 0..plies {
        let moves = game.legal_moves();
        game.play(moves[rng.random_range(0..moves.len())]).unwrap();
    }
    game
}

#[test]
fn the_same_seed_gives_the_same_move_and_small_budgets_still_answer() {
    let game = random_game(3, 40);
    let first = choose_move(&game, Budget::DEFAULT, 9);
    assert_eq!(first, choose_move(&game, Budget::DEFAULT, 9));
    for budget in [
        Budget {
            max_depth: 1,
            max_nodes: 0,
        },
        Budget {
            max_depth: 3,
            max_nodes: 500,
        },
        Budget {
            max_depth: 0,
            max_nodes: u64::MAX,
        },
    ] {
        let mv = choose_move(&game, budget, 1).expect("a move");
        assert!(game.legal_moves().contains(&mv), "{budget:?}");
    }
}

/// Whether the seat to move of `game` has a capture (RULES Y2.2).
fn can_capture(game: &Game) -> bool {
    game.legal_moves().iter().any(|&mv| captures(game, mv))
}

#[test]
fn the_novice_takes_a_capture_in_most_seeds_and_is_the_same_for_the_same_seed() {
    // Positions of random play from the start (RULES Y2) in which the seat to move
    // can capture; in each, 20 seeds.
    let mut rng = StdRng::seed_from_u64(11);
    let (mut positions, mut tries, mut took) = (0, 0, 0);
    while positions < 10 {
        let mut game = Game::new(Rules::default(), Seat::South);
        for _ in 0..rng.random_range(20..80) {
            if game.is_over() {
                break;
            }
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        if game.is_over() || !can_capture(&game) {
            continue;
        }
        positions += 1;
        for seed in 0..20 {
            let mv = novice(&game, seed).expect("a move");
            assert_eq!(novice(&game, seed), Some(mv), "the same move for the seed");
            assert_eq!(
                choose(&game, &Think::nodes_only(Level::Novice, seed)),
                Some(mv)
            );
            assert!(game.legal_moves().contains(&mv), "{mv} is legal");
            tries += 1;
            took += u32::from(captures(&game, mv));
        }
    }
    // NOVICE_TAKES_PERCENT is 60: about 120 of 200 expected, a few more when a random
    // board move happens to capture.
    assert_eq!(NOVICE_TAKES_PERCENT, 60);
    assert_eq!((tries, took), (200, 129));
}

#[test]
fn the_novice_plays_legal_moves_to_the_end_and_takes_most_captures() {
    // The novice in every seat, 200-move limit: every move legal, and with a capture on
    // the board it takes one in about two moves of three; it drops only when no board
    // move is legal.
    let rules = Rules {
        move_limit: Some(200),
        ..Rules::default()
    };
    let (mut had, mut took, mut drops) = (0, 0, 0);
    for g in 0..3u64 {
        let mut game = Game::new(rules, Seat::South);
        let mut seed = g * 10_000;
        while game.side_to_move().is_some() {
            let mv = novice(&game, seed).expect("a move while the game goes on");
            if can_capture(&game) {
                had += 1;
                took += u32::from(captures(&game, mv));
            }
            if mv.is_drop() {
                drops += 1;
                assert!(
                    game.legal_moves().iter().all(|m| m.is_drop()),
                    "{mv} dropped while a board move was legal"
                );
            }
            game.play(mv).expect("the novice plays legal moves");
            seed += 1;
        }
        assert_eq!(novice(&game, seed), None);
    }
    assert_eq!((had, took, drops), (145, 94, 0));
}

/// A clock that moves on `step` milliseconds each time it is read, so that a search's
/// time is counted in clock reads (one every [`CLOCK_EVERY`] units, and one after each
/// finished iteration).
struct Ticks {
    now: std::cell::Cell<f64>,
    step: f64,
}

impl crate::ai::Clock for Ticks {
    fn now_ms(&self) -> f64 {
        let t = self.now.get();
        self.now.set(t + self.step);
        t
    }
}

#[test]
fn with_a_clock_no_iteration_starts_that_would_not_fit() {
    let game = random_game(5, 24);
    let think = |level, clock: &Ticks| {
        analyse(
            &game,
            &Think {
                clock: Some(clock),
                ..Think::nodes_only(level, 1)
            },
        )
        .expect("a move")
    };
    // The master, bounded by its clock alone, answers before its 950 ms are spent once
    // an iteration has taken more than a quarter of them.
    let clock = Ticks {
        now: 0.0.into(),
        step: 30.0,
    };
    let master = think(Level::Master, &clock);
    let search_ms = f64::from(Think::nodes_only(Level::Master, 1).search_ms());
    assert!(clock.now.get() < search_ms, "{} ms", clock.now.get());
    assert!(master.depth >= 2, "depth {}", master.depth);
    assert!(game.legal_moves().contains(&master.best));
    // The strong level, on a device so slow that its 2-ply iteration takes more than a
    // quarter of its safety limit (one read after the start), does not start the 4-ply
    // one.
    let clock = Ticks {
        now: 0.0.into(),
        step: 300.0,
    };
    let strong = think(Level::Strong, &clock);
    assert_eq!(strong.depth, 2);
    // Its work is that of the 2-ply search alone.
    let two_plies = Style {
        budget: Budget {
            max_depth: 2,
            ..style_of(Level::Strong).budget
        },
        ..style_of(Level::Strong)
    };
    let alone = search(&game, &two_plies, 1, None).expect("a move");
    assert_eq!((strong.nodes, strong.best), (alone.nodes, alone.best));
}

#[test]
fn after_its_own_first_mate_the_master_scores_second_place_below_any_evaluation() {
    // RULES Y6.1: after the first mate the next one ends the game, and a survivor with
    // as many mates and more pieces places above the seat that made the first mate.
    // The master scores that second place below every evaluation and above third
    // place; the strong level, and the master when another seat made the first mate,
    // score it as second place.
    // The lowest evaluation: every score of a position not over is clamped above it.
    assert!(Eval::end(SECOND_AFTER_OWN_MATE, 16) < Eval::from_units(i32::MIN / 2));
    assert!(Eval::end(SECOND_AFTER_OWN_MATE, 16) > Eval::end(PLACE[2], 0));
    let (mut raced, mut plain) = (0, 0);
    for seed in 0..60 {
        let mut game = Game::new(Rules::default(), Seat::South);
        let mut n = 0;
        while game.side_to_move().is_some() && n < 2_000 {
            let mv = greedy(&game, seed * 10_000 + n).expect("a move while the game goes on");
            game.play(mv).expect("greedy moves are legal");
            n += 1;
        }
        let Some(outcome) = game.outcome() else {
            continue;
        };
        let pos = game.position();
        let first_mater = pos.eliminations()[0].by;
        for seat in Seat::ALL
            .into_iter()
            .filter(|&s| outcome.place(s) == Some(2))
        {
            let score = |level| {
                Search::new(pos, seat, &style_of(level), None).terminal(pos, Some(outcome), 5)
            };
            assert_eq!(score(Level::Strong), Some(Eval::end(PLACE[1], 5)));
            if seat == first_mater {
                assert_eq!(
                    score(Level::Master),
                    Some(Eval::end(SECOND_AFTER_OWN_MATE, 5))
                );
                raced += 1;
            } else {
                assert_eq!(score(Level::Master), Some(Eval::end(PLACE[1], 5)));
                plain += 1;
            }
        }
    }
    assert!(
        raced >= 3 && plain >= 3,
        "{raced} seconds after their own first mate, {plain} others"
    );
}
