//! The CPU's requests and revisions ([`super::super::cpu_request`]).

use super::*;

#[test]
fn a_cpu_answer_is_played_only_for_the_current_revision() {
    let mut t = hasami();
    assert!(t.cpu_request().is_none(), "the person (Black) is to move");
    click_move(&mut t, "e1", "e5");
    let req = t.cpu_request().expect("the CPU plays White").clone();
    assert_eq!(req.seat, Player::White);
    assert_eq!(req.reason, CpuReason::Turn);
    let answer = req.think(None).unwrap();

    // A seat change in between: the answer is stale, and no CPU plays a person's seat.
    t.set_controller(Player::White, Controller::Human);
    assert!(t.cpu_request().is_none(), "never for a person's seat");
    assert_eq!(t.cpu_answer(req.revision, answer), Err(TableError::Stale));
    t.set_controller(Player::White, Controller::Cpu);
    let again = t.cpu_request().unwrap().clone();
    assert_ne!(again.revision, req.revision);
    assert_eq!(
        t.cpu_answer(req.revision, answer),
        Err(TableError::Stale),
        "the old revision stays stale"
    );

    // Played once: the same answer a second time is stale.
    t.cpu_answer(again.revision, answer).unwrap();
    assert_eq!(t.cpu_answer(again.revision, answer), Err(TableError::Stale));
    assert_eq!(t.game().moves().len(), 2);

    // A new game in between.
    click_move(&mut t, "a1", "a2");
    let req = t.cpu_request().unwrap().clone();
    t.new_game();
    let answer = req.game.legal_moves()[0];
    assert_eq!(t.cpu_answer(req.revision, answer), Err(TableError::Stale));
    assert_eq!(t.game().moves().len(), 0);
}

#[test]
fn no_cpu_answer_after_the_end() {
    let mut t = hasami();
    click_move(&mut t, "e1", "e5");
    let req = t.cpu_request().unwrap().clone();
    let answer = req.game.legal_moves()[0];
    t.resign().unwrap();
    assert!(t.game().is_over());
    assert!(t.cpu_request().is_none());
    assert_eq!(t.cpu_answer(req.revision, answer), Err(TableError::Stale));
    assert_eq!(
        t.participants()[1].wins,
        1,
        "White (the CPU) won by resignation"
    );
}

#[test]
fn the_revision_changes_on_every_change_and_never_repeats() {
    let mut t = hasami();
    let mut seen = vec![t.revision()];
    let mut record = |t: &hasami::Table| {
        assert!(t.revision() > *seen.last().unwrap(), "revisions grow");
        assert!(!seen.contains(&t.revision()));
        seen.push(t.revision());
    };
    click_move(&mut t, "e1", "e5"); // a move
    record(&t);
    answer_cpu(&mut t); // the CPU's move
    record(&t);
    t.take_back().unwrap(); // a take-back
    record(&t);
    t.set_controller(Player::White, Controller::Human); // a seat change
    record(&t);
    let mut settings = *t.settings();
    settings.rules.win = crate::engine::hasami::WinCondition::CaptureAll;
    t.set_settings(settings); // a rule change
    record(&t);
    t.new_game(); // a new game
    record(&t);

    // Across reloads and tabs: two pages that restore the same save and each make a
    // change make different revisions, both newer than the save.
    let saved = t.saved();
    let mut a = hasami::Table::restore(saved.clone(), PAGE_A + 100);
    let mut b = hasami::Table::restore(saved.clone(), PAGE_B + 100);
    a.set_controller(Player::White, Controller::Cpu);
    b.set_controller(Player::White, Controller::Cpu);
    assert!(a.revision() > saved.revision && b.revision() > saved.revision);
    assert_ne!(a.revision(), b.revision());
    assert_eq!(a.revision().seq, b.revision().seq);
}

#[test]
fn only_the_tab_in_charge_asks_the_cpu_and_not_behind_a_dialog() {
    let mut t = hasami::Table::new(HSettings::default(), PAGE_A);
    t.click_square(sq("e1"));
    t.click_square(sq("e5"));
    assert!(t.cpu_request().is_none(), "not in charge");
    assert!(t.may_lead());
    assert!(t.cpu_thinking(), "the tab in charge thinks");
    t.set_leader(true);
    let first = t.cpu_request().unwrap().id;
    t.set_modal(true);
    assert!(t.cpu_request().is_none(), "a dialog is open");
    assert!(!t.may_lead(), "the lock goes to another tab");
    assert!(!t.cpu_thinking(), "the status does not say the CPU thinks");
    t.set_modal(false);
    assert!(t.may_lead());
    assert!(t.cpu_thinking());
    let req = t.cpu_request().unwrap().clone();
    assert_ne!(req.id, first, "asked again when the dialog closes");
    t.set_leader(false);
    assert!(t.cpu_request().is_none());
    t.set_leader(true);
    t.set_shown(false);
    assert!(t.cpu_request().is_none(), "another game is on screen");
    assert!(!t.may_lead());
    t.set_shown(true);
    let mv = req.think(None).unwrap();
    t.cpu_answer(t.revision(), mv).unwrap();
    assert_eq!(t.game().moves().len(), 2);
    assert!(!t.cpu_thinking(), "a person's move");
}

/// Two tabs of one table: the first, in charge, replays its game; it may no longer
/// lead, so the page gives its lock to the second tab, whose person's move the CPU then
/// answers there (before, the second tab's CPU waited for the replay to end).
#[test]
fn a_tab_that_replays_lets_another_tab_answer_its_person() {
    let mut a = hasami();
    click_move(&mut a, "e1", "e5");
    answer_cpu(&mut a);
    let mut b = hasami::Table::open(Some(&a.saved().encode()), None, PAGE_B).0;
    assert!(b.may_lead());
    a.replay_step(ReplayStep::Previous);
    assert!(!a.may_lead(), "a replaying tab gives the lock back");
    a.set_leader(false);
    b.set_leader(true);
    let mv = b.game().legal_moves()[0];
    assert_eq!(b.click_square(mv.from), Click::Selected);
    assert!(matches!(b.click_square(mv.to), Click::Played(_)));
    let req = b
        .cpu_request()
        .expect("the second tab asks its CPU")
        .clone();
    assert_eq!(req.seat, Player::White);
    let mv = req.think(None).unwrap();
    b.cpu_answer(req.revision, mv).unwrap();
    a.storage_event(Some(&b.saved().encode()));
    assert_eq!(a.game().moves().len(), 4, "the replaying tab follows");
    assert_eq!(a.replay_ply(), Some(1), "at the move it shows");
    assert!(a.cpu_request().is_none());
    a.exit_replay();
    assert!(a.may_lead(), "back in play: it asks for the lock again");
}

#[test]
fn the_pause_before_the_cpus_move_overlaps_its_thinking() {
    use crate::session::table::cpu_request::answer_delay_ms;
    // Asked at 1 000 ms with a 450 ms pause: an answer at 1 100 ms waits 350 ms more;
    // one at 2 000 ms (a long think) is played at once.
    assert_eq!(answer_delay_ms(1_000.0, 1_100.0, 450), 350.0);
    assert_eq!(answer_delay_ms(1_000.0, 1_450.0, 450), 0.0);
    assert_eq!(answer_delay_ms(1_000.0, 2_000.0, 450), 0.0);
    assert_eq!(answer_delay_ms(f64::NAN, 2_000.0, 450), 0.0);
}
