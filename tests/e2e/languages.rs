//! The languages of the page: switching, the choice kept across reloads, every
//! language's titles and rules terms with no key shown raw, and plural forms in the
//! screen reader's announcements.

use crate::harness::{Page, run};
use crate::rules_pages::{open_rules, rules_boards, rules_text};
use serde_json::{Value, json};
use shogi_variants::engine::hasami::Player;
use shogi_variants::session::storage::{self, keys};
use std::path::Path;

/// The text of the live announcement of the last move (`data-testid="announce"`).
async fn announcement(page: &Page) -> String {
    page.js(
        "return document.querySelector('[data-testid=announce]')?.textContent ?? ''",
        vec![],
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Waits until the announcement ends with `end`, and returns it.
async fn wait_announcement(page: &Page, end: &str) -> String {
    for _ in 0..100 {
        let text = announcement(page).await;
        if text.ends_with(end) {
            return text;
        }
        page.sleep(50).await;
    }
    panic!(
        "no announcement ending with {end:?}: {:?}",
        announcement(page).await
    );
}

/// Counts in Russian take the plural form leptos_i18n picks by Russian's rules in the
/// page itself: one capture "взята 1 фигура", two "взяты 2 фигуры"; the time options
/// "30 секунд".
#[test]
fn russian_capture_announcements_take_their_plural_forms() {
    run(|page| async move {
        page.select("seat-white", "human").await;
        page.select("lang", "ru").await;
        page.wait_for("Russian", |s| s.new_game == "Новая партия")
            .await;
        for m in ["d1d5", "e9e5"] {
            page.play(m).await;
            page.sleep(100).await;
        }
        page.play("f1f5").await; // closes d5-e5-f5: one piece
        let one = wait_announcement(&page, "взята 1 фигура.").await;
        assert!(one.starts_with("Чёрные: "), "{one}");
        for m in ["g9g5", "a1a2", "h9h5"] {
            page.play(m).await;
            page.sleep(100).await;
        }
        page.play("i1i5").await; // closes f5-g5-h5-i5: two pieces
        wait_announcement(&page, "взяты 2 фигуры.").await;
        let saved = page.saved().await.expect("saved");
        assert_eq!(saved.game.position().captures(Player::Black), 3);
        page.select("lang", "en").await;
        wait_announcement(&page, "captured 2 pieces.").await;
    });
}

/// Switching the language translates the page at once (Portuguese, Russian, Japanese, back to
/// English), and the choice is saved.
#[test]
fn language_switch_translates_the_page() {
    run(|page| async move {
        let snap = page.snapshot().await;
        assert_eq!(snap.new_game, "New game");
        assert_eq!(page.value("lang").await, "en");

        page.select("lang", "pt").await;
        let snap = page
            .wait_for("Portuguese", |s| s.new_game == "Nova partida")
            .await;
        assert_eq!(snap.status, "Vez das Pretas");
        assert_eq!(snap.player("black").name, "Pretas");
        assert_eq!(snap.player("white").role, "CPU · Vitórias: 0");
        let saved = page
            .storage_get(keys::PREFERENCES)
            .await
            .expect("the choice is saved");
        let saved: serde_json::Value =
            storage::decode(&saved, storage::PREFERENCES_VERSION).expect("readable preferences");
        assert_eq!(saved["locale"], serde_json::json!("pt"));

        page.select("lang", "ru").await;
        let snap = page
            .wait_for("Russian", |s| s.new_game == "Новая партия")
            .await;
        assert_eq!(snap.status, "Ход: Чёрные");
        page.select("lang", "ja").await;
        let snap = page
            .wait_for("Japanese", |s| s.new_game == "新しい対局")
            .await;
        assert_eq!(snap.status, "黒の手番");
        assert_eq!(snap.player("black").name, "黒");
        assert_eq!(
            page.js("return document.title;", vec![]).await,
            "あなたの手番 · はさみ将棋"
        );
        page.select("lang", "en").await;
        let snap = page.wait_for("English", |s| s.new_game == "New game").await;
        assert_eq!(snap.status, "Black to move");
    });
}

/// The language chosen survives a reload: the saved locale is applied in an effect
/// that runs after leptos_i18n's provider has set the browser's language (src/ui/mod.rs).
#[test]
fn language_choice_survives_reload() {
    run(|page| async move {
        page.select("lang", "pt").await;
        page.wait_for("Portuguese", |s| s.new_game == "Nova partida")
            .await;

        page.reload().await;
        // Give the app's start-up effects time to run before reading.
        page.sleep(300).await;
        let snap = page.snapshot().await;
        assert_eq!(
            snap.new_game, "Nova partida",
            "still Portuguese after reload"
        );
        assert_eq!(snap.status, "Vez das Pretas");
        assert_eq!(page.value("lang").await, "pt");
    });
}

/// A saved Japanese choice survives a reload with no notice: it was once refused as
/// an unknown language, because the list of languages the preferences accept lacked
/// `ja` (now one list, `session::app::LANGUAGES`).
#[test]
fn japanese_survives_reload_without_a_notice() {
    run(|page| async move {
        page.select("lang", "ja").await;
        page.wait_for("Japanese", |s| s.new_game == "新しい対局")
            .await;
        assert_eq!(page.saved_preferences().await["locale"], json!("ja"));
        page.reload().await;
        page.sleep(300).await;
        let snap = page.snapshot().await;
        assert_eq!(snap.new_game, "新しい対局", "still Japanese after reload");
        assert_eq!(snap.status, "黒の手番");
        assert_eq!(page.value("lang").await, "ja");
        assert_eq!(
            page.js(
                "return document.querySelectorAll('[data-testid=notice]').length",
                vec![]
            )
            .await,
            json!(0),
            "no notice"
        );
        assert_eq!(page.saved_preferences().await["locale"], json!("ja"));
    });
}

/// The note of the rules that wait for the next game, in each language: its two
/// sentences one text, with a space between them, except in Japanese, which puts none
/// after 。 (`session::app::join_sentences`).
#[test]
fn the_pending_rules_note_joins_its_sentences_as_each_language_does() {
    run(|page| async move {
        page.play("e1e5").await;
        crate::harness::wait_cpu_answer(&page, 2).await;
        page.select("set-win", "lead_by_three").await;
        page.wait_for("the pending note", |s| s.rules_pending.is_some())
            .await;
        for (lang, joint) in [
            ("en", "next game. This game: "),
            ("pt", "próxima partida. Esta partida: "),
            ("es", "próxima partida. Esta partida: "),
            ("ru", "следующей партии. Эта партия: "),
            ("ja", "適用されます。この対局："),
        ] {
            page.select("lang", lang).await;
            page.sleep(200).await;
            let note = page.snapshot().await.rules_pending.unwrap_or_default();
            assert!(note.contains(joint), "{lang}: {note}");
            if lang == "ja" {
                assert!(!note.contains("。 "), "{lang}: a space after 。: {note}");
            }
        }
        page.select("lang", "en").await;
    });
}

/// What on the page looks like a translation key shown raw: a `snake_case` word in
/// its text or labels, or a text (or label) that is exactly a key of `en.json` whose
/// English is not that same word.
async fn raw_keys_shown(page: &Page) -> Vec<String> {
    let en: serde_json::Map<String, Value> = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui/locales/en.json"),
        )
        .expect("en.json"),
    )
    .expect("en.json is JSON");
    let bits = page
        .js(
            r#"const bits = [document.title];
            const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
            while (walk.nextNode()) {
                const p = walk.currentNode.parentElement;
                if (p && p.closest('script, style')) continue;
                bits.push(walk.currentNode.textContent.trim());
            }
            for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
                for (const a of ['aria-label', 'title', 'placeholder']) {
                    if (e.hasAttribute(a)) bits.push(e.getAttribute(a).trim());
                }
            }
            return bits.filter(b => b.length > 0);"#,
            vec![],
        )
        .await;
    let mut raw = Vec::new();
    for bit in bits
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if en.get(bit).is_some_and(|english| english != bit) {
            raw.push(bit.to_string());
        }
        raw.extend(
            bit.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .filter(|w| {
                    w.contains('_')
                        && w.split('_').all(|p| !p.is_empty())
                        && w.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                })
                .map(str::to_string),
        );
    }
    raw
}

