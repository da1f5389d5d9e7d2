//! The colours of both themes meet WCAG 2 AA: computed from the CSS custom properties
//! of `style/main.css` and `style/board.css`, whose colours are written
//! `light-dark(LIGHT, DARK)` (or one colour for both themes).
//!
//! Text needs 4.5:1 against its background; the edges of controls and pieces, the board
//! lines and the selection and focus rings need 3:1 (WCAG 1.4.11) against what is next
//! to them: both tones of the board's wood gradient. A piece's boundary is its body or
//! its outline, whichever stands out more.
//!
//! `cargo test --test palette -- --nocapture` prints every pair with its ratio.

use std::collections::BTreeMap;

/// One theme's colours: custom property name (without `--`) → `#rrggbb`.
type Palette = BTreeMap<String, String>;

/// The light and dark palettes of the stylesheets.
fn palettes() -> (Palette, Palette) {
    let mut light = Palette::new();
    let mut dark = Palette::new();
    for file in ["style/main.css", "style/board.css"] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let css = std::fs::read_to_string(&path).expect("read the stylesheet");
        for line in css.lines() {
            let line = line.trim();
            let Some(rest) = line.strip_prefix("--") else {
                continue;
            };
            let Some((name, value)) = rest.split_once(':') else {
                continue;
            };
            let value = value.trim().trim_end_matches(';').trim();
            let (l, d) = match value
                .strip_prefix("light-dark(")
                .and_then(|v| v.strip_suffix(')'))
            {
                Some(inner) if !inner.contains('(') => {
                    let (l, d) = inner.split_once(',').expect("two colours");
                    (l.trim(), d.trim())
                }
                Some(_) => continue, // rgba() values: tints, not checked here
                None => (value, value),
            };
            let value_l = l
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .trim_end_matches(';');
            let value_d = d
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .trim_end_matches(';');
            if value_l.starts_with('#') && value_d.starts_with('#') {
                light.insert(name.trim().to_string(), value_l.to_string());
                dark.insert(name.trim().to_string(), value_d.to_string());
            }
        }
    }
    (light, dark)
}

/// Relative luminance of `#rgb` or `#rrggbb` (WCAG 2).
fn luminance(hex: &str) -> f64 {
    let h = hex.trim_start_matches('#');
    let h: String = if h.len() == 3 {
        h.chars().flat_map(|c| [c, c]).collect()
    } else {
        h.to_string()
    };
    assert_eq!(h.len(), 6, "{hex}");
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&h[i..i + 2], 16).expect("hex")) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

/// Contrast ratio of two colours (1 to 21).
fn contrast(a: &str, b: &str) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la > lb { (la, lb) } else { (lb, la) };
    (hi + 0.05) / (lo + 0.05)
}

/// Text: 4.5:1. `(foreground, background, where)`.
const TEXT: &[(&str, &str, &str)] = &[
    ("ink", "bg", "page text"),
    ("ink", "panel", "panel text"),
    ("muted", "bg", "coordinates, footer"),
    ("muted", "panel", "roles, headings in panels"),
    ("ink", "field-bg", "select text"),
    ("ink", "notice-bg", "notices, Yonin banner"),
    ("ink", "to-move-bg", "the player to move"),
    ("accent-ink", "accent", "primary button"),
    ("accent", "pending-bg", "rules pending note"),
    ("panel", "ink", "clock, hand counts"),
    ("captured-ink", "captured", "check badge, low clock"),
    ("seat-ink", "south-piece", "South's kanji"),
    ("seat-ink", "west-piece", "West's kanji"),
    ("seat-ink", "north-piece", "North's kanji"),
    ("seat-ink", "east-piece", "East's kanji"),
    ("koma-ink", "koma", "Hasami 歩 and と"),
    ("promoted-ink", "promoted-halo", "promoted kanji"),
];

/// Edges of controls and marks on the board: 3:1. `(foreground, background, where)`.
const UI: &[(&str, &str, &str)] = &[
    ("grid", "wood", "board lines"),
    ("grid", "wood-dark", "board lines"),
    ("select", "wood", "selected square"),
    ("select", "wood-dark", "selected square"),
    ("focus", "wood", "keyboard focus"),
    ("focus", "wood-dark", "keyboard focus"),
    ("accent", "bg", "frame of the player to move"),
    ("accent", "panel", "frame of the player to move"),
    ("field-edge", "panel", "select and checkbox edges"),
    ("field-edge", "bg", "select edges in the top bar"),
    ("black-ink", "black-piece", "Black's disc"),
    ("white-ink", "white-piece", "White's ring"),
];

/// Pieces on the board: body or outline against both wood tones, 3:1.
/// `(body, outline, where)`. Inert Yonin pieces (flipped kings, ownerless pieces) are
/// faded on purpose: out of play, they are inactive components, which WCAG 1.4.11
/// exempts.
const PIECES: &[(&str, &str, &str)] = &[
    ("black-piece", "black-edge", "Hasami Black"),
    ("white-piece", "white-ink", "Hasami White"),
    ("koma", "koma-edge", "Hasami 歩 / と"),
    ("south-piece", "seat-edge", "Yonin South"),
    ("west-piece", "seat-edge", "Yonin West"),
    ("north-piece", "seat-edge", "Yonin North"),
    ("east-piece", "seat-edge", "Yonin East"),
];

#[test]
fn both_themes_meet_wcag_aa() {
    let (light, dark) = palettes();
    let mut failures = Vec::new();
    for (theme, p) in [("light", &light), ("dark", &dark)] {
        let get = |name: &str| {
            p.get(name)
                .unwrap_or_else(|| panic!("--{name} is not a colour in the {theme} theme"))
                .as_str()
        };
        let mut check = |fg: &str, bg: &str, what: &str, min: f64| {
            let r = contrast(get(fg), get(bg));
            println!(
                "{theme:5} {r:5.2}:1 (min {min}) --{fg} {} on --{bg} {}  {what}",
                get(fg),
                get(bg)
            );
            if r < min {
                failures.push(format!(
                    "{theme}: --{fg} on --{bg} ({what}) is {r:.2}:1 < {min}"
                ));
            }
        };
        for (fg, bg, what) in TEXT {
            check(fg, bg, what, 4.5);
        }
        for (fg, bg, what) in UI {
            check(fg, bg, what, 3.0);
        }
        for (body, edge, what) in PIECES {
            for wood in ["wood", "wood-dark"] {
                let best = if contrast(get(body), get(wood)) >= contrast(get(edge), get(wood)) {
                    body
                } else {
                    edge
                };
                check(best, wood, &format!("{what} on the board"), 3.0);
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_dark_theme_is_dark_and_keeps_the_seat_colours() {
    let (light, dark) = palettes();
    assert!(luminance(&dark["bg"]) < 0.02, "dark page {}", dark["bg"]);
    assert!(
        luminance(&dark["panel"]) < 0.03,
        "dark panels {}",
        dark["panel"]
    );
    assert!(luminance(&light["bg"]) > 0.8);
    assert!(
        luminance(&dark["wood"]) < luminance(&light["wood-dark"]),
        "a darker board"
    );
    // The Okabe–Ito seat colours (tested for colour blindness, style/board.css) are the
    // same in both themes.
    for seat in ["south", "west", "north", "east"] {
        let name = format!("{seat}-piece");
        assert_eq!(light[&name], dark[&name], "{name}");
    }
}

#[test]
fn contrast_matches_known_values() {
    assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
    assert!((contrast("#777777", "#ffffff") - 4.48).abs() < 0.01);
    assert!((contrast("#fff", "#ffffff") - 1.0).abs() < 1e-9);
}
