//! The app shell: it plays offline after the first visit, is installable, works under
//! any sub-path, and a new build is offered and taken whole (in one tab or two).

use crate::harness::{
    self, Options, Page, START_BOARD, any_legal_move, board_of, dist_dir, run, run_with,
    wait_cpu_answer,
};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// Offline play: after the first visit the service worker (Workbox, precaching the
/// whole build) serves the page, so with the host down a reload still opens the same
/// game, and play with the CPU goes on.
#[test]
fn plays_offline_after_the_first_visit() {
    run(|page| async move {
        page.wait_service_worker().await;
        page.play("e1e5").await;
        let (before, _) = wait_cpu_answer(&page, 2).await;

        page.set_server_down(true);
        page.reload().await;
        let snap = page.snapshot().await;
        assert_eq!(snap.board(), board_of(&before), "the same game, offline");
        assert_eq!(snap.status, "Black to move");
        // A move legal whatever the CPU answered (its seed differs at each visit).
        page.play(&any_legal_move(&before)).await;
        wait_cpu_answer(&page, 4).await;

        // Back online; the browser's service-worker update check may have logged the
        // 503 while the host was down, so the clean-run checks start afresh.
        page.set_server_down(false);
        page.clear_logs();
        page.reload().await;
        assert_eq!(page.saved_moves().await.len(), 4);
    });
}

/// Fetches `url` (relative to the page) from the page, through its service worker;
/// returns the status and the text.
async fn fetch_text(page: &Page, url: &str) -> (u16, String) {
    let got = page
        .js_async(
            r#"
            const done = arguments[arguments.length - 1];
            fetch(arguments[0])
              .then((r) => r.text().then((text) => done({ status: r.status, text })))
              .catch((e) => done({ status: 0, text: String(e) }));
            "#,
            vec![json!(url)],
        )
        .await;
    let status = got["status"].as_u64().expect("status") as u16;
    (status, got["text"].as_str().unwrap_or_default().to_string())
}

/// The names of the page's caches (Cache Storage), sorted.
async fn cache_names(page: &Page) -> Vec<String> {
    let names = page
        .js_async(
            "const done = arguments[arguments.length - 1]; caches.keys().then(done, (e) => done(String(e)));",
            vec![],
        )
        .await;
    let mut names: Vec<String> = serde_json::from_value(names.clone())
        .unwrap_or_else(|e| panic!("cache names {names}: {e}"));
    names.sort();
    names
}

/// The expected icons of the manifest: `(src, sizes, purpose)`.
const ICONS: [(&str, &str, &str); 3] = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
];

/// Checks what makes the app installable, on the page as served: the manifest (linked
/// from the page, valid JSON with the fields below, relative `start_url` and `scope`),
/// its icons (each loads as an image of the size it declares), the service worker
/// (its scope is the app's folder; it controls the page, also right after a reload),
/// and Chromium's own verdict (`Page.getInstallabilityErrors` lists nothing,
/// `Page.getAppManifest` reports no error).
async fn check_installable(page: &Page) {
    let url = page.url();
    let href = page
        .js(
            "return document.querySelector('link[rel=manifest]').href;",
            vec![],
        )
        .await;
    assert_eq!(href, json!(format!("{url}manifest.webmanifest")));
    let (status, text) = fetch_text(page, "manifest.webmanifest").await;
    assert_eq!(status, 200, "{text}");
    let manifest: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the manifest is not JSON ({e}): {text}"));
    for (field, value) in [
        ("name", "Hasami Shogi · Yonin Shogi"),
        ("short_name", "Shogi"),
        ("start_url", "./"),
        ("scope", "./"),
        ("id", "./"),
        ("display", "standalone"),
        ("theme_color", "#3b2a1a"),
        ("background_color", "#f3ede2"),
    ] {
        assert_eq!(manifest[field], json!(value), "manifest field {field}");
    }
    let icons: Vec<(String, String, String)> = manifest["icons"]
        .as_array()
        .expect("icons")
        .iter()
        .map(|i| {
            let field = |k: &str| i[k].as_str().unwrap_or_default().to_string();
            (field("src"), field("sizes"), field("purpose"))
        })
        .collect();
    let expected: Vec<(String, String, String)> = ICONS
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(icons, expected);
    for (src, sizes, _) in &icons {
        let size = page
            .js_async(
                r#"
                const done = arguments[arguments.length - 1];
                const img = new Image();
                img.onload = () => done(`${img.naturalWidth}x${img.naturalHeight}`);
                img.onerror = () => done("does not load");
                img.src = new URL(arguments[0], document.querySelector("link[rel=manifest]").href);
                "#,
                vec![json!(src)],
            )
            .await;
        assert_eq!(size, json!(sizes), "icon {src}");
    }

    let sw = format!("{url}sw.js");
    assert_eq!(page.wait_controlled().await, sw);
    page.reload().await;
    let controller = page
        .js(
            "const c = navigator.serviceWorker.controller; return c ? c.scriptURL : null;",
            vec![],
        )
        .await;
    assert_eq!(
        controller,
        json!(sw),
        "a service worker controls the reloaded page"
    );
    let scope = page
        .js_async(
            "const done = arguments[arguments.length - 1]; navigator.serviceWorker.getRegistration().then((r) => done(r ? r.scope : null));",
            vec![],
        )
        .await;
    assert_eq!(
        scope,
        json!(url),
        "the service worker's scope is the app's folder"
    );

    let verdict = page.cdp("Page.getInstallabilityErrors", json!({})).await;
    assert_eq!(
        verdict["installabilityErrors"],
        json!([]),
        "Chromium finds the app installable: {verdict}"
    );
    let seen = page.cdp("Page.getAppManifest", json!({})).await;
    assert_eq!(seen["url"], json!(format!("{url}manifest.webmanifest")));
    assert_eq!(
        seen["errors"],
        json!([]),
        "Chromium's manifest parser: {seen}"
    );
}

