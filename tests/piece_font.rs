//! The pieces' web font (`assets/fonts/pieces.woff2`, "Shogi Pieces" in
//! `style/board.css`) against what the app writes with it: every character drawn on a
//! piece (both games, every piece style, promoted or not) and every character of the
//! piece sets' names in every language (the messages `style_name` shows in the
//! piece-set selects) that a system font may lack is in the list
//! `scripts/make-piece-font.sh` builds the font from, and the `unicode-range` of the
//! `@font-face` is exactly that list. So a new glyph cannot be forgotten: add it to the
//! script's `PIECE_CHARS`, rerun the script, copy the range it prints. Plain file reads
//! and the session's own `text` functions, natively; the browser test
//! `tests/e2e/fonts.rs` checks that the font really draws them. Outside Japanese the
//! whole page puts the font first, so there every kanji of the messages is checked too.

use shogi_variants::engine::hasami::Player;
use shogi_variants::engine::yonin::Role;
use shogi_variants::session::table::PieceStyleChoice;
use shogi_variants::session::{hasami, yonin};
use std::collections::BTreeSet;
use std::fs;

const SCRIPT: &str = "scripts/make-piece-font.sh";
const CSS: &str = "style/board.css";
const FONT: &str = "assets/fonts/pieces.woff2";
const LICENCE: &str = "assets/fonts/OFL.txt";
const LOCALES: &str = "src/ui/locales";
/// The UI files whose `style_name` names the piece sets.
const STYLE_NAMES: [&str; 2] = ["src/ui/hasami/mod.rs", "src/ui/yonin/mod.rs"];

/// A character that a device without a CJK font may draw as a box: CJK and full-width
/// forms (U+2E80 on), and the geometric marks (● ○) of Hasami's piece-set name. Latin,
/// Cyrillic and the usual punctuation are in every system font.
fn needs_font(c: char) -> bool {
    c >= '\u{2E80}' || ('\u{25A0}'..='\u{25FF}').contains(&c)
}

fn read(path: &str) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The script's `PIECE_CHARS="..."`.
fn font_chars() -> BTreeSet<char> {
    let script = read(SCRIPT);
    let line = script
        .lines()
        .find_map(|l| l.strip_prefix("PIECE_CHARS=\""))
        .unwrap_or_else(|| panic!("{SCRIPT}: no PIECE_CHARS=\"...\" line"));
    let chars = line
        .strip_suffix('"')
        .unwrap_or_else(|| panic!("{SCRIPT}: PIECE_CHARS is not one quoted line"));
    chars.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Every role of Yonin; the match fails to compile when a role is added.
fn yonin_roles() -> [Role; 5] {
    let all = [Role::King, Role::Rook, Role::Gold, Role::Silver, Role::Pawn];
    for role in all {
        match role {
            Role::King | Role::Rook | Role::Gold | Role::Silver | Role::Pawn => {}
        }
    }
    all
}

/// What is written on the pieces: `(where, text)`.
fn piece_texts() -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    for &style in yonin::PieceStyle::ALL {
        for role in yonin_roles() {
            for promoted in [false, true] {
                let text = style.text(role, promoted);
                out.push((
                    format!("Yonin {style:?} {role:?} promoted={promoted}"),
                    text,
                ));
            }
        }
    }
    for &style in hasami::PieceStyle::ALL {
        for side in [Player::Black, Player::White] {
            if let Some(text) = style.text(side) {
                out.push((format!("Hasami {style:?} {side:?}"), text));
            }
        }
    }
    out
}

/// The message keys of the piece sets' names: the `t_string!(i18n, KEY)` calls of each
/// `fn style_name`.
fn style_name_keys() -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    for path in STYLE_NAMES {
        let source = read(path);
        let start = source
            .find("fn style_name(")
            .unwrap_or_else(|| panic!("{path}: no fn style_name"));
        let body = &source[start..];
        let body = &body[..body.find("\n    }\n").unwrap_or(body.len())];
        let before = keys.len();
        for call in body.split("t_string!(i18n,").skip(1) {
            let key = call.split(')').next().unwrap_or_default().trim();
            keys.insert(key.to_string());
        }
        assert!(keys.len() > before, "{path}: style_name names no message");
    }
    keys
}

