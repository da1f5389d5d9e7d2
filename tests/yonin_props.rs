//! Property tests: random legal games under every combination of local rules keep the
//! invariants of RULES Part Y.

use proptest::prelude::*;

use shogi_variants::engine::yonin::{
    EndReason, Format, Game, Move, Outcome, Position, Role, Rules, Seat,
};
use shogi_variants::engine::{Square, SquareSet};
use shogi_variants::record::text::{RecordInfo, RecordText};

#[path = "common/yonin.rs"]
mod common;

/// A seeded generator (rand's `StdRng`), so the games are the same every run.
struct Rng(rand::rngs::StdRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(rand::SeedableRng::seed_from_u64(seed))
    }
    fn below(&mut self, n: usize) -> usize {
        rand::RngExt::random_range(&mut self.0, 0..n)
    }
}

/// Prefers captures and checks `bias` times in four, so games reach mates and drops.
fn pick(p: &Position, moves: &[Move], rng: &mut Rng, bias: usize) -> Move {
    let sharp: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| {
            matches!(m, Move::Normal { to, .. } if p.piece_at(to).is_some())
                || !p.gives_check(m).is_empty()
        })
        .collect();
    if !sharp.is_empty() && rng.below(4) < bias {
        sharp[rng.below(sharp.len())]
    } else {
        moves[rng.below(moves.len())]
    }
}

/// RULES Y6, Y7b.7: placings are a competition ranking, survivors above the eliminated,
/// later eliminations above earlier; pairs: partners share 1st or 3rd, or a draw.
fn check_placings(p: &Position, out: &Outcome) {
    let Some(pl) = out.placings else {
        assert!(p.rules().is_pairs(), "only pairs may draw");
        assert!(p.eliminations().is_empty());
        assert_ne!(out.reason, EndReason::Mates);
        return;
    };
    for s in Seat::ALL {
        let place = pl[s.index()];
        let better = Seat::ALL.iter().filter(|o| pl[o.index()] < place).count();
        assert_eq!(usize::from(place), better + 1, "competition ranking {pl:?}");
    }
    if p.rules().format == Format::Pairs {
        for s in Seat::ALL {
            assert_eq!(pl[s.index()], pl[s.partner().index()]);
        }
        let loser = p.eliminations()[0].seat;
        assert_eq!(pl[loser.index()], 3);
        assert_eq!(pl[loser.next().index()], 1);
        return;
    }
    let elims = p.eliminations();
    for live in p.live_seats().iter() {
        for e in elims {
            assert!(pl[live.index()] < pl[e.seat.index()]);
        }
    }
    for w in elims.windows(2) {
        assert!(pl[w[1].seat.index()] < pl[w[0].seat.index()]);
    }
}

/// RULES Y1.2, Y2.2, Y5: 36 pieces, one king per seat, eliminated seats own nothing.
fn check_position(p: &Position) {
    let board = p.pieces().count() as u32;
    let hands: u32 = Seat::ALL.iter().map(|&s| p.hand(s).total()).sum();
    assert_eq!(board + hands, 36, "pieces lost in {p}");
    for s in Seat::ALL {
        let king = p.piece_at(p.king_square(s)).expect("king on its square");
        assert_eq!(king.facing, s);
        assert_eq!(king.is_flipped_king(), !p.is_live(s));
        if !p.is_live(s) {
            assert!(p.hand(s).is_empty());
            assert!(p.pieces().all(|(_, pc)| pc.owner != Some(s)));
        }
    }
    assert_eq!(
        p.eliminations().len() + p.live_seats().len(),
        4,
        "eliminations and live seats"
    );
    let total: u32 = Seat::ALL.iter().map(|&s| p.mates_by(s)).sum();
    assert_eq!(total as usize, p.eliminations().len());
}

fn rules_strategy() -> impl Strategy<Value = Rules> {
    (0..8usize, prop::option::weighted(0.8, 1u32..400)).prop_map(|(i, limit)| Rules {
        move_limit: limit,
        ..Rules::all_combinations()[i]
    })
}

