//! The Hasami CPU in a Web Worker (src/ui/worker.rs, src/session/cpu.rs): it thinks
//! off the page's thread, is cancelled by a take-back or a seat change, answers
//! offline, falls back to the page on a worker error; and the ignored measurements of
//! its think times. The Yonin CPU seats: `yonin_cpu`.

use crate::harness::{Page, START_BOARD, SavedTable, any_legal_move, mv, run, wait_cpu_answer};
use shogi_variants::engine::hasami::{Game, Rules};
use shogi_variants::session::hasami::Settings;
use shogi_variants::session::storage::keys;
use shogi_variants::session::table::{Controller, Participant, Revision};

/// The worker's loader, as the page names it (relative, so it works under the
/// sub-path).
const WORKER_URL: &str = "./cpu_worker_loader.js";

/// Waits up to `within` until the saved game has `moves` moves.
async fn wait_moves_within(page: &Page, moves: usize, within: std::time::Duration) -> Game {
    let deadline = std::time::Instant::now() + within;
    loop {
        if let Some(Ok(t)) = page.try_saved().await
            && t.game.moves().len() >= moves
        {
            return t.game;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no move {moves} within {within:?}; saved: {:?}",
            page.saved_moves().await
        );
        page.sleep(100).await;
    }
}

/// Makes White's CPU the top level with `think_ms` of think time, through a saved
/// table (the settings do not offer the level yet), and reloads: a new game, Black a
/// person to move.
async fn white_cpu_master(page: &Page, think_ms: u32) {
    let mut white = Participant::new(Controller::Cpu);
    white.level = shogi_variants::ai::Level::Master;
    white.think_ms = think_ms;
    let table = SavedTable {
        settings: Settings::default(),
        participants: vec![Participant::new(Controller::Human), white],
        seating: vec![0, 1],
        game: Game::new(Rules::default()),
        game_number: 1,
        revision: Revision::default(),
        clock_used_ms: 0.0,
        redo: Vec::new(),
        stats: Default::default(),
        result_dismissed: false,
    };
    page.storage_set(keys::HASAMI_TABLE, &table.encode()).await;
    page.reload().await;
    let saved = page.saved().await.expect("the saved table");
    assert_eq!(
        saved.participants[1].level,
        shogi_variants::ai::Level::Master
    );
}

/// [`white_cpu_master`] with the longest think time (10 s).
async fn white_cpu_thinks_long(page: &Page) {
    white_cpu_master(page, 10_000).await;
}

/// The CPU answers through its Web Worker: one worker, spawned at the first request
/// (from the relative URL of its loader) and kept between moves, one job posted per
/// CPU move and one answer back (after its "ready"), the thinking mark shown while it
/// thinks and gone after, no notice; and the page's thread never froze while the CPU
/// thought ([`FROZEN_MS`](crate::harness::worker::FROZEN_MS)). Prints the longest long
/// task (50 ms or more).
#[test]
fn the_cpu_thinks_in_a_web_worker() {
    run(|page| async move {
        page.watch_workers().await;
        let mut game = Game::new(Rules::default());
        for round in 1..=3 {
            page.play(&any_legal_move(&game)).await;
            let (answered, snap) = wait_cpu_answer(&page, 2 * round).await;
            game = answered;
            assert!(snap.notices.is_empty(), "{:?}", snap.notices);
            assert!(!page.thinking().await, "the mark goes with the answer");
        }
        let w = page.workers().await;
        println!(
            "worker round trip (Hasami): long tasks {:?}, longest {:.0} ms; answers in {:?} ms",
            w.long_tasks,
            w.longest_task(),
            w.answer_ms
        );
        assert_eq!(w.spawned, [WORKER_URL], "one worker, kept between moves");
        assert_eq!(
            (w.posted, w.messages),
            (3, 4),
            "three jobs, ready + three answers"
        );
        assert_eq!((w.terminated, w.errors), (0, 0));
        assert!(w.thinking_shown >= 1, "the thinking mark was shown");
        assert!(
            w.longest_task() < crate::harness::worker::FROZEN_MS,
            "the page's thread was blocked while the CPU thought: {:?}",
            w.long_tasks
        );
    });
}

