//! Tests of the table controller ([`super::table`]) through both games.

use super::hasami::{self, Settings as HSettings};
use super::storage::{self, LoadError};
use super::table::*;
use super::yonin::{self, Settings as YSettings};
use crate::engine::hasami::{Game as HGame, Move as HMove, Player};
use crate::engine::yonin::{Game as YGame, Move as YMove, Position as YPosition, Role, Seat};
use crate::engine::{Square, Variant};

const PAGE_A: u64 = 0xA;
const PAGE_B: u64 = 0xB;
/// Later than any passing notice posted at the start.
const TRANSIENT: f64 = 1e9;

fn hmv(s: &str) -> HMove {
    s.parse().unwrap()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A Hasami table (a person as Black against the CPU) in charge of the CPU.
fn hasami() -> hasami::Table {
    let mut t = hasami::Table::new(HSettings::default(), PAGE_A);
    t.set_leader(true);
    t.tick(0.0);
    t
}

fn timed(time: TimePerMove) -> HSettings {
    HSettings {
        time_per_move: time,
        ..HSettings::default()
    }
}

/// Clicks `mv` (from, then to) and expects it to be played.
fn click_move<G: TableGame>(t: &mut Table<G>, from: &str, to: &str) -> G::Report {
    assert_eq!(t.click_square(sq(from)), Click::Selected, "pick {from}");
    match t.click_square(sq(to)) {
        Click::Played(r) => r,
        other => panic!("{from}{to} was not played: {other:?}"),
    }
}

/// Answers the pending CPU request by thinking.
fn answer_cpu<G: TableGame>(t: &mut Table<G>) -> G::Report {
    let req = t.cpu_request().expect("the CPU is asked").clone();
    let mv = req.think(None).unwrap();
    t.cpu_answer(req.revision, mv).unwrap()
}

// ---------------------------------------------------------------------------------------
// CPU requests and revisions
// ---------------------------------------------------------------------------------------

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
    t.set_settings(HSettings {
        win: crate::engine::hasami::WinCondition::CaptureAll,
        ..*t.settings()
    }); // a rule change
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
    t.set_leader(true);
    let first = t.cpu_request().unwrap().id;
    t.set_modal(true);
    assert!(t.cpu_request().is_none(), "a dialog is open");
    t.set_modal(false);
    let req = t.cpu_request().unwrap().clone();
    assert_ne!(req.id, first, "asked again when the dialog closes");
    t.set_leader(false);
    assert!(t.cpu_request().is_none());
    t.set_leader(true);
    t.set_shown(false);
    assert!(t.cpu_request().is_none(), "another game is on screen");
    t.set_shown(true);
    let mv = req.think(None).unwrap();
    t.cpu_answer(t.revision(), mv).unwrap();
    assert_eq!(t.game().moves().len(), 2);
}

// ---------------------------------------------------------------------------------------
// The move clock (RULES H5.1)
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// Other tabs
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// Clicks
// ---------------------------------------------------------------------------------------

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

