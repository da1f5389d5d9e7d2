//! Browser end-to-end tests of the app's preferences that change how moves are made
//! and shown: sound (`sound`), motion (`motion`: `animated` or `instant`, and the
//! system's `prefers-reduced-motion`) and *confirm moves* (`confirm-move`), all in the
//! top bar's preferences menu (`prefs-open`). The built page (`dist/`, which these
//! tests do not build) is driven in headless Chromium through chromedriver (see
//! `tests/e2e/harness/`; every test also ends with no console error and no request
//! to another origin).

use crate::harness::{Page, Snapshot, run, wait_cpu_answer};
use serde_json::Value;
use shogi_variants::session::storage::keys;

/// Opens the preferences menu if it is closed.
async fn open_menu(page: &Page) {
    let open = page
        .js(
            "return document.querySelector('[data-testid=\"prefs\"]').open",
            vec![],
        )
        .await;
    if open != Value::Bool(true) {
        page.click("prefs-open").await;
    }
}

/// Closes the preferences menu if it is open.
async fn close_menu(page: &Page) {
    let open = page
        .js(
            "return document.querySelector('[data-testid=\"prefs\"]').open",
            vec![],
        )
        .await;
    if open == Value::Bool(true) {
        page.click("prefs-open").await;
    }
}

/// The page's `data-last-sound` (`KIND-ID` of the last sound played), if any.
async fn last_sound(page: &Page) -> Option<String> {
    page.js(
        "return document.documentElement.getAttribute('data-last-sound')",
        vec![],
    )
    .await
    .as_str()
    .map(str::to_string)
}

/// Plays a legal move of Black (the first the engine lists in the saved game) by
/// clicks and returns it, in notation.
async fn play_any(page: &Page) -> String {
    let game = page.wait_saved("a saved game", |_| true).await;
    let mv = game
        .position()
        .legal_moves()
        .first()
        .expect("Black has a legal move")
        .to_string();
    page.play(&mv).await;
    mv
}

/// The classes and the computed `animation-name` of every piece on the board that is
/// animated (class `arrive`), as `(square, classes, animation)`.
async fn arriving(page: &Page) -> Vec<(String, String, String)> {
    let value = page
        .js(
            "return [...document.querySelectorAll('[data-testid=\"board\"] .arrive')].map((e) => \
             [e.dataset.testid, e.className, getComputedStyle(e).animationName])",
            vec![],
        )
        .await;
    serde_json::from_value(value).expect("a list of triples")
}

/// The computed `animation-name` of the piece on `sq`.
async fn animation_of(page: &Page, sq: &str) -> String {
    page.computed(&format!("[data-testid=\"piece-{sq}\"]"), "animation-name")
        .await
}

/// Whether the held move's buttons are shown.
async fn confirm_shown(page: &Page) -> bool {
    page.js(
        "return !!document.querySelector('[data-testid=\"move-confirm\"]')",
        vec![],
    )
    .await
        == Value::Bool(true)
}

/// Waits until the held move's buttons are gone.
async fn wait_no_confirm(page: &Page) {
    for _ in 0..200 {
        if !confirm_shown(page).await {
            return;
        }
        page.sleep(25).await;
    }
    panic!("the confirmation of the held move stayed");
}

/// Sound on by default; switched off, it is saved and kept after a reload, and moves
/// make no sound; switched on, a person's move and the CPU's answer each make one (the
/// page's `data-last-sound`), and a game opened from storage makes none.
#[test]
fn the_sound_switch_is_kept_across_a_reload() {
    run(|page| async move {
        open_menu(&page).await;
        assert!(page.checked("sound").await, "sound is on by default");
        page.click("sound").await;
        assert!(!page.checked("sound").await);
        assert_eq!(page.saved_preferences().await["sound"], false);
        close_menu(&page).await;

        page.reload().await;
        open_menu(&page).await;
        assert!(
            !page.checked("sound").await,
            "sound stays off after a reload"
        );
        close_menu(&page).await;
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        assert_eq!(last_sound(&page).await, None, "no sound while it is off");

        open_menu(&page).await;
        page.click("sound").await;
        assert!(page.checked("sound").await);
        assert_eq!(page.saved_preferences().await["sound"], true);
        close_menu(&page).await;
        // Every sound from now on, in order: the CPU may answer before the person's
        // sound is read.
        page.js(
            "window.__e2eSounds = []; new MutationObserver(() => \
             window.__e2eSounds.push(document.documentElement.getAttribute('data-last-sound'))) \
             .observe(document.documentElement, { attributeFilter: ['data-last-sound'] });",
            vec![],
        )
        .await;
        play_any(&page).await;
        wait_cpu_answer(&page, 4).await;
        let sounds: Vec<String> =
            serde_json::from_value(page.js("return window.__e2eSounds;", vec![]).await)
                .expect("a list of sounds");
        let [person, cpu] = sounds.as_slice() else {
            panic!("one sound for the person's move and one for the CPU's: {sounds:?}");
        };
        assert!(
            person == "move-3" || person == "capture-3",
            "the person's move sounds (the third move made on this page): {person}"
        );
        assert!(
            cpu.ends_with("-4") && !cpu.starts_with("end"),
            "the CPU's answer sounds too: {cpu}"
        );
        assert_eq!(last_sound(&page).await.as_ref(), Some(cpu));

        page.reload().await;
        open_menu(&page).await;
        assert!(page.checked("sound").await, "sound stays on after a reload");
        close_menu(&page).await;
        page.sleep(700).await;
        assert_eq!(
            last_sound(&page).await,
            None,
            "the saved game is shown without a sound"
        );
        assert_eq!(page.saved_moves().await.len(), 4);
    });
}

