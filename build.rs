//! Build script: the translations.
//!
//! Reads `src/ui/locales/*.json` (one flat object of keys to strings per language,
//! `en` the default), checks that every language has exactly the messages English has
//! and each plural exactly the categories its language's plural rules need
//! (`build/locale_keys.rs`; a problem fails the build, naming the key), and writes
//! `$OUT_DIR/translations.rs`: one `leptos_i18n_macro::declare_locales!` call holding
//! them all, with `interpolate_display` on so that `t_string!` can format values
//! (`"{{ seat }} to move"`) into strings for attributes such as `aria-label`. The UI
//! includes that file (`src/ui/mod.rs`).
//!
//! Plurals (`limit_moves_one`, `limit_moves_other`, …) are passed on as they are, and
//! leptos_i18n's `plurals` feature merges them into one message; a plural with only
//! `_other` (Japanese) is passed on as the plain key, since leptos_i18n merges only two
//! forms or more.
//!
//! Cargo reruns this script, and so recompiles the crate, when any file of the folder
//! changes (a new language included).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

#[path = "build/locale_keys.rs"]
mod locale_keys;

/// Where the translations are.
const LOCALES_DIR: &str = "src/ui/locales";
/// The default language; its messages are the reference.
const DEFAULT: &str = "en";

fn main() {
    // The browser app's wasm keeps its relocations, which tools/split-wasm.sh needs to
    // split it at its `#[lazy]` functions; the worker and native builds do not.
    let target_arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_arch == "wasm32" && target_os == "unknown" {
        println!("cargo::rustc-link-arg-bin=shogi-variants=--emit-relocs");
    }
    println!("cargo::rerun-if-changed={LOCALES_DIR}");
    println!("cargo::rerun-if-changed=build/locale_keys.rs");
    let mut locales: BTreeMap<String, serde_json::Map<String, serde_json::Value>> = BTreeMap::new();
    let entries = fs::read_dir(LOCALES_DIR).unwrap_or_else(|e| panic!("{LOCALES_DIR}: {e}"));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_none_or(|ext| ext != "json") {
            continue;
        }
        println!("cargo::rerun-if-changed={}", path.display());
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a file name")
            .to_string();
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let value: serde_json::Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
        let serde_json::Value::Object(map) = value else {
            panic!("{}: not a JSON object", path.display());
        };
        locales.insert(name, map);
    }
    if !locales.contains_key(DEFAULT) {
        panic!("{LOCALES_DIR}/{DEFAULT}.json is missing");
    }
    let keys: BTreeMap<String, Vec<&str>> = locales
        .iter()
        .map(|(name, map)| (name.clone(), map.keys().map(String::as_str).collect()))
        .collect();
    let mut problems = locale_keys::problems(&keys, DEFAULT);
    for (name, map) in &locales {
        for (key, value) in map {
            if !value.is_string() {
                problems.push(format!("{name}.json: {key:?} is not a string"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "translations:\n  {}",
        problems.join("\n  ")
    );

    let order: Vec<&String> = std::iter::once(&DEFAULT.to_string())
        .filter_map(|d| locales.get_key_value(d).map(|(k, _)| k))
        .chain(locales.keys().filter(|k| *k != DEFAULT))
        .collect();
    let mut out = String::from("leptos_i18n_macro::declare_locales! {\n    interpolate_display,\n");
    let _ = writeln!(out, "    default: {DEFAULT:?},");
    let names: Vec<String> = order.iter().map(|n| format!("{n:?}")).collect();
    let _ = writeln!(out, "    locales: [{}],", names.join(", "));
    for name in &order {
        let _ = writeln!(out, "    {name}: {{");
        let (messages, _) = locale_keys::messages(keys[*name].iter().copied());
        for (key, value) in &locales[*name] {
            let text = value.as_str().expect("checked above");
            // A plural with `_other` alone: the plain key (see the top of this file).
            let key = match locale_keys::split_plural(key) {
                Some((base, "other"))
                    if messages.get(base)
                        == Some(&locale_keys::Message::Plural(["other"].into())) =>
                {
                    base
                }
                _ => key.as_str(),
            };
            let _ = writeln!(out, "        {key}: {text:?},");
        }
        out.push_str("    },\n");
    }
    out.push_str("}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("translations.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
