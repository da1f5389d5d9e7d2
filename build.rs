//! Build script: rebuild the crate when a translation changes.
//!
//! `leptos_i18n_macro::load_locales!()` reads `src/ui/locales/*.json` while the crate
//! compiles, but Cargo does not know about those files: without this script an edited
//! translation would not show up until some `.rs` file changed too. Naming the folder
//! and each file with `rerun-if-changed` makes Cargo rerun this script, and so
//! recompile the crate, when any of them changes (a new locale file included).

use std::fs;

/// The folder `[package.metadata.leptos-i18n] locales-dir` in Cargo.toml names.
const LOCALES_DIR: &str = "src/ui/locales";

fn main() {
    println!("cargo::rerun-if-changed={LOCALES_DIR}");
    let Ok(entries) = fs::read_dir(LOCALES_DIR) else {
        return;
    };
    let mut files: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    files.sort();
    for file in files {
        println!("cargo::rerun-if-changed={}", file.display());
    }
}
