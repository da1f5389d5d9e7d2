//! Other tabs ([`super::super::sync`]).

use super::*;

#[test]
fn another_tabs_newer_change_is_taken_and_an_older_one_is_not() {
    let mut a = hasami();
    let mut b = hasami::Table::restore(a.saved(), PAGE_B);
    // A person moves in A: B takes it and says so.
    click_move(&mut a, "e1", "e5");
    b.storage_event(Some(&a.saved().encode()));
    assert_eq!(b.game().moves(), a.game().moves());
    assert_eq!(b.revision(), a.revision());
    assert!(b.notices().contains(&TableNotice::OtherTab));
    b.tick(TRANSIENT);
    assert!(b.notices().posted().is_empty(), "a passing notice");
    // A (in charge) plays the CPU's answer: B takes it quietly, no notice at every
    // CPU move.
    answer_cpu(&mut a);
    b.storage_event(Some(&a.saved().encode()));
    assert_eq!(b.game().moves().len(), 2);
    assert!(b.notices().posted().is_empty());
    a.take_back().unwrap();
    b.storage_event(Some(&a.saved().encode()));
    assert_eq!(b.game().moves().len(), 0);
    click_move(&mut a, "e1", "e5");
    b.storage_event(Some(&a.saved().encode()));
    // B (hot-seat now) moves on; A then writes an older state late: B keeps its own
    // newer game and asks to save it again, so storage ends with the newer one.
    b.set_controller(Player::White, Controller::Human);
    let stale = a.saved().encode();
    click_move(&mut b, "e9", "e6");
    let generation = b.save_generation();
    b.storage_event(Some(&stale));
    assert_eq!(b.game().moves().len(), 2, "B's newer move is not lost");
    assert_eq!(b.save_generation(), generation + 1);
    // Garbage and removal are ignored.
    b.storage_event(Some("{garbage"));
    b.storage_event(None);
    b.storage_event(Some(r#"{"app":"shogi-variants","version":2,"data":{}}"#));
    assert_eq!(b.game().moves().len(), 2);
    // A takes B's newer state.
    a.storage_event(Some(&b.saved().encode()));
    assert_eq!(a.game().moves(), b.game().moves());
    assert_eq!(a.controller(Player::White), Controller::Human);
}

#[test]
fn two_changes_at_once_converge_on_the_same_table() {
    let base = hasami();
    let mut a = hasami::Table::restore(base.saved(), PAGE_A);
    let mut b = hasami::Table::restore(base.saved(), PAGE_B);
    a.set_controller(Player::White, Controller::Human);
    click_move(&mut b, "a1", "a5");
    let (ta, tb) = (a.saved().encode(), b.saved().encode());
    a.storage_event(Some(&tb));
    b.storage_event(Some(&ta));
    assert_eq!(a.revision(), b.revision(), "both agree on the newer change");
    assert_eq!(a.saved().encode(), b.saved().encode());
}

#[test]
fn another_tabs_new_game_and_result_are_shown() {
    let mut a = hasami();
    let mut b = hasami::Table::restore(a.saved(), PAGE_B);
    click_move(&mut a, "e1", "e5");
    answer_cpu(&mut a);
    b.storage_event(Some(&a.saved().encode()));
    // A resigns: B shows the result although it did not end the game itself.
    a.resign().unwrap();
    b.storage_event(Some(&a.saved().encode()));
    assert!(b.game().is_over());
    assert!(b.show_result());
    b.dismiss_result();
    // A starts a new game and finishes it at once: B shows that result again.
    a.new_game();
    a.resign().unwrap();
    b.storage_event(Some(&a.saved().encode()));
    assert!(
        b.show_result(),
        "the result of another tab's new game is shown"
    );
    assert!(
        b.notices().contains(&TableNotice::OtherTab),
        "B's game was replaced"
    );
}

#[test]
fn a_tab_that_replays_is_told_its_replay_stays_when_another_tab_moves() {
    let mut a = hasami();
    click_move(&mut a, "e1", "e5");
    answer_cpu(&mut a);
    let mut b = hasami::Table::restore(a.saved(), PAGE_B);
    b.replay_to(0);
    let next = a.game().legal_moves()[0].to_string();
    click_move(&mut a, &next[..2], &next[2..]);
    b.storage_event(Some(&a.saved().encode()));
    assert_eq!(b.game().moves().len(), 3);
    assert_eq!(b.replay_ply(), Some(0), "the replay stays at the start");
    assert!(b.notices().contains(&TableNotice::OtherTabReplaying));
    assert!(
        !b.notices().contains(&TableNotice::OtherTab),
        "it does not show the latest"
    );
    // Back in live play, another tab's move is told as before.
    b.replay_step(ReplayStep::Last);
    b.tick(TRANSIENT);
    a.take_back().unwrap();
    b.storage_event(Some(&a.saved().encode()));
    assert_eq!(b.replay_ply(), None);
    assert!(b.notices().contains(&TableNotice::OtherTab));
}

#[test]
fn a_follower_takes_the_clock_of_the_tab_in_charge() {
    let mut a = hasami();
    a.set_settings(timed(TimePerMove::Seconds30));
    let mut b = hasami::Table::restore(a.saved(), PAGE_B);
    a.tick(0.0);
    a.tick(10_000.0);
    b.storage_event(Some(&a.saved().encode()));
    b.tick(0.0);
    assert_eq!(b.remaining_ms(), Some(20_000.0));
}
