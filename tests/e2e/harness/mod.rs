//! The machinery of the end-to-end tests: serves the built `dist/` under a sub-path
//! on 127.0.0.1 ([`server`]), starts chromedriver and headless Chromium for one test
//! ([`browser`]), and offers a [`Page`] ([`page`]) with helpers that read the page
//! (through `data-testid` hooks) and the browser's logs, and helpers for each game
//! ([`hasami`], [`yonin`]) and for the CPU's Web Worker ([`worker`]).
//!
//! Everything a test starts is stopped by [`run`], also when the test panics: the
//! WebDriver session is closed (Chromium quits), then chromedriver's process group is
//! killed, then Chromium's profile folder is removed.
//!
//! Where the browser tests cannot run (no chromedriver, no Chromium, no built `dist/`)
//! they are skipped, each with one line on stderr saying why, unless `SHOGI_E2E=require`
//! (as `scripts/test.sh` and CI set): then each fails with that reason. `SHOGI_E2E=skip`
//! skips them even where they could run. See [`skipped`].

mod browser;
pub mod hasami;
mod page;
mod server;
pub mod worker;
pub mod yonin;

pub use hasami::{
    START_BOARD, SavedTable, Snapshot, any_legal_move, board_of, mv, one_move_from_winning,
    squares, wait_cpu_answer,
};
pub use page::Page;

use browser::{Driver, connect};
use fantoccini::Client;
use server::serve;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

/// The sub-path the page is served under, to prove its asset URLs are relative
/// ([`Options::base_path`] picks another).
pub const BASE_PATH: &str = "/games/hasami/";
/// How long a wait for the page may take before the test fails.
pub(crate) const WAIT: Duration = Duration::from_secs(15);
/// How long one whole test may take.
const TEST_TIMEOUT: Duration = Duration::from_secs(100);
/// How often a wait looks at the page again.
pub(crate) const POLL: Duration = Duration::from_millis(40);

/// How the browser of one test is set up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Block all site data (Chromium's "don't allow sites to save data" setting):
    /// reading `window.localStorage` then throws a SecurityError.
    pub block_site_data: bool,
    /// Serve the site under this sub-path (starting and ending with `/`) instead of
    /// [`BASE_PATH`].
    pub base_path: Option<&'static str>,
    /// Neither open the page before the test nor check after it that the run was
    /// clean: for a test of a site that cannot start (it serves its own folder and
    /// loads it with [`Page::visit`]).
    pub no_start: bool,
}

/// The programs and files a browser test needs, found.
struct Prerequisites {
    chromedriver: PathBuf,
    chromium: PathBuf,
    dist: PathBuf,
}

/// What `SHOGI_E2E` asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Unset: run the browser tests where they can run, skip them elsewhere.
    Auto,
    /// `require`: a missing prerequisite fails the test.
    Require,
    /// `skip`: skip them all.
    Skip,
}

fn mode() -> Mode {
    match std::env::var("SHOGI_E2E").as_deref() {
        Err(_) | Ok("") => Mode::Auto,
        Ok("require") => Mode::Require,
        Ok("skip") => Mode::Skip,
        Ok(other) => panic!("SHOGI_E2E={other:?}: expected `require`, `skip` or nothing"),
    }
}

/// The program the environment variable `var` names (a path, or a name looked up on
/// `PATH`), else `default` (a path).
fn program(var: &str, default: &str) -> Result<PathBuf, String> {
    let named = std::env::var_os(var).filter(|v| !v.is_empty());
    let wanted = PathBuf::from(named.clone().unwrap_or_else(|| default.into()));
    let found = if wanted.components().count() > 1 {
        wanted.is_file().then(|| wanted.clone())
    } else {
        std::env::var_os("PATH").and_then(|path| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(&wanted))
                .find(|p| p.is_file())
        })
    };
    found.ok_or_else(|| match named {
        Some(_) => format!(
            "no {} at {} ({var})",
            default_name(default),
            wanted.display()
        ),
        None => format!(
            "no {} at {} (set {var} to use another)",
            default_name(default),
            wanted.display()
        ),
    })
}

/// `chromedriver` of `/usr/bin/chromedriver`.
fn default_name(default: &str) -> &str {
    default.rsplit('/').next().unwrap_or(default)
}

