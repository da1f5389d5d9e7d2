//! How the page looks (issue 9): themes, piece sets, safe dialogs, notices that can be
//! closed, and both games at every screen size in both themes (with screenshots).

use crate::harness::{Page, START_BOARD, run, wait_cpu_answer};
use shogi_variants::session::storage::keys;

/// The page's background in the light and the dark palette (style/main.css, --bg).
const LIGHT_BG: &str = "rgb(243, 237, 226)";

const DARK_BG: &str = "rgb(22, 18, 14)";

/// The dialog's panel in both palettes (--panel).
const LIGHT_PANEL: &str = "rgb(255, 250, 241)";

const DARK_PANEL: &str = "rgb(36, 30, 24)";

/// The theme switch: the page, the board, the settings and the dialogs change colour at
/// once, the choice is saved and kept after a reload, and "system" follows the
/// system's `prefers-color-scheme` both ways.
#[test]
fn theme_switch_changes_the_colours_and_is_kept() {
    run(|page| async move {
        page.emulate_media(Some("light"), false).await;
        assert_eq!(page.value("theme").await, "system");
        assert_eq!(page.computed("body", "background-color").await, LIGHT_BG);
        let light_board = page
            .computed("[data-testid=board]", "background-image")
            .await;
        assert!(light_board.contains("rgb(233, 196, 138)"), "{light_board}");
        assert_eq!(
            page.computed("[data-testid=sq-e5]", "border-right-color")
                .await,
            "rgb(91, 61, 28)"
        );

        page.select("theme", "dark").await;
        assert_eq!(page.computed("body", "background-color").await, DARK_BG);
        assert_eq!(
            page.js("return document.documentElement.dataset.theme", vec![])
                .await,
            serde_json::json!("dark")
        );
        let dark_board = page
            .computed("[data-testid=board]", "background-image")
            .await;
        assert!(
            dark_board.contains("rgb(140, 108, 66)") && !dark_board.contains("rgb(233, 196, 138)"),
            "{dark_board}"
        );
        assert_eq!(
            page.computed("[data-testid=sq-e5]", "border-right-color")
                .await,
            "rgb(20, 13, 5)",
            "the board's lines"
        );
        assert_eq!(
            page.computed("[data-testid=settings]", "background-color")
                .await,
            DARK_PANEL,
            "the settings panel"
        );
        assert_eq!(
            page.computed("[data-testid=set-win]", "color").await,
            "rgb(237, 228, 214)",
            "light text in the settings' selects"
        );
        assert_eq!(page.saved_preferences().await["theme"], "dark");

        // A dialog in the dark palette.
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        page.click("new-game").await;
        page.wait_for("the question", |s| s.confirm).await;
        assert_eq!(
            page.computed("[data-testid=confirm-dialog]", "background-color")
                .await,
            DARK_PANEL
        );
        page.click("confirm-no").await;
        page.wait_for("no question", |s| !s.confirm).await;

        // Kept after a reload, before and after the app starts.
        page.reload().await;
        assert_eq!(page.value("theme").await, "dark");
        assert_eq!(page.computed("body", "background-color").await, DARK_BG);

        // Light wins over a dark system; "system" follows it.
        page.emulate_media(Some("dark"), false).await;
        page.select("theme", "light").await;
        assert_eq!(page.computed("body", "background-color").await, LIGHT_BG);
        page.select("theme", "system").await;
        assert_eq!(page.computed("body", "background-color").await, DARK_BG);
        assert_eq!(
            page.js(
                "return document.documentElement.hasAttribute('data-theme')",
                vec![]
            )
            .await,
            serde_json::json!(false)
        );
        page.emulate_media(Some("light"), false).await;
        assert_eq!(page.computed("body", "background-color").await, LIGHT_BG);
        assert_eq!(page.saved_preferences().await["theme"], "system");
        page.click("new-game").await;
        page.wait_for("the question", |s| s.confirm).await;
        assert_eq!(
            page.computed("[data-testid=confirm-dialog]", "background-color")
                .await,
            LIGHT_PANEL
        );
        page.click("confirm-no").await;
    });
}

