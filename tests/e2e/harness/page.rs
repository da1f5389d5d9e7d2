//! The page under test ([`Page`]): loading it, scripts, clicks and form controls by
//! `data-testid`, localStorage, the browser's logs and what makes a run clean, tabs,
//! the test server's state, DevTools emulation (viewport, colour scheme, motion) and
//! screenshots.

use super::browser::{Cdp, Logs, ReadLog};
use super::server::Served;
use super::{POLL, WAIT};
use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::elements::Element;
use fantoccini::{Client, Locator};
use serde_json::{Value, json};
use shogi_variants::session::storage::{self, keys};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The page under test, in one browser.
#[derive(Clone)]
pub struct Page {
    pub(super) client: Client,
    pub(super) origin: String,
    /// The sub-path the site is served under.
    pub(super) base: &'static str,
    /// The folder the test server serves.
    pub(super) root: Arc<Mutex<PathBuf>>,
    pub(super) served: Arc<Mutex<Vec<Served>>>,
    /// While set, the test server answers every request with 503.
    pub(super) down: Arc<AtomicBool>,
    pub(super) logs: Arc<Mutex<Logs>>,
    /// The origins of the other devices the test opened ([`Page::new_device`]): the
    /// page may request them too.
    pub(super) devices: Arc<Mutex<Vec<String>>>,
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

    /// Loads the page's address as a new document and waits only until it has loaded
    /// (not for the app: for a site that may not start).
    pub async fn visit(&self) {
        self.client.goto("about:blank").await.expect("a blank page");
        self.client.goto(&self.url()).await.expect("open the page");
    }

    /// Loads `url` (the page's address with a fragment, say) and waits until the app
    /// has drawn a board.
    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.expect("open the address");
        self.wait_ready().await;
    }

    /// Loads `url` as a new document (not a change of fragment on the page already
    /// open): through a blank page first.
    pub async fn goto_fresh(&self, url: &str) {
        self.client.goto("about:blank").await.expect("a blank page");
        self.goto(url).await;
    }

    /// The address in the address bar.
    pub async fn current_url(&self) -> String {
        self.client
            .current_url()
            .await
            .map(|u| u.to_string())
            .unwrap_or_default()
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

    /// Opens the table's settings panel if the element with `data-testid="id"` is in
    /// it and it is closed, as a person would before using a setting (the panel is
    /// closed while a game is in progress until the player opens it).
    pub async fn open_settings_for(&self, id: &str) {
        self.js(
            "const e = document.querySelector(`[data-testid=\"${arguments[0]}\"]`);
             const panel = e && e.closest('details[data-testid=\"settings\"]:not([open])');
             if (panel && panel !== e) panel.querySelector('summary').click();",
            vec![json!(id)],
        )
        .await;
    }

    /// Clicks the element with `data-testid="id"` (a real WebDriver click), opening the
    /// settings panel first if it is in it ([`Page::open_settings_for`]).
    pub async fn click(&self, id: &str) {
        self.el(id).await;
        self.open_settings_for(id).await;
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

    /// A real click (press and release of the left button) at the point `x`, `y` of
    /// the viewport, in CSS pixels: on whatever is there.
    pub async fn click_at(&self, x: f64, y: f64) {
        let mouse = MouseActions::new("mouse".into())
            .then(PointerAction::MoveTo {
                duration: None,
                x,
                y,
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
            .unwrap_or_else(|e| panic!("click at {x}, {y}: {e}"));
        self.client
            .release_actions()
            .await
            .expect("release actions");
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

    /// Chooses `value` in the `<select>` with `data-testid="id"` by clicking its option
    /// (opening the settings panel first if the select is in it).
    pub async fn select(&self, id: &str, value: &str) {
        self.el(id).await;
        self.open_settings_for(id).await;
        self.el(id)
            .await
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("choose {value} in {id}: {e}"));
        let now = self.value(id).await;
        assert_eq!(now, value, "{id} did not take the value {value}");
    }

    /// Types `text` into the field `id` as a paste would (the value and an input event),
    /// once the field is there (a dialog loaded with its part appears later).
    pub async fn paste(&self, id: &str, text: &str) {
        self.el(id).await;
        self.js(
            &format!(
                "const el = document.querySelector('[data-testid=\"{id}\"]'); el.value = arguments[0]; el.dispatchEvent(new Event('input', {{ bubbles: true }}));"
            ),
            vec![Value::String(text.to_string())],
        )
        .await;
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

    /// Waits until the service worker controls the page (it then serves the whole build,
    /// offline too); fails after 15 s.
    pub async fn wait_service_worker(&self) {
        let deadline = Instant::now() + Duration::from_secs(15);
        while self
            .js("return !!navigator.serviceWorker.controller", vec![])
            .await
            != serde_json::Value::Bool(true)
        {
            assert!(
                Instant::now() < deadline,
                "the service worker never took control of the page"
            );
            self.sleep(100).await;
        }
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
    pub(super) async fn check_clean(&self) {
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
        let devices = self.devices.lock().expect("devices").clone();
        problems.extend(
            web.iter()
                .filter(|u| {
                    !u.starts_with(&own) && !devices.iter().any(|d| u.starts_with(&format!("{d}/")))
                })
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

    /// Another device: the same site served by another test server (another origin,
    /// so its localStorage is its own), open in a new tab the test now drives, on a
    /// blank page (load it with [`Page::navigate`]). Returns its page and its tab.
    pub async fn new_device(&self) -> (Page, fantoccini::wd::WindowHandle) {
        let (addr, served) =
            super::server::serve(self.root.clone(), self.base, self.down.clone()).await;
        let origin = format!("http://{addr}");
        self.devices.lock().expect("devices").push(origin.clone());
        let tab = self.client.new_window(true).await.expect("new tab").handle;
        self.switch_tab(&tab).await;
        let page = Page {
            origin,
            served,
            ..self.clone()
        };
        (page, tab)
    }

    /// The tab the test drives now.
    pub async fn tab(&self) -> fantoccini::wd::WindowHandle {
        self.client.window().await.expect("current tab")
    }

    /// Loads `url` (a fragment change when only the fragment differs) without waiting
    /// for anything.
    pub async fn navigate(&self, url: &str) {
        self.client.goto(url).await.expect("open the address");
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

    /// The saved preferences' data (the envelope opened with the app's own code).
    pub async fn saved_preferences(&self) -> Value {
        let saved = self
            .storage_get(keys::PREFERENCES)
            .await
            .expect("preferences saved");
        storage::decode(&saved, storage::PREFERENCES_VERSION).expect("readable preferences")
    }
}
