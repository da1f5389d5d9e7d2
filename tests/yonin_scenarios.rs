//! Scenario tests for Yonin Shogi: short move sequences from hand-made positions, each
//! checking exact next seats, checks, mates, pieces and placings (RULES Part Y).
//!
//! Positions are written with `pos("Ks@e1 Kw@a5 …", "HANDS TURN ELIMS MOVES RULES")`: each
//! token is a piece of the position notation (see `engine::yonin` docs) and its square.

use shogi_variants::engine::yonin::{EndReason, Game, PlayError, Role, Seat, SeatSet};

#[path = "common/yonin.rs"]
mod common;
use common::*;

use Seat::{East, North, South, West};

// ---------------------------------------------------------------------------------------
// Check priority and turn order (RULES Y3.3)
// ---------------------------------------------------------------------------------------

#[test]
fn checking_the_next_seat_skips_nobody() {
    // RULES Y3.3: checking the next seat skips nobody.
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c2 Pe@g5", "-/-/-/- s - 0 -");
    let r = play(&mut g, "c2c5");
    assert_eq!(r.checks, set(&[West]));
    assert_eq!(r.in_check, set(&[West]));
    assert_eq!(r.next, Some(West));
    let r = play(&mut g, "a5a4");
    assert_eq!(r.checks, SeatSet::EMPTY);
    assert_eq!(r.next, Some(North));
    let r = play(&mut g, "e9e8");
    assert_eq!(r.next, Some(East));
}

#[test]
fn checking_the_opposite_seat_skips_the_seat_between() {
    // RULES Y3.3: checking the opposite seat skips the seat between (West loses its turn).
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c7", "-/-/-/- s - 0 -");
    let r = play(&mut g, "c7e7");
    assert_eq!(r.checks, set(&[North]));
    assert_eq!(r.next, Some(North));
    assert_eq!(play(&mut g, "e9d9").next, Some(East));
    assert_eq!(play(&mut g, "i5i4").next, Some(South));
    assert_eq!(play(&mut g, "e1d1").next, Some(West));
}

#[test]
fn checking_the_previous_seat_gives_the_mover_the_turn_again() {
    // RULES Y3.3: checking the previous seat gives the mover the turn again after the answer.
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@g2", "-/-/-/- s - 0 -");
    let r = play(&mut g, "g2i2");
    assert_eq!(r.checks, set(&[East]));
    assert_eq!(r.next, Some(East));
    let r = play(&mut g, "i5h6");
    assert_eq!(r.next, Some(South));
    assert_eq!(g.side_to_move(), Some(South));
}

#[test]
fn a_chain_of_checks() {
    // RULES Y3.3: South checks West, West's answer (a capture) checks South, South blocks;
    // North and East lose their turns twice.
    let mut g = game(
        "Ks@c1 Kw@a5 Kn@e9 Ke@i5 Rs@c2 Rw@c8 Pe@g5 Gs@d3",
        "-/-/-/- s - 0 -",
    );
    let r = play(&mut g, "c2c5");
    assert_eq!((r.checks, r.next), (set(&[West]), Some(West)));
    let r = play(&mut g, "c8c5");
    assert_eq!(r.captured, Some(Role::Rook));
    assert_eq!((r.checks, r.next), (set(&[South]), Some(South)));
    assert_eq!(g.position().hand(West).count(Role::Rook), 1);
    let r = play(&mut g, "d3c3");
    assert_eq!((r.checks, r.next), (SeatSet::EMPTY, Some(West)));
}

#[test]
fn two_seats_in_check_the_first_answer_does_not_help_the_second() {
    // RULES Y3.3: West (nearer clockwise) answers first; East is still in check and moves
    // next, so North loses its turn.
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7", "-/-/-/- s - 0 -");
    let r = play(&mut g, "e3e5");
    assert_eq!(r.checks, set(&[West, East]));
    assert_eq!(r.next, Some(West));
    let r = play(&mut g, "a5a4");
    assert_eq!(r.in_check, set(&[East]));
    assert_eq!(r.next, Some(East));
    assert_eq!(play(&mut g, "i5i4").next, Some(South));
}

