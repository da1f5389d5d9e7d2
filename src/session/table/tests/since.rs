//! The summary of what a person has not seen ([`Table::since_move`], [`since_plies`]),
//! the stories it tells in Yonin ([`yonin::turn_stories`]) and the hand-over of the
//! device ([`YourMove::HandTo`]).

use super::*;
use crate::session::table::history::{Mate, game_at};
use crate::session::yonin::{last_turn_story, turn_stories};

use Seat::{East, North, South, West};

/// A four-seat game from the standard start with a capture (move 5), a check that
/// skips West by check priority (move 21: South checks North, opposite; RULES Y3.3),
/// South mating North (move 24, North's pieces to South, RULES Y5.3) and West mating
/// South, the second mate, which ends the game (move 25). The scripted game of the
/// browser tests (`tests/e2e/yonin.rs`, `SCRIPT`).
const SCRIPT: [&str; 25] = [
    "d1c2", "a3b3", "c9c8", "h6g6", "c2b3", "a4b3", "c8b9", "g6f6", "c1c2", "b3c2", "e7e6", "f6e6",
    "S*a4", "a5a4", "e8e6", "P*c1", "g1g2", "S*c4", "e6e3+", "c1b1", "e2e3", "d9e8", "i3h3",
    "R*c9", "S*d1",
];

fn ymv(s: &str) -> YMove {
    s.parse().unwrap()
}

/// The game after the first `n` moves of [`SCRIPT`].
fn script(n: usize) -> YGame {
    let mut g = YGame::new(Default::default(), South);
    for m in &SCRIPT[..n] {
        g.play(ymv(m)).unwrap();
    }
    g
}

/// Participants in seat order (South, West, North, East): a person in `people`, the
/// CPU elsewhere.
fn seats(people: &[Seat]) -> Vec<Participant> {
    Seat::ALL
        .iter()
        .map(|s| {
            Participant::new(if people.contains(s) {
                Controller::Human
            } else {
                Controller::Cpu
            })
        })
        .collect()
}

/// The plies (from 1) of the summary's entries.
fn plies<S>(since: &SinceMove<S>) -> Vec<usize> {
    since.entries.iter().map(|e| e.ply).collect()
}

#[test]
fn the_moves_since_a_seat_last_moved_are_after_its_last_move() {
    let movers = [South, West, North, East, South, West];
    assert_eq!(since_plies(&movers, South), 5..6, "West moved since");
    assert_eq!(since_plies(&movers, North), 3..6);
    assert_eq!(since_plies(&movers, West), 6..6, "nothing since its move");
    // RULES Y3.3: West skipped by check priority moves later; its turn lost is in.
    let skipped = [South, North, East, South];
    assert_eq!(
        since_plies(&skipped, West),
        0..4,
        "not moved yet: all so far"
    );
    assert_eq!(since_plies::<Seat>(&[], South), 0..0, "before any move");
    assert_eq!(
        since_plies(&[Player::Black, Player::White], Player::Black),
        1..2
    );
}

#[test]
fn against_the_cpu_the_hasami_summary_is_the_cpus_move_until_the_person_moves() {
    let mut t = hasami();
    let s = t.since_move().unwrap();
    assert_eq!((s.seat, s.only, s.first), (Player::Black, true, true));
    assert!(s.entries.is_empty(), "no move yet");
    click_move(&mut t, "e1", "e5");
    let s = t.since_move().unwrap();
    assert_eq!((s.first, s.entries.len()), (false, 0), "nothing since");
    answer_cpu(&mut t);
    let s = t.since_move().unwrap();
    assert_eq!(plies(&s), [2]);
    let note = &s.entries[0].note;
    assert_eq!(note.seat, Player::White);
    assert_eq!(note.notation, t.game().moves()[1].to_string());
    // Kept while the person thinks (a pick changes nothing), gone once they move.
    assert_eq!(t.click_square(sq("a1")), Click::Selected);
    assert_eq!(plies(&t.since_move().unwrap()), [2]);
    t.replay_to(1);
    assert_eq!(
        t.since_move(),
        None,
        "replaying: the move list tells the moment"
    );
    t.exit_replay();
    let mv = Variant::legal_moves(t.game())[0];
    t.click_square(mv.from);
    t.click_square(mv.to);
    assert_eq!(t.game().moves().len(), 3);
    assert!(t.since_move().unwrap().entries.is_empty());
}

