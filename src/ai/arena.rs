//! The match arena: plays games between two players and reports the score, the Elo
//! difference with its 95% margin and, for Yonin, the placings.
//!
//! - **Hasami** (RULES Part H): capture 5 with a 200-ply limit by default; player A
//!   plays Black in the even games and White in the odd ones.
//! - **Yonin** (RULES Part Y): default rules with a 300-move limit by default; A sits in
//!   one seat against three B, the seat turning round the table game by game (and the
//!   first seat with it), and scores by its place: 1st 1, 2nd 2/3, 3rd 1/3, 4th 0 of a
//!   point (three points shared by the four seats' places, so an even A scores 1/2).
//!
//! Game `i` uses the seed `seed + i`; each move's seed follows from it, so a match is
//! reproduced by its seed. Natively the games run on all cores (rayon); in wasm one
//! after the other. Think times are read from an injected [`Clock`], never `std::time`.

use super::{Clock, Level, THINK_TIMES_MS, Think, hasami, yonin};
use crate::engine::hasami as h;
use crate::engine::yonin as y;
use std::fmt;
use std::str::FromStr;

/// A player in a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Contender {
    /// The CPU at a level.
    Level(Level),
    /// Hasami only: the CPU before the levels ([`hasami::baseline`]).
    Baseline,
    /// The one-ply greedy player.
    Greedy,
    /// A random legal move.
    Random,
}

/// Which game a match is of.
#[derive(Clone, Copy, PartialEq, Eq, Debug, strum::EnumString, strum::Display, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
pub enum GameKind {
    /// Hasami Shogi (RULES Part H).
    Hasami,
    /// Yonin Shogi (RULES Part Y).
    Yonin,
}

/// Why a player name was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ContenderError {
    /// Not a level, `baseline`, `greedy` or `random`.
    #[error(
        "unknown player {0:?}: expected novice, beginner, casual, strong, master, greedy, random (or baseline for hasami)"
    )]
    Unknown(String),
    /// `baseline` named for Yonin.
    #[error("player \"baseline\" exists for hasami only")]
    BaselineIsHasamiOnly,
}

impl Contender {
    /// Parses a player name for `game`: a level (`novice` … `master`), `greedy`,
    /// `random`, or for Hasami `baseline`.
    ///
    /// # Errors
    /// [`ContenderError`] naming the unknown player.
    pub fn parse(name: &str, game: GameKind) -> Result<Contender, ContenderError> {
        match name {
            "baseline" if game == GameKind::Hasami => Ok(Contender::Baseline),
            "baseline" => Err(ContenderError::BaselineIsHasamiOnly),
            "greedy" => Ok(Contender::Greedy),
            "random" => Ok(Contender::Random),
            _ => Level::from_str(name)
                .map(Contender::Level)
                .map_err(|_| ContenderError::Unknown(name.to_string())),
        }
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Contender::Level(l) => write!(f, "{l}"),
            Contender::Baseline => f.write_str("baseline"),
            Contender::Greedy => f.write_str("greedy"),
            Contender::Random => f.write_str("random"),
        }
    }
}

/// How a match is played.
#[derive(Clone, Copy, Debug)]
pub struct MatchSpec {
    /// Player A, whose score is reported.
    pub a: Contender,
    /// Player B (three seats of it in Yonin).
    pub b: Contender,
    /// Number of games.
    pub games: u32,
    /// Seed of game 0; game `i` uses `seed + i`.
    pub seed: u64,
    /// Hasami rules (default: capture 5, 200-ply limit).
    pub hasami_rules: h::Rules,
    /// Yonin rules (default: the default rules with a 300-move limit).
    pub yonin_rules: y::Rules,
    /// The master's think time in milliseconds (one of [`THINK_TIMES_MS`], default the
    /// first): natively its work grows with it ([`Think::node_budget`]).
    pub think_ms: u32,
}

impl MatchSpec {
    /// A match of `games` games from `seed` under the match rules of the module docs.
    pub fn new(a: Contender, b: Contender, games: u32, seed: u64) -> MatchSpec {
        MatchSpec {
            a,
            b,
            games,
            seed,
            hasami_rules: h::Rules {
                win: h::WinCondition::CaptureFive,
                move_limit: Some(200),
            },
            yonin_rules: y::Rules {
                move_limit: Some(300),
                ..y::Rules::default()
            },
            think_ms: THINK_TIMES_MS[0],
        }
    }
}