/// A take-back while the CPU thinks (Master, 10 s) cancels the thinking: the worker is
/// terminated, the thinking mark goes, and the CPU's move never comes; the next
/// request gets a fresh worker, whose answer is played once.
#[test]
fn take_back_while_the_worker_thinks_cancels_it() {
    run(|page| async move {
        white_cpu_thinks_long(&page).await;
        page.watch_workers().await;
        page.play("e1e5").await;
        page.wait_thinking(true).await;
        page.click("undo").await;
        page.wait_status("Black to move").await;
        page.wait_thinking(false).await;
        let w = page.workers().await;
        assert_eq!((w.spawned.len(), w.terminated), (1, 1), "{w:?}");
        // Longer than the pause and the time the worker took to start: nothing comes.
        page.sleep(1_500).await;
        assert_eq!(
            page.saved_moves().await,
            [],
            "the stale answer was not played"
        );
        assert_eq!(page.snapshot().await.board(), START_BOARD);

        page.play("e1e5").await;
        let game = wait_moves_within(&page, 2, std::time::Duration::from_secs(40)).await;
        assert_eq!(game.moves().len(), 2);
        let w = page.workers().await;
        assert_eq!(w.spawned.len(), 2, "a fresh worker: {w:?}");
        assert_eq!(w.errors, 0);
        page.sleep(500).await;
        assert_eq!(page.saved_moves().await.len(), 2, "one answer only");
    });
}

/// Handing White to a person while its CPU thinks cancels the thinking (the worker is
/// terminated, no move comes); handing it back asks a fresh worker, which answers once.
#[test]
fn seat_change_while_the_worker_thinks_cancels_it() {
    run(|page| async move {
        white_cpu_thinks_long(&page).await;
        page.watch_workers().await;
        page.play("e1e5").await;
        page.wait_thinking(true).await;
        page.select("seat-white", "human").await;
        page.wait_status("White to move").await;
        page.wait_thinking(false).await;
        let w = page.workers().await;
        assert_eq!((w.spawned.len(), w.terminated), (1, 1), "{w:?}");
        page.sleep(1_500).await;
        assert_eq!(page.saved_moves().await, [mv("e1e5")], "no stale answer");

        page.select("seat-white", "cpu").await;
        let game = wait_moves_within(&page, 2, std::time::Duration::from_secs(40)).await;
        assert_eq!(game.moves().len(), 2);
        page.wait_status("Black to move").await;
        let w = page.workers().await;
        assert_eq!((w.spawned.len(), w.errors), (2, 0), "{w:?}");
    });
}

/// Only the table on screen asks its CPU: going to the choice of a game while the CPU
/// thinks (Master, 1 s) cancels it, and no move comes while the table is hidden, even
/// after the Yonin table was opened and left too; shown again, the table asks again
/// and its CPU answers once.
#[test]
fn a_hidden_table_does_not_move_and_answers_when_shown_again() {
    run(|page| async move {
        white_cpu_master(&page, 1_000).await;
        page.watch_workers().await;
        page.play("e1e5").await;
        page.wait_thinking(true).await;
        page.click("games").await;
        page.wait_thinking(false).await;
        page.click("game-yonin").await;
        page.el("board").await;
        page.click("games").await;
        // Longer than the think time and the pause after it.
        page.sleep(2_500).await;
        assert_eq!(
            page.saved_moves().await,
            [mv("e1e5")],
            "no move while hidden"
        );
        let w = page.workers().await;
        assert_eq!((w.spawned.len(), w.terminated), (1, 1), "{w:?}");

        page.click("game-hasami").await;
        let game = wait_moves_within(&page, 2, std::time::Duration::from_secs(20)).await;
        assert_eq!(game.moves().len(), 2);
        page.wait_status("Black to move").await;
        page.sleep(500).await;
        assert_eq!(page.saved_moves().await.len(), 2, "one answer only");
    });
}

