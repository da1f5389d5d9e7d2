//! The Yonin CPU seats in the Web Worker: four of them play a whole game, they think
//! off the page's thread, and both games play offline with the CPU; and the ignored
//! measurement of a whole CPU game.

use crate::harness::yonin::{Snapshot, pieces_of};
use crate::harness::{Page, run};
use crate::yonin::{assert_page_shows, new_game};
use shogi_variants::engine::yonin::{Game, Rules, Seat};
use std::time::{Duration, Instant};

use Seat::South;

/// How long a whole game of four CPU seats may take in the browser.
const CPU_GAME_WAIT: Duration = Duration::from_secs(85);

/// Starts a game of four CPU seats under `limit` (`none`, `200` …) and waits until its
/// results table shows; returns the saved game, the page and how long the game took.
async fn cpu_game(page: &Page, limit: &str, timing: bool) -> (Game, Snapshot, Duration) {
    page.switch_game("yonin").await;
    if limit != "none" {
        page.select("set-limit", limit).await;
        page.wait_saved_yonin("the game, not begun, with the move limit", |t| {
            t.game.rules().move_limit.is_some() && t.game.moves().is_empty()
        })
        .await;
    }
    if timing {
        page.record_timing().await;
    }
    let started = Instant::now();
    page.select("seat-south", "cpu").await;
    let snap = page
        .wait_yonin_within("the end of the CPU game", CPU_GAME_WAIT, |s| {
            s.result.is_some()
        })
        .await;
    let took = started.elapsed();
    let saved = page
        .wait_saved_yonin("the finished game", |t| t.game.is_over())
        .await;
    (saved.game, snap, took)
}

/// A whole game of four CPU seats (South handed to the CPU too) plays to its end with
/// the results table, and every move the page saved replays natively to the same end.
/// The move limit is set to 200 first (through the settings, before the first move, so
/// it applies to this game): with the pause of 250 ms between moves, a game of the
/// CPU under the default rules took 207 moves and 55 s when measured
/// ([`measure_cpu_game`]), and a longer one would pass the harness's 100 s; with the
/// limit the test takes at most about 55 s.
#[test]
fn four_cpu_seats_play_a_whole_game() {
    run(|page| async move {
        let (saved, snap, took) = cpu_game(&page, "200", false).await;
        // Shown by the test runner only if the test fails: the game, to replay natively.
        println!(
            "the saved game: {}",
            serde_json::to_string(&saved).unwrap_or_default()
        );
        let mut replay = Game::new(saved.rules(), saved.starting_seat());
        for &m in saved.moves() {
            replay.play(m).expect("every saved move is legal");
        }
        assert_eq!(replay.position(), saved.position());
        assert_eq!(replay.outcome(), saved.outcome());
        assert!(replay.is_over());
        assert!(saved.moves().len() <= 200);
        let snap = page
            .wait_yonin("the page to show the end", |s| {
                s.pieces == pieces_of(&saved) && s.result == snap.result
            })
            .await;
        assert_page_shows(&snap, &saved);
        // Nobody to tell what happened since their move: no room kept for it.
        let since =
            "return getComputedStyle(document.querySelector('[data-testid=since]')).display;";
        assert_eq!(page.js(since, vec![]).await, serde_json::json!("none"));
        println!(
            "four CPU seats: {} moves, {:?}, {}",
            saved.moves().len(),
            took,
            snap.status
        );
    });
}

/// Measures, over a game of four CPU seats under the default rules: the game's length
/// and duration; the long tasks (50 ms or more) of the main thread
/// (`PerformanceObserver`, type `longtask`, buffered, installed before the CPUs start),
/// those of the page's start apart; how long each CPU answer runs (the callbacks of the
/// CPU's 250 ms `setTimeout`, measured by wrapping `window.setTimeout`: the think and
/// the table update, and with the microtasks queued by then); and the time between
/// moves. Prints the figures.
///
/// `cargo test --test e2e measure_cpu_game -- --ignored --nocapture`
///
/// A game longer than [`CPU_GAME_WAIT`] (about 330 moves) fails the run; then measure
/// under a move limit, `YONIN_MEASURE_LIMIT=300` (or `200`, `400`).
#[test]
#[ignore = "a measurement, run by hand"]
fn measure_cpu_game() {
    fn median(mut v: Vec<f64>) -> f64 {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or_default()
    }
    fn max(v: &[f64]) -> f64 {
        v.iter().copied().fold(0.0, f64::max)
    }
    run(|page| async move {
        let limit = std::env::var("YONIN_MEASURE_LIMIT").unwrap_or_else(|_| "none".into());
        let (saved, _, took) = cpu_game(&page, &limit, true).await;
        let timing = page.timing().await;
        println!(
            "game: {} moves in {:.1} s, {}",
            saved.moves().len(),
            took.as_secs_f64(),
            saved.outcome().map(|o| o.to_string()).unwrap_or_default()
        );
        let long_tasks = |during: bool| -> Vec<f64> {
            timing
                .tasks
                .iter()
                .filter(|t| (t.0 >= timing.started) == during)
                .map(|t| t.1)
                .collect()
        };
        let (during, before) = (long_tasks(true), long_tasks(false));
        println!(
            "long tasks while the CPUs play: {} (longest {:.0} ms, median {:.0} ms); \
             before (page start): {:?} ms",
            during.len(),
            max(&during),
            median(during.clone()),
            before
        );
        let cpu: Vec<&(f64, f64, f64, Option<f64>)> =
            timing.timeouts.iter().filter(|t| t.0 == 250.0).collect();
        let sync: Vec<f64> = cpu.iter().map(|t| t.2).collect();
        let with_micro: Vec<f64> = cpu.iter().filter_map(|t| t.3).collect();
        println!(
            "CPU answers (250 ms timeouts): {}; run {:.1} ms median, {:.1} ms max; \
             with the microtasks queued: {:.1} ms median, {:.1} ms max",
            cpu.len(),
            median(sync.clone()),
            max(&sync),
            median(with_micro.clone()),
            max(&with_micro)
        );
        let gaps: Vec<f64> = timing
            .moves
            .windows(2)
            .skip(1)
            .map(|w| w[1].0 - w[0].0)
            .collect();
        println!(
            "time between moves: median {:.0} ms, max {:.0} ms (the CPU pause is 250 ms)",
            median(gaps.clone()),
            max(&gaps)
        );
    });
}

