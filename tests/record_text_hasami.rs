//! RULES H6.5: the Hasami Shogi record text (`docs/RECORDS.md`): the strict form written,
//! the tolerant reading, and every kind of bad input answered with its error, its place
//! and the good moves before it.

use shogi_variants::ai::Level;
use shogi_variants::engine::hasami::{
    Game, IllegalMove, Move, ParsePositionError, PlayError, Player, Position, Rules, WinCondition,
};
use shogi_variants::record::text::{
    GameKind, ImportError, ImportErrorKind, MAX_RECORD_BYTES, MoveAt, RecordInfo, RecordText,
    RulesProblem, SeatPlayer, TagSyntax, identify,
};

type Kind = ImportErrorKind<Player, ParsePositionError, PlayError>;

fn mv(s: &str) -> Move {
    s.parse().expect("move")
}

fn game(rules: Rules, moves: &[&str]) -> Game {
    let mut g = Game::new(rules);
    for m in moves {
        g.play(mv(m)).expect("legal");
    }
    g
}

fn read(text: &str) -> Result<(Game, RecordInfo<Player>), ImportError<Game>> {
    Game::read_record(text.as_bytes())
}

fn err(text: &str) -> ImportError<Game> {
    match read(text) {
        Ok((g, _)) => panic!("{text:?} read as {:?}", g.moves()),
        Err(e) => e,
    }
}

fn info() -> RecordInfo<Player> {
    RecordInfo {
        date: Some("2026.12.02".into()),
        players: vec![
            (Player::Black, SeatPlayer::Person),
            (Player::White, SeatPlayer::Cpu(Level::Strong)),
        ],
        names: Vec::new(),
    }
}

