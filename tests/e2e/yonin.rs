//! Browser end-to-end tests of Yonin Shogi, played by people: the scripted four-person
//! game, the board turned to the seat to move, a reload mid-game, the piece set. The
//! CPU seats: `yonin_cpu`.
//!
//! What the page shows is compared with the native engine replaying what the page saved
//! in localStorage (`shogi-variants/yonin/table`).
//!
//! The scripted game ([`SCRIPT`]) was found natively by
//! [`crate::yonin_script::find_script`] (ignored; run it with `cargo test --test e2e
//! find_script -- --ignored --nocapture`) and is checked without a browser by
//! [`crate::yonin_script::script_has_every_event_in_order`], so an engine change that
//! breaks it fails there first.

use crate::harness::yonin::{PlacingView, Snapshot, hands_of, pieces_of, side};
use crate::harness::{Page, run};
use shogi_variants::engine::Square;
use shogi_variants::engine::yonin::{EndReason, Game, Move, Outcome, Role, Rules, Seat};
use shogi_variants::session::table::Controller;
use shogi_variants::session::yonin::{TurnStory, last_turn_story, placing_rows};
use std::time::{Duration, Instant};

use Seat::{East, North, South, West};

/// A four-person game from the standard start (default rules, South first) with every
/// event the page must tell, in this order:
///
/// | move | seat  | what |
/// |------|-------|------|
/// | 1    | South | `d1c2`, a plain move |
/// | 5    | South | `c2b3` captures West's silver |
/// | 13   | South | `S*a4`, a silver dropped from hand, checks West (the next seat) |
/// | 16   | East  | `P*c1`, a pawn drop: East's ranks 4 and 5 hold its pawns (nifu) |
/// | 19   | North | `e6e3+`, an optional promotion, taken (the rook captures a pawn) |
/// | 20   | East  | `c1b1`, an optional promotion, declined |
/// | 21   | South | `e2e3` captures North's dragon and checks North, opposite: West is skipped |
/// | 24   | South | `R*c9` mates North: North's pieces and hand pass to South |
/// | 25   | West  | `S*d1` mates South (holding North's pieces too): second mate, game over |
///
/// Found by [`find_script`] (seed 3774, which played `c1b1+` at move 20; with that
/// promotion declined, the rest plays the same: [`script_has_every_event_in_order`]).
pub(crate) const SCRIPT: [&str; 25] = [
    "d1c2", "a3b3", "c9c8", "h6g6", "c2b3", "a4b3", "c8b9", "g6f6", "c1c2", "b3c2", "e7e6", "f6e6",
    "S*a4", "a5a4", "e8e6", "P*c1", "g1g2", "S*c4", "e6e3+", "c1b1", "e2e3", "d9e8", "i3h3",
    "R*c9", "S*d1",
];

/// Move numbers (1-based) of the events of [`SCRIPT`].
pub(crate) const CAPTURE: usize = 5;

pub(crate) const PAWN_DROP: usize = 16;

pub(crate) const PROMOTE_YES: usize = 19;

pub(crate) const PROMOTE_NO: usize = 20;

pub(crate) const OPPOSITE_CHECK: usize = 21;

pub(crate) const FIRST_MATE: usize = 24;

pub(crate) const LAST_MATE: usize = 25;

/// An empty square of East's rank 4 (East's pawn h4 stands on it): dropping a pawn there
/// is nifu (RULES Y4.1), so the page must not offer it before move [`PAWN_DROP`].
pub(crate) const NIFU_SQUARE: &str = "e4";

pub(crate) fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"))
}

pub(crate) fn sq(s: &str) -> Square {
    s.parse().expect("square")
}

pub(crate) fn new_game() -> Game {
    Game::new(Rules::default(), South)
}

/// The game after the first `n` moves of [`SCRIPT`].
pub(crate) fn script_game(n: usize) -> Game {
    let mut game = new_game();
    for m in &SCRIPT[..n] {
        game.play(mv(m))
            .unwrap_or_else(|e| panic!("{m} refused: {e} in {}", game.position()));
    }
    game
}

