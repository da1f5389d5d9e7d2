//! Records and share links at a table ([`super::super::records`]).

use super::*;
use crate::ai::Level;
use crate::record::link::{LinkErrorKind, LinkGame, ShareLink};
use crate::record::text::{MoveAt, RecordText, SeatPlayer};
use crate::session::table::ReplayStep;

#[test]
fn a_share_link_opens_as_a_shared_game_and_leaves_the_table_alone() {
    let mut t = hasami();
    click_move(&mut t, "e1", "e5");
    let own = t.game().clone();
    let mut shared = HGame::new(Default::default());
    for mv in ["a1a4", "a9a6", "b1b3"] {
        shared.play(hmv(mv)).unwrap();
    }
    t.open_link(&shared.to_link());
    assert!(t.shows_shared());
    assert_eq!(t.shown_game().moves(), shared.moves());
    assert_eq!(t.game().moves(), own.moves());
    assert!(t.notices().posted().is_empty());
}

/// The link a shared game was opened from is kept while that game is shown (the page
/// keeps it for a reload of the tab), through its replay, and forgotten once the game
/// is continued here or closed; a link that shows nothing keeps nothing.
#[test]
fn the_shared_games_link_is_kept_while_it_is_shown() {
    let shared = four_move_game();
    let link = shared.to_link();
    let mut t = hasami();
    assert_eq!(t.shared_link(), None);
    t.open_link(&link);
    assert_eq!(t.shared_link(), Some(link.as_str()));
    t.replay_step(ReplayStep::First);
    t.replay_step(ReplayStep::Next);
    assert_eq!(t.replay_ply(), Some(1));
    assert_eq!(
        t.shared_link(),
        Some(link.as_str()),
        "kept through its replay"
    );
    t.exit_replay();
    assert_eq!(t.shared_link(), None, "closed");

    t.open_link(&link);
    assert!(t.continue_shared());
    assert_eq!(t.game().moves(), shared.moves());
    assert_eq!(
        t.shared_link(),
        None,
        "continued here: the table's own game now"
    );

    // A damaged link's good moves are shown: its link is kept as it came.
    let cut = &link[..link.len() - 2];
    let mut t = hasami();
    t.open_link(cut);
    assert_eq!(t.shared_link().is_some(), t.shows_shared());
    if t.shows_shared() {
        assert_eq!(t.shared_link(), Some(cut));
    }
    // A link that shows nothing keeps nothing, and a game shown from elsewhere (an
    // imported record of the other game) has no link to keep.
    let mut t = hasami();
    t.open_link("H9AAAA");
    assert_eq!(t.shared_link(), None);
    t.open_shared(shared);
    assert!(t.shows_shared());
    assert_eq!(t.shared_link(), None);
}

#[test]
fn a_damaged_link_is_told_and_its_good_moves_shown() {
    let shared = four_move_game();
    let link = shared.to_link();
    // Cut short: the last characters are missing.
    let cut = &link[..link.len() - 2];
    let mut t = hasami();
    t.open_link(cut);
    let problem = t
        .notices()
        .posted()
        .iter()
        .find_map(|p| match &p.notice {
            TableNotice::BadLink(problem) => Some(problem.clone()),
            _ => None,
        })
        .expect("told");
    assert_eq!(problem.kind, LinkErrorKind::Truncated);
    let raw = HGame::from_link(cut).expect_err("cut short");
    let at = raw.at_move.expect("a move") as usize;
    assert_eq!(problem.shown, at - 1);
    if problem.shown > 0 {
        assert!(t.shows_shared());
        assert_eq!(t.shown_game().moves(), &shared.moves()[..problem.shown]);
    }
    assert!(t.game().moves().is_empty(), "the table's game is untouched");

    // A huge fragment is refused unread.
    let mut t = hasami();
    t.open_link(&format!("H1{}", "A".repeat(70_000)));
    assert!(!t.shows_shared());
    assert!(t.notices().posted().iter().any(|p| matches!(
        &p.notice,
        TableNotice::BadLink(LinkProblem {
            kind: LinkErrorKind::TooLong,
            at_move: None,
            ..
        })
    )));

    // A foreign or newer link shows nothing.
    let mut t = hasami();
    t.open_link("H9AAAA");
    assert!(!t.shows_shared());
    assert!(t.notices().posted().iter().any(|p| matches!(
        &p.notice,
        TableNotice::BadLink(LinkProblem {
            kind: LinkErrorKind::NewerVersion { version: 9 },
            shown: 0,
            ..
        })
    )));
}

