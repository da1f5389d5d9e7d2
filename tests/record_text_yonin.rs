//! RULES Y9.2: the Yonin Shogi record text (`docs/RECORDS.md`): every move with its move
//! number and seat letter, placings and mates in the result, the tolerant reading, and
//! every kind of bad input answered with its error, its place and the good moves.

use shogi_variants::ai::Level;
use shogi_variants::engine::yonin::{Game, ParsePositionError, PlayError, Rules, Seat};
use shogi_variants::record::text::{
    GameKind, ImportError, ImportErrorKind, MoveAt, RecordInfo, RecordText, RulesProblem,
    SeatPlayer, identify,
};

#[path = "common/yonin.rs"]
mod common;
use common::{game, mv, play, pos};

use Seat::{East, North, South, West};

type Kind = ImportErrorKind<Seat, ParsePositionError, PlayError>;

fn read(text: &str) -> Result<(Game, RecordInfo<Seat>), ImportError<Game>> {
    Game::read_record(text.as_bytes())
}

fn err(text: &str) -> ImportError<Game> {
    match read(text) {
        Ok((g, _)) => panic!("{text:?} read as {:?}", g.moves()),
        Err(e) => e,
    }
}

/// RULES Y6.1: South's one move mates West, then East.
const DOUBLE_MATE: &str =
    "Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@e3 Pn@e7 Pw@b4 Pw@b6 Ss@a3 Ss@b7 Pe@h4 Pe@h6 Ss@i3 Ss@h7";

#[test]
fn y9_2_strict_form_of_a_game_ended_by_mates() {
    // RULES Y9.2, Y6.1, Y5.2: placings in Result, who mated whom in Mates.
    let mut g = game(DOUBLE_MATE, "-/-/-/- s - 0 -");
    play(&mut g, "e3e5");
    let start = g.start().to_string();
    let info = RecordInfo {
        date: Some("2026.12.??".into()),
        players: vec![
            (South, SeatPlayer::Person),
            (West, SeatPlayer::Cpu(Level::Beginner)),
            (North, SeatPlayer::Cpu(Level::Casual)),
            (East, SeatPlayer::Cpu(Level::Master)),
        ],
        names: Vec::new(),
    };
    let text = g.write_record(&info);
    assert_eq!(
        text,
        format!(
            "[Game \"Yonin Shogi\"]\n[Date \"2026.12.??\"]\n[South \"Person\"]\n\
             [West \"CPU beginner\"]\n[North \"CPU casual\"]\n[East \"CPU master\"]\n\
             [Rules \"-\"]\n[Start \"s\"]\n[Position \"{start}\"]\n\
             [Result \"S1,W4,N2,E3\"]\n[Termination \"mates\"]\n[Mates \"w:s:1,e:s:1\"]\n\
             \n1 S e3e5 S1,W4,N2,E3\n"
        )
    );
    let (back, back_info) = read(&text).expect("reads");
    assert_eq!(back.position(), g.position());
    assert_eq!(back.outcome(), g.outcome());
    assert_eq!(back_info, info);
}

#[test]
fn y9_2_strict_form_of_a_repetition_from_the_standard_start() {
    // RULES Y9.2, Y6.3, Y6.5: no Position tag; survivors level on every count share 1st.
    let cycle = [
        "c1b2", "a7b8", "g9h8", "i3h2", "b2c1", "b8a7", "h8g9", "h2i3",
    ];
    let mut g = Game::new(Rules::default(), South);
    for m in cycle.iter().cycle().take(24) {
        play(&mut g, m);
    }
    let text = g.write_record(&RecordInfo::default());
    assert!(!text.contains("[Position"));
    assert!(text.contains(
        "[Result \"S1,W1,N1,E1\"]\n[Termination \"repetition\"]\n[Mates \"-\"]\n\n\
         1 S c1b2 2 W a7b8 3 N g9h8 4 E i3h2 5 S b2c1 6 W b8a7 7 N h8g9 8 E h2i3\n9 S c1b2"
    ));
    assert!(text.lines().all(|l| l.chars().count() < 80));
    assert!(text.ends_with(" 24 E h2i3\nS1,W1,N1,E1\n"), "{text}");
    let (back, _) = read(&text).expect("reads");
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back.outcome(), g.outcome());
}

