//! Two tabs of the same browser: the second follows the first, and only one of them
//! asks the CPU.

use crate::harness::{Page, any_legal_move, board_of, mv, run, wait_cpu_answer};
use shogi_variants::engine::hasami::Game;

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
        a_move_is_answered_once(&page, &game).await;
    });
}

/// A tab that left a table for another screen gives its CPU to a tab that shows the
/// table: the first tab opens Hasami (in charge of its CPU) and goes to the choice of a
/// game; a second tab then shows Hasami, and its CPU answers there. Back on Hasami, the
/// first tab follows the game, and a move made there is answered once (the second tab
/// is still in charge).
#[test]
fn a_table_left_for_another_screen_gives_its_cpu_to_a_tab_that_shows_it() {
    run(|page| async move {
        page.click("games").await;
        page.el("game-yonin").await;
        let (first, _second) = page.open_second_tab().await;
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;

        page.switch_tab(&first).await;
        page.click("game-hasami").await;
        page.wait_for("the first tab to show the game", |s| {
            s.board() == board_of(&game)
        })
        .await;
        a_move_is_answered_once(&page, &game).await;
    });
}

/// The tab in charge of the CPU replays its game (its board shows an earlier move and
/// its CPU waits): it gives the CPU to the second tab, where a person's move is
/// answered; the first tab stays at the move it shows.
#[test]
fn a_tab_that_replays_gives_its_cpu_to_the_other_tab() {
    run(|page| async move {
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let (first, second) = page.open_second_tab().await;
        page.switch_tab(&first).await;
        page.click("replay-first").await;
        page.wait_for("the first tab to replay", |s| {
            s.status == "Replaying: the start · 0/2"
        })
        .await;

        page.switch_tab(&second).await;
        page.wait_for("the second tab to show the game", |s| {
            s.board() == board_of(&game)
        })
        .await;
        a_move_is_answered_once(&page, &game).await;

        page.switch_tab(&first).await;
        let snap = page.snapshot().await;
        assert_eq!(snap.status, "Replaying: the start · 0/4", "still replaying");
        // Told so (it said the tab "now shows the latest position").
        assert_eq!(
            snap.notices,
            [
                "This table was changed in another tab; the replay stays at its move, and its end shows the latest position."
            ]
        );
    });
}

/// Plays a move after the two of `game` and waits for the CPU's answer, which follows
/// `game` and comes once (four moves saved, still after a pause).
async fn a_move_is_answered_once(page: &Page, game: &Game) {
    let mv = any_legal_move(game);
    page.play(&mv).await;
    let (after, _) = wait_cpu_answer(page, 4).await;
    assert_eq!(after.moves()[..2], game.moves()[..]);
    page.sleep(1500).await;
    assert_eq!(page.saved_moves().await.len(), 4, "answered once");
}
