//! Accessibility checked by a machine (issue 9): axe-core (npm, `tools/package.json`,
//! installed by `scripts/setup.sh`) is injected into the real built page (`dist/`, as
//! in `tests/e2e.rs`) and run on every main screen of both games, in the light and the
//! dark theme: the choice of a game, each board (with each piece set, and on a 360 px
//! phone), its settings, its rules page, and Hasami's New game and Resign questions
//! and result. A violation of serious or critical impact fails the test, with its
//! rule, the elements it was found on and axe's help.

#[path = "e2e/harness.rs"]
#[allow(
    dead_code,
    reason = "most helpers of the harness drive games, which these tests do not"
)]
mod harness;

use harness::{Page, run};
use serde_json::{Value, json};
use std::path::Path;

/// axe-core's browser build.
const AXE_JS: &str = "tools/node_modules/axe-core/axe.min.js";

/// The source of axe-core, read once per test.
fn axe_source() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(AXE_JS);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run scripts/setup.sh (it installs the npm tools)",
            path.display()
        )
    })
}

/// Runs axe on the page as it is (injecting axe first if the page does not have it)
/// and returns its violations of serious or critical impact, one line each, naming
/// `screen`.
async fn serious_violations(page: &Page, axe: &str, screen: &str) -> Vec<String> {
    let result = page
        .js_async(
            r#"const [source, done] = arguments;
            if (!window.axe) { (0, eval)(source); }
            window.axe
                .run(document, { resultTypes: ['violations'] })
                .then(r => done(r.violations.map(v => ({
                    id: v.id,
                    impact: v.impact,
                    help: v.help,
                    url: v.helpUrl,
                    nodes: v.nodes.map(n => ({
                        target: n.target.join(' '),
                        summary: n.failureSummary,
                    })),
                }))))
                .catch(e => done({ error: String(e) }));"#,
            vec![json!(axe)],
        )
        .await;
    if let Some(error) = result.get("error") {
        panic!("{screen}: axe failed: {error}");
    }
    let Value::Array(violations) = result else {
        panic!("{screen}: axe answered {result}");
    };
    let mut out = Vec::new();
    for v in violations {
        let impact = v["impact"].as_str().unwrap_or("");
        if !matches!(impact, "serious" | "critical") {
            continue;
        }
        let nodes: Vec<String> = v["nodes"]
            .as_array()
            .map(|nodes| {
                nodes
                    .iter()
                    .map(|n| {
                        format!(
                            "      {}\n        {}",
                            n["target"].as_str().unwrap_or("?"),
                            n["summary"]
                                .as_str()
                                .unwrap_or("")
                                .replace('\n', "\n        ")
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.push(format!(
            "{screen}: {} ({impact}): {} <{}>\n{}",
            v["id"].as_str().unwrap_or("?"),
            v["help"].as_str().unwrap_or(""),
            v["url"].as_str().unwrap_or(""),
            nodes.join("\n")
        ));
    }
    out
}

/// Waits until the element `css` is on the page (or fails after a few seconds).
async fn wait_css(page: &Page, css: &str) {
    for _ in 0..100 {
        let found = page
            .js(
                "return !!document.querySelector(arguments[0])",
                vec![json!(css)],
            )
            .await;
        if found == Value::Bool(true) {
            return;
        }
        page.sleep(50).await;
    }
    panic!("{css} did not appear");
}

/// Waits until no element matches `css`.
async fn wait_gone(page: &Page, css: &str) {
    for _ in 0..100 {
        let found = page
            .js(
                "return !!document.querySelector(arguments[0])",
                vec![json!(css)],
            )
            .await;
        if found == Value::Bool(false) {
            return;
        }
        page.sleep(50).await;
    }
    panic!("{css} did not go");
}

/// Opens the settings panel of the game on screen (a `<details>`, open by default on
/// wide screens).
async fn open_settings(page: &Page) {
    page.js(
        r#"const d = document.querySelector('[data-testid="settings"]'); d.open = true;
        d.scrollIntoView();"#,
        vec![],
    )
    .await;
    page.sleep(100).await;
}

/// Opens the rules page of the game on screen.
async fn open_rules(page: &Page) {
    page.click("open-rules").await;
    wait_css(page, "[data-testid=rules]").await;
    page.sleep(100).await;
}

/// Closes the rules page.
async fn close_rules(page: &Page) {
    page.click("rules-close").await;
    wait_gone(page, "[data-testid=rules]").await;
}

/// Fails with every violation found, if any.
fn assert_none(found: &[String]) {
    assert!(
        found.is_empty(),
        "axe found {} violation(s) of serious or critical impact:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The choice of a game and every Hasami screen, light and dark.
#[test]
fn axe_finds_nothing_serious_on_the_hasami_screens() {
    let axe = axe_source();
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        let mut found = Vec::new();
        // A game in progress, so that New game and Resign ask first.
        page.play("e1e5").await;
        page.wait_saved("the CPU's answer", |g| g.moves().len() >= 2)
            .await;
        page.wait_status("Black to move").await;
        for theme in ["light", "dark"] {
            page.select("theme", theme).await;
            page.sleep(100).await;
            found.extend(serious_violations(&page, &axe, &format!("hasami board, {theme}")).await);
            // The traditional pieces too (歩 and と are text).
            page.select("piece-set", "kanji").await;
            page.sleep(100).await;
            found.extend(
                serious_violations(&page, &axe, &format!("hasami board, shogi pawns, {theme}"))
                    .await,
            );
            page.select("piece-set", "marks").await;
            open_settings(&page).await;
            found.extend(
                serious_violations(&page, &axe, &format!("hasami settings, {theme}")).await,
            );
            open_rules(&page).await;
            found.extend(serious_violations(&page, &axe, &format!("hasami rules, {theme}")).await);
            close_rules(&page).await;
            for (button, name) in [("new-game", "new game"), ("resign", "resign")] {
                page.click(button).await;
                page.wait_for("the question", |s| s.confirm).await;
                page.sleep(100).await;
                found.extend(
                    serious_violations(&page, &axe, &format!("hasami {name} question, {theme}"))
                        .await,
                );
                page.click("confirm-no").await;
                page.wait_for("no question", |s| !s.confirm).await;
            }
            page.click("games").await;
            wait_css(&page, "[data-testid=game-hasami]").await;
            page.sleep(100).await;
            found.extend(serious_violations(&page, &axe, &format!("game choice, {theme}")).await);
            page.click("game-hasami").await;
            page.switch_game("hasami").await;
        }
        // A 360 px phone, where the layout differs.
        page.set_viewport(360, 740).await;
        for theme in ["light", "dark"] {
            page.select("theme", theme).await;
            page.sleep(100).await;
            found.extend(
                serious_violations(&page, &axe, &format!("hasami board, 360 px, {theme}")).await,
            );
        }
        page.set_viewport(1280, 800).await;
        // The result of a game, in the system's light and dark (the theme select is
        // behind the dialog).
        page.select("theme", "system").await;
        page.click("resign").await;
        page.wait_for("the question", |s| s.confirm).await;
        page.click("confirm-yes").await;
        wait_css(&page, "[data-testid=result-dialog]").await;
        for scheme in ["light", "dark"] {
            page.emulate_media(Some(scheme), true).await;
            page.sleep(100).await;
            found
                .extend(serious_violations(&page, &axe, &format!("hasami result, {scheme}")).await);
        }
        assert_none(&found);
    });
}

/// Every Yonin screen, light and dark.
#[test]
fn axe_finds_nothing_serious_on_the_yonin_screens() {
    let axe = axe_source();
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        page.switch_game("yonin").await;
        let mut found = Vec::new();
        for theme in ["light", "dark"] {
            page.select("theme", theme).await;
            page.sleep(100).await;
            found.extend(serious_violations(&page, &axe, &format!("yonin board, {theme}")).await);
            // The Latin letters too.
            page.select("piece-set", "letters").await;
            page.sleep(100).await;
            found.extend(
                serious_violations(&page, &axe, &format!("yonin board, letters, {theme}")).await,
            );
            page.select("piece-set", "kanji").await;
            open_settings(&page).await;
            found
                .extend(serious_violations(&page, &axe, &format!("yonin settings, {theme}")).await);
            open_rules(&page).await;
            found.extend(serious_violations(&page, &axe, &format!("yonin rules, {theme}")).await);
            close_rules(&page).await;
        }
        // A 360 px phone, where the layout differs.
        page.set_viewport(360, 740).await;
        for theme in ["light", "dark"] {
            page.select("theme", theme).await;
            page.sleep(100).await;
            found.extend(
                serious_violations(&page, &axe, &format!("yonin board, 360 px, {theme}")).await,
            );
        }
        assert_none(&found);
    });
}

/// The check is not blind: a page with an unlabelled button and grey-on-grey text
/// is reported, rule by rule.
#[test]
fn axe_reports_what_it_finds() {
    let axe = axe_source();
    run(|page| async move {
        page.js(
            r#"const b = document.createElement('button'); b.id = 'axe-bad-button';
            document.body.append(b);
            const p = document.createElement('p'); p.id = 'axe-bad-text';
            p.textContent = 'faint'; p.style.color = '#bbb'; p.style.background = '#ccc';
            document.body.append(p);"#,
            vec![],
        )
        .await;
        let found = serious_violations(&page, &axe, "planted").await;
        assert!(
            found
                .iter()
                .any(|v| v.starts_with("planted: button-name (critical)")
                    && v.contains("#axe-bad-button")),
            "{found:#?}"
        );
        assert!(
            found
                .iter()
                .any(|v| v.starts_with("planted: color-contrast (serious)")
                    && v.contains("#axe-bad-text")),
            "{found:#?}"
        );
        page.js(
            "document.getElementById('axe-bad-button').remove(); document.getElementById('axe-bad-text').remove();",
            vec![],
        )
        .await;
    });
}
