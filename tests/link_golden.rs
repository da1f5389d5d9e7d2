//! Golden share links: fixed games whose links are pinned here, so that the format of
//! `docs/RECORDS.md` ("Share links") cannot drift; the worked example of that document,
//! bit by bit; and the move order of a link, which is defined from the notation, not
//! from the order in which the engine generates moves.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use shogi_variants::engine::Variant;
use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::link::{LinkGame, ShareLink, game_of_link, link_order};

#[path = "link_games/mod.rs"]
mod games;

const HASAMI_START: &str = "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 0 0 0";

fn hasami_from(rules: hasami::Rules, start: &str, moves: &str) -> hasami::Game {
    let mut game = hasami::Game::from_position(rules, start.parse().unwrap());
    for m in moves.split_whitespace() {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

/// A Yonin game under `rules` from the standard start with `first` to move, or from the
/// position `setup` (RULES Y9.2 notation, which holds the rules and the seat to move),
/// with `moves` played.
fn yonin_from(rules: &str, first: yonin::Seat, setup: Option<&str>, moves: &str) -> yonin::Game {
    let mut game = match setup {
        Some(text) => yonin::Game::from_position(text.parse().unwrap()),
        None => yonin::Game::new(rules.parse().unwrap(), first),
    };
    for m in moves.split_whitespace() {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

/// The golden Hasami games: a name, the game, its link.
fn hasami_goldens() -> Vec<(&'static str, hasami::Game, &'static str)> {
    let default = hasami::Rules::default();
    let mut resigned = hasami_from(
        hasami::Rules {
            win: hasami::WinCondition::LeadByThree,
            move_limit: Some(200),
        },
        HASAMI_START,
        // f1f5 takes e5 between d5 and f5 (RULES H3.1).
        "d1d5 e9e5 f1f5",
    );
    resigned.resign(hasami::Player::White).unwrap();
    vec![
        ("empty", hasami::Game::new(default), "H1Ig"),
        (
            "short",
            hasami_from(default, HASAMI_START, "e1e5 e9e6 a1a2"),
            "H1II-4A",
        ),
        ("resigned by White", resigned, "H1QGVCMNug"),
        (
            "won by five captures (RULES H4.1)",
            hasami_from(
                default,
                HASAMI_START,
                "h1h2 g9g8 i1i5 i9i6 a1a5 b9b7 h2h7 g8g9 h7i7 d9d2 g1g7 d2d9 g7g3 g9g8 \
                 d1d4 g8g6 e1e3 b7g7 d4g4 c9c3 i5h5 f9f2 g3f3 g7g9 f3i3 a9b9 i3i4 c3c4 \
                 i7i6 g6e6 a5a2 g9g6 a2a8 c4c3 f1f9 c3c6 c1c4 c6a6 c4c9 h9h8 a8a9",
            ),
            "H1IBVjg1gg0TdNPaRDoOY8gQLuV4-Bxs6woEpotrU4JcYgCniig",
        ),
        (
            "drawn by the move limit (RULES H4.5)",
            hasami_from(
                hasami::Rules {
                    win: hasami::WinCondition::CaptureFive,
                    move_limit: Some(4),
                },
                HASAMI_START,
                "a1a2 a9a8 a2a1 a8a9",
            ),
            "H1DAoArkc",
        ),
        (
            "a set-up start, White to move",
            hasami_from(
                hasami::Rules {
                    win: hasami::WinCondition::CaptureAll,
                    move_limit: Some(100),
                },
                "w7w/9/9/4b4/9/9/9/9/b7b w 3 2 41",
                "a9a5 e6e5 a5a6",
            ),
            "H1gMxmQKoBAAAAAABAAABgMg3DA",
        ),
    ]
}

/// Default rules, South first: two mates, drops and a promotion (`a1c1+`).
const YONIN_MATES: &str = "\
    d1c2 b4c4 g9g8 h6g6 g1h2 a4b3 g8h7 i3h2 c2b3 a3b3 h7g6 S*b4 a5b4 g6h5 i4h5 G*a3 \
    b4a3 R*a1 a3b4 a1c1+ S*g1 G*h6 i5h6 S*a3 P*h9 G*f4 G*c7 S*h7 h6h7 a7b7 c1c3 b4c3 \
    f9g8 h7g8 R*f9";

/// A set-up start with hands, West to move, move limit 200.
const YONIN_SETUP: &str = "2SnGnKnGn3/3PnRnPn3/Sw3Pn3Se/GwPw6Ge/1RwPw3PeGeKe/1KwPw4Pe1/\
    GsSw2Ps4/3PsRsPs1Se1/2Ss1KsGs3 -/GS/RP/S w - 16 limit=200";

fn yonin_mates() -> yonin::Game {
    yonin_from("-", yonin::Seat::South, None, YONIN_MATES)
}

fn yonin_setup() -> yonin::Game {
    yonin_from(
        "-",
        yonin::Seat::West,
        Some(YONIN_SETUP),
        "b4a5 P*b2 S*d6 a3b3",
    )
}

/// The golden Yonin games: a name, the game, its link.
fn yonin_goldens() -> Vec<(&'static str, yonin::Game, &'static str)> {
    let every_rule = yonin::Rules {
        format: yonin::Format::Pairs,
        end: yonin::GameEnd::ToTheLast,
        eliminated_pieces: yonin::EliminatedPieces::Ownerless,
        move_limit: Some(300),
    };
    vec![
        (
            "empty",
            yonin::Game::new(yonin::Rules::default(), yonin::Seat::South),
            "Y1EQ",
        ),
        (
            "empty, every local rule changed, West first",
            yonin::Game::new(every_rule, yonin::Seat::West),
            "Y14BLl",
        ),
        (
            "short",
            yonin_from("-", yonin::Seat::South, None, "e3e4 c5d5 e7e6 g5f5"),
            "Y1EFhAQ",
        ),
        (
            "two mates, drops and a promotion (RULES Y5, Y6.1)",
            yonin_mates(),
            "Y1EAkI3VDUFEUwJCYIAyi9S8Sa9wmlboo",
        ),
        (
            "a set-up start, West to move",
            yonin_setup(),
            "Y1ADKZYoNEDBkcFbqNmYIIeGGOSeGMevHp4YFezGKLcYsrigtasWqPpVrWESztZA",
        ),
    ]
}

#[test]
fn golden_hasami_links() {
    for (name, game, link) in hasami_goldens() {
        assert_eq!(game.to_link(), link, "{name}");
        let back = hasami::Game::from_link(link).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, game, "{name}");
        assert_eq!(back.outcome(), game.outcome(), "{name}");
        assert_eq!(game_of_link(link), Some(LinkGame::Hasami));
    }
}

#[test]
fn golden_yonin_links() {
    for (name, game, link) in yonin_goldens() {
        assert_eq!(game.to_link(), link, "{name}");
        let back = yonin::Game::from_link(link).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back.record(), game.record(), "{name}");
        assert_eq!(back.position(), game.position(), "{name}");
        assert_eq!(back.outcome(), game.outcome(), "{name}");
        assert_eq!(game_of_link(link), Some(LinkGame::Yonin));
    }
}

#[test]
fn the_golden_games_are_what_their_names_say() {
    let h = hasami_goldens();
    assert_eq!(h[2].1.resigned(), Some(hasami::Player::White));
    assert_eq!(h[2].1.position().captures(hasami::Player::Black), 1);
    assert_eq!(
        h[3].1.outcome(),
        Some(hasami::Outcome::Win {
            winner: hasami::Player::Black,
            reason: hasami::WinReason::CapturedFive
        })
    );
    assert_eq!(
        h[4].1.outcome(),
        Some(hasami::Outcome::Draw {
            reason: hasami::DrawReason::MoveLimit
        })
    );
    let y = yonin_goldens();
    let mates = &y[3].1;
    assert_eq!(mates.position().eliminations().len(), 2);
    assert_eq!(
        mates.outcome().map(|o| o.reason),
        Some(yonin::EndReason::Mates)
    );
    assert!(mates.moves().iter().any(|m| m.is_drop()));
    assert!(mates.moves().iter().any(|m| m.is_promotion()));
    assert!(y[4].1.record().position.is_some());
}

fn texts<M: ToString>(moves: &[M]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

#[test]
fn the_link_order_is_pinned() {
    // Hasami: by from-square, then to-square, squares numbered a1 b1 .. i1 a2 .. i9.
    let expected: Vec<String> = "abcdefghi"
        .chars()
        .flat_map(|f| (2..=8).map(move |r| format!("{f}1{f}{r}")))
        .collect();
    assert_eq!(
        texts(&link_order(&hasami::Game::new(hasami::Rules::default()))),
        expected
    );
    // Yonin: board moves by from, to, promotion; then drops by piece (R G S P), square.
    let south = yonin::Game::new(yonin::Rules::default(), yonin::Seat::South);
    assert_eq!(
        texts(&link_order(&south)).join(" "),
        "c1b2 c1c2 d1c2 f1g2 g1g2 g1h2 d2d3 f2f3 e3e4"
    );
    let mut setup = yonin_setup();
    while setup.moves().len() > 1 {
        setup.undo();
    }
    let north = texts(&link_order(&setup));
    assert_eq!(
        north[..10].join(" "),
        "e7e6 d8d7 f8f7 c9b8 c9c8 d9c8 f9g8 f9g9 R*a1 R*b1"
    );
    let first_pawn = north.iter().position(|m| m.starts_with("P*")).unwrap();
    assert_eq!(
        north[first_pawn - 2..first_pawn + 2].join(" "),
        "R*h9 R*i9 P*a2 P*b2"
    );
    // A promotion choice: without before with.
    let game = yonin_mates();
    let mut before = yonin::Game::new(yonin::Rules::default(), yonin::Seat::South);
    for &mv in &game.moves()[..19] {
        before.play(mv).unwrap();
    }
    let order = texts(&link_order(&before));
    let plain = order.iter().position(|m| m == "a1c1").unwrap();
    assert_eq!(order[plain + 1], "a1c1+");
}

/// The key from the move's text alone: Hasami `(from, to)`, Yonin `(0, from, to, +)` for
/// a board move and `(1, piece, to)` for a drop, squares numbered a1 = 0 .. i9 = 80.
fn key_from_text(text: &str) -> (u32, u32, u32, u32) {
    let square = |s: &str| {
        let b = s.as_bytes();
        u32::from(b[1] - b'1') * 9 + u32::from(b[0] - b'a')
    };
    if let Some((piece, to)) = text.split_once('*') {
        (1, "RGSP".find(piece).unwrap() as u32, square(to), 0)
    } else {
        let promote = u32::from(text.ends_with('+'));
        (0, square(&text[..2]), square(&text[2..4]), promote)
    }
}

#[test]
fn the_link_order_is_the_notation_order_whatever_the_generation_order() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for i in 0..200 {
        let h = games::hasami_game(i);
        let y = games::yonin_game(i);
        if !h.is_over() {
            let mut moves = h.legal_moves();
            moves.shuffle(&mut rng);
            moves.sort_by_key(|&m| hasami::Game::link_key(m));
            assert_eq!(moves, link_order(&h));
            let mut by_text = texts(&moves);
            by_text.sort_by_key(|t| key_from_text(t));
            assert_eq!(by_text, texts(&moves));
        }
        if !y.is_over() {
            let mut moves = Variant::legal_moves(&y);
            moves.shuffle(&mut rng);
            moves.sort_by_key(|&m| yonin::Game::link_key(m));
            assert_eq!(moves, link_order(&y));
            let mut by_text = texts(&moves);
            by_text.sort_by_key(|t| key_from_text(t));
            assert_eq!(by_text, texts(&moves));
        }
    }
}

#[test]
fn the_fuzz_seeds_are_the_golden_links() {
    // tests/data/links/ holds one file per golden link, the seed corpus of the fuzz
    // targets link_hasami and link_yonin (docs/RECORDS.md, "Fuzzing the reader").
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/links");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    files.sort();
    let mut links: Vec<String> = hasami_goldens()
        .into_iter()
        .map(|g| g.2.to_string())
        .chain(yonin_goldens().into_iter().map(|g| g.2.to_string()))
        .collect();
    links.sort();
    assert_eq!(files, links);
}
