//! The Yonin Shogi CPU (`ai::yonin::choose_move`, and the strong and master levels of
//! `ai::yonin::choose`): behaviours on positions built for them, legality over self-play under every rules combination, and two ignored
//! measurements: strength against the one-ply greedy player it replaced, and time per
//! move:
//!
//! ```text
//! cargo test --profile bench --test yonin_cpu -- --ignored strength --nocapture
//! cargo test --profile bench --test yonin_cpu -- --ignored time_per_move --nocapture
//! ```
//!
//! (`YONIN_GAMES` and `YONIN_DEPTH` change the number of games and the CPU's depth.)
//!
//! Positions are written with `game("Ks@e1 Kw@a5 …", "HANDS TURN ELIMS MOVES RULES")`: each
//! token is a piece of the position notation (see `engine::yonin` docs) and its square.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use shogi_variants::ai::yonin::{choose, choose_move};
use shogi_variants::ai::{Budget, Level, Think};
use shogi_variants::engine::yonin::{EndReason, Game, Move, Role, Rules, Seat};

#[path = "common/yonin.rs"]
mod common;
use common::{game, mv, play};

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
    let mover = game.side_to_move()?;
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
    while let Some(seat) = game.side_to_move() {
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
// Legality
// ---------------------------------------------------------------------------------------

#[test]
fn legal_to_the_end_under_every_rules_combination() {
    // Self-play under each of the eight rule sets (RULES Y6, Y7, Y8), with a move limit
    // (RULES Y6.4) so that it is quick: all four seats the CPU, or the CPU against the
    // greedy player (whose blunders bring mates, inheritance and flipped kings sooner).
    // Every CPU move must be accepted by `Game::play`, and the CPU has no move once the
    // game is over.
    let mut ended_by_mates = 0;
    for (i, rules) in Rules::all_combinations().into_iter().enumerate() {
        for mixed in [false, true] {
            let rules = Rules {
                move_limit: Some(if mixed { 160 } else { 48 }),
                ..rules
            };
            let first = Seat::from_index(i);
            let cpu: Vec<Seat> = if mixed {
                vec![first.next(), first.next().partner()]
            } else {
                Seat::ALL.to_vec()
            };
            let game = match_game(rules, first, &cpu, Budget::DEFAULT, i as u64);
            let outcome = game.outcome().expect("over");
            ended_by_mates += usize::from(outcome.reason == EndReason::Mates);
            assert_eq!(choose_move(&game, Budget::DEFAULT, 7), None, "{rules}");
        }
    }
    assert!(
        ended_by_mates >= 4,
        "games ended by mates: {ended_by_mates}"
    );
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
    let depth: u32 = std::env::var("YONIN_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(Budget::DEFAULT.max_depth);
    let budget = Budget {
        max_depth: depth,
        ..Budget::DEFAULT
    };
    let rules = Rules {
        move_limit: Some(300),
        ..Rules::default()
    };
    let mut places = [0u32; 5]; // 1st..4th, and draws
    let mut reasons = std::collections::BTreeMap::new();
    for g in 0..games {
        let cpu = Seat::from_index(g as usize);
        let first = Seat::from_index((g / 4) as usize);
        let game = match_game(rules, first, &[cpu], budget, g);
        let outcome = game.outcome().expect("over");
        *reasons.entry(format!("{:?}", outcome.reason)).or_insert(0) += 1;
        match outcome.place(cpu) {
            Some(p) => places[usize::from(p) - 1] += 1,
            None => places[4] += 1,
        }
    }
    println!(
        "CPU (depth {depth}) vs 3 greedy, {games} games: 1st {} 2nd {} 3rd {} 4th {} (ends {reasons:?})",
        places[0], places[1], places[2], places[3]
    );
    assert!(
        places[0] as u64 * 4 > games,
        "first in {} of {games}",
        places[0]
    );
}

/// Time per move with the default budget over 200 positions (every rules combination):
/// half from games of random moves, half from games of the greedy player, whose
/// captures fill the hands (many drops, the widest positions). Each position is timed
/// three times and the fastest run kept, so that other work on the machine does not
/// count; prints the median, the 90th percentile and the maximum.
///
/// `cargo test --profile bench --test yonin_cpu -- --ignored time_per_move --nocapture`
/// (opt-level 3; `--release` measures the size-tuned opt-level "z" of the wasm build).
#[test]
#[ignore = "measurement: needs an optimised build"]
fn time_per_move() {
    let positions = sample_positions(200, 99);
    let mut times = Vec::with_capacity(positions.len());
    for (i, game) in positions.iter().enumerate() {
        let mut best = std::time::Duration::MAX;
        for _ in 0..3 {
            let start = std::time::Instant::now();
            let mv = choose_move(game, Budget::DEFAULT, i as u64);
            best = best.min(start.elapsed());
            assert!(mv.is_some());
        }
        times.push((best, i));
    }
    times.sort();
    let (max, worst) = times[times.len() - 1];
    let widest = positions
        .iter()
        .map(|g| g.legal_moves().len())
        .max()
        .unwrap_or(0);
    println!(
        "{} positions (up to {widest} legal moves): median {:?}, 90% {:?}, max {:?} \
         ({} legal moves: {})",
        times.len(),
        times[times.len() / 2].0,
        times[times.len() * 9 / 10].0,
        max,
        positions[worst].legal_moves().len(),
        positions[worst].position()
    );
}

/// `n` positions (not over), a few plies to a few hundred deep, under every rules
/// combination: even ones from games of random moves, odd ones from games of the greedy
/// player.
fn sample_positions(n: usize, seed: u64) -> Vec<Game> {
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
            let mv = if out.len() % 2 == 0 {
                moves[rng.random_range(0..moves.len())]
            } else {
                greedy(&game, rng.random()).expect("a move")
            };
            game.play(mv).expect("legal");
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

const SEEDS: std::ops::Range<u64> = 0..6;

/// The CPU's choices in `game`: the default search for each of a few seeds, and the
/// strong and master levels (best-reply search, `ai::yonin::style_of`) for two seeds
/// each, nodes only.
fn cpu_moves(game: &Game) -> Vec<Move> {
    let default = SEEDS.map(|seed| choose_move(game, Budget::DEFAULT, seed));
    let levels = [Level::Strong, Level::Master]
        .into_iter()
        .flat_map(|level| (0..2).map(move |seed| choose(game, &Think::nodes_only(level, seed))));
    default.chain(levels).map(|m| m.expect("a move")).collect()
}

/// [`cpu_moves`] as text.
fn choices(game: &Game) -> Vec<String> {
    cpu_moves(game).iter().map(Move::to_string).collect()
}

/// Whether the seat to move in `game` has a move after which `victim` is mated
/// (turn resolution, RULES Y3.3, Y5.1) or, in pairs, `victim`'s side has lost.
fn can_mate(game: &Game, victim: Seat) -> Option<Move> {
    let pos = game.position();
    game.legal_moves().iter().copied().find(|&m| {
        let mut p = pos.clone();
        let r = p.play_unchecked(m);
        r.mated.iter().any(|e| e.seat == victim)
            || (pos.rules().is_pairs() && r.mated.iter().any(|e| e.seat == victim.partner()))
    })
}

/// `game` after `m`.
fn after(game: &Game, m: &str) -> Game {
    let mut g = game.clone();
    play(&mut g, m);
    g
}

// ---------------------------------------------------------------------------------------
// Behaviours
// ---------------------------------------------------------------------------------------

#[test]
fn mates_in_one_by_a_drop_rather_than_capture_y3_3_y5_1_y2_3() {
    // RULES Y3.3, Y5.1, Y2.3: the drop G*e8 (guarded by the pawn on e7) leaves North in
    // check with no legal move, so North is mated by South when its turn comes. South
    // could instead take West's rook on c3 for nothing.
    let g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Ps@e7 Rw@c3 Rs@c1",
        "G/-/-/- s - 20 -",
    );
    assert!(g.check_move(mv("c1c3")).is_ok());
    let mated = after(&g, "G*e8");
    assert_eq!(mated.position().eliminations().len(), 1, "G*e8 mates North");
    for c in choices(&g) {
        assert_eq!(c, "G*e8");
    }
}

#[test]
fn mates_to_end_the_game_in_first_place_y6_1() {
    // RULES Y6.1: West is already mated (by North). b7b9 (promoting or not) mates North,
    // the second mate: the game ends with South (one mate) first. South could instead
    // take East's rook on b3.
    let g = game(
        "Ks@e1 Kwx@a5 Kn@i9 Pn@h8 Pn@i8 Ke@i5 Rs@b7 Re@b3",
        "-/-/-/- s w:n:10 20 -",
    );
    assert!(g.check_move(mv("b7b3")).is_ok());
    for m in cpu_moves(&g) {
        let mut next = g.clone();
        let report = next.play(m).unwrap();
        let outcome = report.outcome.unwrap_or_else(|| panic!("{m} does not end"));
        assert_eq!(outcome.place(Seat::South), Some(1), "{m}");
    }
}

#[test]
fn captures_the_checker_when_safe_y3_2() {
    // RULES Y3.2: West's rook on e5 checks South down the e-file; the gold on f5 takes it
    // and nothing can take the gold back.
    let g = game("Ks@e1 Kw@a5 Kn@c9 Ke@i7 Rw@e5 Gs@f5", "-/-/-/- s - 20 -");
    assert!(g.checked_seats().contains(Seat::South));
    for c in choices(&g) {
        assert_eq!(c, "f5e5");
    }
}

#[test]
fn blocks_a_check_where_the_king_guards_the_piece_y3_2_y2_3() {
    // RULES Y3.2, Y2.3: West's rook on a1 checks along rank 1; the king cannot move, so
    // South must drop between. A gold or pawn on b1 or c1 is lost to the rook (with a
    // new check); on d1 the king guards it (a pawn may not go there: nifu, RULES Y4.1).
    let g = game(
        "Ks@e1 Ps@d2 Ps@e2 Ps@f2 Kw@a5 Rw@a1 Kn@e9 Ke@i5",
        "GP/-/-/- s - 20 -",
    );
    assert!(g.checked_seats().contains(Seat::South));
    for c in choices(&g) {
        assert_eq!(c, "G*d1");
    }
}

#[test]
fn answers_a_check_without_leaving_a_mate_in_one_y3_3_y5_1() {
    // RULES Y3.3, Y5.1: North's rook on e6 checks South. Blocking with the pawn on e3, e4
    // or e5 leaves the king on e1, where West's G*e2 (guarded by West's silver on d3)
    // mates; other answers do not.
    let g = game(
        "Ks@e1 Ps@d1 Ps@f1 Sw@d3 Kw@a5 Rn@e6 Kn@c9 Ke@i7",
        "P/G/-/- s - 20 -",
    );
    assert!(g.checked_seats().contains(Seat::South));
    assert!(can_mate(&after(&g, "P*e3"), Seat::South).is_some());
    for m in cpu_moves(&g) {
        let next = after(&g, &m.to_string());
        assert_eq!(can_mate(&next, Seat::South), None, "after {m}");
    }
}

#[test]
fn takes_a_free_piece() {
    // West's gold on d5 attacks South's silver on d4 and nobody guards it.
    let g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Ss@d4 Gw@d5", "-/-/-/- s - 20 -");
    for c in choices(&g) {
        assert_eq!(c, "d4d5");
    }
}

#[test]
fn does_not_give_a_rook_for_a_pawn_guarded_by_the_next_seat() {
    // West (next to move) guards its pawn on c6 with the gold on b6.
    let g = game(
        "Ks@e1 Rs@c2 Kw@a5 Pw@c6 Gw@b6 Kn@e9 Ke@i5",
        "-/-/-/- s - 20 -",
    );
    for c in choices(&g) {
        assert_ne!(c, "c2c6");
    }
}

#[test]
fn does_not_give_a_gold_for_a_pawn_guarded_by_a_later_seat_y3_3() {
    // RULES Y3.3: after South, West moves, then North, whose silver on e7 guards the
    // pawn on e6.
    let g = game(
        "Ks@e1 Gs@d5 Kw@a5 Kn@c9 Pn@e6 Sn@e7 Ke@i5",
        "-/-/-/- s - 20 -",
    );
    for c in choices(&g) {
        assert_ne!(c, "d5e6");
    }
}

#[test]
fn does_not_leave_its_king_to_be_mated_in_one_y3_3_y5_1() {
    // RULES Y3.3, Y5.1: West threatens G*e2 (guarded by the silver on d3), mate. Taking
    // North's gold on h3 for nothing would allow it.
    let g = game(
        "Ks@e1 Ps@d1 Ps@f1 Rs@h1 Sw@d3 Kw@a5 Gn@h3 Kn@c9 Ke@i7",
        "-/G/-/- s - 20 -",
    );
    assert_eq!(can_mate(&after(&g, "h1h3"), Seat::South), Some(mv("G*e2")));
    for m in cpu_moves(&g) {
        let next = after(&g, &m.to_string());
        assert_eq!(can_mate(&next, Seat::South), None, "after {m}");
    }
}

#[test]
fn does_not_check_into_a_mate_by_the_seat_it_gives_the_turn_to_y3_3() {
    // RULES Y3.3 (check priority): b2e2 takes West's pawn and checks East, so East moves
    // next, skipping West and North, and East's answer, its gold taking on e2 (guarded
    // by its silver on d3), mates South.
    let g = game(
        "Ks@e1 Ps@d1 Ps@f1 Rs@b2 Kw@a5 Pw@e2 Kn@c9 Ke@e7 Ge@f3 Se@d3",
        "-/-/-/- s - 20 -",
    );
    let checked = after(&g, "b2e2");
    assert_eq!(checked.side_to_move(), Some(Seat::East));
    assert_eq!(can_mate(&checked, Seat::South), Some(mv("f3e2")));
    for m in cpu_moves(&g) {
        assert_ne!(m.to_string(), "b2e2");
        let next = after(&g, &m.to_string());
        assert_eq!(can_mate(&next, Seat::South), None, "after {m}");
    }
}

#[test]
fn pairs_does_not_take_the_partners_piece_y7_4() {
    // RULES Y7.4: South may take its partner North's gold on c5, but should not.
    let g = game(
        "Ks@e1 Rs@c1 Kw@a5 Kn@e9 Gn@c5 Ke@i5",
        "-/-/-/- s - 20 pairs",
    );
    assert!(g.check_move(mv("c1c5")).is_ok());
    for c in choices(&g) {
        assert_ne!(c, "c1c5");
    }
}

#[test]
fn pairs_mates_an_opponent_to_win_y7_2() {
    // RULES Y7.2: G*b5 mates West and ends the game: South and North win. South could
    // instead take East's rook on g4.
    let g = game(
        "Ks@e1 Ps@a3 Ps@b4 Rs@g1 Kw@a5 Kn@e9 Ke@i5 Re@g4",
        "G/-/-/- s - 20 pairs",
    );
    assert!(g.check_move(mv("g1g4")).is_ok());
    for m in cpu_moves(&g) {
        assert_eq!(m.to_string(), "G*b5");
        let outcome = after(&g, "G*b5").outcome().unwrap();
        assert_eq!(outcome.place(Seat::South), Some(1));
        assert_eq!(outcome.place(Seat::North), Some(1));
    }
}

#[test]
fn pairs_guards_the_partners_king_y7_2() {
    // RULES Y7.2: West (next to move) threatens G*e8 (guarded by its silver on d7), mating
    // North and so beating South too. Taking East's gold on h3 would allow it.
    let g = game(
        "Ks@e1 Rs@d1 Ss@h2 Kw@a5 Sw@d7 Kn@e9 Pn@d9 Pn@f9 Ke@i5 Ge@h3",
        "-/G/-/- s - 20 pairs",
    );
    assert_eq!(can_mate(&after(&g, "h2h3"), Seat::South), Some(mv("G*e8")));
    for m in cpu_moves(&g) {
        let next = after(&g, &m.to_string());
        assert_eq!(can_mate(&next, Seat::South), None, "after {m}");
    }
}
