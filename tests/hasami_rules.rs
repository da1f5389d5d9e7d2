//! Hasami Shogi rules, one test (or more) per RULES Part H number.

use shogi_variants::engine::hasami::{
    DrawReason, Game, IllegalMove, Move, Outcome, PlayError, Player, Position, Rules, WinCondition,
    WinReason,
};
use shogi_variants::engine::{Square, SquareSet, Undone};

fn pos(s: &str) -> Position {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

fn squares(list: &[&str]) -> SquareSet {
    list.iter().map(|s| s.parse::<Square>().unwrap()).collect()
}

/// Plays `m` in `p` and returns the captured squares and the new position.
fn play(p: &str, m: &str) -> (SquareSet, Position) {
    let mut game = Game::from_position(Rules::default(), pos(p));
    let report = game.play(mv(m)).unwrap();
    (report.captured, *game.position())
}

fn captured(p: &str, m: &str) -> SquareSet {
    play(p, m).0
}

#[test]
fn h1_1_h1_2_start_position_and_black_first() {
    // RULES H1.1, H1.2
    let start = Position::start();
    assert_eq!(
        start.pieces(Player::Black),
        squares(&["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"])
    );
    assert_eq!(
        start.pieces(Player::White),
        squares(&["a9", "b9", "c9", "d9", "e9", "f9", "g9", "h9", "i9"])
    );
    assert_eq!(start.side_to_move(), Player::Black);
    let mut game = Game::new(Rules::default());
    game.play(mv("a1a5")).unwrap();
    assert_eq!(game.position().side_to_move(), Player::White);
    // RULES H1.2: no passing, and Black cannot move twice.
    assert_eq!(
        game.play(mv("b1b5")),
        Err(PlayError::Illegal {
            mv: mv("b1b5"),
            reason: IllegalMove::NotYourPiece
        })
    );
}

#[test]
fn h2_1_rook_moves_only() {
    // RULES H2.1: along rank or file, any distance; no diagonal.
    let mut p = pos("9/9/9/9/4b4/9/9/9/9 b 0 0 0");
    let e5: Square = "e5".parse().unwrap();
    assert_eq!(p.destinations(e5).len(), 16);
    assert!(
        p.is_legal(mv("e5e9"))
            && p.is_legal(mv("e5a5"))
            && p.is_legal(mv("e5e1"))
            && p.is_legal(mv("e5i5"))
    );
    assert!(!p.is_legal(mv("e5f6")));
    assert_eq!(
        p.play(mv("e5f6")).unwrap_err(),
        PlayError::Illegal {
            mv: mv("e5f6"),
            reason: IllegalMove::NotStraight
        }
    );
}

#[test]
fn h2_2_no_jumping_and_no_landing_on_pieces() {
    // RULES H2.2
    let p = pos("9/9/9/4w4/9/4b4/9/9/9 b 0 0 0"); // b e4, w e6
    assert!(p.is_legal(mv("e4e5")));
    assert!(!p.is_legal(mv("e4e6")), "cannot land on a piece");
    assert!(!p.is_legal(mv("e4e7")), "cannot jump");
    let mut p = pos("9/9/9/9/9/9/9/9/bb7 b 0 0 0");
    assert!(!p.is_legal(mv("a1c1")), "cannot jump an own piece");
    assert_eq!(
        p.play(mv("a1c1")).unwrap_err(),
        PlayError::Illegal {
            mv: mv("a1c1"),
            reason: IllegalMove::Blocked
        }
    );
    let a1: Square = "a1".parse().unwrap();
    assert_eq!(
        p.destinations(a1),
        squares(&["a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"])
    );
}

#[test]
fn h2_3_null_move_and_foreign_pieces_refused() {
    // RULES H2.3
    let mut p = Position::start();
    assert_eq!(
        p.play(mv("e1e1")).unwrap_err(),
        PlayError::Illegal {
            mv: mv("e1e1"),
            reason: IllegalMove::NullMove
        }
    );
    assert_eq!(
        p.play(mv("e9e5")).unwrap_err(),
        PlayError::Illegal {
            mv: mv("e9e5"),
            reason: IllegalMove::NotYourPiece
        }
    );
    assert_eq!(
        p.play(mv("e5e6")).unwrap_err(),
        PlayError::Illegal {
            mv: mv("e5e6"),
            reason: IllegalMove::NoPiece
        }
    );
    assert_eq!(p, Position::start(), "a refused move changes nothing");
}

#[test]
fn h3_1_single_piece_sandwiched_on_a_file() {
    // RULES H3.1: b e4, w e5, b moves d6->e6 closing e4-e5-e6.
    let (cap, after) = play("9/9/9/3b5/4w4/4b4/9/9/9 b 0 0 0", "d6e6");
    assert_eq!(cap, squares(&["e5"]));
    assert_eq!(after.piece_at("e5".parse().unwrap()), None);
    assert_eq!(after.captures(Player::Black), 1);
    assert_eq!(after.to_string(), "9/9/9/4b4/9/4b4/9/9/9 w 1 0 1");
}

#[test]
fn h3_1_line_of_several_pieces_captured() {
    // RULES H3.1: a contiguous run of three white pieces closed at both ends.
    let cap = captured("9/9/9/9/b1wwwb3/9/9/9/9 b 0 0 0", "a5b5");
    assert_eq!(cap, squares(&["c5", "d5", "e5"]));
    // Seven in a row along rank 1, between a1 and i1.
    let cap = captured("9/9/9/9/9/9/9/b8/1wwwwwwwb b 0 0 0", "a2a1");
    assert_eq!(cap, squares(&["b1", "c1", "d1", "e1", "f1", "g1", "h1"]));
}

#[test]
fn h3_2_gaps_and_own_pieces_break_the_run() {
    // RULES H3.2: empty square inside the run.
    assert!(captured("9/9/9/9/b1w1w1b2/9/9/9/9 b 0 0 0", "a5b5").is_empty());
    // A piece of the mover inside the run ends it: only the part before it is taken.
    assert_eq!(
        captured("9/9/9/9/b1wbw1b2/9/9/9/9 b 0 0 0", "a5b5"),
        squares(&["c5"])
    );
    assert!(captured("9/9/9/9/b1wbw4/9/9/9/9 b 0 0 0", "a5b5").len() == 1);
    // The board edge ends the run: no capture against the edge.
    assert!(captured("9/9/9/9/9/9/9/9/ww1b5 b 0 0 0", "d1c1").is_empty());
    // Only the enemy pieces up to the first own piece are taken.
    let cap = captured("9/9/9/9/b1wbw1b2/9/9/9/9 b 0 0 0", "g5f5");
    assert_eq!(cap, squares(&["e5"]));
}

#[test]
fn h3_3_captures_in_two_and_three_directions_at_once() {
    // RULES H3.3: the moved piece arrives on e5 from the east along rank 5.
    // Two directions: b e7, w e6 (north) and w d5, b c5 (west).
    let cap = captured("9/9/4b4/4w4/2bw4b/9/9/9/9 b 0 0 0", "i5e5");
    assert_eq!(cap, squares(&["e6", "d5"]));
    // Three directions: add w e4, b e3 (south).
    let (cap, after) = play("9/9/4b4/4w4/2bw4b/4w4/4b4/9/9 b 0 0 0", "i5e5");
    assert_eq!(cap, squares(&["e6", "d5", "e4"]));
    assert_eq!(after.captures(Player::Black), 3);
    // Three directions with runs of several pieces each.
    let (cap, after) = play("4b4/4w4/4w4/1bww4b/9/4w4/4b4/9/9 b 0 0 0", "i6e6");
    assert_eq!(
        cap,
        squares(&["e8", "e7", "c6", "d6"]),
        "north run of 2, west run of 2; e5 is empty"
    );
    assert_eq!(after.captures(Player::Black), 4);
}

#[test]
fn h3_3_four_directions_all_closed() {
    // RULES H3.3: the square the moved piece came through is empty after the move, so a
    // single move closes at most three lines; all four lines around a square can only be
    // closed by a move that lands there, which needs one neighbour empty. Here every
    // direction holds an enemy run closed by the mover's piece except the arrival side:
    // arriving from the south (e3 -> e5 over e4 left empty) captures the three others.
    let (cap, _) = play("9/9/4b4/4w4/2bw1wb2/9/4b4/9/9 b 0 0 0", "e3e5");
    assert_eq!(cap, squares(&["e6", "d5", "f5"]));
}

#[test]
fn h3_3_corner_capture_together_with_a_line() {
    // RULES H3.3 with H3.4: a2 closes the corner a1 (with b1) and the line a3-a4 (with a5).
    let (cap, after) = play("9/9/9/9/b8/w8/w8/2b6/wb7 b 0 0 0", "c2a2");
    assert_eq!(cap, squares(&["a1", "a3", "a4"]));
    assert_eq!(after.captures(Player::Black), 3);
}

#[test]
fn h3_4_corner_capture_completed_by_either_neighbour() {
    // RULES H3.4: white on a1, black on a2; black moves to b1.
    let cap = captured("9/9/9/9/9/9/9/b8/w3b4 b 0 0 0", "e1b1");
    assert_eq!(cap, squares(&["a1"]));
    // The other neighbour completes it.
    let cap = captured("9/9/9/9/9/9/9/4b4/wb7 b 0 0 0", "e2a2");
    assert_eq!(cap, squares(&["a1"]));
    // All four corners (RULES H3.4), each closed by the move onto one of its two
    // neighbours: the white corner piece is taken and counted, the rest stays.
    for (p, m, corner, neighbours) in [
        ("9/9/9/9/9/9/9/b8/w3b4 b 0 0 0", "e1b1", "a1", ["b1", "a2"]),
        ("9/9/9/9/9/9/9/8b/4b3w b 0 0 0", "e1h1", "i1", ["h1", "i2"]),
        ("wb7/9/9/9/9/9/9/9/b8 b 0 0 0", "a1a8", "a9", ["b9", "a8"]),
        ("7bw/9/9/9/9/9/9/9/8b b 0 0 0", "i1i8", "i9", ["h9", "i8"]),
    ] {
        let (cap, after) = play(p, m);
        assert_eq!(cap, squares(&[corner]), "{m} in {p}");
        assert_eq!(after.pieces(Player::White), SquareSet::EMPTY, "{m} in {p}");
        assert_eq!(
            after.pieces(Player::Black),
            squares(&neighbours),
            "{m} in {p}"
        );
        assert_eq!(after.captures(Player::Black), 1, "{m} in {p}");
    }
    // White captures Black's corner piece too.
    assert_eq!(
        captured("w8/w8/9/9/9/9/9/9/bw7 w 0 0 0", "a8a2"),
        squares(&["a1"])
    );
}

#[test]
fn h3_4_corner_needs_both_neighbours_and_the_moved_piece() {
    // RULES H3.4: one neighbour only: no capture.
    assert!(captured("9/9/9/9/9/9/9/9/w3b4 b 0 0 0", "e1b1").is_empty());
    // Both neighbours already there but the moved piece is not one of them: no capture.
    let (cap, _) = play("9/9/9/9/9/9/9/b8/wb5b1 b 0 0 0", "h1h5");
    assert!(cap.is_empty());
    // A corner cannot be sandwiched between opposite ends along the edge (the edge is no end).
    assert!(captured("9/9/9/9/9/9/9/9/ww2b4 b 0 0 0", "e1c1").is_empty());
}

#[test]
fn h3_4_edge_pieces_not_captured_by_two_orthogonal_neighbours() {
    // RULES H3.4: a white piece on a5 (edge, not a corner) with black on b5 and a4:
    // two orthogonal neighbours that are not on a line are no capture.
    assert!(captured("9/9/9/9/w8/b8/9/9/1b7 b 0 0 0", "b1b5").is_empty());
    // But an edge piece is captured by a normal line along the edge.
    assert_eq!(
        captured("9/9/9/b8/w8/9/9/9/b8 b 0 0 0", "a1a4"),
        squares(&["a5"])
    );
}

#[test]
fn h3_5_moving_into_a_sandwich_is_safe() {
    // RULES H3.5: black moves between two white pieces: nothing is captured.
    let mut game = Game::from_position(Rules::default(), pos("9/9/9/9/3w1w3/9/9/9/4b4 b 0 0 0"));
    let report = game.play(mv("e1e5")).unwrap();
    assert!(report.captured.is_empty());
    assert_eq!(
        game.position().piece_at("e5".parse().unwrap()),
        Some(Player::Black)
    );
    // White re-closes the sandwich later: captured then.
    game.play(mv("f5f6")).unwrap();
    game.play(mv("e5e4")).unwrap(); // black steps out ...
    game.play(mv("f6f5")).unwrap();
    game.play(mv("e4e5")).unwrap(); // ... and back in: still safe
    let report = game.play(mv("f5f6")).unwrap();
    assert!(report.captured.is_empty());
    let report = game.play(mv("e5e1")).unwrap();
    assert!(report.captured.is_empty());
    let mut game = Game::from_position(Rules::default(), pos("9/9/9/9/3wb4/9/9/9/5w3 w 0 0 0"));
    let report = game.play(mv("f1f5")).unwrap();
    assert_eq!(
        report.captured,
        squares(&["e5"]),
        "the opponent's closing move captures"
    );
}

#[test]
fn h3_5_only_lines_closed_by_the_moved_piece() {
    // RULES H3.5: black moves a piece that is not an end of the existing sandwich c5-d5-e5:
    // the pre-existing b-w-b line is not captured by an unrelated move.
    let cap = captured("9/9/9/9/2bwb4/9/9/9/8b b 0 0 0", "i1i2");
    assert!(cap.is_empty());
    // And the mover's piece sandwiched by the move is never taken (only the mover captures).
    let (cap, after) = play("9/9/9/9/9/9/9/9/wb1w5 b 0 0 0", "b1c1");
    assert!(cap.is_empty());
    assert_eq!(after.pieces(Player::Black).len(), 1);
}

#[test]
fn h3_6_captures_counted_for_the_capturer() {
    // RULES H3.6
    let (cap, after) = play("9/9/9/9/9/9/9/9/2wb4w w 2 3 10", "i1e1");
    assert_eq!(cap, squares(&["d1"]));
    assert_eq!(after.to_string(), "9/9/9/9/9/9/9/9/2w1w4 b 2 4 11");
    let (_, after) = play("9/9/9/9/9/9/9/9/b2wwb3 b 2 3 10", "a1c1");
    assert_eq!(after.captures(Player::Black), 4);
    assert_eq!(after.pieces(Player::White).len(), 0);
}

fn game_with(win: WinCondition, limit: Option<u32>, p: &str) -> Game {
    Game::from_position(
        Rules {
            win,
            move_limit: limit,
        },
        pos(p),
    )
}

#[test]
fn h4_1_capture_five_wins_exactly_at_five() {
    // RULES H4.1 capture 5. Rank 1: b a1, w b1, b e1, w i1; e1c1 captures b1.
    // At 3 captures the capture makes 4: the game goes on.
    let mut game = game_with(
        WinCondition::CaptureFive,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 3 4 20",
    );
    let report = game.play(mv("e1c1")).unwrap();
    assert_eq!(report.captured, squares(&["b1"]));
    assert_eq!(report.outcome, None);
    // At 4 captures (having lost 4: "whatever they have lost") the fifth wins at once.
    let mut game = game_with(
        WinCondition::CaptureFive,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 4 4 20",
    );
    assert_eq!(
        game.play(mv("e1c1")).unwrap().outcome,
        Some(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::CapturedFive
        })
    );
    assert!(game.is_over());
    assert_eq!(game.play(mv("a9a8")), Err(PlayError::GameOver));
    // A loaded position where a player already has 5 is decided at once.
    let game = game_with(
        WinCondition::CaptureFive,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 4 5 20",
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Player::White,
            reason: WinReason::CapturedFive
        })
    );
    // A move without capture at 4 does not win.
    let mut game = game_with(
        WinCondition::CaptureFive,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 4 4 20",
    );
    assert_eq!(game.play(mv("e1e2")).unwrap().outcome, None);
}