/// Offline, after the first visit: the service worker serves the worker's files too,
/// so the CPU still thinks in its worker (no failure, no fallback notice).
#[test]
fn the_worker_answers_offline() {
    run(|page| async move {
        page.wait_service_worker().await;
        page.set_server_down(true);
        page.reload().await;
        page.watch_workers().await;
        let served = page.served_paths().len();
        page.play("e1e5").await;
        let (_, snap) = wait_cpu_answer(&page, 2).await;
        assert!(snap.notices.is_empty(), "{:?}", snap.notices);
        let w = page.workers().await;
        assert_eq!(w.spawned, [WORKER_URL]);
        assert_eq!(
            (w.messages, w.errors),
            (2, 0),
            "ready and the answer: {w:?}"
        );
        assert_eq!(page.served_paths().len(), served, "the host served nothing");

        page.set_server_down(false);
        page.clear_logs();
        page.reload().await;
    });
}

/// A worker that answers nonsense (a stand-in for a broken or outdated worker file):
/// the page shows the translated notice, never panics, and the CPU's move still comes,
/// thought on the page itself; later moves too.
#[test]
fn a_worker_error_shows_a_notice_and_the_page_thinks_instead() {
    run(|page| async move {
        page.watch_workers().await;
        page.js(
            r#"
            const Watched = window.Worker;
            window.Worker = class extends Watched {
              constructor(url, options) {
                const code = 'postMessage("ready"); onmessage = () => postMessage("{not json");';
                super(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), options);
              }
            };
            "#,
            vec![],
        )
        .await;
        page.play("e1e5").await;
        let (game, snap) = wait_cpu_answer(&page, 2).await;
        assert_eq!(snap.notices.len(), 1, "{:?}", snap.notices);
        assert!(
            snap.notices[0].contains("CPU's helper stopped working"),
            "{:?}",
            snap.notices
        );
        page.play(&any_legal_move(&game)).await;
        wait_cpu_answer(&page, 4).await;
        let w = page.workers().await;
        assert_eq!(
            w.spawned.len(),
            1,
            "the failed worker is not asked again: {w:?}"
        );
        assert_eq!(w.posted, 1);
    });
}

/// Measures how long the worker takes to answer the same job (Hasami, the strong
/// level, a position after 12 plies) five times in a row, after its start: for
/// choosing the worker's optimisation (`data-cargo-profile`, `data-wasm-opt` in
/// `index.html`). Prints the times and their median.
///
/// `cargo test --test e2e measure_worker_think -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, run by hand"]
fn measure_worker_think() {
    use shogi_variants::session::cpu::{CpuJob, JobGame, PROTOCOL};
    use shogi_variants::session::table::TableGame;
    let mut game = Game::new(Rules::default());
    for seed in 0..12 {
        let think =
            shogi_variants::ai::Think::nodes_only(shogi_variants::ai::Level::Beginner, seed);
        let mv = game.cpu_move(&think).expect("a move");
        game.play(mv).expect("legal");
    }
    let job = CpuJob {
        protocol: PROTOCOL,
        id: 1,
        revision: Revision::default(),
        game: JobGame::Hasami(game.record()),
        level: shogi_variants::ai::Level::Strong,
        think_ms: 1_000,
        seed: 7,
    }
    .to_json();
    run(|page| async move {
        page.js(
            r#"
            const [url, job] = arguments;
            const worker = new Worker(url, { type: "module" });
            const times = [];
            window.__measure = times;
            let posted = 0;
            worker.onmessage = (e) => {
              if (e.data !== "ready") times.push(performance.now() - posted);
              if (times.length === 5) return worker.terminate();
              posted = performance.now();
              worker.postMessage(job);
            };
            "#,
            vec![serde_json::json!(WORKER_URL), serde_json::json!(job)],
        )
        .await;
        let times = loop {
            let times = page.js("return window.__measure;", vec![]).await;
            if times.as_array().is_some_and(|t| t.len() == 5) {
                break times;
            }
            page.sleep(200).await;
        };
        let mut sorted: Vec<f64> = serde_json::from_value(times.clone()).expect("numbers");
        sorted.sort_by(f64::total_cmp);
        println!(
            "worker answers to one job: {times} ms, median {:.0} ms",
            sorted[2]
        );
    });
}

