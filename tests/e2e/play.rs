//! Playing Hasami by clicks and keys: moves, the CPU's answers, illegal clicks,
//! captures, the result, resigning, the move clock, and the harness's own clean-run
//! checks.

use crate::harness::one_move_from_winning;
use crate::harness::{
    Page, START_BOARD, Snapshot, any_legal_move, board_of, mv, run, squares, wait_cpu_answer,
};
use shogi_variants::engine::hasami::{Game, Player, Position, Rules};
use shogi_variants::session::storage::keys;
use shogi_variants::session::table::Controller;

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
        // A screen reader hears what the eye sees marked.
        let label =
            "return document.querySelector('[data-testid=sq-e5]').getAttribute('aria-label');";
        assert_eq!(
            page.js(label, vec![]).await,
            serde_json::json!("e5, legal move")
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

/// A capture of two pieces at once past five (RULES H3.1, H4.1: Black at 4 takes e5
/// and f6 with f1f5) is told with the captures made, 6, not "5" (it said
/// "Captured 5 pieces." beside a card showing 6/5); a lead past three likewise.
#[test]
fn a_double_capture_past_the_goal_is_told_as_made() {
    run(|page| async move {
        let done = double_capture(&page, Rules::default(), 4).await;
        assert_eq!(done.player("black").captures, "6");
        assert_eq!(done.result.expect("result").reason, "Captured 6 pieces.");
        // Lead by 3 (RULES H4.1): from a lead of 2, two at once make a lead of 4.
        let rules = Rules {
            win: shogi_variants::engine::hasami::WinCondition::LeadByThree,
            ..Rules::default()
        };
        let done = double_capture(&page, rules, 2).await;
        assert_eq!(done.result.expect("result").reason, "Leads by 4 captures.");
    });
}

/// Opens a game of `rules` where Black, with `captured` captures, takes e5 and f6 at
/// once with f1f5, plays it and returns the page once the result shows.
async fn double_capture(page: &Page, rules: Rules, captured: u8) -> Snapshot {
    let mut saved = one_move_from_winning();
    let start: Position = format!("www6/9/5b3/5w3/3bw4/9/9/9/bbb1bbbb1 b {captured} 0 20")
        .parse()
        .expect("position");
    saved.game = Game::from_position(rules, start);
    saved.settings.rules = rules;
    page.storage_set(keys::HASAMI_TABLE, &saved.encode()).await;
    page.reload().await;
    page.play("f1f5").await;
    page.wait_for("the result dialog", |s| s.result.is_some())
        .await
}

/// A game saved one capture before the end (crafted with the engine and put in
/// localStorage): the finishing capture by clicks shows the result dialog, counts
/// the win, the CPU never moves afterwards and the board takes no clicks; the next
/// game swaps colours (alternate who starts) and the CPU opens as Black.
#[test]
fn finishing_capture_shows_the_result_dialog() {
    run(|page| async move {
        // Black has captured 4; f1f5 sandwiches e5 between d5 and f5.
        let saved = one_move_from_winning();
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

        // Closing it is saved: a reload shows the finished board, not the result.
        page.reload().await;
        page.sleep(300).await;
        let snap = page.snapshot().await;
        assert_eq!(snap.result, None, "the closed result stays closed");
        assert_eq!(snap.status, "Black wins — Captured 5 pieces.");
        assert!(snap.board_class.contains("locked"), "{}", snap.board_class);
        // "Result" shows it again.
        page.click("show-result").await;
        let snap = page
            .wait_for("the result again", |s| s.result.is_some())
            .await;
        assert_eq!(snap.result.expect("result").reason, "Captured 5 pieces.");
        page.click("close-result").await;
        page.wait_for("closed again", |s| s.result.is_none()).await;

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
        assert_eq!(result.reason, "Black resigned.");
        assert_eq!(snap.status, "White wins — Black resigned.");
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
                    // The CPU waits while "Resign?" is open.
                    "White to move",
                    "White wins — Black resigned."
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

/// Keyboard play: the board is one tab stop, the arrow keys move across it as seen
/// on screen, Enter selects and moves, Escape drops the pick. Dialogs take the focus, keep the board behind
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
        // Escape drops the pick; Enter picks it again.
        page.press(&char::from(Key::Escape).to_string()).await;
        page.wait_for("Escape drops it", |s| s.marked("selected").is_empty())
            .await;
        page.press(&char::from(Key::Enter).to_string()).await;
        page.wait_for("d1 selected again", |s| s.marked("selected") == ["d1"])
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

/// The result dialog keeps the focus: a click on the page outside it, or on its text,
/// leaves the focus in the dialog, and Escape then closes it; Escape closes it even
/// with the focus on the page body.
#[test]
fn a_click_outside_the_result_dialog_keeps_the_focus_in_it() {
    use fantoccini::key::Key;
    use serde_json::json;
    run(|page| async move {
        // Black has captured 4; f1f5 sandwiches e5 between d5 and f5.
        let saved = one_move_from_winning();
        page.storage_set(keys::HASAMI_TABLE, &saved.encode()).await;
        page.reload().await;
        page.play("f1f5").await;
        page.wait_for("the result dialog", |s| s.result.is_some())
            .await;
        let in_dialog =
            "return !!document.activeElement?.closest('[data-testid=\"result-dialog\"]');";
        assert_eq!(page.js(in_dialog, vec![]).await, json!(true));

        // The backdrop, top left (outside the dialog), then the dialog's text.
        let dialog = page
            .rect("[data-testid=\"result-dialog\"]")
            .await
            .expect("the dialog");
        assert!(dialog[0] > 4.0 && dialog[1] > 4.0, "{dialog:?}");
        page.click_at(2.0, 2.0).await;
        page.sleep(100).await;
        assert_eq!(
            page.js(in_dialog, vec![]).await,
            json!(true),
            "focus on {:?}",
            page.focused().await
        );
        page.click("result-reason").await;
        page.sleep(100).await;
        assert_eq!(page.js(in_dialog, vec![]).await, json!(true));
        page.press(&char::from(Key::Escape).to_string()).await;
        page.wait_for("the dialog closed", |s| s.result.is_none())
            .await;

        // Open again (the finished game saved as before it was closed, then a
        // reload), the focus taken to the page body: Escape still closes it.
        let mut finished = page.saved().await.expect("saved");
        assert!(finished.result_dismissed, "closing it was saved");
        finished.result_dismissed = false;
        page.storage_set(keys::HASAMI_TABLE, &finished.encode())
            .await;
        page.reload().await;
        page.wait_for("the result dialog", |s| s.result.is_some())
            .await;
        page.js("document.activeElement.blur();", vec![]).await;
        assert_eq!(
            page.js("return document.activeElement === document.body;", vec![])
                .await,
            json!(true)
        );
        page.press(&char::from(Key::Escape).to_string()).await;
        page.wait_for("the dialog closed", |s| s.result.is_none())
            .await;
    });
}