/// The text on the Hasami piece on `sq`, empty for the marks.
pub(crate) async fn piece_text(page: &Page, sq: &str) -> String {
    page.js(
        "const p = document.querySelector(`[data-testid=\"piece-${arguments[0]}\"]`);
         return p ? p.textContent.trim() : null;",
        vec![serde_json::json!(sq)],
    )
    .await
    .as_str()
    .unwrap_or_else(|| panic!("no piece on {sq}"))
    .to_string()
}

/// The piece set: Hasami shows 歩 for Black and と for White (pointing the other way)
/// on shogi pentagons, the choice is saved with the table and kept after a reload, and
/// the marks come back.
#[test]
fn piece_set_switch_shows_shogi_pawns_and_is_kept() {
    use shogi_variants::session::hasami::PieceStyle;
    run(|page| async move {
        assert_eq!(page.value("piece-set").await, "marks");
        assert_eq!(piece_text(&page, "e1").await, "");
        page.select("piece-set", "kanji").await;
        page.wait_for("the pawns", |s| s.pieces.len() == 18).await;
        assert_eq!(piece_text(&page, "e1").await, "歩");
        assert_eq!(piece_text(&page, "e9").await, "と");
        let facing = |sq: &'static str| {
            let page = page.clone();
            async move {
                page.js(
                    "return document.querySelector(`[data-testid=\"piece-${arguments[0]}\"] svg`).dataset.facing",
                    vec![serde_json::json!(sq)],
                )
                .await
            }
        };
        assert_eq!(facing("e1").await, "north");
        assert_eq!(
            facing("e9").await,
            "south",
            "the opponent's point the other way"
        );
        assert_eq!(
            page.saved()
                .await
                .expect("saved with the table")
                .settings
                .pieces,
            PieceStyle::Kanji
        );
        // The player cards show the same pieces.
        let icons = page
            .js(
                "return [...document.querySelectorAll('.player-icon')].map(e => e.textContent.trim()).sort()",
                vec![],
            )
            .await;
        assert_eq!(icons, serde_json::json!(["と", "歩"]));

        page.reload().await;
        assert_eq!(page.value("piece-set").await, "kanji");
        assert_eq!(piece_text(&page, "a1").await, "歩");
        assert_eq!(piece_text(&page, "a9").await, "と");
        // A game goes on with them.
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        assert_eq!(piece_text(&page, "e5").await, "歩");

        page.select("piece-set", "marks").await;
        assert_eq!(piece_text(&page, "e5").await, "");
        assert_eq!(
            page.saved().await.expect("saved").settings.pieces,
            PieceStyle::Marks
        );
    });
}

/// The relative luminance of a computed colour `rgb(r, g, b)` (WCAG).
fn luminance(rgb: &str) -> f64 {
    let channels: Vec<f64> = rgb
        .trim_start_matches("rgba(")
        .trim_start_matches("rgb(")
        .trim_end_matches(')')
        .split(',')
        .take(3)
        .map(|c| {
            c.trim()
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("a colour: {rgb}"))
                / 255.0
        })
        .map(|c| {
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        })
        .collect();
    assert_eq!(channels.len(), 3, "{rgb}");
    0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
}

