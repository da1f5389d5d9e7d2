//! The machinery of the end-to-end tests: serves the built `dist/` under a sub-path
//! on 127.0.0.1, starts chromedriver and headless Chromium for one test, and offers a
//! [`Page`] with helpers that read the page (through `data-testid` hooks) and the
//! browser's logs.
//!
//! Everything a test starts is stopped by [`run`], also when the test panics: the
//! WebDriver session is closed (Chromium quits), then chromedriver's process group is
//! killed, then Chromium's profile folder is removed.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::IntoResponse;
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::elements::Element;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use serde::Deserialize;
use serde_json::{Value, json};
use shogi_variants::engine::hasami::{Game, Move};
use shogi_variants::session::storage::keys;
use shogi_variants::session::table;
use std::collections::BTreeMap;
use std::future::Future;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tower_http::services::ServeDir;

/// The saved Hasami table.
pub type SavedTable = table::SavedTable<Game>;

/// The sub-path the page is served under, to prove its asset URLs are relative
/// ([`Options::base_path`] picks another).
pub const BASE_PATH: &str = "/games/hasami/";
/// How long a wait for the page may take before the test fails.
const WAIT: Duration = Duration::from_secs(15);
/// How long one whole test may take.
const TEST_TIMEOUT: Duration = Duration::from_secs(100);
/// How often a wait looks at the page again.
const POLL: Duration = Duration::from_millis(40);

/// How the browser of one test is set up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Block all site data (Chromium's "don't allow sites to save data" setting):
    /// reading `window.localStorage` then throws a SecurityError.
    pub block_site_data: bool,
    /// Serve the site under this sub-path (starting and ending with `/`) instead of
    /// [`BASE_PATH`].
    pub base_path: Option<&'static str>,
}

/// Runs one browser test: serves `dist/`, starts chromedriver and Chromium with a
/// fresh profile, opens the page, runs `test`, then checks what every test must
/// leave true (no console error, no request to another origin, no failed request).
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
    let dist = dist_dir();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let mut guard = Guard {
        client: None,
        driver: Some(Driver::start()),
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
    let root = Arc::new(Mutex::new(dist));
    let (addr, served) = guard.rt.block_on(serve(root.clone(), base, down.clone()));
    let client = guard.rt.block_on(connect(driver_port, &profile, options));
    guard.client = Some(client.clone());
    let page = Page {
        client,
        origin: format!("http://{addr}"),
        base,
        root,
        served,
        down,
        logs: Arc::new(Mutex::new(Logs::default())),
    };
    guard.rt.block_on(async {
        let body = async {
            page.open().await;
            test(page.clone()).await;
            page.check_clean().await;
        };
        if tokio::time::timeout(TEST_TIMEOUT, body).await.is_err() {
            panic!("the test took longer than {TEST_TIMEOUT:?}");
        }
    });
}

/// `dist/` beside Cargo.toml; the tests serve it and never build it.
pub fn dist_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("dist");
    assert!(
        dir.join("index.html").is_file(),
        "{} is missing: the end-to-end tests drive the built page and do not build it. \
         Run `scripts/test.sh`, or `trunk build --release` (see scripts/env.sh for its PATH), \
         then run the tests again.",
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

/// A chromedriver process in its own process group; the group is killed on drop
/// (chromedriver and whatever Chromium processes it left).
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        let bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let port = free_port();
        let child = Command::new(&bin)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start {bin}: {e}. Install Chromium and its driver \
                     (`scripts/setup.sh --browser`, Debian packages chromium and chromium-driver)"
                )
            });
        let driver = Driver { child, port };
        let deadline = Instant::now() + Duration::from_secs(10);
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
            assert!(
                Instant::now() < deadline,
                "chromedriver did not listen on port {port} within 10 s"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The group id is chromedriver's pid (process_group(0) above).
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port on 127.0.0.1")
        .port()
}

/// One request the test server answered.
#[derive(Clone, Debug)]
struct Served {
    path: String,
    status: u16,
}

/// Serves the folder `root` holds (read at each request, so a test can deploy another
/// build: [`Page::serve_from`]) under `base` on a free port of 127.0.0.1, and logs
/// every request with its status.
async fn serve(
    root: Arc<Mutex<PathBuf>>,
    base: &str,
    down: Arc<AtomicBool>,
) -> (SocketAddr, Arc<Mutex<Vec<Served>>>) {
    let log = Arc::new(Mutex::new(Vec::new()));
    let recorder = log.clone();
    let files = axum::routing::any(move |request: Request| {
        let dir = root.lock().expect("served folder").clone();
        async move {
            match ServeDir::new(dir).try_call(request).await {
                Ok(response) => response.into_response(),
                Err(e) => {
                    (axum::http::StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response()
                }
            }
        }
    });
    let app = axum::Router::new()
        .nest_service(base.trim_end_matches('/'), files)
        .layer(axum::middleware::from_fn(
            move |request: Request, next: Next| {
                let recorder = recorder.clone();
                let down = down.clone();
                async move {
                    if down.load(Ordering::SeqCst) {
                        // The host is "down": only the service worker can answer.
                        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
                    }
                    let path = request.uri().path().to_string();
                    let response = next.run(request).await;
                    recorder.lock().expect("log").push(Served {
                        path,
                        status: response.status().as_u16(),
                    });
                    response
                }
            },
        ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind the test server");
    let addr = listener.local_addr().expect("test server address");
    tokio::spawn(async move {
        axum::serve(listener, app).await.expect("test server");
    });
    (addr, log)
}

/// Opens a WebDriver session: headless Chromium with a fresh profile, browser and
/// network logging on. The URL names 127.0.0.1 (chromedriver refuses other Host
/// headers).
async fn connect(port: u16, profile: &Path, options: Options) -> Client {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    // 2 = block, for every site.
    let prefs = if options.block_site_data {
        json!({ "profile.default_content_setting_values.cookies": 2 })
    } else {
        json!({})
    };
    let caps = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--disable-dev-shm-usage",
                "--window-size=1280,1100",
                format!("--user-data-dir={}", profile.display()),
            ],
            "prefs": prefs,
        },
        "goog:loggingPrefs": { "browser": "ALL", "performance": "ALL" },
    });
    let Value::Object(caps) = caps else {
        unreachable!()
    };
    let mut last_error = None;
    for _ in 0..3 {
        match ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(client) => return client,
            Err(e) => {
                last_error = Some(e);
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        }
    }
    panic!("cannot open a Chromium session through chromedriver: {last_error:?}");
}