/// East is boxed in: if judged right after South's move it would have no legal move.
const BOXED_EAST: &str = "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7 Gw@d6 Pe@h4 Pe@h6 Gs@h3 Ss@h7";

#[test]
fn a_seat_rescued_by_an_earlier_answer_lazy_mate() {
    // RULES Y3.4: mate is judged only when the turn arrives. West's answer (capturing the
    // checking rook) rescues East.
    let mut g = game(BOXED_EAST, "-/-/-/- s - 0 -");
    let r = play(&mut g, "e3e5");
    assert_eq!(r.checks, set(&[West, East]));
    assert_eq!(r.next, Some(West));
    assert!(r.mated.is_empty());
    assert!(
        g.position().legal_moves_of(East).is_empty(),
        "East would be mated if judged eagerly"
    );
    let r = play(&mut g, "d6e5");
    assert_eq!(r.captured, Some(Role::Rook));
    assert!(r.mated.is_empty());
    assert_eq!(r.in_check, SeatSet::EMPTY);
    assert_eq!(r.next, Some(North));
    assert!(g.position().is_live(East));
}

#[test]
fn a_seat_doomed_by_an_earlier_answer_is_mated_by_the_last_mover() {
    // RULES Y3.4, Y5.2: West answers by moving its king; East's turn then arrives with no
    // legal move, and the mater is West (the last mover), not South who gave the check.
    let mut g = game(BOXED_EAST, "-/-/-/- s - 0 -");
    play(&mut g, "e3e5");
    let r = play(&mut g, "a5a4");
    assert_eq!(r.mated.len(), 1);
    assert_eq!(
        (r.mated[0].seat, r.mated[0].by, r.mated[0].at_move),
        (East, West, 2)
    );
    assert_eq!(r.next, Some(North));
    let p = g.position();
    assert_eq!(p.mates_by(West), 1);
    assert_eq!(p.mates_by(South), 0);
    // East's pawns now belong to West and keep facing west.
    assert_eq!(
        p.piece_at(sq("h4")).map(|p| p.to_string()),
        Some("Pew".into())
    );
    assert_eq!(
        p.piece_at(sq("i5")).map(|p| p.to_string()),
        Some("Kex".into())
    );
}

#[test]
fn discovered_check_through_a_third_seats_piece_mater_is_the_mover() {
    // RULES Y5.2, Y7b.1: South's silver opens West's rook onto North's king. North has no
    // legal move: it is mated by South (the mover), who gets North's pieces, not West.
    let mut g = game(
        "Ks@e2 Kw@c5 Kn@a9 Ke@i5 Rw@a1 Ss@a4 Rs@b7 Pn@h9",
        "-/-/-/- s - 0 -",
    );
    let r = play(&mut g, "a4b5");
    assert_eq!(r.checks, set(&[North]));
    assert_eq!(r.mated.len(), 1);
    assert_eq!((r.mated[0].seat, r.mated[0].by), (North, South));
    assert_eq!(r.next, Some(West));
    let p = g.position();
    assert_eq!(
        p.piece_at(sq("h9")).map(|p| p.to_string()),
        Some("Pns".into())
    );
    assert_eq!(
        p.piece_at(sq("a9")).map(|p| p.to_string()),
        Some("Knx".into())
    );
    assert_eq!(p.mates_by(South), 1);
    assert_eq!(p.mates_by(West), 0);
    // king e2, silver b5, rook b7, pawn h9, and North's flipped king
    assert_eq!(p.piece_total(South), 5);
}

#[test]
fn stalemate_counts_as_mate() {
    // RULES Y5.1: West is not in check but has no legal move when its turn arrives.
    let mut g = game("Ks@e1 Kw@a1 Kn@e9 Ke@i5 Rs@b8 Rs@h2", "-/-/-/- s - 0 -");
    assert!(!g.position().is_check(West));
    let r = play(&mut g, "e1d1");
    assert_eq!(r.checks, SeatSet::EMPTY);
    assert_eq!(r.mated.len(), 1);
    assert_eq!((r.mated[0].seat, r.mated[0].by), (West, South));
    assert_eq!(r.next, Some(North));
}