/// One game's result for A.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// A's points, `0.0..=1.0` (Hasami: 1 win, 1/2 draw, 0 loss; Yonin: by place).
    pub points: f64,
    /// Yonin: A's place, 1 to 4.
    pub place: Option<u8>,
    /// Hasami: a draw in which A led by 2 or more captures at the end.
    pub drawn_leading_by_two: bool,
    /// Hasami: a draw in which A led by 2 or more captures at some point.
    pub drawn_after_leading_by_two: bool,
    /// Plies (Hasami) or moves of all seats (Yonin) played.
    pub plies: u32,
    /// A's think time for each of its moves, in milliseconds (when a clock was given).
    pub think_ms: Vec<f64>,
    /// How the game ended, as the engine tells it, with the final position; Hasami
    /// also the captures after each capturing ply ([`capture_trail`]).
    pub end: String,
}

/// The result of a match, from A's side.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchReport {
    /// Games played.
    pub games: u32,
    /// Hasami: games A won; Yonin: games A placed first.
    pub wins: u32,
    /// Hasami: drawn games; Yonin: games A placed second or third.
    pub draws: u32,
    /// Hasami: games A lost; Yonin: games A placed last.
    pub losses: u32,
    /// A's share of the points, `0.0..=1.0` (module docs).
    pub score: f64,
    /// The Elo difference A − B that this score means (±inf clamped to ±1000).
    pub elo: f64,
    /// Half the width of the 95% interval of `elo`, from the score's standard error.
    pub elo_margin: f64,
    /// Yonin: how many games A placed 1st, 2nd, 3rd and 4th.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub placings: Option<[u32; 4]>,
    /// Hasami: draws in which A led by 2 or more captures at the end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws_leading_by_two: Option<u32>,
    /// Hasami: draws in which A had led by 2 or more at some point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws_after_leading_by_two: Option<u32>,
    /// Mean length of a game, in plies (Hasami) or moves (Yonin).
    pub mean_plies: f64,
    /// A's think time per move, median and maximum in milliseconds (with a clock).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub think_ms_median: Option<f64>,
    /// See `think_ms_median`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub think_ms_max: Option<f64>,
}

/// The Elo difference that an expected score `score` means (logistic model), clamped
/// to ±1000.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        -1000.0
    } else if score >= 1.0 {
        1000.0
    } else {
        (-400.0 * (1.0 / score - 1.0).log10()).clamp(-1000.0, 1000.0)
    }
}

/// Sums game results into a report: the score is the mean points; the margin is half
/// the Elo distance between the score ± 1.96 standard errors (the standard error of
/// the mean of the games' points).
pub fn report(results: &[GameResult], kind: GameKind) -> MatchReport {
    let n = results.len().max(1) as f64;
    let score = results.iter().map(|r| r.points).sum::<f64>() / n;
    let var = results
        .iter()
        .map(|r| (r.points - score).powi(2))
        .sum::<f64>()
        / (n - 1.0).max(1.0);
    let se = (var / n).sqrt();
    let elo = elo_of(score);
    let lo = elo_of((score - 1.96 * se).max(0.0));
    let hi = elo_of((score + 1.96 * se).min(1.0));
    let elo_margin = (hi - lo) / 2.0;
    let mut placings = [0u32; 4];
    for r in results {
        if let Some(p) = r.place {
            placings[usize::from(p.clamp(1, 4)) - 1] += 1;
        }
    }
    let (wins, draws, losses) = match kind {
        GameKind::Hasami => (
            results.iter().filter(|r| r.points == 1.0).count() as u32,
            results.iter().filter(|r| r.points == 0.5).count() as u32,
            results.iter().filter(|r| r.points == 0.0).count() as u32,
        ),
        GameKind::Yonin => (placings[0], placings[1] + placings[2], placings[3]),
    };
    let mut times: Vec<f64> = results
        .iter()
        .flat_map(|r| r.think_ms.iter().copied())
        .collect();
    times.sort_by(f64::total_cmp);
    let hasami = kind == GameKind::Hasami;
    MatchReport {
        games: results.len() as u32,
        wins,
        draws,
        losses,
        score: round(score, 4),
        elo: round(elo, 1),
        elo_margin: round(elo_margin, 1),
        placings: (!hasami).then_some(placings),
        draws_leading_by_two: hasami
            .then(|| results.iter().filter(|r| r.drawn_leading_by_two).count() as u32),
        draws_after_leading_by_two: hasami.then(|| {
            results
                .iter()
                .filter(|r| r.drawn_after_leading_by_two)
                .count() as u32
        }),
        mean_plies: round(
            results.iter().map(|r| f64::from(r.plies)).sum::<f64>() / n,
            1,
        ),
        think_ms_median: times.get(times.len() / 2).map(|&t| round(t, 2)),
        think_ms_max: times.last().map(|&t| round(t, 2)),
    }
}

