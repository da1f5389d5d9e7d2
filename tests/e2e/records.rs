//! Looking back at a game: the move list, replay by buttons and keys, take-back and
//! redo, take-backs off, and the statistics (with screenshots of the move list in
//! `target/screenshots/records-*.png`).

use crate::harness::one_move_from_winning;
use crate::harness::{Page, mv, run, wait_cpu_answer};
use fantoccini::key::Key;
use shogi_variants::engine::hasami::{Game, Rules};
use shogi_variants::session::storage::keys;
use shogi_variants::session::table::{Controller, Participant, Revision};

/// How many moves the move list shows.
async fn listed(page: &Page) -> usize {
    page.js(
        "return document.querySelectorAll('[data-testid=\"move-list\"] > li').length",
        vec![],
    )
    .await
    .as_u64()
    .unwrap_or(0) as usize
}

/// Presses `key` with the focus on the page (not on the board).
async fn press_on_page(page: &Page, key: Key) {
    page.js("document.activeElement?.blur()", vec![]).await;
    page.press(&char::from(key).to_string()).await;
}

async fn replaying(page: &Page) -> bool {
    page.try_js(
        "return !!document.querySelector('[data-testid=\"replay-mode\"]')",
        vec![],
    )
    .await
    .and_then(|v| v.as_bool())
    .unwrap_or(false)
}

/// The move list follows the game; Home/Left/Right/End and the buttons replay it with
/// the board locked and the CPU waiting; a take-back and a redo bring the same moves
/// back.
#[test]
fn the_move_list_replays_by_keys_and_redo_replays_a_take_back() {
    let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    run(|page| async move {
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        page.play("a1a2").await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        assert_eq!(listed(&page).await, 4);
        let first = page.el("move-1").await.text().await.unwrap();
        assert!(first.contains("e1e5"), "{first}");

        press_on_page(&page, Key::Home).await;
        let snap = page
            .wait_for("replay at the start", |s| {
                s.status == "Replaying: the start · 0/4"
            })
            .await;
        assert!(replaying(&page).await);
        assert!(snap.board_class.contains("locked"), "{}", snap.board_class);
        assert_eq!(snap.board(), "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb");
        press_on_page(&page, Key::Right).await;
        page.wait_for("move 1", |s| s.status == "Replaying: move 1 (Black) · 1/4")
            .await;
        page.click("move-3").await;
        page.wait_for("move 3", |s| s.status == "Replaying: move 2 (Black) · 3/4")
            .await;
        // The list is one stop of Tab, the move shown; the arrow keys step from it
        // and the focus follows the move shown.
        let stops = "return [...document.querySelectorAll('[data-testid=move-list] button')]\
             .filter((b) => b.tabIndex === 0).map((b) => b.parentElement.dataset.testid);";
        assert_eq!(page.js(stops, vec![]).await, serde_json::json!(["move-3"]));
        page.press(&char::from(Key::Left).to_string()).await;
        page.wait_for("move 2", |s| s.status == "Replaying: move 1 (White) · 2/4")
            .await;
        let focused = "return document.activeElement.parentElement.dataset.testid;";
        assert_eq!(page.js(focused, vec![]).await, serde_json::json!("move-2"));
        assert_eq!(page.js(stops, vec![]).await, serde_json::json!(["move-2"]));
        page.click("move-3").await;
        page.wait_for("move 3", |s| s.status == "Replaying: move 2 (Black) · 3/4")
            .await;
        page.set_viewport(1280, 800).await;
        page.save_screenshot(&shots.join("records-replay-1280.png"))
            .await;
        page.set_viewport(390, 844).await;
        page.save_screenshot(&shots.join("records-replay-390.png"))
            .await;
        page.set_viewport(1280, 800).await;
        press_on_page(&page, Key::Left).await;
        page.wait_for("move 2", |s| s.status == "Replaying: move 1 (White) · 2/4")
            .await;
        // Nothing moves while replaying: the CPU waits, and the saved game is the same.
        page.sleep(800).await;
        assert_eq!(page.saved_moves().await, game.moves());
        press_on_page(&page, Key::End).await;
        page.wait_for("back to the game", |s| s.status == "Black to move")
            .await;
        assert!(!replaying(&page).await);

        page.click("replay-prev").await;
        page.wait_for("replay by button", |s| {
            s.status == "Replaying: move 2 (Black) · 3/4"
        })
        .await;
        page.click("replay-exit").await;
        page.wait_for("back by the button", |s| s.status == "Black to move")
            .await;
        // With the focus on the board (a square clicked while replaying), Home and End
        // still step through the game (the board's arrows move between its squares).
        page.click("replay-prev").await;
        page.wait_for("replay again", |s| {
            s.status == "Replaying: move 2 (Black) · 3/4"
        })
        .await;
        page.click_square("e5").await;
        let on_board = "return !!document.activeElement?.closest('[data-testid=board]');";
        assert_eq!(page.js(on_board, vec![]).await, serde_json::json!(true));
        page.press(&char::from(Key::Home).to_string()).await;
        page.wait_for("Home from the board", |s| {
            s.status == "Replaying: the start · 0/4"
        })
        .await;
        page.press(&char::from(Key::End).to_string()).await;
        page.wait_for("End from the board", |s| s.status == "Black to move")
            .await;

        // Take back the CPU's reply and the move; redo plays both again.
        page.click("undo").await;
        page.wait_saved("taken back", |g| g.moves().len() == 2)
            .await;
        assert_eq!(listed(&page).await, 2);
        page.click("redo").await;
        let redone = page.wait_saved("redone", |g| g.moves().len() == 4).await;
        assert_eq!(redone.moves(), game.moves());
        assert_eq!(listed(&page).await, 4);
        assert!(!page.el("redo").await.is_enabled().await.unwrap());
    });
}