/// chromedriver's log endpoint (`browser` or `performance`); each read returns the
/// entries since the previous read.
#[derive(Debug)]
struct ReadLog(&'static str);

impl WebDriverCompatibleCommand for ReadLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({ "type": self.0 }).to_string()),
        )
    }
}

/// A Chrome DevTools Protocol command sent through chromedriver
/// (`goog/cdp/execute`): `(method, params)`.
#[derive(Debug)]
struct Cdp(String, Value);

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(json!({ "cmd": self.0, "params": self.1 }).to_string()),
        )
    }
}

/// What the browser logged so far (kept across reads and reloads).
#[derive(Default)]
struct Logs {
    /// Console and network errors: `(level, message)`.
    console: Vec<(String, String)>,
    /// Every URL the page requested.
    requests: Vec<String>,
}

/// What a result dialog shows.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ResultView {
    /// `result-title`.
    pub title: String,
    /// `result-reason`.
    pub reason: String,
}

/// What a player card shows.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PlayerView {
    /// Side name, e.g. "Black".
    pub name: String,
    /// Controller and wins, e.g. "Human · Wins: 0".
    pub role: String,
    /// `captures-SIDE`.
    pub captures: String,
    /// The capture target beside the count: "/5", "/9" or "".
    pub target: String,
    /// The move clock, if shown.
    pub clock: Option<String>,
    /// Whether the card is marked as the side to move.
    pub to_move: bool,
}

/// Everything a test reads from the page at one moment, taken by one script so it
/// is consistent.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Snapshot {
    /// The app has drawn its board.
    pub ready: bool,
    /// `status`.
    #[serde(default)]
    pub status: String,
    /// Player cards, by side (`black`, `white`).
    #[serde(default)]
    pub players: BTreeMap<String, PlayerView>,
    /// Pieces by square: `e5` → `black` / `white` (`data-side` of `piece-e5`).
    #[serde(default)]
    pub pieces: BTreeMap<String, String>,
    /// Marks by square (classes of `sq-e5` besides `sq`), squares without any left
    /// out.
    #[serde(default)]
    pub marks: BTreeMap<String, Vec<String>>,
    /// Squares in screen order, top-left first.
    #[serde(default)]
    pub order: Vec<String>,
    /// Classes of the board.
    #[serde(default)]
    pub board_class: String,
    /// The result dialog, if open.
    pub result: Option<ResultView>,
    /// The new-game confirmation is open.
    #[serde(default)]
    pub confirm: bool,
    /// Texts of the `notice` banners.
    #[serde(default)]
    pub notices: Vec<String>,
    /// The `rules-pending` note, if shown.
    pub rules_pending: Option<String>,
    /// Text of the `new-game` button.
    #[serde(default)]
    pub new_game: String,
    /// Whether `resign` is enabled.
    #[serde(default)]
    pub resign_enabled: bool,
}

const SNAPSHOT_JS: &str = r#"
const q = (id, root) => (root || document).querySelector(`[data-testid="${id}"]`);
const text = (e) => (e ? e.textContent.replace(/\s+/g, " ").trim() : null);
const board = q("board");
if (!board) return { ready: false };
const players = {};
for (const side of ["black", "white"]) {
  const card = q(`player-${side}`);
  if (!card) continue;
  players[side] = {
    name: text(card.querySelector(".name")),
    role: text(card.querySelector(".who .role")),
    captures: text(q(`captures-${side}`, card)),
    target: text(card.querySelector(".count .role")) || "",
    clock: text(q("clock", card)),
    to_move: card.classList.contains("to-move"),
  };
}
const pieces = {}, marks = {}, order = [];
for (const sq of board.querySelectorAll('[data-testid^="sq-"]')) {
  const name = sq.dataset.testid.slice(3);
  order.push(name);
  const piece = q(`piece-${name}`, sq);
  if (piece) pieces[name] = piece.dataset.side;
  const cls = [...sq.classList].filter((c) => c !== "sq");
  if (cls.length) marks[name] = cls;
}
const result = q("result-dialog");
const resign = q("resign");
return {
  ready: true,
  status: text(q("status")),
  players, pieces, marks, order,
  board_class: board.className,
  result: result ? { title: text(q("result-title")), reason: text(q("result-reason")) } : null,
  confirm: !!q("confirm-dialog"),
  notices: [...document.querySelectorAll('[data-testid="notice"] > span')].map(text),
  rules_pending: text(q("rules-pending")),
  new_game: text(q("new-game")) || "",
  resign_enabled: !!resign && !resign.disabled,
};
"#;