/// The three CPU seats answer through the CPU's Web Worker: one worker, spawned when
/// the Yonin table first asks (from the relative URL of its loader) and kept between
/// moves, one job and one answer per CPU move, the thinking mark shown, no notice; and
/// the page's thread never froze meanwhile
/// ([`FROZEN_MS`](crate::harness::worker::FROZEN_MS)). Prints the longest long task.
#[test]
fn the_cpu_seats_think_in_a_web_worker() {
    run(|page| async move {
        // Watched from the Hasami page, where no CPU is to move yet.
        page.watch_workers().await;
        page.switch_game("yonin").await;
        // Drawing the Yonin board is not the CPU's doing (the CPU waits 450 ms first).
        page.clear_long_tasks().await;
        let mut cpu_moves = 0;
        let mut person_moves = 0;
        while cpu_moves < 4 {
            // Nothing is saved before the first move of a new table (South's).
            let game = if page.try_saved_yonin().await.is_none() {
                assert_eq!(page.yonin().await.status, "South to move");
                Game::new(Rules::default(), Seat::South)
            } else {
                page.wait_saved_yonin("South to move", |t| {
                    t.game.side_to_move() == Some(Seat::South)
                })
                .await
                .game
            };
            cpu_moves = game.moves().len() - person_moves;
            if cpu_moves >= 4 {
                break;
            }
            let mv = game.legal_moves()[0].to_string();
            page.play_yonin(&mv).await;
            person_moves += 1;
        }
        let snap = page.yonin().await;
        assert!(snap.notices.is_empty(), "{:?}", snap.notices);
        let w = page.workers().await;
        println!(
            "worker round trip (Yonin): {cpu_moves} CPU moves, long tasks {:?}, longest {:.0} ms; \
             answers in {:?} ms",
            w.long_tasks,
            w.longest_task(),
            w.answer_ms
        );
        assert_eq!(w.spawned, ["./cpu_worker_loader.js"], "one worker, kept");
        assert_eq!(w.posted as usize, cpu_moves, "one job per CPU move");
        assert_eq!(
            w.messages as usize,
            cpu_moves + 1,
            "ready + one answer each"
        );
        assert_eq!((w.terminated, w.errors), (0, 0));
        assert!(w.thinking_shown >= 1, "the thinking mark was shown");
        assert!(
            w.longest_task() < crate::harness::worker::FROZEN_MS,
            "the page's thread was blocked while the CPUs thought: {:?}",
            w.long_tasks
        );
    });
}

/// Offline, both games: after a first visit (Yonin opened, the service worker in
/// control) the host goes down; a reload still opens the Yonin game, a person's move
/// plays and the three CPU seats answer (their Web Worker, never loaded before, comes
/// from the service worker's cache); then Hasami opens, a move plays and the CPU
/// answers. Nothing failed meanwhile except the browser's own look for a new `sw.js`.
#[test]
fn both_games_play_offline_with_the_cpu() {
    run(|page| async move {
        page.switch_game("yonin").await;
        page.wait_controlled().await;
        assert!(page.try_saved_yonin().await.is_none(), "a new Yonin table");

        page.set_server_down(true);
        page.reload().await;
        page.switch_game("yonin").await;
        page.watch_workers().await;
        let start = new_game();
        let first = start.legal_moves()[0].to_string();
        let (_, snap, _) = page.play_yonin(&first).await;
        assert!(snap.notices.is_empty(), "{:?}", snap.notices);
        let saved = page
            .wait_saved_yonin("the three CPU seats' answers", |t| {
                t.game.moves().len() == 4 && t.game.side_to_move() == Some(South)
            })
            .await;
        let snap = page
            .wait_shows("the position after the CPU seats", &saved.game)
            .await;
        assert_eq!(snap.status, "South to move");
        let w = page.workers().await;
        assert_eq!(w.spawned, ["./cpu_worker_loader.js"], "{w:?}");
        assert_eq!((w.posted, w.errors), (3, 0), "one job per CPU seat: {w:?}");

        page.switch_game("hasami").await;
        let hasami = page.snapshot().await;
        assert_eq!(hasami.status, "Black to move");
        page.play("e1e5").await;
        let game = page
            .wait_saved("the Hasami CPU's answer", |g| g.moves().len() == 2)
            .await;
        page.wait_status("Black to move").await;
        assert_eq!(game.moves()[0].to_string(), "e1e5");

        // Offline, the only failures may be the browser's update checks of sw.js.
        let errors: Vec<String> = page
            .console_errors()
            .await
            .into_iter()
            .filter(|e| !e.contains("sw.js"))
            .collect();
        assert!(errors.is_empty(), "offline errors: {errors:?}");
        page.set_server_down(false);
        page.clear_logs();
        page.reload().await;
        assert_eq!(
            page.saved_yonin()
                .await
                .expect("saved Yonin")
                .game
                .moves()
                .len(),
            4
        );
    });
}
