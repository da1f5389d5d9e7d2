//! Confirm moves: a chosen move held until confirmed ([`super::super::picking`]).

use super::*;

/// A Hasami table with *confirm moves* on and e1-e5 chosen, held for confirmation.
fn hasami_holding_e1e5() -> hasami::Table {
    let mut t = hasami();
    t.set_confirm_moves(true);
    assert_eq!(t.click_square(sq("e1")), Click::Selected);
    assert_eq!(t.click_square(sq("e5")), Click::AskConfirm);
    assert_eq!(t.proposed(), Some(hmv("e1e5")));
    t
}

#[test]
fn a_held_move_is_played_once_when_confirmed() {
    let mut t = hasami_holding_e1e5();
    assert!(t.game().moves().is_empty(), "nothing played yet");
    assert!(
        t.cpu_request().is_none(),
        "the CPU waits for the confirmation"
    );
    assert_eq!(
        t.selection(),
        Selection::Source(Source::Square(sq("e1"))),
        "the piece stays picked"
    );
    let generation = t.save_generation();
    assert_eq!(t.save_generation(), generation, "nothing to save");
    match t.confirm_move() {
        Click::Played(report) => assert_eq!(report.mv, hmv("e1e5")),
        other => panic!("not played: {other:?}"),
    }
    assert_eq!(t.game().moves(), [hmv("e1e5")]);
    assert_eq!(t.proposed(), None);
    assert_eq!(t.confirm_move(), Click::Ignored, "played exactly once");
    assert_eq!(t.game().moves().len(), 1);
    // The CPU answers as usual.
    let answer = answer_cpu(&mut t);
    assert_eq!(t.game().moves(), [hmv("e1e5"), answer.mv]);
}

#[test]
fn a_cancelled_move_plays_nothing_and_keeps_the_pick() {
    let mut t = hasami_holding_e1e5();
    assert_eq!(t.cancel_move(), Click::Selected);
    assert!(t.game().moves().is_empty());
    assert_eq!(t.proposed(), None);
    assert_eq!(t.selection(), Selection::Source(Source::Square(sq("e1"))));
    assert_eq!(t.confirm_move(), Click::Ignored, "nothing held any more");
    assert_eq!(t.cancel_move(), Click::Ignored);
    // A click on the board while a move is held cancels it too (any square).
    assert_eq!(t.click_square(sq("e5")), Click::AskConfirm);
    assert_eq!(t.click_square(sq("a5")), Click::Selected);
    assert!(t.game().moves().is_empty());
    assert_eq!(t.selection(), Selection::Source(Source::Square(sq("e1"))));
    // Another destination can then be chosen and confirmed.
    assert_eq!(t.click_square(sq("e4")), Click::AskConfirm);
    assert!(matches!(t.confirm_move(), Click::Played(_)));
    assert_eq!(t.game().moves(), [hmv("e1e4")]);
    // Turning the option off cancels a held move; moves are then played at once.
    answer_cpu(&mut t);
    assert_eq!(t.click_square(sq("a1")), Click::Selected);
    assert_eq!(t.click_square(sq("a4")), Click::AskConfirm);
    t.set_confirm_moves(false);
    assert_eq!(t.proposed(), None);
    assert_eq!(t.game().moves().len(), 2);
    assert!(matches!(t.click_square(sq("a4")), Click::Played(_)));
    assert_eq!(t.game().moves().len(), 3);
}

#[test]
fn yonin_promotion_and_drop_are_held_for_confirmation() {
    let mut t = yonin_promotion();
    t.set_confirm_moves(true);
    // The promotion is asked first, then the move is held.
    assert_eq!(t.click_square(sq("e6")), Click::Selected);
    assert_eq!(t.click_square(sq("e7")), Click::AskPromotion);
    assert_eq!(t.choose_promotion(Some(true)), Click::AskConfirm);
    assert_eq!(t.proposed(), Some("e6e7+".parse::<YMove>().unwrap()));
    assert_eq!(t.selection(), Selection::Source(Source::Square(sq("e6"))));
    assert!(t.game().moves().is_empty());
    assert_eq!(t.cancel_move(), Click::Selected);
    assert!(t.game().moves().is_empty());
    // A drop: held, cancelled (the hand piece stays picked), chosen again, confirmed.
    assert_eq!(t.click_hand(Seat::South, Role::Pawn), Click::Selected);
    assert_eq!(t.click_square(sq("d5")), Click::AskConfirm);
    assert_eq!(t.proposed(), Some("P*d5".parse::<YMove>().unwrap()));
    assert_eq!(t.cancel_move(), Click::Selected);
    assert_eq!(t.selection(), Selection::Source(Source::Hand(Role::Pawn)));
    assert_eq!(t.click_square(sq("d5")), Click::AskConfirm);
    // A click on a hand while the drop is held cancels it.
    assert_eq!(t.click_hand(Seat::South, Role::Pawn), Click::Selected);
    assert!(t.game().moves().is_empty());
    assert_eq!(t.click_square(sq("d5")), Click::AskConfirm);
    let report = match t.confirm_move() {
        Click::Played(r) => r,
        other => panic!("not dropped: {other:?}"),
    };
    assert!(report.mv.is_drop());
    assert_eq!(t.game().moves().len(), 1);
    assert_eq!(t.confirm_move(), Click::Ignored, "played exactly once");
    assert_eq!(t.game().position().hand(Seat::South).count(Role::Pawn), 0);
}

