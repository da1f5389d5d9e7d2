//! One test (at least) per rule of RULES Part Y, named after it (`y4_1_…` tests RULES Y4.1).
//! Longer stories (chains of checks, perpetual check cycles) are in `yonin_scenarios.rs`.

use shogi_variants::engine::yonin::{
    EliminatedPieces, EndReason, Format, Game, GameEnd, GameRecord, Move, ParseMoveError,
    ParsePositionError, PlayError, Position, PositionError, RecordError, Role, Rules, Seat,
    SeatSet,
};
use shogi_variants::engine::{Undone, Variant};
use shogi_variants::record::text::{ImportErrorKind, RecordInfo, RecordText};
use shogi_variants::session::yonin::{Settings, next_starting_seat};

#[path = "common/yonin.rs"]
mod common;
use common::*;

use Seat::{East, North, South, West};

fn token(p: &Position, s: &str) -> Option<String> {
    p.piece_at(sq(s)).map(|p| p.to_string())
}

const START: &str = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 -/-/-/- s - 0 -";

/// Kings in the four corners, out of every line through e5.
const CORNERS: &str = "Ks@a1 Kw@a9 Kn@i9 Ke@i1";

// ---------------------------------------------------------------------------------------
// Y1 Seats, setup, pieces
// ---------------------------------------------------------------------------------------

#[test]
fn y1_1_seats_move_clockwise() {
    // RULES Y1.1
    let mut g = Game::new(Rules::default(), South);
    let mut seen = Vec::new();
    for m in ["e3e4", "c5d5", "e7e6", "g5f5", "d2d3"] {
        seen.push(g.side_to_move().expect("game goes on"));
        play(&mut g, m);
    }
    assert_eq!(seen, vec![South, West, North, East, South]);
    // "Next" is the next live seat: with West mated, North follows South.
    let p = pos("Ks@e1 Kwx@a5 Kn@e9 Ke@i5", "-/-/-/- s w:n:3 3 -");
    assert_eq!(p.next_live(South), North);
    assert_eq!(p.next_live(East), South);
}

#[test]
fn y1_2_start() {
    // RULES Y1.2
    let p = Position::default();
    assert_eq!(p.to_string(), START);
    let expect = [
        ("c1", "Ss"),
        ("d1", "Gs"),
        ("e1", "Ks"),
        ("f1", "Gs"),
        ("g1", "Ss"),
        ("d2", "Ps"),
        ("e2", "Rs"),
        ("f2", "Ps"),
        ("e3", "Ps"),
        ("a3", "Sw"),
        ("a4", "Gw"),
        ("a5", "Kw"),
        ("a6", "Gw"),
        ("a7", "Sw"),
        ("b4", "Pw"),
        ("b5", "Rw"),
        ("b6", "Pw"),
        ("c5", "Pw"),
        ("c9", "Sn"),
        ("d9", "Gn"),
        ("e9", "Kn"),
        ("f9", "Gn"),
        ("g9", "Sn"),
        ("d8", "Pn"),
        ("e8", "Rn"),
        ("f8", "Pn"),
        ("e7", "Pn"),
        ("i3", "Se"),
        ("i4", "Ge"),
        ("i5", "Ke"),
        ("i6", "Ge"),
        ("i7", "Se"),
        ("h4", "Pe"),
        ("h5", "Re"),
        ("h6", "Pe"),
        ("g5", "Pe"),
    ];
    for (s, t) in expect {
        assert_eq!(token(&p, s).as_deref(), Some(t), "square {s}");
    }
    assert_eq!(p.pieces().count(), 36);
    for seat in Seat::ALL {
        assert_eq!(p.piece_total(seat), 9);
        assert!(p.hand(seat).is_empty());
    }
}

#[test]
fn y1_3_pieces_face_away_from_their_seat() {
    // RULES Y1.3: each seat's centre pawn steps towards the opposite seat.
    let mut g = Game::new(Rules::default(), South);
    for (m, seat) in [
        ("e3e4", South),
        ("c5d5", West),
        ("e7e6", North),
        ("g5f5", East),
    ] {
        assert_eq!(g.side_to_move(), Some(seat));
        play(&mut g, m);
    }
    // Backwards is not a pawn move for anyone.
    assert_eq!(
        g.position().check_move(mv("e4e3")),
        Err(PlayError::Unreachable)
    );
    // Facing never changes on the board (inherited pieces keep it: see Y5.3); here every
    // piece still faces its owner's direction.
    for (_, piece) in g.position().pieces() {
        assert_eq!(piece.owner, Some(piece.facing));
    }
}

