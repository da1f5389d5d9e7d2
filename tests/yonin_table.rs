//! The Yonin table's stories and results: what the banner, the screen reader and the
//! results table tell after a move (RULES Y3.3, Y3.4, Y5, Y6).

use shogi_variants::engine::yonin::{Game, Seat};
use shogi_variants::session::yonin::{MateStory, last_turn_story, placing_rows, turn_story};

#[path = "common/yonin.rs"]
mod common;
use common::*;

use Seat::{East, North, South, West};

/// Plays `m` and tells what it did.
fn story(g: &mut Game, m: &str) -> shogi_variants::session::yonin::TurnStory {
    let before = g.position().clone();
    let report = play(g, m);
    turn_story(&before, &report)
}

#[test]
fn checking_the_opposite_seat_tells_who_is_skipped_y3_3() {
    // RULES Y3.3: checking the opposite seat skips the seat between.
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c7", "-/-/-/- s - 0 -");
    let s = story(&mut g, "c7e7");
    assert_eq!(s.mover, South);
    assert_eq!(s.checks, set(&[North]));
    assert_eq!((s.next, s.priority), (Some(North), true));
    assert_eq!(s.skipped, [West]);
    assert!(s.mates.is_empty());
    // North answers; play goes on clockwise from North: nobody skipped.
    let s = story(&mut g, "e9d9");
    assert_eq!((s.next, s.priority), (Some(East), false));
    assert!(s.skipped.is_empty());
}

#[test]
fn checking_the_next_seat_skips_nobody_y3_3() {
    // RULES Y3.3: checking the next seat skips nobody (and is no jump of the turn).
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c2 Pe@g5", "-/-/-/- s - 0 -");
    let s = story(&mut g, "c2c5");
    assert_eq!((s.next, s.priority), (Some(West), false));
    assert!(s.skipped.is_empty());
}

#[test]
fn checking_the_previous_seat_skips_two_y3_3() {
    // RULES Y3.3: checking the previous seat skips the two seats between; the mover
    // gets the turn again after the answer.
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@g2", "-/-/-/- s - 0 -");
    let s = story(&mut g, "g2i2");
    assert_eq!((s.next, s.priority), (Some(East), true));
    assert_eq!(s.skipped, [West, North]);
    let s = story(&mut g, "i5h6");
    assert_eq!(s.next, Some(South));
    assert!(s.skipped.is_empty());
}

const BOXED_EAST: &str = "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7 Gw@d6 Pe@h4 Pe@h6 Gs@h3 Ss@h7";

#[test]
fn a_lazy_mate_is_told_with_its_mater_y3_4() {
    // RULES Y3.4, Y5.2: South's rook checks West and East; West's king steps away, and
    // East's turn then arrives with no legal move: West, the last mover, is the mater,
    // although South's rook gives the check. East's pieces go to West (RULES Y5.3).
    let mut g = game(BOXED_EAST, "-/-/-/- s - 0 -");
    let s = story(&mut g, "e3e5");
    assert_eq!(s.checks, set(&[West, East]));
    assert_eq!((s.next, s.priority), (Some(West), false));
    let s = story(&mut g, "a5a4");
    assert_eq!(
        last_turn_story(&g),
        Some(s.clone()),
        "told again after a reload"
    );
    assert_eq!(
        s.mates,
        [MateStory {
            seat: East,
            by: West,
            in_check: true,
            lazy: true,
            pieces_to: Some(West),
            perpetual: false,
        }]
    );
    assert_eq!(s.next, Some(North));
    assert!(s.skipped.is_empty(), "East is mated, not skipped");
}

#[test]
fn a_direct_mate_passes_the_pieces_or_leaves_them_ownerless_y5_3() {
    // RULES Y3.3 step 2, Y5.3: South mates East; the choice is made again from South.
    let pieces = "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@f1 Pw@c5 Pe@h4 Pe@h6 Gs@h3 Ss@h7";
    let mut g = game(pieces, "-/-/-/- s - 0 -");
    let s = story(&mut g, "f1f5");
    assert_eq!(
        s.mates,
        [MateStory {
            seat: East,
            by: South,
            in_check: true,
            lazy: false,
            pieces_to: Some(South),
            perpetual: false,
        }]
    );
    assert_eq!(s.next, Some(West));
    let mut g = game(pieces, "-/-/-/- s - 0 ownerless");
    let s = story(&mut g, "f1f5");
    assert_eq!(s.mates[0].pieces_to, None);
}

#[test]
fn results_table_after_two_mates_y6_1() {
    // RULES Y6.1, Y7b.7: two mates from one move; the seat mated later places higher.
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7 Pw@b4 Pw@b6 Ss@a3 Ss@b7 Pe@h4 Pe@h6 Ss@i3 Ss@h7",
        "-/-/-/- s - 0 -",
    );
    play(&mut g, "e3e5");
    let rows = placing_rows(&g);
    let seats: Vec<(Seat, Option<u8>)> = rows.iter().map(|r| (r.seat, r.place)).collect();
    assert_eq!(
        seats,
        [
            (South, Some(1)),
            (North, Some(2)),
            (East, Some(3)),
            (West, Some(4))
        ]
    );
    assert_eq!(rows[0].mates, 2);
    assert_eq!(rows[0].last_mate, Some(1));
    assert_eq!(rows[1].mates, 0);
    assert_eq!(
        rows[3].eliminated.map(|e| (e.by, e.at_move)),
        Some((South, 1))
    );
    assert_eq!(rows[3].pieces, 0, "an eliminated seat holds nothing");
    // South: its king, rook and 4 silvers, plus 4 inherited pawns, plus 2 flipped kings.
    assert_eq!(rows[0].pieces, 12);
}

#[test]
fn a_perpetual_checker_mated_by_the_repetition_is_told_y6_3() {
    // RULES Y6.3, Y7b.4: South checks with every move; East's move makes the position
    // occur a fourth time, so South is mated by East (the perpetual-check rule).
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c4 Gs@d4 Gs@d5",
        "-/-/-/- s - 0 -",
    );
    let cycle = [
        "c4c5", "a5a4", "e9d9", "i5i6", "c5c4", "a4a5", "d9e9", "i6i5",
    ];
    for round in 0..3 {
        for (i, m) in cycle.iter().enumerate() {
            let s = story(&mut g, m);
            if round == 2 && i == 7 {
                assert_eq!(s.mates.len(), 1);
                let m = s.mates[0];
                assert_eq!((m.seat, m.by, m.perpetual), (South, East, true));
            } else {
                assert_eq!(s.mates, [], "move {m} of round {round}");
            }
        }
    }
}
