//! The move list, replay, take-back and redo, loading a game, and the statistics
//! ([`super::super::history`], [`super::super::review`], [`super::super::stats`]).

use super::*;
use crate::ai::Level;
use crate::session::table::history::{Mate, game_at, move_list, start_of};
use crate::session::table::{Against, ReplayStep};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A Hasami table with people in both seats (pass-and-play).
fn hasami_people() -> hasami::Table {
    let mut t = hasami();
    t.set_controller(Player::White, Controller::Human);
    t
}

/// Plays `moves` at a pass-and-play Hasami table.
fn play_all(t: &mut hasami::Table, moves: &[&str]) {
    for mv in moves {
        let (from, to) = mv.split_at(2);
        click_move(t, from, to);
    }
}

/// A Yonin game of `plies` random legal moves (fewer if it ends), seeded.
fn random_yonin(seed: u64, plies: usize) -> YGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut g = YGame::new(Default::default(), Seat::South);
    for _ in 0..plies {
        let moves = Variant::legal_moves(&g);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        g.play(mv).unwrap();
    }
    g
}

#[test]
fn the_hasami_move_list_numbers_pairs_and_counts_captures_h6_2() {
    // RULES H6.2 notation, H3.1 custodian capture: f1f6 closes d6-e6-f6.
    let mut t = hasami_people();
    play_all(&mut t, &["d1d6", "e9e6", "f1f6"]);
    let list = move_list(t.game());
    let shown: Vec<_> = list
        .iter()
        .map(|e| {
            (
                e.ply,
                e.number,
                e.numbered,
                e.note.seat,
                e.note.notation.as_str(),
                e.note.captured,
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (1, 1, true, Player::Black, "d1d6", 0),
            (2, 1, false, Player::White, "e9e6", 0),
            (3, 2, true, Player::Black, "f1f6", 1),
        ]
    );
    assert!(
        list.iter()
            .all(|e| e.note.checks.is_empty() && !e.note.ends_game)
    );
}

#[test]
fn a_hasami_game_white_begins_numbers_its_first_move_1() {
    // The game from `start` (White to move) after three moves, and its list's numbers.
    let numbered = |start: &str| {
        let mut g = HGame::from_position(Default::default(), start.parse().unwrap());
        for mv in ["e9e6", "e1e5", "a9a8"] {
            g.play(hmv(mv)).unwrap();
        }
        let numbers: Vec<_> = move_list(&g)
            .iter()
            .map(|e| (e.number, e.numbered))
            .collect();
        (g, numbers)
    };
    // RULES H6.3: a position with White to move.
    let (_, numbers) = numbered("wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb w 0 0 0");
    assert_eq!(numbers, [(1, true), (2, true), (2, false)]);

    // RULES H6.3, H6.5: from a position with 7 plies played, the list continues the
    // count as the record does ("4... e9e6 5. e1e5 a9a8").
    let (g, numbers) = numbered("wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb w 0 0 7");
    assert_eq!(numbers, [(4, true), (5, true), (5, false)]);
    let record = crate::record::text::RecordText::write_record(&g, &Default::default());
    assert!(record.contains("4... e9e6 5. e1e5 a9a8"), "{record}");
}

#[test]
fn the_replay_line_numbers_the_move_shown_as_the_move_list_does_h6_2() {
    use crate::record::text::MoveAt;
    let mut t = hasami_people();
    assert_eq!(t.replay_status(), None, "live play");
    play_all(&mut t, &["e1e5", "e9e6", "a1a4", "a9a6"]);
    let at = |number, seat, index| {
        Some(MoveAt {
            number,
            seat: Some(seat),
            index,
        })
    };
    // RULES H6.2: the list reads `1. e1e5 e9e6 2. a1a4 a9a6`; the second move shown is
    // White's move 1, not "move 2".
    t.replay_to(2);
    let status = t.replay_status().unwrap();
    assert_eq!(status.at, at(1, Player::White, 1));
    assert_eq!((status.ply, status.total, status.shared), (2, 4, false));
    t.replay_to(3);
    assert_eq!(t.replay_status().unwrap().at, at(2, Player::Black, 2));
    t.replay_to(0);
    let start = t.replay_status().unwrap();
    assert_eq!((start.at, start.ply, start.total), (None, 0, 4));

    // A shared game from a position White begins with 7 plies played (RULES H6.3,
    // H6.5): its first move is `4... e9e6`.
    let mut shared = HGame::from_position(
        Default::default(),
        "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb w 0 0 7".parse().unwrap(),
    );
    for mv in ["e9e6", "e1e5"] {
        shared.play(hmv(mv)).unwrap();
    }
    t.open_shared(shared);
    let status = t.replay_status().unwrap();
    assert_eq!(status.at, at(5, Player::Black, 1));
    assert_eq!((status.ply, status.total, status.shared), (2, 2, true));
    t.replay_step(ReplayStep::Previous);
    assert_eq!(t.replay_status().unwrap().at, at(4, Player::White, 0));

    // Yonin numbers every move by the move count (RULES Y9): the third move is 3, by
    // the seat to move after two (check priority may skip one, RULES Y3.3).
    let game = random_yonin(7, 6);
    let mut two = YGame::new(Default::default(), Seat::South);
    for &mv in &game.moves()[..2] {
        two.play(mv).unwrap();
    }
    let mut y = yonin_table(game, vec![Participant::new(Controller::Human); 4]);
    y.replay_to(3);
    let status = y.replay_status().unwrap();
    assert_eq!(
        status.at.map(|a| (a.number, a.seat)),
        Some((3, two.side_to_move()))
    );
    assert_eq!((status.ply, status.total), (3, 6));
}

#[test]
fn the_yonin_move_list_tells_each_seat_and_the_mates_where_they_happened_y5() {
    // RULES Y3.3, Y5.2, Y9.1: one number per move, the mover's seat, the mates at the
    // move that made them (the position's own eliminations are the reference).
    let mut mates_seen = 0;
    for seed in 0..12 {
        let g = random_yonin(seed, 300);
        let list = move_list(&g);
        assert_eq!(list.len(), g.moves().len());
        let mut replay = start_of(&g);
        for (e, &mv) in list.iter().zip(g.moves()) {
            assert_eq!(e.number as usize, e.ply);
            assert_eq!(
                Some(e.note.seat),
                replay.side_to_move(),
                "seed {seed} ply {}",
                e.ply
            );
            assert_eq!(e.note.notation, mv.to_string());
            replay.play(mv).unwrap();
        }
        let eliminations = g.position().eliminations();
        let listed: Vec<(Mate<Seat>, u32)> = list
            .iter()
            .flat_map(|e| e.note.mates.iter().map(move |&m| (m, e.ply as u32)))
            .collect();
        let expected: Vec<(Mate<Seat>, u32)> = eliminations
            .iter()
            .map(|x| {
                (
                    Mate {
                        seat: x.seat,
                        by: x.by,
                    },
                    x.at_move,
                )
            })
            .collect();
        assert_eq!(listed, expected, "seed {seed}");
        mates_seen += listed.len();
        assert_eq!(
            list.last().map(|e| e.note.ends_game),
            g.is_over().then_some(true).or(list.last().map(|_| false))
        );
    }
    assert!(mates_seen > 0, "the seeds include mates");
}

#[test]
fn game_at_is_the_game_replayed_to_that_move() {
    let g = random_yonin(7, 60);
    for ply in [0, 1, 17, 59, 60] {
        let at = game_at(&g, ply);
        assert_eq!(at.moves(), &g.moves()[..ply]);
        let mut replay = start_of(&g);
        for &mv in &g.moves()[..ply] {
            replay.play(mv).unwrap();
        }
        assert_eq!(at.position().to_string(), replay.position().to_string());
    }
    // A resignation stays at the last move and goes before it (RULES H4.3).
    let mut t = hasami_people();
    play_all(&mut t, &["e1e5", "e9e6"]);
    t.resign().unwrap();
    assert!(game_at(t.game(), 2).is_over());
    assert!(!game_at(t.game(), 1).is_over());
}

#[test]
fn replay_steps_show_old_positions_and_lock_the_board() {
    let mut t = hasami();
    t.set_settings({
        let mut s = HSettings::default();
        s.table.time_per_move = TimePerMove::Seconds30;
        s
    });
    click_move(&mut t, "e1", "e5");
    answer_cpu(&mut t);
    click_move(&mut t, "e5", "e4");
    let cpu = answer_cpu(&mut t);
    assert_eq!(t.game().moves().len(), 4);
    assert!(t.clock_running());

    t.replay_step(ReplayStep::Previous);
    assert_eq!(t.replay_ply(), Some(3));
    assert_eq!(t.shown_game().moves().len(), 3);
    assert_eq!(t.game().moves().len(), 4, "the live game is untouched");
    assert!(!t.clock_running(), "the clock waits while replaying");
    assert_eq!(
        t.click_square(sq("b1")),
        Click::Ignored,
        "the board takes no moves"
    );
    t.replay_step(ReplayStep::First);
    assert_eq!(t.replay_ply(), Some(0));
    assert!(t.shown_game().moves().is_empty());
    t.replay_step(ReplayStep::Previous);
    assert_eq!(t.replay_ply(), Some(0), "nothing before the start");
    t.replay_step(ReplayStep::Next);
    assert_eq!(t.shown_game().moves(), [hmv("e1e5")]);
    t.replay_step(ReplayStep::Last);
    assert_eq!(t.replay_ply(), None, "the last move is the live game");
    assert_eq!(t.shown_game().moves().last(), Some(&cpu.mv));
    assert!(t.clock_running());
    assert_eq!(t.click_square(sq("b1")), Click::Selected, "playable again");
    // Stepping past the end from live play changes nothing.
    t.replay_step(ReplayStep::Next);
    assert_eq!(t.replay_ply(), None);
    t.replay_to(2);
    t.exit_replay();
    assert_eq!(t.replay_ply(), None);
}

#[test]
fn the_cpu_waits_while_its_game_is_replayed() {
    let mut t = hasami();
    click_move(&mut t, "e1", "e5");
    assert!(t.cpu_request().is_some());
    t.replay_to(0);
    assert!(t.cpu_request().is_none(), "no CPU while replaying");
    t.exit_replay();
    assert!(t.cpu_request().is_some(), "asked again after");
}

#[test]
fn redo_plays_again_what_a_take_back_took_back() {
    // Against the CPU: a take-back takes the reply and the move; a redo plays both.
    let mut t = hasami();
    click_move(&mut t, "e1", "e5");
    let reply = answer_cpu(&mut t).mv;
    assert!(!t.can_redo());
    t.take_back().unwrap();
    assert!(t.game().moves().is_empty());
    assert!(t.can_redo());
    assert_eq!(t.redo_moves().collect::<Vec<_>>(), [hmv("e1e5"), reply]);
    t.redo().unwrap();
    assert_eq!(t.game().moves(), [hmv("e1e5"), reply]);
    assert!(!t.can_redo());
    assert_eq!(t.redo(), Err(TableError::NothingToRedo));

    // Pass-and-play: one move at a time; a new move forgets the rest.
    let mut t = hasami_people();
    play_all(&mut t, &["e1e5", "e9e6", "a1a2"]);
    t.take_back().unwrap();
    t.take_back().unwrap();
    assert_eq!(t.game().moves(), [hmv("e1e5")]);
    t.redo().unwrap();
    assert_eq!(t.game().moves(), [hmv("e1e5"), hmv("e9e6")]);
    // Playing the move that waits keeps the rest to redo.
    play_all(&mut t, &["a1a2"]);
    assert!(!t.can_redo());
    t.take_back().unwrap();
    t.take_back().unwrap();
    play_all(&mut t, &["i9i8"]);
    assert!(!t.can_redo(), "a new move forgets what waited");
}

#[test]
fn redo_survives_a_reload() {
    let mut t = hasami_people();
    play_all(&mut t, &["e1e5", "e9e6"]);
    t.take_back().unwrap();
    let text = t.saved().encode();
    let mut back = hasami::Table::open(Some(&text), None, PAGE_B).0;
    assert!(back.can_redo());
    back.redo().unwrap();
    assert_eq!(back.game().moves(), [hmv("e1e5"), hmv("e9e6")]);
}

#[test]
fn a_take_back_or_redo_while_the_cpu_thinks_cancels_it() {
    let mut t = hasami();
    click_move(&mut t, "e1", "e5");
    let asked = t.cpu_request().unwrap().clone();
    t.take_back().unwrap();
    assert!(t.cpu_request().is_none());
    let mv = asked.think(None).unwrap();
    assert_eq!(t.cpu_answer(asked.revision, mv), Err(TableError::Stale));
    assert!(t.game().moves().is_empty());
    // Redo of the person's move asks the CPU afresh; an answer to the older request is stale.
    t.redo().unwrap();
    assert_eq!(t.game().moves(), [hmv("e1e5")]);
    assert_eq!(t.cpu_answer(asked.revision, mv), Err(TableError::Stale));
    assert!(t.cpu_request().is_some());
}

#[test]
fn take_backs_off_refuses_take_back_and_redo() {
    let mut settings = HSettings::default();
    settings.table.take_backs = false;
    let mut t = hasami();
    t.set_settings(settings);
    click_move(&mut t, "e1", "e5");
    answer_cpu(&mut t);
    assert!(!t.can_take_back());
    assert_eq!(t.take_back(), Err(TableError::NothingToTakeBack));
    assert_eq!(
        TableError::<()>::NothingToRedo.refusal(),
        Some(Refusal::Redo)
    );
    // Saved with the table.
    let text = t.saved().encode();
    let back = hasami::Table::open(Some(&text), None, PAGE_B).0;
    assert!(!back.settings().table.take_backs);
    assert!(!back.can_take_back());
}

#[test]
fn an_older_save_allows_take_backs() {
    let settings: HSettings = serde_json::from_str(r#"{"table":{"show_legal_moves":true}}"#)
        .or_else(|_| serde_json::from_str("{}"))
        .unwrap();
    assert!(settings.table.take_backs);
}

#[test]
fn a_loaded_game_replaces_the_game_as_a_new_game() {
    let mut t = hasami_people();
    play_all(&mut t, &["e1e5"]);
    t.take_back().unwrap();
    let number = t.game_number();
    let mut other = HGame::new(Default::default());
    other.play(hmv("a1a4")).unwrap();
    t.load_game(other.clone());
    assert_eq!(t.game().moves(), other.moves());
    assert_eq!(t.game_number(), number + 1);
    assert!(!t.can_redo(), "nothing of the old game to redo");
}

#[test]
fn an_imported_game_is_told_once_with_its_moves() {
    let mut t = hasami_people();
    let mut other = HGame::new(Default::default());
    other.play(hmv("a1a4")).unwrap();
    other.play(hmv("a9a6")).unwrap();
    let imported = |t: &hasami::Table| {
        t.notices()
            .posted()
            .iter()
            .map(|p| p.notice.clone())
            .filter(|n| matches!(n, TableNotice::Imported { .. }))
            .collect::<Vec<_>>()
    };
    t.import_game(other.clone());
    assert_eq!(t.game().moves(), other.moves());
    assert_eq!(imported(&t), [TableNotice::Imported { moves: 2 }]);
    assert!(TableNotice::<Player>::Imported { moves: 2 }.transient());
    // The same game again: the board does not change, the notice says it worked,
    // once (the older one goes).
    t.import_game(other.clone());
    assert_eq!(imported(&t), [TableNotice::Imported { moves: 2 }]);
    // A shared game continued is no import: nothing more is told.
    t.open_shared(HGame::new(Default::default()));
    assert!(t.continue_shared());
    assert_eq!(imported(&t), [TableNotice::Imported { moves: 2 }]);
}

#[test]
fn a_shared_game_is_shown_without_touching_the_table_until_continued() {
    let mut t = hasami_people();
    play_all(&mut t, &["e1e5"]);
    let mut shared = HGame::new(Default::default());
    for mv in ["a1a4", "a9a6", "b1b3"] {
        shared.play(hmv(mv)).unwrap();
    }
    assert_eq!(t.resigner(), Some(Player::White));
    assert_eq!(
        t.announced_game().map(|g| g.moves()),
        Some(&[hmv("e1e5")][..])
    );
    t.open_shared(shared.clone());
    assert!(t.shows_shared());
    // Nor is its last move read out while the shared game is on the board.
    assert!(t.announced_game().is_none());
    assert_eq!(t.replay_ply(), Some(3));
    // The table's game is not on screen: it cannot be resigned from here (RULES H4.3).
    assert_eq!(t.resigner(), None);
    assert_eq!(t.resign(), Err(TableError::CannotResign));
    // Nor replaced by a new game from here.
    assert!(!t.can_start_new_game());
    assert_eq!(t.shown_game().moves(), shared.moves());
    assert_eq!(
        t.saved().game.moves(),
        [hmv("e1e5")],
        "the saved game is the table's"
    );
    t.replay_step(ReplayStep::First);
    assert!(t.shown_game().moves().is_empty());
    t.replay_step(ReplayStep::Last);
    assert_eq!(
        t.replay_ply(),
        Some(3),
        "a shared game stays shown at its end"
    );
    assert!(t.continue_shared());
    assert_eq!(t.game().moves(), shared.moves());
    assert_eq!(t.replay_ply(), None);
    assert!(t.can_start_new_game(), "continued: the table's game");
    assert!(!t.continue_shared());
    // Closing a shared game leaves the table's game, which may be resigned again.
    t.open_shared(HGame::new(Default::default()));
    t.exit_replay();
    assert_eq!(t.game().moves(), shared.moves());
    assert_eq!(t.resigner(), Some(Player::White));
    assert_eq!(t.announced_game().map(|g| g.moves()), Some(shared.moves()));
}

#[test]
fn another_tabs_move_keeps_the_replay_at_its_move() {
    let mut a = hasami_people();
    play_all(&mut a, &["e1e5", "e9e6"]);
    let mut b = hasami::Table::open(Some(&a.saved().encode()), None, PAGE_B).0;
    b.replay_to(1);
    play_all(&mut a, &["a1a2"]);
    b.storage_event(Some(&a.saved().encode()));
    assert_eq!(b.game().moves().len(), 3);
    assert_eq!(b.replay_ply(), Some(1));
    assert_eq!(b.shown_game().moves(), [hmv("e1e5")]);
}

#[test]
fn statistics_count_a_finished_game_once_and_uncount_a_take_back() {
    let mut t = hasami();
    t.set_level(Player::White, Level::Casual, crate::ai::THINK_TIMES_MS[0])
        .unwrap();
    click_move(&mut t, "e1", "e5");
    answer_cpu(&mut t);
    t.resign().unwrap();
    let row = t.stats().rows.clone();
    assert_eq!(row.len(), 1);
    assert_eq!(row[0].against, Against::Cpu(Level::Casual));
    assert_eq!((row[0].wins, row[0].draws, row[0].losses), (0, 0, 1));
    // A reload and another tab see the same count, not one more.
    let text = t.saved().encode();
    let mut other = hasami::Table::open(Some(&text), None, PAGE_B).0;
    assert_eq!(other.stats(), t.stats());
    other.storage_event(Some(&text));
    assert_eq!(other.stats().rows[0].losses, 1);
    // Taking back the resignation uncounts it.
    t.take_back().unwrap();
    assert!(t.stats().is_empty());
    t.resign().unwrap();
    t.new_game();
    assert_eq!(t.stats().rows[0].losses, 1, "kept across games");
    t.reset_stats();
    assert!(t.stats().is_empty());
}

#[test]
fn yonin_statistics_count_places_y6_1() {
    // RULES Y6.1, Y6.4: a game ended by the move limit gives every seat a place; the
    // person at South counts theirs under the strongest CPU level at the table.
    let rules = crate::engine::yonin::Rules {
        move_limit: Some(2),
        ..Default::default()
    };
    let mut participants = vec![Participant::new(Controller::Cpu); 4];
    participants[0].controller = Controller::Human;
    participants[1].level = Level::Beginner;
    participants[2].level = Level::Master;
    let mut t = yonin_table(YGame::new(rules, Seat::South), participants);
    assert_eq!(t.against(), Against::Cpu(Level::Master));
    click_move(&mut t, "e3", "e4");
    answer_cpu(&mut t);
    assert!(t.game().is_over());
    let place = t.game().outcome().unwrap().place(Seat::South).unwrap();
    let rows = &t.stats().rows;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].against, Against::Cpu(Level::Master));
    let mut expected = [0; 4];
    expected[usize::from(place) - 1] = 1;
    assert_eq!(rows[0].places, expected);
    assert_eq!(rows[0].games(), 1);
}