#[test]
fn elimination_re_passes_the_turn_from_the_mover() {
    // RULES Y3.3 step 2: South mates East (the previous seat); the choice is made again
    // from South, so West moves next (not South, which follows East).
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@f1 Pw@c5 Pe@h4 Pe@h6 Gs@h3 Ss@h7",
        "-/-/-/- s - 0 -",
    );
    let r = play(&mut g, "f1f5");
    assert_eq!(r.checks, set(&[East]));
    assert_eq!(r.mated.len(), 1);
    assert_eq!((r.mated[0].seat, r.mated[0].by), (East, South));
    assert_eq!(r.next, Some(West));
    assert_eq!(
        g.position().piece_at(sq("h6")).map(|p| p.to_string()),
        Some("Pes".into())
    );
}

/// South's rook to e5 checks West and East, both boxed in.
const DOUBLE_MATE: &str =
    "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7 Pw@b4 Pw@b6 Ss@a3 Ss@b7 Pe@h4 Pe@h6 Ss@i3 Ss@h7";

#[test]
fn two_mates_from_one_move_are_judged_one_at_a_time() {
    // RULES Y3.3, Y6.1, Y7b.7: West is mated first, then East (judged again from South);
    // the game ends at the second mate; the seat mated later places higher.
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 -");
    let r = play(&mut g, "e3e5");
    let mated: Vec<(Seat, Seat)> = r.mated.iter().map(|e| (e.seat, e.by)).collect();
    assert_eq!(mated, vec![(West, South), (East, South)]);
    let out = r.outcome.expect("game over after two mates");
    assert_eq!(out.reason, EndReason::Mates);
    assert_eq!(out.placings, Some([1, 4, 2, 3]));
    assert_eq!(r.next, None);
    assert_eq!(g.legal_moves().len(), 0);
    assert_eq!(g.play(mv("e1d1")), Err(PlayError::GameOver));
}

#[test]
fn two_mates_from_one_move_to_the_last_seat_play_goes_on() {
    // RULES Y6.2: with "to the last seat" the game goes on; North moves next. South's
    // inherited West pawns face east and promote on files g-i.
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 last");
    let r = play(&mut g, "e3e5");
    assert_eq!(r.mated.len(), 2);
    assert_eq!(r.outcome, None);
    assert_eq!(r.next, Some(North));
    let p = g.position();
    assert_eq!(
        p.piece_at(sq("b4")).map(|p| p.to_string()),
        Some("Pws".into())
    );
    assert_eq!(p.live_seats(), set(&[South, North]));
}

#[test]
fn pairs_end_at_the_first_mate() {
    // RULES Y7.2: West is mated first and the game ends; East is never judged.
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 pairs");
    let r = play(&mut g, "e3e5");
    assert_eq!(r.mated.len(), 1);
    assert_eq!(r.mated[0].seat, West);
    let out = r.outcome.expect("pairs end at the first mate");
    assert_eq!(out.placings, Some([1, 3, 1, 3]));
    assert_eq!(out.winners(), set(&[South, North]));
    assert!(g.position().is_live(East));
}

// ---------------------------------------------------------------------------------------
// Inheritance, ownerless pieces, flipped kings
// ---------------------------------------------------------------------------------------

#[test]
fn inherited_pieces_keep_facing_and_promotion_zone() {
    // RULES Y2.4, Y5.3: West's pieces now owned by South still face east and promote in
    // files g-i (West's zone), not in ranks 7-9.
    let p = pos(
        "Ks@e1 Kwx@a5 Kn@e9 Ke@i5 Pws@f4 Pws@h2 Sws@f6 Ps@c6",
        "-/-/-/- s w:s:3 3 -",
    );
    assert_eq!(sorted(p.legal_moves_from(sq("f4"))), vec!["f4g4", "f4g4+"]);
    assert_eq!(sorted(p.legal_moves_from(sq("h2"))), vec!["h2i2+"]);
    assert_eq!(
        sorted(p.legal_moves_from(sq("f6"))),
        vec![
            "f6e5", "f6e7", "f6g5", "f6g5+", "f6g6", "f6g6+", "f6g7", "f6g7+"
        ]
    );
    // South's own pawn promotes in ranks 7-9.
    assert_eq!(sorted(p.legal_moves_from(sq("c6"))), vec!["c6c7", "c6c7+"]);
}

