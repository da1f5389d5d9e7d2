//! What the page keeps in localStorage: settings and games kept across reloads,
//! damaged, out-of-range, newer and version-1 data, blocked storage, and the capture of
//! a build's saved data for `tests/saved_data.rs`.

use crate::harness::{
    Options, Page, START_BOARD, SavedTable, Snapshot, any_legal_move, board_of, mv, run, run_with,
    wait_cpu_answer,
};
use crate::screens::piece_text;
use shogi_variants::engine::hasami::{Game, Rules, WinCondition};
use shogi_variants::session::hasami::Settings;
use shogi_variants::session::storage::{self, keys};
use shogi_variants::session::table::{
    Controller, Participant, Revision, TableSettings, TimePerMove, ViewMode,
};
use std::path::{Path, PathBuf};

/// Settings change what the page does and are kept: legal-move marks off, a move
/// clock, and rule changes that wait for the next game (with the pending note).
#[test]
fn settings_apply_and_are_kept() {
    run(|page| async move {
        assert_eq!(page.value("seat-black").await, "human");
        assert_eq!(page.value("seat-white").await, "cpu");
        assert_eq!(page.value("set-win").await, "capture_five");
        assert_eq!(page.value("set-limit").await, "none");
        assert_eq!(page.value("set-time").await, "none");
        assert!(page.checked("set-show-legal").await);
        assert!(page.checked("set-alternate").await);

        // Legal-move marks off: a selection shows no targets, moves still work.
        page.click("set-show-legal").await;
        assert!(!page.checked("set-show-legal").await);
        page.click_square("e1").await;
        let snap = page
            .wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
            .await;
        assert!(snap.marked("target").is_empty(), "{:?}", snap.marks);
        page.click_square("e5").await;
        wait_cpu_answer(&page, 2).await;

        // Time per move: a clock on the card of the side to move, counting down.
        page.select("set-time", "30").await;
        let snap = page
            .wait_for("the clock", |s| s.player("black").clock.is_some())
            .await;
        let secs = |s: &Snapshot| -> u32 {
            let text = s.player("black").clock.clone().expect("clock");
            let (m, ss) = text.split_once(':').expect("m:ss");
            assert_eq!(m, "0", "{text}");
            ss.parse().expect("seconds")
        };
        let first = secs(&snap);
        assert!((28..=30).contains(&first), "clock at {first}");
        assert_eq!(snap.player("white").clock, None);
        page.wait_for("the clock to count down", |s| {
            s.player("black").clock.is_some() && secs(s) < first
        })
        .await;
        page.select("set-time", "none").await;
        page.wait_for("no clock", |s| s.player("black").clock.is_none())
            .await;

        // Rule changes apply from the next game.
        page.select("set-win", "lead_by_three").await;
        page.select("set-limit", "100").await;
        let pending = "The win condition and move limit set here apply from the next game. \
                       This game: Capture 5, no move limit.";
        let snap = page
            .wait_for("the pending note", |s| s.rules_pending.is_some())
            .await;
        assert_eq!(snap.rules_pending.as_deref(), Some(pending));
        assert_eq!(snap.player("black").target, "/5", "this game: capture 5");
        let settings = page.saved().await.expect("settings saved").settings;
        assert_eq!(
            settings,
            Settings {
                table: TableSettings {
                    show_legal_moves: false,
                    alternate_who_starts: true,
                    time_per_move: TimePerMove::None,
                    view: ViewMode::Fixed,
                    take_backs: true,
                },
                rules: Rules {
                    win: WinCondition::LeadByThree,
                    move_limit: Some(100),
                },
                pieces: shogi_variants::session::hasami::PieceStyle::Marks,
            }
        );

        // Kept across a reload, with the game.
        page.reload().await;
        assert_eq!(page.value("set-win").await, "lead_by_three");
        assert_eq!(page.value("set-limit").await, "100");
        assert_eq!(page.value("set-time").await, "none");
        assert!(!page.checked("set-show-legal").await);
        let snap = page.snapshot().await;
        assert_eq!(snap.rules_pending.as_deref(), Some(pending));
        assert_eq!(page.saved_moves().await.len(), 2);

        // A new game (confirmed, a game is in progress) takes the new rules; with
        // "alternate who starts" off the person keeps Black.
        page.click("set-alternate").await;
        assert!(!page.checked("set-alternate").await);
        page.click("new-game").await;
        page.wait_for("the confirmation", |s| s.confirm).await;
        page.click("confirm-yes").await;
        let game = page
            .wait_saved("the new game", |g| {
                g.rules().win == WinCondition::LeadByThree
            })
            .await;
        assert_eq!(game.rules().move_limit, Some(100));
        let snap = page
            .wait_for("no pending note", |s| {
                s.rules_pending.is_none() && !s.confirm
            })
            .await;
        assert_eq!(snap.player("black").target, "", "lead by 3 has no target");
        assert_eq!(snap.player("white").target, "");
        assert_eq!(snap.player("black").role, "Human · Wins: 0");
        assert_eq!(snap.status, "Black to move");
        assert_eq!(snap.board(), START_BOARD);
        page.sleep(700).await;
        assert!(page.saved_moves().await.is_empty(), "the CPU does not open");
    });
}