#[test]
fn your_move_names_the_seat_when_people_share_the_device() {
    let mut t = hasami();
    assert_eq!(t.your_move(), Some(YourMove::Only));
    click_move(&mut t, "e1", "e5");
    assert_eq!(t.your_move(), None, "the CPU is to move");
    let mut t = hasami_people();
    play_all(&mut t, &["e1e5"]);
    assert_eq!(t.your_move(), Some(YourMove::Seat(Player::White)));
    t.replay_to(0);
    assert_eq!(t.your_move(), None, "not while replaying");
}

#[test]
fn finish_now_plays_the_rest_without_pauses_once_no_person_plays() {
    // RULES Y5: with a person still playing, the game is theirs to play.
    let rules = crate::engine::yonin::Rules {
        move_limit: Some(12),
        ..Default::default()
    };
    let mut t = yonin_table(
        YGame::new(rules, Seat::South),
        vec![Participant::new(Controller::Cpu); 4],
    );
    t.set_controller(Seat::South, Controller::Human);
    assert!(!t.can_finish_now(), "South still plays");
    t.set_controller(Seat::South, Controller::Cpu);
    assert!(t.can_finish_now());
    assert_eq!(t.cpu_pause_ms(), 250);
    t.finish_now();
    assert!(t.finishing());
    assert_eq!(t.cpu_pause_ms(), 0, "no pause");
    assert!(!t.can_finish_now(), "already finishing");
    let mut moves = 0;
    while !t.game().is_over() {
        answer_cpu(&mut t);
        assert!(
            t.move_feedback().is_none() || t.game().is_over(),
            "no animation or sound"
        );
        moves += 1;
        assert!(moves <= 12);
    }
    assert!(!t.finishing(), "done once the game ends");
    assert!(!t.can_finish_now());
}