#[test]
fn ownerless_pieces_block_but_do_not_attack_and_can_be_captured() {
    // RULES Y5.3 (ownerless), Y3.1: North's ownerless rook on e5 neither checks South
    // nor lets East's rook on e8 through; South may capture ownerless pieces into hand.
    let p = pos(
        "Ks@e1 Kw@a5 Knx@e9 Ke@i5 Rnx@e5 Re@e8 Rs@d2 Pnx@d6",
        "-/-/-/- s n:w:5 5 ownerless",
    );
    assert_eq!(p.checked_seats(), SeatSet::EMPTY);
    assert!(p.legal_moves_from(sq("e5")).is_empty());
    assert!(p.is_legal(mv("e1e2")));
    let mut g = Game::from_position(p);
    let r = play(&mut g, "d2d6");
    assert_eq!(r.captured, Some(Role::Pawn));
    assert_eq!(g.position().hand(South).count(Role::Pawn), 1);
    // Without the ownerless blocker East's rook would give check.
    let open = pos(
        "Ks@e1 Kw@a5 Knx@e9 Ke@i5 Re@e8 Rs@d2",
        "-/-/-/- s n:w:5 5 ownerless",
    );
    assert_eq!(open.checked_seats(), set(&[South]));
}

#[test]
fn ownerless_rule_leaves_the_mated_seats_pieces_where_they_are() {
    // RULES Y5.3: with "ownerless", West's and East's pawns stay, owned by nobody.
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 last,ownerless");
    let r = play(&mut g, "e3e5");
    assert_eq!(r.mated.len(), 2);
    let p = g.position();
    assert_eq!(
        p.piece_at(sq("b4")).map(|p| p.to_string()),
        Some("Pwx".into())
    );
    assert_eq!(
        p.piece_at(sq("h6")).map(|p| p.to_string()),
        Some("Pex".into())
    );
    // The hand still goes to the mater (RULES Y5.3, Y7b.6).
    let mut g = game(
        "Ks@a1 Kwx@a5 Kn@e9 Ke@i5 Rn@b8 Gn@c3 Pwx@e3 Ps@g3",
        "G/-/-/- n w:s:3 10 last,ownerless",
    );
    let r = play(&mut g, "c3b2");
    assert_eq!((r.mated[0].seat, r.mated[0].by), (South, North));
    let p = g.position();
    assert_eq!(
        p.piece_at(sq("g3")).map(|p| p.to_string()),
        Some("Psx".into())
    );
    assert_eq!(p.hand(North).count(Role::Gold), 1);
    assert!(p.hand(South).is_empty());
}

#[test]
fn pawn_drop_before_a_flipped_king_refused_but_a_pawn_move_there_allowed() {
    // RULES Y4.3
    let p = pos("Ks@e1 Kwx@a5 Kn@e9 Ke@i5", "GP/-/-/- s w:n:4 4 -");
    assert_eq!(
        p.check_move(mv("P*a4")),
        Err(PlayError::PawnBeforeFlippedKing)
    );
    assert!(p.is_legal(mv("P*b4")));
    assert!(p.is_legal(mv("G*a4")));
    let p = pos("Ks@e1 Kwx@a5 Kn@e9 Ke@i5 Ps@a3", "-/-/-/- s w:n:4 4 -");
    assert!(p.is_legal(mv("a3a4")));
    // For East (facing west) the square in front of a5 is b5.
    let p = pos("Ks@e1 Kwx@a5 Kn@e9 Ke@i5", "-/-/-/P e w:n:4 4 -");
    assert_eq!(
        p.check_move(mv("P*b5")),
        Err(PlayError::PawnBeforeFlippedKing)
    );
    assert!(p.is_legal(mv("P*b4")));
}

// ---------------------------------------------------------------------------------------
// Forbidden drops (RULES Y4)
// ---------------------------------------------------------------------------------------

