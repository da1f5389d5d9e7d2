//! Damaged share links (`docs/RECORDS.md`, "Share links": *Errors*): every kind of
//! malformed payload is answered with its error, the move (from 1) and seat where it
//! went wrong, and the game of the good moves before it; nothing panics.
//!
//! Links are built here from bit strings by a packer of this file's own (six bits to a
//! base64url character, the first bit highest), following the layout that
//! `docs/RECORDS.md` documents, independently of the encoder.

use shogi_variants::engine::Variant;
use shogi_variants::engine::{hasami, yonin};
use shogi_variants::record::link::{
    HeaderField, LinkError, LinkErrorKind, LinkGame, ShareLink, game_of_link,
};

const B64URL: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// `tag` then the bits of `bits` (`0`, `1`, spaces ignored) as base64url, the last
/// character padded with zeros.
fn pack(tag: &str, bits: &str) -> String {
    let bits: Vec<u8> = bits
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| b - b'0')
        .collect();
    let body: String = bits
        .chunks(6)
        .map(|c| {
            let v = (0..6).fold(0, |v, i| v << 1 | c.get(i).copied().unwrap_or(0));
            char::from(B64URL[v as usize])
        })
        .collect();
    format!("{tag}{body}")
}

/// The Elias gamma code of `v + 1` as a bit string.
fn gamma(v: u64) -> String {
    let x = v + 1;
    let digits = 64 - x.leading_zeros() as usize;
    format!("{}{x:b}", "0".repeat(digits - 1))
}

fn hasami_err(payload: &str) -> LinkError<hasami::Game> {
    match hasami::Game::from_link(payload) {
        Ok(g) => panic!("{payload:?} decoded to {:?}", g.record()),
        Err(e) => e,
    }
}

fn yonin_err(payload: &str) -> LinkError<yonin::Game> {
    match yonin::Game::from_link(payload) {
        Ok(g) => panic!("{payload:?} decoded to {:?}", g.record()),
        Err(e) => e,
    }
}

