//! `engine`: the CPU players of both games on the command line — their levels, perft,
//! a fixed benchmark and matches between players (RULES Part H and Part Y).
//!
//! ```text
//! engine levels hasami --json
//! engine perft yonin 4 --json
//! engine perft hasami 3 --position "w8/9/9/9/9/9/9/9/b8 b 0 0 0"
//! engine bench hasami --json
//! engine match hasami --a master --b baseline --games 200 --seed 1 --json
//! ```
//!
//! With `--json` the last line printed is one JSON object. Bad input (an unknown game,
//! level or player, a malformed position, depth 0) exits with status 2 and a one-line
//! message on standard error naming what is wrong; a benchmark whose node count is not
//! the expected one exits with status 1. Natively and under WASI (wasm32-wasip1); the
//! browser build has no command line and this program is empty there.

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() -> std::process::ExitCode {
    cli::main()
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod cli {
    use clap::{Parser, Subcommand};
    use serde_json::json;
    use shogi_variants::ai::arena::{self, Contender, GameKind, MatchSpec};
    use shogi_variants::ai::{Budget, Clock, Level, THINK_TIMES_MS, hasami, yonin};
    use shogi_variants::engine::{hasami as h, yonin as y};
    use std::process::ExitCode;
    use std::time::Instant;
    use strum::IntoEnumIterator;

    /// CPU players of Hasami Shogi and Yonin Shogi: levels, perft, benchmark, matches,
    /// the master's work in its think time.
    #[derive(Parser, Debug)]
    #[command(name = "engine", version)]
    struct Cli {
        #[command(subcommand)]
        command: Command,
        /// Print one JSON object as the last line.
        #[arg(long, global = true)]
        json: bool,
    }

    #[derive(Subcommand, Debug)]
    enum Command {
        /// The CPU levels of GAME, weakest first.
        Levels {
            /// `hasami` or `yonin`.
            game: String,
        },
        /// Counts the move sequences of DEPTH moves (RULES Perft).
        Perft {
            /// `hasami` or `yonin`.
            game: String,
            /// Plies, at least 1.
            depth: u32,
            /// Start from this position (RULES H6.3 or Y9.2) instead of the start.
            #[arg(long)]
            position: Option<String>,
        },
        /// Searches a fixed set of positions and reports nodes per second.
        Bench {
            /// `hasami` or `yonin`.
            game: String,
        },
        /// The master's search with its clock, as in the browser, on positions of games
        /// between casual players (every 12th ply of GAMES games, seeds 1, 2, ...): the
        /// work it does in its think time (nodes for hasami, work units for yonin), per
        /// move and the median. Run it as wasm (`scripts/bench-wasm.sh --think GAME`) to
        /// see what the browser's master does on this machine.
        Think {
            /// `hasami` or `yonin`.
            game: String,
            /// Games to take positions from, at least 1.
            #[arg(long, default_value_t = 3)]
            games: u32,
            /// The master's think time in ms: 1000, 3000 or 10000, as in the settings.
            #[arg(long, default_value_t = 1000)]
            think_ms: u32,
        },
        /// Plays a match of A against B (games on all cores).
        Match {
            /// `hasami` or `yonin`.
            game: String,
            /// Player A: a level, `greedy`, `random` (or `baseline` for hasami).
            #[arg(long)]
            a: String,
            /// Player B (three seats of it in yonin).
            #[arg(long)]
            b: String,
            /// Number of games, at least 1.
            #[arg(long, default_value_t = 100)]
            games: u32,
            /// Seed of the first game.
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// Move limit (hasami plies, default 200; yonin moves, default 300).
            #[arg(long)]
            move_limit: Option<u32>,
            /// Print how each game ended (Yonin: each mate and the survivors' mates and
            /// piece totals).
            #[arg(long)]
            verbose: bool,
            /// The master's think time in ms: 1000, 3000 or 10000, as in the settings.
            /// Natively its work grows with it (Hasami 50 000 nodes, Yonin 1 800 000
            /// work units a second).
            #[arg(long, default_value_t = 1000)]
            think_ms: u32,
        },
    }

    /// What went wrong, in one line.
    #[derive(Debug, thiserror::Error)]
    enum CliError {
        #[error("unknown game {0:?}: expected hasami or yonin")]
        Game(String),
        #[error("depth must be at least 1")]
        ZeroDepth,
        #[error("games must be at least 1")]
        ZeroGames,
        #[error("think time {0} ms: expected 1000, 3000 or 10000")]
        ThinkTime(u32),
        #[error("malformed hasami position: {0}")]
        HasamiPosition(h::ParsePositionError),
        #[error("malformed yonin position: {0}")]
        YoninPosition(y::ParsePositionError),
        #[error("player --{which}: {error}")]
        Player {
            which: &'static str,
            error: arena::ContenderError,
        },
        #[error("bench {game}: {nodes} nodes where {expected} are expected (the search changed)")]
        BenchNodes {
            game: GameKind,
            nodes: u64,
            expected: u64,
        },
    }

    impl CliError {
        fn status(&self) -> u8 {
            match self {
                CliError::BenchNodes { .. } => 1,
                _ => 2,
            }
        }
    }

    /// Wall time for the match arena's think times (`std::time` is fine here: this
    /// is the program, not the search).
    struct StdClock(Instant);

    impl Clock for StdClock {
        fn now_ms(&self) -> f64 {
            self.0.elapsed().as_secs_f64() * 1000.0
        }
    }

    pub fn main() -> ExitCode {
        let cli = match Cli::try_parse() {
            Ok(cli) => cli,
            Err(e) if !e.use_stderr() => e.exit(), // --help, --version
            Err(e) => {
                let text = e.to_string();
                let line = text.lines().next().unwrap_or("bad arguments");
                eprintln!("{}", line.trim_start_matches("error: "));
                return ExitCode::from(2);
            }
        };
        match run(&cli) {
            Ok(value) => {
                if cli.json {
                    println!("{value}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(e.status())
            }
        }
    }

    fn game_kind(name: &str) -> Result<GameKind, CliError> {
        name.parse().map_err(|_| CliError::Game(name.to_string()))
    }

    fn run(cli: &Cli) -> Result<String, CliError> {
        match &cli.command {
            Command::Levels { game } => {
                game_kind(game)?;
                let levels: Vec<String> = Level::iter().map(|l| l.to_string()).collect();
                if !cli.json {
                    println!("{}", levels.join("\n"));
                }
                Ok(json!({ "levels": levels }).to_string())
            }
            Command::Perft {
                game,
                depth,
                position,
            } => {
                let kind = game_kind(game)?;
                if *depth == 0 {
                    return Err(CliError::ZeroDepth);
                }
                let start = Instant::now();
                let nodes = match kind {
                    GameKind::Hasami => {
                        let pos = match position {
                            Some(p) => p.parse().map_err(CliError::HasamiPosition)?,
                            None => h::Position::start(),
                        };
                        h::perft(&h::Game::from_position(h::Rules::default(), pos), *depth)
                    }
                    GameKind::Yonin => {
                        let game = match position {
                            Some(p) => {
                                y::Game::from_position(p.parse().map_err(CliError::YoninPosition)?)
                            }
                            None => y::Game::new(y::Rules::default(), y::Seat::South),
                        };
                        y::perft(&game, *depth)
                    }
                };
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                if !cli.json {
                    println!("perft {kind} {depth}: {nodes} nodes in {ms:.0} ms");
                }
                Ok(format!(
                    "{{\"nodes\": {nodes}, \"ms\": {}}}",
                    (ms * 10.0).round() / 10.0
                ))
            }
            Command::Bench { game } => {
                let kind = game_kind(game)?;
                let start = Instant::now();
                let (nodes, expected) = match kind {
                    GameKind::Hasami => (bench_hasami(cli.json), HASAMI_BENCH_NODES),
                    GameKind::Yonin => (bench_yonin(cli.json), YONIN_BENCH_NODES),
                };
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                let nps = (nodes as f64 / (ms / 1000.0)).round();
                if !cli.json {
                    println!("bench {kind}: {nodes} nodes in {ms:.0} ms, {nps} nodes/s");
                }
                if nodes != expected {
                    return Err(CliError::BenchNodes {
                        game: kind,
                        nodes,
                        expected,
                    });
                }
                // Written by hand to keep the keys in this order.
                Ok(format!(
                    "{{\"nodes\": {nodes}, \"ms\": {}, \"nps\": {nps}}}",
                    (ms * 10.0).round() / 10.0
                ))
            }
            Command::Think {
                game,
                games,
                think_ms,
            } => {
                let kind = game_kind(game)?;
                if *games == 0 {
                    return Err(CliError::ZeroGames);
                }
                if !THINK_TIMES_MS.contains(think_ms) {
                    return Err(CliError::ThinkTime(*think_ms));
                }
                let mut moves: Vec<(u64, f64, u32)> = Vec::new();
                for seed in 1..=u64::from(*games) {
                    for (work, ms, depth) in think_along_a_game(kind, seed, *think_ms) {
                        if !cli.json {
                            println!(
                                "seed {seed}: {work} {} in {ms:.0} ms, depth {depth}",
                                work_unit(kind)
                            );
                        }
                        moves.push((work, ms, depth));
                    }
                }
                let mut work: Vec<u64> = moves.iter().map(|m| m.0).collect();
                work.sort_unstable();
                let work = work.get(work.len() / 2).copied().unwrap_or(0);
                let mut ms: Vec<f64> = moves.iter().map(|m| m.1).collect();
                ms.sort_by(f64::total_cmp);
                let ms = ms.get(ms.len() / 2).copied().unwrap_or(0.0);
                if !cli.json {
                    println!(
                        "think {kind} at {think_ms} ms: {} moves, median {work} {} in {ms:.0} ms",
                        moves.len(),
                        work_unit(kind)
                    );
                }
                Ok(json!({
                    "moves": moves.len(),
                    "median_work": work,
                    "median_ms": (ms * 10.0).round() / 10.0,
                })
                .to_string())
            }
            Command::Match {
                game,
                a,
                b,
                games,
                seed,
                move_limit,
                verbose,
                think_ms,
            } => {
                let kind = game_kind(game)?;
                let player = |which, name: &str| {
                    Contender::parse(name, kind).map_err(|error| CliError::Player { which, error })
                };
                let (a, b) = (player("a", a)?, player("b", b)?);
                if *games == 0 {
                    return Err(CliError::ZeroGames);
                }
                if !THINK_TIMES_MS.contains(think_ms) {
                    return Err(CliError::ThinkTime(*think_ms));
                }
                let mut spec = MatchSpec::new(a, b, *games, *seed);
                spec.think_ms = *think_ms;
                if let Some(limit) = move_limit {
                    spec.hasami_rules.move_limit = Some(*limit);
                    spec.yonin_rules.move_limit = Some(*limit);
                }
                let clock = StdClock(Instant::now());
                let results = arena::play_games(kind, &spec, Some(&clock));
                if *verbose {
                    for (i, g) in results.iter().enumerate() {
                        println!("game {i}: {} after {} plies: {}", g.points, g.plies, g.end);
                    }
                }
                let r = arena::report(&results, kind);
                if !cli.json {
                    println!(
                        "{kind} {a} vs {b}: {} games, +{} ={} -{}, score {:.3}, Elo {:+.0} ± {:.0}",
                        r.games, r.wins, r.draws, r.losses, r.score, r.elo, r.elo_margin
                    );
                    if let Some(p) = r.placings {
                        println!("placings of {a}: {p:?}");
                    }
                    println!(
                        "mean length {} plies; {a} thinks {:?} ms median, {:?} ms max",
                        r.mean_plies, r.think_ms_median, r.think_ms_max
                    );
                }
                // The report's fields in their declared order (games, wins, draws, ...).
                Ok(serde_json::to_string(&r).expect("a report serializes"))
            }
        }
    }

    /// What the search of `kind` counts its work in.
    fn work_unit(kind: GameKind) -> &'static str {
        match kind {
            GameKind::Hasami => "nodes",
            GameKind::Yonin => "work units",
        }
    }

    /// How often [`think_along_a_game`] asks the master, in plies.
    const THINK_EVERY: u32 = 12;

    /// A game of casual players (seed `seed`) in which, every [`THINK_EVERY`] plies, the
    /// master searches with the clock for `think_ms` (its search stopping by the clock
    /// alone, as in the browser): for each of those positions the work done (nodes or
    /// work units), the milliseconds and the depth of the last finished iteration.
    fn think_along_a_game(kind: GameKind, seed: u64, think_ms: u32) -> Vec<(u64, f64, u32)> {
        let clock = StdClock(Instant::now());
        let master = |ply: u32| shogi_variants::ai::Think {
            level: Level::Master,
            think_ms,
            seed: seed * 1_000 + u64::from(ply),
            clock: Some(&clock),
        };
        let casual = |ply: u32| {
            shogi_variants::ai::Think::nodes_only(Level::Casual, seed * 1_000 + u64::from(ply))
        };
        let mut out = Vec::new();
        let timed = |f: &dyn Fn() -> Option<(u64, u32)>| {
            let start = Instant::now();
            f().map(|(work, depth)| (work, start.elapsed().as_secs_f64() * 1000.0, depth))
        };
        match kind {
            GameKind::Hasami => {
                let mut game = h::Game::new(h::Rules::default());
                for ply in 1..=THINK_EVERY * 8 {
                    if ply % THINK_EVERY == 0
                        && let Some(m) = timed(&|| {
                            hasami::analyse(&game, &master(ply)).map(|a| (a.nodes, a.depth))
                        })
                    {
                        out.push(m);
                    }
                    let Some(mv) = hasami::choose(&game, &casual(ply)) else {
                        break;
                    };
                    if game.play(mv).is_err() || game.is_over() {
                        break;
                    }
                }
            }
            GameKind::Yonin => {
                let mut game = y::Game::new(y::Rules::default(), y::Seat::South);
                for ply in 1..=THINK_EVERY * 8 {
                    if ply % THINK_EVERY == 0
                        && let Some(m) = timed(&|| {
                            yonin::analyse(&game, &master(ply)).map(|a| (a.nodes, a.depth))
                        })
                    {
                        out.push(m);
                    }
                    let Some(mv) = yonin::choose(&game, &casual(ply)) else {
                        break;
                    };
                    if game.play(mv).is_err() || game.is_over() {
                        break;
                    }
                }
            }
        }
        out
    }

    /// Hasami benchmark positions (RULES H6.3): the start, the criterion bench's middle
    /// game and two positions of a strong-level game.
    const HASAMI_BENCH: [&str; 4] = [
        "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0",
        "w2w1w2w/1w5w1/3b5/9/2wbw4/4b4/9/1b3b1b1/b7b b 2 0 40",
        "1ww1w1ww1/w3w4/9/4b4/9/2b6/w8/9/bb1b1bb1b w 0 0 15",
        "2w3w1w/1w2w4/b4b3/4w4/3b5/1b7/6b2/w8/b2bb3b b 1 1 36",
    ];

    /// Nodes the Hasami benchmark visits (asserted: a change to the search changes it).
    const HASAMI_BENCH_NODES: u64 = 1_916_970;

    /// Searches each Hasami benchmark position 5 plies deep in the strong level's style.
    fn bench_hasami(quiet: bool) -> u64 {
        let style = hasami::Style {
            budget: Budget {
                max_depth: 5,
                max_nodes: u64::MAX,
            },
            ..hasami::style_of(Level::Strong)
        };
        HASAMI_BENCH
            .iter()
            .map(|p| {
                let game = h::Game::from_position(
                    h::Rules::default(),
                    p.parse().expect("a bench position"),
                );
                let a = hasami::search::search(&game, &style, 1, None).expect("the game goes on");
                if !quiet {
                    println!(
                        "{p}: {} {} depth {} nodes {}",
                        a.best, a.score, a.depth, a.nodes
                    );
                }
                a.nodes
            })
            .sum()
    }

    /// Yonin benchmark positions (RULES Y9.2): the middle games of `benches/yonin.rs`.
    const YONIN_BENCH: [&str; 4] = [
        "2SnGnKn4/3PnGnPnSn2/Sw1Ps5Se/GwPw2Ps2Re1/6Rw2/KwPw5Pe1/SwGw1Ps3Ke1/4RsPs1Se1/2SsGsKsGs3 R/3P/-/2GS s - 29 -",
        "Pw1SnwGnwKnx1Rw2/3PnwSnwPnw3/Sw1Gnw5Se/GwPwGe1Rs1Ge2/Kw1PwRs1Pe3/1Pw2Ks1PeSsGs/SwGw1Ps1Ps3/5SeGeKe1/1Pe+Rnw6 -/SP/-/- w n:w:61 89 -",
        "1+Se2Ss2Kn1/5GwRn1Pe/7Pe1/KwSw1Pn3Pe1/Gw2Gn5/3Ps2ReGnSn/3Ke1+Sn3/PsSs3Gs2Ks/1+Pe1Gs5 RGS4P/S/R/GP s - 179 ownerless",
        "2SnGn2Sn2/3KnRnPn2Ps/SwGw1Pn1+Rs3/Rw1PwSePn2SsKe/Kw1Pw4Ge1/GwPw4Pe1Ge/3Ps1PsPw2/RwSs2Ks1GsSe1/3Gs5 GSP/-/-/- s - 59 pairs",
    ];

    /// Work units the Yonin benchmark spends (asserted).
    const YONIN_BENCH_NODES: u64 = 1_017_784;

    /// Searches each Yonin benchmark position 4 plies deep in the master level's style,
    /// without its transposition table: the table's key (`rustc-hash`) depends on the
    /// machine's word size, so with it wasm32 and 64-bit machines would visit different
    /// nodes and the count could not be asserted on both.
    fn bench_yonin(quiet: bool) -> u64 {
        let style = yonin::Style {
            budget: Budget {
                max_depth: 4,
                max_nodes: u64::MAX,
            },
            table_entries: 0,
            ..yonin::style_of(Level::Master)
        };
        YONIN_BENCH
            .iter()
            .map(|p| {
                let game = y::Game::from_position(p.parse().expect("a bench position"));
                let a = yonin::search(&game, &style, 1, None).expect("the game goes on");
                if !quiet {
                    println!("{p}: {} depth {} units {}", a.best, a.depth, a.nodes);
                }
                a.nodes
            })
            .sum()
    }
}