#[test]
fn nifu_for_west_is_on_the_rank() {
    // RULES Y4.1: West faces east, so its nifu line is the rank. Inherited pawns, promoted
    // pawns and other seats' pawns do not count.
    let p = pos(
        "Ksx@e1 Kw@a5 Kn@e9 Ke@i5 Pw@c4 Psw@d7 +Pw@e3 Pn@d2",
        "-/P/-/- w s:w:7 7 -",
    );
    assert_eq!(p.check_move(mv("P*e4")), Err(PlayError::Nifu));
    assert!(p.is_legal(mv("P*c6"))); // same file as c4: fine for West
    assert!(p.is_legal(mv("P*f7"))); // rank of the inherited pawn d7
    assert!(p.is_legal(mv("P*g3"))); // rank of the promoted pawn e3
    assert!(p.is_legal(mv("P*f2"))); // rank of North's pawn d2
    assert_eq!(p.check_move(mv("P*i8")), Err(PlayError::DeadPawn));
    assert_eq!(
        p.check_move(mv("P*d1")),
        Err(PlayError::PawnBeforeFlippedKing)
    );
    // 73 empty squares less rank 4 (8), file i (7 more) and d1.
    assert_eq!(p.legal_drops().len(), 57);
}

#[test]
fn nifu_for_east_is_on_the_rank() {
    // RULES Y4.1: East faces west.
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Pe@g6", "-/-/-/P e - 0 -");
    assert_eq!(p.check_move(mv("P*c6")), Err(PlayError::Nifu));
    assert!(p.is_legal(mv("P*g4")));
    assert_eq!(p.check_move(mv("P*a4")), Err(PlayError::DeadPawn));
    // South's nifu line is the file.
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Ps@c3", "P/-/-/- s - 0 -");
    assert_eq!(p.check_move(mv("P*c6")), Err(PlayError::Nifu));
    assert!(p.is_legal(mv("P*d3")));
}

/// North's king on e9 hemmed in by its own pawns and rooks; South's gold on d7 guards e8.
const UCHI: &str = "Ks@a1 Kw@a5 Kn@e9 Ke@i5 Rn@d9 Rn@f9 Pn@d8 Pn@f8 Gs@d7";

#[test]
fn uchifuzume_refused_but_a_pawn_drop_check_that_is_not_mate_allowed() {
    // RULES Y4.4
    let p = pos(UCHI, "P/-/-/- s - 0 -");
    assert_eq!(p.check_move(mv("P*e8")), Err(PlayError::Uchifuzume));
    assert!(!p.legal_moves().contains(&mv("P*e8")));
    // The same drop with e8 unguarded: North can take the pawn, so it is allowed.
    let p = pos(
        "Ks@a1 Kw@a5 Kn@e9 Ke@i5 Rn@d9 Rn@f9 Pn@d8 Pn@f8 Gs@c7",
        "P/-/-/- s - 0 -",
    );
    let mut g = Game::from_position(p);
    let r = play(&mut g, "P*e8");
    assert_eq!(r.checks, set(&[North]));
    assert_eq!(r.next, Some(North));
    assert_eq!(sorted(g.legal_moves()), vec!["e9e8"]);
}

#[test]
fn uchifuzume_is_judged_at_once_even_if_another_seat_moves_first() {
    // RULES Y7b.5: West is in check (East's rook) and would answer before North, but the
    // drop is judged with North to move at once.
    let p = pos(&format!("{UCHI} Re@c5"), "P/-/-/- s - 0 -");
    assert!(p.is_check(West));
    assert_eq!(p.check_move(mv("P*e8")), Err(PlayError::Uchifuzume));
}

#[test]
fn a_pawn_drop_without_check_is_never_uchifuzume() {
    // RULES Y4.4: this drop blocks South's own rook's check on West and leaves West with
    // no legal move; it gives no check, so it is legal, and West is mated when its turn
    // arrives.
    let mut g = game("Ks@e1 Kw@a1 Kn@e9 Ke@i5 Rs@a8 Rs@b8", "P/-/-/- s - 0 -");
    assert!(g.position().is_check(West));
    let r = play(&mut g, "P*a2");
    assert_eq!(r.checks, SeatSet::EMPTY);
    assert_eq!(r.mated.len(), 1);
    assert_eq!((r.mated[0].seat, r.mated[0].by), (West, South));
}

