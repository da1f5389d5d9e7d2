//! The CPU's Web Worker: what the page does with workers, and its long tasks.

use super::{POLL, Page, WAIT};
use serde::Deserialize;
use serde_json::Value;
use std::time::Instant;

/// What [`Page::watch_workers`] counted since it was called.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct WorkerWatch {
    /// The URL of each Web Worker the page created, in order.
    pub spawned: Vec<String>,
    /// Messages the page posted to its workers.
    pub posted: u32,
    /// Messages the workers posted to the page (their "ready" and their answers).
    pub messages: u32,
    /// Workers the page terminated.
    pub terminated: u32,
    /// `error` events of the workers.
    pub errors: u32,
    /// `(start, duration)` in ms of each long task (50 ms or more) of the page's thread.
    pub long_tasks: Vec<(f64, f64)>,
    /// Times the thinking mark (`data-testid="thinking"`) appeared.
    pub thinking_shown: u32,
    /// Milliseconds from each message posted to a worker to the worker's next message
    /// (a job to its answer; the first includes the worker's start).
    pub answer_ms: Vec<f64>,
}

/// The longest task of the page's thread allowed while the CPU thinks, in ms: a page
/// that froze. The jobs and answers counted prove that the CPU thinks in its worker; a
/// search on the page's thread at the master's default second would block it about
/// 1 000 ms. Drawing the board alone, on this 2-core machine under the load of other
/// builds, was measured at 51 to 85 ms in some runs (under 50 ms when it is idle), so
/// the bound is above that, and every run prints the longest task.
pub const FROZEN_MS: f64 = 200.0;

impl WorkerWatch {
    /// The longest long task of the page's thread, in ms (0 when there was none).
    pub fn longest_task(&self) -> f64 {
        self.long_tasks.iter().map(|t| t.1).fold(0.0, f64::max)
    }
}

impl Page {
    /// Starts watching, until the next reload: the Web Workers the page creates, the
    /// messages both ways, the workers it terminates and their errors (`window.Worker`
    /// is wrapped; the app looks it up when it creates a worker), and the long tasks of
    /// the page's thread from now on (`PerformanceObserver`, type `longtask`, not
    /// buffered), and how often the thinking mark appears. Call before the CPU is first
    /// asked.
    pub async fn watch_workers(&self) {
        self.js(
            r#"
            const w = { spawned: [], posted: 0, messages: 0, terminated: 0, errors: 0, long_tasks: [], thinking_shown: 0, answer_ms: [] };
            let postedAt = null;
            window.__e2eWorkers = w;
            let shown = false;
            new MutationObserver(() => {
              const now = !!document.querySelector('[data-testid="thinking"]');
              if (now && !shown) w.thinking_shown += 1;
              shown = now;
            }).observe(document.body, { subtree: true, childList: true });
            new PerformanceObserver((list) => {
              for (const e of list.getEntries()) w.long_tasks.push([e.startTime, e.duration]);
            }).observe({ type: "longtask" });
            const Native = window.Worker;
            window.Worker = class extends Native {
              constructor(url, options) {
                super(url, options);
                w.spawned.push(String(url));
                this.addEventListener("message", () => {
                  w.messages += 1;
                  if (postedAt !== null) w.answer_ms.push(performance.now() - postedAt);
                  postedAt = null;
                });
                this.addEventListener("error", () => { w.errors += 1; });
              }
              postMessage(...args) {
                w.posted += 1;
                postedAt = performance.now();
                return super.postMessage(...args);
              }
              terminate() { w.terminated += 1; return super.terminate(); }
            };
            "#,
            vec![],
        )
        .await;
    }

    /// What [`Page::watch_workers`] counted so far.
    pub async fn workers(&self) -> WorkerWatch {
        let value = self.js("return window.__e2eWorkers || null;", vec![]).await;
        assert!(value.is_object(), "watch_workers was called first");
        serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("unexpected worker watch {value}: {e}"))
    }

    /// Forgets the long tasks [`Page::watch_workers`] saw so far (say, drawing another
    /// game's board), so that those of the CPU's turns remain.
    pub async fn clear_long_tasks(&self) {
        self.js("window.__e2eWorkers.long_tasks.length = 0;", vec![])
            .await;
    }

    /// Whether the thinking mark (`data-testid="thinking"`) is on the page.
    pub async fn thinking(&self) -> bool {
        self.js(
            "return !!document.querySelector('[data-testid=\"thinking\"]');",
            vec![],
        )
        .await
            == Value::Bool(true)
    }

    /// Waits until the thinking mark is shown (`true`) or gone.
    pub async fn wait_thinking(&self, shown: bool) {
        let deadline = Instant::now() + WAIT;
        while self.thinking().await != shown {
            assert!(
                Instant::now() < deadline,
                "the thinking mark was never {}",
                if shown { "shown" } else { "removed" }
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// The paths the test server answered so far (the service worker answers the
    /// others), in order.
    pub fn served_paths(&self) -> Vec<String> {
        self.served
            .lock()
            .expect("log")
            .iter()
            .map(|s| s.path.clone())
            .collect()
    }
}