/// Installable: manifest, icons, service worker, and Chromium's own installability
/// check, with the app under the harness's sub-path.
#[test]
fn the_app_is_installable() {
    run(|page| async move {
        check_installable(&page).await;
    });
}

/// Another sub-path, three folders deep: the app loads, a move plays and the CPU (in
/// its Web Worker) answers, and it is installable there; nothing is requested outside
/// the sub-path (the harness's clean-run check).
#[test]
fn works_under_another_sub_path() {
    let options = Options {
        base_path: Some("/apps/board-games/shogi/"),
        ..Options::default()
    };
    run_with(options, |page| async move {
        assert!(page.url().ends_with("/apps/board-games/shogi/"));
        assert_eq!(page.snapshot().await.board(), START_BOARD);
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        check_installable(&page).await;
        assert_eq!(
            page.saved_moves().await.len(),
            2,
            "the game survived the reload"
        );
    });
}

/// What a test build changes in its copy of `dist/`: a mark in the page and in the
/// CPU's worker loader (a file whose name is not hashed).
const BUILD_B_MARK: &str = "e2e build B";

/// Copies the folder `from` into `to`, recursively.
pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder");
    for entry in std::fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// "Build B": a copy of `dist/` with [`BUILD_B_MARK`] in `index.html` (a `<meta