#[test]
fn y9_2_a_pairs_draw_and_the_starting_seat() {
    // RULES Y9.2, Y6.5, Y7: a pairs game stopped before any mate is a draw.
    let mut g = Game::new("pairs,limit=4".parse().expect("rules"), West);
    for m in ["c5d5", "e7e6", "g5f5", "e3e4"] {
        play(&mut g, m);
    }
    let text = g.write_record(&RecordInfo::default());
    assert!(text.contains(
        "[Rules \"pairs,limit=4\"]\n[Start \"w\"]\n[Result \"draw\"]\n\
         [Termination \"move-limit\"]\n[Mates \"-\"]\n\n1 W c5d5 2 N e7e6 3 E g5f5 4 S e3e4 draw\n"
    ));
    let (back, _) = read(&text).expect("reads");
    assert_eq!(back.position(), g.position());
    assert_eq!(back.starting_seat(), West);
    // PGN's draw mark is read too
    let pgn = text.replace("e3e4 draw", "e3e4 1/2-1/2");
    assert_eq!(read(&pgn).expect("reads").0.outcome(), g.outcome());
    assert_eq!(identify(pgn.as_bytes()), Some(GameKind::Yonin));
}

#[test]
fn y9_2_seat_letters_follow_check_priority() {
    // RULES Y9.2, Y3.3: checking North skips West; the letters say who really moved.
    let mut g = game("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c7 Pe@g5", "-/-/-/- s - 0 -");
    for m in ["c7e7", "e9d9", "i5i4"] {
        play(&mut g, m);
    }
    assert_eq!(g.movers(), [South, North, East]);
    let text = g.write_record(&RecordInfo::default());
    assert!(text.ends_with("\n1 S c7e7 2 N e9d9 3 E i5i4 *\n"), "{text}");
    let (back, _) = read(&text).expect("reads");
    assert_eq!(back.movers(), g.movers());
    // the letter is checked: West does not move second here
    let wrong = text.replace("2 N e9d9", "2 W e9d9");
    let e = err(&wrong);
    assert_eq!(
        e.kind,
        Kind::SeatMismatch {
            expected: North,
            found: West
        }
    );
    assert_eq!(
        e.at_move,
        Some(MoveAt {
            number: 2,
            seat: Some(North),
            index: 1
        })
    );
    assert_eq!(e.good_moves(), 1);
}

#[test]
fn y9_1_promotion_and_check_marks() {
    // RULES Y9.1, Y9.2: `+` after the squares promotes; a check `+` only after a drop, a
    // promotion's `+` or `=` (no promotion); `#`, `!`, `?` and `x` are marks.
    let base = pos("Ks@e1 Kw@a5 Kn@c9 Ke@i5 Ps@c7", "-/-/-/- s - 0 -");
    let start = format!("[Position \"{base}\"]\n");
    for (word, promote) in [
        ("c7c8+", true),
        ("c7c8++", true),
        ("c7xc8+#!", true),
        ("c7c8", false),
        ("c7-c8=", false),
        ("c7c8=+", false),
        ("c7c8#", false),
    ] {
        let (g, _) = read(&format!("{start}1 S {word}")).expect(word);
        assert_eq!(g.moves()[0].is_promotion(), promote, "{word}");
    }
    for word in ["c7c8+=", "c7c8+++", "+R*e5", "c7c8x"] {
        assert_eq!(
            err(&format!("{start}1 S {word}")).kind,
            Kind::BadMove { text: word.into() },
            "{word}"
        );
    }
    // a drop with a check mark
    let with_hand = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5", "P/-/-/- s - 0 -");
    let (g, _) = read(&format!("[Position \"{with_hand}\"]\n1. s P*e8+!")).expect("drop");
    assert_eq!(g.moves(), [mv("P*e8")]);
}

