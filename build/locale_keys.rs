//! The keys of the translation files and their plural forms: shared by `build.rs` (which
//! refuses to build with a problem) and `tests/translations.rs` (which tests the same
//! rules), included by both with `#[path]`.
//!
//! A translation file is one flat JSON object of keys to strings. A message that shows a
//! count is a plural: one key per plural category, named `MESSAGE_CATEGORY`
//! (`limit_moves_one`, `limit_moves_few`, …), read by leptos_i18n's plural support with
//! `t!(i18n, limit_moves, count = …)`. Each language has the categories its own plural
//! rules (Unicode CLDR, from `icu_plurals`, the library leptos_i18n uses) give to whole
//! numbers, plus `other` (the fallback leptos_i18n requires): English, Portuguese and
//! Spanish `one` and `other`, Russian `one`, `few`, `many` and `other`, Japanese
//! `other` only. So languages share the messages of English, not its keys.

use std::collections::{BTreeMap, BTreeSet};

/// The plural categories, as key suffixes.
pub const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// Whole numbers up to this are looked at to find the categories a language needs
/// (every rule of CLDR for whole numbers repeats within 0..=1000, but for compact
/// millions, which the app never shows).
const NEEDED_UP_TO: u32 = 1000;

/// One message of a language: a plain string, or a plural with the categories it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// One key, one string.
    Plain,
    /// Keys `NAME_CATEGORY`, one per category listed.
    Plural(BTreeSet<&'static str>),
}

/// Splits `key` into the message and the plural category of its suffix, if it ends
/// with `_zero`, `_one`, `_two`, `_few`, `_many` or `_other`.
pub fn split_plural(key: &str) -> Option<(&str, &'static str)> {
    let (base, suffix) = key.rsplit_once('_')?;
    let category = CATEGORIES.into_iter().find(|c| *c == suffix)?;
    (!base.is_empty()).then_some((base, category))
}

/// The messages of one language from its keys: keys sharing a base with a plural suffix
/// make one plural message when one of them is `_other` (as leptos_i18n reads them).
/// Keys with a plural suffix but no `_other` beside them are reported: leptos_i18n
/// would take them as plain keys, which is never what was meant.
pub fn messages<'a>(
    keys: impl IntoIterator<Item = &'a str>,
) -> (BTreeMap<String, Message>, Vec<String>) {
    let mut plain = BTreeSet::new();
    let mut groups: BTreeMap<&str, BTreeSet<&'static str>> = BTreeMap::new();
    for key in keys {
        match split_plural(key) {
            Some((base, category)) => {
                groups.entry(base).or_default().insert(category);
            }
            None => {
                plain.insert(key);
            }
        }
    }
    let mut problems = Vec::new();
    let mut out: BTreeMap<String, Message> = plain
        .iter()
        .map(|k| (k.to_string(), Message::Plain))
        .collect();
    for (base, categories) in groups {
        if !categories.contains("other") {
            let keys: Vec<String> = categories.iter().map(|c| format!("{base}_{c}")).collect();
            problems.push(format!(
                "{keys:?} look like plural forms of {base:?}, which has no {base}_other"
            ));
            for key in keys {
                out.insert(key, Message::Plain);
            }
        } else if plain.contains(base) {
            problems.push(format!("{base:?} is both a plain key and a plural"));
        } else {
            out.insert(base.to_string(), Message::Plural(categories));
        }
    }
    (out, problems)
}

/// The plural rules of a language (cardinal numbers).
fn rules(language: &str) -> Result<icu_plurals::PluralRules, String> {
    let locale: icu_locale_core::Locale = language
        .parse()
        .map_err(|e| format!("{language:?} is not a language code: {e}"))?;
    icu_plurals::PluralRules::try_new_cardinal((&locale).into())
        .map_err(|e| format!("no plural rules for {language:?}: {e}"))
}

/// The name of a category as a key suffix.
fn suffix(category: icu_plurals::PluralCategory) -> &'static str {
    use icu_plurals::PluralCategory as C;
    match category {
        C::Zero => "zero",
        C::One => "one",
        C::Two => "two",
        C::Few => "few",
        C::Many => "many",
        C::Other => "other",
    }
}

/// The plural categories `language` needs (those its rules give to whole numbers, and
/// `other`) and those it may have (every category of its rules).
pub fn categories(
    language: &str,
) -> Result<(BTreeSet<&'static str>, BTreeSet<&'static str>), String> {
    let rules = rules(language)?;
    let mut needed: BTreeSet<&'static str> = (0..=NEEDED_UP_TO)
        .map(|n| suffix(rules.category_for(n)))
        .collect();
    needed.insert("other");
    let allowed = rules.categories().map(suffix).collect();
    Ok((needed, allowed))
}

/// The plural category `language` gives to `n`.
#[allow(dead_code, reason = "used by tests/translations.rs only")]
pub fn category_for(language: &str, n: u32) -> Result<&'static str, String> {
    Ok(suffix(rules(language)?.category_for(n)))
}

/// Every problem of the translations: `languages` maps a language code to its keys,
/// `reference` is the language whose messages the others must have. Each language
/// must have the reference's messages and no other, each message plain where the
/// reference's is plain and a plural where it is a plural, and each plural exactly
/// the categories its language needs, give or take those its rules allow.
pub fn problems(languages: &BTreeMap<String, Vec<&str>>, reference: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let Some(reference_keys) = languages.get(reference) else {
        return vec![format!("the reference language {reference:?} is missing")];
    };
    let (reference_messages, _) = messages(reference_keys.iter().copied());
    for (language, keys) in languages {
        let (found, key_problems) = messages(keys.iter().copied());
        problems.extend(key_problems.into_iter().map(|p| format!("{language}: {p}")));
        for name in reference_messages
            .keys()
            .filter(|k| !found.contains_key(*k))
        {
            problems.push(format!("{language} lacks the message {name:?}"));
        }
        for name in found
            .keys()
            .filter(|k| !reference_messages.contains_key(*k))
        {
            problems.push(format!(
                "{language} has the message {name:?}, which {reference} lacks"
            ));
        }
        let (needed, allowed) = match categories(language) {
            Ok(c) => c,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        for (name, message) in &found {
            match (reference_messages.get(name), message) {
                (Some(Message::Plain), Message::Plural(_)) => problems.push(format!(
                    "{language}: {name:?} is a plural, but plain in {reference}"
                )),
                (Some(Message::Plural(_)), Message::Plain) => problems.push(format!(
                    "{language}: {name:?} is plain, but a plural in {reference}"
                )),
                (_, Message::Plural(has)) => {
                    for missing in needed.difference(has) {
                        problems.push(format!(
                            "{language}: the plural {name:?} lacks {name}_{missing} (needed by {language}'s plural rules)"
                        ));
                    }
                    for extra in has.difference(&allowed) {
                        problems.push(format!(
                            "{language}: {name}_{extra} is a plural category {language} does not have"
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    problems
}