/// What a browser test needs, or why it cannot run here.
fn prerequisites() -> Result<Prerequisites, String> {
    let chromedriver = program("CHROMEDRIVER", "/usr/bin/chromedriver")?;
    let chromium = program("CHROMIUM", "/usr/bin/chromium")?;
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("dist");
    if !dist.join("index.html").is_file() {
        return Err(format!(
            "no built site at {} (the tests serve it and do not build it: \
             run scripts/build.sh)",
            dist.join("index.html").display()
        ));
    }
    Ok(Prerequisites {
        chromedriver,
        chromium,
        dist,
    })
}

/// Whether this browser test is to be skipped: `true` (after one line on stderr saying
/// why) where chromedriver, Chromium or `dist/` is missing, or `SHOGI_E2E=skip`. With
/// `SHOGI_E2E=require` a missing prerequisite fails the test instead. [`run`] asks
/// first; a test that prepares something before it calls [`run`] asks itself:
///
/// ```ignore
/// if harness::skipped() {
///     return;
/// }
/// ```
pub fn skipped() -> bool {
    let why = match (mode(), prerequisites()) {
        (Mode::Skip, _) => "SHOGI_E2E=skip".to_string(),
        (_, Ok(_)) => return false,
        (Mode::Require, Err(why)) => {
            panic!("the browser tests cannot run: {why} (SHOGI_E2E=require)")
        }
        (Mode::Auto, Err(why)) => why,
    };
    // One line per test (shown with --nocapture), and one per run that the test
    // harness does not capture, so a plain `cargo test` says it too.
    eprintln!("skipped: {why}; run scripts/test.sh");
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "\nthe end-to-end tests are skipped (they pass without running): {why}; \
             scripts/test.sh runs them (SHOGI_E2E=require)"
        );
    });
    true
}

/// Runs one browser test: serves `dist/`, starts chromedriver and Chromium with a
/// fresh profile, opens the page, runs `test`, then checks what every test must
/// leave true (no console error, no request to another origin, no failed request).
/// Skipped where the browser tests cannot run ([`skipped`]).
pub fn run<F, Fut>(test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = ()>,
{
    run_with(Options::default(), test)
}

/// [`run`] with a browser set up as `options` say.
pub fn run_with<F, Fut>(options: Options, test: F)
where
    F: FnOnce(Page) -> Fut,
    Fut: Future<Output = ()>,
{
    if skipped() {
        return;
    }
    let found = prerequisites().unwrap_or_else(|why| panic!("{why}"));
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let mut guard = Guard {
        client: None,
        driver: Some(Driver::start(&found.chromedriver)),
        profile: profile_dir(),
        rt,
    };
    let driver_port = guard.driver.as_ref().map_or(0, |d| d.port);
    let profile = guard.profile.clone();
    let down = Arc::new(AtomicBool::new(false));
    let base = options.base_path.unwrap_or(BASE_PATH);
    assert!(
        base.starts_with('/') && base.ends_with('/'),
        "a base path starts and ends with /: {base}"
    );
    let root = Arc::new(Mutex::new(found.dist));
    let (addr, served) = guard.rt.block_on(serve(root.clone(), base, down.clone()));
    let client = guard
        .rt
        .block_on(connect(driver_port, &found.chromium, &profile, options));
    guard.client = Some(client.clone());
    let page = Page {
        client,
        origin: format!("http://{addr}"),
        base,
        root,
        served,
        down,
        logs: Arc::default(),
        devices: Arc::default(),
    };
    guard.rt.block_on(async {
        let body = async {
            if !options.no_start {
                page.open().await;
            }
            test(page.clone()).await;
            if !options.no_start {
                page.check_clean().await;
            }
        };
        if tokio::time::timeout(TEST_TIMEOUT, body).await.is_err() {
            panic!("the test took longer than {TEST_TIMEOUT:?}");
        }
    });
}

/// `dist/` beside Cargo.toml; the tests serve it and never build it. Call it after
/// [`skipped`] (it fails the test when `dist/` is missing).
pub fn dist_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("dist");
    assert!(
        dir.join("index.html").is_file(),
        "{} is missing: the end-to-end tests drive the built page and do not build it. \
         Run `scripts/build.sh`, then run the tests again.",
        dir.join("index.html").display()
    );
    dir
}

/// A new, empty Chromium profile folder for one test.
fn profile_dir() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "e2e-profile-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the Chromium profile folder");
    dir
}

/// Stops what one test started, in order, even while the test panics.
struct Guard {
    client: Option<Client>,
    driver: Option<Driver>,
    profile: PathBuf,
    rt: tokio::runtime::Runtime,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            // Ends the session, so chromedriver quits Chromium.
            let _ = self.rt.block_on(async {
                tokio::time::timeout(Duration::from_secs(10), client.close()).await
            });
        }
        drop(self.driver.take());
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}