#[test]
fn y9_2_reading_is_tolerant() {
    // RULES Y9.2: BOM, CRLF, comments, unknown tags, glued numbers, lower-case seat
    // letters, seat names in tags, missing letters and numbers.
    let text = "\u{feff}[Game \"YONIN shogi\"]\r\n[Site \"Izumo\"]\r\n[Start \"West\"]\r\n\
        [Rules \"Pairs , limit=4\"]\r\n[West \"Bo\"] [North \"cpu: master\"]\r\n\r\n\
        1.w c5d5 {check?} 2... n e7e6 ; North\r\ng5f5 4 S e3e4 draw\r\n";
    let (g, info) = read(text).expect("reads");
    assert_eq!(g.movers(), [West, North, East, South]);
    assert!(g.rules().is_pairs());
    assert_eq!(
        info.players,
        [
            (West, SeatPlayer::Person),
            (North, SeatPlayer::Cpu(Level::Master))
        ]
    );
    // a bare position string
    let p = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5 Rs@c2", "-/-/-/- s - 7 last");
    let (g, _) = read(&format!("\n {p} \n")).expect("position");
    assert_eq!(g.position(), &p);
    assert_eq!(g.move_number(0), 8);
}

#[test]
fn y9_2_every_kind_of_bad_record_is_answered_with_its_error() {
    // RULES Y9.2: what is wrong and where; Y6.6: nobody resigns.
    let start = pos("Ks@e1 Kw@a5 Kn@e9 Ke@i5", "-/-/-/- s - 0 -");
    let double = pos(DOUBLE_MATE, "-/-/-/- s - 0 -");
    let hasami = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0";
    // the text, where the error points, what it says, how many good moves it offers
    type Case = (String, Option<(usize, usize)>, Kind, usize);
    let cases: Vec<Case> = vec![
        (
            "[Game \"Hasami Shogi\"]\n1. e1e5".into(),
            Some((1, 8)),
            Kind::WrongGame {
                found: "Hasami Shogi".into(),
            },
            0,
        ),
        (
            format!("[Position \"{hasami}\"]"),
            Some((1, 12)),
            Kind::WrongGame {
                found: "Hasami Shogi".into(),
            },
            0,
        ),
        (
            hasami.into(),
            Some((1, 1)),
            Kind::WrongGame {
                found: "Hasami Shogi".into(),
            },
            0,
        ),
        (
            "[Rules \"pairs,fast\"]".into(),
            Some((1, 9)),
            Kind::BadRules {
                problem: RulesProblem::Unknown("fast".into()),
            },
            0,
        ),
        (
            "[Start \"x\"]".into(),
            Some((1, 9)),
            Kind::BadTagValue {
                tag: "Start",
                value: "x".into(),
            },
            0,
        ),
        (
            format!("[Rules \"pairs\"]\n[Position \"{start}\"]"),
            Some((1, 9)),
            Kind::RulesConflict {
                tag: "pairs".into(),
                position: "-".into(),
            },
            0,
        ),
        (
            format!("[Start \"n\"]\n[Position \"{start}\"]"),
            Some((1, 9)),
            Kind::StartConflict {
                start: North,
                position: South,
            },
            0,
        ),
        (
            "[Position \"9/9/9/9/9/9/9/9/9 -/-/-/- s - 0 -\"]".into(),
            Some((1, 12)),
            Kind::BadPosition {
                error: ParsePositionError::Invalid(
                    shogi_variants::engine::yonin::PositionError::KingCount {
                        seat: South,
                        found: 0,
                    },
                ),
            },
            0,
        ),
        (
            "[Result \"S1,W1\"]".into(),
            Some((1, 10)),
            Kind::BadTagValue {
                tag: "Result",
                value: "S1,W1".into(),
            },
            0,
        ),
        (
            "[Termination \"resignation\"]".into(),
            Some((1, 15)),
            Kind::BadTagValue {
                tag: "Termination",
                value: "resignation".into(),
            },
            0,
        ),
        (
            "[Mates \"w:s\"]".into(),
            Some((1, 9)),
            Kind::BadTagValue {
                tag: "Mates",
                value: "w:s".into(),
            },
            0,
        ),
        (
            "1 S e3e4 2 W resign".into(),
            Some((1, 14)),
            Kind::BadMove {
                text: "resign".into(),
            },
            1,
        ),
        (
            "1 S e3e4 2 W c5c4".into(),
            Some((1, 14)),
            Kind::IllegalMove {
                text: "c5c4".into(),
                reason: PlayError::Unreachable,
            },
            1,
        ),
        (
            format!("[Position \"{double}\"]\n1 S e3e5 2 N e7e6"),
            Some((2, 14)),
            Kind::MoveAfterEnd {
                text: "e7e6".into(),
            },
            1,
        ),
        (
            format!("[Position \"{double}\"]\n[Mates \"w:s:1\"]\n1 S e3e5"),
            Some((2, 9)),
            Kind::ResultMismatch {
                tag: "Mates",
                written: "w:s:1".into(),
                actual: "w:s:1,e:s:1".into(),
            },
            1,
        ),
        (
            format!("[Position \"{double}\"]\n[Result \"S1,W3,N2,E4\"]\n1 S e3e5"),
            Some((2, 10)),
            Kind::ResultMismatch {
                tag: "Result",
                written: "S1,W3,N2,E4".into(),
                actual: "S1,W4,N2,E3".into(),
            },
            1,
        ),
        (
            format!("[Position \"{double}\"]\n[Termination \"move-limit\"]\n1 S e3e5"),
            Some((2, 15)),
            Kind::ResultMismatch {
                tag: "Termination",
                written: "move-limit".into(),
                actual: "mates".into(),
            },
            1,
        ),
        (
            "1 S e3e4 S1,W2,N3,E4".into(),
            Some((1, 10)),
            Kind::ResultMismatch {
                tag: "result mark",
                written: "S1,W2,N3,E4".into(),
                actual: "*".into(),
            },
            1,
        ),
        (
            "[Result \"*\"]\n1 S e3e4 draw".into(),
            Some((2, 10)),
            Kind::ResultConflict {
                tag: "*".into(),
                mark: "draw".into(),
            },
            1,
        ),
    ];
    for (text, at, kind, good) in cases {
        let e = err(&text);
        assert_eq!(e.kind, kind, "{text:?}");
        assert_eq!(e.line.zip(e.column), at, "{text:?}");
        assert_eq!(e.good_moves(), good, "{text:?}");
    }
}