/// Damaged saved sound and motion preferences: each falls back to its default (sound
/// on, animated) with its own notice, and the theme, the language and the game are
/// kept; the readable preferences are saved back.
#[test]
fn a_corrupt_sound_or_motion_falls_back_with_a_notice_and_keeps_the_rest() {
    run(|page| async move {
        page.select("theme", "dark").await;
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        let damaged = r#"{"app":"shogi-variants","data":{"game":"hasami","locale":"en","motion":"wobbly","sound":"loud","theme":"dark"},"version":1}"#;
        page.storage_set(keys::PREFERENCES, damaged).await;
        page.reload().await;
        let snap: Snapshot = page.wait_for("two notices", |s| s.notices.len() == 2).await;
        let kept = "A copy of the unreadable data is kept on this device.";
        assert_eq!(
            snap.notices,
            [
                format!(
                    "The saved sound setting could not be read (damaged data); sound is on. \
                     Your other preferences are kept. {kept}"
                ),
                format!(
                    "The saved choice of move animation could not be read (damaged data); moves \
                     are animated. Your other preferences are kept. {kept}"
                ),
            ]
        );
        assert_eq!(page.value("theme").await, "dark", "the theme is kept");
        assert_eq!(page.value("lang").await, "en");
        assert_eq!(page.saved_moves().await.len(), 2, "the game is kept");
        open_menu(&page).await;
        assert!(page.checked("sound").await, "sound falls back to on");
        assert_eq!(page.value("motion").await, "animated");
        assert!(!page.checked("confirm-move").await, "untouched: off");
        close_menu(&page).await;
        assert_eq!(
            page.storage_get(&format!("{}{}", keys::PREFERENCES, keys::UNREADABLE_SUFFIX))
                .await
                .as_deref(),
            Some(damaged),
            "the damaged text is kept aside"
        );
        let saved = page.saved_preferences().await;
        assert_eq!(
            (
                &saved["theme"],
                &saved["sound"],
                &saved["motion"],
                &saved["game"]
            ),
            (
                &Value::from("dark"),
                &Value::from(true),
                &Value::from("animated"),
                &Value::from("hasami")
            ),
            "the readable preferences and the defaults saved back: {saved}"
        );
        page.reload().await;
        page.sleep(300).await;
        assert!(page.snapshot().await.notices.is_empty(), "clean again");
    });
}

/// Confirm moves in Hasami: the destination clicked, nothing is played (the piece is
/// drawn faded there, the CPU waits); Cancel and Escape keep the piece picked and play
/// nothing; Play plays the move once and the CPU answers. The option is kept after a
/// reload.
#[test]
fn confirm_move_in_hasami_holds_the_move_until_confirmed() {
    run(|page| async move {
        open_menu(&page).await;
        assert!(!page.checked("confirm-move").await, "off by default");
        page.click("confirm-move").await;
        assert!(page.checked("confirm-move").await);
        assert_eq!(page.saved_preferences().await["confirm_move"], true);
        close_menu(&page).await;

        page.click_square("e1").await;
        page.wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
            .await;
        page.click_square("e5").await;
        page.el("move-confirm").await;
        let snap = page
            .wait_for("e5 pending", |s| {
                s.marks
                    .get("e5")
                    .is_some_and(|m| m.contains(&"pending".into()))
            })
            .await;
        assert_eq!(snap.pieces.get("e1").map(String::as_str), Some("black"));
        assert!(!snap.pieces.contains_key("e5"), "not played yet");
        assert_eq!(snap.marked("selected"), ["e1"], "the piece stays picked");
        assert_eq!(snap.status, "Black to move");
        assert_eq!(page.focused().await, "move-confirm", "Play takes the focus");
        assert_eq!(
            page.js(
                "return !!document.querySelector('[data-testid=\"ghost-e5\"]')",
                vec![]
            )
            .await,
            Value::Bool(true),
            "the piece is drawn faded on e5"
        );
        page.sleep(1000).await;
        assert!(
            page.saved_moves().await.is_empty(),
            "nothing played or saved"
        );
        assert_eq!(
            page.snapshot().await.status,
            "Black to move",
            "the CPU waits"
        );

        // Cancel: back to the pick.
        page.click("move-cancel").await;
        wait_no_confirm(&page).await;
        let snap = page.snapshot().await;
        assert_eq!(snap.marked("selected"), ["e1"]);
        assert!(snap.marked("pending").is_empty());
        assert!(!snap.pieces.contains_key("e5"));

        // Escape cancels too.
        page.click_square("e5").await;
        page.el("move-confirm").await;
        page.press("\u{e00c}").await;
        wait_no_confirm(&page).await;
        assert_eq!(page.snapshot().await.marked("selected"), ["e1"]);

        // A click elsewhere on the board cancels and keeps the pick.
        page.click_square("e4").await;
        page.el("move-confirm").await;
        page.click_square("a5").await;
        wait_no_confirm(&page).await;
        assert_eq!(page.snapshot().await.marked("selected"), ["e1"]);
        assert!(page.saved_moves().await.is_empty(), "still nothing played");

        // Play: the move is played once and the CPU answers.
        page.click_square("e5").await;
        page.click("move-confirm").await;
        wait_no_confirm(&page).await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        assert_eq!(game.moves()[0].to_string(), "e1e5");

        page.reload().await;
        open_menu(&page).await;
        assert!(page.checked("confirm-move").await, "kept after a reload");
        close_menu(&page).await;
    });
}