fn round(x: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (x * f).round() / f
}

/// A clock that may be shared by the games running on several threads.
pub trait SyncClock: Clock + Sync {}
impl<T: Clock + Sync> SyncClock for T {}

/// The move seed of ply `n` of game seed `game_seed`.
fn move_seed(game_seed: u64, n: u64) -> u64 {
    game_seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(n)
}

/// Times `f` with `clock`, pushing the milliseconds to `times`.
fn timed<T>(clock: Option<&dyn SyncClock>, times: &mut Vec<f64>, f: impl FnOnce() -> T) -> T {
    match clock {
        Some(c) => {
            let start = c.now_ms();
            let out = f();
            times.push(c.now_ms() - start);
            out
        }
        None => f(),
    }
}

/// The think of a level in a match: nodes only, the master thinking `think_ms`.
fn think_of(level: Level, seed: u64, think_ms: u32) -> Think<'static> {
    Think {
        think_ms,
        ..Think::nodes_only(level, seed)
    }
}

/// A Hasami move of `who`, `None` when the game is over. Levels play on nodes only, the
/// master on the nodes of `think_ms` ([`Think::node_budget`]).
pub fn hasami_move(who: Contender, game: &h::Game, seed: u64, think_ms: u32) -> Option<h::Move> {
    match who {
        Contender::Level(level) => hasami::choose(game, &think_of(level, seed, think_ms)),
        Contender::Baseline => hasami::baseline::choose(game, seed),
        Contender::Greedy => hasami::greedy(game, seed),
        Contender::Random => hasami::random(game, seed),
    }
}

/// A Yonin move of `who`, `None` when the game is over. Levels play on work units only,
/// the master on the units of `think_ms` ([`Think::node_budget`]).
pub fn yonin_move(who: Contender, game: &y::Game, seed: u64, think_ms: u32) -> Option<y::Move> {
    match who {
        Contender::Level(level) => yonin::choose(game, &think_of(level, seed, think_ms)),
        Contender::Baseline | Contender::Greedy => yonin::greedy(game, seed),
        Contender::Random => yonin::random(game, seed),
    }
}

