//! How soon the first screen is painted (issue 22, item 3): a measurement that prints
//! its figures and asserts none, so it is `#[ignore]`d (timings depend on the machine):
//!
//! ```text
//! SHOGI_E2E=require cargo test --test e2e first_paint -- --ignored --nocapture
//! ```
//!
//! Seven fresh browsers (each its own Chromium profile: no cache, no storage, no
//! service worker), each against the test server on 127.0.0.1 serving `dist/` (warm:
//! the files are in the OS's cache after the first run). In each, a script run at the
//! start of every document (DevTools `Page.addScriptToEvaluateOnNewDocument`) watches
//! the page with a `MutationObserver` and notes `performance.now()` (milliseconds since
//! navigation started) when the screen first exists and two animation frames later
//! (the first frame that can show it has been painted). Measured:
//! - **first visit**: the choice of a game (`game-hasami`), on an empty profile;
//! - **return visit**: the board (`board`), on a new navigation after Hasami was
//!   chosen and the service worker took control (it then serves the whole build).
//!
//! The medians of the seven are printed with each run's figures.

use crate::harness::{Options, Page, run_with};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Fresh browsers measured.
const RUNS: usize = 7;

/// Notes, in `window.__firstPaint`, when the choice of a game (`choice`) and the board
/// (`board`) first exist, and two frames later (`choicePainted`, `boardPainted`), in
/// milliseconds since navigation started.
const WATCH: &str = r#"
(() => {
  const marks = (window.__firstPaint = {});
  const seen = (name, css) => {
    if (marks[name] === undefined && document.querySelector(css)) {
      marks[name] = performance.now();
      requestAnimationFrame(() =>
        requestAnimationFrame(() => { marks[name + "Painted"] = performance.now(); }));
    }
  };
  const look = () => {
    seen("choice", '[data-testid="game-hasami"]');
    seen("board", '[data-testid="board"]');
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
})();
"#;

/// One screen's two figures: exists and painted, in milliseconds.
type Marks = (f64, f64);

/// Waits (up to 20 s) until the page has noted `name` and its painted frame.
async fn wait_marks(page: &Page, name: &str) -> Marks {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let got = page
            .try_js(
                "const m = window.__firstPaint || {}; \
                 return [m[arguments[0]] ?? null, m[arguments[0] + 'Painted'] ?? null];",
                vec![json!(name)],
            )
            .await;
        if let Some(Value::Array(v)) = got
            && let (Some(at), Some(painted)) = (v[0].as_f64(), v[1].as_f64())
        {
            return (at, painted);
        }
        assert!(Instant::now() < deadline, "the page never showed {name}");
        page.sleep(20).await;
    }
}

/// The median of `values` (sorted here); 0 for none.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

#[test]
fn median_of_odd_and_even_counts() {
    assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
    assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 2.5);
    assert_eq!(median(&mut []), 0.0);
}

#[test]
#[ignore = "a measurement: prints the time to the first screen, asserts none"]
fn first_paint() {
    // Per run: the first visit's choice and the return visit's board.
    let runs: Arc<Mutex<Vec<(Marks, Marks)>>> = Arc::default();
    for _ in 0..RUNS {
        let runs = runs.clone();
        run_with(
            Options {
                no_start: true,
                ..Options::default()
            },
            |page| async move {
                page.cdp(
                    "Page.addScriptToEvaluateOnNewDocument",
                    json!({ "source": WATCH }),
                )
                .await;
                page.visit().await;
                let choice = wait_marks(&page, "choice").await;
                page.click("game-hasami").await;
                wait_marks(&page, "board").await;
                page.wait_service_worker().await;
                page.visit().await;
                let board = wait_marks(&page, "board").await;
                runs.lock().expect("runs").push((choice, board));
            },
        );
    }
    let runs = runs.lock().expect("runs").clone();
    if runs.is_empty() {
        // Skipped (no browser here): nothing measured.
        return;
    }
    for (i, (choice, board)) in runs.iter().enumerate() {
        eprintln!(
            "run {}: first visit, choice of a game at {:.0} ms, painted {:.0} ms; \
             return visit, board at {:.0} ms, painted {:.0} ms",
            i + 1,
            choice.0,
            choice.1,
            board.0,
            board.1
        );
    }
    let pick = |f: fn(&(Marks, Marks)) -> f64| median(&mut runs.iter().map(f).collect::<Vec<_>>());
    eprintln!(
        "first paint, median of {} fresh browsers: first visit (choice of a game) {:.0} ms \
         (exists {:.0} ms); return visit (board) {:.0} ms (exists {:.0} ms)",
        runs.len(),
        pick(|r| r.0.1),
        pick(|r| r.0.0),
        pick(|r| r.1.1),
        pick(|r| r.1.0),
    );
}