/// Hasami's marks in the top bar's piece set: their name has no glyphs ● ○ (text in the
/// text's colour, read swapped in the dark theme) in any language; beside the select,
/// Black's and White's dots are drawn as the move list draws them, Black darker than
/// White, in both themes; the pawns have none. Screenshots:
/// `target/screenshots/piece-set-marks-THEME.png`.
#[test]
fn hasami_marks_beside_the_piece_set_are_the_move_lists_dots_in_both_themes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    run(|page| async move {
        page.set_viewport(1280, 800).await;
        assert_eq!(page.value("piece-set").await, "marks");
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        for theme in ["light", "dark"] {
            page.select("theme", theme).await;
            let mut fills = Vec::new();
            for seat in ["black", "white"] {
                let swatch = format!("[data-testid=piece-set-swatch] .dot.seat-{seat}");
                let listed = format!("[data-testid=move-list] .dot.seat-{seat}");
                let rect = page.rect(&swatch).await.expect("a dot beside the select");
                assert!(rect[2] - rect[0] >= 6.0, "{theme} {seat}: {rect:?}");
                for property in [
                    "background-color",
                    "border-top-color",
                    "border-top-width",
                    "border-top-left-radius",
                ] {
                    let drawn = page.computed(&swatch, property).await;
                    let in_list = page.computed(&listed, property).await;
                    assert!(
                        !in_list.is_empty(),
                        "{theme}: no {seat} dot in the move list"
                    );
                    assert_eq!(drawn, in_list, "{theme} {seat}: {property}");
                }
                fills.push(page.computed(&swatch, "background-color").await);
            }
            assert!(
                luminance(&fills[0]) < luminance(&fills[1]),
                "{theme}: Black's dot {} is not darker than White's {}",
                fills[0],
                fills[1]
            );
            page.save_screenshot(&dir.join(format!("piece-set-marks-{theme}.png")))
                .await;
        }
        for lang in ["en", "pt", "es", "ru", "ja"] {
            page.select("lang", lang).await;
            let names = page
                .js(
                    "return [...document.querySelectorAll('[data-testid=\"piece-set\"] option')]
                       .map((o) => o.text)",
                    vec![],
                )
                .await;
            let names: Vec<String> = serde_json::from_value(names).expect("the names");
            assert_eq!(names.len(), 2, "{lang}: {names:?}");
            assert!(
                names.iter().all(|n| !n.contains(['●', '○'])),
                "{lang}: {names:?}"
            );
            assert!(
                page.rect("[data-testid=piece-set-swatch]").await.is_some(),
                "{lang}"
            );
        }
        page.select("lang", "en").await;
        page.select("piece-set", "kanji").await;
        assert_eq!(page.rect("[data-testid=piece-set-swatch]").await, None);
        page.select("piece-set", "marks").await;
        page.select("theme", "system").await;
    });
}

/// New game and Resign put the focus on the safe answer: Enter keeps the game.
#[test]
fn enter_in_a_confirm_dialog_keeps_the_game() {
    use fantoccini::key::Key;
    let enter = char::from(Key::Enter).to_string();
    run(|page| async move {
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        for button in ["new-game", "resign"] {
            page.click(button).await;
            page.wait_for("the question", |s| s.confirm).await;
            assert_eq!(page.focused().await, "confirm-no", "{button}");
            page.press(&enter).await;
            let snap = page.wait_for("no question", |s| !s.confirm).await;
            assert_eq!(snap.status, "Black to move", "{button}");
            let saved = page.saved().await.expect("saved");
            assert_eq!(saved.game.moves().len(), 2, "{button}: the game is kept");
            assert_eq!(saved.game.outcome(), None, "{button}");
        }
        // The risky answer is still there.
        page.click("new-game").await;
        page.wait_for("the question", |s| s.confirm).await;
        page.click("confirm-yes").await;
        page.wait_for("a new game", |s| !s.confirm && s.board() == START_BOARD)
            .await;
    });
}

/// A damaged saved theme: the theme falls back to "system" with a notice, the language
/// and the game last played are kept. The notice lies over the bottom of the window
/// without covering the board on a 360 px phone (nor the top bar), and its close button
/// dismisses it.
#[test]
fn a_corrupt_theme_falls_back_with_a_notice_that_can_be_closed() {
    run(|page| async move {
        page.select("lang", "pt").await;
        page.play("e1e5").await;
        page.storage_set(
            keys::PREFERENCES,
            r#"{"app":"shogi-variants","data":{"game":"hasami","locale":"pt","theme":"purple"},"version":1}"#,
        )
        .await;
        page.set_viewport(360, 740).await;
        page.reload().await;
        page.sleep(300).await;
        let snap = page.wait_for("the notice", |s| !s.notices.is_empty()).await;
        assert_eq!(
            snap.notices,
            [
                "Não foi possível ler o tema guardado (dados danificados); usa-se o tema do sistema. \
              As outras preferências mantêm-se. Uma cópia dos dados ilegíveis ficou guardada neste dispositivo."
            ]
        );
        assert_eq!(page.value("theme").await, "system");
        assert_eq!(page.value("lang").await, "pt", "the language is kept");
        assert_eq!(snap.new_game, "Nova partida");
        assert!(!page.saved_moves().await.is_empty(), "the game is kept");
        assert_eq!(
            page.storage_get(&format!("{}{}", keys::PREFERENCES, keys::UNREADABLE_SUFFIX))
                .await
                .as_deref(),
            Some(
                r#"{"app":"shogi-variants","data":{"game":"hasami","locale":"pt","theme":"purple"},"version":1}"#
            )
        );

        let notice = page.rect("[data-testid=notice]").await.expect("notice");
        let board = page.rect("[data-testid=board]").await.expect("board");
        let topbar = page.rect(".topbar").await.expect("top bar");
        assert!(
            notice[1] >= board[3] && notice[1] >= topbar[3] && notice[3] <= 740.5,
            "the notice {notice:?} is under the board {board:?}, in the window, not over it"
        );
        page.click("notice-close").await;
        page.wait_for("no notice", |s| s.notices.is_empty()).await;
        page.reload().await;
        assert!(
            page.snapshot().await.notices.is_empty(),
            "saved clean again"
        );
        assert_eq!(
            page.saved_preferences().await,
            serde_json::json!({
                "game": "hasami",
                "locale": "pt",
                "theme": "system",
                "sound": true,
                "motion": "animated",
                "confirm_move": false
            }),
            "the readable preferences saved back"
        );
    });
}