#[test]
fn the_fragment_names_the_game_of_its_link() {
    assert_eq!(
        link_of_fragment("#H1AbC"),
        Some((LinkGame::Hasami, "H1AbC"))
    );
    assert_eq!(link_of_fragment("Y1x"), Some((LinkGame::Yonin, "Y1x")));
    assert_eq!(link_of_fragment("#rules-capture"), None);
    assert_eq!(link_of_fragment(""), None);
    assert_eq!(link_of_fragment("#"), None);
}

#[test]
fn a_record_names_the_seats_players_and_downloads_by_date() {
    let mut t = hasami();
    t.set_level(Player::White, Level::Master, crate::ai::THINK_TIMES_MS[0])
        .unwrap();
    let info = t.record_info(Some("2026.12.02".into()));
    assert_eq!(
        info.players,
        [
            (Player::Black, SeatPlayer::Person),
            (Player::White, SeatPlayer::Cpu(Level::Master))
        ]
    );
    let text = t.game().write_record(&info);
    assert!(text.starts_with("[Game \"Hasami Shogi\"]"), "{text}");
    let (back, read) = HGame::read_record(text.as_bytes()).unwrap();
    assert_eq!(back.moves(), t.game().moves());
    assert_eq!(read.players, info.players);
    assert_eq!(
        record_file_name("hasami-shogi", Some("2026.12.02")),
        "hasami-shogi-2026-12-02.txt"
    );
    assert_eq!(
        record_file_name("yonin-shogi", Some("2026.??.??")),
        "yonin-shogi.txt"
    );
    assert_eq!(record_file_name("yonin-shogi", None), "yonin-shogi.txt");
}

#[test]
fn a_game_is_in_progress_once_begun_and_until_it_ends() {
    let mut t = hasami();
    assert!(!t.game_in_progress());
    click_move(&mut t, "e1", "e5");
    assert!(t.game_in_progress());
    t.resign().unwrap();
    assert!(!t.game_in_progress());
}

/// A game-by-link link pasted for import is known as one (the page opens it on the
/// link screen), whole address or fragment alone, of either game; so is a share link of
/// the other game (opened at its table); this game's share link and a record are not
/// (a game-by-link link used to be read as a position: "expected 5 fields", the other
/// game's share link refused).
#[test]
fn a_link_pasted_for_import_that_opens_elsewhere_is_known_as_one() {
    use crate::engine::yonin::{Game as YGame, Seat as YSeat};
    use crate::session::link_play::{GameId, PlayLink};
    type HGame = crate::engine::hasami::Game;
    let hasami = PlayLink {
        id: GameId::from_bits(5),
        cpus: Vec::new(),
        names: vec![String::new(); 2],
        game: four_move_game(),
    }
    .to_payload();
    let yonin = PlayLink {
        id: GameId::from_bits(6),
        cpus: Vec::new(),
        names: vec![String::new(); 4],
        game: YGame::new(Default::default(), YSeat::South),
    }
    .to_payload();
    let hasami_share = four_move_game().to_link();
    let mut yonin_game = YGame::new(Default::default(), YSeat::South);
    yonin_game.play("e3e4".parse().unwrap()).unwrap();
    let yonin_share = yonin_game.to_link();
    for payload in [&hasami, &yonin] {
        for text in [
            format!("https://example.org/shogi/#{payload}"),
            format!("  #{payload}\n"),
        ] {
            assert_eq!(
                link_elsewhere_in_text::<HGame>(&text),
                Some(payload.as_str()),
                "{text:?}"
            );
            assert_eq!(
                link_elsewhere_in_text::<YGame>(&text),
                Some(payload.as_str()),
                "{text:?}"
            );
        }
    }
    // The other game's share link, not this game's.
    let at = |p: &str| format!("https://example.org/shogi/#{p}");
    assert_eq!(
        link_elsewhere_in_text::<HGame>(&at(&yonin_share)),
        Some(yonin_share.as_str())
    );
    assert_eq!(link_elsewhere_in_text::<YGame>(&at(&yonin_share)), None);
    assert_eq!(
        link_elsewhere_in_text::<YGame>(&format!("#{hasami_share}")),
        Some(hasami_share.as_str())
    );
    assert_eq!(link_elsewhere_in_text::<HGame>(&at(&hasami_share)), None);
    for text in ["1. e1e5 e9e6", "#rules-capture", "L2.x", "Y1"] {
        assert_eq!(link_elsewhere_in_text::<HGame>(text), None, "{text:?}");
        assert_eq!(link_elsewhere_in_text::<YGame>(text), None, "{text:?}");
    }
}

