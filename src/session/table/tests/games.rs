//! Games, seats and views.

use super::*;

#[test]
fn take_back_returns_to_the_person_to_move() {
    let mut t = hasami();
    assert!(!t.can_take_back());
    click_move(&mut t, "e1", "e5");
    answer_cpu(&mut t);
    t.take_back().unwrap();
    assert_eq!(
        t.game().moves().len(),
        0,
        "the CPU's reply and the person's move"
    );
    assert!(t.human_to_move());
    // A resignation is taken back alone, and its win uncounted.
    click_move(&mut t, "e1", "e5");
    answer_cpu(&mut t);
    t.resign().unwrap();
    assert_eq!(t.participants()[1].wins, 1);
    t.take_back().unwrap();
    assert!(!t.game().is_over());
    assert_eq!(t.game().moves().len(), 2);
    assert_eq!(t.participants()[1].wins, 0);
    assert_eq!(t.take_back(), Ok(()));
    assert_eq!(t.take_back(), Err(TableError::NothingToTakeBack));
}

#[test]
fn participants_swap_colours_at_the_next_game_h1_3() {
    // RULES H1.3: Black always moves first; alternate who starts swaps who plays Black.
    let mut t = hasami();
    t.new_game();
    assert_eq!(
        t.controller(Player::Black),
        Controller::Human,
        "nobody had moved"
    );
    click_move(&mut t, "e1", "e5");
    t.new_game();
    assert_eq!(t.controller(Player::Black), Controller::Cpu);
    assert_eq!(
        t.bottom_seat(),
        Player::White,
        "the person's seat at the bottom"
    );
    assert!(t.cpu_request().is_some(), "the CPU opens as Black");
    assert_eq!(t.game_number(), 3);
}

#[test]
fn each_new_yonin_game_starts_one_seat_further_y1_5() {
    // RULES Y1.5
    let mut t = yonin::Table::new(YSettings::default(), PAGE_A);
    assert_eq!(t.game().side_to_move(), Some(Seat::South));
    t.set_controller(Seat::South, Controller::Human);
    click_move(&mut t, "e3", "e4");
    t.new_game();
    assert_eq!(t.game().side_to_move(), Some(Seat::West));
    assert!(!t.can_take_back() || t.game().moves().is_empty());
}

#[test]
fn yonin_has_no_resignation_y6_6() {
    // RULES Y6.6
    let mut t = yonin::Table::new(YSettings::default(), PAGE_A);
    assert_eq!(t.resigner(), None);
    assert_eq!(t.resign(), Err(TableError::CannotResign));
    assert!(!t.game().is_over());
}

#[test]
fn the_board_turns_to_the_person_to_move_when_asked() {
    let mut t = hasami();
    t.set_controller(Player::White, Controller::Human);
    assert_eq!(t.bottom_seat(), Player::Black);
    click_move(&mut t, "e1", "e5");
    assert_eq!(t.bottom_seat(), Player::Black, "fixed view");
    let mut settings = *t.settings();
    settings.table.view = ViewMode::TurnToMove;
    t.set_settings(settings);
    assert_eq!(t.bottom_seat(), Player::White);
    click_move(&mut t, "e9", "e6");
    assert_eq!(t.bottom_seat(), Player::Black);
}

#[test]
fn each_cpu_seat_plays_at_its_own_level() {
    use crate::ai::{Level, THINK_TIMES_MS};
    let mut t = yonin::Table::new(YSettings::default(), PAGE_A);
    t.set_leader(true);
    t.set_controller(Seat::South, Controller::Cpu);
    let first = t.cpu_request().unwrap().clone();
    assert_eq!((first.seat, first.level), (Seat::South, Level::Casual));
    t.set_level(Seat::South, Level::Master, THINK_TIMES_MS[2])
        .unwrap();
    let req = t.cpu_request().unwrap().clone();
    assert_eq!((req.level, req.think_ms), (Level::Master, 10_000));
    assert_ne!(
        req.revision, first.revision,
        "a level change makes the old answer stale"
    );
    let revision = t.revision();
    assert_eq!(
        t.set_level(Seat::South, Level::Beginner, 1234),
        Err(TableError::ThinkTime(1234))
    );
    assert_eq!(t.revision(), revision, "nothing changed");
    assert_eq!(
        t.participant(Seat::South).level,
        Level::Master,
        "an unoffered think time is refused"
    );
    let text = t.saved().encode();
    let back = SavedTable::<YGame>::open(&text, None).unwrap();
    assert_eq!(back.participants[0].level, Level::Master);
    let bad = text.replace("10000", "10001");
    assert!(SavedTable::<YGame>::open(&bad, None).is_err());
}