fn hasami_game(moves: &[&str]) -> hasami::Game {
    let mut game = hasami::Game::new(hasami::Rules::default());
    for m in moves {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

fn yonin_game(moves: &[&str]) -> yonin::Game {
    let mut game = yonin::Game::new(yonin::Rules::default(), yonin::Seat::South);
    for m in moves {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

/// The header of a Hasami game under the default rules from the standard start, not
/// resigned, with `moves` moves: win condition `00`, no limit `1`, no resignation `00`,
/// standard start `0`, the count.
fn hasami_head(moves: u64) -> String {
    format!("00 1 00 0 {}", gamma(moves))
}

/// The header of a Yonin game under the default rules, South first, standard start,
/// with `moves` moves: flags `000`, no limit `1`, South `00`, standard start `0`, count.
fn yonin_head(moves: u64) -> String {
    format!("000 1 00 0 {}", gamma(moves))
}

#[test]
fn the_packer_of_this_file_agrees_with_the_encoder() {
    // The empty games, and e1e5 (index 17 of the 63 sorted moves: a1 has a2..a8 (0-6),
    // b1 b2..b8 (7-13), c1 c2..c8 (14-20), ..).
    assert_eq!(pack("H1", &hasami_head(0)), hasami_game(&[]).to_link());
    assert_eq!(pack("Y1", &yonin_head(0)), yonin_game(&[]).to_link());
    let e1e5 = hasami_game(&["e1e5"]);
    let index = |m: &str| {
        shogi_variants::record::link::link_order(&hasami_game(&[]))
            .iter()
            .position(|&x| x == m.parse().unwrap())
            .unwrap()
    };
    assert_eq!(index("e1e5"), 31);
    assert_eq!(
        pack("H1", &format!("{} 011111", hasami_head(1))),
        e1e5.to_link()
    );
}

#[test]
fn empty_foreign_wrong_game_and_newer_payloads_are_named() {
    assert_eq!(hasami_err("").kind, LinkErrorKind::Empty);
    assert_eq!(yonin_err("").kind, LinkErrorKind::Empty);
    for (payload, tag) in [
        ("settings", "se"),
        ("X1AAAA", "X1"),
        ("h1AAAA", "h1"),
        ("Hx", "Hx"),
        ("H0AA", "H0"),
        ("H-AA", "H-"),
        ("é", "é"),
        ("#H1AA", "#H"),
    ] {
        let e = hasami_err(payload);
        assert_eq!(
            e.kind,
            LinkErrorKind::Foreign { tag: tag.into() },
            "{payload}"
        );
        assert_eq!((e.at_move, e.seat, e.good.is_some()), (None, None, false));
        assert!(yonin_err(payload).kind == LinkErrorKind::Foreign { tag: tag.into() });
    }
    assert_eq!(
        hasami_err("Y1AAA").kind,
        LinkErrorKind::WrongGame {
            found: LinkGame::Yonin
        }
    );
    assert_eq!(
        yonin_err("H1AAA").kind,
        LinkErrorKind::WrongGame {
            found: LinkGame::Hasami
        }
    );
    assert_eq!(
        hasami_err("H3AAAA").kind,
        LinkErrorKind::NewerVersion { version: 3 }
    );
    assert_eq!(
        hasami_err("H2AAAA").kind,
        LinkErrorKind::Damaged,
        "version 2 ends with a check"
    );
    assert_eq!(
        yonin_err("Y9").kind,
        LinkErrorKind::NewerVersion { version: 9 }
    );
    assert_eq!(
        game_of_link("Y9"),
        Some(LinkGame::Yonin),
        "routed to the update message"
    );
    assert_eq!(hasami_err("H").kind, LinkErrorKind::Truncated);
    assert_eq!(hasami_err("H1").kind, LinkErrorKind::Truncated);
    assert_eq!(
        hasami_err("H3").to_string(),
        "a link of a newer version of the app (format 3): update the app"
    );
    assert_eq!(hasami_err("H2").kind, LinkErrorKind::Damaged);
}

#[test]
fn every_single_change_of_a_checked_link_is_refused_never_another_game() {
    // The checked share link (version 2, docs/RECORDS.md "Share links": *Check*) of a
    // real game of each kind: every one-character change, loss or addition, at every
    // place (the tag and the check included), is an error: never a game, least of all
    // another one. The unchecked version 1 link reads some of these as other games.
    let hasami = hasami_game(&["e1e5", "e9e6", "a1a2", "i9i8", "e5e4"]);
    let yonin = yonin_game(&[
        "g1g2", "c5d5", "c9c8", "g5f5", "f2f3", "d5e5", "d8d7", "h5g5",
    ]);
    let mut v1_misreads = 0;
    for (link, v1, read) in [
        (
            hasami.to_checked_link(),
            hasami.to_link(),
            (&|p: &str| hasami::Game::from_link(p).is_ok()) as &dyn Fn(&str) -> bool,
        ),
        (yonin.to_checked_link(), yonin.to_link(), &|p: &str| {
            yonin::Game::from_link(p).is_ok()
        }),
    ] {
        assert!(read(&link), "{link}");
        assert_eq!(link.len(), v1.len() + 6);
        assert_eq!(
            &link[2..link.len() - 6],
            &v1[2..],
            "the same bits as version 1"
        );
        let chars: Vec<char> = link.chars().collect();
        for i in 0..chars.len() {
            let lost: String = chars
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, c)| c)
                .collect();
            assert!(!read(&lost), "{lost}");
            for c in ['A', 'B', 'Q', '_', '-', 'z', '0', '9', '1', '2', 'H', 'Y'] {
                if c != chars[i] {
                    let mut changed = chars.clone();
                    changed[i] = c;
                    let changed: String = changed.into_iter().collect();
                    assert!(!read(&changed), "{changed}");
                }
                let mut added = chars.clone();
                added.insert(i, c);
                let added: String = added.into_iter().collect();
                assert!(!read(&added), "{added}");
            }
        }
        let v1: Vec<char> = v1.chars().collect();
        for i in 2..v1.len() {
            for c in ['A', 'B', 'Q', '_', '-', 'z', '0', '9'] {
                let mut changed = v1.clone();
                changed[i] = c;
                if changed != v1 && read(&changed.into_iter().collect::<String>()) {
                    v1_misreads += 1;
                }
            }
        }
    }
    assert!(
        v1_misreads > 0,
        "version 1 has no check: some changes read as another game"
    );
}

#[test]
fn characters_outside_base64url_are_named_with_their_place() {
    let game = hasami_game(&["e1e5", "e9e6", "a1a2", "i9i8"]);
    let link = game.to_link();
    for bad in ['=', '+', '/', ' ', '.', '%', 'é', '\n'] {
        // In the header.
        let mut chars: Vec<char> = link.chars().collect();
        chars[2] = bad;
        let e = hasami_err(&chars.iter().collect::<String>());
        assert_eq!(
            e.kind,
            LinkErrorKind::BadCharacter {
                position: 3,
                character: bad
            }
        );
        assert_eq!(e.at_move, None);
        // At the end: the moves before it are good.
        let mut chars: Vec<char> = link.chars().collect();
        let last = chars.len() - 1;
        chars[last] = bad;
        let e = hasami_err(&chars.iter().collect::<String>());
        assert_eq!(
            e.kind,
            LinkErrorKind::BadCharacter {
                position: last + 1,
                character: bad
            }
        );
        assert_eq!(e.at_move, Some(4));
        assert_eq!(e.seat, Some(hasami::Player::White));
        assert_eq!(e.good.unwrap().moves(), &game.moves()[..3]);
        // After the last move.
        let e = hasami_err(&format!("{link}{bad}"));
        assert_eq!(e.at_move, Some(5));
        assert_eq!(e.good.unwrap(), game);
    }
}

#[test]
fn a_link_cut_anywhere_is_refused_at_the_move_it_stops_in() {
    let game = hasami_game(&["e1e5", "e9e6", "a1a2", "i9i8", "e5e4", "e6e5"]);
    let link = game.to_link();
    let mut last_move = 0;
    for len in 2..link.len() {
        let e = hasami_err(&link[..len]);
        assert_eq!(e.kind, LinkErrorKind::Truncated, "{}", &link[..len]);
        if let Some(n) = e.at_move {
            assert!(n >= last_move, "the error moves forward as the link grows");
            last_move = n;
            let good = e.good.unwrap();
            assert_eq!(good.moves(), &game.moves()[..n as usize - 1]);
            assert_eq!(e.seat, good.side_to_move());
        }
    }
    assert_eq!(last_move, 6, "the last cut stops in the last move");
    // Yonin too, where forced moves take no bits.
    let game = yonin_game(&["g1g2", "c5d5", "c9c8", "g5f5", "f2f3", "d5e5"]);
    let link = game.to_link();
    for len in 2..link.len() {
        let e = yonin_err(&link[..len]);
        assert_eq!(e.kind, LinkErrorKind::Truncated, "{}", &link[..len]);
    }
}

#[test]
fn a_link_that_goes_on_after_its_last_move_is_refused() {
    let game = hasami_game(&["e1e5", "e9e6", "a1a2"]);
    let link = game.to_link();
    for extra in ["A", "B", "AAAA", "-"] {
        let e = hasami_err(&format!("{link}{extra}"));
        assert_eq!(e.kind, LinkErrorKind::TooLong);
        assert_eq!(e.at_move, Some(4));
        assert_eq!(e.seat, Some(hasami::Player::White));
        assert_eq!(e.good.unwrap(), game, "load up to move 3");
    }
    // A one bit in the padding of the last character: the header is 9 bits, the moves
    // 6 bits each (63 legal moves or fewer, more than 32), so 27 bits and 3 of padding.
    assert_eq!(pack("H1", &format!("{} 011111", hasami_head(1))).len(), 5);
    let padded_one = pack("H1", &format!("{} 011111 1", hasami_head(1)));
    let e = hasami_err(&padded_one);
    assert_eq!((e.kind, e.at_move), (LinkErrorKind::TooLong, Some(2)));
    let e = yonin_err(&format!("{}A", yonin_game(&["e3e4"]).to_link()));
    assert_eq!(e.kind, LinkErrorKind::TooLong);
    assert_eq!(e.seat, Some(yonin::Seat::West));
}

#[test]
fn an_index_beyond_the_legal_moves_is_refused() {
    // 63 moves at the start: six bits, and 63 (111111) is one too many.
    let e = hasami_err(&pack("H1", &format!("{} 111111", hasami_head(1))));
    assert_eq!(
        e.kind,
        LinkErrorKind::IndexOutOfRange {
            index: 63,
            count: 63
        }
    );
    assert_eq!((e.at_move, e.seat), (Some(1), Some(hasami::Player::Black)));
    assert_eq!(e.good.unwrap(), hasami_game(&[]));
    assert_eq!(
        hasami_err(&pack("H1", &format!("{} 111111", hasami_head(1)))).to_string(),
        "move 1 (black): move index 63 is out of range: 63 legal moves"
    );
    // Yonin: 9 moves at the start (four bits; e3e4 is the last, 8), then West's 9.
    let e = yonin_err(&pack("Y1", &format!("{} 1000 1001", yonin_head(2))));
    assert_eq!(
        e.kind,
        LinkErrorKind::IndexOutOfRange { index: 9, count: 9 }
    );
    assert_eq!((e.at_move, e.seat), (Some(2), Some(yonin::Seat::West)));
    let good = e.good.unwrap();
    assert_eq!(good.moves(), &["e3e4".parse().unwrap()]);
    assert_eq!(
        yonin_err(&pack("Y1", &format!("{} 1111", yonin_head(1)))).to_string(),
        "move 1 (South): move index 15 is out of range: 9 legal moves"
    );
}

#[test]
fn moves_after_the_end_and_resignations_after_it_are_refused() {
    // Move limit 0: the game is over at once, and a move or a resignation is too many.
    let over = |resign: &str, moves: u64| {
        pack(
            "H1",
            &format!("00 {} {resign} 0 {}", gamma(1), gamma(moves)),
        )
    };
    let e = hasami_err(&over("00", 1));
    assert_eq!(
        (e.kind, e.at_move, e.seat),
        (LinkErrorKind::AfterEnd, Some(1), None)
    );
    assert!(e.good.unwrap().is_over());
    let e = hasami_err(&over("10", 0));
    assert_eq!(e.kind, LinkErrorKind::ResignedAfterEnd);
    assert_eq!(e.seat, Some(hasami::Player::White));
    assert!(hasami::Game::from_link(&over("00", 0)).unwrap().is_over());
    // Yonin with move limit 1: one move, then nothing.
    let e = yonin_err(&pack(
        "Y1",
        &format!("000 {} 00 0 {} 0100 0000", gamma(2), gamma(2)),
    ));
    assert_eq!((e.kind, e.at_move), (LinkErrorKind::AfterEnd, Some(2)));
}

#[test]
fn header_values_that_no_game_has_are_named() {
    let bad = |field| LinkErrorKind::BadHeader { field };
    assert_eq!(
        hasami_err(&pack("H1", &format!("11 1 00 0 {}", gamma(0)))).kind,
        bad(HeaderField::WinCondition)
    );
    assert_eq!(
        hasami_err(&pack("H1", &format!("00 1 11 0 {}", gamma(0)))).kind,
        bad(HeaderField::Resignation)
    );
    // A gamma code of more than 32 zeros, and a number past u32.
    let zeros = "0".repeat(33);
    assert_eq!(
        hasami_err(&pack("H1", &format!("00 {zeros}1"))).kind,
        bad(HeaderField::MoveLimit)
    );
    assert_eq!(
        hasami_err(&pack("H1", &format!("00 {} 00 0 1", gamma((1 << 32) + 1)))).kind,
        bad(HeaderField::MoveLimit)
    );
    assert_eq!(
        hasami::Game::from_link(&pack(
            "H1",
            &format!("00 {} 00 0 1", gamma(u64::from(u32::MAX) + 1))
        ))
        .unwrap()
        .rules()
        .move_limit,
        Some(u32::MAX)
    );
    assert_eq!(
        hasami_err(&pack("H1", &format!("00 1 00 0 {}", gamma(1 << 32)))).kind,
        bad(HeaderField::MoveCount)
    );
    assert_eq!(
        yonin_err(&pack("Y1", &format!("000 1 00 0 {}", gamma(1 << 33)))).kind,
        bad(HeaderField::MoveCount)
    );
}

/// A Hasami set-up header: Black to move, `captures` (4 bits each), ply 0, `board` (81
/// squares a1..i9: `.` empty, `b`, `w`).
fn hasami_setup(captures: (u8, u8), board: &str) -> String {
    let squares: String = board
        .chars()
        .map(|c| match c {
            'b' => "10",
            'w' => "11",
            _ => "0",
        })
        .collect();
    format!(
        "00 1 00 1 0 {:04b} {:04b} {} {squares} {}",
        captures.0,
        captures.1,
        gamma(0),
        gamma(0)
    )
}

#[test]
fn set_up_positions_are_validated() {
    let start = format!("{}{}{}", "b".repeat(9), ".".repeat(63), "w".repeat(9));
    // The standard start written out is not the link of the standard start.
    let e = hasami_err(&pack("H1", &hasami_setup((0, 0), &start)));
    assert_eq!(
        e.kind,
        LinkErrorKind::BadHeader {
            field: HeaderField::StartPosition
        }
    );
    // Black to move with one capture each is another start, and reads.
    let game = hasami::Game::from_link(&pack("H1", &hasami_setup((1, 1), &start))).unwrap();
    assert_eq!(
        game.start().to_string(),
        "wwwwwwwww/9/9/9/9/9/9/9/bbbbbbbbb b 1 1 0"
    );
    assert_eq!(game.to_link(), pack("H1", &hasami_setup((1, 1), &start)));
    let e = hasami_err(&pack("H1", &hasami_setup((10, 0), &start)));
    assert_eq!(
        e.kind,
        LinkErrorKind::BadPosition {
            reason: "black captures 10, at most 9 allowed".into()
        }
    );
    let ten = format!("{}{}{}", "b".repeat(10), ".".repeat(62), "w".repeat(9));
    assert!(matches!(
        hasami_err(&pack("H1", &hasami_setup((0, 0), &ten))).kind,
        LinkErrorKind::BadPosition { .. }
    ));
    // Yonin: a role code 5 to 7, an owner written out that is the facing seat, four
    // eliminations, a board without kings.
    let yonin_setup = |piece: &str| {
        pack(
            "Y1",
            &format!("000 1 00 1 1 {piece} {} {}", "0".repeat(80), "1".repeat(16)),
        )
    };
    let bad = LinkErrorKind::BadHeader {
        field: HeaderField::StartPosition,
    };
    assert_eq!(yonin_err(&yonin_setup("101 00 1")).kind, bad);
    assert_eq!(yonin_err(&yonin_setup("111 00 1")).kind, bad);
    assert_eq!(
        yonin_err(&yonin_setup("000 10 0 0 10")).kind,
        bad,
        "owner = facing"
    );
    let four = pack(
        "Y1",
        &format!(
            "000 1 00 1 {} {} {}",
            "0".repeat(81),
            "1".repeat(16),
            gamma(4)
        ),
    );
    assert_eq!(yonin_err(&four).kind, bad);
    let no_kings = pack(
        "Y1",
        &format!(
            "000 1 00 1 {} {} {} {} {}",
            "0".repeat(81),
            "1".repeat(16),
            gamma(0),
            gamma(0),
            gamma(0)
        ),
    );
    assert_eq!(
        yonin_err(&no_kings).kind,
        LinkErrorKind::BadPosition {
            reason: "South must have exactly one king, found 0".into()
        }
    );
}

#[test]
fn every_cut_and_every_single_damage_of_a_real_game_is_answered_without_panic() {
    // A longer Yonin game: each prefix, each one-character change at each place.
    let game = yonin_game(&[
        "g1g2", "c5d5", "c9c8", "g5f5", "f2f3", "d5e5", "d8d7", "h5g5", "d2d3", "b5d5",
    ]);
    let link = game.to_link();
    for len in 0..link.len() {
        assert!(yonin::Game::from_link(&link[..len]).is_err());
    }
    for i in 0..link.len() {
        for c in ["A", "_", "z", "0", "=", "é"] {
            let damaged = format!("{}{c}{}", &link[..i], &link[i + 1..]);
            if let Ok(g) = yonin::Game::from_link(&damaged) {
                assert_eq!(g.to_link(), damaged);
            }
        }
    }
}

#[test]
fn the_worked_examples_of_the_document() {
    // docs/RECORDS.md, "Worked examples": the bits, field by field.
    let game = hasami_game(&["e1e5", "e9e6", "a1a2"]);
    assert_eq!(
        pack("H1", "00 1 00 0 00100 011111 011100 0000000"),
        "H1II-4A"
    );
    assert_eq!(game.to_link(), "H1II-4A");
    assert_eq!(
        game.to_checked_link(),
        "H2II-4ACaoTgL",
        "version 2: the check"
    );
    let mut replay = hasami_game(&[]);
    let mut counts = Vec::new();
    for &mv in game.moves() {
        counts.push(replay.legal_moves().len());
        replay.play(mv).unwrap();
    }
    assert_eq!(counts, [63, 59, 70]);
    let game = yonin_game(&["e3e4", "c5d5", "e7e6", "g5f5"]);
    assert_eq!(
        pack("Y1", "000 1 00 0 00101 1000 0100 0000 0100"),
        "Y1EFhAQ"
    );
    assert_eq!(game.to_link(), "Y1EFhAQ");
}
