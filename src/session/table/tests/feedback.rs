//! The sound and motion of a move ([`crate::session::feedback`]).

use super::*;

#[test]
fn moves_made_here_sound_and_move_and_others_do_not() {
    use crate::session::feedback::{MoveMotion, MoveSound};
    let mut t = hasami();
    assert_eq!(t.move_feedback(), None, "a new game is silent");
    click_move(&mut t, "e1", "e5");
    let first = t.move_feedback().expect("the person's move");
    assert_eq!(first.sound, MoveSound::Move);
    assert_eq!(
        first.motion,
        MoveMotion::Slide {
            from: sq("e1"),
            to: sq("e5")
        }
    );
    let answer = answer_cpu(&mut t);
    let second = t.move_feedback().expect("the CPU's move sounds too");
    assert_ne!(second.id, first.id, "a new move, a new id");
    assert_eq!(
        second.motion,
        MoveMotion::Slide {
            from: answer.mv.from,
            to: answer.mv.to
        }
    );
    // A held move makes no sound until it is played.
    t.set_confirm_moves(true);
    let mv = t.game().legal_moves()[0];
    assert_eq!(t.click_square(mv.from), Click::Selected);
    assert_eq!(t.click_square(mv.to), Click::AskConfirm);
    assert_eq!(t.move_feedback().map(|f| f.id), Some(second.id));
    assert!(matches!(t.confirm_move(), Click::Played(_)));
    assert_ne!(t.move_feedback().map(|f| f.id), Some(second.id));

    // The same game opened from storage (a reload) or taken from another tab: silent.
    let reloaded = hasami::Table::restore(t.saved(), PAGE_B);
    assert_eq!(reloaded.move_feedback(), None);
    let mut other = hasami::Table::restore(hasami().saved(), PAGE_B);
    other.storage_event(Some(&t.saved().encode()));
    assert_eq!(other.game().moves().len(), 3);
    assert_eq!(other.move_feedback(), None);
    // A take-back or a new game: nothing to sound.
    t.take_back().unwrap();
    assert_eq!(t.move_feedback(), None);
    t.set_confirm_moves(false);
    let mv = t.game().legal_moves()[0];
    click_move(&mut t, &mv.from.to_string(), &mv.to.to_string());
    assert!(t.move_feedback().is_some());
    t.new_game();
    assert_eq!(t.move_feedback(), None);
}

#[test]
fn a_yonin_drop_fades_in_and_a_capture_sounds() {
    use crate::session::feedback::{MoveMotion, MoveSound};
    let mut t = yonin_promotion();
    t.click_hand(Seat::South, Role::Pawn);
    assert!(matches!(t.click_square(sq("d5")), Click::Played(_)));
    let drop = t.move_feedback().unwrap();
    assert_eq!(drop.motion, MoveMotion::Drop { to: sq("d5") });
    assert_eq!(drop.sound, MoveSound::Move);

    let mut t = yonin_promotion();
    t.click_square(sq("e6"));
    t.click_square(sq("e7"));
    let report = match t.choose_promotion(Some(false)) {
        Click::Played(r) => r,
        other => panic!("{other:?}"),
    };
    let capture = t.move_feedback().unwrap();
    assert_eq!(
        capture.motion,
        MoveMotion::Slide {
            from: sq("e6"),
            to: sq("e7")
        }
    );
    assert_eq!(
        capture.sound,
        crate::session::feedback::yonin_sound(&report)
    );
    assert!(matches!(
        capture.sound,
        MoveSound::Capture | MoveSound::Check
    ));
}