// ---------------------------------------------------------------------------------------
// Placings (RULES Y6, Y7b.7)
// ---------------------------------------------------------------------------------------

#[test]
fn placings_with_ties_at_the_move_limit() {
    // RULES Y6.4, Y6.5: nobody mated, everyone 9 pieces: all share first place.
    let mut g = Game::new("limit=4".parse().expect("rules"), South);
    for m in ["e3e4", "c5d5", "e7e6", "g5f5"] {
        play(&mut g, m);
    }
    let out = g.outcome().expect("limit reached");
    assert_eq!(out.reason, EndReason::MoveLimit);
    assert_eq!(out.placings, Some([1, 1, 1, 1]));
    // Competition ranking: South 3 pieces, North and East 2, West 1.
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c2 Gw@c7 Gn@g8 Ge@g2",
        "-/-/-/- s - 9 limit=10",
    );
    let r = play(&mut g, "c2c7");
    assert_eq!(r.outcome.map(|o| o.placings), Some(Some([1, 4, 2, 2])));
}

/// West already mated by South at move 5; North to mate East (boxed) with f9f5.
const LATE_MATE: &str =
    "Ks@e1 Kwx@a5 Kn@e9 Ke@i5 Rn@f9 Gn@i3 Sn@h7 Pe@h4 Pe@h6 Gs@b1 Gs@c1 Ss@d1 Ss@f1 Ps@g2";

#[test]
fn placings_after_two_mates_the_later_last_mate_breaks_the_tie() {
    // RULES Y6.1, Y7b.7: one mate each, 7 pieces each (flipped kings counted for the
    // seat that mated them): North's mate is later, so North is first.
    let mut g = game(LATE_MATE, "-/-/-/- n w:s:5 20 -");
    let r = play(&mut g, "f9f5");
    assert_eq!(r.mated.len(), 1);
    assert_eq!(
        (r.mated[0].seat, r.mated[0].by, r.mated[0].at_move),
        (East, North, 21)
    );
    let p = g.position();
    assert_eq!((p.piece_total(South), p.piece_total(North)), (7, 7));
    let out = r.outcome.expect("second mate ends the game");
    assert_eq!(out.placings, Some([2, 4, 1, 3]));
    // One more piece for South: pieces come before the later mate.
    let mut g = game(&format!("{LATE_MATE} Ps@h1"), "-/-/-/- n w:s:5 20 -");
    let r = play(&mut g, "f9f5");
    assert_eq!(r.outcome.and_then(|o| o.placings), Some([1, 4, 2, 3]));
}

// ---------------------------------------------------------------------------------------
// Pairs (RULES Y7)
// ---------------------------------------------------------------------------------------

#[test]
fn pairs_partner_check_refused() {
    // RULES Y7.3: a move that checks the partner is illegal in pairs, legal in individual.
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c7", "-/-/-/- s - 0 pairs");
    assert_eq!(p.check_move(mv("c7e7")), Err(PlayError::ChecksPartner));
    assert!(p.is_legal(mv("c7d7")));
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c7", "-/-/-/- s - 0 -");
    assert!(p.is_legal(mv("c7e7")));
    // A line it opens: South's silver uncovers West's rook onto North's king.
    let p = pos("Ks@d1 Kw@a5 Kn@e9 Ke@i5 Rw@e4 Ss@e5", "-/-/-/- s - 0 pairs");
    assert_eq!(p.check_move(mv("e5d6")), Err(PlayError::ChecksPartner));
    assert!(p.is_legal(mv("e5e6")));
    // A drop next to the partner's king.
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5", "G/-/-/- s - 0 pairs");
    assert_eq!(p.check_move(mv("G*e8")), Err(PlayError::ChecksPartner));
    assert!(p.is_legal(mv("G*e7")));
}

