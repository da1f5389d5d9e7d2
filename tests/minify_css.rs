//! `tools/minify-css.mjs`, the release build's style-sheet step (trunk's post-build
//! hook): run with Node on a scratch folder that looks like trunk's staging folder.
//! It must shorten a sheet without changing what it means for the browsers the sheets
//! need (`light-dark()` and the media queries kept), rewrite the sheet's
//! subresource-integrity hash in `index.html` (or the browser refuses the sheet), and
//! stop with a clear error, changing nothing, when `index.html` holds no hash for a
//! sheet. Needs Node and the npm tools (`scripts/setup.sh`); without them each test
//! says so on stderr and passes, unless `SHOGI_E2E=require` (as `scripts/test.sh` sets).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SCRIPT: &str = "tools/minify-css.mjs";

const SHEET: &str = "/* The page's colours: light, dark. */
:root {
  color-scheme: light dark;
  --bg: light-dark(#f3ede2, #16120e);
}

/* Phones. */
@media (max-width: 519px) {
  body {
    margin: 0px 0px 0px 0px;
  }
}
";

/// Whether the tools are here; if not, says why (or fails when they are required).
fn tools_ready() -> bool {
    let node = Command::new("node").arg("--version").output();
    let lightningcss = Path::new("tools/node_modules/lightningcss").is_dir();
    if node.is_ok_and(|o| o.status.success()) && lightningcss {
        return true;
    }
    assert!(
        std::env::var("SHOGI_E2E").as_deref() != Ok("require"),
        "node or tools/node_modules/lightningcss is missing: run scripts/setup.sh"
    );
    eprintln!("skipped: node or tools/node_modules/lightningcss is missing (scripts/setup.sh)");
    false
}

/// A fresh scratch folder under the target directory.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// `sha384-…` of `bytes`, as trunk writes it, computed by Node (no hash crate here).
fn sri(bytes: &[u8]) -> String {
    let out = Command::new("node")
        .args([
            "-e",
            "process.stdout.write('sha384-' + require('crypto').createHash('sha384')\
             .update(require('fs').readFileSync(0)).digest('base64'))",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(bytes)?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// An `index.html` as trunk writes it: one `<link>` per (sheet, integrity).
fn index_with(links: &[(&str, &str)]) -> String {
    let links: String = links
        .iter()
        .map(|(sheet, integrity)| {
            format!("<link rel=\"stylesheet\" href=\"./{sheet}\" integrity=\"{integrity}\"/>")
        })
        .collect();
    format!("<!DOCTYPE html><html><head>{links}</head><body></body></html>")
}

/// A scratch staging folder holding each (file name, sheet) and `index`.
fn staging(name: &str, sheets: &[(&str, &str)], index: &str) -> PathBuf {
    let dir = scratch(name);
    for (file, sheet) in sheets {
        fs::write(dir.join(file), sheet).unwrap();
    }
    fs::write(dir.join("index.html"), index).unwrap();
    dir
}

fn minify(dir: &Path) -> Output {
    Command::new("node")
        .arg(SCRIPT)
        .arg(dir)
        .env_remove("TRUNK_STAGING_DIR")
        .env_remove("TRUNK_PROFILE")
        .output()
        .unwrap()
}

#[test]
fn a_sheet_is_shortened_and_its_integrity_hash_rewritten() {
    if !tools_ready() {
        return;
    }
    let old = sri(SHEET.as_bytes());
    let dir = staging(
        "minify-css-ok",
        &[("main-1234.css", SHEET)],
        &index_with(&[("main-1234.css", &old)]),
    );

    let out = minify(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let css = fs::read_to_string(dir.join("main-1234.css")).unwrap();
    assert!(css.len() < SHEET.len() / 2, "not minified: {css}");
    assert!(!css.contains("/*"), "a comment was kept: {css}");
    // What the sheet means is kept: no fallback for light-dark(), the same query.
    assert!(css.contains("--bg:light-dark(#f3ede2,#16120e)"), "{css}");
    assert!(css.contains("color-scheme:light dark"), "{css}");
    assert!(
        css.contains("@media (width<=519px)") || css.contains("@media (max-width:519px)"),
        "{css}"
    );
    assert!(css.contains("margin:0"), "{css}");
    let index = fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(
        index,
        index_with(&[("main-1234.css", &sri(css.as_bytes()))])
    );
    assert!(!index.contains(&old));
}

#[test]
fn a_sheet_without_its_hash_in_index_html_stops_the_build_and_changes_no_file() {
    if !tools_ready() {
        return;
    }
    // Two sheets: `board` (read first) has its hash in index.html, `main` has not;
    // another sheet than board's, so that their hashes differ.
    let main = format!("{SHEET}p {{ color: red; }}\n");
    let index = index_with(&[
        ("main-1234.css", "sha384-not-this-sheet"),
        ("board-5678.css", &sri(SHEET.as_bytes())),
    ]);
    let dir = staging(
        "minify-css-no-hash",
        &[("board-5678.css", SHEET), ("main-1234.css", &main)],
        &index,
    );

    let out = minify(&dir);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("index.html holds no integrity=") && stderr.contains("main-1234.css"),
        "{stderr}"
    );
    assert_eq!(
        fs::read_to_string(dir.join("board-5678.css")).unwrap(),
        SHEET
    );
    assert_eq!(fs::read_to_string(dir.join("main-1234.css")).unwrap(), main);
    assert_eq!(fs::read_to_string(dir.join("index.html")).unwrap(), index);
}