#[test]
fn y1_4_piece_moves_relative_to_facing() {
    // RULES Y1.4
    let from = |piece: &str, turn: &str| {
        let p = pos(
            &format!("{CORNERS} {piece}@e5"),
            &format!("-/-/-/- {turn} - 0 -"),
        );
        sorted(p.legal_moves_from(sq("e5")))
    };
    // gold facing east (West's): forward f5, forward diagonals f6 f4, sideways e6 e4, back d5
    assert_eq!(
        from("Gw", "w"),
        vec!["e5d5", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"]
    );
    // silver facing south (North's): forward e4, forward diagonals d4 f4, back d6 f6
    assert_eq!(
        from("Sn", "n"),
        vec!["e5d4", "e5d6", "e5e4", "e5f4", "e5f6"]
    );
    // pawn facing west (East's)
    assert_eq!(from("Pe", "e"), vec!["e5d5"]);
    // rook: 16 squares, those in South's zone (e7 e8 e9) with and without promotion
    assert_eq!(from("Rs", "s").len(), 19);
    // dragon: rook plus one diagonal step
    let dragon = from("+Rs", "s");
    assert_eq!(dragon.len(), 20);
    assert!(dragon.contains(&"e5d6".to_string()) && dragon.contains(&"e5f4".to_string()));
    // promoted silver and promoted pawn move as gold
    assert_eq!(
        from("+Ss", "s"),
        vec!["e5d5", "e5d6", "e5e4", "e5e6", "e5f5", "e5f6"]
    );
    assert_eq!(from("+Pw", "w"), from("Gw", "w"));
    // king: one step any direction
    let p = pos("Ks@e5 Kw@a9 Kn@i9 Ke@i1", "-/-/-/- s - 0 -");
    assert_eq!(p.legal_moves_from(sq("e5")).len(), 8);
    // no bishops, knights or lances
    assert!("Bs@e5".parse::<Move>().is_err());
    assert!(matches!(
        format!("{} -/-/-/- s - 0 -", board("Ks@a1 Kw@a9 Kn@i9 Ke@i1 Bs@e5")).parse::<Position>(),
        Err(ParsePositionError::Board { found: 'B', .. })
    ));
}

#[test]
fn y1_5_starting_seat() {
    // RULES Y1.5
    let g = Game::new(Rules::default(), West);
    assert_eq!(g.side_to_move(), Some(West));
    assert_eq!(g.starting_seat(), West);
    assert_eq!(g.legal_moves().len(), 9);
    let settings = Settings::default();
    assert!(settings.table.alternate_who_starts);
    assert_eq!(next_starting_seat(&settings, South), West);
    assert_eq!(next_starting_seat(&settings, East), South);
}

// ---------------------------------------------------------------------------------------
// Y2 A turn
// ---------------------------------------------------------------------------------------

#[test]
fn y2_1_move_or_drop_no_passing() {
    // RULES Y2.1: at the start South has exactly these nine moves (no pass, no drop).
    let p = Position::default();
    assert_eq!(
        sorted(p.legal_moves()),
        vec![
            "c1b2", "c1c2", "d1c2", "d2d3", "e3e4", "f1g2", "f2f3", "g1g2", "g1h2"
        ]
    );
    // With a piece in hand, drops are moves too.
    let p = pos("Ks@a1 Kw@a9 Kn@i9 Ke@i1", "G/-/-/- s - 0 -");
    let drops = p.legal_drops();
    assert_eq!(drops.len(), 77);
    assert_eq!(p.legal_moves().len(), 77 + 3);
}

#[test]
fn y2_2_capture_goes_to_hand_unpromoted_never_own_pieces() {
    // RULES Y2.2: a promoted silver is captured as a silver.
    let mut g = game(
        "Ks@a1 Kwx@a5 Kn@i9 Ke@i1 Rs@e2 +Sn@e6 Ps@c4 Pws@c2",
        "-/-/-/- s w:n:4 4 -",
    );
    let r = play(&mut g, "e2e6");
    assert_eq!(r.captured, Some(Role::Silver));
    assert_eq!(g.position().hand(South).count(Role::Silver), 1);
    assert_eq!(token(g.position(), "e6").as_deref(), Some("Rs"));
    // own piece and own inherited piece
    let p = pos(
        "Ks@a1 Kwx@a5 Kn@i9 Ke@i1 Rs@c3 Ps@c4 Pws@c2",
        "-/-/-/- s w:s:4 4 -",
    );
    assert_eq!(p.check_move(mv("c3c4")), Err(PlayError::OwnPiece));
    assert_eq!(p.check_move(mv("c3c2")), Err(PlayError::OwnPiece));
    assert!(p.is_legal(mv("c3d3")));
}

#[test]
fn y2_2_kings_are_never_captured() {
    // RULES Y2.2: neither a live nor a flipped king.
    let p = pos("Ks@a1 Kwx@a5 Kn@i9 Ke@i1 Rs@a3", "-/-/-/- s w:n:4 4 -");
    assert_eq!(p.check_move(mv("a3a5")), Err(PlayError::KingCapture));
    assert_eq!(p.check_move(mv("a3a6")), Err(PlayError::Unreachable));
    assert_eq!(p.check_move(mv("a3a4")), Ok(()));
    let p = pos("Ks@a1 Kwx@a4 Kn@i9 Ke@i1 Rs@a3", "-/-/-/- s w:n:4 4 -");
    assert_eq!(p.check_move(mv("a3a4")), Err(PlayError::KingCapture));
    let p = pos("Ks@a1 Kw@e5 Kn@i9 Ke@i1 Rs@e2", "-/-/-/- s - 0 -");
    assert_eq!(p.check_move(mv("e2e5")), Err(PlayError::KingCapture));
}

#[test]
fn y2_3_drops_are_unpromoted_and_face_the_dropper() {
    // RULES Y2.3
    let mut g = game("Ks@a1 Kw@a9 Kn@i9 Ke@i1", "-/R/-/- w - 0 -");
    assert_eq!(g.play(mv("G*e5")), Err(PlayError::NotInHand));
    let r = play(&mut g, "R*e5");
    assert_eq!(r.mover, West);
    assert_eq!(token(g.position(), "e5").as_deref(), Some("Rw"));
    assert!(g.position().hand(West).is_empty());
    let p = pos("Ks@a1 Kw@a9 Kn@i9 Ke@i1 Ps@e5", "G/-/-/- s - 0 -");
    assert_eq!(p.check_move(mv("G*e5")), Err(PlayError::Occupied));
}

#[test]
fn y2_4_promotion_optional_forced_and_zones() {
    // RULES Y2.4
    let p = pos(
        "Ks@a1 Kw@a9 Kn@i9 Ke@i1 Ps@b6 Ps@c8 Ss@d7 Ss@e5 Gs@f6 Rs@h7 Ss@g8",
        "R/-/-/- s - 0 -",
    );
    // entering the zone: optional
    assert_eq!(sorted(p.legal_moves_from(sq("b6"))), vec!["b6b7", "b6b7+"]);
    // an unpromoted pawn reaching its last line must promote
    assert_eq!(sorted(p.legal_moves_from(sq("c8"))), vec!["c8c9+"]);
    assert_eq!(p.check_move(mv("c8c9")), Err(PlayError::MustPromote));
    // leaving the zone: optional
    assert!(p.is_legal(mv("d7c6")) && p.is_legal(mv("d7c6+")));
    // a silver on its last line need not promote
    assert!(p.is_legal(mv("g8g9")) && p.is_legal(mv("g8g9+")));
    // outside the zone: no promotion
    assert_eq!(p.check_move(mv("e5e6+")), Err(PlayError::CannotPromote));
    // golds never promote
    assert_eq!(p.check_move(mv("f6f7+")), Err(PlayError::CannotPromote));
    // a rook starting in the zone may promote on leaving it
    assert!(p.is_legal(mv("h7h2+")));
    // a drop is never a promotion, even in the zone
    let mut g = Game::from_position(p);
    play(&mut g, "R*e8");
    assert_eq!(token(g.position(), "e8").as_deref(), Some("Rs"));
    // West's zone is files g-i.
    let p = pos("Ks@a1 Kw@a9 Kn@i9 Ke@i1 Pw@f5 Pw@h4", "-/-/-/- w - 0 -");
    assert_eq!(sorted(p.legal_moves_from(sq("f5"))), vec!["f5g5", "f5g5+"]);
    assert_eq!(sorted(p.legal_moves_from(sq("h4"))), vec!["h4i4+"]);
}

// ---------------------------------------------------------------------------------------
// Y3 Check, check priority and turn order
// ---------------------------------------------------------------------------------------

#[test]
fn y3_1_check_by_any_live_seat_not_by_flipped_kings_or_ownerless_pieces() {
    // RULES Y3.1
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rn@e4", "-/-/-/- w - 0 pairs");
    assert_eq!(p.checked_seats(), set(&[South])); // the partner's rook checks
    assert_eq!(p.checkers(South), vec![sq("e4")]);
    // A flipped king next to a live king attacks nothing.
    let p = pos("Ks@e1 Kwx@e2 Kn@e9 Ke@i5", "-/-/-/- s w:n:3 3 -");
    assert_eq!(p.checked_seats(), SeatSet::EMPTY);
    // An ownerless rook on the king's file attacks nothing.
    let p = pos(
        "Ks@e1 Kwx@a5 Kn@e9 Ke@i5 Rwx@e4",
        "-/-/-/- s w:n:3 3 ownerless",
    );
    assert_eq!(p.checked_seats(), SeatSet::EMPTY);
}

#[test]
fn y3_2_no_move_may_leave_ones_own_king_in_check_kings_never_touch() {
    // RULES Y3.2
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Gs@e2 Rn@e7", "-/-/-/- s - 0 -");
    assert_eq!(p.check_move(mv("e2d3")), Err(PlayError::LeavesKingInCheck));
    assert!(p.is_legal(mv("e2e3")));
    let p = pos("Ks@e4 Kw@a5 Kn@e6 Ke@i5", "-/-/-/- s - 0 -");
    assert_eq!(p.check_move(mv("e4e5")), Err(PlayError::LeavesKingInCheck));
    assert_eq!(
        sorted(p.legal_moves()),
        vec!["e4d3", "e4d4", "e4e3", "e4f3", "e4f4"]
    );
    // next to a flipped king is fine
    let p = pos("Ks@e4 Kw@a5 Knx@e6 Ke@i5", "-/-/-/- s n:w:3 3 -");
    assert!(p.is_legal(mv("e4e5")));
    // leaving or putting others in check is allowed in individual play
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c7 Rw@h9", "-/-/-/- s - 0 -");
    assert!(p.is_check(North));
    assert!(p.is_legal(mv("c7c6")) && p.is_legal(mv("c7e7")));
}

#[test]
fn y3_3_turn_resolution_next_opposite_previous() {
    // RULES Y3.3: who moves after a check on the next, opposite and previous seat.
    let base = "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c7 Pe@g5";
    for (m, checked, then) in [
        ("c7c5", West, "a5a4"),
        ("c7e7", North, "e9d9"),
        ("c7c3", West, "a5a6"), // quiet: nobody checked
    ] {
        let mut g = game(base, "-/-/-/- s - 0 -");
        let r = play(&mut g, m);
        if m == "c7c3" {
            assert_eq!(r.checks, SeatSet::EMPTY);
        } else {
            assert_eq!(r.checks, set(&[checked]));
        }
        assert_eq!(r.next, Some(checked));
        let r = play(&mut g, then);
        assert_eq!(r.next, Some(checked.next()), "after {m} {then}");
    }
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@g2", "-/-/-/- s - 0 -");
    assert_eq!(play(&mut g, "g2i2").next, Some(East));
    assert_eq!(play(&mut g, "i5h6").next, Some(South));
}

#[test]
fn y3_4_mate_is_judged_only_when_the_turn_arrives() {
    // RULES Y3.4: East has no legal move right after South's move, but West answers
    // first and rescues it.
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7 Gw@d6 Pe@h4 Pe@h6 Gs@h3 Ss@h7",
        "-/-/-/- s - 0 -",
    );
    let r = play(&mut g, "e3e5");
    assert!(r.mated.is_empty());
    assert!(!g.position().has_legal_move(East));
    let r = play(&mut g, "d6e5");
    assert!(r.mated.is_empty());
    assert!(g.position().has_legal_move(East));
    assert_eq!(g.position().eliminations(), &[]);
}

