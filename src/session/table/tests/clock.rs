//! The move clock (RULES H5.1).

use super::*;

#[test]
fn the_clock_pauses_behind_a_dialog_and_after_the_end() {
    let mut t = hasami();
    t.set_settings(timed(TimePerMove::Seconds30));
    t.tick(1_000.0);
    t.tick(11_000.0);
    assert_eq!(t.remaining_ms(), Some(20_000.0));
    t.set_modal(true);
    t.tick(50_000.0);
    assert_eq!(
        t.remaining_ms(),
        Some(20_000.0),
        "paused while the dialog is open"
    );
    assert!(t.cpu_request().is_none());
    t.set_modal(false);
    t.tick(55_000.0);
    assert_eq!(t.remaining_ms(), Some(15_000.0));
    t.set_shown(false);
    t.tick(70_000.0);
    assert_eq!(
        t.remaining_ms(),
        Some(15_000.0),
        "paused while another game is shown"
    );
    t.set_shown(true);
    t.tick(70_000.0);
    t.resign().unwrap();
    t.tick(90_000.0);
    assert_eq!(t.remaining_ms(), None, "no clock after the end");
    assert!(!t.clock_running());
    assert!(t.cpu_request().is_none());
}

#[test]
fn a_seat_change_does_not_refill_the_clock() {
    let mut t = hasami();
    t.set_settings(timed(TimePerMove::Seconds30));
    t.tick(1_000.0);
    t.tick(21_000.0);
    assert_eq!(t.remaining_ms(), Some(10_000.0));
    t.set_controller(Player::White, Controller::Human);
    t.set_controller(Player::White, Controller::Cpu);
    t.tick(22_000.0);
    assert_eq!(t.remaining_ms(), Some(9_000.0));
    // Choosing a longer time per move counts the time already used.
    t.set_settings(timed(TimePerMove::Seconds60));
    t.tick(23_000.0);
    assert_eq!(t.remaining_ms(), Some(38_000.0));
}

#[test]
fn after_a_reload_the_clock_resumes_with_the_time_left() {
    let mut t = hasami();
    t.set_settings(timed(TimePerMove::Seconds30));
    t.tick(100.0);
    t.tick(12_100.0); // 12 s used
    assert!(
        t.page_hidden(),
        "the clock's time is saved when the page goes"
    );
    t.save_done(Ok(()));
    assert!(!t.page_hidden(), "nothing new to save");
    let text = t.saved().encode();
    // The new page's monotonic clock starts near 0 again.
    let mut back = hasami::Table::restore(SavedTable::open(&text, None).unwrap(), PAGE_B);
    back.set_leader(true);
    back.tick(5.0);
    assert_eq!(back.remaining_ms(), Some(18_000.0), "not a full period");
    back.tick(1_005.0);
    assert_eq!(back.remaining_ms(), Some(17_000.0));
}

#[test]
fn a_running_clock_asks_to_be_saved_every_few_seconds() {
    let mut t = hasami();
    t.set_settings(timed(TimePerMove::Seconds60));
    let generation = t.save_generation();
    t.tick(1_000.0);
    t.tick(3_000.0);
    assert_eq!(t.save_generation(), generation);
    t.tick(1_000.0 + CLOCK_SAVE_MS);
    assert_eq!(t.save_generation(), generation + 1);
    t.save_done(Ok(()));
    t.tick(2_000.0 + CLOCK_SAVE_MS);
    assert_eq!(t.save_generation(), generation + 1, "saved a second ago");
}

#[test]
fn at_zero_the_cpu_moves_for_the_person_once_h5_1() {
    // RULES H5.1: when the time runs out, the CPU makes that move for the player.
    let mut t = hasami();
    t.set_settings(timed(TimePerMove::Seconds30));
    t.tick(0.0);
    t.tick(29_999.0);
    assert!(t.cpu_request().is_none());
    assert!(t.human_to_move());
    t.tick(30_000.0);
    let req = t.cpu_request().expect("the CPU moves for Black").clone();
    assert_eq!((req.seat, req.reason), (Player::Black, CpuReason::Timeout));
    // Strong, as while it was the default level; a new CPU seat is casual.
    assert_eq!(req.level, crate::ai::Level::Strong);
    assert!(
        !t.human_to_move(),
        "the person's clicks are no longer taken"
    );
    assert_eq!(t.click_square(sq("e1")), Click::Ignored);
    t.tick(31_000.0);
    t.tick(45_000.0);
    assert_eq!(t.cpu_request().unwrap().id, req.id, "asked once");
    let mv = req.think(None).unwrap();
    t.cpu_answer(req.revision, mv).unwrap();
    assert_eq!(
        t.cpu_answer(req.revision, mv),
        Err(TableError::Stale),
        "played once"
    );
    assert_eq!(t.game().moves(), [mv]);
    assert!(t.notices().contains(&TableNotice::Timeout {
        seat: Player::Black
    }));
    // Now the CPU's own turn (White), then the person's clock starts afresh.
    answer_cpu(&mut t);
    t.tick(46_000.0);
    assert_eq!(t.remaining_ms(), Some(29_000.0));
}

#[test]
fn a_tab_not_in_charge_never_acts_at_zero() {
    let mut t = hasami::Table::new(timed(TimePerMove::Seconds30), PAGE_A);
    t.tick(0.0);
    t.tick(40_000.0);
    assert_eq!(t.remaining_ms(), Some(0.0));
    assert!(t.cpu_request().is_none());
    t.set_leader(true);
    t.tick(40_100.0);
    let req = t.cpu_request().expect("the new tab in charge acts").clone();
    assert_eq!(req.reason, CpuReason::Timeout);
}
