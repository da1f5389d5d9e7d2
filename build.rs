//! Build script: the translations.
//!
//! Reads `src/ui/locales/*.json` (one flat object of keys to strings per language,
//! `en` the default), checks that every language has exactly the keys English has (a
//! missing or extra key fails the build, naming it), and writes
//! `$OUT_DIR/translations.rs`: one `leptos_i18n_macro::declare_locales!` call holding
//! them all, with `interpolate_display` on so that `t_string!` can format values
//! (`"{{ seat }} to move"`) into strings for attributes such as `aria-label`. The UI
//! includes that file (`src/ui/mod.rs`).
//!
//! Cargo reruns this script, and so recompiles the crate, when any file of the folder
//! changes (a new language included).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

/// Where the translations are.
const LOCALES_DIR: &str = "src/ui/locales";
/// The default language; its keys are the reference.
const DEFAULT: &str = "en";

fn main() {
    println!("cargo::rerun-if-changed={LOCALES_DIR}");
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
    let reference = locales
        .get(DEFAULT)
        .unwrap_or_else(|| panic!("{LOCALES_DIR}/{DEFAULT}.json is missing"));
    let mut problems = Vec::new();
    for (name, map) in &locales {
        for key in reference.keys().filter(|k| !map.contains_key(*k)) {
            problems.push(format!("{name}.json lacks the key {key:?}"));
        }
        for key in map.keys().filter(|k| !reference.contains_key(*k)) {
            problems.push(format!(
                "{name}.json has the key {key:?}, which {DEFAULT}.json lacks"
            ));
        }
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
        for (key, value) in &locales[*name] {
            let text = value.as_str().expect("checked above");
            let _ = writeln!(out, "        {key}: {text:?},");
        }
        out.push_str("    },\n");
    }
    out.push_str("}\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("translations.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