#[test]
fn a_held_move_is_forgotten_when_the_table_changes() {
    // A CPU answer (the person handed the seat to the CPU, which moved).
    let mut t = hasami_holding_e1e5();
    t.set_controller(Player::Black, Controller::Cpu);
    assert_eq!(t.proposed(), None);
    let cpu = answer_cpu(&mut t);
    assert_eq!(t.confirm_move(), Click::Ignored);
    assert_eq!(t.game().moves(), [cpu.mv], "only the CPU's move");

    // Another tab's newer change.
    let mut a = hasami_holding_e1e5();
    let mut b = hasami::Table::restore(a.saved(), PAGE_B);
    click_move(&mut b, "a1", "a5");
    a.storage_event(Some(&b.saved().encode()));
    assert_eq!(a.proposed(), None);
    assert_eq!(a.confirm_move(), Click::Ignored);
    assert_eq!(a.game().moves(), [hmv("a1a5")], "the other tab's move only");

    // A new game.
    let mut t = hasami_holding_e1e5();
    t.new_game();
    assert_eq!(t.proposed(), None);
    assert_eq!(t.confirm_move(), Click::Ignored);
    assert!(t.game().moves().is_empty());

    // A take-back.
    let mut t = hasami();
    t.set_confirm_moves(true);
    t.click_square(sq("a1"));
    t.click_square(sq("a5"));
    assert!(matches!(t.confirm_move(), Click::Played(_)));
    answer_cpu(&mut t);
    t.click_square(sq("e1"));
    assert_eq!(t.click_square(sq("e5")), Click::AskConfirm);
    t.take_back().unwrap();
    assert_eq!(t.proposed(), None);
    assert_eq!(t.confirm_move(), Click::Ignored);
    assert!(
        t.game().moves().is_empty(),
        "both moves taken back, none played"
    );

    // A settings change makes the held move stale: it is never played.
    let mut t = hasami_holding_e1e5();
    let before = t.revision();
    let mut settings = HSettings::default();
    settings.table.show_legal_moves = false;
    t.set_settings(settings);
    assert_ne!(t.revision(), before);
    assert_eq!(t.proposed(), None);
    assert_eq!(t.confirm_move(), Click::Ignored);
    assert!(t.game().moves().is_empty());
}

#[test]
fn a_yonin_held_move_is_forgotten_on_another_tabs_move() {
    let mut a = yonin_promotion();
    a.set_confirm_moves(true);
    let mut b = yonin::Table::restore(a.saved(), PAGE_B);
    a.click_hand(Seat::South, Role::Pawn);
    assert_eq!(a.click_square(sq("d5")), Click::AskConfirm);
    click_move(&mut b, "e6", "d5");
    a.storage_event(Some(&b.saved().encode()));
    assert_eq!(a.proposed(), None);
    assert_eq!(a.confirm_move(), Click::Ignored);
    assert_eq!(a.game().moves(), b.game().moves());
}

#[test]
fn the_clock_running_out_while_a_move_is_held_lets_the_cpu_move_once() {
    let mut t = hasami();
    t.set_settings(timed(TimePerMove::Seconds30));
    t.set_confirm_moves(true);
    t.tick(0.0);
    t.click_square(sq("e1"));
    assert_eq!(t.click_square(sq("e5")), Click::AskConfirm);
    t.tick(10_000.0);
    assert!(
        t.clock_running(),
        "the clock goes on while the move is held"
    );
    t.tick(30_000.0);
    assert_eq!(t.proposed(), None, "the held move is dropped");
    assert_eq!(t.selection(), Selection::None);
    assert_eq!(t.confirm_move(), Click::Ignored, "too late to confirm");
    let req = t.cpu_request().expect("the CPU moves for Black").clone();
    assert_eq!(req.reason, CpuReason::Timeout);
    let mv = req.think(None).unwrap();
    t.cpu_answer(req.revision, mv).unwrap();
    assert_eq!(t.game().moves(), [mv], "one move, the CPU's");
}