impl Snapshot {
    /// The board field of the position notation (RULES H6.3), read from the page.
    pub fn board(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (1..=9).rev() {
            let mut text = String::new();
            let mut empty = 0;
            for file in 'a'..='i' {
                match self
                    .pieces
                    .get(&format!("{file}{rank}"))
                    .map(String::as_str)
                {
                    Some(side) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(if side == "black" { 'b' } else { 'w' });
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            ranks.push(text);
        }
        ranks.join("/")
    }

    /// The squares that carry the mark `class`, sorted.
    pub fn marked(&self, class: &str) -> Vec<String> {
        self.marks
            .iter()
            .filter(|(_, c)| c.iter().any(|c| c == class))
            .map(|(sq, _)| sq.clone())
            .collect()
    }

    /// The player card of `side` (`black` / `white`).
    pub fn player(&self, side: &str) -> &PlayerView {
        self.players
            .get(side)
            .unwrap_or_else(|| panic!("no player card for {side}: {self:#?}"))
    }
}

/// The board field of a game's current position (RULES H6.3).
pub fn board_of(game: &Game) -> String {
    game.position()
        .to_string()
        .split(' ')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Waits until the CPU (White) has answered in a Hasami game: the saved game has
/// `moves` moves and the page shows "Black to move" with the saved position. Returns
/// the game and what the page shows.
pub async fn wait_cpu_answer(page: &Page, moves: usize) -> (Game, Snapshot) {
    let game = page
        .wait_saved(&format!("the CPU's answer (move {moves})"), |g| {
            g.moves().len() >= moves
        })
        .await;
    assert_eq!(game.moves().len(), moves, "the CPU made exactly one move");
    let snap = page.wait_status("Black to move").await;
    assert_eq!(
        snap.board(),
        board_of(&game),
        "the page shows the saved game"
    );
    (game, snap)
}

/// The page under test, in one browser.
#[derive(Clone)]
pub struct Page {
    client: Client,
    origin: String,
    /// The sub-path the site is served under.
    base: &'static str,
    /// The folder the test server serves.
    root: Arc<Mutex<PathBuf>>,
    served: Arc<Mutex<Vec<Served>>>,
    /// While set, the test server answers every request with 503.
    down: Arc<AtomicBool>,
    logs: Arc<Mutex<Logs>>,
}

impl Page {
    /// The page's address.
    pub fn url(&self) -> String {
        format!("{}{}", self.origin, self.base)
    }

    /// Loads the page and waits until the app has drawn it.
    pub async fn open(&self) {
        self.client.goto(&self.url()).await.expect("open the page");
        self.wait_ready().await;
    }

    /// Reloads the page and waits until the app has drawn it again.
    pub async fn reload(&self) {
        self.client.refresh().await.expect("reload");
        self.wait_ready().await;
    }

    /// Waits until the app has drawn the Hasami board; on a first visit the app opens on
    /// the choice of a game, and Hasami is chosen.
    pub async fn wait_ready(&self) {
        self.wait_ready_choosing("hasami").await;
    }

    /// Waits until the app has drawn a board (the game last played); if the app shows
    /// the choice of a game instead (a first visit), `game` (`hasami` or `yonin`) is
    /// chosen.
    async fn wait_ready_choosing(&self, game: &str) {
        let deadline = Instant::now() + WAIT;
        loop {
            let choice = self
                .js(
                    "return !!document.querySelector('[data-testid=\"game-hasami\"]')",
                    vec![],
                )
                .await;
            if choice == Value::Bool(true) {
                self.click(&format!("game-{game}")).await;
                break;
            }
            let snap = self.snapshot().await;
            if snap.ready && snap.order.len() == 81 && !snap.status.is_empty() {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the app drew neither the choice nor the board"
            );
            tokio::time::sleep(POLL).await;
        }
        self.wait_for("the app to draw the board", |s| {
            s.ready && s.order.len() == 81 && !s.status.is_empty()
        })
        .await;
    }

    /// Runs `script` (a function body) with `args` and returns its value.
    pub async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute(script, args)
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// [`Page::js`], but `None` when the script cannot run (say, while the page
    /// navigates).
    pub async fn try_js(&self, script: &str, args: Vec<Value>) -> Option<Value> {
        self.client.execute(script, args).await.ok()
    }

    /// Reads the page.
    pub async fn snapshot(&self) -> Snapshot {
        let value = self.js(SNAPSHOT_JS, vec![]).await;
        serde_json::from_value(value.clone())
            .unwrap_or_else(|e| panic!("unexpected snapshot {value}: {e}"))
    }

    /// Reads the page until `cond` holds; fails after [`WAIT`] showing the page.
    pub async fn wait_for(&self, what: &str, cond: impl Fn(&Snapshot) -> bool) -> Snapshot {
        let deadline = Instant::now() + WAIT;
        loop {
            let snap = self.snapshot().await;
            if cond(&snap) {
                return snap;
            }
            assert!(
                Instant::now() < deadline,
                "timed out after {WAIT:?} waiting for {what}; the page shows {snap:#?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// Waits until the status line reads `text`.
    pub async fn wait_status(&self, text: &str) -> Snapshot {
        self.wait_for(&format!("status {text:?}"), |s| s.status == text)
            .await
    }

    /// The element with `data-testid="id"`, waiting for it to appear.
    pub async fn el(&self, id: &str) -> Element {
        let css = format!("[data-testid=\"{id}\"]");
        let deadline = Instant::now() + WAIT;
        loop {
            match self.client.find(Locator::Css(&css)).await {
                Ok(el) => return el,
                Err(e) => assert!(Instant::now() < deadline, "no element {css}: {e}"),
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Clicks the element with `data-testid="id"` (a real WebDriver click).
    pub async fn click(&self, id: &str) {
        self.el(id)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click on {id}: {e}"));
    }

    /// Clicks the first element matching the CSS selector `css`.
    pub async fn click_css(&self, css: &str) {
        let element = self
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no element {css}: {e}"));
        element
            .click()
            .await
            .unwrap_or_else(|e| panic!("click on {css}: {e}"));
    }

    /// Clicks square `sq` (e.g. `e5`).
    pub async fn click_square(&self, sq: &str) {
        self.click(&format!("sq-{sq}")).await;
    }

    /// A real double click (two presses of the left button in a row) on `id`.
    pub async fn double_click(&self, id: &str) {
        let element = self.el(id).await;
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveToElement {
                element,
                duration: None,
                x: 0.0,
                y: 0.0,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(PointerAction::Up {
                button: MOUSE_BUTTON_LEFT,
            });
        self.client
            .perform_actions(mouse)
            .await
            .unwrap_or_else(|e| panic!("double click on {id}: {e}"));
        self.client
            .release_actions()
            .await
            .expect("release actions");
    }

    /// Chooses `value` in the `<select>` with `data-testid="id"` by clicking its option.
    pub async fn select(&self, id: &str, value: &str) {
        self.el(id)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("choose {value} in {id}: {e}"));
        let now = self.value(id).await;
        assert_eq!(now, value, "{id} did not take the value {value}");
    }

    /// The current `value` of the form control with `data-testid="id"`.
    pub async fn value(&self, id: &str) -> String {
        self.el(id)
            .await
            .prop("value")
            .await
            .expect("value")
            .unwrap_or_default()
    }

    /// Whether the checkbox with `data-testid="id"` is checked.
    pub async fn checked(&self, id: &str) -> bool {
        self.el(id).await.is_selected().await.expect("checked")
    }

    /// Selects the piece on `from` and clicks `to`, then waits until the move is
    /// saved (the save follows every change). Returns the page after the move.
    pub async fn play(&self, mv: &str) -> Snapshot {
        let (from, to) = mv.split_at(2);
        let before = self.saved_moves().await.len();
        self.click_square(from).await;
        self.wait_for(&format!("{from} to be selected"), |s| {
            s.marked("selected") == [from]
        })
        .await;
        self.click_square(to).await;
        let moves = self
            .wait_saved(&format!("move {mv} to be saved"), |g| {
                g.moves().len() > before
            })
            .await
            .moves()
            .to_vec();
        assert_eq!(moves[before].to_string(), mv, "the move saved");
        self.snapshot().await
    }

    /// Raw localStorage value under `key`.
    pub async fn storage_get(&self, key: &str) -> Option<String> {
        match self
            .js(
                "return localStorage.getItem(arguments[0]);",
                vec![json!(key)],
            )
            .await
        {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// Sets the raw localStorage value under `key`.
    pub async fn storage_set(&self, key: &str, value: &str) {
        self.js(
            "localStorage.setItem(arguments[0], arguments[1]);",
            vec![json!(key), json!(value)],
        )
        .await;
    }

    /// The saved table as stored, decoded with the app's own storage code: `None`
    /// if nothing is saved, `Err` (with the raw text) if it cannot be read.
    pub async fn try_saved(&self) -> Option<Result<SavedTable, String>> {
        let raw = self.storage_get(keys::HASAMI_TABLE).await?;
        Some(SavedTable::open(&raw, None).map_err(|e| format!("{e}: {raw}")))
    }

    /// The saved table; fails the test if it cannot be read.
    pub async fn saved(&self) -> Option<SavedTable> {
        self.try_saved()
            .await
            .map(|r| r.unwrap_or_else(|e| panic!("the saved table is unreadable: {e}")))
    }

    /// The moves of the saved game (none if nothing readable is saved yet).
    pub async fn saved_moves(&self) -> Vec<Move> {
        match self.try_saved().await {
            Some(Ok(t)) => t.game.moves().to_vec(),
            _ => Vec::new(),
        }
    }

    /// Waits until the saved game is readable and satisfies `cond`, and returns it.
    pub async fn wait_saved(&self, what: &str, cond: impl Fn(&Game) -> bool) -> Game {
        let deadline = Instant::now() + WAIT;
        loop {
            let saved = self.try_saved().await;
            if let Some(Ok(saved)) = &saved
                && cond(&saved.game)
            {
                return saved.game.clone();
            }
            if Instant::now() >= deadline {
                let snap = self.snapshot().await;
                panic!(
                    "timed out after {WAIT:?} waiting for {what}; saved: {saved:?}; \
                     the page shows {snap:#?}"
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Starts recording every text the status line shows (until the next reload).
    pub async fn record_status(&self) {
        self.js(
            r#"
            const read = () => {
              const e = document.querySelector('[data-testid="status"]');
              return e ? e.textContent.trim() : null;
            };
            const log = [read()];
            window.__e2eStatus = log;
            new MutationObserver(() => {
              const now = read();
              if (now !== log[log.length - 1]) log.push(now);
            }).observe(document.body, { subtree: true, childList: true, characterData: true });
            "#,
            vec![],
        )
        .await;
    }

    /// The texts the status line showed since [`Page::record_status`].
    pub async fn status_history(&self) -> Vec<String> {
        let value = self.js("return window.__e2eStatus || null;", vec![]).await;
        serde_json::from_value(value).expect("record_status was called first")
    }

    /// Pauses the test (the page goes on running).
    pub async fn sleep(&self, ms: u64) {
        tokio::time::sleep(Duration::from_millis(ms)).await;
    }

    async fn read_logs(&self) {
        let browser = self.client.issue_cmd(ReadLog("browser")).await;
        let perf = self.client.issue_cmd(ReadLog("performance")).await;
        let mut logs = self.logs.lock().expect("logs");
        for entry in browser
            .expect("read the browser log")
            .as_array()
            .cloned()
            .unwrap_or_default()
        {
            logs.console.push((
                entry["level"].as_str().unwrap_or_default().to_string(),
                entry["message"].as_str().unwrap_or_default().to_string(),
            ));
        }
        for entry in perf
            .expect("read the performance log")
            .as_array()
            .cloned()
            .unwrap_or_default()
        {
            let Some(message) = entry["message"].as_str() else {
                continue;
            };
            let Ok(event) = serde_json::from_str::<Value>(message) else {
                continue;
            };
            let event = &event["message"];
            let url = match event["method"].as_str() {
                Some("Network.requestWillBeSent") => &event["params"]["request"]["url"],
                Some("Network.webSocketCreated") => &event["params"]["url"],
                _ => continue,
            };
            if let Some(url) = url.as_str() {
                logs.requests.push(url.to_string());
            }
        }
    }

    /// The console messages of level SEVERE logged so far.
    pub async fn console_errors(&self) -> Vec<String> {
        self.read_logs().await;
        let logs = self.logs.lock().expect("logs");
        logs.console
            .iter()
            .filter(|(level, _)| level == "SEVERE")
            .map(|(_, m)| m.clone())
            .collect()
    }

    /// What every test leaves true: no console error; every request the page made
    /// went to this origin under the base path (none to another origin) and was
    /// answered with success.
    async fn check_clean(&self) {
        let problems = self.problems().await;
        assert!(
            problems.is_empty(),
            "the run was not clean:\n{}",
            problems.join("\n")
        );
    }

    /// What breaks [`Page::check_clean`] so far, one line each: console errors
    /// (level SEVERE), requests to another origin, requests the test server
    /// answered with an error or outside the base path, and a network log that
    /// misses the page, its script or its wasm (so it is not checking anything).
    pub async fn problems(&self) -> Vec<String> {
        let mut problems: Vec<String> = self
            .console_errors()
            .await
            .into_iter()
            .map(|e| format!("console error: {e}"))
            .collect();

        let requests = self.logs.lock().expect("logs").requests.clone();
        let web: Vec<&String> = requests
            .iter()
            .filter(|u| {
                ["http:", "https:", "ws:", "wss:"]
                    .iter()
                    .any(|s| u.starts_with(s))
            })
            .collect();
        let own = format!("{}/", self.origin);
        problems.extend(
            web.iter()
                .filter(|u| !u.starts_with(&own))
                .map(|u| format!("request to another origin: {u}")),
        );
        let page = self.url();
        for (what, found) in [
            ("the page", web.iter().any(|u| **u == page)),
            (
                "the script",
                web.iter()
                    .any(|u| u.starts_with(&page) && u.ends_with(".js")),
            ),
            (
                "the wasm",
                web.iter()
                    .any(|u| u.starts_with(&page) && u.ends_with(".wasm")),
            ),
        ] {
            if !found {
                problems.push(format!("the network log lacks {what}: {web:?}"));
            }
        }

        let served = self.served.lock().expect("served").clone();
        problems.extend(
            served
                .iter()
                .filter(|s| !s.path.starts_with(self.base) || !matches!(s.status, 200 | 304))
                .map(|s| format!("request answered {}: {}", s.status, s.path)),
        );
        problems
    }

    /// Sends `keys` (text, or [`fantoccini::key::Key`] characters) to the element that
    /// has the keyboard focus.
    pub async fn press(&self, keys: &str) {
        let el = self
            .client
            .active_element()
            .await
            .expect("the focused element");
        el.send_keys(keys).await.expect("send keys");
    }

    /// The `data-testid` of the element with the keyboard focus (empty if none).
    pub async fn focused(&self) -> String {
        self.js(
            "return document.activeElement?.getAttribute('data-testid') ?? ''",
            vec![],
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// Opens the page in a second tab of the same browser (same storage) and
    /// switches to it; returns the handles of (first tab, second tab).
    pub async fn open_second_tab(
        &self,
    ) -> (fantoccini::wd::WindowHandle, fantoccini::wd::WindowHandle) {
        let first = self.client.window().await.expect("current tab");
        let second = self.client.new_window(true).await.expect("new tab").handle;
        self.client
            .switch_to_window(second.clone())
            .await
            .expect("switch to the new tab");
        self.open().await;
        (first, second)
    }

    /// Closes the tab the test drives and switches to `next`.
    pub async fn close_tab(&self, next: &fantoccini::wd::WindowHandle) {
        self.client.close_window().await.expect("close the tab");
        self.switch_tab(next).await;
    }

    /// Makes `tab` the one the test drives.
    pub async fn switch_tab(&self, tab: &fantoccini::wd::WindowHandle) {
        self.client
            .switch_to_window(tab.clone())
            .await
            .expect("switch tab");
    }

    /// Takes the test server down (every request answered 503) or back up.
    pub fn set_server_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// Serves `dir` from now on instead of what was served (a new build "deployed").
    pub fn serve_from(&self, dir: &Path) {
        *self.root.lock().expect("served folder") = dir.to_path_buf();
    }

    /// Runs `script` (a function body) asynchronously: it gets `args` and, last, the
    /// callback to call with its result. Returns that result.
    pub async fn js_async(&self, script: &str, args: Vec<Value>) -> Value {
        self.client
            .execute_async(script, args)
            .await
            .unwrap_or_else(|e| panic!("async script failed: {e}\n{script}"))
    }

    /// Waits until a service worker controls the page, and returns its script's URL.
    pub async fn wait_controlled(&self) -> String {
        let deadline = Instant::now() + WAIT;
        loop {
            let url = self
                .js(
                    "const c = navigator.serviceWorker.controller; return c ? c.scriptURL : null;",
                    vec![],
                )
                .await;
            if let Value::String(url) = url {
                return url;
            }
            assert!(
                Instant::now() < deadline,
                "no service worker took control of the page within {WAIT:?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// Forgets what the logs held so far (console, network, test server).
    pub fn clear_logs(&self) {
        *self.logs.lock().expect("logs") = Logs::default();
        self.served.lock().expect("served").clear();
    }
}

// ----------------------------------------------------------------------------------
// Both games, and Yonin Shogi (tests/e2e_yonin.rs)
// ----------------------------------------------------------------------------------

#[allow(dead_code, reason = "tests/e2e.rs plays Hasami only")]
impl Page {
    /// Loads the page and opens `game` (`hasami` or `yonin`): from the choice of a game
    /// on a first visit, or through the `games` button when the app opens on the other
    /// game. Waits until the game's board is drawn.
    pub async fn open_game(&self, game: &str) {
        self.client.goto(&self.url()).await.expect("open the page");
        self.wait_ready_choosing(game).await;
        self.switch_game(game).await;
    }

    /// Shows `game` (`hasami` or `yonin`) on the page already open, going through the
    /// choice of a game if another game is on screen, and waits until its board is drawn.
    pub async fn switch_game(&self, game: &str) {
        if self.shown_game().await.as_deref() != Some(game) {
            self.click("games").await;
            self.click(&format!("game-{game}")).await;
        }
        let deadline = Instant::now() + WAIT;
        loop {
            if self.shown_game().await.as_deref() == Some(game) {
                let snap = self.snapshot().await;
                if snap.ready && snap.order.len() == 81 && !snap.status.is_empty() {
                    return;
                }
            }
            assert!(
                Instant::now() < deadline,
                "the app did not draw the {game} board"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// Sends the DevTools command `method` with `params` to the page.
    pub async fn cdp(&self, method: &str, params: Value) -> Value {
        self.client
            .issue_cmd(Cdp(method.to_string(), params))
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// Makes the page's viewport `width` × `height` CSS pixels (a phone below 600 px
    /// wide: touch, no scroll bars), as Chromium's device emulation does.
    pub async fn set_viewport(&self, width: u32, height: u32) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({
                "width": width,
                "height": height,
                "deviceScaleFactor": 1,
                "mobile": width < 600,
            }),
        )
        .await;
        // Let the page lay itself out again.
        tokio::time::sleep(Duration::from_millis(150)).await;
    }

    /// Emulates the system's colour scheme (`prefers-color-scheme`: `light` or `dark`;
    /// `None` goes back to the browser's own) and, when `reduced_motion` is set,
    /// `prefers-reduced-motion: reduce`.
    pub async fn emulate_media(&self, scheme: Option<&str>, reduced_motion: bool) {
        let mut features = vec![json!({
            "name": "prefers-color-scheme",
            "value": scheme.unwrap_or(""),
        })];
        features.push(json!({
            "name": "prefers-reduced-motion",
            "value": if reduced_motion { "reduce" } else { "" },
        }));
        self.cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": features }),
        )
        .await;
    }

    /// Saves a screenshot of the viewport as PNG at `path`, creating its folder.
    pub async fn save_screenshot(&self, path: &Path) {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("create the screenshot folder");
        }
        let png = self.client.screenshot().await.expect("screenshot");
        std::fs::write(path, png).expect("write the screenshot");
    }

    /// A computed style `property` of the first element matching `css` (e.g.
    /// `background-color` → `rgb(22, 18, 14)`); empty if there is no such element.
    pub async fn computed(&self, css: &str, property: &str) -> String {
        self.js(
            "const e = document.querySelector(arguments[0]);
             return e ? getComputedStyle(e).getPropertyValue(arguments[1]) : '';",
            vec![json!(css), json!(property)],
        )
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// The bounding box `[left, top, right, bottom]` of the first element matching
    /// `css`, in CSS pixels of the viewport; `None` if there is no such element.
    pub async fn rect(&self, css: &str) -> Option<[f64; 4]> {
        let v = self
            .js(
                "const e = document.querySelector(arguments[0]);
                 if (!e) return null;
                 const r = e.getBoundingClientRect();
                 return [r.left, r.top, r.right, r.bottom];",
                vec![json!(css)],
            )
            .await;
        serde_json::from_value(v).ok()
    }

    /// The game on screen: `hasami`, `yonin`, or `None` (the choice, or nothing yet).
    pub async fn shown_game(&self) -> Option<String> {
        let shown = self
            .js(
                r#"
                if (document.querySelector(".layout.yonin")) return "yonin";
                if (document.querySelector(".layout")) return "hasami";
                return null;
                "#,
                vec![],
            )
            .await;
        shown.as_str().map(str::to_string)
    }
}

/// Reading and playing the Yonin page: its snapshot, the saved Yonin table, moves by
/// clicks (board moves, drops, the promotion choice).
#[allow(dead_code, reason = "tests/e2e.rs plays Hasami only")]
pub mod yonin {
    use super::{POLL, Page, WAIT};
    use serde::Deserialize;
    use shogi_variants::engine::yonin::{Game, Move, Seat};
    use shogi_variants::session::storage::keys;
    use shogi_variants::session::table;
    use std::collections::BTreeMap;
    use std::time::{Duration, Instant};

    /// The saved Yonin table.
    pub type SavedTable = table::SavedTable<Game>;

    /// The `data-side` / class name of a seat: `south`, `west`, `north`, `east`.
    pub fn side(seat: Seat) -> &'static str {
        match seat {
            Seat::South => "south",
            Seat::West => "west",
            Seat::North => "north",
            Seat::East => "east",
        }
    }

    /// What a Yonin player card shows.
    #[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
    pub struct PlayerView {
        /// The card is marked as the seat to move (class `to-move`).
        pub to_move: bool,
        /// The seat is out (class `out`).
        pub out: bool,
        /// The `check-SEAT` badge is shown.
        pub check: bool,
        /// Controller, mates and wins, e.g. "Human · Mates: 0 · Wins: 0".
        pub role: String,
        /// Text of the badges ("Check!", "Mated by South").
        pub badges: String,
    }

    /// One row of the results table.
    #[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
    pub struct PlacingView {
        /// `data-seat` of the row.
        pub seat: String,
        /// Texts of the cells: place, seat, mates, pieces, last mate, how it went out.
        pub cells: Vec<String>,
    }

    /// What the Yonin result dialog shows.
    #[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
    pub struct ResultView {
        /// `result-title`.
        pub title: String,
        /// `result-reason`.
        pub reason: String,
        /// The rows of `placings`, top to bottom.
        pub placings: Vec<PlacingView>,
    }

    /// Everything a test reads from the Yonin page at one moment (one script).
    #[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
    pub struct Snapshot {
        /// The Yonin table is drawn.
        pub ready: bool,
        /// `status`.
        #[serde(default)]
        pub status: String,
        /// `move-count`.
        #[serde(default)]
        pub move_count: String,
        /// `banner`.
        #[serde(default)]
        pub banner: String,
        /// Pieces by square: `e5` → `data-side` of `piece-e5` (`south` … `east`, `none`).
        #[serde(default)]
        pub pieces: BTreeMap<String, String>,
        /// Squares of the promoted pieces (drawn with the class `promoted`), top-left first.
        #[serde(default)]
        pub promoted: Vec<String>,
        /// Marks by square (classes of `sq-e5` besides `sq`), squares without any left out.
        #[serde(default)]
        pub marks: BTreeMap<String, Vec<String>>,
        /// Squares in screen order, top-left first.
        #[serde(default)]
        pub order: Vec<String>,
        /// Hands by seat: kind (`R`, `G`, `S`, `P`) → the count shown.
        #[serde(default)]
        pub hands: BTreeMap<String, BTreeMap<String, u32>>,
        /// Hand pieces picked for a drop, as `SEAT-KIND`.
        #[serde(default)]
        pub hand_selected: Vec<String>,
        /// Hand pieces that can be clicked, as `SEAT-KIND`.
        #[serde(default)]
        pub hand_enabled: Vec<String>,
        /// Player cards by seat.
        #[serde(default)]
        pub players: BTreeMap<String, PlayerView>,
        /// The square the promotion choice asks about (`data-for`), if it is shown.
        pub promotion: Option<String>,
        /// The board is locked (no person to move).
        #[serde(default)]
        pub locked: bool,
        /// The result dialog, if open.
        pub result: Option<ResultView>,
        /// Texts of the `notice` banners.
        #[serde(default)]
        pub notices: Vec<String>,
    }

    const SNAPSHOT_JS: &str = r#"
    const q = (id, root) => (root || document).querySelector(`[data-testid="${id}"]`);
    const text = (e) => (e ? e.textContent.replace(/\s+/g, " ").trim() : null);
    const layout = document.querySelector(".layout.yonin");
    const board = layout && q("board", layout);
    if (!board) return { ready: false, promotion: null, result: null };
    const pieces = {}, marks = {}, order = [], promoted = [];
    for (const sq of board.querySelectorAll('[data-testid^="sq-"]')) {
      const name = sq.dataset.testid.slice(3);
      order.push(name);
      const piece = q(`piece-${name}`, sq);
      if (piece) pieces[name] = piece.dataset.side;
      if (piece && piece.querySelector("svg.promoted")) promoted.push(name);
      const cls = [...sq.classList].filter((c) => c !== "sq");
      if (cls.length) marks[name] = cls;
    }
    const hands = {}, hand_selected = [], hand_enabled = [];
    const players = {};
    for (const seat of ["south", "west", "north", "east"]) {
      const held = {};
      const group = q(`hand-${seat}`, layout);
      if (group) {
        for (const b of group.querySelectorAll('[data-testid^="hand-"]')) {
          const kind = b.dataset.testid.split("-")[2];
          held[kind] = parseInt((text(b.querySelector(".count")) || "").replace(/\D/g, ""), 10);
          if (b.classList.contains("selected")) hand_selected.push(`${seat}-${kind}`);
          if (!b.disabled) hand_enabled.push(`${seat}-${kind}`);
        }
      }
      hands[seat] = held;
      const card = q(`player-${seat}`, layout);
      if (card) {
        players[seat] = {
          to_move: card.classList.contains("to-move"),
          out: card.classList.contains("out"),
          check: !!q(`check-${seat}`, card),
          role: text(card.querySelector(".who .role")) || "",
          badges: text(card.querySelector(".badges")) || "",
        };
      }
    }
    const promotion = q("promotion");
    const dialog = q("result-dialog");
    const result = dialog
      ? {
          title: text(q("result-title", dialog)),
          reason: text(q("result-reason", dialog)),
          placings: [...q("placings", dialog).querySelectorAll("tbody tr")].map((tr) => ({
            seat: tr.dataset.seat,
            cells: [...tr.children].map(text),
          })),
        }
      : null;
    return {
      ready: true,
      status: text(q("status", layout)) || "",
      move_count: text(q("move-count", layout)) || "",
      banner: text(q("banner", layout)) || "",
      pieces, promoted, marks, order, hands, hand_selected, hand_enabled, players,
      promotion: promotion ? promotion.dataset.for : null,
      locked: board.classList.contains("locked"),
      result,
      notices: [...document.querySelectorAll('[data-testid="notice"] > span')].map(text),
    };
    "#;

    impl Snapshot {
        /// The squares that carry the mark `class`, sorted.
        pub fn marked(&self, class: &str) -> Vec<String> {
            self.marks
                .iter()
                .filter(|(_, c)| c.iter().any(|c| c == class))
                .map(|(sq, _)| sq.clone())
                .collect()
        }

        /// The player card of `seat`.
        pub fn player(&self, seat: Seat) -> &PlayerView {
            self.players
                .get(side(seat))
                .unwrap_or_else(|| panic!("no player card for {seat}: {self:#?}"))
        }

        /// The seats whose cards are marked to move.
        pub fn to_move(&self) -> Vec<String> {
            self.players
                .iter()
                .filter(|(_, p)| p.to_move)
                .map(|(s, _)| s.clone())
                .collect()
        }
    }

    /// The pieces of `game`'s position as the page should show them: square →
    /// `data-side` (the owner's side, `none` for a flipped king or an ownerless piece).
    pub fn pieces_of(game: &Game) -> BTreeMap<String, String> {
        game.position()
            .pieces()
            .map(|(sq, piece)| {
                let owner = piece.owner.map_or("none", side);
                (sq.to_string(), owner.to_string())
            })
            .collect()
    }

    /// The hands of `game`'s position as the page should show them: seat → kind →
    /// count (kinds held only).
    pub fn hands_of(game: &Game) -> BTreeMap<String, BTreeMap<String, u32>> {
        Seat::ALL
            .into_iter()
            .map(|seat| {
                let held = game
                    .position()
                    .hand(seat)
                    .iter()
                    .map(|(role, n)| (role.letter().to_string(), u32::from(n)))
                    .collect();
                (side(seat).to_string(), held)
            })
            .collect()
    }

    impl Page {
        /// Reads the Yonin page.
        pub async fn yonin(&self) -> Snapshot {
            let value = self.js(SNAPSHOT_JS, vec![]).await;
            serde_json::from_value(value.clone())
                .unwrap_or_else(|e| panic!("unexpected Yonin snapshot {value}: {e}"))
        }

        /// Reads the Yonin page until `cond` holds; fails after the harness's wait.
        pub async fn wait_yonin(&self, what: &str, cond: impl Fn(&Snapshot) -> bool) -> Snapshot {
            self.wait_yonin_within(what, WAIT, cond).await
        }

        /// Reads the Yonin page until `cond` holds; fails after `within`.
        pub async fn wait_yonin_within(
            &self,
            what: &str,
            within: Duration,
            cond: impl Fn(&Snapshot) -> bool,
        ) -> Snapshot {
            let deadline = Instant::now() + within;
            loop {
                let snap = self.yonin().await;
                if cond(&snap) {
                    return snap;
                }
                assert!(
                    Instant::now() < deadline,
                    "timed out after {within:?} waiting for {what}; the page shows {snap:#?}"
                );
                tokio::time::sleep(POLL).await;
            }
        }

        /// The saved Yonin table as stored, decoded with the app's own code: `None` if
        /// nothing is saved, `Err` (with the raw text) if it cannot be read.
        pub async fn try_saved_yonin(&self) -> Option<Result<SavedTable, String>> {
            let raw = self.storage_get(keys::YONIN_TABLE).await?;
            Some(SavedTable::open(&raw, None).map_err(|e| format!("{e}: {raw}")))
        }

        /// The saved Yonin table; fails the test if it cannot be read.
        pub async fn saved_yonin(&self) -> Option<SavedTable> {
            self.try_saved_yonin()
                .await
                .map(|r| r.unwrap_or_else(|e| panic!("the saved Yonin table is unreadable: {e}")))
        }

        /// Waits until the saved Yonin table is readable and satisfies `cond`.
        pub async fn wait_saved_yonin(
            &self,
            what: &str,
            cond: impl Fn(&SavedTable) -> bool,
        ) -> SavedTable {
            let deadline = Instant::now() + WAIT;
            loop {
                let saved = self.try_saved_yonin().await;
                if let Some(Ok(saved)) = &saved
                    && cond(saved)
                {
                    return saved.clone();
                }
                if Instant::now() >= deadline {
                    let snap = self.yonin().await;
                    panic!(
                        "timed out after {WAIT:?} waiting for {what}; saved: {saved:?}; \
                         the page shows {snap:#?}"
                    );
                }
                tokio::time::sleep(POLL).await;
            }
        }

        /// Waits until the page shows the pieces and hands of `game`.
        pub async fn wait_shows(&self, what: &str, game: &Game) -> Snapshot {
            let (pieces, hands) = (pieces_of(game), hands_of(game));
            self.wait_yonin(what, |s| s.pieces == pieces && s.hands == hands)
                .await
        }

        /// Plays `mv` (Yonin notation: `e3e4`, `e7e8+`, `P*e5`) for the seat to move by
        /// clicks: the piece (or the hand piece) and then the square, then the
        /// promotion choice if the page asks (`promote-yes` for `+`, else `promote-no`).
        /// Waits until the move is saved and the page shows the saved position. Returns
        /// the saved game, the page after the move, and whether the choice was asked.
        pub async fn play_yonin(&self, mv: &str) -> (Game, Snapshot, bool) {
            let parsed: Move = mv.parse().unwrap_or_else(|e| panic!("{mv}: {e:?}"));
            self.pick(parsed).await;
            self.play_yonin_from_picked(mv).await
        }

        /// [`Page::play_yonin`] once what `mv` moves is picked: clicks the square, then
        /// the promotion choice if the page asks.
        pub async fn play_yonin_from_picked(&self, mv: &str) -> (Game, Snapshot, bool) {
            let parsed: Move = mv.parse().unwrap_or_else(|e| panic!("{mv}: {e:?}"));
            let before = match self.try_saved_yonin().await {
                Some(Ok(t)) => t.game.moves().len(),
                _ => 0,
            };
            let to = parsed.to().to_string();
            self.click_square(&to).await;
            let asked = self
                .wait_yonin_or_saved(&format!("{mv} to be played or to ask"), before)
                .await;
            if asked {
                let choice = if parsed.is_promotion() {
                    "promote-yes"
                } else {
                    "promote-no"
                };
                self.click(choice).await;
            }
            let saved = self
                .wait_saved_yonin(&format!("move {mv} to be saved"), |t| {
                    t.game.moves().len() > before
                })
                .await;
            assert_eq!(saved.game.moves()[before].to_string(), mv, "the move saved");
            let snap = self
                .wait_shows(&format!("the page to show {mv}"), &saved.game)
                .await;
            (saved.game, snap, asked)
        }

        /// Picks what `mv` moves: the piece on its square (waiting until it is marked
        /// `selected`) or the hand piece of the seat to move (waiting until it is
        /// picked).
        pub async fn pick(&self, mv: Move) {
            match mv {
                Move::Normal { from, .. } => {
                    let from = from.to_string();
                    self.click_square(&from).await;
                    self.wait_yonin(&format!("{from} to be selected"), |s| {
                        s.marked("selected") == [from.as_str()]
                    })
                    .await;
                }
                Move::Drop { role, .. } => {
                    let seat = self.yonin().await.to_move();
                    let [seat] = seat.as_slice() else {
                        panic!("no single seat to move: {seat:?}");
                    };
                    let id = format!("{seat}-{}", role.letter());
                    self.click(&format!("hand-{id}")).await;
                    self.wait_yonin(&format!("hand piece {id} to be picked"), |s| {
                        s.hand_selected == [id.as_str()]
                    })
                    .await;
                }
            }
        }

        /// Waits until the page asks about a promotion (`true`) or a move beyond the
        /// first `before` is saved (`false`).
        async fn wait_yonin_or_saved(&self, what: &str, before: usize) -> bool {
            let deadline = Instant::now() + WAIT;
            loop {
                if self.yonin().await.promotion.is_some() {
                    return true;
                }
                if let Some(Ok(t)) = self.try_saved_yonin().await
                    && t.game.moves().len() > before
                {
                    return false;
                }
                assert!(
                    Instant::now() < deadline,
                    "timed out after {WAIT:?} waiting for {what}"
                );
                tokio::time::sleep(POLL).await;
            }
        }

        /// Saves a screenshot of the page as PNG at `path` (for looking into a failure).
        pub async fn screenshot(&self, path: &std::path::Path) {
            let png = self.client.screenshot().await.expect("screenshot");
            std::fs::write(path, png).expect("write the screenshot");
        }

        /// Chooses `value` for each of the `<select>`s named by `ids`.
        pub async fn select_all(&self, ids: &[&str], value: &str) {
            for id in ids {
                self.select(id, value).await;
            }
        }

        /// Starts recording, until the next reload, with times of `performance.now()`:
        /// every text of `move-count`; every long task of the main thread
        /// (`PerformanceObserver`, type `longtask`, buffered: those of the page's start
        /// too); and how long each `setTimeout` callback runs (`window.setTimeout` is
        /// wrapped: the CPU answers in one after its pause).
        pub async fn record_timing(&self) {
            self.js(
                r#"
                const read = () => {
                  const e = document.querySelector('[data-testid="move-count"]');
                  return e ? e.textContent.trim() : null;
                };
                const started = performance.now();
                const moves = [[started, read()]];
                const tasks = [];
                const timeouts = [];
                window.__e2eTiming = { started, moves, tasks, timeouts };
                new MutationObserver(() => {
                  const now = read();
                  if (now !== moves[moves.length - 1][1]) moves.push([performance.now(), now]);
                }).observe(document.body, { subtree: true, childList: true, characterData: true });
                new PerformanceObserver((list) => {
                  for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
                }).observe({ type: "longtask", buffered: true });
                const setTimeout = window.setTimeout;
                window.setTimeout = function (callback, delay, ...args) {
                  if (typeof callback !== "function") return setTimeout.call(window, callback, delay, ...args);
                  const timed = function (...a) {
                    const start = performance.now();
                    try {
                      return callback.apply(this, a);
                    } finally {
                      const entry = [delay || 0, start, performance.now() - start, null];
                      timeouts.push(entry);
                      // The microtasks queued so far (the effects after the change) run first.
                      queueMicrotask(() => { entry[3] = performance.now() - start; });
                    }
                  };
                  return setTimeout.call(window, timed, delay, ...args);
                };
                "#,
                vec![],
            )
            .await;
        }

        /// What [`Page::record_timing`] recorded.
        pub async fn timing(&self) -> Timing {
            let value = self.js("return window.__e2eTiming || null;", vec![]).await;
            assert!(value.is_object(), "record_timing was called first");
            serde_json::from_value(value.clone())
                .unwrap_or_else(|e| panic!("unexpected timing {value}: {e}"))
        }
    }

    /// Times recorded by [`Page::record_timing`], in milliseconds of `performance.now()`.
    #[derive(Clone, Debug, Deserialize)]
    pub struct Timing {
        /// When the recording started.
        pub started: f64,
        /// `(time, text)` of `move-count`: at the start, then at each change.
        pub moves: Vec<(f64, String)>,
        /// `(start, duration)` of each long task (50 ms or more), page start included.
        pub tasks: Vec<(f64, f64)>,
        /// `(delay, start, duration, duration with the microtasks queued by then)` of
        /// each `setTimeout` callback run.
        pub timeouts: Vec<(f64, f64, f64, Option<f64>)>,
    }
}

// ----------------------------------------------------------------------------------
// The CPU's Web Worker: what the page does with workers, and its long tasks.
// ----------------------------------------------------------------------------------

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

impl WorkerWatch {
    /// The longest long task of the page's thread, in ms (0 when there was none).
    pub fn longest_task(&self) -> f64 {
        self.long_tasks.iter().map(|t| t.1).fold(0.0, f64::max)
    }
}

#[allow(dead_code, reason = "each test file uses some of these")]
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