fn play_random_game(rules: Rules, first: Seat, seed: u64, bias: usize, max_plies: usize) -> Game {
    let mut rng = Rng::new(seed | 1);
    let mut g = Game::new(rules, first);
    for _ in 0..max_plies {
        let p = g.position().clone();
        let moves = g.legal_moves();
        if g.is_over() {
            assert!(moves.is_empty());
            break;
        }
        assert!(!moves.is_empty(), "a live seat to move always has a move");
        for &m in moves.iter() {
            // moves notation round trip (RULES Y9.1)
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
            assert_eq!(p.check_move(m), Ok(()));
        }
        let m = pick(&p, &moves, &mut rng, bias);
        let mover = p.side_to_move();
        let report = g.play(m).expect("a listed move is legal");
        let q = g.position();
        // RULES Y3.2: no live king ever left in check by its own move
        assert!(!q.is_check(mover), "{m} left {mover} in check");
        assert!(q.is_live(mover));
        check_position(q);
        // RULES Y3.3: the seat to move is the first checked live seat clockwise from the
        // mover, else the next live seat.
        if let Some(next) = report.next {
            let expect = (1..4)
                .map(|k| mover.clockwise(k))
                .find(|&s| q.is_check(s))
                .unwrap_or_else(|| q.next_live(mover));
            assert_eq!(next, expect);
            assert!(q.is_live(next));
        }
        for e in &report.mated {
            assert_eq!(e.by, mover, "mater is the last mover (RULES Y5.2)");
            assert_eq!(e.at_move, q.move_count());
        }
        // RULES Y9.2: the position notation round-trips
        assert_eq!(q.to_string().parse::<Position>().as_ref(), Ok(q));
    }
    g
}

/// RULES Y6.3, Y7b.4: the squares the game marks are those of its legal moves, the
/// perpetual checker's fourth repetition left out. For every square, `Game::destinations`
/// is the set of `to` squares of the `Game::legal_moves` from it; for every role in hand,
/// `Game::drop_squares` is the set of squares of its drops. Returns how many squares or
/// roles the position alone (which ignores the history) marks differently.
fn check_marked_squares(g: &Game) -> usize {
    let legal = g.legal_moves();
    let p = g.position();
    let mut differ = 0;
    for from in Square::all() {
        let expected: SquareSet = legal
            .iter()
            .filter(|m| matches!(m, Move::Normal { from: f, .. } if *f == from))
            .map(|m| m.to())
            .collect();
        assert_eq!(g.destinations(from), expected, "from {from} in {p}");
        differ += usize::from(p.destinations(from) != expected);
    }
    for role in Role::HAND {
        let expected: SquareSet = legal
            .iter()
            .filter(|m| matches!(m, Move::Drop { role: r, .. } if *r == role))
            .map(|m| m.to())
            .collect();
        assert_eq!(g.drop_squares(role), expected, "{role:?} drops in {p}");
        differ += usize::from(p.drop_squares(role) != expected);
    }
    differ
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_their_invariants(
        rules in rules_strategy(),
        first in 0..4usize,
        seed in any::<u64>(),
        bias in 0..4usize,
    ) {
        let g = play_random_game(rules, Seat::from_index(first), seed, bias, 500);
        if let Some(limit) = rules.move_limit {
            // RULES Y6.4: a game with a move limit always ends
            prop_assert!(g.is_over() && g.moves().len() <= limit as usize);
        }
        if let Some(out) = g.outcome() {
            check_placings(g.position(), &out);
        }
        // RULES Y9.2: the record text and the serde form replay to the same game
        let text = g.write_record(&RecordInfo::default());
        let (back, _) = Game::read_record(text.as_bytes()).expect("record");
        prop_assert_eq!(back.position(), g.position());
        prop_assert_eq!(back.outcome(), g.outcome());
        let json = serde_json::to_string(&g).expect("json");
        let back: Game = serde_json::from_str(&json).expect("from json");
        prop_assert_eq!(back.moves(), g.moves());
    }

    #[test]
    fn game_marks_the_squares_of_its_legal_moves(
        rules in rules_strategy(),
        first in 0..4usize,
        seed in any::<u64>(),
        bias in 0..4usize,
    ) {
        let mut rng = Rng::new(seed | 1);
        let mut g = Game::new(rules, Seat::from_index(first));
        for _ in 0..150 {
            check_marked_squares(&g);
            let moves = g.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = pick(g.position(), &moves, &mut rng, bias);
            g.play(m).expect("a listed move is legal");
        }
    }

    #[test]
    fn undo_restores_the_previous_position(seed in any::<u64>(), plies in 1usize..60) {
        // At least one move is played: no game from the start ends before its first.
        let g = play_random_game(Rules::default(), Seat::South, seed, 2, plies);
        prop_assert!(!g.moves().is_empty());
        let mut h = g.clone();
        let last = h.undo();
        prop_assert_eq!(last.as_ref(), g.moves().last(), "undo returns the last move");
        let last = last.expect("a move to take back");
        prop_assert_eq!(h.moves(), &g.moves()[..g.moves().len() - 1]);
        prop_assert_eq!(h.outcome(), None, "a game with a move to come is not over");
        let mut again = h.clone();
        again.play(last).expect("replay");
        prop_assert_eq!(again.position(), g.position());
        prop_assert_eq!(again.outcome(), g.outcome());
    }
}

