//! The rules pages of both games (issue 9): their diagrams, their languages, and
//! Escape (with screenshots in `target/rules-shots/`).

use crate::harness::{Page, run, squares};
use serde_json::{Value, json};
use std::path::Path;

/// `data-square` of the squares with class `class` in the diagram `topic` of the open
/// rules page, sorted.
pub(crate) async fn diagram_marks(page: &Page, topic: &str, class: &str) -> Vec<String> {
    let value = page
        .js(
            r#"return [...document.querySelectorAll(
                   `[data-testid="rules"] [data-testid="diagram-${arguments[0]}"] .sq.${arguments[1]}`)]
                   .map(e => e.dataset.square).sort()"#,
            vec![json!(topic), json!(class)],
        )
        .await;
    serde_json::from_value(value).expect("a list of squares")
}

/// Number of boards drawn inside the rules page (0 when it is closed).
pub(crate) async fn rules_boards(page: &Page) -> u64 {
    page.js(
        r#"return document.querySelectorAll('[data-testid="rules"] [data-testid="board"]').length"#,
        vec![],
    )
    .await
    .as_u64()
    .unwrap_or_default()
}

/// The text of the open rules page.
pub(crate) async fn rules_text(page: &Page) -> String {
    page.js(
        r#"return document.querySelector('[data-testid="rules"]')?.innerText ?? ''"#,
        vec![],
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Opens the rules by the button, checks the page took the focus, and waits for it.
pub(crate) async fn open_rules(page: &Page) {
    page.click("open-rules").await;
    page.el("rules").await;
    assert_eq!(
        page.focused().await,
        "rules-close",
        "the close button has the focus"
    );
}

/// Escape closes the rules page and gives the focus back to the button.
pub(crate) async fn escape_rules(page: &Page) {
    use fantoccini::key::Key;
    page.press(&char::from(Key::Escape).to_string()).await;
    for _ in 0..50 {
        if rules_boards(page).await == 0 && page.focused().await == "open-rules" {
            break;
        }
        page.sleep(100).await;
    }
    let open = page
        .js(
            r#"return !!document.querySelector('[data-testid="rules"]')"#,
            vec![],
        )
        .await;
    assert_eq!(open, Value::Bool(false), "Escape closed the rules");
    assert_eq!(
        page.focused().await,
        "open-rules",
        "the focus is back on the button"
    );
}

/// Saves a screenshot of the page under target/rules-shots (looked at by hand).
pub(crate) async fn rules_shot(page: &Page, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/rules-shots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    page.screenshot(&dir.join(format!("{name}.png"))).await;
}

/// The Hasami rules page (issue 9): opened by the button and by the keyboard, six
/// diagrams drawn by the board component with the marks the captions speak of,
/// a rules term in each language, hints under the local rules, Escape closes.
#[test]
fn rules_hasami_page_diagrams_languages_escape() {
    run(|page| async move {
        // Each local rule has its hint line in the settings.
        for id in ["hint-win", "hint-limit", "hint-alternate"] {
            let text = page.el(id).await.text().await.expect("hint text");
            assert!(text.len() > 30, "{id}: {text:?}");
        }
        open_rules(&page).await;
        assert_eq!(rules_boards(&page).await, 6);
        // The contents link every section: nine topics and the local rules.
        let links = page
            .js(
                r#"return [...document.querySelectorAll('[data-testid="rules"] nav a')]
                       .map(a => document.querySelector(a.getAttribute('href')) ? 1 : 0)
                       .reduce((x, y) => x + y, 0)"#,
                vec![],
            )
            .await;
        assert_eq!(links, json!(10), "every contents link finds its section");
        // The diagrams show what their captions say (RULES H2, H3).
        assert_eq!(
            diagram_marks(&page, "movement", "target").await,
            squares(&[
                "c5", "d5", "e1", "e2", "e3", "e4", "e6", "e7", "f5", "g5", "h5", "i5"
            ])
        );
        assert_eq!(
            diagram_marks(&page, "capture", "captured").await,
            squares(&["d5"])
        );
        assert_eq!(
            diagram_marks(&page, "capture-many", "captured").await,
            squares(&["c5", "d5", "e6", "e7"])
        );
        assert_eq!(
            diagram_marks(&page, "corner", "captured").await,
            squares(&["a1"])
        );
        assert!(diagram_marks(&page, "safe", "captured").await.is_empty());
        assert_eq!(
            diagram_marks(&page, "no-move", "check").await,
            squares(&["a1"])
        );
        // The diagrams are not tab stops: Tab from the close button goes to the contents.
        let focusable = page
            .js(
                r#"return [...document.querySelectorAll('[data-testid="rules"] .sq')]
                       .filter(e => !e.closest('[inert]')).length"#,
                vec![],
            )
            .await;
        assert_eq!(
            focusable,
            json!(0),
            "every diagram square sits in an inert board"
        );
        let text = rules_text(&page).await;
        for term in [
            "Capturing by sandwich",
            "The corner capture",
            "Repetition",
            "Move limit",
        ] {
            assert!(text.contains(term), "{term:?} in the English rules");
        }
        rules_shot(&page, "hasami-en").await;
        escape_rules(&page).await;

        // With the keyboard: the button is focused, Enter opens.
        use fantoccini::key::Key;
        page.js(
            r#"document.querySelector('[data-testid="open-rules"]').focus()"#,
            vec![],
        )
        .await;
        page.press(&char::from(Key::Enter).to_string()).await;
        page.el("rules").await;
        assert_eq!(page.focused().await, "rules-close");
        // The close button closes too.
        page.click("rules-close").await;
        for _ in 0..50 {
            if rules_boards(&page).await == 0 {
                break;
            }
            page.sleep(100).await;
        }
        assert_eq!(rules_boards(&page).await, 0);

        // The browser's Back (a phone's back gesture) closes the rules and stays in the
        // app, after the rules were closed by their button before.
        let here = page.js("return location.href", vec![]).await;
        open_rules(&page).await;
        page.js("history.back()", vec![]).await;
        for _ in 0..50 {
            if rules_boards(&page).await == 0 {
                break;
            }
            page.sleep(100).await;
        }
        assert_eq!(rules_boards(&page).await, 0, "Back closed the rules");
        page.sleep(300).await;
        assert_eq!(page.js("return location.href", vec![]).await, here);
        page.el("board").await;

        for (lang, terms) in [
            ("pt", ["Captura em sanduíche", "A captura no canto"]),
            ("es", ["Captura en sándwich", "La captura en la esquina"]),
            ("ru", ["Взятие зажимом", "Взятие в углу"]),
            ("ja", ["はさんで取る", "隅の駒を取る"]),
        ] {
            page.select("lang", lang).await;
            open_rules(&page).await;
            let text = rules_text(&page).await;
            for term in terms {
                assert!(text.contains(term), "{term:?} in the {lang} rules");
            }
            assert_eq!(rules_boards(&page).await, 6);
            escape_rules(&page).await;
        }
    });
}

/// The Yonin rules page (issue 9): seven diagrams, the check-priority diagram shows
/// the rook on c9 and North's king in check, the mate diagram North's king turned
/// over and its pieces now South's; a rules term in each language; hints under the
/// local rules; Escape closes.
#[test]
fn rules_yonin_page_diagrams_languages_escape() {
    run(|page| async move {
        page.switch_game("yonin").await;
        for id in [
            "hint-format",
            "hint-end",
            "hint-eliminated",
            "hint-limit",
            "hint-alternate",
        ] {
            let text = page.el(id).await.text().await.expect("hint text");
            assert!(text.len() > 30, "{id}: {text:?}");
        }
        open_rules(&page).await;
        assert_eq!(rules_boards(&page).await, 7);
        // RULES Y3.3: after c2-c9, North is in check (its king e9 glows).
        assert_eq!(
            diagram_marks(&page, "check-priority", "check").await,
            squares(&["e9"])
        );
        assert_eq!(
            diagram_marks(&page, "check-priority", "last").await,
            squares(&["c2", "c9"])
        );
        let side = |topic: &str, sq: &str| {
            let page = page.clone();
            let (topic, sq) = (topic.to_string(), sq.to_string());
            async move {
                page.js(
                    r#"return document.querySelector(
                        `[data-testid="rules"] [data-testid="diagram-${arguments[0]}"] [data-testid="piece-${arguments[1]}"]`
                    )?.dataset.side ?? null"#,
                    vec![json!(topic), json!(sq)],
                )
                .await
            }
        };
        assert_eq!(side("check-priority", "c9").await, json!("south"));
        // RULES Y5: North's king turned over (no owner), its silvers South's.
        assert_eq!(side("mate", "e9").await, json!("none"));
        assert_eq!(side("mate", "d8").await, json!("south"));
        assert_eq!(side("mate", "e8").await, json!("south"));
        // RULES Y4: no pawn drop on file c (nifu) nor on e8 (pawn-drop mate).
        let drops = diagram_marks(&page, "drops", "target").await;
        assert!(!drops.is_empty());
        assert!(drops.iter().all(|s| !s.starts_with('c')), "{drops:?}");
        assert!(!drops.contains(&"e8".to_string()));
        let text = rules_text(&page).await;
        for term in [
            "Check and check priority",
            "Nifu",
            "Pawn-drop mate",
            "Pairs",
        ] {
            assert!(text.contains(term), "{term:?} in the English rules");
        }
        rules_shot(&page, "yonin-en").await;
        escape_rules(&page).await;
        for (lang, terms) in [
            (
                "pt",
                [
                    "Xeque e prioridade de xeque",
                    "Mate com peão largado",
                    "Promoção",
                ],
            ),
            (
                "es",
                [
                    "Jaque y prioridad de jaque",
                    "Mate al soltar un peón",
                    "Promoción",
                ],
            ),
            ("ru", ["Шах и приоритет шаха", "Нифу", "Превращение"]),
            ("ja", ["王手と王手の優先", "二歩", "打ち歩詰め"]),
        ] {
            page.select("lang", lang).await;
            open_rules(&page).await;
            let text = rules_text(&page).await;
            for term in terms {
                assert!(text.contains(term), "{term:?} in the {lang} rules");
            }
            assert_eq!(rules_boards(&page).await, 7);
            escape_rules(&page).await;
        }
    });
}