#[test]
fn in_pass_and_play_the_hasami_summary_is_for_the_side_to_move_with_its_captures() {
    let mut t = hasami();
    t.set_controller(Player::White, Controller::Human);
    click_move(&mut t, "d1", "d6");
    let s = t.since_move().unwrap();
    assert_eq!((s.seat, s.only, s.first), (Player::White, false, true));
    assert_eq!(plies(&s), [1], "White has not moved: the game so far");
    click_move(&mut t, "e9", "e6");
    // RULES H3.1: f1f6 closes d6-e6-f6 and captures e6.
    click_move(&mut t, "f1", "f6");
    let s = t.since_move().unwrap();
    assert_eq!((s.seat, s.first), (Player::White, false));
    assert_eq!(plies(&s), [3]);
    assert_eq!(
        (s.entries[0].note.seat, s.entries[0].note.captured),
        (Player::Black, 1)
    );
}

#[test]
fn a_yonin_summary_tells_the_skip_and_the_mate_since_the_persons_move_y3_3_y5() {
    // West, the only person, last moved at move 18; then North and East moved, South
    // checked North (West skipped, RULES Y3.3), North and East moved, South mated North.
    let t = yonin_table(script(24), seats(&[West]));
    assert_eq!(t.game().side_to_move(), Some(West));
    let s = t.since_move().unwrap();
    assert_eq!((s.seat, s.only, s.first), (West, true, false));
    assert_eq!(plies(&s), [19, 20, 21, 22, 23, 24]);
    let movers: Vec<Seat> = s.entries.iter().map(|e| e.note.seat).collect();
    assert_eq!(movers, [North, East, South, North, East, South]);
    let skip = &s.entries[2].note;
    assert_eq!((skip.notation.as_str(), skip.captured), ("e2e3", 1));
    assert_eq!(
        (skip.checks.as_slice(), skip.skipped.as_slice()),
        (&[North][..], &[West][..])
    );
    let mate = &s.entries[5].note;
    assert_eq!(
        mate.mates,
        [Mate {
            seat: North,
            by: South
        }]
    );
    assert!(!mate.ends_game);
    // Four people: the same summary, for the seat to move.
    let t = yonin_table(script(24), seats(&Seat::ALL));
    let s = t.since_move().unwrap();
    assert_eq!((s.seat, s.only), (West, false));
    assert_eq!(plies(&s), [19, 20, 21, 22, 23, 24]);
}

#[test]
fn a_yonin_summary_is_empty_after_ones_own_move_and_stops_at_ones_mate_y5() {
    // West mated South with the last move (RULES Y5, second mate: the game is over).
    let t = yonin_table(script(25), seats(&[West]));
    assert!(t.game().is_over());
    let s = t.since_move().unwrap();
    assert!(s.entries.is_empty(), "West moved last");
    // South, the only person, was mated by that move: its summary shows it.
    let t = yonin_table(script(25), seats(&[South]));
    let s = t.since_move().unwrap();
    assert_eq!(plies(&s), [25]);
    assert_eq!(s.entries[0].note.mates[0].seat, South);
    // North, mated at move 24, sees up to that move, not what followed.
    let t = yonin_table(script(25), seats(&[North]));
    assert_eq!(plies(&t.since_move().unwrap()), [23, 24]);
    // Several people and the game over: nobody is to move.
    let t = yonin_table(script(25), seats(&[West, North]));
    assert_eq!(t.since_move(), None);
    // Several people, the CPU to move: no summary until a person's turn.
    let t = yonin_table(script(18), seats(&[South, West]));
    assert_eq!(t.game().side_to_move(), Some(North));
    assert_eq!(t.since_move(), None);
    // Nobody at the table.
    let t = yonin_table(script(18), seats(&[]));
    assert_eq!(t.since_move(), None);
}