#[test]
fn pairs_a_partner_already_in_check_may_be_left_so() {
    // RULES Y7.3, Y7b.1: North is in check from West's rook; South's unrelated move is
    // legal, and a South rook already checking North may move along the line.
    let mut g = game("Ks@d1 Kw@a5 Kn@e9 Ke@i5 Rw@e4 Gs@g2", "-/-/-/- s - 0 pairs");
    let r = play(&mut g, "g2g3");
    assert_eq!(r.checks, SeatSet::EMPTY);
    assert_eq!(r.next, Some(North));
    let p = pos("Ks@d1 Kw@a5 Kn@e9 Ke@i5 Rs@e5", "-/-/-/- s - 0 pairs");
    assert!(p.is_check(North));
    assert!(p.is_legal(mv("e5e6")));
    assert_eq!(p.gives_check(mv("e5e6")), SeatSet::EMPTY);
}

#[test]
fn pairs_a_seat_whose_every_move_checks_its_partner_is_mated() {
    // RULES Y7.3, Y5.1: South's only moves (e7e8, e7e8+) would check North; when East's
    // move passes the turn to South, South is mated by East and the pairs game ends.
    let pieces = "Ks@a1 Kw@a5 Kn@e9 Ke@i5 Rw@b8 Re@i2 Ps@e7";
    let mut g = game(pieces, "-/-/-/- e - 0 pairs");
    let r = play(&mut g, "i5i6");
    assert_eq!(r.mated.len(), 1);
    assert_eq!((r.mated[0].seat, r.mated[0].by), (South, East));
    let out = r.outcome.expect("pairs end");
    assert_eq!(out.placings, Some([3, 1, 3, 1]));
    // In individual the same pawn moves are legal.
    let mut g = game(pieces, "-/-/-/- e - 0 -");
    let r = play(&mut g, "i5i6");
    assert!(r.mated.is_empty());
    assert_eq!(r.next, Some(South));
    assert_eq!(sorted(g.legal_moves()), vec!["e7e8", "e7e8+"]);
}

#[test]
fn pairs_partner_pieces_attack_and_can_be_captured() {
    // RULES Y7.4: North's rook gives check to its partner South.
    let p = pos(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rn@e4 Pn@c3 Rs@c2",
        "-/-/-/- s - 0 pairs",
    );
    assert!(p.is_check(South));
    assert!(!p.is_legal(mv("e1e2")));
    assert!(p.is_legal(mv("e1d1")));
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Pn@c3 Rs@c2", "-/-/-/- s - 0 pairs");
    assert!(p.is_legal(mv("c2c3")));
}

// ---------------------------------------------------------------------------------------
// Pieces passed on again (RULES Y7b.6)
// ---------------------------------------------------------------------------------------

#[test]
fn pieces_passed_on_are_passed_on_again() {
    // RULES Y7b.6: South holds West's pawn and a gold in hand; North mates South and gets
    // all of it. South keeps the credit for mating West (RULES Y7b.7).
    let mut g = game(
        "Ks@a1 Kwx@a5 Kn@e9 Ke@i5 Rn@b8 Gn@c3 Pws@e3 Ps@g3",
        "G/-/-/- n w:s:3 10 last",
    );
    let r = play(&mut g, "c3b2");
    assert_eq!(r.checks, set(&[South]));
    assert_eq!(r.mated.len(), 1);
    assert_eq!((r.mated[0].seat, r.mated[0].by), (South, North));
    assert_eq!(r.next, Some(East));
    let p = g.position();
    assert_eq!(
        p.piece_at(sq("e3")).map(|p| p.to_string()),
        Some("Pwn".into())
    );
    assert_eq!(
        p.piece_at(sq("g3")).map(|p| p.to_string()),
        Some("Psn".into())
    );
    assert_eq!(p.hand(North).count(Role::Gold), 1);
    assert!(p.hand(South).is_empty());
    assert_eq!(p.mates_by(South), 1);
    assert_eq!(p.mates_by(North), 1);
}

// ---------------------------------------------------------------------------------------
// Repetition and perpetual check (RULES Y6.3, Y7b.3, Y7b.4)
// ---------------------------------------------------------------------------------------

/// South's rook checks West along ranks 5 and 4 in turn; the others shuffle their kings.
const PERPETUAL: &str = "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c4 Gs@d4 Gs@d5";
const CYCLE: [&str; 8] = [
    "c4c5", "a5a4", "e9d9", "i5i6", "c5c4", "a4a5", "d9e9", "i6i5",
];