// ---------------------------------------------------------------------------------------
// Y4 Forbidden moves
// ---------------------------------------------------------------------------------------

#[test]
fn y4_1_nifu_on_the_seats_own_line() {
    // RULES Y4.1
    let p = pos(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Ps@c3 +Ps@d3 Pn@f6",
        "P/-/-/- s - 0 -",
    );
    assert_eq!(p.check_move(mv("P*c6")), Err(PlayError::Nifu));
    assert!(p.is_legal(mv("P*d6"))); // promoted pawn on d
    assert!(p.is_legal(mv("P*f4"))); // North's pawn on f
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Pw@c3", "-/P/-/- w - 0 -");
    assert_eq!(p.check_move(mv("P*f3")), Err(PlayError::Nifu));
    assert!(p.is_legal(mv("P*c6")));
}

#[test]
fn y4_2_dead_pawn() {
    // RULES Y4.2: no drop on the last line (each seat's own), and no unpromoted pawn stays
    // there.
    for (turn, hands, last, ok) in [
        ("s", "P/-/-/-", "P*c9", "P*c8"),
        ("w", "-/P/-/-", "P*i3", "P*h3"),
        ("n", "-/-/P/-", "P*c1", "P*c2"),
        ("e", "-/-/-/P", "P*a3", "P*b3"),
    ] {
        let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5", &format!("{hands} {turn} - 0 -"));
        assert_eq!(p.check_move(mv(last)), Err(PlayError::DeadPawn), "{turn}");
        assert!(p.is_legal(mv(ok)), "{turn}");
    }
    let bad = format!("{} -/-/-/- s - 0 -", board("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Ps@c9"));
    assert_eq!(
        bad.parse::<Position>(),
        Err(ParsePositionError::Invalid(PositionError::DeadPawn(sq(
            "c9"
        ))))
    );
}