/// What [`each_language_titles_rules_terms_and_no_raw_key`] looks for in one language.
struct LanguageExpect {
    /// The code of the language.
    lang: &'static str,
    /// The title of Hasami Shogi.
    hasami: &'static str,
    /// The title of Yonin Shogi.
    yonin: &'static str,
    /// The heading of Hasami's rules page.
    hasami_rules: &'static str,
    /// The heading of Yonin's rules page.
    yonin_rules: &'static str,
    /// Terms Hasami's rules use.
    hasami_terms: &'static [&'static str],
    /// Terms Yonin's rules use.
    yonin_terms: &'static [&'static str],
    /// The options of the time per move (counts in their plural forms; Japanese's
    /// only form passed on as a plain key by build.rs).
    time_options: [&'static str; 3],
}

/// Each language (issue 9): switched with the `lang` select, the title of each game
/// and the heading of its rules page are translated, the rules use the language's own
/// game terms, and no translation key is shown raw, on the board, in the settings or
/// on the rules page.
#[test]
fn each_language_titles_rules_terms_and_no_raw_key() {
    let languages = [
        LanguageExpect {
            lang: "en",
            hasami: "Hasami Shogi",
            yonin: "Yonin Shogi",
            hasami_rules: "Rules of Hasami Shogi",
            yonin_rules: "Rules of Yonin Shogi",
            hasami_terms: &["sandwich", "corner"],
            yonin_terms: &["check priority", "hand", "Nifu", "promote"],
            time_options: ["No limit", "30 seconds", "60 seconds"],
        },
        LanguageExpect {
            lang: "pt",
            hasami: "Hasami Shogi",
            yonin: "Yonin Shogi",
            hasami_rules: "Regras do Hasami Shogi",
            yonin_rules: "Regras do Yonin Shogi",
            hasami_terms: &["sanduíche", "canto"],
            yonin_terms: &["prioridade de xeque", "mão", "Mate", "Nifu", "promo"],
            time_options: ["Sem limite", "30 segundos", "60 segundos"],
        },
        LanguageExpect {
            lang: "es",
            hasami: "Hasami Shogi",
            yonin: "Yonin Shogi",
            hasami_rules: "Reglas del Hasami Shogi",
            yonin_rules: "Reglas del Yonin Shogi",
            hasami_terms: &["sándwich", "esquina"],
            yonin_terms: &["prioridad de jaque", "mano", "Mate", "Nifu", "promo"],
            time_options: ["Sin límite", "30 segundos", "60 segundos"],
        },
        LanguageExpect {
            lang: "ru",
            hasami: "Хасами-сёги",
            yonin: "Ёнин сёги",
            hasami_rules: "Правила хасами-сёги",
            yonin_rules: "Правила ёнин-сёги",
            hasami_terms: &["зажим", "угл"],
            yonin_terms: &["приоритет шаха", "рук", "мат", "превращ"],
            time_options: ["Без ограничения", "30 секунд", "60 секунд"],
        },
        LanguageExpect {
            lang: "ja",
            hasami: "はさみ将棋",
            yonin: "四人将棋",
            hasami_rules: "はさみ将棋のルール",
            yonin_rules: "四人将棋のルール",
            hasami_terms: &["はさ", "隅"],
            yonin_terms: &["王手", "持ち駒", "詰み", "成り", "二歩", "打ち歩詰め"],
            time_options: ["制限なし", "30 秒", "60 秒"],
        },
    ];
    run(|page| async move {
        for LanguageExpect {
            lang,
            hasami,
            yonin,
            hasami_rules,
            yonin_rules,
            hasami_terms,
            yonin_terms,
            time_options,
        } in languages
        {
            for (game, title, heading, terms) in [
                ("hasami", hasami, hasami_rules, hasami_terms),
                ("yonin", yonin, yonin_rules, yonin_terms),
            ] {
                page.switch_game(game).await;
                page.select("lang", lang).await;
                for _ in 0..50 {
                    if page.el("title").await.text().await.ok().as_deref() == Some(title) {
                        break;
                    }
                    page.sleep(50).await;
                }
                assert_eq!(
                    page.el("title").await.text().await.unwrap(),
                    title,
                    "{lang} {game}"
                );
                // The person is to move at a new table: the tab's title says so first.
                let your_move = page.el("your-move").await.text().await.unwrap();
                assert!(!your_move.is_empty(), "{lang} {game}: no \"your move\"");
                assert_eq!(
                    page.js("return document.title;", vec![]).await,
                    json!(format!("{your_move} · {title}"))
                );
                assert_eq!(page.value("lang").await, lang);
                let raw = raw_keys_shown(&page).await;
                assert!(raw.is_empty(), "{lang} {game}: raw keys shown: {raw:?}");
                let options = page
                    .js(
                        r#"return ['set-time', 'set-limit'].map(id =>
                            [...document.querySelectorAll(`[data-testid="${id}"] option`)]
                                .map(o => o.textContent.trim()));"#,
                        vec![],
                    )
                    .await;
                assert_eq!(options[0], json!(time_options), "{lang} {game}");
                if lang == "ru" {
                    // 100 to 400 take the "many" form.
                    assert!(
                        options[1].as_array().is_some_and(|o| o
                            .iter()
                            .skip(1)
                            .all(|t| t.as_str().is_some_and(|t| t.ends_with(" ходов")))),
                        "{options}"
                    );
                }
                open_rules(&page).await;
                let shown = page
                    .js(
                        r#"return document.getElementById('rules-title')?.innerText ?? ''"#,
                        vec![],
                    )
                    .await;
                assert_eq!(shown, json!(heading), "{lang} {game}: the rules heading");
                let text = rules_text(&page).await;
                for term in terms {
                    assert!(text.contains(term), "{lang} {game}: {term:?} in the rules");
                }
                let raw = raw_keys_shown(&page).await;
                assert!(
                    raw.is_empty(),
                    "{lang} {game} rules: raw keys shown: {raw:?}"
                );
                page.click("rules-close").await;
                for _ in 0..50 {
                    if rules_boards(&page).await == 0 {
                        break;
                    }
                    page.sleep(50).await;
                }
            }
        }
        // The look-out is not blind: a key planted in the page is found.
        page.js(
            r#"const p = document.createElement('p'); p.id = 'planted';
            p.innerHTML = '<span>footer</span> <span>see hand_piece_label</span>';
            document.body.append(p);"#,
            vec![],
        )
        .await;
        assert_eq!(raw_keys_shown(&page).await, ["footer", "hand_piece_label"]);
        page.js("document.getElementById('planted').remove();", vec![])
            .await;
    });
}