#[test]
fn the_cpu_pauses_less_when_nobody_watches_a_person() {
    let mut t = yonin::Table::new(YSettings::default(), PAGE_A);
    assert_eq!(t.cpu_pause_ms(), 450);
    t.set_controller(Seat::South, Controller::Cpu);
    assert_eq!(t.cpu_pause_ms(), 250);
}

#[test]
fn four_cpus_play_a_yonin_game_to_its_end_through_the_table() {
    let mut t = yonin::Table::new(
        YSettings {
            rules: crate::engine::yonin::Rules {
                move_limit: Some(200),
                ..Default::default()
            },
            ..YSettings::default()
        },
        PAGE_A,
    );
    t.set_controller(Seat::South, Controller::Cpu);
    t.set_leader(true);
    let mut plies = 0;
    while let Some(req) = t.cpu_request().cloned() {
        let mv = req.think(None).unwrap();
        t.cpu_answer(req.revision, mv).unwrap();
        plies += 1;
        assert!(plies <= 200);
    }
    assert!(t.game().is_over());
    assert!(t.show_result());
    let firsts: u32 = t.participants().iter().map(|p| p.wins).sum();
    let winners = YGame::winners(&t.game().outcome().unwrap()).len() as u32;
    assert_eq!(firsts, winners);
}

/// RULES H5 and Y8 (the choice "when a local rule takes effect"): a rule changed before
/// the first move applies to the game on the board at once; once a move was played (or
/// is there to redo), from the next game.
#[test]
fn a_rule_change_before_the_first_move_applies_to_that_game_h5_y8() {
    use crate::engine::hasami::WinCondition;
    let mut t = hasami();
    let mut settings = *t.settings();
    settings.rules.win = WinCondition::LeadByThree;
    t.set_settings(settings);
    assert_eq!(t.game().rules().win, WinCondition::LeadByThree);
    assert!(!t.rules_pending());
    assert_eq!(t.game_number(), 1, "the same game");

    click_move(&mut t, "e1", "e5");
    settings.rules.win = WinCondition::CaptureAll;
    t.set_settings(settings);
    assert_eq!(t.game().rules().win, WinCondition::LeadByThree, "begun");
    assert!(t.rules_pending());
    assert_eq!(t.game().moves().len(), 1, "the move stays");
    // Taken back to the start, the move can be redone: still begun.
    t.take_back().unwrap();
    assert!(t.game().moves().is_empty() && t.can_redo());
    settings.rules.win = WinCondition::CaptureFive;
    t.set_settings(settings);
    assert_eq!(t.game().rules().win, WinCondition::LeadByThree);
    t.new_game();
    assert_eq!(t.game().rules().win, WinCondition::CaptureFive);

    // A position loaded without moves keeps its start under the new rule.
    let start: crate::engine::hasami::Position =
        "4w4/9/9/9/9/9/9/9/4b4 b 3 3 0".parse().expect("a position");
    t.load_game(HGame::from_position(Default::default(), start));
    assert!(!t.has_begun());
    let mut settings = *t.settings();
    settings.rules.win = WinCondition::LeadByThree;
    t.set_settings(settings);
    assert_eq!(t.game().rules().win, WinCondition::LeadByThree);
    assert_eq!(*t.game().position(), start, "the loaded start stays");

    // Yonin, a game that starts at West: the new format applies, West still starts.
    let mut y = yonin::Table::new(YSettings::default(), PAGE_A);
    y.set_controller(Seat::South, Controller::Human);
    click_move(&mut y, "e3", "e4");
    y.new_game();
    assert_eq!(y.game().side_to_move(), Some(Seat::West));
    let mut settings = *y.settings();
    settings.rules.format = crate::engine::yonin::Format::Pairs;
    y.set_settings(settings);
    assert_eq!(y.game().rules().format, crate::engine::yonin::Format::Pairs);
    assert_eq!(y.game().side_to_move(), Some(Seat::West));
}