/// A Yonin position, South to move: South's silver from g1 stands on e6 (it may promote
/// on e7 or d7/f7, RULES Y2.4) and South's pawn from d2 is in hand.
fn yonin_promotion() -> yonin::Table {
    let pos: YPosition = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw2Ss2PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/4RsPs3/2SsGsKsGs3 P/-/-/- s - 0 -"
        .parse()
        .expect("a valid position");
    let game = YGame::from_position(pos);
    let mut t = yonin::Table::restore(
        SavedTable {
            settings: YSettings::default(),
            participants: vec![Participant::new(Controller::Human); 4],
            seating: vec![0, 1, 2, 3],
            game,
            game_number: 1,
            revision: Revision::default(),
            clock_used_ms: 0.0,
        },
        PAGE_A,
    );
    t.set_leader(true);
    t
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

// ---------------------------------------------------------------------------------------
// Games, seats and views
// ---------------------------------------------------------------------------------------

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
    t.set_settings(HSettings {
        view: ViewMode::TurnToMove,
        ..*t.settings()
    });
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
    assert_eq!((first.seat, first.level), (Seat::South, Level::Strong));
    t.set_level(Seat::South, Level::Master, THINK_TIMES_MS[2]);
    let req = t.cpu_request().unwrap().clone();
    assert_eq!((req.level, req.think_ms), (Level::Master, 10_000));
    assert_ne!(
        req.revision, first.revision,
        "a level change makes the old answer stale"
    );
    t.set_level(Seat::South, Level::Beginner, 1234);
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
            move_limit: Some(200),
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

// ---------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------

#[test]
fn a_saved_table_round_trips_in_one_write() {
    let mut t = hasami();
    t.set_settings(HSettings {
        show_legal_moves: false,
        ..*t.settings()
    });
    click_move(&mut t, "e1", "e5");
    let text = t.saved().encode();
    let back = SavedTable::<HGame>::open(&text, None).unwrap();
    assert_eq!(back.settings, *t.settings(), "settings in the same write");
    assert_eq!(back.game, *t.game());
    assert_eq!(back.revision, t.revision());
    let y = yonin::Table::new(YSettings::default(), PAGE_B);
    let text = y.saved().encode();
    let back = SavedTable::<YGame>::open(&text, None).unwrap();
    assert_eq!(back.game.record(), y.game().record());
}

#[test]
fn saved_data_that_makes_no_sense_is_refused() {
    let good = hasami().saved().encode();
    let bad = |from: &str, to: &str| {
        let text = good.replace(from, to);
        assert_ne!(text, good, "{from}");
        SavedTable::<HGame>::open(&text, None).unwrap_err()
    };
    assert!(
        matches!(bad(r#""seating":[0,1]"#, r#""seating":[1,1]"#), LoadError::Corrupt(m) if m.contains("one seat per participant"))
    );
    assert!(matches!(
        bad(r#""seating":[0,1]"#, r#""seating":[0,1,2]"#),
        LoadError::Corrupt(_)
    ));
    assert!(matches!(
        bad(r#""clock_used_ms":0.0"#, r#""clock_used_ms":-5"#),
        LoadError::Corrupt(_)
    ));
    assert!(matches!(
        bad(r#""version":2"#, r#""version":9"#),
        LoadError::UnknownVersion(9)
    ));
    assert!(matches!(
        bad(r#""version":2"#, r#""version":0"#),
        LoadError::Corrupt(_)
    ));
    assert_eq!(
        SavedTable::<HGame>::open("[]", None).unwrap_err(),
        LoadError::NotOurs
    );
    assert!(
        matches!(
            SavedTable::<YGame>::open(&good, None),
            Err(LoadError::Corrupt(_))
        ),
        "a Hasami table is no Yonin table"
    );
}

/// What version 1 of the app (the build before this format) saved in Chromium after
/// e1e5, the CPU's reply, and the settings changed to "lead by 3" and 60 s per move.
const V1_TABLE: &str = include_str!("../../tests/data/v1-hasami-table.json");
const V1_SETTINGS: &str = include_str!("../../tests/data/v1-hasami-settings.json");

#[test]
fn a_version_1_save_still_opens() {
    let saved = SavedTable::<HGame>::open(V1_TABLE.trim(), Some(V1_SETTINGS.trim())).unwrap();
    assert_eq!(saved.game.moves().len(), 2);
    assert_eq!(saved.game.moves()[0], hmv("e1e5"));
    assert_eq!(
        saved.settings.win,
        crate::engine::hasami::WinCondition::LeadByThree
    );
    assert_eq!(saved.settings.time_per_move, TimePerMove::Seconds60);
    assert_eq!(saved.seating, [0, 1]);
    assert_eq!(saved.participants[0].controller, Controller::Human);
    assert_eq!(saved.participants[1].controller, Controller::Cpu);
    // The migrated table goes on, and is written in the current version.
    let mut t = hasami::Table::restore(saved, PAGE_A);
    t.set_leader(true);
    assert!(t.human_to_move());
    let text = t.saved().encode();
    assert_eq!(storage::open(&text).unwrap().0, storage::TABLE_VERSION);
    // Unreadable old settings fall back to the defaults, as version 1 did.
    let saved = SavedTable::<HGame>::open(V1_TABLE.trim(), Some("{oops")).unwrap();
    assert_eq!(saved.settings, HSettings::default());
}

#[test]
fn a_newer_save_is_left_untouched() {
    let mut t = hasami();
    let newer = t
        .saved()
        .encode()
        .replace(r#""version":2"#, r#""version":3"#);
    let error = SavedTable::<HGame>::open(&newer, None).unwrap_err();
    assert_eq!(error, LoadError::UnknownVersion(3));
    t.load_failed(error, false);
    assert!(!t.may_save(), "never overwritten");
    assert!(t.notices().contains(&TableNotice::Newer { version: 3 }));
}

#[test]
fn blocked_storage_is_told_once_and_play_goes_on() {
    let mut t = hasami();
    t.storage_unavailable();
    assert!(!t.may_save());
    click_move(&mut t, "e1", "e5");
    let notices = t.notices().posted();
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].notice, TableNotice::StorageUnavailable);
    assert_eq!(notices[0].expires_at, None, "it stays until dismissed");
}

#[test]
fn a_failed_save_is_told_until_a_save_works() {
    let mut t = hasami();
    t.save_done(Err("quota".into()));
    t.save_done(Err("quota".into()));
    assert_eq!(t.notices().posted().len(), 1);
    t.save_done(Ok(()));
    assert!(t.notices().posted().is_empty());
}

#[test]
fn passing_notices_go_with_the_clock() {
    let mut t = hasami();
    t.tick(1_000.0);
    t.notify(TableNotice::OtherTab);
    t.tick(5_000.0);
    t.notify(TableNotice::Timeout {
        seat: Player::White,
    });
    t.tick(9_000.0);
    assert_eq!(t.notices().posted().len(), 1, "the first went after 8 s");
    t.tick(13_000.0);
    assert!(t.notices().posted().is_empty());
}

#[test]
fn variant_vocabulary_agrees_for_both_games() {
    fn check<G: Variant>(mut g: G) {
        let first = g.side_to_move().unwrap();
        let mv = g.legal_moves()[0];
        g.play(mv).unwrap();
        assert_ne!(g.side_to_move(), Some(first));
        assert_eq!(g.moves(), [mv]);
        assert_eq!(g.undo(), Some(crate::engine::Undone::Move(mv)));
        assert_eq!(g.side_to_move(), Some(first));
        assert_eq!(g.undo(), None);
        let again = G::from_record(&g.record()).unwrap();
        assert_eq!(again.moves().len(), 0);
    }
    check(HGame::new(Default::default()));
    check(YGame::new(Default::default(), Seat::North));
}

#[test]
fn a_damaged_choice_of_pieces_keeps_the_game() {
    // Hasami: a game with a move, the pawns chosen, then the choice damaged.
    let mut t = hasami();
    t.set_settings(HSettings {
        pieces: hasami::PieceStyle::Kanji,
        win: crate::engine::hasami::WinCondition::CaptureAll,
        ..HSettings::default()
    });
    click_move(&mut t, "e1", "e5");
    let text = t.saved().encode();
    assert!(text.contains(r#""pieces":"kanji""#), "{text}");
    let (back, error) = hasami::Table::open(Some(&text), None, PAGE_B);
    assert_eq!(error, None);
    assert_eq!(back.settings().pieces, hasami::PieceStyle::Kanji);
    assert!(back.notices().posted().is_empty());

    let bad = text.replace(r#""pieces":"kanji""#, r#""pieces":"chess""#);
    assert!(
        SavedTable::<HGame>::open(&bad, None).is_err(),
        "strict read"
    );
    let (back, error) = hasami::Table::open(Some(&bad), None, PAGE_B);
    assert_eq!(error, None, "not a new game");
    assert_eq!(back.game().moves(), [hmv("e1e5")], "the game is kept");
    assert_eq!(
        back.settings().pieces,
        hasami::PieceStyle::Marks,
        "the default"
    );
    assert_eq!(
        back.settings().win,
        crate::engine::hasami::WinCondition::CaptureAll,
        "the other settings are kept"
    );
    assert!(back.notices().contains(&TableNotice::PiecesReset));
    assert!(
        !TableNotice::<Player>::PiecesReset.transient(),
        "stays until closed"
    );

    // Other damage still refuses the table.
    let worse = bad.replace(r#""seating":[0,1]"#, r#""seating":[5,1]"#);
    assert_ne!(worse, bad);
    let (_, error) = hasami::Table::open(Some(&worse), None, PAGE_B);
    assert!(matches!(error, Some(LoadError::Corrupt(_))), "{error:?}");

    // Yonin: letters chosen, then damaged.
    let mut y = yonin::Table::new(
        YSettings {
            pieces: yonin::PieceStyle::Letters,
            ..YSettings::default()
        },
        PAGE_A,
    );
    y.set_leader(true);
    let text = y.saved().encode();
    let bad = text.replace(r#""pieces":"letters""#, r#""pieces":7"#);
    assert_ne!(bad, text);
    let (back, error) = yonin::Table::open(Some(&bad), None, PAGE_B);
    assert_eq!(error, None);
    assert_eq!(back.settings().pieces, yonin::PieceStyle::Kanji);
    assert!(back.notices().contains(&TableNotice::PiecesReset));
}

// ---------------------------------------------------------------------------------------
// Confirm moves
// ---------------------------------------------------------------------------------------

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
    t.set_settings(HSettings {
        show_legal_moves: false,
        ..HSettings::default()
    });
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

// ---------------------------------------------------------------------------------------
// Sound and motion
// ---------------------------------------------------------------------------------------

#[test]
fn moves_made_here_sound_and_move_and_others_do_not() {
    use super::feedback::{MoveMotion, MoveSound};
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
    use super::feedback::{MoveMotion, MoveSound};
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
    assert_eq!(capture.sound, super::feedback::yonin_sound(&report));
    assert!(matches!(
        capture.sound,
        MoveSound::Capture | MoveSound::Check
    ));
}
