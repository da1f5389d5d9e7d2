//! RULES H6.5, Y9.2: random games of both games, under every combination of local rules,
//! with wins, draws, resignations (Hasami), mates, move limits and loaded starts, written
//! as record text and read back: the same game, the same position notation at every ply,
//! the same result, the same record information and the same text again.
//!
//! 1 000 games of each game run by default; `cargo test --test record_roundtrip --
//! --ignored` plays 20 000 of each.

use std::collections::BTreeMap;

use shogi_variants::ai::Level;
use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::text::{RecordInfo, RecordText, SeatPlayer};

/// A seeded generator, so every run plays the same games.
struct Rng(rand::rngs::StdRng);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(rand::SeedableRng::seed_from_u64(seed))
    }
    fn below(&mut self, n: usize) -> usize {
        rand::RngExt::random_range(&mut self.0, 0..n.max(1))
    }
    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

const LEVELS: [Level; 5] = [
    Level::Novice,
    Level::Beginner,
    Level::Casual,
    Level::Strong,
    Level::Master,
];

/// A date (sometimes partly unknown, sometimes none) and players for some of the seats.
fn random_info<S: Copy>(rng: &mut Rng, seats: &[S]) -> RecordInfo<S> {
    let date = match rng.below(4) {
        0 => None,
        1 => Some(format!("{:04}.??.??", 1990 + rng.below(40))),
        _ => Some(format!(
            "{:04}.{:02}.{:02}",
            1990 + rng.below(40),
            1 + rng.below(12),
            1 + rng.below(28)
        )),
    };
    let mut players = Vec::new();
    for &seat in seats {
        if rng.one_in(5) {
            continue;
        }
        let p = if rng.one_in(2) {
            SeatPlayer::Person
        } else {
            SeatPlayer::Cpu(LEVELS[rng.below(4)])
        };
        players.push((seat, p));
    }
    RecordInfo {
        date,
        players,
        names: Vec::new(),
    }
}

/// What ended a game, for the tally.
fn hasami_end(g: &hasami::Game) -> String {
    match g.outcome() {
        None => "unfinished".into(),
        Some(hasami::Outcome::Win { reason, .. }) => format!("{reason:?}"),
        Some(hasami::Outcome::Draw { reason }) => format!("{reason:?}"),
    }
}

