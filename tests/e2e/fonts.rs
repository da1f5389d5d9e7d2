//! The pieces' web font ("Shogi Pieces", `assets/fonts/pieces.woff2`): the kanji pieces
//! read on a device without any CJK font, as this headless Chromium is. Each glyph of
//! the pieces (both games, promoted or not) is drawn in the page with the font and
//! checked against missing-glyph boxes; the board's pieces and the piece-set select are
//! checked to be drawn with it (DevTools' platform fonts); screenshots of the Yonin
//! board at two sizes and of a glyph sheet (web font beside the system's fallback) go to
//! `target/screenshots/fonts-*.png`. `tests/piece_font.rs` checks natively that the
//! font's list holds every glyph the code writes.

use crate::harness::{Page, run};
use serde_json::{Value, json};
use shogi_variants::engine::hasami::Player;
use shogi_variants::engine::yonin::Role;
use shogi_variants::session::{hasami, yonin};
use std::collections::BTreeSet;

/// The family name of the web font (style/board.css) and of the font inside it.
const FAMILY: &str = "Shogi Pieces";
const FONT_NAME: &str = "Noto Serif JP";

/// Every character written on a kanji piece of either game.
fn piece_glyphs() -> Vec<char> {
    let mut out = BTreeSet::new();
    for role in [Role::King, Role::Rook, Role::Gold, Role::Silver, Role::Pawn] {
        for promoted in [false, true] {
            out.extend(yonin::PieceStyle::Kanji.text(role, promoted).chars());
        }
    }
    for side in [Player::Black, Player::White] {
        out.extend(
            hasami::PieceStyle::Kanji
                .text(side)
                .expect("the Hasami kanji set writes on its pieces")
                .chars(),
        );
    }
    out.into_iter().collect()
}

