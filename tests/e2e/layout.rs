//! The page's layout on phones and laptops (issue 20): nothing moves the board while a
//! game goes on, the phone layout (settings, labels, hand pieces, select texts), the
//! game-over status beside the move counter, with screenshots in
//! `target/screenshots/layout-*.png`.

use crate::harness::{Page, run};
use shogi_variants::engine::yonin::{Game, Move, Rules, Seat};
use shogi_variants::session::storage::keys;
use shogi_variants::session::table::{Controller, Participant, Revision, SavedTable};
use shogi_variants::session::yonin::Settings as YSettings;

/// Where the screenshots go.
fn shots_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots")
}

/// A Yonin game of `n` moves (fewer if it would end) from the standard start where
/// every seat takes a piece whenever it can (the first capture found from a seeded
/// pick), so the hands fill up: the position the page draws its fullest hands for.
fn busy_game(n: usize) -> Game {
    let mut game = Game::new(Rules::default(), Seat::South);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..n {
        let moves = game.legal_moves();
        let moves = moves.as_slice();
        if moves.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let captures: Vec<&Move> = moves
            .iter()
            .filter(|m| match m {
                Move::Normal { to, .. } => game.position().piece_at(*to).is_some(),
                Move::Drop { .. } => false,
            })
            .collect();
        let pick = if captures.is_empty() {
            moves[(seed >> 33) as usize % moves.len()]
        } else {
            *captures[(seed >> 33) as usize % captures.len()]
        };
        let mut next = game.clone();
        next.play(pick).expect("a legal move");
        if next.is_over() {
            break;
        }
        game = next;
    }
    game
}

/// Saves `game` as the Yonin table of four people and opens it.
async fn open_yonin(page: &Page, game: &Game) {
    let saved = SavedTable::<Game> {
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
}

/// Screenshots of both games, in English, Russian and Japanese, at 360, 390 and 1280 px
/// (`layout-GAME-LANG-WIDTH.png`; the phones' pages whole, in a tall viewport).
#[test]
fn layout_screenshots() {
    let dir = shots_dir();
    run(|page| async move {
        page.emulate_media(Some("light"), true).await;
        let game = busy_game(60);
        open_yonin(&page, &game).await;
        page.switch_game("hasami").await;
        page.play("e1e5").await;
        crate::harness::wait_cpu_answer(&page, 2).await;
        for game in ["hasami", "yonin"] {
            page.switch_game(game).await;
            for lang in ["en", "ru", "ja"] {
                page.select("lang", lang).await;
                for (w, h) in [(360, 1900), (390, 1900), (1280, 800)] {
                    page.set_viewport(w, h).await;
                    page.save_screenshot(&dir.join(format!("layout-{game}-{lang}-{w}.png")))
                        .await;
                }
                page.set_viewport(1280, 800).await;
            }
        }
        // The end of the scripted game, at 1280 px in English and Russian.
        open_yonin(&page, &crate::yonin::script_game(crate::yonin::LAST_MATE)).await;
        for lang in ["en", "ru"] {
            page.select("lang", lang).await;
            page.save_screenshot(&dir.join(format!("layout-over-{lang}-1280.png")))
                .await;
        }
    });
}