#[test]
fn y4_3_pawn_drop_in_front_of_a_flipped_king() {
    // RULES Y4.3
    let p = pos("Ks@e1 Kw@a5 Knx@e5 Ke@i5", "P/-/-/- s n:e:2 2 -");
    assert_eq!(
        p.check_move(mv("P*e4")),
        Err(PlayError::PawnBeforeFlippedKing)
    );
    assert!(p.is_legal(mv("P*e6")));
    let p = pos("Ks@e1 Kw@a5 Knx@e5 Ke@i5 Ps@e3", "-/-/-/- s n:e:2 2 -");
    assert!(p.is_legal(mv("e3e4")));
}

#[test]
fn y4_4_uchifuzume() {
    // RULES Y4.4
    let uchi = "Ks@a1 Kw@a5 Kn@e9 Ke@i5 Rn@d9 Rn@f9 Pn@d8 Pn@f8";
    let p = pos(&format!("{uchi} Gs@d7"), "P/-/-/- s - 0 -");
    assert_eq!(p.check_move(mv("P*e8")), Err(PlayError::Uchifuzume));
    // a gold drop mating the same way is fine
    let p = pos(&format!("{uchi} Gs@d7"), "G/-/-/- s - 0 -");
    assert!(p.is_legal(mv("G*e8")));
    // not mate: allowed
    let p = pos(&format!("{uchi} Gs@b7"), "P/-/-/- s - 0 -");
    assert!(p.is_legal(mv("P*e8")));
}

#[test]
fn y4_5_own_king_in_check_and_partner_check() {
    // RULES Y4.5
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Gs@e2 Rw@e6", "-/-/-/- s - 0 pairs");
    assert_eq!(p.check_move(mv("e2d2")), Err(PlayError::LeavesKingInCheck));
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c8", "-/-/-/- s - 0 pairs");
    assert_eq!(p.check_move(mv("c8e8")), Err(PlayError::ChecksPartner));
    assert_eq!(p.check_move(mv("c8c9")), Err(PlayError::ChecksPartner));
    assert!(p.is_legal(mv("c8c7")));
}

