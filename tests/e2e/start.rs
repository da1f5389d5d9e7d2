//! Never a blank page: when the app cannot start (its .wasm missing, as in a deploy
//! half done, or of another build), the page says so in the player's language, with
//! "reload" and "clear the cached app" (plain script in `index.html`); a normal start
//! never shows it.

use crate::harness::{self, Options, Page, dist_dir, run, run_with};
use crate::offline::copy_dir;
use serde_json::{Value, json};
use shogi_variants::session::storage::{self, keys};
use std::path::{Path, PathBuf};

/// A copy of `dist/` for the test `test`, with its main wasm (the app's, not the CPU
/// worker's) changed by `damage`.
fn broken_build(test: &str, damage: impl FnOnce(&Path, &Path)) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("e2e-broken-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&dist_dir(), &dir);
    let main_wasm = file_named(&dir, |name| {
        name.ends_with("_bg.wasm") && !name.starts_with("cpu_worker")
    })
    .expect("the app's wasm in dist/");
    damage(&dir, &main_wasm);
    dir
}

/// The first file of `dir` whose name `wanted` accepts.
fn file_named(dir: &Path, wanted: impl Fn(&str) -> bool) -> Option<PathBuf> {
    std::fs::read_dir(dir)
        .expect("read the copy")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(&wanted))
}

/// The start-up failure screen's title, text and buttons, or `None` when not shown.
async fn failure_screen(page: &Page) -> Option<(String, String, String, String)> {
    let got = page
        .js(
            r#"
            const s = document.querySelector('[data-testid="start-failed"]');
            if (!s) return null;
            const text = (sel) => s.querySelector(sel).textContent;
            return [text("h1"), s.lang, text('[data-testid="start-reload"]'),
                    text('[data-testid="start-clear"]')];
            "#,
            vec![],
        )
        .await;
    let parts: Option<Vec<String>> = serde_json::from_value(got).ok();
    parts.map(|p| (p[0].clone(), p[1].clone(), p[2].clone(), p[3].clone()))
}

/// Waits (less than the script's 20 s time-out: the failure itself is noticed) for
/// the failure screen, and checks the app drew nothing.
async fn wait_failure(page: &Page) -> (String, String, String, String) {
    page.el("start-failed").await;
    let screen = failure_screen(page).await.expect("the failure screen");
    let board = page
        .js("return !!document.querySelector('[data-testid=\"board\"], [data-testid=\"game-hasami\"]');", vec![])
        .await;
    assert_eq!(board, json!(false), "the app did not start");
    screen
}

fn english() -> (String, String, String, String) {
    (
        "The app could not start".into(),
        "en".into(),
        "Reload".into(),
        "Clear the cached app".into(),
    )
}

/// Saves the language `code` as the app's preference.
async fn save_language(page: &Page, code: &str) {
    let prefs = storage::encode(storage::PREFERENCES_VERSION, &json!({ "locale": code }));
    page.storage_set(keys::PREFERENCES, &prefs).await;
}

/// A deploy half done: the page and glue of a new build, its wasm not there yet (404).
/// The failure screen shows (in English, then in the saved language, Portuguese);
/// "clear the cached app" deletes the caches, keeps the saved data and reloads; once
/// the wasm is there, "reload" starts the app, with no failure screen.
#[test]
fn a_missing_wasm_shows_the_failure_in_the_players_language() {
    if harness::skipped() {
        return;
    }
    let broken = broken_build("missing", |_, wasm| {
        std::fs::remove_file(wasm).expect("remove the wasm");
    });
    let dir = broken.clone();
    let options = Options {
        no_start: true,
        ..Options::default()
    };
    run_with(options, move |page| async move {
        page.serve_from(&dir);
        page.visit().await;
        assert_eq!(wait_failure(&page).await, english());

        save_language(&page, "pt").await;
        page.storage_set("shogi-variants/hasami", "a saved game")
            .await;
        page.visit().await;
        assert_eq!(
            wait_failure(&page).await,
            (
                "Não foi possível iniciar a aplicação".into(),
                "pt".into(),
                "Recarregar".into(),
                "Limpar a aplicação em cache".into()
            )
        );

        // A cache of the app (as its service worker keeps) is deleted; saved data is kept.
        let made = page
            .js_async(
                r#"
                const done = arguments[arguments.length - 1];
                caches.open("shogi-e2e").then((c) => c.put("x", new Response("x")))
                  .then(() => caches.keys()).then(done, (e) => done(String(e)));
                "#,
                vec![],
            )
            .await;
        assert_eq!(made, json!(["shogi-e2e"]));
        page.js("window.__e2eBefore = true;", vec![]).await;
        page.click("start-clear").await;
        wait_new_document(&page).await;
        wait_failure(&page).await;
        let names = page
            .js_async(
                "const done = arguments[arguments.length - 1]; caches.keys().then(done);",
                vec![],
            )
            .await;
        assert_eq!(names, json!([]), "the cached app is gone");
        assert_eq!(
            page.storage_get("shogi-variants/hasami").await.as_deref(),
            Some("a saved game"),
            "saved games are kept"
        );
        assert!(page.storage_get(keys::PREFERENCES).await.is_some());

        // The deploy is complete: reload starts the app.
        page.js("localStorage.removeItem('shogi-variants/hasami');", vec![])
            .await;
        page.serve_from(&dist_dir());
        page.click("start-reload").await;
        page.wait_ready().await;
        assert_eq!(failure_screen(&page).await, None);
    });
    let _ = std::fs::remove_dir_all(&broken);
}

