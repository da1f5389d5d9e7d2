//! Following every turn in Yonin: the summary of the moves since the person's last move
//! (`since-move`, one item per move), each seat's latest move marked on the board in
//! its colour (`last-move-SEAT`), and, with people sharing the device, whose turn it is
//! and to whom to hand it (`your-move`). Screenshots at 390 and 1280 px in
//! `target/screenshots/follow-*.png`.

use crate::harness::yonin::side;
use crate::harness::{Page, run};
use serde::Deserialize;
use serde_json::json;
use shogi_variants::engine::yonin::{Game, Seat};
use shogi_variants::session::board::latest_moves;
use shogi_variants::session::table::since_plies;

use Seat::{South, West};

/// What the page shows of the summary and of the seats' latest moves.
#[derive(Debug, Deserialize)]
struct Follow {
    /// `since-title`.
    title: String,
    /// The items of `since-move`: (`data-testid`, class, text).
    items: Vec<(String, String, String)>,
    /// Whether `since-move` holds anything but `li` items.
    other_children: bool,
    /// `last-move-SEAT` marks: (seat, the square they are drawn on).
    to: Vec<(String, String)>,
    /// `last-from-SEAT` marks: (seat, square).
    from: Vec<(String, String)>,
    /// `your-move`.
    your_move: String,
}

const FOLLOW_JS: &str = r#"
const text = (e) => (e ? e.textContent.replace(/\s+/g, " ").trim() : "");
const q = (id) => document.querySelector(`[data-testid="${id}"]`);
const list = q("since-move");
const marks = (hook) => [...document.querySelectorAll(`[data-testid^="${hook}-"]`)]
  .map((e) => [e.dataset.testid.slice(hook.length + 1), e.closest("[data-square]").dataset.square]);
return {
  title: text(q("since-title")),
  items: list ? [...list.children].map((li) => [li.dataset.testid || "", li.className, text(li)]) : [],
  other_children: !!list && [...list.children].some((c) => c.tagName !== "LI"),
  to: marks("last-move"),
  from: marks("last-from"),
  your_move: text(q("your-move")),
};
"#;

async fn follow(page: &Page) -> Follow {
    let v = page.js(FOLLOW_JS, vec![]).await;
    serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{v}: {e}"))
}

/// Checks that the page's summary is the moves of `game` since `seat` last moved, one
/// item per move in the mover's colour, and that every seat's latest move is marked on
/// its squares.
fn assert_follows(shown: &Follow, game: &Game, seat: Seat) {
    let plies = since_plies(game.movers(), seat);
    assert!(!shown.other_children, "since-move holds only the moves");
    let expected: Vec<(String, String)> = plies
        .clone()
        .map(|i| {
            (
                format!("since-{}", i + 1),
                format!("seat-{}", side(game.movers()[i])),
            )
        })
        .collect();
    let items: Vec<(String, String)> = shown
        .items
        .iter()
        .map(|(id, class, _)| (id.clone(), class.clone()))
        .collect();
    assert_eq!(items, expected, "one item per move since {seat} moved");
    for ((_, _, text), i) in shown.items.iter().zip(plies) {
        let mv = game.moves()[i].to_string();
        assert!(text.contains(&mv), "item {} tells {mv}: {text}", i + 1);
        assert!(
            text.contains(game.movers()[i].name()),
            "item {} names its seat: {text}",
            i + 1
        );
    }
    let latest = latest_moves(game);
    let mut to: Vec<(String, String)> = latest
        .iter()
        .map(|(s, _, dest)| (side(*s).to_string(), dest.to_string()))
        .collect();
    let mut from: Vec<(String, String)> = latest
        .iter()
        .filter_map(|(s, from, _)| from.map(|f| (side(*s).to_string(), f.to_string())))
        .collect();
    let (mut shown_to, mut shown_from) = (shown.to.clone(), shown.from.clone());
    for v in [&mut to, &mut from, &mut shown_to, &mut shown_from] {
        v.sort();
    }
    assert_eq!(shown_to, to, "last-move-SEAT on each seat's destination");
    assert_eq!(
        shown_from, from,
        "last-from-SEAT where each piece came from"
    );
}