#[test]
fn y9_2_a_truncated_record_offers_its_good_moves() {
    // RULES Y9.2: every cut of a record answers without panicking; a cut between moves
    // offers the moves before it.
    let mut g = Game::new("limit=12".parse().expect("rules"), North);
    for m in [
        "e7e6", "g5f5", "e3e4", "c5d5", "d8d7", "h6g6", "d2d3", "b4c4", "f8f7", "h4g4", "f2f3",
        "b6c6",
    ] {
        play(&mut g, m);
    }
    assert!(g.is_over());
    let text = g.write_record(&RecordInfo::default());
    let cut = text.find("7 S").expect("seventh move");
    let e = err(&text[..cut]);
    assert_eq!(e.good_moves(), 6);
    // The last good move, numbered as the record numbers its moves: North started, so
    // the sixth move (h6g6) is East's, number 6.
    assert_eq!(
        e.last_good(),
        Some(MoveAt {
            number: 6,
            seat: Some(Seat::East),
            index: 5
        })
    );
    assert_eq!(
        e.kind,
        Kind::ResultMismatch {
            tag: "Result",
            written: "S1,W1,N1,E1".into(),
            actual: "*".into()
        }
    );
    for (i, _) in text.char_indices() {
        let _ = read(&text[..i]);
    }
}

#[test]
fn y9_a_novice_cpu_is_written_and_read_by_its_name() {
    // RULES Y9: a seat tag `CPU <level>`, the weakest level included.
    let mut g = Game::new(Rules::default(), South);
    let first = g.legal_moves()[0];
    g.play(first).unwrap();
    let info = RecordInfo {
        date: None,
        players: vec![
            (South, SeatPlayer::Person),
            (West, SeatPlayer::Cpu(Level::Novice)),
        ],
        names: Vec::new(),
    };
    let text = g.write_record(&info);
    assert!(text.contains("[West \"CPU novice\"]\n"), "{text}");
    let (back, back_info) = read(&text).expect("reads");
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back_info.players, info.players);
}