/// Waits until the page the test drives is a new document (the mark
/// `window.__e2eBefore`, set before, is gone).
async fn wait_new_document(page: &Page) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while page
        .try_js("return window.__e2eBefore === true;", vec![])
        .await
        != Some(json!(false))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the page did not reload"
        );
        page.sleep(50).await;
    }
}

/// Old glue, new wasm (here the CPU worker's wasm in place of the app's, and then a
/// truncated one): the failure screen, in the browser's language (English) and in the
/// saved one (Japanese); never a blank page.
#[test]
fn a_wasm_of_another_build_shows_the_failure() {
    if harness::skipped() {
        return;
    }
    let other = broken_build("other", |dir, wasm| {
        std::fs::copy(dir.join("cpu_worker_bg.wasm"), wasm).expect("copy the worker's wasm");
    });
    let truncated = broken_build("truncated", |_, wasm| {
        let bytes = std::fs::read(wasm).expect("read the wasm");
        std::fs::write(wasm, &bytes[..bytes.len() / 2]).expect("truncate the wasm");
    });
    let (a, b) = (other.clone(), truncated.clone());
    let options = Options {
        no_start: true,
        ..Options::default()
    };
    run_with(options, move |page| async move {
        page.serve_from(&a);
        page.visit().await;
        assert_eq!(wait_failure(&page).await, english());
        save_language(&page, "ja").await;
        page.visit().await;
        let (title, lang, reload, clear) = wait_failure(&page).await;
        assert_eq!(
            (
                title.as_str(),
                lang.as_str(),
                reload.as_str(),
                clear.as_str()
            ),
            (
                "アプリを起動できませんでした",
                "ja",
                "再読み込み",
                "キャッシュされたアプリを消去"
            )
        );

        page.serve_from(&b);
        page.visit().await;
        assert_eq!(wait_failure(&page).await.1, "ja");
    });
    let _ = std::fs::remove_dir_all(&other);
    let _ = std::fs::remove_dir_all(&truncated);
}

/// A normal start shows no failure screen, and an error once the app runs does not
/// bring it up.
#[test]
fn a_normal_start_never_shows_the_failure() {
    run(|page| async move {
        assert_eq!(failure_screen(&page).await, None);
        let started = page
            .js(
                "return !!document.querySelector('[data-testid=\"board\"]');",
                vec![],
            )
            .await;
        assert_eq!(started, Value::Bool(true));
        // An error after the start (a synthetic one: nothing is logged).
        page.js("window.dispatchEvent(new ErrorEvent('error'));", vec![])
            .await;
        page.sleep(200).await;
        assert_eq!(failure_screen(&page).await, None);
    });
}

/// A part of the app loaded on first use (here the Hasami rules page's wasm) missing
/// from the server, as in a deploy half done: opening it shows the could-not-load
/// screen over the game, with "Reload"; the page never goes dead in silence, and the
/// saved game is kept.
#[test]
fn a_missing_lazy_part_shows_the_failure() {
    if harness::skipped() {
        return;
    }
    let broken = broken_build("part", |dir, _| {
        let part = file_named(dir, |n| {
            n.starts_with("split_hasami_rules-") && n.ends_with(".wasm")
        })
        .expect("the Hasami rules page's wasm in dist/");
        std::fs::remove_file(part).expect("remove the part");
    });
    let dir = broken.clone();
    let options = Options {
        no_start: true,
        ..Options::default()
    };
    run_with(options, move |page| async move {
        page.serve_from(&dir);
        page.visit().await;
        page.wait_ready().await;
        assert_eq!(failure_screen(&page).await, None, "the table loads");
        let saved = page.storage_get("shogi-variants/hasami").await;
        page.click("open-rules").await;
        page.el("start-failed").await;
        assert_eq!(failure_screen(&page).await, Some(english()));
        assert_eq!(
            page.storage_get("shogi-variants/hasami").await,
            saved,
            "the saved game is kept"
        );
    });
    let _ = std::fs::remove_dir_all(&broken);
}
