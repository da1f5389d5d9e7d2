//! The translations (`src/ui/locales/*.json`) against the UI's code: every language has
//! exactly English's messages, each plural the forms its language's plural rules need
//! (the rules of `build/locale_keys.rs`, by which build.rs also refuses a build), every
//! message is used by a `t!` or `t_string!` call in `src/ui/`, every message used
//! exists, and the app's list of languages is the list of files. Plain file reads,
//! natively.

#[path = "../build/locale_keys.rs"]
mod locale_keys;

use locale_keys::Message;
use shogi_variants::session::app::LANGUAGES;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const LOCALES: &str = "src/ui/locales";
const UI: &str = "src/ui";

/// The keys and strings of one language file.
fn strings_of(path: &Path) -> BTreeMap<String, String> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let value: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    value
        .as_object()
        .unwrap_or_else(|| panic!("{}: not an object", path.display()))
        .iter()
        .map(|(k, v)| {
            let text = v
                .as_str()
                .unwrap_or_else(|| panic!("{}: {k} is not a string", path.display()));
            (k.clone(), text.to_string())
        })
        .collect()
}

/// Every language file: its code (the file name) and its strings.
fn all_languages() -> BTreeMap<String, BTreeMap<String, String>> {
    let mut out = BTreeMap::new();
    for entry in fs::read_dir(LOCALES).expect("the locales folder") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let code = path.file_stem().unwrap().to_string_lossy().to_string();
            out.insert(code, strings_of(&path));
        }
    }
    out
}

/// The message names of one language (a plural counts once, by its base name).
fn messages_of(strings: &BTreeMap<String, String>) -> BTreeMap<String, Message> {
    let (messages, problems) = locale_keys::messages(strings.keys().map(String::as_str));
    assert!(problems.is_empty(), "{problems:?}");
    messages
}