/// With take-backs off (saved with the table), there is no take-back or redo.
#[test]
fn take_backs_off_hides_take_back_and_redo() {
    run(|page| async move {
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        assert!(page.checked("set-takebacks").await);
        page.click("set-takebacks").await;
        page.reload().await;
        assert!(!page.checked("set-takebacks").await);
        let present = page
            .js(
                "return !!document.querySelector('[data-testid=\"undo\"], [data-testid=\"redo\"]')",
                vec![],
            )
            .await;
        assert_eq!(present, serde_json::Value::Bool(false));
        assert_eq!(page.saved_moves().await.len(), 2);
    });
}

/// A won game counts once in the statistics, also after a reload.
#[test]
fn statistics_count_a_won_game_once() {
    run(|page| async move {
        // Black has captured 4; f1f5 sandwiches e5 between d5 and f5.
        let saved = one_move_from_winning();
        page.storage_set(keys::HASAMI_TABLE, &saved.encode()).await;
        page.reload().await;
        page.play("f1f5").await;
        page.wait_for("the result", |s| s.result.is_some()).await;
        page.click("close-result").await;
        let stats = || async {
            page.js(
                "return document.querySelector('[data-testid=\"stats\"] table')?.textContent ?? ''",
                vec![],
            )
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
        };
        assert_eq!(stats().await, "CPU (Casual)Won 1 · Drawn 0 · Lost 0");
        page.reload().await;
        assert_eq!(stats().await, "CPU (Casual)Won 1 · Drawn 0 · Lost 0");
        let saved = page.saved().await.expect("saved");
        assert_eq!(saved.stats.rows.len(), 1);
        assert_eq!(saved.game.moves(), [mv("f1f5")]);
    });
}

