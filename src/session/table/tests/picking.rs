//! Clicks ([`super::super::picking`]).

use super::*;

#[test]
fn clicks_that_are_not_offered_do_nothing() {
    let mut t = hasami();
    assert_eq!(t.click_square(sq("e5")), Click::Ignored, "an empty square");
    assert_eq!(t.click_square(sq("e9")), Click::Ignored, "an enemy piece");
    assert_eq!(t.click_square(sq("e1")), Click::Selected);
    assert_eq!(t.destinations().len(), 7);
    assert_eq!(t.click_square(sq("f2")), Click::Deselected, "a diagonal");
    assert_eq!(t.click_square(sq("e1")), Click::Selected);
    assert_eq!(
        t.click_square(sq("d1")),
        Click::Selected,
        "another own piece"
    );
    assert_eq!(t.selection(), Selection::Source(Source::Square(sq("d1"))));
    assert_eq!(t.click_square(sq("d1")), Click::Deselected);
    assert_eq!(t.game().moves().len(), 0);
    click_move(&mut t, "e1", "e5");
    assert_eq!(
        t.click_square(sq("a1")),
        Click::Ignored,
        "the CPU is to move"
    );
}

#[test]
fn an_optional_promotion_is_asked_and_can_be_cancelled_y2_4() {
    // RULES Y2.4: promotion is optional on entering the zone; the player chooses.
    let mut t = yonin_promotion();
    assert_eq!(t.click_square(sq("e6")), Click::Selected);
    assert!(t.destinations().contains(sq("e7")));
    assert_eq!(t.click_square(sq("e7")), Click::AskPromotion);
    assert_eq!(
        t.selection(),
        Selection::Promotion {
            from: sq("e6"),
            to: sq("e7")
        }
    );
    assert_eq!(t.choose_promotion(None), Click::Deselected);
    assert_eq!(
        t.selection(),
        Selection::Source(Source::Square(sq("e6"))),
        "cancel keeps the pick"
    );
    assert_eq!(t.click_square(sq("e7")), Click::AskPromotion);
    match t.choose_promotion(Some(true)) {
        Click::Played(report) => {
            assert_eq!(report.mv, "e6e7+".parse::<YMove>().unwrap());
            assert_eq!(report.captured, Some(Role::Pawn));
        }
        other => panic!("not played: {other:?}"),
    }
    assert!(t.game().position().piece_at(sq("e7")).unwrap().promoted);
}

#[test]
fn a_hand_piece_is_picked_and_dropped_y2_3() {
    // RULES Y2.3: a drop puts a piece from hand on an empty square.
    let mut t = yonin_promotion();
    assert_eq!(
        t.click_hand(Seat::West, Role::Pawn),
        Click::Ignored,
        "not West's turn"
    );
    assert_eq!(
        t.click_hand(Seat::South, Role::Gold),
        Click::Ignored,
        "no gold in hand"
    );
    assert_eq!(t.click_hand(Seat::South, Role::Pawn), Click::Selected);
    let drops = t.destinations();
    assert!(drops.contains(sq("d5")));
    assert!(!drops.contains(sq("a5")), "occupied by West's king");
    // Nifu (RULES Y4.1): South has unpromoted pawns on files e (e3) and f (f2).
    assert!(!drops.contains(sq("e5")) && !drops.contains(sq("f5")));
    assert_eq!(t.click_hand(Seat::South, Role::Pawn), Click::Deselected);
    assert_eq!(t.click_hand(Seat::South, Role::Pawn), Click::Selected);
    let to = sq("d5");
    let report = match t.click_square(to) {
        Click::Played(r) => r,
        other => panic!("not dropped: {other:?}"),
    };
    assert!(report.mv.is_drop());
    assert_eq!(t.game().position().hand(Seat::South).count(Role::Pawn), 0);
}

#[test]
fn the_legal_moves_are_computed_once_per_position() {
    let mut t = hasami();
    let before: *const Dests<HGame> = t.dests();
    // Picks and drops change nothing in the position: the same map answers them.
    assert_eq!(t.click_square(sq("e1")), Click::Selected);
    assert_eq!(t.click_square(sq("d1")), Click::Selected);
    assert!(std::ptr::eq(before, t.dests()), "not computed again");
    // The map takes the legal moves apart by where they start: 9 pieces, each to the
    // 7 squares of its file (RULES H2.1).
    assert_eq!(t.dests().sources().len(), 9);
    assert_eq!(t.dests().from(Source::Square(sq("e1"))).len(), 7);
    assert_eq!(
        t.dests()
            .sources()
            .iter()
            .map(|(_, to)| to.len())
            .sum::<usize>(),
        t.game().legal_moves().len()
    );
    // A move makes a new position: White's pieces can move now, Black's cannot.
    click_move(&mut t, "e1", "e5");
    assert!(t.dests().from(Source::Square(sq("e9"))).contains(sq("e6")));
    assert!(t.dests().from(Source::Square(sq("a1"))).is_empty());
    assert_eq!(
        t.dests()
            .sources()
            .iter()
            .map(|(_, to)| to.len())
            .sum::<usize>(),
        t.game().legal_moves().len()
    );
}

#[test]
fn a_hand_piece_with_no_legal_drop_is_refused_and_told_y4_5() {
    // RULES Y4.5: West's gold on e2, guarded by West's rook on e8, checks South's king
    // on e1 from next to it: no drop can stop that check, so the pawn in South's hand
    // has no legal drop. The click picks nothing and the player is told why.
    let pos: YPosition = "Kn8/4Rw4/9/9/Kw7Ke/9/9/4Gw4/4Ks4 P/-/-/- s - 0 -"
        .parse()
        .expect("a valid position");
    let mut t = yonin_table(
        YGame::from_position(pos),
        vec![Participant::new(Controller::Human); 4],
    );
    assert!(!t.game().legal_moves().is_empty(), "the king can step away");
    assert!(t.game().legal_moves().iter().all(|m| !m.is_drop()));
    assert_eq!(t.click_hand(Seat::South, Role::Pawn), Click::NoDrop);
    assert_eq!(t.selection(), Selection::None);
    assert!(t.notices().contains(&TableNotice::Refused(Refusal::NoDrop)));
    // A piece South does not hold is no refusal: there is nothing to click.
    assert_eq!(t.click_hand(Seat::South, Role::Gold), Click::Ignored);
    // The king steps aside and the game goes on.
    let report = click_move(&mut t, "e1", "d1");
    assert_eq!(report.mover, Seat::South);
}

/// Escape on the board drops the piece picked, on the board or in hand; it leaves an
/// open promotion choice to its own cancel, and does nothing with nothing picked.
#[test]
fn escape_drops_the_pick() {
    let mut t = yonin_promotion();
    assert!(!t.drop_pick(), "nothing picked");
    assert_eq!(t.click_square(sq("e6")), Click::Selected);
    assert!(t.drop_pick());
    assert_eq!(t.selection(), Selection::None);
    assert_eq!(t.click_hand(Seat::South, Role::Pawn), Click::Selected);
    assert!(t.drop_pick());
    assert_eq!(t.selection(), Selection::None);
    assert_eq!(t.click_square(sq("e6")), Click::Selected);
    assert_eq!(t.click_square(sq("e7")), Click::AskPromotion);
    assert!(!t.drop_pick(), "the choice is cancelled by its own button");
    assert!(matches!(t.selection(), Selection::Promotion { .. }));
}