#[test]
fn the_person_is_told_when_alternate_who_starts_changes_their_seat_h1_3() {
    // RULES H1.3: after a game that began, the participants swap colours.
    let mut t = hasami();
    click_move(&mut t, "e1", "e5");
    t.new_game();
    assert_eq!(t.controller(Player::White), Controller::Human);
    assert!(t.notices().posted().iter().any(|p| p.notice
        == TableNotice::SeatChanged {
            seat: Player::White
        }));
    // Another game begun (resigned) and a new one: the person plays Black again, and
    // only that is told (the notice of White goes, it no longer holds).
    t.resign().unwrap();
    t.new_game();
    let told: Vec<_> = t
        .notices()
        .posted()
        .iter()
        .filter(|p| matches!(p.notice, TableNotice::SeatChanged { .. }))
        .map(|p| p.notice.clone())
        .collect();
    assert_eq!(
        told,
        [TableNotice::SeatChanged {
            seat: Player::Black
        }]
    );
    // A game nobody began keeps the seats, and says nothing.
    let mut t = hasami();
    t.new_game();
    assert!(t.notices().posted().is_empty());
    // Take-back after the end reopens the game: the UI asks first.
    let mut t = hasami();
    assert!(!t.take_back_reopens());
    t.resign().unwrap();
    assert!(t.take_back_reopens());
}