/// A Yonin game with mates: the move list has one line per move, each with its seat,
/// and tells who mated whom at the move that did it; clicking that move shows the
/// banner of that moment.
#[test]
fn the_yonin_move_list_tells_who_mated_whom() {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use shogi_variants::engine::Variant;
    use shogi_variants::engine::yonin::{Game as YGame, Seat};
    use shogi_variants::session::yonin::Settings as YSettings;
    type YSaved = shogi_variants::session::table::SavedTable<YGame>;

    let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    // A random game with a first mate (seeded; every seat a person, so nothing moves).
    let game = (0..200u64)
        .find_map(|seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut g = YGame::new(Default::default(), Seat::South);
            while !g.is_over() && g.moves().len() < 300 {
                let moves = Variant::legal_moves(&g);
                g.play(moves[rng.random_range(0..moves.len())]).unwrap();
                if !g.position().eliminations().is_empty() {
                    // A few moves more, so the mate is not the last move.
                    for _ in 0..4 {
                        let moves = Variant::legal_moves(&g);
                        if moves.is_empty() {
                            break;
                        }
                        g.play(moves[rng.random_range(0..moves.len())]).unwrap();
                    }
                    return (g.moves().len() > g.position().eliminations()[0].at_move as usize)
                        .then_some(g);
                }
            }
            None
        })
        .expect("a seed with a mate");
    let mate = game.position().eliminations()[0];
    run(|page| async move {
        let saved = YSaved {
            settings: YSettings::default(),
            participants: vec![Participant::new(Controller::Human); 4],
            seating: vec![0, 1, 2, 3],
            game: game.clone(),
            game_number: 1,
            revision: Revision::default(),
            clock_used_ms: 0.0,
            redo: Vec::new(),
            stats: Default::default(),
            result_dismissed: false,
        };
        page.storage_set(keys::YONIN_TABLE, &saved.encode()).await;
        page.open_game("yonin").await;
        assert_eq!(listed(&page).await, game.moves().len());
        let n = mate.at_move as usize;
        let item = page.el(&format!("move-{n}")).await;
        // The accessible name is the button's text (with its visually hidden words).
        let label = page
            .js(
                &format!(
                    "return document.querySelector('[data-testid=\"move-{n}\"] button').textContent"
                ),
                vec![],
            )
            .await
            .as_str()
            .unwrap_or_default()
            .to_string();
        let _ = item;
        let (seat, by) = (format!("{:?}", mate.seat), format!("{:?}", mate.by));
        assert!(
            label.contains(&format!("{seat} mated by {by}")),
            "{label} ({seat} by {by})"
        );
        page.click(&format!("move-{n}")).await;
        page.wait_yonin("the replay", |s| {
            s.status.starts_with(&format!("Replaying: move {n} ("))
        })
        .await;
        let banner = page.el("banner").await.text().await.unwrap();
        assert!(banner.contains(&seat), "{banner}");
        page.set_viewport(1280, 800).await;
        page.save_screenshot(&shots.join("records-yonin-1280.png"))
            .await;
        page.set_viewport(390, 844).await;
        page.save_screenshot(&shots.join("records-yonin-390.png"))
            .await;
    });
}