/// Confirm moves in Yonin: South's move is held until Play, then played once, and the
/// three CPU seats answer.
#[test]
fn confirm_move_in_yonin_plays_one_confirmed_move() {
    run(|page| async move {
        page.open_game("yonin").await;
        open_menu(&page).await;
        page.click("confirm-move").await;
        close_menu(&page).await;
        page.click_square("d1").await;
        page.wait_yonin("d1 selected", |s| s.marked("selected") == ["d1"])
            .await;
        page.click_square("c2").await;
        page.el("move-confirm").await;
        page.sleep(800).await;
        let moves = match page.try_saved_yonin().await {
            Some(Ok(t)) => t.game.moves().len(),
            _ => 0,
        };
        assert_eq!(moves, 0, "nothing played before Play");
        let snap = page.yonin().await;
        assert!(
            snap.marked("pending").contains(&"c2".to_string()),
            "{snap:?}"
        );
        page.click("move-confirm").await;
        let saved = page
            .wait_saved_yonin("South's move and the CPUs' answers", |t| {
                t.game.moves().len() >= 4
            })
            .await;
        assert_eq!(saved.game.moves()[0].to_string(), "d1c2");
        assert!(!confirm_shown(&page).await);
    });
}

/// Motion: by default the CPU's move slides in (class `arrive slide`, a CSS animation);
/// with "instant", kept after a reload, no piece gets an animation class; nor with the
/// system's reduced motion.
#[test]
fn instant_moves_are_kept_and_not_animated() {
    run(|page| async move {
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let cpu = game.moves()[1];
        let moving = arriving(&page).await;
        assert_eq!(moving.len(), 1, "{moving:?}");
        assert_eq!(moving[0].0, format!("piece-{}", cpu.to));
        assert!(moving[0].1.contains("arrive slide"), "{moving:?}");
        assert_eq!(moving[0].2, "arrive-slide");

        open_menu(&page).await;
        assert_eq!(page.value("motion").await, "animated");
        page.select("motion", "instant").await;
        assert_eq!(page.saved_preferences().await["motion"], "instant");
        close_menu(&page).await;
        page.reload().await;
        open_menu(&page).await;
        assert_eq!(page.value("motion").await, "instant", "kept after a reload");
        close_menu(&page).await;
        play_any(&page).await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        assert!(arriving(&page).await.is_empty(), "no animation class");
        assert_eq!(
            animation_of(&page, &game.moves()[3].to.to_string()).await,
            "none"
        );

        // Animated again, but the system asks for reduced motion.
        open_menu(&page).await;
        page.select("motion", "animated").await;
        close_menu(&page).await;
        page.emulate_media(None, true).await;
        play_any(&page).await;
        let (game, _) = wait_cpu_answer(&page, 6).await;
        assert!(
            arriving(&page).await.is_empty(),
            "no animation class under reduced motion"
        );
        assert_eq!(
            animation_of(&page, &game.moves()[5].to.to_string()).await,
            "none"
        );
    });
}

/// A browser without Web Audio (no `AudioContext`): clicks, moves and the CPU's answer
/// go on as usual with sound on, and nothing is logged as an error (the harness checks
/// the console when the test ends).
#[test]
fn without_web_audio_the_game_goes_on_silently() {
    run(|page| async move {
        page.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            serde_json::json!({
                "source": "delete window.AudioContext; delete window.webkitAudioContext;"
            }),
        )
        .await;
        page.reload().await;
        assert_eq!(
            page.js("return typeof window.AudioContext", vec![]).await,
            Value::from("undefined"),
            "no Web Audio on this page"
        );
        open_menu(&page).await;
        assert!(page.checked("sound").await);
        close_menu(&page).await;
        page.play("e1e5").await;
        assert_eq!(last_sound(&page).await.as_deref(), Some("move-1"));
        wait_cpu_answer(&page, 2).await;
    });
}