// ---------------------------------------------------------------------------------------
// Y5 Checkmate and elimination
// ---------------------------------------------------------------------------------------

#[test]
fn y5_1_a_mated_king_is_flipped_and_stays() {
    // RULES Y5.1: the flipped king blocks a rook, cannot be captured or moved.
    let mut g = game("Ks@e1 Kw@a1 Kn@e9 Ke@i5 Rs@b8 Rs@h2", "-/-/-/- s - 0 -");
    let r = play(&mut g, "e1d1");
    assert_eq!(r.mated.len(), 1);
    let p = g.position();
    assert_eq!(token(p, "a1").as_deref(), Some("Kwx"));
    assert!(p.piece_at(sq("a1")).is_some_and(|k| k.is_flipped_king()));
    assert!(!p.is_live(West));
    let p = pos("Ks@e1 Kwx@c5 Kn@e9 Ke@i5 Rs@a5", "-/-/-/- s w:n:3 3 -");
    let rook = sorted(p.legal_moves_from(sq("a5")));
    assert!(rook.contains(&"a5b5".to_string()));
    assert!(!rook.iter().any(|m| m == "a5c5" || m == "a5d5"));
}

#[test]
fn y5_2_the_mater_is_the_last_mover_and_owns_the_flipped_king() {
    // RULES Y5.2
    let mut g = game("Ks@e1 Kw@a1 Kn@e9 Ke@i5 Rs@b8 Rs@h2", "-/-/-/- s - 0 -");
    play(&mut g, "e1d1");
    let p = g.position();
    assert_eq!(
        p.elimination_of(West).map(|e| (e.by, e.at_move)),
        Some((South, 1))
    );
    assert_eq!(p.mates_by(South), 1);
    // king, two rooks, West's flipped king
    assert_eq!(p.piece_total(South), 4);
}

#[test]
fn y5_3_hand_and_board_pieces_go_to_the_mater() {
    // RULES Y5.3: the mater owns and moves them, with their facing.
    let mut g = game(
        "Ks@a1 Kwx@a5 Kn@e9 Ke@i5 Rn@b8 Gn@c3 Ps@g3 Ss@f4",
        "GP/-/-/- n w:s:3 10 last",
    );
    let r = play(&mut g, "c3b2");
    assert_eq!((r.mated[0].seat, r.mated[0].by), (South, North));
    let p = g.position();
    assert_eq!(token(p, "g3").as_deref(), Some("Psn"));
    assert_eq!(token(p, "f4").as_deref(), Some("Ssn"));
    assert_eq!(p.hand(North).to_string(), "GP");
    // North moves South's silver in South's direction (north).
    assert_eq!(r.next, Some(East));
    play(&mut g, "i5i4");
    assert!(g.legal_moves_from(sq("f4")).contains(&mv("f4f5")));
    assert!(!g.legal_moves_from(sq("f4")).contains(&mv("f4f3")));
}

// ---------------------------------------------------------------------------------------
// Y6 End of the game and placings
// ---------------------------------------------------------------------------------------

const DOUBLE_MATE: &str =
    "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7 Pw@b4 Pw@b6 Ss@a3 Ss@b7 Pe@h4 Pe@h6 Ss@i3 Ss@h7";

#[test]
fn y6_1_after_two_mates() {
    // RULES Y6.1: West mated first is 4th, East 3rd; South (2 mates) 1st, North 2nd.
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 -");
    let r = play(&mut g, "e3e5");
    let out = r.outcome.expect("over");
    assert_eq!(out.reason, EndReason::Mates);
    assert_eq!(out.placings, Some([1, 4, 2, 3]));
}

#[test]
fn y6_2_to_the_last_seat() {
    // RULES Y6.2: placings follow the order of elimination.
    let mut g = game(
        "Ks@e1 Kwx@a5 Kn@a9 Kex@i5 Rs@h8 Gs@b7 Gs@c9",
        "-/-/-/- s w:s:10,e:n:20 30 last",
    );
    let r = play(&mut g, "h8a8");
    assert_eq!(r.mated.len(), 1);
    assert_eq!((r.mated[0].seat, r.mated[0].at_move), (North, 31));
    let out = r.outcome.expect("one seat left");
    assert_eq!(out.reason, EndReason::Mates);
    assert_eq!(out.placings, Some([1, 4, 2, 3]));
}

#[test]
fn y6_3_repetition_ends_the_game() {
    // RULES Y6.3: the fourth occurrence ends the game (perpetual check: see
    // yonin_scenarios.rs).
    let cycle = [
        "c1b2", "a7b8", "g9h8", "i3h2", "b2c1", "b8a7", "h8g9", "h2i3",
    ];
    let mut g = Game::new(Rules::default(), South);
    for m in cycle.iter().cycle().take(23) {
        play(&mut g, m);
    }
    assert_eq!(g.outcome(), None);
    assert_eq!(g.repetitions(), 3);
    let r = play(&mut g, "h2i3");
    assert_eq!(r.outcome.map(|o| o.reason), Some(EndReason::Repetition));
    assert_eq!(g.repetitions(), 4);
}