#[test]
fn perpetual_checker_is_mated_when_another_seat_makes_the_fourth_occurrence() {
    // RULES Y6.3, Y7b.4: South checked with every move; East's move makes the start
    // position occur for the fourth time, so South is mated by East and play goes on.
    let mut g = game(PERPETUAL, "-/-/-/- s - 0 -");
    for round in 0..3 {
        for (i, m) in CYCLE.iter().enumerate() {
            let r = play(&mut g, m);
            if round == 2 && i == 7 {
                assert_eq!(r.mated.len(), 1);
                assert_eq!((r.mated[0].seat, r.mated[0].by), (South, East));
                assert_eq!(r.outcome, None);
                assert_eq!(r.next, Some(West));
            } else {
                assert!(r.mated.is_empty(), "move {m} of round {round}");
            }
        }
    }
    assert_eq!(g.repetitions(), 1);
    // South's rook and golds went to East.
    assert_eq!(
        g.position().piece_at(sq("c4")).map(|p| p.to_string()),
        Some("Rse".into())
    );
}

#[test]
fn perpetual_checker_may_not_make_the_fourth_occurrence() {
    // RULES Y6.3: starting right after South's check, South's own move would make the
    // fourth occurrence: it is refused, other moves stay legal.
    let start = pos(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c5 Gs@d4 Gs@d5",
        "-/-/-/- w - 0 -",
    );
    let mut g = Game::from_position(start);
    let rest = [
        "a5a4", "e9d9", "i5i6", "c5c4", "a4a5", "d9e9", "i6i5", "c4c5",
    ];
    for round in 0..3 {
        for (i, m) in rest.iter().enumerate() {
            if round == 2 && i == 7 {
                assert_eq!(g.play(mv(m)), Err(PlayError::PerpetualCheck));
                assert!(!g.legal_moves().contains(&mv(m)));
                assert!(g.legal_moves().contains(&mv("c4c3")));
                assert_eq!(g.moves().len(), 23);
            } else {
                play(&mut g, m);
            }
        }
    }
    assert_eq!(g.outcome(), None);
}

#[test]
fn two_perpetual_checkers_make_a_plain_repetition() {
    // RULES Y7b.4: South and North both check with every move: plain repetition ends
    // the game (RULES Y6.5 placings: South and North 4 pieces, West and East 1).
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c4 Gs@d4 Gs@d5 Rn@g6 Gn@f5 Gn@f6",
        "-/-/-/- s - 0 -",
    );
    let cycle = [
        "c4c5", "a5a4", "g6g5", "i5i6", "c5c4", "a4a5", "g5g6", "i6i5",
    ];
    for round in 0..3 {
        for (i, m) in cycle.iter().enumerate() {
            let r = play(&mut g, m);
            assert!(r.mated.is_empty());
            assert_eq!(r.outcome.is_some(), round == 2 && i == 7, "move {m}");
        }
    }
    let out = g.outcome().expect("repetition");
    assert_eq!(out.reason, EndReason::Repetition);
    assert_eq!(out.placings, Some([1, 3, 1, 3]));
}

#[test]
fn plain_repetition_from_the_start_counts_the_start_as_first() {
    // RULES Y6.3, Y7b.3: silvers out and back; the start position occurs for the fourth
    // time after 24 moves. In pairs a repetition is a draw (RULES Y6.5).
    let cycle = [
        "c1b2", "a7b8", "g9h8", "i3h2", "b2c1", "b8a7", "h8g9", "h2i3",
    ];
    for (rules, placings) in [("-", Some([1, 1, 1, 1])), ("pairs", None)] {
        let mut g = Game::new(rules.parse().expect("rules"), South);
        for round in 0..3 {
            for m in cycle {
                assert_eq!(g.outcome(), None, "round {round}");
                play(&mut g, m);
            }
        }
        let out = g.outcome().expect("repetition");
        assert_eq!(out.reason, EndReason::Repetition);
        assert_eq!(out.placings, placings);
        assert_eq!(g.moves().len(), 24);
    }
}