/// The sizes the layouts are checked at: phones upright (480 px: a large one, between
/// the narrow phones' top bar and the wide one), a tablet, a laptop, a phone held
/// sideways.
const SIZES: [(u32, u32); 7] = [
    (320, 640),
    (360, 740),
    (390, 844),
    (480, 900),
    (768, 1024),
    (1280, 800),
    (740, 360),
];

/// Checks the layout of the game on screen at the current size: nothing wider than the
/// screen; on a laptop (1280 × 800) the whole page, footer included, fits; held
/// sideways (740 × 360) the board and both player cards above and below it fit.
async fn check_layout(page: &Page, game: &str, (w, h): (u32, u32)) {
    let overflow = page
        .js(
            "return document.documentElement.scrollWidth - window.innerWidth",
            vec![],
        )
        .await
        .as_f64()
        .unwrap_or(0.0);
    assert!(overflow <= 0.0, "{game} at {w}×{h}: {overflow} px too wide");
    let board = page.rect("[data-testid=board]").await.expect("board");
    assert!(
        board[0] >= 0.0 && board[2] <= f64::from(w) + 0.5,
        "{game} at {w}×{h}: the board {board:?} is cut off"
    );
    if (w, h) == (1280, 800) {
        let footer = page.rect("footer").await.expect("footer");
        assert!(
            footer[3] <= f64::from(h) + 0.5,
            "{game} at {w}×{h}: the footer {footer:?} is cut off"
        );
    }
    if (w, h) == (740, 360) {
        let bottom = page
            .js(
                "return Math.max(...[...document.querySelectorAll('.player')].map(e => e.getBoundingClientRect().bottom))",
                vec![],
            )
            .await
            .as_f64()
            .unwrap_or(f64::MAX);
        assert!(
            bottom <= f64::from(h) + 0.5 && board[3] <= f64::from(h) + 0.5,
            "{game} at {w}×{h}: a player card ({bottom}) or the board ({board:?}) is cut off"
        );
    }
}

/// Both games at every size in both themes: the layout checks of [`check_layout`], and
/// screenshots at 360, 768 and 1280 px in light and dark saved as test artifacts in
/// `target/screenshots/GAME-WIDTH-THEME.png`.
#[test]
fn both_games_fit_every_screen_in_both_themes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        for game in ["hasami", "yonin"] {
            page.switch_game(game).await;
            if game == "hasami" {
                page.click_square("d1").await;
            } else {
                page.click_square("e2").await;
            }
            for theme in ["light", "dark"] {
                page.select("theme", theme).await;
                for size in SIZES {
                    page.set_viewport(size.0, size.1).await;
                    check_layout(&page, game, size).await;
                    if [360, 768, 1280].contains(&size.0) {
                        let name = format!("{game}-{}-{theme}.png", size.0);
                        page.save_screenshot(&dir.join(name)).await;
                    }
                }
            }
            page.set_viewport(1280, 800).await;
            page.select("theme", "system").await;
        }
    });
}