#[test]
fn h4_1_lead_by_three_exactly_at_three() {
    // RULES H4.1 lead by 3: 3-1 after the capture is a lead of 2: no win.
    let mut game = game_with(
        WinCondition::LeadByThree,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 2 1 20",
    );
    assert_eq!(game.play(mv("e1c1")).unwrap().outcome, None);
    // 4-1 is a lead of 3: wins.
    let mut game = game_with(
        WinCondition::LeadByThree,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 3 1 20",
    );
    assert_eq!(
        game.play(mv("e1c1")).unwrap().outcome,
        Some(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::LeadByThree
        })
    );
    // Capturing five is no win under lead by 3 (5-3 = 2).
    let mut game = game_with(
        WinCondition::LeadByThree,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 4 3 20",
    );
    assert_eq!(game.play(mv("e1c1")).unwrap().outcome, None);
    // Two pieces at once jump from a lead of 1 to a lead of 3.
    let mut game = game_with(
        WinCondition::LeadByThree,
        None,
        "w8/9/9/9/9/9/9/9/bww2b2w b 2 1 20",
    );
    assert_eq!(
        game.play(mv("f1d1")).unwrap().outcome.unwrap().winner(),
        Some(Player::Black)
    );
}

#[test]
fn h4_1_capture_all_needs_all_nine() {
    // RULES H4.1 capture all: five captures is not enough.
    let mut game = game_with(
        WinCondition::CaptureAll,
        None,
        "w8/9/9/9/9/9/9/9/bw2b3w b 4 0 20",
    );
    assert_eq!(game.play(mv("e1c1")).unwrap().outcome, None);
    // The ninth capture wins.
    let mut game = game_with(
        WinCondition::CaptureAll,
        None,
        "9/9/9/9/9/9/9/9/bw2b4 b 8 0 20",
    );
    assert_eq!(
        game.play(mv("e1c1")).unwrap().outcome,
        Some(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::CapturedAll
        })
    );
}

