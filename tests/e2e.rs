//! Browser end-to-end tests: the real built page (`dist/`, made by `trunk build
//! --release`, which these tests do not run) served on 127.0.0.1 under a sub-path and
//! driven by clicks in headless Chromium through chromedriver.
//!
//! Every test also checks, when it ends, that the browser logged no console error
//! and that the page requested nothing from another origin (see `harness::run`).
//!
//! Positions are read off the page (`data-testid` hooks) and compared with the
//! native engine replaying what the page saved in localStorage.

#[path = "e2e/harness.rs"]
mod harness;

use harness::{
    Options, Page, SavedTable, Snapshot, board_of, dist_dir, run, run_with, wait_cpu_answer,
};
use serde_json::{Value, json};
use shogi_variants::engine::hasami::{Game, Move, Player, Position, Rules, WinCondition};
use shogi_variants::session::hasami::{Settings, ViewMode};
use shogi_variants::session::storage::{self, keys};
use shogi_variants::session::table::{Controller, Participant, Revision};
use std::path::{Path, PathBuf};

const START_BOARD: &str = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb";

fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn squares(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A legal move for the side to move of `game`, in notation.
fn any_legal_move(game: &Game) -> String {
    game.position()
        .legal_moves()
        .first()
        .expect("the side to move has a legal move")
        .to_string()
}

/// Plays by clicks and the CPU answers: selecting a piece marks its legal
/// destinations, the move is drawn and saved, the status says the CPU is thinking,
/// the CPU's move comes once and is marked as the last move.
#[test]
fn clicks_play_moves_and_the_cpu_answers() {
    run(|page| async move {
        let snap = page.snapshot().await;
        assert_eq!(snap.board(), START_BOARD);
        assert_eq!(snap.status, "Black to move");
        assert_eq!(snap.player("black").role, "Human · Wins: 0");
        assert_eq!(snap.player("white").role, "CPU · Wins: 0");
        for side in ["black", "white"] {
            assert_eq!(snap.player(side).captures, "0");
            assert_eq!(snap.player(side).target, "/5");
        }
        assert!(snap.player("black").to_move && !snap.player("white").to_move);
        assert!(
            snap.marks.is_empty(),
            "no marks at the start: {:?}",
            snap.marks
        );
        // Black at the bottom: the top-left square is a9, the bottom-right i1.
        assert_eq!(snap.order.first().map(String::as_str), Some("a9"));
        assert_eq!(snap.order.last().map(String::as_str), Some("i1"));
        assert_eq!(
            page.storage_get(keys::HASAMI_TABLE).await,
            None,
            "no save at load"
        );

        page.record_status().await;
        page.click_square("e1").await;
        let snap = page
            .wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
            .await;
        assert_eq!(
            snap.marked("target"),
            squares(&["e2", "e3", "e4", "e5", "e6", "e7", "e8"]),
            "the legal destinations of e1"
        );
        page.click_square("e5").await;
        let snap = page
            .wait_for("the move e1e5", |s| s.pieces.contains_key("e5"))
            .await;
        assert_eq!(snap.pieces["e5"], "black");
        assert!(!snap.pieces.contains_key("e1"));
        assert!(snap.marked("selected").is_empty() && snap.marked("target").is_empty());

        let (game, snap) = wait_cpu_answer(&page, 2).await;
        assert_eq!(game.moves()[0], mv("e1e5"));
        let reply = game.moves()[1];
        assert_eq!(
            game.position().piece_at(reply.to),
            Some(Player::White),
            "the CPU moved a white piece"
        );
        assert_eq!(
            snap.marked("last"),
            squares(&[&reply.from.to_string(), &reply.to.to_string()]),
            "the CPU's move is marked as the last move"
        );
        assert_eq!(
            page.status_history().await,
            ["Black to move", "CPU is thinking…", "Black to move"]
        );

        // A second move, chosen by the engine among Black's legal moves.
        let second = any_legal_move(&game);
        page.play(&second).await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        assert_eq!(game.moves()[2].to_string(), second);
    });
}

/// Clicks that are not a legal move change nothing: an empty square, an enemy
/// piece, a diagonal, an occupied square; clicking the selected piece again
/// unselects it, clicking another own piece selects that one instead.
#[test]
fn illegal_clicks_do_nothing() {
    run(|page| async move {
        let none = |s: &Snapshot| s.marked("selected").is_empty() && s.marked("target").is_empty();

        page.click_square("e5").await; // empty, nothing selected
        page.click_square("e9").await; // a white piece: not Black's
        let snap = page.snapshot().await;
        assert!(none(&snap), "nothing selected: {:?}", snap.marks);

        page.click_square("e1").await;
        page.wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
            .await;
        page.click_square("f2").await; // diagonal
        let snap = page.wait_for("the selection cleared", none).await;
        assert_eq!(snap.board(), START_BOARD);

        page.click_square("e1").await;
        page.wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
            .await;
        page.click_square("e9").await; // occupied by White, beyond the reach
        let snap = page.wait_for("the selection cleared", none).await;
        assert_eq!(snap.board(), START_BOARD);

        page.click_square("a1").await;
        page.wait_for("a1 selected", |s| s.marked("selected") == ["a1"])
            .await;
        page.click_square("a1").await; // again: unselect
        page.wait_for("a1 unselected", none).await;

        page.click_square("c1").await;
        page.wait_for("c1 selected", |s| s.marked("selected") == ["c1"])
            .await;
        page.click_square("d1").await; // another own piece: select it instead
        let snap = page
            .wait_for("d1 selected", |s| s.marked("selected") == ["d1"])
            .await;
        assert_eq!(
            snap.marked("target"),
            squares(&["d2", "d3", "d4", "d5", "d6", "d7", "d8"])
        );
        page.click_square("d1").await;
        page.wait_for("d1 unselected", none).await;

        // Still the start, Black to move, nothing saved (nothing changed).
        page.sleep(700).await;
        let snap = page.snapshot().await;
        assert_eq!(snap.board(), START_BOARD);
        assert_eq!(snap.status, "Black to move");
        assert!(snap.marks.is_empty(), "{:?}", snap.marks);
        assert_eq!(page.storage_get(keys::HASAMI_TABLE).await, None);
    });
}

/// A double click on the destination makes one move, and the CPU answers it once;
/// two clicks dispatched in the same task (faster than any person) also make one.
#[test]
fn double_click_makes_one_move() {
    run(|page| async move {
        page.click_square("e1").await;
        page.wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
            .await;
        page.double_click("sq-e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        assert_eq!(game.moves()[0], mv("e1e5"));

        let next = any_legal_move(&game);
        let (from, to) = next.split_at(2);
        page.click_square(from).await;
        page.wait_for("selected", |s| s.marked("selected") == [from])
            .await;
        page.js(
            "const e = document.querySelector(`[data-testid=\"sq-${arguments[0]}\"]`);
             e.click(); e.click();",
            vec![serde_json::json!(to)],
        )
        .await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        assert_eq!(game.moves()[2].to_string(), next);

        // Nothing more comes later.
        page.sleep(1200).await;
        assert_eq!(page.saved_moves().await.len(), 4);
        assert_eq!(page.snapshot().await.status, "Black to move");
    });
}

/// Hot-seat (both seats human, chosen in the settings): a custodian capture takes
/// the piece off the board, marks its square and counts it for the mover.
#[test]
fn capture_changes_the_counter() {
    run(|page| async move {
        page.select("seat-white", "human").await;
        let snap = page
            .wait_for("White played by a person", |s| {
                s.player("white").role == "Human · Wins: 0"
            })
            .await;
        assert_eq!(snap.status, "Black to move");

        page.play("d1d5").await;
        page.wait_status("White to move").await;
        page.play("e9e5").await; // between d5 and nothing: safe
        page.wait_status("Black to move").await;
        let snap = page.play("f1f5").await; // closes d5-e5-f5
        let snap = if snap.pieces.contains_key("e5") {
            page.wait_for("the capture", |s| !s.pieces.contains_key("e5"))
                .await
        } else {
            snap
        };
        assert_eq!(snap.player("black").captures, "1");
        assert_eq!(snap.player("white").captures, "0");
        assert_eq!(snap.marked("captured"), ["e5"]);
        assert_eq!(snap.marked("last"), squares(&["f1", "f5"]));
        assert_eq!(snap.status, "White to move");

        let mut expected = Game::new(Rules::default());
        for m in ["d1d5", "e9e5", "f1f5"] {
            expected.play(mv(m)).expect("legal");
        }
        assert_eq!(expected.position().captures(Player::Black), 1);
        assert_eq!(snap.board(), board_of(&expected));
        let saved = page.saved().await.expect("saved");
        assert_eq!(saved.game, expected);
        assert_eq!(saved.participants[1].controller, Controller::Human);

        // Nobody moves for White in hot-seat.
        page.sleep(900).await;
        assert_eq!(page.saved_moves().await.len(), 3);
        assert_eq!(page.snapshot().await.status, "White to move");
    });
}

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

/// A game saved one capture before the end (crafted with the engine and put in
/// localStorage): the finishing capture by clicks shows the result dialog, counts
/// the win, the CPU never moves afterwards and the board takes no clicks; the next
/// game swaps colours (alternate who starts) and the CPU opens as Black.
#[test]
fn finishing_capture_shows_the_result_dialog() {
    run(|page| async move {
        // Black has captured 4; f1f5 sandwiches e5 between d5 and f5.
        let start: Position = "wwww5/9/9/9/3bw4/9/9/9/bbb1bbbbb b 4 0 20"
            .parse()
            .expect("position");
        let saved = SavedTable {
            settings: Settings::default(),
            participants: vec![
                Participant::new(Controller::Human),
                Participant::new(Controller::Cpu),
            ],
            seating: vec![0, 1],
            game: Game::from_position(Rules::default(), start),
            game_number: 1,
            revision: Revision::default(),
            clock_used_ms: 0.0,
        };
        page.storage_set(keys::HASAMI_TABLE, &saved.encode()).await;
        page.reload().await;
        let snap = page.snapshot().await;
        assert_eq!(snap.board(), "wwww5/9/9/9/3bw4/9/9/9/bbb1bbbbb");
        assert_eq!(snap.player("black").captures, "4");
        assert_eq!(snap.status, "Black to move");
        assert_eq!(snap.result, None);

        page.play("f1f5").await;
        let done = page
            .wait_for("the result dialog", |s| s.result.is_some())
            .await;
        let result = done.result.clone().expect("result");
        assert_eq!(result.title, "Black wins");
        assert_eq!(result.reason, "Captured 5 pieces.");
        assert_eq!(done.status, "Black wins — Captured 5 pieces.");
        assert_eq!(done.player("black").captures, "5");
        assert_eq!(done.player("black").role, "Human · Wins: 1");
        assert_eq!(done.player("white").role, "CPU · Wins: 0");
        assert!(!done.resign_enabled, "no resigning after the end");
        assert!(!done.pieces.contains_key("e5"));
        assert_eq!(done.marked("captured"), ["e5"]);

        // The CPU (White) never moves after the end.
        page.sleep(1500).await;
        let later = page.snapshot().await;
        assert_eq!(later, done, "nothing changed after the end");
        let game = page.saved().await.expect("saved").game;
        assert_eq!(game.moves(), [mv("f1f5")]);
        assert!(game.is_over());

        // Closed dialog: the board stays locked.
        page.click("close-result").await;
        let snap = page
            .wait_for("the dialog closed", |s| s.result.is_none())
            .await;
        assert!(snap.board_class.contains("locked"), "{}", snap.board_class);
        page.click_square("a1").await;
        page.sleep(200).await;
        let snap = page.snapshot().await;
        assert!(snap.marked("selected").is_empty(), "{:?}", snap.marks);

        // Next game: no confirmation (the game is over), colours swap.
        page.click("new-game").await;
        let game = page
            .wait_saved("the CPU's opening move as Black", |g| {
                g.start() == &Position::start() && g.moves().len() == 1
            })
            .await;
        let snap = page.wait_status("White to move").await;
        assert!(!snap.confirm);
        assert_eq!(snap.board(), board_of(&game));
        assert_eq!(snap.player("black").role, "CPU · Wins: 0");
        assert_eq!(snap.player("white").role, "Human · Wins: 1");
        assert_eq!(snap.player("black").captures, "0");
        // The person now plays White, drawn at the bottom: the board is turned.
        assert_eq!(snap.order.first().map(String::as_str), Some("i1"));
        assert_eq!(snap.order.last().map(String::as_str), Some("a9"));
    });
}

/// Resigning while the CPU is about to answer ends the game for White, and the
/// CPU's pending answer is never played.
#[test]
fn resign_while_the_cpu_thinks() {
    run(|page| async move {
        page.record_status().await;
        page.play("e1e5").await;
        let moved = std::time::Instant::now();
        page.click("resign").await;
        page.click("confirm-yes").await;
        let resign_after = moved.elapsed();
        let snap = page
            .wait_for("the result dialog", |s| s.result.is_some())
            .await;
        let result = snap.result.clone().expect("result");
        assert_eq!(result.title, "White wins");
        assert_eq!(result.reason, "The opponent resigned.");
        assert_eq!(snap.status, "White wins — The opponent resigned.");
        assert_eq!(snap.player("white").role, "CPU · Wins: 1");
        let saved = page.saved().await.expect("saved").game;
        assert_eq!(saved.resigned(), Some(Player::Black));
        let moves = saved.moves().to_vec();
        // The CPU waits 450 ms before it answers; a resignation well within that
        // comes while it is thinking, and its answer must then never be played.
        if resign_after < std::time::Duration::from_millis(300) {
            assert_eq!(
                moves,
                [mv("e1e5")],
                "resigned {resign_after:?} after the move"
            );
            assert_eq!(
                page.status_history().await,
                [
                    "Black to move",
                    "CPU is thinking…",
                    "White wins — The opponent resigned."
                ]
            );
        } else {
            assert!(moves.len() <= 2, "{moves:?}");
        }

        page.sleep(1500).await;
        let later = page.snapshot().await;
        assert_eq!(later, snap, "nothing changed after the resignation");
        assert_eq!(page.saved().await.expect("saved").game.moves(), moves);
    });
}

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
        let pending = "Win condition and move limit changes apply from the next game. \
                       This game: Capture 5, move limit None.";
        let snap = page
            .wait_for("the pending note", |s| s.rules_pending.is_some())
            .await;
        assert_eq!(snap.rules_pending.as_deref(), Some(pending));
        assert_eq!(snap.player("black").target, "/5", "this game: capture 5");
        let settings = page.saved().await.expect("settings saved").settings;
        assert_eq!(
            settings,
            Settings {
                show_legal_moves: false,
                alternate_start: true,
                win: WinCondition::LeadByThree,
                move_limit: Some(100),
                time_per_move: shogi_variants::session::hasami::TimePerMove::None,
                view: ViewMode::Fixed,
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
        let table_raw = r#"{"app":"shogi-variants","version":2,"data":{"settings":{"win":"capture_all"},"participants":[{"controller":"human","wins":0},{"controller":"cpu","wins":0}],"seating":[0,1],"game":{"rules":{"win":"capture_five","move_limit":null},"start":"wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0","moves":["e1e5","e5e4"]},"game_number":1,"revision":{"seq":2,"page":1},"clock_used_ms":0.0}}"#;
        page.storage_set(keys::HASAMI_TABLE, table_raw).await;
        page.reload().await;

        let table_error = SavedTable::open(table_raw, None).unwrap_err();
        assert!(table_error.to_string().contains("move 2"), "{table_error}");
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
            "はさみ将棋"
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
        assert_eq!(saved_preferences(&page).await["locale"], json!("ja"));
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
        assert_eq!(saved_preferences(&page).await["locale"], json!("ja"));
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
                assert_eq!(
                    page.js("return document.title;", vec![]).await,
                    json!(title)
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

/// The checks every test ends with are not blind: a request to another origin
/// (another loopback address) and a console error made from the page are both
/// reported. The logs are then forgotten and the page reloaded, so this test ends
/// clean like the others.
#[test]
fn clean_run_checks_catch_foreign_requests_and_console_errors() {
    run(|page| async move {
        assert_eq!(page.problems().await, Vec::<String>::new());
        page.js(
            "fetch('http://127.0.0.2:9/probe').catch(() => {});
             console.error('e2e probe error');",
            vec![],
        )
        .await;
        let mut problems = Vec::new();
        for _ in 0..50 {
            problems.extend(page.problems().await);
            if problems.iter().any(|p| p.contains("127.0.0.2:9/probe"))
                && problems.iter().any(|p| p.contains("e2e probe error"))
            {
                break;
            }
            page.sleep(100).await;
        }
        assert!(
            problems
                .iter()
                .any(|p| p == "request to another origin: http://127.0.0.2:9/probe"),
            "{problems:#?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("console error:") && p.contains("e2e probe error")),
            "{problems:#?}"
        );
        // Let the failed fetch log its own error, then start over clean.
        page.sleep(300).await;
        page.console_errors().await;
        page.clear_logs();
        page.reload().await;
    });
}

/// Time per move (RULES H5.1): when a person's 30 s run out, the CPU moves for them,
/// a notice says so, and the game goes on (the CPU then answers as White). Slow by
/// nature: it waits for the clock.
#[test]
fn time_out_makes_the_cpu_move_for_the_person() {
    run(|page| async move {
        page.select("set-time", "30").await;
        page.wait_for("the clock", |s| s.player("black").clock.is_some())
            .await;
        page.sleep(28_000).await;
        assert!(
            page.saved_moves().await.is_empty(),
            "nothing moves before the time is up"
        );
        let game = page
            .wait_saved("the CPU's move for Black", |g| !g.moves().is_empty())
            .await;
        assert_eq!(game.moves().len(), 1, "one move for Black");
        let snap = page
            .wait_for("the time-out notice", |s| !s.notices.is_empty())
            .await;
        assert_eq!(
            snap.notices,
            ["Time ran out: the CPU moved for Black."],
            "{snap:#?}"
        );
        // The game goes on: White (the CPU) answers and the clock restarts for Black.
        wait_cpu_answer(&page, 2).await;
        let snap = page
            .wait_for("Black's clock again", |s| s.player("black").clock.is_some())
            .await;
        let clock = snap.player("black").clock.clone().unwrap();
        assert!(clock.starts_with("0:2") || clock == "0:30", "{clock}");
    });
}

/// Offline play: after the first visit the service worker (Workbox, precaching the
/// whole build) serves the page, so with the host down a reload still opens the same
/// game, and play with the CPU goes on.
#[test]
fn plays_offline_after_the_first_visit() {
    run(|page| async move {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        while page
            .js("return !!navigator.serviceWorker.controller", vec![])
            .await
            != serde_json::Value::Bool(true)
        {
            assert!(
                std::time::Instant::now() < deadline,
                "the service worker never took control of the page"
            );
            page.sleep(100).await;
        }
        page.play("e1e5").await;
        let (before, _) = wait_cpu_answer(&page, 2).await;

        page.set_server_down(true);
        page.reload().await;
        let snap = page.snapshot().await;
        assert_eq!(snap.board(), board_of(&before), "the same game, offline");
        assert_eq!(snap.status, "Black to move");
        page.play("a1a2").await;
        wait_cpu_answer(&page, 4).await;

        // Back online; the browser's service-worker update check may have logged the
        // 503 while the host was down, so the clean-run checks start afresh.
        page.set_server_down(false);
        page.clear_logs();
        page.reload().await;
        assert_eq!(page.saved_moves().await.len(), 4);
    });
}

/// Keyboard play: the board is one tab stop, the arrow keys move across it as seen
/// on screen, Enter selects and moves. Dialogs take the focus, keep the board behind
/// them inert, and Escape answers "no".
#[test]
fn keyboard_plays_and_dialogs_take_the_focus() {
    use fantoccini::key::Key;
    run(|page| async move {
        // Click e1 to put the roving focus there, then unselect it with Enter.
        page.click_square("e1").await;
        assert_eq!(page.focused().await, "sq-e1");
        page.press(&char::from(Key::Enter).to_string()).await;
        page.wait_for("nothing selected", |s| s.marked("selected").is_empty())
            .await;
        // Select d1 with the keyboard, go up four squares, move with Enter.
        page.press(&char::from(Key::Left).to_string()).await;
        assert_eq!(page.focused().await, "sq-d1");
        page.press(&char::from(Key::Enter).to_string()).await;
        page.wait_for("d1 selected", |s| s.marked("selected") == ["d1"])
            .await;
        let up = char::from(Key::Up).to_string().repeat(4);
        page.press(&up).await;
        assert_eq!(page.focused().await, "sq-d5");
        page.press(&char::from(Key::Enter).to_string()).await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        assert_eq!(game.moves()[0], mv("d1d5"));

        // Resign asks first; the dialog has the focus; Escape keeps playing.
        page.click("resign").await;
        page.wait_for("the question", |s| s.confirm).await;
        assert_eq!(page.focused().await, "confirm-no", "the safe answer");
        let inert = page
            .js(
                "return document.querySelector('.layout').hasAttribute('inert')",
                vec![],
            )
            .await;
        assert_eq!(inert, serde_json::Value::Bool(true), "the table is inert");
        page.press(&char::from(Key::Escape).to_string()).await;
        let snap = page.wait_for("no question", |s| !s.confirm).await;
        assert_eq!(snap.status, "Black to move");
        assert_eq!(page.saved().await.expect("saved").game.outcome(), None);
    });
}

/// Two tabs on one device share the saved table: a move in one shows in the other
/// (with a notice), so neither silently overwrites the other's game.
#[test]
fn a_second_tab_follows_the_first() {
    run(|page| async move {
        page.select("seat-white", "human").await;
        page.play("e1e5").await;
        let (first, second) = page.open_second_tab().await;
        let snap = page.snapshot().await;
        assert!(
            snap.pieces.contains_key("e5"),
            "the second tab loads the game"
        );
        page.play("e9e6").await;

        page.switch_tab(&first).await;
        let snap = page
            .wait_for("the first tab to show White's move", |s| {
                s.pieces.contains_key("e6")
            })
            .await;
        assert_eq!(
            snap.notices,
            ["This table was changed in another tab; it now shows the latest position."]
        );
        assert_eq!(snap.status, "Black to move");
        page.play("a1a2").await;
        page.switch_tab(&second).await;
        page.wait_for("the second tab to show Black's move", |s| {
            s.pieces.contains_key("a2")
        })
        .await;
        assert_eq!(
            page.saved_moves().await,
            [mv("e1e5"), mv("e9e6"), mv("a1a2")]
        );
    });
}

/// Turning the move clock on mid-turn gives the full time from then on, not the time
/// already spent.
#[test]
fn clock_switched_on_mid_turn_starts_full() {
    run(|page| async move {
        page.sleep(2500).await;
        page.select("set-time", "30").await;
        let snap = page
            .wait_for("the clock", |s| s.player("black").clock.is_some())
            .await;
        let clock = snap.player("black").clock.clone().unwrap();
        assert!(clock == "0:30" || clock == "0:29", "{clock}");
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

/// Two tabs of one browser on a table with a CPU seat: the first tab is in charge of
/// the CPU (a Web Lock), the second shows the same game. A person's move in the second
/// tab is answered once by the first; neither tab shows a notice storm; when the first
/// tab closes, the second takes over the CPU.
#[test]
fn two_tabs_one_in_charge_of_the_cpu() {
    run(|page| async move {
        let (first, second) = page.open_second_tab().await;
        page.record_status().await;
        page.click_square("e1").await;
        page.wait_for("e1 selected", |s| s.marked("selected") == ["e1"])
            .await;
        page.click_square("e5").await;
        let game = page
            .wait_saved("the CPU's answer, from the first tab", |g| {
                g.moves().len() >= 2
            })
            .await;
        let snap = page
            .wait_for("the second tab to show it", |s| {
                s.board() == board_of(&game)
            })
            .await;
        assert_eq!(snap.status, "Black to move");
        assert!(
            snap.notices.is_empty(),
            "a CPU move is not news: {:?}",
            snap.notices
        );
        page.sleep(1500).await;
        assert_eq!(
            page.saved_moves().await,
            game.moves(),
            "no move played twice"
        );

        page.switch_tab(&first).await;
        let snap = page
            .wait_for("the first tab to show the game", |s| {
                s.board() == board_of(&game)
            })
            .await;
        assert_eq!(
            snap.notices,
            ["This table was changed in another tab; it now shows the latest position."],
            "one notice, for the person's move made in the other tab"
        );

        // The tab in charge closes: the second tab takes over the CPU.
        page.close_tab(&second).await;
        let mv = any_legal_move(&game);
        page.play(&mv).await;
        let (after, _) = wait_cpu_answer(&page, 4).await;
        assert_eq!(after.moves()[..2], game.moves()[..]);
        page.sleep(1500).await;
        assert_eq!(page.saved_moves().await.len(), 4, "answered once");
    });
}

/// The move clock (RULES H5.1) resumes after a reload with the time that was left,
/// not a full period, and stops while a dialog is open.
#[test]
fn the_clock_survives_a_reload_and_stops_behind_a_dialog() {
    run(|page| async move {
        let secs = |s: &Snapshot| -> u32 {
            let text = s.player("black").clock.clone().expect("clock");
            let (m, ss) = text.split_once(':').expect("m:ss");
            m.parse::<u32>().expect("minutes") * 60 + ss.parse::<u32>().expect("seconds")
        };
        page.select("set-time", "30").await;
        page.wait_for("the clock", |s| s.player("black").clock.is_some())
            .await;
        page.sleep(6_000).await;
        let before = secs(&page.snapshot().await);
        assert!((23..=25).contains(&before), "after 6 s: {before}");

        page.reload().await;
        let after = secs(
            &page
                .wait_for("the clock", |s| s.player("black").clock.is_some())
                .await,
        );
        assert!(
            after <= before && after + 3 >= before,
            "the reload kept the time left: {before} then {after}"
        );

        // The resign question stops the clock; answering it lets it run on.
        page.click("resign").await;
        let asked = secs(&page.wait_for("the question", |s| s.confirm).await);
        page.sleep(3_000).await;
        assert_eq!(
            secs(&page.snapshot().await),
            asked,
            "paused behind the dialog"
        );
        page.click("confirm-no").await;
        page.wait_for("the clock to run again", |s| !s.confirm && secs(s) < asked)
            .await;
        assert!(page.saved_moves().await.is_empty());
    });
}

/// A game saved by version 1 of the app (captured in Chromium from that build) opens
/// with its settings, and the next change writes it in the current format in one key.
#[test]
fn a_version_1_save_opens() {
    run(|page| async move {
        let table = include_str!("data/v1-hasami-table.json").trim();
        let settings = include_str!("data/v1-hasami-settings.json").trim();
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
        assert_eq!(saved.settings.win, WinCondition::LeadByThree);
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

// ----------------------------------------------------------------------------------
// The CPU in a Web Worker (src/ui/worker.rs, src/session/cpu.rs)
// ----------------------------------------------------------------------------------

/// The worker's loader, as the page names it (relative, so it works under the
/// sub-path).
const WORKER_URL: &str = "./cpu_worker_loader.js";

/// Waits up to `within` until the saved game has `moves` moves.
async fn wait_moves_within(page: &Page, moves: usize, within: std::time::Duration) -> Game {
    let deadline = std::time::Instant::now() + within;
    loop {
        if let Some(Ok(t)) = page.try_saved().await
            && t.game.moves().len() >= moves
        {
            return t.game;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no move {moves} within {within:?}; saved: {:?}",
            page.saved_moves().await
        );
        page.sleep(100).await;
    }
}

/// Makes White's CPU the top level with the longest think time (10 s), through a
/// saved table (the settings do not offer the level yet), and reloads: a new game,
/// Black a person to move.
async fn white_cpu_thinks_long(page: &Page) {
    let mut white = Participant::new(Controller::Cpu);
    white.level = shogi_variants::ai::Level::Master;
    white.think_ms = 10_000;
    let table = SavedTable {
        settings: Settings::default(),
        participants: vec![Participant::new(Controller::Human), white],
        seating: vec![0, 1],
        game: Game::new(Rules::default()),
        game_number: 1,
        revision: Revision::default(),
        clock_used_ms: 0.0,
    };
    page.storage_set(keys::HASAMI_TABLE, &table.encode()).await;
    page.reload().await;
    let saved = page.saved().await.expect("the saved table");
    assert_eq!(
        saved.participants[1].level,
        shogi_variants::ai::Level::Master
    );
}

/// The CPU answers through its Web Worker: one worker, spawned at the first request
/// (from the relative URL of its loader) and kept between moves, one job posted per
/// CPU move and one answer back (after its "ready"), the thinking mark shown while it
/// thinks and gone after, no notice; and the page's thread has no long task (50 ms or
/// more) while the CPU thinks. Prints the longest long task.
#[test]
fn the_cpu_thinks_in_a_web_worker() {
    run(|page| async move {
        page.watch_workers().await;
        let mut game = Game::new(Rules::default());
        for round in 1..=3 {
            page.play(&any_legal_move(&game)).await;
            let (answered, snap) = wait_cpu_answer(&page, 2 * round).await;
            game = answered;
            assert!(snap.notices.is_empty(), "{:?}", snap.notices);
            assert!(!page.thinking().await, "the mark goes with the answer");
        }
        let w = page.workers().await;
        println!(
            "worker round trip (Hasami): long tasks {:?}, longest {:.0} ms; answers in {:?} ms",
            w.long_tasks,
            w.longest_task(),
            w.answer_ms
        );
        assert_eq!(w.spawned, [WORKER_URL], "one worker, kept between moves");
        assert_eq!(
            (w.posted, w.messages),
            (3, 4),
            "three jobs, ready + three answers"
        );
        assert_eq!((w.terminated, w.errors), (0, 0));
        assert!(w.thinking_shown >= 1, "the thinking mark was shown");
        assert!(
            w.longest_task() < 50.0,
            "the page's thread was blocked while the CPU thought: {:?}",
            w.long_tasks
        );
    });
}

/// A take-back while the CPU thinks (Master, 10 s) cancels the thinking: the worker is
/// terminated, the thinking mark goes, and the CPU's move never comes; the next
/// request gets a fresh worker, whose answer is played once.
#[test]
fn take_back_while_the_worker_thinks_cancels_it() {
    run(|page| async move {
        white_cpu_thinks_long(&page).await;
        page.watch_workers().await;
        page.play("e1e5").await;
        page.wait_thinking(true).await;
        page.click("undo").await;
        page.wait_status("Black to move").await;
        page.wait_thinking(false).await;
        let w = page.workers().await;
        assert_eq!((w.spawned.len(), w.terminated), (1, 1), "{w:?}");
        // Longer than the pause and the time the worker took to start: nothing comes.
        page.sleep(1_500).await;
        assert_eq!(
            page.saved_moves().await,
            [],
            "the stale answer was not played"
        );
        assert_eq!(page.snapshot().await.board(), START_BOARD);

        page.play("e1e5").await;
        let game = wait_moves_within(&page, 2, std::time::Duration::from_secs(40)).await;
        assert_eq!(game.moves().len(), 2);
        let w = page.workers().await;
        assert_eq!(w.spawned.len(), 2, "a fresh worker: {w:?}");
        assert_eq!(w.errors, 0);
        page.sleep(500).await;
        assert_eq!(page.saved_moves().await.len(), 2, "one answer only");
    });
}

/// Handing White to a person while its CPU thinks cancels the thinking (the worker is
/// terminated, no move comes); handing it back asks a fresh worker, which answers once.
#[test]
fn seat_change_while_the_worker_thinks_cancels_it() {
    run(|page| async move {
        white_cpu_thinks_long(&page).await;
        page.watch_workers().await;
        page.play("e1e5").await;
        page.wait_thinking(true).await;
        page.select("seat-white", "human").await;
        page.wait_status("White to move").await;
        page.wait_thinking(false).await;
        let w = page.workers().await;
        assert_eq!((w.spawned.len(), w.terminated), (1, 1), "{w:?}");
        page.sleep(1_500).await;
        assert_eq!(page.saved_moves().await, [mv("e1e5")], "no stale answer");

        page.select("seat-white", "cpu").await;
        let game = wait_moves_within(&page, 2, std::time::Duration::from_secs(40)).await;
        assert_eq!(game.moves().len(), 2);
        page.wait_status("Black to move").await;
        let w = page.workers().await;
        assert_eq!((w.spawned.len(), w.errors), (2, 0), "{w:?}");
    });
}

/// Offline, after the first visit: the service worker serves the worker's files too,
/// so the CPU still thinks in its worker (no failure, no fallback notice).
#[test]
fn the_worker_answers_offline() {
    run(|page| async move {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
        while page
            .js("return !!navigator.serviceWorker.controller", vec![])
            .await
            != serde_json::Value::Bool(true)
        {
            assert!(
                std::time::Instant::now() < deadline,
                "the service worker never took control of the page"
            );
            page.sleep(100).await;
        }
        page.set_server_down(true);
        page.reload().await;
        page.watch_workers().await;
        let served = page.served_paths().len();
        page.play("e1e5").await;
        let (_, snap) = wait_cpu_answer(&page, 2).await;
        assert!(snap.notices.is_empty(), "{:?}", snap.notices);
        let w = page.workers().await;
        assert_eq!(w.spawned, [WORKER_URL]);
        assert_eq!(
            (w.messages, w.errors),
            (2, 0),
            "ready and the answer: {w:?}"
        );
        assert_eq!(page.served_paths().len(), served, "the host served nothing");

        page.set_server_down(false);
        page.clear_logs();
        page.reload().await;
    });
}

/// A worker that answers nonsense (a stand-in for a broken or outdated worker file):
/// the page shows the translated notice, never panics, and the CPU's move still comes,
/// thought on the page itself; later moves too.
#[test]
fn a_worker_error_shows_a_notice_and_the_page_thinks_instead() {
    run(|page| async move {
        page.watch_workers().await;
        page.js(
            r#"
            const Watched = window.Worker;
            window.Worker = class extends Watched {
              constructor(url, options) {
                const code = 'postMessage("ready"); onmessage = () => postMessage("{not json");';
                super(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), options);
              }
            };
            "#,
            vec![],
        )
        .await;
        page.play("e1e5").await;
        let (game, snap) = wait_cpu_answer(&page, 2).await;
        assert_eq!(snap.notices.len(), 1, "{:?}", snap.notices);
        assert!(
            snap.notices[0].contains("CPU's helper stopped working"),
            "{:?}",
            snap.notices
        );
        page.play(&any_legal_move(&game)).await;
        wait_cpu_answer(&page, 4).await;
        let w = page.workers().await;
        assert_eq!(
            w.spawned.len(),
            1,
            "the failed worker is not asked again: {w:?}"
        );
        assert_eq!(w.posted, 1);
    });
}

/// Measures how long the worker takes to answer the same job (Hasami, the strong
/// level, a position after 12 plies) five times in a row, after its start: for
/// choosing the worker's optimisation (`data-cargo-profile`, `data-wasm-opt` in
/// `index.html`). Prints the times and their median.
///
/// `cargo test --test e2e measure_worker_think -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, run by hand"]
fn measure_worker_think() {
    use shogi_variants::session::cpu::{CpuJob, JobGame, PROTOCOL};
    use shogi_variants::session::table::TableGame;
    let mut game = Game::new(Rules::default());
    for seed in 0..12 {
        let think =
            shogi_variants::ai::Think::nodes_only(shogi_variants::ai::Level::Beginner, seed);
        let mv = game.cpu_move(&think).expect("a move");
        game.play(mv).expect("legal");
    }
    let job = CpuJob {
        protocol: PROTOCOL,
        id: 1,
        revision: Revision::default(),
        game: JobGame::Hasami(game.record()),
        level: shogi_variants::ai::Level::Strong,
        think_ms: 1_000,
        seed: 7,
    }
    .to_json();
    run(|page| async move {
        page.js(
            r#"
            const [url, job] = arguments;
            const worker = new Worker(url, { type: "module" });
            const times = [];
            window.__measure = times;
            let posted = 0;
            worker.onmessage = (e) => {
              if (e.data !== "ready") times.push(performance.now() - posted);
              if (times.length === 5) return worker.terminate();
              posted = performance.now();
              worker.postMessage(job);
            };
            "#,
            vec![serde_json::json!(WORKER_URL), serde_json::json!(job)],
        )
        .await;
        let times = loop {
            let times = page.js("return window.__measure;", vec![]).await;
            if times.as_array().is_some_and(|t| t.len() == 5) {
                break times;
            }
            page.sleep(200).await;
        };
        let mut sorted: Vec<f64> = serde_json::from_value(times.clone()).expect("numbers");
        sorted.sort_by(f64::total_cmp);
        println!(
            "worker answers to one job: {times} ms, median {:.0} ms",
            sorted[2]
        );
    });
}

/// Measures each level's think time per move in the browser build, for the README's
/// strength table: for both games and every level, the worker answers the same eight
/// positions of a game between two beginners (Hasami plies 8, 16, …, 64; Yonin moves
/// 8, 16, …, 64) with the default think time (1 s), and the median and the longest
/// answer are printed, in milliseconds measured by `performance.now()` in the page.
///
/// `cargo test --test e2e measure_think_per_level -- --ignored --nocapture`
#[test]
#[ignore = "a measurement, run by hand"]
fn measure_think_per_level() {
    use shogi_variants::ai::{Level, THINK_TIMES_MS, Think};
    use shogi_variants::engine::Variant;
    use shogi_variants::engine::yonin;
    use shogi_variants::session::cpu::{CpuJob, JobGame, PROTOCOL};
    use shogi_variants::session::table::TableGame;
    use strum::IntoEnumIterator;

    fn positions<G: TableGame + Variant>(
        mut game: G,
        record: impl Fn(&G) -> JobGame,
    ) -> Vec<JobGame> {
        let mut out = Vec::new();
        for ply in 1..=64u64 {
            let Some(mv) = game.cpu_move(&Think::nodes_only(Level::Beginner, ply)) else {
                break;
            };
            game.play(mv).expect("the CPU's move is legal");
            if ply % 8 == 0 && game.outcome().is_none() {
                out.push(record(&game));
            }
        }
        out
    }
    let hasami = positions(Game::new(Rules::default()), |g| JobGame::Hasami(g.record()));
    let yonin = positions(
        yonin::Game::new(yonin::Rules::default(), yonin::Seat::South),
        |g| JobGame::Yonin(g.record()),
    );
    let mut jobs = Vec::new();
    for (name, games) in [("hasami", &hasami), ("yonin", &yonin)] {
        for level in Level::iter() {
            for (i, game) in games.iter().enumerate() {
                let job = CpuJob {
                    protocol: PROTOCOL,
                    id: i as u64 + 1,
                    revision: Revision::default(),
                    game: game.clone(),
                    level,
                    think_ms: THINK_TIMES_MS[0],
                    seed: 7,
                };
                jobs.push(serde_json::json!([name, level.to_string(), job.to_json()]));
            }
        }
    }
    let count = jobs.len();
    run(|page| async move {
        page.js(
            r#"
            const [url, jobs] = arguments;
            const worker = new Worker(url, { type: "module" });
            const times = [];
            window.__measure = times;
            let next = 0;
            let posted = 0;
            worker.onmessage = (e) => {
              if (e.data !== "ready") times.push([jobs[next - 1][0], jobs[next - 1][1], performance.now() - posted]);
              if (next === jobs.length) return worker.terminate();
              posted = performance.now();
              worker.postMessage(jobs[next++][2]);
            };
            "#,
            vec![serde_json::json!(WORKER_URL), serde_json::json!(jobs)],
        )
        .await;
        let times = loop {
            let times = page.js("return window.__measure;", vec![]).await;
            if times.as_array().is_some_and(|t| t.len() == count) {
                break times;
            }
            page.sleep(500).await;
        };
        let rows: Vec<(String, String, f64)> = serde_json::from_value(times).expect("rows");
        for game in ["hasami", "yonin"] {
            for level in Level::iter() {
                let mut ms: Vec<f64> = rows
                    .iter()
                    .filter(|(g, l, _)| g == game && *l == level.to_string())
                    .map(|r| r.2)
                    .collect();
                ms.sort_by(f64::total_cmp);
                println!(
                    "{game} {level}: {} answers, median {:.0} ms, longest {:.0} ms",
                    ms.len(),
                    ms[ms.len() / 2],
                    ms[ms.len() - 1]
                );
            }
        }
    });
}

// ----------------------------------------------------------------------------------
// The app shell: installable, updates, any sub-path.
// ----------------------------------------------------------------------------------

/// Fetches `url` (relative to the page) from the page, through its service worker;
/// returns the status and the text.
async fn fetch_text(page: &Page, url: &str) -> (u16, String) {
    let got = page
        .js_async(
            r#"
            const done = arguments[arguments.length - 1];
            fetch(arguments[0])
              .then((r) => r.text().then((text) => done({ status: r.status, text })))
              .catch((e) => done({ status: 0, text: String(e) }));
            "#,
            vec![json!(url)],
        )
        .await;
    let status = got["status"].as_u64().expect("status") as u16;
    (status, got["text"].as_str().unwrap_or_default().to_string())
}

/// The names of the page's caches (Cache Storage), sorted.
async fn cache_names(page: &Page) -> Vec<String> {
    let names = page
        .js_async(
            "const done = arguments[arguments.length - 1]; caches.keys().then(done, (e) => done(String(e)));",
            vec![],
        )
        .await;
    let mut names: Vec<String> = serde_json::from_value(names.clone())
        .unwrap_or_else(|e| panic!("cache names {names}: {e}"));
    names.sort();
    names
}

/// The expected icons of the manifest: `(src, sizes, purpose)`.
const ICONS: [(&str, &str, &str); 3] = [
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/maskable-512.png", "512x512", "maskable"),
];

/// Checks what makes the app installable, on the page as served: the manifest (linked
/// from the page, valid JSON with the fields below, relative `start_url` and `scope`),
/// its icons (each loads as an image of the size it declares), the service worker
/// (its scope is the app's folder; it controls the page, also right after a reload),
/// and Chromium's own verdict (`Page.getInstallabilityErrors` lists nothing,
/// `Page.getAppManifest` reports no error).
async fn check_installable(page: &Page) {
    let url = page.url();
    let href = page
        .js(
            "return document.querySelector('link[rel=manifest]').href;",
            vec![],
        )
        .await;
    assert_eq!(href, json!(format!("{url}manifest.webmanifest")));
    let (status, text) = fetch_text(page, "manifest.webmanifest").await;
    assert_eq!(status, 200, "{text}");
    let manifest: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the manifest is not JSON ({e}): {text}"));
    for (field, value) in [
        ("name", "Hasami Shogi · Yonin Shogi"),
        ("short_name", "Shogi"),
        ("start_url", "./"),
        ("scope", "./"),
        ("id", "./"),
        ("display", "standalone"),
        ("theme_color", "#3b2a1a"),
        ("background_color", "#f3ede2"),
    ] {
        assert_eq!(manifest[field], json!(value), "manifest field {field}");
    }
    let icons: Vec<(String, String, String)> = manifest["icons"]
        .as_array()
        .expect("icons")
        .iter()
        .map(|i| {
            let field = |k: &str| i[k].as_str().unwrap_or_default().to_string();
            (field("src"), field("sizes"), field("purpose"))
        })
        .collect();
    let expected: Vec<(String, String, String)> = ICONS
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect();
    assert_eq!(icons, expected);
    for (src, sizes, _) in &icons {
        let size = page
            .js_async(
                r#"
                const done = arguments[arguments.length - 1];
                const img = new Image();
                img.onload = () => done(`${img.naturalWidth}x${img.naturalHeight}`);
                img.onerror = () => done("does not load");
                img.src = new URL(arguments[0], document.querySelector("link[rel=manifest]").href);
                "#,
                vec![json!(src)],
            )
            .await;
        assert_eq!(size, json!(sizes), "icon {src}");
    }

    let sw = format!("{url}sw.js");
    assert_eq!(page.wait_controlled().await, sw);
    page.reload().await;
    let controller = page
        .js(
            "const c = navigator.serviceWorker.controller; return c ? c.scriptURL : null;",
            vec![],
        )
        .await;
    assert_eq!(
        controller,
        json!(sw),
        "a service worker controls the reloaded page"
    );
    let scope = page
        .js_async(
            "const done = arguments[arguments.length - 1]; navigator.serviceWorker.getRegistration().then((r) => done(r ? r.scope : null));",
            vec![],
        )
        .await;
    assert_eq!(
        scope,
        json!(url),
        "the service worker's scope is the app's folder"
    );

    let verdict = page.cdp("Page.getInstallabilityErrors", json!({})).await;
    assert_eq!(
        verdict["installabilityErrors"],
        json!([]),
        "Chromium finds the app installable: {verdict}"
    );
    let seen = page.cdp("Page.getAppManifest", json!({})).await;
    assert_eq!(seen["url"], json!(format!("{url}manifest.webmanifest")));
    assert_eq!(
        seen["errors"],
        json!([]),
        "Chromium's manifest parser: {seen}"
    );
}

/// Installable: manifest, icons, service worker, and Chromium's own installability
/// check, with the app under the harness's sub-path.
#[test]
fn the_app_is_installable() {
    run(|page| async move {
        check_installable(&page).await;
    });
}

/// Another sub-path, three folders deep: the app loads, a move plays and the CPU (in
/// its Web Worker) answers, and it is installable there; nothing is requested outside
/// the sub-path (the harness's clean-run check).
#[test]
fn works_under_another_sub_path() {
    let options = Options {
        base_path: Some("/apps/board-games/shogi/"),
        ..Options::default()
    };
    run_with(options, |page| async move {
        assert!(page.url().ends_with("/apps/board-games/shogi/"));
        assert_eq!(page.snapshot().await.board(), START_BOARD);
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        check_installable(&page).await;
        assert_eq!(
            page.saved_moves().await.len(),
            2,
            "the game survived the reload"
        );
    });
}

/// What a test build changes in its copy of `dist/`: a mark in the page and in the
/// CPU's worker loader (a file whose name is not hashed).
const BUILD_B_MARK: &str = "e2e build B";

/// Copies the folder `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder");
    for entry in std::fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// "Build B": a copy of `dist/` with [`BUILD_B_MARK`] in `index.html` (a `<meta
/// name="e2e-build">`) and at the end of `cpu_worker_loader.js`, and its service worker
/// made again by `tools/generate-sw.mjs` (as trunk's post-build hook does), in a
/// folder of its own for the test `test`.
fn build_b(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("e2e-build-b-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&dist_dir(), &dir);
    let index = dir.join("index.html");
    let html = std::fs::read_to_string(&index).expect("index.html");
    assert!(html.contains("</head>"));
    let html = html.replacen(
        "</head>",
        &format!("<meta name=\"e2e-build\" content=\"{BUILD_B_MARK}\" /></head>"),
        1,
    );
    std::fs::write(&index, html).expect("write index.html");
    let loader = dir.join("cpu_worker_loader.js");
    let mut js = std::fs::read_to_string(&loader).expect("cpu_worker_loader.js");
    js.push_str(&format!("\n// {BUILD_B_MARK}\n"));
    std::fs::write(&loader, js).expect("write cpu_worker_loader.js");
    let out = std::process::Command::new("node")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/generate-sw.mjs"))
        .arg(&dir)
        .output()
        .expect("run node tools/generate-sw.mjs (Node >= 20, scripts/setup.sh)");
    assert!(
        out.status.success(),
        "generate-sw.mjs failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let sw_a = std::fs::read_to_string(dist_dir().join("sw.js")).expect("dist/sw.js");
    let sw_b = std::fs::read_to_string(dir.join("sw.js")).expect("build B's sw.js");
    assert_ne!(sw_a, sw_b, "build B has its own service worker");
    dir
}

/// The `e2e-build` mark of the page on screen, if any.
async fn build_mark(page: &Page) -> Option<String> {
    page.js(
        "const m = document.querySelector('meta[name=e2e-build]'); return m ? m.content : null;",
        vec![],
    )
    .await
    .as_str()
    .map(str::to_string)
}

/// Updates: with build A open (and its CPU worker running), build B is deployed. The
/// app's update check (hourly, and when the page shows again: here a
/// `visibilitychange`) installs B beside A, and the page offers "A new version is
/// ready: reload" (`update-ready`); a plain reload keeps A and offers B again. Until
/// the offer is taken the page runs A whole: its files, the unhashed
/// worker loader included, still come from A's cache, and play goes on with the CPU;
/// both builds' caches exist. The click reloads into B: B's page and B's loader, one
/// cache left (A's deleted), the game still there, the CPU answering, no console
/// error.
#[test]
fn a_new_build_is_offered_and_reloads_whole() {
    let b = build_b("offer");
    let b_dir = b.clone();
    run(move |page| async move {
        page.wait_controlled().await;
        let caches_a = cache_names(&page).await;
        assert_eq!(caches_a.len(), 1, "{caches_a:?}");
        assert!(caches_a[0].starts_with("shogi-"), "{caches_a:?}");
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let (_, loader_a) = fetch_text(&page, "cpu_worker_loader.js").await;
        assert!(!loader_a.contains(BUILD_B_MARK));
        assert_eq!(build_mark(&page).await, None);
        let offered = "return !!document.querySelector('[data-testid=\"update-ready\"]');";
        assert_eq!(
            page.js(offered, vec![]).await,
            json!(false),
            "nothing new yet"
        );

        page.serve_from(&b_dir);
        // The app's own look for a new build when the page becomes visible again
        // (headless Chromium's page is always visible: the event is enough).
        page.js(
            "document.dispatchEvent(new Event('visibilitychange'));",
            vec![],
        )
        .await;
        let offer = page.el("update-ready").await;
        assert_eq!(
            offer.text().await.expect("offer text"),
            "A new version is ready: reload"
        );
        // A plain reload does not switch builds: the page is A again, and B is offered
        // again (it waits, found at start).
        page.reload().await;
        assert_eq!(build_mark(&page).await, None, "a reload keeps build A");
        page.el("update-ready").await;

        // Build B waits; the page still runs build A, whole.
        let (_, loader) = fetch_text(&page, "cpu_worker_loader.js").await;
        assert_eq!(
            loader, loader_a,
            "the old worker serves the old build's files"
        );
        let caches = cache_names(&page).await;
        assert_eq!(caches.len(), 2, "A's cache and B's: {caches:?}");
        assert!(caches.contains(&caches_a[0]));
        page.play(&any_legal_move(&game)).await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        assert_eq!(build_mark(&page).await, None);

        page.js("window.__e2eBuildA = true;", vec![]).await;
        page.click("update-ready").await;
        wait_reloaded(&page).await;

        assert_eq!(build_mark(&page).await.as_deref(), Some(BUILD_B_MARK));
        let (status, loader) = fetch_text(&page, "cpu_worker_loader.js").await;
        assert_eq!(status, 200);
        assert!(loader.contains(BUILD_B_MARK), "B's worker loader");
        let caches = cache_names(&page).await;
        assert_eq!(caches.len(), 1, "A's cache is gone: {caches:?}");
        assert_ne!(caches[0], caches_a[0]);
        assert_eq!(
            page.js(offered, vec![]).await,
            json!(false),
            "the offer is gone"
        );
        assert_eq!(page.saved_moves().await.len(), 4, "the game is kept");
        page.play(&any_legal_move(&game)).await;
        wait_cpu_answer(&page, 6).await;
    });
    let _ = std::fs::remove_dir_all(&b);
}

/// Waits until the tab the test drives has reloaded (the mark `window.__e2eBuildA`,
/// set before, is gone) and the app has drawn its board again.
async fn wait_reloaded(page: &Page) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    // Scripts may fail while the page navigates.
    while page
        .try_js("return window.__e2eBuildA === true;", vec![])
        .await
        != Some(json!(false))
    {
        assert!(
            std::time::Instant::now() < deadline,
            "the page did not reload"
        );
        page.sleep(50).await;
    }
    page.wait_ready().await;
}

/// Two tabs of build A; build B is deployed and both offer it. Taking it in one tab
/// reloads the other too (the new worker now controls it, and the files it has yet to
/// load, the CPU's worker among them, would come from B): both then run build B.
#[test]
fn taking_the_update_in_one_tab_reloads_the_other() {
    let b = build_b("tabs");
    let b_dir = b.clone();
    run(move |page| async move {
        page.wait_controlled().await;
        let (first, second) = page.open_second_tab().await;
        page.wait_controlled().await;
        page.serve_from(&b_dir);
        page.js(
            "document.dispatchEvent(new Event('visibilitychange'));",
            vec![],
        )
        .await;
        page.el("update-ready").await;
        page.switch_tab(&first).await;
        page.el("update-ready").await;
        assert_eq!(build_mark(&page).await, None);
        page.js("window.__e2eBuildA = true;", vec![]).await;

        page.switch_tab(&second).await;
        page.js("window.__e2eBuildA = true;", vec![]).await;
        page.click("update-ready").await;
        wait_reloaded(&page).await;
        assert_eq!(build_mark(&page).await.as_deref(), Some(BUILD_B_MARK));

        page.switch_tab(&first).await;
        wait_reloaded(&page).await;
        assert_eq!(
            build_mark(&page).await.as_deref(),
            Some(BUILD_B_MARK),
            "the other tab runs build B too"
        );
        let offered = "return !!document.querySelector('[data-testid=\"update-ready\"]');";
        assert_eq!(page.js(offered, vec![]).await, json!(false));
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
    });
    let _ = std::fs::remove_dir_all(&b);
}

// ----------------------------------------------------------------------------------
// Themes, piece sets, safe dialogs, notices, layouts at every size (issue 9)
// ----------------------------------------------------------------------------------

/// The page's background in the light and the dark palette (style/main.css, --bg).
const LIGHT_BG: &str = "rgb(243, 237, 226)";
const DARK_BG: &str = "rgb(22, 18, 14)";
/// The dialog's panel in both palettes (--panel).
const LIGHT_PANEL: &str = "rgb(255, 250, 241)";
const DARK_PANEL: &str = "rgb(36, 30, 24)";

/// The saved preferences, as JSON.
async fn saved_preferences(page: &Page) -> serde_json::Value {
    let saved = page
        .storage_get(keys::PREFERENCES)
        .await
        .expect("preferences saved");
    storage::decode(&saved, storage::PREFERENCES_VERSION).expect("readable preferences")
}

/// The theme switch: the page, the board, the settings and the dialogs change colour at
/// once, the choice is saved and kept after a reload, and "system" follows the
/// system's `prefers-color-scheme` both ways.
#[test]
fn theme_switch_changes_the_colours_and_is_kept() {
    run(|page| async move {
        page.emulate_media(Some("light"), false).await;
        assert_eq!(page.value("theme").await, "system");
        assert_eq!(page.computed("body", "background-color").await, LIGHT_BG);
        let light_board = page
            .computed("[data-testid=board]", "background-image")
            .await;
        assert!(light_board.contains("rgb(233, 196, 138)"), "{light_board}");
        assert_eq!(
            page.computed("[data-testid=sq-e5]", "border-right-color")
                .await,
            "rgb(91, 61, 28)"
        );

        page.select("theme", "dark").await;
        assert_eq!(page.computed("body", "background-color").await, DARK_BG);
        assert_eq!(
            page.js("return document.documentElement.dataset.theme", vec![])
                .await,
            serde_json::json!("dark")
        );
        let dark_board = page
            .computed("[data-testid=board]", "background-image")
            .await;
        assert!(
            dark_board.contains("rgb(140, 108, 66)") && !dark_board.contains("rgb(233, 196, 138)"),
            "{dark_board}"
        );
        assert_eq!(
            page.computed("[data-testid=sq-e5]", "border-right-color")
                .await,
            "rgb(20, 13, 5)",
            "the board's lines"
        );
        assert_eq!(
            page.computed("[data-testid=settings]", "background-color")
                .await,
            DARK_PANEL,
            "the settings panel"
        );
        assert_eq!(
            page.computed("[data-testid=set-win]", "color").await,
            "rgb(237, 228, 214)",
            "light text in the settings' selects"
        );
        assert_eq!(saved_preferences(&page).await["theme"], "dark");

        // A dialog in the dark palette.
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        page.click("new-game").await;
        page.wait_for("the question", |s| s.confirm).await;
        assert_eq!(
            page.computed("[data-testid=confirm-dialog]", "background-color")
                .await,
            DARK_PANEL
        );
        page.click("confirm-no").await;
        page.wait_for("no question", |s| !s.confirm).await;

        // Kept after a reload, before and after the app starts.
        page.reload().await;
        assert_eq!(page.value("theme").await, "dark");
        assert_eq!(page.computed("body", "background-color").await, DARK_BG);

        // Light wins over a dark system; "system" follows it.
        page.emulate_media(Some("dark"), false).await;
        page.select("theme", "light").await;
        assert_eq!(page.computed("body", "background-color").await, LIGHT_BG);
        page.select("theme", "system").await;
        assert_eq!(page.computed("body", "background-color").await, DARK_BG);
        assert_eq!(
            page.js(
                "return document.documentElement.hasAttribute('data-theme')",
                vec![]
            )
            .await,
            serde_json::json!(false)
        );
        page.emulate_media(Some("light"), false).await;
        assert_eq!(page.computed("body", "background-color").await, LIGHT_BG);
        assert_eq!(saved_preferences(&page).await["theme"], "system");
        page.click("new-game").await;
        page.wait_for("the question", |s| s.confirm).await;
        assert_eq!(
            page.computed("[data-testid=confirm-dialog]", "background-color")
                .await,
            LIGHT_PANEL
        );
        page.click("confirm-no").await;
    });
}

/// The text on the Hasami piece on `sq`, empty for the marks.
async fn piece_text(page: &Page, sq: &str) -> String {
    page.js(
        "const p = document.querySelector(`[data-testid=\"piece-${arguments[0]}\"]`);
         return p ? p.textContent.trim() : null;",
        vec![serde_json::json!(sq)],
    )
    .await
    .as_str()
    .unwrap_or_else(|| panic!("no piece on {sq}"))
    .to_string()
}

/// The piece set: Hasami shows 歩 for Black and と for White (pointing the other way)
/// on shogi pentagons, the choice is saved with the table and kept after a reload, and
/// the marks come back.
#[test]
fn piece_set_switch_shows_shogi_pawns_and_is_kept() {
    use shogi_variants::session::hasami::PieceStyle;
    run(|page| async move {
        assert_eq!(page.value("piece-set").await, "marks");
        assert_eq!(piece_text(&page, "e1").await, "");
        page.select("piece-set", "kanji").await;
        page.wait_for("the pawns", |s| s.pieces.len() == 18).await;
        assert_eq!(piece_text(&page, "e1").await, "歩");
        assert_eq!(piece_text(&page, "e9").await, "と");
        let facing = |sq: &'static str| {
            let page = page.clone();
            async move {
                page.js(
                    "return document.querySelector(`[data-testid=\"piece-${arguments[0]}\"] svg`).dataset.facing",
                    vec![serde_json::json!(sq)],
                )
                .await
            }
        };
        assert_eq!(facing("e1").await, "north");
        assert_eq!(
            facing("e9").await,
            "south",
            "the opponent's point the other way"
        );
        assert_eq!(
            page.saved()
                .await
                .expect("saved with the table")
                .settings
                .pieces,
            PieceStyle::Kanji
        );
        // The player cards show the same pieces.
        let icons = page
            .js(
                "return [...document.querySelectorAll('.player-icon')].map(e => e.textContent.trim()).sort()",
                vec![],
            )
            .await;
        assert_eq!(icons, serde_json::json!(["と", "歩"]));

        page.reload().await;
        assert_eq!(page.value("piece-set").await, "kanji");
        assert_eq!(piece_text(&page, "a1").await, "歩");
        assert_eq!(piece_text(&page, "a9").await, "と");
        // A game goes on with them.
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        assert_eq!(piece_text(&page, "e5").await, "歩");

        page.select("piece-set", "marks").await;
        assert_eq!(piece_text(&page, "e5").await, "");
        assert_eq!(
            page.saved().await.expect("saved").settings.pieces,
            PieceStyle::Marks
        );
    });
}

/// New game and Resign put the focus on the safe answer: Enter keeps the game.
#[test]
fn enter_in_a_confirm_dialog_keeps_the_game() {
    use fantoccini::key::Key;
    let enter = char::from(Key::Enter).to_string();
    run(|page| async move {
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        for button in ["new-game", "resign"] {
            page.click(button).await;
            page.wait_for("the question", |s| s.confirm).await;
            assert_eq!(page.focused().await, "confirm-no", "{button}");
            page.press(&enter).await;
            let snap = page.wait_for("no question", |s| !s.confirm).await;
            assert_eq!(snap.status, "Black to move", "{button}");
            let saved = page.saved().await.expect("saved");
            assert_eq!(saved.game.moves().len(), 2, "{button}: the game is kept");
            assert_eq!(saved.game.outcome(), None, "{button}");
        }
        // The risky answer is still there.
        page.click("new-game").await;
        page.wait_for("the question", |s| s.confirm).await;
        page.click("confirm-yes").await;
        page.wait_for("a new game", |s| !s.confirm && s.board() == START_BOARD)
            .await;
    });
}

/// A damaged saved theme: the theme falls back to "system" with a notice, the language
/// and the game last played are kept. The notice sits above the board without covering
/// it on a 360 px phone, and its close button dismisses it.
#[test]
fn a_corrupt_theme_falls_back_with_a_notice_that_can_be_closed() {
    run(|page| async move {
        page.select("lang", "pt").await;
        page.play("e1e5").await;
        page.storage_set(
            keys::PREFERENCES,
            r#"{"app":"shogi-variants","data":{"game":"hasami","locale":"pt","theme":"purple"},"version":1}"#,
        )
        .await;
        page.set_viewport(360, 740).await;
        page.reload().await;
        page.sleep(300).await;
        let snap = page.wait_for("the notice", |s| !s.notices.is_empty()).await;
        assert_eq!(
            snap.notices,
            [
                "Não foi possível ler o tema guardado (dados danificados); usa-se o tema do sistema. \
              As outras preferências mantêm-se. Uma cópia dos dados ilegíveis ficou guardada neste dispositivo."
            ]
        );
        assert_eq!(page.value("theme").await, "system");
        assert_eq!(page.value("lang").await, "pt", "the language is kept");
        assert_eq!(snap.new_game, "Nova partida");
        assert!(!page.saved_moves().await.is_empty(), "the game is kept");
        assert_eq!(
            page.storage_get(&format!("{}{}", keys::PREFERENCES, keys::UNREADABLE_SUFFIX))
                .await
                .as_deref(),
            Some(
                r#"{"app":"shogi-variants","data":{"game":"hasami","locale":"pt","theme":"purple"},"version":1}"#
            )
        );

        let notice = page.rect("[data-testid=notice]").await.expect("notice");
        let board = page.rect("[data-testid=board]").await.expect("board");
        assert!(
            notice[3] <= board[1],
            "the notice {notice:?} is above the board {board:?}, not over it"
        );
        page.click("notice-close").await;
        page.wait_for("no notice", |s| s.notices.is_empty()).await;
        page.reload().await;
        assert!(
            page.snapshot().await.notices.is_empty(),
            "saved clean again"
        );
        assert_eq!(
            saved_preferences(&page).await,
            serde_json::json!({
                "game": "hasami",
                "locale": "pt",
                "theme": "system",
                "sound": true,
                "motion": "animated",
                "confirm_move": false
            }),
            "the readable preferences saved back"
        );
    });
}

/// The sizes the layouts are checked at: phones upright, a tablet, a laptop, a phone
/// held sideways.
const SIZES: [(u32, u32); 6] = [
    (320, 640),
    (360, 740),
    (390, 844),
    (768, 1024),
    (1280, 800),
    (740, 360),
];

/// Checks the layout of the game on screen at the current size: nothing wider than the
/// screen; on a laptop (1280 × 800) the whole page, footer included, fits; held
/// sideways (740 × 360) the board and both player cards above and below it fit.
async fn check_layout(page: &Page, game: &str, (w, h): (u32, u32)) {
    let overflow = page
        .js(
            "return document.documentElement.scrollWidth - window.innerWidth",
            vec![],
        )
        .await
        .as_f64()
        .unwrap_or(0.0);
    assert!(overflow <= 0.0, "{game} at {w}×{h}: {overflow} px too wide");
    let board = page.rect("[data-testid=board]").await.expect("board");
    assert!(
        board[0] >= 0.0 && board[2] <= f64::from(w) + 0.5,
        "{game} at {w}×{h}: the board {board:?} is cut off"
    );
    if (w, h) == (1280, 800) {
        let footer = page.rect("footer").await.expect("footer");
        assert!(
            footer[3] <= f64::from(h) + 0.5,
            "{game} at {w}×{h}: the footer {footer:?} is cut off"
        );
    }
    if (w, h) == (740, 360) {
        let bottom = page
            .js(
                "return Math.max(...[...document.querySelectorAll('.player')].map(e => e.getBoundingClientRect().bottom))",
                vec![],
            )
            .await
            .as_f64()
            .unwrap_or(f64::MAX);
        assert!(
            bottom <= f64::from(h) + 0.5 && board[3] <= f64::from(h) + 0.5,
            "{game} at {w}×{h}: a player card ({bottom}) or the board ({board:?}) is cut off"
        );
    }
}

/// Both games at every size in both themes: the layout checks of [`check_layout`], and
/// screenshots at 360, 768 and 1280 px in light and dark saved as test artifacts in
/// `target/screenshots/GAME-WIDTH-THEME.png`.
#[test]
fn both_games_fit_every_screen_in_both_themes() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        for game in ["hasami", "yonin"] {
            page.switch_game(game).await;
            if game == "hasami" {
                page.click_square("d1").await;
            } else {
                page.click_square("e2").await;
            }
            for theme in ["light", "dark"] {
                page.select("theme", theme).await;
                for size in SIZES {
                    page.set_viewport(size.0, size.1).await;
                    check_layout(&page, game, size).await;
                    if [360, 768, 1280].contains(&size.0) {
                        let name = format!("{game}-{}-{theme}.png", size.0);
                        page.save_screenshot(&dir.join(name)).await;
                    }
                }
            }
            page.set_viewport(1280, 800).await;
            page.select("theme", "system").await;
        }
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

// ---- the rules pages (issue 9) ----

/// `data-square` of the squares with class `class` in the diagram `topic` of the open
/// rules page, sorted.
async fn diagram_marks(page: &Page, topic: &str, class: &str) -> Vec<String> {
    let value = page
        .js(
            r#"return [...document.querySelectorAll(
                   `[data-testid="rules"] [data-testid="diagram-${arguments[0]}"] .sq.${arguments[1]}`)]
                   .map(e => e.dataset.square).sort()"#,
            vec![json!(topic), json!(class)],
        )
        .await;
    serde_json::from_value(value).expect("a list of squares")
}

/// Number of boards drawn inside the rules page (0 when it is closed).
async fn rules_boards(page: &Page) -> u64 {
    page.js(
        r#"return document.querySelectorAll('[data-testid="rules"] [data-testid="board"]').length"#,
        vec![],
    )
    .await
    .as_u64()
    .unwrap_or_default()
}

/// The text of the open rules page.
async fn rules_text(page: &Page) -> String {
    page.js(
        r#"return document.querySelector('[data-testid="rules"]')?.innerText ?? ''"#,
        vec![],
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Opens the rules by the button, checks the page took the focus, and waits for it.
async fn open_rules(page: &Page) {
    page.click("open-rules").await;
    page.el("rules").await;
    assert_eq!(
        page.focused().await,
        "rules-close",
        "the close button has the focus"
    );
}

/// Escape closes the rules page and gives the focus back to the button.
async fn escape_rules(page: &Page) {
    use fantoccini::key::Key;
    page.press(&char::from(Key::Escape).to_string()).await;
    for _ in 0..50 {
        if rules_boards(page).await == 0 && page.focused().await == "open-rules" {
            break;
        }
        page.sleep(100).await;
    }
    let open = page
        .js(
            r#"return !!document.querySelector('[data-testid="rules"]')"#,
            vec![],
        )
        .await;
    assert_eq!(open, Value::Bool(false), "Escape closed the rules");
    assert_eq!(
        page.focused().await,
        "open-rules",
        "the focus is back on the button"
    );
}

/// Saves a screenshot of the page under target/rules-shots (looked at by hand).
async fn rules_shot(page: &Page, name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/rules-shots");
    std::fs::create_dir_all(&dir).expect("the screenshot folder");
    page.screenshot(&dir.join(format!("{name}.png"))).await;
}

/// The Hasami rules page (issue 9): opened by the button and by the keyboard, six
/// diagrams drawn by the board component with the marks the captions speak of,
/// a rules term in each language, hints under the local rules, Escape closes.
#[test]
fn rules_hasami_page_diagrams_languages_escape() {
    run(|page| async move {
        // Each local rule has its hint line in the settings.
        for id in ["hint-win", "hint-limit", "hint-alternate"] {
            let text = page.el(id).await.text().await.expect("hint text");
            assert!(text.len() > 30, "{id}: {text:?}");
        }
        open_rules(&page).await;
        assert_eq!(rules_boards(&page).await, 6);
        // The contents link every section: nine topics and the local rules.
        let links = page
            .js(
                r#"return [...document.querySelectorAll('[data-testid="rules"] nav a')]
                       .map(a => document.querySelector(a.getAttribute('href')) ? 1 : 0)
                       .reduce((x, y) => x + y, 0)"#,
                vec![],
            )
            .await;
        assert_eq!(links, json!(10), "every contents link finds its section");
        // The diagrams show what their captions say (RULES H2, H3).
        assert_eq!(
            diagram_marks(&page, "movement", "target").await,
            squares(&[
                "c5", "d5", "e1", "e2", "e3", "e4", "e6", "e7", "f5", "g5", "h5", "i5"
            ])
        );
        assert_eq!(
            diagram_marks(&page, "capture", "captured").await,
            squares(&["d5"])
        );
        assert_eq!(
            diagram_marks(&page, "capture-many", "captured").await,
            squares(&["c5", "d5", "e6", "e7"])
        );
        assert_eq!(
            diagram_marks(&page, "corner", "captured").await,
            squares(&["a1"])
        );
        assert!(diagram_marks(&page, "safe", "captured").await.is_empty());
        assert_eq!(
            diagram_marks(&page, "no-move", "check").await,
            squares(&["a1"])
        );
        // The diagrams are not tab stops: Tab from the close button goes to the contents.
        let focusable = page
            .js(
                r#"return [...document.querySelectorAll('[data-testid="rules"] .sq')]
                       .filter(e => !e.closest('[inert]')).length"#,
                vec![],
            )
            .await;
        assert_eq!(
            focusable,
            json!(0),
            "every diagram square sits in an inert board"
        );
        let text = rules_text(&page).await;
        for term in [
            "Capturing by sandwich",
            "The corner capture",
            "Repetition",
            "Move limit",
        ] {
            assert!(text.contains(term), "{term:?} in the English rules");
        }
        rules_shot(&page, "hasami-en").await;
        escape_rules(&page).await;

        // With the keyboard: the button is focused, Enter opens.
        use fantoccini::key::Key;
        page.js(
            r#"document.querySelector('[data-testid="open-rules"]').focus()"#,
            vec![],
        )
        .await;
        page.press(&char::from(Key::Enter).to_string()).await;
        page.el("rules").await;
        assert_eq!(page.focused().await, "rules-close");
        // The close button closes too.
        page.click("rules-close").await;
        for _ in 0..50 {
            if rules_boards(&page).await == 0 {
                break;
            }
            page.sleep(100).await;
        }
        assert_eq!(rules_boards(&page).await, 0);

        for (lang, terms) in [
            ("pt", ["Captura em sanduíche", "A captura no canto"]),
            ("es", ["Captura en sándwich", "La captura en la esquina"]),
            ("ru", ["Взятие зажимом", "Взятие в углу"]),
            ("ja", ["はさんで取る", "隅の駒を取る"]),
        ] {
            page.select("lang", lang).await;
            open_rules(&page).await;
            let text = rules_text(&page).await;
            for term in terms {
                assert!(text.contains(term), "{term:?} in the {lang} rules");
            }
            assert_eq!(rules_boards(&page).await, 6);
            escape_rules(&page).await;
        }
    });
}

/// The Yonin rules page (issue 9): seven diagrams, the check-priority diagram shows
/// the rook on c9 and North's king in check, the mate diagram North's king turned
/// over and its pieces now South's; a rules term in each language; hints under the
/// local rules; Escape closes.
#[test]
fn rules_yonin_page_diagrams_languages_escape() {
    run(|page| async move {
        page.switch_game("yonin").await;
        for id in [
            "hint-format",
            "hint-end",
            "hint-eliminated",
            "hint-limit",
            "hint-alternate",
        ] {
            let text = page.el(id).await.text().await.expect("hint text");
            assert!(text.len() > 30, "{id}: {text:?}");
        }
        open_rules(&page).await;
        assert_eq!(rules_boards(&page).await, 7);
        // RULES Y3.3: after c2-c9, North is in check (its king e9 glows).
        assert_eq!(
            diagram_marks(&page, "check-priority", "check").await,
            squares(&["e9"])
        );
        assert_eq!(
            diagram_marks(&page, "check-priority", "last").await,
            squares(&["c2", "c9"])
        );
        let side = |topic: &str, sq: &str| {
            let page = page.clone();
            let (topic, sq) = (topic.to_string(), sq.to_string());
            async move {
                page.js(
                    r#"return document.querySelector(
                        `[data-testid="rules"] [data-testid="diagram-${arguments[0]}"] [data-testid="piece-${arguments[1]}"]`
                    )?.dataset.side ?? null"#,
                    vec![json!(topic), json!(sq)],
                )
                .await
            }
        };
        assert_eq!(side("check-priority", "c9").await, json!("south"));
        // RULES Y5: North's king turned over (no owner), its silvers South's.
        assert_eq!(side("mate", "e9").await, json!("none"));
        assert_eq!(side("mate", "d8").await, json!("south"));
        assert_eq!(side("mate", "e8").await, json!("south"));
        // RULES Y4: no pawn drop on file c (nifu) nor on e8 (pawn-drop mate).
        let drops = diagram_marks(&page, "drops", "target").await;
        assert!(!drops.is_empty());
        assert!(drops.iter().all(|s| !s.starts_with('c')), "{drops:?}");
        assert!(!drops.contains(&"e8".to_string()));
        let text = rules_text(&page).await;
        for term in [
            "Check and check priority",
            "Nifu",
            "Pawn-drop mate",
            "Pairs",
        ] {
            assert!(text.contains(term), "{term:?} in the English rules");
        }
        rules_shot(&page, "yonin-en").await;
        escape_rules(&page).await;
        for (lang, terms) in [
            (
                "pt",
                [
                    "Xeque e prioridade de xeque",
                    "Mate com peão largado",
                    "Promoção",
                ],
            ),
            (
                "es",
                [
                    "Jaque y prioridad de jaque",
                    "Mate al soltar un peón",
                    "Promoción",
                ],
            ),
            ("ru", ["Шах и приоритет шаха", "Нифу", "Превращение"]),
            ("ja", ["王手と王手の優先", "二歩", "打ち歩詰め"]),
        ] {
            page.select("lang", lang).await;
            open_rules(&page).await;
            let text = rules_text(&page).await;
            for term in terms {
                assert!(text.contains(term), "{term:?} in the {lang} rules");
            }
            assert_eq!(rules_boards(&page).await, 7);
            escape_rules(&page).await;
        }
    });
}

// ----------------------------------------------------------------------------------
// The saved data of a build, captured for tests/saved_data.rs
// ----------------------------------------------------------------------------------

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
/// `dist/` of the build whose saved data the blobs stand for (the first were captured
/// from commit e164324), it plays a few moves in each game through the page, changes
/// settings of both tables and every preference, then writes every localStorage key's
/// value, byte for byte, to `tests/data/saved/KEY.json` (see [`blob_file`]).
/// `tests/saved_data.rs` then checks that the current code opens those blobs with
/// the values set here.
///
/// ```sh
/// git checkout <commit> && scripts/build.sh
/// cargo test --test e2e capture_saved_blobs -- --ignored --nocapture
/// ```
#[test]
#[ignore = "writes tests/data/saved/ from the dist/ of a build; run by hand"]
fn capture_saved_blobs() {
    use shogi_variants::engine::yonin;
    use shogi_variants::session::yonin::{
        PieceStyle as YoninPieces, Settings as YoninSettings, TimePerMove,
    };
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
            if saved.settings.time_per_move
                == shogi_variants::session::hasami::TimePerMove::Seconds30
            {
                break saved;
            }
            tries += 1;
            assert!(tries < 100, "the time per move was not saved: {saved:?}");
            page.sleep(50).await;
        };
        assert_eq!(
            saved.settings,
            Settings {
                show_legal_moves: true,
                alternate_start: false,
                win: WinCondition::CaptureAll,
                move_limit: Some(200),
                time_per_move: shogi_variants::session::hasami::TimePerMove::Seconds30,
                view: ViewMode::TurnToMove,
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
        page.select("set-format", "pairs").await;
        page.select("set-end", "last").await;
        page.select("set-eliminated", "ownerless").await;
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
                t.settings.time_per_move == TimePerMove::Seconds60
            })
            .await;
        assert_eq!(
            saved.settings,
            YoninSettings {
                format: yonin::Format::Pairs,
                end: yonin::GameEnd::ToTheLast,
                eliminated_pieces: yonin::EliminatedPieces::Ownerless,
                move_limit: Some(300),
                show_legal_moves: false,
                alternate_who_starts: true,
                time_per_move: TimePerMove::Seconds60,
                view: ViewMode::TurnToMove,
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