/// A random Hasami game: captures preferred half the time, cut off at a random length,
/// resigned by a random side a quarter of the times it is not over.
fn hasami_game(rng: &mut Rng, rules: hasami::Rules, start: hasami::Position) -> hasami::Game {
    let mut g = hasami::Game::from_position(rules, start);
    // one game in twenty from the start shuttles two pieces to a fourfold repetition
    if start == hasami::Position::start() && rng.one_in(20) {
        for m in ["a1a2", "a9a8", "a2a1", "a8a9"].iter().cycle().take(12) {
            if g.is_over() {
                break;
            }
            g.play(m.parse().expect("move")).expect("legal shuttle");
        }
    }
    let cutoff = rng.below(500);
    while !g.is_over() && g.moves().len() < cutoff {
        let pos = *g.position();
        let moves = pos.legal_moves();
        let captures: Vec<hasami::Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = pos;
                !after.play_unchecked(m).is_empty()
            })
            .collect();
        let mv = if !captures.is_empty() && rng.one_in(2) {
            captures[rng.below(captures.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        g.play(mv).expect("legal move");
    }
    if !g.is_over() && rng.one_in(4) {
        let side = hasami::Player::ALL[rng.below(2)];
        g.resign(side).expect("not over");
    }
    g
}

fn hasami_round_trips(games: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let mut starts = vec![hasami::Position::start()];
    for i in 0..games {
        let win = hasami::WinCondition::ALL[i % 3];
        let move_limit = match (i / 3) % 5 {
            0 => None,
            1 => Some(100),
            2 => Some(200),
            3 => Some(300),
            _ => Some(1 + rng.below(60) as u32),
        };
        let rules = hasami::Rules { win, move_limit };
        // one game in five starts from a position met in an earlier game
        let start = if rng.one_in(5) {
            starts[rng.below(starts.len())]
        } else {
            hasami::Position::start()
        };
        let g = hasami_game(&mut rng, rules, start);
        if !g.moves().is_empty() && starts.len() < 200 {
            starts.push(g.positions()[rng.below(g.positions().len())]);
        }
        *tally.entry(hasami_end(&g)).or_default() += 1;
        let info = random_info(&mut rng, &hasami::Player::ALL);
        let text = g.write_record(&info);
        let (back, back_info) = hasami::Game::read_record(text.as_bytes())
            .unwrap_or_else(|e| panic!("game {i}: {e}\n{text}"));
        assert_eq!(back, g, "game {i}:\n{text}");
        let notation = |g: &hasami::Game| -> Vec<String> {
            g.positions().iter().map(ToString::to_string).collect()
        };
        assert_eq!(notation(&back), notation(&g), "game {i}");
        assert_eq!(back.outcome(), g.outcome(), "game {i}");
        assert_eq!(back.resigned(), g.resigned(), "game {i}");
        assert_eq!(back_info, info, "game {i}");
        assert_eq!(back.write_record(&back_info), text, "game {i}");
    }
    eprintln!("hasami: {tally:?}");
    for end in [
        "unfinished",
        "CapturedFive",
        "LeadByThree",
        "CapturedAll",
        "Resignation",
        "MoveLimit",
        "Repetition",
    ] {
        assert!(
            tally.get(end).is_some_and(|&n| n > 0),
            "no {end}: {tally:?}"
        );
    }
}

/// A random Yonin game and the position notation after every move: captures and checks
/// preferred half the time (so games reach mates and drops), cut off at a random length.
fn yonin_game(rng: &mut Rng, start: yonin::Position) -> (yonin::Game, Vec<String>) {
    let shuttle = start == yonin::Position::start(start.rules(), yonin::Seat::South);
    let mut g = yonin::Game::from_position(start);
    let mut seen = vec![g.position().to_string()];
    // one game in twenty from South's start moves four silvers to and fro until the
    // fourth repetition (RULES Y6.3)
    if shuttle && rng.one_in(20) {
        let cycle = [
            "c1b2", "a7b8", "g9h8", "i3h2", "b2c1", "b8a7", "h8g9", "h2i3",
        ];
        for m in cycle.iter().cycle().take(24) {
            if g.is_over() {
                break;
            }
            g.play(m.parse().expect("move")).expect("legal shuttle");
            seen.push(g.position().to_string());
        }
    }
    let cutoff = rng.below(700);
    while !g.is_over() && g.moves().len() < cutoff {
        let moves = g.legal_moves();
        let p = g.position();
        let mut mv = moves[rng.below(moves.len())];
        if rng.one_in(2) {
            let sharp: Vec<yonin::Move> = moves
                .iter()
                .copied()
                .filter(|&m| {
                    matches!(m, yonin::Move::Normal { to, .. } if p.piece_at(to).is_some())
                        || !p.gives_check(m).is_empty()
                })
                .collect();
            if !sharp.is_empty() {
                mv = sharp[rng.below(sharp.len())];
            }
        }
        g.play(mv).expect("legal move");
        seen.push(g.position().to_string());
    }
    (g, seen)
}

/// The position notation after every move of `g`, replayed from its start.
fn yonin_replay(g: &yonin::Game) -> Vec<String> {
    let mut r = yonin::Game::from_position(g.start().clone());
    let mut seen = vec![r.position().to_string()];
    for &mv in g.moves() {
        r.play(mv).expect("replays");
        seen.push(r.position().to_string());
    }
    seen
}

fn yonin_round_trips(games: usize, seed: u64) {
    let mut rng = Rng::new(seed);
    let mut tally: BTreeMap<String, usize> = BTreeMap::new();
    let combos = yonin::Rules::all_combinations();
    let mut starts: Vec<yonin::Position> = Vec::new();
    for i in 0..games {
        let mut rules = combos[i % combos.len()];
        if (i / combos.len()) % 2 == 1 {
            rules.move_limit = Some(20 + rng.below(400) as u32);
        }
        let first = yonin::Seat::from_index(rng.below(4));
        let same_rules: Vec<&yonin::Position> =
            starts.iter().filter(|p| p.rules() == rules).collect();
        // one game in five starts from a position met in an earlier game
        let start = if !same_rules.is_empty() && rng.one_in(5) {
            same_rules[rng.below(same_rules.len())].clone()
        } else {
            yonin::Position::start(rules, first)
        };
        let (g, seen) = yonin_game(&mut rng, start);
        if !g.is_over() && g.moves().len() > 4 && starts.len() < 200 {
            starts.push(g.position().clone());
        }
        let end = g
            .outcome()
            .map_or("unfinished".into(), |o| format!("{:?}", o.reason));
        *tally.entry(end).or_default() += 1;
        if g.position().eliminations().len() == 1 && !g.is_over() {
            *tally.entry("one mate, going on".into()).or_default() += 1;
        }
        let info = random_info(&mut rng, &yonin::Seat::ALL);
        let text = g.write_record(&info);
        let (back, back_info) = yonin::Game::read_record(text.as_bytes())
            .unwrap_or_else(|e| panic!("game {i}: {e}\n{text}"));
        assert_eq!(back.start(), g.start(), "game {i}");
        assert_eq!(back.moves(), g.moves(), "game {i}");
        assert_eq!(back.movers(), g.movers(), "game {i}");
        assert_eq!(yonin_replay(&back), seen, "game {i}:\n{text}");
        assert_eq!(back.position(), g.position(), "game {i}");
        assert_eq!(back.outcome(), g.outcome(), "game {i}");
        assert_eq!(back_info, info, "game {i}");
        assert_eq!(back.write_record(&back_info), text, "game {i}");
    }
    eprintln!("yonin: {tally:?}");
    for end in [
        "unfinished",
        "Mates",
        "MoveLimit",
        "Repetition",
        "one mate, going on",
    ] {
        assert!(
            tally.get(end).is_some_and(|&n| n > 0),
            "no {end}: {tally:?}"
        );
    }
}

#[test]
fn h6_5_1000_random_hasami_games_round_trip() {
    hasami_round_trips(1_000, 0x4A5A_0001);
}

#[test]
fn y9_2_1000_random_yonin_games_round_trip() {
    yonin_round_trips(1_000, 0x7010_0001);
}

#[test]
#[ignore = "20 000 games of each game: minutes; run with --ignored"]
fn h6_5_20000_random_hasami_games_round_trip() {
    hasami_round_trips(20_000, 0x4A5A_0002);
}

#[test]
#[ignore = "20 000 games of each game: minutes; run with --ignored"]
fn y9_2_20000_random_yonin_games_round_trip() {
    yonin_round_trips(20_000, 0x7010_0002);
}