/// Measures each level's think time per move in the browser build, for the README's
/// strength table: for both games and every level, the worker answers the same eight
/// positions of a game between two beginners (Hasami plies 8, 16, …, 64; Yonin moves
/// 8, 16, …, 64) with the default think time (1 s), and the median and the longest
/// answer are printed, in milliseconds measured by `performance.now()` in the page,
/// with the median work the worker reports (Hasami nodes, Yonin work units): what the
/// master's second buys in this browser on this machine.
///
/// `cargo test --test e2e measure_think_per_level -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, run by hand"]
fn measure_think_per_level() {
    use shogi_variants::ai::{Level, THINK_TIMES_MS, Think};
    use shogi_variants::engine::Variant;
    use shogi_variants::engine::yonin;
    use shogi_variants::session::cpu::{CpuJob, JobGame, PROTOCOL};
    use shogi_variants::session::table::TableGame;
    use strum::IntoEnumIterator;

    fn positions<G: TableGame + Variant>(
        mut game: G,
        record: impl Fn(&G) -> JobGame,
    ) -> Vec<JobGame> {
        let mut out = Vec::new();
        for ply in 1..=64u64 {
            let Some(mv) = game.cpu_move(&Think::nodes_only(Level::Beginner, ply)) else {
                break;
            };
            game.play(mv).expect("the CPU's move is legal");
            if ply % 8 == 0 && game.outcome().is_none() {
                out.push(record(&game));
            }
        }
        out
    }
    let hasami = positions(Game::new(Rules::default()), |g| JobGame::Hasami(g.record()));
    let yonin = positions(
        yonin::Game::new(yonin::Rules::default(), yonin::Seat::South),
        |g| JobGame::Yonin(g.record()),
    );
    let mut jobs = Vec::new();
    for (name, games) in [("hasami", &hasami), ("yonin", &yonin)] {
        for level in Level::iter() {
            for (i, game) in games.iter().enumerate() {
                let job = CpuJob {
                    protocol: PROTOCOL,
                    id: i as u64 + 1,
                    revision: Revision::default(),
                    game: game.clone(),
                    level,
                    think_ms: THINK_TIMES_MS[0],
                    seed: 7,
                };
                jobs.push(serde_json::json!([name, level.to_string(), job.to_json()]));
            }
        }
    }
    let count = jobs.len();
    run(|page| async move {
        page.js(
            r#"
            const [url, jobs] = arguments;
            const worker = new Worker(url, { type: "module" });
            const times = [];
            window.__measure = times;
            let next = 0;
            let posted = 0;
            worker.onmessage = (e) => {
              if (e.data !== "ready") {
                const work = JSON.parse(e.data).work ?? 0;
                times.push([jobs[next - 1][0], jobs[next - 1][1], performance.now() - posted, work]);
              }
              if (next === jobs.length) return worker.terminate();
              posted = performance.now();
              worker.postMessage(jobs[next++][2]);
            };
            "#,
            vec![serde_json::json!(WORKER_URL), serde_json::json!(jobs)],
        )
        .await;
        let times = loop {
            let times = page.js("return window.__measure;", vec![]).await;
            if times.as_array().is_some_and(|t| t.len() == count) {
                break times;
            }
            page.sleep(500).await;
        };
        let rows: Vec<(String, String, f64, u64)> = serde_json::from_value(times).expect("rows");
        for game in ["hasami", "yonin"] {
            for level in Level::iter() {
                let (mut ms, mut work): (Vec<f64>, Vec<u64>) = rows
                    .iter()
                    .filter(|(g, l, _, _)| g == game && *l == level.to_string())
                    .map(|r| (r.2, r.3))
                    .unzip();
                ms.sort_by(f64::total_cmp);
                work.sort_unstable();
                println!(
                    "{game} {level}: {} answers, median {:.0} ms, longest {:.0} ms, median work {}",
                    ms.len(),
                    ms[ms.len() / 2],
                    ms[ms.len() - 1],
                    work[work.len() / 2]
                );
            }
        }
    });
}