#[test]
fn y6_4_move_limit() {
    // RULES Y6.4: the moves of all four seats together.
    let mut g = Game::new("limit=6".parse().expect("rules"), South);
    for m in ["e3e4", "c5d5", "e7e6", "g5f5", "d2d3"] {
        assert_eq!(play(&mut g, m).outcome, None);
    }
    let r = play(&mut g, "b6c6");
    assert_eq!(r.outcome.map(|o| o.reason), Some(EndReason::MoveLimit));
    assert_eq!(g.position().move_count(), 6);
    assert!(g.legal_moves().is_empty());
}

#[test]
fn y6_5_placings_when_stopped_early() {
    // RULES Y6.5: eliminated seats below the survivors; in pairs a draw.
    let mut g = game(
        "Ks@e1 Kwx@a5 Kn@e9 Ke@i5 Rs@c2 Gn@g8 Ge@g2 Se@h2",
        "-/-/-/- s w:n:3 9 limit=10",
    );
    let r = play(&mut g, "c2c3");
    // survivors: North (1 mate) 1st, East (4 pieces) 2nd, South (2 pieces) 3rd; West 4th
    assert_eq!(r.outcome.and_then(|o| o.placings), Some([3, 4, 1, 2]));
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c2",
        "-/-/-/- s - 9 pairs,limit=10",
    );
    let r = play(&mut g, "c2c3");
    let out = r.outcome.expect("limit");
    assert!(out.is_draw());
    assert_eq!(out.placings, None);
    assert_eq!(out.winners(), SeatSet::EMPTY);
}

