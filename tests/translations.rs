//! The translations (`src/ui/locales/*.json`) against the UI's code: every language has
//! exactly English's keys (build.rs also refuses a build otherwise), every key is used by
//! a `t!` or `t_string!` call in `src/ui/`, and every key used exists. Plain file reads,
//! natively.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

const LOCALES: &str = "src/ui/locales";
const UI: &str = "src/ui";

/// The keys of one language file.
fn keys_of(path: &Path) -> BTreeSet<String> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let value: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    value
        .as_object()
        .unwrap_or_else(|| panic!("{}: not an object", path.display()))
        .keys()
        .cloned()
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The keys named by `t!(i18n, key …)` and `t_string!(i18n, key …)` in `text`
/// (whitespace and line breaks between the parts allowed).
fn keys_used(text: &str) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for macro_name in ["t!(", "t_string!("] {
        let mut rest = text;
        while let Some(at) = rest.find(macro_name) {
            let before = rest[..at].chars().next_back();
            rest = &rest[at + macro_name.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue; // part of a longer name
            }
            let Some(args) = rest.trim_start().strip_prefix("i18n") else {
                continue;
            };
            let Some(args) = args.trim_start().strip_prefix(',') else {
                continue;
            };
            let key: String = args
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !key.is_empty() {
                used.insert(key);
            }
        }
    }
    used
}

#[test]
fn the_macro_scan_finds_keys_across_lines() {
    let code = "let a = t!(i18n, footer);\nlet b = t_string!(\n    i18n,\n    seat_to_move,\n    seat = x\n);\nlet c = format!(\"{}\", y);";
    let found: Vec<String> = keys_used(code).into_iter().collect();
    assert_eq!(found, ["footer", "seat_to_move"]);
}

#[test]
fn every_language_has_the_keys_of_english_and_no_other() {
    let english = keys_of(&Path::new(LOCALES).join("en.json"));
    let mut languages = Vec::new();
    for entry in fs::read_dir(LOCALES).expect("the locales folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let keys = keys_of(&path);
            let missing: Vec<_> = english.difference(&keys).collect();
            let extra: Vec<_> = keys.difference(&english).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", path.display());
            assert!(
                extra.is_empty(),
                "{} has extra keys {extra:?}",
                path.display()
            );
            languages.push(path.file_stem().unwrap().to_string_lossy().to_string());
        }
    }
    languages.sort();
    assert_eq!(languages, ["en", "es", "ja", "pt", "ru"]);
}

#[test]
fn every_key_is_used_and_every_used_key_exists() {
    let english = keys_of(&Path::new(LOCALES).join("en.json"));
    let mut files = Vec::new();
    rust_files(Path::new(UI), &mut files);
    let mut used = BTreeSet::new();
    for file in &files {
        used.extend(keys_used(
            &fs::read_to_string(file).expect("readable source"),
        ));
    }
    let unused: Vec<_> = english.difference(&used).collect();
    let unknown: Vec<_> = used.difference(&english).collect();
    assert!(
        unused.is_empty(),
        "keys no t!/t_string! in src/ui uses: {unused:?}"
    );
    assert!(
        unknown.is_empty(),
        "keys used but not in en.json: {unknown:?}"
    );
    assert!(
        used.len() > 200,
        "only {} keys found: the scan is broken",
        used.len()
    );
}