/// Measures how soon the master answers a person, from the click that plays the
/// person's move to the CPU's move in the move list (drawn in the same update as the
/// board), in `performance.now()` milliseconds of the page, at the default think time
/// (1 s): Hasami (White the master, nine moves, the person playing the beginner's
/// choice) and Yonin (the three CPU seats masters, five of South's moves that cannot
/// promote, timed to West's answer). Prints each answer, the median and the longest.
///
/// `cargo test --test e2e measure_master_answer_from_click -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, run by hand"]
fn measure_master_answer_from_click() {
    use shogi_variants::ai::{Level, Think};
    use shogi_variants::engine::yonin;
    use shogi_variants::session::table::TableGame;

    /// Clicks `from` then `to` from the page's own script and resolves with the
    /// milliseconds until the move list holds move `until`.
    const CLICK_AND_WAIT: &str = r#"
        const [from, to, until] = arguments;
        const t0 = performance.now();
        document.querySelector(`[data-testid="sq-${from}"]`).click();
        document.querySelector(`[data-testid="sq-${to}"]`).click();
        return new Promise((resolve) => {
          const check = () => {
            if (document.querySelector(`[data-testid="move-${until}"]`)) {
              resolve(performance.now() - t0);
            } else if (performance.now() - t0 > 10000) {
              resolve(-1);
            } else {
              requestAnimationFrame(check);
            }
          };
          check();
        });
    "#;
    fn summary(name: &str, mut ms: Vec<f64>) {
        println!("{name}: answers {ms:.0?} ms");
        ms.sort_by(f64::total_cmp);
        println!(
            "{name}: {} answers, median {:.0} ms, longest {:.0} ms",
            ms.len(),
            ms[ms.len() / 2],
            ms[ms.len() - 1]
        );
    }
    run(|page| async move {
        // Hasami: White the master at the default 1 s.
        white_cpu_master(&page, 1_000).await;
        let mut game = Game::new(Rules::default());
        let mut times = Vec::new();
        for seed in 0..9u64 {
            let n = game.moves().len();
            let mv = game
                .cpu_move(&Think::nodes_only(Level::Beginner, seed))
                .expect("a move");
            let (from, to) = (mv.from.to_string(), mv.to.to_string());
            let ms = page
                .js(CLICK_AND_WAIT, vec![from.into(), to.into(), (n + 2).into()])
                .await;
            let ms = ms.as_f64().expect("milliseconds");
            assert!(ms > 0.0, "no answer within 10 s after move {}", n + 1);
            times.push(ms);
            game = wait_moves_within(&page, n + 2, std::time::Duration::from_secs(5)).await;
            if game.outcome().is_some() {
                break;
            }
        }
        summary("hasami master", times);

        // Yonin: South a person, the three CPU seats masters.
        page.switch_game("yonin").await;
        for seat in ["west", "north", "east"] {
            page.select(&format!("level-{seat}"), "master").await;
        }
        let mut times = Vec::new();
        for seed in 0..5u64 {
            let game = match page.try_saved_yonin().await {
                None => yonin::Game::new(yonin::Rules::default(), yonin::Seat::South),
                Some(_) => {
                    page.wait_saved_yonin("South to move", |t| {
                        t.game.side_to_move() == Some(yonin::Seat::South)
                    })
                    .await
                    .game
                }
            };
            if game.outcome().is_some() {
                break;
            }
            let n = game.moves().len();
            // A board move that cannot promote ("e3e4"), so that two clicks play it.
            let moves: Vec<_> =
                game.legal_moves()
                    .iter()
                    .filter(|m| {
                        !m.is_drop()
                            && !game.legal_moves().iter().any(|p| {
                                p.is_promotion() && p.to_string()[..4] == m.to_string()[..4]
                            })
                    })
                    .copied()
                    .collect();
            let mv = moves[seed as usize * 7 % moves.len()];
            let text = mv.to_string();
            let ms = page
                .js(
                    CLICK_AND_WAIT,
                    vec![text[..2].into(), text[2..4].into(), (n + 2).into()],
                )
                .await;
            let ms = ms.as_f64().expect("milliseconds");
            assert!(ms > 0.0, "no answer within 10 s after move {}", n + 1);
            times.push(ms);
        }
        summary("yonin master (West's answer)", times);
    });
}