/// Draws each of `chars` on a canvas in `700 40px "Shogi Pieces"` once the page's
/// `document.fonts.load` has the font for it, and the same character in the system's
/// `sans-serif`; compares the pixels with those of characters no font has (U+10FFFF,
/// U+FFFF and 龘 U+9F98, left out of the subset), which every font draws as the same
/// missing-glyph box (or nothing). Per character: the faces `load` used, the ink (pixels
/// drawn), whether it looks like a missing glyph, whether the system font draws it as
/// one; and how many different pictures the characters made.
const DRAW_JS: &str = r##"
const [chars, family] = arguments;
const done = arguments[arguments.length - 1];
(async () => {
  const size = 64;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const draw = (font, ch) => {
    ctx.clearRect(0, 0, size, size);
    ctx.font = font;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "#000";
    ctx.fillText(ch, size / 2, size / 2);
    const data = ctx.getImageData(0, 0, size, size).data;
    let ink = 0;
    const alpha = [];
    for (let i = 3; i < data.length; i += 4) {
      alpha.push(data[i]);
      if (data[i] > 0) ink++;
    }
    return { key: alpha.join(","), ink };
  };
  const webFont = `700 40px "${family}"`;
  const systemFont = "700 40px sans-serif";
  await document.fonts.ready;
  const missing = ["\u{10FFFF}", "\uFFFF", "\u9F98"];
  await document.fonts.load(webFont, missing.join(""));
  const boxes = [];
  for (const ch of missing) boxes.push(draw(webFont, ch).key, draw(systemFont, ch).key);
  const glyphs = {};
  const keys = new Set();
  for (const ch of chars) {
    const faces = await document.fonts.load(webFont, ch);
    const mine = draw(webFont, ch);
    const system = draw(systemFont, ch);
    keys.add(mine.key);
    glyphs[ch] = {
      faces: faces.map((f) => [f.family.replace(/^["']|["']$/g, ""), f.status]),
      ink: mine.ink,
      box: boxes.includes(mine.key),
      system_box: boxes.includes(system.key),
    };
  }
  done({ glyphs, distinct: keys.size });
})().catch((e) => done({ error: String(e && e.stack ? e.stack : e) }));
"##;

/// The fonts DevTools says drew the text of the first element matching `css`:
/// `(family name, is a web font, glyph count)`.
async fn platform_fonts(page: &Page, css: &str) -> Vec<(String, bool, u64)> {
    page.cdp("DOM.enable", json!({})).await;
    page.cdp("CSS.enable", json!({})).await;
    let doc = page.cdp("DOM.getDocument", json!({ "depth": 0 })).await;
    let root = doc["root"]["nodeId"].as_u64().expect("the document's node");
    let found = page
        .cdp(
            "DOM.querySelector",
            json!({ "nodeId": root, "selector": css }),
        )
        .await;
    let node = found["nodeId"].as_u64().filter(|&n| n != 0);
    let node = node.unwrap_or_else(|| panic!("no element {css}"));
    let fonts = page
        .cdp("CSS.getPlatformFontsForNode", json!({ "nodeId": node }))
        .await;
    fonts["fonts"]
        .as_array()
        .unwrap_or_else(|| panic!("no platform fonts for {css}: {fonts}"))
        .iter()
        .map(|f| {
            (
                f["familyName"].as_str().unwrap_or_default().to_string(),
                f["isCustomFont"].as_bool().unwrap_or_default(),
                f["glyphCount"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

/// Whether the web font drew text there, and nothing else drew a kanji.
fn drawn_with_web_font(fonts: &[(String, bool, u64)]) -> bool {
    fonts
        .iter()
        .any(|(name, custom, n)| *custom && name == FONT_NAME && *n > 0)
}

/// Shows every piece glyph big, in the web font and beside it in the system's
/// sans-serif (the boxes this page would show without the web font), over the page.
const SHEET_JS: &str = r#"
const [chars, family] = arguments;
const sheet = document.createElement("div");
sheet.id = "font-sheet";
sheet.style.cssText =
  "position:fixed;inset:0;z-index:9999;background:#f6e3b8;color:#1a1208;padding:24px;" +
  "display:grid;grid-template-columns:repeat(2,max-content);gap:8px 48px;align-content:start;" +
  "font:16px sans-serif";
const row = (label, font) => {
  const head = document.createElement("div");
  head.textContent = label;
  const glyphs = document.createElement("div");
  glyphs.textContent = chars.join(" ");
  glyphs.style.font = font;
  sheet.append(head, glyphs);
};
row(`${family} (the web font)`, `700 48px "${family}", sans-serif`);
row("sans-serif (the system's fonts)", "700 48px sans-serif");
document.body.append(sheet);
"#;

/// The Yonin board in kanji: every piece glyph of both games is drawn by the web font,
/// not as a missing-glyph box (the system's fonts here draw each as one), and no two
/// look alike; the board's pieces, a hand piece and the piece-set select are drawn with
/// it; screenshots of the board and of the glyph sheet.
#[test]
fn piece_glyphs_render_from_the_web_font_not_as_boxes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        page.switch_game("yonin").await;
        assert_eq!(
            page.value("piece-set").await,
            "kanji",
            "kanji is Yonin's default"
        );
        assert_eq!(
            crate::yonin::yonin_piece_text(&page, "e1").await,
            "玉",
            "South's king"
        );

        let glyphs = piece_glyphs();
        assert_eq!(glyphs.len(), 8, "{glyphs:?}");
        let chars: Vec<String> = glyphs.iter().map(char::to_string).collect();
        let result = page
            .js_async(DRAW_JS, vec![json!(chars), json!(FAMILY)])
            .await;
        assert!(result.get("error").is_none(), "{result}");
        let mut problems = Vec::new();
        let mut system_boxes = 0;
        for ch in &chars {
            let g = &result["glyphs"][ch];
            let faces = g["faces"].as_array().cloned().unwrap_or_default();
            if !faces.contains(&json!([FAMILY, "loaded"])) {
                problems.push(format!("{ch}: not drawn with a loaded {FAMILY:?} ({g})"));
            }
            if g["box"] != json!(false) || g["ink"].as_u64().unwrap_or(0) < 40 {
                problems.push(format!("{ch}: drawn as a missing glyph or nothing ({g})"));
            }
            if g["system_box"] == json!(true) {
                system_boxes += 1;
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert_eq!(
            result["distinct"],
            json!(chars.len()),
            "two glyphs look alike: {result}"
        );
        // What the font is for: this browser has no CJK font of its own (else the test
        // proves less, and says so).
        if system_boxes < chars.len() {
            eprintln!(
                "note: the system's sans-serif draws {} of {} piece glyphs (a CJK font \
                 is installed)",
                chars.len() - system_boxes,
                chars.len()
            );
        }

        // The pieces on the board and in the piece-set select, as laid out.
        for css in [
            "[data-testid=piece-e1] .label",
            "[data-testid=piece-e2] .label",
            "[data-testid=piece-d2] .label",
        ] {
            let fonts = platform_fonts(&page, css).await;
            assert!(
                drawn_with_web_font(&fonts) && fonts.iter().all(|(_, custom, _)| *custom),
                "{css}: drawn with {fonts:?}, not only {FONT_NAME} from the web font"
            );
        }
        assert_eq!(
            page.computed("[data-testid=piece-set]", "font-family")
                .await
                .split(',')
                .next()
                .map(str::trim),
            Some("\"Shogi Pieces\""),
            "the piece-set select starts its font list with the web font"
        );
        let select = platform_fonts(&page, "[data-testid=piece-set]").await;
        assert!(
            select.is_empty() || drawn_with_web_font(&select),
            "the piece-set select's kanji: {select:?}"
        );

        for (w, h) in [(1280, 800), (360, 740)] {
            page.set_viewport(w, h).await;
            page.sleep(200).await;
            page.save_screenshot(&dir.join(format!("fonts-yonin-{w}.png")))
                .await;
        }
        page.set_viewport(1280, 800).await;
        page.js(SHEET_JS, vec![json!(chars), json!(FAMILY)]).await;
        page.sleep(200).await;
        page.save_screenshot(&dir.join("fonts-sheet.png")).await;
        page.js("document.getElementById('font-sheet').remove()", vec![])
            .await;
    });
}

/// The font is served with the site under its sub-path, small, and fetched once: the
/// page asked for `fonts/pieces.woff2` relative to the page (no other font file), and
/// the licence is beside it.
#[test]
fn the_font_is_served_relative_and_small() {
    run(|page| async move {
        page.switch_game("yonin").await;
        let fetched: Value = page
            .js(
                "return performance.getEntriesByType('resource')
                   .filter((e) => /\\.(woff2?|ttf|otf)(\\?|$)/.test(e.name))
                   .map((e) => ({ url: e.name, size: e.decodedBodySize }));",
                vec![],
            )
            .await;
        let fetched = fetched.as_array().cloned().unwrap_or_default();
        assert_eq!(fetched.len(), 1, "font files fetched: {fetched:?}");
        let url = fetched[0]["url"].as_str().unwrap_or_default();
        let expected = format!("{}fonts/pieces.woff2", page.url());
        assert_eq!(url, expected, "the font's URL, relative to the page");
        let size = fetched[0]["size"].as_u64().unwrap_or(0);
        assert!(
            (1000..16 * 1024).contains(&size),
            "the font is {size} bytes"
        );
        let licence: Value = page
            .js_async(
                "const done = arguments[arguments.length - 1];
                 fetch('fonts/OFL.txt').then((r) => r.text()).then(done, (e) => done(String(e)));",
                vec![],
            )
            .await;
        assert!(
            licence
                .as_str()
                .is_some_and(|t| t.contains("SIL OPEN FONT LICENSE Version 1.1")),
            "fonts/OFL.txt: {licence}"
        );
    });
}