#[test]
fn y6_6_no_resignation() {
    // RULES Y6.6: games end only by mates, repetition or the move limit; there is no
    // resign move (a seat left by its player is played by the CPU, outside the engine).
    let names: Vec<String> = [
        EndReason::Mates,
        EndReason::Repetition,
        EndReason::MoveLimit,
    ]
    .iter()
    .map(|r| serde_json::to_string(r).expect("json"))
    .collect();
    assert_eq!(names, [r#""mates""#, r#""repetition""#, r#""move-limit""#]);
    assert!(serde_json::from_str::<EndReason>(r#""resignation""#).is_err());
    // No resign move, neither alone nor in a game record.
    assert_eq!(
        "resign".parse::<Move>(),
        Err(ParseMoveError::Shape("resign".into()))
    );
    let error = Game::read_record(b"[Rules \"-\"]\n[Start \"s\"]\n1 S e3e4 2 W resign\n")
        .expect_err("no resign move");
    assert_eq!(
        error.kind,
        ImportErrorKind::BadMove {
            text: "resign".into()
        }
    );
    assert_eq!(error.good_moves(), 1);
    let error = Game::read_record(b"[Termination \"resignation\"]").expect_err("no resignation");
    assert_eq!(
        error.kind,
        ImportErrorKind::BadTagValue {
            tag: "Termination",
            value: "resignation".into()
        }
    );
    // Taking back through the shared seam only ever takes back moves (unlike Hasami,
    // RULES H4.3).
    let mut g = Game::new(Rules::default(), South);
    play(&mut g, "e3e4");
    assert_eq!(Variant::undo(&mut g), Some(Undone::Move(mv("e3e4"))));
    assert_eq!(Variant::undo(&mut g), None);
    assert_eq!(g.position(), &Position::default());
}

// ---------------------------------------------------------------------------------------
// Y7 Pairs
// ---------------------------------------------------------------------------------------

#[test]
fn y7_1_opposite_seats_are_partners() {
    // RULES Y7.1
    assert_eq!(South.partner(), North);
    assert_eq!(North.partner(), South);
    assert_eq!(West.partner(), East);
    assert_eq!(East.partner(), West);
}

#[test]
fn y7_2_pairs_end_at_the_first_mate() {
    // RULES Y7.2
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 pairs");
    let r = play(&mut g, "e3e5");
    assert_eq!(r.mated.len(), 1);
    assert_eq!(r.outcome.and_then(|o| o.placings), Some([1, 3, 1, 3]));
}

#[test]
fn y7_3_partner_check_is_illegal() {
    // RULES Y7.3: by the moved piece, a drop, or a line it opens.
    let p = pos(
        "Ks@d1 Kw@a5 Kn@e9 Ke@i5 Rs@c8 Rw@e2 Ss@e4",
        "G/-/-/- s - 0 pairs",
    );
    assert_eq!(p.check_move(mv("c8e8")), Err(PlayError::ChecksPartner));
    assert_eq!(p.check_move(mv("G*f8")), Err(PlayError::ChecksPartner));
    assert_eq!(p.check_move(mv("e4d5")), Err(PlayError::ChecksPartner));
    assert!(p.is_legal(mv("e4e5")));
}

#[test]
fn y7_4_partner_pieces_attack_and_may_be_captured() {
    // RULES Y7.4
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rn@e3 Gs@d2", "-/-/-/- s - 0 pairs");
    assert!(p.is_check(South));
    assert!(p.is_legal(mv("d2e3")));
    let mut g = Game::from_position(p);
    assert_eq!(play(&mut g, "d2e3").captured, Some(Role::Rook));
}

// ---------------------------------------------------------------------------------------
// Y7b Fine points
// ---------------------------------------------------------------------------------------

#[test]
fn y7b_1_gives_check_means_a_new_attacker() {
    // RULES Y7b.1
    let p = pos("Ks@d1 Kw@a5 Kn@e9 Ke@i5 Rs@e5", "-/-/-/- s - 0 -");
    assert!(p.is_check(North));
    // the checker moves and still checks: not new
    assert_eq!(p.gives_check(mv("e5e6")), SeatSet::EMPTY);
    // a discovered check by a third seat's piece (West's rook) is given by the mover
    let p = pos("Ks@d1 Kw@a5 Kn@c9 Ke@i5 Ss@c4 Rw@c1", "-/-/-/- s - 0 -");
    assert_eq!(p.gives_check(mv("c4d5")), set(&[North]));
    // a capture that replaces a checker with a new one is a new check
    let p = pos("Ks@d1 Kw@a5 Kn@e9 Ke@i5 Re@e6 Rs@a6", "-/-/-/- s - 0 -");
    assert!(p.is_check(North));
    assert_eq!(p.gives_check(mv("a6e6")), set(&[North]));
}

#[test]
fn y7b_2_a_mate_by_the_limit_reaching_move_counts() {
    // RULES Y7b.2
    let boxed = "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@f1 Pw@c5 Pe@h4 Pe@h6 Gs@h3 Ss@h7";
    let mut g = game(boxed, "-/-/-/- s - 9 limit=10");
    let r = play(&mut g, "f1f5");
    assert_eq!(r.mated.len(), 1);
    let out = r.outcome.expect("limit");
    assert_eq!(out.reason, EndReason::MoveLimit);
    assert_eq!(out.placings, Some([1, 2, 3, 4]));
    // two mates by that move end the game by mates
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 limit=1");
    let out = play(&mut g, "e3e5").outcome.expect("over");
    assert_eq!(out.reason, EndReason::Mates);
}

#[test]
fn y7b_3_the_start_counts_and_a_flipped_king_makes_a_new_position() {
    // RULES Y7b.3
    let g = Game::new(Rules::default(), South);
    assert_eq!(g.repetitions(), 1);
    let mut g = game("Ks@e1 Kw@a1 Kn@e9 Ke@i5 Rs@b8 Rs@h2", "-/-/-/- s - 0 -");
    play(&mut g, "e1d1");
    assert_eq!(g.repetitions(), 1);
    // the key is taken after turn resolution: seat to move included
    let p = g.position();
    assert_eq!(p.side_to_move(), North);
}

#[test]
fn y7b_4_two_perpetual_checkers_is_plain_repetition() {
    // RULES Y7b.4
    let mut g = game(
        "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c4 Gs@d4 Gs@d5 Rn@g6 Gn@f5 Gn@f6",
        "-/-/-/- s - 0 -",
    );
    let cycle = [
        "c4c5", "a5a4", "g6g5", "i5i6", "c5c4", "a4a5", "g5g6", "i6i5",
    ];
    for m in cycle.iter().cycle().take(24) {
        play(&mut g, m);
    }
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Repetition));
    assert!(g.position().eliminations().is_empty());
}

#[test]
fn y7b_5_uchifuzume_targets_only_the_king_ahead_judged_at_once() {
    // RULES Y7b.5
    let p = pos(
        "Ks@a1 Kw@a5 Kn@e9 Ke@i5 Rn@d9 Rn@f9 Pn@d8 Pn@f8 Gs@d7 Re@c5",
        "P/-/-/- s - 0 -",
    );
    assert!(p.is_check(West));
    assert_eq!(p.check_move(mv("P*e8")), Err(PlayError::Uchifuzume));
}

#[test]
fn y7b_6_pieces_passed_on_again() {
    // RULES Y7b.6
    let mut g = game(
        "Ks@a1 Kwx@a5 Kn@e9 Ke@i5 Rn@b8 Gn@c3 Pws@e3",
        "G/-/-/- n w:s:3 10 last",
    );
    play(&mut g, "c3b2");
    let p = g.position();
    assert_eq!(token(p, "e3").as_deref(), Some("Pwn"));
    assert_eq!(p.hand(North).count(Role::Gold), 1);
}

#[test]
fn y7b_7_placing_criteria() {
    // RULES Y7b.7: flipped kings count only for the seat that mated them; competition
    // ranking; the seat mated later places higher.
    let p = pos(
        "Ks@e1 Kwx@a5 Kn@e9 Kex@i5 Gs@c1",
        "-/-/-/- s w:e:5,e:n:9 9 -",
    );
    assert_eq!(p.piece_total(North), 2); // king + East's flipped king (not West's)
    assert_eq!(p.piece_total(South), 2);
    assert_eq!(p.outcome().and_then(|o| o.placings), Some([2, 4, 1, 3]));
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5", "-/-/-/- s - 5 limit=5");
    assert_eq!(p.placings(), Some([1, 1, 1, 1]));
}

#[test]
fn y7b_8_limit_reached_when_the_count_is_at_least_the_limit() {
    // RULES Y7b.8
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5", "-/-/-/- s - 12 limit=10");
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome().map(|o| o.reason), Some(EndReason::MoveLimit));
    let mut g = Game::new("limit=1".parse().expect("rules"), South);
    assert_eq!(
        play(&mut g, "e3e4").outcome.map(|o| o.reason),
        Some(EndReason::MoveLimit)
    );
}

// ---------------------------------------------------------------------------------------
// Y8 Local rules, Y9 Notation
// ---------------------------------------------------------------------------------------

#[test]
fn y8_every_local_rule_is_selectable() {
    // RULES Y8
    let d = Rules::default();
    assert_eq!(d.format, Format::Individual);
    assert_eq!(d.end, GameEnd::AfterTwoMates);
    assert_eq!(d.eliminated_pieces, EliminatedPieces::ToMater);
    assert_eq!(d.move_limit, None);
    for rules in Rules::all_combinations() {
        let json = serde_json::to_string(&rules).expect("json");
        assert_eq!(serde_json::from_str::<Rules>(&json).expect("back"), rules);
        let g = Game::new(rules, South);
        assert_eq!(g.rules(), rules);
    }
    let r: Rules = serde_json::from_str(
        r#"{"format":"pairs","end":"to-the-last","eliminated_pieces":"ownerless","move_limit":200}"#,
    )
    .expect("json");
    assert_eq!(r.to_string(), "pairs,last,ownerless,limit=200");
    let s = Settings::default();
    assert!(s.table.show_legal_moves && s.table.alternate_who_starts);
    assert_eq!(s.table.time_per_move.millis(), None);
}

#[test]
fn y9_1_move_and_drop_notation() {
    // RULES Y9.1
    for s in ["e3e4", "e7e8+", "P*e5", "R*a9"] {
        assert_eq!(mv(s).to_string(), s);
    }
    assert!(matches!(
        "e3".parse::<Move>(),
        Err(ParseMoveError::Shape(_))
    ));
    assert!(matches!(
        "K*e5".parse::<Move>(),
        Err(ParseMoveError::DropRole(_))
    ));
    // syntax fine, legality not: a separate error
    let p = Position::default();
    assert_eq!(p.check_move(mv("e3e5")), Err(PlayError::Unreachable));
    assert_eq!(p.check_move(mv("a5a4")), Err(PlayError::NoPiece));
}

#[test]
fn y9_2_record_and_position_notation_round_trip() {
    // RULES Y9.2: the record text (docs/RECORDS.md), the serde record and the position
    // notation.
    let mut g = Game::new("pairs,limit=300".parse().expect("rules"), West);
    for m in ["c5d5", "e7e6", "g5f5", "e3e4", "b5c5", "e6e5"] {
        play(&mut g, m);
    }
    let text = g.write_record(&RecordInfo::default());
    assert_eq!(
        text,
        "[Game \"Yonin Shogi\"]\n[Date \"????.??.??\"]\n[South \"?\"]\n[West \"?\"]\n\
         [North \"?\"]\n[East \"?\"]\n[Rules \"pairs,limit=300\"]\n[Start \"w\"]\n\
         [Result \"*\"]\n\n1 W c5d5 2 N e7e6 3 E g5f5 4 S e3e4 5 W b5c5 6 N e6e5 *\n"
    );
    let (back, _) = Game::read_record(text.as_bytes()).expect("record");
    assert_eq!(back.position(), g.position());
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back.write_record(&RecordInfo::default()), text);
    let p = g.position();
    assert_eq!(p.to_string().parse::<Position>().as_ref(), Ok(p));
    // errors say what and where
    let error =
        Game::read_record(b"[Rules \"-\"]\n[Start \"s\"]\ne3e4 c5d5 e7e7").expect_err("illegal");
    assert_eq!(
        error.kind,
        ImportErrorKind::IllegalMove {
            text: "e7e7".into(),
            reason: PlayError::Unreachable
        }
    );
    assert_eq!((error.line, error.column), (Some(3), Some(11)));
    assert_eq!(
        error.at_move.map(|m| (m.number, m.seat)),
        Some((3, Some(North)))
    );
    assert_eq!(error.good_moves(), 2);
    // unknown tags are read and ignored (the old form refused them)
    let (g3, _) =
        Game::read_record(b"[Rules \"-\"]\n[Start \"s\"]\n[Date \"2026.12.02\"]\n[Event \"x\"]")
            .expect("unknown tags");
    assert_eq!(g3.moves(), []);
    // a loaded start position is kept in the record
    let start = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c2", "-/-/-/- s - 0 -");
    let mut g2 = Game::from_position(start.clone());
    play(&mut g2, "c2c5");
    let rec = g2.record();
    assert_eq!(rec.position.as_deref(), Some(start.to_string().as_str()));
    let text = g2.write_record(&RecordInfo::default());
    assert!(text.contains(&format!("[Position \"{start}\"]")));
    let (back, _) = Game::read_record(text.as_bytes()).expect("record with position");
    assert_eq!(back.position(), g2.position());
    let wrong = GameRecord {
        start: North,
        ..rec
    };
    assert_eq!(
        Game::from_record(&wrong).err(),
        Some(RecordError::Conflict("starting seat"))
    );
    // serde stores the record
    let json = serde_json::to_string(&g).expect("json");
    let back: Game = serde_json::from_str(&json).expect("game");
    assert_eq!(back.position(), g.position());
}