/// Reloading mid-game shows the same game (pieces, last-move marks, status, cards)
/// and play goes on; the new-game button asks first and "keep playing" keeps it.
#[test]
fn reload_mid_game_finds_the_same_game() {
    run(|page| async move {
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        page.play(&any_legal_move(&game)).await;
        let (game, before) = wait_cpu_answer(&page, 4).await;

        page.reload().await;
        let after = page.wait_status("Black to move").await;
        assert_eq!(after, before, "the same page after the reload");
        assert_eq!(after.board(), board_of(&game));
        assert_eq!(page.saved().await.expect("saved").game, game);

        page.click("new-game").await;
        page.wait_for("the confirmation", |s| s.confirm).await;
        page.click("confirm-no").await;
        let snap = page.wait_for("the dialog closed", |s| !s.confirm).await;
        assert_eq!(snap, before, "keep playing keeps the game");

        page.play(&any_legal_move(&game)).await;
        let (after, _) = wait_cpu_answer(&page, 6).await;
        assert_eq!(after.moves()[..4], game.moves()[..]);
    });
}

/// Unreadable saved data: a notice says what was wrong (the app's own reason) and
/// where the data was kept, a new game starts, the data stays until the next change,
/// and the next change saves readable data again.
#[test]
fn corrupted_storage_shows_a_notice() {
    run(|page| async move {
        let table_raw = r#"{"app":"shogi-variants","version":2,"data":{"settings":{"win":"capture_all"},"participants":[{"controller":"human","wins":0},{"controller":"cpu","wins":0}],"seating":[0,1],"game":{"rules":{"win":"capture_five","move_limit":null},"start":"wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0","moves":["e5e4","e1e5"]},"game_number":1,"revision":{"seq":2,"page":1},"clock_used_ms":0.0}}"#;
        page.storage_set(keys::HASAMI_TABLE, table_raw).await;
        page.reload().await;

        let table_error = SavedTable::open(table_raw, None).unwrap_err();
        assert!(table_error.to_string().contains("move 1"), "{table_error}");
        let expected = "The saved game could not be read (damaged data), so a new game was started. \
             A copy of the unreadable data is kept on this device.";
        let snap = page.snapshot().await;
        assert_eq!(snap.notices, [expected]);
        assert_eq!(snap.board(), START_BOARD);
        assert_eq!(snap.status, "Black to move");
        assert_eq!(page.value("set-win").await, "capture_five", "defaults");

        let unreadable = format!("{}{}", keys::HASAMI_TABLE, keys::UNREADABLE_SUFFIX);
        assert_eq!(
            page.storage_get(&unreadable).await.as_deref(),
            Some(table_raw)
        );
        assert_eq!(
            page.storage_get(keys::HASAMI_TABLE).await.as_deref(),
            Some(table_raw),
            "kept until the next change"
        );

        // Dismiss the notice.
        page.click_css("[data-testid=\"notice\"] button").await;
        page.wait_for("no notice left", |s| s.notices.is_empty())
            .await;

        // A move saves readable data again (settings with it); the copy stays.
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        assert_eq!(
            page.saved().await.expect("saved").settings,
            Settings::default()
        );
        assert_eq!(
            page.storage_get(&unreadable).await.as_deref(),
            Some(table_raw)
        );

        // And the next load is clean.
        page.reload().await;
        let snap = page.snapshot().await;
        assert!(snap.notices.is_empty(), "{:?}", snap.notices);
        assert_eq!(page.saved_moves().await.len(), 2);
    });
}

