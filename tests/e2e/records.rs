//! Looking back at a game: the move list, replay by buttons and keys, take-back and
//! redo, take-backs off, and the statistics (with screenshots of the move list in
//! `target/screenshots/records-*.png`).

use crate::harness::{Page, SavedTable, mv, run, wait_cpu_answer};
use fantoccini::key::Key;
use shogi_variants::engine::hasami::{Game, Position, Rules};
use shogi_variants::session::hasami::Settings;
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
                s.status == "Replaying: move 0 of 4"
            })
            .await;
        assert!(replaying(&page).await);
        assert!(snap.board_class.contains("locked"), "{}", snap.board_class);
        assert_eq!(snap.board(), "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb");
        press_on_page(&page, Key::Right).await;
        page.wait_for("move 1", |s| s.status == "Replaying: move 1 of 4")
            .await;
        page.click("move-3").await;
        page.wait_for("move 3", |s| s.status == "Replaying: move 3 of 4")
            .await;
        page.set_viewport(1280, 800).await;
        page.save_screenshot(&shots.join("records-replay-1280.png"))
            .await;
        page.set_viewport(390, 844).await;
        page.save_screenshot(&shots.join("records-replay-390.png"))
            .await;
        page.set_viewport(1280, 800).await;
        press_on_page(&page, Key::Left).await;
        page.wait_for("move 2", |s| s.status == "Replaying: move 2 of 4")
            .await;
        // Nothing moves while replaying: the CPU waits, and the saved game is the same.
        page.sleep(800).await;
        assert_eq!(page.saved_moves().await, game.moves());
        press_on_page(&page, Key::End).await;
        page.wait_for("back to the game", |s| s.status == "Black to move")
            .await;
        assert!(!replaying(&page).await);

        page.click("replay-prev").await;
        page.wait_for("replay by button", |s| s.status == "Replaying: move 3 of 4")
            .await;
        page.click("replay-exit").await;
        page.wait_for("back by the button", |s| s.status == "Black to move")
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
            redo: Vec::new(),
            stats: Default::default(),
        };
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
        assert_eq!(stats().await, "CPU (Strong)Won 1 · Drawn 0 · Lost 0");
        page.reload().await;
        assert_eq!(stats().await, "CPU (Strong)Won 1 · Drawn 0 · Lost 0");
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
        };
        page.storage_set(keys::YONIN_TABLE, &saved.encode()).await;
        page.open_game("yonin").await;
        assert_eq!(listed(&page).await, game.moves().len());
        let n = mate.at_move as usize;
        let item = page.el(&format!("move-{n}")).await;
        let label = item
            .find(fantoccini::Locator::Css("button"))
            .await
            .unwrap()
            .attr("aria-label")
            .await
            .unwrap()
            .unwrap_or_default();
        let (seat, by) = (format!("{:?}", mate.seat), format!("{:?}", mate.by));
        assert!(
            label.contains(&format!("{seat} mated by {by}")),
            "{label} ({seat} by {by})"
        );
        page.click(&format!("move-{n}")).await;
        page.wait_yonin("the replay", |s| {
            s.status.starts_with(&format!("Replaying: move {n} of"))
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