#[test]
fn h4_1_condition_checked_for_the_mover_only() {
    // RULES H4.1: only the mover is judged. No game can show the other player meeting
    // the condition after a move: their captures change only by their own moves (judged
    // then), the mover keeps at least the piece just moved, and a loaded position is
    // judged for both players (h4_1_capture_five_wins_exactly_at_five). What can be
    // checked: the mover's opponent leading by 2 under lead-by-3, and the mover's quiet
    // move, ends nothing, and neither does a capture that narrows the lead.
    let mut game = game_with(
        WinCondition::LeadByThree,
        None,
        "w8/9/9/9/9/9/9/9/b8 w 2 0 20",
    );
    assert_eq!(game.play(mv("a9b9")).unwrap().outcome, None);
    let mut game = game_with(
        WinCondition::LeadByThree,
        None,
        "w8/9/9/9/9/9/9/9/wb2w3b w 2 0 20",
    );
    let report = game.play(mv("e1c1")).unwrap();
    assert_eq!(report.captured, squares(&["b1"]));
    assert_eq!(report.outcome, None);
    assert_eq!(game.position().captures(Player::White), 1);
}

#[test]
fn h4_2_no_legal_move_loses() {
    // RULES H4.2: White's only piece is boxed in the corner after Black's move.
    // w a9; b b9 would capture (corner rule needs a8 too). Box: w a9 with b on b9 and a8
    // captures it. Instead w at a9 and w at b9 blocked by b at a8, b8, c9.
    let mut game = game_with(
        WinCondition::CaptureFive,
        None,
        "ww1b5/bb7/9/9/9/9/9/9/9 b 0 0 30",
    );
    let report = game.play(mv("d9c9")).unwrap();
    assert!(
        report.captured.is_empty(),
        "a9-b9 run has no black piece beyond a9"
    );
    assert_eq!(
        report.outcome,
        Some(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::NoLegalMove
        })
    );
    // A side with no pieces has no move either.
    let game = game_with(
        WinCondition::CaptureFive,
        None,
        "9/9/9/9/9/9/9/9/b8 w 0 0 0",
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn h4_3_resignation() {
    // RULES H4.3
    let mut game = Game::new(Rules::default());
    game.play(mv("e1e5")).unwrap();
    assert_eq!(
        game.resign(Player::White),
        Ok(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(game.resign(Player::Black), Err(PlayError::GameOver));
    assert_eq!(game.play(mv("e9e6")), Err(PlayError::GameOver));
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.outcome(), game.outcome());
}

#[test]
fn h4_3_undoing_a_resignation_takes_back_only_the_resignation() {
    // RULES H4.3: a resignation can be taken back like a move; the game is on again with
    // the same moves. At the start there is nothing to take back.
    let mut game = Game::new(Rules::default());
    assert_eq!(game.undo(), None);
    game.play(mv("e1e5")).unwrap();
    game.resign(Player::White).unwrap();
    assert_eq!(game.undo(), Some(Undone::Resignation));
    assert_eq!(game.outcome(), None);
    assert_eq!(game.resigned(), None);
    assert_eq!(game.moves(), &[mv("e1e5")]);
    assert_eq!(game.position().side_to_move(), Player::White);
    game.play(mv("e9e6")).expect("the game is on again");
    assert_eq!(game.undo(), Some(Undone::Move(mv("e9e6"))));
    assert_eq!(game.undo(), Some(Undone::Move(mv("e1e5"))));
    assert_eq!(game.undo(), None);
    assert_eq!(game, Game::new(Rules::default()));
}

#[test]
fn h4_4_fourth_occurrence_is_a_draw() {
    // RULES H4.4: the start counts once; shuffling back and forth twice more gives 3; the
    // fourth occurrence comes after 12 plies.
    let mut game = Game::new(Rules::default());
    let cycle = ["a1a2", "a9a8", "a2a1", "a8a9"];
    for (i, m) in cycle.iter().cycle().take(11).enumerate() {
        let report = game.play(mv(m)).unwrap();
        assert_eq!(report.outcome, None, "ply {}", i + 1);
    }
    assert_eq!(
        game.repetitions(),
        3,
        "position after ply 11 (a8 still out) seen three times"
    );
    let report = game.play(mv("a8a9")).unwrap();
    assert_eq!(
        report.outcome,
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(game.repetitions(), 4);
}

#[test]
fn h4_4_same_board_other_side_to_move_is_not_a_repetition() {
    // RULES H4.4: side to move is part of the position.
    let mut game = Game::new(Rules::default());
    // Black takes 3 plies to come back (a1-a2-a3-a1), White 2 (a9-a8-a9): boards repeat with
    // alternating sides to move.
    let moves = [
        "a1a2", "a9a8", "a2a3", "a8a9", "a3a1", "a9a8", "a1a2", "a8a9", "a2a3", "a9a8", "a3a1",
        "a8a9",
    ];
    for m in moves {
        assert_eq!(game.play(mv(m)).unwrap().outcome, None, "{m}");
    }
}

#[test]
fn h4_4_loaded_position_counts_as_first_occurrence() {
    // RULES H4.4
    let start = pos("w8/9/9/9/9/9/9/9/b8 b 0 0 40");
    let mut game = Game::from_position(Rules::default(), start);
    let mut last = None;
    for m in ["a1b1", "a9b9", "b1a1", "b9a9"].iter().cycle().take(12) {
        last = game.play(mv(m)).unwrap().outcome;
    }
    assert_eq!(
        last,
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
}

#[test]
fn h4_5_move_limit_draws_exactly_at_the_limit() {
    // RULES H4.5: limit 100; ply 98 -> 99 goes on, 99 -> 100 draws.
    let mut game = game_with(
        WinCondition::CaptureFive,
        Some(100),
        "w8/9/9/9/9/9/9/9/b8 b 0 0 98",
    );
    assert_eq!(game.play(mv("a1b1")).unwrap().outcome, None);
    assert_eq!(
        game.play(mv("a9b9")).unwrap().outcome,
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    // From the start with a limit of 10: plies 1..9 go on, ply 10 draws.
    let mut game = Game::new(Rules {
        win: WinCondition::CaptureFive,
        move_limit: Some(10),
    });
    let walk = [
        "a1a2", "a9a8", "a2a3", "a8a7", "a3a4", "a7a6", "b1b2", "b9b8", "b2b3",
    ];
    for m in walk {
        assert_eq!(game.play(mv(m)).unwrap().outcome, None, "{m}");
    }
    assert_eq!(
        game.play(mv("b8b7")).unwrap().outcome,
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    assert_eq!(game.position().ply(), 10);
}

#[test]
fn h4_5_winning_move_at_the_limit_stands() {
    // RULES H4.5 / H4.6: the capture that reaches 5 on the limit ply is a win, not a draw.
    let mut game = game_with(
        WinCondition::CaptureFive,
        Some(50),
        "w8/9/9/9/9/9/9/9/bw2b3w b 4 0 49",
    );
    assert_eq!(
        game.play(mv("e1c1")).unwrap().outcome,
        Some(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::CapturedFive
        })
    );
}

#[test]
fn h4_6_order_repetition_before_move_limit_before_no_move() {
    // RULES H4.6: the 4th occurrence on the limit ply is a repetition draw.
    let mut game = Game::from_position(
        Rules {
            win: WinCondition::CaptureFive,
            move_limit: Some(12),
        },
        Position::start(),
    );
    let mut last = None;
    for m in ["a1a2", "a9a8", "a2a1", "a8a9"].iter().cycle().take(12) {
        last = game.play(mv(m)).unwrap().outcome;
    }
    assert_eq!(
        last,
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    // Move limit before "no legal move": the limit ply leaves White stuck, still a draw.
    let mut game = game_with(
        WinCondition::CaptureFive,
        Some(31),
        "ww1b5/bb7/9/9/9/9/9/9/9 b 0 0 30",
    );
    assert_eq!(
        game.play(mv("d9c9")).unwrap().outcome,
        Some(Outcome::Draw {
            reason: DrawReason::MoveLimit
        })
    );
    // Win before "no legal move": capturing the fifth piece while stalemating is a capture win.
    // a9 (w) is boxed in by b9 and a8; e1c1 captures b1, White's last free piece.
    let mut game = game_with(
        WinCondition::CaptureFive,
        None,
        "wb7/b8/9/9/9/9/9/9/bw2b4 b 4 0 30",
    );
    let report = game.play(mv("e1c1")).unwrap();
    assert_eq!(report.captured, squares(&["b1"]));
    assert!(!game.position().has_legal_move());
    assert_eq!(
        report.outcome,
        Some(Outcome::Win {
            winner: Player::Black,
            reason: WinReason::CapturedFive
        })
    );
}

#[test]
fn h6_3_position_notation_round_trips() {
    // RULES H6.3
    for s in [
        "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0",
        "w7w/1b7/9/2w3b2/9/9/4b4/9/b7b w 3 2 57",
        "9/9/9/9/9/9/9/9/9 b 9 9 4294967295",
    ] {
        assert_eq!(pos(s).to_string(), s);
    }
}

#[test]
fn h6_4_errors_never_panic_on_garbage() {
    // RULES H6.4
    for s in [
        "",
        " ",
        "////////",
        "9/9/9/9/9/9/9/9/9 b 0 0",
        "😀",
        "9/9/9/9/9/9/9/9/0 b 0 0 0",
        "b9/9/9/9/9/9/9/9/9 b 0 0 0",
    ] {
        assert!(s.parse::<Position>().is_err(), "{s:?}");
    }
    for s in ["", "e1", "e1e5e6", "a0a1", "ж1e5"] {
        assert!(s.parse::<Move>().is_err(), "{s:?}");
    }
}

#[test]
fn h3_best_capture_matches_playing_every_move() {
    // RULES H3: the cheap count agrees with playing each legal move.
    for p in [
        "9/9/4b4/4w4/2bw4b/4w4/4b4/9/9 b 0 0 0",
        "9/9/9/9/b8/w8/w8/2b6/wb7 b 0 0 0",
        "w2w1w2w/1w5w1/3b5/9/2wbw4/4b4/9/1b3b1b1/b7b w 2 0 40",
        "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0",
    ] {
        let p = pos(p);
        let played = p
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut next = p;
                next.play(m).unwrap().len()
            })
            .max()
            .unwrap_or(0);
        assert_eq!(p.best_capture(), played, "{p}");
    }
    assert_eq!(
        pos("9/9/4b4/4w4/2bw4b/4w4/4b4/9/9 b 0 0 0").best_capture(),
        3
    );
}