#[test]
fn yonin_stories_of_the_moves_since_match_the_banner_of_each_move_y3_3() {
    let g = script(24);
    let stories = turn_stories(&g, 18);
    assert_eq!(stories.len(), 6);
    for (k, story) in stories.iter().enumerate() {
        let at = game_at(&g, 19 + k);
        assert_eq!(
            Some(story),
            last_turn_story(&at).as_ref(),
            "move {}",
            19 + k
        );
    }
    let skip = &stories[2];
    assert_eq!(
        (skip.mover, skip.next, skip.priority),
        (South, Some(North), true)
    );
    assert_eq!(skip.skipped, [West]);
    assert_eq!(
        skip.captured,
        Some(Role::Rook),
        "North's dragon, a rook in hand"
    );
    let mate = &stories[5].mates[0];
    assert_eq!(
        (mate.seat, mate.by, mate.pieces_to),
        (North, South, Some(South))
    );
    assert!(turn_stories(&g, 24).is_empty());
    assert_eq!(turn_stories(&g, 0).len(), 24);
}

/// South's rook checks East from i2 (RULES Y3.3: checking the previous seat skips West
/// and North; East answers, then South moves again).
fn check_east() -> YGame {
    let pos: YPosition = "4Kn4/9/9/9/Kw7Ke/9/9/6Rs2/4Ks4 -/-/-/- s - 0 -"
        .parse()
        .unwrap();
    YGame::from_position(pos)
}

#[test]
fn the_device_is_handed_to_another_persons_seat_y3_3() {
    // Four people: each turn is another person's.
    let mut t = yonin_table(script(0), seats(&Seat::ALL));
    assert_eq!(
        t.your_move(),
        Some(YourMove::Seat(South)),
        "nobody moved yet"
    );
    click_move(&mut t, "d1", "c2");
    assert_eq!(t.your_move(), Some(YourMove::HandTo(West)));
    // People at South and West, the CPU at North and East: South checks East, which
    // answers; South moves again, the last person to move: no hand-over.
    let mut t = yonin_table(check_east(), seats(&[South, West]));
    click_move(&mut t, "g2", "i2");
    assert_eq!(t.game().side_to_move(), Some(East));
    assert_eq!(t.your_move(), None, "the CPU is to move");
    let revision = t.cpu_request().unwrap().revision;
    t.cpu_answer(revision, ymv("i5h6")).unwrap();
    assert_eq!(t.game().side_to_move(), Some(South));
    assert_eq!(t.your_move(), Some(YourMove::Seat(South)));
    // In the summary, South sees East's answer.
    assert_eq!(plies(&t.since_move().unwrap()), [2]);
    click_move(&mut t, "i2", "i3");
    assert_eq!(t.your_move(), Some(YourMove::HandTo(West)));
    let s = t.since_move().unwrap();
    assert_eq!((s.seat, s.first), (West, true));
    // RULES Y3.3: West lost its turn to East's check priority; the game so far.
    assert_eq!(s.entries[0].note.skipped, [West, North]);
    assert_eq!(plies(&s), [1, 2, 3]);
}

/// With the CPU at every seat nobody is told anything: no summary, and the page keeps
/// no room for it ([`Table::people_here`]); one person is enough.
#[test]
fn with_the_cpu_at_every_seat_nobody_is_here_to_tell() {
    let all_cpu = yonin_table(script(4), seats(&[]));
    assert!(!all_cpu.people_here());
    assert!(all_cpu.since_move().is_none());
    let one = yonin_table(script(4), seats(&[North]));
    assert!(one.people_here());
    assert_eq!(plies(&one.since_move().unwrap()), [4]);
}