/// Whether `mv` could also be played with the other promotion choice (so the page asks).
pub(crate) fn promotion_is_optional(game: &Game, mv: Move) -> bool {
    match mv {
        Move::Normal { from, to, promote } => {
            let other = Move::Normal {
                from,
                to,
                promote: !promote,
            };
            game.legal_moves().as_slice().contains(&other)
        }
        Move::Drop { .. } => false,
    }
}

/// `squares` as sorted names.
pub(crate) fn names(squares: impl IntoIterator<Item = Square>) -> Vec<String> {
    let mut v: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// "A", "A and B", "A, B and C" (the page's list of seats in English).
pub(crate) fn seat_list(seats: &[Seat]) -> String {
    let names: Vec<&str> = seats.iter().map(|s| s.name()).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The banner the page shows for `story`, in English (`banner_*` of
/// `src/ui/locales/en.json`).
pub(crate) fn banner_text(story: &TurnStory) -> String {
    let mut lines = Vec::new();
    for m in &story.mates {
        let (seat, by) = (m.seat.name(), m.by.name());
        lines.push(match (m.lazy, m.in_check) {
            _ if m.perpetual => format!(
                "{seat} gave check with every move while the same position came back a fourth \
                 time: perpetual check, so {by}, who moved last, mated it."
            ),
            (false, _) => format!("{by} mated {seat}."),
            (true, true) => format!(
                "{seat} could not get out of check when its turn came, so {by}, who moved \
                 last, mated it."
            ),
            (true, false) => format!(
                "{seat} had no legal move when its turn came (that is mate too), so {by}, \
                 who moved last, mated it."
            ),
        });
        lines.push(match m.pieces_to {
            Some(_) => format!("The pieces and hand of {seat} now belong to {by}."),
            None => format!(
                "The pieces of {seat} stay on the board without an owner; its hand goes to {by}."
            ),
        });
    }
    if let Some(next) = story.next {
        let next_name = next.name();
        if story.priority {
            let skipped = seat_list(&story.skipped);
            lines.push(match story.skipped.len() {
                0 => format!("{next_name} is in check and moves now."),
                1 => format!(
                    "{next_name} is in check and moves now; the turn of {skipped} is skipped."
                ),
                _ => format!(
                    "{next_name} is in check and moves now; the turns of {skipped} are skipped."
                ),
            });
        } else if story.checks.contains(next) {
            lines.push(format!("{next_name} is in check."));
        }
    }
    lines.join(" ")
}

/// The result headline and reason in English (individual play).
pub(crate) fn outcome_texts(outcome: Outcome) -> (String, String) {
    let winners: Vec<Seat> = outcome.winners().iter().collect();
    let title = match winners.as_slice() {
        [] => "Draw".to_string(),
        [one] => format!("{one} wins"),
        many => format!("{} share first place", seat_list(many)),
    };
    let reason = match (outcome.reason, outcome.is_draw()) {
        (EndReason::Mates, _) => "Enough seats were mated to end the game.",
        (EndReason::Repetition, true) => {
            "The same position occurred four times before any mate: a draw."
        }
        (EndReason::Repetition, false) => "The same position occurred four times.",
        (EndReason::MoveLimit, true) => "The move limit was reached before any mate: a draw.",
        (EndReason::MoveLimit, false) => "The move limit was reached.",
    };
    (title, reason.to_string())
}

/// The status line for `game` when every seat to move is a person.
pub(crate) fn status_text(game: &Game) -> String {
    match (game.outcome(), game.side_to_move()) {
        (Some(outcome), _) => {
            let (title, reason) = outcome_texts(outcome);
            format!("{title} — {reason}")
        }
        (None, Some(seat)) => format!("{seat} to move"),
        (None, None) => String::new(),
    }
}

/// The move count line.
pub(crate) fn move_count_text(game: &Game) -> String {
    let n = game.position().move_count();
    match game.rules().move_limit {
        Some(limit) => format!("Moves: {n} of {limit}"),
        None => format!("Moves: {n}"),
    }
}

/// The results table of `game` as the page should draw it (English).
pub(crate) fn placings_of(game: &Game) -> Vec<PlacingView> {
    placing_rows(game)
        .into_iter()
        .map(|row| PlacingView {
            seat: side(row.seat).to_string(),
            cells: vec![
                match row.place {
                    Some(1) => "1st".to_string(),
                    Some(2) => "2nd".to_string(),
                    Some(3) => "3rd".to_string(),
                    Some(4) => "4th".to_string(),
                    _ => "—".to_string(),
                },
                row.seat.name().to_string(),
                row.mates.to_string(),
                if row.eliminated.is_some() {
                    "—".to_string()
                } else {
                    row.pieces.to_string()
                },
                row.last_mate
                    .map_or_else(|| "—".to_string(), |m| m.to_string()),
                row.eliminated
                    .map(|e| format!("mated by {} at move {}", e.by, e.at_move))
                    .unwrap_or_default(),
            ],
        })
        .collect()
}

/// The first square in screen order (top-left) with `seat` at the bottom of the board
/// (`src/ui/board.rs`, `Turn::at_screen(0, 0)`): South's view has a9 top-left, West's
/// (file a at the bottom, up towards file i, right towards rank 1) i9, North's (turned
/// 180°) i1, East's (file i at the bottom, up towards file a, right towards rank 9) a1.
pub(crate) fn top_left(seat: Seat) -> &'static str {
    match seat {
        South => "a9",
        West => "i9",
        North => "i1",
        East => "a1",
    }
}

/// Checks that the page shows `game` (the native replay of what the page saved): pieces
/// and owners, hands, status, move count, banner, last-move, capture and check marks,
/// player cards, and the result dialog once the game is over.
pub(crate) fn assert_page_shows(snap: &Snapshot, game: &Game) {
    let n = game.moves().len();
    assert_eq!(snap.pieces, pieces_of(game), "pieces after move {n}");
    assert_eq!(snap.hands, hands_of(game), "hands after move {n}");
    let mut promoted = snap.promoted.clone();
    promoted.sort();
    assert_eq!(
        promoted,
        names(
            game.position()
                .pieces()
                .filter(|(_, p)| p.promoted)
                .map(|(s, _)| s)
        ),
        "promoted pieces after move {n}"
    );
    assert_eq!(snap.status, status_text(game), "status after move {n}");
    assert_eq!(snap.move_count, move_count_text(game), "move count");
    let story = last_turn_story(game);
    assert_eq!(
        snap.banner,
        story.as_ref().map(banner_text).unwrap_or_default(),
        "banner after move {n}"
    );
    let pos = game.position();
    let last: Vec<String> = match game.moves().last() {
        Some(m) => names(m.from().into_iter().chain([m.to()])),
        None => Vec::new(),
    };
    assert_eq!(snap.marked("last"), last, "last-move marks after move {n}");
    let captured: Vec<String> = match (&story, game.moves().last()) {
        (Some(s), Some(m)) if s.captured.is_some() => vec![m.to().to_string()],
        _ => Vec::new(),
    };
    assert_eq!(
        snap.marked("captured"),
        captured,
        "capture mark after move {n}"
    );
    let checked = pos.checked_seats();
    assert_eq!(
        snap.marked("check"),
        names(checked.iter().map(|s| pos.king_square(s))),
        "check marks after move {n}"
    );
    for seat in Seat::ALL {
        let card = snap.player(seat);
        assert_eq!(
            card.to_move,
            game.side_to_move() == Some(seat),
            "{seat} to move"
        );
        assert_eq!(card.check, checked.contains(seat), "{seat}'s check badge");
        assert_eq!(card.out, !pos.is_live(seat), "{seat} out");
        let mated_by = pos
            .elimination_of(seat)
            .map(|e| format!("Mated by {}", e.by))
            .unwrap_or_default();
        let mates = format!(" · Mates: {} · ", pos.mates_by(seat));
        assert!(card.role.contains(&mates), "{seat}'s mates: {}", card.role);
        let check = if checked.contains(seat) { "Check!" } else { "" };
        assert_eq!(
            card.badges,
            format!("{check} {mated_by}").trim(),
            "{seat}'s badges"
        );
    }
    // Only the hand of the seat to move can be picked (every seat to move is a person).
    let enabled: Vec<String> = match game.side_to_move() {
        Some(seat) if !snap.locked => pos
            .hand(seat)
            .iter()
            .map(|(role, _)| format!("{}-{}", side(seat), role.letter()))
            .collect(),
        _ => Vec::new(),
    };
    assert_eq!(
        snap.hand_enabled, enabled,
        "hand pieces to pick after move {n}"
    );
    match game.outcome() {
        Some(outcome) => {
            let result = snap.result.as_ref().expect("the result dialog is open");
            let (title, reason) = outcome_texts(outcome);
            assert_eq!((&result.title, &result.reason), (&title, &reason));
            assert_eq!(result.placings, placings_of(game), "the results table");
        }
        None => assert_eq!(snap.result, None, "no result dialog while the game goes on"),
    }
}

/// Opens the Yonin table and makes every seat a person (pass-and-play); returns the page
/// then.
pub(crate) async fn four_people(page: &Page) -> Snapshot {
    page.switch_game("yonin").await;
    let start = new_game();
    let snap = page
        .wait_yonin("the Yonin start position", |s| {
            s.pieces == pieces_of(&start)
        })
        .await;
    assert_page_shows(&snap, &start);
    assert!(!snap.locked, "South, a person, moves first");
    for id in ["seat-west", "seat-north", "seat-east"] {
        page.select(id, "human").await;
    }
    let saved = page
        .wait_saved_yonin("four people at the table", |t| {
            t.participants
                .iter()
                .all(|p| p.controller == Controller::Human)
        })
        .await;
    assert!(saved.game.moves().is_empty());
    page.yonin().await
}

/// Four people play [`SCRIPT`] by clicks (hot-seat). After every move the page shows
/// what the native engine shows replaying the saved game (pieces and owners, hands,
/// status, move count, banner, marks, player cards). On the way: legal destinations are
/// marked; the pawn drop is offered on its legal squares only (not on a nifu rank); the
/// promotion choice appears for an optional promotion, Cancel keeps the piece picked,
/// Promote and Don't promote play the move; the banner tells the check on the opposite
/// seat and the skipped seat; a mate hands the mated seat's pieces to the mater; the
/// second mate ends the game with the results table.
#[test]
fn scripted_four_person_game() {
    run(|page| async move {
        four_people(&page).await;
        let mut game = new_game();
        for (i, text) in SCRIPT.iter().enumerate() {
            let n = i + 1;
            let m = mv(text);
            let before = game.clone();
            let (saved, snap) = match n {
                PAWN_DROP => {
                    // East picks a pawn from its hand: the targets are the legal drop
                    // squares, not the nifu rank.
                    page.pick(m).await;
                    let snap = page.yonin().await;
                    assert_eq!(
                        snap.marked("target"),
                        names(game.drop_squares(Role::Pawn).iter()),
                        "the pawn's drop squares"
                    );
                    assert!(!snap.pieces.contains_key(NIFU_SQUARE));
                    assert!(
                        !snap.marked("target").contains(&NIFU_SQUARE.to_string()),
                        "nifu: {NIFU_SQUARE} is not offered"
                    );
                    assert_eq!(snap.hand_selected, ["east-P"]);
                    let (saved, snap, asked) = page.play_yonin_from_picked(text).await;
                    assert!(!asked);
                    (saved, snap)
                }
                PROMOTE_YES => {
                    // North's rook e6 takes e3 in its zone: the page asks; Cancel keeps
                    // the rook picked and plays nothing; asked again, Promote plays e6e3+.
                    let (from, to) = ("e6", "e3");
                    page.pick(m).await;
                    let snap = page.yonin().await;
                    assert_eq!(
                        snap.marked("target"),
                        names(game.destinations(sq(from)).iter()),
                        "the rook's destinations"
                    );
                    page.click_square(to).await;
                    let snap = page
                        .wait_yonin("the promotion choice", |s| s.promotion.is_some())
                        .await;
                    assert_eq!(snap.promotion.as_deref(), Some(to));
                    page.click("promote-cancel").await;
                    let snap = page
                        .wait_yonin("the choice to go", |s| s.promotion.is_none())
                        .await;
                    assert_eq!(snap.marked("selected"), [from], "the rook stays picked");
                    assert_eq!(
                        snap.marked("target"),
                        names(game.destinations(sq(from)).iter()),
                        "its destinations still marked"
                    );
                    assert_eq!(snap.pieces, pieces_of(&game), "cancel plays nothing");
                    page.sleep(200).await;
                    let saved = page.saved_yonin().await.expect("saved");
                    assert_eq!(saved.game.moves().len(), n - 1, "cancel saves no move");
                    let (saved, snap, asked) = page.play_yonin_from_picked(text).await;
                    assert!(asked, "asked again");
                    (saved, snap)
                }
                _ => {
                    let (saved, snap, asked) = page.play_yonin(text).await;
                    assert_eq!(
                        asked,
                        promotion_is_optional(&before, m),
                        "the promotion choice at move {n} {text}"
                    );
                    (saved, snap)
                }
            };
            game.play(m).expect("the script is legal");
            assert_eq!(saved.moves(), game.moves(), "the saved moves");
            assert_eq!(saved.position(), game.position(), "the saved position");
            assert_page_shows(&snap, &saved);
            match n {
                1 => {
                    assert_eq!(snap.marked("last"), ["c2", "d1"]);
                    assert_eq!(snap.banner, "");
                    assert_eq!(snap.status, "West to move");
                }
                CAPTURE => {
                    assert_eq!(snap.marked("captured"), ["b3"]);
                    assert_eq!(snap.pieces["b3"], "south");
                    assert_eq!(
                        snap.hands["south"]["S"], 1,
                        "the silver went to South's hand"
                    );
                }
                13 => {
                    assert!(
                        !snap.hands["south"].contains_key("S"),
                        "the silver was dropped"
                    );
                    assert_eq!(snap.pieces["a4"], "south");
                    assert_eq!(snap.banner, "West is in check.");
                    assert!(snap.player(West).check);
                }
                PAWN_DROP => {
                    assert_eq!(snap.pieces["c1"], "east");
                    assert!(!snap.hands["east"].contains_key("P"));
                }
                PROMOTE_YES => {
                    assert_eq!(snap.pieces["e3"], "north");
                    assert_eq!(snap.promoted, ["e3"], "a dragon");
                }
                PROMOTE_NO => {
                    assert_eq!(snap.pieces["b1"], "east");
                    assert_eq!(snap.promoted, ["e3"], "the pawn on b1 stays a pawn");
                }
                OPPOSITE_CHECK => {
                    assert_eq!(
                        snap.banner,
                        "North is in check and moves now; the turn of West is skipped."
                    );
                    assert_eq!(snap.status, "North to move");
                    assert_eq!(snap.to_move(), ["north"]);
                    assert!(snap.player(North).check);
                    assert_eq!(snap.marked("check"), ["e9"]);
                    assert_eq!(snap.hands["south"]["R"], 1, "the dragon, a rook in hand");
                }
                FIRST_MATE => {
                    assert_eq!(
                        snap.banner,
                        "South mated North. The pieces and hand of North now belong to South."
                    );
                    let norths: Vec<(String, String)> = pieces_of(&before)
                        .into_iter()
                        .filter(|(_, s)| s == "north")
                        .collect();
                    assert!(norths.len() > 5, "North had pieces: {norths:?}");
                    for (square, _) in norths {
                        let king = before.position().king_square(North).to_string();
                        let expected = if square == king { "none" } else { "south" };
                        assert_eq!(snap.pieces[&square], expected, "North's piece on {square}");
                    }
                    assert!(snap.player(North).out);
                    assert_eq!(snap.player(North).badges, "Mated by South");
                    assert_eq!(snap.status, "West to move");
                }
                LAST_MATE => {
                    assert_eq!(
                        snap.banner,
                        "West mated South. The pieces and hand of South now belong to West."
                    );
                    assert_eq!(
                        snap.status,
                        "West wins — Enough seats were mated to end the game."
                    );
                    let result = snap.result.as_ref().expect("the results table");
                    assert_eq!(result.title, "West wins");
                    let order: Vec<(&str, &str)> = result
                        .placings
                        .iter()
                        .map(|r| (r.seat.as_str(), r.cells[0].as_str()))
                        .collect();
                    assert_eq!(
                        order,
                        [
                            ("west", "1st"),
                            ("east", "2nd"),
                            ("south", "3rd"),
                            ("north", "4th")
                        ]
                    );
                    assert_eq!(result.placings[3].cells[5], "mated by South at move 24");
                    assert_eq!(result.placings[2].cells[5], "mated by West at move 25");
                    assert!(
                        !snap.pieces.values().any(|s| s == "south" || s == "north"),
                        "South's pieces, North's among them, went to West"
                    );
                    assert!(snap.locked, "the board is locked after the game");
                }
                _ => {}
            }
        }
        // The results table closes; the finished game stays on the board.
        page.click("close-result").await;
        let snap = page
            .wait_yonin("the results table to close", |s| s.result.is_none())
            .await;
        assert_eq!(snap.pieces, pieces_of(&game));
        let saved = page.saved_yonin().await.expect("saved");
        assert_eq!(saved.participants.iter().filter(|p| p.wins == 1).count(), 1);
        assert_eq!(saved.participants[saved.seating[West.index()]].wins, 1);
        assert!(
            snap.player(West).role.ends_with("Wins: 1"),
            "West's win counted"
        );

        // A new game (no question: the game is over) starts one seat further clockwise
        // (RULES Y1.5): West.
        page.click("new-game").await;
        let snap = page
            .wait_yonin("the next game", |s| s.move_count == "Moves: 0")
            .await;
        let next = Game::new(Rules::default(), West);
        assert_eq!(snap.pieces, pieces_of(&next));
        assert_eq!(snap.status, "West to move");
        assert_eq!((snap.banner.as_str(), snap.result.is_none()), ("", true));
        let saved = page
            .wait_saved_yonin("the next game", |t| t.game_number == 2)
            .await;
        assert_eq!(saved.game.starting_seat(), West);
        assert!(saved.game.moves().is_empty());
    });
}

/// With "board view: turn to move" and four people, the board turns after each move (a
/// moment after it is shown) so that the seat to move sits at the bottom: the top-left
/// square is a9 for South, i9 for West, i1 for North, a1 for East. Check priority counts:
/// after South checks North, the board turns to North, not to West.
#[test]
fn the_board_turns_to_the_seat_to_move() {
    run(|page| async move {
        page.open_game("yonin").await;
        page.select("set-view", "turn").await;
        four_people(&page).await;
        let snap = page.yonin().await;
        assert_eq!(snap.order[0], top_left(South));
        assert_eq!(snap.order.len(), 81);
        // Screen rows of South's view: a9 … i9 on top, a1 … i1 at the bottom.
        assert_eq!(snap.order[8], "i9");
        assert_eq!(snap.order[80], "i1");
        let mut game = new_game();
        for text in &SCRIPT[..OPPOSITE_CHECK + 1] {
            let mover = game.side_to_move().expect("the game goes on");
            let clicked = Instant::now();
            let (saved, snap, _) = page.play_yonin(text).await;
            game.play(mv(text)).expect("the script is legal");
            let next = game.side_to_move().expect("the game goes on");
            assert_eq!(saved.position(), game.position());
            let shown = clicked.elapsed();
            if next != mover && shown < Duration::from_millis(500) {
                // The move is drawn before the board turns.
                assert_eq!(
                    snap.order[0],
                    top_left(mover),
                    "not turned yet after {text}"
                );
            }
            let snap = page
                .wait_yonin(&format!("the board to turn to {next} after {text}"), |s| {
                    s.order[0] == top_left(next)
                })
                .await;
            let took = clicked.elapsed();
            println!("{text}: shown after {shown:?}, turned to {next} after {took:?}");
            if next != mover {
                assert!(
                    took >= Duration::from_millis(600),
                    "the board waits ~700 ms before it turns ({took:?} after {text})"
                );
            }
            assert_eq!(snap.order.len(), 81);
            let mut sorted = snap.order.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 81, "every square once");
            assert_eq!(snap.pieces, pieces_of(&game));
        }
        assert_eq!(
            game.side_to_move(),
            Some(East),
            "after North's answer to the check"
        );
    });
}

/// Reloading mid-game shows the same game: pieces, hands, marks, banner, status, move
/// count and player cards; the seats stay people, and play goes on.
#[test]
fn reload_mid_game_resumes_it() {
    run(|page| async move {
        four_people(&page).await;
        // After South's silver drop checks West: the banner says so.
        let n = 13;
        for text in &SCRIPT[..n] {
            page.play_yonin(text).await;
        }
        let game = script_game(n);
        let before = page.yonin().await;
        assert_page_shows(&before, &game);
        assert!(
            before.hands.values().any(|h| !h.is_empty()),
            "pieces in hand to keep"
        );

        page.reload().await;
        assert_eq!(page.shown_game().await.as_deref(), Some("yonin"));
        let after = page
            .wait_yonin("the same game after the reload", |s| {
                s.pieces == before.pieces && s.hands == before.hands
            })
            .await;
        assert_eq!(after, before, "the same page after the reload");
        assert_eq!(after.status, "West to move");
        assert_eq!(
            after.banner, "West is in check.",
            "the story of the last move"
        );
        assert!(after.player(West).check);
        assert_eq!(after.marked("check"), ["a5"]);
        assert_eq!(after.marked("last"), ["a4"], "the drop's square");
        assert_eq!(after.move_count, format!("Moves: {n}"));
        let saved = page.saved_yonin().await.expect("saved");
        assert_eq!(saved.game.moves(), game.moves());
        for seat in Seat::ALL {
            let controller = saved.participants[saved.seating[seat.index()]].controller;
            assert_eq!(controller, Controller::Human, "{seat} is still a person");
            assert_eq!(page.value(&format!("seat-{}", side(seat))).await, "human");
        }

        // Play goes on: West's king takes the silver.
        let (saved, snap, _) = page.play_yonin(SCRIPT[n]).await;
        let game = script_game(n + 1);
        assert_eq!(saved.moves(), game.moves());
        assert_page_shows(&snap, &game);

        // A rule changed mid-game waits for the next one; the note names those in play.
        page.select("set-limit", "200").await;
        page.sleep(300).await;
        let note = page
            .js(
                "return document.querySelector('[data-testid=rules-pending]')?.textContent ?? ''",
                vec![],
            )
            .await;
        assert_eq!(
            note.as_str().map(str::trim),
            Some(
                "The rules set here apply from the next game. This game: Individual · After two \
                 mates · Go to the mater · no move limit."
            )
        );
        // In Japanese, no space after the first sentence's 。.
        page.select("lang", "ja").await;
        page.sleep(300).await;
        let note = page
            .js(
                "return document.querySelector('[data-testid=rules-pending]')?.textContent ?? ''",
                vec![],
            )
            .await;
        let note = note.as_str().map(str::trim).unwrap_or_default();
        assert!(
            note.starts_with("ここで選んだルールは次の対局から適用されます。この対局：個人戦・"),
            "{note}"
        );
        assert!(!note.contains("。 "), "{note}");
        page.select("lang", "en").await;
    });
}

/// The text on the piece on `sq` (its kanji or letter).
pub(crate) async fn yonin_piece_text(page: &Page, sq: &str) -> String {
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

/// Yonin's piece set: the top bar's `piece-set` and the settings panel's `set-pieces`
/// are the same setting (kanji or Latin letters), either one changes both and the
/// board, and the choice is kept after a reload. In the dark theme the seats keep their
/// colours.
#[test]
fn piece_set_and_set_pieces_are_one_setting() {
    use shogi_variants::session::yonin::PieceStyle;
    run(|page| async move {
        four_people(&page).await;
        // South's king on e1, rook on e2, pawn on d2 (RULES Y1.2).
        assert_eq!(yonin_piece_text(&page, "e1").await, "玉");
        assert_eq!(page.value("piece-set").await, "kanji");
        assert_eq!(page.value("set-pieces").await, "kanji");

        page.select("piece-set", "letters").await;
        assert_eq!(yonin_piece_text(&page, "e1").await, "K");
        assert_eq!(yonin_piece_text(&page, "e2").await, "R");
        assert_eq!(yonin_piece_text(&page, "d2").await, "P");
        assert_eq!(page.value("set-pieces").await, "letters");
        let saved = page.saved_yonin().await.expect("saved");
        assert_eq!(saved.settings.pieces, PieceStyle::Letters);

        page.reload().await;
        assert_eq!(page.shown_game().await.as_deref(), Some("yonin"));
        assert_eq!(page.value("piece-set").await, "letters");
        assert_eq!(yonin_piece_text(&page, "e1").await, "K");

        page.select("set-pieces", "kanji").await;
        assert_eq!(page.value("piece-set").await, "kanji");
        assert_eq!(yonin_piece_text(&page, "d2").await, "歩");

        // Dark: the page is dark, the seat colours are the same Okabe–Ito colours.
        let south = page.computed("[data-testid=piece-e1] .body", "fill").await;
        page.select("theme", "dark").await;
        assert_eq!(
            page.computed("body", "background-color").await,
            "rgb(22, 18, 14)"
        );
        assert_eq!(south, "rgb(213, 94, 0)");
        assert_eq!(
            page.computed("[data-testid=piece-e1] .body", "fill").await,
            south
        );
        assert_eq!(
            page.computed("[data-testid=piece-e1] .body", "stroke")
                .await,
            "rgb(243, 233, 216)",
            "a light edge on the dark board"
        );
    });
}

/// A press outside the board (here on the status line) cancels the promotion choice,
/// as Cancel and Escape do: the choice goes, the piece stays picked, nothing is played.
#[test]
fn a_press_outside_the_board_cancels_the_promotion_choice() {
    use shogi_variants::session::storage::keys;
    use shogi_variants::session::table::{Participant, Revision, SavedTable};
    use shogi_variants::session::yonin::Settings;
    let n = PROMOTE_YES - 1;
    let game = script_game(n);
    run(|page| async move {
        let saved = SavedTable::<Game> {
            settings: Settings::default(),
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
        page.wait_yonin("the stored game", |s| s.pieces == pieces_of(&game))
            .await;
        let (from, to) = ("e6", "e3");
        page.pick(mv(SCRIPT[n])).await;
        page.click_square(to).await;
        let snap = page
            .wait_yonin("the promotion choice", |s| s.promotion.is_some())
            .await;
        assert_eq!(snap.promotion.as_deref(), Some(to));

        page.click("status").await;
        let snap = page
            .wait_yonin("the choice to go", |s| s.promotion.is_none())
            .await;
        assert_eq!(snap.marked("selected"), [from], "the rook stays picked");
        assert_eq!(snap.pieces, pieces_of(&game), "nothing is played");
        page.sleep(200).await;
        let saved = page.saved_yonin().await.expect("saved");
        assert_eq!(saved.game.moves().len(), n, "no move saved");

        // Asked again, a press inside the choice answers it (it does not cancel it).
        page.click_square(to).await;
        page.wait_yonin("the promotion choice again", |s| s.promotion.is_some())
            .await;
        page.click("promote-yes").await;
        let saved = page
            .wait_saved_yonin("the promotion played", |t| t.game.moves().len() == n + 1)
            .await;
        assert_eq!(saved.game.moves().last(), Some(&mv(SCRIPT[n])));
    });
}