/// name="e2e-build">`) and at the end of `cpu_worker_loader.js`, and its service worker
/// made again by `tools/generate-sw.mjs` (as trunk's post-build hook does), in a
/// folder of its own for the test `test`.
fn build_b(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("e2e-build-b-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&dist_dir(), &dir);
    let index = dir.join("index.html");
    let html = std::fs::read_to_string(&index).expect("index.html");
    assert!(html.contains("</head>"));
    let html = html.replacen(
        "</head>",
        &format!("<meta name=\"e2e-build\" content=\"{BUILD_B_MARK}\" /></head>"),
        1,
    );
    std::fs::write(&index, html).expect("write index.html");
    let loader = dir.join("cpu_worker_loader.js");
    let mut js = std::fs::read_to_string(&loader).expect("cpu_worker_loader.js");
    js.push_str(&format!("\n// {BUILD_B_MARK}\n"));
    std::fs::write(&loader, js).expect("write cpu_worker_loader.js");
    let out = std::process::Command::new("node")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/generate-sw.mjs"))
        .arg(&dir)
        .output()
        .expect("run node tools/generate-sw.mjs (Node >= 20, scripts/setup.sh)");
    assert!(
        out.status.success(),
        "generate-sw.mjs failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let sw_a = std::fs::read_to_string(dist_dir().join("sw.js")).expect("dist/sw.js");
    let sw_b = std::fs::read_to_string(dir.join("sw.js")).expect("build B's sw.js");
    assert_ne!(sw_a, sw_b, "build B has its own service worker");
    dir
}

/// The `e2e-build` mark of the page on screen, if any.
async fn build_mark(page: &Page) -> Option<String> {
    page.js(
        "const m = document.querySelector('meta[name=e2e-build]'); return m ? m.content : null;",
        vec![],
    )
    .await
    .as_str()
    .map(str::to_string)
}

/// Updates: with build A open (and its CPU worker running), build B is deployed. The
/// app's update check (hourly, and when the page shows again: here a
/// `visibilitychange`) installs B beside A, and the page offers "A new version is
/// ready: reload" (`update-ready`); a plain reload keeps A and offers B again. Until
/// the offer is taken the page runs A whole: its files, the unhashed
/// worker loader included, still come from A's cache, and play goes on with the CPU;
/// both builds' caches exist. The click reloads into B: B's page and B's loader, one
/// cache left (A's deleted), the game still there, the CPU answering, no console
/// error.
#[test]
fn a_new_build_is_offered_and_reloads_whole() {
    if harness::skipped() {
        return;
    }
    let b = build_b("offer");
    let b_dir = b.clone();
    run(move |page| async move {
        page.wait_controlled().await;
        let caches_a = cache_names(&page).await;
        assert_eq!(caches_a.len(), 1, "{caches_a:?}");
        assert!(caches_a[0].starts_with("shogi-"), "{caches_a:?}");
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let (_, loader_a) = fetch_text(&page, "cpu_worker_loader.js").await;
        assert!(!loader_a.contains(BUILD_B_MARK));
        assert_eq!(build_mark(&page).await, None);
        let offered = "return !!document.querySelector('[data-testid=\"update-ready\"]');";
        assert_eq!(
            page.js(offered, vec![]).await,
            json!(false),
            "nothing new yet"
        );

        page.serve_from(&b_dir);
        // The app's own look for a new build when the page becomes visible again
        // (headless Chromium's page is always visible: the event is enough).
        page.js(
            "document.dispatchEvent(new Event('visibilitychange'));",
            vec![],
        )
        .await;
        let offer = page.el("update-ready").await;
        assert_eq!(
            offer.text().await.expect("offer text"),
            "A new version is ready: reload"
        );
        // A plain reload does not switch builds: the page is A again, and B is offered
        // again (it waits, found at start).
        page.reload().await;
        assert_eq!(build_mark(&page).await, None, "a reload keeps build A");
        page.el("update-ready").await;

        // Build B waits; the page still runs build A, whole.
        let (_, loader) = fetch_text(&page, "cpu_worker_loader.js").await;
        assert_eq!(
            loader, loader_a,
            "the old worker serves the old build's files"
        );
        let caches = cache_names(&page).await;
        assert_eq!(caches.len(), 2, "A's cache and B's: {caches:?}");
        assert!(caches.contains(&caches_a[0]));
        page.play(&any_legal_move(&game)).await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        assert_eq!(build_mark(&page).await, None);

        page.js("window.__e2eBuildA = true;", vec![]).await;
        page.click("update-ready").await;
        wait_reloaded(&page).await;

        assert_eq!(build_mark(&page).await.as_deref(), Some(BUILD_B_MARK));
        let (status, loader) = fetch_text(&page, "cpu_worker_loader.js").await;
        assert_eq!(status, 200);
        assert!(loader.contains(BUILD_B_MARK), "B's worker loader");
        let caches = cache_names(&page).await;
        assert_eq!(caches.len(), 1, "A's cache is gone: {caches:?}");
        assert_ne!(caches[0], caches_a[0]);
        assert_eq!(
            page.js(offered, vec![]).await,
            json!(false),
            "the offer is gone"
        );
        assert_eq!(page.saved_moves().await.len(), 4, "the game is kept");
        page.play(&any_legal_move(&game)).await;
        wait_cpu_answer(&page, 6).await;
    });
    let _ = std::fs::remove_dir_all(&b);
}

/// Waits until the tab the test drives has reloaded (the mark `window.__e2eBuildA`,
/// set before, is gone) and the app has drawn its board again.
async fn wait_reloaded(page: &Page) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    // Scripts may fail while the page navigates.
    while page
        .try_js("return window.__e2eBuildA === true;", vec![])
        .await
        != Some(json!(false))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the page did not reload"
        );
        page.sleep(50).await;
    }
    page.wait_ready().await;
}

/// Two tabs of build A; build B is deployed and both offer it. Taking it in one tab
/// reloads the other too (the new worker now controls it, and the files it has yet to
/// load, the CPU's worker among them, would come from B): both then run build B.
#[test]
fn taking_the_update_in_one_tab_reloads_the_other() {
    if harness::skipped() {
        return;
    }
    let b = build_b("tabs");
    let b_dir = b.clone();
    run(move |page| async move {
        page.wait_controlled().await;
        let (first, second) = page.open_second_tab().await;
        page.wait_controlled().await;
        page.serve_from(&b_dir);
        page.js(
            "document.dispatchEvent(new Event('visibilitychange'));",
            vec![],
        )
        .await;
        page.el("update-ready").await;
        page.switch_tab(&first).await;
        page.el("update-ready").await;
        assert_eq!(build_mark(&page).await, None);
        page.js("window.__e2eBuildA = true;", vec![]).await;

        page.switch_tab(&second).await;
        page.js("window.__e2eBuildA = true;", vec![]).await;
        page.click("update-ready").await;
        wait_reloaded(&page).await;
        assert_eq!(build_mark(&page).await.as_deref(), Some(BUILD_B_MARK));

        page.switch_tab(&first).await;
        wait_reloaded(&page).await;
        assert_eq!(
            build_mark(&page).await.as_deref(),
            Some(BUILD_B_MARK),
            "the other tab runs build B too"
        );
        let offered = "return !!document.querySelector('[data-testid=\"update-ready\"]');";
        assert_eq!(page.js(offered, vec![]).await, json!(false));
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
    });
    let _ = std::fs::remove_dir_all(&b);
}