/// A record or position of the other game given to import opens at that game's table,
/// as its share link (docs/RECORDS.md, "Reading"); this game's records, and text that
/// is no record, do not.
#[test]
fn the_other_games_record_in_import_becomes_its_share_link() {
    use crate::engine::yonin::{Game as YGame, Seat as YSeat};
    use crate::record::text::{ImportError, ImportErrorKind};
    let hasami = four_move_game();
    let mut yonin = YGame::new(Default::default(), YSeat::West);
    yonin.play("b4c4".parse().unwrap()).unwrap();
    let hasami_text = hasami.write_record(&Default::default());
    let yonin_text = yonin.write_record(&Default::default());
    // Each table's own reader refuses the other game's record.
    assert!(matches!(
        read_import::<HGame>(yonin_text.as_bytes()),
        Err(ImportFault::Record(ImportError {
            kind: ImportErrorKind::WrongGame { .. },
            ..
        }))
    ));
    let link = other_games_record::<HGame>(yonin_text.as_bytes()).unwrap();
    let read = YGame::from_link(&link).unwrap();
    assert_eq!(read.moves(), yonin.moves());
    assert_eq!(read.starting_seat(), YSeat::West);
    let link = other_games_record::<YGame>(hasami_text.as_bytes()).unwrap();
    assert_eq!(HGame::from_link(&link).unwrap(), hasami);
    assert_eq!(other_games_record::<HGame>(hasami_text.as_bytes()), None);
    assert_eq!(other_games_record::<YGame>(yonin_text.as_bytes()), None);
    for text in ["", "1. e1e5 e9e6 zz", "hello"] {
        assert_eq!(
            other_games_record::<HGame>(text.as_bytes()),
            None,
            "{text:?}"
        );
        assert_eq!(
            other_games_record::<YGame>(text.as_bytes()),
            None,
            "{text:?}"
        );
    }
}

/// The import dialog reads a share link as the game it carries, whole address or
/// fragment alone; a damaged one is told as a link; a record, `#` marks and all, is
/// still a record (docs/RECORDS.md, "Reading"; RULES H6.5).
#[test]
fn an_imported_share_link_gives_its_game() {
    use crate::record::text::ImportErrorKind;
    let shared = four_move_game();
    let link = shared.to_link();
    for text in [
        format!("https://example.org/shogi/#{link}"),
        format!("  #{link}\n"),
        format!("http://127.0.0.1:8080/?x=1#{link}"),
    ] {
        assert_eq!(link_in_text(&text), Some(link.as_str()), "{text:?}");
        let game = read_import::<HGame>(text.as_bytes()).expect("opens");
        assert_eq!(game.moves(), shared.moves(), "{text:?}");
    }
    // Not links: a record with `#` marks, a page anchor, an address without a game.
    for text in [
        "1. e1e5# e9e6",
        "e1e5#",
        "#rules-capture",
        "https://example.org/",
    ] {
        assert_eq!(link_in_text(text), None, "{text:?}");
    }
    assert_eq!(
        read_import::<HGame>(b"1. e1e5# e9e6")
            .expect("a record")
            .moves()
            .len(),
        2
    );
    // Text stuck after the link: still a link, told as damaged (not as a position).
    let extra = format!("https://example.org/#{link}#x");
    assert_eq!(link_in_text(&extra), Some(format!("{link}#x").as_str()));
    assert!(matches!(
        read_import::<HGame>(extra.as_bytes()),
        Err(ImportFault::Link(_))
    ));
    // A link cut short, and a Yonin link in Hasami: told as links, nothing loaded.
    let cut = format!("#{}", &link[..link.len() - 2]);
    match read_import::<HGame>(cut.as_bytes()) {
        Err(ImportFault::Link(p)) => {
            assert_eq!(p.kind, LinkErrorKind::Truncated);
            assert_eq!(p.shown, 0);
        }
        other => panic!("{other:?}"),
    }
    let yonin = format!("#{}", YGame::new(Default::default(), Seat::South).to_link());
    assert!(matches!(
        read_import::<HGame>(yonin.as_bytes()),
        Err(ImportFault::Link(LinkProblem {
            kind: LinkErrorKind::WrongGame { .. },
            ..
        }))
    ));
    // A record that does not read stays a record's fault.
    assert!(matches!(
        read_import::<HGame>(b"1. e1e9"),
        Err(ImportFault::Record(e)) if matches!(e.kind, ImportErrorKind::IllegalMove { .. })
    ));
}