/// Against three CPUs, when the person's turn comes back the summary holds one item per
/// move made since the person's move (with its seat and notation, in its colour) and
/// each seat that moved has its `last-move-SEAT` mark on its destination; the summary
/// stays while the person picks a piece. Then West is handed to a person: after
/// South's move the page says to hand the device to West, and West's summary is the
/// moves since West's last move.
#[test]
fn the_persons_turn_tells_every_move_since_their_last() {
    run(|page| async move {
        let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        page.switch_game("yonin").await;
        let shown = follow(&page).await;
        assert_eq!(shown.title, "So far in this game");
        assert!(shown.items.is_empty() && shown.to.is_empty(), "{shown:?}");

        // South, the person, moves; the three CPUs answer until South's turn is back.
        let (game, _, _) = page.play_yonin("e3e4").await;
        let shown = follow(&page).await;
        assert_eq!(shown.title, "Since your last move");
        assert_eq!(game.moves().len(), 1);
        let saved = page
            .wait_saved_yonin("South's turn again", |t| {
                t.game.moves().len() >= 4 && t.game.side_to_move() == Some(South)
            })
            .await;
        let game = saved.game;
        page.wait_shows("the CPUs' moves", &game).await;
        let shown = follow(&page).await;
        assert_eq!(shown.title, "Since your last move");
        assert_eq!(shown.your_move, "Your move");
        assert_eq!(
            shown.items.len(),
            since_plies(game.movers(), South).len(),
            "{shown:?}"
        );
        assert!(
            shown.items.len() >= 3,
            "West, North and East moved: {shown:?}"
        );
        assert_follows(&shown, &game, South);
        assert_eq!(shown.to.len(), 4, "all four seats moved: {shown:?}");

        for (w, h) in [(1280, 800), (390, 844)] {
            page.set_viewport(w, h).await;
            page.js("window.scrollTo(0, 0)", vec![]).await;
            page.save_screenshot(&shots.join(format!("follow-board-{w}.png")))
                .await;
            page.js(
                "document.querySelector('[data-testid=\"since\"]').scrollIntoView({block: 'center'})",
                vec![],
            )
            .await;
            page.save_screenshot(&shots.join(format!("follow-since-{w}.png")))
                .await;
        }
        page.set_viewport(1280, 800).await;

        // West becomes a person's; a pick changes nothing in South's summary (now
        // for the seat to move, as people share the device).
        page.select("seat-west", "human").await;
        let mv = game
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.from().is_some() && !m.is_promotion())
            .expect("a board move");
        page.pick(mv).await;
        let shown = follow(&page).await;
        assert_eq!(shown.title, "Since South's last move");
        assert_follows(&shown, &game, South);

        // South's move hands the device to West.
        let (game, _, _) = page.play_yonin_from_picked(&mv.to_string()).await;
        if game.side_to_move() == Some(West) {
            let shown = page
                .wait_yonin("West to move", |s| s.to_move() == ["west"])
                .await;
            assert!(!shown.locked, "West, a person, may move");
            let shown = follow(&page).await;
            assert_eq!(shown.your_move, "Hand the device to West. West: your move");
            assert_eq!(shown.title, "Since West's last move");
            assert_follows(&shown, &game, West);
            page.set_viewport(390, 844).await;
            page.js(
                "document.querySelector('[data-testid=\"your-move\"]').scrollIntoView({block: 'start'})",
                vec![json!(null)],
            )
            .await;
            page.save_screenshot(&shots.join("follow-hand-390.png"))
                .await;
        } else {
            // South's move gave check elsewhere (RULES Y3.3): nothing to hand yet.
            println!("South's move {mv} did not give the turn to West");
        }
    });
}