#[test]
fn games_without_a_limit_end_by_mates_or_repetition() {
    // RULES Y6: with the captures-and-checks bias, unlimited games finish.
    let (mut by_mates, mut by_repetition) = (0, 0);
    for seed in 1..=12u64 {
        for rules in Rules::all_combinations() {
            let g = play_random_game(rules, Seat::South, seed * 7919, 3, 3000);
            let Some(out) = g.outcome() else { continue };
            check_placings(g.position(), &out);
            let mated = g.position().eliminations().len();
            match out.reason {
                // RULES Y6.1, Y6.2, Y7.2: exactly the mates the format needs, no more.
                EndReason::Mates => {
                    by_mates += 1;
                    assert_eq!(mated, rules.mates_to_end(), "{rules}");
                }
                // RULES Y6.3: the position now stands for the fourth time, before the
                // mates would have ended the game.
                EndReason::Repetition => {
                    by_repetition += 1;
                    assert_eq!(g.repetitions(), 4, "{rules}");
                    assert!(mated < rules.mates_to_end(), "{rules}");
                }
                EndReason::MoveLimit => panic!("a move-limit ending without a limit ({rules})"),
            }
        }
    }
    // With these seeds every game ends, and every one by mates.
    assert_eq!((by_mates, by_repetition), (96, 0));
}

#[test]
fn check_move_agrees_with_generation_for_every_candidate() {
    // RULES Y2, Y4: every syntactically possible move (81 x 81 x promotion, 4 x 81 drops)
    // is accepted by `check_move` exactly when `legal_moves` lists it.
    let squares: Vec<_> = shogi_variants::engine::Square::all().collect();
    let mut positions = 0;
    for (i, rules) in Rules::all_combinations().into_iter().enumerate() {
        let mut rng = Rng::new(0xA5A5_0000 + i as u64);
        let mut p = Position::start(rules, Seat::from_index(i));
        for ply in 0..150 {
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % 6 == 0 {
                positions += 1;
                let mut accepted = Vec::new();
                for &from in &squares {
                    for &to in &squares {
                        for promote in [false, true] {
                            let m = Move::Normal { from, to, promote };
                            if p.check_move(m).is_ok() {
                                accepted.push(m);
                            }
                        }
                    }
                }
                for role in shogi_variants::engine::yonin::Role::HAND {
                    for &to in &squares {
                        let m = Move::Drop { role, to };
                        if p.check_move(m).is_ok() {
                            accepted.push(m);
                        }
                    }
                }
                let mut listed = legal.to_vec();
                listed.sort();
                accepted.sort();
                assert_eq!(accepted, listed, "at {p}");
            }
            let m = pick(&p, &legal, &mut rng, 2);
            p.play_unchecked(m);
        }
    }
    assert!(positions >= 100, "{positions} positions");
}

#[test]
fn game_marks_leave_out_the_perpetual_checkers_fourth_repetition() {
    // RULES Y6.3, Y7b.4: South's rook checks West from c5 and c4 in turn. Three rounds
    // after the start, c4c5 would make the fourth occurrence: the position still marks
    // c5, the game does not, and the marks agree with the legal moves all along.
    let mut g = common::game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c5 Gs@d4 Gs@d5",
        "-/-/-/- w - 0 -",
    );
    let cycle = [
        "a5a4", "e9d9", "i5i6", "c5c4", "a4a5", "d9e9", "i6i5", "c4c5",
    ];
    for m in cycle.iter().cycle().take(23) {
        assert_eq!(check_marked_squares(&g), 0, "before {m}");
        common::play(&mut g, m);
    }
    let c4 = common::sq("c4");
    assert!(g.position().destinations(c4).contains(common::sq("c5")));
    assert!(!g.destinations(c4).contains(common::sq("c5")));
    assert!(g.destinations(c4).contains(common::sq("c3")));
    assert_eq!(check_marked_squares(&g), 1, "only the rook's marks differ");
}