/// The piece sets' names in every language: `(where, text)`.
fn style_names() -> Vec<(String, String)> {
    let keys = style_name_keys();
    let mut out = Vec::new();
    let mut files: Vec<_> = fs::read_dir(LOCALES)
        .unwrap_or_else(|e| panic!("{LOCALES}: {e}"))
        .map(|e| e.expect("a locale file").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{LOCALES}: no language file");
    for path in files {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let value: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for key in &keys {
            let name = value[key.as_str()]
                .as_str()
                .unwrap_or_else(|| panic!("{}: no message {key}", path.display()));
            out.push((format!("{} {key}", path.display()), name.to_string()));
        }
    }
    out
}

/// The code points of the "Shogi Pieces" `@font-face`'s `unicode-range` (single code
/// points or ranges `U+XXXX-YYYY`).
fn css_range() -> BTreeSet<char> {
    let css = read(CSS);
    let face = css
        .split("@font-face")
        .skip(1)
        .map(|f| &f[..f.find('}').unwrap_or(f.len())])
        .find(|f| f.contains("\"Shogi Pieces\""))
        .unwrap_or_else(|| panic!("{CSS}: no @font-face for \"Shogi Pieces\""));
    let range = face
        .split("unicode-range:")
        .nth(1)
        .and_then(|r| r.split(';').next())
        .unwrap_or_else(|| panic!("{CSS}: the \"Shogi Pieces\" face has no unicode-range"));
    let mut out = BTreeSet::new();
    for part in range.split(',') {
        let part = part.trim();
        let hex = part
            .strip_prefix("U+")
            .or_else(|| part.strip_prefix("u+"))
            .unwrap_or_else(|| panic!("{CSS}: unicode-range part {part:?}"));
        let (lo, hi) = hex.split_once('-').unwrap_or((hex, hex));
        let code =
            |h: &str| u32::from_str_radix(h, 16).unwrap_or_else(|e| panic!("{CSS}: {part:?}: {e}"));
        for cp in code(lo)..=code(hi) {
            out.insert(char::from_u32(cp).unwrap_or_else(|| panic!("{CSS}: U+{cp:X}")));
        }
    }
    out
}

fn missing(texts: &[(String, impl AsRef<str>)], font: &BTreeSet<char>) -> Vec<String> {
    texts
        .iter()
        .flat_map(|(at, text)| {
            text.as_ref()
                .chars()
                .filter(|&c| needs_font(c) && !font.contains(&c))
                .map(move |c| format!("{c} (U+{:04X}) in {at}", c as u32))
        })
        .collect()
}

#[test]
fn every_piece_glyph_is_in_the_font() {
    let font = font_chars();
    let texts = piece_texts();
    // The kanji sets are there, so the check below checks something.
    assert!(texts.iter().any(|(_, t)| *t == "龍"), "{texts:?}");
    assert!(
        texts
            .iter()
            .any(|(at, t)| at.starts_with("Hasami") && *t == "歩"),
        "{texts:?}"
    );
    let missing = missing(&texts, &font);
    assert!(
        missing.is_empty(),
        "characters on pieces that {SCRIPT} leaves out of the font (add them to PIECE_CHARS \
         and rerun it):\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_character_of_the_piece_set_names_is_in_the_font() {
    let font = font_chars();
    let names = style_names();
    assert!(names.iter().any(|(_, n)| n.contains('玉')), "{names:?}");
    let missing = missing(&names, &font);
    assert!(
        missing.is_empty(),
        "characters of piece-set names that {SCRIPT} leaves out of the font (add them to \
         PIECE_CHARS and rerun it):\n{}",
        missing.join("\n")
    );
}

/// Outside Japanese the whole page puts the piece font first (style/main.css,
/// `html:not(:lang(ja))`): the only kanji of those languages are the pieces' names
/// ("King (玉)" in the rules), and each of them must be in the font.
#[test]
fn every_kanji_of_the_other_languages_is_in_the_font() {
    let font = font_chars();
    let mut texts = Vec::new();
    for entry in fs::read_dir(LOCALES).unwrap_or_else(|e| panic!("{LOCALES}: {e}")) {
        let path = entry.expect("a locale file").path();
        if path.extension().is_none_or(|x| x != "json")
            || path.file_stem().is_some_and(|s| s == "ja")
        {
            continue;
        }
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let value: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (key, message) in value.as_object().expect("an object of messages") {
            texts.push((
                format!("{} {key}", path.display()),
                message.as_str().unwrap_or_default().to_string(),
            ));
        }
    }
    assert!(
        texts.iter().any(|(_, t)| t.contains('龍')),
        "the rules name the dragon"
    );
    let missing = missing(&texts, &font);
    assert!(
        missing.is_empty(),
        "characters of non-Japanese messages that {SCRIPT} leaves out of the font (add them \
         to PIECE_CHARS and rerun it, or write them another way):\n{}",
        missing.join("\n")
    );
    assert!(
        read("style/main.css")
            .contains("html:not(:lang(ja)) body {\n  font-family: \"Shogi Pieces\","),
        "style/main.css no longer puts the piece font first outside Japanese: drop this test"
    );
}

#[test]
fn the_css_unicode_range_is_the_fonts_list() {
    let font = font_chars();
    let range = css_range();
    let show = |set: &BTreeSet<char>| {
        set.iter()
            .map(|c| format!("{c} U+{:04X}", *c as u32))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        show(&range),
        show(&font),
        "{CSS}'s unicode-range of \"Shogi Pieces\" is not {SCRIPT}'s PIECE_CHARS: rerun the \
         script and copy the range it prints"
    );
    // The piece font comes first wherever a piece's text is set.
    assert!(
        read(CSS).contains("--kanji-font: \"Shogi Pieces\","),
        "{CSS}: --kanji-font does not start with \"Shogi Pieces\""
    );
}

#[test]
fn the_font_and_its_licence_are_committed() {
    let font = fs::read(FONT).unwrap_or_else(|e| panic!("{FONT}: {e} (run {SCRIPT})"));
    assert_eq!(&font[..4], b"wOF2", "{FONT} is not a WOFF2 file");
    // A subset of a few dozen glyphs: a whole CJK font (megabytes) must never land here.
    assert!(font.len() < 16 * 1024, "{FONT}: {} bytes", font.len());
    let licence = read(LICENCE);
    assert!(
        licence.contains("SIL OPEN FONT LICENSE Version 1.1"),
        "{LICENCE}"
    );
}