/// The problems `locale_keys::problems` finds in `languages` (as keys only).
fn problems_of(languages: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<String> {
    let keys: BTreeMap<String, Vec<&str>> = languages
        .iter()
        .map(|(code, strings)| (code.clone(), strings.keys().map(String::as_str).collect()))
        .collect();
    locale_keys::problems(&keys, "en")
}

/// The text of the plural `message` of `language` for the count `n`, as leptos_i18n
/// picks it: the form of `n`'s plural category (or `other`), `{{ count }}` filled in.
fn plural_text(
    strings: &BTreeMap<String, String>,
    language: &str,
    message: &str,
    n: u32,
) -> String {
    let category = locale_keys::category_for(language, n).expect("plural rules");
    let form = strings
        .get(&format!("{message}_{category}"))
        .or_else(|| strings.get(&format!("{message}_other")))
        .unwrap_or_else(|| panic!("{language}: no form of {message} for {n}"));
    form.replace("{{ count }}", &n.to_string())
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
fn every_language_has_the_messages_of_english_and_no_other() {
    let languages = all_languages();
    let problems = problems_of(&languages);
    assert!(problems.is_empty(), "{problems:#?}");
    let english = messages_of(&languages["en"]);
    for (code, strings) in &languages {
        assert_eq!(
            messages_of(strings).keys().collect::<Vec<_>>(),
            english.keys().collect::<Vec<_>>(),
            "{code}"
        );
    }
    assert_eq!(
        languages.keys().collect::<Vec<_>>(),
        ["en", "es", "ja", "pt", "ru"]
    );
}

#[test]
fn the_app_offers_exactly_the_languages_it_has_files_for() {
    let mut offered: Vec<&str> = LANGUAGES.iter().map(|(code, _)| *code).collect();
    offered.sort_unstable();
    let files = all_languages();
    assert_eq!(
        offered,
        files.keys().map(String::as_str).collect::<Vec<_>>()
    );
    assert_eq!(LANGUAGES[0], ("en", "English"), "the default first");
    assert!(LANGUAGES.contains(&("ja", "日本語")));
}

#[test]
fn each_language_has_the_plural_forms_its_rules_need() {
    let languages = all_languages();
    for (code, needed) in [
        ("en", vec!["one", "other"]),
        ("pt", vec!["one", "other"]),
        ("es", vec!["one", "other"]),
        ("ru", vec!["few", "many", "one", "other"]),
        ("ja", vec!["other"]),
    ] {
        let (found, _) = locale_keys::categories(code).expect("plural rules");
        assert_eq!(found.into_iter().collect::<Vec<_>>(), needed, "{code}");
        for message in [
            "limit_moves",
            "limit_plies",
            "time_seconds",
            "announce_capture",
        ] {
            assert_eq!(
                messages_of(&languages[code]).get(message),
                Some(&Message::Plural(needed.iter().copied().collect())),
                "{code}: {message}"
            );
        }
    }
    // Russian without `_few`: refused, naming the key.
    let mut broken = languages.clone();
    broken.get_mut("ru").unwrap().remove("limit_moves_few");
    let problems = problems_of(&broken);
    assert_eq!(
        problems,
        ["ru: the plural \"limit_moves\" lacks limit_moves_few (needed by ru's plural rules)"]
    );
    // Japanese with a `_one` its rules do not have: refused.
    let mut broken = languages.clone();
    broken
        .get_mut("ja")
        .unwrap()
        .insert("limit_moves_one".into(), "{{ count }} 手".into());
    assert_eq!(
        problems_of(&broken),
        ["ja: limit_moves_one is a plural category ja does not have"]
    );
    // English turning a plural into a plain message: every other language disagrees.
    let mut broken = languages.clone();
    let en = broken.get_mut("en").unwrap();
    en.remove("limit_moves_one");
    en.remove("limit_moves_other");
    en.insert("limit_moves".into(), "{{ count }} moves".into());
    let problems = problems_of(&broken);
    assert!(
        problems.contains(&"ru: \"limit_moves\" is a plural, but plain in en".to_string()),
        "{problems:#?}"
    );
    // A form without `_other` is not taken for a plural.
    let mut broken = languages;
    broken.get_mut("pt").unwrap().remove("limit_moves_other");
    assert!(
        problems_of(&broken)
            .iter()
            .any(|p| p.starts_with("pt: [\"limit_moves_one\"] look like plural forms")),
    );
}

#[test]
fn russian_counts_take_their_three_forms() {
    let languages = all_languages();
    let ru = &languages["ru"];
    let moves: Vec<String> = [1, 2, 5, 21, 11, 22, 100]
        .into_iter()
        .map(|n| plural_text(ru, "ru", "limit_moves", n))
        .collect();
    assert_eq!(
        moves,
        [
            "1 ход",
            "2 хода",
            "5 ходов",
            "21 ход",
            "11 ходов",
            "22 хода",
            "100 ходов"
        ]
    );
    let seconds: Vec<String> = [1, 2, 5, 21, 30, 60]
        .into_iter()
        .map(|n| plural_text(ru, "ru", "time_seconds", n))
        .collect();
    assert_eq!(
        seconds,
        [
            "1 секунда",
            "2 секунды",
            "5 секунд",
            "21 секунда",
            "30 секунд",
            "60 секунд"
        ]
    );
    let captures: Vec<String> = [1, 2, 5, 21]
        .into_iter()
        .map(|n| plural_text(ru, "ru", "announce_capture", n))
        .collect();
    assert_eq!(
        captures,
        [
            "{{ side }}: {{ mv }}, взята 1 фигура.",
            "{{ side }}: {{ mv }}, взяты 2 фигуры.",
            "{{ side }}: {{ mv }}, взято 5 фигур.",
            "{{ side }}: {{ mv }}, взята 21 фигура.",
        ]
    );
    // The other languages, for the same counts.
    let en: Vec<String> = [1, 2, 5, 21]
        .into_iter()
        .map(|n| plural_text(&languages["en"], "en", "limit_moves", n))
        .collect();
    assert_eq!(en, ["1 move", "2 moves", "5 moves", "21 moves"]);
    assert_eq!(
        plural_text(&languages["pt"], "pt", "limit_moves", 1),
        "1 lance"
    );
    assert_eq!(
        plural_text(&languages["es"], "es", "time_seconds", 30),
        "30 segundos"
    );
    assert_eq!(
        plural_text(&languages["ja"], "ja", "limit_moves", 1),
        "1 手"
    );
}

#[test]
fn every_key_is_used_and_every_used_key_exists() {
    let english: BTreeSet<String> = messages_of(&strings_of(&Path::new(LOCALES).join("en.json")))
        .into_keys()
        .collect();
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

#[test]
fn the_seat_label_names_any_seat_of_either_game() {
    // `seat_of` labels who plays a seat, with Hasami's sides (Black, White) and
    // Yonin's seats (South, West, ...): a text with an article or an agreement made
    // for one of them ("Las {side} las juega": "Las Sur") reads wrong for the others,
    // so every language starts it with the name.
    for (code, strings) in all_languages() {
        let text = &strings["seat_of"];
        assert!(
            text.starts_with("{{ side }}"),
            "{code}: seat_of is {text:?}"
        );
    }
}