/// Plays Hasami game `i` of `spec`: A is Black when `i` is even.
pub fn hasami_game(spec: &MatchSpec, i: u32, clock: Option<&dyn SyncClock>) -> GameResult {
    let game_seed = spec.seed.wrapping_add(u64::from(i));
    let a_side = if i.is_multiple_of(2) {
        h::Player::Black
    } else {
        h::Player::White
    };
    let mut game = h::Game::new(spec.hasami_rules);
    let mut times = Vec::new();
    let mut max_lead = i32::MIN;
    let mut n = 0;
    let mut counts = Vec::new();
    while !game.is_over() {
        let mover = game.position().side_to_move();
        let seed = move_seed(game_seed, n);
        let mv = if mover == a_side {
            timed(clock, &mut times, || {
                hasami_move(spec.a, &game, seed, spec.think_ms)
            })
        } else {
            hasami_move(spec.b, &game, seed, spec.think_ms)
        }
        .expect("a move while the game goes on");
        game.play(mv).expect("players play legal moves");
        let pos = game.position();
        let lead = i32::from(pos.captures(a_side)) - i32::from(pos.captures(a_side.opponent()));
        max_lead = max_lead.max(lead);
        counts.push((pos.captures(a_side), pos.captures(a_side.opponent())));
        n += 1;
    }
    let outcome = game.outcome().expect("the game is over");
    let pos = game.position();
    let lead = i32::from(pos.captures(a_side)) - i32::from(pos.captures(a_side.opponent()));
    let points = match outcome.winner() {
        Some(w) if w == a_side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    GameResult {
        points,
        place: None,
        drawn_leading_by_two: points == 0.5 && lead >= 2,
        drawn_after_leading_by_two: points == 0.5 && max_lead >= 2,
        plies: game.moves().len() as u32,
        think_ms: times,
        end: format!(
            "{outcome} ({pos}); A is {a_side}; captures A-B: {}",
            capture_trail(&counts)
        ),
    }
}

/// Plays Yonin game `i` of `spec`: A sits in seat `i % 4`, and seat `(i / 4) % 4`
/// moves first.
pub fn yonin_game(spec: &MatchSpec, i: u32, clock: Option<&dyn SyncClock>) -> GameResult {
    let game_seed = spec.seed.wrapping_add(u64::from(i));
    let a_seat = y::Seat::from_index(i as usize % 4);
    let first = y::Seat::from_index((i as usize / 4) % 4);
    let mut game = y::Game::new(spec.yonin_rules, first);
    let mut times = Vec::new();
    let mut n = 0;
    while let Some(seat) = game.side_to_move() {
        let seed = move_seed(game_seed, n);
        let mv = if seat == a_seat {
            timed(clock, &mut times, || {
                yonin_move(spec.a, &game, seed, spec.think_ms)
            })
        } else {
            yonin_move(spec.b, &game, seed, spec.think_ms)
        }
        .expect("a move while the game goes on");
        game.play(mv).expect("players play legal moves");
        n += 1;
    }
    let place = game
        .outcome()
        .and_then(|o| o.place(a_seat))
        .expect("an individual game places every seat");
    GameResult {
        points: f64::from(4 - place.clamp(1, 4)) / 3.0,
        place: Some(place),
        drawn_leading_by_two: false,
        drawn_after_leading_by_two: false,
        plies: game.moves().len() as u32,
        think_ms: times,
        end: format!(
            "{:?}; A is {a_seat}, place {place}; {}",
            game.outcome().map(|o| o.reason),
            yonin_end_detail(game.position())
        ),
    }
}

/// The captures of a Hasami game, for `engine match --verbose`: A's and B's captures
/// after each ply that changed them, with that ply (1 = the first move), e.g. `1-0@19
/// 1-1@20 4-4@112`; `none` for a game without a capture. `counts` holds A's and B's
/// captures after each ply, in order.
pub fn capture_trail(counts: &[(u8, u8)]) -> String {
    let mut last = (0, 0);
    let mut trail = Vec::new();
    for (ply, &c) in (1..).zip(counts) {
        if c != last {
            trail.push(format!("{}-{}@{ply}", c.0, c.1));
            last = c;
        }
    }
    if trail.is_empty() {
        "none".to_string()
    } else {
        trail.join(" ")
    }
}

/// How a Yonin game ended, for `engine match --verbose`: each mate (mater, mated seat,
/// move count) and each survivor's mates and piece total (RULES Y6.1), e.g. `mates:
/// North mated West at 67, North mated South at 117; survivors: North 2 mates 26
/// pieces, East 0 mates 10 pieces`.
pub fn yonin_end_detail(pos: &y::Position) -> String {
    let mates: Vec<String> = pos
        .eliminations()
        .iter()
        .map(|e| format!("{} mated {} at {}", e.by, e.seat, e.at_move))
        .collect();
    let survivors: Vec<String> = pos
        .live_seats()
        .iter()
        .map(|s| {
            format!(
                "{s} {} mates {} pieces",
                pos.mates_by(s),
                pos.piece_total(s)
            )
        })
        .collect();
    format!(
        "mates: {}; survivors: {}",
        if mates.is_empty() {
            "none".to_string()
        } else {
            mates.join(", ")
        },
        survivors.join(", ")
    )
}

/// Plays the match `spec` of `kind` (on all cores natively) and reports it; `clock`
/// times A's moves.
pub fn play_match(kind: GameKind, spec: &MatchSpec, clock: Option<&dyn SyncClock>) -> MatchReport {
    report(&play_games(kind, spec, clock), kind)
}

/// Plays the games of the match `spec` of `kind` (on all cores natively), in order.
pub fn play_games(
    kind: GameKind,
    spec: &MatchSpec,
    clock: Option<&dyn SyncClock>,
) -> Vec<GameResult> {
    let play = |i: u32| match kind {
        GameKind::Hasami => hasami_game(spec, i, clock),
        GameKind::Yonin => yonin_game(spec, i, clock),
    };
    #[cfg(not(target_arch = "wasm32"))]
    let results: Vec<GameResult> = {
        use rayon::prelude::*;
        (0..spec.games).into_par_iter().map(play).collect()
    };
    #[cfg(target_arch = "wasm32")]
    let results: Vec<GameResult> = (0..spec.games).map(play).collect();
    results
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(points: f64) -> GameResult {
        GameResult {
            points,
            place: None,
            drawn_leading_by_two: false,
            drawn_after_leading_by_two: false,
            plies: 10,
            think_ms: vec![],
            end: String::new(),
        }
    }

    #[test]
    fn elo_and_margin_follow_the_score() {
        // 75 wins, 50 draws, 75 losses: even, Elo 0. The points vary by 37.5 / 199
        // about the mean, so the standard error is sqrt(0.1884 / 200) = 0.0307 and
        // the 95% interval 0.5 ± 0.0602, which is ±42.0 Elo.
        let mut games: Vec<GameResult> = (0..75).map(|_| result(1.0)).collect();
        games.extend((0..50).map(|_| result(0.5)));
        games.extend((0..75).map(|_| result(0.0)));
        let r = report(&games, GameKind::Hasami);
        assert_eq!(
            (r.wins, r.draws, r.losses, r.score, r.elo),
            (75, 50, 75, 0.5, 0.0)
        );
        assert_eq!(r.elo_margin, 42.0);
        // A 75% score is +191 Elo.
        assert_eq!(elo_of(0.75).round(), 191.0);
        assert_eq!(elo_of(1.0), 1000.0);
    }

    #[test]
    fn contenders_parse_by_game() {
        assert_eq!(
            Contender::parse("master", GameKind::Yonin),
            Ok(Contender::Level(Level::Master))
        );
        assert_eq!(
            Contender::parse("baseline", GameKind::Hasami),
            Ok(Contender::Baseline)
        );
        assert_eq!(
            Contender::parse("baseline", GameKind::Yonin),
            Err(ContenderError::BaselineIsHasamiOnly)
        );
        assert!(matches!(
            Contender::parse("grandmaster", GameKind::Hasami),
            Err(ContenderError::Unknown(_))
        ));
    }

    #[test]
    fn the_capture_trail_names_each_ply_that_changed_the_captures() {
        assert_eq!(capture_trail(&[]), "none");
        assert_eq!(capture_trail(&[(0, 0), (0, 0)]), "none");
        assert_eq!(
            capture_trail(&[(0, 0), (1, 0), (1, 0), (1, 2), (3, 2)]),
            "1-0@2 1-2@4 3-2@5"
        );
        // A played game: the last entry is the final captures (RULES H4.1: greedy
        // against random ends with five captures or by the move limit).
        let spec = MatchSpec::new(Contender::Greedy, Contender::Random, 1, 3);
        let r = hasami_game(&spec, 0, None);
        let last = r.end.rsplit(' ').next().unwrap().to_string();
        assert!(last.starts_with("5-"), "{}", r.end);
        assert!(last.ends_with(&format!("@{}", r.plies)), "{}", r.end);
    }

    #[test]
    fn yonin_end_detail_names_each_mate_and_each_survivor() {
        let start = y::Position::start(y::Rules::default(), y::Seat::South);
        let per_seat = start.piece_total(y::Seat::South);
        let expected: Vec<String> = y::Seat::ALL
            .iter()
            .map(|s| format!("{s} 0 mates {per_seat} pieces"))
            .collect();
        assert_eq!(
            yonin_end_detail(&start),
            format!("mates: none; survivors: {}", expected.join(", "))
        );
        // A finished game: two mates (RULES Y6.1), two survivors.
        let spec = MatchSpec::new(Contender::Greedy, Contender::Random, 1, 3);
        let r = yonin_game(&spec, 0, None);
        assert_eq!(r.end.matches(" mated ").count(), 2, "{}", r.end);
        assert_eq!(r.end.matches(" pieces").count(), 2, "{}", r.end);
    }

    #[test]
    fn short_matches_are_reproducible_and_score_each_game() {
        let spec = MatchSpec::new(Contender::Greedy, Contender::Random, 4, 7);
        let r = play_match(GameKind::Hasami, &spec, None);
        assert_eq!(r, play_match(GameKind::Hasami, &spec, None));
        assert_eq!(r.wins + r.draws + r.losses, 4);
        assert!(r.score >= 0.75, "greedy beats random: {r:?}");
        let mut spec = MatchSpec::new(Contender::Greedy, Contender::Random, 4, 7);
        spec.yonin_rules.move_limit = Some(80);
        let r = play_match(GameKind::Yonin, &spec, None);
        assert_eq!(r.placings.unwrap().iter().sum::<u32>(), 4);
    }
}