/// A saved game whose last move no longer replays (RULES H2: White cannot move Black's
/// piece) opens with the moves before it, not as a new game; the player is told, and
/// the text as it was is kept aside.
#[test]
fn a_damaged_last_move_keeps_the_game_before_it() {
    run(|page| async move {
        let good = page_table_with_move();
        let bad = good.replacen(r#""moves":["e1e5"]"#, r#""moves":["e1e5","e5e4"]"#, 1);
        assert_ne!(bad, good);
        page.storage_set(keys::HASAMI_TABLE, &bad).await;
        page.reload().await;
        let snap = page.snapshot().await;
        assert_eq!(
            snap.notices,
            [
                "The saved game could not be read in full (damaged data); the moves before the \
              damage were kept. Moves: 1. A copy of the unreadable data is kept on this device."
            ]
        );
        assert_eq!(snap.status, "White to move");
        let unreadable = format!("{}{}", keys::HASAMI_TABLE, keys::UNREADABLE_SUFFIX);
        assert_eq!(
            page.storage_get(&unreadable).await.as_deref(),
            Some(bad.as_str())
        );
        // Saved as kept: the next load reads it whole.
        page.sleep(500).await;
        assert_eq!(page.saved_moves().await.len(), 1);
    });
}

/// Stored values the panel never offers are refused with a notice, not used or
/// silently changed: a seat given to a participant 5, a move limit of 0.
#[test]
fn out_of_range_storage_is_refused_with_a_notice() {
    run(|page| async move {
        let notice = "The saved game could not be read (damaged data), so a new game was started. \
                      A copy of the unreadable data is kept on this device.";
        let good = SavedTable::open(&page_table_with_move(), None)
            .expect("a readable table")
            .encode();
        for (from, to) in [
            (r#""seating":[0,1]"#, r#""seating":[5,1]"#),
            (r#""move_limit":null,"pieces"#, r#""move_limit":0,"pieces"#),
        ] {
            let bad = good.replacen(from, to, 1);
            assert_ne!(bad, good, "{from}");
            page.js("localStorage.clear();", vec![]).await;
            page.storage_set(keys::HASAMI_TABLE, &bad).await;
            page.reload().await;
            let snap = page.snapshot().await;
            assert_eq!(snap.notices, [notice], "{to}");
            assert_eq!(snap.board(), START_BOARD);
            assert_eq!(snap.status, "Black to move", "a person still plays Black");
            assert_eq!(page.value("set-limit").await, "none");
            page.sleep(800).await;
            assert_eq!(
                page.storage_get(keys::HASAMI_TABLE).await.as_deref(),
                Some(bad.as_str()),
                "the CPU does not move, nothing is overwritten"
            );
        }
    });
}

/// A saved table with one move (e1e5) in the current format.
fn page_table_with_move() -> String {
    let mut game = Game::new(Rules::default());
    game.play(mv("e1e5")).expect("legal");
    SavedTable {
        settings: Settings::default(),
        participants: vec![
            Participant::new(Controller::Human),
            Participant::new(Controller::Human),
        ],
        seating: vec![0, 1],
        game,
        game_number: 1,
        revision: Revision::default(),
        clock_used_ms: 0.0,
        redo: Vec::new(),
        stats: Default::default(),
        result_dismissed: false,
    }
    .encode()
}

/// A browser that refuses storage (site data blocked: reading `localStorage` throws):
/// the page opens and plays, a notice says the game will not be kept, nothing panics
/// (a panic would log a console error, which fails every test).
#[test]
fn blocked_storage_still_plays() {
    run_with(
        Options {
            block_site_data: true,
            ..Options::default()
        },
        |page| async move {
            let thrown = page
                .js(
                    "try { window.localStorage.length; return 'no error'; } catch (e) { return e.name; }",
                    vec![],
                )
                .await;
            assert_eq!(
                thrown,
                serde_json::json!("SecurityError"),
                "storage is blocked"
            );
            let notice = "This browser does not let the app keep data, so the game will not be kept on this device.";
            let snap = page.snapshot().await;
            assert_eq!(snap.notices, [notice]);
            assert_eq!(snap.status, "Black to move");
            assert_eq!(snap.board(), START_BOARD);

            page.click_square("e1").await;
            page.wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
                .await;
            page.click_square("e5").await;
            let snap = page
                .wait_for("the CPU's answer", |s| {
                    s.pieces.contains_key("e5")
                        && s.marked("last").len() == 2
                        && s.status == "Black to move"
                        && s.board() != "wwwwwwwww/9/9/9/4b4/9/9/9/bbbb1bbbb"
                })
                .await;
            assert_eq!(snap.pieces["e5"], "black");
            assert_eq!(snap.notices, [notice], "told once");

            // Nothing was kept: a reload starts afresh, and says so again.
            page.reload().await;
            let snap = page.snapshot().await;
            assert_eq!(snap.board(), START_BOARD);
            assert_eq!(snap.notices, [notice]);
        },
    );
}

/// A game saved by version 1 of the app (captured in Chromium from that build) opens
/// with its settings, and the next change writes it in the current format in one key.
#[test]
fn a_version_1_save_opens() {
    run(|page| async move {
        let table = include_str!("../data/v1-hasami-table.json").trim();
        let settings = include_str!("../data/v1-hasami-settings.json").trim();
        page.storage_set(keys::HASAMI_TABLE, table).await;
        page.storage_set(keys::HASAMI_SETTINGS_V1, settings).await;
        page.reload().await;
        let snap = page.snapshot().await;
        assert!(snap.notices.is_empty(), "{:?}", snap.notices);
        assert_eq!(snap.board(), "wwwww1www/9/9/9/4b4/9/5w3/9/bbbb1bbbb");
        assert_eq!(snap.status, "Black to move");
        assert_eq!(page.value("set-win").await, "lead_by_three");
        assert_eq!(page.value("set-time").await, "60");

        page.play("a1a2").await;
        let saved = page.saved().await.expect("saved");
        assert_eq!(
            saved.game.moves()[..3],
            [mv("e1e5"), mv("f9f3"), mv("a1a2")]
        );
        assert_eq!(saved.settings.rules.win, WinCondition::LeadByThree);
        let raw = page.storage_get(keys::HASAMI_TABLE).await.expect("saved");
        assert_eq!(
            storage::open(&raw).expect("an envelope").0,
            storage::TABLE_VERSION
        );
        assert_eq!(
            page.storage_get(keys::HASAMI_SETTINGS_V1).await,
            None,
            "the old settings key is gone, its values moved into the table"
        );
    });
}

/// Data saved by a newer version of the app is left untouched (not overwritten, even
/// after moves) and the player is told.
#[test]
fn a_newer_save_is_left_untouched() {
    run(|page| async move {
        let newer = page_table_with_move().replacen(r#""version":2"#, r#""version":3"#, 1);
        page.storage_set(keys::HASAMI_TABLE, &newer).await;
        page.reload().await;
        let snap = page.snapshot().await;
        assert_eq!(
            snap.notices,
            [
                "The game on this device was saved by a newer version of this app. It is left as it is; games played here will not be saved until you use the newer version."
            ]
        );
        assert_eq!(snap.board(), START_BOARD);
        page.click_square("e1").await;
        page.click_square("e5").await;
        page.wait_for("the CPU's answer", |s| {
            s.marked("last").len() == 2
                && !s.pieces.contains_key("e1")
                && s.status == "Black to move"
        })
        .await;
        assert_eq!(
            page.storage_get(keys::HASAMI_TABLE).await.as_deref(),
            Some(newer.as_str())
        );
    });
}

/// A saved table whose only damage is its choice of pieces opens with the game kept,
/// the default pieces and a notice that can be closed.
#[test]
fn a_damaged_piece_set_keeps_the_game() {
    run(|page| async move {
        page.select("piece-set", "kanji").await;
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        let good = page.storage_get(keys::HASAMI_TABLE).await.expect("saved");
        let bad = good.replace(r#""pieces":"kanji""#, r#""pieces":"chess""#);
        assert_ne!(bad, good);
        page.storage_set(keys::HASAMI_TABLE, &bad).await;
        page.reload().await;
        let snap = page.wait_for("the notice", |s| !s.notices.is_empty()).await;
        assert_eq!(
            snap.notices,
            [
                "The saved choice of pieces could not be read; the default pieces are shown. \
              The game and the other settings are kept."
            ]
        );
        assert_eq!(snap.pieces.len(), 18);
        assert_eq!(
            snap.pieces.get("e5").map(String::as_str),
            Some("black"),
            "the game is kept"
        );
        assert_eq!(page.value("piece-set").await, "marks");
        assert_eq!(piece_text(&page, "e5").await, "");
        page.click("notice-close").await;
        page.wait_for("no notice", |s| s.notices.is_empty()).await;
        // The next change saves a readable table.
        page.select("piece-set", "kanji").await;
        let saved = page.saved().await.expect("readable again");
        assert_eq!(saved.game.moves().len(), 2);
    });
}

/// The folder of the captured blobs.
fn saved_blobs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/saved")
}

/// The file a localStorage key is captured in: `shogi-variants/hasami/table` →
/// `hasami-table.json`.
fn blob_file(key: &str) -> String {
    let name = key.strip_prefix("shogi-variants/").unwrap_or(key);
    format!("{}.json", name.replace('/', "-"))
}

/// How `tests/data/saved/` was made (run by hand, never by `cargo test`): against the
/// `dist/` of the build whose saved data the blobs stand for, it plays a few moves in each game through the page, changes
/// settings of both tables and every preference, then writes every localStorage key's
/// value, byte for byte, to `tests/data/saved/KEY.json` (see [`blob_file`]).
/// `tests/saved_data.rs` then checks that the current code opens those blobs with
/// the values set here.
///
/// The blobs of today were captured from the build of e164324 (its `src/` is that of
/// the commit adding this test). To capture those of another build, put that build's
/// `dist/` in place of this checkout's (e.g. `scripts/build.sh` in a worktree of that
/// commit, then copy its `dist/` here), then:
///
/// ```sh
/// cargo test --test e2e capture_saved_blobs -- --ignored --nocapture
/// ```
///
/// The test asserts what it set before it writes anything; `tests/saved_data.rs` must
/// then be given the values of the new blobs (the revision and the CPU's moves differ
/// from one capture to the next).
#[test]
#[ignore = "writes tests/data/saved/ from the dist/ of a build; run by hand"]
fn capture_saved_blobs() {
    use shogi_variants::engine::yonin;
    use shogi_variants::session::yonin::{PieceStyle as YoninPieces, Settings as YoninSettings};
    run(|page| async move {
        // Hasami: the person (Black) plays two moves, the CPU (White) answers each.
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        page.play("a1a3").await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        assert_eq!(game.moves()[0], mv("e1e5"));
        assert_eq!(game.moves()[2], mv("a1a3"));

        // Its settings: rules for the next game, who starts, pieces, the CPU's level
        // and think time, the view, and last (it starts the clock) time per move.
        page.select("set-win", "capture_all").await;
        page.select("set-limit", "200").await;
        page.click("set-alternate").await;
        assert!(!page.checked("set-alternate").await);
        page.select("piece-set", "kanji").await;
        page.select("level-white", "master").await;
        page.select("think-white", "3000").await;
        page.select("set-view", "turn").await;
        page.select("set-time", "30").await;
        let mut tries = 0;
        let saved = loop {
            let saved = page.saved().await.expect("the Hasami table saved");
            if saved.settings.table.time_per_move == TimePerMove::Seconds30 {
                break saved;
            }
            tries += 1;
            assert!(tries < 100, "the time per move was not saved: {saved:?}");
            page.sleep(50).await;
        };
        assert_eq!(
            saved.settings,
            Settings {
                table: TableSettings {
                    show_legal_moves: true,
                    alternate_who_starts: false,
                    time_per_move: TimePerMove::Seconds30,
                    view: ViewMode::TurnToMove,
                    take_backs: true,
                },
                rules: Rules {
                    win: WinCondition::CaptureAll,
                    move_limit: Some(200),
                },
                pieces: shogi_variants::session::hasami::PieceStyle::Kanji,
            }
        );
        assert_eq!(
            saved.participants[1].level,
            shogi_variants::ai::Level::Master
        );
        assert_eq!(saved.participants[1].think_ms, 3000);
        assert_eq!(saved.game.moves().len(), 4);

        // Yonin: North becomes a person; South and North play a move each, West and
        // East (the CPU) answer.
        page.switch_game("yonin").await;
        page.select("seat-north", "human").await;
        let mut played = Vec::new();
        for (n, preferred) in [(0, "d1c2"), (2, "c9c8")] {
            let table = page
                .wait_saved_yonin("a person to move", |t| t.game.moves().len() == n)
                .await;
            let legal: Vec<String> = table
                .game
                .legal_moves()
                .iter()
                .map(ToString::to_string)
                .collect();
            let mv = if legal.iter().any(|m| m == preferred) {
                preferred.to_string()
            } else {
                legal.first().expect("a legal move").clone()
            };
            page.play_yonin(&mv).await;
            played.push(mv);
        }
        let table = page
            .wait_saved_yonin("East's answer", |t| t.game.moves().len() == 4)
            .await;
        page.wait_shows("the position after East", &table.game)
            .await;
        assert_eq!(table.game.side_to_move(), Some(yonin::Seat::South));
        assert_eq!(table.game.moves()[0].to_string(), played[0]);
        assert_eq!(table.game.moves()[2].to_string(), played[1]);

        // Its settings.
        page.select("set-end", "last").await;
        page.select("set-eliminated", "ownerless").await;
        page.select("set-format", "pairs").await;
        // In pairs the first mate ends the game (RULES Y7.2): the end and the
        // eliminated pieces are kept but disabled, and the panel says why.
        let disabled = "return [document.querySelector('[data-testid=set-end]').disabled, \
             document.querySelector('[data-testid=set-eliminated]').disabled, \
             !!document.querySelector('[data-testid=hint-pairs-end]')];";
        assert_eq!(
            page.js(disabled, vec![]).await,
            serde_json::json!([true, true, true])
        );
        page.select("set-limit", "300").await;
        page.click("set-show-legal").await;
        page.select("set-pieces", "letters").await;
        page.select("level-west", "beginner").await;
        page.select("level-east", "master").await;
        page.select("think-east", "10000").await;
        page.select("set-view", "turn").await;
        page.select("set-time", "60").await;
        let saved = page
            .wait_saved_yonin("the Yonin settings", |t| {
                t.settings.table.time_per_move == TimePerMove::Seconds60
            })
            .await;
        assert_eq!(
            saved.settings,
            YoninSettings {
                table: TableSettings {
                    show_legal_moves: false,
                    alternate_who_starts: true,
                    time_per_move: TimePerMove::Seconds60,
                    view: ViewMode::TurnToMove,
                    take_backs: true,
                },
                rules: yonin::Rules {
                    format: yonin::Format::Pairs,
                    end: yonin::GameEnd::ToTheLast,
                    eliminated_pieces: yonin::EliminatedPieces::Ownerless,
                    move_limit: Some(300),
                },
                pieces: YoninPieces::Letters,
            }
        );

        // The preferences: language, theme, sound, motion, confirm moves.
        page.select("theme", "dark").await;
        page.click("prefs-open").await;
        page.click("sound").await;
        assert!(!page.checked("sound").await);
        page.select("motion", "instant").await;
        page.click("confirm-move").await;
        assert!(page.checked("confirm-move").await);
        page.click("prefs-open").await;
        page.select("lang", "ja").await;
        page.sleep(500).await;

        let all = page
            .js(
                "const o = {}; for (let i = 0; i < localStorage.length; i++) { \
                 const k = localStorage.key(i); o[k] = localStorage.getItem(k); } return o;",
                vec![],
            )
            .await;
        let all: std::collections::BTreeMap<String, String> =
            serde_json::from_value(all).expect("localStorage as strings");
        assert_eq!(
            all.keys().map(String::as_str).collect::<Vec<_>>(),
            [keys::HASAMI_TABLE, keys::PREFERENCES, keys::YONIN_TABLE],
            "the keys the app wrote, in order"
        );
        let dir = saved_blobs_dir();
        std::fs::create_dir_all(&dir).expect("create tests/data/saved");
        for (key, value) in &all {
            let path = dir.join(blob_file(key));
            std::fs::write(&path, value).expect("write a blob");
            eprintln!("{key} → {} ({} bytes)", path.display(), value.len());
        }
    });
}

/// Fills localStorage with filler keys (`e2e-fill-N`, then one-letter keys from U+4E00)
/// until it takes nothing more;
/// returns how many were written.
async fn fill_storage(page: &Page) -> u64 {
    let n = page
        .js(
            r#"
            let n = 0;
            for (let size = 1 << 20; size >= 1; size >>= 1) {
              const chunk = "x".repeat(size);
              for (;;) {
                try { localStorage.setItem("e2e-fill-" + n, chunk); n++; }
                catch (e) { break; }
              }
            }
            // The last few characters: one-letter keys (`e2e-fill-` is too long).
            for (let i = 0; i < 64; i++) {
              try { localStorage.setItem(String.fromCharCode(0x4e00 + i), "x"); n++; }
              catch (e) { break; }
            }
            return n;
            "#,
            vec![],
        )
        .await;
    n.as_u64().expect("a count")
}

/// Storage full: the game's saves (a move, the CPU's answer) and the preferences'
/// fail, and the page says so in one notice; once room is made, the next save (here
/// the game's, for a changed piece style) works and the notice goes; the preferences
/// are saved again at their next change.
#[test]
fn a_full_storage_is_told_once_and_cleared_by_a_save() {
    run(|page| async move {
        let failed = "The game could not be saved on this device (storage is full or turned off). \
                      Play goes on, but a reload would lose it.";
        // The preferences' next change (back to the system's theme) makes them longer.
        page.select("theme", "dark").await;
        page.sleep(200).await;
        assert!(fill_storage(&page).await > 0);
        page.click_square("e1").await;
        page.wait_for("e1 to be selected", |s| s.marked("selected") == ["e1"])
            .await;
        page.click_square("e5").await;
        page.wait_for("the notice", |s| !s.notices.is_empty()).await;
        page.select("theme", "system").await;
        // The CPU answers (its save fails too).
        let snap = page.wait_status("Black to move").await;
        assert_eq!(snap.notices, [failed], "one notice for every save");
        page.sleep(300).await;
        assert_eq!(page.snapshot().await.notices, [failed]);
        assert!(
            page.saved().await.is_none_or(|t| t.game.moves().is_empty()),
            "the moves were not saved"
        );
        assert_eq!(page.saved_preferences().await["theme"], "dark", "not saved");

        // Room is made: the next save works, the notice goes.
        page.js(
            "Object.keys(localStorage)
               .filter((k) => k.startsWith('e2e-fill-') || (k.length === 1 && k >= '\\u4e00'))
               .forEach((k) => localStorage.removeItem(k));",
            vec![],
        )
        .await;
        page.select("piece-set", "kanji").await;
        page.wait_for("no notice", |s| s.notices.is_empty()).await;
        let saved = page.saved().await.expect("saved");
        assert_eq!(saved.game.moves().len(), 2, "both moves saved now");
        assert_eq!(saved.game.moves()[0], mv("e1e5"));
        page.select("theme", "light").await;
        page.sleep(200).await;
        assert_eq!(page.saved_preferences().await["theme"], "light");
        assert!(page.snapshot().await.notices.is_empty());
    });
}