/// A Hasami game of four moves (a1a4 a9a6 b1b3 b9b7), to share by link.
#[test]
fn a_damaged_links_fault_is_numbered_as_the_move_list_numbers_it() {
    // RULES H6.2 numbers Hasami's moves in pairs, Y6.4 counts Yonin's moves one by one;
    // the link itself counts every move from 1 (`LinkError::at_move`).
    let problem_of = |t: &Table<HGame>| {
        t.notices()
            .posted()
            .iter()
            .find_map(|p| match &p.notice {
                TableNotice::BadLink(problem) => Some(problem.clone()),
                _ => None,
            })
            .expect("told")
    };
    // The cut of a link whose fault is at its `at`th move.
    let cut_at = |link: &str, at: u32| -> String {
        (2..link.len())
            .rev()
            .map(|n| link[..n].to_string())
            .find(|cut| HGame::from_link(cut).is_err_and(|e| e.at_move == Some(at)))
            .expect("a cut at that move")
    };
    // From the start: the fourth move read is White's second.
    let link = four_move_game().to_link();
    let mut t = hasami();
    t.open_link(&cut_at(&link, 4));
    let p = problem_of(&t);
    assert_eq!(
        (p.at_move, p.seat, p.shown),
        (Some(2), Some(Player::White), 3)
    );
    // The good moves shown end with Black's second, numbered the same way.
    assert_eq!(
        p.last_shown,
        Some(MoveAt {
            number: 2,
            seat: Some(Player::Black),
            index: 2
        })
    );
    // From a set-up start at ply 7, White to move: its first move is the fourth pair's.
    let mut start = four_move_game();
    for mv in ["c1c2", "c9c8", "d1d2"] {
        start.play(hmv(mv)).unwrap();
    }
    let mut from_position = HGame::from_position(start.rules(), *start.position());
    for mv in ["e9e8", "e1e2", "f9f8"] {
        from_position.play(hmv(mv)).unwrap();
    }
    let mut t = hasami();
    t.open_link(&cut_at(&from_position.to_link(), 2));
    let p = problem_of(&t);
    assert_eq!(
        (p.at_move, p.seat, p.shown),
        (Some(5), Some(Player::Black), 1)
    );
    assert_eq!(
        p.last_shown,
        Some(MoveAt {
            number: 4,
            seat: Some(Player::White),
            index: 0
        })
    );
    // The import dialog numbers it the same.
    match read_import::<HGame>(format!("#{}", cut_at(&link, 4)).as_bytes()) {
        Err(ImportFault::Link(p)) => {
            assert_eq!((p.at_move, p.seat), (Some(2), Some(Player::White)))
        }
        other => panic!("{:?}", other.map(|g| g.moves().len())),
    }
}

fn four_move_game() -> HGame {
    let mut game = HGame::new(Default::default());
    for mv in ["a1a4", "a9a6", "b1b3", "b9b7"] {
        game.play(hmv(mv)).unwrap();
    }
    game
}