const RESIGNED: &str = "[Game \"Hasami Shogi\"]
[Date \"2026.12.02\"]
[Black \"Person\"]
[White \"CPU strong\"]
[Rules \"lead-by-3,limit=200\"]
[Start \"b\"]
[Result \"1-0\"]
[Termination \"resignation\"]

1. e1e5 e9e6 2. a1a2 1-0
";

fn resigned_game() -> Game {
    let rules = Rules {
        win: WinCondition::LeadByThree,
        move_limit: Some(200),
    };
    let mut g = game(rules, &["e1e5", "e9e6", "a1a2"]);
    g.resign(Player::White).expect("not over");
    g
}

#[test]
fn h6_5_strict_form_of_a_resigned_game() {
    // RULES H6.5, H4.3: tags, pairs of moves, the result; the resignation in Termination.
    let g = resigned_game();
    assert_eq!(g.write_record(&info()), RESIGNED);
    let (back, back_info) = read(RESIGNED).expect("reads");
    assert_eq!(back, g);
    assert_eq!(back.resigned(), Some(Player::White));
    assert_eq!(back_info, info());
}

#[test]
fn h6_5_strict_form_of_a_game_in_progress_and_of_an_unknown_player() {
    // RULES H6.5: `*` while the game goes on, no Termination, `?` for unknown.
    let g = game(Rules::default(), &["e1e5"]);
    let text = g.write_record(&RecordInfo::default());
    assert_eq!(
        text,
        "[Game \"Hasami Shogi\"]\n[Date \"????.??.??\"]\n[Black \"?\"]\n[White \"?\"]\n\
         [Rules \"-\"]\n[Start \"b\"]\n[Result \"*\"]\n\n1. e1e5 *\n"
    );
    let (back, info) = read(&text).expect("reads");
    assert_eq!(back, g);
    assert_eq!(info, RecordInfo::default());
    // a date in another form is written as unknown
    let odd = RecordInfo {
        date: Some("2 Dec 2026".into()),
        players: Vec::new(),
        names: Vec::new(),
    };
    assert!(g.write_record(&odd).contains("[Date \"????.??.??\"]"));
}

#[test]
fn h6_5_reading_is_tolerant() {
    // RULES H6.5: BOM, CRLF, comments, unknown tags, any case, numbers glued or not,
    // marks x - + # ! ? and annotations $n are read and ignored.
    let text = "\u{feff}[game \"hasami shogi\"]\r\n[Event \"Club night\"]\r\n\
        [DATE \"2026.12.02\"]\r\n{ a comment\r\n over two lines }\r\n\
        [Black \"Ann Example\"] ; a person by name\r\n[White \"cpu (Strong)\"]\r\n\
        [Rules \" Lead-By-3 , limit=200 \"]\r\n[Termination \"Resignation\"]\r\n\r\n\
        1.e1xe5!? e9-e6 $1 2. A1A2+ {White resigns} 1-0\r\n";
    let (back, back_info) = read(text).expect("reads");
    assert_eq!(back, resigned_game());
    assert_eq!(
        back_info.players,
        [
            (Player::Black, SeatPlayer::Person),
            (Player::White, SeatPlayer::Cpu(Level::Strong))
        ]
    );
    assert_eq!(back_info.date.as_deref(), Some("2026.12.02"));
    assert_eq!(
        back_info.names,
        [(Player::Black, "Ann Example".to_string())]
    );
    // bare moves, no tags: the default rules
    let (g, _) = read("e1e5 e9e6# 1... a1a2").expect("reads");
    assert_eq!(g.moves(), [mv("e1e5"), mv("e9e6"), mv("a1a2")]);
    assert_eq!(g.rules(), Rules::default());
}

#[test]
fn h6_5_a_loaded_start_keeps_its_position_and_move_numbers() {
    // RULES H6.5, H6.3: the Position tag; numbering continues the position's ply, White
    // first gets `N...`.
    let start: Position = "wwww1wwww/9/9/9/4w4/4b4/9/9/bbbb1bbbb w 0 0 7"
        .parse()
        .expect("position");
    let mut g = Game::from_position(Rules::default(), start);
    for m in ["a9a8", "a1a2", "b9b8"] {
        g.play(mv(m)).expect("legal");
    }
    let text = g.write_record(&RecordInfo::default());
    assert!(
        text.contains(
            "[Start \"w\"]\n[Position \"wwww1wwww/9/9/9/4w4/4b4/9/9/bbbb1bbbb w 0 0 7\"]\n"
        )
    );
    assert!(text.ends_with("\n4... a9a8 5. a1a2 b9b8 *\n"), "{text}");
    assert_eq!(
        (0..4).map(|i| g.move_number(i)).collect::<Vec<_>>(),
        [4, 5, 5, 6]
    );
    let (back, _) = read(&text).expect("reads");
    assert_eq!(back, g);
}

#[test]
fn h6_5_a_bare_position_string_loads_with_no_moves() {
    // RULES H6.5, H6.3: a position string alone, any spacing, default rules.
    let (g, info) = read("  wwwwwwwww/9/9/9/9/9/9/9/bbbb1bbbb   w 0 0 1\n").expect("reads");
    assert_eq!(g.moves(), []);
    assert_eq!(
        g.start().to_string(),
        "wwwwwwwww/9/9/9/9/9/9/9/bbbb1bbbb w 0 0 1"
    );
    assert_eq!(info, RecordInfo::default());
    let e = err("\n  wwwwwwwww/9/9/9/9/9/9/9/bbbbxbbbb w 0 0 1");
    assert_eq!((e.line, e.column), (Some(2), Some(3)));
    assert_eq!(
        e.kind,
        Kind::BadPosition {
            error: ParsePositionError::BadCharacter {
                rank: 1,
                column: 5,
                found: 'x'
            }
        }
    );
    // a Yonin position is another game
    let yonin = "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 -/-/-/- s - 0 -";
    assert_eq!(
        err(yonin).kind,
        Kind::WrongGame {
            found: "Yonin Shogi".into()
        }
    );
    assert_eq!(identify(yonin.as_bytes()), Some(GameKind::Yonin));
    assert_eq!(identify(RESIGNED.as_bytes()), Some(GameKind::Hasami));
}

/// One bad record: where the error points, what it says, the move it stopped at and
/// how many good moves it offers.
struct Case {
    text: &'static str,
    at: Option<(usize, usize)>,
    kind: Kind,
    at_move: Option<MoveAt<Player>>,
    good: usize,
}

fn at(number: u32, seat: Option<Player>, index: usize) -> Option<MoveAt<Player>> {
    Some(MoveAt {
        number,
        seat,
        index,
    })
}

#[test]
fn h6_5_every_kind_of_bad_record_is_answered_with_its_error() {
    // RULES H6.5, H6.4: what is wrong and where; nothing quietly substituted.
    use Player::{Black, White};
    let cases = [
        Case {
            text: "[Game \"Yonin Shogi\"]\n1 S e3e4",
            at: Some((1, 8)),
            kind: Kind::WrongGame {
                found: "Yonin Shogi".into(),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Game \"Chess\"]\n1. e4 e5",
            at: Some((1, 8)),
            kind: Kind::WrongGame {
                found: "Chess".into(),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Date 2026.12.02]",
            at: Some((1, 7)),
            kind: Kind::TagSyntax {
                expected: TagSyntax::Value,
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Date \"2 Dec 2026\"]",
            at: Some((1, 8)),
            kind: Kind::BadTagValue {
                tag: "Date",
                value: "2 Dec 2026".into(),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Black \"Person\"]\n[White \"CPU grandmaster\"]",
            at: Some((2, 9)),
            kind: Kind::BadTagValue {
                tag: "White",
                value: "CPU grandmaster".into(),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Date \"2026.12.02\"]\n[date \"2026.12.03\"]",
            at: Some((2, 1)),
            kind: Kind::DuplicateTag { name: "Date" },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Rules \"capture-7\"]",
            at: Some((1, 9)),
            kind: Kind::BadRules {
                problem: RulesProblem::Unknown("capture-7".into()),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Rules \"limit=x\"]",
            at: Some((1, 9)),
            kind: Kind::BadRules {
                problem: RulesProblem::Limit("x".into()),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Rules \"capture-5,lead-by-3\"]",
            at: Some((1, 9)),
            kind: Kind::BadRules {
                problem: RulesProblem::Repeated("lead-by-3".into()),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Start \"red\"]",
            at: Some((1, 9)),
            kind: Kind::BadTagValue {
                tag: "Start",
                value: "red".into(),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Start \"w\"]\n1. e1e5",
            at: Some((1, 9)),
            kind: Kind::StartConflict {
                start: White,
                position: Black,
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Position \"9/9 b 0 0 0\"]",
            at: Some((1, 12)),
            kind: Kind::BadPosition {
                error: ParsePositionError::RankCount { found: 2 },
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Result \"2-0\"]",
            at: Some((1, 10)),
            kind: Kind::BadTagValue {
                tag: "Result",
                value: "2-0".into(),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "[Termination \"time forfeit\"]",
            at: Some((1, 15)),
            kind: Kind::BadTagValue {
                tag: "Termination",
                value: "time forfeit".into(),
            },
            at_move: None,
            good: 0,
        },
        Case {
            text: "1. e1e5 zz",
            at: Some((1, 9)),
            kind: Kind::BadMove { text: "zz".into() },
            at_move: at(1, Some(White), 1),
            good: 1,
        },
        Case {
            text: "1. e1e5 e9e6\n2. e5e9",
            at: Some((2, 4)),
            kind: Kind::IllegalMove {
                text: "e5e9".into(),
                reason: PlayError::Illegal {
                    mv: mv("e5e9"),
                    reason: IllegalMove::Blocked,
                },
            },
            at_move: at(2, Some(Black), 2),
            good: 2,
        },
        Case {
            text: "e9e8",
            at: Some((1, 1)),
            kind: Kind::IllegalMove {
                text: "e9e8".into(),
                reason: PlayError::Illegal {
                    mv: mv("e9e8"),
                    reason: IllegalMove::NotYourPiece,
                },
            },
            at_move: at(1, Some(Black), 0),
            good: 0,
        },
        Case {
            text: "[Rules \"limit=1\"]\n1. e1e5 e9e6",
            at: Some((2, 9)),
            kind: Kind::MoveAfterEnd {
                text: "e9e6".into(),
            },
            at_move: at(1, None, 1),
            good: 1,
        },
        Case {
            text: "1. e1e5 [Black \"Ann\"]",
            at: Some((1, 9)),
            kind: Kind::TagAfterMoves {
                name: "Black".into(),
            },
            at_move: at(1, Some(White), 1),
            good: 1,
        },
        Case {
            text: "1. e1e5 e9e6 {never closed",
            at: Some((1, 14)),
            kind: Kind::UnclosedComment,
            at_move: at(2, Some(Black), 2),
            good: 2,
        },
        Case {
            text: "1. e1e5 * e9e6",
            at: Some((1, 11)),
            kind: Kind::AfterResult {
                text: "e9e6".into(),
            },
            at_move: None,
            good: 1,
        },
        Case {
            text: "[Result \"1-0\"]\n1. e1e5 e9e6",
            at: Some((1, 10)),
            kind: Kind::ResultMismatch {
                tag: "Result",
                written: "1-0".into(),
                actual: "*".into(),
            },
            at_move: None,
            good: 2,
        },
        Case {
            text: "1. e1e5 1/2-1/2",
            at: Some((1, 9)),
            kind: Kind::ResultMismatch {
                tag: "result mark",
                written: "1/2-1/2".into(),
                actual: "*".into(),
            },
            at_move: None,
            good: 1,
        },
        Case {
            text: "[Result \"1-0\"]\n1. e1e5 0-1",
            at: Some((2, 9)),
            kind: Kind::ResultConflict {
                tag: "1-0".into(),
                mark: "0-1".into(),
            },
            at_move: None,
            good: 1,
        },
        Case {
            text: "[Rules \"limit=1\"]\n[Termination \"repetition\"]\n1. e1e5",
            at: Some((2, 15)),
            kind: Kind::ResultMismatch {
                tag: "Termination",
                written: "repetition".into(),
                actual: "move-limit".into(),
            },
            at_move: None,
            good: 1,
        },
        Case {
            text: "[Termination \"resignation\"]\n1. e1e5",
            at: Some((1, 15)),
            kind: Kind::MissingTag { tag: "Result" },
            at_move: None,
            good: 1,
        },
        Case {
            text: "[Termination \"resignation\"]\n1. e1e5 1/2-1/2",
            at: Some((2, 9)),
            kind: Kind::BadTagValue {
                tag: "Result",
                value: "1/2-1/2".into(),
            },
            at_move: None,
            good: 1,
        },
        Case {
            text: "[Rules \"limit=1\"]\n[Termination \"resignation\"]\n1. e1e5 1-0",
            at: Some((2, 15)),
            kind: Kind::ResultMismatch {
                tag: "Termination",
                written: "resignation".into(),
                actual: "move-limit".into(),
            },
            at_move: None,
            good: 1,
        },
        Case {
            text: "  \r\n{only a comment} ; and another\n",
            at: None,
            kind: Kind::Empty,
            at_move: None,
            good: 0,
        },
    ];
    for case in cases {
        let e = err(case.text);
        assert_eq!(e.kind, case.kind, "{:?}", case.text);
        assert_eq!(
            e.line.zip(e.column),
            case.at,
            "{:?}: {:?}",
            case.text,
            case.kind
        );
        assert_eq!(e.at_move, case.at_move, "{:?}", case.text);
        assert_eq!(e.good_moves(), case.good, "{:?}", case.text);
    }
}

#[test]
fn h6_5_input_too_large_or_not_utf8_is_refused_before_reading() {
    // RULES H6.5: over 64 KB refused before parsing; bytes that are not UTF-8.
    let big = vec![b' '; MAX_RECORD_BYTES + 1];
    let e = Game::read_record(&big).expect_err("too large");
    assert_eq!(
        e.kind,
        Kind::TooLarge {
            bytes: MAX_RECORD_BYTES + 1,
            max: MAX_RECORD_BYTES
        }
    );
    assert_eq!((e.line, e.column, e.good_moves()), (None, None, 0));
    let e = Game::read_record(b"1. e1e5 e9e6\n2. \xC3(").expect_err("not UTF-8");
    assert_eq!(e.kind, Kind::NotUtf8 { byte: 16 });
    assert_eq!((e.line, e.column), (Some(2), Some(4)));
    // UTF-16 (a byte order mark FF FE) is not UTF-8 either
    let e = Game::read_record(b"\xFF\xFE1\x00").expect_err("UTF-16");
    assert_eq!(e.kind, Kind::NotUtf8 { byte: 0 });
}

#[test]
fn h6_5_a_truncated_record_offers_its_good_moves() {
    // RULES H6.5: a record cut short says so and offers "load up to move N".
    let rules = Rules {
        win: WinCondition::CaptureFive,
        move_limit: Some(6),
    };
    let g = game(rules, &["e1e5", "e9e6", "a1a2", "a9a8", "b1b2", "b9b8"]);
    assert!(g.is_over());
    let text = g.write_record(&RecordInfo::default());
    let cut = text.find("b1b2").expect("fifth move");
    let e = err(&text[..cut]);
    assert_eq!(
        e.kind,
        Kind::ResultMismatch {
            tag: "Result",
            written: "1/2-1/2".into(),
            actual: "*".into()
        }
    );
    assert!(e.kind.cut_short(), "told as a text cut short");
    let good = e.good.expect("good moves");
    assert_eq!(good.moves(), &g.moves()[..4]);
    assert_eq!(good.position(), &g.positions()[4]);
    // A result that disagrees with a finished game is no cut.
    let e = err(&text.replace("1/2-1/2", "1-0"));
    assert!(
        matches!(e.kind, Kind::ResultMismatch { .. }),
        "{:?}",
        e.kind
    );
    assert!(!e.kind.cut_short());
    // cut in the middle of a move
    let e = err(&text[..cut + 3]);
    assert_eq!(e.kind, Kind::BadMove { text: "b1b".into() });
    assert!(!e.kind.cut_short());
    assert_eq!(e.at_move, at(3, Some(Player::Black), 4));
    assert_eq!(e.good_moves(), 4);
    // every cut, at every character, answers without panicking
    for (i, _) in text.char_indices() {
        let _ = read(&text[..i]);
    }
}

#[test]
fn h6_5_errors_read_in_english_for_logs() {
    // RULES H6.5: Display names the line, column, move and seat, and the good moves.
    let e = err("1. e1e5 e9e6\n2. e5e9");
    assert_eq!(
        e.to_string(),
        "line 2, column 4, move 2 (black), illegal move e5e9: illegal move e5e9: \
         the path or the destination is occupied (the first 2 moves are good)"
    );
    assert_eq!(
        err("[Game \"Chess\"]").to_string(),
        "line 1, column 8, this is a record of \"Chess\", not of this game"
    );
    let long = format!("{} e1e5", "x".repeat(100));
    assert_eq!(
        err(&long).kind,
        Kind::BadMove {
            text: format!("{}…", "x".repeat(39))
        }
    );
}

#[test]
fn h6_a_persons_name_is_written_in_the_seat_tag_and_read_back() {
    // RULES H6: a seat tag names who played it (a game by link's names); a name that
    // would read as no person, or as the CPU, is written `Person`.
    let g = game(Rules::default(), &["e1e5"]);
    let mut info = RecordInfo {
        date: None,
        players: vec![
            (Player::Black, SeatPlayer::Person),
            (Player::White, SeatPlayer::Person),
        ],
        names: vec![
            (Player::Black, "Ana \"A\" Lima".to_string()),
            (Player::White, "Bo".to_string()),
        ],
    };
    let text = g.write_record(&info);
    assert!(
        text.contains("[Black \"Ana \\\"A\\\" Lima\"]\n[White \"Bo\"]\n"),
        "{text}"
    );
    let (_, back) = read(&text).expect("reads");
    assert_eq!(back, info);
    for odd in ["CPU strong", "cpu", "?", " "] {
        info.names[1].1 = odd.to_string();
        let text = g.write_record(&info);
        assert!(text.contains("[White \"Person\"]\n"), "{odd:?}: {text}");
        let (_, back) = read(&text).expect("reads");
        assert_eq!(
            back.player(Player::White),
            Some(SeatPlayer::Person),
            "{odd:?}"
        );
        assert_eq!(back.name(Player::White), None, "{odd:?}");
    }
}

#[test]
fn h6_a_novice_cpu_is_written_and_read_by_its_name() {
    // RULES H6: a seat tag `CPU <level>`, the weakest level included.
    let g = game(Rules::default(), &["e1e5", "e9e6"]);
    let info = RecordInfo {
        date: None,
        players: vec![
            (Player::Black, SeatPlayer::Cpu(Level::Novice)),
            (Player::White, SeatPlayer::Person),
        ],
        names: Vec::new(),
    };
    let text = g.write_record(&info);
    assert!(text.contains("[Black \"CPU novice\"]\n"), "{text}");
    let (back, back_info) = read(&text).expect("reads");
    assert_eq!(back.moves(), g.moves());
    assert_eq!(back_info.players, info.players);
    // Any case, as the other levels.
    let (_, info) = read("[White \"cpu (Novice)\"]\ne1e5").expect("reads");
    assert_eq!(
        info.players,
        [(Player::White, SeatPlayer::Cpu(Level::Novice))]
    );
}

#[test]
fn h6_5_the_last_good_move_is_numbered_as_the_fault_is() {
    // RULES H6.5: "load up to move N" names the last good move the way the error names
    // the bad one, in pairs of moves: a fault at move 3 (Black) loads up to move 2
    // (White); a fault at move 2 (White) loads up to move 2 (Black).
    use Player::{Black, White};
    let e = err("1. e1e5 e9e6 2. a1a2 a9a8 3. e5e9");
    assert_eq!(e.at_move, at(3, Some(Black), 4));
    assert_eq!(e.good_moves(), 4);
    assert_eq!(e.last_good(), at(2, Some(White), 3));
    let e = err("1. e1e5 e9e6 2. a1a2 e6e1");
    assert_eq!(e.at_move, at(2, Some(White), 3));
    assert_eq!(e.last_good(), at(2, Some(Black), 2));
    let e = err("1. e1e9");
    assert_eq!((e.good_moves(), e.last_good()), (0, None));
}
