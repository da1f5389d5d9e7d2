//! The browser of one test: chromedriver in its own process group, a WebDriver session
//! of headless Chromium with a fresh profile, and the WebDriver commands fantoccini
//! lacks (chromedriver's logs, DevTools Protocol commands).

use super::Options;
use super::server::free_port;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use serde_json::{Value, json};
use std::net::{SocketAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A chromedriver process in its own process group; the group is killed on drop
/// (chromedriver and whatever Chromium processes it left).
pub(super) struct Driver {
    child: Child,
    pub(super) port: u16,
}

impl Driver {
    /// Starts `bin` (chromedriver) on a free port and waits until it listens.
    pub(super) fn start(bin: &Path) -> Driver {
        let port = free_port();
        let child = Command::new(bin)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot start {}: {e}. Install Chromium and its driver \
                     (`scripts/setup.sh --browser`, Debian packages chromium and chromium-driver)",
                    bin.display()
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

/// Opens a WebDriver session: headless Chromium with a fresh profile, browser and
/// network logging on. The URL names 127.0.0.1 (chromedriver refuses other Host
/// headers).
pub(super) async fn connect(
    port: u16,
    chromium: &Path,
    profile: &Path,
    options: Options,
) -> Client {
    let chromium = chromium.display().to_string();
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
pub(super) struct ReadLog(pub(super) &'static str);

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
pub(super) struct Cdp(pub(super) String, pub(super) Value);

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
pub(super) struct Logs {
    /// Console and network errors: `(level, message)`.
    pub(super) console: Vec<(String, String)>,
    /// Every URL the page requested.
    pub(super) requests: Vec<String>,
}
