//! Accessibility checked by a machine (issue 9): axe-core (npm, `tools/package.json`,
//! installed by `scripts/setup.sh`) is injected into the real built page (`dist/`) and
//! run on every main screen of both games, in the light and the dark theme: the choice
//! of a game, each board (with each piece set, and on a 360 px phone), its settings,
//! its rules page, and Hasami's New game and Resign questions and result. A violation
//! of serious or critical impact fails the test, with its rule, the elements it was
//! found on and axe's help.

use crate::harness::{Page, run};
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

/// Waits until the element `css` is on the page (`present`) or gone from it (not
/// `present`), or fails after a few seconds.
async fn wait_css(page: &Page, css: &str, present: bool) {
    for _ in 0..100 {
        let found = page
            .js(
                "return !!document.querySelector(arguments[0])",
                vec![json!(css)],
            )
            .await;
        if found == Value::Bool(present) {
            return;
        }
        page.sleep(50).await;
    }
    if present {
        panic!("{css} did not appear");
    }
    panic!("{css} did not go");
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

/// A screen that axe scans, reached from the board and left for the board again.
#[derive(Clone, Copy)]
enum Screen {
    /// The board as it is.
    Board,
    /// The board with the first piece set, then back to the second (the set before).
    PieceSet(&'static str, &'static str),
    /// The settings panel of the game on screen (a `<details>`, open by default on
    /// wide screens), left open.
    Settings,
    /// The rules page of the game on screen.
    Rules,
    /// The question that the button `button` asks (New game, Resign), answered No.
    Question(&'static str),
    /// The choice of a game, left for Hasami again.
    GameChoice,
}

impl Screen {
    /// Goes from the board to this screen.
    async fn reach(self, page: &Page) {
        match self {
            Screen::Board => {}
            Screen::PieceSet(set, _) => {
                page.select("piece-set", set).await;
                page.sleep(100).await;
            }
            Screen::Settings => {
                page.js(
                    r#"const d = document.querySelector('[data-testid="settings"]'); d.open = true;
                    d.scrollIntoView();"#,
                    vec![],
                )
                .await;
                page.sleep(100).await;
            }
            Screen::Rules => {
                page.click("open-rules").await;
                wait_css(page, "[data-testid=rules]", true).await;
                page.sleep(100).await;
            }
            Screen::Question(button) => {
                page.click(button).await;
                page.wait_for("the question", |s| s.confirm).await;
                page.sleep(100).await;
            }
            Screen::GameChoice => {
                page.click("games").await;
                wait_css(page, "[data-testid=game-hasami]", true).await;
                page.sleep(100).await;
            }
        }
    }

    /// Goes back from this screen to the board.
    async fn leave(self, page: &Page) {
        match self {
            Screen::Board | Screen::Settings => {}
            Screen::PieceSet(_, back) => page.select("piece-set", back).await,
            Screen::Rules => {
                page.click("rules-close").await;
                wait_css(page, "[data-testid=rules]", false).await;
            }
            Screen::Question(_) => {
                page.click("confirm-no").await;
                page.wait_for("no question", |s| !s.confirm).await;
            }
            Screen::GameChoice => {
                page.click("game-hasami").await;
                page.switch_game("hasami").await;
            }
        }
    }
}

/// Scans each of `screens`, in this order, in the light and then the dark theme, and
/// returns the serious violations found; each screen is named in them as given, with
/// the theme added.
async fn scan_screens(page: &Page, axe: &str, screens: &[(&str, Screen)]) -> Vec<String> {
    let mut found = Vec::new();
    for theme in ["light", "dark"] {
        page.select("theme", theme).await;
        page.sleep(100).await;
        for &(name, screen) in screens {
            screen.reach(page).await;
            found.extend(serious_violations(page, axe, &format!("{name}, {theme}")).await);
            screen.leave(page).await;
        }
    }
    found
}

/// The choice of a game and every Hasami screen, light and dark.
#[test]
fn axe_finds_nothing_serious_on_the_hasami_screens() {
    run(|page| async move {
        let axe = axe_source();
        page.emulate_media(Some("light"), true).await;
        // A game in progress, so that New game and Resign ask first.
        page.play("e1e5").await;
        page.wait_saved("the CPU's answer", |g| g.moves().len() >= 2)
            .await;
        page.wait_status("Black to move").await;
        let screens = [
            ("hasami board", Screen::Board),
            // The traditional pieces too (歩 and と are text).
            (
                "hasami board, shogi pawns",
                Screen::PieceSet("kanji", "marks"),
            ),
            ("hasami settings", Screen::Settings),
            ("hasami rules", Screen::Rules),
            ("hasami new game question", Screen::Question("new-game")),
            ("hasami resign question", Screen::Question("resign")),
            ("game choice", Screen::GameChoice),
        ];
        let mut found = scan_screens(&page, &axe, &screens).await;
        // A 360 px phone, where the layout differs.
        page.set_viewport(360, 740).await;
        found.extend(scan_screens(&page, &axe, &[("hasami board, 360 px", Screen::Board)]).await);
        page.set_viewport(1280, 800).await;
        // The result of a game, in the system's light and dark (the theme select is
        // behind the dialog).
        page.select("theme", "system").await;
        page.click("resign").await;
        page.wait_for("the question", |s| s.confirm).await;
        page.click("confirm-yes").await;
        wait_css(&page, "[data-testid=result-dialog]", true).await;
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
    run(|page| async move {
        let axe = axe_source();
        page.emulate_media(Some("light"), true).await;
        page.switch_game("yonin").await;
        let screens = [
            ("yonin board", Screen::Board),
            // The Latin letters too.
            ("yonin board, letters", Screen::PieceSet("letters", "kanji")),
            ("yonin settings", Screen::Settings),
            ("yonin rules", Screen::Rules),
        ];
        let mut found = scan_screens(&page, &axe, &screens).await;
        // A 360 px phone, where the layout differs.
        page.set_viewport(360, 740).await;
        found.extend(scan_screens(&page, &axe, &[("yonin board, 360 px", Screen::Board)]).await);
        assert_none(&found);
    });
}

/// The check is not blind: a page with an unlabelled button and grey-on-grey text
/// is reported, rule by rule.
#[test]
fn axe_reports_what_it_finds() {
    run(|page| async move {
        let axe = axe_source();
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