/// The turn the issue told of: West, the only person, last moved at move 18; then
/// North and East moved, South's check to North skipped West's turn (RULES Y3.3), and
/// South mated North (RULES Y5). At West's turn the summary holds the six moves, says
/// that West's own turn was skipped and why, and who mated whom and where the pieces
/// went; the mated North has no mark on the board.
#[test]
fn a_skipped_turn_and_a_mate_are_told_at_the_persons_turn() {
    use crate::yonin::script_game;
    use shogi_variants::session::storage::keys;
    use shogi_variants::session::table::{Controller, Participant, Revision, SavedTable};
    use shogi_variants::session::yonin::Settings;

    let game = script_game(24);
    assert_eq!(game.side_to_move(), Some(West));
    run(|page| async move {
        let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        let mut participants = vec![Participant::new(Controller::Cpu); 4];
        participants[West.index()] = Participant::new(Controller::Human);
        let saved = SavedTable::<Game> {
            settings: Settings::default(),
            participants,
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
        page.wait_shows("the stored game", &game).await;
        let shown = follow(&page).await;
        assert_eq!(shown.title, "Since your last move");
        assert_eq!(shown.your_move, "Your move");
        assert_follows(&shown, &game, West);
        assert_eq!(shown.items.len(), 6, "{shown:?}");
        let said = |ply: usize| shown.items[ply - 19].2.clone();
        assert!(
            said(21).contains("Captured a rook.")
                && said(21).contains(
                    "Your turn was skipped: North was in check and moved first (check priority)."
                ),
            "{}",
            said(21)
        );
        assert!(
            said(24).contains("South mated North.")
                && said(24).contains("The pieces and hand of North now belong to South."),
            "{}",
            said(24)
        );
        assert!(
            !shown.to.iter().any(|(seat, _)| seat == "north"),
            "a mated seat's move is not marked: {shown:?}"
        );
        for (w, h) in [(1280, 800), (390, 844)] {
            page.set_viewport(w, h).await;
            page.js("window.scrollTo(0, 0)", vec![]).await;
            page.save_screenshot(&shots.join(format!("follow-mate-board-{w}.png")))
                .await;
            page.js(
                "document.querySelector('[data-testid=\"since\"]').scrollIntoView({block: 'center'})",
                vec![],
            )
            .await;
            page.save_screenshot(&shots.join(format!("follow-mate-since-{w}.png")))
                .await;
        }
    });
}

/// Hasami against the CPU: after the CPU's answer the summary holds that one move (in
/// White's colour) and both sides' last moves are marked, the latest (White's) the
/// strongest.
#[test]
fn hasami_tells_the_cpus_answer_and_marks_both_last_moves() {
    use crate::harness::hasami::wait_cpu_answer;
    run(|page| async move {
        let shots = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
        page.switch_game("hasami").await;
        page.play("e1e5").await;
        let (game, _) = wait_cpu_answer(&page, 2).await;
        let shown = follow(&page).await;
        assert_eq!(shown.title, "Since your last move");
        let white = game.moves()[1].to_string();
        assert_eq!(shown.items.len(), 1, "{shown:?}");
        let (id, class, text) = &shown.items[0];
        assert_eq!((id.as_str(), class.as_str()), ("since-2", "seat-white"));
        assert!(text.contains(&white) && text.contains("White"), "{text}");
        let mut to = shown.to.clone();
        to.sort();
        assert_eq!(
            to,
            [
                ("black".to_string(), "e5".to_string()),
                ("white".to_string(), game.moves()[1].to.to_string()),
            ]
        );
        let classes = page
            .js(
                "return ['white', 'black'].map((s) => \
                 document.querySelector(`[data-testid=\"last-move-${s}\"]`).className)",
                vec![],
            )
            .await;
        assert_eq!(
            classes,
            json!(["seat-move to white age-0", "seat-move to black age-1"]),
            "the latest move the strongest"
        );
        for w in [1280, 390] {
            page.set_viewport(w, if w > 600 { 800 } else { 844 }).await;
            page.js("window.scrollTo(0, 0)", vec![]).await;
            page.save_screenshot(&shots.join(format!("follow-hasami-{w}.png")))
                .await;
        }
    });
}