/// The value of a text field or area.
async fn field(page: &Page, id: &str) -> String {
    // The records dialog is loaded on first use: wait until the field is there.
    page.el(id).await;
    page.js(
        &format!("return document.querySelector('[data-testid=\"{id}\"]').value"),
        vec![],
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Exported, then imported on a page whose storage was cleared (a fresh device): the
/// same moves; the share link, opened on a fresh device, shows the game in replay at its
/// last move, steps with the keys, and can be continued there; the fragment is gone
/// from the address bar; a reload shows the shared game again until it is continued,
/// and after that the game continued.
#[test]
fn export_import_and_a_share_link_carry_the_game() {
    let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    run(|page| async move {
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        page.play("a1a2").await;
        let (game, _) = wait_cpu_answer(&page, 4).await;
        page.click("export").await;
        let record = field(&page, "export-text").await;
        assert!(record.starts_with("[Game \"Hasami Shogi\"]"), "{record}");
        let link = field(&page, "share-link").await;
        assert!(
            link.starts_with(&page.url()) && link.contains("#H2"),
            "{link}"
        );
        page.set_viewport(390, 844).await;
        page.save_screenshot(&shots.join("records-export-390.png"))
            .await;
        page.set_viewport(1280, 800).await;
        page.click("export-close").await;

        // A fresh device: nothing stored; import the record.
        page.js("localStorage.clear()", vec![]).await;
        page.reload().await;
        assert!(page.saved_moves().await.is_empty());
        page.click("import").await;
        // The dialog's effect gives the text the focus just after it opens.
        let mut focused = String::new();
        for _ in 0..20 {
            focused = page.focused().await;
            if focused == "import-text" {
                break;
            }
            page.sleep(100).await;
        }
        assert_eq!(focused, "import-text", "ready for a paste");
        page.paste("import-text", &record).await;
        page.click("import-submit").await;
        let imported = page.wait_saved("imported", |g| g.moves().len() == 4).await;
        assert_eq!(imported.moves(), game.moves());
        page.wait_for("the import told", |s| {
            s.notices.iter().any(|n| n == "Game loaded. Moves: 4.")
        })
        .await;
        // On a touch screen (headless Chromium reports no hover) a tap on the notice's
        // text reaches what lies under it; its close button still takes taps.
        let through = "if (!matchMedia('(hover: none)').matches) return 'hover'; \
             const n = document.querySelector('[data-testid=notice]'); \
             const r = n.getBoundingClientRect(); \
             const under = document.elementFromPoint(r.left + 8, r.top + r.height / 2); \
             const c = n.querySelector('.notice-close').getBoundingClientRect(); \
             const close = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2); \
             return [n.contains(under), close.classList.contains('notice-close')];";
        assert_eq!(
            page.js(through, vec![]).await,
            serde_json::json!([false, true])
        );

        // Another fresh device: the share link pasted into the import dialog.
        page.js("localStorage.clear()", vec![]).await;
        page.reload().await;
        page.click("import").await;
        page.paste("import-text", &link).await;
        page.click("import-submit").await;
        let imported = page
            .wait_saved("imported from the link", |g| g.moves().len() == 4)
            .await;
        assert_eq!(imported.moves(), game.moves());

        // Another fresh device opens the share link.
        page.js("localStorage.clear()", vec![]).await;
        page.goto_fresh(&link).await;
        page.wait_for("the shared game", |s| {
            s.status == "Shared game: move 2 (White) · 4/4"
        })
        .await;
        assert!(
            !page.current_url().await.contains('#'),
            "the fragment is removed"
        );
        assert!(page.saved_moves().await.is_empty(), "nothing replaced");
        let count = page
            .js(
                "return document.querySelector('[data-testid=move-count]').textContent.trim()",
                vec![],
            )
            .await;
        assert!(
            count.as_str().is_some_and(|c| c.starts_with("Moves: 4")),
            "the shared game's count, not the empty game's behind it: {count}"
        );
        // A reload of the tab shows the shared game again (the tab kept its link),
        // and still changes nothing stored.
        page.reload().await;
        page.wait_for("the shared game after a reload", |s| {
            s.status == "Shared game: move 2 (White) · 4/4"
        })
        .await;
        assert!(!page.current_url().await.contains('#'));
        assert!(page.saved_moves().await.is_empty(), "nothing replaced");
        press_on_page(&page, Key::Home).await;
        page.wait_for("its start", |s| s.status == "Shared game: the start · 0/4")
            .await;
        press_on_page(&page, Key::Right).await;
        page.wait_for("its first move", |s| {
            s.status == "Shared game: move 1 (Black) · 1/4"
        })
        .await;
        page.save_screenshot(&shots.join("records-shared-1280.png"))
            .await;
        page.click("open-shared").await;
        let continued = page
            .wait_saved("continued here", |g| g.moves().len() == 4)
            .await;
        assert_eq!(continued.moves(), game.moves());
        page.wait_for("playing on", |s| s.status == "Black to move")
            .await;
        page.reload().await;
        let snap = page.snapshot().await;
        assert_eq!(snap.status, "Black to move", "the link is not opened again");
    });
}

/// A share link or a record of the other game pasted into the import dialog opens that
/// game's table with the shared game (they were refused: "This is a link of Yonin
/// Shogi."); the game at this table is not touched.
#[test]
fn the_other_games_share_link_in_import_opens_its_table() {
    use shogi_variants::engine::yonin;
    use shogi_variants::record::link::ShareLink;
    use shogi_variants::record::text::RecordText;
    run(|page| async move {
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let mut shared = yonin::Game::new(Default::default(), yonin::Seat::South);
        shared.play("e3e4".parse().unwrap()).unwrap();
        page.click("import").await;
        // The file button is ours, in the page's language (the browser's own spoke
        // the browser's), and the next stop of Tab after the text.
        page.el("import-file").await;
        let file_button = "return document.querySelector('[data-testid=import-file]')\
             .closest('label.btn').textContent.trim();";
        assert_eq!(
            page.js(file_button, vec![]).await,
            serde_json::json!("Open a file")
        );
        page.el("import-text").await.click().await.unwrap();
        page.press(&char::from(Key::Tab).to_string()).await;
        assert_eq!(page.focused().await, "import-file");
        page.paste(
            "import-text",
            &format!("{}#{}", page.url(), shared.to_link()),
        )
        .await;
        page.click("import-submit").await;
        page.el("open-shared").await;
        assert_eq!(page.shown_game().await.as_deref(), Some("yonin"));
        assert!(
            !page.current_url().await.contains('#'),
            "the fragment is read and removed"
        );
        assert_eq!(page.saved_moves().await, game.moves());
        // A record of the other game opens there too, as its share link (it was
        // refused: "This is a record of Yonin Shogi").
        shared.play("b4c4".parse().unwrap()).unwrap();
        let record = shared.write_record(&Default::default());
        page.switch_game("hasami").await;
        page.click("import").await;
        page.paste("import-text", &record).await;
        page.click("import-submit").await;
        page.el("open-shared").await;
        assert_eq!(page.shown_game().await.as_deref(), Some("yonin"));
        let count = page.el("move-count").await.text().await.unwrap();
        assert_eq!(count, "Moves: 2");
        assert_eq!(page.saved_moves().await, game.moves());
    });
}

/// Continuing a shared game over a game in progress asks first; the safe answer says
/// what it does: the shared game stays on screen to look at ("Just look"; it said
/// "Keep playing" and did not go back to the game), the table's game is untouched.
#[test]
fn continuing_a_shared_game_over_a_game_in_progress_asks_first() {
    use shogi_variants::record::link::ShareLink;
    run(|page| async move {
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let mut shared = Game::new(Rules::default());
        for m in ["a1a4", "a9a6"] {
            shared.play(mv(m)).unwrap();
        }
        page.goto(&format!("{}#{}", page.url(), shared.to_link()))
            .await;
        page.click("open-shared").await;
        let no = page.el("confirm-no").await.text().await.unwrap();
        assert_eq!(no, "Just look");
        page.click("confirm-no").await;
        page.el("open-shared").await;
        let snap = page.snapshot().await;
        assert_eq!(snap.board(), crate::harness::board_of(&shared));
        assert_eq!(page.saved_moves().await, game.moves());
    });
}

/// A shared game that is over tells its result at its last move, as live play does
/// (not "move 2 (White) · 4/4"), is opened here rather than continued, and "»" is off
/// at its end.
#[test]
fn a_finished_shared_game_tells_its_result() {
    run(|page| async move {
        use shogi_variants::engine::hasami::Player;
        use shogi_variants::record::link::ShareLink;
        let mut shared = Game::new(Rules::default());
        for m in ["e1e5", "e9e6", "a1a4", "a9a6"] {
            shared.play(mv(m)).unwrap();
        }
        shared.resign(Player::Black).unwrap();
        page.goto_fresh(&format!("{}#{}", page.url(), shared.to_link()))
            .await;
        page.wait_for("the result", |s| s.status == "White wins — Black resigned.")
            .await;
        let state = "const q = (id) => document.querySelector(`[data-testid=${id}]`); \
             return [q('open-shared').textContent.trim(), q('replay-last').disabled, \
             q('replay-mode').textContent.replace(/\\s+/g, ' ').includes('Shared game: move 2 (White) · 4/4')];";
        assert_eq!(
            page.js(state, vec![]).await,
            serde_json::json!(["Open this game here", true, true])
        );
        // Played by others: not this table's "Human · Wins: 0" / "CPU".
        let snap = page.snapshot().await;
        assert_eq!(
            snap.player("black").role.trim(),
            "",
            "{:?}",
            snap.player("black")
        );
        assert_eq!(snap.player("white").role.trim(), "");
        press_on_page(&page, Key::Left).await;
        page.wait_for("a move before the end", |s| {
            s.status == "Shared game: move 2 (Black) · 3/4"
        })
        .await;
    });
}

/// A shared game counts its captures toward its own win condition, not the table's
/// (RULES H4.1): a game of lead by three opened at a table of capture five shows "0",
/// not "0/5"; the table's own game, shown again, "0/5".
#[test]
fn a_shared_game_counts_toward_its_own_win_condition() {
    run(|page| async move {
        use shogi_variants::engine::hasami::WinCondition;
        use shogi_variants::record::link::ShareLink;
        let mut shared = Game::new(Rules {
            win: WinCondition::LeadByThree,
            move_limit: None,
        });
        for m in ["e1e5", "e9e6"] {
            shared.play(mv(m)).unwrap();
        }
        page.goto_fresh(&format!("{}#{}", page.url(), shared.to_link()))
            .await;
        page.el("open-shared").await;
        let target = "return [...document.querySelectorAll('[data-testid^=captures-]')] \
             .map(e => e.textContent + e.nextElementSibling.textContent)";
        assert_eq!(page.js(target, vec![]).await, serde_json::json!(["0", "0"]));
        // "New game" would replace the table's game, not the one shown: not offered.
        let new_game_off = "return document.querySelector('[data-testid=new-game]').disabled";
        assert_eq!(page.js(new_game_off, vec![]).await, serde_json::json!(true));
        page.click("replay-exit").await;
        page.wait_for("the table's own game", |s| s.status.contains("to move"))
            .await;
        assert_eq!(
            page.js(target, vec![]).await,
            serde_json::json!(["0/5", "0/5"])
        );
        assert_eq!(
            page.js(new_game_off, vec![]).await,
            serde_json::json!(false)
        );
        // Opened again in a phone's page scrolled down: shown from the top.
        page.set_viewport(390, 844).await;
        page.js("window.scrollTo(0, 600); return window.scrollY", vec![])
            .await;
        assert!(page.js("return window.scrollY", vec![]).await.as_f64() > Some(100.0));
        page.navigate(&format!("{}#{}", page.url(), shared.to_link()))
            .await;
        page.el("open-shared").await;
        assert_eq!(
            page.js("return window.scrollY", vec![]).await.as_f64(),
            Some(0.0)
        );
    });
}

/// A dialog gives the focus back when it closes: to the button that opened it (the
/// export dialog, loaded with its part on the first opening, while the table behind
/// had already turned inert), or, when that button was disabled meanwhile (Resign, once
/// the game is over), to the table; « at the start passes the focus to a button still
/// enabled.
#[test]
fn closed_dialogs_give_the_focus_back() {
    run(|page| async move {
        page.play("e1e5").await;
        wait_cpu_answer(&page, 2).await;
        let escape = char::from(Key::Escape).to_string();
        let active = "return document.activeElement.getAttribute('data-testid') \
             ?? document.activeElement.className;";
        let focus_on = |want: &'static str| {
            let page = page.clone();
            async move {
                let mut now = serde_json::Value::Null;
                for _ in 0..20 {
                    now = page.js(active, vec![]).await;
                    if now.as_str().is_some_and(|s| s.contains(want)) {
                        return;
                    }
                    page.sleep(100).await;
                }
                panic!("the focus is on {now}, not {want}");
            }
        };
        page.click("export").await;
        page.el("export-dialog").await;
        page.press(&escape).await;
        focus_on("export").await;
        page.click("replay-first").await;
        focus_on("replay-").await;
        page.press(&char::from(Key::End).to_string()).await;
        page.click("resign").await;
        page.click("confirm-yes").await;
        page.wait_for("the result", |s| s.result.is_some()).await;
        page.press(&escape).await;
        page.wait_for("the result closed", |s| s.result.is_none())
            .await;
        focus_on("layout").await;
    });
}

/// A Hasami record whose fourth move is illegal: e5e9 passes over e6 (RULES H2.2).
const ILLEGAL_RECORD: &str = "[Game \"Hasami Shogi\"]\n\n1. e1e5 e9e6 2. e5e9\n";

/// Opens the import dialog, loads `text` and returns the error it tells (`import-error`).
async fn import_error(page: &Page, text: &str) -> String {
    page.click("import").await;
    page.paste("import-text", text).await;
    page.click("import-submit").await;
    page.el("import-error").await.text().await.unwrap()
}

/// A malformed record and a damaged link are told (where and what) and change nothing,
/// also after a reload.
#[test]
fn a_malformed_record_and_a_damaged_link_change_nothing() {
    run(|page| async move {
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let error = import_error(&page, ILLEGAL_RECORD).await;
        assert!(
            error.starts_with(
                "Line 3, column 17 · move 2 (Black): e5e9 is not a legal move \
                 (the path or the destination is occupied)."
            ),
            "{error}"
        );
        assert_eq!(
            page.el("import-partial").await.text().await.unwrap(),
            "Load up to move 1 (White)",
            "numbered as the error numbers the fault"
        );
        page.click("import-close").await;
        // The reason is told in the player's language too (RULES H2.2: the path is taken).
        page.select("lang", "es").await;
        let error = import_error(&page, ILLEGAL_RECORD).await;
        assert!(
            error.contains(
                "e5e9 no es una jugada legal (el camino o la casilla de destino están ocupados)."
            ),
            "{error}"
        );
        page.click("import-close").await;
        page.select("lang", "en").await;
        // A record cut short (its Result says 1-0, its moves stop while the game goes
        // on) is told as possibly cut.
        let error = import_error(&page, "[Result \"1-0\"]\n1. e1e5 e9e6").await;
        assert_eq!(
            error,
            "Line 1, column 10: Result says 1-0, but the moves give *. \
             The moves stop before the game ends: the text may be cut short."
        );
        page.click("import-close").await;
        page.reload().await;
        assert_eq!(page.saved_moves().await, game.moves());

        // A link cut short: told, with the good moves shown; the table's game stays.
        let mut shared = Game::new(Rules::default());
        for m in ["a1a4", "a9a6", "b1b3", "b9b7"] {
            shared.play(mv(m)).unwrap();
        }
        use shogi_variants::record::link::ShareLink;
        let full = shared.to_link();
        let cut = &full[..full.len() - 2];
        page.goto(&format!("{}#{cut}", page.url())).await;
        let notice = page.el("link-error").await.text().await.unwrap();
        assert!(
            notice.starts_with("This shared link could not be opened."),
            "{notice}"
        );
        assert!(
            notice.contains(
                "Move 2 (White): The link is cut short. The game is shown up to move 2 (Black)."
            ),
            "{notice}"
        );
        page.goto(&format!("{}#H1!!", page.url())).await;
        let notice = page
            .js(
                "const all = document.querySelectorAll('[data-testid=\"link-error\"]'); return all[all.length - 1].textContent",
                vec![],
            )
            .await
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(notice.contains("cannot be in a link"), "{notice}");
        page.reload().await;
        assert_eq!(page.saved_moves().await, game.moves());
    });
}
